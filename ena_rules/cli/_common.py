"""What every subcommand shares: exit codes, diagnostics, variant arguments, the progress bar.

The conventions (docs/cli.md): results go to standard output, diagnostics to standard error;
exit 0 means yes, 1 the answer is no (an inconsistent log, an invalid variant file, a diff
that found differences with ``--exit-code``), 2 a usage error or unusable input.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from ..errors import EnaRulesError, capped_echoes
from ..variant import Variant
from ..variant.io import load_variant

__all__ = [
    "NO",
    "UNUSABLE",
    "YES",
    "Progress",
    "allow_option",
    "error",
    "positive",
    "rate",
    "variant_arg",
]

#: Exit codes: yes, the answer is no, usage error or unusable input.
YES, NO, UNUSABLE = 0, 1, 2


def allow_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--allow-variant-path DIR`` (what a log's header may open, docs/log-format.md)."""
    parser.add_argument(
        "--allow-variant-path",
        action="append",
        default=[],
        metavar="DIR",
        help="a log's header may also name a .toml variant inside DIR (repeatable; by default "
        "only variant names and .toml files inside the log's own folder)",
    )


def error(message: str) -> int:
    """Print ``ena-rules: error: MESSAGE`` on standard error; return exit code 2."""
    print(f"ena-rules: error: {capped_echoes(message)}", file=sys.stderr)
    return UNUSABLE


def variant_arg(name: str, option: str = "--variant") -> Variant | int:
    """The variant a command-line argument names, or exit code 2 after saying why not."""
    try:
        return load_variant(name)
    except EnaRulesError as exc:
        return error(f"{option} {name}: {exc}" if option else str(exc))


def positive(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a positive integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text}: expected a positive integer")
    return value


def rate(text: str) -> float:
    """An argparse type: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number from 0 to 1") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text}: expected a number from 0 to 1")
    return value


class Progress:
    """A one-line progress bar on a terminal, erased before anything else is printed.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = Progress(out, total=2)
    >>> bar.show(1, "a.jsonl")
    >>> bar.clear()
    >>> out.getvalue().endswith("\\r")
    True
    """

    WIDTH = 24

    def __init__(self, out: TextIO, total: int) -> None:
        self.out = out
        self.total = total
        self._shown = 0

    def show(self, done: int, name: str) -> None:
        """Draw ``[####....] done/total name`` over the current line."""
        filled = self.WIDTH * done // self.total
        bar = "#" * filled + "." * (self.WIDTH - filled)
        text = f"[{bar}] {done}/{self.total} {name[-40:]}"
        self.out.write("\r" + text.ljust(self._shown))
        self._shown = len(text)
        self.out.flush()

    def clear(self) -> None:
        """Erase the bar (nothing when none is drawn)."""
        if self._shown:
            self.out.write("\r" + " " * self._shown + "\r")
            self.out.flush()
            self._shown = 0
