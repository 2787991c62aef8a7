"""Card notation (a contract): parse and format are paired; errors name the text and the rule."""

from __future__ import annotations

import pytest

from ena_rules import (
    Card,
    CardError,
    canonical_deck,
    format_cards,
    load_variant,
    load_variant_text,
    parse_card,
    parse_cards,
)
from ena_rules.cards import color_from_name

DECK_108 = canonical_deck(load_variant("official"))
DECK_112 = canonical_deck(
    load_variant_text('name = "t112"\nextends = "official"\n[deck.wild]\nWS = 1\nWC = 3')
)
EVERY_CARD = sorted(set(DECK_108) | set(DECK_112))


def test_both_decks_have_their_sizes() -> None:
    """DECK-108 and DECK-112: the decks whose every card is checked below."""
    assert len(DECK_108) == 108 and len(DECK_112) == 112
    assert {str(c) for c in set(DECK_112) - set(DECK_108)} == {"WS", "WC"}


@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_every_card_round_trips(card: Card) -> None:
    """Format then parse gives the card back, in any case and with surrounding spaces."""
    text = str(card)
    assert text == text.upper() and " " not in text
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card
    assert parse_card(f"  {text.lower()}\t") == card
    assert str(parse_card(f" {text.swapcase()} ")) == text


@pytest.mark.parametrize(
    ("text", "color", "rank"),
    [
        ("R9", "R", "9"),
        ("G0", "G", "0"),
        ("BS", "B", "S"),
        ("YR", "Y", "R"),
        ("R+2", "R", "+2"),
        ("G+2", "G", "+2"),
        ("W", None, "W"),
        ("W+4", None, "W+4"),
        ("WS", None, "WS"),
        ("WC", None, "WC"),
    ],
)
def test_the_design_examples_parse_as_documented(text: str, color: str | None, rank: str) -> None:
    """The notation of DESIGN.md: colour letter then rank; a wild is its rank alone."""
    card = parse_card(text)
    assert (card.color, card.rank, card.is_wild) == (color, rank, color is None)


def test_cards_of_every_kind_sort_together() -> None:
    """Cards are ordered values: a mix of wilds and coloured cards sorts (wilds first)."""
    ordered = sorted(DECK_112, reverse=True)
    assert len(ordered) == 112 and all(not c.is_wild for c in ordered[:100])
    assert Card(None, "W+4") < Card("B", "0") < Card("R", "9")


def test_whole_decks_round_trip_as_lists() -> None:
    """parse_cards(format_cards(deck)) is the deck, in order; separators may be commas or spaces."""
    for deck in (DECK_108, DECK_112):
        assert parse_cards(format_cards(deck)) == deck
    assert parse_cards(" r9 ,g+2  w+4,bs ") == tuple(map(parse_card, ["R9", "G+2", "W+4", "BS"]))
    assert parse_cards("") == ()


@pytest.mark.parametrize(
    "text", ["X9", "", "   ", "R", "RW", "R 9", "9R", "W+4!", "R#", "R++++++2"]
)
def test_a_bad_code_names_the_text_and_what_is_valid(text: str) -> None:
    """A parse failure is a CardError (a ValueError) naming the text and the valid forms."""
    with pytest.raises(CardError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message
    assert "R, Y, G or B" in message and "W+4" in message
    assert isinstance(info.value, ValueError)


def test_a_rank_outside_the_deck_names_the_deck_ranks() -> None:
    """With the deck's ranks given, an unknown rank is an error listing them."""
    ranks = {c.rank for c in DECK_108}
    with pytest.raises(CardError, match=r"'ws'.*no rank 'WS'.*W\+4"):
        parse_card("ws", ranks=ranks)
    assert parse_card("ws", ranks={c.rank for c in DECK_112}) == Card(None, "WS")


def test_a_non_string_is_a_card_error() -> None:
    """Only text is a card code."""
    with pytest.raises(CardError, match="must be a string"):
        parse_card(9)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "code"), [("red", "R"), (" Yellow ", "Y"), ("GREEN", "G"), ("b", "B")]
)
def test_colour_names_and_letters(name: str, code: str) -> None:
    """Events name colours red, yellow, green, blue (or by letter), in any case."""
    assert color_from_name(name) == code


@pytest.mark.parametrize("name", ["magenta", "", "W"])
def test_a_bad_colour_names_the_valid_ones(name: str) -> None:
    """A colour outside the four is an error listing them."""
    with pytest.raises(CardError, match="red, yellow, green, blue"):
        color_from_name(name)
