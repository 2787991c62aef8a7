"""House rules of playing cards (docs/house-rules.md), more cases: the exact words of each
ruling and the situations tests/test_house_play.py does not reach (found by the mutation run,
docs/verification.md section 6)."""

from __future__ import annotations

import attrs

from ena_rules import Draw, GameState, Overtake, Pass, Play, apply, legal_events, view
from ena_rules.cards import Card
from ena_rules.testing import deal, derived, hand, judged, ok, run, transcript

# -- HR-DEFLECT-REVERSE, HR-DEFLECT-SKIP --------------------------------------------------------

BACK = derived("official", 2, '[play]\ndeflect_back = ["+2", "W+4"]\n')
ON = derived("official", 2, '[play]\ndeflect_on = ["+2", "W+4"]\n')
FOUR = [["G+2", "G1"], ["BR", "BS"], ["Y4", "Y6"], ["Y7", "Y8"]]


def test_HR_DEFLECT_REVERSE_the_ruling_in_words() -> None:
    """The deflection, the UNO exposure of the one card left, the reverse and the new debt."""
    v = run(ok(deal(BACK, FOUR, "G5"), Play("ana", "G+2")), Play("bor", "BR"))
    assert transcript(v) == [
        "HR-DEFLECT-REVERSE play.deflect_back: bor plays BR: BR deflects the pending +2.",
        "UNO-CATCH uno.catch_penalty: bor has one card left and must call UNO.",
        "ACT-REV ranks.R.effects: Play now runs counter-clockwise.",
        "HR-DEFLECT-REVERSE play.deflect_back: BR sends the owed +2 back to ana.",
        "ACT-D2 ranks.+2.effects: ana owes 2 cards and may still answer them.",
    ]
    assert v.state.uno_exposed == (1,)


def test_HR_DEFLECT_SKIP_the_ruling_in_words() -> None:
    v = run(ok(deal(ON, FOUR, "G5"), Play("ana", "G+2")), Play("bor", "BS"))
    assert transcript(v) == [
        "HR-DEFLECT-SKIP play.deflect_on: bor plays BS: BS deflects the pending +2.",
        "UNO-CATCH uno.catch_penalty: bor has one card left and must call UNO.",
        "HR-DEFLECT-SKIP play.deflect_on: BS sends the owed +2 on to cene.",
        "ACT-D2 ranks.+2.effects: cene owes 2 cards and may still answer them.",
    ]


def test_HR_DEFLECT_SKIP_with_more_cards_left_nobody_is_exposed() -> None:
    hands = [["G+2", "G1", "G2"], ["BR", "BR", "B2"], ["Y4", "Y6", "Y7"]]
    v = run(ok(deal(derived("crazy", 3), hands, "G5"), Play("ana", "G+2")), Play("bor", "BR"))
    assert v.state.uno_exposed == ()
    assert not any("UNO" in line for line in transcript(v))


def test_HR_DEFLECT_REVERSE_the_deflecting_card_is_its_players_own_card() -> None:
    """OVT-SELF: the deflecting card opens the overtaking window as its player's card, so they
    may not overtake it with their own identical one."""
    hands = [["G+2", "G1", "G2"], ["BR", "BR", "B2"], ["Y4", "Y6", "Y7"]]
    s = ok(deal(derived("crazy", 3), hands, "G5"), Play("ana", "G+2"), Play("bor", "BR"))
    assert s.last_player == 1
    assert transcript(apply(s, Overtake("bor", "BR"))) == [
        "OVT-SELF overtake.own_card: a player may not overtake their own card"
    ]


