"""Calling UNO and catching: UNO-CALL, UNO-CATCH, UNO-SAFE, UNO-WINDOW, UNO-FALSE.

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ena_rules import (
    CallUno,
    Challenge,
    Draw,
    GameState,
    Overtake,
    Play,
    Variant,
    Verdict,
    apply,
    legal_events,
    load_variant,
)
from ena_rules.testing import deal, derived, hand, judged, ok, run, start_round, transcript

V3 = derived("official", 3)
V2 = derived("official", 2)

PLAYERS = ("ana", "bor", "cene", "dan")


def refused(state: GameState, event: object, clause: str) -> Verdict:
    """The event is rejected citing ``clause``, and the state is the very same object."""
    verdict = apply(state, event)  # type: ignore[arg-type]
    assert verdict.rejected, str(verdict)
    assert verdict.clause == clause, str(verdict)
    assert verdict.state is state and verdict.drawn == ()
    return verdict


def uno_table(draw: Sequence[str] = ()) -> GameState:
    """Two cards each; bor (first to play) and cene can each get down to one card."""
    hands = [["Y1", "Y2"], ["R1", "G7"], ["R2", "R3"], ["G1", "B1"]]
    return start_round(V2, list(PLAYERS), dealer="ana", hands=hands, turned="R5", draw=draw)


NAMES = ("ana", "bor", "cene", "dan", "eva")


OFFICIAL2 = derived("official", 2)


ENA2 = derived("ena", 2)


def _uno_table(v: Variant) -> GameState:
    """Two cards each; bor plays first, R1 on R5, and is left with one card, not calling."""
    hands = [["Y1", "Y2"], ["R1", "G7"], ["R2", "R3"], ["G1", "B1"]]
    s = start_round(v, list(NAMES[:4]), dealer="ana", hands=hands, turned="R5", draw=["B8", "B9"])
    return s


SEVEN_MUST = derived("seven-zero", 2, '[uno]\nafter_hand_change = "must_call"\n')


OFFICIAL = load_variant("official")


def test_UNO_CALL_playing_the_second_to_last_card_obliges_a_call() -> None:
    """UNO-CALL: a player left with one card must call UNO: the call is open, and accepted."""
    s = uno_table()
    assert CallUno("bor") not in legal_events(s)
    refused(s, CallUno("bor"), "UNO-CALL")  # two cards: no UNO to call yet
    v = run(s, Play("bor", "R1"))
    assert v.state.uno_exposed == (1,)
    assert CallUno("bor") in legal_events(v.state)
    called = run(v.state, CallUno("bor"))
    assert called.state.uno_exposed == () and hand(called.state, "bor") == ["G7"]
    assert called.clause == "UNO-SAFE"


def test_UNO_CATCH_a_player_who_did_not_call_draws_two_when_caught() -> None:
    """UNO-CATCH: another player calls them out before the next turn: they draw 2."""
    s = run(uno_table(draw=["B8", "B9"]), Play("bor", "R1")).state
    assert {CallUno(p, "bor") for p in ("ana", "cene", "dan")} <= set(legal_events(s))
    v = run(s, CallUno("dan", "bor"))
    assert v.clause == "UNO-CATCH" and v.drawn == (("bor", 2),)
    assert hand(v.state, "bor") == ["G7", "B8", "B9"] and v.state.uno_exposed == ()
    assert v.state.turn == 2  # the catch is not a turn: cene is still due
    refused(v.state, CallUno("ana", "bor"), "UNO-FALSE")  # no second catch


def test_UNO_CATCH_a_catch_after_the_window_is_void() -> None:
    """UNO-CATCH: once the next player has taken their turn, a catch is void (rejected)."""
    s = run(uno_table(), Play("bor", "R1"), Play("cene", "R2")).state
    assert CallUno("ana", "bor") not in legal_events(s)
    refused(s, CallUno("ana", "bor"), "UNO-FALSE")
    assert hand(s, "bor") == ["G7"]


def test_UNO_SAFE_a_call_before_anyone_catches_is_safe() -> None:
    """UNO-SAFE: having called, the player cannot be caught any more."""
    s = run(uno_table(), Play("bor", "R1"), CallUno("bor")).state
    assert not any(isinstance(e, CallUno) for e in legal_events(s))
    refused(s, CallUno("ana", "bor"), "UNO-FALSE")
    assert hand(s, "bor") == ["G7"]


def test_UNO_SAFE_a_late_call_still_counts_while_the_window_is_open() -> None:
    """UNO-SAFE: the call may come late (after the play), as long as nobody caught them first."""
    s = run(uno_table(), Play("bor", "R1")).state
    assert run(s, CallUno("bor")).clause == "UNO-SAFE"
    caught = run(s, CallUno("ana", "bor")).state
    refused(caught, CallUno("bor"), "UNO-CALL")  # too late: already caught


def test_UNO_WINDOW_the_next_players_draw_closes_the_window() -> None:
    """UNO-WINDOW: a draw by the next player is a turn action: the window closes."""
    s = run(uno_table(draw=["B9"]), Play("bor", "R1"), Draw("cene")).state
    refused(s, CallUno("ana", "bor"), "UNO-FALSE")
    refused(s, CallUno("bor"), "UNO-CALL")


def test_UNO_WINDOW_a_wrong_card_that_passes_the_turn_closes_the_window() -> None:
    """UNO-WINDOW: the next player's wrong card costs them the turn (PEN-WRONG-OFF): it closes."""
    hands = [["Y1", "Y2"], ["R1", "G7"], ["B2", "B3"], ["G1", "B1"]]
    s = start_round(V2, list(PLAYERS), dealer="ana", hands=hands, turned="R5")
    s = run(s, Play("bor", "R1")).state
    wrong = apply(s, Play("cene", "B2"))
    assert wrong.penalised and wrong.state.turn == 3
    refused(wrong.state, CallUno("ana", "bor"), "UNO-FALSE")


