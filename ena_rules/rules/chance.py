"""Recorded chance: the one driver of a game's chance, from a seed (docs/shuffle.md).

The referee holds no random generator: a game's chance is a sequence of events. These helpers
make those events reproducibly from one integer seed: the deck of round ``r`` is
``shuffled(canonical_deck, derive_seed(seed, r))`` and its in-round shuffles use that same
round seed; the ``k``-th cut uses ``derive_seed(seed, CUT_PATH, k)``. :func:`drive_chance`
is the one loop that plays them: cut until there is a dealer, then deal. Logs, the simulator
and the state machine all go through it (each with its own ``step``, which applies an event).

>>> from ena_rules import load_variant, new_game
>>> s = new_game(load_variant("ena.toml"), ["ana", "bor"])
>>> state, verdicts = drive_chance(s, seed=7)
>>> state.phase, [type(v.event).__name__ for v in verdicts][-1]
('play', 'Deal')
>>> deal_event(s, seed=7) == deal_event(s, seed=7)
True
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards.shuffle import derive_seed, shuffled
from ..errors import ArgumentTypeError, typed_arguments
from ..game.events import Cut, Deal, Event
from ..game.state import GameState
from ..game.verdict import Verdict
from .referee import apply, canonical_deck

__all__ = [
    "CUT_PATH",
    "MAX_CUTS",
    "Step",
    "cut_event",
    "cut_for_dealer",
    "deal_event",
    "drive_chance",
    "round_seed",
]

#: The first path element of the seeds used for cutting for the dealer.
CUT_PATH = 0xC07

#: A seeded cut gives up after this many attempts (ties are astronomically unlikely to last).
MAX_CUTS = 1000

#: How the driver applies an event: :func:`~ena_rules.apply`, or a caller's recording step.
Step = Callable[[GameState, Event], Verdict]


@typed_arguments
def round_seed(seed: int, round_index: int) -> int:
    """The seed of round ``round_index`` (0-based) of a game seeded with ``seed``."""
    return derive_seed(seed, round_index)


@typed_arguments
def deal_event(state: GameState, seed: int) -> Deal:
    """The Deal of the state's next round for a game seeded with ``seed``."""
    rs = round_seed(seed, state.round)
    return Deal(shuffled(canonical_deck(state.variant), rs), seed=rs)


@typed_arguments
def cut_event(state: GameState, seed: int, attempt: int = 0) -> Cut:
    """The cards turned up by the players still cutting, from a deck shuffled for this attempt."""
    deck = shuffled(canonical_deck(state.variant), derive_seed(seed, CUT_PATH, attempt))
    return Cut(deck[: len(state.cutters)])


@typed_arguments
def cut_for_dealer(
    state: GameState, seed: int, *, step: Step = apply
) -> tuple[GameState, tuple[Verdict, ...]]:
    """Cut (seeded) until there is a dealer; the state after it and the cut's verdicts.

    A state that has its dealer already is returned as it is. After :data:`MAX_CUTS` tied
    attempts the state is returned still cutting (its deal is then refused).

    >>> from ena_rules import load_variant, new_game
    >>> state, cuts = cut_for_dealer(new_game(load_variant("official"), ["a", "b"]), seed=1)
    >>> state.phase, len(cuts) >= 1
    ('deal', True)
    """
    verdicts: list[Verdict] = []
    attempt = 0
    while state.phase == "cut" and attempt < MAX_CUTS:
        verdict = step(state, cut_event(state, seed, attempt))
        verdicts.append(verdict)
        state = verdict.state
        attempt += 1
    return state, tuple(verdicts)


@typed_arguments
def drive_chance(
    state: GameState, seed: int | None, *, step: Step = apply, deal: Deal | None = None
) -> tuple[GameState, tuple[Verdict, ...]]:
    """Cut until a dealer, then deal: the round's seeded deck, or ``deal`` when given.

    With ``seed=None`` nothing is cut (the state names its dealer) and ``deal`` is required.
    Returns the state after the deal and the verdicts of every cut and of the deal (last).
    """
    verdicts: tuple[Verdict, ...] = ()
    if seed is not None:
        state, verdicts = cut_for_dealer(state, seed, step=step)
    if deal is None:
        if seed is None:
            raise ArgumentTypeError("drive_chance(): give a seed, or the deal itself")
        deal = deal_event(state, seed)
    verdict = step(state, deal)
    return verdict.state, (*verdicts, verdict)
