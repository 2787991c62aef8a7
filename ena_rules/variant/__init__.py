"""Variants: the rules as data, and everything done with a variant file.

==============  =================================================================================
module          its one concern
==============  =================================================================================
schema          :class:`Variant`, the typed frozen form of a variant file; re-exports the keys
schema_keys     the key metadata: :class:`KeyInfo`, the tables in file order, ``key_info``
keys            the tables of the schema (``[deal]``, ``[turn]``, ``[ranks.*]``, ...) with each
                key's clause ids and description, re-exported from the three below
keys_field      the field a rule key is declared with (default, clause ids, description)
keys_deck       the ``[ranks.*]``, ``[players]``, ``[deck]``, ``[deal]``, ``[first_card]`` tables
keys_turn       the ``[turn]``, ``[actions]``, ``[challenge]``, ``[uno]``, ``[overtake]``,
                ``[stacking]`` tables
keys_score      the ``[penalties]``, ``[scoring]``, ``[view]`` tables
keys_play       the ``[play]`` table (HR-* house rules of play)
keys_time       the ``[time]`` table (HR-TIME-LIMIT)
keys_card       the ``[cards.CODE]`` tables: one card's own effects (DECK-CARD)
keys_family     the ``[mercy]`` and ``[draw_color]`` tables (NM-MERCY, DRAW-COLOR)
ops             the catalogue of effect primitives a card may compose
finder          where a variant's name or path is looked up (shipped, ``ENA_RULES_PATH``)
hooks           the strict structuring of each TOML table, one hook per rule key
checks          the named consistency checks, in order, and the loader's size limits
checks_deck     the checks of the deck, its ranks and its cards
checks_rules    the checks of the other rule tables (players, deal, stacking, scoring, ...)
checks_play     the checks of the ``[play]`` table
limits          the size limits checked before a file is built
io              loading (``extends``, caching), the one entry point for variant files
write           writing a variant back to TOML and diffing two variants
clauses         the clause catalogue (``ena-rules explain``, docs/rules.md)
reference       docs/variant-keys.md, generated from the schema
generated_page  the ``--write``/``--check`` command shared by the generated pages
==============  =================================================================================

The package's ``__init__`` re-exports the schema (``from ena_rules.variant import Variant``);
loading lives in :mod:`ena_rules.variant.io` (re-exported by :mod:`ena_rules` as
``load_variant``).

>>> from ena_rules import load_variant
>>> from ena_rules.variant import Variant
>>> isinstance(load_variant("ena"), Variant)
True
"""

from .schema import (
    EFFECT_OPS,
    Actions,
    CardRule,
    Challenge,
    Citation,
    Deal,
    Deck,
    DrawColor,
    Effect,
    FirstCard,
    KeyInfo,
    Mercy,
    Overtake,
    Penalties,
    Players,
    PlayRules,
    Rank,
    Scoring,
    Stacking,
    TimeRules,
    Turn,
    Uno,
    Variant,
    View,
    iter_keys,
    iter_tables,
    iter_values,
    key_info,
)

__all__ = [
    "EFFECT_OPS",
    "Actions",
    "CardRule",
    "Challenge",
    "Citation",
    "Deal",
    "Deck",
    "DrawColor",
    "Effect",
    "FirstCard",
    "KeyInfo",
    "Mercy",
    "Overtake",
    "Penalties",
    "PlayRules",
    "Players",
    "Rank",
    "Scoring",
    "Stacking",
    "TimeRules",
    "Turn",
    "Uno",
    "Variant",
    "View",
    "iter_keys",
    "iter_tables",
    "iter_values",
    "key_info",
]
