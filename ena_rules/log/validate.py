"""The validator: judge every line of a game log against the rules, as a stream.

``validate(log)`` reads a log (a path, ``-`` for standard input, or an iterable of lines), gives
each event the referee's verdict (accepted, penalised or rejected, with the clause id and the
variant key it applied), checks every claim of the table against the referee's own result, and
says, for each disagreement, what the rules say instead and from which line on the record
follows a wrong state. :class:`Validator` does the same one line at a time: it holds only the
current state, so a log of any size is checked in constant memory (``validate(log,
keep=False)`` keeps only counts and the first :data:`MAX_FINDINGS` findings).

Three parts do the work: :mod:`ena_rules.log.replay` replays the header, events and round lines,
:mod:`ena_rules.log.claims` checks the claims, :mod:`ena_rules.log.report` reports. What a
header may open is :class:`~ena_rules.log.access.VariantAccess` (``folder``, ``allow_paths``,
``resolver``).

Exit codes (:attr:`Report.exit_code`): 0 consistent (penalties included), 1 inconsistent
(rejected events, or claims that disagree), 2 unusable input (see :mod:`ena_rules.log.reader`).

>>> lines = ['{"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7}',
...          '{"type": "pass", "player": "ana"}']
>>> report = validate(lines)
>>> report.exit_code, report.rejected, report.first_wrong
(1, 1, 2)
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

from ..errors import LogError, check_arguments
from ..game.event_fields import wrong_type
from ..game.events import CallUno, Challenge, ChooseColor, Draw, Overtake, Pass, Play, PlayerEvent
from ..game.state import GameState
from ..game.verdict import ACCEPTED, PENALISED, REJECTED, UNDETERMINED
from ..variant import Variant
from .access import Resolver, VariantAccess
from .claims import check_claim
from .convert import unstructure_line
from .lines import (
    TYPE_OF,
    DrawnClaim,
    Header,
    Imposed,
    Line,
    Misdeal,
    PenaltyClaim,
    RoundClaim,
    RoundStart,
    WinnerClaim,
)
from .reader import Entry, LogReader, Problem, open_lines, source_name
from .replay import Replay
from .report import (
    CLAIM,
    EVENT,
    MAX_FINDINGS,
    PROBLEM,
    ROUND,
    LineResult,
    Report,
    describe_record,
    ending,
)
from .table_record import TableReplay

__all__ = [
    "MAX_FINDINGS",
    "LineResult",
    "Report",
    "Validator",
    "describe_line",
    "describe_record",
    "iter_results",
    "log_lines",
    "validate",
    "validator_for",
]

Log = str | os.PathLike[str] | Iterable[str | bytes]

_PLAYER_EVENTS = frozenset((Play, Overtake, Draw, Pass, CallUno, Challenge, ChooseColor))


def describe_line(line: Line) -> str:
    """A short text for a parsed line.

    >>> from ena_rules import Play
    >>> describe_line(Play("ana", "W", color="green"))
    'play ana W green'
    """
    if type(line) not in TYPE_OF:
        raise wrong_type(
            "describe_line(): line", "a log line (an event, a round line, a claim)", line
        )
    return describe_record(TYPE_OF[type(line)], unstructure_line(line))


class Validator:
    """Judges a log one line at a time, holding only the current state.

    ``access`` is what the header may name as its variant (default: names only); ``variant``
    replaces the header's variant (the caller's choice); ``keep=False`` keeps only counts and
    the first :data:`MAX_FINDINGS` findings.

    >>> v = Validator("game")
    >>> results = list(v.run(['{"ena_log": 1, "variant": "official", "players": ["a", "b"],'
    ...                       ' "seed": 3}']))
    >>> results[0].kind, v.state.phase
    ('header', 'play')
    """

    source: str
    override: Variant | str | None
    strict: bool
    access: VariantAccess
    keep: bool

    # The arguments are checked here, not by their annotations: a compiled build (mypyc) would
    # check annotated ones with a plain TypeError before this body runs (they are, in order,
    # str, Variant | str | None, bool, VariantAccess | None and bool).
    def __init__(
        self,
        source: Any = "<log>",
        *,
        variant: Any = None,
        strict: Any = False,
        access: Any = None,
        keep: Any = True,
    ) -> None:
        check_arguments(
            "Validator",
            {
                "source": (source, str),
                "variant": (variant, Variant | str | None),
                "strict": (strict, bool),
                "access": (access, VariantAccess | None),
                "keep": (keep, bool),
            },
        )
        self.source = source
        self.override = variant
        self.strict = strict
        self.access = access if access is not None else VariantAccess()
        self.keep = keep
        self.replay = Replay()
        self.results: list[LineResult] = []
        self.findings: list[LineResult] = []
        self.counts: Counter[str] = Counter()

    @property
    def state(self) -> GameState | None:
        """The game's state after the lines judged so far (``None`` before a usable header)."""
        return self.replay.state

    @property
    def header(self) -> Header | None:
        """The log's header, once read."""
        return self.replay.header

    @property
    def variant(self) -> Variant | None:
        """The variant the log is judged by, once the header is read."""
        return self.replay.variant

    @property
    def first_wrong(self) -> int | None:
        """The first line that left the rules."""
        return self.replay.first_wrong

    def run(self, lines: Iterable[str | bytes]) -> Iterator[LineResult]:
        """Judge every line; yields one result per judged line (problems included)."""
        reader = LogReader(
            lines, source=self.source, strict=self.strict, variant=self.override, access=self.access
        )
        for item in reader:
            result = self.feed(item)
            if result is not None:
                yield result

    def judge(self, lines: Iterable[str | bytes]) -> None:
        """Judge every line, as :meth:`run` does, yielding nothing: with ``keep=False`` an
        event the referee does not reject is counted without a :class:`LineResult` (its
        verdict needs none: it is no finding), the fast path of :func:`validate`."""
        if self.keep:
            for _ in self.run(lines):
                pass
            return
        reader = LogReader(
            lines, source=self.source, strict=self.strict, variant=self.override, access=self.access
        )
        self._judge_lines(reader, lines)
        end = reader.end()
        if end is not None:
            self.feed(end)

    def _judge_lines(self, reader: LogReader, lines: Iterable[str | bytes]) -> None:
        """:meth:`judge`'s loop. A line read before with no time is an event the reader has
        read already (its reading is in ``reader.known``): it is judged from there, with no
        :class:`Entry`. Only the plain replay this validator starts with takes that path (a
        table record's replay, which replaces it at the header, judges each line through
        :meth:`feed`)."""
        counts, replay, known = self.counts, self.replay, reader.known
        accepted = 0  # events accepted on that path, counted at the end
        try:
            for number, raw in enumerate(lines, start=1):
                try:
                    again = known.get(raw)
                except TypeError:  # not a line at all: the reader names it
                    again = None
                if again is not None and again[2] is None and replay.state is not None:
                    x = again[0]
                    if type(x) in _PLAYER_EVENTS:
                        outcome = replay.quick_event(number, x)  # type: ignore[arg-type]
                        if outcome == ACCEPTED:
                            accepted += 1
                        else:
                            self._counted(number, x, outcome, again[1])  # type: ignore[arg-type]
                        continue
                    if type(x) is RoundStart:
                        self._round(number, x, again[1])
                        continue
                item = reader.read(number, raw)
                if item is None:
                    continue
                if type(item) is Entry and replay.state is not None:
                    y = item.item
                    if type(y) in _PLAYER_EVENTS:
                        outcome = replay.quick_event(item.line, y, item.time)  # type: ignore[arg-type]
                        self._counted(item.line, y, outcome, item.record)  # type: ignore[arg-type]
                        continue
                self.feed(item)
        finally:
            counts["events"] += accepted
            counts[ACCEPTED] += accepted

    def _round(self, line: int, r: RoundStart, record: dict[str, Any] | None) -> None:
        """Judge a round line with no time for :meth:`judge`: counted, or recorded if it needs
        a result."""
        outcome = self.replay.quick_round(line, r)
        if outcome is not None:
            counts = self.counts
            counts["events"] += 1
            counts[outcome] += 1
        else:
            self._record(self.replay.round_line(line, r, record))

    def _counted(
        self, line: int, e: PlayerEvent, outcome: str | None, record: dict[str, Any] | None
    ) -> None:
        """Count a player event :meth:`Replay.quick_event` judged, or record its result if it
        needs one (``outcome`` ``None``)."""
        if outcome is not None:
            counts = self.counts
            counts["events"] += 1
            counts[outcome] += 1
        else:
            self._record(self.replay.event_result(line, e, record))

    def feed(self, item: Entry | Problem) -> LineResult | None:
        """Judge one item from a :class:`~ena_rules.log.LogReader`."""
        if isinstance(item, Problem):
            return self._record(LineResult(item.line, PROBLEM, message=item.reason))
        line, record = item.line, item.record
        if isinstance(item.item, Header):
            assert item.variant is not None  # the reader gives a usable header its variant
            if item.item.is_table:  # the deck order is unknown: partial states
                self.replay = TableReplay()
            return self._record(self.replay.start(line, item.item, item.variant, record))
        if self.replay.state is None:
            return None  # no usable header: the line's form was checked, its meaning cannot be
        x = item.item
        if isinstance(x, RoundStart):
            return self._record(self.replay.round_line(line, x, record))
        if isinstance(x, Misdeal | Imposed):
            return self._record(self.replay.arbiter(line, x, record))
        if isinstance(x, RoundClaim | PenaltyClaim | DrawnClaim | WinnerClaim):
            if isinstance(self.replay, TableReplay):
                return self._record(self.replay.claim(line, x, record))
            return self._record(check_claim(self.replay, line, x, record))
        return self._record(self.replay.event(line, x, record))

    def _record(self, r: LineResult) -> LineResult:
        if r.kind == PROBLEM and self.replay.state is not None and self.replay.round_wrong is None:
            r = attrs.evolve(r, since=r.line)  # the game goes on without it: the first finding
        if r.kind == PROBLEM:
            self.counts["problems"] += 1
            if self.strict:  # a problem found while judging (the reader raises its own)
                raise LogError(r.message, source=self.source, line=r.line)
        elif r.kind in (EVENT, ROUND):
            self.counts["events"] += 1
            self.counts[r.outcome] += 1
        elif r.kind == CLAIM:
            self.counts["claims"] += 1
            if r.agrees is False:
                self.counts["disagreements"] += 1
            elif r.outcome == UNDETERMINED:
                self.counts[UNDETERMINED] += 1
        self.replay.mark(r)
        if self.keep:
            self.results.append(r)
        elif (r.wrong or r.kind == PROBLEM) and len(self.findings) < MAX_FINDINGS:
            self.findings.append(r)
        return r

    def report(self) -> Report:
        """The report of everything fed so far."""
        h, s = self.header, self.state
        findings = (
            tuple(r for r in self.results if r.wrong or r.kind == PROBLEM)
            if self.keep
            else tuple(self.findings)
        )
        return Report(
            source=self.source,
            variant=self.variant.name if self.variant else (h.variant if h else ""),
            players=h.players if h else (),
            results=tuple(self.results),
            findings=findings,
            events=self.counts["events"],
            accepted=self.counts[ACCEPTED],
            penalised=self.counts[PENALISED],
            rejected=self.counts[REJECTED],
            claims=self.counts["claims"],
            disagreements=self.counts["disagreements"],
            problems=self.counts["problems"],
            undetermined=self.counts[UNDETERMINED],
            first_wrong=self.first_wrong,
            final=s,
            ending=ending(s),
        )


