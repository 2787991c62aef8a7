"""The challenge of a Wild Draw Four: CHAL-WHO, CHAL-SHOW, CHAL-GUILTY, CHAL-INNOCENT.

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

from ena_rules import (
    Challenge,
    Draw,
    GameState,
    Overtake,
    Play,
    Variant,
    Verdict,
    apply,
    legal_events,
)
from ena_rules.rules.view import view
from ena_rules.testing import (
    deal,
    derived,
    hand,
    held,
    judged,
    ok,
    run,
    start_round,
    transcript,
)

V3 = derived("official", 3)
E3 = derived("ena", 3)

PLAYERS = ("ana", "bor", "cene", "dan")


def refused(state: GameState, event: object, clause: str) -> Verdict:
    """The event is rejected citing ``clause``, and the state is the very same object."""
    verdict = apply(state, event)  # type: ignore[arg-type]
    assert verdict.rejected, str(verdict)
    assert verdict.clause == clause, str(verdict)
    assert verdict.state is state and verdict.drawn == ()
    return verdict


def wd4(bor: list[str]) -> GameState:
    """bor (first to play, on a red 5) plays W+4 naming green at cene, who holds yellows."""
    hands = [["Y1", "Y2", "Y3"], bor, ["Y7", "Y8", "Y9"], ["B1", "B2", "B3"]]
    s = start_round(V3, list(PLAYERS), dealer="ana", hands=hands, turned="R5")
    return run(s, Play("bor", "W+4", color="green")).state


def _wd4_by_ana(v: Variant, ana: list[str]) -> GameState:
    """ana (first to play, on a red 5) plays W+4 naming green at bor; bor may challenge."""
    s = deal(v, [ana, ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    return ok(s, Play("ana", "W+4", color="green"))


PLUS_ONE = (
    '[ranks."+2"]\neffects = [{op = "draw", count = 1}, {op = "skip"}]\n'
    '[stacking]\nanswer = { "+2" = ["W+4"] }\n'
)


def _stack_of_five(v: Variant) -> GameState:
    """ana's +2 (draw 1) is answered by bor's illegal W+4: cene owes 5 and may challenge."""
    hands = [["R+2", "Y1", "Y2"], ["W+4", "R1", "G1"], ["B1", "B2", "B3"], ["G7", "G8", "G9"]]
    s = ok(deal(v, hands, "R5"), Play("ana", "R+2"), Play("bor", "W+4", color="blue"))
    assert s.pending is not None and s.pending.count == 5
    return s


RESTRICTED_D2 = '[ranks."+2"]\nonly_without_color_match = true\n'


def test_CHAL_WHO_only_the_player_who_must_draw_may_challenge_before_drawing() -> None:
    """CHAL-WHO: only the victim, before drawing, may challenge; no one else, not afterwards."""
    s = wd4(["R1", "G2", "W+4"])
    assert [e for e in legal_events(s) if isinstance(e, Challenge)] == [Challenge("cene")]
    for other in ("ana", "bor", "dan"):
        refused(s, Challenge(other), "CHAL-WHO")
    drawn = run(s, Draw("cene")).state
    refused(drawn, Challenge("cene"), "CHAL-WHO")
    refused(start_round(V3, list(PLAYERS), dealer="ana"), Challenge("bor"), "CHAL-WHO")


def test_CHAL_SHOW_the_challenger_alone_sees_the_challenged_hand() -> None:
    """CHAL-SHOW: the challenged hand is in the challenger's view, in no other player's."""
    s = wd4(["R1", "G2", "W+4"])
    v = run(s, Challenge("cene"))
    assert "CHAL-SHOW" in [n.clause for n in v.notes]
    shown = view(v.state, "cene").shown_hand
    assert shown is not None and shown[0] == "bor"
    assert [str(c) for c in shown[1]] == ["R1", "G2"]  # the hand it was played from
    for other in ("ana", "bor", "dan"):
        assert view(v.state, other).shown_hand is None
    # before the challenge nobody sees it, and it is gone after the challenger's next action
    assert all(view(s, p).shown_hand is None for p in PLAYERS)
    nxt = run(v.state, Draw("cene")).state
    assert view(nxt, "cene").shown_hand is None


def test_CHAL_GUILTY_the_offender_draws_four_and_the_challenger_plays_on() -> None:
    """CHAL-GUILTY: an illegal W+4: its player draws 4; the challenger draws nothing, plays."""
    s = wd4(["R1", "G2", "W+4"])
    v = run(s, Challenge("cene"))
    assert v.drawn == (("bor", 4),) and v.skipped == ()
    assert "CHAL-GUILTY" in [n.clause for n in v.notes]
    t = v.state
    assert len(t.hands[1]) == 2 + 4 and hand(t, "cene") == ["Y7", "Y8", "Y9"]
    assert str(t.top) == "W+4" and t.color == "G"  # reading (a): the card and colour stand
    assert t.turn == 2 and t.phase == "play" and t.pending is None


def test_CHAL_INNOCENT_a_wrong_challenger_draws_six_and_loses_the_turn() -> None:
    """CHAL-INNOCENT: a legal W+4 challenged: the challenger draws 4 + 2 and is skipped."""
    s = wd4(["G1", "G2", "W+4"])
    v = run(s, Challenge("cene"))
    assert v.drawn == (("cene", 6),) and v.skipped == ("cene",)
    assert "CHAL-INNOCENT" in [n.clause for n in v.notes]
    assert len(v.state.hands[2]) == 9 and v.state.turn == 3 and v.state.color == "G"


def test_CHAL_GUILTY_after_a_stack_only_the_last_wild_draw_four_may_be_challenged() -> None:
    """CHAL-GUILTY (D-CHAL-STACK, key challenge.after_stack): after a stack the victim may
    challenge only the Wild Draw Four played at them. Guilty, "last_card": its player draws 4
    and the victim still draws the rest and loses the turn; "whole_stack": its player takes the
    whole stack and the victim plays. Innocent: the victim draws the stack plus 2."""
    # cene holds a red card when overtaking on red: guilty
    hands = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "R2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(
        ok(deal(E3, hands, "G5"), Play("ana", "W+4", color="red")),
        Overtake("cene", "W+4", color="blue"),
    )
    v = apply(s, Challenge("dan"))
    assert v.accepted and dict(v.drawn) == {"cene": 4, "dan": 4}
    assert v.skipped == ("dan",) and v.state.due == "ana"
    whole = derived("ena", 3, '[challenge]\nafter_stack = "whole_stack"\n')
    s = ok(
        ok(deal(whole, hands, "G5"), Play("ana", "W+4", color="red")),
        Overtake("cene", "W+4", color="blue"),
    )
    v = apply(s, Challenge("dan"))
    assert v.accepted and v.drawn == (("cene", 8),) and v.state.due == "dan"
    # the card goes back (CHAL-GUILTY reading b): the rest of the stack is still drawn
    back = derived("ena", 3, '[challenge]\nguilty = "card_returns"\n')
    s = ok(
        ok(deal(back, hands, "G5"), Play("ana", "W+4", color="red")),
        Overtake("cene", "W+4", color="blue"),
    )
    v = apply(s, Challenge("dan"))
    assert v.accepted and dict(v.drawn) == {"cene": 4, "dan": 4}
    assert held(v.state, "cene")["W+4"] == 1 and v.state.due == "cene"
    assert v.state.color == "R"
    # innocent: cene held no red card
    hands[2] = ["W+4", "G2", "G3"]
    s = ok(
        ok(deal(E3, hands, "G5"), Play("ana", "W+4", color="red")),
        Overtake("cene", "W+4", color="blue"),
    )
    v = apply(s, Challenge("dan"))
    assert v.accepted and v.drawn == (("dan", 10),) and v.state.due == "ana"


def test_CHAL_GUILTY_the_verdict_names_the_colour_shows_the_hand_and_the_draw() -> None:
    """CHAL-GUILTY: guilty (ana held a red card): ana draws 4, bor plays on; the challenge and
    the overtaking window are closed, and the verdict says so clause by clause."""
    s = _wd4_by_ana(V3, ["W+4", "R1", "Y1"])
    v = apply(s, Challenge("bor"))
    assert transcript(v) == [
        "CHAL-GUILTY challenge.guilty: The challenge succeeds: ana held a red card.",
        "CHAL-SHOW challenge.show_hand: ana shows their hand to bor.",
        "CHAL-GUILTY challenge.guilty_draw: ana draws 4 (guilty).",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    t = v.state
    assert t.challenge is None and t.pending is None and t.overtake_open is False
    assert t.due == "bor" and t.phase == "play" and v.drawn == (("ana", 4),)


def test_CHAL_INNOCENT_the_verdict_names_the_colour_and_the_six_cards() -> None:
    """CHAL-INNOCENT: ana held no red card: bor draws 4 + 2 and cene is next."""
    s = _wd4_by_ana(V3, ["W+4", "G1", "Y1"])
    v = apply(s, Challenge("bor"))
    assert transcript(v) == [
        "CHAL-INNOCENT challenge.innocent_extra: The challenge fails: ana held no red card.",
        "CHAL-SHOW challenge.show_hand: ana shows their hand to bor.",
        "CHAL-INNOCENT challenge.innocent_extra: bor draws 6 (a failed challenge).",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]
    assert v.skipped == ("bor",) and v.state.challenge is None


def test_CHAL_SHOW_without_show_hand_no_hand_is_shown() -> None:
    """CHAL-SHOW: with ``challenge.show_hand = false`` the challenged hand is not shown (no note,
    no reveal), whether the challenge succeeds or fails."""
    hidden = derived("official", 3, "[challenge]\nshow_hand = false\n")
    guilty = apply(_wd4_by_ana(hidden, ["W+4", "R1", "Y1"]), Challenge("bor"))
    assert transcript(guilty) == [
        "CHAL-GUILTY challenge.guilty: The challenge succeeds: ana held a red card.",
        "CHAL-GUILTY challenge.guilty_draw: ana draws 4 (guilty).",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    innocent = apply(_wd4_by_ana(hidden, ["W+4", "G1", "Y1"]), Challenge("bor"))
    assert transcript(innocent) == [
        "CHAL-INNOCENT challenge.innocent_extra: The challenge fails: ana held no red card.",
        "CHAL-INNOCENT challenge.innocent_extra: bor draws 6 (a failed challenge).",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]
    assert guilty.state.reveal is None and innocent.state.reveal is None


def test_CHAL_WHO_a_challenge_by_anyone_else_is_refused_in_words() -> None:
    """CHAL-WHO: only the victim may challenge: the refusal cites CHAL-WHO and says why."""
    v = apply(_wd4_by_ana(V3, ["W+4", "R1", "Y1"]), Challenge("cene"))
    assert v.rejected and transcript(v) == [
        "CHAL-WHO challenge.guilty: cene has nothing to challenge: only the player who must "
        "draw for a challengeable card may, before drawing"
    ]


def test_CHAL_GUILTY_card_returns_takes_back_the_top_card_only() -> None:
    """CHAL-GUILTY reading (b), ``challenge.guilty = "card_returns"``: the Wild Draw Four (the
    top card, not another one of the pile) goes back to its player, the colour before it is in
    force again, and its player draws 4 and must play a correct card."""
    back = derived("official", 3, '[challenge]\nguilty = "card_returns"\n')
    hands = [["R1", "B1", "B2"], ["R2", "B3", "B4"], ["W+4", "R3", "G1"]]
    s = ok(
        deal(back, hands, "R5"),
        Play("ana", "R1"),
        Play("bor", "R2"),
        Play("cene", "W+4", color="green"),
    )
    v = apply(s, Challenge("ana"))
    assert transcript(v) == [
        "CHAL-GUILTY challenge.guilty: The challenge succeeds: cene held a red card.",
        "CHAL-SHOW challenge.show_hand: cene shows their hand to ana.",
        "CHAL-GUILTY challenge.guilty_draw: cene draws 4 (guilty).",
        "CHAL-GUILTY challenge.guilty: W+4 goes back to cene, who must play a correct card.",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]
    t = v.state
    assert [str(c) for c in t.discard] == ["R5", "R1", "R2"] and t.color == "R"
    assert hand(t, "cene")[:3] == ["R3", "G1", "W+4"] and len(hand(t, "cene")) == 7
    assert t.due == "cene" and t.phase == "play"


def test_CHAL_GUILTY_card_returns_with_whole_stack_the_guilty_player_takes_it_all() -> None:
    """CHAL-GUILTY (D-CHAL-STACK): card returned and ``after_stack = "whole_stack"``: the guilty
    overtaker takes the whole stack (4 + the 4 before), the victim draws nothing."""
    v3 = derived("ena", 3, '[challenge]\nguilty = "card_returns"\nafter_stack = "whole_stack"\n')
    hands = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "R2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(
        deal(v3, hands, "G5"),
        Play("ana", "W+4", color="red"),
        Overtake("cene", "W+4", color="blue"),
    )
    v = apply(s, Challenge("dan"))
    assert transcript(v) == [
        "CHAL-GUILTY challenge.guilty: The challenge succeeds: cene held a red card.",
        "CHAL-SHOW challenge.show_hand: cene shows their hand to dan.",
        "CHAL-GUILTY challenge.guilty_draw: cene draws 8 (guilty).",
        "CHAL-GUILTY challenge.guilty: W+4 goes back to cene, who must play a correct card.",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]
    assert v.drawn == (("cene", 8),) and v.state.color == "R" and v.state.due == "cene"


def test_CHAL_GUILTY_after_a_stack_the_victim_draws_even_a_rest_of_one() -> None:
    """CHAL-GUILTY (D-CHAL-STACK, "last_card"): guilty after a stack: the offender draws 4 and
    the victim still draws the rest of the stack, here a single card, and loses the turn."""
    v = apply(_stack_of_five(derived("official", 3, PLUS_ONE)), Challenge("cene"))
    assert transcript(v) == [
        "CHAL-GUILTY challenge.guilty: The challenge succeeds: bor held a red card.",
        "CHAL-SHOW challenge.show_hand: bor shows their hand to cene.",
        "CHAL-GUILTY challenge.guilty_draw: bor draws 4 (guilty).",
        "CHAL-GUILTY challenge.after_stack: cene draws 1 (the rest of the stack).",
        "TURN-NEXT turn.next: dan is next (clockwise).",
    ]
    assert v.drawn == (("bor", 4), ("cene", 1)) and v.skipped == ("cene",)


def test_CHAL_GUILTY_card_returns_after_a_stack_the_victim_draws_the_rest_of_one() -> None:
    """CHAL-GUILTY (D-CHAL-STACK) with the card returned: the victim still draws the rest of the
    stack (one card) and the offender plays again."""
    v3 = derived("official", 3, PLUS_ONE + '[challenge]\nguilty = "card_returns"\n')
    v = apply(_stack_of_five(v3), Challenge("cene"))
    assert transcript(v) == [
        "CHAL-GUILTY challenge.guilty: The challenge succeeds: bor held a red card.",
        "CHAL-SHOW challenge.show_hand: bor shows their hand to cene.",
        "CHAL-GUILTY challenge.guilty_draw: bor draws 4 (guilty).",
        "CHAL-GUILTY challenge.after_stack: cene draws 1 (the rest of the stack).",
        "CHAL-GUILTY challenge.guilty: W+4 goes back to bor, who must play a correct card.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    assert v.state.due == "bor" and v.state.color == "R"


def test_CHAL_GUILTY_whole_stack_the_guilty_player_takes_the_stack_in_words() -> None:
    """CHAL-GUILTY (D-CHAL-STACK, "whole_stack"): the card stays; its player draws the whole
    stack and the victim plays."""
    v3 = derived("official", 3, PLUS_ONE + '[challenge]\nafter_stack = "whole_stack"\n')
    v = apply(_stack_of_five(v3), Challenge("cene"))
    assert transcript(v) == [
        "CHAL-GUILTY challenge.guilty: The challenge succeeds: bor held a red card.",
        "CHAL-SHOW challenge.show_hand: bor shows their hand to cene.",
        "CHAL-GUILTY challenge.after_stack: bor draws 5 (guilty, takes the whole stack).",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]
    assert v.drawn == (("bor", 5),) and v.state.due == "cene"


def test_CHAL_GUILTY_the_challenged_card_itself_is_not_held_against_its_player() -> None:
    """CHAL-GUILTY / CHAL-INNOCENT (a challengeable coloured +2, judged as TURN-WD4-LEGAL): the
    red +2 being played does not count as a red card its player held, a second red +2 does."""
    v3 = derived("official", 3, RESTRICTED_D2 + "challengeable = true\n")
    for ana, clause, drawn in (
        (["R+2", "G1", "Y1"], "CHAL-INNOCENT", (("bor", 4),)),
        (["R+2", "R+2", "Y1"], "CHAL-GUILTY", (("ana", 4),)),
    ):
        s = deal(v3, [ana, ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
        v = apply(ok(s, Play("ana", "R+2")), Challenge("bor"))
        assert v.clause == clause and v.drawn == drawn, ana


def test_CHAL_WHO_the_judgement_of_a_challenge_names_the_rule_that_accepts() -> None:
    """CHAL-WHO: the pure judgement shared by apply and legal_events names the key, clause and
    reason of the victim's accepted challenge, not only of a refused one."""
    assert judged(wd4(["R1", "G2", "W+4"]), Challenge("cene")) == (
        "accept",
        "challenge.guilty",
        "CHAL-WHO",
        "challenges",
    )


