"""House rules on playing cards (issue 14): HR-DEFLECT-REVERSE, HR-DEFLECT-SKIP, HR-REVENGE,
HR-FORCED-PLAY, HR-FORCED-DRAWN, HR-DEATH-DRAW, HR-HAND-LIMIT, HR-FINISH-WILD, HR-FINISH-ACTION,
HR-MULTI-PLAY, HR-BOMB, and the ``crazy`` preset.

Every test's name starts with the clause id it proves; the interactions it pins are the D-HR-*
entries of docs/decisions.md."""

from __future__ import annotations

import json

import attrs
import pytest

from ena_rules import (
    Challenge,
    Draw,
    Overtake,
    Pass,
    Play,
    VariantError,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
)
from ena_rules.agents.simulation import simulate
from ena_rules.cards import Card
from ena_rules.log.convert import structure_line
from ena_rules.log.writer import dump_line
from ena_rules.testing import deal, derived, hand, judged, ok, run, transcript
from ena_rules.testing.explore import explore, tiny_variant_text

CRAZY = load_variant("crazy")
CARD_POINTS = {r: d.score for r, d in load_variant("official").ranks}


def clauses(verdict: object) -> list[str]:
    return [n.clause for n in verdict.notes]  # type: ignore[attr-defined]


# -- HR-DEFLECT-REVERSE, HR-DEFLECT-SKIP --------------------------------------------------------

BACK = derived("official", 2, '[play]\ndeflect_back = ["+2", "W+4"]\n')
ON = derived("official", 2, '[play]\ndeflect_on = ["+2", "W+4"]\n')
FOUR = [["G+2", "G1"], ["BR", "BS"], ["Y4", "Y6"], ["Y7", "Y8"]]


def test_HR_DEFLECT_REVERSE_sends_the_draw_back_and_play_turns_round() -> None:
    s = ok(deal(BACK, FOUR, "G5"), Play("ana", "G+2"))
    assert (s.due, s.phase, s.pending and s.pending.count) == ("bor", "owe", 2)
    v = run(s, Play("bor", "BR"))
    assert "HR-DEFLECT-REVERSE" in clauses(v)
    after = v.state
    assert (after.due, after.phase, after.pending and after.pending.count) == ("ana", "owe", 2)
    assert after.direction == -1 and after.color == "B"
    drew = run(after, Draw("ana"))
    # ana draws and loses the turn; play runs counter-clockwise: dan is next, not bor
    assert dict(drew.drawn) == {"ana": 2} and drew.state.due == "dan"


def test_HR_DEFLECT_REVERSE_back_and_forth_goes_to_whoever_sent_it() -> None:
    hands = [["G+2", "GR", "G1"], ["BR", "B2", "B3"], ["Y4", "Y6", "Y7"]]
    v = derived("official", 3, '[play]\ndeflect_back = ["+2"]\n')
    s = ok(deal(v, hands, "G5"), Play("ana", "G+2"), Play("bor", "BR"), Play("ana", "GR"))
    assert (s.due, s.pending and s.pending.count, s.direction) == ("bor", 2, 1)


def test_HR_DEFLECT_REVERSE_with_two_players_the_draw_goes_back_to_the_other() -> None:
    s = ok(deal(BACK, [["G+2", "G1"], ["BR", "B2"]], "G5"), Play("ana", "G+2"), Play("bor", "BR"))
    assert (s.due, s.phase, s.pending and s.pending.count) == ("ana", "owe", 2)
    assert dict(run(s, Draw("ana")).drawn) == {"ana": 2}


def test_HR_DEFLECT_REVERSE_only_for_the_ranks_listed() -> None:
    """reverseDeflectDrawTwo and reverseDeflectDrawFour are separate: a +2 not listed is drawn
    at once, as without the rule."""
    v = derived("official", 2, '[play]\ndeflect_back = ["W+4"]\n')
    after = run(deal(v, FOUR, "G5"), Play("ana", "G+2"))
    assert dict(after.drawn) == {"bor": 2} and after.state.due == "cene"


def test_HR_DEFLECT_REVERSE_a_card_that_draws_does_not_deflect() -> None:
    s = ok(deal(BACK, [["G+2", "G1"], ["B+2", "BR"], ["Y4", "Y6"]], "G5"), Play("ana", "G+2"))
    assert not apply(s, Play("bor", "B+2")).accepted  # no stacking here: only the Reverse
    assert apply(s, Play("bor", "BR")).accepted


def test_HR_DEFLECT_REVERSE_a_wild_draw_four_challenge_lapses() -> None:
    s = ok(deal(BACK, [["W+4", "B1"], ["GR", "Y3"], ["G+2", "Y6"]], "B5"))
    s = ok(s, Play("ana", "W+4", color="green"))
    assert Challenge("bor") in legal_events(s)
    s = ok(s, Play("bor", "GR"))
    assert s.challenge is None and Challenge("ana") not in legal_events(s)
    assert not apply(s, Challenge("ana")).accepted