def test_UNO_WINDOW_stays_open_until_the_next_player_acts_even_when_they_owe_a_draw() -> None:
    """UNO-WINDOW: after a W+4 as second-to-last card the window is open until its victim acts."""
    hands = [["Y1", "Y2", "Y3"], ["W+4", "G7", "G8"], ["Y7", "Y8", "Y9"], ["B1", "B2", "B3"]]
    s = start_round(
        V3, list(PLAYERS), dealer="ana", hands=hands, turned="G5", draw=["Y4", "Y5", "Y6"]
    )
    s = run(s, Play("bor", "G7"), Draw("cene"), Draw("dan"), Draw("ana")).state
    s = run(s, Play("bor", "W+4", color="green")).state  # one card left, cene owes 4
    assert s.phase == "owe" and s.uno_exposed == (1,)
    # a catch by a player who is not due, and by the victim who is, both count
    assert run(s, CallUno("ana", "bor")).drawn == (("bor", 2),)
    assert run(s, CallUno("cene", "bor")).drawn == (("bor", 2),)
    # the victim's challenge or draw is a turn action: it closes the window
    after_draw = run(s, Draw("cene")).state
    refused(after_draw, CallUno("ana", "bor"), "UNO-FALSE")
    after_challenge = run(s, Challenge("cene")).state
    refused(after_challenge, CallUno("ana", "bor"), "UNO-FALSE")


def test_UNO_WINDOW_a_failed_catch_or_a_call_does_not_close_it() -> None:
    """UNO-WINDOW: catches and calls are not turn actions: a second exposed player stays open."""
    s = run(uno_table(), Play("bor", "R1")).state
    # a wrong catch of someone else (rejected) leaves bor catchable
    refused(s, CallUno("cene", "dan"), "UNO-FALSE")
    # a successful catch of bor by ana does not stop cene from playing and then being caught
    s = run(s, CallUno("ana", "bor"), Play("cene", "R2")).state
    assert s.uno_exposed == (2,)
    assert run(s, CallUno("bor", "cene")).drawn == (("cene", 2),)


