"""Properties of logs: a game played through the API, written as a log and validated, gives back
the same verdicts and the same final state; a seeded log replays identically, run after run.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ena_rules import (
    COLORS,
    Overtake,
    Play,
    Verdict,
    canonical_deck,
    legal_events,
    load_variant,
)
from ena_rules.cards import COLOR_NAMES
from ena_rules.cards.shuffle import shuffled
from ena_rules.game.events import PlayerEvent
from ena_rules.log import DrawnClaim, GameRecorder, PenaltyClaim, RoundClaim, WinnerClaim
from ena_rules.log.validate import validate
from ena_rules.variant.io import shipped_variants

DECK = canonical_deck(load_variant("ena"))
VARIANTS = [v for v in ("ena", "official", "jump-in", "house-stack") if v in shipped_variants()]
NAMES = ["ana", "bor", "cene", "dan"]


def _event(state: object, rng: random.Random, mistakes: float) -> PlayerEvent:
    """A random legal event, or (with chance ``mistakes``) any card of any hand played."""
    from ena_rules import GameState

    assert isinstance(state, GameState)
    if rng.random() < mistakes:
        seat = rng.randrange(len(state.players))
        hand = state.hands[seat]
        if hand:
            card = rng.choice(hand)
            color = COLOR_NAMES[rng.choice(COLORS)] if card.is_wild else None
            return Play(state.players[seat], card, color=color)
    legal = legal_events(state)
    plays = [e for e in legal if isinstance(e, Play | Overtake)]
    return rng.choice(plays if plays and rng.random() < 0.8 else legal)


def play_logged(
    variant: str, players: int, seed: int, explicit: bool, steps: int, rng: random.Random
) -> tuple[str, list[Verdict], GameRecorder]:
    """Play up to ``steps`` events through a GameRecorder, writing correct claims as we go."""
    v = load_variant(variant)
    out = io.StringIO()
    names = NAMES[:players]
    if explicit:
        deck = shuffled(canonical_deck(v), seed)
        rec = GameRecorder(out, v, names, dealer=names[seed % players], deck=deck, deck_seed=seed)
    else:
        rec = GameRecorder(out, v, names, seed=seed)
    verdicts: list[Verdict] = []
    for _ in range(steps):
        s = rec.state
        if s.phase == "over":
            break
        if s.phase == "deal":
            if explicit:
                rec.new_round(shuffled(canonical_deck(v), seed + s.round), seed=seed + s.round)
            else:
                rec.new_round()
            continue
        verdict = rec.apply(_event(s, rng, 0.08))
        verdicts.append(verdict)
        e, after = verdict.event, verdict.state
        assert isinstance(e, PlayerEvent)
        if verdict.penalised and e.player in dict(verdict.drawn):  # piles may be exhausted
            rec.claim(PenaltyClaim(e.player, dict(verdict.drawn)[e.player]))
        for who, count in verdict.drawn:
            rec.claim(DrawnClaim(who, count=count))
        if after.round > s.round and after.last_round is not None:
            result = after.last_round
            rec.claim(
                RoundClaim(
                    after.round,
                    winner=names[result.winner],
                    points=dict(zip(names, result.points, strict=True)),
                    totals=dict(zip(names, after.scores, strict=True)),
                )
            )
        if after.phase == "over" and after.winner is not None:
            rec.claim(WinnerClaim(names[after.winner]))
    return out.getvalue(), verdicts, rec


@settings(derandomize=True, max_examples=30, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**64 - 1),
    explicit=st.booleans(),
    steps=st.integers(0, 400),
    rng=st.randoms(use_true_random=False),
)
def test_a_logged_game_validates_to_the_same_verdicts_and_state(
    variant: str, players: int, seed: int, explicit: bool, steps: int, rng: random.Random
) -> None:
    """A game generated through the API (random legal events and random mistakes), written as
    a log with the table's correct claims, validates to the same verdict for every event, the
    same final state, and claims that all agree."""
    text, verdicts, rec = play_logged(variant, players, seed, explicit, steps, rng)
    report = validate(text.splitlines())
    events = [r for r in report.results if r.kind == "event"]
    assert [(r.outcome, r.clause, r.key, r.drawn) for r in events] == [
        (v.outcome, v.clause, v.key, v.drawn) for v in verdicts
    ]
    assert report.final == rec.state
    assert report.disagreements == 0 and report.problems == 0
    assert all(r.agrees for r in report.results if r.kind == "claim")
    assert report.exit_code == (1 if any(v.rejected for v in verdicts) else 0)


@settings(derandomize=True, max_examples=10, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**64 - 1))
def test_a_seeded_log_is_the_same_log_and_the_same_report_every_time(
    variant: str, seed: int
) -> None:
    """The same seed and choices make the same log text, and validating it twice gives the
    same report, line for line."""
    a, _, _ = play_logged(variant, 3, seed, False, 150, random.Random(seed))
    b, _, _ = play_logged(variant, 3, seed, False, 150, random.Random(seed))
    assert a == b
    assert validate(a.splitlines()).to_dict() == validate(b.splitlines()).to_dict()


def _console() -> list[str]:
    script = shutil.which("ena-rules")
    return [script] if script else [sys.executable, "-m", "ena_rules.cli"]


def test_a_seeded_log_replays_identically_across_processes(tmp_path: Path) -> None:
    """A seeded log validated and replayed by separate runs of ena-rules (different hash
    seeds) prints the same text and the same JSON each time."""
    text, _, _ = play_logged("ena", 3, 20241, False, 300, random.Random(7))
    log = tmp_path / "seeded.jsonl"
    log.write_text(text, encoding="utf-8")
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        runs = [
            subprocess.run(
                [*_console(), *args, str(log)],
                capture_output=True,
                text=True,
                env=env,
                cwd=tmp_path,
                check=False,
            )
            for args in (["validate", "--json"], ["replay"])
        ]
        outputs.append([(r.returncode, r.stdout) for r in runs])
    assert outputs[0] == outputs[1]
    summary = json.loads(outputs[0][0][1].splitlines()[-1])
    assert summary["kind"] == "summary" and summary["events"] > 0


_KEYS = ["type", "player", "card", "color", "target", "deck", "seed", "round", "winner"]
_KEYS += ["points", "totals", "cards", "count", "ena_log", "variant", "players", "dealer"]
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.sampled_from(["ana", "bor", "eve", "R9", "W", "W+4", "x", "red", "", "play", "round"]),
    st.sampled_from(sorted(["play", "overtake", "draw", "pass", "call_uno", "challenge"])),
    st.text(max_size=5),
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(_KEYS) | st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(derandomize=True, max_examples=150, deadline=None)
@given(lines=st.lists(_JSON | st.text(max_size=20), max_size=8), seeded=st.booleans())
def test_no_input_makes_the_validator_raise(lines: list[object], seeded: bool) -> None:
    """Whatever follows a header (any JSON value, any text), validate returns a report; every
    line it cannot use is a problem with its line number (exit 2), never an exception."""
    head = {"ena_log": 1, "variant": "ena", "players": ["ana", "bor"]}
    head.update({"seed": 3} if seeded else {"dealer": "ana", "deck": [str(c) for c in DECK]})
    text = [json.dumps(head)] + [x if isinstance(x, str) else json.dumps(x) for x in lines]
    text = [t.replace("\n", " ").replace("\r", " ") for t in text]
    report = validate(text)
    assert report.exit_code in (0, 1, 2)
    for r in report.results:
        assert 1 <= r.line <= len(text)
    if report.problems:
        assert report.exit_code == 2
