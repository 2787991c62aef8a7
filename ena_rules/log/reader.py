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
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import IO, Any

import attrs

from ..cards import COLORS, Card
from ..errors import EnaRulesError, LogError, LogReadError, capped_echoes
from ..game.event_fields import wrong_type
from ..game.events import CallUno, Overtake, Play
from ..game.names import lone_surrogate
from ..rules.referee import canonical_deck
from ..variant import Variant
from ..variant.io import load_variant
from . import convert as _conv
from .access import VariantAccess
from .line_time import TIME_KEY, check_order, line_time, no_header_time
from .lines import (
    FORMAT_VERSION,
    TYPE_OF,
    DrawnClaim,
    Header,
    Imposed,
    Line,
    PenaltyClaim,
    RoundClaim,
    RoundStart,
)
from .table_form import seen_fields, table_header_form

__all__ = [
    "MAX_LINE",
    "Entry",
    "LogReader",
    "Problem",
    "check_log_path",
    "open_lines",
    "source_name",
]

#: The longest line read (bytes); a longer line is a problem and is skipped.
MAX_LINE = 1 << 20


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


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise LogError(f"duplicate key {k!r}")
        out[k] = v
    return out


def _no_constants(name: str) -> Any:
    raise LogError(f"{name} is not a JSON number")


#: The only characters JSON counts as white space: a line of nothing else is blank.
#: The longest player name a log may give (every verdict names the players).
MAX_NAME = 100


def _check_names(players: tuple[str, ...]) -> None:
    """No name too long to echo (:data:`MAX_NAME`), none twice."""
    long = [p for p in players if len(p) > MAX_NAME]
    if long:
        raise _LineProblem(
            f"a player's name of {len(long[0])} characters ({long[0][:20]!r}...): "
            f"at most {MAX_NAME} @ $.players"
        )
    if len(set(players)) != len(players):
        raise _LineProblem(f"players repeat a name: {list(players)!r}")


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


_JSON_SPACE = " \t\r\n"

_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constants)