def test_HR_DEFLECT_SKIP_passes_the_draw_to_the_next_player() -> None:
    s = ok(deal(ON, FOUR, "G5"), Play("ana", "G+2"))
    v = run(s, Play("bor", "BS"))
    assert "HR-DEFLECT-SKIP" in clauses(v) and not v.skipped
    assert (v.state.due, v.state.pending and v.state.pending.count) == ("cene", 2)
    drew = run(v.state, Draw("cene"))
    assert dict(drew.drawn) == {"cene": 2} and drew.skipped == ("cene",)
    assert drew.state.due == "dan"


def test_HR_DEFLECT_SKIP_a_reverse_does_not_pass_it_on() -> None:
    s = ok(deal(ON, FOUR, "G5"), Play("ana", "G+2"))
    assert not apply(s, Play("bor", "BR")).accepted


def test_HR_DEFLECT_SKIP_the_deflected_draw_may_be_stacked_on() -> None:
    """D-HR-DEFLECT: the count stays owed, of the draw card's rank: the new victim may stack."""
    v = derived("house-stack", 2, '[play]\ndeflect_on = ["+2"]\n')
    s = ok(deal(v, [*FOUR[:2], ["Y+2", "Y6"], ["Y7", "Y8"]], "G5"))
    s = ok(s, Play("ana", "G+2"), Play("bor", "BS"), Play("cene", "Y+2"))
    assert (s.due, s.pending and s.pending.count) == ("dan", 4)


def test_HR_DEFLECT_REVERSE_after_a_stack_goes_to_the_last_sender() -> None:
    hands = [["G+2", "G1"], ["B+2", "B2"], ["YR", "Y6"]]
    s = deal(derived("crazy", 2), hands, "G5")
    s = ok(s, Play("ana", "G+2"), Play("bor", "B+2"))
    assert (s.due, s.pending and s.pending.count) == ("cene", 4)
    s = ok(s, Play("cene", "YR"))
    assert (s.due, s.pending and s.pending.count) == ("bor", 4)


def test_HR_DEFLECT_REVERSE_overtaking_the_reverse_takes_the_draw_first() -> None:
    """D-HR-DEFLECT-OVERTAKE (jump-in, OVT-PENDING draw_first): an identical Reverse jumped in
    on a deflecting one does not deflect again: the owed draw is taken first by its victim."""
    v = derived("crazy", 2)
    s = ok(deal(v, [["G+2", "G1"], ["BR", "B2"], ["BR", "Y6"]], "G5"), Play("ana", "G+2"))
    s = ok(s, Play("bor", "BR"))
    assert (s.due, s.pending and s.pending.count) == ("ana", 2)
    after = run(s, Overtake("cene", "BR"))
    assert dict(after.drawn) == {"ana": 2} and after.state.pending is None


def test_HR_DEFLECT_SKIP_with_the_last_card_the_new_victim_draws_and_the_round_ends() -> None:
    """D-HR-DEFLECT: a deflecting last card wins the round; the draw it sends still counts
    (END-LAST-DRAW, scoring.last_draw_counts)."""
    s = ok(deal(ON, FOUR, "G5"), Play("ana", "G+2"))
    s = attrs.evolve(s, hands=(s.hands[0], (Card("B", "S"),), *s.hands[2:]))
    after = run(s, Play("bor", "BS"))
    assert dict(after.drawn) == {"cene": 2}
    res = after.state.last_round
    assert res is not None and res.winner == 1
    hands = after.state.hands
    assert len(hands[2]) == 4  # cene's two and the two the Skip sent on
    assert res.points[1] == sum(CARD_POINTS[c.rank] for h in hands for c in h)


def test_HR_DEFLECT_REVERSE_turned_up_draw_two_goes_back_to_the_dealer() -> None:
    """D-HR-DEFLECT: a draw card turned up counts as the dealer's (as for OVT-SELF)."""
    s = deal(BACK, [["BR", "B1"], ["Y2", "Y3"], ["Y4", "Y6"]], "G+2")
    assert (s.due, s.phase) == ("ana", "owe")
    s = ok(s, Play("ana", "BR"))
    assert (s.due, s.pending and s.pending.count) == ("cene", 2)


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ('[play]\ndeflect_back = ["7"]\n', ("play.deflect_back", "ranks.7.effects")),
        ('[play]\ndeflect_on = ["XX"]\n', ("play.deflect_on", "deck")),
        (
            '[deck]\ncolored = { "R" = 0 }\n[play]\ndeflect_back = ["+2"]\n',
            ("play.deflect_back", "deck.colored"),
        ),
    ],
)
def test_HR_DEFLECT_REVERSE_deflection_without_a_draw_rank_is_a_variant_error(
    extra: str, words: tuple[str, ...]
) -> None:
    with pytest.raises(VariantError) as err:
        derived("official", 7, extra)
    for w in words:
        assert w in str(err.value)


