"""Cards nobody saw, counted: what a partial state's unknown cards may be.

A partial state (``GameState.partial``: a table record, a player's view) holds :data:`UNKNOWN`
cards: a hand is its known cards plus some unknown ones; the draw pile may be all unknown. The
*unseen* cards are the deck less every card in sight. This module only counts; the rules that
judge with it are :mod:`ena_rules.rules.judgement` (may a hand hold a card) and
:mod:`ena_rules.rules.unseen` (making and settling partial states).

FLIP2-SIGHT: on a two-sided deck a player sees the other side of every card in the others'
hands and of the draw pile's top card. In their view's partial state such a card is an unknown
card whose ``other`` face is known (:func:`unknown_back`: ``?|P3``); it may be only a card with
that other face (:func:`fits`), and :func:`is_unknown` is true of it as of :data:`UNKNOWN`.

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
    "fits",
    "holds_color",
    "in_sight",
    "is_unknown",
    "known",
    "may_hold",
    "overfull",
    "turned_over",
    "unknown_back",
    "unknown_count",
    "unknown_slot",
    "unseen",
    "unseen_copies",
]

#: A card nobody saw (never parsed from input: ``?`` is no card code).
UNKNOWN = Card(None, "?")


def unknown_back(back: Card | None) -> Card:
    """FLIP2-SIGHT: a card whose face in play nobody saw and whose other side ``back`` (a
    one-sided face) everyone sees: ``?|P3``; :data:`UNKNOWN` when ``back`` is None.

    >>> str(unknown_back(Card("P", "3"))), unknown_back(None) is UNKNOWN
    ('?|P3', True)
    """
    return UNKNOWN if back is None else Card(None, "?", back)


def is_unknown(card: Card | None) -> bool:
    """True for a card nobody saw: :data:`UNKNOWN`, or one whose back alone is seen (``?|P3``)."""
    return card is not None and card.rank == "?"


def fits(slot: Card, card: Card) -> bool:
    """FLIP2-SIGHT: whether the unknown ``slot`` may be ``card``: any card for :data:`UNKNOWN`,
    only a card with the same other face for ``?|P3``.

    >>> fits(unknown_back(Card("P", "3")), Card("R", "1", Card("P", "3")))
    True
    >>> fits(unknown_back(Card("P", "3")), Card("R", "1", Card("V", "2")))
    False
    """
    return slot is UNKNOWN or (slot.rank == "?" and slot.other == card.other)


def unknown_slot(hand: tuple[Card, ...], card: Card) -> int | None:
    """The place in ``hand`` of the unknown card that ``card`` uses up: one whose back is
    ``card``'s first (FLIP2-SIGHT), else one nobody saw at all; None if neither."""
    backed = unknown_back(card.other) if card.other is not None else None
    if backed is not None and backed in hand:
        return hand.index(backed)
    return hand.index(UNKNOWN) if UNKNOWN in hand else None


def turned_over(card: Card) -> Card:
    """A card turned over (FLIP2-FLIP, :attr:`Card.flipped`); an unknown one stays unknown: the
    face it turns up was seen, but not which physical card it is (D-FLIP2-SIGHT)."""
    return UNKNOWN if card.rank == "?" else card.flipped


def known(hand: Iterable[Card]) -> tuple[Card, ...]:
    """The known cards of a hand.

    >>> [str(c) for c in known((Card("R", "9"), UNKNOWN))]
    ['R9']
    """
    return tuple(c for c in hand if c.rank != "?")


def unknown_count(hand: Iterable[Card]) -> int:
    """How many cards of a hand nobody saw (their backs seen or not)."""
    return sum(1 for c in hand if c.rank == "?")


def in_sight(s: GameState) -> Counter[Card]:
    """Every card in sight: the discard pile and the known cards in hands (a partial state's
    discard pile may hold cards nobody saw: a hand the mercy rule put under it, NM-MERCY)."""
    seen: Counter[Card] = Counter(c for c in s.discard if c.rank != "?")
    for hand in s.hands:
        seen.update(c for c in hand if c.rank != "?")
    seen.update(c for c in s.draw_pile if c.rank != "?")
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
    """Whether ``seat`` may hold ``card`` among its unknown cards (a partial state only).

    FLIP2-SIGHT: an unknown card whose back is seen may be only a card with that back; one
    nobody saw may be ``card`` only if the unseen cards with ``card``'s back outnumber the
    unknown cards showing that back (each of those is one of them)."""
    if not s.partial or unseen_copies(s, card) <= 0:
        return False
    hand = s.hands[seat]
    if card.other is not None and unknown_back(card.other) in hand:
        return True
    if UNKNOWN not in hand:
        return False
    if card.other is None:
        return True
    backed = unknown_back(card.other)
    shown = sum(h.count(backed) for h in s.hands) + s.draw_pile.count(backed)
    return not shown or _unseen_backs(s, card.other) > shown


def _unseen_backs(s: GameState, back: Card) -> int:
    """How many unseen cards have the other face ``back``."""
    return sum(n for c, n in unseen(s).items() if c.other == back)


def holds_color(s: GameState, seat: int, color: str) -> bool | None:
    """Whether ``seat``'s hand holds a card of ``color``: True or False when what is in sight
    decides (a known card of it; FLIP2-SIGHT: an unknown card whose back allows only cards of
    it, or no unknown card whose back allows one), None when its unknown cards leave it open.

    >>> from ena_rules import load_variant, new_game
    >>> import attrs
    >>> s = attrs.evolve(new_game(load_variant("flip"), ["ana", "bor"], dealer="ana"),
    ...                  hands=((unknown_back(Card("V", "2")),), ()), partial=True)
    >>> holds_color(s, 0, "R"), holds_color(s, 0, "Y")  # V2's other side: R1 or G3
    (None, False)
    >>> holds_color(attrs.evolve(s, hands=((unknown_back(Card("P", "3")),), ())), 0, "R")
    True
    """
    hand = s.hands[seat]
    if any(c.color == color for c in hand if c.rank != "?"):
        return True
    slots = {c for c in hand if c.rank == "?"}
    if not slots:
        return False
    pool = list(unseen(s))
    options = [{c.color for c in pool if fits(slot, c)} for slot in slots]
    if any(o == {color} for o in options):
        return True
    return None if any(color in o for o in options) else False
