"""ena_rules: a referee for UNO-family card games whose rules are TOML data.

>>> from ena_rules import load_variant, new_game, apply, legal_events
>>> from ena_rules.chance import deal_event
>>> state = new_game(load_variant("ena.toml"), ["ana", "bor", "cene"], dealer="ana")
>>> state = apply(state, deal_event(state, seed=1)).state
>>> state.phase in ("play", "owe", "color")
True
"""

from .cards import COLORS, Card, format_cards, parse_card, parse_cards
from .errors import (
    CardError,
    EnaRulesError,
    EventError,
    LogError,
    PositionError,
    VariantError,
)
from .events import CallUno, Challenge, ChooseColor, Cut, Deal, Draw, Event, Overtake, Pass, Play
from .rules.referee import apply, canonical_deck, legal_events, new_game
from .state import GameState
from .variant import Variant
from .variant_io import diff_variants, dump_variant, load_variant, load_variant_text
from .verdict import Note, Verdict
from .view import PlayerView, view


def _compiled_build() -> bool:
    """Whether the rules run as compiled extension modules (the hot path's ``turn`` module)."""
    from .rules import turn

    return not str(turn.__file__).endswith(".py")


__all__ = [
    "COLORS",
    "COMPILED",
    "CallUno",
    "Card",
    "CardError",
    "Challenge",
    "ChooseColor",
    "Cut",
    "Deal",
    "Draw",
    "EnaRulesError",
    "Event",
    "EventError",
    "GameState",
    "LogError",
    "Note",
    "Overtake",
    "Pass",
    "Play",
    "PlayerView",
    "PositionError",
    "Variant",
    "VariantError",
    "Verdict",
    "apply",
    "canonical_deck",
    "diff_variants",
    "dump_variant",
    "format_cards",
    "legal_events",
    "load_variant",
    "load_variant_text",
    "new_game",
    "parse_card",
    "parse_cards",
    "view",
]

#: True in the compiled build (``ENA_RULES_COMPILE=1 python3 -m pip install .``: the rules'
#: modules are mypyc extension modules), False in the pure-Python package.
COMPILED: bool = _compiled_build()

#: The package version: its one source (pyproject.toml reads it from here).
__version__ = "0.1.0"
