"""The consistency checks of the deck and its cards: the ``[deck]`` table, the ``[ranks.*]`` and
``[cards.*]`` tables (docs/variants.md, Checks), and what the other checks ask of the deck
(which ranks it holds, which draw). :mod:`ena_rules.variant.checks` runs them, by name, in its
order.

>>> from ena_rules import load_variant
>>> sorted(_in_deck(load_variant("official")))[:3]
['+2', '0', '1']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..cards.notation import (
    builtin_color,
    color_name,
    color_symbol,
    known_color,
    parse_card,
    register_color,
)
from ..errors import CardError, VariantError
from .schema import Variant

__all__: list[str] = []

#: How a check raises: ``fail(key_path, message)`` is the :class:`~ena_rules.VariantError` to raise.
Fail = Callable[[str, str], VariantError]


def _absent(v: Variant, rank: str) -> str:
    """The message for a rank a key names and the deck lacks: it names the deck's keys too (a
    two-sided deck lists its cards in ``deck.pairs``, FLIP2-DECK)."""
    keys = "deck.pairs" if v.deck.pairs else "deck.colored, deck.wild"
    return f"rank {rank!r} is not in the deck ({keys})"


def _in_deck(v: Variant) -> set[str]:
    if v.deck.pairs:  # FLIP2-DECK: the ranks of both faces
        return {c.rank for card in v.cards for c in (card, card.flipped)}
    return {rank for rank, n in (*v.deck.colored, *v.deck.wild) if n}


def _each_in_deck(v: Variant, fail: Fail, key: str, ranks: Iterable[str]) -> None:
    """Every rank listed at ``key`` is in the deck; the first that is not fails at ``key[i]``."""
    in_deck = _in_deck(v)
    for i, rank in enumerate(ranks):
        if rank not in in_deck:
            raise fail(f"{key}[{i}]", _absent(v, rank))


def _draws(v: Variant, rank: str) -> bool:
    return "draw" in [e.op for e in v.rank(rank).effects]


def _definitions(v: Variant) -> list[tuple[str, str, Any]]:
    """Every rank's and card's definition: its table, its rank, its keys (DECK-CARD)."""
    cards = [parse_card(code) for code, _ in v.card_rules]
    return [
        *((f"ranks.{rank}", rank, r) for rank, r in v.ranks),
        *((f"cards.{c}", c.rank, v.rank_of(c)) for c in cards),
    ]


# -- the checks of the deck and its ranks -----------------------------------------------------


def _colours(v: Variant, fail: Fail) -> None:
    """Colours are known to the notation (R Y G B, the suits S H D C) or declared with a name
    (``deck.color_names``), each once, at least one; a declared name or symbol agrees with the
    notation's (a code names one colour in every deck; a file extending another may leave some
    of its colours out); the declared colours become known."""
    names, symbols = dict(v.deck.color_names), dict(v.deck.color_symbols)
    for c in symbols:
        if c not in names and not builtin_color(c):
            raise fail(f"deck.color_symbols.{c}", f"colour {c!r} has no name in deck.color_names")
    for c in (*v.deck.colors, *v.deck.back_colors):
        if c not in names and not builtin_color(c):
            key = "deck.colors" if c in v.deck.colors else "deck.back_colors"
            raise fail(
                key,
                f"unknown colour {c!r}; expected some of R, Y, G, B (or the suits S, H, D, C), "
                f"or declare its name in deck.color_names",
            )
    if len(set(v.deck.colors)) != len(v.deck.colors) or not v.deck.colors:
        raise fail("deck.colors", "expected at least one colour, each once")
    for c in dict.fromkeys(
        [*v.deck.colors, *v.deck.back_colors, *names]
    ):  # a name of a colour left out still agrees
        name = names.get(c, color_name(c) if known_color(c) else "")
        symbol = symbols.get(c, color_symbol(c) if known_color(c) else "")
        try:
            register_color(c, name, symbol)
        except CardError as exc:
            key = "color_symbols" if c in symbols and "symbol" in str(exc) else "color_names"
            raise fail(f"deck.{key}.{c}", str(exc)) from None


def _ranks_defined(v: Variant, fail: Fail) -> None:
    """Coloured ranks do not start with W, wild ranks do; each rank in the deck is defined, in
    one table only."""
    both = {r for r, _ in v.deck.colored} & {r for r, _ in v.deck.wild}
    if both:
        rank = sorted(both)[0]
        raise fail(f"deck.wild.{rank}", f"rank {rank!r} is both in deck.colored and deck.wild")
    for table, wild in (("colored", False), ("wild", True)):
        for rank, n in getattr(v.deck, table):
            if not wild and (rank.startswith("W") or not rank):
                raise fail(
                    f"deck.{table}.{rank}", "a coloured rank may not start with W (wilds do)"
                )
            if wild and not rank.startswith("W"):
                raise fail(
                    f"deck.{table}.{rank}", "a wild rank must start with W (W, W+4, WS, ...)"
                )
            if n and not v.has_rank(rank):
                raise fail(
                    f"deck.{table}.{rank}",
                    f"rank {rank!r} is in the deck but has no [ranks.{rank}]",
                )


def _pairs(v: Variant, fail: Fail) -> None:
    """FLIP2-DECK: a two-sided deck names its two sides and the second side's colours, each
    once; each of ``deck.pairs`` is two faces, its first of a colour of ``deck.colors`` (or a
    wild), its second of ``deck.back_colors`` (or a wild), each rank defined."""
    d = v.deck
    if not (d.pairs or d.sides or d.back_colors):
        return
    if len(d.sides) != 2 or len(set(d.sides)) != 2:
        raise fail("deck.sides", f"a two-sided deck names its two sides, got {list(d.sides)}")
    if not d.back_colors or len(set(d.back_colors)) != len(d.back_colors):
        raise fail("deck.back_colors", "expected at least one colour, each once")
    if not d.pairs:
        raise fail("deck.pairs", "a two-sided deck lists its cards (R1|P3, ...)")
    for i, code in enumerate(d.pairs):
        faces = code.split("|")
        if len(faces) != 2:
            raise fail(f"deck.pairs[{i}]", f"{code!r}: expected two faces, as R1|P3")
        for face, colors, side in (
            (faces[0], d.colors, d.sides[0]),
            (faces[1], d.back_colors, d.sides[1]),
        ):
            _check_face(v, fail, f"deck.pairs[{i}]", face.strip().upper(), colors, side)


def _check_face(
    v: Variant, fail: Fail, path: str, face: str, colors: tuple[str, ...], side: str
) -> None:
    wild = face.startswith("W")
    rank = face if wild else face[1:]
    if not wild and face[:1] not in colors:
        raise fail(
            path, f"{face!r}: its {side} face is not of a {side} colour ({', '.join(colors)})"
        )
    if not rank or not v.has_rank(rank):
        raise fail(path, f"{face!r}: rank {rank!r} has no [ranks.{rank}]")


def _not_empty(v: Variant, fail: Fail) -> None:
    """The deck has at least one card."""
    if not _in_deck(v):
        if not v.extends:  # the usual cause: a house-rule file that forgot where it starts
            raise fail(
                "deck",
                "the deck has no cards: the file has no extends, so it starts from nothing; "
                'start it from a variant with extends = "ena" (or "official", ...)',
            )
        raise fail("deck", "the deck has no cards")


def _rank_declared(v: Variant, fail: Fail) -> None:
    """A rank declared with a kind has copies in the deck (it is listed in deck.colored or
    deck.wild); ``deck.cut_order`` lists ranks of the deck, each once."""
    listed = {rank for rank, _ in (*v.deck.colored, *v.deck.wild)} | _in_deck(v)
    for rank, r in v.ranks:
        if r.kind != "auto" and rank not in listed:
            raise fail(
                f"ranks.{rank}.kind",
                f"rank {rank!r} is declared ({r.kind}) but has no copies: list it in "
                + ("deck.pairs" if v.deck.pairs else "deck.colored or deck.wild"),
            )
    _each_in_deck(v, fail, "deck.cut_order", v.deck.cut_order)
    if len(set(v.deck.cut_order)) != len(v.deck.cut_order):
        raise fail("deck.cut_order", "each rank once")


def _card_tables(v: Variant, fail: Fail) -> None:
    """DECK-CARD: a ``[cards.CODE]`` table names a coloured card by its code as the notation
    writes it (``SQ``, not ``♠Q`` or ``sq``), of a colour and a rank the variant declares (like
    a rank's table, it may have no copies in the deck)."""
    for code, _ in v.card_rules:
        try:
            card = parse_card(code)
        except CardError:
            card = None
        if card is None or card.color is None:
            what = "a wild is its rank: write its effects in [ranks.RANK]" if card else "no card"
            raise fail(f"cards.{code}", f"{code!r}: {what}; expected {v.describe_cards()}")
        if str(card) != code:
            raise fail(f"cards.{code}", f"write the card's code as {str(card)!r}")
        if card.color not in v.deck.colors and card.color not in dict(v.deck.color_names):
            raise fail(
                f"cards.{code}",
                f"{code!r}: {card.color!r} is not a colour of this deck; expected "
                f"{v.describe_cards()}",
            )
        if not v.has_rank(card.rank):
            raise fail(f"cards.{code}", f"{code!r}: rank {card.rank!r} has no [ranks.{card.rank}]")


def _wild_colour(v: Variant, fail: Fail) -> None:
    """A wild (a rank starting with W, or of kind wild) chooses a colour (or has its victim
    name one: DRAW-COLOR, ``draw_color.chooser = "victim"``); no other rank does; a rank
    starting with W is of kind wild. A card's own effects (DECK-CARD) follow its rank."""
    victim_names = v.draw_color.chooser == "victim"
    for table, rank, r in _definitions(v):
        ops = [e.op for e in r.effects]
        wild = rank.startswith("W") or r.kind == "wild"
        if rank.startswith("W") and r.kind not in ("auto", "wild"):
            raise fail(f"{table}.kind", f"a rank starting with W is a wild, not {r.kind}")
        named = "choose_color" in ops or (victim_names and "draw_until_color" in ops)
        if wild and not named:
            raise fail(f"{table}.effects", 'a wild must include {op = "choose_color"}')
        if not wild and "choose_color" in ops:
            raise fail(
                f"{table}.effects",
                "only a wild (a rank starting with W) chooses a colour",
            )


def _challenge(v: Variant, fail: Fail) -> None:
    """A challengeable card has a restriction for the challenge to test."""
    for rank, r in v.ranks:
        if r.challengeable and not r.only_without_color_match:
            raise fail(
                f"ranks.{rank}.challengeable",
                "a challenge needs a restriction to test: set only_without_color_match",
            )


def _one_swap(v: Variant, fail: Fail) -> None:
    """A card swaps hands at most once (it names one target)."""
    for table, _, r in _definitions(v):
        if [e.op for e in r.effects].count("swap_hands") > 1:
            raise fail(f"{table}.effects", "one swap_hands per card (it names one target)")
