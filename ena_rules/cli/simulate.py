"""``ena-rules simulate``: automatic players show how a variant plays (agents.simulation)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..agents.simulation import POLICIES, simulate
from ._common import YES, error, positive, rate, variant_arg

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Add ``simulate`` to the subcommands."""
    policies = "; ".join(f"{name}: {text}" for name, (_, text) in POLICIES.items())
    s = sub.add_parser(
        "simulate",
        help="automatic players: game and round length, penalties, stacks, rules applied",
        description="Play games between automatic players that only make legal moves (unless "
        "--mistakes) and print what they measured, with units: rounds per game, events per "
        "game and per round, penalties, overtakes, owed draws and stacks (owed draws grown by "
        "an answer) by size, cards per draw, the win rate by seat, and how many times each "
        "rule was applied, by clause and variant key. The players follow --policy "
        f"({policies}). The same seed gives the same numbers.",
    )
    s.add_argument(
        "--variant",
        default="ena",
        metavar="NAME|FILE",
        help="a variant name or a TOML file (default: ena)",
    )
    s.add_argument(
        "--players", type=positive, default=3, metavar="N", help="how many players (default: 3)"
    )
    s.add_argument(
        "--games", type=positive, default=100, metavar="K", help="how many games (default: 100)"
    )
    s.add_argument(
        "--seed", type=int, default=0, metavar="S", help="the seed of the whole run (default: 0)"
    )
    s.add_argument(
        "--policy",
        choices=list(POLICIES),
        default="prefer-plays",
        help="how the players choose among their legal moves (default: prefer-plays)",
    )
    s.add_argument(
        "--mistakes",
        type=rate,
        default=0.0,
        metavar="P",
        help="chance per step, 0 to 1, of a random card of a random hand instead, legal or "
        "not (default: 0)",
    )
    s.add_argument(
        "--max-events",
        type=positive,
        default=20000,
        metavar="N",
        help="stop a game unfinished after N events (default: 20000)",
    )
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
        policy=args.policy,
    )
    print(json.dumps(stats.to_dict()) if args.json else stats.text())
    return YES
