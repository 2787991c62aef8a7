"""House rules (seed 004) and the 112-card deck, each a key usable on any base, as shipped
variants: house-stack, house-stack-mixed, draw-until, jump-in, seven-zero, rounds, zero-ten,
official-112, ena-112 and wild-customizable."""

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
    canonical_deck,
    legal_events,
    load_variant,
    load_variant_text,
)
from ena_rules.testing import start_round

NAMES = ("ana", "bor", "cene", "dan")


def variant(base: str, hand_size: int, extra: str = "") -> Variant:
    """``base`` with ``hand_size`` cards a hand (so arranged hands are given whole) + ``extra``."""
    return load_variant_text(
        f'name = "{base}-t"\nextends = "{base}"\n[deal]\nhand_size = {hand_size}\n' + extra
    )


def deal(
    v: Variant,
    hands: Sequence[Sequence[str]],
    turned: str,
    *,
    draw: Sequence[str] = (),
    scores: Sequence[int] | None = None,
) -> GameState:
    """Seats ``NAMES[:len(hands)]``; the last seat deals, so seat 0 goes first."""
    players = list(NAMES[: len(hands)])
    return start_round(
        v, players, dealer=players[-1], hands=hands, turned=turned, draw=draw, scores=scores
    )


def ok(state: GameState, event: object) -> GameState:
    v = apply(state, event)  # type: ignore[arg-type]
    assert v.accepted, str(v)
    return v.state


def held(state: GameState, name: str) -> Counter[str]:
    return Counter(str(c) for c in state.hands[state.seat(name)])


