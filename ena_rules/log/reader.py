"""Reading an ena-log as a stream: one parsed line at a time, problems reported with their line.

A :class:`LogReader` yields an :class:`Entry` for every usable line and, in the forgiving mode
(the default), a :class:`Problem` for every line that is a record written wrongly (not JSON, an
unknown type, a missing or extra key, a bad card code, a name that is not a player, a header that
does not fit its deck ...), then goes on with the next line. In strict mode the first problem
raises :class:`~ena_rules.errors.LogError`. Only the current line is held in memory.

>>> lines = ['{"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7}',
...          '{"type": "play", "player": "ana", "card": "R9"}',
...          '{"type": "play", "player": "eve", "card": "R9"}']
>>> for item in LogReader(lines, source="game.jsonl"):
...     print(item)
game.jsonl:1: header (official, ana, bor)
game.jsonl:2: play
game.jsonl:3: 'eve' is not a player of this log (ana, bor) @ $.player
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

import attrs

from ..errors import EnaRulesError, LogError, LogReadError, capped_echoes
from ..game.event_fields import wrong_type
from ..variant import Variant
from ..variant.io import load_variant
from . import convert as _conv
from .access import VariantAccess
from .header_checks import header_fits, header_form
from .line_checks import LogDeck, read_line
from .line_json import MAX_LINE, LineProblem, decode, line_text
from .line_time import check_order, line_time
from .lines import TYPE_OF, Header, Line

__all__ = [
    "MAX_LINE",
    "Entry",
    "LogReader",
    "Problem",
    "check_log_path",
    "open_lines",
    "source_name",
]


@attrs.frozen
class Problem:
    """A line that is a record written wrongly: the input is unusable there (exit 2)."""

    source: str
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.reason}"


_SEEN_MAX = 4096
"""How many distinct line texts a reader remembers (emptied when full)."""

#: What a line read before reads as: the line, its JSON object, its time.
Reading = tuple[Line, Any, float | None]


@attrs.frozen
class Entry:
    """One usable line: the header or a line after it, with its 1-based line number.

    ``record`` is the line's JSON object as read; the header's entry also carries the
    ``variant`` its game is judged by; ``time`` is the line's ``"time"`` (seconds since the
    game's start, HR-TIME-LIMIT), ``None`` when it has none.
    """

    source: str
    line: int
    item: Header | Line
    record: dict[str, Any] | None = attrs.field(default=None, eq=False, repr=False)
    variant: Variant | None = attrs.field(default=None, eq=False, repr=False)
    time: float | None = None

    def __str__(self) -> str:
        if isinstance(self.item, Header):
            kind = f"header ({self.item.variant}, {', '.join(self.item.players)})"
        else:
            kind = TYPE_OF[type(self.item)]
        return f"{self.source}:{self.line}: {kind}"


def source_name(log: object) -> str:
    """How a log is named in messages: its path, ``<stdin>`` for ``-``, else ``<log>``.

    >>> source_name("-"), source_name(["{}"])
    ('<stdin>', '<log>')
    """
    if isinstance(log, str | os.PathLike):
        return "<stdin>" if str(log) == "-" else str(log)
    return str(getattr(log, "name", "<log>"))


def open_lines(log: str | os.PathLike[str]) -> Iterator[bytes]:
    """The raw lines of a log file (``-``: standard input), each at most :data:`MAX_LINE` long.

    A longer line is cut there and the rest of it skipped; the reader reports it. A file that
    cannot be opened or read is a :class:`~ena_rules.LogError` naming the path.

    >>> list(open_lines("no/such/log.jsonl"))
    Traceback (most recent call last):
    ...
    ena_rules.errors.LogReadError: no/such/log.jsonl: cannot read the log: No such file or directory

    Only a path is opened: an ``int`` (a file descriptor: ``1`` is the caller's standard
    output, which would be closed) or any other value is an
    :class:`~ena_rules.errors.ArgumentTypeError`, raised here, before anything is opened.
    """
    check_log_path("open_lines(): log", log)
    return _open_lines(log)


def check_log_path(what: str, log: object) -> None:
    """``log`` is a path (``str`` or ``os.PathLike``, ``-`` for standard input), not a file
    descriptor nor anything else open() would take (an :class:`ArgumentTypeError` if not)."""
    if not isinstance(log, str | os.PathLike) or not isinstance(os.fspath(log), str):
        raise wrong_type(what, "a log's path (str or os.PathLike; '-': standard input)", log)


def _open_lines(log: str | os.PathLike[str]) -> Iterator[bytes]:
    if str(log) == "-":
        yield from _limited(sys.stdin.buffer)
        return
    try:
        with open(log, "rb") as f:
            yield from _limited(f)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        reason = getattr(exc, "strerror", None) or str(exc)
        raise LogReadError(
            f"cannot read the log: {reason}", source=_shown(log), strerror=reason
        ) from None


def _shown(log: str | os.PathLike[str]) -> str:
    text = str(log)
    return text if len(text) <= 200 and "\0" not in text else ascii(text[:200])


def _limited(f: IO[bytes]) -> Iterator[bytes]:
    while True:
        chunk = f.readline(MAX_LINE + 1)
        if not chunk:
            return
        if len(chunk) > MAX_LINE and not chunk.endswith(b"\n"):
            while True:  # skip the rest of an over-long line, in bounded pieces
                rest = f.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
        yield chunk


class LogReader:
    """Iterate a log: :class:`Entry` per usable line, :class:`Problem` per unusable one.

    ``lines`` are the raw lines (``str`` or ``bytes``; :func:`open_lines` reads a file);
    ``variant`` (a :class:`~ena_rules.Variant`, a name or a path: the caller's own choice, so
    any path) replaces the header's variant; ``access`` is what the header itself may name
    (:class:`~ena_rules.log.access.VariantAccess`: by default names only, as for a stream).
    After the header line, :attr:`header` and :attr:`variant` are set (``None`` if unusable).
    """

    def __init__(
        self,
        lines: Iterable[str | bytes],
        *,
        source: str = "<log>",
        strict: bool = False,
        variant: Variant | str | None = None,
        access: VariantAccess | None = None,
    ) -> None:
        self.lines = lines
        self.source = source
        self.strict = strict
        self.override = variant
        self.access = access if access is not None else VariantAccess()
        self.header: Header | None = None
        self.variant: Variant | None = None
        self.problems = 0
        self._deck: LogDeck | None = None
        self._started = False  # a line that is not blank was read: the header, or its problem
        # A line's reading (the parsed line, its JSON object and its time) depends only on its
        # raw text and the header: a line read before is read again from here, not decoded and
        # checked again (a game's lines repeat: ~99 % of a long log). Only lines that passed
        # are kept, once the header is usable.
        self.known: dict[str | bytes, Reading] = {}
        self._last_time: tuple[float, int] | None = None  # the last usable line's time, line

    def __iter__(self) -> Iterator[Entry | Problem]:
        for number, raw in enumerate(self.lines, start=1):
            item = self.read(number, raw)
            if item is not None:
                yield item
        end = self.end()
        if end is not None:
            yield end

    def read(self, number: int, raw: str | bytes) -> Entry | Problem | None:
        """The reading of one raw line, line ``number`` of the log (``None``: a blank line).

        Lines are read in order: :meth:`__iter__` is this over :attr:`lines`, then
        :meth:`end`. A caller that reads its lines itself may first look a line up in
        :attr:`known`: a line found there with no time reads as its :class:`Entry` would.
        """
        first = not self._started
        try:
            if not first:
                try:
                    again = self.known.get(raw)
                except TypeError:  # not a line at all: line_text names it
                    again = None
                if again is not None:
                    time = self._timed(again[2], number)
                    return Entry(self.source, number, again[0], again[1], None, time)
            text = line_text(raw, first=first)
            if text is None:
                return None
            self._started = True  # the first line that is not blank is the header, or fails
            obj = decode(text)
            time = None
            if first:
                item: Header | Line = self._header(obj)
            else:
                item = read_line(obj, self.header, self._deck, self.variant)
                time = self._timed(line_time(obj), number)
                self._remember(raw, item, obj, time)
        except LineProblem as p:
            self._started = True  # the header's line, unusable: the log is not empty
            return self._problem(number, p.reason)
        return Entry(self.source, number, item, obj, self.variant if first else None, time)

    def end(self) -> Problem | None:
        """After the last line: the problem of a log with no line but blank ones."""
        return None if self._started else self._problem(1, "no header: the log is empty")

    def _timed(self, time: float | None, number: int) -> float | None:
        """The line's time (read by :func:`read_line`), not earlier than the last one's."""
        if time is not None:
            try:
                check_order(time, self._last_time)
            except _conv.FormatError as exc:
                raise LineProblem(str(exc)) from None
            self._last_time = (time, number)
        return time

    def _remember(self, raw: str | bytes, item: Line, obj: Any, time: float | None) -> None:
        if self.header is None:
            return  # no usable header yet: the reading is not final
        if len(self.known) >= _SEEN_MAX:
            self.known.clear()
        self.known[raw] = (item, obj, time)

    def _problem(self, line: int, reason: str) -> Problem:
        reason = capped_echoes(reason)
        self.problems += 1
        if self.strict:
            raise LogError(reason, source=self.source, line=line)
        return Problem(self.source, line, reason)

    # -- the header --------------------------------------------------------------------------

    def _header(self, obj: Any) -> Header:
        self._declare_colors(obj)
        h = header_form(obj)
        v = self._load_variant(h.variant)
        header_fits(h, v)
        self.variant = v
        self._deck = deck = LogDeck(v)
        if h.deck is not None:
            deck.check_deck(h.deck, "$.deck")
        for i, c in enumerate(h.turned or ()):
            deck.in_deck(c, f"$.turned[{i}]")
        self.header = h
        return h

    def _declare_colors(self, obj: Any) -> None:
        """The colours a deck declares (a two-sided deck's dark colours, ...) are known before
        the header's deck is read; an unusable variant is reported later, in its place."""
        if isinstance(obj, dict) and isinstance(obj.get("variant"), str) and "deck" in obj:
            with contextlib.suppress(LineProblem):
                self._load_variant(obj["variant"])

    def _load_variant(self, name: str) -> Variant:
        want = self.override if self.override is not None else name
        if isinstance(want, Variant):
            return want
        try:
            return load_variant(want) if self.override is not None else self.access.load(name)
        except EnaRulesError as exc:
            raise LineProblem(f"unknown or unusable variant {want!r}: {exc}") from None
