"""Official UNO: calling UNO and catching, the Wild Draw Four challenge, the wrong-card penalty.

Every test's docstring starts with the clause id of ../shared/RULES.md it proves.
"""

from __future__ import annotations

from collections.abc import Sequence

from ena_rules import (
    CallUno,
    Challenge,
    Draw,
    Event,
    GameState,
    Play,
    Verdict,
    apply,
    legal_events,
    load_variant_text,
)
from ena_rules.testing import start_round
from ena_rules.view import view

PLAYERS = ("ana", "bor", "cene", "dan")
#: Official rules with small hands, so that a hand can be written out whole.
V2 = load_variant_text('name = "official-2"\nextends = "official"\n[deal]\nhand_size = 2')
V3 = load_variant_text('name = "official-3"\nextends = "official"\n[deal]\nhand_size = 3')


def run(state: GameState, *events: Event) -> Verdict:
    """Apply events in order; each must be accepted; return the last verdict."""
    verdict: Verdict | None = None
    for e in events:
        verdict = apply(state, e)
        assert verdict.accepted, str(verdict)
        state = verdict.state
    assert verdict is not None
    return verdict


def refused(state: GameState, event: object, clause: str) -> Verdict:
    """The event is rejected citing ``clause``, and the state is the very same object."""
    verdict = apply(state, event)  # type: ignore[arg-type]
    assert verdict.rejected, str(verdict)
    assert verdict.clause == clause, str(verdict)
    assert verdict.state is state and verdict.drawn == ()
    return verdict


def hand(state: GameState, name: str) -> list[str]:
    return [str(c) for c in state.hands[state.players.index(name)]]


def uno_table(draw: Sequence[str] = ()) -> GameState:
    """Two cards each; bor (first to play) and cene can each get down to one card."""
    hands = [["Y1", "Y2"], ["R1", "G7"], ["R2", "R3"], ["G1", "B1"]]
    return start_round(V2, list(PLAYERS), dealer="ana", hands=hands, turned="R5", draw=draw)


# -- calling UNO -----------------------------------------------------------------------------


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


# -- the Wild Draw Four challenge ------------------------------------------------------------


def wd4(bor: list[str]) -> GameState:
    """bor (first to play, on a red 5) plays W+4 naming green at cene, who holds yellows."""
    hands = [["Y1", "Y2", "Y3"], bor, ["Y7", "Y8", "Y9"], ["B1", "B2", "B3"]]
    s = start_round(V3, list(PLAYERS), dealer="ana", hands=hands, turned="R5")
    return run(s, Play("bor", "W+4", color="green")).state


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


# -- penalties -------------------------------------------------------------------------------


def test_PEN_WRONG_OFF_a_wrong_card_is_taken_back_two_are_drawn_and_the_turn_passes() -> None:
    """PEN-WRONG-OFF: the card goes back, its player draws 2, play goes on with the next."""
    hands = [["Y1", "Y2", "Y3"], ["B7", "G2", "G3"]]
    s = start_round(V3, list(PLAYERS), dealer="ana", hands=hands, turned="R5", draw=["Y5", "Y6"])
    v = apply(s, Play("bor", "B7"))
    assert v.penalised and v.clause == "PEN-WRONG-OFF" and v.key == "penalties.wrong_card"
    assert v.drawn == (("bor", 2),)
    t = v.state
    assert hand(t, "bor") == ["B7", "G2", "G3", "Y5", "Y6"]
    assert t.discard == s.discard and t.color == "R" and t.turn == 2 and t.phase == "play"