# -- HR-REVENGE -----------------------------------------------------------------------------------

REVENGE = derived("house-stack-mixed", 2, "[play]\nrevenge = true\n")


def test_HR_REVENGE_an_answer_adds_twice_its_count() -> None:
    s = ok(deal(REVENGE, [["G+2", "G1"], ["B+2", "B3"], ["W+4", "Y6"]], "G5"))
    s = ok(s, Play("ana", "G+2"))
    v = run(s, Play("bor", "B+2"))
    assert "HR-REVENGE" in clauses(v) and v.state.pending and v.state.pending.count == 6
    v = run(v.state, Play("cene", "W+4", color="red"))
    assert v.state.pending and v.state.pending.count == 14
    assert dict(run(v.state, Draw("ana")).drawn) == {"ana": 14}


def test_HR_REVENGE_the_doubled_answer_in_words() -> None:
    """HR-REVENGE: the verdict says what the answer adds: twice its own count."""
    s = ok(deal(REVENGE, [["G+2", "G1"], ["B+2", "B3"], ["W+4", "Y6"]], "G5"), Play("ana", "G+2"))
    assert "HR-REVENGE play.revenge: Revenge: the answer adds twice its 2, 4." in transcript(
        run(s, Play("bor", "B+2"))
    )


def test_HR_REVENGE_off_an_answer_adds_its_count() -> None:
    v = derived("house-stack", 2)
    s = ok(deal(v, [["G+2", "G1"], ["B+2", "B3"], ["Y4", "Y6"]], "G5"), Play("ana", "G+2"))
    assert ok(s, Play("bor", "B+2")).pending.count == 4  # type: ignore[union-attr]


def test_HR_REVENGE_a_stacking_overtake_is_no_answer() -> None:
    """D-HR-REVENGE: Ena's stacking overtake (OVT-STACK) by another player adds the card once."""
    v = derived("ena", 2, "[play]\nrevenge = true\n")
    s = ok(deal(v, [["W+4", "G1"], ["B2", "B3"], ["W+4", "Y6"]], "G5"))
    s = ok(s, Play("ana", "W+4", color="red"))
    s = ok(s, Overtake("cene", "W+4", color="blue"))
    assert s.pending is not None and s.pending.count == 8


def test_HR_REVENGE_a_guilty_doubled_answer_loses_what_it_added() -> None:
    """D-HR-REVENGE: with challenge.after_stack = "last_card" the guilty card's added draw (the
    doubled count) is void; the victim draws the rest of the stack."""
    v = derived("house-stack", 2, "[play]\nrevenge = true\n")
    s = ok(deal(v, [["W+4", "G1"], ["W+4", "B3"], ["Y4", "Y6"]], "G5"))
    s = ok(s, Play("ana", "W+4", color="blue"), Play("bor", "W+4", color="red"))
    assert s.pending is not None and s.pending.count == 12
    after = run(s, Challenge("cene"))
    assert dict(after.drawn) == {"bor": 4, "cene": 4}


# -- HR-FORCED-PLAY, HR-FORCED-DRAWN, HR-DEATH-DRAW ---------------------------------------------

FORCED = derived("official", 2, "[play]\nforced = true\n")


def test_HR_FORCED_PLAY_no_draw_holding_a_playable_card() -> None:
    s = deal(FORCED, [["G1", "B2"], ["Y3", "B3"]], "G5")
    v = apply(s, Draw("ana"))
    assert v.rejected and v.clause == "HR-FORCED-PLAY" and v.key == "play.forced"
    assert v.message == "ana holds a playable card (G1): play it, do not draw"
    assert Draw("ana") not in legal_events(s)
    s2 = deal(FORCED, [["B1", "B2"], ["Y3", "B3"]], "G5")
    assert apply(s2, Draw("ana")).accepted


def test_HR_FORCED_PLAY_an_owed_draw_is_always_drawn() -> None:
    """D-HR-FORCED: forced play is about a turn's draw; an owed +4 may be drawn holding a match."""
    s = ok(deal(FORCED, [["W+4", "B2"], ["G3", "G4"]], "B5"), Play("ana", "W+4", color="green"))
    assert s.phase == "owe" and apply(s, Draw("bor")).accepted