HANDS = [["R+2", "W+4", "Y1"], ["G+2", "W+4", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]


# -- HOUSE-STACK -------------------------------------------------------------------------------


def test_HOUSE_STACK_a_draw_two_answered_by_a_draw_two_grows_the_count() -> None:
    """HOUSE-STACK: a player hit by a +2 may answer with their own +2 (any colour); the count
    grows until someone cannot answer, who draws it all and loses the turn."""
    stack = variant("house-stack", 3)
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
    o = ok(deal(variant("official", 3), HANDS, "R5"), Play("ana", "R+2"))
    assert o.pending is None and o.due == "cene" and len(o.hands[1]) == 5


def test_HOUSE_STACK_a_wild_draw_four_answered_by_a_wild_draw_four() -> None:
    """HOUSE-STACK: +4 on +4; the last +4 may still be challenged by its victim (CHAL-WHO)."""
    stack = variant("house-stack", 3)
    s = ok(deal(stack, HANDS, "G5"), Play("ana", "W+4", color="red"))
    v = apply(s, Play("bor", "W+4", color="blue"))
    assert v.accepted and v.state.pending is not None and v.state.pending.count == 8
    assert Challenge("cene") in legal_events(v.state)
    assert apply(v.state, Draw("cene")).drawn == (("cene", 8),)


def test_HOUSE_STACK_the_plus_four_on_plus_two_key() -> None:
    """HOUSE-STACK: whether a +4 may answer a +2 (and back) is the key stacking.answer: off in
    house-stack (the +4 is then a wrong card), on in house-stack-mixed."""
    s = ok(deal(variant("house-stack", 3), HANDS, "R5"), Play("ana", "R+2"))
    assert Play("bor", "W+4", color="red") not in legal_events(s)
    v = apply(s, Play("bor", "W+4", color="red"))
    assert v.penalised and v.key == "penalties.wrong_card" and v.state.pending == s.pending
    mixed = variant("house-stack-mixed", 3)
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
    ena_stack = variant("ena", 3, '[stacking]\nanswer = { "+2" = ["+2"] }\n')
    s = ok(deal(ena_stack, HANDS, "R5"), Play("ana", "R+2"))
    assert s.pending is not None and s.due == "bor"
    s = ok(s, Play("bor", "G+2"))
    assert s.pending is not None and s.pending.count == 4


# -- HOUSE-DRAW-UNTIL ------------------------------------------------------------------------


def test_HOUSE_DRAW_UNTIL_a_draw_goes_on_until_a_playable_card_comes() -> None:
    """HOUSE-DRAW-UNTIL: a player drawing keeps drawing until a playable card comes, which they
    may play or keep; officially one card is drawn and the turn ends."""
    hands = [["G1", "Y1", "B1"], ["B2", "B3", "B4"]]
    s = deal(variant("draw-until", 3), hands, "R5", draw=["G7", "Y2", "R8", "B9"])
    v = apply(s, Draw("ana"))
    assert v.accepted and v.drawn == (("ana", 3),)
    assert v.state.phase == "drawn" and str(v.state.drawn) == "R8"
    assert set(legal_events(v.state)) == {Play("ana", "R8"), Pass("ana")}
    o = apply(deal(variant("official", 3), hands, "R5", draw=["G7", "Y2", "R8"]), Draw("ana"))
    assert o.drawn == (("ana", 1),) and o.state.due == "bor"


# -- HOUSE-JUMP-IN ---------------------------------------------------------------------------


def test_HOUSE_JUMP_IN_an_identical_card_jumps_in_on_the_official_base() -> None:
    """HOUSE-JUMP-IN: on the official base a player holding a card exactly like the one just
    played may play it out of turn (OVT-IDENT); a wrong jump-in is rejected, not punished."""
    hands = [["R9", "G1", "Y1"], ["B1", "B2", "B3"], ["R9", "G9", "G3"], ["Y5", "Y6", "Y7"]]
    jump = variant("jump-in", 3)
    s = ok(deal(jump, hands, "R5"), Play("ana", "R9"))
    v = apply(s, Overtake("cene", "R9"))
    assert v.accepted and v.clause == "HOUSE-JUMP-IN" and v.skipped == ("bor",)
    assert v.state.due == "dan"
    wrong = apply(s, Overtake("cene", "G9"))
    assert wrong.rejected and wrong.state == s
    o = ok(deal(variant("official", 3), hands, "R5"), Play("ana", "R9"))
    assert apply(o, Overtake("cene", "R9")).rejected
    assert not [e for e in legal_events(o) if isinstance(e, Overtake)]


# -- HOUSE-SEVEN-ZERO ------------------------------------------------------------------------

SEVEN = variant("seven-zero", 3)


def test_HOUSE_SEVEN_ZERO_a_seven_swaps_hands_with_the_named_player() -> None:
    """HOUSE-SEVEN-ZERO: a 7 swaps the player's hand with that of a player they name; a 7
    without a target (or naming themselves, or a stranger) is rejected, never a crash."""
    hands = [["R7", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = deal(SEVEN, hands, "R5")
    for bad in (
        Play("ana", "R7"),
        Play("ana", "R7", target="ana"),
        Play("ana", "R7", target="zoe"),
    ):
        v = apply(s, bad)
        assert v.rejected and v.clause == "HOUSE-SEVEN-ZERO", bad
    assert apply(s, Play("ana", "G1", target="bor")).rejected  # only a swap takes a target
    v = apply(s, Play("ana", "R7", target="cene"))
    assert v.accepted and held(v.state, "ana") == Counter(["G4", "G2", "G3"])
    assert held(v.state, "cene") == Counter(["G1", "Y1"]) and v.state.due == "bor"


def test_HOUSE_SEVEN_ZERO_a_zero_passes_every_hand_in_the_direction_of_play() -> None:
    """HOUSE-SEVEN-ZERO: a 0 passes every hand one seat in the direction of play (clockwise:
    to the left; after a Reverse: to the right)."""
    hands = [["R0", "G0", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(SEVEN, hands, "R5"), Play("ana", "R0"))
    assert held(s, "bor") == Counter(["G0", "Y1"])
    assert held(s, "cene") == Counter(["B1", "B2", "B3"])
    assert held(s, "ana") == Counter(["Y5", "Y6", "Y7"])
    hands = [["RR", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["R0", "Y6", "Y7"]]
    s = ok(deal(SEVEN, hands, "R5"), Play("ana", "RR"))
    assert s.due == "dan" and s.direction == -1
    s = ok(s, Play("dan", "R0"))  # counter-clockwise: every hand passes to the right
    assert held(s, "cene") == Counter(["Y6", "Y7"])
    assert held(s, "bor") == Counter(["G4", "G2", "G3"])
    assert held(s, "ana") == Counter(["B1", "B2", "B3"])
    assert held(s, "dan") == Counter(["G1", "Y1"]) and s.due == "cene"


def test_HOUSE_SEVEN_ZERO_a_seven_or_zero_played_last_ends_the_round_moving_no_hand() -> None:
    """HOUSE-SEVEN-ZERO: a 7 (or a 0) that is its player's last card ends the round (END-ROUND)
    before any hand moves: the player went out and keeps no swapped hand."""
    for card, event in (("R7", Play("ana", "R7", target="bor")), ("R0", Play("ana", "R0"))):
        s = deal(variant("seven-zero", 1), [[card], ["B1"], ["G4"]], "R5")
        v = apply(s, event)
        assert v.accepted and v.state.last_round is not None
        assert v.state.last_round.winner == 0 and v.state.hands[0] == ()
        assert held(v.state, "bor") == Counter(["B1"])


def test_HOUSE_SEVEN_ZERO_uno_after_a_swap_is_a_key() -> None:
    """HOUSE-SEVEN-ZERO: a player left with one card by a swap need not call UNO under
    "exempt" (the shipped default) and must under "must_call", where a catch costs 2."""
    hands = [["R7", "G1"], ["B1", "B2"], ["G4", "R9"], ["Y5", "Y6"]]
    two = variant("seven-zero", 2, '[uno]\nafter_hand_change = "must_call"\n')
    s = ok(deal(two, hands, "R5"), Play("ana", "R7", target="bor"))
    assert held(s, "bor") == Counter(["G1"]) and s.uno_exposed == (1,)
    v = apply(s, CallUno("cene", "bor"))
    assert v.accepted and v.drawn == (("bor", 2),)
    ex = variant("seven-zero", 2)
    s = ok(deal(ex, hands, "R5"), Play("ana", "R7", target="bor"))
    assert s.uno_exposed == () and apply(s, CallUno("cene", "bor")).rejected


# -- HOUSE-ROUNDS and scoring variants -------------------------------------------------------


def test_HOUSE_ROUNDS_a_point_per_round_won() -> None:
    """HOUSE-ROUNDS: no points for cards: each round's winner scores one; the first to the
    target (5 in rounds.toml) wins the game."""
    one = variant("rounds", 1)
    s = start_round(
        one, ["ana", "bor", "cene"], dealer="ana", hands=[["W"], ["R3"], ["R0"]], turned="R5"
    )
    v = apply(s, Play("bor", "R3"))
    assert v.accepted and v.state.last_round is not None
    assert v.state.last_round.points == (0, 1, 0) and v.state.phase == "deal"
    s = start_round(
        one,
        ["ana", "bor", "cene"],
        dealer="ana",
        hands=[["W"], ["R3"], ["R0"]],
        turned="R5",
        scores=[3, 4, 0],
    )
    v = apply(s, Play("bor", "R3"))
    assert v.state.scores == (3, 5, 0) and v.state.phase == "over" and v.state.winner == 1
    assert load_variant("rounds").scoring.target == 5


def test_SCORE_VALUES_a_zero_worth_ten_in_zero_ten() -> None:
    """SCORE-VALUES: the variant "a 0 counts 10" (002): the winner collects 10 for each 0."""
    s = start_round(
        variant("zero-ten", 1),
        ["ana", "bor", "cene"],
        dealer="ana",
        hands=[["G0"], ["R3"], ["B0"]],
        turned="R5",
    )
    v = apply(s, Play("bor", "R3"))
    assert v.state.last_round is not None and v.state.last_round.points == (0, 20, 0)
    s = start_round(
        variant("official", 1),
        ["ana", "bor", "cene"],
        dealer="ana",
        hands=[["G0"], ["R3"], ["B0"]],
        turned="R5",
    )
    assert apply(s, Play("bor", "R3")).state.scores == (0, 0, 0)


# -- the 112-card deck --------------------------------------------------------------------------


def test_DECK_112_the_2018_deck_has_a_wild_shuffle_hands_and_three_customizable() -> None:
    """DECK-112: the 112-card deck is the 108 plus 1 Wild Shuffle Hands and 3 Wild
    Customizable, for official and Ena alike."""
    for name in ("official-112", "ena-112", "wild-customizable"):
        deck = canonical_deck(load_variant(name))
        counts = Counter(str(c) for c in deck)
        assert len(deck) == 112 and counts["WS"] == 1 and counts["WC"] == 3, name
        assert sum(1 for c in deck if c.color is None) == 12
    assert len(canonical_deck(load_variant("ena"))) == 108


def test_DECK_WSH_wild_shuffle_hands_deals_all_hands_out_from_the_next_player() -> None:
    """DECK-WSH: the player names a colour; all hands are collected, shuffled and dealt out
    evenly starting with the next player (reproducibly: the shuffle is seeded)."""
    hands = [["WS", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = deal(variant("ena-112", 3), hands, "R5")
    v = apply(s, Play("ana", "WS", color="blue"))
    assert v.accepted and v.state.color == "B" and v.state.due == "bor"
    t = v.state
    assert [len(h) for h in t.hands] == [2, 3, 3, 3]
    before = Counter(c for h in s.hands for c in h)
    before[next(c for c in s.hands[0] if str(c) == "WS")] -= 1
    assert Counter(c for h in t.hands for c in h) == +before
    assert apply(s, Play("ana", "WS", color="blue")).state == t  # the same seed, same deal
    assert "DECK-WSH" in [n.clause for n in v.notes]


def test_DECK_WC_a_wild_customizable_composed_from_primitives() -> None:
    """DECK-WC: wild-customizable.toml composes the Wild Customizable from primitives (choose a
    colour, then swap hands with a named player); in official-112 it plays as a plain Wild."""
    hands = [["WC", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    wc = variant("wild-customizable", 3)
    s = deal(wc, hands, "R5")
    assert apply(s, Play("ana", "WC", color="red")).rejected  # it needs a target
    v = apply(s, Play("ana", "WC", color="green", target="dan"))
    assert v.accepted and v.state.color == "G"
    assert held(v.state, "ana") == Counter(["Y5", "Y6", "Y7"])
    assert held(v.state, "dan") == Counter(["G1", "Y1"])
    plain = apply(deal(variant("official-112", 3), hands, "R5"), Play("ana", "WC", color="green"))
    assert plain.accepted and held(plain.state, "dan") == Counter(["Y5", "Y6", "Y7"])
    assert [e.op for e in load_variant("wild-customizable").rank("WC").effects] == [
        "choose_color",
        "swap_hands",
    ]
