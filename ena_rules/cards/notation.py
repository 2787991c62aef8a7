"""Cards and their notation (a **contract**: see docs/cards.md).

Colours are ``R Y G B``; coloured ranks are ``0``–``9``, ``S`` (skip), ``R`` (reverse), ``+2``
(draw two) and any rank a variant defines; wild ranks start with ``W`` (``W``, ``W+4``, ``WS``,
``WC``, or a variant's own). A coloured card is its colour letter then its rank (``R9``, ``YR``,
``G+2``); a wild is its rank alone. Parsing ignores case and surrounding spaces.

>>> parse_card(" g+2 ")
Card(color='G', rank='+2')
>>> str(parse_card("w+4"))
'W+4'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import attrs

from ..errors import ArgumentTypeError, CardError, typed_arguments

__all__ = [
    "COLORS",
    "COLOR_NAMES",
    "Card",
    "color_from_name",
    "format_cards",
    "parse_card",
    "parse_cards",
]

COLORS: tuple[str, ...] = ("R", "Y", "G", "B")
COLOR_NAMES: dict[str, str] = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
_NAME_TO_COLOR = {name: code for code, name in COLOR_NAMES.items()}
_RANK_RE = re.compile(r"^[0-9A-Z+\-]{1,6}$")


_INTERNED: dict[tuple[str | None, str], Card] = {}


@attrs.frozen(order=True, repr=False, unsafe_hash=False, weakref_slot=False)
class Card:
    """One card: ``color`` is ``None`` for a wild. Compare and hash by value.

    Cards are interned: there is one ``Card`` object per (colour, rank), whoever builds it
    (``Card(...)``, :func:`parse_card`, a copy, a pickle), so equal cards are the same object
    and the hash is the object's own (``object.__hash__``, computed in C: hands are hashed and
    searched on every action; docs/architecture.md, "Building states").

    >>> Card("R", "9") == parse_card("r9"), Card("R", "9") is parse_card("r9")
    (True, True)
    """

    def __new__(cls, color: str | None = None, rank: str = "") -> Card:
        key = (color, rank)
        card = _INTERNED.get(key)
        if card is None:
            card = _INTERNED.setdefault(key, object.__new__(cls))  # __init__ fills it in
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[str | None, str]]:
        return (Card, (self.color, self.rank))  # copies and pickles come back interned

    __hash__ = object.__hash__  # equal cards are one object (see __new__)

    color: str | None = attrs.field(order=lambda c: "" if c is None else c)
    """Wilds (``None``) sort before coloured cards, so any mix of cards can be sorted."""
    rank: str

    @property
    def is_wild(self) -> bool:
        """True for a card with no printed colour."""
        return self.color is None

    def __str__(self) -> str:
        return self.rank if self.color is None else self.color + self.rank

    def __repr__(self) -> str:
        return f"Card(color={self.color!r}, rank={self.rank!r})"


_CACHE: dict[str, Card] = {}


def parse_card(text: str, ranks: Iterable[str] | None = None) -> Card:
    """Parse a card code; ``ranks``, when given, is the set of ranks the deck has.

    >>> parse_card("BS")
    Card(color='B', rank='S')
    >>> parse_card("B7", ranks=["S"])
    Traceback (most recent call last):
    ...
    ena_rules.errors.CardError: 'B7': no rank '7' in this deck (ranks: S)
    """
    if not isinstance(text, str):
        raise CardError(f"{text!r}: a card code must be a string like 'R9', 'G+2' or 'W+4'")
    key = text.strip().upper()
    card = _CACHE.get(key)
    if card is None:
        card = _parse_uncached(text, key)
        _CACHE[key] = card
    if ranks is not None:
        if isinstance(ranks, str | bytes) or not isinstance(ranks, Iterable):
            raise ArgumentTypeError(f"parse_card(): ranks: expected ranks (str), got {ranks!r:.60}")
        allowed = set(ranks)
        if not all(isinstance(r, str) for r in allowed):
            raise ArgumentTypeError(f"parse_card(): ranks: expected ranks (str), got {ranks!r:.60}")
        if card.rank not in allowed:
            raise CardError(
                f"{text!r}: no rank {card.rank!r} in this deck "
                f"(ranks: {', '.join(sorted(allowed))})"
            )
    return card


def _parse_uncached(text: str, key: str) -> Card:
    expected = (
        "expected a colour R, Y, G or B followed by a rank (0-9, S, R, +2, ...), "
        "or a wild (W, W+4, WS, WC, ...)"
    )
    if not key:
        raise CardError(f"{text!r}: empty card code; {expected}")
    if key.startswith("W"):
        if not _RANK_RE.match(key):
            raise CardError(f"{text!r}: not a card code; {expected}")
        return Card(None, key)
    color, rank = key[0], key[1:]
    if color not in COLORS or not rank or rank.startswith("W") or not _RANK_RE.match(rank):
        raise CardError(f"{text!r}: not a card code; {expected}")
    return Card(color, rank)


@typed_arguments
def parse_cards(text: str, ranks: Iterable[str] | None = None) -> tuple[Card, ...]:
    """Parse a comma- or space-separated list of card codes.

    >>> [str(c) for c in parse_cards("R9, g2 W")]
    ['R9', 'G2', 'W']
    """
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    return tuple(parse_card(p, ranks) for p in parts)


@typed_arguments
def format_cards(cards: Iterable[Card]) -> str:
    """The canonical comma-separated form of some cards.

    >>> format_cards(parse_cards("r9 w"))
    'R9,W'
    """
    return ",".join(str(c) for c in cards)


def color_from_name(name: str) -> str:
    """A colour code from its event name (``red``) or its letter (``R``).

    >>> color_from_name(" Green ")
    'G'
    """
    if not isinstance(name, str):
        raise CardError(f"{name!r}: a colour must be one of red, yellow, green, blue")
    key = name.strip().lower()
    if key in _NAME_TO_COLOR:
        return _NAME_TO_COLOR[key]
    if key.upper() in COLORS:
        return key.upper()
    raise CardError(f"{name!r}: not a colour; expected one of red, yellow, green, blue")