def test_CHAL_INNOCENT_a_wild_draw_four_on_no_colour_was_legal_in_words() -> None:
    """CHAL-INNOCENT, HR-WILD-FIRST (``first_card.wild_color = "nobody"``): a Wild Draw Four
    played on a turned-up Wild whose colour nobody named was legal: the challenge fails."""
    v = derived("official", 2, '[first_card]\nwild_color = "nobody"\n')
    s = start_round(v, ["ana", "bor"], dealer="bor", turned="W", hands=[["W+4", "G1"], ["B1"]])
    assert s.phase == "play" and s.color is None
    failed = apply(ok(s, Play("ana", "W+4", color="red")), Challenge("bor"))
    assert transcript(failed)[0] == (
        "CHAL-INNOCENT challenge.innocent_extra: The challenge fails: no colour was in play, so "
        "the Wild Draw Four was legal."
    )


def test_CHAL_GUILTY_card_returns_a_wild_draw_four_alone_on_the_pile_stays() -> None:
    """D-CHAL-RETURNS-ALONE: a guilty Wild Draw Four that is the only card of the discard pile
    (the rest reshuffled in between) stays, as under card_stays: its player draws the guilty
    draw, the challenger plays on its colour; before, it went back and the round went on with
    no top card, a state the consistency check refuses."""
    import re

    from ena_rules import load_variant_text
    from ena_rules.game.position import format_position, parse_position

    v = load_variant_text(
        'name = "cr"\nextends = "official"\n[challenge]\nguilty = "card_returns"\n',
        source="cr.toml",
    )
    s = deal(v, [["W+4", "R1", "B2"], ["Y3", "B3", "B4"]], "R5", draw=["G1", "G2", "G3", "G4"])
    s = apply(s, Play("ana", "W+4", color="blue")).state
    text = re.sub(r"discard=\S+", "discard=W+4", format_position(s)).replace("draw=", "draw=R5.")
    alone = parse_position(text, v)
    verdict = apply(alone, Challenge("bor"))
    assert verdict.accepted and verdict.clause == "CHAL-GUILTY"
    after = verdict.state
    assert [str(c) for c in after.discard] == ["W+4"] and after.color == "B"
    assert dict(verdict.drawn) == {"ana": 4} and after.due == "bor"
    assert parse_position(format_position(after), v) == after
