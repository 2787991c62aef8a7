"""Cards and their notation (a **contract**: see docs/cards.md).

Colours are ``R Y G B``; coloured ranks are ``0``–``9``, ``S`` (skip), ``R`` (reverse), ``+2``
(draw two) and any rank a variant defines; wild ranks start with ``W`` (``W``, ``W+4``, ``WS``,
``WC``, or a variant's own). A coloured card is its colour letter then its rank (``R9``, ``YR``,
``G+2``); a wild is its rank alone. Parsing ignores case and surrounding spaces. A card of a
two-sided deck (UNO Flip) is its face in play, ``|``, then its other face (``R1|P3``).

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
    "SUITS",
    "Card",
    "builtin_color",
    "color_from_name",
    "color_name",
    "color_symbol",
    "format_cards",
    "is_color_name",
    "known_color",
    "parse_card",
    "parse_cards",
    "register_color",
]

COLORS: tuple[str, ...] = ("R", "Y", "G", "B")
COLOR_NAMES: dict[str, str] = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
#: The suits of a pack of playing cards (the standard 52- and 32-card packs): code, name, symbol.
SUITS: tuple[tuple[str, str, str], ...] = (
    ("S", "spades", "\u2660"),
    ("H", "hearts", "\u2665"),
    ("D", "diamonds", "\u2666"),
    ("C", "clubs", "\u2663"),
)
# Every colour code the notation knows: the UNO colours, the suits, and any colour a deck
# declares (register_color). A code means one colour in every deck (docs/cards.md).
_NAMES: dict[str, str] = {**COLOR_NAMES, **{code: name for code, name, _ in SUITS}}
_SYMBOLS: dict[str, str] = {code: symbol for code, _, symbol in SUITS}
_FROM_SYMBOL: dict[str, str] = {symbol: code for code, symbol in _SYMBOLS.items()}
_NAME_TO_COLOR = {name: code for code, name in _NAMES.items()}
_RANK_RE = re.compile(r"^[0-9A-Z+\-]{1,6}$")


_INTERNED: dict[tuple[str | None, str, Card | None], Card] = {}
_FLIPPED: dict[Card, Card] = {}  # Card.flipped's answers (cards are interned: one per card)


def _face_order(other: Card | None) -> tuple[str, str]:
    return ("", "") if other is None else (other.color or "", other.rank)


@attrs.frozen(order=True, repr=False, unsafe_hash=False, weakref_slot=False)
class Card:
    """One card: ``color`` is ``None`` for a wild. Compare and hash by value.

    Cards are interned: there is one ``Card`` object per (colour, rank), whoever builds it
    (``Card(...)``, :func:`parse_card`, a copy, a pickle), so equal cards are the same object
    and the hash is the object's own (``object.__hash__``, computed in C: hands are hashed and
    searched on every action; docs/architecture.md, "Building states").

    >>> Card("R", "9") == parse_card("r9"), Card("R", "9") is parse_card("r9")
    (True, True)

    A card of a two-sided deck carries its ``other`` face (a one-sided card): ``color`` and
    ``rank`` are the face in play, which every rule reads; :attr:`flipped` turns it over.

    >>> c = parse_card("R1|G3")
    >>> c.rank, str(c.other), str(c.flipped), c.flipped.flipped is c
    ('1', 'G3', 'G3|R1', True)
    """

    def __new__(cls, color: str | None = None, rank: str = "", other: Card | None = None) -> Card:
        key = (color, rank, other)
        card = _INTERNED.get(key)
        if card is None:
            card = _INTERNED.setdefault(key, object.__new__(cls))  # __init__ fills it in
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[str | None, str, Card | None]]:
        return (Card, (self.color, self.rank, self.other))  # copies and pickles come back interned

    __hash__ = object.__hash__  # equal cards are one object (see __new__)

    color: str | None = attrs.field(order=lambda c: "" if c is None else c)
    """Wilds (``None``) sort before coloured cards, so any mix of cards can be sorted."""
    rank: str
    other: Card | None = attrs.field(default=None, order=_face_order)
    """The other face of a two-sided card (a one-sided card), or None: docs/cards.md."""

    @property
    def is_wild(self) -> bool:
        """True for a card with no printed colour."""
        return self.color is None

    @property
    def face(self) -> Card:
        """The face in play alone (a one-sided card): ``R1`` of ``R1|P3``; itself if one-sided."""
        return self if self.other is None else Card(self.color, self.rank)

    @property
    def flipped(self) -> Card:
        """The card turned over: its other face in play (itself if it has no other face)."""
        turned = _FLIPPED.get(self)  # a Flip turns every card of the game: looked up once each
        if turned is None:
            o = self.other
            turned = self if o is None else Card(o.color, o.rank, Card(self.color, self.rank))
            _FLIPPED[self] = turned
        return turned

    def __str__(self) -> str:
        face = self.rank if self.color is None else self.color + self.rank
        return face if self.other is None else f"{face}|{self.other}"

    def __repr__(self) -> str:
        if self.other is not None:
            return f"Card(color={self.color!r}, rank={self.rank!r}, other={self.other!r})"
        return f"Card(color={self.color!r}, rank={self.rank!r})"


def _same(self: Card, other: object) -> bool:
    return self is other


def _not_same(self: Card, other: object) -> bool:
    return self is not other


# Equal cards are one object (Card.__new__): equality is identity, answered at once (a hand is
# searched past every card before the one sought: attrs' __eq__ compared the fields, 73 ns a
# card; object.__eq__ answers NotImplemented and Python tries the other side, 111 ns; this,
# 51 ns).
Card.__eq__ = _same  # type: ignore[method-assign,assignment]
Card.__ne__ = _not_same  # type: ignore[method-assign,assignment]

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


def register_color(code: str, name: str, symbol: str = "") -> None:
    """Make a colour a deck declares known to the notation (the loader calls it).

    A code names one colour everywhere: a code, a name or a symbol already given to another
    colour raises :class:`CardError`.

    >>> register_color("S", "spades", "\u2660")  # the suits are known already: no change
    >>> register_color("S", "swords")
    Traceback (most recent call last):
    ...
    ena_rules.errors.CardError: colour code 'S' is already 'spades' (one colour in every deck)
    """
    if not re.match(r"^[A-Z]$", code) or code == "W":
        raise CardError(f"colour code {code!r}: expected one capital letter other than W")
    if not re.match(r"^[a-z][a-z -]{0,29}$", name):
        raise CardError(f"colour name {name!r}: expected a lower-case word")
    known = _NAMES.get(code)
    if known is not None and known != name:
        raise CardError(f"colour code {code!r} is already {known!r} (one colour in every deck)")
    other = _NAME_TO_COLOR.get(name)
    if other is not None and other != code:
        raise CardError(f"colour name {name!r} is already colour {other!r}")
    if symbol:
        holder = _FROM_SYMBOL.get(symbol)
        if len(symbol) != 1 or symbol.isalnum() or symbol in "+-,. ":
            raise CardError(f"colour symbol {symbol!r}: expected one sign that is not a letter")
        if holder is not None and holder != code:
            raise CardError(f"colour symbol {symbol!r} is already colour {holder!r}")
        if _SYMBOLS.get(code, symbol) != symbol:
            raise CardError(f"colour {code!r} already has the symbol {_SYMBOLS[code]!r}")
        _SYMBOLS[code] = symbol
        _FROM_SYMBOL[symbol] = code
    _NAMES[code] = name
    _NAME_TO_COLOR[name] = code


def builtin_color(code: str) -> bool:
    """True for a colour the notation knows before any deck is loaded: R Y G B, S H D C."""
    return code in COLOR_NAMES or any(code == s for s, _, _ in SUITS)


def known_color(code: str) -> bool:
    """True for a colour code the notation knows (the UNO colours, the suits, declared ones)."""
    return code in _NAMES


def color_name(code: str) -> str:
    """A colour's name: ``color_name("R")`` is ``'red'``, ``color_name("S")`` ``'spades'``."""
    return _NAMES[code]


