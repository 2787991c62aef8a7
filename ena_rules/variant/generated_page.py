"""The command of a generated docs page: print it, write it (``--write``) or check it (``--check``).

Used by :mod:`ena_rules.variant.reference` (docs/variant-keys.md) and
:mod:`ena_rules.variant.clauses` (docs/rules.md), so both pages are regenerated and checked the
same way.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = ["page_command"]


def page_command(
    argv: Sequence[str] | None,
    *,
    prog: str,
    description: str,
    default: Path,
    render: Callable[[], str],
    regenerate: str,
) -> int:
    """Run the page's command line; exit 1 when ``--check`` finds the page stale.

    >>> page_command(["--check", "no-such-page.md"], prog="p", description="d",
    ...              default=Path("x.md"), render=lambda: "text", regenerate="p --write")
    1
    """
    parser = argparse.ArgumentParser(prog=prog, description=description)
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--write", nargs="?", const=str(default), metavar="PATH", help="write the page"
    )
    group.add_argument(
        "--check", nargs="?", const=str(default), metavar="PATH", help="exit 1 if stale"
    )
    args = parser.parse_args(argv)
    text = render()
    if args.write:
        Path(args.write).write_text(text, encoding="utf-8")
        return 0
    if args.check:
        path = Path(args.check)
        current = path.read_text(encoding="utf-8") if path.is_file() else ""
        if current != text:
            print(f"{path} is out of date: run `{regenerate}`", file=sys.stderr)
            return 1
        return 0
    sys.stdout.write(text)
    return 0
