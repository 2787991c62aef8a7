"""The cut and the deal: DEAL-CUT-OFF, DEAL-CUT-ENA, DEAL-CUT-TIE, DEAL-SEVEN, DEAL-FIRST, DEAL-
ROTATE.

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from ena_rules import (
    Cut,
    Deal,
    Draw,
    GameState,
    Pass,
    Play,
    Variant,
    Verdict,
    apply,
    canonical_deck,
    legal_events,
    load_variant,
    new_game,
)
from ena_rules.testing import (
    all_cards,
    arrange_deck,
    deal,
    derived,
    rejected,
    run,
    start_round,
    transcript,
)

V3 = derived("official", 3)
V2 = derived("official", 2)
E3 = derived("ena", 3)

OFFICIAL = load_variant("official")


PLAYERS = ["ana", "bor", "cene"]


PLAYERS_OFF = ("ana", "bor", "cene", "dan")


def table(
    variant: Variant,
    hands: Sequence[Sequence[str]] = (),
    turned: str | Sequence[str] = "R5",
    draw: Sequence[str] = (),
    players: Sequence[str] = PLAYERS_OFF,
    dealer: str = "ana",
) -> GameState:
    """A round dealt from an arranged deck through the real Deal event."""
    return start_round(variant, list(players), dealer=dealer, hands=hands, turned=turned, draw=draw)


def clauses(v: Verdict) -> list[str]:
    return [n.clause for n in v.notes]


ENA = load_variant("ena")


def test_DEAL_SEVEN_events_before_the_deal_are_rejected() -> None:
    """DEAL-SEVEN: before the deal nobody plays; the deal itself must be the variant's deck."""
    s = new_game(OFFICIAL, PLAYERS, dealer="ana")
    rejected(s, Draw("bor"), "not been dealt")
    short = rejected(s, Deal(canonical_deck(OFFICIAL)[:-1]), "missing: W+4")
    assert short.clause == "DECK-108"
    rejected(s, Cut(["R1", "R2", "R3"]), "no cut")


def test_DEAL_CUT_OFF_a_cut_card_that_is_not_in_the_deck_is_rejected() -> None:
    """DEAL-CUT-OFF: a cut must use cards of the deck (one R0 per colour, no WS officially)."""
    s = new_game(OFFICIAL, PLAYERS)
    rejected(s, Cut(["R0", "R0", "R1"]), "R0")
    rejected(s, Cut(["WS", "R2", "R1"]), "WS")


def test_DEAL_CUT_OFF_highest_number_card_deals() -> None:
    """DEAL-CUT-OFF: each player takes a card; the highest deals."""
    s = new_game(OFFICIAL, PLAYERS_OFF)
    assert s.phase == "cut" and s.dealer is None and legal_events(s) == ()
    v = run(s, Cut(["R3", "G9", "B5", "Y1"]))
    assert v.state.dealer == 1 and v.state.phase == "deal"
    assert v.clause == "DEAL-CUT-OFF" and "bor" in v.message


def test_DEAL_CUT_OFF_non_number_cards_go_back_and_are_cut_again() -> None:
    """DEAL-CUT-OFF: only number cards count (002); the others go back and cut again."""
    v = run(new_game(OFFICIAL, PLAYERS_OFF), Cut(["RS", "G4", "B5", "W"]))
    s = v.state
    assert s.phase == "cut" and s.dealer is None and s.cutters == (0, 3)
    assert apply(s, Cut(["R7", "Y2", "G1"])).rejected  # two cards are due, not three
    v2 = run(s, Cut(["R7", "Y2"]))
    assert v2.state.dealer == 0 and v2.state.phase == "deal"


def test_DEAL_CUT_OFF_the_004_reading_counts_action_cards_as_zero(
    derive: Callable[..., Variant],
) -> None:
    """DEAL-CUT-OFF: with cut_non_number = "zero" (004) the cut is decided at once."""
    v = run(
        new_game(derive('[deal]\ncut_non_number = "zero"'), PLAYERS_OFF),
        Cut(["RS", "G4", "B5", "W"]),
    )
    assert v.state.dealer == 2 and v.state.phase == "deal"


def test_DEAL_CUT_TIE_only_the_tied_players_cut_again() -> None:
    """DEAL-CUT-TIE: a tie for the highest card: the tied players cut again, the others wait."""
    v = run(new_game(OFFICIAL, PLAYERS_OFF), Cut(["R9", "G9", "B5", "Y1"]))
    assert v.state.phase == "cut" and v.state.cutters == (0, 1)
    assert "DEAL-CUT-TIE" in clauses(v)
    again = run(v.state, Cut(["R2", "G7"]))
    assert again.state.dealer == 1 and again.state.phase == "deal"


def test_DEAL_SEVEN_seven_cards_each_dealt_one_at_a_time_then_one_turned_up() -> None:
    """DEAL-SEVEN: 7 cards each from the dealer's left, the next card turned up, the rest drawn."""
    deck = canonical_deck(OFFICIAL)
    s = run(new_game(OFFICIAL, PLAYERS_OFF, dealer="ana"), Deal(deck)).state
    for k in range(1, 5):
        seat = k % 4
        assert s.hands[seat] == tuple(deck[k - 1 + 4 * i] for i in range(7))
    assert s.discard == (deck[28],)
    assert s.draw_pile == deck[29:]
    assert all_cards(s) == Counter(deck)