def test_UNO_FALSE_calling_out_a_player_who_is_not_catchable_is_rejected() -> None:
    """UNO-FALSE: official: calling out someone not catchable has no effect (rejected)."""
    s = uno_table()
    v = refused(s, CallUno("ana", "cene"), "UNO-FALSE")
    assert v.key == "uno.false_catch_penalty" and "cene" in v.message


def test_UNO_FALSE_calling_out_a_player_not_catchable_costs_the_caller_two_cards() -> None:
    """UNO-FALSE: under Ena a false catch (the target is not catchable, or the window closed)
    costs the caller 2 cards; officially it has no effect (rejected)."""
    hands = [["R9", "G1"], ["R3", "B2"], ["R7", "G2"]]
    s = deal(derived("ena", 2), hands, "R5")
    v = apply(s, CallUno("bor", "cene"))
    assert v.penalised and v.clause == "UNO-FALSE" and v.key == "uno.false_catch_penalty"
    assert v.drawn == (("bor", 2),)
    assert apply(deal(derived("official", 2), hands, "R5"), CallUno("bor", "cene")).rejected
    s = ok(s, Play("ana", "R9"))  # ana holds one card and has not called
    assert ok(s, CallUno("cene", "ana")).hands[0] != s.hands[0]  # in time: a catch
    late = ok(s, Play("bor", "R3"))  # bor's turn action closes the window
    v = apply(late, CallUno("cene", "ana"))
    assert v.penalised and v.drawn == (("cene", 2),)


def test_UNO_CALL_a_call_without_one_card_is_refused_in_words() -> None:
    """UNO-CALL: a call by a player with two cards is refused, citing UNO-CALL and saying when
    a call counts."""
    v = apply(_uno_table(OFFICIAL2), CallUno("bor"))
    assert v.rejected and transcript(v) == [
        "UNO-CALL uno.catch_penalty: bor has no UNO to call (calls count only with one card "
        "left, before being caught)"
    ]


def test_UNO_SAFE_and_UNO_CATCH_verdicts_say_who_called_and_who_was_caught() -> None:
    """UNO-SAFE / UNO-CATCH: a call makes its player safe; a catch makes the caught player draw
    2, both in words."""
    s = ok(_uno_table(OFFICIAL2), Play("bor", "R1"))
    assert transcript(apply(s, CallUno("bor"))) == [
        "UNO-SAFE uno.window: bor calls UNO and is safe."
    ]
    assert transcript(apply(s, CallUno("dan", "bor"))) == [
        "UNO-CATCH uno.catch_penalty: dan catches bor, who did not call UNO.",
        "UNO-CATCH uno.catch_penalty: bor draws 2 (caught without calling UNO).",
    ]
    stranger = apply(s, CallUno("dan", "zoe"))
    assert stranger.rejected and transcript(stranger) == [
        "SETUP-PLAYERS players.seated: 'zoe' is not a player of this game"
    ]


def test_UNO_FALSE_a_false_catch_in_words_official_and_ena() -> None:
    """UNO-FALSE: official: a false catch is refused; Ena: it costs the caller 2 cards, and the
    player really exposed (bor) stays catchable."""
    official = apply(ok(_uno_table(OFFICIAL2), Play("bor", "R1")), CallUno("dan", "cene"))
    why = "cene cannot be caught (not at one card without a call, or the window closed)"
    assert official.rejected and transcript(official) == [
        f"UNO-FALSE uno.false_catch_penalty: {why}"
    ]
    ena = apply(ok(_uno_table(ENA2), Play("bor", "R1")), CallUno("dan", "cene"))
    assert ena.penalised and transcript(ena) == [
        f"UNO-FALSE uno.false_catch_penalty: dan calls out cene wrongly: {why}.",
        "UNO-FALSE uno.false_catch_penalty: dan draws 2 (penalty).",
    ]
    assert ena.state.uno_exposed == (1,)


