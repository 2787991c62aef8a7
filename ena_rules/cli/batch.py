"""``ena-rules validate --jobs N --rows FILE``: the command's logs judged by worker processes.

:func:`add_arguments` adds the options to ``validate``; :func:`run_validate` is the command
when it is given ``--jobs`` (other than 1) or ``--rows``. Each worker judges a log with the
command's own one-log function (``judge``) and hands back what it printed (standard output and
standard error) and the log's summary row; the output appears log by log in input order,
exactly as one process prints it. ``--rows FILE`` writes the rows too (JSON Lines, or
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
from typing import Protocol, TextIO

from ..log.batch import iter_validate_many, ordered_map
from ..log.summary import COLUMNS, SummaryRow, csv_fields, json_line
from ..variant import Variant

__all__ = ["ROW_FORMATS", "add_arguments", "jobs_arg", "run_validate"]

#: The formats of ``--rows``.
ROW_FORMATS = ("jsonl", "csv")

#: The command's word for the worst exit code.
WORDS = ("consistent", "INCONSISTENT", "UNUSABLE")

Judge = Callable[[str, "Variant | None", argparse.Namespace], SummaryRow]
Sink = Callable[[SummaryRow], object]


class Bar(Protocol):
    """A progress bar (``ena_rules.cli._common.Progress``): erased before any output."""

    def show(self, done: int, name: str) -> None: ...  # pragma: no cover - a protocol

    def clear(self) -> None: ...  # pragma: no cover - a protocol


def jobs_arg(text: str) -> int:
    """``--jobs``: a whole number of processes, 0 for one per CPU."""
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text}: expected a number of processes (0: every CPU)")
    return int(text)


def add_arguments(v: argparse.ArgumentParser) -> None:
    """Add ``--jobs``, ``--rows`` and ``--rows-format`` to the ``validate`` parser."""
    v.add_argument(
        "--jobs",
        type=jobs_arg,
        default=1,
        metavar="N",
        help="judge the logs in N processes (0: one per CPU); the output stays in order",
    )
    v.add_argument(
        "--rows",
        metavar="FILE",
        help="write one summary row per log to FILE (JSON Lines; CSV for .csv; - prints only rows)",
    )
    v.add_argument("--rows-format", choices=ROW_FORMATS, help="the format of --rows")


def _judged(
    log: str, judge: Judge, variant: Variant | None, args: argparse.Namespace
) -> tuple[str, str, SummaryRow]:
    """Judge one log as the command does, in a worker: what it printed, and its row."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        row = judge(log, variant, args)
    return out.getvalue(), err.getvalue(), row


def _printed(
    logs: list[str],
    judge: Judge,
    variant: Variant | None,
    args: argparse.Namespace,
    bar: Bar | None,
) -> Iterator[SummaryRow]:
    """Each log's output, printed in input order as it comes; yields its row."""
    if args.jobs == 1:  # here, so that a long log's verdicts stream as they are found
        for log in logs:
            if bar is not None:
                bar.clear()
            yield judge(log, variant, args)
        return
    work = partial(_judged, judge=judge, variant=variant, args=args)
    for text, diagnostics, row in ordered_map(work, logs, jobs=args.jobs):
        if bar is not None:
            bar.clear()
        sys.stdout.write(text)
        sys.stdout.flush()
        sys.stderr.write(diagnostics)
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
    args: argparse.Namespace, variant: Variant | None, judge: Judge, bar: Bar | None = None
) -> int:
    """Run ``validate`` over ``args.logs`` with ``args.jobs`` processes; the worst exit code.

    ``judge(log, variant, args)`` judges and prints one log and returns its row (the command's
    own function, importable by the workers); ``bar`` shows the progress after each log.
    """
    logs: list[str] = args.logs
    to_stdout = args.rows == "-"
    try:
        stream = _rows_stream(args)
    except OSError as exc:
        print(f"--rows {args.rows}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if to_stdout:
        rows = iter_validate_many(
            logs,
            jobs=args.jobs,
            variant=variant,
            strict=args.strict,
            allow_paths=args.allow_variant_path or (),
        )
    else:
        rows = _printed(logs, judge, variant, args, bar)
    worst = 0
    with stream as out:
        sink = _sink(out, args)
        for done, row in enumerate(rows, start=1):
            worst = max(worst, row.exit_code)
            sink(row)
            if bar is not None:
                bar.show(done, row.path)
    if bar is not None:
        bar.clear()
    if len(logs) > 1 and not args.json and not to_stdout:
        print(f"{len(logs)} logs: {WORDS[worst]} (exit {worst})")
    return worst
