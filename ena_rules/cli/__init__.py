"""The ``ena-rules`` command line: validate and replay game logs, inspect variants, simulate.

    ena-rules validate LOG... [--json] [--variant V] [--all] [--quiet] [--strict]
    ena-rules replay LOG [--variant V] [--json]
    ena-rules variants list | show NAME | check FILE | diff A B | new NAME --extends BASE
    ena-rules simulate --variant V [--players N] [--games K] [--seed S] [--json]
    ena-rules explain ID
    ena-rules site OUT [--wheel W] [--pyodide DIR]
    ena-rules serve --stdio | --http HOST:PORT;  ena-rules mcp
    ena-rules examples [FOLDER]

Every subcommand follows the same conventions (docs/cli.md): results on standard output,
diagnostics on standard error; exit 0 = yes, 1 = the answer is no (an inconsistent log, an
invalid variant file, a diff that found differences with ``--exit-code``), 2 = a usage error or
unusable input. Output cut short by a closed pipe (``... | head -1``) ends quietly with exit
141 (128 + SIGPIPE, as the shell reports a process the pipe stopped).

>>> main(["variants", "diff", "official", "official"])
official and official: no key differs.
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import EnaRulesError, capped_echoes
from . import examples, explain, header, replay, serve, simulate, site, validate, variants

__all__ = ["BROKEN_PIPE", "build_parser", "main"]

#: The exit code after standard output was closed early: 128 + SIGPIPE.
BROKEN_PIPE = 141

_EPILOG = (
    "Exit codes: 0 yes (consistent, valid, no difference), 1 the answer is no (inconsistent "
    "log, invalid variant file, differences with --exit-code), 2 usage error or unusable "
    "input. Results go to standard output, diagnostics to standard error. Variant names are "
    "looked up in the folders of ENA_RULES_PATH, then among the shipped variants."
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``ena-rules``."""
    p = argparse.ArgumentParser(
        prog="ena-rules",
        description="Referee UNO-family games: validate and replay game logs (ena-log), "
        "inspect and write variants, simulate games, explain rule clauses and keys.",
        epilog=_EPILOG,
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (validate, replay, header, variants, simulate, explain, site, serve, examples):
        module.add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ena-rules``; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader went away (``| head``): say nothing, and keep Python's own flush at exit
        # from failing again on the closed pipe
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return BROKEN_PIPE
    except KeyboardInterrupt:
        return 130
    except EnaRulesError as exc:  # any unusable input a subcommand did not report itself
        print(f"error: {capped_echoes(str(exc))}", file=sys.stderr)
        return 2
    return code
