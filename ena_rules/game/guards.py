"""Misuse gets Python's own answer: the type checks of the public entry points.

Each entry point (:func:`~ena_rules.apply`, :func:`~ena_rules.legal_events`,
:func:`~ena_rules.new_game`, :func:`~ena_rules.rules.view.view`, the position notation) calls one of
these first, so a value of the wrong Python type raises :class:`TypeError` naming the
argument (an :class:`~ena_rules.errors.ArgumentTypeError`, also in the library's error family)
at the entry point, never an ``AttributeError`` or ``IndexError`` from deep inside. A wrong
*value* of the right type is the entry point's own business (a rejected verdict, an
:class:`~ena_rules.EventError`).

>>> from ena_rules import Draw, apply
>>> apply(None, Draw("ana"))
Traceback (most recent call last):
...
ena_rules.errors.ArgumentTypeError: apply(): state: expected a GameState, got NoneType None
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..errors import ArgumentTypeError, EventError
from ..variant import Variant
from .event_fields import wrong_type
from .events import CallUno, Challenge, ChooseColor, Cut, Deal, Draw, Overtake, Pass, Play
from .state import GameState

__all__ = [
    "EVENT_TYPES",
    "check_apply",
    "check_new_game",
    "check_state",
    "check_took",
    "check_variant",
    "check_view",
]

_EVENTS = (Play, Overtake, Draw, Pass, CallUno, Challenge, ChooseColor, Cut, Deal)
#: The event classes themselves: an entry point may skip :func:`check_apply` for an event whose
#: type is one of these exactly (``type(event) in EVENT_TYPES``), the usual call.
EVENT_TYPES: frozenset[type] = frozenset(_EVENTS)
_EVENT_NAMES = ", ".join(t.__name__ for t in _EVENTS)


def check_state(func: str, state: Any) -> None:
    """``state`` is a :class:`~ena_rules.GameState` (``func`` names the entry point)."""
    if not isinstance(state, GameState):
        raise wrong_type(f"{func}(): state", "a GameState", state)


def check_variant(func: str, variant: Any) -> None:
    """``variant`` is a :class:`~ena_rules.Variant` (load one with ``load_variant``)."""
    if not isinstance(variant, Variant):
        raise wrong_type(f"{func}(): variant", "a Variant (from load_variant)", variant)


def check_apply(state: Any, event: Any) -> None:
    """The arguments of :func:`~ena_rules.apply`: a state and an event."""
    check_state("apply", state)
    if not isinstance(event, _EVENTS):
        raise ArgumentTypeError(
            f"apply(): event: {_short(event)} ({type(event).__name__}) is not an event; "
            f"expected one of {_EVENT_NAMES}"
        )


def check_took(took: Any) -> None:
    """``apply(..., took=)``: seconds, a finite number not below 0 (HR-TIME-LIMIT)."""
    if isinstance(took, bool) or not isinstance(took, int | float):
        raise ArgumentTypeError(
            f"apply(): took: {_short(took)} ({type(took).__name__}) is not a number of seconds"
        )
    if not math.isfinite(took) or took < 0:
        raise EventError(
            f"apply(): took: {took!r}: the seconds a move took are finite, not below 0"
        )


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_new_game(variant: Any, players: Any, dealer: Any) -> None:
    """The arguments of :func:`~ena_rules.new_game`: a variant, a sequence of names, a name."""
    check_variant("new_game", variant)
    if isinstance(players, str | bytes | Mapping) or not hasattr(players, "__iter__"):
        raise wrong_type("new_game(): players", "a sequence of names (str)", players)
    for i, name in enumerate(players):
        if not isinstance(name, str):
            raise wrong_type(
                f"new_game(): players[{i}]",
                "a name (str; players must be distinct non-empty names)",
                name,
            )
    if dealer is not None and not isinstance(dealer, str):
        raise wrong_type("new_game(): dealer", "a player's name (str) or None", dealer)


def check_view(state: Any, player: Any) -> None:
    """The arguments of :func:`~ena_rules.rules.view.view`: a state and a player's name."""
    check_state("view", state)
    if not isinstance(player, str):
        raise wrong_type("view(): player", "a player's name (str)", player)
