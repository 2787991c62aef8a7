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

from collections.abc import Callable

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
from .keys_card import CardRule
from .keys_family import DrawColor, Mercy
from .keys_play import PlayRules
from .keys_time import TimeRules
from .kinds import CardKind, card_kind
from .ops import EFFECT_OPS, draw_count, effects_clause

# the key metadata, re-exported (KeyInfo and the iterators are in __all__; the others are read
# from here by the loader, the converter, the writer and the package)
from .schema_keys import _SECTIONS as _SECTIONS
from .schema_keys import ITEM_TABLES as ITEM_TABLES
from .schema_keys import KeyInfo, iter_keys, iter_tables, iter_values
from .schema_keys import item_table as item_table
from .schema_keys import key_info as key_info

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
]


def _face(code: str) -> Card:
    code = code.strip().upper()
    return Card(None, code) if code.startswith("W") else Card(code[:1], code[1:])


def _pair(code: str) -> Card:
    """A physical card of ``deck.pairs``, ``R1|P3``, read without the colour registry (its
    colours are declared by the same file; variant/checks_deck.py checks the codes)."""
    front, _, back = code.partition("|")
    face, other = _face(front), _face(back)
    return Card(face.color, face.rank, other)


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
    card_rules: tuple[tuple[str, CardRule], ...] = ()
    """The ``[cards.CODE]`` tables (DECK-CARD): one card's own rules, by card code."""
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
    _faces: frozenset[Card] = attrs.field(init=False, eq=False, repr=False, hash=False)
    two_sided: bool = attrs.field(init=False, eq=False, repr=False, hash=False)
    """True for a deck of two-sided cards (FLIP2-DECK ``deck.pairs``)."""
    _answers: dict[str, tuple[str, ...]] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _skip_answers: dict[str, tuple[str, ...]] = attrs.field(
        init=False, eq=False, repr=False, hash=False
    )
    wild_ranks: frozenset[str] = attrs.field(init=False, eq=False, repr=False, hash=False)
    """The coloured ranks of kind wild (C8-WILD): they play on any card."""
    not_on_same: frozenset[str] = attrs.field(init=False, eq=False, repr=False, hash=False)
    """The ranks that may not be played on their own rank (MAU-JACK-ON-JACK)."""
    _cut_values: dict[str, int] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _names: dict[str, str] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _by_card: dict[Card, Rank] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _card_ranks: frozenset[str] = attrs.field(init=False, eq=False, repr=False, hash=False)
    clauses: dict[str, str] = attrs.field(init=False, eq=False, repr=False, hash=False)
    """:meth:`clause`'s answers so far, by key path (asked for every note of every action:
    the referee reads this first, then asks :meth:`clause`). Read it, never change it."""
    kinds: dict[Card, CardKind] = attrs.field(init=False, eq=False, repr=False, hash=False)
    """Every card of the deck (both faces of a two-sided card) and what the rules ask of it
    (:mod:`ena_rules.variant.kinds`); :meth:`kind_of` answers for any card."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "clauses", {})
        object.__setattr__(self, "_rank_map", dict(self.ranks))
        object.__setattr__(self, "_by_card", self._card_definitions())
        object.__setattr__(self, "_card_ranks", frozenset(c.rank for c in self._by_card))
        object.__setattr__(self, "_cite_map", dict(self.citations))
        cards: list[Card] = [_pair(code) for code in self.deck.pairs]  # FLIP2-DECK
        one_sided = not cards
        for color in self.deck.colors if one_sided else ():
            for rank, copies in self.deck.colored:
                cards.extend(Card(color, rank) for _ in range(copies))
        for rank, copies in self.deck.wild if one_sided else ():
            cards.extend(Card(None, rank) for _ in range(copies))
        object.__setattr__(self, "_deck", tuple(cards))
        object.__setattr__(self, "_deck_set", frozenset(cards))
        both = dict.fromkeys((*cards, *(c.flipped for c in cards)))  # FLIP2-SIDE: either side
        kinds = {c: self.kind_of(c) for c in both if c.rank in self._rank_map}
        object.__setattr__(self, "kinds", kinds)
        faces = {c.face for c in cards} | {c.flipped.face for c in cards} if not one_sided else ()
        object.__setattr__(self, "_faces", frozenset(faces))
        object.__setattr__(self, "two_sided", not one_sided)
        object.__setattr__(self, "_answers", self._stack_table())
        object.__setattr__(self, "_skip_answers", dict(self.stacking.skip_answer))
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
        """True if the deck has at least one copy of ``card`` (a two-sided card: on either
        side in play)."""
        return card in self._deck_set or card.flipped in self._deck_set

    def shows_side(self, card: Card, side: int) -> bool:
        """True if a card of this deck shows its face of ``side`` (FLIP2-SIDE): the deck lists
        its cards first side in play."""
        return (card in self._deck_set) == (side == 0)

    @property
    def all_colors(self) -> tuple[str, ...]:
        """Every colour of the deck: ``deck.colors``, then a two-sided deck's ``back_colors``."""
        return (*self.deck.colors, *self.deck.back_colors)

    def side_colors(self, side: int) -> tuple[str, ...]:
        """The colours of the side in play (FLIP2-COLORS): ``deck.colors`` on the first side,
        ``deck.back_colors`` on the second."""
        return self.deck.back_colors if side else self.deck.colors

    def side_name(self, side: int) -> str:
        """The name of a side (``deck.sides``: light, dark); ``side 1``, ... if unnamed."""
        names = self.deck.sides
        return names[side] if side < len(names) else f"side {side + 1}"

    def stack_answers(self, pending_rank: str) -> tuple[str, ...]:
        """The ranks a victim may answer a pending draw of ``pending_rank`` with (HOUSE-STACK)."""
        return self._answers.get(pending_rank, ())

    def skip_answers(self, skip_rank: str) -> tuple[str, ...]:
        """MAU-EIGHT-ANSWER (``stacking.skip_answer``): the ranks a player skipped by a card
        of ``skip_rank`` may answer with, passing the skip on; none: the skip is immediate.

        >>> from ena_rules import load_variant
        >>> load_variant("mau-mau").skip_answers("8")
        ()
        """
        return self._skip_answers.get(skip_rank, ())

    def stack_key(self, pending_rank: str, rank: str) -> str:
        """The key that decides whether a card of ``rank`` answers a pending draw of
        ``pending_rank``: NM-STACK ``stacking.by_value`` for a draw card when stacking is by
        value and ``stacking.answer`` does not list it; else HOUSE-STACK ``stacking.answer``.

        >>> from ena_rules import load_variant
        >>> load_variant("no-mercy").stack_key("+4", "W+10")
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

        if self.deck.pairs:  # FLIP2-DECK: each side's faces, or a physical card
            sides = [f"{self.side_name(i)}: {self._faces_words(i, words)}" for i in range(2)]
            return f"a face in play ({'; '.join(sides)}), or a card as both faces, R1|P3"
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

    def _faces_words(self, side: int, words: Callable[[list[str]], str]) -> str:
        faces = [c if side == 0 else c.flipped for c in self._deck]
        colored = list(dict.fromkeys(c.rank for c in faces if c.color is not None))
        wild = list(dict.fromkeys(c.rank for c in faces if c.color is None))
        text = f"a colour {words(list(self.side_colors(side)))} followed by {words(colored)}"
        return text + (f", or a wild {words(wild)}" if wild else "")

    def has_face(self, card: Card) -> bool:
        """True for a face of a two-sided deck's card, on either side (FLIP2-SIDE: a player
        names the face in play), or a card of the deck."""
        if card.other is not None or not self.deck.pairs:
            return self.in_deck(card)
        return card in self._faces

    def parse_card(self, text: str) -> Card:
        """A card code of this deck: a :class:`CardError` saying what the deck allows when
        the code is not one (DECK-DECLARE)."""
        try:
            card = parse_card(text)
        except CardError:
            card = None
        if card is None or not self.has_face(card):
            raise CardError(
                f"{text!r}: not a card of the {self.name} deck; expected {self.describe_cards()}"
            )
        return card

    def rank(self, rank: str) -> Rank:
        """The definition of a rank (``KeyError`` if the variant has none)."""
        return self._rank_map[rank]

    def _card_definitions(self) -> dict[Card, Rank]:
        """DECK-CARD: each card with a ``[cards.CODE]`` table, as its rank's definition with
        the card's own keys (a code that is no card, or a rank without a table: none; the
        checks name the fault)."""
        out: dict[Card, Rank] = {}
        for code, rule in self.card_rules:
            try:
                card = parse_card(code)
            except CardError:
                continue
            base = self._rank_map.get(card.rank)
            if base is not None:
                turned = base.turned_up if rule.turned_up == "rank" else rule.turned_up
                out[card] = attrs.evolve(base, effects=rule.effects, turned_up=turned)
        return out

    def rank_of(self, card: Card) -> Rank:
        """The definition ``card`` plays by: its rank's, with its own ``[cards.CODE]`` keys
        (DECK-CARD; ``KeyError`` if its rank has none).

        >>> from ena_rules import load_variant
        >>> from ena_rules.cards import Card
        >>> v = load_variant("crazy-eights-house")
        >>> [e.op for e in v.rank_of(Card("S", "Q")).effects], v.rank_of(Card("H", "Q")).effects
        (['draw', 'skip'], ())
        """
        if self._by_card:
            own = self._by_card.get(card)
            if own is not None:
                return own
        return self._rank_map[card.rank]

    def kind_of(self, card: Card) -> CardKind:
        """What the rules ask of ``card`` (:class:`~ena_rules.variant.kinds.CardKind`): the
        deck's cards are in :attr:`kinds`; this works one out for any card whose rank the
        variant defines (``KeyError`` otherwise).

        >>> from ena_rules import load_variant
        >>> from ena_rules.cards import Card
        >>> load_variant("official").kind_of(Card("R", "S")).effects_key
        'ranks.S.effects'
        """
        return card_kind(self.rank_of(card), self.effects_key(card))

    def effects_key(self, card: Card) -> str:
        """The key a card's effects come from: ``cards.SQ.effects`` for a card with its own
        table (DECK-CARD), else ``ranks.Q.effects``."""
        if self._by_card and card in self._by_card:
            return f"cards.{card}.effects"
        return f"ranks.{card.rank}.effects"

    def card_rule_ranks(self) -> frozenset[str]:
        """The ranks of the cards that have their own table (DECK-CARD)."""
        return self._card_ranks

    def has_rank(self, rank: str) -> bool:
        """True if the rank is defined (it may still have no copies in the deck)."""
        return rank in self._rank_map

    def clause(self, key_path: str) -> str:
        """The clause id a verdict cites for a key: the variant's citation, else the schema's.

        >>> from ena_rules import load_variant
        >>> load_variant("ena.toml").clause("deal.cut")
        'DEAL-CUT-ENA'
        """
        known = self.clauses.get(key_path)
        if known is None:
            known = self._clause(key_path)
            if len(self.clauses) < 4096:  # bounded: a key path may come from input
                self.clauses[key_path] = known
        return known

    def _clause(self, key_path: str) -> str:
        cite = self._cite_map.get(key_path)
        if cite is not None and cite.clause:
            return cite.clause[0]
        parts = key_path.split(".")
        if parts[0] == "cards" and parts[-1] == "effects" and len(parts) == 3:
            return "DECK-CARD"
        if parts[0] == "ranks" and parts[-1] == "effects" and self.has_rank(parts[1]):
            wild = any(rank == parts[1] for rank, _ in self.deck.wild)
            return effects_clause(self.rank(parts[1]), wild=wild)
        info = key_info(key_path)
        return info.clauses[0] if info is not None and info.clauses else "DECK-WC"

    def citation(self, key_path: str) -> Citation | None:
        """The variant file's own citation for a key, if it gave one."""
        return self._cite_map.get(key_path)
