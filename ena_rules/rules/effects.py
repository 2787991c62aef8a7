"""The effect primitives a card may compose: a registry, one function per op.

Each :class:`Primitive` has its op name, the clause it implements, a description (the
schema's list of ops, :data:`EFFECT_OPS`, and docs/variants.md#effects come from it) and the
function that applies it to a :class:`Resolution`. A card's effects run in the order its rank
lists them (docs/variants.md#effects); nothing here knows a particular card.

This module imports no state at run time: the variant schema reads :data:`EFFECT_OPS` and
:func:`effects_clause` from it.

>>> list(EFFECT_OPS)[:3], REGISTRY["draw"].clause
(['skip', 'skip_all', 'reverse'], 'ACT-D2')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from ..cards import COLOR_NAMES
from ..shuffle import derive_seed, shuffled
from . import windows

if TYPE_CHECKING:
    from ..cards import Card
    from ..variant import Effect, Rank
    from .work import Work

__all__ = [
    "EFFECT_OPS",
    "REGISTRY",
    "Primitive",
    "Resolution",
    "acts_turned_up",
    "card_needs",
    "draw_count",
    "effects_clause",
    "moves_hands",
    "resolve",
]


class Resolution:
    """One card's effects being applied from ``seat``: what they add up to so far."""

    __slots__ = ("card", "code", "count", "flip", "key", "reversed", "seat", "skips", "tseat", "w")

    def __init__(
        self, w: Work, seat: int, card: Card, code: str | None, tseat: int | None, *, flip: bool
    ) -> None:
        self.w = w
        self.seat = seat
        self.card = card
        self.code = code
        self.tseat = tseat
        self.flip = flip
        self.key = f"ranks.{card.rank}.effects"
        self.skips = 0
        self.count = 0
        self.reversed = False


@attrs.frozen
class Primitive:
    """One effect primitive: its op, clause, description and the function applying it."""

    op: str
    clause: str
    doc: str
    run: Callable[[Resolution, Effect], None] = attrs.field(repr=False)
    needs_color: bool = False
    needs_target: bool = False
    moves_hands: bool = False


def _skip(r: Resolution, eff: Effect) -> None:
    """ACT-SKIP: the next ``count`` players lose their turn."""
    r.skips += eff.count


def _skip_all(r: Resolution, eff: Effect) -> None:
    """DECK-WC (a house card): every other player is skipped."""
    r.skips += r.w.n - 1
    r.w.note(r.key, f"Every other player is skipped: {r.w.name(r.seat)} plays again.")


def _reverse(r: Resolution, eff: Effect) -> None:
    """ACT-REV: play reverses; ACT-REV-2P: with two players it is a Skip
    (``actions.two_player_reverse``), except for a card turned up (FLIP-REV decides)."""
    w = r.w
    if w.n == 2 and w.v.actions.two_player_reverse == "skip" and not r.flip:
        r.skips += 1
        w.note("actions.two_player_reverse", "With two players the Reverse acts as a Skip.")
        return
    w.direction = -w.direction
    r.reversed = True
    w.note(r.key, f"Play now runs {'clockwise' if w.direction == 1 else 'counter-clockwise'}.")


def _draw(r: Resolution, eff: Effect) -> None:
    """ACT-D2, ACT-WD4: the next player must draw ``count`` (added up; see discard.owe)."""
    r.count += eff.count


def _choose_color(r: Resolution, eff: Effect) -> None:
    """ACT-WILD: the player names the next colour."""
    if r.code is not None:
        r.w.color = r.code
        r.w.note(r.key, f"{r.w.name(r.seat)} names {COLOR_NAMES[r.code]}.")


def _swap_hands(r: Resolution, eff: Effect) -> None:
    """HOUSE-SEVEN-ZERO: the player swaps hands with the target they name."""
    w, seat, other = r.w, r.seat, r.tseat
    if other is None:
        return
    w.hands[seat], w.hands[other] = w.hands[other], w.hands[seat]
    w.note(r.key, f"{w.name(seat)} swaps hands with {w.name(other)}.")
    windows.hand_change(w, (seat, other))


def _rotate_hands(r: Resolution, eff: Effect) -> None:
    """HOUSE-SEVEN-ZERO: every hand passes one seat in the direction of play."""
    w = r.w
    old = list(w.hands)
    for i in range(w.n):
        w.hands[(i + w.direction) % w.n] = old[i]
    w.note(r.key, "Every hand passes one seat in the direction of play.")
    windows.hand_change(w, tuple(range(w.n)))