def test_HR_FORCED_PLAY_a_victim_holding_an_answer_may_still_draw() -> None:
    """D-HR-FORCED: with stacking, a victim holding a +2 may draw the owed +2 instead."""
    v = derived("house-stack", 2, "[play]\nforced = true\n")
    s = ok(deal(v, [["G+2", "G1"], ["B+2", "G3"]], "G5"), Play("ana", "G+2"))
    assert Play("bor", "B+2") in legal_events(s) and Draw("bor") in legal_events(s)
    assert dict(run(s, Draw("bor")).drawn) == {"bor": 2}


def test_HR_FORCED_PLAY_a_forbidden_last_card_does_not_force() -> None:
    """D-HR-FINISH: a last card that may not finish is not playable, so the player draws."""
    v = derived("official", 1, "[play]\nforced = true\nno_wild_finish = true\n")
    s = deal(v, [["W"], ["B3"]], "G5")
    assert apply(s, Draw("ana")).accepted


DRAWN = derived("official", 2, "[play]\nmust_play_drawn = true\n")


def test_HR_FORCED_DRAWN_the_playable_drawn_card_must_be_played() -> None:
    s = ok(deal(DRAWN, [["B1", "B2"], ["Y3", "B3"]], "G5", draw=["G7"]), Draw("ana"))
    assert s.phase == "drawn" and Pass("ana") not in legal_events(s)
    v = apply(s, Pass("ana"))
    assert v.rejected and v.clause == "HR-FORCED-DRAWN"
    assert [e for e in legal_events(s) if e.player == "ana"] == [Play("ana", "G7")]


def test_HR_FORCED_DRAWN_an_unplayable_drawn_card_ends_the_turn() -> None:
    s = ok(deal(DRAWN, [["B1", "B2"], ["Y3", "B3"]], "G5", draw=["Y7"]), Draw("ana"))
    assert (s.phase, s.due) == ("play", "bor")


DEATH = derived("official", 2, "[play]\ndeath_draw = true\n")


def test_HR_DEATH_DRAW_keeps_drawing_and_may_not_pass() -> None:
    s = deal(DEATH, [["B1", "B2"], ["Y3", "B3"]], "G5", draw=["Y1", "B4", "G7"])
    v = run(s, Draw("ana"))
    assert dict(v.drawn) == {"ana": 3} and v.state.phase == "drawn"
    assert apply(v.state, Pass("ana")).clause == "HR-DEATH-DRAW"


def test_HR_DEATH_DRAW_is_the_draw_until_playable_and_more() -> None:
    """D-HR-DEATH-DRAW: with turn.draw = "until_playable" the draw is the same; the death draw
    adds that the card must be played."""
    until = derived("draw-until", 2)
    both = derived("draw-until", 2, "[play]\ndeath_draw = true\n")
    args = ([["B1", "B2"], ["Y3", "B3"]], "G5")
    a = run(deal(until, *args, draw=["Y1", "G7"]), Draw("ana"))
    b = run(deal(both, *args, draw=["Y1", "G7"]), Draw("ana"))
    assert a.drawn == b.drawn and hand(a.state, "ana") == hand(b.state, "ana")
    assert apply(a.state, Pass("ana")).accepted and apply(b.state, Pass("ana")).rejected


def test_HR_DEATH_DRAW_with_turn_play_drawn_off_is_a_variant_error() -> None:
    for key in ("death_draw", "must_play_drawn"):
        with pytest.raises(VariantError) as err:
            derived("official", 7, f"[turn]\nplay_drawn = false\n[play]\n{key} = true\n")
        assert f"play.{key}" in str(err.value) and "turn.play_drawn" in str(err.value)


# -- HR-HAND-LIMIT ------------------------------------------------------------------------------

LIMIT = derived("official", 3, "[play]\nhand_limit = 4\n")


def test_HR_HAND_LIMIT_no_card_at_the_limit() -> None:
    s = deal(LIMIT, [["B1", "B2", "B3"], ["Y3", "B3", "G4"]], "G5", draw=["Y7", "Y8"])
    s = ok(s, Draw("ana"), Draw("bor"))  # 4 cards each now; bor could play G4
    v = run(s, Draw("ana"))
    assert "HR-HAND-LIMIT" in clauses(v) and not v.drawn and v.state.due == "bor"


def test_HR_HAND_LIMIT_a_draw_until_playable_stops_at_the_limit() -> None:
    """D-HR-HAND-LIMIT: a draw until playable (or the death draw) ends at the limit."""
    v = derived("draw-until", 3, "[play]\nhand_limit = 5\n")
    s = deal(v, [["B1", "B2", "B3"], ["Y3", "B3", "B4"]], "G5", draw=["Y7", "Y8", "Y9", "G1"])
    after = run(s, Draw("ana"))
    assert dict(after.drawn) == {"ana": 2} and after.state.due == "bor"


