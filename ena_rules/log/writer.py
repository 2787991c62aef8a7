"""Writing an ena-log: one JSON object a line, in the canonical form the reader reads back.

>>> import io
>>> from ena_rules import Play
>>> out = io.StringIO()
>>> w = LogWriter(out, Header(1, "official", ("ana", "bor"), seed=7))
>>> w.write(Play("bor", "r9"))
>>> print(out.getvalue(), end="")
{"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7}
{"type": "play", "player": "bor", "card": "R9"}
"""

from __future__ import annotations

import json
from typing import TextIO

from . import convert as _conv
from .lines import Header, Line

__all__ = ["LogWriter", "dump_header", "dump_line"]


def dump_header(header: Header) -> str:
    """The header as one line of JSON (no newline).

    >>> dump_header(Header(1, "official", ("a", "b"), seed=3))
    '{"ena_log": 1, "variant": "official", "players": ["a", "b"], "seed": 3}'
    """
    return json.dumps(_conv.unstructure_header(header), ensure_ascii=False)


def dump_line(line: Line, time: float | None = None) -> str:
    """A line after the header as one line of JSON (no newline); ``time``: the moment of the
    move, seconds since the game's start (docs/log-format.md, Times).

    >>> from ena_rules import Draw
    >>> dump_line(Draw("ana")), dump_line(Draw("ana"), time=12.5)
    ('{"type": "draw", "player": "ana"}', '{"type": "draw", "player": "ana", "time": 12.5}')
    """
    obj = _conv.unstructure_line(line)
    if time is not None:
        obj["time"] = time
    return json.dumps(obj, ensure_ascii=False)


class LogWriter:
    """Writes a header at once, then one line per :meth:`write`, to a text stream."""

    def __init__(self, stream: TextIO, header: Header) -> None:
        self.stream = stream
        self.header = header
        stream.write(dump_header(header) + "\n")

    def write(self, line: Line, time: float | None = None) -> None:
        """Append one line (an event, a round start or a claim), at ``time`` if given."""
        self.stream.write(dump_line(line, time) + "\n")
