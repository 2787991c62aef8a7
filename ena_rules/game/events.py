"""Events (a **contract**): what players do, and the recorded chance of a game.

Player events name the player by seat name. Cards may be given as codes and colours as names
(``red``) or letters (``R``); both are normalised on construction, so a malformed value fails
at once with a :class:`~ena_rules.errors.CardError`.

>>> Play("ana", "w", color="Green")
Play(player='ana', card='W', color='green', target=None)
"""

from __future__ import annotations

from typing import Any

import attrs

from ..cards import Card

# the fields' checks (a wrong type: a TypeError naming the field; a wrong value: an EventError)
from .event_fields import card as _card
from .event_fields import cards as _cards
from .event_fields import color as _required_color
from .event_fields import integer as _int
from .event_fields import more as _more
from .event_fields import optional_color as _color
from .event_fields import player as _name
from .event_fields import target as _opt_name

__all__ = [
    "EVENT_TYPES",
    "CallUno",
    "Challenge",
    "ChooseColor",
    "Cut",
    "Deal",
    "Draw",
    "Event",
    "Overtake",
    "Pass",
    "Play",
    "PlayerEvent",
]


def _card_repr(self: Any) -> str:
    fields = []
    for f in attrs.fields(type(self)):
        v = getattr(self, f.name)
        if f.metadata.get("omit_empty") and not v:
            continue  # a one-card play reads as it always did
        if isinstance(v, Card):
            v = str(v)
        elif isinstance(v, tuple):
            v = tuple(str(c) for c in v)
        fields.append(f"{f.name}={v!r}")
    return f"{type(self).__name__}({', '.join(fields)})"


@attrs.frozen(repr=False)
class Play:
    """The player due plays ``card`` (``color`` for a wild, ``target`` for a hand swap);
    ``more``: the further cards of the same number put down with it (HR-MULTI-PLAY), the
    last one setting the colour.

    >>> Play("ana", "R5", more=["B5", "G5"])
    Play(player='ana', card='R5', color=None, target=None, more=('B5', 'G5'))
    """

    player: str = attrs.field(converter=_name)
    card: Card = attrs.field(converter=_card)
    color: str | None = attrs.field(default=None, converter=_color)
    target: str | None = attrs.field(default=None, converter=_opt_name)
    more: tuple[Card, ...] = attrs.field(default=(), converter=_more, metadata={"omit_empty": True})
    __repr__ = _card_repr


@attrs.frozen(repr=False)
class Overtake:
    """A player plays a card identical to the top card out of turn (Ena, jump-in)."""

    player: str = attrs.field(converter=_name)
    card: Card = attrs.field(converter=_card)
    color: str | None = attrs.field(default=None, converter=_color)
    target: str | None = attrs.field(default=None, converter=_opt_name)
    __repr__ = _card_repr


@attrs.frozen
class Draw:
    """The player due draws (one card, the pending count, or until playable)."""

    player: str = attrs.field(converter=_name)


@attrs.frozen
class Pass:
    """The player due keeps the playable card they just drew and ends the turn."""

    player: str = attrs.field(converter=_name)


@attrs.frozen
class CallUno:
    """``player`` calls UNO: their own call, or catching ``target`` who did not call."""

    player: str = attrs.field(converter=_name)
    target: str | None = attrs.field(default=None, converter=_opt_name)


@attrs.frozen
class Challenge:
    """The victim of a challengeable draw card (Wild Draw Four) challenges it."""

    player: str = attrs.field(converter=_name)


@attrs.frozen
class ChooseColor:
    """The dealer names the colour of a wild turned up (when the variant says the dealer does)."""

    player: str = attrs.field(converter=_name)
    color: str = attrs.field(converter=_required_color)


@attrs.frozen(repr=False)
class Cut:
    """Recorded chance: the cards the players still cutting turn up, in seat order."""

    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    __repr__ = _card_repr


@attrs.frozen(repr=False)
class Deal:
    """Recorded chance: a round's whole deck, top first; ``seed`` fixes in-round shuffles."""

    deck: tuple[Card, ...] = attrs.field(converter=_cards)
    seed: int = attrs.field(default=0, converter=_int)
    __repr__ = _card_repr


PlayerEvent = Play | Overtake | Draw | Pass | CallUno | Challenge | ChooseColor
Event = PlayerEvent | Cut | Deal


#: Player events by their ``type``, in the order of DESIGN.md (``choose_color`` is ena-log 1's
#: addition to DESIGN's list: the dealer names the colour of a wild turned up).
EVENT_TYPES: dict[str, type] = {
    "play": Play,
    "overtake": Overtake,
    "draw": Draw,
    "pass": Pass,
    "call_uno": CallUno,
    "challenge": Challenge,
    "choose_color": ChooseColor,
}