def test_HR_DEFLECT_SKIP_a_last_deflecting_card_in_words() -> None:
    """END-LAST-DRAW: the new victim draws the deflected count before the round is scored."""
    s = ok(deal(ON, FOUR, "G5"), Play("ana", "G+2"))
    s = attrs.evolve(s, hands=(s.hands[0], (Card("B", "S"),), *s.hands[2:]))
    assert transcript(run(s, Play("bor", "BS"))) == [
        "HR-DEFLECT-SKIP play.deflect_on: bor plays BS: BS deflects the pending +2.",
        "HR-DEFLECT-SKIP play.deflect_on: BS sends the owed +2 on to cene.",
        "END-LAST-DRAW scoring.last_draw_counts: cene draws 2 (the deflected draw).",
        "END-ROUND scoring.last_draw_counts: bor plays their last card and wins the round.",
        "SCORE-OFF scoring.mode: bor scores 27 for the others' hands.",
        "DEAL-ROTATE deal.rotate: ana deals the next round.",
    ]


# -- HR-MULTI-PLAY, HR-BOMB ---------------------------------------------------------------------

MULTI = derived("official", 4, "[play]\nmulti = true\n")
BOMB = derived("official", 4, "[play]\nmulti = true\nbomb = 3\n")
HANDS = [["G1", "R1", "B1", "Y9"], ["Y3", "B3", "B4", "B6"], ["Y4", "Y6", "Y8", "B8"]]


