"""The named consistency checks and the limits of a variant file (docs/variants.md, Checks).

Every key of a variant is checked on its own by the converter (type, range, allowed values);
what is checked here are the **contradictions between keys** (a stacking rule on a rank the
deck lacks, a wild that chooses no colour, ...) and the **limits** that keep a file from
making the referee hang (a deck of a million cards, an endless ``extends`` chain). Each check
has a name (:data:`CHECKS`) and raises a :class:`~ena_rules.VariantError` naming the key path
at fault. The checks live by the tables they check (``checks_deck.py``: the deck, its ranks and
cards; ``checks_rules.py``: the other rule tables; ``checks_play.py``: ``[play]``), the limits
in ``limits.py``; this module runs them in one order and re-exports the limits.

>>> [name for name, _ in CHECKS][:3]
['deck-colours', 'deck-ranks-defined', 'deck-pairs']
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import VariantError
from . import checks_deck as deck
from . import checks_play as play
from . import checks_rules as rules
from .checks_deck import Fail
from .limits import (
    MAX_DECK,
    MAX_EFFECTS,
    MAX_EXTENDS,
    MAX_FILE_BYTES,
    MAX_MULTI_GROUPS,
    MAX_RANKS,
    check_limits,
)
from .schema import Variant

__all__ = [
    "CHECKS",
    "MAX_DECK",
    "MAX_EFFECTS",
    "MAX_EXTENDS",
    "MAX_FILE_BYTES",
    "MAX_MULTI_GROUPS",
    "MAX_RANKS",
    "check_limits",
    "check_variant",
]

Check = Callable[[Variant, Fail], None]

#: Every consistency check, by name, in the order they run (the first fault raises, and
#: ``deck-colours`` makes the declared colours known to the checks after it).
CHECKS: list[tuple[str, Check]] = [
    ("deck-colours", deck._colours),
    ("deck-ranks-defined", deck._ranks_defined),
    ("deck-pairs", deck._pairs),
    ("deck-not-empty", deck._not_empty),
    ("deck-rank-declared", deck._rank_declared),
    ("players-range", rules._players),
    ("deal-fits-deck", rules._deal_fits),
    ("card-tables", deck._card_tables),
    ("wild-chooses-colour", deck._wild_colour),
    ("challenge-has-restriction", deck._challenge),
    ("one-swap-per-card", deck._one_swap),
    ("return-ranks-in-deck", rules._return_ranks),
    ("stacking-by-overtake", rules._stack_overtake),
    ("overtake-skips-between", rules._skip_between),
    ("stacking-answers", rules._stack_answers),
    ("stacking-skip-answers", rules._skip_answers),
    ("uno-out-call", rules._out_call),
    ("scoring-mode-winner", rules._scoring),
    ("play-deflect", play._deflect),
    ("play-drawn-card", play._drawn_card),
    ("play-hand-limit", play._hand_limit),
    ("play-bomb", play._bomb),
    ("play-multi-bound", play._multi_bound),
    ("teams-even", rules._teams_even),
    ("teams-elimination", rules._teams_elimination),
    ("flip-colors", rules._flip_colors),
    ("time-limit-cost", rules._time_cost),
]


def check_variant(v: Variant, source: str) -> None:
    """Run every check of :data:`CHECKS` on a built variant; the first fault raises.

    >>> from ena_rules import load_variant
    >>> check_variant(load_variant("ena"), "ena.toml")
    """

    def fail(path: str, msg: str) -> VariantError:
        return VariantError(msg, source=source, path=path)

    for _, fn in CHECKS:
        fn(v, fail)
