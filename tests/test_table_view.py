"""A player's own view is a partial state (issue 13 point 4): ``legal_events(view(state, p))``
lists exactly the events of ``legal_events(state)`` that ``p`` may take, own turn and out of
turn, over random states of every shipped variant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ena_rules import apply, legal_events, load_variant, new_game, view
from ena_rules.agents.simulation import Rng, random_legal_event
from ena_rules.game.state import GameState
from ena_rules.rules.chance import deal_event
from ena_rules.rules.unseen import UNKNOWN
from ena_rules.variant.io import shipped_variants

NAMES = ("ana", "bor", "cene", "dan")


def _states(variant: str, seed: int, players: int, steps: int) -> list[GameState]:
    """The states of a random game (legal moves and some mistakes), round ends included."""
    s = new_game(load_variant(variant), NAMES[:players], dealer=NAMES[seed % players])
    rng = Rng(seed)
    out = []
    for _ in range(steps):
        if s.phase == "over":
            break
        if s.phase == "deal":
            s = apply(s, deal_event(s, seed=rng.below(1 << 30))).state
            continue
        out.append(s)
        s = apply(s, random_legal_event(s, rng, mistakes=0.1)).state
    return out


@pytest.mark.parametrize("variant", shipped_variants())
@settings(max_examples=8, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 1 << 30), players=st.integers(2, 4))
def test_view_legal_events_are_the_players_own(variant: str, seed: int, players: int) -> None:
    """view as a partial state: the same legal events for the player, from the view alone."""
    for s in _states(variant, seed, players, 120):
        everyone = legal_events(s)
        for p in s.players:
            seen = view(s, p)
            assert legal_events(seen) == tuple(e for e in everyone if e.player == p), (s, p)


def test_view_state_hides_every_other_card() -> None:
    """The view's partial state holds the player's own hand and unknown cards elsewhere."""
    s = _states("official", 5, 3, 10)[-1]
    part = view(s, "bor").state
    assert part is not None and part.partial and part.viewer == 1
    assert part.hands[1] == s.hands[1]
    assert all(c == UNKNOWN for i in (0, 2) for c in part.hands[i])
    assert set(part.draw_pile) <= {UNKNOWN} and part.seed == 0


def test_view_apply_judges_the_players_event() -> None:
    """apply on a view: the player's own legal event is accepted (or undetermined)."""
    for s in _states("ena", 11, 3, 60):
        p = s.due
        if p is None:
            continue
        for e in legal_events(view(s, p)):
            assert apply(view(s, p), e).outcome in ("accepted", "undetermined"), (s, e)


def test_view_state_knows_a_hand_shown_to_the_player() -> None:
    """CHAL-SHOW: the challenger's partial state knows the shown hand; nobody else's does."""
    from ena_rules import Challenge, Play
    from ena_rules.rules.unseen import known
    from ena_rules.testing.rules import deal, derived

    s = deal(derived("official", 3), [["W+4", "R2", "Y3"], ["B1", "B2", "B3"], ["G1"]], "R5")
    s = apply(apply(s, Play("ana", "W+4", color="green")).state, Challenge("bor")).state
    assert s.reveal is not None
    shown = view(s, "bor").state
    assert shown is not None and sorted(map(str, known(shown.hands[0]))) == ["R2", "Y3"]
    other = view(s, "cene").state
    assert other is not None and not known(other.hands[0])