def test_HR_HAND_LIMIT_owed_draws_and_penalties_are_drawn_in_full() -> None:
    """D-HR-HAND-LIMIT: only a turn's draw stops at the limit."""
    s = deal(LIMIT, [["G+2", "B1", "B2"], ["Y3", "B3", "B4"]], "G5", draw=["Y1", "Y2"])
    s = ok(s, Draw("ana"), Draw("bor"))  # both hold 4, the limit
    v = apply(s, Play("ana", "B2"))  # a wrong card: official's 2-card penalty
    assert v.penalised and len(v.state.hands[0]) == 6
    v = run(s, Play("ana", "G+2"))
    assert dict(v.drawn) == {"bor": 2} and len(v.state.hands[1]) == 6


def test_HR_HAND_LIMIT_a_round_nobody_can_finish_ends_drawn() -> None:
    """D-HR-HAND-LIMIT-STUCK: every hand at the limit and nothing playable: the round ends
    drawn (uno-online's reading), nobody scores, the next dealer deals; before, the draws
    went round for ever."""
    s = deal(LIMIT, [["B1", "B2", "B3"], ["Y3", "B3", "B4"]], "G5", draw=["Y7", "Y8", "Y9"])
    s = ok(s, Draw("ana"), Draw("bor"))  # 4 cards each now, none green, no 5
    v = run(s, Draw("ana"))
    assert v.state.phase == "deal" and v.state.round == s.round + 1
    assert v.state.scores == s.scores and v.state.last_round is None
    assert any(n.key == "play.hand_limit" and "drawn" in n.text for n in v.notes)


def test_HR_HAND_LIMIT_below_the_deal_is_a_variant_error() -> None:
    with pytest.raises(VariantError) as err:
        derived("official", 7, "[play]\nhand_limit = 5\n")
    assert "play.hand_limit" in str(err.value) and "deal.hand_size" in str(err.value)


# -- HR-FINISH-WILD, HR-FINISH-ACTION -------------------------------------------------------------


def test_HR_FINISH_WILD_a_last_wild_is_a_wrong_card() -> None:
    free = derived("official", 1, "[penalties]\nwrong_card = 0\n[play]\nno_wild_finish = true\n")
    s = deal(free, [["W"], ["B3"]], "G5")
    v = apply(s, Play("ana", "W", color="red"))
    assert v.rejected and v.key == "play.no_wild_finish" and v.clause == "HR-FINISH-WILD"
    assert [e for e in legal_events(s) if e.player == "ana"] == [Draw("ana")]


def test_HR_FINISH_WILD_not_before_the_last_card() -> None:
    v = derived("official", 2, "[play]\nno_wild_finish = true\n")
    assert apply(deal(v, [["W", "B1"], ["B3", "B4"]], "G5"), Play("ana", "W", color="red")).accepted


def test_HR_FINISH_WILD_no_jump_in_with_a_last_wild() -> None:
    v = derived("jump-in", 2, "[play]\nno_wild_finish = true\n")
    s = ok(deal(v, [["W", "B1"], ["B3", "B4"], ["W", "Y9"]], "G5"), Play("ana", "W", color="red"))
    assert apply(s, Overtake("cene", "W", color="blue")).accepted  # two cards: not the last
    last = attrs.evolve(s, hands=(*s.hands[:2], (Card(None, "W"),)))
    verdict = apply(last, Overtake("cene", "W", color="blue"))
    assert verdict.rejected and verdict.key == "play.no_wild_finish"


def test_HR_FINISH_ACTION_a_last_draw_card_is_refused_a_last_plain_wild_is_not() -> None:
    """HR-FINISH-ACTION alone (``play.no_draw_finish``, not ``no_wild_finish``): a draw card,
    wild or not, may not be the last card; a Wild without a draw may."""
    v = derived("official", 1, "[penalties]\nwrong_card = 0\n[play]\nno_draw_finish = true\n")
    for card, color in (("W+4", "red"), ("G+2", None)):
        refused = judged(deal(v, [[card], ["B3"]], "G5"), Play("ana", card, color=color))
        assert refused[:2] == ("reject", "play.no_draw_finish")
        assert refused[3] == f"{card} draws: it may not be the last card"
    assert apply(deal(v, [["W"], ["B3"]], "G5"), Play("ana", "W", color="red")).accepted


def test_HR_FINISH_ACTION_a_last_draw_card_may_not_answer_a_stack() -> None:
    v = derived("house-stack", 2, "[play]\nno_draw_finish = true\n")
    s = ok(deal(v, [["G+2", "G1"], ["B+2", "B3"], ["Y+2", "Y4"]], "G5"), Play("ana", "G+2"))
    assert Play("bor", "B+2") in legal_events(s)
    last = attrs.evolve(s, hands=(s.hands[0], (Card("B", "+2"),), s.hands[2]))
    assert Play("bor", "B+2") not in legal_events(last) and Draw("bor") in legal_events(last)
    assert not apply(last, Play("bor", "B+2")).accepted


