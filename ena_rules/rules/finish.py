"""Finishing restrictions: which card may not be a player's last (HR-FINISH-WILD,
HR-FINISH-ACTION).

A forbidden last card is not playable: played anyway on one's turn it is a wrong card
(PEN-WRONG-OFF, ``penalties.wrong_card``), as an overtake a bad one (PEN-ENA); the player
holding only it draws, as a player with nothing playable (docs/decisions.md D-HR-FINISH).

>>> from ena_rules import load_variant
>>> from ena_rules.testing import start_round
>>> v = load_variant("crazy")
>>> s = start_round(v, ["ana", "bor"], dealer="ana", hands=[[], ["W"]], turned="R5")
>>> forbidden(s, 1, s.hands[1][0]) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import draw_count
from .judgement import Judgement, reject

if TYPE_CHECKING:
    from ..cards import Card
    from ..game.state import GameState

__all__ = ["forbidden"]


def forbidden(s: GameState, seat: int, card: Card) -> Judgement | None:
    """HR-FINISH-WILD (``play.no_wild_finish``): a wild may not be the last card;
    HR-FINISH-ACTION (``play.no_draw_finish``): nor may a card with a draw effect. ``None``:
    ``card`` is not ``seat``'s last card, or it may be."""
    rules = s.variant.play
    if not (rules.no_wild_finish or rules.no_draw_finish) or len(s.hands[seat]) != 1:
        return None
    if rules.no_wild_finish and card.color is None:
        return reject("play.no_wild_finish", f"{card} is a wild: it may not be the last card")
    if rules.no_draw_finish and draw_count(s.variant.rank_of(card)):
        return reject("play.no_draw_finish", f"{card} draws: it may not be the last card")
    return None
