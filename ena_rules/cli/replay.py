"""``ena-rules replay LOG``: a game turn by turn, with every hand, the table and each verdict.

Exit codes as for ``validate``. ``--json`` prints JSON Lines: each line's result as
``validate --json`` gives it, with the position after it (docs/position.md), then the summary.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

from ..cards import format_cards
from ..cards.notation import color_name, known_color
from ..errors import LogError
from ..game.position import format_position
from ..game.state import GameState
from ..game.words import plural
from ..log.validate import LineResult, Validator, describe_record, log_lines, validator_for
from ..rules.unseen import open_points
from ._common import UNUSABLE, allow_option, error, variant_arg

__all__ = ["add_parser", "run", "table"]


def add_parser(sub: Any) -> None:
    """Add ``replay`` to the subcommands."""
    r = sub.add_parser(
        "replay",
        help="the game turn by turn: hands, top card, colour and every verdict",
        description="Replay a log turn by turn, showing each player's hand, the top card and "
        "colour, and every verdict. Exit codes as for validate.",
    )
    r.add_argument("log", metavar="LOG", help="a log file, or - for standard input")
    r.add_argument("--variant", help="judge by this variant (name or TOML file) instead")
    allow_option(r)
    r.add_argument(
        "--json",
        action="store_true",
        help="JSON Lines: every line's result with the position after it, then a summary",
    )
    r.add_argument(
        "--html", metavar="OUT", help="write a self-contained HTML page that steps through it"
    )
    r.add_argument(
        "--as", dest="viewer", metavar="PLAYER", help="the page shows this player's view only"
    )
    r.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Replay one log."""
    variant = variant_arg(args.variant) if args.variant is not None else None
    if isinstance(variant, int):
        return variant
    if args.html is not None or args.viewer is not None:
        if args.html is None:
            return error("--as PLAYER: give --html OUT as well (the page shows the view)")
        from ..pictures.replay_html import replay_command

        return replay_command(args.log, args.html, variant=variant, player=args.viewer)
    v = validator_for(
        args.log, variant=variant, strict=False, keep=False, allow_paths=args.allow_variant_path
    )
    name = v.source
    try:
        for r in v.run(log_lines(args.log)):
            if args.json:
                _json_step(r, v, name)
            else:
                _text_step(r, v, name)
    except BrokenPipeError:  # the reader of our output went away: main() ends quietly
        raise
    except LogError as exc:  # the log cannot be opened or read (its path and the reason)
        if args.json:
            print(json.dumps({"file": name, "kind": "error", "message": str(exc)}))
            return UNUSABLE
        return error(str(exc))
    report = v.report()
    if args.json:
        print(json.dumps({"file": name, **report.summary()}, ensure_ascii=False))
    else:
        print(f"{name}: {report.summary_text()}")
    return report.exit_code


def _json_step(r: LineResult, v: Validator, name: str) -> None:
    out = {"file": name, **r.to_dict()}
    if v.state is not None and r.kind != "problem" and r.outcome != "rejected":
        out["position"] = format_position(v.state)
    sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")


def _text_step(r: LineResult, v: Validator, name: str) -> None:
    if r.kind == "problem":
        print(r.text(name), file=sys.stderr if not r.line else sys.stdout)
        return
    what = describe_record(r.type, r.record) if r.record is not None else r.kind
    print(f"{name}:{r.line}: {what}")
    if r.kind == "claim":
        print(f"    {'agrees' if r.agrees else 'DISAGREES'}: {r.message or r.rules}")
        if r.since is not None:
            print(f"    the record follows a wrong state from line {r.since}")
        return
    print(f"    {r.outcome} [{r.clause} {r.key}] {r.message}")
    if r.rules:
        print(f"    instead: {r.rules}")
    if v.state is not None and r.outcome != "rejected":
        for row in table(v.state):
            print(f"    {row}")


def table(s: GameState) -> Iterator[str]:
    """The table as text rows: each hand (``*`` the player due, ``D`` the dealer), then the
    top card, colour, direction, draw pile and who is to do what."""
    if s.phase in ("deal", "over"):
        open_ = open_points(s.variant, s.last_round)  # a table record's cards nobody saw
        scores = ", ".join(
            f"{p} {x}" + (" + ?" if i in open_ else "")
            for i, (p, x) in enumerate(zip(s.players, s.scores, strict=True))
        )
        what = "game over" if s.phase == "over" else f"round {s.round} over"
        yield f"{what}; scores: {scores}"
        return
    width = max(len(p) for p in s.players)
    for seat, (p, hand) in enumerate(zip(s.players, s.hands, strict=True)):
        marks = ("*" if s.due == p else " ") + ("D" if s.dealer == seat else " ")
        yield f"{marks} {p:<{width}} {len(hand):>2}: {format_cards(hand).replace(',', ' ')}"
    color = color_name(s.color) if s.color and known_color(s.color) else "no colour yet"
    direction = "clockwise" if s.direction == 1 else "counter-clockwise"
    extra = f"; {plural(s.pending.count, 'card')} owed" if s.pending else ""
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
