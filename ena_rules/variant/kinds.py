"""What the rules ask of one card of a deck, worked out once when the variant loads.

The referee asks the same questions of a card on every action that lists or plays it: the
definition it plays by (DECK-CARD: its own ``[cards.CODE]`` table, else its rank's), whether it
names a colour or a target player, whether it moves hands, the key its effects are cited by.
A :class:`CardKind` holds the answers for one card; :attr:`Variant.kinds
<ena_rules.variant.Variant.kinds>` has one for every card of the deck (both faces of a
two-sided card), so a hand's distinct cards are judged and listed from a dictionary look-up.

>>> from ena_rules import load_variant
>>> from ena_rules.cards import Card
>>> v = load_variant("official")
>>> k = v.kinds[Card(None, "W+4")]
>>> k.chooses, k.swaps, k.moves_hands, k.effects_key
(True, False, False, 'ranks.W+4.effects')
"""

from __future__ import annotations

import attrs

from .keys_deck import Rank
from .ops import card_needs, moves_hands

__all__ = ["CardKind", "card_kind"]


@attrs.frozen(weakref_slot=False)
class CardKind:
    """The answers the rules need about one card (see the module)."""

    rank: Rank
    """The definition the card plays by (``Variant.rank_of``)."""
    chooses: bool
    """It names a colour (ACT-WILD)."""
    swaps: bool
    """It names a target player (HOUSE-SEVEN-ZERO)."""
    moves_hands: bool
    """It moves hands (swap, rotate, shuffle)."""
    effects_key: str
    """The key its effects are cited by (``Variant.effects_key``)."""


def card_kind(rank: Rank, effects_key: str) -> CardKind:
    """The kind of a card that plays by ``rank`` and cites ``effects_key``.

    >>> from ena_rules import load_variant
    >>> card_kind(load_variant("official").rank("S"), "ranks.S.effects").chooses
    False
    """
    chooses, swaps = card_needs(rank)
    return CardKind(rank, chooses, swaps, moves_hands(rank), effects_key)
