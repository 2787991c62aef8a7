"""The interactions of issue 3 point 4, one test each, as docs/decisions.md decides them.

Each test's docstring starts with the clause id it rests on and names the decision (D-...) of
docs/decisions.md; the positions are dealt from arranged decks and driven with ``apply``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ena_rules import (
    CallUno,
    Challenge,
    Draw,
    GameState,
    Overtake,
    Pass,
    Play,
    Variant,
    apply,
    legal_events,
    load_variant_text,
)
from ena_rules.testing import start_round

NAMES = ("ana", "bor", "cene", "dan", "eva")


def variant(base: str, hand_size: int, extra: str = "") -> Variant:
    """``base`` with ``hand_size`` cards a hand (so arranged hands are given whole) + ``extra``."""
    return load_variant_text(
        f'name = "{base}-t"\nextends = "{base}"\n[deal]\nhand_size = {hand_size}\n' + extra
    )


ENA = variant("ena", 3)
ENA2 = variant("ena", 2)
JUMP = variant("jump-in", 3)


def deal(
    v: Variant,
    hands: Sequence[Sequence[str]],
    turned: str | Sequence[str],
    *,
    draw: Sequence[str] = (),
) -> GameState:
    """Seats ``NAMES[:len(hands)]``; the last seat deals, so seat 0 goes first."""
    players = list(NAMES[: len(hands)])
    return start_round(v, players, dealer=players[-1], hands=hands, turned=turned, draw=draw)


def ok(state: GameState, event: object) -> GameState:
    v = apply(state, event)  # type: ignore[arg-type]
    assert v.accepted, str(v)
    return v.state


def held(state: GameState, name: str) -> Counter[str]:
    return Counter(str(c) for c in state.hands[state.seat(name)])


# -- overtaking wilds -----------------------------------------------------------------------


def test_OVT_WILDS_overtaking_a_wild_the_overtaker_names_the_colour() -> None:
    """OVT-WILDS (D-OVT-WILD): a Wild overtaken by a Wild: the overtaker names the new colour
    (it must: the event without a colour is rejected) and play continues from the overtaker."""
    s = ok(
        deal(ENA, [["W", "G1", "Y1"], ["B1", "B2", "B3"], ["W", "G2", "G3"]], "R5"),
        Play("ana", "W", color="blue"),
    )
    assert s.color == "B"
    assert apply(s, Overtake("cene", "W")).rejected
    v = apply(s, Overtake("cene", "W", color="yellow"))
    assert v.accepted and v.state.color == "Y" and v.skipped == ("bor",)
    assert v.state.due == "ana" and v.state.pending is None


def test_OVT_STACK_overtaking_a_wild_draw_four_stacks_and_the_overtaker_names_the_colour() -> None:
    """OVT-STACK (D-OVT-WILD): a Wild Draw Four overtaken by a Wild Draw Four: the overtaker
    names the colour, the count stacks to 8 and falls on the player after the overtaker; on the
    jump-in base (nothing stacks) the first victim draws 4 first and the next owes 4."""
    hands = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(ENA, hands, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.accepted and v.state.color == "G" and v.drawn == ()
    assert v.state.pending is not None and v.state.pending.count == 8
    assert v.state.due == "dan" and v.state.pending.victim == 3
    s = ok(deal(JUMP, hands, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.accepted and v.drawn == (("bor", 4),) and v.state.color == "G"
    assert v.state.pending is not None and v.state.pending.count == 4


# -- pending draws and challenges --------------------------------------------------------------


def test_OVT_PENDING_an_overtake_ends_the_first_victims_challenge() -> None:
    """OVT-PENDING (D-OVT-PENDING): an overtake while a draw stack is pending and its victim
    could still challenge: the overtake is allowed (it stacks under Ena); the skipped first
    victim's challenge lapses, and the new victim may challenge the overtaking card only."""
    hands = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(ENA, hands, "R5"), Play("ana", "W+4", color="red"))
    assert Challenge("bor") in legal_events(s)
    s = ok(s, Overtake("cene", "W+4", color="green"))
    assert apply(s, Challenge("bor")).rejected
    assert Challenge("dan") in legal_events(s)
    assert s.challenge is not None and s.challenge.offender == 2 and s.challenge.victim == 3
    # an overtake with anything but an identical card on a pending stack is a bad overtake
    bad = apply(s, Overtake("bor", "B1"))
    assert bad.penalised and bad.state.pending == s.pending


