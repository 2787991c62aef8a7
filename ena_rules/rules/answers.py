"""Answering a draw owed by sending it elsewhere: deflection (HR-DEFLECT-REVERSE,
HR-DEFLECT-SKIP).

Deflection is read from the effect primitives, not from card names: while a draw of a rank
listed in ``play.deflect_back`` is owed, a card with a ``reverse`` effect and no ``draw``
effect sends it back to the player who sent it (who put the top card down); for a rank of
``play.deflect_on``, a card with a ``skip`` effect and no ``draw`` passes it on to the next
player. The deflecting card goes down in any colour, its effects apply (a Reverse reverses
play; its skips are spent: the turn goes to the new victim), and the same count stays owed,
of the same rank, so it may be stacked or deflected again (docs/decisions.md D-HR-DEFLECT).

>>> from ena_rules import load_variant
>>> v = load_variant("crazy")
>>> deflection(v, "+2", v.rank("R")), deflection(v, "W+4", v.rank("S")), deflection(
...     v, "+2", v.rank("5"))
('play.deflect_back', 'play.deflect_on', None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import scoring, windows
from .discard import owe
from .effects import resolve

if TYPE_CHECKING:
    from ..cards import Card
    from ..variant import Rank, Variant
    from .work import Work

__all__ = ["deflect", "deflection"]


def deflection(v: Variant, pending_rank: str, rank: Rank) -> str | None:
    """The key by which a card of ``rank`` deflects an owed draw of ``pending_rank``:
    HR-DEFLECT-REVERSE ``play.deflect_back`` (a reverse effect), HR-DEFLECT-SKIP
    ``play.deflect_on`` (a skip effect), or ``None``. A card that draws never deflects (it
    stacks, HOUSE-STACK). NM-STACK-ANSWER: No Mercy lists no rank in either key."""
    back, on = v.play.deflect_back, v.play.deflect_on
    if not back and not on:
        return None
    ops = {e.op for e in rank.effects}
    if "draw" in ops:
        return None
    if "reverse" in ops and pending_rank in back:
        return "play.deflect_back"
    if "skip" in ops and pending_rank in on:
        return "play.deflect_on"
    return None


def deflect(w: Work, seat: int, card: Card, code: str | None, tseat: int | None, key: str) -> None:
    """HR-DEFLECT-REVERSE / HR-DEFLECT-SKIP: ``seat`` puts ``card`` down on the draw it owes;
    the draw goes back to its sender (``play.deflect_back``) or on to the next player
    (``play.deflect_on``), the same count of the same rank, still to be answered. A challenge
    of the Wild Draw Four lapses (only its victim could make it, D-HR-DEFLECT). With the
    deflecting card as the last card (END-LAST-DRAW, ``scoring.last_draw_counts``) the new
    victim draws the count and the round ends."""
    s = w.s
    p = s.pending
    assert p is not None
    sender = s.last_player if s.last_player is not None else w.step(seat, -1)
    w.remove(seat, card)
    w.discard = (*w.discard, card)
    if card.color is not None:
        w.color = card.color
    windows.open_overtaking(w, seat)
    windows.close_pending(w)
    if len(w.hands[seat]) == 1:
        windows.expose_uno(w, seat)
    last = not w.hands[seat]
    if not last:
        resolve(w, seat, card, code, tseat)  # a Reverse reverses; its skips are spent on this
    victim = sender if key == "play.deflect_back" else w.step(seat)
    way = "back to" if key == "play.deflect_back" else "on to"
    w.note(key, f"{card} sends the owed +{p.count} {way} {w.name(victim)}.")
    if last:
        if w.v.scoring.last_draw_counts:
            w.take(victim, p.count, "scoring.last_draw_counts", "the deflected draw")
        scoring.last_card(w, seat, card, code, False)
        return
    owe(w, victim, p.count, p.rank, w.step(victim), flip=False)
