"""``ena-rules validate --jobs N --rows FILE``: the command's logs judged by worker processes.

:func:`run_validate` is the ``validate`` command when it is given ``--jobs`` (other than 1) or
``--rows``. Each worker judges a log with the command's own one-log function (``judge``) and
hands back what it printed and the log's summary row; the output appears log by log in input
order, exactly as one process prints it. ``--rows FILE`` writes the rows too (JSON Lines, or
CSV for a ``.csv`` file or with ``--rows-format csv``); ``--rows -`` prints only the rows.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import sys
from collections.abc import Callable, Iterator
from functools import partial
from typing import TextIO

from .batch import iter_validate_many, ordered_map
from .summary import COLUMNS, SummaryRow, csv_fields, json_line
from .variant import Variant

__all__ = ["ROW_FORMATS", "run_validate"]

#: The formats of ``--rows``.
ROW_FORMATS = ("jsonl", "csv")

#: The command's word for the worst exit code.
WORDS = ("consistent", "INCONSISTENT", "UNUSABLE")

Judge = Callable[[str, "Variant | None", argparse.Namespace], SummaryRow]
Sink = Callable[[SummaryRow], object]


def _judged(
    log: str, judge: Judge, variant: Variant | None, args: argparse.Namespace
) -> tuple[str, SummaryRow]:
    """Judge one log as the command does, in a worker: what it printed, and its row."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        row = judge(log, variant, args)
    return out.getvalue(), row


def _printed(
    logs: list[str], judge: Judge, variant: Variant | None, args: argparse.Namespace
) -> Iterator[SummaryRow]:
    """Each log's output, printed in input order as it comes; yields its row."""
    if args.jobs == 1:  # here, so that a long log's verdicts stream as they are found
        for log in logs:
            yield judge(log, variant, args)
        return
    work = partial(_judged, judge=judge, variant=variant, args=args)
    for text, row in ordered_map(work, logs, jobs=args.jobs):
        sys.stdout.write(text)
        sys.stdout.flush()
        yield row


def _rows_stream(args: argparse.Namespace) -> contextlib.AbstractContextManager[TextIO | None]:
    """Where the rows go: nowhere, standard output, or the file ``args.rows`` (opened now)."""
    if args.rows is None:
        return contextlib.nullcontext(None)
    if args.rows == "-":
        return contextlib.nullcontext(sys.stdout)
    return open(args.rows, "w", encoding="utf-8", newline="")


def _sink(out: TextIO | None, args: argparse.Namespace) -> Sink:
    """Writes one row as JSON Lines or CSV (a header first), by --rows-format or the suffix."""
    if out is None:
        return lambda row: None
    fmt = args.rows_format or ("csv" if str(args.rows).lower().endswith(".csv") else "jsonl")
    if fmt == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        return lambda row: writer.writerow(csv_fields(row))
    return lambda row: out.write(json_line(row) + "\n")


def run_validate(
    args: argparse.Namespace,
    variant: Variant | None,
    judge: Judge,
    progress: Callable[[int, str], object] | None = None,
) -> int:
    """Run ``validate`` over ``args.logs`` with ``args.jobs`` processes; the worst exit code.

    ``judge(log, variant, args)`` judges and prints one log and returns its row (the command's
    own function, importable by the workers); ``progress(done, name)`` follows each log.
    """
    logs: list[str] = args.logs
    to_stdout = args.rows == "-"
    try:
        stream = _rows_stream(args)
    except OSError as exc:
        print(f"--rows {args.rows}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if to_stdout:
        rows = iter_validate_many(logs, jobs=args.jobs, variant=variant, strict=args.strict)
    else:
        rows = _printed(logs, judge, variant, args)
    worst = 0
    with stream as out:
        sink = _sink(out, args)
        for done, row in enumerate(rows, start=1):
            worst = max(worst, row.exit_code)
            sink(row)
            if progress is not None:
                progress(done, row.path)
    if len(logs) > 1 and not args.json and not to_stdout:
        print(f"{len(logs)} logs: {WORDS[worst]} (exit {worst})")
    return worst
