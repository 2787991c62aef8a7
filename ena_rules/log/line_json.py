"""A log line's text and JSON: what the reader makes of a raw line before it reads its meaning.

A raw line (``str`` or ``bytes``) is UTF-8 text (the first line may start with a byte order
mark), blank when it holds only JSON white space; its JSON is read strictly: no key twice, no
``NaN`` or ``Infinity``, no lone surrogate in a string or a key. Each failure is a
:class:`LineProblem` in the log's words, which :class:`~ena_rules.log.reader.LogReader` reports
with the line's number.

>>> line_text(b'{"type": "pass"}\\n', first=False)
'{"type": "pass"}\\n'
>>> line_text(" \\t\\r\\n", first=False) is None
True
>>> decode('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
ena_rules.log.line_json.LineProblem: not usable JSON: duplicate key 'a'
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import LogError
from ..game.event_fields import wrong_type
from ..game.names import lone_surrogate

__all__ = ["MAX_LINE", "LineProblem", "decode", "line_text"]

#: The longest line read (bytes); a longer line is a problem and is skipped.
MAX_LINE = 1 << 20

#: The only characters JSON counts as white space: a line of nothing else is blank.
_JSON_SPACE = " \t\r\n"


class LineProblem(Exception):
    """A line that is a record written wrongly; ``reason`` says why, in the log's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def line_text(raw: str | bytes, *, first: bool) -> str | None:
    """The line's text, or ``None`` for a blank line (JSON white space only); ``first``: the
    log's first line that is not blank, which may start with a byte order mark."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_LINE:
            raise LineProblem(f"line longer than {MAX_LINE} bytes")
        try:
            text = raw.decode("utf-8-sig" if first else "utf-8")
        except UnicodeDecodeError as exc:
            raise LineProblem(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    elif isinstance(raw, str):
        text = raw.removeprefix("\ufeff") if first else raw
    else:
        raise wrong_type("a log line", "str or bytes", raw)
    return text if text.strip(_JSON_SPACE) else None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise LogError(f"duplicate key {k!r}")
        out[k] = v
    return out


def _no_constants(name: str) -> Any:
    raise LogError(f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constants)


def decode(text: str) -> Any:
    """The line's JSON value (any JSON value: the reader then asks for an object)."""
    try:
        obj = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise LineProblem(f"not JSON: {exc.msg} (column {exc.colno})") from None
    except LogError as exc:
        raise LineProblem(f"not usable JSON: {exc}") from None
    except RecursionError:
        raise LineProblem("not usable JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise LineProblem(f"not usable JSON: {_value_error(exc)}") from None
    if "\\u" in text or (not text.isascii() and lone_surrogate(text) is not None):
        _no_lone_surrogates(obj)  # only then: walk to the string that holds one
    return obj


def _value_error(exc: ValueError) -> str:
    """A ValueError of the JSON decoder in the log's words (not Python's advice).

    >>> _value_error(ValueError("Exceeds the limit (4300 digits) for integer string conversion: "
    ...                         "value has 5000 digits; use sys.set_int_max_str_digits()"))
    'a number of 5000 digits (at most 4300 are read)'
    """
    m = re.search(r"limit \((\d+) digits\).*value has (\d+) digits", str(exc))
    if m:
        return f"a number of {m.group(2)} digits (at most {m.group(1)} are read)"
    return str(exc)[:200]


def _no_lone_surrogates(obj: Any) -> None:
    """A JSON string holding a lone surrogate (``"\\ud800"``: valid JSON, not text; no output
    could write it) makes the line unusable, naming its key path."""
    stack: list[tuple[str, Any]] = [("$", obj)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            bad = lone_surrogate(value)
            if bad is not None:
                raise LineProblem(f"a string holds a lone surrogate ({bad}), not text @ {path}")
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                bad = lone_surrogate(key)
                if bad is not None:
                    raise LineProblem(
                        f"a key holds a lone surrogate ({bad}), not text @ {path} {key!a}"
                    )
                stack.append((f"{path}.{key}", item))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", item) for i, item in reversed(list(enumerate(value))))
