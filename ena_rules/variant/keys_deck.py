"""The rule keys of the deck and the deal: a rank's ``[ranks.*]`` table and its effects, the
``[players]``, ``[deck]``, ``[deal]`` and ``[first_card]`` tables, each key an attrs field
carrying its default, clause ids, description and allowed values. :mod:`ena_rules.variant`
re-exports every class; import them from there.

>>> Deal().hand_size, attrs.fields(Deal).hand_size.metadata["clause"]
(7, 'DEAL-SEVEN')
"""

from __future__ import annotations

import attrs

from .keys_field import _key

__all__ = ["Deal", "Deck", "Effect", "FirstCard", "Players", "Rank"]


@attrs.frozen
class Effect:
    """One effect primitive of a card, e.g. ``{op = "draw", count = 2}``."""

    op: str
    count: int = 1


@attrs.frozen
class Rank:
    """What one rank is and does: its effects, score and play restrictions."""

    effects: tuple[Effect, ...] = _key(
        (),
        "ACT-SKIP ACT-REV ACT-D2 ACT-WILD ACT-WD4 DECK-WC",
        "the effect primitives the card applies, in order",
    )
    score: int = _key(
        0,
        "SCORE-VALUES",
        "points the card is worth in a hand at the end of a round",
        minimum=0,
        maximum=1000,
    )
    only_without_color_match: bool = _key(
        False,
        "TURN-WD4-LEGAL",
        "may be played only by a player holding no card of the current colour",
    )
    challengeable: bool = _key(
        False, "CHAL-WHO", "its victim may challenge it (CHAL-*) instead of drawing"
    )
    kind: str = _key(
        "auto",
        "DECK-DECLARE C8-WILD MAU-JACK",
        "what the rank is: a number card, an action card, or a wild (a wild plays on any card; "
        "a coloured rank of kind wild, like Crazy Eights' eights, is a suited wild); auto: a "
        "rank of digits is a number, a rank starting with W a wild, any other an action",
        choices=("auto", "number", "action", "wild"),
    )
    name: str = _key(
        "",
        "DECK-DECLARE",
        "the rank's name in words (ace, queen, skip): pictures and messages; empty: its code",
    )
    not_on_same_rank: bool = _key(
        False,
        "MAU-JACK-ON-JACK",
        "a card of this rank may not be played on a card of the same rank (no jack on a jack)",
    )
    turned_up: str = _key(
        "unless_number",
        "FLIP-ACTION",
        "turned up at the deal, its effects apply as if the dealer had played it (acts), never "
        "(inert), or unless it is a number card, its rank a number (unless_number)",
        choices=("unless_number", "acts", "inert"),
    )


@attrs.frozen
class Players:
    """How many may play."""

    min: int = _key(2, "SETUP-PLAYERS", "fewest players", minimum=2, maximum=10)
    max: int = _key(10, "SETUP-PLAYERS", "most players", minimum=2, maximum=20)
    seated: str = _key(
        "only",
        "SETUP-PLAYERS",
        "events come from the seated players only: one naming anyone else is rejected "
        "(a fixed rule, cited by verdicts)",
        choices=("only",),
    )
    teams: str = _key(
        "off",
        "HR-TEAMS",
        "everyone plays alone (off), or in partnerships of the players sitting opposite "
        "(opposite: an even number of players; a team wins when one partner goes out, and each "
        "partner's total is the team's)",
        choices=("off", "opposite"),
    )


