"""``ena-rules explain ID``: a rule clause or a variant key, in words (variant.clauses)."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import EnaRulesError
from ..variant.clauses import explain
from ._common import YES, error

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Add ``explain`` to the subcommands."""
    e = sub.add_parser(
        "explain",
        help="what a clause id (PEN-ENA) or a variant key (penalties.out_of_turn) means",
        description="Explain a rule clause id, as verdicts cite it (PEN-ENA): its title, the "
        "seeds it rests on, the variant keys that apply it with their values in the shipped "
        "variants, and the decision for an open point. Or explain a variant key path "
        "(penalties.out_of_turn): its meaning, type, default, clauses and values.",
    )
    e.add_argument("ids", nargs="+", metavar="ID", help="a clause id or a variant key path")
    e.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print each explanation; exit 2 on an id that is neither."""
    code = YES
    for i, text in enumerate(args.ids):
        try:
            out = explain(text)
        except EnaRulesError as exc:
            code = error(str(exc))
            continue
        print(("\n" if i else "") + out)
    return code
