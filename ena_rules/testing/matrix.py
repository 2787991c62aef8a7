"""The interaction matrix of the house rules (issue 25): every pair of settings, played out.

Each setting is one key of docs/house-rules.md at one of its non-default values (:data:`SETTINGS`).
Every pair of settings of different keys, on the official and on the Ena base, either loads or
is refused with a :class:`~ena_rules.VariantError` naming both keys (the contradiction); each
loaded pair plays seeded random games to the game's end, with

- a bound on the events of a game (:data:`MAX_EVENTS`): reaching it is a failure (a deadlock, a
  round that never ends);
- after every event, every invariant of the state machine (:mod:`ena_rules.testing.invariants`
  and :mod:`ena_rules.testing.model`): the verdict agrees with the model (accepted exactly when
  legal, penalties exact, turn order, the scores at a round's end), card conservation, the
  position and converter round trips, the views, every listed event accepted;
- ``legal_events`` never empty while a player is due;
- the final state round-tripping through a position and through JSON, and the game replayed
  from its first state giving the same final state (determinism).

A seeded sample of triples plays too; :func:`preset_check` plays every shipped game
(:data:`PRESETS`: every shipped variant but the deck declarations) 1,000 seeded games;
:func:`table_record_check` is the table-record property:
every consistent full record of a shipped variant, made a table record with
:func:`~ena_rules.log.table_writer.to_table_record` with and without its drawn cards, stays
consistent. The whole run::

    python -m ena_rules.testing.matrix            # everything (docs/verification.md, section 7)
    python -m ena_rules.testing.matrix --sample 20 --games 1 --preset-games 5 --records 2

A game here is played to its end with the game's target lowered to one point
(:data:`MATRIX_TARGET`), so that a game is a round or, with elimination, the rounds until one
player is left: every round is played to its end, every game to its winner.

>>> len(SETTINGS) > 30, pair_variant_text("official", [SETTINGS[0]]).splitlines()[1]
(True, 'extends = "official"')
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..cards.shuffle import shuffled
from ..errors import EnaRulesError, VariantError
from ..game.events import Overtake, Play
from ..game.position import format_position, parse_position
from ..game.state import GameState
from ..rules.chance import drive_chance
from ..rules.referee import apply, canonical_deck, legal_events, new_game
from ..variant import Variant
from ..variant.io import load_variant, load_variant_text, shipped_variants
from .invariants import check_conservation, check_legal_accepted, check_serialisation, check_views
from .model import check_judgement

__all__ = [
    "BASES",
    "DECKS_ONLY",
    "MATRIX_TARGET",
    "MAX_EVENTS",
    "PRESETS",
    "SETTINGS",
    "Figures",
    "Setting",
    "pair_variant_text",
    "play_game",
    "preset_check",
    "run",
    "sample_pairs",
    "table_record_check",
]

#: The bases every combination is played on.
BASES = ("official", "ena")
#: The events one game may take; reaching the bound is a failure (a deadlock).
MAX_EVENTS = 3_000
#: The game's target in the matrix's variants (``scoring.target``): a game ends at its first
#: round won with points, or with elimination when one player is left.
MATRIX_TARGET = 1
#: The target with elimination on: out of reach, so that the game ends with one player left.
ELIMINATION_TARGET = 100_000
#: The shipped variants that declare a deck and no game (DECK-DECLARE: "no rules beyond the
#: pack"; the games of their cards, crazy-eights, mau-mau and crazy-eights-house, extend them).
DECKS_ONLY = ("pack-32", "pack-52")
#: Every shipped game the preset check plays: every shipped variant but :data:`DECKS_ONLY`
#: (uno-online's presets party and crazy, the bases official and ena with their 112-card
#: decks, the house-rule files, and the family's games: Crazy Eights, Mau-Mau, No Mercy and
#: its presets, UNO Flip), a new shipped file included as it comes.
PRESETS = tuple(sorted(set(shipped_variants()) - set(DECKS_ONLY)))
#: The parts of a run.
PARTS = ("pairs", "triples", "presets", "records")

_PLAYING = ("play", "drawn", "owe", "color")


@attrs.frozen
class Setting:
    """One key of docs/house-rules.md at one non-default value, as TOML dotted-key lines."""

    key: str
    value: str
    extra: tuple[str, ...] = ()
    """Lines the setting needs to be playable at all (``players.min = 4`` for teams)."""

    @property
    def lines(self) -> tuple[str, ...]:
        return (f"{self.key} = {self.value}", *self.extra)

    @property
    def name(self) -> str:
        return f"{self.key}={self.value}"


def _s(key: str, value: str, *extra: str) -> Setting:
    return Setting(key, value, tuple(extra))


#: Every key of docs/house-rules.md at each of its non-default values (a key with a range of
#: counts at the values uno-online offers, or two of the range), plus challenge.guilty.
SETTINGS: tuple[Setting, ...] = (
    _s("stacking.answer", '{ "+2" = ["+2"] }'),
    _s("stacking.answer", '{ "W+4" = ["W+4"] }'),
    _s("stacking.answer", '{ "+2" = ["+2", "W+4"], "W+4" = ["W+4", "+2"] }'),
    _s("stacking.overtake", '["+2", "W+4"]'),
    _s("ranks.0.effects", '[{ op = "rotate_hands" }]'),
    _s("ranks.7.effects", '[{ op = "swap_hands" }]'),
    _s("overtake.enabled", "true"),
    _s("overtake.own_card", "true"),
    _s("overtake.wilds", '"never"'),
    _s("overtake.on_pending", '"forbidden"'),
    _s("first_card.return_ranks", '["W+4", "W"]'),
    _s("first_card.return_ranks", "[]"),
    _s("first_card.wild_color", '"dealer"'),
    _s("first_card.wild_color", '"nobody"'),
    _s("turn.draw", '"until_playable"'),
    _s("penalties.wrong_card", "1"),
    _s("penalties.wrong_card_turn", '"keep"'),
    _s('ranks."W+4".challengeable', "false"),
    _s('ranks."W+4".only_without_color_match', "false", 'ranks."W+4".challengeable = false'),
    _s("challenge.guilty", '"card_returns"'),
    _s("deal.shuffle_seats", "true"),
    _s("players.teams", '"opposite"', "players.min = 4"),
    _s("uno.catch_penalty", "4"),
    _s("uno.catch_penalty", "6"),
    _s("uno.calls", '"none"'),
    _s("uno.after_hand_change", '"must_call"'),
    _s("view.open_below", "2"),
    _s("view.open_below", "3"),
    _s("view.blind_draw", "true"),
    _s("scoring.winner_factor", "2"),
    _s("scoring.elimination", '"most_cards"'),
    _s("scoring.elimination_tie", '"all"'),
    _s("scoring.elimination_tie", '"nobody"'),
    _s("time.limit", "30"),
    _s("time.late", '"stands"'),
    _s("play.deflect_back", '["+2"]'),
    _s("play.deflect_back", '["W+4"]'),
    _s("play.deflect_back", '["+2", "W+4"]'),
    _s("play.deflect_on", '["+2"]'),
    _s("play.deflect_on", '["W+4"]'),
    _s("play.deflect_on", '["+2", "W+4"]'),
    _s("play.revenge", "true"),
    _s("play.multi", "true"),
    _s("play.bomb", "3", "play.multi = true"),
    _s("play.forced", "true"),
    _s("play.must_play_drawn", "true"),
    _s("play.death_draw", "true"),
    _s("play.hand_limit", "7"),
    _s("play.hand_limit", "10"),
    _s("play.no_wild_finish", "true"),
    _s("play.no_draw_finish", "true"),
)


def pair_variant_text(base: str, settings: Sequence[Setting]) -> str:
    """The variant file of ``settings`` on ``base``, the game's target lowered."""
    lines = [f'name = "matrix-{base}"', f'extends = "{base}"']
    for s in settings:
        lines += [x for x in s.lines if x not in lines]
    elimination = any(s.key == "scoring.elimination" for s in settings)
    # HR-ELIMINATION: the game ends when one player is left, never at the target
    lines.append(f"scoring.target = {ELIMINATION_TARGET if elimination else MATRIX_TARGET}")
    return "\n".join(lines) + "\n"


