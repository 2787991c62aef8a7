"""Ena UNO (seeds 003, 000, 001): the Ena clauses, overtaking, penalties, UNO-FALSE, SCORE-ENA.

Each test names its clause of shared/RULES.md; positions are dealt from arranged decks with
``start_round`` and driven with ``apply``. The last tests play whole Ena games with 2, 4 and 10
players from the cut to the end of the game through ``legal_events`` + ``apply`` only, with
penalised mistakes injected along the way (docs/decisions.md records every reading used here).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

from ena_rules import (
    CallUno,
    Challenge,
    ChooseColor,
    Cut,
    Draw,
    GameState,
    Overtake,
    Play,
    Variant,
    apply,
    canonical_deck,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.chance import cut_event, deal_event
from ena_rules.events import Deal, Pass
from ena_rules.testing import start_round

ENA = load_variant("ena")
OFFICIAL = load_variant("official")
NAMES = ("ana", "bor", "cene", "dan", "eva", "fran", "gal", "hana", "iva", "jan")


def small(base: str, hand_size: int, extra: str = "") -> Variant:
    """A test variant: ``base`` with a smaller hand, so that arranged hands are given whole."""
    return load_variant_text(
        f'name = "{base}-{hand_size}"\nextends = "{base}"\n[deal]\nhand_size = {hand_size}\n'
        + extra
    )


E3 = small("ena", 3)
O3 = small("official", 3)


def deal(
    variant: Variant,
    hands: Sequence[Sequence[str]],
    turned: str | Sequence[str],
    *,
    draw: Sequence[str] = (),
    scores: Sequence[int] | None = None,
    dealer: int | None = None,
) -> GameState:
    """Seats ``NAMES[:len(hands)]``; the dealer is the last seat, so seat 0 goes first."""
    players = list(NAMES[: len(hands)])
    d = players[-1] if dealer is None else players[dealer]
    return start_round(
        variant, players, dealer=d, hands=hands, turned=turned, draw=draw, scores=scores
    )


def ok(state: GameState, event: object) -> GameState:
    """Apply an event that must be accepted; return the new state."""
    v = apply(state, event)  # type: ignore[arg-type]
    assert v.accepted, str(v)
    return v.state


def hand(state: GameState, name: str) -> Counter[str]:
    return Counter(str(c) for c in state.hands[state.seat(name)])


def only_hand_and_pile_changed(before: GameState, after: GameState) -> bool:
    """PEN-EFFECT: nothing but hands and the draw pile differ."""
    return attrs.evolve(after, hands=before.hands, draw_pile=before.draw_pile) == before


# -- the cut and the first card -----------------------------------------------------------


def test_DEAL_CUT_ENA_lowest_card_deals_and_action_cards_count_zero() -> None:
    """DEAL-CUT-ENA: in the cut the lowest card deals and action cards count as zero."""
    s = new_game(ENA, ["ana", "bor", "cene"])
    assert s.phase == "cut"
    v = apply(s, Cut(["R5", "GS", "B3"]))
    assert v.accepted and v.clause == "DEAL-CUT-ENA"
    assert v.state.phase == "deal" and v.state.dealer == 1  # GS counts 0: the lowest
    v = apply(s, Cut(["R2", "W+4", "B1"]))
    assert v.state.dealer == 1  # a wild is an action card too: 0
    # a tie for the lowest: the tied players cut again (DEAL-CUT-TIE), the others keep out
    v = apply(s, Cut(["R0", "GS", "B3"]))
    assert v.state.phase == "cut" and v.state.cutters == (0, 1)
    v = apply(v.state, Cut(["Y7", "B2"]))
    assert v.state.dealer == 1
    # the official cut differs: the highest deals and a non-number card goes back
    v = apply(new_game(OFFICIAL, ["ana", "bor", "cene"]), Cut(["R5", "GS", "B3"]))
    assert v.state.phase == "cut" and v.state.cutters == (1,)


def test_FLIP_WILD_ena_dealer_names_the_colour_of_a_wild_turned_up() -> None:
    """FLIP-WILD: under Ena a Wild turned up has its colour named by the dealer (003)."""
    s = deal(E3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"]], "W")
    assert s.phase == "color" and s.due == "bor"  # the dealer is the last seat
    assert set(legal_events(s)) == {
        ChooseColor("bor", c) for c in ("red", "yellow", "green", "blue")
    }
    assert apply(s, ChooseColor("ana", "red")).rejected
    v = apply(s, ChooseColor("bor", "green"))
    assert v.accepted and v.clause == "FLIP-WILD"
    assert v.state.color == "G" and v.state.due == "ana" and v.state.phase == "play"
    # the official reading: the first player names the colour (then plays or draws)
    o = deal(O3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"]], "W")
    assert o.phase == "color" and o.due == "ana" and o.color is None
    assert {e.player for e in legal_events(o)} == {"ana"}


def test_FLIP_WD4_ENA_dealer_names_colour_first_player_draws_four_and_loses_turn() -> None:
    """FLIP-WD4-ENA: a Wild Draw Four turned up stays; the dealer names the colour; the first
    player draws 4 and loses the turn (the open point decided yes: first_card.draw_loses_turn)."""
    hands = [["R1", "G1", "Y1"], ["W+4", "B2", "B3"], ["Y5", "Y6", "Y7"]]
    s = deal(E3, hands, "W+4")
    assert str(s.top) == "W+4" and s.phase == "color" and s.due == "cene"
    s = ok(s, ChooseColor("cene", "red"))
    assert s.phase == "owe" and s.due == "ana" and s.pending is not None
    assert s.pending.count == 4
    assert apply(s, Challenge("ana")).rejected  # nobody played it: nothing to challenge
    v = apply(s, Draw("ana"))
    assert v.accepted and v.drawn == (("ana", 4),) and v.skipped == ("ana",)
    assert v.state.due == "bor" and len(v.state.hands[0]) == 7
    # the turned-up card may be overtaken: the four stay owed, so it stacks (OVT-STACK)
    v = apply(s, Overtake("bor", "W+4", color="blue"))
    assert v.accepted and v.state.pending is not None and v.state.pending.count == 8
    assert v.state.due == "cene"
    # official: the Wild Draw Four goes back and another card is turned up (FLIP-WD4-OFF)
    o = deal(O3, hands, ["W+4", "R5"])
    assert str(o.top) == "R5" and o.phase == "play"


def test_FLIP_REV_ena_the_dealers_right_goes_first() -> None:
    """FLIP-REV: under Ena a Reverse turned up makes the player to the dealer's right go first."""
    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["Y5", "Y6", "Y7"], ["G5", "G6", "G7"]]
    s = deal(E3, hands, "RR")  # dealer dan (seat 3): his right is cene
    assert s.direction == -1 and s.due == "cene"
    o = deal(O3, hands, "RR")  # the official reading: the dealer takes the first turn
    assert o.direction == -1 and o.due == "dan"


