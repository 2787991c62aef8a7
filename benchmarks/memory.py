"""Memory: the unique size of a game's history of states, and the peak of replaying a log.

``deep_size`` walks an object graph and adds ``sys.getsizeof`` of every object reached, counting
an object met twice (a hand, a pile, a card shared by two states) once: the memory a history of
immutable states really holds, structural sharing included. The variant is one object shared by
every state of every game; it is measured apart and left out of the history's figure.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from common import play_first, seats

from ena_rules import GameState, apply, legal_events, new_game
from ena_rules.rules.chance import deal_event
from ena_rules.variant import Variant

_ATOMS = (int, float, str, bytes, bool, type(None))


def deep_size(root: Any, *, seen: set[int] | None = None, skip: tuple[type, ...] = ()) -> int:
    """Bytes of every object reachable from ``root``, each counted once (``seen`` carries over).

    Objects of a type in ``skip`` (and classes) are not counted nor walked into.
    """
    seen = set() if seen is None else seen
    total = 0
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (*skip, type)):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, _ATOMS):
            continue
        if isinstance(obj, (tuple, list, set, frozenset)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        else:
            slots = [s for k in type(obj).__mro__ for s in getattr(k, "__slots__", ())]
            for name in slots:
                if name == "__weakref__":
                    continue
                if hasattr(obj, name):
                    stack.append(getattr(obj, name))
            d = getattr(obj, "__dict__", None)
            if d is not None:
                stack.append(d)
    return total


def history(v: Variant, players: int, events: int, *, seed: int) -> list[GameState]:
    """Every state of the first ``events`` events of a seeded game (deals included)."""
    names = seats(players)
    rng = random.Random(seed)
    s = new_game(v, names, dealer=names[0])
    states = [s]
    while len(states) <= events and s.phase != "over":
        e = deal_event(s, seed=seed) if s.phase == "deal" else play_first(s, legal_events(s), rng)
        verdict = apply(s, e)
        if not verdict.accepted:
            raise AssertionError(f"{e!r}: {verdict}")
        s = verdict.state
        states.append(s)
    return states


def history_sizes(states: list[GameState]) -> dict[str, int]:
    """Unique bytes of the whole history, of its last state alone, and with no sharing at all."""
    skip = (Variant,)
    shared = deep_size(states, skip=skip) - sys.getsizeof(states)
    one = deep_size(states[-1], skip=skip)
    unshared = sum(deep_size(s, skip=skip) for s in states)
    return {
        "states": len(states),
        "events": len(states) - 1,
        "history_bytes": shared,
        "last_state_bytes": one,
        "unshared_bytes": unshared,
        "variant_bytes": deep_size(states[0].variant),
    }
