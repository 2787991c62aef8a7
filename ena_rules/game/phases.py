"""The phases of a game: whose input a state awaits (a ``Literal`` that mypy checks).

>>> "owe" in PHASES and "owe" in TURN_PHASES
True
"""

from __future__ import annotations

from typing import Final, Literal

__all__ = ["PHASES", "TURN_PHASES", "Phase"]

Phase = Literal["cut", "deal", "color", "play", "drawn", "owe", "over"]

#: Each phase and what it awaits (docs/events-and-verdicts.md#phases).
PHASES: Final[dict[Phase, str]] = {
    "cut": "recorded chance: the players still cutting turn up a card each (a Cut event)",
    "deal": "recorded chance: the next round's deck order (a Deal event)",
    "color": "the player who names the colour of the wild turned up does so (ChooseColor)",
    "play": "the player due plays or draws",
    "drawn": "the player due drew a playable card: play it or pass",
    "owe": "the player due owes a pending draw: draw it, or answer it (stack, challenge)",
    "over": "the game has ended",
}

#: The phases of a player's turn: a player due plays, draws, passes or answers.
TURN_PHASES: Final[frozenset[Phase]] = frozenset({"play", "drawn", "owe"})

#: The phases of recorded chance: no player event may come.
CHANCE_PHASES: Final[frozenset[Phase]] = frozenset({"cut", "deal"})