def _load(base: str, settings: Sequence[Setting]) -> tuple[Variant | None, str | None]:
    """The variant, or ``None`` and the refusal; a refusal not naming the keys is a failure."""
    try:
        return load_variant_text(pair_variant_text(base, settings), source="matrix.toml"), None
    except VariantError as exc:
        text = str(exc)
        # the contradiction: one of the combination's keys and the key it cannot go with
        plain = text.replace('"', "")
        mine = [s.key for s in settings if s.key.replace('"', "").split(".")[-1] in plain]
        if mine:
            return None, None
        return None, f"refused without naming the contradiction: {text}"


def _json_round_trip(state: GameState) -> None:
    from ..game.convert import structure_state, unstructure_state

    data = json.loads(json.dumps(unstructure_state(state)))
    back = structure_state(data, state.variant)
    if back != state:
        raise AssertionError("JSON round trip: structure_state(json(unstructure_state(s))) != s")


def play_game(
    variant: Variant, seed: int, players: int = 3, *, check: bool = True
) -> tuple[int, GameState]:
    """Play one seeded random game to its end, checking every invariant after every event;
    the number of events and the final state. Raises ``AssertionError`` on a failure."""
    rng = random.Random(seed)
    names = ("ana", "bor", "cene", "dan", "eva")[: max(players, variant.players.min)]
    first = new_game(variant, names)
    state, verdicts = drive_chance(first, seed)
    history: list[Any] = [v.event for v in verdicts]
    events = 0
    while state.phase != "over":
        if state.phase == "deal":
            state, verdicts = drive_chance(state, seed + state.round)
            history += [v.event for v in verdicts]
            continue
        legal = legal_events(state)
        if not legal:
            raise AssertionError(f"legal_events is empty while a player is due: {state.phase}")
        plays = [e for e in legal if isinstance(e, (Play, Overtake))]
        event = rng.choice(plays if plays and rng.random() < 0.8 else legal)
        verdict = apply(state, event)
        if not verdict.accepted:
            raise AssertionError(f"legal {event!r}: {verdict}")
        if check:
            check_judgement(state, event, verdict, legal)
        state = verdict.state
        history.append(event)
        events += 1
        if check:
            check_conservation(state)
            check_serialisation(state)
            check_views(state)
            check_legal_accepted(state)
        if events >= MAX_EVENTS:
            raise AssertionError(f"no end after {MAX_EVENTS} events (a deadlock)")
    check_serialisation(state)
    back = parse_position(format_position(state), variant)
    if back != state:
        raise AssertionError("the final state does not round-trip through a position")
    _json_round_trip(state)
    again = first
    for e in history:
        again = apply(again, e).state
    if again != state:
        raise AssertionError("replaying the game gives another final state")
    return events, state


