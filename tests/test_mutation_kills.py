"""Rule tests written to kill mutants that survived ``mutmut run`` on the rule core (issue 5.4).

Each test proves one clause of ../shared/RULES.md (or a decision of docs/decisions.md) on a
dealt position driven with ``apply``. Most of them pin the verdict's *transcript*: every note
the referee wrote, as ``"CLAUSE key: text"``. The notes are part of the product (the verdict
must say which rule it applied, under which variant key, in words a player can read), so a
change to a clause id, a key or a sentence is a change a test must see. See
docs/verification.md, "Mutation score", for the run these tests answer.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest

from ena_rules import (
    CallUno,
    Challenge,
    ChooseColor,
    Cut,
    Draw,
    EventError,
    GameState,
    Overtake,
    Pass,
    Play,
    Variant,
    VariantError,
    Verdict,
    apply,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.shuffle import derive_seed, shuffled
from ena_rules.testing import start_round

NAMES = ("ana", "bor", "cene", "dan", "eva")


def variant(base: str, hand_size: int, extra: str = "") -> Variant:
    """``base`` with ``hand_size`` cards a hand (so arranged hands are given whole) + ``extra``."""
    return load_variant_text(
        f'name = "{base}-mk"\nextends = "{base}"\n[deal]\nhand_size = {hand_size}\n' + extra
    )


def deal(
    v: Variant,
    hands: Sequence[Sequence[str]],
    turned: str | Sequence[str],
    *,
    draw: Sequence[str] = (),
    seed: int = 0,
) -> GameState:
    """Seats ``NAMES[:len(hands)]``; the last seat deals, so seat 0 goes first."""
    players = list(NAMES[: len(hands)])
    return start_round(
        v, players, dealer=players[-1], hands=hands, turned=turned, draw=draw, seed=seed
    )


def ok(state: GameState, *events: object) -> GameState:
    """Apply events in order, each of which must be accepted; the state after the last."""
    for e in events:
        verdict = apply(state, e)  # type: ignore[arg-type]
        assert verdict.accepted, str(verdict)
        state = verdict.state
    return state


def transcript(verdict: Verdict) -> list[str]:
    """Every note of a verdict as ``"CLAUSE key: text"``, the decisive one first."""
    return [f"{n.clause} {n.key}: {n.text}" for n in verdict.notes]


def held(state: GameState, name: str) -> list[str]:
    return [str(c) for c in state.hands[state.seat(name)]]


def cards(state: GameState) -> Counter[str]:
    """Every card of the round: hands, draw pile and discard pile."""
    out = Counter(str(c) for c in (*state.draw_pile, *state.discard))
    for h in state.hands:
        out.update(str(c) for c in h)
    return out


OFFICIAL3 = variant("official", 3)
ENA3 = variant("ena", 3)


# -- the Wild Draw Four challenge ------------------------------------------------------------


def _wd4_by_ana(v: Variant, ana: list[str]) -> GameState:
    """ana (first to play, on a red 5) plays W+4 naming green at bor; bor may challenge."""
    s = deal(v, [ana, ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    return ok(s, Play("ana", "W+4", color="green"))


def test_CHAL_GUILTY_the_verdict_names_the_colour_shows_the_hand_and_the_draw() -> None:
    """CHAL-GUILTY: guilty (ana held a red card): ana draws 4, bor plays on; the challenge and
    the overtaking window are closed, and the verdict says so clause by clause."""
    s = _wd4_by_ana(OFFICIAL3, ["W+4", "R1", "Y1"])
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
    s = _wd4_by_ana(OFFICIAL3, ["W+4", "G1", "Y1"])
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
    hidden = variant("official", 3, "[challenge]\nshow_hand = false\n")
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
    v = apply(_wd4_by_ana(OFFICIAL3, ["W+4", "R1", "Y1"]), Challenge("cene"))
    assert v.rejected and transcript(v) == [
        "CHAL-WHO challenge.guilty: cene has nothing to challenge: only the player who must "
        "draw for a challengeable card may, before drawing"
    ]


def test_CHAL_GUILTY_card_returns_takes_back_the_top_card_only() -> None:
    """CHAL-GUILTY reading (b), ``challenge.guilty = "card_returns"``: the Wild Draw Four (the
    top card, not another one of the pile) goes back to its player, the colour before it is in
    force again, and its player draws 4 and must play a correct card."""
    back = variant("official", 3, '[challenge]\nguilty = "card_returns"\n')
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
    assert held(t, "cene")[:3] == ["R3", "G1", "W+4"] and len(held(t, "cene")) == 7
    assert t.due == "cene" and t.phase == "play"


def test_CHAL_GUILTY_card_returns_with_whole_stack_the_guilty_player_takes_it_all() -> None:
    """CHAL-GUILTY (D-CHAL-STACK): card returned and ``after_stack = "whole_stack"``: the guilty
    overtaker takes the whole stack (4 + the 4 before), the victim draws nothing."""
    v3 = variant("ena", 3, '[challenge]\nguilty = "card_returns"\nafter_stack = "whole_stack"\n')
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


#: +2 draws one card and a W+4 may answer it: a stack of 5 leaves 1 besides the W+4's 4.
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


def test_CHAL_GUILTY_after_a_stack_the_victim_draws_even_a_rest_of_one() -> None:
    """CHAL-GUILTY (D-CHAL-STACK, "last_card"): guilty after a stack: the offender draws 4 and
    the victim still draws the rest of the stack, here a single card, and loses the turn."""
    v = apply(_stack_of_five(variant("official", 3, PLUS_ONE)), Challenge("cene"))
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
    v3 = variant("official", 3, PLUS_ONE + '[challenge]\nguilty = "card_returns"\n')
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
    v3 = variant("official", 3, PLUS_ONE + '[challenge]\nafter_stack = "whole_stack"\n')
    v = apply(_stack_of_five(v3), Challenge("cene"))
    assert transcript(v) == [
        "CHAL-GUILTY challenge.guilty: The challenge succeeds: bor held a red card.",
        "CHAL-SHOW challenge.show_hand: bor shows their hand to cene.",
        "CHAL-GUILTY challenge.after_stack: bor draws 5 (guilty, takes the whole stack).",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]
    assert v.drawn == (("bor", 5),) and v.state.due == "cene"


# -- calling UNO -----------------------------------------------------------------------------

OFFICIAL2 = variant("official", 2)
ENA2 = variant("ena", 2)


def _uno_table(v: Variant) -> GameState:
    """Two cards each; bor plays first, R1 on R5, and is left with one card, not calling."""
    hands = [["Y1", "Y2"], ["R1", "G7"], ["R2", "R3"], ["G1", "B1"]]
    s = start_round(v, list(NAMES[:4]), dealer="ana", hands=hands, turned="R5", draw=["B8", "B9"])
    return s


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
    one = variant("ena", 2, "[uno]\nfalse_catch_penalty = 1\n")
    v = apply(ok(_uno_table(one), Play("bor", "R1")), CallUno("dan", "cene"))
    assert v.penalised and v.drawn == (("dan", 1),)


SEVEN_MUST = variant("seven-zero", 2, '[uno]\nafter_hand_change = "must_call"\n')
SEVEN_EXEMPT = variant("seven-zero", 2)


def test_UNO_CATCH_catching_one_player_leaves_another_exposed_player_catchable() -> None:
    """UNO-CATCH (HOUSE-SEVEN-ZERO "must_call"): a 0 leaves two players with one card each;
    catching one of them leaves the other catchable."""
    hands = [["R1", "G1"], ["B1", "B2"], ["R0", "Y1"]]
    s = deal(SEVEN_MUST, hands, "R5", draw=["Y9"])
    s = ok(s, Play("ana", "R1"), CallUno("ana"), Draw("bor"))
    v = apply(s, Play("cene", "R0"))
    assert v.accepted and held(v.state, "ana") == ["Y1"] and held(v.state, "bor") == ["G1"]
    assert transcript(v)[-3:] == [
        "HOUSE-SEVEN-ZERO uno.after_hand_change: ana now holds one card and must call UNO.",
        "HOUSE-SEVEN-ZERO uno.after_hand_change: bor now holds one card and must call UNO.",
        "TURN-NEXT turn.next: ana is next (clockwise).",
    ]
    caught = ok(v.state, CallUno("cene", "bor"))
    assert apply(caught, CallUno("cene", "ana")).drawn == (("ana", 2),)


def test_HOUSE_SEVEN_ZERO_exempt_a_swap_exposes_nobody() -> None:
    """HOUSE-SEVEN-ZERO ("exempt", the shipped default): a 7 swapping a one-card hand for the
    player's own last card leaves neither of them to call UNO: no catch is possible."""
    hands = [["R1", "G1"], ["B1", "B2"], ["R7", "Y1"]]
    s = deal(SEVEN_EXEMPT, hands, "R5", draw=["Y9"])
    s = ok(s, Play("ana", "R1"), CallUno("ana"), Draw("bor"), Play("cene", "R7", target="ana"))
    assert held(s, "cene") == ["G1"] and held(s, "ana") == ["Y1"]
    assert s.uno_exposed == ()
    assert apply(s, CallUno("bor", "cene")).rejected


# -- the cut -----------------------------------------------------------------------------------


