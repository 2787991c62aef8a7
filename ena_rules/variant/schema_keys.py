"""The schema's key metadata: every table of rule keys in file order and every key's
:class:`KeyInfo` (path, type, default, allowed values, clauses, description), read from the
attrs fields of the ``keys*.py`` tables. The key reference, the loader, the writer and the
comparison of variants walk the schema here; :mod:`ena_rules.variant.schema` re-exports it.

>>> key_info("ranks.+2.score").clauses
('SCORE-VALUES',)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from .keys import (
    Actions,
    Challenge,
    Deal,
    Deck,
    FirstCard,
    Overtake,
    Penalties,
    Players,
    Rank,
    Scoring,
    Stacking,
    Turn,
    Uno,
    View,
)
from .keys_card import CardRule
from .keys_family import DrawColor, Mercy
from .keys_play import PlayRules
from .keys_time import TimeRules

if TYPE_CHECKING:
    from .schema import Variant

__all__ = ["KeyInfo", "iter_keys", "iter_tables", "iter_values"]


@attrs.frozen
class KeyInfo:
    """The schema of one rule key: path, type, default, allowed values, clauses, description."""

    path: str
    type: str
    default: Any
    clauses: tuple[str, ...]
    doc: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


_SECTIONS: dict[str, type] = {
    "players": Players,
    "deck": Deck,
    "deal": Deal,
    "first_card": FirstCard,
    "turn": Turn,
    "actions": Actions,
    "challenge": Challenge,
    "uno": Uno,
    "overtake": Overtake,
    "stacking": Stacking,
    "penalties": Penalties,
    "play": PlayRules,
    "scoring": Scoring,
    "view": View,
    "time": TimeRules,
    "mercy": Mercy,
    "draw_color": DrawColor,
}


def _type_name(tp: Any) -> str:
    # an annotation's text, or the type itself once resolved (the converter resolves them)
    text = tp.__name__ if isinstance(tp, type) else str(tp)
    # Effect, once the converter resolved it (its module is one of keys*.py)
    text = re.sub(rf"{re.escape(str(__package__))}\.(schema|keys\w*)\.", "", text)
    return {
        "int": "integer",
        "bool": "boolean",
        "str": "string",
        "tuple[str, ...]": "array of strings",
        "tuple[tuple[str, int], ...]": "table of integers",
        "tuple[tuple[str, str], ...]": "table of strings",
        "tuple[tuple[str, tuple[str, ...]], ...]": "table of arrays of strings",
        "tuple[Effect, ...]": "array of effects",
    }.get(text, text)


def _info(prefix: str, field: Any) -> KeyInfo:
    meta = field.metadata
    default = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = default.factory()
    return KeyInfo(
        path=f"{prefix}.{field.name}",
        type=_type_name(field.type),
        default=default,
        clauses=tuple(meta["clause"].split()),
        doc=meta["doc"],
        choices=meta["choices"],
        minimum=meta["min"],
        maximum=meta["max"],
    )


#: The tables written once per item, by their TOML key: ``[ranks.RANK]``, ``[cards.CODE]``
#: (DECK-CARD), with the :class:`Variant` field holding them.
ITEM_TABLES: dict[str, tuple[type, str]] = {
    "ranks": (Rank, "ranks"),
    "cards": (CardRule, "card_rules"),
}


def item_table(path: str) -> str | None:
    """The per-item table a key path is in (``ranks.+2.score``: ``ranks``), or None.

    >>> item_table("ranks.+2.score"), item_table("deal.hand_size")
    ('ranks', None)
    """
    head = path.split(".", 1)[0]
    return head if head in ITEM_TABLES and "." in path else None


def iter_tables() -> Iterator[tuple[str, type]]:
    """The schema's tables in file order: each section, and ``ranks.*`` (per rank) and
    ``cards.*`` (per card) after deck.

    This is the one walk of the schema: the key reference, the loader, the writer and the
    comparison of variants all go through it.

    >>> [t for t, _ in iter_tables()][:3]
    ['players', 'deck', 'ranks.*']
    """
    for section, cls in _SECTIONS.items():
        yield section, cls
        if section == "deck":
            for item, (cls_, _) in ITEM_TABLES.items():
                yield f"{item}.*", cls_


def iter_keys() -> Iterator[KeyInfo]:
    """Every rule key of the schema, sections in file order (``ranks.*`` for per-rank keys).

    >>> next(iter_keys()).path
    'players.min'
    """
    for table, cls in iter_tables():
        for field in attrs.fields(cls):
            yield _info(table, field)


def iter_values(v: Variant) -> Iterator[tuple[str, str, Any]]:
    """Every key of a resolved variant: its table, its path and its value, in schema order.

    >>> from ena_rules import load_variant
    >>> next(iter_values(load_variant("official")))
    ('players', 'players.min', 2)
    """
    for table, cls in iter_tables():
        item = table[:-2] if table.endswith(".*") else ""
        tables = (
            [(f"{item}.{code}", r) for code, r in getattr(v, ITEM_TABLES[item][1])]
            if item
            else [(table, getattr(v, table))]
        )
        for prefix, obj in tables:
            for field in attrs.fields(cls):
                yield prefix, f"{prefix}.{field.name}", getattr(obj, field.name)


_KEY_INFO: dict[str, KeyInfo] = {}


def key_info(path: str) -> KeyInfo | None:
    """The schema of a key path (``ranks.+2.score`` maps to ``ranks.*.score``, ``cards.SQ.effects``
    to ``cards.*.effects``).

    >>> key_info("cards.SQ.effects").path, key_info("no.such.key")
    ('cards.*.effects', None)
    """
    if not _KEY_INFO:
        _KEY_INFO.update((k.path, k) for k in iter_keys())
    parts = path.split(".")
    if parts[0] in ITEM_TABLES and len(parts) >= 3:
        path = f"{parts[0]}.*." + parts[-1]
    return _KEY_INFO.get(path)