def test_UNO_FALSE_a_one_card_false_catch_penalty_is_a_penalty() -> None:
    """UNO-FALSE: ``uno.false_catch_penalty = 1`` is a penalty of one card, not a refusal."""
    one = derived("ena", 2, "[uno]\nfalse_catch_penalty = 1\n")
    v = apply(ok(_uno_table(one), Play("bor", "R1")), CallUno("dan", "cene"))
    assert v.penalised and v.drawn == (("dan", 1),)


def test_UNO_CATCH_catching_one_player_leaves_another_exposed_player_catchable() -> None:
    """UNO-CATCH (HOUSE-SEVEN-ZERO "must_call"): a 0 leaves two players with one card each;
    catching one of them leaves the other catchable."""
    hands = [["R1", "G1"], ["B1", "B2"], ["R0", "Y1"]]
    s = deal(SEVEN_MUST, hands, "R5", draw=["Y9"])
    s = ok(s, Play("ana", "R1"), CallUno("ana"), Draw("bor"))
    v = apply(s, Play("cene", "R0"))
    assert v.accepted and hand(v.state, "ana") == ["Y1"] and hand(v.state, "bor") == ["G1"]
    assert transcript(v)[-3:] == [
        "HOUSE-SEVEN-ZERO uno.after_hand_change: ana now holds one card and must call UNO.",
        "HOUSE-SEVEN-ZERO uno.after_hand_change: bor now holds one card and must call UNO.",
        "TURN-NEXT turn.next: ana is next (clockwise).",
    ]
    caught = ok(v.state, CallUno("cene", "bor"))
    assert apply(caught, CallUno("cene", "ana")).drawn == (("ana", 2),)


def test_UNO_CALL_a_play_down_to_one_card_is_noted() -> None:
    """UNO-CALL: a play leaving one card says that its player must call UNO (the note is filed
    under the catch penalty's key, so it cites that key's clause)."""
    s = deal(OFFICIAL2, [["R1", "R2"], ["B1", "B2"]], "R5")
    v = apply(s, Play("ana", "R1"))
    assert transcript(v) == [
        "TURN-MATCH turn.match: ana plays R1: it matches.",
        "UNO-CATCH uno.catch_penalty: ana has one card left and must call UNO.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]


def test_UNO_WINDOW_a_late_jump_in_is_refused_in_words() -> None:
    """UNO-WINDOW / OVT-IDENT: once the player due has acted (here: drawn) the overtaking window
    is closed; a late jump-in is refused, saying so."""
    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["R1", "Y2", "Y3"]]
    s = ok(deal(derived("jump-in", 3), hands, "R5", draw=["B9"]), Play("ana", "R1"), Draw("bor"))
    assert transcript(apply(s, Overtake("dan", "R1"))) == [
        "HOUSE-JUMP-IN overtake.enabled: the overtaking window is closed: the player due has "
        "already acted"
    ]


def test_UNO_WINDOW_a_draw_that_takes_nothing_leaves_the_player_catchable() -> None:
    """UNO-WINDOW / D-RESHUFFLE-EMPTY: ana's Skip leaves her one card and the turn; her own draw
    is no action of *another* player, and with both piles exhausted it takes nothing: she
    still holds one card and may still be caught."""
    s = ok(deal(OFFICIAL2, [["RS", "R1"], ["B1", "B2"]], "R5"), Play("ana", "RS"))
    assert s.due == "ana" and s.uno_exposed == (0,)
    rest = s.draw_pile + s.discard[:-1]
    s = attrs.evolve(s, draw_pile=(), discard=s.discard[-1:], hands=(s.hands[0], s.hands[1] + rest))
    v = apply(s, Draw("ana"))
    assert v.drawn == () and v.state.uno_exposed == (0,)
    assert apply(v.state, CallUno("bor", "ana")).accepted


