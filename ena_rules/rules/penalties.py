"""The one penalty path: what a mistake costs, and what paying it does.

PEN-ENA, PEN-WRONG-OFF, UNO-FALSE, HR-TIME-LIMIT: a mistake costs the cards its penalty key
says; a key of 0 means the variant does not punish it, and the event is rejected instead (the
judgement is a ``reject``), unless the turn passing is itself the cost (``turn_costs``: a late
move, ``time.late = "pass"``). PEN-EFFECT: paying a penalty draws the cards and changes nothing
else, except that the offender's turn passes where the rule says so (a wrong card with
``penalties.wrong_card_turn = "pass"``, a late move with ``time.late = "pass"``).

>>> from ena_rules import load_variant
>>> cost(load_variant("ena"), "penalties.out_of_turn"), cost(load_variant("official"),
...     "penalties.out_of_turn")
(2, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..game.words import plural
from ..variant import Variant
from . import windows
from .judgement import Judgement, reject

if TYPE_CHECKING:
    from .work import Work

__all__ = ["PENALTY_KEYS", "cost", "mistake", "settle"]

#: Every key that prices a mistake, and how to read it from a variant.
PENALTY_KEYS: dict[str, Callable[[Variant], int]] = {
    "penalties.out_of_turn": lambda v: v.penalties.out_of_turn,
    "penalties.bad_overtake": lambda v: v.penalties.bad_overtake,
    "penalties.wrong_card": lambda v: v.penalties.wrong_card,
    "penalties.draw_too_many": lambda v: v.penalties.draw_too_many,
    "uno.false_catch_penalty": lambda v: v.uno.false_catch_penalty,
    "time.penalty": lambda v: v.time.penalty,
}


def cost(v: Variant, penalty: str) -> int:
    """The cards a mistake priced by ``penalty`` costs in ``v`` (0: not punished)."""
    return PENALTY_KEYS[penalty](v)


def mistake(
    v: Variant,
    penalty: str,
    *,
    key: str,
    reason: str,
    charge: str,
    costs: bool = True,
    detail: bool = False,
    passes_turn: bool = False,
    clause: str | None = None,
    turn_key: str = "penalties.wrong_card_turn",
    turn_costs: bool = False,
) -> Judgement:
    """The judgement of a mistake: punished with ``penalty``'s cards, or rejected (citing
    ``key``, ``reason``) where the variant sets it to 0 (but for ``turn_costs``: the turn
    passing, ``turn_key``, is the cost). ``charge`` is the penalty note, followed by ": a
    mistake costing N cards." when ``costs``."""
    count = cost(v, penalty)
    if count <= 0 and not (turn_costs and passes_turn):
        return reject(key, reason, clause)
    what = plural(count, "card") if count > 0 else "the turn"
    text = f"{charge}: a mistake costing {what}." if costs else charge
    return Judgement(
        "mistake", key, reason, clause, penalty, count, text, detail, passes_turn, turn_key
    )


def settle(w: Work, seat: int, j: Judgement) -> None:
    """PEN-EFFECT: the offender draws the penalty; the card stays in their hand; nothing else
    changes, but for PEN-WRONG-OFF (``penalties.wrong_card_turn = "pass"``): the turn passes,
    which is the offender's turn action (D-UNO-WINDOW: other players' UNO windows close)."""
    w.note(j.penalty, j.charge)
    if j.detail:
        w.note(j.key, f"{j.reason[0].upper()}{j.reason[1:]}.", j.clause)
    if j.count > 0:
        w.take(seat, j.count, j.penalty, "penalty")
    if j.passes_turn:
        windows.turn_taken(w, seat)
        w.turn = w.step(seat)
        w.phase = "play"
        w.drawn = None
        w.note(j.turn_key, f"The turn passes to {w.name(w.turn)}.")
