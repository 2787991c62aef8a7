"""The engine on partial states (issue 13 point 1): known cards plus unknown ones, the same rules.

Each test is named for the clause or behaviour it proves (docs/table-records.md).
"""

from __future__ import annotations

import attrs

from ena_rules import Challenge, Draw, Pass, Play, apply, legal_events
from ena_rules.cards import parse_card
from ena_rules.game.state import GameState
from ena_rules.rules.unseen import (
    UNKNOWN,
    decide_challenge,
    forget,
    known,
    overfull,
    reveal,
    unknown_count,
    unseen_copies,
)
from ena_rules.testing.rules import deal, derived


def _show(s: GameState, seat: int, *codes: str) -> GameState:
    out = reveal(s, seat, [parse_card(c) for c in codes])
    assert isinstance(out, GameState), out
    return out


def test_partial_play_uses_an_unknown_card() -> None:
    """TURN-MATCH on a partial state: a card not among the known ones uses an unknown card."""
    s = forget(deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1", "B2", "B3"]], "R5"))
    v = apply(s, Play("ana", "R7"))
    assert v.accepted, v
    assert unknown_count(v.state.hands[0]) == 2 and v.state.top == parse_card("R7")
    assert unknown_count(v.state.hands[1]) == 3


def test_partial_play_known_card_keeps_the_unknown_ones() -> None:
    """A card among the known ones is that one: the unknown cards stay unknown."""
    s = _show(forget(deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1"]], "R5")), 0, "R1")
    v = apply(s, Play("ana", "R1"))
    assert v.accepted and unknown_count(v.state.hands[0]) == 2 and not known(v.state.hands[0])


def test_partial_play_without_unknown_cards_is_rejected() -> None:
    """turn.from_hand: a hand of known cards only cannot hold another card."""
    s = forget(deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1"]], "R5"), keep=(0,))
    v = apply(s, Play("ana", "R7"))
    assert v.rejected and v.key == "turn.from_hand", v


def test_partial_play_of_a_card_all_in_sight_is_rejected() -> None:
    """DECK-108: with both R9 in sight (the top card, bor's known card), ana cannot hold one."""
    s = _show(forget(deal(derived("official", 3), [["R1", "G2"], ["R9"]], "R9")), 1, "R9")
    assert unseen_copies(s, parse_card("R9")) == 0
    v = apply(s, Play("ana", "R9"))
    assert v.rejected and v.message == "ana cannot hold R9: all 2 of the deck's R9 are in sight"
    assert v.key == "deck.colored"


def test_overfull_names_a_card_in_sight_too_often() -> None:
    """DECK-108: more copies of a card in sight than the deck has is found."""
    s = forget(deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1"]], "R5"))
    s = attrs.evolve(s, discard=(*s.discard, parse_card("R0"), parse_card("R0")))
    assert overfull(s) == [(parse_card("R0"), 2, 1)]


def test_partial_same_ruling_where_visible_facts_decide() -> None:
    """TURN-MATCH: a wrong card is the same mistake on the partial state as on the full one."""
    v = derived("ena", 3)
    full = deal(v, [["R1", "G2", "Y3"], ["B1", "B2", "B3"]], "R5")
    part = forget(full, keep=(0,))
    for e in (Play("ana", "G2"), Play("bor", "B1"), Play("ana", "R1"), Draw("bor")):
        a, b = apply(full, e), apply(part, e)
        assert (a.outcome, a.clause, a.key, a.drawn) == (b.outcome, b.clause, b.key, b.drawn)


def test_partial_draw_is_unknown_and_read_from_the_next_line() -> None:
    """TURN-DRAW: an unknown drawn card may be played (the next line plays it) or passes the
    turn by itself (the next line is another player's)."""
    s = forget(deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1", "B2", "B3"]], "Y5"))
    drew = apply(s, Draw("ana"))
    assert drew.accepted and drew.state.phase == "drawn" and drew.state.drawn == UNKNOWN
    played = apply(drew.state, Play("ana", "Y9"))
    assert played.accepted and played.state.turn == 1 and unknown_count(played.state.hands[0]) == 3
    passed = apply(drew.state, Play("bor", "Y7"))
    assert passed.accepted and "could not be played" in passed.message
    kept = apply(drew.state, Pass("ana"))
    assert kept.accepted and kept.state.turn == 1


def test_partial_reshuffle_recycles_unseen_cards() -> None:
    """TURN-RESHUFFLE: the recycled cards are unseen again (nobody knows the new order)."""
    s = forget(deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1", "B2", "B3"]], "R5"))
    pile = tuple(parse_card(c) for c in ("G5", "B5", "Y5", "R5"))
    s = attrs.evolve(s, draw_pile=(), discard=pile)
    v = apply(s, Draw("ana"))
    assert v.state.discard == (parse_card("R5"),)
    assert v.state.draw_pile == (UNKNOWN,) * 2 and v.state.drawn == UNKNOWN
    assert unseen_copies(v.state, parse_card("G5")) == 2


def test_partial_wild_shuffle_hands_makes_hands_unknown() -> None:
    """DECK-WSH: after a Wild Shuffle Hands every hand is unknown, dealt out evenly."""
    v = derived("official-112", 3)
    s = forget(deal(v, [["WS", "G2", "Y3"], ["B1", "B2", "B3"]], "R5"), keep=(0, 1))
    after = apply(s, Play("ana", "WS", color="red"))
    assert after.accepted, after
    assert [len(h) for h in after.state.hands] == [2, 3]
    assert all(c == UNKNOWN for h in after.state.hands for c in h)


def test_partial_seven_swaps_known_and_unknown_cards() -> None:
    """HOUSE-SEVEN-ZERO: a swap moves known and unknown cards with their hands."""
    v = derived("seven-zero", 4)
    s = forget(deal(v, [["R7", "G2", "Y3", "R1"], ["B1", "B2", "B3", "B4"]], "R5"), keep=(0,))
    s = _show(s, 1, "B1")
    after = apply(s, Play("ana", "R7", target="bor"))
    assert after.accepted, after
    a, b = after.state.hands
    assert unknown_count(a) == 3 and known(a) == (parse_card("B1"),)
    assert [str(c) for c in b] == ["G2", "Y3", "R1"]


def test_partial_challenge_without_shown_hand_is_undetermined() -> None:
    """CHAL-SHOW, CHAL-GUILTY: the guilt needs the hand; without it the challenge is
    undetermined, with the verdict of each reading."""
    s = forget(deal(derived("official", 3), [["W+4", "R2", "Y3"], ["B1", "B2", "B3"]], "R5"))
    played = apply(s, Play("ana", "W+4", color="green"))
    assert played.accepted and played.state.challenge is not None
    assert played.state.challenge.unsure
    v = apply(played.state, Challenge("bor"))
    assert v.undetermined and len(v.alternatives) == 2, v
    assert "decides the challenge" in v.message and v.clause == "CHAL-SHOW"
    guilty, innocent = v.alternatives
    assert dict(guilty.drawn) == {"ana": 4} and dict(innocent.drawn) == {"bor": 6}


def test_partial_challenge_with_shown_hand_is_decided() -> None:
    """CHAL-SHOW: the shown hand decides the challenge as on the full state."""
    full = deal(derived("official", 3), [["W+4", "R2", "Y3"], ["B1", "B2", "B3"]], "R5")
    played_full = apply(full, Play("ana", "W+4", color="green")).state
    part = apply(forget(full), Play("ana", "W+4", color="green")).state
    shown = decide_challenge(part, (parse_card("R2"), parse_card("Y3")))
    assert isinstance(shown, GameState)
    a, b = apply(played_full, Challenge("bor")), apply(shown, Challenge("bor"))
    assert (
        (a.outcome, a.clause, a.drawn)
        == (b.outcome, b.clause, b.drawn)
        == (
            "accepted",
            "CHAL-GUILTY",
            (("ana", 4),),
        )
    )
    assert "lacks" not in str(decide_challenge(part, (parse_card("B9"),)))
    assert "2 cards, but 1 are shown" in str(decide_challenge(part, (parse_card("B9"),)))


def test_partial_legal_events_list_only_determined_events() -> None:
    """legal_events on a partial state: the known hand's plays, never a guess at hidden ones."""
    s = forget(deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1"]], "R5"))
    assert legal_events(s) == (Draw("ana"),)
    s = _show(s, 0, "R1")
    assert legal_events(s) == (Play("ana", "R1"), Draw("ana"))