def test_CHAL_GUILTY_after_a_stack_only_the_last_wild_draw_four_may_be_challenged() -> None:
    """CHAL-GUILTY (D-CHAL-STACK, key challenge.after_stack): after a stack the victim may
    challenge only the Wild Draw Four played at them. Guilty, "last_card": its player draws 4
    and the victim still draws the rest and loses the turn; "whole_stack": its player takes the
    whole stack and the victim plays. Innocent: the victim draws the stack plus 2."""
    # cene holds a red card when overtaking on red: guilty
    hands = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "R2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(
        ok(deal(ENA, hands, "G5"), Play("ana", "W+4", color="red")),
        Overtake("cene", "W+4", color="blue"),
    )
    v = apply(s, Challenge("dan"))
    assert v.accepted and dict(v.drawn) == {"cene": 4, "dan": 4}
    assert v.skipped == ("dan",) and v.state.due == "ana"
    whole = variant("ena", 3, '[challenge]\nafter_stack = "whole_stack"\n')
    s = ok(
        ok(deal(whole, hands, "G5"), Play("ana", "W+4", color="red")),
        Overtake("cene", "W+4", color="blue"),
    )
    v = apply(s, Challenge("dan"))
    assert v.accepted and v.drawn == (("cene", 8),) and v.state.due == "dan"
    # the card goes back (CHAL-GUILTY reading b): the rest of the stack is still drawn
    back = variant("ena", 3, '[challenge]\nguilty = "card_returns"\n')
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
        ok(deal(ENA, hands, "G5"), Play("ana", "W+4", color="red")),
        Overtake("cene", "W+4", color="blue"),
    )
    v = apply(s, Challenge("dan"))
    assert v.accepted and v.drawn == (("dan", 10),) and v.state.due == "ana"


TINY = variant(
    "ena",
    2,
    """[players]
max = 4
[deck]
colors = ["R", "G"]
colored = { "0" = 0, "1" = 1, "2" = 1, "3" = 1, "4" = 1, "5" = 1, "6" = 0, "7" = 0, "8" = 0, \
"9" = 0, "S" = 0, "R" = 0, "+2" = 0 }
wild = { "W" = 0, "W+4" = 4, "WS" = 0, "WC" = 0 }
""",
)


def test_TURN_RESHUFFLE_a_stack_larger_than_both_piles_draws_what_there_is() -> None:
    """TURN-RESHUFFLE (D-STACK-EMPTY): a stack pending when the draw pile and the discard pile
    cannot cover it: its victim draws what there is (the discard pile but its top card is
    reshuffled first), loses the turn, and play goes on; no card is made up or lost."""
    hands = [["W+4", "R1"], ["R2", "G2"], ["W+4", "G3"], ["W+4", "R3"]]
    s = deal(TINY, hands, "R5")  # 14 cards: 8 in hands, R5 up, 5 to draw
    assert len(s.draw_pile) == 5
    s = ok(s, Play("ana", "W+4", color="green"))
    s = ok(s, Overtake("cene", "W+4", color="red"))
    s = ok(s, Play("dan", "W+4", color="green"))
    assert s.pending is not None and s.pending.count == 12 and s.due == "ana"
    v = apply(s, Draw("ana"))
    assert v.accepted and v.drawn == (("ana", 8),)  # 5 + 3 reshuffled; 4 short
    assert "turn.empty" in [n.key for n in v.notes]
    assert "turn.reshuffle" in [n.key for n in v.notes]
    t = v.state
    assert t.draw_pile == () and [str(c) for c in t.discard] == ["W+4"]
    assert t.due == "bor" and t.pending is None and len(t.hands[0]) == 9
    assert sum(len(h) for h in t.hands) + len(t.discard) == 14
    # play goes on: the colour dan named (green) stands
    assert apply(t, Play("bor", "G2")).accepted


# -- the last card ----------------------------------------------------------------------------


