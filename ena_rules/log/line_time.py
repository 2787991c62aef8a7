"""A line's ``"time"``: the moment of the move, in seconds since the game's start.

Any line after the header may carry it (docs/log-format.md, Times): a JSON number, not below 0,
not earlier than the time of the usable line before it that has one. The header is the game's
start, time 0; it carries no time. A wrong value is a
:class:`~ena_rules.game.convert.FormatError` naming the key (an unusable line, exit 2).

>>> line_time({"type": "pass", "player": "ana", "time": 41.5})
41.5
>>> line_time({"type": "pass", "player": "ana"}) is None
True
>>> line_time({"type": "pass", "player": "ana", "time": "2026-12-01T15:00:00Z"})
Traceback (most recent call last):
...
ena_rules.game.convert.FormatError: '2026-12-01T15:00:00Z': a time is the seconds since the game's \
start, a JSON number such as 41.5 (a clock time, ISO-8601 or other, is not read) @ $.time
"""

from __future__ import annotations

import math
from typing import Any

from . import convert as _conv

__all__ = ["TIME_KEY", "check_order", "line_time", "no_header_time"]

#: The key of a line's time.
TIME_KEY = "time"


def line_time(obj: Any) -> float | None:
    """The line's time in seconds (``None`` if it has none)."""
    if not isinstance(obj, dict) or TIME_KEY not in obj:
        return None
    value = obj[TIME_KEY]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _conv.FormatError(
            f"{value!r}: a time is the seconds since the game's start, a JSON number such as "
            "41.5 (a clock time, ISO-8601 or other, is not read)",
            "$.time",
        )
    try:
        seconds = float(value)
    except OverflowError:
        seconds = math.inf
    if not math.isfinite(seconds) or seconds < 0:
        raise _conv.FormatError(
            f"{value!r}: a time is the seconds since the game's start: a finite number, not "
            "below 0",
            "$.time",
        )
    return seconds


def no_header_time(obj: Any) -> None:
    """The header has no ``"time"``: it is the game's start, time 0."""
    if isinstance(obj, dict) and TIME_KEY in obj:
        raise _conv.FormatError(
            "the header carries no time: it is the game's start, time 0", "$.time"
        )


def check_order(time: float, last: tuple[float, int] | None) -> None:
    """A line's time is not earlier than ``last`` (the time and line number of the usable line
    before it that has one).

    >>> check_order(12, (15.0, 4))
    Traceback (most recent call last):
    ...
    ena_rules.game.convert.FormatError: time 12 is earlier than line 4's time 15: a log's times do \
not go backwards @ $.time
    """
    if last is not None and time < last[0]:
        raise _conv.FormatError(
            f"time {_text(time)} is earlier than line {last[1]}'s time {_text(last[0])}: a log's "
            "times do "
            "not go backwards",
            "$.time",
        )


def _text(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))
