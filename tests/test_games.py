"""Whole games driven only through ``legal_events`` + ``apply``, from the cut to the winner.

Chance comes from ``ena_rules.rules.chance`` (seeded Cut and Deal events); every player decision
is a seeded ``random.Random`` choice among ``legal_events``. After every step the cards are counted.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ena_rules import (
    Deal,
    GameState,
    Variant,
    Verdict,
    apply,
    canonical_deck,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.rules.chance import cut_event, deal_event
from ena_rules.variant import key_info

OFFICIAL = load_variant("official")
#: ../shared/RULES.md from the repository root (tests/ is one level down).
RULES_MD = Path(__file__).resolve().parent.parent.parent / "shared" / "RULES.md"


def _clause_ids() -> frozenset[str] | None:
    if not RULES_MD.is_file():
        return None
    text = RULES_MD.read_text(encoding="utf-8")
    return frozenset(re.findall(r"^- ([A-Z0-9]+(?:-[A-Z0-9]+)+):", text, re.M))


CLAUSE_IDS = _clause_ids()


def cards_in_play(state: GameState) -> Counter[object]:
    out: Counter[object] = Counter(state.draw_pile) + Counter(state.discard)
    for h in state.hands:
        out += Counter(h)
    return out


@attrs.define
class GameRecord:
    """What a driven game went through."""

    state: GameState
    verdicts: list[Verdict] = attrs.Factory(list)
    dealers: list[int] = attrs.Factory(list)
    rounds: list[tuple[int, tuple[int, ...], int]] = attrs.Factory(list)
    """(winner, points, value of the others' hands) for each round."""


def play_game(
    variant: Variant, players: int, seed: int, *, max_steps: int = 60_000, check_legal: int = 0
) -> GameRecord:
    """Cut, deal and play a whole game with random legal choices; check each step.

    ``check_legal`` > 0: every that many steps, every listed event must be accepted.
    """
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    state = new_game(variant, names)
    deck = Counter(canonical_deck(variant))
    record = GameRecord(state)
    cuts = 0
    for step in range(max_steps):
        if state.is_over:
            break
        if state.phase == "cut":
            event: object = cut_event(state, seed, cuts)
            cuts += 1
        elif state.phase == "deal":
            assert state.dealer is not None
            record.dealers.append(state.dealer)
            event = deal_event(state, seed)
        else:
            events = legal_events(state)
            assert events, f"no legal event in phase {state.phase}"
            if check_legal and step % check_legal == 0:
                for e in events:
                    assert apply(state, e).accepted, (e, str(apply(state, e)))
            event = rng.choice(events)
        verdict = apply(state, event)  # type: ignore[arg-type]
        assert verdict.accepted, f"{event!r}: {verdict}"
        assert verdict.notes and all(n.clause and n.key for n in verdict.notes)
        for note in verdict.notes:
            if CLAUSE_IDS is not None:
                assert note.clause in CLAUSE_IDS, f"unknown clause {note.clause}: {verdict}"
            assert key_info(note.key) is not None, f"unknown key {note.key}: {verdict}"
        new = verdict.state
        if new.phase not in ("cut", "deal") or new.hands:
            assert cards_in_play(new) == deck, f"cards lost or duplicated after {event!r}"
        if new.last_round is not None and new.last_round is not state.last_round:
            r = new.last_round
            others = sum(
                variant.rank(c.rank).score
                for i, h in enumerate(new.hands)
                if i != r.winner
                for c in h
            )
            assert new.hands[r.winner] == ()
            record.rounds.append((r.winner, r.points, others))
        record.verdicts.append(verdict)
        state = new
    record.state = state
    return record


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12), (10, 13)])
def test_a_full_official_game_from_the_cut_to_the_winner(players: int, seed: int) -> None:
    """SCORE-OFF: a whole official game, cut to winner, through legal_events and apply only."""
    rec = play_game(OFFICIAL, players, seed, check_legal=97)
    s = rec.state
    assert s.is_over and s.phase == "over" and s.winner is not None
    # the cut chose a dealer, and each later round was dealt by the previous dealer's left
    assert rec.dealers and all(
        b == (a + 1) % players for a, b in zip(rec.dealers, rec.dealers[1:], strict=False)
    )
    # winner collects: each round's winner scored the others' hands, nobody else scored
    totals = [0] * players
    for winner, points, others in rec.rounds:
        assert points[winner] == others
        assert all(p == 0 for i, p in enumerate(points) if i != winner)
        totals[winner] += others
    assert tuple(totals) == s.scores
    # the game ended at the first round that took someone to the target: the winner
    assert s.scores[s.winner] >= OFFICIAL.scoring.target
    assert s.winner == rec.rounds[-1][0] == s.scores.index(max(s.scores))
    before_last = [t - p for t, p in zip(s.scores, rec.rounds[-1][1], strict=True)]
    assert max(before_last) < OFFICIAL.scoring.target
    assert len(rec.dealers) == len(rec.rounds)
    assert legal_events(s) == ()
    assert apply(s, Deal(canonical_deck(OFFICIAL))).rejected


def test_the_rule_catalogue_is_found_or_the_check_is_skipped_only_there() -> None:
    """The clause ids come from ../shared/RULES.md (when present): the official ones are there."""
    if CLAUSE_IDS is None:
        pytest.skip(f"{RULES_MD} is absent: only the clause-id membership check is skipped")
    assert {"DEAL-CUT-OFF", "TURN-RESHUFFLE", "SCORE-OFF", "CHAL-SHOW"} <= CLAUSE_IDS


SHORT = {
    name: load_variant_text(
        f'name = "{name}-short"\nextends = "{name}"\n[scoring]\ntarget = 150', source=name
    )
    for name in ("official", "ena")
}


@settings(derandomize=True, max_examples=20, deadline=None)
@given(
    variant=st.sampled_from(sorted(SHORT)),
    players=st.integers(min_value=2, max_value=10),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_random_legal_play_never_loses_or_duplicates_a_card_and_always_ends(
    variant: str, players: int, seed: int
) -> None:
    """Random legal play conserves the deck after every step, and every game ends."""
    rec = play_game(SHORT[variant], players, seed, max_steps=40_000)
    assert rec.state.is_over, f"no end after {len(rec.verdicts)} steps"
