"""The deck and the players: DECK-108, DECK-112, SETUP-PLAYERS.

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from ena_rules import (
    CallUno,
    Card,
    CardError,
    Challenge,
    ChooseColor,
    Deal,
    Draw,
    EnaRulesError,
    EventError,
    GameState,
    Overtake,
    Pass,
    Play,
    Variant,
    apply,
    canonical_deck,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.rules.view import view
from ena_rules.testing import deal, derived, rejected, run, start_round, transcript

V3 = derived("official", 3)


PLAYERS = ["ana", "bor", "cene"]


def table() -> GameState:
    hands = [["Y1", "Y2", "Y3"], ["R1", "W", "W+4"], ["G1", "G2", "G3"]]
    return start_round(V3, PLAYERS, dealer="ana", hands=hands, turned="R5")


OFFICIAL = load_variant("official")


PLAYERS_OFF = ("ana", "bor", "cene", "dan")


@pytest.mark.parametrize(
    "event",
    [
        Play("zoe", "R1"),
        Draw("zoe"),
        Pass("zoe"),
        CallUno("zoe"),
        Challenge("zoe"),
        Overtake("zoe", "R5"),
        ChooseColor("zoe", "red"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_SETUP_PLAYERS_an_event_naming_an_unknown_player_is_rejected(event: object) -> None:
    """SETUP-PLAYERS: an unknown player is not at the table: rejected, state unchanged."""
    v = rejected(table(), event, "'zoe'", "not a player")
    assert v.clause == "SETUP-PLAYERS"


def test_SETUP_PLAYERS_catching_an_unknown_player_is_rejected() -> None:
    """SETUP-PLAYERS: a catch naming an unknown target is rejected."""
    rejected(table(), CallUno("ana", "zoe"), "'zoe'", "not a player")


def test_DECK_108_a_card_not_in_the_deck_is_rejected() -> None:
    """DECK-108: a card the variant's deck lacks (a Wild Shuffle officially) is rejected."""
    rejected(table(), Play("bor", "WS", color="red"), "WS", "not a card of the")


def test_DECK_108_malformed_event_values_fail_when_the_event_is_made() -> None:
    """DECK-108: a bad card code or colour name is an error at once, never a half event."""
    with pytest.raises(CardError, match="'X9'"):
        Play("bor", "X9")
    with pytest.raises(CardError, match="magenta"):
        Play("bor", "W", color="magenta")
    with pytest.raises(EventError):
        Draw("")
    with pytest.raises(EventError):
        Deal(["R1"], seed="7")
    with pytest.raises(EventError, match="not an event"):
        apply(table(), "draw")  # type: ignore[arg-type]
    with pytest.raises(EnaRulesError):
        view(table(), "zoe")
    for exc in (CardError, EventError):
        assert issubclass(exc, ValueError)


def test_DECK_108_official_deck_has_108_cards_of_the_stated_composition() -> None:
    """DECK-108: four colours with one 0, two each of 1-9, S, R, +2; four W and four W+4."""
    deck = Counter(canonical_deck(OFFICIAL))
    assert sum(deck.values()) == 108
    expected: Counter[Card] = Counter()
    for color in "RYGB":
        expected[Card(color, "0")] = 1
        for rank in [*"123456789", "S", "R", "+2"]:
            expected[Card(color, rank)] = 2
    expected[Card(None, "W")] = 4
    expected[Card(None, "W+4")] = 4
    assert deck == expected


def test_DECK_108_deck_is_built_from_the_variant_composition(
    derive: Callable[..., Variant],
) -> None:
    """DECK-108: the deck comes from the variant's data, so changing a count changes the deck."""
    two_zeros = derive('[deck.colored]\n"0" = 2')
    no_blue = derive('[deck]\ncolors = ["R", "Y", "G"]')
    assert len(canonical_deck(two_zeros)) == 112
    assert Counter(canonical_deck(two_zeros))[Card("G", "0")] == 2
    assert len(canonical_deck(no_blue)) == 108 - 25
    assert not any(c.color == "B" for c in canonical_deck(no_blue))


def test_DECK_112_the_2018_deck_adds_wild_shuffle_and_three_customizables(
    derive: Callable[..., Variant],
) -> None:
    """DECK-112: 108 cards plus 1 Wild Shuffle Hands and 3 Wild Customizable: eight wild types."""
    v112 = derive("[deck.wild]\nWS = 1\nWC = 3")
    deck = Counter(canonical_deck(v112))
    assert sum(deck.values()) == 112
    assert deck[Card(None, "WS")] == 1 and deck[Card(None, "WC")] == 3
    assert sum(n for c, n in deck.items() if c.is_wild) == 12
    assert sum(n for c, n in deck.items() if c.rank in ("W", "WS", "WC")) == 8
    # the 112-card deck deals, and a 108-card deck is not this variant's deck
    s = new_game(v112, PLAYERS_OFF, dealer="ana")
    assert apply(s, Deal(canonical_deck(v112))).accepted
    assert apply(s, Deal(canonical_deck(OFFICIAL))).rejected