def _no_lone_surrogates(obj: Any) -> None:
    """A JSON string holding a lone surrogate (``"\\ud800"``: valid JSON, not text; no output
    could write it) makes the line unusable, naming its key path."""
    stack: list[tuple[str, Any]] = [("$", obj)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            bad = lone_surrogate(value)
            if bad is not None:
                raise _LineProblem(f"a string holds a lone surrogate ({bad}), not text @ {path}")
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                bad = lone_surrogate(key)
                if bad is not None:
                    raise _LineProblem(
                        f"a key holds a lone surrogate ({bad}), not text @ {path} {key!a}"
                    )
                stack.append((f"{path}.{key}", item))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", item) for i, item in reversed(list(enumerate(value))))


class _LineProblem(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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
        self._deck: Counter[Card] | None = None
        # A line's reading (the parsed line and its JSON object) depends only on its text and
        # the header: a text seen before is read again from here, not decoded and checked
        # again (a game's lines repeat: ~99 % of a long log). Only lines that passed are kept.
        self._seen: dict[str, tuple[Line, Any]] = {}
        self._last_time: tuple[float, int] | None = None  # the last usable line's time, line

    def __iter__(self) -> Iterator[Entry | Problem]:
        seen_header = False
        for number, raw in enumerate(self.lines, start=1):
            first = not seen_header
            try:
                text = self._text(raw, first=first)
                if text is None:
                    continue
                seen_header = True  # the first line that is not blank is the header, or fails
                again = None if first else self._seen.get(text)
                if again is not None:
                    time = self._timed(again[1], number)
                    yield Entry(self.source, number, again[0], again[1], None, time)
                    continue
                obj = self._decode(text)
                time = None
                if first:
                    item: Header | Line = self._header(obj)
                else:
                    item = self._line(obj)
                    time = self._timed(obj, number)
                    self._remember(text, item, obj)
            except _LineProblem as p:
                seen_header = True  # the header's line, unusable: the log is not empty
                yield self._problem(number, p.reason)
                continue
            yield Entry(self.source, number, item, obj, self.variant if first else None, time)
        if not seen_header:
            yield self._problem(1, "no header: the log is empty")

    def _timed(self, obj: Any, number: int) -> float | None:
        """The line's time (read by :meth:`_line`), not earlier than the last one's."""
        time = line_time(obj)
        if time is not None:
            try:
                check_order(time, self._last_time)
            except _conv.FormatError as exc:
                raise _LineProblem(str(exc)) from None
            self._last_time = (time, number)
        return time

    def _remember(self, text: str, item: Line, obj: Any) -> None:
        if self.header is None:
            return  # no usable header yet: the reading is not final
        if len(self._seen) >= _SEEN_MAX:
            self._seen.clear()
        self._seen[text] = (item, obj)

    def _problem(self, line: int, reason: str) -> Problem:
        reason = capped_echoes(reason)
        self.problems += 1
        if self.strict:
            raise LogError(reason, source=self.source, line=line)
        return Problem(self.source, line, reason)

    # -- text and JSON ---------------------------------------------------------------------------

    @staticmethod
    def _text(raw: str | bytes, *, first: bool) -> str | None:
        """The line's text, or ``None`` for a blank line (JSON whitespace only)."""
        if isinstance(raw, bytes):
            if len(raw) > MAX_LINE:
                raise _LineProblem(f"line longer than {MAX_LINE} bytes")
            try:
                text = raw.decode("utf-8-sig" if first else "utf-8")
            except UnicodeDecodeError as exc:
                raise _LineProblem(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        elif isinstance(raw, str):
            text = raw.removeprefix("\ufeff") if first else raw
        else:
            raise wrong_type("a log line", "str or bytes", raw)
        return text if text.strip(_JSON_SPACE) else None

    @staticmethod
    def _decode(text: str) -> Any:
        try:
            obj = _DECODER.decode(text)
        except json.JSONDecodeError as exc:
            raise _LineProblem(f"not JSON: {exc.msg} (column {exc.colno})") from None
        except LogError as exc:
            raise _LineProblem(f"not usable JSON: {exc}") from None
        except RecursionError:
            raise _LineProblem("not usable JSON: nested too deeply") from None
        except ValueError as exc:  # e.g. an integer of more digits than Python converts
            raise _LineProblem(f"not usable JSON: {_value_error(exc)}") from None
        if "\\u" in text or (not text.isascii() and lone_surrogate(text) is not None):
            _no_lone_surrogates(obj)  # only then: walk to the string that holds one
        return obj

    # -- the header ------------------------------------------------------------------------------

    def _header(self, obj: Any) -> Header:
        table = isinstance(obj, dict) and obj.get("deck") == "unknown"
        self._declare_colors(obj)
        try:
            no_header_time(obj)
            h = _conv.structure_header(
                {k: v for k, v in obj.items() if k != "deck"} if table else obj
            )
            table_header_form(h, table)
        except _conv.FormatError as exc:
            raise _LineProblem(str(exc)) from None
        if h.ena_log != FORMAT_VERSION:
            raise _LineProblem(
                f"unsupported ena_log version {h.ena_log} (this reader knows {FORMAT_VERSION})"
            )
        _check_names(h.players)
        v = self._load_variant(h.variant)
        if not v.players.min <= len(h.players) <= v.players.max:
            raise _LineProblem(
                f"{len(h.players)} players: variant {v.name!r} allows {v.players.min} to "
                f"{v.players.max} (SETUP-PLAYERS)"
            )
        if h.dealer is not None and h.dealer not in h.players:
            raise _LineProblem(self._not_player(h.dealer, h.players, "dealer"))
        if h.is_table:
            pass  # its form was checked by table_header_form
        elif h.seed is not None:
            extra = [k for k in ("deck", "deck_seed") if getattr(h, k) is not None]
            if extra:
                raise _LineProblem(
                    f"a seeded header carries no {' or '.join(extra)}: give either 'seed' or "
                    "'dealer' and 'deck'"
                )
        else:
            missing = [k for k in ("dealer", "deck") if getattr(h, k) is None]
            if missing:
                raise _LineProblem(
                    f"no {' and no '.join(repr(k) for k in missing)}: a header gives either "
                    "'seed', or 'dealer' and 'deck' (round 1's whole deck, top first)"
                )
        self.variant = v
        self._deck = Counter(canonical_deck(v))
        if h.deck is not None:
            self._check_deck(h.deck, "$.deck")
        for i, c in enumerate(h.turned or ()):
            self._in_deck(c, f"$.turned[{i}]")
        self.header = h
        return h

    def _declare_colors(self, obj: Any) -> None:
        """The colours a deck declares (a two-sided deck's dark colours, ...) are known before
        the header's deck is read; an unusable variant is reported later, in its place."""
        if isinstance(obj, dict) and isinstance(obj.get("variant"), str) and "deck" in obj:
            with contextlib.suppress(_LineProblem):
                self._load_variant(obj["variant"])

    def _load_variant(self, name: str) -> Variant:
        want = self.override if self.override is not None else name
        if isinstance(want, Variant):
            return want
        try:
            return load_variant(want) if self.override is not None else self.access.load(name)
        except EnaRulesError as exc:
            raise _LineProblem(f"unknown or unusable variant {want!r}: {exc}") from None

    def _check_deck(self, deck: tuple[Card, ...], path: str) -> None:
        assert self._deck is not None and self.variant is not None
        got = Counter(deck)
        if got == self._deck:
            return
        missing = self._deck - got
        extra = got - self._deck
        raise _LineProblem(
            f"the deck does not fit variant {self.variant.name!r} "
            f"({len(deck)} cards; missing: {', '.join(map(str, missing.elements())) or '-'}; "
            f"extra: {', '.join(map(str, extra.elements())) or '-'}): a deck lists the whole "
            f"{sum(self._deck.values())}-card deck, top first @ {path}"
        )

    # -- lines after the header ------------------------------------------------------------------

    def _in_deck(self, card: Card, path: str) -> None:
        assert self._deck is not None and self.variant is not None
        if card not in self._deck and not self.variant.has_face(card):  # FLIP2-SIDE: a face
            raise _LineProblem(
                f"{str(card)!r}: no such card in the {self.variant.name} deck @ {path}"
            )

    def _line(self, obj: Any) -> Line:
        try:
            extras = seen_fields(obj)  # what a table saw: a draw's cards, a shown hand, hands
            line_time(obj)  # the moment of the move (HR-TIME-LIMIT), its order checked later
            if isinstance(obj, dict) and (extras or TIME_KEY in obj):
                obj = {k: v for k, v in obj.items() if k not in extras and k != TIME_KEY}
            line = _conv.structure_line(obj)
        except _conv.FormatError as exc:
            raise _LineProblem(self._deck_words(str(exc))) from None
        h = self.header
        if h is not None and extras:
            self._check_seen(extras, h)
        if h is None:  # no usable header: only the line's own form can be checked
            return line
        for path, name in _names(line):
            if name not in h.players:
                raise _LineProblem(f"{self._not_player(name, h.players)} @ {path}")
        for path, card in _cards(line):
            assert self._deck is not None and self.variant is not None
            if card not in self._deck and not self.variant.has_face(card):  # FLIP2-SIDE
                raise _LineProblem(
                    f"{str(card)!r}: no such card in the {self.variant.name} deck @ {path}"
                )
        if isinstance(line, RoundStart):
            self._check_round(line, h)
        elif not (isinstance(line, RoundClaim) and "hands" in extras and line.round >= 1):
            _check_claim_form(line)  # a claim_round of the hands alone claims them
        return line

    def _deck_words(self, message: str) -> str:
        """A card code that does not parse, in a game whose deck is not UNO's: say what this
        deck allows (DECK-DECLARE), not the UNO notation's default words."""
        v = self.variant
        head, sep, rest = message.partition("; expected ")
        if v is None or not sep or "not a card code" not in head or v.deck.colors == COLORS:
            return message
        where = rest.rpartition(" @ ")[2] if " @ " in rest else ""
        return f"{head}; expected {v.describe_cards()}" + (f" @ {where}" if where else "")

    def _check_round(self, line: RoundStart, h: Header) -> None:
        if h.is_table:
            if line.deck is not None or line.seed is not None or not line.turned:
                raise _LineProblem(
                    "in a table record a round line carries 'turned' (the cards turned up at "
                    "its deal, in order) and no deck or seed @ $.turned"
                )
            for i, c in enumerate(line.turned):
                self._in_deck(c, f"$.turned[{i}]")
            return
        if line.turned is not None:
            raise _LineProblem(
                '\'turned\' belongs to a table record\'s round line (header "deck": "unknown")'
            )
        if h.seed is not None:
            if line.deck is not None or line.seed is not None:
                raise _LineProblem(
                    "with a seeded header a round line carries nothing (the seed fixes its deck)"
                )
            return
        if line.deck is None:
            raise _LineProblem("a round line carries its deck (the header has no seed) @ $.deck")
        self._check_deck(line.deck, "$.deck")

    def _check_seen(self, extras: dict[str, Any], h: Header) -> None:
        """The cards a table saw are cards of the deck; ``hands`` names players."""
        for key, value in extras.items():
            if key == "hands":
                for name, cards in value.items():
                    if name not in h.players:
                        raise _LineProblem(f"{self._not_player(name, h.players)} @ $.hands")
                    for i, c in enumerate(cards):
                        self._in_deck(c, f"$.hands[{name!r}][{i}]")
            else:
                for i, c in enumerate(value):
                    self._in_deck(c, f"$.{key}[{i}]")

    @staticmethod
    def _not_player(name: str, players: tuple[str, ...], what: str = "") -> str:
        role = f" ({what})" if what else ""
        return f"{name!r}{role} is not a player of this log ({', '.join(players)})"


def _check_claim_form(line: Line) -> None:
    """A claim must claim something, with counts that can be; an arbiter's line names an
    offence the rules price."""
    if isinstance(line, Imposed):
        from ..rules.arbiter import OFFENCES

        if line.offence not in OFFENCES:
            raise _LineProblem(
                f"{line.offence!r}: no such offence; expected one of {', '.join(OFFENCES)} "
                "@ $.offence"
            )
    if isinstance(line, RoundClaim):
        if line.round < 1:
            raise _LineProblem(f"{line.round}: rounds count from 1 @ $.round")
        if line.winner is None and line.points is None and line.totals is None:
            raise _LineProblem("a claim_round claims nothing: give winner, points or totals")
    elif isinstance(line, DrawnClaim):
        if line.count is None and line.cards is None:
            raise _LineProblem("a claim_drawn claims nothing: give count or cards")
        if line.count is not None and line.count < 0:
            raise _LineProblem(f"{line.count}: a count is not negative @ $.count")
        if line.cards is not None and line.count not in (None, len(line.cards)):
            raise _LineProblem(f"count {line.count} but {len(line.cards)} cards listed")
    elif isinstance(line, PenaltyClaim) and line.cards < 1:
        raise _LineProblem(f"{line.cards}: a penalty is at least one card @ $.cards")


def _names(line: Line) -> Iterator[tuple[str, str]]:
    player = getattr(line, "player", None)
    if player is not None:
        yield "$.player", player
    if isinstance(line, Play | Overtake | CallUno) and line.target is not None:
        yield "$.target", line.target
    if isinstance(line, RoundClaim):
        if line.winner is not None:
            yield "$.winner", line.winner
        for field in ("points", "totals"):
            for name in getattr(line, field) or {}:
                yield f"$.{field}[{name!r}]", name


def _cards(line: Line) -> Iterator[tuple[str, Card]]:
    card = getattr(line, "card", None)
    if isinstance(card, Card):
        yield "$.card", card
    for i, c in enumerate(getattr(line, "more", ())):  # HR-MULTI-PLAY
        yield f"$.more[{i}]", c
    if isinstance(line, DrawnClaim | RoundStart):
        for i, c in enumerate(getattr(line, "cards", None) or getattr(line, "deck", None) or ()):
            yield f"$.{'cards' if isinstance(line, DrawnClaim) else 'deck'}[{i}]", c
