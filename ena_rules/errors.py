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
    "CardError",
    "EnaRulesError",
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


class LogError(EnaRulesError):
    """A game log line that cannot be read; ``line`` is its 1-based number."""

    def __init__(self, message: str, *, source: str = "", line: int = 0) -> None:
        self.source = source
        self.line = line
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {message}" if where else message)