@pytest.mark.parametrize("count", [1, 11])
def test_SETUP_PLAYERS_fewer_than_two_or_more_than_ten_is_refused(count: int) -> None:
    """SETUP-PLAYERS: 1 or 11 players: an EventError citing the rule."""
    with pytest.raises(EventError, match="SETUP-PLAYERS"):
        new_game(OFFICIAL, [f"p{i}" for i in range(count)])


@pytest.mark.parametrize("count", [2, 10])
def test_SETUP_PLAYERS_two_to_ten_players_are_dealt(count: int) -> None:
    """SETUP-PLAYERS: 2 and 10 players each get 7 cards; the rest is the draw pile."""
    names = [f"p{i}" for i in range(count)]
    s = run(new_game(OFFICIAL, names, dealer="p0"), Deal(canonical_deck(OFFICIAL))).state
    assert [len(h) for h in s.hands] == [7] * count
    assert len(s.draw_pile) == 108 - 7 * count - 1


def test_DECK_112_the_2018_deck_has_a_wild_shuffle_hands_and_three_customizable() -> None:
    """DECK-112: the 112-card deck is the 108 plus 1 Wild Shuffle Hands and 3 Wild
    Customizable, for official and Ena alike."""
    for name in ("official-112", "ena-112", "wild-customizable"):
        deck = canonical_deck(load_variant(name))
        counts = Counter(str(c) for c in deck)
        assert len(deck) == 112 and counts["WS"] == 1 and counts["WC"] == 3, name
        assert sum(1 for c in deck if c.color is None) == 12
    assert len(canonical_deck(load_variant("ena"))) == 108


def test_DECK_108_a_deck_too_long_or_too_short_is_refused_naming_the_difference() -> None:
    """DECK-108: a Deal whose deck has a card too many, or two too few, is refused; the verdict
    lists what is missing and what is extra ("-" for nothing)."""
    from ena_rules import Deal, canonical_deck

    deck = canonical_deck(V3)
    g = new_game(V3, ["ana", "bor", "cene"], dealer="cene")
    assert transcript(apply(g, Deal((*deck, deck[0])))) == [
        "DECK-108 deck.colored: the deck is not the official-3 deck (missing: -; extra: R0)"
    ]
    assert transcript(apply(g, Deal(deck[:-2]))) == [
        "DECK-108 deck.wild: the deck is not the official-3 deck (missing: W+4, W+4; extra: -)"
    ]


def test_SETUP_PLAYERS_events_of_strangers_and_before_the_deal_are_refused_in_words() -> None:
    """SETUP-PLAYERS / DEAL-SEVEN: an event by someone who is not a player, or any player event
    before the round is dealt, is refused with the reason."""
    s = deal(V3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(s, Play("zoe", "R1"))) == [
        "SETUP-PLAYERS players.seated: 'zoe' is not a player of this game (ana, bor, cene)"
    ]
    g = new_game(V3, ["ana", "bor", "cene"], dealer="cene")
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


def test_DECK_108_a_deck_with_two_cards_swapped_names_both() -> None:
    """DECK-108: a deck with two W+4s replaced by two R0s: both are listed, comma-separated."""
    from ena_rules import Deal, canonical_deck

    deck = canonical_deck(V3)
    g = new_game(V3, ["ana", "bor", "cene"], dealer="cene")
    assert transcript(apply(g, Deal((*deck[:-2], deck[0], deck[0])))) == [
        "DECK-108 deck.colored: the deck is not the official-3 deck (missing: W+4, W+4; "
        "extra: R0, R0)"
    ]


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


def test_DECK_112_missing_wilds_are_reported_as_wilds() -> None:
    """DECK-112: a 112 deck without its Wild Shuffle Hands cites deck.wild, not deck.colored."""
    v112 = load_variant("official-112")
    s = new_game(v112, ["ana", "bor"], dealer="ana")
    deck = list(canonical_deck(v112))
    deck.remove(next(c for c in deck if c.rank == "WS"))
    v = apply(s, Deal(deck))
    assert v.rejected and v.key == "deck.wild" and v.clause == "DECK-112", str(v)


def test_SETUP_PLAYERS_a_dealer_who_is_not_a_player_and_a_deck_of_no_variant_are_named() -> None:
    """SETUP-PLAYERS: ``new_game`` refuses a dealer who is not seated, naming the players;
    ``canonical_deck`` given a variant's name instead of a variant says which argument and
    how to get one."""
    with pytest.raises(EventError) as err:
        new_game(load_variant("official"), ["ana", "bor"], dealer="zed")
    assert str(err.value) == "'zed': the dealer must be one of the players ['ana', 'bor']"
    with pytest.raises(TypeError) as wrong:
        canonical_deck("official")  # type: ignore[arg-type]
    assert str(wrong.value) == (
        "canonical_deck(): variant: expected a Variant (from load_variant), got str 'official'"
    )