def is_color_name(word: str) -> bool:
    """True for the name of a colour the notation knows (``red``, ``spades``)."""
    return word in _NAME_TO_COLOR


def color_symbol(code: str) -> str:
    """A colour's symbol (``\u2660`` for spades), or ``""`` for a colour that has none."""
    return _SYMBOLS.get(code, "")


def _parse_uncached(text: str, key: str) -> Card:
    expected = (
        "expected a colour R, Y, G or B followed by a rank (0-9, S, R, +2, ...), "
        "or a wild (W, W+4, WS, WC, ...)"
    )
    if not key:
        raise CardError(f"{text!r}: empty card code; {expected}")
    if "|" in key:  # a two-sided card: the face in play, then the other face
        front, _, back = key.partition("|")
        if "|" in back:
            raise CardError(f"{text!r}: a card has two faces, not three (R1|P3)")
        face = _parse_uncached(text, front.strip())
        other = _parse_uncached(text, back.strip())
        return Card(face.color, face.rank, other)
    if key[0] in _FROM_SYMBOL:  # a suit's symbol reads as its letter: \u26608 is S8
        key = _FROM_SYMBOL[key[0]] + key[1:].strip()
    if key.startswith("W"):
        if not _RANK_RE.match(key):
            raise CardError(f"{text!r}: not a card code; {expected}")
        return Card(None, key)
    color, rank = key[0], key[1:]
    if color not in _NAMES or not rank or rank.startswith("W") or not _RANK_RE.match(rank):
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
    if key.upper() in _NAMES:
        return key.upper()
    raise CardError(f"{name!r}: not a colour; expected one of red, yellow, green, blue")
