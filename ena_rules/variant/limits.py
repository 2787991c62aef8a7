"""The limits of a variant file: the sizes that keep a file from making the referee hang (a
deck of a million cards, an endless ``extends`` chain), checked on the raw tables before
anything is built from them (docs/variants.md, Checks). :mod:`ena_rules.variant.checks`
re-exports them.

>>> MAX_DECK, MAX_RANKS, MAX_EXTENDS
(1000, 100, 16)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import COLORS
from ..errors import VariantError

__all__ = [
    "MAX_DECK",
    "MAX_EFFECTS",
    "MAX_EXTENDS",
    "MAX_FILE_BYTES",
    "MAX_MULTI_GROUPS",
    "MAX_RANKS",
    "check_limits",
]

#: The most cards a deck may have (the 108-card deck nine times over).
MAX_DECK = 1000
#: The most ranks a variant may define (``[ranks.*]``) or put in its deck.
MAX_RANKS = 100
#: The most effect primitives one card may compose.
MAX_EFFECTS = 8
#: The longest ``extends`` chain (a file, its parent, the parent's parent, ...).
MAX_EXTENDS = 16
#: The largest variant file read, in bytes.
MAX_FILE_BYTES = 1 << 20
#: HR-MULTI-PLAY: the most groups of cards of one number rank a hand may put down together
#: (the product over the colours of the deck's copies + 1; 4 copies a colour give 625), so
#: that ``legal_events`` lists every play of several cards in bounded time.
MAX_MULTI_GROUPS = 1024


def check_limits(raw: Mapping[str, Any], source: str) -> None:
    """The limits of :data:`MAX_RANKS`, :data:`MAX_EFFECTS` and :data:`MAX_DECK`, checked on
    the raw tables before anything is built from them (so nothing large is ever made).

    >>> check_limits({"ranks": {str(i): {} for i in range(101)}}, "big.toml")
    Traceback (most recent call last):
    ...
    ena_rules.errors.VariantError: big.toml: ranks: 101 ranks: at most 100 (MAX_RANKS) ...
    """
    for item, most in (("ranks", MAX_RANKS), ("cards", MAX_DECK)):  # DECK-CARD: per card
        tables = raw.get(item)
        if not isinstance(tables, Mapping):
            continue
        if len(tables) > most:
            limit = "MAX_RANKS" if item == "ranks" else "MAX_DECK"
            raise VariantError(
                f"{len(tables)} {item}: at most {most} ({limit}) may be defined",
                source=source,
                path=item,
            )
        for code, table in tables.items():
            effects = table.get("effects") if isinstance(table, Mapping) else None
            if isinstance(effects, list) and len(effects) > MAX_EFFECTS:
                raise VariantError(
                    f"{len(effects)} effects: a card composes at most {MAX_EFFECTS} (MAX_EFFECTS)",
                    source=source,
                    path=f"{item}.{code}.effects",
                )
    deck = raw.get("deck")
    if isinstance(deck, Mapping):
        _check_deck_size(deck, source)


def _copies(table: Any) -> tuple[int, int]:
    """How many ranks a deck table lists and how many copies in all (bad values count 0)."""
    if not isinstance(table, Mapping):
        return 0, 0
    counts = [n for n in table.values() if type(n) is int and n > 0]
    return len(table), sum(counts)


def _check_deck_size(deck: Mapping[str, Any], source: str) -> None:
    colors = deck.get("colors", COLORS)
    n_colors = len(colors) if isinstance(colors, list | tuple) else 0
    ranks_c, colored = _copies(deck.get("colored"))
    ranks_w, wild = _copies(deck.get("wild"))
    if ranks_c + ranks_w > MAX_RANKS:
        raise VariantError(
            f"{ranks_c + ranks_w} ranks in the deck: at most {MAX_RANKS} (MAX_RANKS)",
            source=source,
            path="deck",
        )
    pairs = deck.get("pairs")
    size = colored * n_colors + wild + (len(pairs) if isinstance(pairs, list) else 0)
    if size > MAX_DECK:
        raise VariantError(
            f"a deck of {size} cards: at most {MAX_DECK} (MAX_DECK)", source=source, path="deck"
        )
