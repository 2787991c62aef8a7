"""Mistakes and their penalties: PEN-WRONG-OFF, PEN-ENA, PEN-EFFECT, PEN-ADVICE.

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

import attrs
import pytest

from ena_rules import (
    CallUno,
    ChooseColor,
    Deal,
    Draw,
    GameState,
    Overtake,
    Pass,
    Play,
    apply,
    legal_events,
    load_variant,
    new_game,
)
from ena_rules.rules.chance import deal_event
from ena_rules.testing import deal, derived, hand, held, ok, rejected, start_round, transcript

V3 = derived("official", 3)
E3 = derived("ena", 3)


PLAYERS = ["ana", "bor", "cene"]


def table() -> GameState:
    hands = [["Y1", "Y2", "Y3"], ["R1", "W", "W+4"], ["G1", "G2", "G3"]]
    return start_round(V3, PLAYERS, dealer="ana", hands=hands, turned="R5")


PLAYERS_CALLS = ("ana", "bor", "cene", "dan")


ENA = load_variant("ena")


OFFICIAL = load_variant("official")


NAMES = ("ana", "bor", "cene", "dan", "eva", "fran", "gal", "hana", "iva", "jan")


def only_hand_and_pile_changed(before: GameState, after: GameState) -> bool:
    """PEN-EFFECT: nothing but hands and the draw pile differ."""
    return attrs.evolve(after, hands=before.hands, draw_pile=before.draw_pile) == before


FOUR = [["R9", "G1", "Y1"], ["B1", "B2", "B3"], ["R9", "G2", "G3"], ["Y5", "Y6", "Y7"]]


ENA_IA = derived("ena", 3)


def test_PEN_WRONG_OFF_out_of_turn_and_out_of_phase_events_are_rejected() -> None:
    """PEN-WRONG-OFF: the official rules punish only a wrong card; other slips are refused."""
    s = table()
    rejected(s, Play("cene", "G1"), "out of turn")
    rejected(s, Draw("cene"), "out of turn")
    rejected(s, Pass("bor"), "bor")
    rejected(s, Overtake("cene", "G1"), "no overtaking")
    rejected(s, ChooseColor("ana", "red"), "no colour to name")


def test_PEN_WRONG_OFF_a_wrong_card_is_taken_back_two_are_drawn_and_the_turn_passes() -> None:
    """PEN-WRONG-OFF: the card goes back, its player draws 2, play goes on with the next."""
    hands = [["Y1", "Y2", "Y3"], ["B7", "G2", "G3"]]
    s = start_round(
        V3, list(PLAYERS_CALLS), dealer="ana", hands=hands, turned="R5", draw=["Y5", "Y6"]
    )
    v = apply(s, Play("bor", "B7"))
    assert v.penalised and v.clause == "PEN-WRONG-OFF" and v.key == "penalties.wrong_card"
    assert v.drawn == (("bor", 2),)
    t = v.state
    assert hand(t, "bor") == ["B7", "G2", "G3", "Y5", "Y6"]
    assert t.discard == s.discard and t.color == "R" and t.turn == 2 and t.phase == "play"


def test_PEN_ENA_playing_out_of_turn_costs_two_cards() -> None:
    """PEN-ENA: playing out of turn costs 2 cards; the card stays in the offender's hand."""
    s = deal(E3, FOUR, "R5")
    v = apply(s, Play("cene", "G2"))
    assert v.penalised and v.clause == "PEN-ENA" and v.key == "penalties.out_of_turn"
    assert v.drawn == (("cene", 2),) and held(v.state, "cene")["G2"] == 1
    assert v.state.due == "ana" and only_hand_and_pile_changed(s, v.state)
    assert apply(deal(V3, FOUR, "R5"), Play("cene", "G2")).rejected  # official: not a move