def test_DEAL_ROTATE_ena_the_deal_passes_left_each_round() -> None:
    """DEAL-ROTATE: under Ena the deal passes left each round (003: "Deal passes left each
    round."): the next round's dealer is the player left of (after) this round's dealer."""
    one = small("ena", 1)
    for dealer in range(3):
        s = deal(one, [["R1"], ["R2"], ["R3"]], "R5", dealer=dealer)
        first = s.due
        assert first is not None and s.seat(first) == (dealer + 1) % 3
        v = apply(s, Play(first, f"R{s.seat(first) + 1}"))
        assert v.state.phase == "deal" and v.state.dealer == (dealer + 1) % 3


def test_TURN_WD4_LEGAL_ena_keeps_the_wild_draw_four_restriction_and_challenge() -> None:
    """TURN-WD4-LEGAL: Ena keeps the official restriction and its challenge (D-WD4-LEGAL-ENA):
    a Wild Draw Four played holding the current colour is found out by its victim's challenge."""
    hands = [["W+4", "R1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    s = ok(deal(E3, hands, "R5"), Play("ana", "W+4", color="blue"))
    assert s.challenge is not None and s.challenge.guilty
    v = apply(s, Challenge("bor"))
    assert v.accepted and v.drawn == (("ana", 4),) and v.state.due == "bor"
    assert v.state.reveal is not None and v.state.reveal.viewer == 1


# -- overtaking ----------------------------------------------------------------------------

FOUR = [["R9", "G1", "Y1"], ["B1", "B2", "B3"], ["R9", "G2", "G3"], ["Y5", "Y6", "Y7"]]


def test_OVT_IDENT_identical_card_played_out_of_turn_before_the_due_player() -> None:
    """OVT-IDENT: a player holding a card identical to the top card may play it out of turn,
    before the player due acts; a card of the same number but another colour is no overtake."""
    s = ok(deal(E3, FOUR, "R5"), Play("ana", "R9"))
    assert Overtake("cene", "R9") in legal_events(s)
    v = apply(s, Overtake("cene", "R9"))
    assert v.accepted and v.clause == "OVT-IDENT"
    assert str(v.state.top) == "R9" and hand(v.state, "cene") == Counter(["G2", "G3"])
    # not identical: same number, other colour
    s2 = ok(
        deal(E3, [["R9", "G1", "Y1"], ["B1", "B2", "B3"], ["G9", "G2", "G3"]], "R5"),
        Play("ana", "R9"),
    )
    bad = apply(s2, Overtake("cene", "G9"))
    assert bad.penalised and bad.key == "penalties.bad_overtake"
    assert [n.key for n in bad.notes][1] == "overtake.enabled"
    # the window closes once the player due has acted (here: drawn)
    late = ok(s, Draw("bor"))
    assert Overtake("cene", "R9") not in legal_events(late)
    v = apply(late, Overtake("cene", "R9"))
    assert v.penalised and "closed" in v.message


def test_OVT_SKIP_players_due_before_the_overtaker_are_skipped() -> None:
    """OVT-SKIP: every player due before the overtaker loses the turn; play continues from the
    overtaker, so the overtaking card's own effect applies from the overtaker's seat."""
    hands = [["R9", "GS", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["R9", "GS", "Y7"]]
    base = deal(E3, hands, "R5")
    v = apply(ok(base, Play("ana", "R9")), Overtake("dan", "R9"))
    assert v.accepted and v.skipped == ("bor", "cene") and v.state.due == "ana"
    # a Skip overtaken: cene (due after ana's Skip) is skipped by the overtake, then dan's own
    # Skip skips ana, the player after dan
    g = deal(E3, hands, "G5")
    s = ok(g, Play("ana", "GS"))
    assert s.due == "cene"
    v = apply(s, Overtake("dan", "GS"))
    assert v.accepted and v.skipped == ("cene", "ana") and v.state.due == "bor"


def test_OVT_STACK_an_overtaking_wild_draw_four_adds_to_the_pending_count() -> None:
    """OVT-STACK: a Wild Draw Four overtaken by a Wild Draw Four stacks: the next player owes
    the total or adds another; Ena stacks only Wild Draw Fours (a Draw Two does not stack)."""
    hands = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "G2", "G3"], ["W+4", "Y6", "Y7"]]
    s = ok(deal(E3, hands, "R5"), Play("ana", "W+4", color="blue"))
    assert s.pending is not None and s.pending.count == 4 and s.due == "bor"
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.accepted and v.skipped == ("bor",)
    assert "stacking.overtake" in [n.key for n in v.notes]
    s = v.state
    assert s.pending is not None and s.pending.count == 8 and s.due == "dan"
    # the victim may add another identical draw card on their own turn...
    added = apply(s, Play("dan", "W+4", color="red"))
    assert added.accepted
    assert added.state.pending is not None and added.state.pending.count == 12
    assert added.state.due == "ana"
    # ...or draws the total and loses the turn
    v = apply(s, Draw("dan"))
    assert v.drawn == (("dan", 8),) and v.skipped == ("dan",) and v.state.due == "ana"
    # a Draw Two does not stack under Ena: each Draw Two is drawn at once by its own victim
    hands2 = [["R+2", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["R+2", "Y6", "Y7"]]
    s = ok(deal(E3, hands2, "R5"), Play("ana", "R+2"))
    assert s.pending is None and s.due == "cene" and len(s.hands[1]) == 5
    v = apply(s, Overtake("dan", "R+2"))
    assert v.accepted and v.drawn == (("ana", 2),) and v.state.due == "bor"
    assert ENA.stacking.overtake == ("W+4",)


def test_OVT_WILDS_any_wild_is_identical_to_a_wild_of_its_rank() -> None:
    """OVT-WILDS: a Wild overtakes a Wild, a Wild Draw Four a Wild Draw Four, whatever colour was
    named, and the overtaker names a new colour; a Wild is not identical to a Wild Draw Four."""
    hands = [["W", "G1", "Y1"], ["B1", "B2", "B3"], ["W", "W+4", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(E3, hands, "R5"), Play("ana", "W", color="blue"))
    v = apply(s, Overtake("cene", "W", color="green"))
    assert v.accepted and v.state.color == "G" and v.state.due == "dan"
    assert apply(s, Overtake("cene", "W")).rejected  # a wild needs its colour
    bad = apply(s, Overtake("cene", "W+4", color="red"))
    assert bad.penalised and bad.drawn == (("cene", 2),)
    never = small("ena", 3, '[overtake]\nwilds = "never"\n[stacking]\novertake = []\n')
    s = ok(deal(never, hands, "R5"), Play("ana", "W", color="blue"))
    v = apply(s, Overtake("cene", "W", color="green"))
    assert v.penalised and v.notes[1].key == "overtake.wilds"


def test_OVT_SELF_a_player_may_not_overtake_their_own_card() -> None:
    """OVT-SELF: the player who played the top card may not overtake it (003: "another
    player"); the key overtake.own_card allows it."""
    hands = [["R9", "R9", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    s = ok(deal(E3, hands, "R5"), Play("ana", "R9"))
    assert Overtake("ana", "R9") not in legal_events(s)
    v = apply(s, Overtake("ana", "R9"))
    assert v.penalised and v.notes[1].key == "overtake.own_card"
    assert v.drawn == (("ana", 2),) and hand(v.state, "ana")["R9"] == 1
    # the card turned up counts as the dealer's (FLIP-ACTION): the dealer may not overtake it
    t = deal(E3, [["G1", "G2", "Y1"], ["B1", "B2", "B3"], ["B4", "G3", "R9"]], "R9")
    assert t.due == "ana" and apply(t, Overtake("cene", "R9")).penalised
    t = deal(E3, [["G1", "G2", "Y1"], ["R9", "B2", "B3"], ["B4", "G3", "Y9"]], "R9")
    assert apply(t, Overtake("bor", "R9")).accepted
    own = small("ena", 3, "[overtake]\nown_card = true\n")
    s = ok(deal(own, hands, "R5"), Play("ana", "R9"))
    v = apply(s, Overtake("ana", "R9"))
    assert v.accepted and v.state.due == "bor" and hand(v.state, "ana") == Counter(["Y1"])


def test_OVT_PENDING_a_draw_that_cannot_stack_is_taken_before_the_overtake_acts() -> None:
    """OVT-PENDING: an overtake while a draw that does not stack is owed: the victim draws it
    first, then the overtaking card acts from the overtaker's seat (key overtake.on_pending)."""
    jump = small("jump-in", 3)
    hands = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(jump, hands, "R5"), Play("ana", "W+4", color="blue"))
    assert s.phase == "owe" and s.challenge is not None  # pending: bor may still challenge
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.accepted
    assert v.drawn == (("bor", 4),) and v.skipped == ("bor",)
    assert v.state.pending is not None and v.state.pending.count == 4  # not stacked
    assert v.state.due == "dan" and v.state.challenge is not None
    assert v.state.challenge.offender == 2
    forbid = small("jump-in", 3, '[overtake]\non_pending = "forbidden"\n')
    s = ok(deal(forbid, hands, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.rejected and v.key == "overtake.on_pending"
    # with Ena's penalties the same refused overtake is a bad overtake
    strict = small("ena", 3, '[overtake]\non_pending = "forbidden"\n[stacking]\novertake = []\n')
    s = ok(deal(strict, hands, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.penalised and v.notes[1].key == "overtake.on_pending"


def test_OVT_RACE_the_first_recorded_wins_the_second_is_judged_on_the_new_top() -> None:
    """OVT-RACE: of two moves arriving together the first recorded wins; the second is judged
    against the new top card (the due player's play came first: the overtake is now wrong)."""
    hands = [["R9", "G1", "Y1"], ["R3", "B2", "B3"], ["G4", "G2", "G3"], ["R9", "Y6", "Y7"]]
    s = ok(deal(E3, hands, "R5"), Play("ana", "R9"))
    s = ok(s, Play("bor", "R3"))
    v = apply(s, Overtake("dan", "R9"))
    assert v.penalised and "R3" in v.message and v.drawn == (("dan", 2),)
    # the other order: dan's overtake first, then bor's play is out of turn
    s = ok(deal(E3, hands, "R5"), Play("ana", "R9"))
    s = ok(s, Overtake("dan", "R9"))
    v = apply(s, Play("bor", "R3"))
    assert v.penalised and v.key == "penalties.out_of_turn"
    # a racer who has become due by the first move plays instead: an Overtake is refused
    hands[2] = ["R9", "G2", "G3"]
    hands[3] = ["Y5", "Y6", "Y7"]
    s = ok(ok(deal(E3, hands, "R5"), Play("ana", "R9")), Play("bor", "R3"))
    assert s.due == "cene" and apply(s, Overtake("cene", "R9")).rejected
    assert apply(s, Play("cene", "R9")).accepted


# -- penalties --------------------------------------------------------------------------------


def test_PEN_ENA_playing_out_of_turn_costs_two_cards() -> None:
    """PEN-ENA: playing out of turn costs 2 cards; the card stays in the offender's hand."""
    s = deal(E3, FOUR, "R5")
    v = apply(s, Play("cene", "G2"))
    assert v.penalised and v.clause == "PEN-ENA" and v.key == "penalties.out_of_turn"
    assert v.drawn == (("cene", 2),) and hand(v.state, "cene")["G2"] == 1
    assert v.state.due == "ana" and only_hand_and_pile_changed(s, v.state)
    assert apply(deal(O3, FOUR, "R5"), Play("cene", "G2")).rejected  # official: not a move


def test_PEN_ENA_overtaking_incorrectly_costs_two_cards() -> None:
    """PEN-ENA: an incorrect overtake (not identical, own card, window closed) costs 2 cards."""
    s = ok(deal(E3, FOUR, "R5"), Play("ana", "R9"))
    v = apply(s, Overtake("dan", "Y5"))
    assert v.penalised and v.clause == "PEN-ENA" and v.key == "penalties.bad_overtake"
    assert v.drawn == (("dan", 2),) and only_hand_and_pile_changed(s, v.state)
    assert apply(ok(deal(O3, FOUR, "R5"), Play("ana", "R9")), Overtake("cene", "R9")).rejected


def test_PEN_ENA_playing_an_incorrect_card_costs_two_cards() -> None:
    """PEN-ENA: playing a card that may not be played costs 2 cards; it goes back to the hand."""
    s = deal(E3, FOUR, "R5")
    v = apply(s, Play("ana", "G1"))
    assert v.penalised and v.clause == "PEN-ENA" and v.key == "penalties.wrong_card"
    assert v.drawn == (("ana", 2),) and hand(v.state, "ana")["G1"] == 1


def test_PEN_ENA_drawing_too_many_cards_costs_two_cards() -> None:
    """PEN-ENA: drawing again in the same turn (drawing too many cards) costs 2 cards."""
    s = ok(deal(E3, FOUR, "G5", draw=["G7"]), Draw("ana"))
    assert s.phase == "drawn" and s.due == "ana"
    v = apply(s, Draw("ana"))
    assert v.penalised and v.clause == "PEN-ENA" and v.key == "penalties.draw_too_many"
    assert v.drawn == (("ana", 2),) and v.state.phase == "drawn"
    assert only_hand_and_pile_changed(s, v.state)
    assert apply(ok(deal(O3, FOUR, "G5", draw=["G7"]), Draw("ana")), Draw("ana")).rejected


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
    s = deal(O3, FOUR, "R5")
    v = apply(s, Play("ana", "G1"))
    assert v.penalised and v.key == "penalties.wrong_card" and v.clause == "PEN-WRONG-OFF"
    assert v.drawn == (("ana", 2),) and hand(v.state, "ana")["G1"] == 1
    assert v.state.due == "bor"


def test_PEN_ADVICE_advice_is_no_event_of_the_referee() -> None:
    """PEN-ADVICE: giving advice is not something the referee sees: no event carries it and no
    listed event is one; it can only be a table's record (docs/decisions.md D-ADVICE)."""
    import ena_rules.events as events

    s = ok(deal(E3, FOUR, "R5"), Play("ana", "R9"))
    kinds = {type(e).__name__ for e in legal_events(s)}
    assert kinds <= {"Play", "Overtake", "Draw", "Pass", "CallUno", "Challenge", "ChooseColor"}
    assert not [n for n in events.__all__ if "advice" in n.lower()]
    with pytest.raises(ValueError):
        apply(s, "bor gives cene advice")  # type: ignore[arg-type]


def test_UNO_FALSE_calling_out_a_player_not_catchable_costs_the_caller_two_cards() -> None:
    """UNO-FALSE: under Ena a false catch (the target is not catchable, or the window closed)
    costs the caller 2 cards; officially it has no effect (rejected)."""
    hands = [["R9", "G1"], ["R3", "B2"], ["R7", "G2"]]
    s = deal(small("ena", 2), hands, "R5")
    v = apply(s, CallUno("bor", "cene"))
    assert v.penalised and v.clause == "UNO-FALSE" and v.key == "uno.false_catch_penalty"
    assert v.drawn == (("bor", 2),)
    assert apply(deal(small("official", 2), hands, "R5"), CallUno("bor", "cene")).rejected
    s = ok(s, Play("ana", "R9"))  # ana holds one card and has not called
    assert ok(s, CallUno("cene", "ana")).hands[0] != s.hands[0]  # in time: a catch
    late = ok(s, Play("bor", "R3"))  # bor's turn action closes the window
    v = apply(late, CallUno("cene", "ana"))
    assert v.penalised and v.drawn == (("cene", 2),)


# -- scoring ------------------------------------------------------------------------------------


def test_SCORE_ENA_each_scores_own_hand_lowest_total_wins() -> None:
    """SCORE-ENA: the player who went out scores 0, every other player their own hand; the game
    ends when someone reaches 500 and the lowest total wins."""
    one = small("ena", 1)
    s = deal(one, [["W"], ["R3"], ["R1"]], "R5", dealer=0, scores=[460, 300, 300])
    v = apply(s, Play("bor", "R3"))
    assert v.accepted and v.state.last_round is not None
    assert v.state.last_round.points == (50, 0, 1)
    assert v.state.scores == (510, 300, 301)
    assert v.state.phase == "over" and v.state.winner == 1
    # below the target nothing ends
    s = deal(one, [["W"], ["R3"], ["R1"]], "R5", dealer=0, scores=[10, 20, 30])
    v = apply(s, Play("bor", "R3"))
    assert v.state.phase == "deal" and v.state.winner is None and v.state.dealer == 1


def test_SCORE_ENA_a_tie_for_the_lowest_total_plays_on() -> None:
    """SCORE-ENA: when the target is reached but the lowest total is tied, play continues until
    the tie is broken (000: "permainan dilanjutkan hingga tie-breaker tercapai")."""
    one = small("ena", 1)
    s = deal(one, [["W"], ["R3"], ["R0"]], "R5", dealer=0, scores=[460, 300, 300])
    v = apply(s, Play("bor", "R3"))
    assert v.state.scores == (510, 300, 300)
    assert v.state.phase == "deal" and v.state.winner is None
    assert "tied" in v.message
    # the next round breaks the tie
    s2 = start_round(
        one,
        ["ana", "bor", "cene"],
        dealer="bor",
        hands=[["R2"], ["R1"], ["R6"]],
        turned="R5",
        scores=v.state.scores,
    )
    v2 = apply(s2, Play("cene", "R6"))
    assert v2.state.scores == (512, 301, 300) and v2.state.winner == 2


# -- whole games ------------------------------------------------------------------------------


@attrs.define
class Tally:
    """What happened in a driven game."""

    rounds: int = 0
    overtakes: int = 0
    stacks_by_overtake: int = 0
    stacks_by_play: int = 0
    challenges: int = 0
    catches: int = 0
    penalties: Counter[str] = attrs.field(factory=Counter)


def _mistakes(s: GameState, rng: random.Random) -> list[tuple[object, str]]:
    """Penalised events this state allows, with the penalty key each must be judged under."""
    out: list[tuple[object, str]] = []
    due = s.turn
    others = [i for i in range(len(s.players)) if i != due and s.hands[i]]
    if s.phase == "play" and s.hands[due]:
        legal = set(legal_events(s))
        wrong = [
            c for c in s.hands[due] if c.color is not None and Play(s.players[due], c) not in legal
        ]
        if wrong:
            out.append((Play(s.players[due], rng.choice(wrong)), "penalties.wrong_card"))
    if others:
        q = rng.choice(others)
        c = rng.choice(s.hands[q])
        color = "red" if c.color is None else None
        out.append((Play(s.players[q], c, color=color), "penalties.out_of_turn"))
        top = s.top
        if top is not None and (c.rank != top.rank or c.color != top.color):
            out.append((Overtake(s.players[q], c, color=color), "penalties.bad_overtake"))
        safe = [i for i in range(len(s.players)) if i not in s.uno_exposed and i != q]
        if safe:
            out.append(
                (CallUno(s.players[q], s.players[rng.choice(safe)]), "uno.false_catch_penalty")
            )
    if s.phase == "drawn":
        out.append((Draw(s.players[due]), "penalties.draw_too_many"))
    return out


def _pick(s: GameState, rng: random.Random) -> object:
    events = legal_events(s)
    overtakes = [e for e in events if isinstance(e, Overtake)]
    if overtakes and rng.random() < 0.9:
        return rng.choice(overtakes)
    calls = [e for e in events if isinstance(e, CallUno)]
    if calls and rng.random() < 0.7:
        return rng.choice(calls)
    plays = [e for e in events if isinstance(e, Play)]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    if Challenge(s.players[s.turn]) in events and rng.random() < 0.3:
        return Challenge(s.players[s.turn])
    rest = [e for e in events if not isinstance(e, CallUno)] or list(events)
    return rng.choice(rest)


def _total_cards(s: GameState) -> Counter[object]:
    c: Counter[object] = Counter(s.draw_pile)
    c.update(s.discard)
    for h in s.hands:
        c.update(h)
    return c


def play_game(
    variant: Variant, n: int, seed: int, *, inject: float = 0.04
) -> tuple[GameState, Tally]:
    """Drive a game from the cut to its end through legal_events + apply, injecting mistakes."""
    rng = random.Random(seed)
    s = new_game(variant, NAMES[:n])
    tally = Tally()
    attempt = 0
    deck = Counter(canonical_deck(variant))
    for _ in range(400_000):
        if s.phase == "over":
            return s, tally
        if s.phase == "cut":
            v = apply(s, cut_event(s, seed, attempt))
            attempt += 1
            assert v.accepted and v.clause in ("DEAL-CUT-ENA", "DEAL-CUT-TIE")
            s = v.state
            continue
        if s.phase == "deal":
            s = ok(s, deal_event(s, seed))
            tally.rounds += 1
            continue
        if rng.random() < inject:
            options = _mistakes(s, rng)
            if options:
                event, key = rng.choice(options)
                v = apply(s, event)  # type: ignore[arg-type]
                assert v.penalised, (str(v), event)
                assert key in [note.key for note in v.notes], (str(v), key)
                offender = event.player  # type: ignore[attr-defined]
                seat = s.seat(offender)
                got = len(v.state.hands[seat]) - len(s.hands[seat])
                assert v.drawn in ((), ((offender, got),)) and got <= 2
                assert got == 2 or len(s.draw_pile) + len(s.discard) - 1 < 2
                assert only_hand_and_pile_changed(
                    s,
                    attrs.evolve(
                        v.state, uno_exposed=s.uno_exposed, discard=s.discard, shuffles=s.shuffles
                    ),
                )
                tally.penalties[key] += 1
                s = v.state
                continue
        event = _pick(s, rng)
        v = apply(s, event)  # type: ignore[arg-type]
        assert v.accepted, (str(v), event)
        assert v.clause and v.key
        keys = [note.key for note in v.notes]
        if isinstance(event, Overtake):
            tally.overtakes += 1
            tally.stacks_by_overtake += "stacking.overtake" in keys
        elif isinstance(event, Play) and "stacking.overtake" in keys:
            tally.stacks_by_play += 1
        tally.challenges += isinstance(event, Challenge)
        tally.catches += isinstance(event, CallUno) and event.target is not None
        s = v.state
        if s.phase != "over" and s.hands:
            assert _total_cards(s) == deck
    raise AssertionError("the game did not end")


def _check_game_end(s: GameState) -> None:
    assert s.phase == "over" and s.winner is not None
    assert max(s.scores) >= 500
    low = min(s.scores)
    assert s.scores[s.winner] == low and s.scores.count(low) == 1
    assert legal_events(s) == () and apply(s, Draw(s.players[0])).rejected


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 3), (10, 3)])
def test_SCORE_ENA_whole_ena_games_from_the_cut_to_the_lowest_total(
    players: int, seed: int
) -> None:
    """SCORE-ENA: whole Ena games with 2, 4 and 10 players, from the cut (DEAL-CUT-ENA) to the
    end of the game (lowest total wins), through legal_events + apply only, with overtakes
    (OVT-IDENT), stacking (OVT-STACK) and penalised mistakes (PEN-ENA, UNO-FALSE) on the way."""
    s, tally = play_game(ENA, players, seed)
    _check_game_end(s)
    assert tally.rounds >= 2
    assert tally.overtakes > 0
    if players > 2:
        assert tally.stacks_by_overtake > 0
    else:
        # with two players the pending draw's victim is always due (they stack by playing) and
        # the only other player played the card: no stack by overtaking is possible (OVT-SELF)
        assert tally.stacks_by_play > 0 and tally.stacks_by_overtake == 0
    for key in (
        "penalties.out_of_turn",
        "penalties.wrong_card",
        "penalties.bad_overtake",
        "uno.false_catch_penalty",
    ):
        assert tally.penalties[key] > 0, (key, tally)
    assert tally.penalties["penalties.draw_too_many"] > 0


def test_SCORE_ENA_games_replay_identically() -> None:
    """SCORE-ENA: the same seed gives the same game (chance is recorded, the referee holds no
    randomness)."""
    a, ta = play_game(ENA, 3, 9)
    b, tb = play_game(ENA, 3, 9)
    assert a == b and ta == tb


def test_PEN_ENA_pass_only_after_a_playable_draw() -> None:
    """PEN-ENA: a Pass out of place is not a mistake the sources list: it is rejected."""
    s = deal(E3, FOUR, "R5")
    assert apply(s, Pass("ana")).rejected
