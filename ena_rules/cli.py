"""The ``ena-rules`` command line: validate and replay game logs, inspect variants, simulate.

    ena-rules validate LOG... [--json] [--variant V] [--all] [--strict] [--jobs N] [--rows FILE]
    ena-rules replay LOG [--variant V] [--html OUT [--as PLAYER]]
    ena-rules variants list | show NAME | check FILE | diff A B | new NAME --extends BASE
    ena-rules simulate --variant V --players N --games K --seed S

``validate`` exits 0 when every log is consistent with the rules (penalties included), 1 when
any is not (a rejected event, a claim that disagrees), 2 when any input is unusable (each such
line is printed as ``file:line: reason``). docs/log-format.md is the reference of the format.

>>> main(["variants", "diff", "official", "official"])
official and official: no key differs.
0
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs
import tomli_w

from . import __version__
from .cards import COLOR_NAMES, format_cards
from .chance import cut_event, deal_event
from .engine import apply, legal_events, new_game
from .errors import EnaRulesError, LogError
from .events import CallUno, Challenge, Draw, Overtake, Play, PlayerEvent
from .finder import available_variants
from .shuffle import derive_seed, splitmix64
from .state import GameState
from .summary import SummaryRow, row_from_error, row_from_report
from .validate import LineResult, Validator, describe_record, log_lines, validator_for
from .variant import Variant, key_info
from .variant_io import diff_variants, dump_variant, load_variant

__all__ = ["SimStats", "main", "simulate"]


# -- validate ----------------------------------------------------------------------------------


def _progress(out: TextIO, done: int, total: int, name: str) -> None:
    width = 24
    filled = width * done // total
    bar = "#" * filled + "." * (width - filled)
    out.write(f"\r[{bar}] {done}/{total} {name[-40:]:<40}")
    if done == total:
        out.write("\n")
    out.flush()


def _cmd_validate(args: argparse.Namespace) -> int:
    variant = _variant_arg(args.variant)
    if isinstance(variant, int):
        return variant
    logs: list[str] = args.logs
    show_progress = args.progress
    if show_progress is None:
        show_progress = len(logs) > 1 and sys.stderr.isatty()
    if args.jobs != 1 or args.rows is not None:  # docs/batch.md
        from .batch_cli import run_validate

        def bar(done: int, name: str) -> None:
            _progress(sys.stderr, done, len(logs), name)

        return run_validate(args, variant, _validate_one, bar if show_progress else None)
    worst = 0
    for i, log in enumerate(logs, start=1):
        if show_progress:
            _progress(sys.stderr, i - 1, len(logs), log)
        code = _validate_one(log, variant, args).exit_code
        worst = max(worst, code)
        if show_progress:
            _progress(sys.stderr, i, len(logs), log)
    if len(logs) > 1 and not args.json:
        print(
            f"{len(logs)} logs: {('consistent', 'INCONSISTENT', 'UNUSABLE')[worst]} (exit {worst})"
        )
    return worst


def _validate_one(log: str, variant: Variant | None, args: argparse.Namespace) -> SummaryRow:
    v = validator_for(log, variant=variant, strict=args.strict, keep=False)
    name = v.source
    out = sys.stdout
    if not args.json and not args.quiet:
        print(f"== {name}")
    try:
        for r in v.run(log_lines(log)):
            if args.json:
                out.write(json.dumps({"file": name, **r.to_dict()}, ensure_ascii=False) + "\n")
            elif not args.quiet and (args.all or r.notable):
                print(r.text(name))
    except LogError as exc:  # --strict: the first unusable line ends the log
        print(
            json.dumps({"file": name, "kind": "error", "message": str(exc)})
            if args.json
            else f"{exc}"
        )
        return row_from_error(name, str(exc), line=exc.line or None)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        if args.json:
            print(json.dumps({"file": name, "kind": "error", "message": f"cannot read: {reason}"}))
        else:
            print(f"{name}: cannot read: {reason}")
        return row_from_error(name, f"cannot read: {reason}")
    report = v.report()
    if args.json:
        out.write(json.dumps({"file": name, **report.summary()}, ensure_ascii=False) + "\n")
    else:
        print(f"{name}: {report.summary_text()}")
    return row_from_report(report)


def _variant_arg(name: str | None) -> Variant | int | None:
    if name is None:
        return None
    try:
        return load_variant(name)
    except EnaRulesError as exc:
        print(f"--variant {name}: {exc}", file=sys.stderr)
        return 2


# -- replay ------------------------------------------------------------------------------------


def _cmd_replay(args: argparse.Namespace) -> int:
    variant = _variant_arg(args.variant)
    if isinstance(variant, int):
        return variant
    if args.html is not None or args.viewer is not None:
        from .replay_html import replay_command

        if args.html is None:
            print("--as PLAYER: give --html OUT as well (the page shows the view)", file=sys.stderr)
            return 2
        return replay_command(args.log, args.html, variant=variant, player=args.viewer)
    v = validator_for(args.log, variant=variant, strict=False, keep=False)
    name = v.source
    try:
        for r in v.run(log_lines(args.log)):
            _replay_step(r, v, name)
    except OSError as exc:
        print(f"{name}: cannot read: {exc.strerror or exc}")
        return 2
    report = v.report()
    print(f"{name}: {report.summary_text()}")
    return report.exit_code


def _replay_step(r: LineResult, v: Validator, name: str) -> None:
    if r.kind == "problem":
        print(r.text(name))
        return
    what = describe_record(r.type, r.record) if r.record is not None else r.kind
    print(f"{name}:{r.line}: {what}")
    if r.kind == "claim":
        print(f"    {'agrees' if r.agrees else 'DISAGREES'}: {r.message}")
        if r.since is not None:
            print(f"    the record follows a wrong state from line {r.since}")
        return
    print(f"    {r.outcome} [{r.clause} {r.key}] {r.message}")
    if r.rules:
        print(f"    instead: {r.rules}")
    if v.state is not None and r.outcome != "rejected":
        for row in _table(v.state):
            print(f"    {row}")


def _table(s: GameState) -> Iterator[str]:
    if s.phase in ("deal", "over"):
        scores = ", ".join(f"{p} {x}" for p, x in zip(s.players, s.scores, strict=True))
        what = "game over" if s.phase == "over" else f"round {s.round} over"
        yield f"{what}; scores: {scores}"
        return
    width = max(len(p) for p in s.players)
    for seat, (p, hand) in enumerate(zip(s.players, s.hands, strict=True)):
        marks = ("*" if s.due == p else " ") + ("D" if s.dealer == seat else " ")
        yield f"{marks} {p:<{width}} {len(hand):>2}: {format_cards(hand).replace(',', ' ')}"
    color = COLOR_NAMES.get(s.color or "", "no colour yet")
    direction = "clockwise" if s.direction == 1 else "counter-clockwise"
    extra = f"; {s.pending.count} cards owed" if s.pending else ""
    yield (
        f"top {s.top} ({color}), {direction}, draw pile {len(s.draw_pile)}{extra}; "
        f"{s.due} to {_doing(s.phase)}"
    )


def _doing(phase: str) -> str:
    return {
        "play": "play",
        "drawn": "play the drawn card or pass",
        "owe": "draw or answer",
        "color": "name the colour",
    }.get(phase, phase)


# -- variants ----------------------------------------------------------------------------------


def _cmd_variants(args: argparse.Namespace) -> int:
    try:
        if args.action == "list":
            return _variants_list()
        if args.action == "show":
            v = load_variant(args.name)
            if args.toml:
                sys.stdout.write(dump_variant(v))
                return 0
            print(f"# {v.name}: {v.description}" + (f" (extends {v.extends})" if v.extends else ""))
            for path, value in _flat(v):
                info = key_info(path)
                cite = v.citation(path)
                clause = " ".join(
                    cite.clause if cite and cite.clause else (info.clauses if info else ())
                )
                source = f"; source {cite.source}" if cite and cite.source else ""
                doc = f"  # {info.doc}" if info else ""
                print(f"{path} = {_toml_value(value)}  [{clause}{source}]{doc}")
            return 0
        if args.action == "check":
            return _variants_check(args.file)
        if args.action == "diff":
            a, b = load_variant(args.a), load_variant(args.b)
            diffs = diff_variants(a, b)
            if not diffs:
                print(f"{a.name} and {b.name}: no key differs.")
            for d in diffs:
                print(
                    f"{d.path}: {_toml_value(d.left)} -> {_toml_value(d.right)}  "
                    f"[{' '.join(d.clauses)}] {d.doc}"
                )
            return 0
        return _variants_new(args)
    except EnaRulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _variants_list() -> int:
    for found in available_variants():
        v = load_variant(found.path)
        base = f" (extends {v.extends})" if v.extends else ""
        where = "shipped" if found.origin == "shipped" else str(found.path)
        if found.shadows:
            where += ", in place of the shipped one"
        print(f"{found.name:<20} {v.description}{base}  [{where}]")
    return 0


def _flat(v: Variant) -> Iterator[tuple[str, Any]]:
    from .variant import _SECTIONS

    for section in _SECTIONS:
        obj = getattr(v, section)
        for f in attrs.fields(type(obj)):
            yield f"{section}.{f.name}", getattr(obj, f.name)
        if section == "deck":
            for rank, r in v.ranks:
                for f in attrs.fields(type(r)):
                    yield f"ranks.{rank}.{f.name}", getattr(r, f.name)


def _toml_value(value: Any) -> str:
    if (
        isinstance(value, tuple)
        and value
        and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in value)
    ):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in value) + " }"
    if attrs.has(type(value)):
        return (
            "{ "
            + ", ".join(f"{k} = {_toml_value(x)}" for k, x in attrs.asdict(value).items())
            + " }"
        )
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_value(x) for x in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)


def _variants_check(file: str) -> int:
    try:
        v = load_variant(file)
    except EnaRulesError as exc:
        print(f"{file}: invalid: {exc}")
        return 1
    base = f"extends {v.extends}; " if v.extends else ""
    changed = ""
    if v.extends:
        try:
            changed = f"{len(diff_variants(load_variant(v.extends), v))} keys differ from it; "
        except EnaRulesError:
            changed = ""
    print(f"{file}: ok: variant {v.name!r} ({base}{changed}{len(v.ranks)} ranks)")
    return 0


_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def _variants_new(args: argparse.Namespace) -> int:
    name: str = args.name
    if not _NAME.match(name):
        print(
            f"{name!r}: a variant name is lower case letters, digits, '-' and '_'", file=sys.stderr
        )
        return 2
    base = load_variant(args.extends)
    path = Path(args.output) if args.output else Path(f"{name}.toml")
    if path.exists() and not args.force:
        print(f"{path} exists: give --force to overwrite it", file=sys.stderr)
        return 2
    data: dict[str, Any] = {
        "name": name,
        "extends": args.extends,
        "description": f"House rules based on {base.name}.",
    }
    for section, key in (("deal", "hand_size"), ("penalties", "wrong_card")):
        info = key_info(f"{section}.{key}")
        value = getattr(getattr(base, section), key)
        clause = " ".join(info.clauses) if info else ""
        data[section] = {key: {"value": value, "clause": clause, "source": "house rule"}}
    head = (
        f"# {name}: house rules starting from {args.extends!r}. Every key left out keeps\n"
        f"# {args.extends!r}'s value; `ena-rules variants show {args.extends}` lists them all\n"
        "# with their clause ids, `ena-rules variants diff` compares two files.\n"
        "# A key may be plain (hand_size = 5) or cite its source:\n"
        '# hand_size = { value = 5, clause = "DEAL-SEVEN", source = "our table" }\n\n'
    )
    text = head + tomli_w.dumps(data)
    path.write_text(text, encoding="utf-8")
    try:
        load_variant(path)
    except EnaRulesError as exc:  # pragma: no cover - a starter file always loads
        print(f"{path}: written but does not load: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {path} (extends {args.extends}); check it with: ena-rules variants check {path}")
    return 0


# -- simulate ----------------------------------------------------------------------------------


class _Rng:
    """SplitMix64 draws (docs/shuffle.md): the same seed gives the same games everywhere."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def below(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.state, x = splitmix64(self.state)
            if x < limit:
                return x % n

    def chance(self, p: float) -> bool:
        return p > 0 and self.below(1 << 30) < p * (1 << 30)