def test_PEN_ENA_overtaking_incorrectly_costs_two_cards() -> None:
    """PEN-ENA: an incorrect overtake (not identical, own card, window closed) costs 2 cards."""
    s = ok(deal(E3, FOUR, "R5"), Play("ana", "R9"))
    v = apply(s, Overtake("dan", "Y5"))
    assert v.penalised and v.clause == "PEN-ENA" and v.key == "penalties.bad_overtake"
    assert v.drawn == (("dan", 2),) and only_hand_and_pile_changed(s, v.state)
    assert apply(ok(deal(V3, FOUR, "R5"), Play("ana", "R9")), Overtake("cene", "R9")).rejected


def test_PEN_ENA_playing_an_incorrect_card_costs_two_cards() -> None:
    """PEN-ENA: playing a card that may not be played costs 2 cards; it goes back to the hand."""
    s = deal(E3, FOUR, "R5")
    v = apply(s, Play("ana", "G1"))
    assert v.penalised and v.clause == "PEN-ENA" and v.key == "penalties.wrong_card"
    assert v.drawn == (("ana", 2),) and held(v.state, "ana")["G1"] == 1


def test_PEN_ENA_drawing_too_many_cards_costs_two_cards() -> None:
    """PEN-ENA: drawing again in the same turn (drawing too many cards) costs 2 cards."""
    s = ok(deal(E3, FOUR, "G5", draw=["G7"]), Draw("ana"))
    assert s.phase == "drawn" and s.due == "ana"
    v = apply(s, Draw("ana"))
    assert v.penalised and v.clause == "PEN-ENA" and v.key == "penalties.draw_too_many"
    assert v.drawn == (("ana", 2),) and v.state.phase == "drawn"
    assert only_hand_and_pile_changed(s, v.state)
    assert apply(ok(deal(V3, FOUR, "G5", draw=["G7"]), Draw("ana")), Draw("ana")).rejected


def test_PEN_ENA_misdealing_is_a_record_the_referee_never_sees_as_an_event() -> None:
    """PEN-ENA: misdealing costs 2 cards (penalties.misdeal). The referee deals every round
    itself from the recorded deck (the Deal event), so a misdeal cannot arise through events:
    the key is the count a table's record of a misdeal must show (docs/decisions.md D-MISDEAL)."""
    assert ENA.penalties.misdeal == 2 and OFFICIAL.penalties.misdeal == 0
    cite = ENA.citation("penalties.misdeal")
    assert cite is not None and cite.clause == ("PEN-ENA",) and "003" in cite.source
    s = new_game(ENA, list(NAMES[:4]), dealer="dan")
    v = apply(s, deal_event(s, seed=11))
    assert all(len(h) == ENA.deal.hand_size for h in v.state.hands)
    short = apply(s, Deal(deal_event(s, seed=11).deck[1:]))  # a deck missing a card
    assert short.rejected and "missing" in short.message


def test_PEN_EFFECT_the_offender_keeps_the_card_and_the_turn_nothing_else_changes() -> None:
    """PEN-EFFECT: the card stays in the offender's hand; an offender whose turn it was keeps
    the turn (penalties.wrong_card_turn = "keep"); an out-of-turn offender changes nothing else."""
    s = deal(E3, FOUR, "R5")
    wrong = apply(s, Play("ana", "G1"))
    assert wrong.penalised and wrong.state.due == "ana" and wrong.state.phase == "play"
    assert only_hand_and_pile_changed(s, wrong.state)
    assert ENA.penalties.wrong_card_turn == "keep"
    for event in (Play("bor", "B1"), Draw("dan"), CallUno("cene", "bor")):
        v = apply(s, event)
        assert v.penalised and only_hand_and_pile_changed(s, v.state), event
        offender = event.player
        assert len(v.state.hands[s.seat(offender)]) == len(s.hands[s.seat(offender)]) + 2


def test_PEN_WRONG_OFF_official_wrong_card_taken_back_draw_two_turn_passes() -> None:
    """PEN-WRONG-OFF: officially a wrong card goes back, its player draws 2 and the turn passes."""
    s = deal(V3, FOUR, "R5")
    v = apply(s, Play("ana", "G1"))
    assert v.penalised and v.key == "penalties.wrong_card" and v.clause == "PEN-WRONG-OFF"
    assert v.drawn == (("ana", 2),) and held(v.state, "ana")["G1"] == 1
    assert v.state.due == "bor"


