"""Variants: every rule that differs between sources, as data.

A variant is a TOML file (see docs/variants.md). This module holds its typed, frozen form; every
field carries the clause id(s) of docs/rules.md it implements and a one-line description in
its ``metadata``, from which docs/variant-keys.md is generated
(:func:`ena_rules.variant.reference.render_key_reference`).

>>> from ena_rules import load_variant
>>> v = load_variant("official")
>>> v.deal.cut, v.deal.hand_size
('highest', 7)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from ..cards import Card, parse_card
from ..cards.notation import color_name, color_symbol, known_color
from ..errors import CardError
from .keys import (
    Actions,
    Challenge,
    Deal,
    Deck,
    Effect,
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
from .keys_family import DrawColor, Mercy
from .keys_play import PlayRules
from .keys_time import TimeRules
from .ops import EFFECT_OPS, draw_count, effects_clause

__all__ = [
    "EFFECT_OPS",
    "Actions",
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
]


@attrs.frozen
class Citation:
    """Where a variant's value for one key comes from."""

    clause: tuple[str, ...]
    source: str = ""
    note: str = ""


@attrs.frozen
class Variant:
    """A resolved variant: every rule key with its value, plus where each value comes from."""

    name: str
    description: str = ""
    extends: str = attrs.field(default="", eq=False)
    players: Players = attrs.field(factory=Players)
    deck: Deck = attrs.field(factory=Deck)
    ranks: tuple[tuple[str, Rank], ...] = ()
    deal: Deal = attrs.field(factory=Deal)
    first_card: FirstCard = attrs.field(factory=FirstCard)
    turn: Turn = attrs.field(factory=Turn)
    actions: Actions = attrs.field(factory=Actions)
    challenge: Challenge = attrs.field(factory=Challenge)
    uno: Uno = attrs.field(factory=Uno)
    overtake: Overtake = attrs.field(factory=Overtake)
    stacking: Stacking = attrs.field(factory=Stacking)
    penalties: Penalties = attrs.field(factory=Penalties)
    play: PlayRules = attrs.field(factory=PlayRules)
    scoring: Scoring = attrs.field(factory=Scoring)
    view: View = attrs.field(factory=View)
    time: TimeRules = attrs.field(factory=TimeRules)
    mercy: Mercy = attrs.field(factory=Mercy)
    draw_color: DrawColor = attrs.field(factory=DrawColor)
    citations: tuple[tuple[str, Citation], ...] = attrs.field(default=(), eq=False, repr=False)
    _rank_map: dict[str, Rank] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _cite_map: dict[str, Citation] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _deck: tuple[Card, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _deck_set: frozenset[Card] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _answers: dict[str, tuple[str, ...]] = attrs.field(init=False, eq=False, repr=False, hash=False)
    wild_ranks: frozenset[str] = attrs.field(init=False, eq=False, repr=False, hash=False)
    """The coloured ranks of kind wild (C8-WILD): they play on any card."""
    not_on_same: frozenset[str] = attrs.field(init=False, eq=False, repr=False, hash=False)
    """The ranks that may not be played on their own rank (MAU-JACK-ON-JACK)."""
    _cut_values: dict[str, int] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _names: dict[str, str] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_rank_map", dict(self.ranks))
        object.__setattr__(self, "_cite_map", dict(self.citations))
        cards: list[Card] = []
        for color in self.deck.colors:
            for rank, copies in self.deck.colored:
                cards.extend(Card(color, rank) for _ in range(copies))
        for rank, copies in self.deck.wild:
            cards.extend(Card(None, rank) for _ in range(copies))
        object.__setattr__(self, "_deck", tuple(cards))
        object.__setattr__(self, "_deck_set", frozenset(cards))
        object.__setattr__(self, "_answers", self._stack_table())
        wilds = {rank for rank, r in self.ranks if r.kind == "wild"}
        object.__setattr__(self, "wild_ranks", frozenset(wilds))
        same = frozenset(rank for rank, r in self.ranks if r.not_on_same_rank)
        object.__setattr__(self, "not_on_same", same)
        order = self.deck.cut_order
        cut = {rank: i for i, rank in enumerate(order)}
        if not order:
            cut = {rank: int(rank) for rank, _ in self.deck.colored if rank.isdigit()}
        object.__setattr__(self, "_cut_values", cut)
        names = {c: color_name(c) for c in self.deck.colors if known_color(c)}
        names.update(self.deck.color_names)
        object.__setattr__(self, "_names", names)

    def _stack_table(self) -> dict[str, tuple[str, ...]]:
        """HOUSE-STACK ``stacking.answer``, widened by NM-STACK ``stacking.by_value``: each
        draw rank answered by every draw rank of the same (or a higher) count."""
        table = dict(self.stacking.answer)
        rule = self.stacking.by_value
        if rule == "off":
            return table
        counts = {r: draw_count(rank) for r, rank in self.ranks}
        draws = [r for r, n in (*self.deck.colored, *self.deck.wild) if n and counts.get(r)]
        for p in draws:
            ok = [
                r
                for r in draws
                if counts[r] == counts[p] or (rule == "equal_or_higher" and counts[r] > counts[p])
            ]
            table[p] = tuple(dict.fromkeys((*table.get(p, ()), *ok)))
        return table

    @property
    def cards(self) -> tuple[Card, ...]:
        """The whole deck in canonical order: per colour the coloured ranks, then the wilds."""
        return self._deck

    def in_deck(self, card: Card) -> bool:
        """True if the deck has at least one copy of ``card``."""
        return card in self._deck_set

    def stack_answers(self, pending_rank: str) -> tuple[str, ...]:
        """The ranks a victim may answer a pending draw of ``pending_rank`` with (HOUSE-STACK)."""
        return self._answers.get(pending_rank, ())

    def stack_key(self, pending_rank: str, rank: str) -> str:
        """The key that decides whether a card of ``rank`` answers a pending draw of
        ``pending_rank``: NM-STACK ``stacking.by_value`` for a draw card when stacking is by
        value and ``stacking.answer`` does not list it; else HOUSE-STACK ``stacking.answer``.

        >>> from ena_rules import load_variant
        >>> load_variant("no-mercy").stack_key("+4", "W+6")
        'stacking.by_value'
        """
        if self.stacking.by_value == "off" or not self.has_rank(rank):  # the hot path: off
            return "stacking.answer"
        listed = any(p == pending_rank and rank in ranks for p, ranks in self.stacking.answer)
        return (
            "stacking.answer" if listed or not draw_count(self.rank(rank)) else "stacking.by_value"
        )

    def suited_wild(self, card: Card) -> bool:
        """True for a coloured card whose rank is of kind wild (C8-WILD: an eight; MAU-JACK)."""
        return card.rank in self.wild_ranks and card.color is not None

    def plays_as_wild(self, card: Card) -> bool:
        """True for a card that plays on any card: a wild, or a suited wild (C8-WILD)."""
        return card.color is None or card.rank in self.wild_ranks

    def rank_kind(self, rank: str) -> str:
        """A rank's kind: ``number``, ``action`` or ``wild`` (DECK-DECLARE ``ranks.*.kind``;
        ``auto``: digits are a number, W... a wild, any other an action).

        >>> from ena_rules import load_variant
        >>> [load_variant("official").rank_kind(r) for r in ("7", "S", "W+4")]
        ['number', 'action', 'wild']
        """
        kind = self._rank_map[rank].kind if rank in self._rank_map else "auto"
        if kind != "auto":
            return kind
        if rank.isdigit():
            return "number"
        return "wild" if rank.startswith("W") else "action"

    def cut_value(self, rank: str) -> int | None:
        """What a card of ``rank`` counts in the cut (``deck.cut_order``), or None for a
        non-number card (DEAL-CUT-OFF)."""
        return self._cut_values.get(rank)

    def hand_size(self, players: int) -> int:
        """Cards dealt to each of ``players`` (C8-HAND ``deal.hand_size_by_players``, else
        DEAL-SEVEN ``deal.hand_size``)."""
        for count, size in self.deal.hand_size_by_players:
            if count == str(players):
                return size
        return self.deal.hand_size

    def color_word(self, code: str) -> str:
        """The name of one of the deck's colours (``deck.color_names``): ``red``, ``spades``."""
        return self._names.get(code) or color_name(code)

    def describe_cards(self) -> str:
        """What a card code of this deck may be, in words (the end of a parse error).

        >>> from ena_rules import load_variant
        >>> load_variant("official").describe_cards()[-36:]
        '8, 9, S, R or +2, or a wild W or W+4'
        """

        def words(items: list[str]) -> str:
            return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"

        colors = list(self.deck.colors)
        suits = all(c in ("S", "H", "D", "C") for c in colors)
        symbols = [color_symbol(c) for c in colors]
        text = f"a {'suit' if suits else 'colour'} {words(colors)}"
        if all(symbols):
            text += f" (or {' '.join(symbols)})"
        colored = [rank for rank, n in self.deck.colored if n]
        wild = [rank for rank, n in self.deck.wild if n]
        if colored:
            text += f" followed by a rank {words(colored)}"
        if wild:
            text += f", or a wild {words(wild)}"
        return text

    def parse_card(self, text: str) -> Card:
        """A card code of this deck: a :class:`CardError` saying what the deck allows when
        the code is not one (DECK-DECLARE)."""
        try:
            card = parse_card(text)
        except CardError:
            card = None
        if card is None or not self.in_deck(card):
            raise CardError(
                f"{text!r}: not a card of the {self.name} deck; expected {self.describe_cards()}"
            )
        return card

    def rank(self, rank: str) -> Rank:
        """The definition of a rank (``KeyError`` if the variant has none)."""
        return self._rank_map[rank]

    def has_rank(self, rank: str) -> bool:
        """True if the rank is defined (it may still have no copies in the deck)."""
        return rank in self._rank_map

    def clause(self, key_path: str) -> str:
        """The clause id a verdict cites for a key: the variant's citation, else the schema's.

        >>> from ena_rules import load_variant
        >>> load_variant("ena.toml").clause("deal.cut")
        'DEAL-CUT-ENA'
        """
        cite = self._cite_map.get(key_path)
        if cite is not None and cite.clause:
            return cite.clause[0]
        parts = key_path.split(".")
        if parts[0] == "ranks" and parts[-1] == "effects" and self.has_rank(parts[1]):
            wild = any(rank == parts[1] for rank, _ in self.deck.wild)
            return effects_clause(self.rank(parts[1]), wild=wild)
        info = key_info(key_path)
        return info.clauses[0] if info is not None and info.clauses else "DECK-WC"

    def citation(self, key_path: str) -> Citation | None:
        """The variant file's own citation for a key, if it gave one."""
        return self._cite_map.get(key_path)


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
    text = tp.__name__ if isinstance(tp, type) else str(tp).replace(f"{__name__}.", "")
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


def iter_tables() -> Iterator[tuple[str, type]]:
    """The schema's tables in file order: each section, and ``ranks.*`` (per rank) after deck.

    This is the one walk of the schema: the key reference, the loader, the writer and the
    comparison of variants all go through it.

    >>> [t for t, _ in iter_tables()][:3]
    ['players', 'deck', 'ranks.*']
    """
    for section, cls in _SECTIONS.items():
        yield section, cls
        if section == "deck":
            yield "ranks.*", Rank


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
        tables = (
            [(f"ranks.{rank}", r) for rank, r in v.ranks]
            if table == "ranks.*"
            else [(table, getattr(v, table))]
        )
        for prefix, obj in tables:
            for field in attrs.fields(cls):
                yield prefix, f"{prefix}.{field.name}", getattr(obj, field.name)


_KEY_INFO: dict[str, KeyInfo] = {}


def key_info(path: str) -> KeyInfo | None:
    """The schema of a key path (``ranks.+2.score`` maps to ``ranks.*.score``)."""
    if not _KEY_INFO:
        _KEY_INFO.update((k.path, k) for k in iter_keys())
    parts = path.split(".")
    if parts[0] == "ranks" and len(parts) >= 3:
        path = "ranks.*." + parts[-1]
    return _KEY_INFO.get(path)
