"""An exhaustive walk over every state of small games, checking the referee's invariants
(:mod:`ena_rules.testing.invariants`, re-exported here) in each state and for every candidate
event.

:func:`explore` visits every state reachable through legal events from one dealt position to the
end of the round (breadth first, each state once), checks every invariant in each state and
for every candidate event, and counts what it saw.

>>> from ena_rules import load_variant_text
>>> v = load_variant_text(tiny_variant_text("official", numbers=["1"], actions=[], hand_size=1))
>>> result = explore(v, ["ana", "bor"], seeds=[3], max_shuffles=0)
>>> result.states > 0 and result.round_ends > 0
True
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Sequence

import attrs

from ..game.state import GameState
from ..rules.chance import deal_event
from ..rules.referee import apply, legal_events, new_game
from ..variant import Variant
from .invariants import (
    InvariantError,
    _fail,
    candidate_events,
    check_conservation,
    check_legal_accepted,
    check_serialisation,
    check_state,
    check_views,
    expected_mistake,
)
from .model import (
    check_agreement,
    check_candidates,
    check_judgement,
    check_rejection_and_penalty,
    check_round_end,
    check_turn_order,
)

__all__ = [
    "ExploreResult",
    "InvariantError",
    "candidate_events",
    "check_agreement",
    "check_conservation",
    "check_judgement",
    "check_legal_accepted",
    "check_rejection_and_penalty",
    "check_round_end",
    "check_serialisation",
    "check_state",
    "check_turn_order",
    "check_views",
    "expected_mistake",
    "explore",
    "tiny_variant_text",
]


def tiny_variant_text(
    base: str,
    *,
    colors: Sequence[str] = ("R", "G"),
    numbers: Sequence[str] = ("1", "2", "3"),
    actions: Sequence[str] = ("S", "R", "+2"),
    wilds: dict[str, int] | None = None,
    hand_size: int = 2,
    name: str = "tiny",
) -> str:
    """A variant file extending ``base`` with a reduced deck: one copy of each listed coloured
    rank per colour, the given wilds (default one W and one W+4), and a small hand.

    >>> print(tiny_variant_text("ena.toml", numbers=["1"], actions=[], hand_size=1).splitlines()[0])
    name = "tiny"
    """
    ranks = [str(i) for i in range(10)] + ["S", "R", "+2"]
    keep = set(numbers) | set(actions)
    colored = ", ".join(f'"{r}" = {1 if r in keep else 0}' for r in ranks)
    w = {"W": 1, "W+4": 1} if wilds is None else wilds
    wild = ", ".join(f'"{r}" = {w.get(r, 0)}' for r in ("W", "W+4", "WS", "WC"))
    cols = ", ".join(f'"{c}"' for c in colors)
    return (
        f'name = "{name}"\nextends = "{base}"\n'
        f"[players]\nmin = 2\nmax = 3\n"
        f"[deck]\ncolors = [{cols}]\ncolored = {{ {colored} }}\nwild = {{ {wild} }}\n"
        f"[deal]\nhand_size = {hand_size}\n"
    )


@attrs.frozen
class ExploreResult:
    """What :func:`explore` saw: distinct states, round ends, transitions and events judged."""

    states: int
    round_ends: int
    transitions: int
    judged: int
    frontier: int
    """States not expanded because they passed ``max_shuffles`` reshuffles or ``max_states``."""
    turned: int = 0
    """States on the second side of a two-sided deck (FLIP2-SIDE: the game turned over)."""


def explore(
    variant: Variant,
    players: Sequence[str],
    *,
    seeds: Iterable[int] = (0,),
    max_states: int | None = None,
    max_shuffles: int = 1,
    candidates: bool = True,
) -> ExploreResult:
    """Visit every state reachable by legal events from the deals of ``seeds`` to the round's
    end, checking every invariant in each state and, with ``candidates``, judging every
    candidate event (legal or not) there.

    The draw pile can be refilled from the discard pile forever, so a state that has reshuffled
    more than ``max_shuffles`` times is counted but not expanded; ``max_states`` (default: the
    environment variable ``ENA_RULES_EXPLORE_MAX``, else 200000) bounds the walk.
    """
    limit = max_states or int(os.environ.get("ENA_RULES_EXPLORE_MAX", "200000"))
    seen: set[GameState] = set()
    queue: deque[GameState] = deque()
    for seed in seeds:
        first = new_game(variant, players, dealer=players[-1])
        dealt = apply(first, deal_event(first, seed))
        if not dealt.accepted:
            raise _fail("deal", first, str(dealt))
        if dealt.state not in seen:
            seen.add(dealt.state)
            queue.append(dealt.state)
    round_ends = transitions = judged = frontier = 0
    while queue:
        state = queue.popleft()
        check_state(state)
        if state.phase in ("deal", "over"):
            round_ends += 1
            continue
        if state.shuffles > max_shuffles or len(seen) >= limit:
            frontier += 1
            continue
        legal = legal_events(state)
        for event, verdict in check_legal_accepted(state):
            transitions += 1
            if apply(state, event).state != verdict.state:
                raise _fail("determinism", state, f"{event!r} gave two different states")
            check_judgement(state, event, verdict, legal)
            if verdict.state not in seen:
                seen.add(verdict.state)
                queue.append(verdict.state)
        if candidates:
            judged += check_candidates(state, legal)
    turned = sum(1 for s in seen if s.side)
    return ExploreResult(len(seen), round_ends, transitions, judged, frontier, turned)