@attrs.define
class Figures:
    """What a run counted."""

    combinations: int = 0
    loaded: int = 0
    refused: int = 0
    games: int = 0
    events: int = 0
    failures: list[str] = attrs.Factory(list)
    report: Callable[[str], None] = lambda _: None

    def as_dict(self) -> dict[str, object]:
        return {
            "combinations": self.combinations,
            "loaded": self.loaded,
            "refused": self.refused,
            "games": self.games,
            "events": self.events,
            "failures": len(self.failures),
        }


def combination(base: str, settings: Sequence[Setting], games: int, seed: int, f: Figures) -> None:
    """Load one combination and play ``games`` games of it, counting into ``f``."""
    f.combinations += 1
    label = f"{base} + " + " + ".join(s.name for s in settings)
    variant, problem = _load(base, settings)
    if problem is not None:
        f.failures.append(f"{label}: {problem}")
        f.report(f.failures[-1])
        return
    if variant is None:
        f.refused += 1
        return
    f.loaded += 1
    for g in range(games):
        try:
            n, _ = play_game(variant, seed + g)
        except (AssertionError, EnaRulesError) as exc:
            f.failures.append(f"{label}, game seed {seed + g}: {type(exc).__name__}: {exc}")
            f.report(f.failures[-1])
            continue
        f.games += 1
        f.events += n


def pairs() -> list[tuple[Setting, Setting]]:
    """Every pair of settings of different keys."""
    return [(a, b) for a, b in itertools.combinations(SETTINGS, 2) if a.key != b.key]


