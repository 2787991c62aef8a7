"""Defects of issue 11 point 5 and issue 16: each test failed on the old engine."""

from __future__ import annotations

from ena_rules import (
    CallUno,
    ChooseColor,
    Deal,
    Draw,
    Overtake,
    Play,
    apply,
    canonical_deck,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.testing import start_round

OFFICIAL = load_variant("official")
ENA = load_variant("ena")


def ok(state, event):  # type: ignore[no-untyped-def]
    v = apply(state, event)
    assert v.accepted, str(v)
    return v.state


def test_FLIP_WILD_official_the_first_player_names_the_colour_even_when_drawing() -> None:
    """FLIP-WILD: an official Wild turned up: the first player names the colour first
    (ChooseColor), whatever they do next; drawing does not leave the colour unnamed."""
    s = start_round(OFFICIAL, ["ana", "bor", "cene"], dealer="ana", turned="W",
                    hands=[[], ["R1", "G2"], ["Y3"]])
    assert s.phase == "color" and s.due == "bor"
    assert legal_events(s) == tuple(
        ChooseColor("bor", c) for c in ("red", "yellow", "green", "blue"))
    named = apply(s, ChooseColor("bor", "green"))
    assert named.accepted and named.clause == "FLIP-WILD", str(named)
    assert "bor" in named.message and "the first player" in named.message
    s = named.state
    assert s.color == "G" and s.phase == "play" and s.due == "bor"
    s = ok(s, Draw("bor"))
    assert s.color == "G"
    v = apply(s, Play("cene", "Y3"))
    assert not v.accepted and "first player" not in v.message


def test_OVT_IDENT_the_window_on_a_draw_card_stays_open_after_its_victim_drew() -> None:
    """OVT-IDENT: after a W+4 whose victim drew the pending 4, an identical overtake is
    judged as after an R+2 whose victim drew at once: accepted before the next player acts."""
    hands = [["W+4", "G1", "G2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"], ["W+4", "B6", "B7"]]
    s = start_round(ENA, ["ana", "bor", "cene", "dan"], dealer="dan", hands=hands, turned="R5")
    s = ok(s, Play("ana", "W+4", color="green"))
    s = ok(s, Draw("bor"))
    assert s.due == "cene"
    v = apply(s, Overtake("dan", "W+4", color="blue"))
    assert v.accepted, str(v)
    hands2 = [["R+2", "G1", "G2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"], ["R+2", "B6", "B7"]]
    s2 = start_round(ENA, ["ana", "bor", "cene", "dan"], dealer="dan", hands=hands2, turned="R5")
    s2 = ok(s2, Play("ana", "R+2"))
    assert apply(s2, Overtake("dan", "R+2")).accepted


def test_FLIP_ACTION_a_turned_up_draw_skip_reverse_card_keeps_its_draw() -> None:
    """FLIP-ACTION: a card whose effects are draw + skip + reverse acts when turned up as
    when played: its draw is not dropped."""
    v = load_variant_text(
        'name = "t"\nextends = "official"\n[ranks.R]\n'
        'effects = [{ op = "draw", count = 2 }, { op = "skip" }, { op = "reverse" }]\n')
    s = start_round(v, ["ana", "bor", "cene"], dealer="ana", turned="RR")
    assert sum(len(h) for h in s.hands) == 21 + 2, [len(h) for h in s.hands]


def test_HOUSE_SEVEN_ZERO_a_swap_does_not_say_one_card_left_when_the_hand_grew() -> None:
    """HOUSE-SEVEN-ZERO: playing a 7 from two cards and swapping for four: no UNO note."""
    sz = load_variant_text('name = "t"\nextends = "seven-zero"\n[deal]\nhand_size = 2\n')
    hands = [["G1", "Y2"], ["R7", "G8"], ["Y5", "Y6"]]
    s = start_round(sz, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="R5")
    v = apply(s, Play("bor", "R7", target="cene"))
    assert v.accepted, str(v)
    assert "one card left" not in v.message and v.state.uno_exposed == ()


def test_DECK_WSH_a_shuffle_does_not_say_one_card_left_when_the_hand_grew() -> None:
    """DECK-WSH: a Wild Shuffle Hands played from two cards: no UNO note for the player."""
    v112 = load_variant_text('name = "t"\nextends = "official-112"\n[deal]\nhand_size = 2\n')
    hands = [["G1", "Y2"], ["WS", "G8"], ["Y5", "Y6"]]
    s = start_round(v112, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="R5")
    v = apply(s, Play("bor", "WS", color="red"))
    assert v.accepted, str(v)
    assert "one card left" not in v.message


def test_DECK_WC_a_toml_wild_draw_six_does_not_cite_the_draw_two() -> None:
    """DECK-WC: a Wild Draw Six defined in TOML without a citation cites DECK-WC, not ACT-D2."""
    six = load_variant_text(
        'name = "six"\nextends = "ena"\n[deck]\nwild = { W = 4, "W+4" = 4, "W+6" = 2 }\n'
        '[ranks."W+6"]\neffects = [{ op = "choose_color" }, { op = "draw", count = 6 },'
        ' { op = "skip" }]\nscore = 60\n')
    hands = [["W+6", "G1"], ["Y1", "Y2"], ["B1", "B2"]]
    s = start_round(six, ["ana", "bor", "cene"], dealer="cene", hands=hands, turned="R5")
    v = apply(s, Play("ana", "W+6", color="red"))
    assert v.accepted, str(v)
    assert "ACT-D2" not in [n.clause for n in v.notes], [str(n) for n in v.notes]


def test_DECK_112_missing_wilds_are_reported_as_wilds() -> None:
    """DECK-112: a 112 deck without its Wild Shuffle Hands cites deck.wild, not deck.colored."""
    v112 = load_variant("official-112")
    s = new_game(v112, ["ana", "bor"], dealer="ana")
    deck = list(canonical_deck(v112))
    deck.remove(next(c for c in deck if c.rank == "WS"))
    v = apply(s, Deal(deck))
    assert v.rejected and v.key == "deck.wild" and v.clause == "DECK-112", str(v)


def test_OVT_IDENT_the_dealers_non_identical_overtake_is_not_identical() -> None:
    """OVT-IDENT: the dealer overtaking the turned-up card with another card is told the card
    is not identical (not that it is their own card)."""
    hands = [["G1", "G2"], ["Y1", "Y2"], ["B1", "R9"]]
    s = start_round(ENA, ["ana", "bor", "cene"], dealer="cene", hands=hands, turned="R5")
    v = apply(s, Overtake("cene", "R9"))
    assert v.penalised and "not identical" in v.message and "own card" not in v.message, str(v)


def test_UNO_WINDOW_a_wrong_card_that_passes_the_turn_closes_the_window() -> None:
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


def test_FLIP_WILD_an_overtake_while_the_dealer_names_the_colour_says_why() -> None:
    """FLIP-WILD (issue 16.2): Ena, the dealer overtakes while naming a turned-up wild's colour:
    a bad overtake whose reason is the colour still to name, not "already acted"."""
    hands = [["R5", "G1"], ["Y1", "Y2"], ["B1", "B2"]]
    s = start_round(ENA, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="W")
    assert s.phase == "color"
    for who in ("ana", "bor"):
        card = "R5" if who == "ana" else "Y1"
        v = apply(s, Overtake(who, card))
        assert v.penalised and v.key == "penalties.bad_overtake", str(v)
        assert "already acted" not in v.message and "colour" in v.message, str(v)


def test_HOUSE_SEVEN_ZERO_a_zero_turned_up_moves_no_hand() -> None:
    """HOUSE-SEVEN-ZERO (issue 16.3): a 0 turned up is a number card: no hand moves, and the
    first player may play a card they were dealt."""
    sz = load_variant("seven-zero")
    hands = [["G1"], ["Y1", "Y2"], ["B1", "B2"]]
    s = start_round(sz, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="Y0")
    assert [str(c) for c in s.hands[1][:2]] == ["Y1", "Y2"]
    assert apply(s, Play("bor", "Y1")).accepted


def test_FLIP_WILD_the_dealers_draw_while_naming_the_colour_says_why() -> None:
    """FLIP-WILD (issue 16.4): Ena's colour phase: the dealer's draw is a mistake whose message
    does not call it out of turn with the dealer due."""
    hands = [["R5", "G1"], ["Y1", "Y2"], ["B1", "B2"]]
    s = start_round(ENA, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="W")
    v = apply(s, Draw("ana"))
    assert v.penalised, str(v)
    assert "(ana is due)" not in v.message and "colour" in v.message, str(v)
