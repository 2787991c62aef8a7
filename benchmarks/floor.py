"""The contract's floor: what building an action's objects costs, before any rule is checked.

Whatever the rules, the design (../shared/DESIGN.md) makes every action build a new frozen
``GameState``, a ``Verdict`` with its ``Note``s in words, and ``legal_events`` builds every
legal event as an object. This module replays recorded actions and times only those
constructions (the same values, through the same public constructors), so the figure is a lower
bound for an action of *this* design in CPython, to set beside RLCard's whole action.
"""

from __future__ import annotations

import operator
import random
import time
from typing import Any

import attrs
from common import play_first, seats

from ena_rules import GameState, Note, Verdict, apply, legal_events, new_game
from ena_rules.rules.chance import deal_event
from ena_rules.variant import Variant

_FIELDS = [f for f in attrs.fields(GameState) if f.init]
_values = operator.attrgetter(*(f.name for f in _FIELDS))


def _record(v: Variant, players: int, rounds: int, seed: int) -> tuple[list[Any], ...]:
    names = seats(players)
    rng = random.Random(seed)
    states: list[tuple[Any, ...]] = []
    verdicts: list[tuple[Any, ...]] = []
    notes: list[tuple[str, str, str]] = []
    events: list[tuple[type, tuple[Any, ...]]] = []
    for k in range(rounds):
        s = new_game(v, names, dealer=names[0])
        s = apply(s, deal_event(s, seed=seed + k)).state
        while s.phase not in ("deal", "over"):
            legal = legal_events(s)
            for e in legal:
                events.append((type(e), attrs.astuple(e, recurse=False)))
            verdict = apply(s, play_first(s, legal, rng))
            states.append(_values(verdict.state))
            verdicts.append(attrs.astuple(verdict, recurse=False))
            notes.extend((n.clause, n.key, n.text) for n in verdict.notes)
            s = verdict.state
    return states, verdicts, notes, events


def floor(v: Variant, players: int, rounds: int, *, seed: int, repeat: int = 5) -> dict[str, float]:
    """Nanoseconds per action spent only constructing the objects one action builds.

    Each part is timed ``repeat`` times and the fastest pass is kept (the least disturbed by
    other processes: this is a lower bound).
    """
    states, verdicts, notes, events = _record(v, players, rounds, seed)
    actions = len(states)
    clock = time.thread_time_ns  # CPU time: other processes do not inflate it
    best = [float("inf")] * 4
    for _ in range(repeat):
        t0 = clock()
        for values in states:
            GameState(*values)
        t1 = clock()
        for fields in verdicts:
            Verdict(*fields)
        t2 = clock()
        for clause, key, text in notes:
            Note(clause, key, text)
        t3 = clock()
        for cls, args in events:
            cls(*args)
        t4 = clock()
        for i, ns in enumerate((t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
            best[i] = min(best[i], ns / actions)
    return {
        "actions": actions,
        "state_ns": best[0],
        "verdict_ns": best[1],
        "notes_ns": best[2],
        "notes_per_action": len(notes) / actions,
        "events_ns": best[3],
        "events_per_action": len(events) / actions,
        "floor_ns": sum(best),
    }