def sample_pairs(count: int, seed: int) -> list[tuple[Setting, Setting]]:
    """A seeded sample of ``count`` pairs (the CI's share of the matrix)."""
    return random.Random(seed).sample(pairs(), count)


def triples(count: int, seed: int) -> list[tuple[Setting, ...]]:
    """A seeded sample of ``count`` triples of settings of three different keys."""
    rng = random.Random(seed)
    out: list[tuple[Setting, ...]] = []
    while len(out) < count:
        t = tuple(rng.sample(SETTINGS, 3))
        if len({s.key for s in t}) == 3:
            out.append(t)
    return out


def preset_check(
    games: int,
    seed: int,
    f: Figures,
    presets: Sequence[str] = PRESETS,
    shard: tuple[int, int] = (0, 1),
) -> dict[str, dict[str, float]]:
    """Every shipped preset plays ``games`` seeded games to their end with the invariants
    (``shard`` K of N: the games ``g`` with ``g % N == K``); each preset's games, events and
    CPU seconds per game (what a run of 1,000 costs)."""
    k, of = shard
    costs: dict[str, dict[str, float]] = {}
    for name in presets:
        preset = load_variant(name)
        variant = attrs.evolve(preset, scoring=attrs.evolve(preset.scoring, target=MATRIX_TARGET))
        started, played, events = time.process_time(), 0, 0
        mine = [g for g in range(games) if g % of == k]
        f.combinations += bool(mine)
        for g in mine:
            try:
                n, _ = play_game(variant, seed + g)
            except (AssertionError, EnaRulesError) as exc:
                f.failures.append(f"preset {name}, game seed {seed + g}: {exc}")
                f.report(f.failures[-1])
                continue
            played += 1
            events += n
        f.games += played
        f.events += events
        cpu = time.process_time() - started
        costs[name] = {
            "games": played,
            "events": events,
            "cpu_seconds_per_game": round(cpu / len(mine), 3) if mine else 0.0,
        }
    return costs


def recorded_round(variant: Variant, seed: int, players: int = 3) -> str:
    """A consistent one-round full record of ``variant``: random legal moves through a
    :class:`~ena_rules.log.game.GameRecorder` from an explicit deck, with the round's claims."""
    from ..game.events import PlayerEvent
    from ..log.game import GameRecorder
    from ..log.lines import DrawnClaim, PenaltyClaim

    rng = random.Random(seed)
    names = ("ana", "bor", "cene", "dan")[: max(players, variant.players.min)]
    out = io.StringIO()
    deck = shuffled(canonical_deck(variant), seed)
    rec = GameRecorder(out, variant, names, dealer=names[seed % len(names)], deck=deck)
    events = 0
    while rec.state.phase in _PLAYING and events < MAX_EVENTS:
        s = rec.state
        legal = legal_events(s)
        plays = [e for e in legal if isinstance(e, (Play, Overtake))]
        verdict = rec.apply(rng.choice(plays if plays and rng.random() < 0.8 else legal))
        e = verdict.event
        assert isinstance(e, PlayerEvent)
        if verdict.penalised and e.player in dict(verdict.drawn):
            rec.claim(PenaltyClaim(e.player, dict(verdict.drawn)[e.player]))
        for who, count in verdict.drawn:
            rec.claim(DrawnClaim(who, count=count))
        events += 1
    return out.getvalue()


def table_record_check(variant: Variant, seed: int) -> list[str]:
    """The table-record property for one recorded round: the full record is consistent, and
    its table record, with and without the drawn cards, is consistent too; the problems."""
    from ..log.table_writer import to_table_record
    from ..log.validate import validate

    lines = recorded_round(variant, seed).splitlines()
    problems = []
    full = validate(lines)
    if full.verdict_word.lower() != "consistent":
        return [f"{variant.name} seed {seed}: the full record is {full.verdict_word}"]
    for draws in (False, True):
        table = to_table_record(lines, draws=draws)
        report = validate(table)
        if report.verdict_word.lower() != "consistent":
            first = next((str(x) for x in getattr(report, "findings", ())), "")
            problems.append(
                f"{variant.name} seed {seed}, table record (draws={draws}): "
                f"{report.verdict_word} {first}".strip()
            )
    return problems


