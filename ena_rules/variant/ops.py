"""The effect primitives a card may compose: the schema's catalogue of ops.

A rank's ``effects`` (docs/variants.md#effects) is a list of these ops; each has the clause it
implements, a description (:data:`EFFECT_OPS`, and docs/variants.md#effects come from it) and
what it asks of the card's player (a colour, a target). This module holds the catalogue as
data; the rules package (:mod:`ena_rules.rules.effects`) gives each op the one function that
applies it, and checks that the two name the same ops.

>>> list(EFFECT_OPS)[:3], OPS["draw"].clause
(['skip', 'skip_all', 'reverse'], 'ACT-D2')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from .keys_deck import Rank

__all__ = [
    "EFFECT_OPS",
    "OPS",
    "Op",
    "card_needs",
    "draw_count",
    "effects_clause",
    "moves_hands",
]


@attrs.frozen
class Op:
    """One effect primitive as the schema knows it: its name, clause, description and asks."""

    op: str
    clause: str
    doc: str
    needs_color: bool = False
    needs_target: bool = False
    moves_hands: bool = False


#: The effect primitives, by op, with their clause and description.
OPS: dict[str, Op] = {
    o.op: o
    for o in (
        Op("skip", "ACT-SKIP", "the next `count` players lose their turn"),
        Op("skip_all", "DECK-WC", "every other player loses their turn: the player goes again"),
        Op(
            "reverse",
            "ACT-REV",
            "the direction of play reverses (with two players: see actions.two_player_reverse)",
        ),
        Op(
            "draw",
            "ACT-D2",
            "the next player must draw `count` cards (pending while it may be answered)",
        ),
        Op("choose_color", "ACT-WILD", "the player names the next colour", needs_color=True),
        Op(
            "swap_hands",
            "HOUSE-SEVEN-ZERO",
            "the player swaps hands with a target player they name",
            needs_target=True,
            moves_hands=True,
        ),
        Op(
            "rotate_hands",
            "HOUSE-SEVEN-ZERO",
            "every hand passes one seat in the direction of play",
            moves_hands=True,
        ),
        Op(
            "shuffle_hands",
            "DECK-WSH",
            "all hands are collected, shuffled and dealt evenly from the next player",
            moves_hands=True,
        ),
        Op(
            "draw_until_color",
            "DRAW-COLOR",
            "the next player draws until a card of a colour comes, keeping every card: the "
            "colour in force (draw_color.chooser = player: a wild's choose_color names it "
            "first), or one they name (victim); a skip after it costs them the turn",
        ),
        Op(
            "discard_color",
            "NM-DISCARD-ALL",
            "the player also puts down every card of the card's colour from their hand, "
            "under the card played",
        ),
        Op(
            "flip",
            "FLIP2-FLIP",
            "the whole game turns over (a two-sided deck): the discard pile as a pile, then the "
            "draw pile as a pile, then every hand; the other side is in play",
        ),
    )
}

#: The effect primitives a card may compose (docs/variants.md#effects): op -> description.
EFFECT_OPS: dict[str, str] = {op: o.doc for op, o in OPS.items()}


def card_needs(rank: Rank) -> tuple[bool, bool]:
    """Whether a card of ``rank`` names a colour, and whether it names a target player."""
    chooses = swaps = False
    for e in rank.effects:
        o = OPS[e.op]
        chooses = chooses or o.needs_color
        swaps = swaps or o.needs_target
    return chooses, swaps


def moves_hands(rank: Rank) -> bool:
    """Whether a card of ``rank`` moves hands (swap, rotate, shuffle)."""
    return any(OPS[e.op].moves_hands for e in rank.effects)


def draw_count(rank: Rank) -> int:
    """The cards a card of ``rank`` makes the next player draw."""
    return sum(e.count for e in rank.effects if e.op == "draw")


def effects_clause(rank: Rank, *, wild: bool) -> str:
    """The clause a rank's effects cite when the variant file gives none: a wild with an
    effect beyond naming a colour is a house card (DECK-WC); otherwise the clause of its
    first primitive (ACT-SKIP, ACT-REV, ACT-D2, ACT-WILD, ...)."""
    ops = [e.op for e in rank.effects]
    if wild and any(op != "choose_color" for op in ops):
        return "DECK-WC"
    return OPS[ops[0]].clause if ops else "DECK-WC"