def test_HR_FINISH_ACTION_a_last_skip_may_finish() -> None:
    v = derived("official", 1, "[play]\nno_draw_finish = true\n")
    s = deal(v, [["GS"], ["B3"]], "G5")
    assert apply(s, Play("ana", "GS")).state.last_round is not None
    s = deal(v, [["G+2"], ["B3"]], "G5")
    assert Play("ana", "G+2") not in legal_events(s)


# -- HR-MULTI-PLAY, HR-BOMB ---------------------------------------------------------------------

MULTI = derived("official", 4, "[play]\nmulti = true\n")
BOMB = derived("official", 4, "[play]\nmulti = true\nbomb = 3\n")
HANDS = [["G1", "R1", "B1", "Y9"], ["Y3", "B3", "B4", "B6"], ["Y4", "Y6", "Y8", "B8"]]


def test_HR_MULTI_PLAY_the_last_card_sets_the_colour() -> None:
    s = deal(MULTI, HANDS, "G5")
    v = run(s, Play("ana", "G1", more=["B1", "R1"]))
    assert "HR-MULTI-PLAY" in clauses(v)
    assert (str(v.state.top), v.state.color, hand(v.state, "ana")) == ("R1", "R", ["Y9"])
    assert [str(c) for c in v.state.discard] == ["G5", "G1", "B1", "R1"]
    assert v.state.uno_exposed == (0,) and v.state.due == "bor"


def test_HR_MULTI_PLAY_legal_events_list_every_form_once() -> None:
    s = deal(MULTI, HANDS, "G5")
    multi = sorted(
        (str(e.card), tuple(map(str, e.more)))
        for e in legal_events(s)
        if isinstance(e, Play) and e.more
    )
    assert multi == [
        ("G1", ("B1",)),
        ("G1", ("B1", "R1")),
        ("G1", ("R1",)),
        ("G1", ("R1", "B1")),
    ]
    # the middle cards' order changes nothing: both orders are one event
    assert Play("ana", "G1", more=["Y1", "B1", "R1"]) == Play("ana", "G1", more=["B1", "Y1", "R1"])


def test_HR_MULTI_PLAY_the_first_card_must_be_playable() -> None:
    s = deal(MULTI, HANDS, "G5")
    v = apply(s, Play("ana", "R1", more=["G1"]))  # R1 matches neither G5's colour nor its 5
    assert v.penalised and hand(v.state, "ana")[:4] == hand(s, "ana")
    assert v.state.top == s.top


def test_HR_MULTI_PLAY_one_number_held_and_without_effects() -> None:
    s = deal(MULTI, HANDS, "G5")
    assert apply(s, Play("ana", "G1", more=["Y9"])).key == "play.multi"
    assert apply(s, Play("ana", "G1", more=["R1", "R1"])).key == "turn.from_hand"
    seven = derived("seven-zero", 2, "[play]\nmulti = true\n")
    s7 = deal(seven, [["G7", "R7"], ["Y3", "B3"]], "G5")
    v = apply(s7, Play("ana", "G7", target="bor", more=["R7"]))
    assert v.rejected and v.key == "play.multi"


def test_HR_MULTI_PLAY_not_on_a_draw_owed_nor_after_a_draw() -> None:
    v = derived("house-stack", 3, "[play]\nmulti = true\n")
    s = ok(deal(v, [["G+2", "G1", "B2"], ["G2", "R2", "B3"]], "G5"), Play("ana", "G+2"))
    assert apply(s, Play("bor", "G2", more=["R2"])).key == "play.multi"
    s = ok(deal(MULTI, HANDS, "B5", draw=["B1"]), Draw("ana"))
    assert s.phase == "drawn"
    assert apply(s, Play("ana", "B1", more=["G1"])).key == "play.multi"


def test_HR_MULTI_PLAY_off_one_card_a_play() -> None:
    s = deal(derived("official", 4), HANDS, "G5")
    v = apply(s, Play("ana", "G1", more=["R1"]))
    assert v.rejected and v.clause == "HR-MULTI-PLAY"
    assert not any(isinstance(e, Play) and e.more for e in legal_events(s))


def test_HR_MULTI_PLAY_a_log_line_carries_the_cards() -> None:
    e = Play("ana", "G1", more=["B1", "R1"])
    line = dump_line(e)
    assert json.loads(line)["more"] == ["B1", "R1"]
    assert structure_line(json.loads(line)) == e
    assert "more" not in json.loads(dump_line(Play("ana", "G1")))