def table_records(
    count: int,
    seed: int,
    f: Figures,
    variants: Sequence[str] | None = None,
    shard: tuple[int, int] = (0, 1),
) -> None:
    """The table-record property over ``count`` rounds of every shipped variant (``shard`` K
    of N: every N-th variant from the K-th)."""
    k, of = shard
    names = variants if variants is not None else sorted(shipped_variants())
    for name in names[k::of]:
        variant = load_variant(name)
        f.combinations += 1
        for i in range(count):
            problems = table_record_check(variant, seed + i)
            f.games += 1
            f.failures += problems
            for x in problems:
                f.report(x)


def run(
    *,
    sample: int | None = None,
    games: int = 2,
    triples_count: int = 200,
    preset_games: int = 1000,
    records: int = 25,
    seed: int = 1,
    parts: Sequence[str] = PARTS,
    shard: tuple[int, int] = (0, 1),
    report: Callable[[str], None] = print,
) -> dict[str, Any]:
    """The whole matrix (``sample``: a seeded sample of that many pairs instead of all;
    ``parts``: some of :data:`PARTS` only)."""
    started = time.monotonic()
    every = pairs()
    chosen = every if sample is None else sample_pairs(sample, seed)
    out: dict[str, Any] = {"seed": seed, "settings": len(SETTINGS), "bases": list(BASES)}
    k, of = shard  # shard k of ``of``: every of-th combination, preset game and variant
    out["shard"] = f"{k}/{of}"
    for part, work, n in (
        ("pairs", [(b, list(p)) for p in chosen for b in BASES], games),
        ("triples", [(b, list(t)) for t in triples(triples_count, seed) for b in BASES], 1),
    ):
        if part not in parts:
            continue
        f = Figures(report=report)
        for i, (base, settings) in enumerate(work):
            if i % of != k:
                continue
            combination(base, settings, n, seed * 1000 + i * n, f)
            if (i + 1) % 200 == 0:
                report(f"{part}: {i + 1}/{len(work)} {json.dumps(f.as_dict())}")
        out[part] = {**f.as_dict(), "failed": f.failures[:20]}
    if "presets" in parts:
        f = Figures(report=report)
        costs = preset_check(preset_games, seed * 1000, f, shard=shard)
        out["presets"] = {**f.as_dict(), "presets": costs, "failed": f.failures[:20]}
    if "records" in parts:
        f = Figures(report=report)
        table_records(records, seed, f, shard=shard)
        out["table_records"] = {
            "variants": f.combinations,
            "rounds": f.games,
            "failures": len(f.failures),
            "failed": f.failures[:20],
        }
    out["failures"] = sum(
        out[k]["failures"] for k in ("pairs", "triples", "presets", "table_records") if k in out
    )
    out["seconds"] = round(time.monotonic() - started)
    out["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The matrix's command line; exit 1 on any failure."""
    p = argparse.ArgumentParser(description="Play every pair of house-rule settings (issue 25)")
    p.add_argument("--sample", type=int, default=None, help="a seeded sample of N pairs")
    p.add_argument("--games", type=int, default=2, help="games per combination")
    p.add_argument("--triples", type=int, default=200, help="triples sampled")
    p.add_argument("--preset-games", type=int, default=1000, help="games per preset")
    p.add_argument("--records", type=int, default=25, help="recorded rounds per variant")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--parts", default=",".join(PARTS), help="some of " + ",".join(PARTS))
    p.add_argument("--shard", default="0/1", help="K/N: the K-th of N shares (for N processes)")
    args = p.parse_args(argv)
    result = run(
        sample=args.sample,
        games=args.games,
        triples_count=args.triples,
        preset_games=args.preset_games,
        records=args.records,
        seed=args.seed,
        parts=args.parts.split(","),
        shard=(int(args.shard.split("/")[0]), int(args.shard.split("/")[1])),
        report=lambda s: print(s, file=sys.stderr, flush=True),
    )
    print(json.dumps(result, indent=2))
    return 1 if result["failures"] else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
