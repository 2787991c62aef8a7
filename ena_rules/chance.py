"""Recorded chance: building Cut and Deal events from a seed (docs/shuffle.md).

The referee holds no random generator: a game's chance is a sequence of events. These helpers
make those events reproducibly from one integer seed: the deck of round ``r`` is
``shuffled(canonical_deck, derive_seed(seed, r))`` and its in-round shuffles use that same
round seed; the ``k``-th cut uses ``derive_seed(seed, CUT_PATH, k)``.

>>> from ena_rules import load_variant, new_game
>>> s = new_game(load_variant("ena.toml"), ["ana", "bor"], dealer="bor")
>>> deal_event(s, seed=7) == deal_event(s, seed=7)
True
"""

from __future__ import annotations

from .events import Cut, Deal
from .rules.referee import canonical_deck
from .shuffle import derive_seed, shuffled
from .state import GameState

__all__ = ["CUT_PATH", "cut_event", "deal_event", "round_seed"]

#: The first path element of the seeds used for cutting for the dealer.
CUT_PATH = 0xC07


def round_seed(seed: int, round_index: int) -> int:
    """The seed of round ``round_index`` (0-based) of a game seeded with ``seed``."""
    return derive_seed(seed, round_index)


def deal_event(state: GameState, seed: int) -> Deal:
    """The Deal of the state's next round for a game seeded with ``seed``."""
    rs = round_seed(seed, state.round)
    return Deal(shuffled(canonical_deck(state.variant), rs), seed=rs)


def cut_event(state: GameState, seed: int, attempt: int = 0) -> Cut:
    """The cards turned up by the players still cutting, from a deck shuffled for this attempt."""
    deck = shuffled(canonical_deck(state.variant), derive_seed(seed, CUT_PATH, attempt))
    return Cut(deck[: len(state.cutters)])
