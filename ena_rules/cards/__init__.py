"""Cards: the card model, its notation and the documented shuffle.

==========  ===================================================================================
module      its one concern
==========  ===================================================================================
notation    a card (colour and rank), its codes and names (a **contract**: docs/cards.md)
shuffle     the seeded shuffle every deal and reshuffle uses (docs/shuffle.md)
==========  ===================================================================================

This package's ``__init__`` re-exports the card model, so ``from ena_rules.cards import Card``
keeps the short path; nothing here knows a variant or a game.

>>> from ena_rules.cards import parse_card
>>> parse_card(" r+2 ")
Card(color='R', rank='+2')
"""

from .notation import (
    COLOR_NAMES,
    COLORS,
    Card,
    color_from_name,
    format_cards,
    parse_card,
    parse_cards,
)

__all__ = [
    "COLORS",
    "COLOR_NAMES",
    "Card",
    "color_from_name",
    "format_cards",
    "parse_card",
    "parse_cards",
]
