"""The rule keys of a variant, section by section: each an attrs field carrying its default,
clause ids, description and allowed values (docs/variant-keys.md is generated from them). The
tables live by section of the variant file (``keys_deck.py``: ranks, players, deck, deal, first
card; ``keys_turn.py``: turn, actions, challenge, uno, overtake, stacking; ``keys_score.py``:
penalties, scoring, view; the house rules' own tables in ``keys_play.py``, ``keys_time.py``,
``keys_card.py``, ``keys_family.py``); this module re-exports the first three.
:mod:`ena_rules.variant` re-exports every class; import them from there.

>>> import attrs
>>> Turn().draw, attrs.fields(Turn).draw.metadata["clause"]
('one', 'TURN-DRAW HOUSE-DRAW-UNTIL')
"""

from __future__ import annotations

from .keys_deck import Deal, Deck, Effect, FirstCard, Players, Rank
from .keys_field import _key as _key
from .keys_score import Penalties, Scoring, View
from .keys_turn import Actions, Challenge, Overtake, Stacking, Turn, Uno

__all__ = [
    "Actions",
    "Challenge",
    "Deal",
    "Deck",
    "Effect",
    "FirstCard",
    "Overtake",
    "Penalties",
    "Players",
    "Rank",
    "Scoring",
    "Stacking",
    "Turn",
    "Uno",
    "View",
]
