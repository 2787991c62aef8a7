"""The checks of an event's fields: a wrong Python type is a TypeError naming the field, a wrong
value an EventError (:mod:`ena_rules.errors`).

Each event class (:mod:`ena_rules.game.events`) converts its fields with these on construction, so a
malformed event never exists.

>>> player("ana")
'ana'
>>> player(7)
Traceback (most recent call last):
...
ena_rules.errors.ArgumentTypeError: player: expected a player's name (str), got int 7
>>> card("X9")
Traceback (most recent call last):
...
ena_rules.errors.EventCardError: card: 'X9': not a card code; ...
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import COLORS, Card, color_from_name, parse_card
from ..cards.notation import color_name
from ..errors import ArgumentTypeError, CardError, EventCardError, EventError
from .names import player_name

__all__ = [
    "card",
    "cards",
    "color",
    "integer",
    "more",
    "optional_color",
    "player",
    "target",
    "wrong_type",
]


def wrong_type(what: str, expected: str, value: Any) -> ArgumentTypeError:
    """The TypeError for ``what`` (an argument or field) given ``value`` instead of ``expected``.

    >>> str(wrong_type("apply(): state", "a GameState", None))
    'apply(): state: expected a GameState, got NoneType None'
    """
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return ArgumentTypeError(f"{what}: expected {expected}, got {type(value).__name__} {text}")


def _name(field: str, value: Any) -> str:
    if not isinstance(value, str):
        raise wrong_type(field, "a player's name (str)", value)
    if not value:
        raise EventError(f"{value!r}: a player is named by a non-empty string")
    return player_name(value)  # NFC: one spelling of each name


def player(value: Any) -> str:
    """The ``player`` field: a non-empty name."""
    return _name("player", value)


def target(value: Any) -> str | None:
    """The ``target`` field: a non-empty name, or ``None``."""
    return None if value is None else _name("target", value)


def card(value: Any) -> Card:
    """The ``card`` field: a :class:`~ena_rules.Card` or its code."""
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise wrong_type("card", "a card code (str) or a Card", value)
    try:
        return parse_card(value)
    except CardError as exc:
        raise EventCardError(f"card: {exc}") from None


def _color(field: str, value: Any) -> str:
    if not isinstance(value, str):
        raise wrong_type(field, "a colour name (str: red, yellow, green, blue)", value)
    try:
        return color_name(color_from_name(value))
    except CardError as exc:
        raise EventCardError(f"{field}: {exc}") from None


def optional_color(value: Any) -> str | None:
    """An optional ``color`` field (a wild's colour)."""
    return None if value is None else _color("color", value)


def color(value: Any) -> str:
    """A required ``color`` field."""
    if value is None:
        raise EventError("a colour is required: red, yellow, green or blue")
    return _color("color", value)


def cards(value: Any) -> tuple[Card, ...]:
    """A sequence of cards (a cut's cards, a deal's deck)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise wrong_type("cards", "a sequence of card codes", value)
    return tuple(card(v) for v in value)


def _color_order(c: Card) -> int:
    return COLORS.index(c.color) if c.color in COLORS else len(COLORS)


def more(value: Any) -> tuple[Card, ...]:
    """A play's further cards (HR-MULTI-PLAY), the last one setting the colour. Those between
    the first and the last change nothing by their order: they are kept in colour order
    (R, Y, G, B), so one play has one form.

    >>> [str(c) for c in more(["B5", "G5", "Y5"])]
    ['G5', 'B5', 'Y5']
    """
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise wrong_type("more", "a sequence of card codes", value)
    try:
        got = tuple(card(v) for v in value)
    except EventCardError as exc:
        raise EventCardError(f"more: {exc}") from None
    if len(got) < 2:
        return got
    return (*sorted(got[:-1], key=_color_order), got[-1])


def integer(value: Any) -> int:
    """An integer field (a deal's seed)."""
    if type(value) is not int:
        raise wrong_type("seed", "an integer", value)
    return value