def test_DEAL_CUT_OFF_the_cut_is_refused_in_words() -> None:
    """DEAL-CUT-OFF: a cut with too few cards, a card the deck has not (so often), or when no
    cut is due is refused, each citing its rule and saying why."""
    s = new_game(load_variant("official"), ["ana", "bor", "cene"])
    assert transcript(apply(s, Cut(["R1", "R2"]))) == [
        "DEAL-CUT-OFF deal.cut: 3 players cut now (ana, bor, cene), got 2 cards"
    ]
    assert transcript(apply(s, Cut(["R1", "R1", "R1"]))) == [
        "DECK-108 deck.colored: R1 is not (or not so often) in the official deck"
    ]
    dealt = new_game(load_variant("official"), ["ana", "bor", "cene"], dealer="ana")
    assert transcript(apply(dealt, Cut(["R1", "R2", "R3"]))) == [
        "DEAL-CUT-OFF deal.cut: no cut is due now"
    ]


def test_DEAL_CUT_OFF_the_highest_card_deals_and_the_cut_is_over() -> None:
    """DEAL-CUT-OFF: the highest number card deals; nobody is left cutting."""
    s = new_game(load_variant("official"), ["ana", "bor", "cene"])
    v = apply(s, Cut(["R9", "R2", "W"]))
    assert transcript(v) == [
        "DEAL-CUT-OFF deal.cut_non_number: ana cuts R9: counts 9.",
        "DEAL-CUT-OFF deal.cut_non_number: bor cuts R2: counts 2.",
        "DEAL-CUT-OFF deal.cut_non_number: cene cuts W: goes back: cut again.",
    ]
    assert v.state.cutters == (2,) and v.state.cut_values == (9, 2, None)
    v = apply(v.state, Cut(["R3"]))
    assert transcript(v) == [
        "DEAL-CUT-OFF deal.cut_non_number: cene cuts R3: counts 3.",
        "DEAL-CUT-OFF deal.cut: ana cut the highest card and deals.",
    ]
    assert v.state.phase == "deal" and v.state.dealer == 0
    assert v.state.cutters == () and v.state.cut_values == ()


def test_DEAL_CUT_TIE_the_tied_cut_again_and_the_others_are_out() -> None:
    """DEAL-CUT-TIE: a tie for the highest card: the tied players cut again, the others are out
    (marked -1 in the state, as the position notation writes it)."""
    s = new_game(load_variant("official"), ["ana", "bor", "cene"])
    v = apply(s, Cut(["R5", "R5", "R1"]))
    assert transcript(v) == [
        "DEAL-CUT-OFF deal.cut_non_number: ana cuts R5: counts 5.",
        "DEAL-CUT-OFF deal.cut_non_number: bor cuts R5: counts 5.",
        "DEAL-CUT-OFF deal.cut_non_number: cene cuts R1: counts 1.",
        "DEAL-CUT-TIE deal.cut_tie: A tie: ana, bor cut again.",
    ]
    assert v.state.cutters == (0, 1) and v.state.cut_values == (None, None, -1)


# -- the colour of a wild turned up --------------------------------------------------------------