# The flags and names of the public entry points below are typed Any and checked by
# check_arguments (validator_for), as Validator.__init__ explains: a compiled build would
# otherwise refuse them with a plain TypeError.
def iter_results(
    log: Log,
    *,
    variant: Variant | str | None = None,
    strict: Any = False,
    source: Any = None,
    folder: str | os.PathLike[str] | None = None,
    allow_paths: Iterable[str | os.PathLike[str]] = (),
    resolver: Resolver | None = None,
) -> Iterator[LineResult]:
    """Judge a log line by line (see :func:`validate`); nothing is kept.

    >>> [r.kind for r in iter_results(['{"ena_log": 1, "variant": "official", "players": ["a"]}'])]
    ['problem']
    """
    v = validator_for(
        log,
        variant=variant,
        strict=strict,
        keep=False,
        source=source,
        folder=folder,
        allow_paths=allow_paths,
        resolver=resolver,
    )
    yield from v.run(log_lines(log))


def validate(
    log: Log,
    *,
    variant: Variant | str | None = None,
    strict: Any = False,
    keep: Any = True,
    source: Any = None,
    folder: str | os.PathLike[str] | None = None,
    allow_paths: Iterable[str | os.PathLike[str]] = (),
    resolver: Resolver | None = None,
) -> Report:
    """Judge a whole log: a path (``-`` for standard input) or an iterable of lines.

    ``variant`` re-judges the game under other rules (any name or path: the caller's choice);
    ``strict`` raises :class:`~ena_rules.errors.LogError` at the first unusable line;
    ``keep=False`` keeps only the counts and the first findings (constant memory).

    What the header may open (docs/log-format.md): a variant name, or a ``.toml`` file inside
    ``folder`` (by default the log file's folder; a stream has none) or inside one of
    ``allow_paths``; ``resolver`` (a function from the header's name to a variant) replaces
    that lookup, for logs held in memory. ``source`` names the log in messages.

    >>> report = validate(['{"ena_log": 1, "variant": "official", "players": ["ana", "bor"],'
    ...                    ' "seed": 7}', '{"type": "claim_winner", "player": "ana"}'])
    >>> report.exit_code, report.findings[0].rules
    (1, 'by the rules the game has not ended (the log ends in round 1: ana is due (play).)')
    """
    v = validator_for(
        log,
        variant=variant,
        strict=strict,
        keep=keep,
        source=source,
        folder=folder,
        allow_paths=allow_paths,
        resolver=resolver,
    )
    v.judge(log_lines(log))
    return v.report()


