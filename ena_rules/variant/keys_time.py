"""The ``[time]`` table: a turn's time limit (HR-TIME-LIMIT), judged from the times a log records.

A log line may carry ``"time"``, the seconds since the game's start (docs/log-format.md); a move
made more than ``time.limit`` seconds after its turn began is a mistake that costs
``time.penalty`` cards, and where ``time.late = "pass"`` the late move does not stand: the turn
passes instead (uno-online's turn timer: draw a card and pass). :mod:`ena_rules.rules.clock`
applies it; :mod:`ena_rules.variant` re-exports the class.

>>> TimeRules().limit, attrs.fields(TimeRules).limit.metadata["clause"]
(0, 'HR-TIME-LIMIT')
"""

from __future__ import annotations

import attrs

from .keys_field import _key

__all__ = ["TimeRules"]


@attrs.frozen
class TimeRules:
    """A turn's time limit and what running over it costs."""

    limit: int = _key(
        0,
        "HR-TIME-LIMIT",
        "seconds a player has for a turn, from the line that began it to the move (0: no "
        "limit); judged only where both lines carry a time",
        minimum=0,
        maximum=86400,
    )
    penalty: int = _key(
        1,
        "HR-TIME-LIMIT",
        "cards a player who moves after the limit draws as a penalty (0: none)",
        minimum=0,
        maximum=20,
    )
    late: str = _key(
        "pass",
        "HR-TIME-LIMIT",
        "a move after the limit: the turn passes instead and the move does not stand (pass: "
        "uno-online's timer), or the move stands after the penalty (stands)",
        choices=("pass", "stands"),
    )