@attrs.frozen
class Deck:
    """The deck's composition; its canonical order is colours, then ranks as listed, then wilds."""

    colors: tuple[str, ...] = _key(
        ("R", "Y", "G", "B"), "DECK-108", "the colours in the deck, in canonical order"
    )
    colored: tuple[tuple[str, int], ...] = _key(
        (), "DECK-108", "copies of each coloured rank per colour (rank = copies)", minimum=0
    )
    wild: tuple[tuple[str, int], ...] = _key(
        (),
        "DECK-108 DECK-112 DECK-WSH DECK-WC",
        "copies of each wild rank (rank = copies)",
        minimum=0,
    )
    color_names: tuple[tuple[str, str], ...] = _key(
        (),
        "DECK-DECLARE",
        "the name of each colour or suit (code = name: R = red, S = spades), as events and "
        "messages write it; a colour left out keeps the notation's name (the UNO colours, the "
        "suits S H D C)",
    )
    color_symbols: tuple[tuple[str, str], ...] = _key(
        (),
        "DECK-DECLARE",
        "the symbol of each suit (code = symbol: S = \u2660), read as its letter in card codes and "
        "drawn on the cards",
    )
    sides: tuple[str, ...] = _key(
        (),
        "FLIP2-DECK",
        "the names of a two-sided deck's sides, the side the game starts on first (light, "
        "dark); empty: a deck of one-sided cards",
    )
    back_colors: tuple[str, ...] = _key(
        (),
        "FLIP2-DECK FLIP2-COLORS",
        "a two-sided deck: the colours of its second side, in canonical order (deck.colors are "
        "the first side's)",
    )
    pairs: tuple[str, ...] = _key(
        (),
        "FLIP2-DECK",
        "a two-sided deck: every physical card, as its first-side face | its second-side face "
        "(R1|P3, a wild face its rank alone); the deck is these cards (deck.colored and "
        "deck.wild are not read)",
    )
    cut_order: tuple[str, ...] = _key(
        (),
        "DECK-DECLARE DEAL-CUT-OFF",
        "the ranks the cut counts, lowest first (the first counts 0, the next 1, ...); a rank "
        "not listed is a non-number card (deal.cut_non_number); empty: the number ranks count "
        "their number",
    )


@attrs.frozen
class Deal:
    """Choosing the dealer, dealing, and who starts."""

    cut: str = _key(
        "highest",
        "DEAL-CUT-OFF DEAL-CUT-ENA",
        "who deals after the cut",
        choices=("highest", "lowest"),
    )
    cut_non_number: str = _key(
        "redraw",
        "DEAL-CUT-OFF DEAL-CUT-ENA",
        "a non-number card in the cut: go back and cut again, or count as zero",
        choices=("redraw", "zero"),
    )
    cut_tie: str = _key(
        "recut_tied",
        "DEAL-CUT-TIE",
        "a tie for the deal in the cut",
        choices=("recut_tied", "recut_all"),
    )
    hand_size: int = _key(7, "DEAL-SEVEN", "cards dealt to each player", minimum=1, maximum=30)
    hand_size_by_players: tuple[tuple[str, int], ...] = _key(
        (),
        "C8-HAND",
        "cards dealt to each player by the number of players (players = cards, e.g. 2 = 7); a "
        "count not listed is dealt deal.hand_size",
        minimum=1,
    )
    first_player: str = _key(
        "left_of_dealer",
        "DEAL-FIRST",
        "the player to the dealer's left takes the first turn (a fixed rule, cited by verdicts)",
        choices=("left_of_dealer",),
    )
    rotate: str = _key("left", "DEAL-ROTATE", "who deals the next round", choices=("left", "same"))
    shuffle_seats: bool = _key(
        False,
        "HR-SHUFFLE-SEATS",
        "the players are seated in a random order before the cut (recorded chance: drawn from "
        "the game's seed; a log with a deck lists the players as seated)",
    )


@attrs.frozen
class FirstCard:
    """The card turned up to start the discard pile."""

    apply_action: bool = _key(
        True,
        "FLIP-ACTION FLIP-SKIP FLIP-D2",
        "an action card turned up acts as if the dealer had played it",
    )
    return_ranks: tuple[str, ...] = _key(
        ("W+4",),
        "FLIP-WD4-OFF FLIP-WD4-ENA",
        "ranks that go back into the deck (another card is turned up) when turned up",
    )
    wild_color: str = _key(
        "first_player",
        "FLIP-WILD HR-WILD-FIRST",
        "who names the colour of a wild turned up; nobody: it stays a plain first card with no "
        "colour named, on which the first player may play any card",
        choices=("first_player", "dealer", "nobody"),
    )
    reverse_first: str = _key(
        "dealer",
        "FLIP-REV",
        "who goes first when a Reverse is turned up",
        choices=("dealer", "dealer_right"),
    )
    draw_loses_turn: bool = _key(
        True,
        "FLIP-D2 FLIP-WD4-ENA",
        "the first player, drawing for a turned-up draw card, loses the turn",
    )
