"""Several cards in one play (HR-MULTI-PLAY) and the bomb (HR-BOMB).

A :class:`~ena_rules.Play` with ``more`` puts down, after its ``card``, further number cards
of the same rank, any colours: the first must be playable as a one-card play would be, the
last sets the colour, and only number cards without an effect go down together (a 7 or a 0
of seven-zero acts, and is played alone: docs/decisions.md D-HR-MULTI). A play of at least
``play.bomb`` cards makes every other player draw one.

>>> from ena_rules import load_variant, Play
>>> from ena_rules.rules.turn import playable
>>> from ena_rules.testing import start_round
>>> s = start_round(load_variant("crazy"), ["ana", "bor"], dealer="ana",
...                 hands=[[], ["R5", "G5", "B9"]], turned="R1")
>>> [str(e.card) + "+" + ",".join(map(str, e.more)) for e in plays(s, 1, playable)]
['R5+G5']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..game.events import Play
from . import discard, scoring, windows
from .judgement import Judgement, reject
from .unknown import unknown_count, unseen_copies

if TYPE_CHECKING:
    from ..cards import Card
    from ..game.state import GameState
    from ..variant import Variant
    from .work import Work

__all__ = ["goes_together", "judge_more", "perform_multi", "plays"]


def goes_together(v: Variant, rank: str) -> bool:
    """HR-MULTI-PLAY: cards of ``rank`` may go down several at once: a number without effects
    (none of its cards with effects of its own: DECK-CARD)."""
    return (
        v.play.multi
        and rank.isdigit()
        and not v.rank(rank).effects
        and rank not in v.card_rule_ranks()
    )


def judge_more(s: GameState, seat: int, e: Play) -> Judgement | None:
    """HR-MULTI-PLAY (``play.multi``): the further cards of a play are allowed, of the first
    card's number, held (every copy), and put down on a turn's play (not on a draw owed, nor
    after drawing: then the one card alone). ``None``: a one-card play, or all is well.

    D-HR-MULTI-ORDER: the event's own form first (the rule on, one number, the cards held),
    then, for a player not due, nothing more here (the play is out of turn, judged as any
    out-of-turn play in every phase); the phase only for the player due."""
    if not e.more:
        return None
    v = s.variant
    listed = ", ".join(str(c) for c in (e.card, *e.more))
    if not v.play.multi:
        return reject("play.multi", f"this variant plays one card at a time, not {listed}")
    if not goes_together(v, e.card.rank):
        return reject(
            "play.multi", f"only number cards without an effect go down together, not {listed}"
        )
    for c in e.more:
        if c.rank != e.card.rank:
            return reject("play.multi", f"{c} is not a {e.card.rank}: one play, one number")
    held = Counter(s.hands[seat])
    # a partial state (table record, view): unknown cards may be these
    short = 0
    for c, n in Counter((e.card, *e.more)).items():
        missing = n - held[c]
        if missing > 0 and (not s.partial or unseen_copies(s, c) < missing):
            return reject("turn.from_hand", f"{s.players[seat]} does not hold {c} {n} times")
        short += max(missing, 0)
    if short > unknown_count(s.hands[seat]):
        return reject("turn.from_hand", f"{s.players[seat]} does not hold {listed}")
    if seat != s.turn or s.phase == "color":
        return None  # D-HR-MULTI-ORDER: out of turn, whatever the phase (turn.not_due)
    if s.phase != "play":
        return reject(
            "play.multi",
            f"{listed}: several cards go down only on a turn's play, not "
            + ("after a draw" if s.phase == "drawn" else "on a draw owed"),
        )
    return None


def perform_multi(w: Work, seat: int, e: Play) -> None:
    """HR-MULTI-PLAY: the cards go down in order, the last one last (it sets the colour and
    may make UNO due or end the round); HR-BOMB (``play.bomb``): with enough cards every
    other player draws one first (before a last card ends the round, as END-LAST-DRAW)."""
    cards = (e.card, *e.more)
    for c in cards[:-1]:
        w.remove(seat, c)
        w.discard = (*w.discard, c)
    w.note("play.multi", f"{e.player} plays {', '.join(map(str, cards))} at once.")
    bomb = w.v.play.bomb
    if not bomb or len(cards) < bomb:
        discard.put_down(w, seat, cards[-1], None, None, stack=False)
        return
    # D-HR-BOMB: the bomb goes off once the whole play is down (a reshuffle keeps its last
    # card on top), and before a last card ends the round (the cards drawn are scored)
    last = cards[-1]
    if len(w.hands[seat]) > 1:
        discard.put_down(w, seat, last, None, None, stack=False)
        _bomb(w, seat, len(cards))
        return
    w.remove(seat, last)
    w.discard = (*w.discard, last)
    w.color = last.color
    windows.open_overtaking(w, seat)
    _bomb(w, seat, len(cards))
    scoring.last_card(w, seat, last, None, False)


def _bomb(w: Work, seat: int, size: int) -> None:
    """HR-BOMB (``play.bomb``): every other player draws one, from the next in the direction
    of play."""
    w.note("play.bomb", f"A bomb of {size} cards: every other player draws one.")
    x = w.step(seat)
    while x != seat:
        w.take(x, 1, "play.bomb", "the bomb")
        x = w.step(x)


def plays(
    s: GameState, seat: int, playable: Callable[[GameState, int, Card, bool], Judgement]
) -> list[Play]:
    """HR-MULTI-PLAY: every play of several cards ``seat`` may make now, each in its one form
    (the cards between the first and the last in hand order, copies of a card together), its
    first card one that ``playable`` (:func:`ena_rules.rules.turn.playable`, asked yes or no)
    accepts.

    The groups of further cards are the sub-multisets of the hand's cards of the first card's
    rank, not its subsets: a hand of ``n`` copies of a card gives ``n`` groups, not ``2**n``;
    at most :data:`~ena_rules.variant.checks.MAX_MULTI_GROUPS` for a rank of a variant's deck
    (checked when it loads)."""
    v = s.variant
    if s.phase != "play" or not v.play.multi:
        return []
    hand = s.hands[seat]
    out: dict[Play, None] = {}
    name = s.players[seat]
    for first in dict.fromkeys(hand):
        if not goes_together(v, first.rank) or not playable(s, seat, first, False).accepted:
            continue
        rest = list(hand)
        rest.remove(first)
        same = Counter(c for c in rest if c.rank == first.rank)  # in hand order
        values = list(same)
        groups = [
            tuple(i for i, n in enumerate(counts) for _ in range(n))
            for counts in itertools.product(*(range(same[c] + 1) for c in values))
        ]
        for group in sorted((g for g in groups if g), key=lambda g: (len(g), g)):
            cards = [values[i] for i in group]
            for i in range(len(cards)):
                if i and group[i] == group[i - 1]:
                    continue  # the same card last: the same play
                middle = cards[:i] + cards[i + 1 :]
                out[Play(name, first, more=(*middle, cards[i]))] = None
    return list(out)
