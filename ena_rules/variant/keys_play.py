"""The ``[play]`` table: house rules on how cards are played (issue 14's "play" rules).

Every key is off by default, so a variant that does not name them plays as before. The
settings of letsuno/uno-online each rule reads are listed in docs/house-rules.md ("Playing
cards"); the decisions on how they meet stacking, overtaking and penalties are in
docs/decisions.md (the D-HR-* entries). :mod:`ena_rules.variant` re-exports the class.

>>> PlayRules().hand_limit, attrs.fields(PlayRules).deflect_back.metadata["clause"]
(0, 'HR-DEFLECT-REVERSE')
"""

from __future__ import annotations

import attrs

from .keys_field import _key

__all__ = ["PlayRules"]


@attrs.frozen
class PlayRules:
    """House rules on playing cards: deflection, revenge, several cards at once, forced play,
    the death draw, a hand limit and finishing restrictions."""

    deflect_back: tuple[str, ...] = _key(
        (),
        "HR-DEFLECT-REVERSE",
        "draw ranks whose owed draw a card with a reverse effect (no draw) sends back to the "
        "player who sent it (uno-online reverseDeflectDrawTwo: +2, reverseDeflectDrawFour: W+4)",
    )
    deflect_on: tuple[str, ...] = _key(
        (),
        "HR-DEFLECT-SKIP",
        "draw ranks whose owed draw a card with a skip effect (no draw) passes on to the next "
        "player (uno-online skipDeflect)",
    )
    revenge: bool = _key(
        False,
        "HR-REVENGE",
        "a victim answering a draw card with a draw card (stacking.answer) adds twice its count",
    )
    multi: bool = _key(
        False,
        "HR-MULTI-PLAY",
        "a play may put down several number cards of one rank, any colours (the event's more); "
        "the first must be playable, the last sets the colour",
    )
    bomb: int = _key(
        0,
        "HR-BOMB",
        "a play of at least this many cards makes every other player draw one (0: no bomb)",
        minimum=0,
        maximum=20,
    )
    forced: bool = _key(
        False,
        "HR-FORCED-PLAY",
        "a player holding a playable card may not draw instead (the draw is rejected)",
    )
    must_play_drawn: bool = _key(
        False,
        "HR-FORCED-DRAWN",
        "a playable card drawn on one's turn must be played: no pass",
    )
    death_draw: bool = _key(
        False,
        "HR-DEATH-DRAW",
        "a player who draws keeps drawing until a playable card comes and must play it "
        "(turn.draw is then read as until_playable; no pass)",
    )
    hand_limit: int = _key(
        0,
        "HR-HAND-LIMIT",
        "a player holding this many cards takes no card in a turn's draw, and a turn's draw "
        "stops there; owed draws are drawn in full (0: no limit)",
        minimum=0,
        maximum=1000,
    )
    no_wild_finish: bool = _key(False, "HR-FINISH-WILD", "a wild may not be a player's last card")
    no_draw_finish: bool = _key(
        False,
        "HR-FINISH-ACTION",
        "a card with a draw effect (+2, +4) may not be a player's last card",
    )
