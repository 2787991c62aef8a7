"""Hands whose count is open: a partial state read with longer hands.

A table record that does not say how many cards a draw took (a draw until playable, to a
colour: HOUSE-DRAW-UNTIL, DRAW-COLOR, FLIP2-WDC) leaves the drawer's count open: at least what
the reading shows. :mod:`ena_rules.log.table_record` judges the lines after it on these
readings too (docs/table-records.md): the hand one card longer or as long as the pile allows, and
the pile run out before or after its reshuffle.

>>> from ena_rules import apply, load_variant, new_game
>>> from ena_rules.rules.chance import deal_event
>>> from ena_rules.rules.unseen import forget
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> s = forget(apply(s, deal_event(s, seed=3)).state)
>>> most_more(s, 0), len(one_more(s, 1, most_more(s, 1)).hands[1])
(93, 100)
"""

from __future__ import annotations

import attrs

from ..game.state import GameState
from .mercy import over_limit
from .unknown import UNKNOWN

__all__ = ["most_more", "one_more", "pile_drawn"]


def one_more(s: GameState, seat: int, count: int = 1) -> GameState | None:
    """The hand of ``seat`` holding ``count`` more cards nobody saw, taken from the draw pile's
    unseen cards (its last ones): a hand whose count is open (a draw of unseen cards nobody
    counted), read longer. ``None`` when the pile holds fewer unseen cards, or when such a
    hand would have left the game (NM-MERCY).

    >>> from ena_rules import apply, load_variant, new_game
    >>> from ena_rules.rules.chance import deal_event
    >>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    >>> from ena_rules.rules.unseen import forget
    >>> s = forget(apply(s, deal_event(s, seed=3)).state)
    >>> [len(h) for h in one_more(s, 0, 2).hands], len(s.draw_pile) - len(one_more(s, 0).draw_pile)
    ([9, 7], 1)
    """
    pile = s.draw_pile
    taken = {i for i in range(len(pile)) if pile[i] == UNKNOWN}
    taken = set(sorted(taken)[len(taken) - count :]) if count else set()
    hand = (*(UNKNOWN,) * count, *s.hands[seat])
    if len(taken) < count or over_limit(s.variant, len(hand)):
        return None
    rest = tuple(c for i, c in enumerate(pile) if i not in taken)
    hands = (*s.hands[:seat], hand, *s.hands[seat + 1 :])
    return attrs.evolve(s, hands=hands, draw_pile=rest)


def most_more(s: GameState, seat: int) -> int:
    """The most cards nobody saw the open hand of ``seat`` may hold beyond those it shows: the
    draw pile's unseen cards, as long as the hand stays in the game (NM-MERCY)."""
    more = sum(1 for c in s.draw_pile if c == UNKNOWN)
    held = len(s.hands[seat])
    while more and over_limit(s.variant, held + more):
        more -= 1
    return more


def pile_drawn(s: GameState, *, reshuffled: bool = True) -> GameState | None:
    """The draw pile emptied by the draws of hands whose count is open (how many each took
    stays open: the hands show what they did): ``reshuffled``, a reshuffle refilled it
    (TURN-RESHUFFLE: the discard pile but its top card, unseen again), else the next draw
    reshuffles. ``None`` when nothing is left to reshuffle (or, not ``reshuffled``, the pile
    is empty already).

    >>> from ena_rules import load_variant, new_game
    >>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    >>> pile_drawn(s) is None
    True
    """
    if len(s.discard) <= 1 or (not reshuffled and not s.draw_pile):
        return None
    if not reshuffled:
        return attrs.evolve(s, draw_pile=())
    return attrs.evolve(
        s,
        draw_pile=(UNKNOWN,) * (len(s.discard) - 1),
        discard=s.discard[-1:],
        shuffles=s.shuffles + 1,
    )
