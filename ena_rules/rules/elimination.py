"""Elimination (HR-ELIMINATION): at a round's end the player holding the most cards leaves.

The game goes on with the others, seated as they were; the last one left wins. The seat list
itself shrinks (``GameState.players``, ``scores``, ``hands``): every later event, deal and
score knows only the players still in the game. docs/decisions.md D-ELIMINATION-TIE says who
leaves when several hold the most cards (``scoring.elimination_tie``).

>>> from ena_rules import load_variant_text
>>> v = load_variant_text(
...     'name = "e"\\nextends = "official"\\n[scoring]\\nelimination = "most_cards"')
>>> from ena_rules.cards import parse_card as c
>>> leavers(v, 0, [(), (c("R1"), c("R2")), (c("W"),)])
(1,)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from ..cards import Card
from ..game.state import RoundResult
from ..variant import Variant

if TYPE_CHECKING:
    from .work import Work

__all__ = ["eliminate", "leavers"]


def leavers(v: Variant, winner: int, hands: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """HR-ELIMINATION (``scoring.elimination``, ``scoring.elimination_tie``): the seats that
    leave after a round won by ``winner``: the one holding the most cards; on a tie the one
    whose hand is worth the most points (``hand_value``; still tied: nobody), all of them
    (``all``), or nobody (``nobody``)."""
    if v.scoring.elimination == "off":
        return ()
    others = [i for i in range(len(hands)) if i != winner]
    if not others:
        return ()
    most = max(len(hands[i]) for i in others)
    tied = [i for i in others if len(hands[i]) == most]
    if len(tied) == 1:
        return (tied[0],)
    rule = v.scoring.elimination_tie
    if rule == "all":
        return tuple(tied)
    if rule == "nobody":
        return ()
    values = {i: sum(v.rank(c.rank).score for c in hands[i]) for i in tied}
    top = max(values.values())
    worst = [i for i in tied if values[i] == top]
    return (worst[0],) if len(worst) == 1 else ()


def eliminate(w: Work, winner: int, dealer: int) -> int:
    """Remove the round's leavers from the game (after the round's points are added); returns
    the next dealer's new seat. With one player left the game is over and they win."""
    out = leavers(w.v, winner, w.hands)
    if not out:
        if w.v.scoring.elimination != "off":
            w.note(
                "scoring.elimination_tie",
                "Several hold the most cards: nobody leaves.",
                "HR-ELIMINATION",
            )
        return dealer
    for x in out:
        w.note(
            "scoring.elimination",
            f"{w.name(x)} holds the most cards ({len(w.hands[x])}) and leaves the game "
            f"with {w.scores[x]} points.",
            "HR-ELIMINATION",
        )
    stay = [i for i in range(w.n) if i not in out]
    new = {old: k for k, old in enumerate(stay)}
    while dealer in out:  # the deal passes on to the next player still in the game
        dealer = (dealer + 1) % w.n
    last = w.s.last_round
    result = (
        None
        if last is None
        else RoundResult(new.get(last.winner, 0), tuple(last.points[i] for i in stay))
    )
    w.s = attrs.evolve(
        w.s,
        players=tuple(w.s.players[i] for i in stay),
        out=w.s.out + tuple(w.s.players[i] for i in out),
        last_round=result,
        last_player=None,
        turn=0,
    )
    for x in out:  # D-ELIMINATION-FINAL: the leaver's cards go under the discard pile
        w.discard = tuple(w.hands[x]) + tuple(w.discard)
    w.hands = [w.hands[i] for i in stay]
    w.scores = tuple(w.scores[i] for i in stay)
    w.blind = tuple(w.blind[i] for i in stay) if w.blind else ()
    w.n = len(stay)
    w.turn = 0
    w.last_player = None
    w.reveal = None
    w.challenge = None
    return new[dealer]
