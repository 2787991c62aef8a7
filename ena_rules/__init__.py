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

__all__ = [
    "COLORS",
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
]

__version__ = "0.1.0"