@pytest.mark.parametrize(("dealer", "first"), [("ana", 1), ("cene", 3), ("dan", 0)])
def test_DEAL_FIRST_the_player_left_of_the_dealer_goes_first_clockwise(
    dealer: str, first: int
) -> None:
    """DEAL-FIRST: the player left of the dealer goes first; play runs clockwise."""
    s = table(OFFICIAL, dealer=dealer)
    assert s.turn == first and s.direction == 1 and s.phase == "play"
    assert {e.player for e in legal_events(s)} == {PLAYERS_OFF[first]}
    nxt = run(s, Draw(PLAYERS_OFF[first])).state
    if nxt.phase == "drawn":
        nxt = run(nxt, Pass(PLAYERS_OFF[first])).state
    assert nxt.turn == (first + 1) % 4


def test_DEAL_ROTATE_the_deal_passes_left_and_the_next_round_is_dealt() -> None:
    """DEAL-ROTATE: after a round the player left of the dealer deals; their left starts."""
    names = ["ana", "bor", "cene"]
    hands = [["R1", "R2"], ["Y1", "Y2"], ["G1", "G2"]]
    s = start_round(V2, names, dealer="cene", hands=hands, turned="R5", draw=["B4", "B6"])
    assert s.turn == 0  # ana, left of the dealer cene
    v = run(s, Play("ana", "R1"), Draw("bor"), Draw("cene"), Play("ana", "R2"))
    t = v.state
    assert t.phase == "deal" and t.dealer == 0 and t.round == 1  # the deal passed to ana
    assert "DEAL-ROTATE" in [n.clause for n in v.notes]
    r2 = run(t, Deal(canonical_deck(V2))).state
    assert r2.dealer == 0 and r2.turn == 1 and r2.phase == "play" and r2.scores == t.scores
    assert [len(h) for h in r2.hands] == [2, 2, 2]
    assert all_cards(r2) == Counter(canonical_deck(V2))
    assert r2.last_round is None


def test_DEAL_CUT_ENA_lowest_card_deals_and_action_cards_count_zero() -> None:
    """DEAL-CUT-ENA: in the cut the lowest card deals and action cards count as zero."""
    s = new_game(ENA, ["ana", "bor", "cene"])
    assert s.phase == "cut"
    v = apply(s, Cut(["R5", "GS", "B3"]))
    assert v.accepted and v.clause == "DEAL-CUT-ENA"
    assert v.state.phase == "deal" and v.state.dealer == 1  # GS counts 0: the lowest
    v = apply(s, Cut(["R2", "W+4", "B1"]))
    assert v.state.dealer == 1  # a wild is an action card too: 0
    # a tie for the lowest: the tied players cut again (DEAL-CUT-TIE), the others keep out
    v = apply(s, Cut(["R0", "GS", "B3"]))
    assert v.state.phase == "cut" and v.state.cutters == (0, 1)
    v = apply(v.state, Cut(["Y7", "B2"]))
    assert v.state.dealer == 1
    # the official cut differs: the highest deals and a non-number card goes back
    v = apply(new_game(OFFICIAL, ["ana", "bor", "cene"]), Cut(["R5", "GS", "B3"]))
    assert v.state.phase == "cut" and v.state.cutters == (1,)


def test_DEAL_ROTATE_ena_the_deal_passes_left_each_round() -> None:
    """DEAL-ROTATE: under Ena the deal passes left each round (003: "Deal passes left each
    round."): the next round's dealer is the player left of (after) this round's dealer."""
    one = derived("ena", 1)
    for dealer in range(3):
        s = deal(one, [["R1"], ["R2"], ["R3"]], "R5", dealer=dealer)
        first = s.due
        assert first is not None and s.seat(first) == (dealer + 1) % 3
        v = apply(s, Play(first, f"R{s.seat(first) + 1}"))
        assert v.state.phase == "deal" and v.state.dealer == (dealer + 1) % 3


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


def test_DEAL_SEVEN_a_deal_is_refused_when_none_is_due_or_the_deck_is_wrong() -> None:
    """DEAL-SEVEN / DECK-108: a Deal in the middle of a round is refused; a deck that is not the
    variant's is refused, naming what is missing and what is extra."""
    s = deal(V3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    from ena_rules import Deal, canonical_deck

    deck = list(canonical_deck(V3))
    assert transcript(apply(s, Deal(tuple(deck)))) == [
        "DEAL-SEVEN deal.hand_size: no deal is due now"
    ]
    fresh = new_game(V3, ["ana", "bor", "cene"], dealer="cene")
    deck[-1] = deck[0]
    assert transcript(apply(fresh, Deal(tuple(deck)))) == [
        "DECK-108 deck.colored: the deck is not the official-3 deck (missing: W+4; extra: R0)"
    ]


def test_DEAL_SEVEN_the_deal_in_words() -> None:
    """DEAL-SEVEN / FLIP-ACTION / FLIP-WILD: the deal says who dealt how many cards and what was
    turned up; a Wild turned up under Ena waits for the dealer's colour, under official rules
    the first player names it with their card; nothing is drawn, shown or owed."""
    from ena_rules import Deal

    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    ena = apply(
        new_game(E3, ["ana", "bor", "cene"], dealer="cene"),
        Deal(arrange_deck(E3, 3, 2, hands, "W")),
    )
    assert transcript(ena) == [
        "DEAL-SEVEN deal.hand_size: cene deals 3 cards to each player.",
        "FLIP-ACTION first_card.apply_action: W is turned up.",
        "FLIP-WILD first_card.wild_color: The dealer cene names the colour.",
    ]
    assert ena.state.reveal is None and ena.state.drawn is None
    official = apply(
        new_game(V3, ["ana", "bor", "cene"], dealer="cene"),
        Deal(arrange_deck(V3, 3, 2, hands, "W")),
    )
    assert transcript(official)[2] == (
        "FLIP-WILD first_card.wild_color: ana, the first player, names the colour."
    )