def validator_for(
    log: object,
    *,
    source: Any = None,
    folder: str | os.PathLike[str] | None = None,
    allow_paths: Iterable[str | os.PathLike[str]] = (),
    resolver: Resolver | None = None,
    variant: Variant | str | None = None,
    strict: Any = False,
    keep: Any = True,
) -> Validator:
    """A :class:`Validator` named after ``log``; a log file's folder is where its header's
    ``.toml`` variant may be (a stream has no folder unless ``folder`` is given).

    >>> v = validator_for("games/g1.jsonl")
    >>> v.source, str(v.access.folder)
    ('games/g1.jsonl', 'games')
    >>> validator_for(["{}"], source="upload-17").access.folder is None
    True
    """
    check_arguments(
        "validate",
        {
            "source": (source, str | None),
            "folder": (folder, str | os.PathLike[str] | None),
            "allow_paths": (allow_paths, Iterable[str | os.PathLike[str]]),
            "resolver": (resolver, Callable | None),
            "variant": (variant, Variant | str | None),
            "strict": (strict, bool),
            "keep": (keep, bool),
        },
    )
    if isinstance(allow_paths, Iterator):
        allow_paths = tuple(allow_paths)  # read once: checked, then used
        check_arguments(
            "validate", {"allow_paths": (allow_paths, tuple[str | os.PathLike[str], ...])}
        )
    if folder is None and isinstance(log, str | os.PathLike) and os.fspath(log) != "-":
        folder = Path(os.fspath(log)).parent
    access = VariantAccess(folder, tuple(allow_paths), resolver)
    return Validator(
        source if source is not None else source_name(log),
        variant=variant,
        strict=strict,
        access=access,
        keep=keep,
    )


def log_lines(log: Log) -> Iterable[str | bytes]:
    """The raw lines of a log: a path (``-``: standard input) is opened, lines pass through.

    >>> log_lines(["{}"])
    ['{}']
    """
    if isinstance(log, str | os.PathLike):
        return open_lines(log)
    if isinstance(log, bytes) or not isinstance(log, Iterable):
        raise wrong_type("validate(): log", "a path or an iterable of lines (str or bytes)", log)
    return log
