"""The mercy rule (NM-MERCY, ``mercy.limit``): a player whose hand reaches the limit is out of
the game at once, mid-round; the last player left wins the game.

It is checked once an event is done (docs/decisions.md D-NM-MERCY-WHEN): a stack is drawn in
full, a draw to a colour to its end, a 0's pass and a 7's swap complete, and then every hand at
the limit leaves. The leaver's cards go under the discard pile (D-ELIMINATION-FINAL: every
state still holds the whole deck); the seats after theirs move up, and every seat the state
names (the turn, a draw owed, the dealer, the UNO window) follows its player.

>>> from ena_rules import load_variant_text
>>> v = load_variant_text('name = "m"\\nextends = "official"\\n[mercy]\\nlimit = 25')
>>> over_limit(v, 24), over_limit(v, 25)
(False, True)
>>> remap([1], 4, 1)(2), remap([1], 4, 1)(1), remap([1], 4, -1)(1)
(1, 1, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs

from ..cards import Card
from ..game.state import ChallengeWindow, GameState, Pending, RoundResult
from ..variant import Variant

if TYPE_CHECKING:
    from .work import Work

__all__ = ["apply_mercy", "held_after", "over_limit", "remap"]


def over_limit(v: Variant, cards: int) -> bool:
    """NM-MERCY, NM-MERCY-COUNT: whether a hand of ``cards`` is out (``mercy.limit``; at the
    limit or only above it, ``mercy.count``)."""
    limit = v.mercy.limit
    if not limit:
        return False
    return cards >= limit if v.mercy.count == "at_limit" else cards > limit


def remap(out: Sequence[int], n: int, direction: int) -> Callable[[int], int]:
    """The new seat of each old seat once the seats ``out`` leave: a leaver's seat passes to
    the next player still in the game in the direction of play."""
    stay = [i for i in range(n) if i not in out]
    new = {old: k for k, old in enumerate(stay)}

    def seat(x: int) -> int:
        while x not in new:
            x = (x + direction) % n
        return new[x]

    return seat


def apply_mercy(w: Work) -> None:
    """NM-MERCY: every player holding the limit leaves, their cards under the discard pile;
    with one player left the game is over and they win. Nothing at a round's end (the hands
    are collected) or in a partial state's unseen hands."""
    if w.phase in ("deal", "over", "cut") or not over_limit(w.v, max(map(len, w.hands))):
        return  # nobody at the limit (the largest hand is not)
    out = [i for i in range(w.n) if over_limit(w.v, len(w.hands[i]))]
    if not out:
        return
    for x in out:
        w.note(
            "mercy.limit",
            f"{w.name(x)} holds {len(w.hands[x])} cards and is out of the game "
            f"(the mercy rule: {w.v.mercy.limit}); their cards go under the discard pile.",
        )
        w.discard = tuple(w.hands[x]) + tuple(w.discard)
    _leave(w, out)
    if w.n == 1:
        w.phase = "over"
        w.pending = None
        w.drawn = None
        w.note(
            "scoring.winner", f"{w.name(0)} is the last player left and wins the game.", "NM-MERCY"
        )
        w.s = attrs.evolve(w.s, winner=0)


def _leave(w: Work, out: list[int]) -> None:
    """The seats ``out`` leave the seat list; every seat the state names follows its player."""
    seat = remap(out, w.n, w.direction)
    stay = [i for i in range(w.n) if i not in out]
    s = w.s
    if w.turn in out:  # the turn passes on (a drawn card was the leaver's)
        w.phase = "play" if w.phase == "drawn" else w.phase
        w.drawn = None
    p = w.pending
    if p is not None and p.victim in out:  # the owed draw leaves with its victim
        w.pending, w.phase = None, "play"
        w.turn = p.after
    elif p is not None:
        w.pending = Pending(seat(p.victim), p.count, p.rank, seat(p.after))
    c = w.challenge
    if c is not None:
        w.challenge = (
            None
            if c.offender in out or c.victim in out
            else ChallengeWindow(
                seat(c.offender), seat(c.victim), c.guilty, c.count, c.prev_color, c.unsure
            )
        )
    w.turn = seat(w.turn)
    w.reveal = None
    w.uno_exposed = tuple(seat(x) for x in w.uno_exposed if x not in out)
    w.out_called = tuple(seat(x) for x in w.out_called if x not in out)  # MAU-CALL-OUT
    w.last_player = None if w.last_player is None or w.last_player in out else seat(w.last_player)
    last = s.last_round
    w.s = attrs.evolve(
        s,
        players=tuple(s.players[i] for i in stay),
        out=s.out + tuple(s.players[i] for i in out),
        dealer=None if s.dealer is None else seat(s.dealer),
        last_round=None
        if last is None or last.winner in out
        else RoundResult(seat(last.winner), tuple(last.points[i] for i in stay)),
    )
    w.hands = [w.hands[i] for i in stay]
    w.scores = tuple(w.scores[i] for i in stay) if w.scores else ()
    w.blind = tuple(w.blind[i] for i in stay) if w.blind else ()
    w.n = len(stay)


def held_after(
    before: GameState, after: GameState, drawn: dict[str, int], player: str
) -> tuple[Card, ...]:
    """The hand ``player`` holds in ``after``; for a player the mercy rule took out in the
    event between the two states (which drew ``drawn``), the hand they left with: under the
    discard pile, the last leaver's lowest (D-NM-MERCY-SEATS), so a record's claim of the
    cards they drew can be checked.

    >>> from ena_rules import load_variant, new_game
    >>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    >>> held_after(s, s, {}, "ana")
    ()
    """
    if player in after.players:
        return after.hands[after.players.index(player)] if after.hands else ()
    if player not in before.players or not before.hands:
        return ()
    offset = 0
    for p in reversed([p for p in before.players if p not in after.players]):
        size = len(before.hands[before.players.index(p)]) + drawn.get(p, 0)
        if p == player:
            return after.discard[offset : offset + size]
        offset += size
    return ()