def test_HR_MULTI_PLAY_the_ruling_in_words() -> None:
    v = run(deal(MULTI, HANDS, "G5"), Play("ana", "G1", more=["B1"]))
    assert transcript(v) == [
        "TURN-MATCH turn.match: ana plays G1: it matches.",
        "HR-MULTI-PLAY play.multi: ana plays G1, B1 at once.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]


def test_HR_BOMB_the_ruling_in_words() -> None:
    v = run(deal(BOMB, HANDS, "G5"), Play("ana", "G1", more=["B1", "R1"]))
    assert transcript(v) == [
        "TURN-MATCH turn.match: ana plays G1: it matches.",
        "HR-MULTI-PLAY play.multi: ana plays G1, B1, R1 at once.",
        "UNO-CATCH uno.catch_penalty: ana has one card left and must call UNO.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
        "HR-BOMB play.bomb: A bomb of 3 cards: every other player draws one.",
        "HR-BOMB play.bomb: bor draws 1 (the bomb).",
        "HR-BOMB play.bomb: cene draws 1 (the bomb).",
    ]


def test_HR_MULTI_PLAY_a_card_that_cannot_go_together_does_not_hide_the_others() -> None:
    """legal_events lists the multi-plays of every number held, whatever comes first in hand."""
    s = deal(MULTI, [["GS", "G1", "R1", "Y9"], ["Y3", "B3", "B4", "B6"]], "G5")
    multi = [e for e in legal_events(s) if isinstance(e, Play) and e.more]
    assert multi == [Play("ana", "G1", more=("R1",))]


def test_HR_MULTI_PLAY_after_a_draw_only_the_drawn_card_alone() -> None:
    """After drawing a playable card, legal_events offers it alone: no several at once."""
    s = deal(MULTI, [["B7", "R7", "Y9", "Y8"], ["Y3", "B3", "B4", "B6"]], "G5", draw=["G7"])
    s = ok(s, Draw("ana"))
    assert s.phase == "drawn"
    assert list(legal_events(s)) == [Play("ana", "G7"), Pass("ana")]


# -- HR-DEFLECT-REVERSE with cards composed in TOML; a position without its last player ---------
# (killing survivors of the mutation run, docs/verification.md section 6)

COMPOSED = derived(
    "official",
    3,
    '[play]\ndeflect_back = ["+2"]\n[deck]\nwild = { "WR" = 1 }\ncolored = { "RX" = 1, "RR" = 1 }\n'
    '[ranks.WR]\neffects = [{ op = "choose_color" }, { op = "reverse" }]\nscore = 50\n'
    '[ranks.RX]\neffects = [{ op = "reverse" }, { op = "swap_hands" }]\nscore = 20\n'
    '[ranks.RR]\neffects = [{ op = "reverse" }, { op = "reverse" }]\nscore = 20\n',
)
COMPOSED_HANDS = [["G+2", "G1", "G2"], ["WR", "BRX", "BRR"], ["Y4", "Y6", "Y9"], ["Y7", "Y8", "Y3"]]


def owed_by_bor() -> GameState:
    return ok(deal(COMPOSED, COMPOSED_HANDS, "G5"), Play("ana", "G+2"))


def test_HR_DEFLECT_REVERSE_a_wild_deflecting_card_names_its_colour() -> None:
    v = run(owed_by_bor(), Play("bor", "WR", color="red"))
    assert transcript(v) == [
        "HR-DEFLECT-REVERSE play.deflect_back: bor plays WR: WR deflects the pending +2.",
        "DECK-WC ranks.WR.effects: bor names red.",
        "DECK-WC ranks.WR.effects: Play now runs counter-clockwise.",
        "HR-DEFLECT-REVERSE play.deflect_back: WR sends the owed +2 back to ana.",
        "ACT-D2 ranks.+2.effects: ana owes 2 cards and may still answer them.",
    ]
    assert v.state.color == "R"


def test_HR_DEFLECT_REVERSE_a_swapping_deflecting_card_swaps_with_its_target() -> None:
    v = run(owed_by_bor(), Play("bor", "BRX", target="dan"))
    assert "ACT-REV ranks.RX.effects: bor swaps hands with dan." in transcript(v)
    assert hand(v.state, "bor") == ["Y7", "Y8", "Y3"]


def test_HR_DEFLECT_REVERSE_the_draw_goes_back_to_its_sender_whatever_the_direction() -> None:
    """A card that reverses twice leaves play clockwise: the draw still goes back to ana, who
    sent it, not on to cene, the next player."""
    v = run(owed_by_bor(), Play("bor", "BRR"))
    assert "HR-DEFLECT-REVERSE play.deflect_back: BRR sends the owed +2 back to ana." in (
        transcript(v)
    )
    assert v.state.pending is not None and v.state.pending.victim == 0
    assert v.state.direction == 1


def test_HR_DEFLECT_REVERSE_a_last_wild_deflecting_card_names_the_colour() -> None:
    s = owed_by_bor()
    s = attrs.evolve(s, hands=(s.hands[0], (Card(None, "WR"),), *s.hands[2:]))
    v = run(s, Play("bor", "WR", color="red"))
    assert "END-LAST-DRAW scoring.last_draw_counts: ana draws 2 (the deflected draw)." in (
        transcript(v)
    )
    assert v.state.phase == "deal" and v.state.color == "R"


def test_HR_DEFLECT_REVERSE_a_position_without_its_last_player_sends_it_back_a_seat() -> None:
    """A position that does not say who put the top card down (its optional "last"): the draw
    goes back to the seat before the victim's."""
    hands = [["G1", "G2"], ["G+2", "B2"], ["BR", "Y5"], ["Y7", "Y8"]]
    s = ok(deal(BACK, hands, "G5"), Play("ana", "G1"), Play("bor", "G+2"))
    s = attrs.evolve(s, last_player=None)
    v = run(s, Play("cene", "BR"))
    assert "HR-DEFLECT-REVERSE play.deflect_back: BR sends the owed +2 back to bor." in (
        transcript(v)
    )
    assert v.state.pending is not None and v.state.pending.victim == 1


def test_HR_MULTI_PLAY_with_a_finishing_rule_the_multi_plays_are_still_listed() -> None:
    """HR-MULTI-PLAY with HR-FINISH-WILD on: legal_events still lists the several-card plays."""
    v = derived("official", 4, "[play]\nmulti = true\nno_wild_finish = true\n")
    s = deal(v, [["G1", "R1", "W", "Y9"], ["Y3", "B3", "B4", "B6"]], "G5")
    multi = [e for e in legal_events(s) if isinstance(e, Play) and e.more]
    assert multi == [Play("ana", "G1", more=("R1",))]


def test_HR_MULTI_PLAY_on_unseen_cards_no_more_cards_than_the_hand_holds() -> None:
    """On a partial state (hands unseen) a several-card play may be made of unseen cards, but
    not of more cards than the hand holds."""
    from ena_rules.rules.unseen import forget

    two = derived("official", 2, "[play]\nmulti = true\n")
    s = forget(deal(two, [["G1", "R1"], ["G3", "B4"]], "G5"))
    v = apply(s, Play("ana", "G1", more=["R1", "B1"]))
    assert (v.outcome, v.clause, v.key, v.message) == (
        "rejected",
        "TURN-MATCH",
        "turn.from_hand",
        "ana does not hold G1, R1, B1",
    )
    assert apply(s, Play("ana", "G1", more=["R1"])).accepted


def test_HR_MULTI_PLAY_several_cards_only_on_a_turns_play_in_words() -> None:
    """HR-MULTI-PLAY: after a draw, or on a draw owed (a stacking variant), several cards at
    once are refused, saying which."""
    s = deal(MULTI, [["B7", "R7", "Y9", "Y8"], ["Y3", "B3", "B4", "B6"]], "G5", draw=["G7"])
    drawn = ok(s, Draw("ana"))
    assert judged(drawn, Play("ana", "B7", more=["R7"]))[1:] == (
        "play.multi",
        None,
        "B7, R7: several cards go down only on a turn's play, not after a draw",
    )
    stack = derived("house-stack", 4, "[play]\nmulti = true\n")
    hands = [["G+2", "G1", "G2", "Y1"], ["B7", "R7", "Y9", "Y8"]]
    owed = ok(deal(stack, hands, "G5"), Play("ana", "G+2"))
    assert owed.phase == "owe"
    assert judged(owed, Play("bor", "B7", more=["R7"]))[1:] == (
        "play.multi",
        None,
        "B7, R7: several cards go down only on a turn's play, not on a draw owed",
    )


def test_HR_MULTI_PLAY_every_copy_must_be_held_even_in_a_view() -> None:
    """HR-MULTI-PLAY: the copies played must be held; in a player's view (another's hand
    unknown) a play needing more copies than the deck has unseen is refused too."""
    s = deal(MULTI, [["B7", "R7", "Y9", "Y8"], ["Y3", "B3", "B4", "B6"]], "G5")
    assert judged(s, Play("ana", "B7", more=["B7"]))[1:] == (
        "turn.from_hand",
        None,
        "ana does not hold B7 2 times",
    )
    seen_by_bor = view(s, "bor").state
    assert seen_by_bor.partial and set(seen_by_bor.hands[0]) == {Card(None, "?")}
    assert judged(seen_by_bor, Play("ana", "B7", more=["B7", "B7"]))[1:] == (
        "turn.from_hand",
        None,
        "ana does not hold B7 3 times",
    )


def test_HR_DEFLECT_REVERSE_a_reversing_card_that_draws_does_not_deflect() -> None:
    """HR-DEFLECT-REVERSE: a card with a draw effect never deflects an owed draw, even when it
    also reverses (it could only stack, HOUSE-STACK, which this variant does not have)."""
    v = derived(
        "official",
        3,
        '[play]\ndeflect_back = ["+2"]\n[deck]\ncolored = { "RD" = 1 }\n'
        '[ranks.RD]\neffects = [{ op = "draw", count = 2 }, { op = "reverse" }]\nscore = 20\n',
    )
    hands = [["G+2", "G1", "G2"], ["BRD", "B1", "B2"], ["Y4", "Y6", "Y9"]]
    s = ok(deal(v, hands, "G5"), Play("ana", "G+2"))
    assert s.phase == "owe" and s.due == "bor"
    assert judged(s, Play("bor", "BRD")) == (
        "mistake",
        "stacking.answer",
        None,
        "bor owes 2 cards: draw them; BRD cannot answer them",
    )
