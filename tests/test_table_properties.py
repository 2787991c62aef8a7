"""Property tests of table records (issue 13 point 6).

A full game generated through the API, written as a table record with the deck and every
draw's cards left out (and once with the draws' cards as the drawer's notes), validates as
consistent, and every ruling the record decides equals the full-information ruling. A random
single change to a visible fact that breaks a rule (a card, a seat, a count, a claim) is found.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ena_rules import load_variant
from ena_rules.cards import COLORS
from ena_rules.log.table_writer import to_table_record
from ena_rules.log.validate import Validator, validate
from ena_rules.rules.unseen import unseen
from ena_rules.testing.table import full_game
from ena_rules.variant.io import shipped_variants

#: every shipped variant, with and without the draws' cards: a draw whose count the unseen
#: cards decide (until playable, to a colour) leaves it open (D-TABLE-DRAW-UNTIL)
WITHOUT_CARDS = list(shipped_variants())
WITH_CARDS = list(shipped_variants())
PROFILE = settings(max_examples=3, deadline=None, derandomize=True, database=None)


def _same_rulings(full: list[str], table: list[str]) -> None:
    a, b = validate(full), validate(table)
    assert a.exit_code == 0, a.findings[:1]
    assert b.exit_code == 0, b.findings[:1]
    for ra, rb in zip(a.results, b.results, strict=True):
        assert ra.line == rb.line
        if rb.outcome == "undetermined":
            continue
        if ra.kind == "event":
            assert (ra.outcome, ra.clause, ra.key, ra.drawn, ra.skipped) == (
                rb.outcome,
                rb.clause,
                rb.key,
                rb.drawn,
                rb.skipped,
            ), (ra.text(), rb.text())


@pytest.mark.parametrize("variant", WITHOUT_CARDS)
@PROFILE
@given(seed=st.integers(0, 1 << 30))
def test_table_record_without_cards_rules_as_the_full_log(variant: str, seed: int) -> None:
    """Deck and draws left out: consistent, and every decided ruling is the full one."""
    full = full_game(load_variant(variant), seed=seed, events=150)
    _same_rulings(full, to_table_record(full))


@pytest.mark.parametrize("variant", WITH_CARDS)
@PROFILE
@given(seed=st.integers(0, 1 << 30))
def test_table_record_with_drawn_cards_rules_as_the_full_log(variant: str, seed: int) -> None:
    """Deck left out, each draw's cards noted: consistent, the same decided rulings."""
    full = full_game(load_variant(variant), seed=seed, events=150)
    _same_rulings(full, to_table_record(full, draws=True))


def _state_before(lines: list[str], index: int) -> Validator:
    v = Validator()
    for _ in v.run(lines[:index]):
        pass
    return v


def _mutate(lines: list[str], rng: random.Random) -> tuple[int, list[str]] | None:
    """One visible fact changed so that it breaks a rule: (line number, the new lines)."""
    kind = rng.choice(["seat", "card", "count", "claim"])
    if kind == "claim":
        v = _state_before(lines, len(lines))
        s = v.state
        assert s is not None
        if s.phase == "over":
            return None
        claim = {"type": "claim_winner", "player": rng.choice(s.players)}
        return len(lines) + 1, [*lines, json.dumps(claim)]
    want = "draw" if kind == "count" else "play"
    spots = [i for i, x in enumerate(lines) if i and json.loads(x)["type"] == want]
    rng.shuffle(spots)
    for i in spots[:5]:
        record = json.loads(lines[i])
        v = _state_before(lines, i)
        s = v.state
        if s is None or s.phase != "play" or s.players[s.turn] != record["player"]:
            continue
        if kind == "count":
            if "cards" not in record:
                continue
            record["cards"] = [*record["cards"], record["cards"][0]]
        elif kind == "seat":
            others = [p for p in s.players if p != record["player"]]
            record["player"] = rng.choice(others)
            record.pop("target", None)
        else:
            top = s.top
            assert top is not None
            pool = [
                c
                for c in sorted(unseen(s))
                if c.color is not None and c.color != s.color and c.rank != top.rank
            ]
            if not pool or s.color not in COLORS:
                continue
            record["card"] = str(rng.choice(pool))
            record.pop("color", None)
            record.pop("target", None)
        return i + 1, [*lines[:i], json.dumps(record), *lines[i + 1 :]]
    return None


@pytest.mark.parametrize("variant", ["official", "ena", "jump-in", "seven-zero"])
@settings(max_examples=12, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 1 << 30))
def test_table_record_single_broken_fact_is_found(variant: str, seed: int) -> None:
    """A card that matches nothing, a play by a player not due, a draw of one card too many,
    a winner claimed before the game's end: the validator finds it on that line."""
    full = full_game(load_variant(variant), seed=seed, events=80, mistakes=0.0)
    table = to_table_record(full, draws=seed % 2 == 0)
    mutated = _mutate(table, random.Random(seed))
    if mutated is None:
        return
    line, lines = mutated
    v = Validator()
    results = list(v.run(lines[:line]))
    r = results[-1]
    assert r.line == line, lines[line - 1]
    if r.kind == "claim":
        assert r.agrees is False, r.text()
        return
    assert v.replay.last is not None and v.replay.last[0] == line
    verdict = v.replay.last[2]
    readings = verdict.alternatives if verdict.undetermined else (verdict,)
    # found in every reading the record leaves open: a mistake or an impossible line
    assert all(x.outcome in ("penalised", "rejected") for x in readings), r.text()
