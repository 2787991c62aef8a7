"""What a player must do about a turn's draw: forced play (HR-FORCED-PLAY), playing the card
drawn (HR-FORCED-DRAWN), the death draw (HR-DEATH-DRAW) and the hand limit (HR-HAND-LIMIT).

These rules only forbid (a Draw, a Pass) or stop a turn's draw; the draw itself stays
:func:`ena_rules.rules.turn.perform_draw`'s. An owed draw (a draw card, a stack, a penalty)
is never refused nor limited (docs/decisions.md D-HR-FORCED, D-HR-HAND-LIMIT).

>>> from ena_rules import load_variant
>>> draws_until_playable(load_variant("official")), draws_until_playable(load_variant("draw-until"))
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .judgement import Judgement, reject
from .unknown import is_unknown

if TYPE_CHECKING:
    from ..cards import Card
    from ..game.state import GameState
    from ..variant import Variant
    from .work import Work

__all__ = [
    "at_hand_limit",
    "draw_refused",
    "drawn_card_key",
    "draws_until_playable",
    "may_refuse_turn_end",
    "pass_refused",
]


def draws_until_playable(v: Variant) -> bool:
    """HOUSE-DRAW-UNTIL (``turn.draw = "until_playable"``), or HR-DEATH-DRAW
    (``play.death_draw``, the same draw whatever ``turn.draw`` says): a turn's draw goes on
    until a playable card comes."""
    return v.turn.draw == "until_playable" or v.play.death_draw


def drawn_card_key(v: Variant) -> str | None:
    """The key that makes a playable drawn card a must (HR-FORCED-DRAWN
    ``play.must_play_drawn``, HR-DEATH-DRAW ``play.death_draw``), or None."""
    if v.play.must_play_drawn:
        return "play.must_play_drawn"
    return "play.death_draw" if v.play.death_draw else None


def may_refuse_turn_end(v: Variant) -> bool:
    """Whether a [play] key may refuse a turn's Draw (HR-FORCED-PLAY) or a Pass after a draw
    (HR-FORCED-DRAWN, HR-DEATH-DRAW); without one both are always open."""
    return v.play.forced or drawn_card_key(v) is not None


def draw_refused(
    s: GameState, seat: int, playable: Callable[[GameState, int, Card, bool], Judgement]
) -> Judgement | None:
    """HR-FORCED-PLAY (``play.forced``): a turn's draw (not an owed one) by a player holding a
    card ``playable`` accepts (asked yes or no: ``why=False``) is refused, naming the first
    such card. Only known cards are asked; what a
    partial state's unknown cards leave open is :func:`ena_rules.rules.unseen.apply_partial`'s."""
    if not s.variant.play.forced or s.phase != "play":
        return None
    for card in dict.fromkeys(s.hands[seat]):  # each distinct card once, in the hand's order
        if is_unknown(card):
            continue  # a partial state: rules.unseen reads what the unknown cards may be
        if playable(s, seat, card, False).accepted:
            name = s.players[seat]
            return reject(
                "play.forced", f"{name} holds a playable card ({card}): play it, do not draw"
            )
    return None


def pass_refused(s: GameState, seat: int) -> Judgement | None:
    """HR-FORCED-DRAWN (``play.must_play_drawn``), HR-DEATH-DRAW (``play.death_draw``): the
    playable card just drawn must be played; a Pass is refused."""
    key = drawn_card_key(s.variant)
    if key is None:
        return None
    return reject(key, f"{s.players[seat]} must play the drawn card ({s.drawn}): no pass")


def at_hand_limit(w: Work, seat: int) -> bool:
    """HR-HAND-LIMIT (``play.hand_limit``): ``seat`` holds the limit, so a turn's draw takes
    no (further) card; noted once."""
    limit = w.v.play.hand_limit
    if not limit or len(w.hands[seat]) < limit:
        return False
    w.note(
        "play.hand_limit",
        f"{w.name(seat)} holds {len(w.hands[seat])} cards, the hand limit: no card is drawn.",
    )
    return True
