"""Overtaking and jumping in: OVT-IDENT, OVT-SKIP, OVT-WILDS, OVT-SELF, OVT-PENDING, OVT-RACE,
HOUSE-JUMP-IN.

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

from collections import Counter

from ena_rules import (
    CallUno,
    Challenge,
    Draw,
    Overtake,
    Play,
    apply,
    legal_events,
    load_variant,
)
from ena_rules.testing import deal, derived, held, ok, start_round, transcript

V3 = derived("official", 3)
E3 = derived("ena", 3)


FOUR = [["R9", "G1", "Y1"], ["B1", "B2", "B3"], ["R9", "G2", "G3"], ["Y5", "Y6", "Y7"]]


ENA2 = derived("ena", 2)


WD4_RACE = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "G2", "G3"], ["Y5", "Y6", "Y7"]]


ENA_DF = load_variant("ena")


def test_OVT_IDENT_identical_card_played_out_of_turn_before_the_due_player() -> None:
    """OVT-IDENT: a player holding a card identical to the top card may play it out of turn,
    before the player due acts; a card of the same number but another colour is no overtake."""
    s = ok(deal(E3, FOUR, "R5"), Play("ana", "R9"))
    assert Overtake("cene", "R9") in legal_events(s)
    v = apply(s, Overtake("cene", "R9"))
    assert v.accepted and v.clause == "OVT-IDENT"
    assert str(v.state.top) == "R9" and held(v.state, "cene") == Counter(["G2", "G3"])
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
    never = derived("ena", 3, '[overtake]\nwilds = "never"\n[stacking]\novertake = []\n')
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
    assert v.drawn == (("ana", 2),) and held(v.state, "ana")["R9"] == 1
    # the card turned up counts as the dealer's (FLIP-ACTION): the dealer may not overtake it
    t = deal(E3, [["G1", "G2", "Y1"], ["B1", "B2", "B3"], ["B4", "G3", "R9"]], "R9")
    assert t.due == "ana" and apply(t, Overtake("cene", "R9")).penalised
    t = deal(E3, [["G1", "G2", "Y1"], ["R9", "B2", "B3"], ["B4", "G3", "Y9"]], "R9")
    assert apply(t, Overtake("bor", "R9")).accepted
    own = derived("ena", 3, "[overtake]\nown_card = true\n")
    s = ok(deal(own, hands, "R5"), Play("ana", "R9"))
    v = apply(s, Overtake("ana", "R9"))
    assert v.accepted and v.state.due == "bor" and held(v.state, "ana") == Counter(["Y1"])


def test_OVT_PENDING_a_draw_that_cannot_stack_is_taken_before_the_overtake_acts() -> None:
    """OVT-PENDING: an overtake while a draw that does not stack is owed: the victim draws it
    first, then the overtaking card acts from the overtaker's seat (key overtake.on_pending)."""
    jump = derived("jump-in", 3)
    hands = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(jump, hands, "R5"), Play("ana", "W+4", color="blue"))
    assert s.phase == "owe" and s.challenge is not None  # pending: bor may still challenge
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.accepted
    assert v.drawn == (("bor", 4),) and v.skipped == ("bor",)
    assert v.state.pending is not None and v.state.pending.count == 4  # not stacked
    assert v.state.due == "dan" and v.state.challenge is not None
    assert v.state.challenge.offender == 2
    forbid = derived("jump-in", 3, '[overtake]\non_pending = "forbidden"\n')
    s = ok(deal(forbid, hands, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.rejected and v.key == "overtake.on_pending"
    # with Ena's penalties the same refused overtake is a bad overtake
    strict = derived("ena", 3, '[overtake]\non_pending = "forbidden"\n[stacking]\novertake = []\n')
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


def test_OVT_WILDS_overtaking_a_wild_the_overtaker_names_the_colour() -> None:
    """OVT-WILDS (D-OVT-WILD): a Wild overtaken by a Wild: the overtaker names the new colour
    (it must: the event without a colour is rejected) and play continues from the overtaker."""
    s = ok(
        deal(E3, [["W", "G1", "Y1"], ["B1", "B2", "B3"], ["W", "G2", "G3"]], "R5"),
        Play("ana", "W", color="blue"),
    )
    assert s.color == "B"
    assert apply(s, Overtake("cene", "W")).rejected
    v = apply(s, Overtake("cene", "W", color="yellow"))
    assert v.accepted and v.state.color == "Y" and v.skipped == ("bor",)
    assert v.state.due == "ana" and v.state.pending is None


def test_OVT_PENDING_an_overtake_ends_the_first_victims_challenge() -> None:
    """OVT-PENDING (D-OVT-PENDING): an overtake while a draw stack is pending and its victim
    could still challenge: the overtake is allowed (it stacks under Ena); the skipped first
    victim's challenge lapses, and the new victim may challenge the overtaking card only."""
    hands = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(E3, hands, "R5"), Play("ana", "W+4", color="red"))
    assert Challenge("bor") in legal_events(s)
    s = ok(s, Overtake("cene", "W+4", color="green"))
    assert apply(s, Challenge("bor")).rejected
    assert Challenge("dan") in legal_events(s)
    assert s.challenge is not None and s.challenge.offender == 2 and s.challenge.victim == 3
    # an overtake with anything but an identical card on a pending stack is a bad overtake
    bad = apply(s, Overtake("bor", "B1"))
    assert bad.penalised and bad.state.pending == s.pending


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
    own = derived("ena", 2, "[overtake]\nown_card = true\n")
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
    s = ok(deal(E3, hands, "R5"), Play("ana", "W+4", color="blue"))  # bor owes 4
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


def test_OVT_SKIP_an_overtaken_reverse_with_three_and_two_players() -> None:
    """OVT-SKIP (D-OVT-REV-SKIP): a Reverse overtaken by a Reverse acts from the overtaker's seat.
    Three players: ana's Reverse turns play to cene, bor's overtake skips cene and turns play
    back, so cene is next (clockwise). Two players: each Reverse is a Skip (ACT-REV-2P), so the
    overtaker goes again."""
    s = ok(
        deal(E3, [["RR", "G1", "Y1"], ["RR", "B2", "B3"], ["G4", "G2", "G3"]], "R5"),
        Play("ana", "RR"),
    )
    assert s.due == "cene" and s.direction == -1
    v = apply(s, Overtake("bor", "RR"))
    assert v.accepted and v.skipped == ("cene",)
    assert v.state.direction == 1 and v.state.due == "cene"
    s = ok(deal(E3, [["RR", "G1", "Y1"], ["RR", "B2", "B3"]], "R5"), Play("ana", "RR"))
    assert s.due == "ana" and s.direction == 1
    v = apply(s, Overtake("bor", "RR"))
    assert v.accepted and v.skipped == ("ana", "ana") and v.state.due == "bor"


def test_OVT_SKIP_an_overtaken_skip_with_three_and_two_players() -> None:
    """OVT-SKIP (D-OVT-REV-SKIP): a Skip overtaken by a Skip. Three players: after ana's Skip
    cene is due; bor's overtake skips cene and ana (due before bor), bor's Skip skips cene
    again and ana is next. Two players: ana's Skip makes ana due again; bor overtakes, skips
    ana and goes again."""
    s = ok(
        deal(E3, [["RS", "G1", "Y1"], ["RS", "B2", "B3"], ["G4", "G2", "G3"]], "R5"),
        Play("ana", "RS"),
    )
    assert s.due == "cene"
    v = apply(s, Overtake("bor", "RS"))
    assert v.accepted and v.skipped == ("cene", "ana", "cene") and v.state.due == "ana"
    s = ok(deal(E3, [["RS", "G1", "Y1"], ["RS", "B2", "B3"]], "R5"), Play("ana", "RS"))
    assert s.due == "ana"
    v = apply(s, Overtake("bor", "RS"))
    assert v.accepted and v.state.due == "bor"


def test_HOUSE_JUMP_IN_an_identical_card_jumps_in_on_the_official_base() -> None:
    """HOUSE-JUMP-IN: on the official base a player holding a card exactly like the one just
    played may play it out of turn (OVT-IDENT); a wrong jump-in is rejected, not punished."""
    hands = [["R9", "G1", "Y1"], ["B1", "B2", "B3"], ["R9", "G9", "G3"], ["Y5", "Y6", "Y7"]]
    jump = derived("jump-in", 3)
    s = ok(deal(jump, hands, "R5"), Play("ana", "R9"))
    v = apply(s, Overtake("cene", "R9"))
    assert v.accepted and v.clause == "HOUSE-JUMP-IN" and v.skipped == ("bor",)
    assert v.state.due == "dan"
    wrong = apply(s, Overtake("cene", "G9"))
    assert wrong.rejected and wrong.state == s
    o = ok(deal(derived("official", 3), hands, "R5"), Play("ana", "R9"))
    assert apply(o, Overtake("cene", "R9")).rejected
    assert not [e for e in legal_events(o) if isinstance(e, Overtake)]


def test_OVT_SELF_overtaking_ones_own_card_is_a_bad_overtake_in_words() -> None:
    """OVT-SELF: the player who just played may not overtake their own card: a bad overtake
    (PEN-ENA), with the reason in words."""
    s = ok(
        deal(E3, [["R1", "R1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5"),
        Play("ana", "R1"),
    )
    assert transcript(apply(s, Overtake("ana", "R1"))) == [
        "PEN-ENA penalties.bad_overtake: ana overtakes incorrectly with R1: a mistake costing 2 "
        "cards.",
        "OVT-SELF overtake.own_card: A player may not overtake their own card.",
        "PEN-ENA penalties.bad_overtake: ana draws 2 (penalty).",
    ]


def test_OVT_IDENT_an_overtake_on_ones_own_turn_is_refused_in_words() -> None:
    """OVT-IDENT: an overtake is out of turn by definition: the player due must Play."""
    s = ok(
        deal(E3, [["R1", "G1", "Y1"], ["R1", "B2", "B3"], ["G4", "G2", "G3"]], "R5"),
        Play("ana", "R1"),
    )
    assert transcript(apply(s, Overtake("bor", "R1"))) == [
        "OVT-IDENT overtake.enabled: it is bor's turn: play R1 with Play"
    ]


def test_OVT_SKIP_an_overtake_in_words() -> None:
    """OVT-SKIP: the overtake skips the players due before the overtaker, in words."""
    hands = [["R1", "G1", "Y1"], ["B2", "B3", "B4"], ["R1", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(E3, hands, "R5"), Play("ana", "R1"))
    v = apply(s, Overtake("cene", "R1"))
    assert transcript(v) == [
        "OVT-IDENT overtake.enabled: cene overtakes with R1, identical to the top card.",
        "OVT-SKIP overtake.skip_between: Skipped by the overtake: bor.",
        "TURN-NEXT turn.next: dan is next (clockwise).",
    ]


def test_OVT_IDENT_a_non_identical_jump_in_is_refused_with_the_reason() -> None:
    """OVT-IDENT (HOUSE-JUMP-IN, no penalty): a card that is not identical is refused."""
    hands = [["R1", "G1", "Y1"], ["B2", "B3", "B4"], ["R2", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(derived("jump-in", 3), hands, "R5"), Play("ana", "R1"))
    assert transcript(apply(s, Overtake("cene", "R2"))) == [
        "HOUSE-JUMP-IN overtake.enabled: R2 is not identical to the top card (R1)"
    ]


def test_OVT_WILDS_never_identical_wilds_in_words() -> None:
    """OVT-WILDS: with ``overtake.wilds = "never"`` a Wild on a Wild is a bad overtake."""
    never = derived("ena", 3, '[overtake]\nwilds = "never"\n')
    hands = [["W", "G1", "Y1"], ["B2", "B3", "B4"], ["W", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(never, hands, "R5"), Play("ana", "W", color="red"))
    assert transcript(apply(s, Overtake("cene", "W", color="blue"))) == [
        "PEN-ENA penalties.bad_overtake: cene overtakes incorrectly with W: a mistake costing 2 "
        "cards.",
        "OVT-WILDS overtake.wilds: Wilds are never identical.",
        "PEN-ENA penalties.bad_overtake: cene draws 2 (penalty).",
    ]


def test_OVT_IDENT_no_overtake_before_the_dealer_names_the_colour() -> None:
    """OVT-IDENT / FLIP-WILD: while the dealer is to name the colour of a Wild turned up, an
    overtake by the first player is a bad overtake (penalised in Ena), not a refused Play."""
    s = deal(E3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    v = apply(s, Overtake("ana", "R1"))
    assert v.penalised and v.key == "penalties.bad_overtake" and v.drawn == (("ana", 2),)


def test_OVT_PENDING_draw_first_in_words() -> None:
    """OVT-PENDING ("draw_first"): on the jump-in base a W+4 does not stack: its victim draws
    the 4 first, then the jump-in acts from the overtaker's seat."""
    s = ok(deal(derived("jump-in", 3), WD4_RACE, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert transcript(v) == [
        "HOUSE-JUMP-IN overtake.enabled: cene overtakes with W+4, identical to the top card.",
        "OVT-PENDING overtake.on_pending: bor draws 4 (the owed draw is taken first).",
        "OVT-SKIP overtake.skip_between: Skipped by the overtake: bor.",
        "ACT-WD4 ranks.W+4.effects: cene names green.",
        "ACT-WD4 ranks.W+4.effects: dan owes 4 cards and may still answer them.",
    ]
    assert v.state.pending is not None and v.state.pending.count == 4


def test_OVT_PENDING_forbidden_still_lets_a_stacking_card_stack() -> None:
    """OVT-PENDING ("forbidden") / OVT-STACK: no overtake while a draw is owed, except the
    stacking overtake itself: Ena's W+4 on a pending W+4 stacks to 8; on the jump-in base
    (nothing stacks) the same overtake is refused."""
    ena = derived("ena", 3, '[overtake]\non_pending = "forbidden"\n')
    s = ok(deal(ena, WD4_RACE, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.accepted and v.state.pending is not None and v.state.pending.count == 8
    assert "OVT-STACK stacking.overtake: The draw is stacked: dan now owes 8." in transcript(v)
    jump = derived("jump-in", 3, '[overtake]\non_pending = "forbidden"\n')
    s = ok(deal(jump, WD4_RACE, "R5"), Play("ana", "W+4", color="blue"))
    assert transcript(apply(s, Overtake("cene", "W+4", color="green"))) == [
        "OVT-PENDING overtake.on_pending: no overtake while 4 cards are owed"
    ]


def test_OVT_IDENT_a_same_number_of_another_colour_is_not_identical() -> None:
    """OVT-IDENT: identical means same colour and same number: R1 on G1 is not identical (and
    the reason is not the wild one)."""
    hands = [["G1", "R1", "Y1"], ["B1", "B2", "R3"], ["R1", "G2", "G3"]]
    s = ok(deal(derived("jump-in", 3), hands, "G5"), Play("ana", "G1"))
    assert transcript(apply(s, Overtake("cene", "R1"))) == [
        "HOUSE-JUMP-IN overtake.enabled: R1 is not identical to the top card (G1)"
    ]


def test_OVT_IDENT_official_rules_have_no_overtaking_in_words() -> None:
    """OVT-IDENT: the official rules have no overtaking: an Overtake is refused, saying so."""
    s = deal(V3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(ok(s, Play("ana", "R1")), Overtake("cene", "G4"))) == [
        "OVT-IDENT overtake.enabled: this variant has no overtaking: play only on your turn"
    ]


def test_OVT_SKIP_an_overtake_skips_everyone_between_in_words() -> None:
    """OVT-SKIP: an overtake from three seats on skips both players due before the overtaker,
    and the verdict names them in order."""
    hands = [["R1", "G1", "Y1"], ["B2", "B3", "B4"], ["G5", "G2", "G3"], ["R1", "Y6", "Y7"]]
    v = apply(ok(deal(E3, hands, "R5"), Play("ana", "R1")), Overtake("dan", "R1"))
    assert v.skipped == ("bor", "cene")
    assert transcript(v)[1] == "OVT-SKIP overtake.skip_between: Skipped by the overtake: bor, cene."


def test_OVT_IDENT_the_window_on_a_draw_card_stays_open_after_its_victim_drew() -> None:
    """OVT-IDENT: after a W+4 whose victim drew the pending 4, an identical overtake is
    judged as after an R+2 whose victim drew at once: accepted before the next player acts."""
    hands = [["W+4", "G1", "G2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"], ["W+4", "B6", "B7"]]
    s = start_round(ENA_DF, ["ana", "bor", "cene", "dan"], dealer="dan", hands=hands, turned="R5")
    s = ok(s, Play("ana", "W+4", color="green"))
    s = ok(s, Draw("bor"))
    assert s.due == "cene"
    v = apply(s, Overtake("dan", "W+4", color="blue"))
    assert v.accepted, str(v)
    hands2 = [["R+2", "G1", "G2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"], ["R+2", "B6", "B7"]]
    s2 = start_round(ENA_DF, ["ana", "bor", "cene", "dan"], dealer="dan", hands=hands2, turned="R5")
    s2 = ok(s2, Play("ana", "R+2"))
    assert apply(s2, Overtake("dan", "R+2")).accepted


def test_OVT_IDENT_the_dealers_non_identical_overtake_is_not_identical() -> None:
    """OVT-IDENT: the dealer overtaking the turned-up card with another card is told the card
    is not identical (not that it is their own card)."""
    hands = [["G1", "G2"], ["Y1", "Y2"], ["B1", "R9"]]
    s = start_round(ENA_DF, ["ana", "bor", "cene"], dealer="cene", hands=hands, turned="R5")
    v = apply(s, Overtake("cene", "R9"))
    assert v.penalised and "not identical" in v.message and "own card" not in v.message, str(v)


def test_FLIP_WILD_nobody_overtakes_a_turned_up_wild_before_its_colour_is_named() -> None:
    """FLIP-WILD, PEN-ENA: while the turned-up Wild's colour is still to be named, an overtake
    (even with a Wild) is incorrect under ``first_card.wild_color``, and costs the penalty."""
    s = start_round(E3, ["ana", "bor", "cene"], dealer="cene", turned="W",
                    hands=[["G2", "G1"], ["W", "B2"]])  # fmt: skip
    assert s.phase == "color"
    v = apply(s, Overtake("bor", "W", color="red"))
    assert (v.outcome, v.key, v.drawn) == ("penalised", "penalties.bad_overtake", (("bor", 2),))
    assert transcript(v)[1] == (
        "FLIP-WILD first_card.wild_color: The colour of the turned-up W is not named yet: "
        "nobody may overtake it."
    )