def test_END_LAST_DRAW_an_overtake_with_the_last_card_ends_the_round_and_the_stack_is_drawn() -> (
    None
):
    """END-LAST-DRAW (D-OVT-LAST): an overtake with one's last card ends the round at once; a
    stacked draw still pending is drawn by the player after the overtaker (the whole stack) and
    counts in the scoring (scoring.last_draw_counts); with that key off nobody draws."""

    def to_the_overtake(v: Variant) -> GameState:
        hands = [["W+4", "G1"], ["B1", "B2"], ["W+4", "R7"], ["Y5", "Y6"]]
        s = start_round(v, list(NAMES[:4]), dealer="bor", hands=hands, turned="R5", draw=["Y8"])
        s = ok(s, Play("cene", "R7"))  # cene (left of the dealer) keeps only her W+4
        s = ok(ok(s, CallUno("cene")), Draw("dan"))  # dan draws Y8, unplayable
        s = ok(s, Play("ana", "W+4", color="green"))
        assert s.due == "bor" and s.pending is not None and s.pending.count == 4
        return s

    counts = variant("ena", 2)
    v = apply(to_the_overtake(counts), Overtake("cene", "W+4", color="blue"))
    assert v.accepted and v.state.last_round is not None and v.state.last_round.winner == 2
    assert v.drawn == (("dan", 8),)
    dan = v.state.hands[3]
    assert len(dan) == 11
    assert v.state.last_round.points[3] == sum(counts.rank(c.rank).score for c in dan)
    assert v.state.last_round.points[2] == 0 and v.state.phase == "deal"
    assert apply(v.state, Challenge("dan")).rejected  # the round is over: nothing to challenge
    off = variant("ena", 2, "[scoring]\nlast_draw_counts = false\n")
    v = apply(to_the_overtake(off), Overtake("cene", "W+4", color="blue"))
    assert v.accepted and v.drawn == () and v.state.last_round is not None
    assert len(v.state.hands[3]) == 3


def test_OVT_SELF_overtaking_ones_own_second_to_last_card_and_the_uno_call() -> None:
    """OVT-SELF (D-OVT-UNO): a player who played their second-to-last card may not overtake it
    with their last (a bad overtake under Ena: 2 cards, so no UNO is owed any more). The UNO
    call around an overtake: another player's overtake is a turn action and closes the catch
    window on the player who did not call; an overtaker left with one card must call UNO."""
    hands = [["R9", "R9"], ["B1", "B2"], ["G4", "R4"], ["Y5", "R4"]]
    s = ok(deal(ENA2, hands, "R5"), Play("ana", "R9"))
    assert s.uno_exposed == (0,)
    v = apply(s, Overtake("ana", "R9"))
    assert v.penalised and v.drawn == (("ana", 2),) and v.state.uno_exposed == ()
    own = variant("ena", 2, "[overtake]\nown_card = true\n")
    v = apply(ok(deal(own, hands, "R5"), Play("ana", "R9")), Overtake("ana", "R9"))
    assert v.accepted and v.state.last_round is not None and v.state.last_round.winner == 0
    # around an overtake: ana played her second-to-last card without calling UNO
    hands = [["R4", "G1"], ["B1", "B2"], ["G4", "B4"], ["R4", "Y9"]]
    s = ok(deal(ENA2, hands, "R5"), Play("ana", "R4"))
    assert CallUno("cene", "ana") in legal_events(s)
    s = ok(s, Overtake("dan", "R4"))  # dan's overtake closes ana's window...
    assert 0 not in s.uno_exposed and s.uno_exposed == (3,)  # ...and dan must call now
    assert apply(s, CallUno("cene", "ana")).penalised  # too late: a false catch
    caught = apply(s, CallUno("bor", "dan"))
    assert caught.accepted and caught.drawn == (("dan", 2),)
    assert apply(s, CallUno("dan")).accepted  # or dan calls first and is safe


# -- seven-zero ---------------------------------------------------------------------------------

SEVEN_JUMP = variant("seven-zero", 3, "[overtake]\nenabled = true\n")


