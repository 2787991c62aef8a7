"""The library's error family.

Every error the library raises on bad input is an :class:`EnaRulesError`, which is also a
:class:`ValueError`, so callers that already catch ``ValueError`` keep working.

>>> from ena_rules import parse_card
>>> try:
...     parse_card("X9")
... except EnaRulesError as exc:
...     print(type(exc).__name__)
CardError
"""

from __future__ import annotations

__all__ = [
    "ArgumentTypeError",
    "CardError",
    "EnaRulesError",
    "EventCardError",
    "EventError",
    "LogError",
    "PositionError",
    "VariantError",
]


class EnaRulesError(ValueError):
    """Base class of every error the library raises on bad input."""


class CardError(EnaRulesError):
    """A card code that does not parse, or names a card the variant's deck lacks."""


class VariantError(EnaRulesError):
    """A variant file that is malformed, inconsistent or cannot be found.

    ``source`` is the file (or variant name) and ``path`` the key path, when known.
    """

    def __init__(self, message: str, *, source: str = "", path: str = "") -> None:
        self.source = source
        self.path = path
        where = source
        if path:
            where = f"{where}: {path}" if where else path
        super().__init__(f"{where}: {message}" if where else message)


class PositionError(EnaRulesError):
    """A position string that does not parse back into a state."""


class EventError(EnaRulesError):
    """An event value that is malformed (not a rules question: a wrong type or field)."""


class ArgumentTypeError(EventError, TypeError):
    """A value of the wrong Python type given to an entry point (``apply(None, ...)``, an event
    field that is not text ...): Python's own :class:`TypeError`, naming the argument, and also
    an :class:`EventError`, so a caller catching the library's errors catches it too."""


class EventCardError(CardError, EventError):
    """A card code or colour name in an event that does not parse: a wrong value in an event."""


class LogError(EnaRulesError):
    """A game log line that cannot be read; ``line`` is its 1-based number."""

    def __init__(self, message: str, *, source: str = "", line: int = 0) -> None:
        self.source = source
        self.line = line
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {message}" if where else message)
