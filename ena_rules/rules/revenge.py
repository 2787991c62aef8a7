"""Revenge (HR-REVENGE, ``play.revenge``): a victim answering a draw card with a draw card
adds twice the answer's count; doubling (MAU-SEVEN, ``stacking.growth = "double"``): an answer
doubles the count owed.

>>> from ena_rules import load_variant
>>> load_variant("official").play.revenge
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game.state import Pending
    from .work import Work

__all__ = ["answer_count"]


def answer_count(w: Work, seat: int, added: int, pending: Pending) -> int:
    """HR-REVENGE (``play.revenge``): what a card answering ``pending`` from ``seat`` adds to
    it: its victim answering on their own turn (HOUSE-STACK) adds twice the card's count; a
    stacking overtake by another player (OVT-STACK) adds it once (docs/decisions.md
    D-HR-REVENGE). MAU-SEVEN (``stacking.growth = "double"``): the answer adds what is owed
    already, so the count doubles (docs/decisions.md D-MAU-SEVEN)."""
    if w.v.stacking.growth == "double":
        w.note("stacking.growth", f"The answer doubles the {pending.count} owed.")
        return pending.count
    if w.v.play.revenge and seat == pending.victim:
        w.note("play.revenge", f"Revenge: the answer adds twice its {added}, {2 * added}.")
        return 2 * added
    return added