def _wild_turned_up() -> GameState:
    """Ena: a Wild turned up, the dealer (cene) names the colour (FLIP-WILD)."""
    s = deal(ENA3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    assert s.phase == "color" and s.due == "cene"
    return s


def test_FLIP_WILD_the_dealer_names_the_colour_in_words() -> None:
    """FLIP-WILD: only the dealer names the colour, and only a colour of the deck; the
    verdicts cite FLIP-WILD and say what happened."""
    s = _wild_turned_up()
    assert transcript(apply(s, ChooseColor("ana", "red"))) == [
        "FLIP-WILD first_card.wild_color: ana has no colour to name now"
    ]
    v = apply(s, ChooseColor("cene", "blue"))
    assert transcript(v) == [
        "FLIP-WILD first_card.wild_color: The dealer cene names blue.",
        "DEAL-FIRST deal.first_player: ana is next (clockwise).",
    ]
    three = variant("ena", 3, '[deck]\ncolors = ["R", "Y", "G"]\n')
    s = deal(three, [["R1", "G1", "Y1"], ["R2", "R3", "R4"], ["G4", "G2", "G3"]], "W")
    assert transcript(apply(s, ChooseColor("cene", "blue"))) == [
        "FLIP-WILD deck.colors: blue is not a colour of this deck"
    ]


# -- Wild Shuffle Hands ---------------------------------------------------------------------------


def test_DECK_WSH_hands_are_collected_from_the_player_shuffled_and_dealt_from_the_next() -> None:
    """DECK-WSH (docs/shuffle.md, "Shuffling hands"): the hands are collected seat by seat
    starting with the player of the card, shuffled with ``derive_seed(seed, k + 1)`` for the
    k-th in-round shuffle, and dealt one at a time from the next player on. Here two shuffles
    already happened in the round (k = 2)."""
    hands = [["Y1", "Y2", "Y3"], ["WS", "R1", "R2"], ["G1", "G2", "G3"], ["B7", "B8", "B9"]]
    s = deal(variant("ena-112", 3), hands, "R5", draw=["B1"], seed=99)
    s = attrs.evolve(s, shuffles=2)
    s = ok(s, Draw("ana"))  # ana cannot play: bor is due with the Wild Shuffle Hands
    collected = [c for i in range(4) for c in s.hands[(1 + i) % 4] if str(c) != "WS"]
    mixed = shuffled(collected, derive_seed(s.seed, 3))
    expected: list[list[str]] = [[], [], [], []]
    for i, c in enumerate(mixed):
        expected[(2 + i) % 4].append(str(c))
    v = apply(s, Play("bor", "WS", color="green"))
    assert [held(v.state, n) for n in NAMES[:4]] == expected
    assert v.state.shuffles == 3
    assert transcript(v)[1:] == [
        "DECK-WSH ranks.WS.effects: bor names green.",
        "DECK-WSH ranks.WS.effects: All hands are shuffled and dealt out from cene.",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]


# -- penalties and the drawn card --------------------------------------------------------------


def test_PEN_ENA_mistakes_are_penalised_in_words() -> None:
    """PEN-ENA: playing or drawing out of turn and drawing twice each cost 2 cards; the
    verdict names the mistake, its price, and the draw."""
    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    s = deal(ENA3, hands, "R5", draw=["R9"])
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
    one = variant("official", 3, "[penalties]\nout_of_turn = 1\n")
    s = deal(one, [["R1", "G1", "Y1"], ["B1", "B2", "B3"]], "R5")
    v = apply(s, Play("bor", "B1"))
    assert v.penalised and v.drawn == (("bor", 1),) and v.key == "penalties.out_of_turn"


def test_TURN_DRAW_keeping_the_drawn_card_in_words() -> None:
    """TURN-DRAW: after drawing a playable card its player may keep it (Pass); nobody else may
    pass, and the refusal says why."""
    s = ok(deal(ENA3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"]], "R5", draw=["R9"]), Draw("ana"))
    assert transcript(apply(s, Pass("ana"))) == [
        "TURN-DRAW turn.play_drawn: ana keeps the drawn card.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    assert transcript(apply(s, Pass("bor"))) == [
        "TURN-DRAW turn.play_drawn: bor may pass only after drawing a playable card on their "
        "own turn"
    ]


def test_TURN_RESHUFFLE_the_kth_reshuffle_uses_its_own_seed() -> None:
    """TURN-RESHUFFLE (docs/shuffle.md): the draw pile is empty: the discard pile but its top
    card is shuffled with ``derive_seed(seed, k + 1)`` for the k-th in-round shuffle (here
    k = 2) into the new draw pile, and the verdict says so."""
    s = deal(OFFICIAL3, [["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]], "R5", seed=5)
    s = attrs.evolve(s, draw_pile=(), discard=(*s.draw_pile, *s.discard), shuffles=2)
    rest = s.discard[:-1]
    new_pile = shuffled(rest, derive_seed(5, 3))
    v = apply(s, Draw("ana"))
    assert v.state.shuffles == 3 and held(v.state, "ana")[-1] == str(new_pile[0])
    assert v.state.draw_pile == tuple(new_pile[1:]) and [str(c) for c in v.state.discard] == ["R5"]
    assert transcript(v)[0] == (
        "TURN-RESHUFFLE turn.reshuffle: The draw pile is empty: the discard pile but its top "
        f"card (R5) is shuffled into a new draw pile of {len(rest)}."
    )


# -- the end of a round --------------------------------------------------------------------------


def test_END_ROUND_a_wild_played_last_still_names_its_colour() -> None:
    """END-ROUND / ACT-WILD: a Wild played as the last card names its colour all the same."""
    s = deal(variant("official", 1), [["W"], ["R3"], ["B0"]], "R5")
    v = apply(s, Play("ana", "W", color="blue"))
    assert v.state.color == "B" and v.state.last_round is not None
    assert transcript(v) == [
        "TURN-WILD turn.wild_anytime: ana plays W: a wild may be played on any turn.",
        "END-ROUND scoring.last_draw_counts: ana plays their last card and wins the round.",
        "SCORE-OFF scoring.mode: ana scores 3 for the others' hands.",
        "DEAL-ROTATE deal.rotate: ana deals the next round.",
    ]


#: A Wild Customizable that makes the next player draw 2 and reverses the direction.
DRAW_REVERSE = variant(
    "official",
    1,
    "[deck.wild]\nWC = 3\n[ranks.WC]\n"
    'effects = [{op = "choose_color"}, {op = "draw", count = 2}, {op = "reverse"}]\n',
)


def test_END_LAST_DRAW_a_reversing_draw_card_played_last_hits_the_previous_player() -> None:
    """END-LAST-DRAW: a last card that draws and reverses: with three or more players the draw
    falls on the player before (play now runs the other way); with two, on the other one."""
    for hands, victim in (
        ([["WC"], ["R3"], ["B0"]], "cene"),
        ([["WC"], ["R3"], ["B0"], ["G1"]], "dan"),
        ([["WC"], ["R3"]], "bor"),
    ):
        v = apply(deal(DRAW_REVERSE, hands, "R5"), Play("ana", "WC", color="blue"))
        assert v.drawn == ((victim, 2),), hands
        assert (
            f"END-LAST-DRAW scoring.last_draw_counts: {victim} draws 2 (the last card is a "
            "draw card)."
        ) in transcript(v)


def test_SCORE_ENA_own_hands_in_words() -> None:
    """SCORE-ENA: every player scores their own hand, the winner 0; the verdict lists them."""
    v = apply(deal(variant("ena", 1), [["R1"], ["R3"], ["B0"]], "R5"), Play("ana", "R1"))
    assert v.state.scores == (0, 3, 0)
    assert transcript(v)[2] == (
        "SCORE-ENA scoring.mode: Each player scores their own hand: ana 0, bor 3, cene 0."
    )


def test_HOUSE_ROUNDS_a_point_for_the_round_in_words() -> None:
    """HOUSE-ROUNDS: the round's winner scores one point, in words."""
    v = apply(deal(variant("rounds", 1), [["R1"], ["R3"], ["B0"]], "R5"), Play("ana", "R1"))
    assert v.state.scores == (1, 0, 0)
    assert transcript(v)[2] == "HOUSE-ROUNDS scoring.mode: ana scores a point for the round."


def test_SCORE_OFF_the_game_winner_in_words() -> None:
    """SCORE-OFF: the first to reach 500 wins the game; the verdict says who, with how much."""
    s = start_round(
        variant("official", 1),
        ["ana", "bor", "cene"],
        dealer="cene",
        hands=[["R1"], ["R3"], ["B0"]],
        turned="R5",
        scores=[498, 0, 0],
    )
    v = apply(s, Play("ana", "R1"))
    assert v.state.phase == "over" and v.state.winner == 0
    assert transcript(v)[-1] == "SCORE-OFF scoring.winner: ana wins the game with 501."


def test_SCORE_ENA_reaching_the_target_exactly_with_a_tie_for_lowest_plays_on() -> None:
    """SCORE-ENA: a player reaching exactly 500 ends the game, unless the lowest total is
    tied: then play goes on, and the verdict says why."""
    s = start_round(
        variant("ena", 1),
        ["ana", "bor", "cene"],
        dealer="cene",
        hands=[["R1"], ["R3"], ["B0"]],
        turned="R5",
        scores=[100, 497, 100],
    )
    v = apply(s, Play("ana", "R1"))
    assert v.state.scores == (100, 500, 100) and v.state.phase == "deal"
    assert v.state.winner is None
    assert transcript(v)[3] == (
        "SCORE-ENA scoring.winner: The target is reached but the lowest total is tied: "
        "play goes on."
    )


def test_END_ROUND_no_window_stays_open_after_the_round() -> None:
    """END-ROUND: once a player is out nothing of the round is pending: no draw, no challenge,
    no overtaking window, no drawn card."""
    s = deal(variant("ena", 1), [["R1"], ["R3"], ["B0"]], "R5")
    t = apply(s, Play("ana", "R1")).state
    assert t.phase == "deal" and t.pending is None and t.challenge is None
    assert t.overtake_open is False and t.drawn is None and t.uno_exposed == ()


# -- overtaking ------------------------------------------------------------------------------------


def test_OVT_SELF_overtaking_ones_own_card_is_a_bad_overtake_in_words() -> None:
    """OVT-SELF: the player who just played may not overtake their own card: a bad overtake
    (PEN-ENA), with the reason in words."""
    s = ok(
        deal(ENA3, [["R1", "R1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5"),
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
        deal(ENA3, [["R1", "G1", "Y1"], ["R1", "B2", "B3"], ["G4", "G2", "G3"]], "R5"),
        Play("ana", "R1"),
    )
    assert transcript(apply(s, Overtake("bor", "R1"))) == [
        "OVT-IDENT overtake.enabled: it is bor's turn: play R1 with Play"
    ]


def test_OVT_SKIP_an_overtake_in_words() -> None:
    """OVT-SKIP: the overtake skips the players due before the overtaker, in words."""
    hands = [["R1", "G1", "Y1"], ["B2", "B3", "B4"], ["R1", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(ENA3, hands, "R5"), Play("ana", "R1"))
    v = apply(s, Overtake("cene", "R1"))
    assert transcript(v) == [
        "OVT-IDENT overtake.enabled: cene overtakes with R1, identical to the top card.",
        "OVT-SKIP overtake.skip_between: Skipped by the overtake: bor.",
        "TURN-NEXT turn.next: dan is next (clockwise).",
    ]


def test_OVT_IDENT_a_non_identical_jump_in_is_refused_with_the_reason() -> None:
    """OVT-IDENT (HOUSE-JUMP-IN, no penalty): a card that is not identical is refused."""
    hands = [["R1", "G1", "Y1"], ["B2", "B3", "B4"], ["R2", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(variant("jump-in", 3), hands, "R5"), Play("ana", "R1"))
    assert transcript(apply(s, Overtake("cene", "R2"))) == [
        "HOUSE-JUMP-IN overtake.enabled: R2 is not identical to the top card (R1)"
    ]


def test_OVT_WILDS_never_identical_wilds_in_words() -> None:
    """OVT-WILDS: with ``overtake.wilds = "never"`` a Wild on a Wild is a bad overtake."""
    never = variant("ena", 3, '[overtake]\nwilds = "never"\n')
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
    s = deal(ENA3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    v = apply(s, Overtake("ana", "R1"))
    assert v.penalised and v.key == "penalties.bad_overtake" and v.drawn == (("ana", 2),)


def test_PEN_ENA_a_one_card_bad_overtake_penalty_is_a_penalty() -> None:
    """PEN-ENA: ``penalties.bad_overtake = 1``: a bad overtake costs one card."""
    one = variant("ena", 3, "[penalties]\nbad_overtake = 1\n")
    s = ok(
        deal(one, [["R1", "G1", "Y1"], ["R2", "B2", "B3"], ["G4", "G2", "G3"]], "R5"),
        Play("ana", "R1"),
    )
    v = apply(s, Overtake("cene", "G4"))
    assert v.penalised and v.drawn == (("cene", 1),)
    assert transcript(v)[1] == (
        "OVT-IDENT overtake.enabled: G4 is not identical to the top card (R1)."
    )


WD4_RACE = [["W+4", "G1", "Y1"], ["B1", "B2", "B3"], ["W+4", "G2", "G3"], ["Y5", "Y6", "Y7"]]


def test_OVT_PENDING_draw_first_in_words() -> None:
    """OVT-PENDING ("draw_first"): on the jump-in base a W+4 does not stack: its victim draws
    the 4 first, then the jump-in acts from the overtaker's seat."""
    s = ok(deal(variant("jump-in", 3), WD4_RACE, "R5"), Play("ana", "W+4", color="blue"))
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
    ena = variant("ena", 3, '[overtake]\non_pending = "forbidden"\n')
    s = ok(deal(ena, WD4_RACE, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Overtake("cene", "W+4", color="green"))
    assert v.accepted and v.state.pending is not None and v.state.pending.count == 8
    assert "OVT-STACK stacking.overtake: The draw is stacked: dan now owes 8." in transcript(v)
    jump = variant("jump-in", 3, '[overtake]\non_pending = "forbidden"\n')
    s = ok(deal(jump, WD4_RACE, "R5"), Play("ana", "W+4", color="blue"))
    assert transcript(apply(s, Overtake("cene", "W+4", color="green"))) == [
        "OVT-PENDING overtake.on_pending: no overtake while 4 cards are owed"
    ]


# -- action cards and draws ---------------------------------------------------------------


def test_ACT_REV_the_direction_in_words() -> None:
    """ACT-REV: a Reverse turns the direction; the verdict says which way play now runs."""
    s = deal(OFFICIAL3, [["RR", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "RR"]], "R5")
    v = apply(s, Play("ana", "RR"))
    assert transcript(v)[1:] == [
        "ACT-REV ranks.R.effects: Play now runs counter-clockwise.",
        "TURN-NEXT turn.next: cene is next (counter-clockwise).",
    ]
    v = apply(v.state, Play("cene", "RR"))
    assert transcript(v)[1:] == [
        "ACT-REV ranks.R.effects: Play now runs clockwise.",
        "TURN-NEXT turn.next: ana is next (clockwise).",
    ]


def test_ACT_REV_2P_the_reverse_as_a_skip_in_words() -> None:
    """ACT-REV-2P: with two players the Reverse is a Skip, and the verdict says so."""
    v = apply(deal(OFFICIAL3, [["RR", "G1", "Y1"], ["B1", "B2", "B3"]], "R5"), Play("ana", "RR"))
    assert transcript(v)[1:] == [
        "ACT-REV-2P actions.two_player_reverse: With two players the Reverse acts as a Skip.",
        "ACT-REV ranks.R.effects: Skipped: bor.",
        "TURN-NEXT turn.next: ana is next (clockwise).",
    ]


def test_ACT_D2_and_ACT_WD4_draws_in_words() -> None:
    """ACT-D2 / ACT-WD4: a +2 is drawn at once; a W+4 is owed (it may be challenged) and drawn
    by its victim, who loses the turn; each verdict says who draws what and why."""
    s = deal(OFFICIAL3, [["R+2", "W+4", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(s, Play("ana", "R+2")))[1:] == [
        "ACT-D2 ranks.+2.effects: bor draws 2 (the +2 card).",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]
    v = apply(s, Play("ana", "W+4", color="green"))
    assert transcript(v)[1:] == [
        "ACT-WD4 ranks.W+4.effects: ana names green.",
        "ACT-WD4 ranks.W+4.effects: bor owes 4 cards and may still answer them.",
    ]
    d = apply(v.state, Draw("bor"))
    assert transcript(d) == [
        "ACT-WD4 ranks.W+4.effects: bor draws 4 (the pending +4).",
        "ACT-WD4 ranks.W+4.effects: bor loses the turn.",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]
    assert d.state.challenge is None and d.state.pending is None
    # the victim's draw is the card's effect: the window on it stays open (D-OVT-AFTER-DRAW)
    assert d.state.overtake_open is True


def test_DECK_WC_skip_all_in_words() -> None:
    """DECK-WC: a Wild Customizable composed of choose_color and skip_all: every other player is
    skipped and its player goes again."""
    wc = variant(
        "official",
        3,
        '[deck.wild]\nWC = 3\n[ranks.WC]\neffects = [{op = "choose_color"}, {op = "skip_all"}]\n',
    )
    s = deal(wc, [["WC", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    v = apply(s, Play("ana", "WC", color="red"))
    assert transcript(v)[2:] == [
        "DECK-WC ranks.WC.effects: Every other player is skipped: ana plays again.",
        "DECK-WC ranks.WC.effects: Skipped: bor, cene.",
        "TURN-NEXT turn.next: ana is next (clockwise).",
    ]


def test_DECK_WC_skips_on_one_card_add_up() -> None:
    """DECK-WC (docs/variants.md, "Several draws and skips on one card add up"): a card with
    two skips skips the next two players."""
    wc = variant(
        "official",
        3,
        "[deck.wild]\nWC = 3\n[ranks.WC]\n"
        'effects = [{op = "choose_color"}, {op = "skip"}, {op = "skip"}]\n',
    )
    hands = [["WC", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["Y4", "Y5", "Y6"]]
    v = apply(deal(wc, hands, "R5"), Play("ana", "WC", color="red"))
    assert v.skipped == ("bor", "cene") and v.state.due == "dan"


def test_FLIP_WD4_ENA_a_wild_draw_four_kept_at_the_flip_is_drawn_at_once() -> None:
    """FLIP-WD4-ENA / FLIP-ACTION: a W+4 turned up and kept (``return_ranks = []``): the dealer
    names the colour and the first player draws 4 at once and loses the turn: a turned-up card
    cannot be challenged, so nothing is left owed."""
    kept = variant("official", 3, '[first_card]\nreturn_ranks = []\nwild_color = "dealer"\n')
    s = deal(kept, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W+4")
    v = apply(s, ChooseColor("cene", "red"))
    assert transcript(v) == [
        "FLIP-WILD first_card.wild_color: The dealer cene names red.",
        "FLIP-D2 first_card.draw_loses_turn: The turned-up W+4 makes ana draw 4 and lose the "
        "first turn.",
        "ACT-WD4 ranks.W+4.effects: ana draws 4 (the W+4 card).",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    assert v.state.phase == "play" and v.state.pending is None and v.state.due == "bor"


def test_TURN_DRAW_a_draw_before_the_dealer_names_the_colour_is_out_of_turn() -> None:
    """TURN-DRAW / FLIP-WILD: while the dealer is to name the colour, a draw by the first
    player is out of turn (PEN-ENA)."""
    s = deal(ENA3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    assert transcript(apply(s, Draw("ana"))) == [
        "PEN-ENA penalties.out_of_turn: ana draws out of turn (cene is due): a mistake costing "
        "2 cards.",
        "PEN-ENA penalties.out_of_turn: ana draws 2 (penalty).",
    ]


def test_TURN_WILD_without_wild_anytime_a_drawn_wild_is_playable_only_without_a_match() -> None:
    """TURN-WILD (``turn.wild_anytime = false``): a Wild drawn by a player who holds a match
    cannot be played: the turn ends; without a match it may be played."""
    strict = variant("official", 3, "[turn]\nwild_anytime = false\n")
    s = deal(strict, [["R1", "G1", "Y1"], ["B1", "B2", "B3"]], "R5", draw=["W"])
    v = apply(s, Draw("ana"))
    assert transcript(v) == [
        "TURN-DRAW turn.draw: ana draws 1 (their turn's draw).",
        "TURN-DRAW turn.draw: ana cannot play the drawn card: the turn ends.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    s = deal(strict, [["B4", "G1", "Y1"], ["B1", "B2", "B3"]], "R5", draw=["W"])
    v = apply(s, Draw("ana"))
    assert transcript(v) == [
        "TURN-DRAW turn.draw: ana draws 1 (their turn's draw).",
        "TURN-DRAW turn.play_drawn: ana may play the drawn card or pass.",
    ]
    assert v.state.phase == "drawn" and v.state.overtake_open is False


def test_TURN_WD4_LEGAL_no_colour_in_force_no_colour_held() -> None:
    """TURN-WD4-LEGAL / CHAL-INNOCENT: with no colour in force (a position without one), a
    W+4 cannot be guilty."""
    s = deal(OFFICIAL3, [["W+4", "R1", "G1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    s = attrs.evolve(s, phase="play")
    assert s.color is None and s.due == "ana"
    t = ok(s, Play("ana", "W+4", color="green"))
    v = apply(t, Challenge("bor"))
    assert v.drawn == (("bor", 6),) and v.clause == "CHAL-INNOCENT"
    assert "no colour" in v.notes[0].text


def test_TURN_RESHUFFLE_nothing_left_to_reshuffle_a_draw_takes_what_there_is() -> None:
    """TURN-RESHUFFLE (D-RESHUFFLE-EMPTY): the draw pile is empty and the discard pile holds only
    its top card: the draw takes nothing, the verdict says how many were short, and the turn
    ends."""
    s = deal(OFFICIAL3, [["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]], "R5")
    s = attrs.evolve(s, draw_pile=(), hands=(s.hands[0], s.hands[1] + s.draw_pile))
    v = apply(s, Draw("ana"))
    assert transcript(v) == [
        "TURN-DRAW turn.draw: ana draws 1 (their turn's draw) (only 0: nothing left to reshuffle).",
        "TURN-RESHUFFLE turn.empty: The draw pile and the discard pile are exhausted: a draw "
        "takes what there is.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    assert v.drawn == () and cards(v.state) == cards(s)


# -- a turn: matching, wrong cards, the drawn card -------------------------------------------------

#: Official with no penalty for a wrong card (it is refused) and wilds only without a match.
STRICT = variant("official", 3, "[penalties]\nwrong_card = 0\n[turn]\nwild_anytime = false\n")


def test_TURN_MATCH_a_wrong_card_is_refused_with_the_rule_it_breaks() -> None:
    """TURN-MATCH / TURN-WILD: without a wrong-card penalty a wrong card is refused, citing the
    rule it breaks: no match, or a Wild while holding a match (``turn.wild_anytime = false``)."""
    s = deal(STRICT, [["W", "R1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(s, Play("ana", "Y1"))) == [
        "TURN-MATCH turn.match: Y1 matches neither the colour (red) nor the top card (R5)"
    ]
    assert transcript(apply(s, Play("ana", "W", color="red"))) == [
        "TURN-WILD turn.wild_anytime: W may be played only holding no match"
    ]
    no_match = deal(STRICT, [["W", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert apply(no_match, Play("ana", "W", color="red")).accepted


def test_PEN_WRONG_OFF_the_wrong_card_verdict_in_words() -> None:
    """PEN-WRONG-OFF: a wrong card goes back, its player draws 2 and the turn passes, in words;
    nothing is left as drawn."""
    s = deal(OFFICIAL3, [["W", "R1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
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
    s = ok(
        deal(OFFICIAL3, [["B1", "G1", "Y1"], ["B2", "B3", "B4"]], "R5", draw=["R9"]), Draw("ana")
    )
    v = apply(s, Play("ana", "G1"))
    assert v.penalised and v.state.due == "bor" and v.state.drawn is None
    assert v.state.phase == "play"
    refused = variant("official", 3, "[penalties]\nwrong_card = 0\n")
    s = ok(deal(refused, [["B1", "G1", "Y1"], ["B2", "B3", "B4"]], "R5", draw=["R9"]), Draw("ana"))
    assert transcript(apply(s, Play("ana", "G1"))) == [
        "TURN-DRAW turn.play_drawn: after drawing only the drawn card (R9) may be played"
    ]


def test_PEN_WRONG_OFF_a_one_card_wrong_card_penalty_is_a_penalty() -> None:
    """PEN-WRONG-OFF: ``penalties.wrong_card = 1``: a wrong card costs one card, not a refusal."""
    one = variant("official", 3, "[penalties]\nwrong_card = 1\n")
    v = apply(deal(one, [["B1", "G1", "Y1"], ["B2", "B3", "B4"]], "R5"), Play("ana", "G1"))
    assert v.penalised and v.drawn == (("ana", 1),)


def test_PEN_WRONG_OFF_a_wrong_card_while_owing_keeps_the_debt_and_the_turn() -> None:
    """PEN-WRONG-OFF / CHAL-WHO: a player who owes 4 and plays a card that cannot answer them
    draws the penalty but still owes the 4 and is still due; the verdict says what they may
    do instead."""
    s = ok(
        deal(OFFICIAL3, [["W+4", "G1", "Y1"], ["W+4", "B2", "B3"]], "R5"),
        Play("ana", "W+4", color="green"),
    )
    v = apply(s, Play("bor", "W+4", color="blue"))
    assert v.penalised and v.state.due == "bor" and v.state.phase == "owe"
    assert v.state.pending == s.pending
    assert transcript(v)[0] == (
        "PEN-WRONG-OFF penalties.wrong_card: bor plays a wrong card: bor owes 4 cards: draw "
        "them or challenge; W+4 cannot answer them. The card goes back to the hand."
    )


def test_HOUSE_STACK_answers_and_refusals_in_words() -> None:
    """HOUSE-STACK: a +2 answered by a +2 stacks (the verdict cites the answer key); a card that
    cannot answer is a wrong card, and with no challenge possible the verdict offers only the
    draw."""
    stack = variant("house-stack", 3)
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
    s = ok(deal(ENA3, hands, "R5"), Play("ana", "W+4", color="blue"))
    v = apply(s, Play("bor", "W+4", color="green"))
    assert transcript(v)[0] == (
        "OVT-STACK stacking.overtake: bor plays W+4: W+4 is stacked on the pending +4."
    )
    assert v.state.pending is not None and v.state.pending.count == 8


def test_TURN_WILD_a_drawn_wild_without_a_match_may_be_played() -> None:
    """TURN-WILD / TURN-DRAW (``turn.wild_anytime = false``): a Wild drawn by a player holding no
    match may be played at once."""
    strict = variant("official", 3, "[turn]\nwild_anytime = false\n")
    s = ok(deal(strict, [["B4", "G1", "Y1"], ["B1", "B2", "B3"]], "R5", draw=["W"]), Draw("ana"))
    v = apply(s, Play("ana", "W", color="green"))
    assert v.accepted and v.state.color == "G" and v.state.drawn is None


def test_FLIP_WILD_the_first_player_names_the_colour_by_playing() -> None:
    """FLIP-WILD (official): a Wild turned up: the first player names the colour first
    (ChooseColor), then plays a card of it; the verdicts say so."""
    s = deal(OFFICIAL3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    named = apply(s, ChooseColor("ana", "green"))
    assert transcript(named) == [
        "FLIP-WILD first_card.wild_color: ana, the first player, names green.",
        "DEAL-FIRST deal.first_player: ana is next (clockwise).",
    ]
    assert transcript(apply(named.state, Play("ana", "G1"))) == [
        "TURN-MATCH turn.match: ana plays G1: it matches.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]


def test_FLIP_WILD_a_play_before_the_dealer_names_the_colour_is_out_of_turn() -> None:
    """FLIP-WILD / PEN-ENA: while the dealer is to name the colour a play by the first player is
    out of turn."""
    s = deal(ENA3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    assert transcript(apply(s, Play("ana", "R1"))) == [
        "PEN-ENA penalties.out_of_turn: ana plays R1 out of turn (cene is due): a mistake "
        "costing 2 cards.",
        "PEN-ENA penalties.out_of_turn: ana draws 2 (penalty).",
    ]


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


# -- the arguments of a card event ---------------------------------------------------------------


def test_ACT_WILD_card_arguments_are_checked_in_words() -> None:
    """ACT-WILD / DECK-108 / TURN-MATCH / HOUSE-SEVEN-ZERO: a card must be of the deck and held;
    a wild needs a colour of the deck, other cards none; only a swapping card takes a target.
    Each refusal cites its rule."""
    three = variant("official", 3, '[deck]\ncolors = ["R", "Y", "G"]\n')
    s = deal(three, [["W+4", "W", "R1"], ["R2", "R3", "R4"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(s, Play("ana", "W", color="blue"))) == [
        "ACT-WILD deck.colors: blue is not a colour of this deck"
    ]
    assert transcript(apply(s, Play("ana", "W+4"))) == [
        "ACT-WILD ranks.W+4.effects: W+4 needs a colour: name red, yellow or green"
    ]
    assert transcript(apply(s, Play("ana", "R1", target="bor"))) == [
        "TURN-MATCH ranks.1.effects: R1 takes no target (drop target=)"
    ]
    assert transcript(apply(s, Play("ana", "Y1"))) == [
        "TURN-MATCH turn.from_hand: ana does not hold Y1"
    ]
    wc = deal(
        variant("wild-customizable", 3),
        [["WC", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]],
        "R5",
    )
    assert transcript(apply(wc, Play("ana", "WC", color="red"))) == [
        "HOUSE-SEVEN-ZERO ranks.WC.effects: WC swaps hands: name another player as target"
    ]


# -- the deal ------------------------------------------------------------------------------


def test_DEAL_SEVEN_a_deal_is_refused_when_none_is_due_or_the_deck_is_wrong() -> None:
    """DEAL-SEVEN / DECK-108: a Deal in the middle of a round is refused; a deck that is not the
    variant's is refused, naming what is missing and what is extra."""
    s = deal(OFFICIAL3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    from ena_rules import Deal, canonical_deck

    deck = list(canonical_deck(OFFICIAL3))
    assert transcript(apply(s, Deal(tuple(deck)))) == [
        "DEAL-SEVEN deal.hand_size: no deal is due now"
    ]
    fresh = new_game(OFFICIAL3, ["ana", "bor", "cene"], dealer="cene")
    deck[-1] = deck[0]
    assert transcript(apply(fresh, Deal(tuple(deck)))) == [
        "DECK-108 deck.colored: the deck is not the official-mk deck (missing: W+4; extra: R0)"
    ]


def test_DEAL_SEVEN_the_deal_in_words() -> None:
    """DEAL-SEVEN / FLIP-ACTION / FLIP-WILD: the deal says who dealt how many cards and what was
    turned up; a Wild turned up under Ena waits for the dealer's colour, under official rules
    the first player names it with their card; nothing is drawn, shown or owed."""
    from ena_rules import Deal
    from ena_rules.testing import arrange_deck

    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    ena = apply(
        new_game(ENA3, ["ana", "bor", "cene"], dealer="cene"),
        Deal(arrange_deck(ENA3, 3, 2, hands, "W")),
    )
    assert transcript(ena) == [
        "DEAL-SEVEN deal.hand_size: cene deals 3 cards to each player.",
        "FLIP-ACTION first_card.apply_action: W is turned up.",
        "FLIP-WILD first_card.wild_color: The dealer cene names the colour.",
    ]
    assert ena.state.reveal is None and ena.state.drawn is None
    official = apply(
        new_game(OFFICIAL3, ["ana", "bor", "cene"], dealer="cene"),
        Deal(arrange_deck(OFFICIAL3, 3, 2, hands, "W")),
    )
    assert transcript(official)[2] == (
        "FLIP-WILD first_card.wild_color: ana, the first player, names the colour."
    )


def test_FLIP_REV_who_goes_first_in_words() -> None:
    """FLIP-REV (official: the dealer takes the first turn): a Reverse turned up turns the
    direction and the verdict says who goes first."""
    from ena_rules import Deal
    from ena_rules.testing import arrange_deck

    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    v = apply(
        new_game(OFFICIAL3, ["ana", "bor", "cene"], dealer="cene"),
        Deal(arrange_deck(OFFICIAL3, 3, 2, hands, "RR")),
    )
    assert "FLIP-REV first_card.reverse_first: cene goes first." in transcript(v)
    assert v.state.due == "cene" and v.state.direction == -1


def test_FLIP_WD4_OFF_every_wild_draw_four_goes_back_once_at_most() -> None:
    """FLIP-WD4-OFF: a W+4 turned up goes back under the pile and the next card is turned up;
    when nothing but W+4s is left, each goes back once and the last one stays (no endless
    loop)."""
    from ena_rules import Deal
    from ena_rules.testing import arrange_deck

    zero = ", ".join(f'"{r}" = 0' for r in ("0", "2", "3", "4", "5", "6", "7", "8", "9"))
    tiny = load_variant_text(
        'name = "tiny"\nextends = "official"\n[players]\nmax = 2\n[deck]\ncolors = ["R"]\n'
        f'colored = {{ "1" = 2, {zero}, "S" = 0, "R" = 0, "+2" = 0 }}\n'
        'wild = { "W" = 0, "W+4" = 4, "WS" = 0, "WC" = 0 }\n[deal]\nhand_size = 1\n'
    )
    s = new_game(tiny, ["ana", "bor"], dealer="bor")
    v = apply(s, Deal(arrange_deck(tiny, 2, 1, [["R1"], ["R1"]], "W+4")))
    returned = [n for n in v.notes if n.clause == "FLIP-WD4-OFF"]
    assert len(returned) == 3 and str(v.state.top) == "W+4"
    assert returned[0].text == (
        "W+4 is turned up: it goes back under the draw pile and the next card is turned up."
    )


def test_FLIP_SKIP_and_FLIP_D2_the_first_turn_in_words() -> None:
    """FLIP-SKIP / FLIP-D2: a Skip turned up skips the first player; a Draw Two makes the first
    player draw 2 and lose the turn, or keep it with ``first_card.draw_loses_turn = false``;
    each verdict says so."""
    from ena_rules import Deal
    from ena_rules.testing import arrange_deck

    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]

    def flip(v: Variant, turned: str) -> Verdict:
        g = new_game(v, ["ana", "bor", "cene"], dealer="cene")
        return apply(g, Deal(arrange_deck(v, 3, 2, hands, turned)))

    skip = flip(OFFICIAL3, "RS")
    assert transcript(skip)[2:] == [
        "ACT-SKIP ranks.S.effects: Skipped: ana.",
        "FLIP-SKIP first_card.apply_action: The turned-up RS skips the first player.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    loses = flip(OFFICIAL3, "R+2")
    assert transcript(loses)[2] == (
        "FLIP-D2 first_card.draw_loses_turn: The turned-up R+2 makes ana draw 2 and lose the "
        "first turn."
    )
    keeps = flip(variant("official", 3, "[first_card]\ndraw_loses_turn = false\n"), "R+2")
    assert transcript(keeps)[2:] == [
        "FLIP-D2 first_card.draw_loses_turn: The turned-up R+2 makes ana draw 2; they still "
        "take the first turn.",
        "ACT-D2 ranks.+2.effects: ana draws 2 (the +2 card).",
        "TURN-NEXT turn.next: ana is next (clockwise).",
    ]
    plain = flip(OFFICIAL3, "R5")
    assert not [n for n in plain.notes if n.clause == "FLIP-SKIP"]


def test_DECK_108_a_deck_too_long_or_too_short_is_refused_naming_the_difference() -> None:
    """DECK-108: a Deal whose deck has a card too many, or two too few, is refused; the verdict
    lists what is missing and what is extra ("-" for nothing)."""
    from ena_rules import Deal, canonical_deck

    deck = canonical_deck(OFFICIAL3)
    g = new_game(OFFICIAL3, ["ana", "bor", "cene"], dealer="cene")
    assert transcript(apply(g, Deal((*deck, deck[0])))) == [
        "DECK-108 deck.colored: the deck is not the official-mk deck (missing: -; extra: R0)"
    ]
    assert transcript(apply(g, Deal(deck[:-2]))) == [
        "DECK-108 deck.wild: the deck is not the official-mk deck (missing: W+4, W+4; extra: -)"
    ]


def test_SETUP_PLAYERS_events_of_strangers_and_before_the_deal_are_refused_in_words() -> None:
    """SETUP-PLAYERS / DEAL-SEVEN: an event by someone who is not a player, or any player event
    before the round is dealt, is refused with the reason."""
    s = deal(OFFICIAL3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(s, Play("zoe", "R1"))) == [
        "SETUP-PLAYERS players.seated: 'zoe' is not a player of this game (ana, bor, cene)"
    ]
    g = new_game(OFFICIAL3, ["ana", "bor", "cene"], dealer="cene")
    assert transcript(apply(g, Play("ana", "R1"))) == [
        "DEAL-SEVEN deal.hand_size: the round has not been dealt yet: Play(player='ana', "
        "card='R1', color=None, target=None) cannot happen"
    ]


def test_SETUP_PLAYERS_names_must_be_distinct_non_empty_strings() -> None:
    """SETUP-PLAYERS: a game needs distinct, non-empty player names and a dealer among them; a
    game that starts with the cut starts at zero points for everyone."""
    official = load_variant("official")
    for bad in (["ana", "ana"], ["ana", ""], ["ana", 7]):
        with pytest.raises(EventError, match="players must be distinct non-empty names"):
            new_game(official, bad)  # type: ignore[arg-type]
    with pytest.raises(EventError, match=r"'zoe': the dealer must be one of the players"):
        new_game(official, ["ana", "bor"], dealer="zoe")
    assert new_game(official, ["ana", "bor", "cene"]).scores == (0, 0, 0)


def test_SCORE_OFF_after_the_game_no_event_is_accepted_and_the_winner_is_named() -> None:
    """SCORE-OFF / SCORE-ENA: once the game is over every event is refused, naming the winner."""
    for scores, winner in (([498, 0, 0], "ana"), ([100, 497, 90], "cene")):
        base = "official" if winner == "ana" else "ena"
        s = start_round(
            variant(base, 1),
            ["ana", "bor", "cene"],
            dealer="cene",
            hands=[["R1"], ["R3"], ["B0"]],
            turned="R5",
            scores=scores,
        )
        over = ok(s, Play("ana", "R1"))
        assert over.phase == "over"
        v = apply(over, Draw("bor"))
        assert v.rejected and v.notes[0].text == (
            f"the game is over ({winner} won): no event may follow"
        )


def test_ACT_WILD_only_a_wild_names_a_colour_and_only_deck_cards_are_played() -> None:
    """ACT-WILD / DECK-108: a colour named with a card that is not a wild is refused; a card
    that is not in the variant's deck is refused."""
    s = deal(OFFICIAL3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(s, Play("ana", "R1", color="red"))) == [
        "ACT-WILD ranks.1.effects: R1 does not name a colour (drop color='red')"
    ]
    assert transcript(apply(s, Play("ana", "WS", color="red"))) == [
        "DECK-108 deck.wild: WS is not a card of the official-mk deck"
    ]


def test_UNO_WINDOW_a_late_jump_in_is_refused_in_words() -> None:
    """UNO-WINDOW / OVT-IDENT: once the player due has acted (here: drawn) the overtaking window
    is closed; a late jump-in is refused, saying so."""
    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["R1", "Y2", "Y3"]]
    s = ok(deal(variant("jump-in", 3), hands, "R5", draw=["B9"]), Play("ana", "R1"), Draw("bor"))
    assert transcript(apply(s, Overtake("dan", "R1"))) == [
        "HOUSE-JUMP-IN overtake.enabled: the overtaking window is closed: the player due has "
        "already acted"
    ]


def test_OVT_IDENT_a_same_number_of_another_colour_is_not_identical() -> None:
    """OVT-IDENT: identical means same colour and same number: R1 on G1 is not identical (and
    the reason is not the wild one)."""
    hands = [["G1", "R1", "Y1"], ["B1", "B2", "R3"], ["R1", "G2", "G3"]]
    s = ok(deal(variant("jump-in", 3), hands, "G5"), Play("ana", "G1"))
    assert transcript(apply(s, Overtake("cene", "R1"))) == [
        "HOUSE-JUMP-IN overtake.enabled: R1 is not identical to the top card (G1)"
    ]


def test_HOUSE_STACK_a_card_that_cannot_answer_is_refused_citing_the_answer_key() -> None:
    """HOUSE-STACK: without a wrong-card penalty, a card that cannot answer a pending +2 is
    refused, citing ``stacking.answer``."""
    v3 = variant("house-stack", 3, "[penalties]\nwrong_card = 0\n")
    hands = [["R+2", "G1", "Y1"], ["B+2", "B2", "R3"], ["G4", "G2", "G3"]]
    s = ok(deal(v3, hands, "R5"), Play("ana", "R+2"))
    assert transcript(apply(s, Play("bor", "R3"))) == [
        "HOUSE-STACK stacking.answer: bor owes 2 cards: draw them; R3 cannot answer them"
    ]


def test_TURN_NEXT_the_verdict_carries_the_event_it_judged() -> None:
    """TURN-NEXT: every verdict, accepted or refused, carries the very event it judged (a log
    records both); a value that is not an event is an error naming the event types."""
    s = deal(OFFICIAL3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    for e in (Play("ana", "R1"), Play("ana", "Y1"), Play("zoe", "R1")):
        assert apply(s, e).event is e
    with pytest.raises(EventError, match="expected one of Play, Overtake, Draw, Pass, CallUno"):
        apply(s, "R1")  # type: ignore[arg-type]


#: +2 restricted like a W+4: playable only without a card of the colour in force.
RESTRICTED_D2 = '[ranks."+2"]\nonly_without_color_match = true\n'


def test_CHAL_GUILTY_the_challenged_card_itself_is_not_held_against_its_player() -> None:
    """CHAL-GUILTY / CHAL-INNOCENT (a challengeable coloured +2, judged as TURN-WD4-LEGAL): the
    red +2 being played does not count as a red card its player held, a second red +2 does."""
    v3 = variant("official", 3, RESTRICTED_D2 + "challengeable = true\n")
    for ana, clause, drawn in (
        (["R+2", "G1", "Y1"], "CHAL-INNOCENT", (("bor", 4),)),
        (["R+2", "R+2", "Y1"], "CHAL-GUILTY", (("ana", 4),)),
    ):
        s = deal(v3, [ana, ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
        v = apply(ok(s, Play("ana", "R+2")), Challenge("bor"))
        assert v.clause == clause and v.drawn == drawn, ana


def test_DECK_WC_draws_on_one_card_add_up() -> None:
    """DECK-WC (docs/variants.md: "Several draws and skips on one card add up"): a card with
    a draw of 1 and a draw of 2 makes the next player draw 3."""
    wc = variant(
        "official",
        3,
        '[deck.wild]\nWC = 3\n[ranks.WC]\neffects = [{op = "choose_color"}, '
        '{op = "draw", count = 1}, {op = "draw", count = 2}, {op = "skip"}]\n',
    )
    v = apply(
        deal(wc, [["WC", "G1", "Y1"], ["B1", "B2", "B3"]], "R5"), Play("ana", "WC", color="red")
    )
    assert v.drawn == (("bor", 3),)


def test_HOUSE_SEVEN_ZERO_swaps_and_rotations_in_words() -> None:
    """HOUSE-SEVEN-ZERO: the verdict says who swapped hands with whom, or that every hand
    passed on; under "must_call" only a player left with one card must call UNO."""
    must = variant("seven-zero", 3, '[uno]\nafter_hand_change = "must_call"\n')
    hands = [["R7", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    v = apply(deal(must, hands, "R5"), Play("ana", "R7", target="bor"))
    assert transcript(v)[1:] == [
        "HOUSE-SEVEN-ZERO ranks.7.effects: ana swaps hands with bor.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    hands = [["R0", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    v = apply(deal(must, hands, "R5"), Play("ana", "R0"))
    assert transcript(v)[1:] == [
        "HOUSE-SEVEN-ZERO ranks.0.effects: Every hand passes one seat in the direction of play.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]


def test_OVT_IDENT_official_rules_have_no_overtaking_in_words() -> None:
    """OVT-IDENT: the official rules have no overtaking: an Overtake is refused, saying so."""
    s = deal(OFFICIAL3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(ok(s, Play("ana", "R1")), Overtake("cene", "G4"))) == [
        "OVT-IDENT overtake.enabled: this variant has no overtaking: play only on your turn"
    ]


def test_OVT_SKIP_an_overtake_skips_everyone_between_in_words() -> None:
    """OVT-SKIP: an overtake from three seats on skips both players due before the overtaker,
    and the verdict names them in order."""
    hands = [["R1", "G1", "Y1"], ["B2", "B3", "B4"], ["G5", "G2", "G3"], ["R1", "Y6", "Y7"]]
    v = apply(ok(deal(ENA3, hands, "R5"), Play("ana", "R1")), Overtake("dan", "R1"))
    assert v.skipped == ("bor", "cene")
    assert transcript(v)[1] == "OVT-SKIP overtake.skip_between: Skipped by the overtake: bor, cene."


def test_TURN_DRAW_a_drawn_wild_draw_four_played_leaves_no_drawn_card() -> None:
    """TURN-DRAW / ACT-WD4: a drawn W+4 played at once leaves its victim owing 4, and no drawn
    card behind."""
    s = ok(
        deal(OFFICIAL3, [["B1", "G1", "Y1"], ["B2", "B3", "B4"]], "R5", draw=["W+4"]), Draw("ana")
    )
    v = apply(s, Play("ana", "W+4", color="green"))
    assert v.state.phase == "owe" and v.state.drawn is None


def test_DECK_108_a_deck_with_two_cards_swapped_names_both() -> None:
    """DECK-108: a deck with two W+4s replaced by two R0s: both are listed, comma-separated."""
    from ena_rules import Deal, canonical_deck

    deck = canonical_deck(OFFICIAL3)
    g = new_game(OFFICIAL3, ["ana", "bor", "cene"], dealer="cene")
    assert transcript(apply(g, Deal((*deck[:-2], deck[0], deck[0])))) == [
        "DECK-108 deck.colored: the deck is not the official-mk deck (missing: W+4, W+4; "
        "extra: R0, R0)"
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


# -- variant files: the loader's checks (ena_rules/variant_io.py) ---------------------------------


def variant_error(body: str, *, head: str = 'name = "h"\nextends = "official"\n') -> str:
    """The message of the VariantError a house file ``house.toml`` with ``body`` raises."""
    with pytest.raises(VariantError) as info:
        load_variant_text(head + body, source="house.toml")
    return str(info.value)


NO_WILD = 'wild = { "W" = 0, "W+4" = 0, "WS" = 0, "WC" = 0 }'
NO_COLOURED = ", ".join(
    f'"{r}" = 0' for r in ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2")
)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[deck]\ncolors = ["R", "R"]', "deck.colors: expected at least one colour, each once"),
        ("[deck]\ncolors = []", "deck.colors: expected at least one colour, each once"),
        (
            '[deck]\ncolored = { "W1" = 1 }',
            "deck.colored.W1: a coloured rank may not start with W (wilds do)",
        ),
        (
            '[deck]\ncolored = { "9b" = 1 }',
            "deck.colored.9b: rank '9b' is in the deck but has no [ranks.9b]",
        ),
        (
            '[deck]\nwild = { "X" = 1 }',
            "deck.wild.X: a wild rank must start with W (W, W+4, WS, ...)",
        ),
        (
            f"[deck]\ncolored = {{ {NO_COLOURED} }}\n{NO_WILD}",
            "deck: the deck has no cards",
        ),
    ],
)
def test_DECK_108_a_deck_the_rules_cannot_deal_from_is_refused_naming_the_key(
    body: str, message: str
) -> None:
    """DECK-108: the deck's colours are distinct and at least one; a coloured rank does not
    start with W and a wild one does; every rank in the deck is defined; the deck has cards.
    Each fault names the key path at fault."""
    assert variant_error(body) == f"house.toml: {message}"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[ranks.W]\neffects = [{op = "skip"}]',
            'ranks.W.effects: a wild must include {op = "choose_color"}',
        ),
        (
            '[ranks.S]\neffects = [{op = "choose_color"}]',
            "ranks.S.effects: only a wild (a rank starting with W) chooses a colour",
        ),
    ],
)
def test_ACT_WILD_only_and_every_wild_names_a_colour(body: str, message: str) -> None:
    """ACT-WILD: a wild's effects include choose_color, and no other rank's do."""
    assert variant_error(body) == f"house.toml: {message}"


def test_CHAL_WHO_a_challenge_needs_the_restriction_it_tests() -> None:
    """CHAL-WHO / TURN-WD4-LEGAL: a challengeable rank must be restricted, or there is nothing
    to challenge."""
    assert variant_error('[ranks."+2"]\nchallengeable = true') == (
        "house.toml: ranks.+2.challengeable: a challenge needs a restriction to test: set "
        "only_without_color_match"
    )


def test_HOUSE_SEVEN_ZERO_one_swap_per_card() -> None:
    """HOUSE-SEVEN-ZERO: a card swaps hands once (the event names one target)."""
    assert variant_error('[ranks.7]\neffects = [{op = "swap_hands"}, {op = "swap_hands"}]') == (
        "house.toml: ranks.7.effects: one swap_hands per card (it names one target)"
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[overtake]\nenabled = true\n[stacking]\novertake = ["WS"]',
            "stacking.overtake[0]: rank 'WS' is not in the deck",
        ),
        (
            '[overtake]\nenabled = true\n[stacking]\novertake = ["S"]',
            "stacking.overtake[0]: rank 'S' has no draw effect to stack",
        ),
        (
            '[stacking]\novertake = ["W+4"]',
            "stacking.overtake: stacking by overtaking needs overtake.enabled = true",
        ),
        (
            "[overtake]\nskip_between = false",
            "overtake.skip_between: OVT-SKIP: play always continues from the overtaker; false is "
            "no reading of a source",
        ),
    ],
)
def test_OVT_STACK_stacking_by_overtaking_needs_overtaking_and_a_draw_card(
    body: str, message: str
) -> None:
    """OVT-STACK / OVT-SKIP: the ranks that stack by overtaking are in the deck and draw, and
    overtaking is on; play always continues from the overtaker."""
    assert variant_error(body) == f"house.toml: {message}"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[stacking]\nanswer = { "+2" = ["WS"] }',
            "stacking.answer.+2: rank 'WS' is not in the deck",
        ),
        (
            '[stacking]\nanswer = { "+2" = ["S"] }',
            "stacking.answer.+2: rank 'S' has no draw effect to stack",
        ),
        ("[stacking]\nanswer = 3", "stacking.answer: expected a table of rank = [ranks], got 3"),
        (
            '[stacking]\nanswer = { "+2" = "+2" }',
            "stacking.answer.+2: expected an array of ranks, got '+2'",
        ),
    ],
)
def test_HOUSE_STACK_answers_are_draw_cards_of_the_deck(body: str, message: str) -> None:
    """HOUSE-STACK: a stacking answer table maps ranks to arrays of ranks, all draw cards of
    the deck."""
    assert variant_error(body) == f"house.toml: {message}"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[scoring]\nmode = "own_hand"',
            'scoring.winner: with scoring.mode = "own_hand" the lowest total wins: expected '
            '"lowest_total"',
        ),
        (
            '[scoring]\nwinner = "lowest_total"',
            "scoring.winner: with scoring.mode = 'winner_collects' the first to the target wins: "
            'expected "first_to_target"',
        ),
    ],
)
def test_SCORE_ENA_the_scoring_mode_and_the_winner_agree(body: str, message: str) -> None:
    """SCORE-ENA / SCORE-OFF: own hands go with the lowest total, collecting with the first to
    the target."""
    assert variant_error(body) == f"house.toml: {message}"


#: one colour, two R1 and four W+4: six cards.
TWO_ONES = NO_COLOURED.replace('"1" = 0', '"1" = 2')
TINY_DECK = (
    '[players]\nmax = 2\n[deck]\ncolors = ["R"]\n'
    f"colored = {{ {TWO_ONES} }}\n"
    'wild = { "W" = 0, "W+4" = 4, "WS" = 0, "WC" = 0 }\n'
)


def test_DEAL_SEVEN_the_deal_must_leave_a_card_to_turn_up() -> None:
    """DEAL-SEVEN: the largest table, dealt in full, must leave a card to turn up: 2 players
    with 3 cards each cannot be dealt from 6 cards, with 2 each they can; the hand size may go
    up to 30."""
    assert variant_error(TINY_DECK + "[deal]\nhand_size = 3") == (
        "house.toml: deal.hand_size: 2 players with 3 cards each leave no card to turn up from "
        "a deck of 6"
    )
    assert load_variant_text(
        'name = "h"\nextends = "official"\n' + TINY_DECK + "[deal]\nhand_size = 2"
    )
    big = load_variant_text(
        'name = "h"\nextends = "official"\n[players]\nmax = 3\n[deal]\nhand_size = 30'
    )
    assert big.deal.hand_size == 30
    assert variant_error("[deal]\nhand_size = 0") == (
        "house.toml: deal.hand_size: expected an integer from 1 to 30, got 0"
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[players]\nmin = 5\nmax = 4", "players.min: 5 is more than players.max (4)"),
        (
            "bogus = 1",
            "bogus: unknown key 'bogus'; expected one of actions, challenge, deal, deck, "
            "description, extends, first_card, name, overtake, penalties, players, ranks, "
            "scoring, stacking, turn, uno",
        ),
        (
            "[deck]\nbogus = 1",
            "deck.bogus: unknown key 'bogus' in [deck]; expected one of colored, colors, wild",
        ),
        ("description = 3", "description: expected a string, got 3"),
        ("[first_card]\nwild_color = 3", "first_card.wild_color: expected a string, got 3"),
        ('[deck]\ncolors = "R"', "deck.colors: expected an array of strings, got 'R'"),
        ("[deck]\ncolored = 3", "deck.colored: expected a table of rank = copies, got 3"),
        (
            '[deck]\ncolored = { "1" = 101 }',
            "deck.colored.1: expected an integer from 0 to 100, got 101",
        ),
    ],
)
def test_SETUP_PLAYERS_a_malformed_key_is_refused_naming_it(body: str, message: str) -> None:
    """SETUP-PLAYERS (and every section): a key that does not exist, or a value of the wrong
    type or range, is one VariantError naming the file, the key path and what was expected."""
    assert variant_error(body) == f"house.toml: {message}"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("ranks = 3", "ranks: expected a table of rank tables, got 3"),
        ("ranks.W = 3", "ranks.W: expected a table describing the rank, got 3"),
        (
            "[ranks.W]\nbogus = 1",
            "ranks.W.bogus: unknown key 'bogus'; expected one of challengeable, effects, "
            "only_without_color_match, score, turned_up",
        ),
        ('[ranks.W]\nscore = "x"', "ranks.W.score: expected an integer, got 'x'"),
        (
            '[ranks.W]\neffects = "x"',
            "ranks.W.effects: expected an array of effects like {op = \"skip\"}, got 'x'",
        ),
        (
            "[ranks.W]\neffects = [3]",
            'ranks.W.effects[0]: expected a table like {op = "draw", count = 2}, got 3',
        ),
        (
            '[ranks.W]\neffects = [{op = "choose_color", n = 1, m = 2}]',
            "ranks.W.effects[0]: unknown key(s) m, n; an effect has op and count",
        ),
        (
            '[ranks.W]\neffects = [{op = "fly"}]',
            "ranks.W.effects[0].op: unknown effect 'fly'; expected one of skip, skip_all, "
            "reverse, draw, choose_color, swap_hands, rotate_hands, shuffle_hands",
        ),
        (
            '[ranks.W]\neffects = [{op = "choose_color"}, {op = "draw", count = 51}]',
            "ranks.W.effects[1].count: expected an integer from 1 to 50, got 51",
        ),
    ],
)
def test_DECK_WC_a_malformed_rank_is_refused_naming_the_key(body: str, message: str) -> None:
    """DECK-WC: a variant file defines a card's effects from primitives; a malformed rank table
    or effect is refused, naming the key path and what was expected."""
    assert variant_error(body) == f"house.toml: {message}"


def test_DECK_WC_the_limits_of_counts_are_inclusive() -> None:
    """DECK-WC / DECK-108: an effect's count may be 50 and a card's copies 100."""
    v = load_variant_text(
        'name = "h"\nextends = "official"\n[deck]\ncolored = { "1" = 100 }\n[ranks.W]\n'
        'effects = [{op = "choose_color"}, {op = "draw", count = 50}]'
    )
    assert dict(v.deck.colored)["1"] == 100 and v.rank("W").effects[1].count == 50


def test_SETUP_PLAYERS_names_descriptions_and_parents_of_variant_files() -> None:
    """SETUP-PLAYERS (the variant a game names): a file without a name is named by its file
    stem, text without a name is an error; a variant has no description or parent unless it
    says so (a child never inherits its parent's description)."""
    named = load_variant_text('extends = "official"', source="house.toml")
    assert named.name == "house" and named.description == "" and named.extends == "official"
    with pytest.raises(VariantError) as info:
        load_variant_text('extends = "official"')
    assert str(info.value) == (
        "<string>: name: expected a non-empty string naming the variant, got None"
    )
    assert load_variant("official").extends == "" and load_variant("ena").extends == "official"


def test_SETUP_PLAYERS_citations_are_checked_and_kept() -> None:
    """SETUP-PLAYERS (citations): a key's clause is an id or a list of ids, its source and note
    are strings; a citation without a source has an empty one."""
    head = 'name = "h"\nextends = "official"\n[players]\n'
    with pytest.raises(VariantError) as info:
        load_variant_text(head + "max = { value = 4, clause = 3 }", source="house.toml")
    assert str(info.value) == (
        "house.toml: players.max.clause: a clause must be an id or a list of ids, got 3"
    )
    with pytest.raises(VariantError) as info:
        load_variant_text(head + "max = { value = 4, source = 3 }", source="house.toml")
    assert str(info.value) == "house.toml: players.max.source: expected a string, got 3"
    with pytest.raises(VariantError) as info:
        load_variant_text(head + "max = { value = 4, note = 3 }", source="house.toml")
    assert str(info.value) == "house.toml: players.max.note: expected a string, got 3"
    v = load_variant_text(head + 'max = { value = 4, clause = "SETUP-PLAYERS" }')
    cite = v.citation("players.max")
    assert cite is not None and cite.clause == ("SETUP-PLAYERS",)
    assert cite.source == "" and cite.note == ""


def test_SETUP_PLAYERS_a_variant_without_a_parent_has_no_parent_and_no_description() -> None:
    """SETUP-PLAYERS (a variant written from scratch): no ``extends`` means no parent (an empty
    string, not a name) and no description unless it gives one."""
    root = load_variant_text(
        'name = "r"\n[players]\nmax = 4\n[deck]\ncolors = ["R"]\ncolored = { "1" = 40 }\n'
        "wild = {}\n[ranks.1]\nscore = 1\n[first_card]\nreturn_ranks = []\n"
    )
    assert root.extends == "" and root.description == "" and root.name == "r"


def test_SETUP_PLAYERS_a_plainly_overridden_key_drops_only_its_own_citation() -> None:
    """SETUP-PLAYERS / DECK-108 (citations): keys a house file sets plainly, in any section, no
    longer carry the parent's citation; the keys it leaves alone keep theirs."""
    v = load_variant_text(
        'name = "h"\nextends = "official"\n[deck]\ncolors = ["R", "Y", "G"]\n[players]\nmax = 4\n'
    )
    assert v.citation("deck.colors") is None and v.citation("players.max") is None
    colored, least = v.citation("deck.colored"), v.citation("players.min")
    assert colored is not None and colored.clause == ("DECK-108",)
    assert least is not None and least.clause == ("SETUP-PLAYERS",)


def test_SETUP_PLAYERS_variant_files_are_found_read_and_reloaded(tmp_path: Path) -> None:
    """SETUP-PLAYERS (the variant a game names): a path must name the .toml file itself; an
    unknown name lists the shipped ones; a file that is not UTF-8, bad TOML or an extends
    cycle is a VariantError naming the file; an edited file is read again."""
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "house.toml").write_text('extends = "official"\n', encoding="utf-8")
    assert load_variant(sub / "house.toml").name == "house"
    with pytest.raises(VariantError):
        load_variant(str(sub / "house"))
    with pytest.raises(VariantError) as info:
        load_variant("zzz")
    assert "known names are draw-until, ena, ena-112, " in str(info.value)
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"name = '\xff'\n")
    with pytest.raises(VariantError) as info:
        load_variant(bad)
    assert str(info.value).startswith(f"{bad.resolve()}: cannot read the file: 'utf-8' codec")
    with pytest.raises(VariantError) as info:
        load_variant_text("x = ", source="house.toml")
    assert str(info.value).startswith("house.toml: not valid TOML: ")
    (tmp_path / "a.toml").write_text('name = "a"\nextends = "b.toml"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('name = "b"\nextends = "a.toml"\n', encoding="utf-8")
    a, b = (tmp_path / "a.toml").resolve(), (tmp_path / "b.toml").resolve()
    with pytest.raises(VariantError) as info:
        load_variant(a)
    assert str(info.value) == f"{a}: extends: extends forms a cycle: {a} -> {b} -> {a}"
    edited = tmp_path / "edited.toml"
    edited.write_text('extends = "official"\n[deal]\nhand_size = 5\n', encoding="utf-8")
    assert load_variant(edited).deal.hand_size == 5
    edited.write_text('extends = "official"\n[deal]\nhand_size = 6\n', encoding="utf-8")
    os.utime(edited, (1_000_000_000, 1_000_000_000))
    assert load_variant(edited).deal.hand_size == 6
    broken = tmp_path / "broken.toml"
    broken.write_text('extends = "official"\n[deal]\nhand_size = 0\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(broken)
    assert str(info.value) == (
        f"{broken.resolve()}: deal.hand_size: expected an integer from 1 to 30, got 0"
    )
