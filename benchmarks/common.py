"""Shared pieces of the benchmarks: seeded policies, timing helpers, the machine description.

Nothing here is part of the ena_rules package or of its test suite.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
from collections.abc import Sequence
from typing import Any

from ena_rules import CallUno, GameState, Overtake, Play, load_variant, load_variant_text
from ena_rules.game.events import PlayerEvent
from ena_rules.variant import Variant

PLAYERS = ("ana", "bor", "cene", "dita", "eva", "fran", "gal", "hana", "iva", "jan")


def seats(n: int) -> list[str]:
    """The first ``n`` seat names."""
    return list(PLAYERS[:n])


def variant(name: str) -> Variant:
    """A shipped variant by name."""
    return load_variant(name)


def long_variant(base: str, target: int = 100_000) -> Variant:
    """``base`` with a scoring target so high that a game lasts thousands of rounds."""
    return load_variant_text(
        f'name = "{base}-long"\nextends = "{base}"\n[scoring]\ntarget = {target}\n'
    )


def play_first(state: GameState, events: Sequence[PlayerEvent], rng: random.Random) -> PlayerEvent:
    """A random player with RLCard's legal-action set: play when you can, draw when you cannot.

    A player at one card calls UNO at once; otherwise a uniformly random play (or, in a variant
    with overtaking, an overtake by anyone); otherwise a uniformly random event of the player
    due (draw, pass, challenge, naming the colour).
    """
    plays: list[PlayerEvent] = []
    due = state.due
    rest: list[PlayerEvent] = []
    for e in events:
        if isinstance(e, CallUno):
            if e.target is None:
                return e
        elif isinstance(e, (Play, Overtake)):
            plays.append(e)
        elif e.player == due:
            rest.append(e)
    return rng.choice(plays or rest)


def uniform(state: GameState, events: Sequence[PlayerEvent], rng: random.Random) -> PlayerEvent:
    """Uniformly random over every legal event, out-of-turn ones (catches, overtakes) included."""
    return rng.choice(events)


POLICIES = {"play-first": play_first, "uniform": uniform}


def median(xs: Sequence[float]) -> float:
    """The median (0.0 for no data)."""
    return statistics.median(xs) if xs else 0.0


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "nproc": os.cpu_count(),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
    }


def fmt_us(ns: float) -> str:
    """Nanoseconds as microseconds with two decimals."""
    return f"{ns / 1000:.2f}"