def test_HR_MULTI_PLAY_the_whole_hand_ends_the_round() -> None:
    v = derived("official", 2, "[play]\nmulti = true\n")
    s = deal(v, [["G1", "R1"], ["Y3", "B3"]], "G5")
    after = run(s, Play("ana", "G1", more=["R1"])).state
    assert after.last_round is not None and after.last_round.winner == 0


def test_HR_BOMB_three_cards_make_every_other_player_draw_one() -> None:
    v = run(deal(BOMB, HANDS, "G5"), Play("ana", "G1", more=["B1", "R1"]))
    assert "HR-BOMB" in clauses(v) and dict(v.drawn) == {"bor": 1, "cene": 1}


def test_HR_BOMB_two_cards_are_no_bomb() -> None:
    v = run(deal(BOMB, HANDS, "G5"), Play("ana", "G1", more=["B1"]))
    assert not v.drawn and "HR-BOMB" not in clauses(v)


def test_HR_BOMB_with_the_last_cards_the_others_draw_before_the_score() -> None:
    """D-HR-BOMB: the bomb goes off before the round is scored: the others' drawn cards count."""
    v = derived("official", 3, "[play]\nmulti = true\nbomb = 3\n")
    s = deal(v, [["G1", "R1", "B1"], ["Y3", "B3", "B4"]], "G5", draw=["Y9"])
    after = run(s, Play("ana", "G1", more=["B1", "R1"]))
    assert dict(after.drawn) == {"bor": 1}
    assert after.state.last_round is not None and after.state.last_round.points[0] == 3 + 3 + 4 + 9


def test_HR_BOMB_without_several_cards_is_a_variant_error() -> None:
    with pytest.raises(VariantError) as err:
        derived("official", 7, "[play]\nbomb = 3\n")
    assert "play.bomb" in str(err.value) and "play.multi" in str(err.value)


# -- the crazy preset ---------------------------------------------------------------------------


def test_HR_DEFLECT_REVERSE_crazy_has_every_rule_of_its_list() -> None:
    v = CRAZY
    assert dict(v.stacking.answer) == {"+2": ("+2", "W+4"), "W+4": ("W+4", "+2")}
    assert v.overtake.enabled and v.turn.draw == "until_playable"
    assert [e.op for e in v.rank("0").effects] == ["rotate_hands"]
    assert [e.op for e in v.rank("7").effects] == ["swap_hands"]
    assert v.play.deflect_back == ("+2", "W+4") and v.play.deflect_on == ("+2", "W+4")
    assert v.play.multi and v.play.must_play_drawn
    assert not v.rank("W+4").challengeable


def test_HR_MULTI_PLAY_crazy_simulates_a_hundred_games() -> None:
    stats = simulate(CRAZY, 3, 100, seed=14)
    assert stats.finished == 100


@pytest.mark.parametrize("players", [2, 3])
def test_HR_DEFLECT_SKIP_crazy_small_games_keep_every_invariant(players: int) -> None:
    """The exhaustive check on crazy's rules with a tiny deck (two colours, 1, 2, S, R, +2)."""
    text = tiny_variant_text("crazy", numbers=["1", "2"], actions=["S", "R", "+2"], hand_size=1)
    v = load_variant_text(text, source="tiny crazy")
    seeds = range(2 if players == 2 else 6)  # forced play (crazy) leaves 3 players fewer moves
    result = explore(v, ["ana", "bor", "cene"][:players], seeds=seeds, max_shuffles=0)
    assert result.states > 10 and result.round_ends > 0 and result.judged > result.transitions


def test_HR_BOMB_every_key_is_off_by_default() -> None:
    """Every shipped variant but the presets plays as before: no [play] rule is on (party has
    only forced play, uno-online's drawUntilPlayable refusing a draw while a card plays; No
    Mercy's sheet makes a drawn card be played, NM-DRAW)."""
    from ena_rules.variant.io import shipped_variants

    default = load_variant("official").play
    for name in shipped_variants():
        if name not in ("crazy", "party") and not name.startswith("no-mercy"):
            assert load_variant(name).play == default, name
    assert load_variant("party").play == attrs.evolve(default, forced=True)
    assert load_variant("no-mercy").play == attrs.evolve(default, must_play_drawn=True)


# -- on Ena's base: overtaking and its penalties ---------------------------------------------------


def test_HR_MULTI_PLAY_on_ena_the_last_card_may_be_overtaken() -> None:
    """Ena's overtaking meets several cards at once on the top card, the last one put down."""
    v = derived("ena", 3, "[play]\nmulti = true\n")
    s = ok(deal(v, [["G1", "R1", "B7"], ["Y3", "B3", "B4"], ["R1", "Y6", "Y8"]], "G5"))
    s = ok(s, Play("ana", "G1", more=["R1"]))
    after = run(s, Overtake("cene", "R1"))
    assert after.skipped == ("bor",) and after.state.due == "ana"


