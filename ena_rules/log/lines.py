"""The lines of an ena-log (a **contract**: docs/log-format.md).

A log is JSON Lines: a :class:`Header`, then one line per event, round start or claim, each with
its kind in ``"type"``. Player events are the engine's own event classes (:class:`~ena_rules.Play`
and the rest); the log adds :class:`RoundStart` and the table's claims (:data:`Claim`).

>>> LINE_TYPES["play"].__name__, TYPE_OF[RoundStart]
('Play', 'round')
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import attrs

from ..cards import Card
from ..game.events import EVENT_TYPES, PlayerEvent

__all__ = [
    "ARBITER_TYPES",
    "CLAIM_TYPES",
    "EVENT_TYPES",
    "FORMAT_VERSION",
    "LINE_TYPES",
    "TYPE_OF",
    "Arbiter",
    "Claim",
    "DrawnClaim",
    "Header",
    "Imposed",
    "Line",
    "Misdeal",
    "PenaltyClaim",
    "RoundClaim",
    "RoundStart",
    "WinnerClaim",
    "load_schema",
]

#: The ``ena_log`` version this library reads and writes.
FORMAT_VERSION = 1


@attrs.frozen
class Header:
    """Line 1 of a log: the format version, the variant, the seats clockwise and the chance.

    Either ``seed`` (the cut, unless ``dealer`` is given, and every round's deck follow from it,
    docs/shuffle.md) or ``dealer`` and ``deck`` (round 1's whole deck, top first; ``deck_seed``
    fixes that round's in-round reshuffles, 0 if absent). ``meta`` is free-form and not read.
    """

    ena_log: int
    variant: str
    players: tuple[str, ...]
    seed: int | None = None
    dealer: str | None = None
    deck: tuple[Card, ...] | None = None
    deck_seed: int | None = None
    meta: dict[str, Any] | None = attrs.field(default=None, hash=False)
    turned: tuple[Card, ...] | None = None
    """A table record (``"deck": "unknown"``): the cards turned up at round 1's deal, in order
    (docs/table-records.md); ``deck`` is then ``None``."""

    @property
    def is_table(self) -> bool:
        """True for a table record: the deck order is unknown."""
        return self.turned is not None


@attrs.frozen
class RoundStart:
    """``{"type": "round"}``: a new round (round 2 on; the header deals round 1).

    With a seeded header it carries nothing; otherwise ``deck`` (the whole deck, top first) and
    optionally ``seed`` (the round's in-round reshuffles, 0 if absent: :class:`~ena_rules.Deal`).
    """

    deck: tuple[Card, ...] | None = None
    seed: int | None = None
    turned: tuple[Card, ...] | None = attrs.field(default=None, repr=False)
    """A table record's round: the cards turned up at its deal, in order."""


@attrs.frozen
class RoundClaim:
    """The table's record of a round's result: its winner, each seat's points, running totals."""

    round: int
    winner: str | None = None
    points: dict[str, int] | None = attrs.field(default=None, hash=False)
    totals: dict[str, int] | None = attrs.field(default=None, hash=False)


@attrs.frozen
class PenaltyClaim:
    """The table's record that ``player`` drew ``cards`` as a penalty for the event just before."""

    player: str
    cards: int


@attrs.frozen
class DrawnClaim:
    """The table's record of what ``player`` drew in the event just before (count and/or cards)."""

    player: str
    count: int | None = None
    cards: tuple[Card, ...] | None = None


@attrs.frozen
class WinnerClaim:
    """The table's record that the game is over and ``player`` won it."""

    player: str


@attrs.frozen
class Misdeal:
    """An arbiter's line: ``player``, this round's dealer, misdealt (PEN-ENA,
    ``penalties.misdeal``; docs/decisions.md D-MISDEAL)."""

    player: str


@attrs.frozen
class Imposed:
    """An arbiter's line: the table imposed on ``player`` the penalty the rules name for
    ``offence``, a mistake the referee cannot see (``advice``: PEN-ADVICE, ``penalties.advice``)."""

    player: str
    offence: str


Claim = RoundClaim | PenaltyClaim | DrawnClaim | WinnerClaim
Arbiter = Misdeal | Imposed
Line = PlayerEvent | RoundStart | Claim | Arbiter

#: Claims by their ``type``.
CLAIM_TYPES: dict[str, type] = {
    "claim_round": RoundClaim,
    "claim_penalty": PenaltyClaim,
    "claim_drawn": DrawnClaim,
    "claim_winner": WinnerClaim,
}

#: The arbiter's lines by their ``type``: what the table ruled that the referee cannot see.
ARBITER_TYPES: dict[str, type] = {"misdeal": Misdeal, "penalty": Imposed}

#: Every line kind after the header, by its ``type``.
LINE_TYPES: dict[str, type] = {
    **EVENT_TYPES,
    "round": RoundStart,
    **CLAIM_TYPES,
    **ARBITER_TYPES,
}

#: The ``type`` of each line class.
TYPE_OF: dict[type, str] = {cls: tag for tag, cls in LINE_TYPES.items()}


def load_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every line kind, shipped as package data.

    >>> sorted(load_schema()["$defs"])[:3]
    ['call_uno', 'card', 'cards']
    """
    text = resources.files("ena_rules").joinpath("data", "ena-log.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
