"""What building one state, note and verdict costs, each way (docs/architecture.md).

    python3 benchmarks/construction.py

CPU time of this thread (``time.thread_time_ns``), median of 7 runs of 20,000 calls each,
the call of a lambda included. Not part of the test suite.
"""

import operator
import statistics
import time
from typing import NamedTuple

import attrs

from ena_rules import load_variant, new_game
from ena_rules.game.events import Draw
from ena_rules.game.fastbuild import builder, updater
from ena_rules.game.state import GameState, replace
from ena_rules.game.verdict import Note, Verdict, make_lazy_note, make_note, make_verdict

S = new_game(load_variant("ena"), ["a", "b", "c", "d"], dealer="a")
NAMES = [f.name for f in attrs.fields(GameState)]
VALUES = list(operator.attrgetter(*NAMES)(S))
INDEX = {n: i for i, n in enumerate(NAMES)}
NT = NamedTuple("NT", [(n, object) for n in NAMES])  # type: ignore[misc]
BUILD = builder(GameState)
CHANGES = {
    "hands": S.hands,
    "draw_pile": S.draw_pile,
    "discard": S.discard,
    "color": S.color,
    "direction": 1,
    "turn": 1,
    "phase": "play",
    "pending": None,
    "drawn": None,
    "last_player": None,
    "overtake_open": False,
    "uno_exposed": (),
    "challenge": None,
    "reveal": None,
    "shuffles": 0,
    "scores": S.scores,
}
UPDATE = updater(GameState, tuple(CHANGES))
EVENT = Draw("a")
NOTES = (make_note("X", "k", "t"),)


def old_evolve(s: GameState, **changes: object) -> GameState:
    """rules/work.py's evolve before fastbuild: the values, then GameState's __init__."""
    values = list(operator.attrgetter(*NAMES)(s))
    for key, value in changes.items():
        values[INDEX[key]] = value
    return GameState(*values)


CASES = {
    "GameState(*values) (attrs frozen __init__)": lambda: GameState(*VALUES),
    "fastbuild.builder(GameState)(*values)": lambda: BUILD(*VALUES),
    "NamedTuple of the same fields": lambda: NT(*VALUES),
    "attrs.evolve(state, 17 fields)": lambda: attrs.evolve(S, **CHANGES),
    "the former work.evolve (attrs __init__)": lambda: old_evolve(S, **CHANGES),
    "state.replace(state, 17 fields)": lambda: replace(S, **CHANGES),
    "fastbuild.updater(GameState, 17 fields)": lambda: UPDATE(S, *CHANGES.values()),
    "Note(...) (its frozen __init__)": lambda: Note("X", "k", "t"),
    "make_note(...)": lambda: make_note("X", "k", "t"),
    "make_note(..., words built when read)": lambda: make_lazy_note("X", "k", lambda: "t"),
    "Verdict(...) attrs": lambda: Verdict("accepted", S, EVENT, NOTES, (), ()),
    "make_verdict(...)": lambda: make_verdict("accepted", S, EVENT, NOTES, (), ()),
}


def main(n: int = 20_000) -> None:
    """Print the median CPU us of one call of each case."""
    for name, fn in CASES.items():
        runs = []
        for _ in range(7):
            t0 = time.thread_time_ns()
            for _ in range(n):
                fn()
            runs.append((time.thread_time_ns() - t0) / n / 1000)
        print(f"{name:45s} {statistics.median(runs):.2f} us")


if __name__ == "__main__":
    main()