def test_HR_DEFLECT_REVERSE_on_ena_only_the_victim_deflects() -> None:
    """D-HR-DEFLECT: another player's Reverse played on the owed draw is out of turn (PEN-ENA)."""
    v = derived("ena", 2, '[play]\ndeflect_back = ["W+4"]\n')
    s = ok(deal(v, [["W+4", "G1"], ["BR", "B3"], ["YR", "Y6"]], "G5"))
    s = ok(s, Play("ana", "W+4", color="yellow"))
    wrong = apply(s, Play("cene", "YR"))
    assert wrong.penalised and wrong.key == "penalties.out_of_turn" and wrong.state.pending
    back = run(s, Play("bor", "BR"))
    assert (back.state.due, back.state.pending and back.state.pending.count) == ("ana", 4)


def test_HR_FORCED_PLAY_on_ena_a_refused_draw_costs_nothing() -> None:
    """D-HR-FORCED: refused, not penalised, even where Ena's mistakes cost two cards."""
    v = derived("ena", 2, "[play]\nforced = true\n")
    verdict = apply(deal(v, [["G1", "B2"], ["Y3", "B3"]], "G5"), Draw("ana"))
    assert verdict.rejected and not verdict.drawn


def test_HR_FINISH_WILD_on_ena_a_last_wild_is_a_wrong_card_costing_two() -> None:
    v = derived("ena", 1, "[play]\nno_wild_finish = true\n")
    verdict = apply(deal(v, [["W"], ["B3"]], "G5"), Play("ana", "W", color="red"))
    assert verdict.penalised and dict(verdict.drawn) == {"ana": 2}
    assert "W is a wild: it may not be the last card" in str(verdict)


@pytest.mark.parametrize("preset", ["party", "crazy"])
def test_HR_FORCED_PLAY_the_presets_refuse_a_draw_while_a_playable_card_is_held(
    preset: str,
) -> None:
    """uno-online's drawUntilPlayable refuses the draw while a playable card is held
    (draw-until-playable.ts): its presets play `play.forced` with the draw until playable."""
    v = load_variant(preset)
    assert v.turn.draw == "until_playable" and v.play.forced


def test_HR_BOMB_a_reshuffle_by_the_bomb_keeps_the_play_s_last_card_on_top() -> None:
    """D-HR-BOMB: the bomb goes off once the whole play is down: a bomb draw that reshuffles
    keeps the play's last card on top (its colour in force) and recycles the cards under it;
    before, the draws were made with the play half down, the second-to-last card stayed on
    top and the reshuffle's note named it."""
    import re

    from ena_rules.game.position import format_position, parse_position

    s = deal(BOMB, HANDS, "G5")
    text = format_position(s)
    pile = re.search(r"draw=(\S+)", text)
    assert pile is not None
    cards = pile.group(1).split(".")
    text = text.replace(pile.group(0), "draw=" + cards[0])
    text = re.sub(r"discard=(\S+)", lambda m: "discard=" + ".".join([*cards[1:], "G5"]), text)
    short = parse_position(text, BOMB)  # one card to draw: cene's bomb draw reshuffles
    v = run(short, Play("ana", "G1", more=["B1", "R1"]))
    assert dict(v.drawn) == {"bor": 1, "cene": 1}
    assert str(v.state.top) == "R1" and v.state.color == "R"
    reshuffle = [n.text for n in v.notes if n.key == "turn.reshuffle"]
    assert reshuffle and "R1" in reshuffle[0] and "B1" not in reshuffle[0]


def test_HR_MULTI_PLAY_out_of_turn_is_judged_alike_in_every_phase() -> None:
    """D-HR-MULTI-ORDER: a multi-card play by a player not due is out of turn in every phase
    (Ena: penalised, PEN-ENA), and never told of "a draw owed" they do not owe; before, it was
    penalised in phase play and only rejected, "on a draw owed", while another player owed."""
    v = derived("ena", 3, "[play]\nmulti = true\n")
    hands = [["W+4", "Y2", "B2"], ["Y3", "B3", "B4"], ["R1", "Y1", "Y8"]]
    s = deal(v, hands, "G5")
    in_play = apply(s, Play("cene", "R1", more=["Y1"]))
    owed = ok(s, Play("ana", "W+4", color="blue"))  # bor owes 4 (or challenges)
    assert owed.phase == "owe"
    in_owe = apply(owed, Play("cene", "R1", more=["Y1"]))
    for verdict in (in_play, in_owe):
        assert verdict.penalised and verdict.key == "penalties.out_of_turn", verdict
        assert not any("owed" in n.text for n in verdict.notes)
