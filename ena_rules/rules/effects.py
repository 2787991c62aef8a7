"""The effect primitives a card may compose: one function per op, applied in order.

The schema's catalogue (:data:`ena_rules.variant.ops.OPS`) names each op, its clause, its
description and what it asks of the player; :data:`REGISTRY` gives each op the function that
applies it to a :class:`Resolution`, and the two must name the same ops (checked at import).
A card's effects run in the order its rank lists them, or its own table (DECK-CARD,
``[cards.SQ]``; docs/variants.md#effects): the packs' games compose theirs from the same ops
(MAU-SEVEN a draw and a skip, MAU-EIGHT a skip, the C8-HOUSE cards, C8-QUEEN's five), and so do
UNO Flip's (FLIP2-D1 and FLIP2-D5 a draw and a skip, FLIP2-SKIP-ALL the skip_all of DECK-WC,
FLIP2-WD2 and FLIP2-WDC a colour, a draw and a skip); nothing here knows a particular card.

>>> sorted(REGISTRY) == sorted(OPS)
True
>>> REGISTRY["draw"].clause
'ACT-D2'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from ..cards.notation import color_name
from ..cards.shuffle import derive_seed, shuffled
from ..game.words import a_word
from ..variant.ops import EFFECT_OPS, OPS, Op, card_needs, draw_count, effects_clause, moves_hands
from . import windows
from .unknown import turned_over

if TYPE_CHECKING:
    from ..cards import Card
    from ..variant import Effect, Rank, Variant
    from .work import Work

__all__ = [
    "EFFECT_OPS",
    "REGISTRY",
    "Primitive",
    "Resolution",
    "acts_turned_up",
    "card_needs",
    "draw_count",
    "draw_named_color",
    "draw_owed",
    "draws_to_color",
    "effects_clause",
    "moves_hands",
    "resolve",
]


class Resolution:
    """One card's effects being applied from ``seat``: what they add up to so far."""

    __slots__ = (
        "asks",
        "card",
        "code",
        "count",
        "exhausted",
        "flip",
        "key",
        "reversed",
        "seat",
        "skips",
        "tseat",
        "until",
        "w",
    )

    def __init__(
        self,
        w: Work,
        seat: int,
        card: Card,
        code: str | None,
        tseat: int | None,
        *,
        flip: bool,
        key: str,
    ) -> None:
        self.w = w
        self.seat = seat
        self.card = card
        self.code = code
        self.tseat = tseat
        self.flip = flip
        self.key = key  # DECK-CARD: cards.SQ.effects, else ranks.Q.effects
        self.skips = 0
        self.count = 0
        self.reversed = False
        self.asks: int | None = None  # DRAW-COLOR: the victim who names the colour
        self.exhausted = False  # DRAW-COLOR: no card of the colour could be drawn
        self.until = False  # FLIP2-WDC: the draw to the colour is owed (it may be challenged)


@attrs.frozen
class Primitive:
    """One effect primitive: its catalogue entry (op, clause, description) and its function."""

    spec: Op
    run: Callable[[Resolution, Effect], None] = attrs.field(repr=False)

    @property
    def clause(self) -> str:
        """The clause the primitive implements."""
        return self.spec.clause


def _skip(r: Resolution, eff: Effect) -> None:
    """ACT-SKIP: the next ``count`` players lose their turn."""
    r.skips += eff.count


def _skip_all(r: Resolution, eff: Effect) -> None:
    """DECK-WC (a house card), NM-SKIP-ALL (Skip Everyone): every other player is skipped."""
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
        r.w.note(r.key, f"{r.w.name(r.seat)} names {color_name(r.code)}.")


def _swap_hands(r: Resolution, eff: Effect) -> None:
    """HOUSE-SEVEN-ZERO, NM-SEVEN-ZERO: the player swaps hands with the target they name."""
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


def _draw_until_color(r: Resolution, eff: Effect) -> None:
    """DRAW-COLOR, NM-ROULETTE: the next player draws until a card of the colour in force comes
    (``draw_color.chooser = "player"``); with ``"victim"`` they name it first (a ChooseColor:
    :func:`draw_named_color`), so the card only asks them (``r.asks``)."""
    w = r.w
    victim = w.step(r.seat)
    if w.v.draw_color.chooser == "victim":
        r.asks = victim
        return
    if w.v.rank_of(r.card).challengeable and not r.flip:  # FLIP2-WDC: owed, challengeable
        r.until = True
        return
    r.exhausted = not draw_named_color(w, victim, w.color, r.key)


def draws_to_color(v: Variant, rank: str) -> bool:
    """Whether a card of ``rank`` makes its victim draw until a colour (DRAW-COLOR)."""
    return any(e.op == "draw_until_color" for e in v.rank(rank).effects)


def draw_owed(w: Work, seat: int, rank: str, count: int, key: str, why: str) -> bool:
    """A draw owed for a card of ``rank``: FLIP2-WDC (DRAW-COLOR) first until a card of the
    colour in force comes, for a card that draws to a colour; then ``count`` cards. False when
    no card of the colour could be drawn (``draw_color.exhausted`` decides the turn)."""
    found = draw_named_color(w, seat, w.color, key) if draws_to_color(w.v, rank) else True
    if count:
        w.take(seat, count, key, why)
    return found


