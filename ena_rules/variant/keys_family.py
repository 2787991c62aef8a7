"""The tables of the family's later games: ``[mercy]`` (UNO Show 'Em No Mercy's mercy rule)
and ``[draw_color]`` (the shared "draw until a colour" primitive of No Mercy's Wild Color
Roulette and UNO Flip's Wild Draw Color, the ``draw_until_color`` op).

Every key is off (or inert) by default, so a variant that does not name them plays as before.
The readings the sources split on are in docs/decisions.md (D-NM-*);
:mod:`ena_rules.variant` re-exports the classes.

>>> Mercy().limit, DrawColor().chooser
(0, 'player')
>>> attrs.fields(Mercy).limit.metadata["clause"]
'NM-MERCY'
"""

from __future__ import annotations

import attrs

from .keys_field import _key

__all__ = ["DrawColor", "Mercy"]


@attrs.frozen
class Mercy:
    """The mercy rule: a player holding too many cards is out of the game at once."""

    limit: int = _key(
        0,
        "NM-MERCY",
        "a player whose hand reaches this many cards (mercy.count) is out of the game at once, "
        "their cards under the discard pile; the last player left wins (0: no mercy rule)",
        minimum=0,
        maximum=1000,
    )
    count: str = _key(
        "at_limit",
        "NM-MERCY-COUNT",
        "a hand of exactly mercy.limit cards is out (at_limit: 25 or more), or only a hand "
        "above it (above_limit: 26 or more)",
        choices=("at_limit", "above_limit"),
    )


@attrs.frozen
class DrawColor:
    """The ``draw_until_color`` op: a player draws until a card of a named colour comes."""

    chooser: str = _key(
        "player",
        "DRAW-COLOR NM-ROULETTE",
        "who names the colour to draw to: the card's player, with the play (player; the "
        "card's choose_color), or its victim, with a ChooseColor event before drawing "
        "(victim; the colour named is the colour in force)",
        choices=("player", "victim"),
    )
    wild_counts: bool = _key(
        False,
        "DRAW-COLOR",
        "a wild drawn counts as a card of the colour named and ends the draw",
    )
    exhausted: str = _key(
        "lose_turn",
        "DRAW-COLOR",
        "no card of the colour can be drawn (both piles run dry): the victim keeps what they "
        "drew and loses the turn as the card says (lose_turn), or keeps the cards and plays "
        "(keep_turn)",
        choices=("lose_turn", "keep_turn"),
    )
