"""A log's result as one flat row of fixed columns, for loading millions of results into a table.

:class:`SummaryRow` holds what the validator found in one log: its counts, the first line off
the rules, the first unusable line, the final state (rounds finished, phase, winner) and, for an
unusable log, the error. Every row has the same :data:`COLUMNS`, each a string, an integer or
null; ``ena_rules/data/summary-row.schema.json`` (:func:`row_schema`) is their JSON Schema.
:func:`write_jsonl` and :func:`write_csv` write rows as JSON Lines or CSV with a header.

>>> from ena_rules.log.validate import validate
>>> report = validate(['{"ena_log": 1, "variant": "official", "players": ["ana", "bor"],'
...                    ' "seed": 7}', '{"type": "pass", "player": "ana"}'], keep=False)
>>> row = row_from_report(report)
>>> row.exit_code, row.events, row.rejected, row.first_wrong_line, row.winner
(1, 1, 1, 2, None)
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from importlib import resources
from typing import Any, TextIO

import attrs

from ..errors import LogError
from .validate import Report

__all__ = [
    "COLUMNS",
    "RESULTS",
    "SCHEMA_FILE",
    "SummaryRow",
    "csv_fields",
    "json_line",
    "row_from_error",
    "row_from_log_error",
    "row_from_report",
    "row_schema",
    "write_csv",
    "write_jsonl",
]

#: The words of :attr:`SummaryRow.result`, indexed by exit code.
RESULTS = ("consistent", "inconsistent", "unusable")

#: The JSON Schema of a row, in the package's data folder.
SCHEMA_FILE = "summary-row.schema.json"

#: The kind of a validator's line result for a line written wrongly.
PROBLEM = "problem"


@attrs.frozen
class SummaryRow:
    """What the validator found in one log, as fixed flat columns (see docs/batch.md).

    ``exit_code`` is the validator's: 0 consistent (penalties included), 1 inconsistent,
    2 unusable. ``first_wrong_line`` is the first rejected event or disagreeing claim,
    ``first_unusable_line`` the first line written wrongly; ``error`` says why a log is
    unusable (empty otherwise). ``undetermined`` counts the checks a table record leaves open
    (always 0 for logs with a deck or a seed).

    >>> row = row_from_error("lost.jsonl", "cannot read the log: No such file or directory")
    >>> row.exit_code, row.result, row.as_dict()["error"]
    (2, 'unusable', 'cannot read the log: No such file or directory')
    """

    path: str
    exit_code: int
    result: str
    variant: str = ""
    players: int = 0
    events: int = 0
    accepted: int = 0
    penalised: int = 0
    rejected: int = 0
    claims: int = 0
    disagreeing: int = 0
    undetermined: int = 0
    unusable: int = 0
    first_wrong_line: int | None = None
    first_unusable_line: int | None = None
    rounds: int = 0
    phase: str = ""
    winner: str | None = None
    winner_score: int | None = None
    ending: str = ""
    error: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The row as a dict of :data:`COLUMNS`, in order (JSON-ready; ``None`` is null).

        >>> list(row_from_error("x.jsonl", "cannot read").as_dict())[:3]
        ['path', 'exit_code', 'result']
        """
        return attrs.asdict(self, recurse=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SummaryRow:
        """A row back from :meth:`as_dict` (e.g. a JSON Lines file read back).

        >>> row = row_from_error("x.jsonl", "cannot read")
        >>> SummaryRow.from_dict(row.as_dict()) == row
        True
        """
        return cls(**{name: data[name] for name in COLUMNS})


#: The column names of every row, in order.
COLUMNS: tuple[str, ...] = tuple(a.name for a in attrs.fields(SummaryRow))


def row_from_report(report: Report) -> SummaryRow:
    """The summary row of a validator's report.

    An unusable log's ``error`` is its first unusable line's reason (from the report's
    findings: a report made with ``keep=False`` keeps the first
    :data:`~ena_rules.log.validate.MAX_FINDINGS`).
    """
    problem = next((r for r in report.findings if r.kind == PROBLEM), None)
    error = ""
    if problem is not None:
        error = problem.message
    elif report.problems:
        error = f"{report.problems} unusable lines (the first is past the findings kept)"
    s = report.final
    winner = None if s is None or s.winner is None else s.players[s.winner]
    return SummaryRow(
        path=report.source,
        exit_code=report.exit_code,
        result=RESULTS[report.exit_code],
        variant=report.variant,
        players=len(report.players),
        events=report.events,
        accepted=report.accepted,
        penalised=report.penalised,
        rejected=report.rejected,
        claims=report.claims,
        disagreeing=report.disagreements,
        undetermined=report.undetermined,
        unusable=report.problems,
        first_wrong_line=report.first_wrong,
        first_unusable_line=None if problem is None else problem.line,
        rounds=0 if s is None else s.round,
        phase="" if s is None else s.phase,
        winner=winner,
        winner_score=None if s is None or s.winner is None else s.scores[s.winner],
        ending=report.ending,
        error=error,
    )


def row_from_error(path: str, error: str, *, line: int | None = None) -> SummaryRow:
    """The row of a log that could not be judged at all (unreadable, or stopped by ``strict``).

    >>> row_from_error("g.jsonl", "bad JSON", line=3).first_unusable_line
    3
    """
    return SummaryRow(
        path=path,
        exit_code=2,
        result=RESULTS[2],
        unusable=1,
        first_unusable_line=line,
        ending="nothing was judged.",
        error=error,
    )


def row_from_log_error(source: str, exc: LogError) -> SummaryRow:
    """The row of a log stopped by a :class:`~ena_rules.LogError` (unreadable, or ``strict``).

    The error is the reason alone: the row's path and line columns say where.

    >>> row_from_log_error("g.jsonl", LogError("not JSON", source="g.jsonl", line=3)).error
    'not JSON'
    """
    text = str(exc)
    where = f"{exc.source}:{exc.line}: " if exc.line else f"{exc.source}: "
    reason = text[len(where) :] if exc.source and text.startswith(where) else text
    return row_from_error(source, reason, line=exc.line or None)


def row_schema() -> dict[str, Any]:
    """The JSON Schema of a row (``ena_rules/data/summary-row.schema.json``).

    >>> sorted(row_schema()["required"]) == sorted(COLUMNS)
    True
    """
    text = resources.files("ena_rules").joinpath("data", SCHEMA_FILE).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def json_line(row: SummaryRow) -> str:
    """The row as one line of JSON (no newline).

    >>> json_line(row_from_error("x.jsonl", "cannot read"))[:36]
    '{"path": "x.jsonl", "exit_code": 2, '
    """
    return json.dumps(row.as_dict(), ensure_ascii=False)


def csv_fields(row: SummaryRow) -> list[Any]:
    """The row's fields for a CSV line, in :data:`COLUMNS` order (null: an empty field).

    >>> csv_fields(row_from_error("x.jsonl", "cannot read"))[:4]
    ['x.jsonl', 2, 'unusable', '']
    """
    return ["" if v is None else v for v in attrs.astuple(row, recurse=False)]


def write_jsonl(rows: Iterable[SummaryRow], out: TextIO) -> int:
    """Write each row as one JSON object a line; returns how many were written.

    >>> import io
    >>> buf = io.StringIO()
    >>> write_jsonl([row_from_error("x.jsonl", "cannot read")], buf)
    1
    >>> buf.getvalue()[:40]
    '{"path": "x.jsonl", "exit_code": 2, "res'
    """
    count = 0
    for row in rows:
        out.write(json_line(row) + "\n")
        count += 1
    return count


def write_csv(rows: Iterable[SummaryRow], out: TextIO, *, header: bool = True) -> int:
    """Write rows as CSV (a header line of :data:`COLUMNS` first; null is an empty field).

    ``out`` should be opened with ``newline=""``. Returns how many rows were written.

    >>> import io
    >>> buf = io.StringIO()
    >>> write_csv([row_from_error("x.jsonl", "cannot read")], buf)
    1
    >>> buf.getvalue().splitlines()[1]
    'x.jsonl,2,unusable,,0,0,0,0,0,0,0,0,1,,,0,,,,nothing was judged.,cannot read'
    """
    writer = csv.writer(out, lineterminator="\n")
    if header:
        writer.writerow(COLUMNS)
    count = 0
    for row in rows:
        writer.writerow(csv_fields(row))
        count += 1
    return count