def test_PEN_ADVICE_advice_is_no_event_of_the_referee() -> None:
    """PEN-ADVICE: giving advice is not something the referee sees: no event carries it and no
    listed event is one; it can only be a table's record (docs/decisions.md D-ADVICE)."""
    import ena_rules.game.events as events

    s = ok(deal(E3, FOUR, "R5"), Play("ana", "R9"))
    kinds = {type(e).__name__ for e in legal_events(s)}
    assert kinds <= {"Play", "Overtake", "Draw", "Pass", "CallUno", "Challenge", "ChooseColor"}
    assert not [n for n in events.__all__ if "advice" in n.lower()]
    with pytest.raises(ValueError):
        apply(s, "bor gives cene advice")  # type: ignore[arg-type]


def test_PEN_ENA_pass_only_after_a_playable_draw() -> None:
    """PEN-ENA: a Pass out of place is not a mistake the sources list: it is rejected."""
    s = deal(E3, FOUR, "R5")
    assert apply(s, Pass("ana")).rejected


def test_PEN_ENA_a_second_draw_in_the_same_turn_is_drawing_too_many() -> None:
    """PEN-ENA (D-DRAW-TWICE): a second Draw while the turn is still the drawer's (a playable
    card was drawn) is drawing too many: 2 cards, and the drawer still plays or passes. Once an
    unplayable draw has ended the turn, another Draw is a draw out of turn (2 cards too).
    Officially both are rejected."""
    hands = [["R9", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    s = ok(deal(ENA_IA, hands, "R5", draw=["R7"]), Draw("ana"))
    v = apply(s, Draw("ana"))
    assert v.penalised and v.key == "penalties.draw_too_many" and v.drawn == (("ana", 2),)
    assert v.state.phase == "drawn" and v.state.drawn is not None
    assert str(v.state.drawn) == "R7"
    assert apply(v.state, Play("ana", "R7")).accepted
    s = ok(deal(ENA_IA, hands, "G5", draw=["Y7"]), Draw("ana"))
    assert s.due == "bor"
    v = apply(s, Draw("ana"))
    assert v.penalised and v.key == "penalties.out_of_turn" and v.drawn == (("ana", 2),)
    official = derived("official", 3)
    s = ok(deal(official, hands, "R5", draw=["R7"]), Draw("ana"))
    assert apply(s, Draw("ana")).rejected


def test_PEN_ENA_mistakes_are_penalised_in_words() -> None:
    """PEN-ENA: playing or drawing out of turn and drawing twice each cost 2 cards; the
    verdict names the mistake, its price, and the draw."""
    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    s = deal(E3, hands, "R5", draw=["R9"])
    assert transcript(apply(s, Play("bor", "B1"))) == [
        "PEN-ENA penalties.out_of_turn: bor plays B1 out of turn (ana is due): a mistake "
        "costing 2 cards.",
        "PEN-ENA penalties.out_of_turn: bor draws 2 (penalty).",
    ]
    assert transcript(apply(s, Draw("cene"))) == [
        "PEN-ENA penalties.out_of_turn: cene draws out of turn (ana is due): a mistake "
        "costing 2 cards.",
        "PEN-ENA penalties.out_of_turn: cene draws 2 (penalty).",
    ]
    drawn = ok(s, Draw("ana"))
    assert transcript(apply(drawn, Draw("ana"))) == [
        "PEN-ENA penalties.draw_too_many: ana draws a second time in the same turn: a mistake "
        "costing 2 cards.",
        "PEN-ENA penalties.draw_too_many: ana draws 2 (penalty).",
    ]


def test_PEN_ENA_a_one_card_penalty_is_a_penalty() -> None:
    """PEN-ENA: a mistake priced at 1 card (``penalties.out_of_turn = 1``) is penalised with one
    card, not refused."""
    one = derived("official", 3, "[penalties]\nout_of_turn = 1\n")
    s = deal(one, [["R1", "G1", "Y1"], ["B1", "B2", "B3"]], "R5")
    v = apply(s, Play("bor", "B1"))
    assert v.penalised and v.drawn == (("bor", 1),) and v.key == "penalties.out_of_turn"


def test_PEN_ENA_a_one_card_bad_overtake_penalty_is_a_penalty() -> None:
    """PEN-ENA: ``penalties.bad_overtake = 1``: a bad overtake costs one card."""
    one = derived("ena", 3, "[penalties]\nbad_overtake = 1\n")
    s = ok(
        deal(one, [["R1", "G1", "Y1"], ["R2", "B2", "B3"], ["G4", "G2", "G3"]], "R5"),
        Play("ana", "R1"),
    )
    v = apply(s, Overtake("cene", "G4"))
    assert v.penalised and v.drawn == (("cene", 1),)
    assert transcript(v)[1] == (
        "OVT-IDENT overtake.enabled: G4 is not identical to the top card (R1)."
    )


def test_PEN_WRONG_OFF_the_wrong_card_verdict_in_words() -> None:
    """PEN-WRONG-OFF: a wrong card goes back, its player draws 2 and the turn passes, in words;
    nothing is left as drawn."""
    s = deal(V3, [["W", "R1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    v = apply(s, Play("ana", "Y1"))
    assert transcript(v) == [
        "PEN-WRONG-OFF penalties.wrong_card: ana plays a wrong card: Y1 matches neither the "
        "colour (red) nor the top card (R5). The card goes back to the hand.",
        "PEN-WRONG-OFF penalties.wrong_card: ana draws 2 (penalty).",
        "PEN-WRONG-OFF penalties.wrong_card_turn: The turn passes to bor.",
    ]
    assert v.state.due == "bor" and v.state.drawn is None


def test_PEN_WRONG_OFF_a_wrong_card_after_drawing_passes_the_turn_and_clears_the_drawn_card() -> (
    None
):
    """PEN-WRONG-OFF / TURN-DRAW: after drawing a playable card only that card may be played;
    another card is a wrong card: the turn passes and no drawn card is left."""
    s = ok(deal(V3, [["B1", "G1", "Y1"], ["B2", "B3", "B4"]], "R5", draw=["R9"]), Draw("ana"))
    v = apply(s, Play("ana", "G1"))
    assert v.penalised and v.state.due == "bor" and v.state.drawn is None
    assert v.state.phase == "play"
    refused = derived("official", 3, "[penalties]\nwrong_card = 0\n")
    s = ok(deal(refused, [["B1", "G1", "Y1"], ["B2", "B3", "B4"]], "R5", draw=["R9"]), Draw("ana"))
    assert transcript(apply(s, Play("ana", "G1"))) == [
        "TURN-DRAW turn.play_drawn: after drawing only the drawn card (R9) may be played"
    ]


def test_PEN_WRONG_OFF_a_one_card_wrong_card_penalty_is_a_penalty() -> None:
    """PEN-WRONG-OFF: ``penalties.wrong_card = 1``: a wrong card costs one card, not a refusal."""
    one = derived("official", 3, "[penalties]\nwrong_card = 1\n")
    v = apply(deal(one, [["B1", "G1", "Y1"], ["B2", "B3", "B4"]], "R5"), Play("ana", "G1"))
    assert v.penalised and v.drawn == (("ana", 1),)


def test_PEN_WRONG_OFF_a_wrong_card_while_owing_keeps_the_debt_and_the_turn() -> None:
    """PEN-WRONG-OFF / CHAL-WHO: a player who owes 4 and plays a card that cannot answer them
    draws the penalty but still owes the 4 and is still due; the verdict says what they may
    do instead."""
    s = ok(
        deal(V3, [["W+4", "G1", "Y1"], ["W+4", "B2", "B3"]], "R5"),
        Play("ana", "W+4", color="green"),
    )
    v = apply(s, Play("bor", "W+4", color="blue"))
    assert v.penalised and v.state.due == "bor" and v.state.phase == "owe"
    assert v.state.pending == s.pending
    assert transcript(v)[0] == (
        "PEN-WRONG-OFF penalties.wrong_card: bor plays a wrong card: bor owes 4 cards: draw "
        "them or challenge; W+4 cannot answer them. The card goes back to the hand."
    )
