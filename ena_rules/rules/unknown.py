"""Cards nobody saw, counted: what a partial state's unknown cards may be.

A partial state (``GameState.partial``: a table record, a player's view) holds :data:`UNKNOWN`
cards: a hand is its known cards plus some unknown ones; the draw pile may be all unknown. The
*unseen* cards are the deck less every card in sight. This module only counts; the rules that
judge with it are :mod:`ena_rules.rules.judgement` (may a hand hold a card) and
:mod:`ena_rules.rules.unseen` (making and settling partial states).

>>> from ena_rules import load_variant, new_game
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> unseen_copies(s, Card("R", "0")), may_hold(s, 0, Card("R", "0"))
(1, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..cards import Card
from ..game.state import GameState

__all__ = [
    "UNKNOWN",
    "deck_in_play",
    "in_sight",
    "known",
    "may_hold",
    "overfull",
    "unknown_count",
    "unseen",
    "unseen_copies",
]

#: A card nobody saw (never parsed from input: ``?`` is no card code).
UNKNOWN = Card(None, "?")


def known(hand: Iterable[Card]) -> tuple[Card, ...]:
    """The known cards of a hand.

    >>> [str(c) for c in known((Card("R", "9"), UNKNOWN))]
    ['R9']
    """
    return tuple(c for c in hand if c != UNKNOWN)


def unknown_count(hand: Iterable[Card]) -> int:
    """How many cards of a hand nobody saw."""
    return sum(1 for c in hand if c == UNKNOWN)


def in_sight(s: GameState) -> Counter[Card]:
    """Every card in sight: the discard pile and the known cards in hands (a partial state's
    discard pile may hold cards nobody saw: a hand the mercy rule put under it, NM-MERCY)."""
    seen: Counter[Card] = Counter(c for c in s.discard if c != UNKNOWN)
    for hand in s.hands:
        seen.update(c for c in hand if c != UNKNOWN)
    seen.update(c for c in s.draw_pile if c != UNKNOWN)
    return seen


def deck_in_play(s: GameState) -> tuple[Card, ...]:
    """The deck as it shows now: a two-sided deck's cards turned to the side in play
    (FLIP2-SIDE); any other deck as it is."""
    cards = s.variant.cards
    return tuple(c.flipped for c in cards) if s.side else cards


def unseen(s: GameState) -> Counter[Card]:
    """The unseen cards: the deck less every card in sight."""
    return Counter(deck_in_play(s)) - in_sight(s)


def unseen_copies(s: GameState, card: Card) -> int:
    """How many copies of ``card`` nobody has seen (the deck's copies less those in sight)."""
    return deck_in_play(s).count(card) - in_sight(s)[card]


def overfull(s: GameState) -> list[tuple[Card, int, int]]:
    """Cards in sight more often than the deck has them: ``(card, in sight, in the deck)``.

    >>> import attrs
    >>> from ena_rules import load_variant, new_game
    >>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    >>> overfull(attrs.evolve(s, discard=(Card("R", "0"),) * 2))
    [(Card(color='R', rank='0'), 2, 1)]
    """
    deck = Counter(deck_in_play(s))
    return [(c, n, deck[c]) for c, n in in_sight(s).items() if n > deck[c]]


def may_hold(s: GameState, seat: int, card: Card) -> bool:
    """Whether ``seat`` may hold ``card`` among its unknown cards (a partial state only)."""
    return s.partial and UNKNOWN in s.hands[seat] and unseen_copies(s, card) > 0
