"""``ena-rules simulate``: random legal players show how a variant plays (agents.simulation)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..agents.simulation import simulate
from ._common import YES, error, positive, rate, variant_arg

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Add ``simulate`` to the subcommands."""
    s = sub.add_parser(
        "simulate",
        help="random legal players: game length, penalties, stacks, overtakes, wins by seat",
        description="Play games between random legal players and print what they measured: "
        "game length, penalties, stack sizes, overtakes and the win rate by seat. The same "
        "seed gives the same numbers.",
    )
    s.add_argument("--variant", required=True, help="a variant name or a TOML file")
    s.add_argument("--players", type=positive, default=3, help="how many players (default 3)")
    s.add_argument("--games", type=positive, default=100, help="how many games (default 100)")
    s.add_argument("--seed", type=int, default=0, help="the seed of the whole run (default 0)")
    s.add_argument(
        "--mistakes", type=rate, default=0.0, help="chance per step of a random card (0 to 1)"
    )
    s.add_argument("--max-events", type=positive, default=20000, help="stop a game after this")
    s.add_argument("--json", action="store_true", help="print the numbers as JSON")
    s.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Simulate and print the summary (or its JSON)."""
    variant = variant_arg(args.variant)
    if isinstance(variant, int):
        return variant
    if not variant.players.min <= args.players <= variant.players.max:
        return error(
            f"--players {args.players}: variant {variant.name!r} allows "
            f"{variant.players.min} to {variant.players.max}"
        )
    stats = simulate(
        variant,
        args.players,
        args.games,
        args.seed,
        mistakes=args.mistakes,
        max_events=args.max_events,
    )
    print(json.dumps(stats.to_dict()) if args.json else stats.text())
    return YES