def draw_named_color(w: Work, seat: int, color: str | None, key: str) -> bool:
    """DRAW-COLOR: ``seat`` draws one card at a time until one of ``color`` comes (a wild too
    where ``draw_color.wild_counts``), keeping them all; False when both piles ran dry first
    (``draw_color.exhausted`` then decides the turn)."""
    wilds = w.v.draw_color.wild_counts
    word = w.v.color_word(color) if color is not None else "any"
    one = a_word(word) if color is not None else "any"
    drawn = 0
    while True:
        before = len(w.hands[seat])
        if not w.take(seat, 1, key, "drawing to a colour", say=False):
            w.note(
                "draw_color.exhausted",
                f"{w.name(seat)} draws {drawn} and no {word} card "
                "can be drawn: the piles are exhausted.",
            )
            return False
        drawn += 1
        card = w.hands[seat][before]
        if (
            color is None
            or card.color == color
            or card.rank == "?"
            or (wilds and card.color is None)
        ):
            w.note(
                key,
                f"{w.name(seat)} draws {drawn} until {one} card "
                f"comes ({card}), and keeps them all.",
            )
            return True


def _discard_color(r: Resolution, eff: Effect) -> None:
    """NM-DISCARD-ALL: the player also puts down every card of the card's colour (the colour
    in force) from their hand, under the card played (which stays on top)."""
    w, seat = r.w, r.seat
    color = r.card.color or w.color
    same = [c for c in w.hands[seat] if c.color is not None and c.color == color]
    if not same:
        return
    for c in same:
        w.remove(seat, c)
    w.discard = (*w.discard[:-1], *same, w.discard[-1])
    w.note(r.key, f"{w.name(seat)} also discards {', '.join(map(str, same))}.")


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


def _flip(r: Resolution, eff: Effect) -> None:
    """FLIP2-FLIP: the game turns over, in the instruction sheet's order. The discard pile is
    turned over as a pile (the Flip goes to the bottom, the round's first discard comes on top
    showing its other face), then the draw pile (its bottom card comes on top), then every
    hand; the colour in force is the new top card's (FLIP2-WILD-TOP: a wild names none)."""
    w = r.w
    w.discard = tuple(turned_over(c) for c in reversed(w.discard))
    w.draw_pile = tuple(turned_over(c) for c in reversed(w.draw_pile))
    w.hands = [tuple(turned_over(c) for c in hand) for hand in w.hands]
    # what the state says of cards held turns over with them: the cards drawn blind stay
    # unseen by their drawer (HR-BLIND-DRAW, D-FLIP2-HOUSE), a hand shown stays shown
    w.blind = tuple(tuple(turned_over(c) for c in b) for b in w.blind)
    if w.reveal is not None:
        w.reveal = attrs.evolve(w.reveal, cards=tuple(turned_over(c) for c in w.reveal.cards))
    w.drawn = None if w.drawn is None else turned_over(w.drawn)
    w.side = 1 - w.side
    top = w.discard[-1]
    before, w.color = w.color, top.color
    side = w.v.side_name(w.side)
    w.note(r.key, f"The game turns over: the {side} side is in play; the top card is {top.face}.")
    if top.color is None:
        _flip_wild_top(w, top, before)


def _flip_wild_top(w: Work, top: Card, before: str | None) -> None:
    """FLIP2-WILD-TOP (``actions.flip_wild_top``): the wild face a Flip brought to the top
    names no colour (``open``), or the colour in force before the Flip goes on as its colour
    of the other side in ``actions.flip_colors`` (``keep_color``)."""
    a = w.v.actions
    pairs = dict(a.flip_colors)
    pairs.update({x: k for k, x in a.flip_colors})  # read both ways
    if a.flip_wild_top == "keep_color" and before is not None and before in pairs:
        w.color = pairs[before]
        w.note(
            "actions.flip_wild_top",
            f"The top card {top.face} names no colour: {w.v.color_word(before)} goes on as "
            f"{w.v.color_word(w.color)}.",
        )
        return
    w.note(
        "actions.flip_wild_top",
        f"The top card {top.face} names no colour: any card may be played on it.",
    )


_RUNNERS: dict[str, Callable[[Resolution, Effect], None]] = {
    "skip": _skip,
    "skip_all": _skip_all,
    "reverse": _reverse,
    "draw": _draw,
    "choose_color": _choose_color,
    "swap_hands": _swap_hands,
    "rotate_hands": _rotate_hands,
    "shuffle_hands": _shuffle_hands,
    "draw_until_color": _draw_until_color,
    "discard_color": _discard_color,
    "flip": _flip,
}
if set(_RUNNERS) != set(OPS):  # the catalogue and the mechanisms name the same ops
    raise RuntimeError(
        f"effect ops without a function or a catalogue entry: {set(_RUNNERS) ^ set(OPS)}"
    )

#: The effect primitives, by op: the catalogue's entry and the one function applying it.
REGISTRY: dict[str, Primitive] = {op: Primitive(OPS[op], run) for op, run in _RUNNERS.items()}


def resolve(
    w: Work, seat: int, card: Card, code: str | None, tseat: int | None, *, flip: bool = False
) -> Resolution:
    """Apply ``card``'s primitives from ``seat``, in order; the skips and draw they add up to."""
    kind = w.v.kinds.get(card) or w.v.kind_of(card)
    r = Resolution(w, seat, card, code, tseat, flip=flip, key=kind.effects_key)
    for eff in kind.rank.effects:
        REGISTRY[eff.op].run(r, eff)
    return r


def acts_turned_up(rank_name: str, rank: Rank) -> bool:
    """FLIP-ACTION, ``ranks.*.turned_up``: whether a card of this rank turned up at the deal
    applies its effects: ``"acts"``; ``"inert"``; by default (``"unless_number"``) an action
    card does and a number card (its rank a number: 002 "skip, draw two, reverse, atau wild",
    004 "Kalau kartu pertama adalah kartu aksi") does not. Naming a colour is not an action:
    FLIP-WILD decides who names it."""
    number = rank.kind == "number" or (rank.kind == "auto" and rank_name.isdigit())
    if rank.turned_up == "inert" or (rank.turned_up == "unless_number" and number):
        return False
    return any(e.op != "choose_color" for e in rank.effects)