@attrs.frozen
class SimStats:
    """What :func:`simulate` measured."""

    variant: str
    players: int
    games: int
    seed: int
    finished: int
    rounds: tuple[int, ...]
    events: tuple[int, ...]
    penalised: tuple[int, ...]
    catches: tuple[int, ...]
    overtakes: tuple[int, ...]
    stacks: tuple[tuple[int, int], ...]
    wins: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready numbers."""
        out = attrs.asdict(self)
        out["stacks"] = {str(k): n for k, n in self.stacks}
        out["win_rate"] = [round(w / self.finished, 4) if self.finished else 0 for w in self.wins]
        return out

    def text(self) -> str:
        """The printed summary."""

        def stat(xs: tuple[int, ...]) -> str:
            if not xs:
                return "-"
            return f"mean {sum(xs) / len(xs):.2f}  min {min(xs)}  max {max(xs)}"

        penalties = tuple(a + b for a, b in zip(self.penalised, self.catches, strict=True))
        stacks = ", ".join(f"{k}: {n}" for k, n in self.stacks) or "none"
        rate = "  ".join(
            f"seat {i + 1} {100 * w / self.finished:.1f}%" if self.finished else f"seat {i + 1} -"
            for i, w in enumerate(self.wins)
        )
        return "\n".join(
            [
                f"simulate: variant {self.variant}, {self.players} players, {self.games} games, "
                f"seed {self.seed} (random legal players)",
                f"games finished      {self.finished} of {self.games}",
                f"rounds per game     {stat(self.rounds)}",
                f"events per game     {stat(self.events)}",
                f"penalties per game  {stat(penalties)}  "
                f"(penalised events {sum(self.penalised)}, UNO catches {sum(self.catches)})",
                f"overtakes per game  {stat(self.overtakes)}",
                f"stack sizes         {stacks}  (owed draws taken, by size: count)",
                f"win rate by seat    {rate}",
            ]
        )


def _choose(s: GameState, rng: _Rng, mistakes: float) -> PlayerEvent:
    """A random legal player: usually the player due (playing when they can), sometimes an
    out-of-turn one (an overtake, an UNO call or catch); with ``mistakes`` a random card."""
    if rng.chance(mistakes) and s.hands:
        seat = rng.below(len(s.players))
        hand = s.hands[seat]
        if hand:
            card = hand[rng.below(len(hand))]
            color = COLOR_NAMES[s.variant.deck.colors[rng.below(len(s.variant.deck.colors))]]
            names = [p for i, p in enumerate(s.players) if i != seat]
            return Play(
                s.players[seat],
                card,
                color=color if card.is_wild else None,
                target=names[rng.below(len(names))] if _swaps(s.variant, card.rank) else None,
            )
    legal = legal_events(s)
    own = [e for e in legal if e.player == s.due]
    others = [e for e in legal if e.player != s.due]
    if others and (not own or rng.below(4) == 0):
        return others[rng.below(len(others))]
    plays = [e for e in own if isinstance(e, Play | Challenge)]
    pick = plays or own
    return pick[rng.below(len(pick))]


def _swaps(v: Variant, rank: str) -> bool:
    return any(e.op == "swap_hands" for e in v.rank(rank).effects)


def simulate(
    variant: Variant,
    players: int,
    games: int,
    seed: int,
    *,
    mistakes: float = 0.0,
    max_events: int = 20000,
) -> SimStats:
    """Play ``games`` games between random legal players; the same seed gives the same numbers.

    Game ``g`` is seeded with ``derive_seed(seed, g)`` (its cut and decks, docs/shuffle.md); the
    players' choices come from a SplitMix64 stream with the same seed.

    >>> a = simulate(load_variant("ena.toml"), 3, 2, seed=1)
    >>> a == simulate(load_variant("ena.toml"), 3, 2, seed=1), a.finished
    (True, 2)
    """
    names = [f"p{i + 1}" for i in range(players)]
    rounds, events, penalised, catches, overtakes = [], [], [], [], []
    stacks: Counter[int] = Counter()
    wins = [0] * players
    finished = 0
    for g in range(games):
        gseed = derive_seed(seed, g)
        rng = _Rng(derive_seed(gseed, 0x5EA7))
        s = new_game(variant, names)
        attempt = 0
        while s.phase == "cut":
            s = apply(s, cut_event(s, gseed, attempt)).state
            attempt += 1
        counts: Counter[str] = Counter()
        while s.phase != "over" and counts["events"] < max_events:
            if s.phase == "deal":
                s = apply(s, deal_event(s, gseed)).state
                continue
            e = _choose(s, rng, mistakes)
            v = apply(s, e)
            counts["events"] += 1
            if v.penalised:
                counts["penalised"] += 1
            if v.accepted and isinstance(e, CallUno) and e.target and v.drawn:
                counts["catches"] += 1
            if v.accepted and isinstance(e, Overtake):
                counts["overtakes"] += 1
            if v.accepted and s.pending is not None and isinstance(e, Draw | Challenge):
                stacks[s.pending.count] += 1
            s = v.state
        rounds.append(s.round)
        events.append(counts["events"])
        penalised.append(counts["penalised"])
        catches.append(counts["catches"])
        overtakes.append(counts["overtakes"])
        if s.phase == "over" and s.winner is not None:
            finished += 1
            wins[s.winner] += 1
    return SimStats(
        variant=variant.name,
        players=players,
        games=games,
        seed=seed,
        finished=finished,
        rounds=tuple(rounds),
        events=tuple(events),
        penalised=tuple(penalised),
        catches=tuple(catches),
        overtakes=tuple(overtakes),
        stacks=tuple(sorted(stacks.items())),
        wins=tuple(wins),
    )


def _cmd_simulate(args: argparse.Namespace) -> int:
    try:
        variant = load_variant(args.variant)
    except EnaRulesError as exc:
        print(f"--variant {args.variant}: {exc}", file=sys.stderr)
        return 2
    if not variant.players.min <= args.players <= variant.players.max:
        print(
            f"--players {args.players}: variant {variant.name!r} allows "
            f"{variant.players.min} to {variant.players.max}",
            file=sys.stderr,
        )
        return 2
    stats = simulate(
        variant,
        args.players,
        args.games,
        args.seed,
        mistakes=args.mistakes,
        max_events=args.max_events,
    )
    if args.json:
        print(json.dumps(stats.to_dict()))
    else:
        print(stats.text())
    return 0


# -- the parser --------------------------------------------------------------------------------


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text}: expected a positive integer")
    return value


def _jobs(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text}: expected a number of processes (0: every CPU)")
    return int(text)


def _rate(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text}: expected a number from 0 to 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``ena-rules``."""
    p = argparse.ArgumentParser(
        prog="ena-rules",
        description="Referee UNO-family games: validate and replay game logs (ena-log), "
        "inspect and write variants, simulate games.",
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    v = sub.add_parser(
        "validate",
        help="judge game logs: exit 0 consistent, 1 inconsistent, 2 unusable",
        description="Judge every line of each log against the rules. Exit 0 when every log is "
        "consistent (penalties included), 1 when any is not, 2 when any input is unusable.",
    )
    v.add_argument("logs", nargs="+", metavar="LOG", help="a log file, or - for standard input")
    v.add_argument(
        "--json", action="store_true", help="JSON Lines: every line's result and a summary"
    )
    v.add_argument("--variant", help="judge by this variant (name or TOML file) instead")
    v.add_argument(
        "--all", action="store_true", help="print every event's verdict, not only notable ones"
    )
    v.add_argument("--quiet", action="store_true", help="print only each log's summary")
    v.add_argument("--strict", action="store_true", help="stop a log at its first unusable line")
    v.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on standard error (default: with several logs on a terminal)",
    )
    v.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help="judge the logs in N processes (0: one per CPU); the output stays in order",
    )
    v.add_argument(
        "--rows",
        metavar="FILE",
        help="write one summary row per log to FILE (JSON Lines; CSV for .csv; - prints only rows)",
    )
    v.add_argument("--rows-format", choices=("jsonl", "csv"), help="the format of --rows")
    v.set_defaults(run=_cmd_validate)

    r = sub.add_parser(
        "replay",
        help="the game turn by turn: hands, top card, colour and every verdict",
        description="Replay a log turn by turn, showing each player's hand, the top card and "
        "colour, and every verdict. Exit codes as for validate.",
    )
    r.add_argument("log", metavar="LOG", help="a log file, or - for standard input")
    r.add_argument("--variant", help="judge by this variant (name or TOML file) instead")
    r.add_argument(
        "--html", metavar="OUT", help="write a self-contained HTML page that steps through it"
    )
    r.add_argument(
        "--as", dest="viewer", metavar="PLAYER", help="the page shows this player's view only"
    )
    r.set_defaults(run=_cmd_replay)

    va = sub.add_parser("variants", help="list, show, check, diff and start variant files")
    vs = va.add_subparsers(dest="action", required=True, metavar="ACTION")
    vs.add_parser(
        "list", help="every variant name: those in ENA_RULES_PATH folders, then the shipped ones"
    )
    show = vs.add_parser("show", help="every key of a variant with its value and clause")
    show.add_argument("name", metavar="NAME", help="a shipped name or a TOML file")
    show.add_argument("--toml", action="store_true", help="print the resolved variant as TOML")
    check = vs.add_parser("check", help="load a variant file strictly: exit 0 ok, 1 invalid")
    check.add_argument("file", metavar="FILE")
    diff = vs.add_parser("diff", help="every key whose value differs between two variants")
    diff.add_argument("a", metavar="A")
    diff.add_argument("b", metavar="B")
    new = vs.add_parser("new", help="write a starter variant file (NAME.toml) extending BASE")
    new.add_argument("name", metavar="NAME")
    new.add_argument("--extends", required=True, metavar="BASE")
    new.add_argument("-o", "--output", metavar="FILE", help="where to write (default NAME.toml)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")
    va.set_defaults(run=_cmd_variants)

    s = sub.add_parser(
        "simulate",
        help="random legal players: game length, penalties, stacks, overtakes, wins by seat",
    )
    s.add_argument("--variant", required=True, help="a shipped name or a TOML file")
    s.add_argument("--players", type=_positive, default=3)
    s.add_argument("--games", type=_positive, default=100)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument(
        "--mistakes", type=_rate, default=0.0, help="chance per step of a random card (0 to 1)"
    )
    s.add_argument("--max-events", type=_positive, default=20000, help="stop a game after this")
    s.add_argument("--json", action="store_true", help="print the numbers as JSON")
    s.set_defaults(run=_cmd_simulate)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ena-rules``; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        sys.stderr.close()
        return 1
    except KeyboardInterrupt:  # pragma: no cover
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
