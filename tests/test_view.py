"""``view(state, player)``: a player sees their own hand and the table, never a hidden card."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from ena_rules import (
    Card,
    Challenge,
    Draw,
    EventError,
    GameState,
    Play,
    apply,
    legal_events,
    load_variant,
    new_game,
)
from ena_rules.game.state import ChallengeWindow, Reveal
from ena_rules.rules.chance import deal_event
from ena_rules.rules.unseen import UNKNOWN, forget
from ena_rules.rules.view import PlayerView, view
from ena_rules.testing import derived, start_round

OFFICIAL = load_variant("official")
PLAYERS = ["ana", "bor", "cene"]


def cards_in(value: Any) -> Iterator[Card]:
    """Every card anywhere inside a view's fields."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from cards_in(v)
    elif attrs.has(type(value)):
        for f in attrs.fields(type(value)):
            yield from cards_in(getattr(value, f.name))


def dealt(seed: int = 5) -> GameState:
    s = new_game(OFFICIAL, PLAYERS, dealer="ana")
    return apply(s, deal_event(s, seed)).state


def test_a_view_shows_the_own_hand_and_only_sizes_of_the_others() -> None:
    """A player sees their own hand, every hand's size, the top card and the draw pile's size."""
    s = dealt()
    for seat, name in enumerate(PLAYERS):
        v = view(s, name)
        assert v.player == name and v.hand == s.hands[seat]
        assert v.hand_sizes == tuple((p, len(h)) for p, h in zip(PLAYERS, s.hands, strict=True))
        assert v.top == s.top and v.discard == s.discard
        assert v.draw_pile_size == len(s.draw_pile)
        assert v.due == s.due and v.dealer == "ana"


def test_a_view_holds_no_card_of_another_hand_or_of_the_draw_pile() -> None:
    """No field of a view carries a card other than the own hand and the face-up discard pile."""
    rng = random.Random(3)
    s = dealt()
    for _ in range(400):
        if s.phase not in ("play", "drawn", "owe", "color"):
            break
        for seat, name in enumerate(PLAYERS):
            # the view as a partial state (and its variant's deck): tests/test_table_view.py
            seen = list(cards_in(attrs.evolve(view(s, name), state=None)))
            visible = set(s.hands[seat]) | set(s.discard)
            if s.reveal is not None and s.reveal.viewer == seat:
                visible |= set(s.reveal.cards)  # CHAL-SHOW: shown to the challenger
            assert set(seen) <= visible, name
        s = apply(s, rng.choice(legal_events(s))).state


def test_a_view_does_not_change_when_hidden_cards_do() -> None:
    """Swapping cards between other hands, or reordering the draw pile, leaves a view equal."""
    s = dealt()
    bor, cene = s.hands[1], s.hands[2]
    swapped = attrs.evolve(
        s,
        hands=(s.hands[0], (cene[0], *bor[1:]), (bor[0], *cene[1:])),
        draw_pile=tuple(reversed(s.draw_pile)),
    )
    assert swapped != s
    assert view(swapped, "ana") == view(s, "ana")
    assert view(swapped, "bor") != view(s, "bor")


def test_the_drawn_card_is_named_to_the_drawer_only() -> None:
    """After a draw, only the drawer's view names the drawn card."""
    v3 = load_variant("official")
    s = start_round(v3, PLAYERS, dealer="ana", hands=[[], ["G1"]], turned="R5", draw=["R9"])
    s = apply(s, Draw("bor")).state
    assert s.phase == "drawn"
    assert view(s, "bor").drawn == Card("R", "9")
    assert view(s, "ana").drawn is None and view(s, "cene").drawn is None


def test_a_shown_hand_is_in_the_challengers_view_only() -> None:
    """CHAL-SHOW: after a challenge the challenged hand is in the challenger's view alone."""
    hands = [["Y1"], ["R1", "W+4"]]
    s = start_round(OFFICIAL, PLAYERS, dealer="ana", hands=hands, turned="R5")
    s = apply(s, Play("bor", "W+4", color="blue")).state
    held = s.hands[1]  # the hand the W+4 was played from
    s = apply(s, Challenge("cene")).state
    assert view(s, "cene").shown_hand == ("bor", held)
    assert view(s, "ana").shown_hand is None and view(s, "bor").shown_hand is None
    assert set(held) <= set(cards_in(view(s, "cene")))


def test_the_view_of_an_unknown_player_is_an_error() -> None:
    """Only the game's players have a view."""
    with pytest.raises(EventError, match="'zoe'"):
        view(dealt(), "zoe")


def test_a_view_before_the_deal_is_empty_handed() -> None:
    """Before the deal every hand is empty and nothing is hidden yet."""
    v = view(new_game(OFFICIAL, PLAYERS), "bor")
    assert isinstance(v, PlayerView) and v.hand == () and v.top is None and v.phase == "cut"


def _forget_table() -> GameState:
    """ana, bor and cene, two cards each; the fields forget() reads set by hand."""
    hands = [["R1", "R2"], ["G3", "G4"], ["B5", "B6"]]
    return start_round(derived("official", 2), PLAYERS, dealer="cene", hands=hands, turned="R7")


def test_CHAL_SHOW_forget_keeps_the_shown_cards_for_their_viewer_only() -> None:
    """CHAL-SHOW: a hand shown to ana stays known to her in a partial state (cards drawn since
    are unknown); to anyone else, and when the shown hand is larger than the hand, it is not."""
    s = _forget_table()
    shown = attrs.evolve(s, reveal=Reveal(0, 1, (Card("G", "3"),)))
    ana = forget(shown, keep=[0], viewer=0)
    assert ana.hands[1] == (Card("G", "3"), UNKNOWN) and ana.reveal == shown.reveal
    cene = forget(shown, keep=[2], viewer=2)
    assert cene.hands[1] == (UNKNOWN, UNKNOWN) and cene.reveal is None
    assert forget(shown, keep=[0, 1]).hands[1] == (Card("G", "3"), Card("G", "4"))
    three = attrs.evolve(s, reveal=Reveal(0, 1, tuple(Card("G", r) for r in "345")))
    assert forget(three, keep=[0], viewer=0).hands[1] == (UNKNOWN, UNKNOWN)


def test_TURN_DRAW_forget_hides_the_drawn_card_from_all_but_the_drawer() -> None:
    """TURN-DRAW: the card just drawn is the drawer's to see: unknown in anyone else's state."""
    s = attrs.evolve(_forget_table(), drawn=Card("Y", "9"))
    due = s.turn
    assert forget(s, keep=[due]).drawn == Card("Y", "9")
    other = (due + 1) % 3
    assert forget(s, keep=[other]).drawn == UNKNOWN
    assert forget(_forget_table(), keep=[other]).drawn is None


def test_CHAL_WD4_forget_leaves_a_hidden_offenders_guilt_undetermined() -> None:
    """CHAL-WD4: whether a hidden hand's Wild Draw Four was illegal is not known: guilty False
    and unsure; the offender's own partial state keeps the verdict."""
    window = ChallengeWindow(offender=1, victim=2, guilty=True, count=4, prev_color="R")
    s = attrs.evolve(_forget_table(), challenge=window)
    hidden = forget(s, keep=[2]).challenge
    assert hidden is not None and (hidden.guilty, hidden.unsure) == (False, True)
    assert (hidden.offender, hidden.victim, hidden.count) == (1, 2, 4)
    assert forget(s, keep=[1]).challenge == window