def test_HOUSE_SEVEN_ZERO_a_jump_in_with_a_seven_names_its_own_target() -> None:
    """HOUSE-SEVEN-ZERO (D-SEVEN-JUMP): a 7 jumped in on a 7 swaps hands like any 7: the jumper
    names the target (without one the event is rejected) and swaps from their own seat."""
    hands = [["R7", "G1", "Y1"], ["B1", "B2", "B3"], ["R7", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(SEVEN_JUMP, hands, "R5"), Play("ana", "R7", target="bor"))
    assert held(s, "ana") == Counter(["B1", "B2", "B3"])
    assert Overtake("cene", "R7", target="dan") in legal_events(s)
    assert Overtake("cene", "R7") not in legal_events(s)
    no_target = apply(s, Overtake("cene", "R7"))
    assert no_target.rejected and no_target.clause == "HOUSE-SEVEN-ZERO"
    assert apply(s, Overtake("cene", "R7", target="cene")).rejected
    v = apply(s, Overtake("cene", "R7", target="dan"))
    assert v.accepted and v.skipped == ("bor",)
    assert held(v.state, "cene") == Counter(["Y5", "Y6", "Y7"])
    assert held(v.state, "dan") == Counter(["G2", "G3"])
    assert v.state.due == "dan"


def test_HOUSE_SEVEN_ZERO_a_zero_with_two_players_exchanges_the_two_hands() -> None:
    """HOUSE-SEVEN-ZERO (D-ZERO-2P): with two players a 0 passes each hand one seat on, which
    exchanges the two hands (whatever the direction); then the other player is due."""
    two = variant("seven-zero", 3)
    s = deal(two, [["R0", "G1", "Y1"], ["B1", "B2", "B3"]], "R5")
    v = apply(s, Play("ana", "R0"))
    assert v.accepted
    assert held(v.state, "ana") == Counter(["B1", "B2", "B3"])
    assert held(v.state, "bor") == Counter(["G1", "Y1"])
    assert v.state.due == "bor"


# -- the same card overtaken twice ------------------------------------------------------------


def test_OVT_RACE_four_wild_draw_fours_in_a_row_stack_to_sixteen() -> None:
    """OVT-RACE (D-OVT-TWICE): the same card overtaken twice in a row (four Wild Draw Fours):
    each overtake is judged against the new top, which is identical again, so the count grows
    4, 8, 12, 16; a player may not overtake their own card, even with a second copy."""
    hands = [
        ["W+4", "G1", "Y1"],
        ["B1", "B2", "B3"],
        ["W+4", "W+4", "G3"],
        ["Y5", "Y6", "Y7"],
        ["W+4", "G8", "G9"],
    ]
    s = ok(deal(ENA, hands, "R5"), Play("ana", "W+4", color="blue"))  # bor owes 4
    s = ok(s, Overtake("cene", "W+4", color="green"))  # dan owes 8
    again = apply(s, Overtake("cene", "W+4", color="red"))
    assert again.penalised and again.notes[1].key == "overtake.own_card"
    s = ok(s, Overtake("eva", "W+4", color="red"))  # ana owes 12
    assert s.pending is not None and (s.pending.count, s.due) == (12, "ana")
    v = apply(s, Overtake("cene", "W+4", color="yellow"))  # dan owes 16
    assert v.accepted and v.skipped == ("ana", "bor")
    s = v.state
    assert s.pending is not None and (s.pending.count, s.due) == (16, "dan")
    v = apply(s, Draw("dan"))
    assert v.drawn == (("dan", 16),) and v.state.due == "eva"


# -- reverse and skip overtaken --------------------------------------------------------------


def test_OVT_SKIP_an_overtaken_reverse_with_three_and_two_players() -> None:
    """OVT-SKIP (D-OVT-REV-SKIP): a Reverse overtaken by a Reverse acts from the overtaker's seat.
    Three players: ana's Reverse turns play to cene, bor's overtake skips cene and turns play
    back, so cene is next (clockwise). Two players: each Reverse is a Skip (ACT-REV-2P), so the
    overtaker goes again."""
    s = ok(
        deal(ENA, [["RR", "G1", "Y1"], ["RR", "B2", "B3"], ["G4", "G2", "G3"]], "R5"),
        Play("ana", "RR"),
    )
    assert s.due == "cene" and s.direction == -1
    v = apply(s, Overtake("bor", "RR"))
    assert v.accepted and v.skipped == ("cene",)
    assert v.state.direction == 1 and v.state.due == "cene"
    s = ok(deal(ENA, [["RR", "G1", "Y1"], ["RR", "B2", "B3"]], "R5"), Play("ana", "RR"))
    assert s.due == "ana" and s.direction == 1
    v = apply(s, Overtake("bor", "RR"))
    assert v.accepted and v.skipped == ("ana", "ana") and v.state.due == "bor"


def test_OVT_SKIP_an_overtaken_skip_with_three_and_two_players() -> None:
    """OVT-SKIP (D-OVT-REV-SKIP): a Skip overtaken by a Skip. Three players: after ana's Skip
    cene is due; bor's overtake skips cene and ana (due before bor), bor's Skip skips cene
    again and ana is next. Two players: ana's Skip makes ana due again; bor overtakes, skips
    ana and goes again."""
    s = ok(
        deal(ENA, [["RS", "G1", "Y1"], ["RS", "B2", "B3"], ["G4", "G2", "G3"]], "R5"),
        Play("ana", "RS"),
    )
    assert s.due == "cene"
    v = apply(s, Overtake("bor", "RS"))
    assert v.accepted and v.skipped == ("cene", "ana", "cene") and v.state.due == "ana"
    s = ok(deal(ENA, [["RS", "G1", "Y1"], ["RS", "B2", "B3"]], "R5"), Play("ana", "RS"))
    assert s.due == "ana"
    v = apply(s, Overtake("bor", "RS"))
    assert v.accepted and v.state.due == "bor"


# -- draws --------------------------------------------------------------------------------------


def test_TURN_DRAW_a_player_who_draws_holding_an_identical_card_misses_the_overtake() -> None:
    """TURN-DRAW (D-OVT-MISSED): the player due draws although they (and another player) hold a
    card identical to the top: no penalty for anyone; the overtake chance is gone (a late
    overtake is a bad overtake), and the drawer may play only the drawn card."""
    hands = [["R9", "G1", "Y1"], ["R9", "B2", "B3"], ["G4", "G2", "G3"]]
    s = ok(deal(ENA, hands, "R5", draw=["Y7"]), Play("ana", "R9"))
    assert Play("bor", "R9") in legal_events(s)
    v = apply(s, Draw("bor"))
    assert v.accepted and v.drawn == (("bor", 1),)
    assert v.state.due == "cene" and held(v.state, "bor")["R9"] == 1
    late = apply(v.state, Overtake("bor", "R9"))
    assert late.penalised and late.key == "penalties.bad_overtake"
    # a drawn playable card: only it may be played
    s = ok(ok(deal(ENA, hands, "R5", draw=["R7"]), Play("ana", "R9")), Draw("bor"))
    assert s.phase == "drawn" and set(legal_events(s)) == {Play("bor", "R7"), Pass("bor")}
    assert apply(s, Play("bor", "R9")).penalised


def test_PEN_ENA_a_second_draw_in_the_same_turn_is_drawing_too_many() -> None:
    """PEN-ENA (D-DRAW-TWICE): a second Draw while the turn is still the drawer's (a playable
    card was drawn) is drawing too many: 2 cards, and the drawer still plays or passes. Once an
    unplayable draw has ended the turn, another Draw is a draw out of turn (2 cards too).
    Officially both are rejected."""
    hands = [["R9", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    s = ok(deal(ENA, hands, "R5", draw=["R7"]), Draw("ana"))
    v = apply(s, Draw("ana"))
    assert v.penalised and v.key == "penalties.draw_too_many" and v.drawn == (("ana", 2),)
    assert v.state.phase == "drawn" and v.state.drawn is not None
    assert str(v.state.drawn) == "R7"
    assert apply(v.state, Play("ana", "R7")).accepted
    s = ok(deal(ENA, hands, "G5", draw=["Y7"]), Draw("ana"))
    assert s.due == "bor"
    v = apply(s, Draw("ana"))
    assert v.penalised and v.key == "penalties.out_of_turn" and v.drawn == (("ana", 2),)
    official = variant("official", 3)
    s = ok(deal(official, hands, "R5", draw=["R7"]), Draw("ana"))
    assert apply(s, Draw("ana")).rejected