def test_UNO_WINDOW_a_wrong_card_that_draws_nothing_leaves_the_player_catchable() -> None:
    """UNO-WINDOW / PEN-WRONG-OFF: ana's Skip leaves her one card and the turn; her wrong card
    spends the turn but is her own action, and with both piles exhausted the penalty takes
    nothing: she still holds one card and may still be caught."""
    s = ok(deal(OFFICIAL2, [["RS", "B1"], ["G1", "G2"]], "R5"), Play("ana", "RS"))
    rest = s.draw_pile + s.discard[:-1]
    s = attrs.evolve(s, draw_pile=(), discard=s.discard[-1:], hands=(s.hands[0], s.hands[1] + rest))
    v = apply(s, Play("ana", "B1"))
    assert v.penalised and v.drawn == () and v.state.due == "bor"
    assert v.state.uno_exposed == (0,)


def test_UNO_WINDOW_a_wrong_card_after_her_skips_closes_the_window_on_ana() -> None:
    """UNO-WINDOW (issue 16.1): official, a wrong card that passes the turn is the offender's
    turn: the UNO window on the previous player closes (catch and own call rejected)."""
    hands = [["RS", "RS", "YS", "YS", "GS", "G5", "B9"], ["Y9", "B1", "B2", "B3", "B4", "B5", "B6"]]
    s = start_round(OFFICIAL, ["ana", "bor"], dealer="bor", hands=hands, turned="R2")
    for card in ("RS", "RS", "YS", "YS", "GS", "G5"):
        s = ok(s, Play("ana", card))
    assert s.uno_exposed == (0,)
    wrong = apply(s, Play("bor", "Y9"))
    assert wrong.penalised and wrong.state.due == "ana", str(wrong)
    assert wrong.state.uno_exposed == ()
    assert apply(wrong.state, CallUno("bor", target="ana")).rejected
    assert apply(wrong.state, CallUno("ana")).rejected


def test_UNO_SAFE_and_UNO_CATCH_the_judgement_names_the_rule_that_accepts() -> None:
    """UNO-SAFE, UNO-CATCH: the pure judgement shared by apply and legal_events names the key,
    the clause and the reason of an accepted call or catch, not only of a refusal."""
    s = run(uno_table(draw=["B8", "B9"]), Play("bor", "R1")).state
    assert judged(s, CallUno("bor")) == (
        "accept",
        "uno.window",
        "UNO-SAFE",
        "calls UNO",
    )
    assert judged(s, CallUno("dan", "bor")) == (
        "accept",
        "uno.catch_penalty",
        "UNO-CATCH",
        "catches",
    )


def test_HR_SILENT_UNO_a_call_is_refused_in_words() -> None:
    """HR-SILENT-UNO (``uno.calls = "none"``): the refusal says why."""
    s = run(uno_table(), Play("bor", "R1")).state
    silent = attrs.evolve(s, variant=derived("official", 2, '[uno]\ncalls = "none"\n'))
    kind, key, _, reason = judged(silent, CallUno("bor"))
    assert (kind, key, reason) == (
        "reject",
        "uno.calls",
        "UNO is silent in this variant: nobody calls it, nobody is caught",
    )


def test_UNO_CATCH_another_players_penalty_leaves_the_exposed_player_catchable() -> None:
    """UNO-CATCH, UNO-FALSE: a false catch costs its caller 2 cards, but another player's hand
    changing does not close the window on the player who did not call."""
    s = ok(
        deal(derived("ena", 2), [["R1", "G2"], ["B1", "B2"], ["Y1", "Y2"]], "R5"), Play("ana", "R1")
    )
    false = apply(s, CallUno("cene", "bor"))
    assert false.penalised and false.drawn == (("cene", 2),)
    assert false.state.uno_exposed == (0,)
    caught = apply(false.state, CallUno("bor", "ana"))
    assert caught.accepted and caught.drawn == (("ana", 2),)
