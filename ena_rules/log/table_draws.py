"""Draws whose length unseen cards decide, in table records (docs/table-records.md).

A draw until playable (HOUSE-DRAW-UNTIL, HR-DEATH-DRAW) or to a colour (DRAW-COLOR,
NM-ROULETTE, FLIP2-WDC) from cards nobody saw stops at its first unseen card: the line's
``cards``, or a ``claim_drawn`` after it, says how many came. Without them the count is
**open**: the hand holds at least the cards the reading shows (:func:`opened`), and a later
line whose ruling the count decides is undetermined (:mod:`ena_rules.log.table_record`).

>>> from ena_rules import Draw, load_variant
>>> from ena_rules.cards import parse_card
>>> from ena_rules.log.table_record import table_deal
>>> from ena_rules.rules.referee import apply, new_game
>>> s = new_game(load_variant("draw-until"), ["ana", "bor"], dealer="ana")
>>> s = table_deal(s, (parse_card("R5"),)).state
>>> v = apply(s, Draw("bor"))
>>> v.drawn, opened(v)
((('bor', 1),), (1,))
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from ..game.events import Challenge, ChooseColor, Draw, Play
from ..game.state import replace
from ..game.verdict import Verdict
from ..rules.effects import draws_to_color
from ..rules.unseen import UNKNOWN
from .lines import DrawnClaim

__all__ = [
    "drawn_fits",
    "draws_text",
    "drew",
    "moved",
    "open_draw",
    "opened",
    "ruling",
    "same_ruling",
    "stopped_unseen",
    "until",
]


def open_draw(v: Verdict, c: DrawnClaim) -> bool:
    """Whether the last line left open what a ``claim_drawn`` says: an undetermined line, or
    a draw until playable (HOUSE-DRAW-UNTIL) that stopped at a card nobody saw."""
    return bool(v.alternatives) or until(v, c) is not v


def until(v: Verdict, c: DrawnClaim) -> Verdict | None:
    """HOUSE-DRAW-UNTIL, HR-DEATH-DRAW on unseen cards: a turn's draw until playable stops at
    its first card nobody saw (phase ``drawn``: the next line says whether it plays); a claim
    of ``count`` cards says how many came, the ones before the last unplayable. The verdict
    with them drawn, ``v`` itself if the claim adds nothing, ``None`` if the pile is short."""
    s = v.state
    count = dict(v.drawn).get(c.player, 0)
    if c.count is None or c.count <= count or not count or not stopped_unseen(v, c):
        return v
    more = c.count - count
    pile, pile_of, shuffles = s.draw_pile, s.discard, s.shuffles
    if len(pile) < more and len(pile_of) > 1:  # TURN-RESHUFFLE: the recycled cards, unseen
        pile = (*pile, *(UNKNOWN,) * (len(pile_of) - 1))
        pile_of, shuffles = pile_of[-1:], shuffles + 1
    if len(pile) < more or any(x != UNKNOWN for x in pile[:more]):
        return None
    seat = s.players.index(c.player)
    hands = list(s.hands)
    hands[seat] = (*hands[seat], *pile[:more])
    state = replace(
        s, hands=tuple(hands), draw_pile=pile[more:], discard=pile_of, shuffles=shuffles
    )
    drawn = tuple((p, n + more if p == c.player else n) for p, n in v.drawn)
    return attrs.evolve(v, state=state, drawn=drawn)


def drew(v: Verdict) -> int:
    """How many cards the line drew, whoever drew them (a challenge's outcome: the guilty
    player or the victim)."""
    return sum(n for _, n in v.drawn)


def draws_text(v: Verdict, player: str) -> str:
    """Who draws how many on the line, in each reading: "ana draws 5 or bor draws 2"."""
    said = [
        ", ".join(f"{p} draws {n}" for p, n in a.drawn) or f"{player} draws 0"
        for a in (v.alternatives or (v,))
        if not a.rejected
    ]
    return " or ".join(dict.fromkeys(said))


def stopped_unseen(v: Verdict, c: DrawnClaim) -> bool:
    """Whether the line's draw of ``c.player`` stopped at a card nobody saw: a turn's draw
    until playable (phase ``drawn``), or a draw to a colour (DRAW-COLOR: a ChooseColor of
    its victim, or the play of a card that makes the next player draw to one; FLIP2-WDC: the
    owed draw of a Wild Draw Color, drawn or the outcome of its challenge) that drew one."""
    s, e = v.state, v.event
    if isinstance(e, Draw) and s.phase == "drawn":
        return (
            e.player == c.player
            and s.drawn == UNKNOWN
            and (s.variant.turn.draw == "until_playable" or s.variant.play.death_draw)
        )
    rank = e.card.rank if isinstance(e, Play) else s.top.rank if s.top is not None else None
    if not isinstance(e, Play | ChooseColor | Draw | Challenge) or rank is None:
        return False
    if c.player not in s.players or not draws_to_color(s.variant, rank):
        return False
    hand = s.hands[s.players.index(c.player)]
    count = dict(v.drawn).get(c.player, 0)
    return UNKNOWN in hand[len(hand) - count :]


def drawn_fits(v: Verdict, c: DrawnClaim) -> bool:
    """Whether one reading's verdict gives ``c``: the count, and the cards where seen."""
    count = dict(v.drawn).get(c.player, 0)
    if c.count is not None and c.count != count:
        return False
    if c.cards is None:
        return True
    s = v.state
    hand = s.hands[s.players.index(c.player)] if s.hands and c.player in s.players else ()
    got = hand[len(hand) - count :] if count else ()
    if len(got) != len(c.cards):
        return False
    rest = Counter(c.cards) - Counter(x for x in got if x != UNKNOWN)
    return sum(rest.values()) <= sum(1 for x in got if x == UNKNOWN)


def ruling(v: Verdict) -> tuple[Any, ...]:
    """What a line's verdict says that a record can show: the same in every reading, or the
    line is undetermined."""
    s = v.state
    return (v.outcome, v.clause, v.key, v.drawn, v.skipped, s.round, s.phase, s.turn, s.players)


def opened(v: Verdict) -> tuple[int, ...]:
    """The seats whose draw on the line stopped at a card nobody saw with nothing noted (in
    one of its readings): their count is open (the hand holds at least what it shows)."""
    seats = {
        a.state.players.index(p)
        for a in v.alternatives or (v,)
        for p, n in a.drawn
        if n and p in a.state.players and stopped_unseen(a, DrawnClaim(p))
    }
    return tuple(sorted(seats))


def same_ruling(a: Verdict, b: Verdict) -> bool:
    """Whether two readings of a line rule alike (in each of their own readings)."""
    return {ruling(x) for x in a.alternatives or (a,)} == {
        ruling(x) for x in b.alternatives or (b,)
    }


def moved(v: Verdict, w: Verdict) -> set[int]:
    """Where a hand read one card longer (``w``) is after the line: the seats that hold more
    than in ``v`` (a swap or a rotation moves it, HOUSE-SEVEN-ZERO)."""
    a, b = v.state.hands, w.state.hands
    if len(a) != len(b) or v.state.phase in ("deal", "over"):
        return set()
    return {i for i in range(len(a)) if len(b[i]) > len(a[i])}
