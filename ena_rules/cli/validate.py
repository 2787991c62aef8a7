"""``ena-rules validate LOG...``: judge game logs against the rules.

Exit 0 when every log is consistent with the rules (penalties included), 1 when any is not (a
rejected event, a claim that disagrees), 2 when any input is unusable. The verdicts are the
results (standard output); a file that cannot be read is a diagnostic (standard error, or a
record of kind ``error`` with ``--json``). ``--json`` prints JSON Lines whose records the
schema ``ena_rules/data/validate-output.schema.json`` describes (docs/cli.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import LogError
from ..log.summary import SummaryRow, row_from_error, row_from_log_error, row_from_report
from ..log.validate import LineResult, log_lines, validator_for
from ..variant import Variant
from ._common import YES, Progress, allow_option, error, variant_arg
from .batch import add_arguments as add_batch_arguments

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Add ``validate`` to the subcommands."""
    v = sub.add_parser(
        "validate",
        help="judge game logs: exit 0 consistent, 1 inconsistent, 2 unusable",
        description="Judge every line of each log against the rules. Exit 0 when every log is "
        "consistent (penalties included), 1 when any is not, 2 when any input is unusable.",
    )
    v.add_argument("logs", nargs="+", metavar="LOG", help="a log file, or - for standard input")
    v.add_argument(
        "--json", action="store_true", help="JSON Lines: every line's result and a summary"
    )
    v.add_argument("--variant", help="judge by this variant (name or TOML file) instead")
    v.add_argument(
        "--all", action="store_true", help="print every event's verdict, not only notable ones"
    )
    v.add_argument("--quiet", action="store_true", help="print only each log's summary")
    v.add_argument("--strict", action="store_true", help="stop a log at its first unusable line")
    v.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on standard error (default: with several logs on a terminal)",
    )
    allow_option(v)
    add_batch_arguments(v)  # --jobs N, --rows FILE (docs/batch.md)
    v.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Validate each log; the exit code is the worst of theirs."""
    variant = variant_arg(args.variant) if args.variant is not None else None
    if isinstance(variant, int):
        return variant
    logs: list[str] = args.logs
    show_progress = args.progress
    if show_progress is None:
        show_progress = len(logs) > 1 and sys.stderr.isatty()
    bar = Progress(sys.stderr, len(logs)) if show_progress else None
    if args.jobs != 1 or args.rows is not None:  # docs/batch.md
        from .batch import run_validate

        return run_validate(args, variant, _validate_one, bar)
    worst = YES
    for i, log in enumerate(logs, start=1):
        if bar is not None:
            bar.show(i - 1, log)
            bar.clear()
        worst = max(worst, _validate_one(log, variant, args).exit_code)
        if bar is not None:
            bar.show(i, log)
    if bar is not None:
        bar.clear()
    if len(logs) > 1 and not args.json:
        words = ("consistent", "INCONSISTENT", "UNUSABLE")[worst]
        print(f"{len(logs)} logs: {words} (exit {worst})")
    return worst


def _emit(record: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")


def _show(r: LineResult, name: str, args: argparse.Namespace) -> None:
    """One line's result: JSON, a diagnostic for the log as a whole, or a notable verdict."""
    if args.json:
        _emit({"file": name, **r.to_dict()})
    elif r.kind == "problem" and not r.line:  # the log itself: a diagnostic
        print(r.text(name), file=sys.stderr)
    elif not args.quiet and (args.all or r.notable):
        print(r.text(name))


def _validate_one(log: str, variant: Variant | None, args: argparse.Namespace) -> SummaryRow:
    v = validator_for(
        log, variant=variant, strict=args.strict, keep=False, allow_paths=args.allow_variant_path
    )
    name = v.source
    if not args.json and not args.quiet:
        print(f"== {name}")
    try:
        for r in v.run(log_lines(log)):
            _show(r, name, args)
    except LogError as exc:  # --strict: the first unusable line ends the log
        if args.json:
            where = {"line": exc.line} if exc.line else {}
            _emit({"file": name, "kind": "error", **where, "message": str(exc)})
        elif not exc.line:  # the log itself cannot be read: a diagnostic
            error(str(exc))
        else:
            print(f"{exc}")  # --strict: the unusable line is part of the answer, as without it
        return row_from_log_error(name, exc)
    except BrokenPipeError:  # the reader of our output went away: main() ends quietly
        raise
    except OSError as exc:
        reason = f"cannot read: {exc.strerror or exc}"
        if args.json:
            _emit({"file": name, "kind": "error", "message": reason})
        else:
            error(f"{name}: {reason}")
        return row_from_error(name, reason)
    report = v.report()
    if args.json:
        _emit({"file": name, **report.summary()})
    else:
        print(f"{name}: {report.summary_text()}")
    return row_from_report(report)
