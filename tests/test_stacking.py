"""Stacking draws: OVT-STACK, HOUSE-STACK.

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

from ena_rules import (
    Challenge,
    Draw,
    Overtake,
    Play,
    apply,
    legal_events,
    load_variant,
)
from ena_rules.testing import deal, derived, ok, transcript

E3 = derived("ena", 3)

ENA = load_variant("ena")


ENA_IA = derived("ena", 3)


JUMP = derived("jump-in", 3)


HANDS = [["R+2", "W+4", "Y1"], ["G+2", "W+4", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]


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


def test_OVT_STACK_overtaking_a_wild_draw_four_stacks_and_the_overtaker_names_the_colour() -> None:
    """OVT-STACK (D-OVT-WILD): a Wild Draw Four overtaken by a Wild Draw Four: the overtaker
    names the colour, the count stacks to 8 and falls on the player after the overtaker; on the
    jump-in base (nothing stacks) the first victim draws 4 first and the next owes 4."""
    hands = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(ENA_IA, hands, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.accepted and v.state.color == "G" and v.drawn == ()
    assert v.state.pending is not None and v.state.pending.count == 8
    assert v.state.due == "dan" and v.state.pending.victim == 3
    s = ok(deal(JUMP, hands, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.accepted and v.drawn == (("bor", 4),) and v.state.color == "G"
    assert v.state.pending is not None and v.state.pending.count == 4


def test_HOUSE_STACK_a_draw_two_answered_by_a_draw_two_grows_the_count() -> None:
    """HOUSE-STACK: a player hit by a +2 may answer with their own +2 (any colour); the count
    grows until someone cannot answer, who draws it all and loses the turn."""
    stack = derived("house-stack", 3)
    s = ok(deal(stack, HANDS, "R5"), Play("ana", "R+2"))
    assert s.phase == "owe" and s.pending is not None and s.pending.count == 2
    assert Play("bor", "G+2") in legal_events(s)
    v = apply(s, Play("bor", "G+2"))
    assert v.accepted and v.clause == "HOUSE-STACK"
    s = v.state
    assert s.pending is not None and s.pending.count == 4 and s.due == "cene"
    v = apply(s, Draw("cene"))
    assert v.drawn == (("cene", 4),) and v.skipped == ("cene",) and v.state.due == "dan"
    # without the house rule the +2 is drawn at once
    o = ok(deal(derived("official", 3), HANDS, "R5"), Play("ana", "R+2"))
    assert o.pending is None and o.due == "cene" and len(o.hands[1]) == 5


def test_HOUSE_STACK_a_wild_draw_four_answered_by_a_wild_draw_four() -> None:
    """HOUSE-STACK: +4 on +4; the last +4 may still be challenged by its victim (CHAL-WHO)."""
    stack = derived("house-stack", 3)
    s = ok(deal(stack, HANDS, "G5"), Play("ana", "W+4", color="red"))
    v = apply(s, Play("bor", "W+4", color="blue"))
    assert v.accepted and v.state.pending is not None and v.state.pending.count == 8
    assert Challenge("cene") in legal_events(v.state)
    assert apply(v.state, Draw("cene")).drawn == (("cene", 8),)


def test_HOUSE_STACK_the_plus_four_on_plus_two_key() -> None:
    """HOUSE-STACK: whether a +4 may answer a +2 (and back) is the key stacking.answer: off in
    house-stack (the +4 is then a wrong card), on in house-stack-mixed."""
    s = ok(deal(derived("house-stack", 3), HANDS, "R5"), Play("ana", "R+2"))
    assert Play("bor", "W+4", color="red") not in legal_events(s)
    v = apply(s, Play("bor", "W+4", color="red"))
    assert v.penalised and v.key == "penalties.wrong_card" and v.state.pending == s.pending
    mixed = derived("house-stack-mixed", 3)
    s = ok(deal(mixed, HANDS, "R5"), Play("ana", "R+2"))
    s = ok(s, Play("bor", "W+4", color="blue"))
    assert s.pending is not None and s.pending.count == 6
    s = ok(deal(mixed, HANDS, "R5"), Play("ana", "W+4", color="green"))
    s = ok(s, Play("bor", "G+2"))  # and back: a +2 on a +4
    assert s.pending is not None and s.pending.count == 6 and s.due == "cene"
    assert dict(load_variant("house-stack-mixed").stacking.answer) == {
        "+2": ("+2", "W+4"),
        "W+4": ("W+4", "+2"),
    }


def test_HOUSE_STACK_the_key_works_on_the_ena_base_too() -> None:
    """HOUSE-STACK: the same key on the Ena base: a +2 becomes answerable by a +2."""
    ena_stack = derived("ena", 3, '[stacking]\nanswer = { "+2" = ["+2"] }\n')
    s = ok(deal(ena_stack, HANDS, "R5"), Play("ana", "R+2"))
    assert s.pending is not None and s.due == "bor"
    s = ok(s, Play("bor", "G+2"))
    assert s.pending is not None and s.pending.count == 4


def test_HOUSE_STACK_answers_and_refusals_in_words() -> None:
    """HOUSE-STACK: a +2 answered by a +2 stacks (the verdict cites the answer key); a card that
    cannot answer is a wrong card, and with no challenge possible the verdict offers only the
    draw."""
    stack = derived("house-stack", 3)
    hands = [["R+2", "G1", "Y1"], ["B+2", "B2", "R3"], ["G4", "G2", "G3"]]
    s = ok(deal(stack, hands, "R5"), Play("ana", "R+2"))
    v = apply(s, Play("bor", "B+2"))
    assert transcript(v) == [
        "HOUSE-STACK stacking.answer: bor plays B+2: B+2 is stacked on the pending +2.",
        "HOUSE-STACK stacking.answer: The draw is stacked: cene now owes 4.",
        "ACT-D2 ranks.+2.effects: cene owes 4 cards and may still answer them.",
    ]
    wrong = apply(s, Play("bor", "R3"))
    assert "bor owes 2 cards: draw them; R3 cannot answer them" in wrong.notes[0].text


def test_OVT_STACK_a_stacking_play_by_the_victim_cites_the_overtake_key() -> None:
    """OVT-STACK: under Ena the victim of a W+4 may put their own W+4 on it (the stack is an
    identical card); the verdict cites ``stacking.overtake``."""
    hands = [["W+4", "G1", "Y1"], ["W+4", "B2", "B3"], ["G4", "G2", "G3"]]
    s = ok(deal(E3, hands, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Play("bor", "W+4", color="green"))
    assert transcript(v)[0] == (
        "OVT-STACK stacking.overtake: bor plays W+4: W+4 is stacked on the pending +4."
    )
    assert v.state.pending is not None and v.state.pending.count == 8


def test_HOUSE_STACK_a_card_that_cannot_answer_is_refused_citing_the_answer_key() -> None:
    """HOUSE-STACK: without a wrong-card penalty, a card that cannot answer a pending +2 is
    refused, citing ``stacking.answer``."""
    v3 = derived("house-stack", 3, "[penalties]\nwrong_card = 0\n")
    hands = [["R+2", "G1", "Y1"], ["B+2", "B2", "R3"], ["G4", "G2", "G3"]]
    s = ok(deal(v3, hands, "R5"), Play("ana", "R+2"))
    assert transcript(apply(s, Play("bor", "R3"))) == [
        "HOUSE-STACK stacking.answer: bor owes 2 cards: draw them; R3 cannot answer them"
    ]