def _shuffle_hands(r: Resolution, eff: Effect) -> None:
    """DECK-WSH: every hand is collected (from the player's seat on), shuffled with the
    round's next shuffle seed, and dealt out one at a time from the next player."""
    w, seat = r.w, r.seat
    cards: list[Card] = []
    for i in range(w.n):
        cards.extend(w.hands[(seat + i) % w.n])
    w.shuffles += 1
    if w.s.partial:  # nobody saw the new hands: every hand is unknown (sizes as dealt)
        cards = [c if c.rank == "?" else type(c)(None, "?") for c in cards]
    mixed = shuffled(cards, derive_seed(w.s.seed, w.shuffles))
    new: list[list[Card]] = [[] for _ in range(w.n)]
    x = w.step(seat)
    for c in mixed:
        new[x].append(c)
        x = w.step(x)
    w.hands = [tuple(h) for h in new]
    w.note(r.key, f"All hands are shuffled and dealt out from {w.name(w.step(seat))}.")
    windows.hand_change(w, tuple(range(w.n)))


#: The effect primitives, by op: one function each, with its clause and description.
REGISTRY: dict[str, Primitive] = {
    p.op: p
    for p in (
        Primitive("skip", "ACT-SKIP", "the next `count` players lose their turn", _skip),
        Primitive(
            "skip_all",
            "DECK-WC",
            "every other player loses their turn: the player goes again",
            _skip_all,
        ),
        Primitive(
            "reverse",
            "ACT-REV",
            "the direction of play reverses (with two players: see actions.two_player_reverse)",
            _reverse,
        ),
        Primitive(
            "draw",
            "ACT-D2",
            "the next player must draw `count` cards (pending while it may be answered)",
            _draw,
        ),
        Primitive(
            "choose_color",
            "ACT-WILD",
            "the player names the next colour",
            _choose_color,
            needs_color=True,
        ),
        Primitive(
            "swap_hands",
            "HOUSE-SEVEN-ZERO",
            "the player swaps hands with a target player they name",
            _swap_hands,
            needs_target=True,
            moves_hands=True,
        ),
        Primitive(
            "rotate_hands",
            "HOUSE-SEVEN-ZERO",
            "every hand passes one seat in the direction of play",
            _rotate_hands,
            moves_hands=True,
        ),
        Primitive(
            "shuffle_hands",
            "DECK-WSH",
            "all hands are collected, shuffled and dealt evenly from the next player",
            _shuffle_hands,
            moves_hands=True,
        ),
    )
}

#: The effect primitives a card may compose (docs/variants.md#effects), from the registry.
EFFECT_OPS: dict[str, str] = {op: p.doc for op, p in REGISTRY.items()}


def resolve(
    w: Work, seat: int, card: Card, code: str | None, tseat: int | None, *, flip: bool = False
) -> Resolution:
    """Apply ``card``'s primitives from ``seat``, in order; the skips and draw they add up to."""
    r = Resolution(w, seat, card, code, tseat, flip=flip)
    for eff in w.v.rank(card.rank).effects:
        REGISTRY[eff.op].run(r, eff)
    return r


def card_needs(rank: Rank) -> tuple[bool, bool]:
    """Whether a card of ``rank`` names a colour, and whether it names a target player."""
    chooses = swaps = False
    for e in rank.effects:
        p = REGISTRY[e.op]
        chooses = chooses or p.needs_color
        swaps = swaps or p.needs_target
    return chooses, swaps


def moves_hands(rank: Rank) -> bool:
    """Whether a card of ``rank`` moves hands (swap, rotate, shuffle)."""
    return any(REGISTRY[e.op].moves_hands for e in rank.effects)


def draw_count(rank: Rank) -> int:
    """The cards a card of ``rank`` makes the next player draw."""
    return sum(e.count for e in rank.effects if e.op == "draw")


def acts_turned_up(rank_name: str, rank: Rank) -> bool:
    """FLIP-ACTION, ``ranks.*.turned_up``: whether a card of this rank turned up at the deal
    applies its effects: ``"acts"``; ``"inert"``; by default (``"unless_number"``) an action
    card does and a number card (its rank a number: 002 "skip, draw two, reverse, atau wild",
    004 "Kalau kartu pertama adalah kartu aksi") does not. Naming a colour is not an action:
    FLIP-WILD decides who names it."""
    if rank.turned_up == "inert" or (rank.turned_up == "unless_number" and rank_name.isdigit()):
        return False
    return any(e.op != "choose_color" for e in rank.effects)


def effects_clause(rank: Rank, *, wild: bool) -> str:
    """The clause a rank's effects cite when the variant file gives none: a wild with an
    effect beyond naming a colour is a house card (DECK-WC); otherwise the clause of its
    first primitive (ACT-SKIP, ACT-REV, ACT-D2, ACT-WILD, ...)."""
    ops = [e.op for e in rank.effects]
    if wild and any(op != "choose_color" for op in ops):
        return "DECK-WC"
    return REGISTRY[ops[0]].clause if ops else "DECK-WC"
