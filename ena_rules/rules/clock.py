"""HR-TIME-LIMIT: a turn's time limit, judged from recorded times (``time.limit``).

The core keeps no clock: how long a move took is data the caller gives, ``took`` (seconds from
the line that began the turn to the move), and :func:`ena_rules.apply` judges it with the rest
of the move. :class:`TurnClock` works ``took`` out from the ``"time"`` of a log's lines (seconds
since the game's start), and says when a new turn begins; the validator, the scenario runner
and :class:`~ena_rules.log.GameRecorder` all use it, so a log and the API judge alike.

A move by the player due (a play, a draw, a pass or a challenge) made more than ``time.limit``
seconds into the turn is a mistake (docs/decisions.md D-HR-TIME-TURN, D-HR-TIME-LATE): the
offender draws ``time.penalty`` cards (the one penalty path, :mod:`ena_rules.rules.penalties`); with
``time.late = "pass"`` the late move does not stand and the turn passes (an owed draw is taken
first), with ``"stands"`` the move is judged after the penalty. A move exactly at the limit is
in time.

>>> from ena_rules import Draw, apply, load_variant, new_game
>>> from ena_rules.rules.chance import deal_event
>>> from ena_rules.variant.io import load_variant_text
>>> v = load_variant_text('name = "blitz"\\nextends = "official"\\n[time]\\nlimit = 30\\n')
>>> s = new_game(v, ["ana", "bor"], dealer="bor")
>>> s = apply_timed(s, deal_event(s, seed=7), None, apply).state
>>> verdict = apply_timed(s, Draw("ana"), 41, apply)
>>> verdict.outcome, verdict.clause, verdict.key
('penalised', 'HR-TIME-LIMIT', 'time.penalty')
>>> print(verdict.notes[0].text)
ana took 41 s, the limit is 30 s: a mistake costing 1 card.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

import attrs

from ..game.events import Challenge, Draw, Event, Overtake, Pass, Play
from ..game.phases import TURN_PHASES
from ..game.verdict import ACCEPTED, PENALISED, REJECTED, UNDETERMINED, Verdict, make_verdict
from . import penalties, windows
from .judgement import Judgement
from .work import Work

if TYPE_CHECKING:
    from ..game.state import GameState

__all__ = ["CLAUSE", "TIMED", "TurnClock", "apply_timed", "late_by", "new_turn", "seconds"]

CLAUSE = "HR-TIME-LIMIT"

#: The moves a turn's clock judges: the turn actions of the player due (an overtake, a call of
#: UNO or a catch is no one's turn; naming the colour of a wild turned up is the deal's).
TIMED: tuple[type, ...] = (Play, Draw, Pass, Challenge)

Plain = Callable[["GameState", Event], Verdict]


def seconds(value: float) -> str:
    """A time in words, to the millisecond: ``41 s``, ``41.5 s``; past a billion seconds in
    the exponent form (``1e+308 s``, not 309 digits).

    >>> seconds(41.0), seconds(30.25), seconds(7), seconds(1e308)
    ('41 s', '30.25 s', '7 s', '1e+308 s')
    """
    if abs(value) >= 1e9:
        return f"{value:.6g} s"
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return f"{text} s"


def late_by(s: GameState, e: Event, took: float | None) -> float | None:
    """``took`` when ``e`` is a move the clock judges and it came after ``time.limit``; else
    ``None`` (no limit, no time, not a turn action of the player due, in time)."""
    limit = s.variant.time.limit
    if not limit or took is None or type(e) not in TIMED or s.phase not in TURN_PHASES:
        return None
    if e.player != s.players[s.turn]:  # type: ignore[union-attr]  # TIMED events have a player
        return None
    return took if took > limit else None


def _judgement(s: GameState, took: float, *, passes: bool) -> Judgement:
    t = s.variant.time
    who = s.players[s.turn]
    reason = f"{who} took {seconds(took)}, the limit is {seconds(t.limit)}"
    return penalties.mistake(
        s.variant,
        "time.penalty",
        key="time.limit",
        reason=reason,
        charge=reason,
        passes_turn=passes,
        clause=CLAUSE,
        turn_key="time.late",
        turn_costs=True,
    )


def apply_timed(s: GameState, e: Event, took: float | None, plain: Plain) -> Verdict:
    """The verdict of ``e`` made ``took`` seconds into the turn: ``plain(s, e)`` when in time
    (or not timed), else the late move's verdict (a rejected move stays rejected)."""
    late = late_by(s, e, took)
    if late is None:
        return plain(s, e)
    first = plain(s, e)
    if first.rejected:  # a move that cannot happen is judged as such, late or not
        return first
    seat = s.turn
    pass_turn = s.variant.time.late == "pass"
    j = _judgement(s, late, passes=pass_turn and s.phase != "owe")
    w = Work(s)
    penalties.settle(w, seat, j)
    windows.uno_closes_off_one_card(w)
    if pass_turn and s.phase != "owe":  # the late move does not stand: the turn has passed
        w.note("time.late", f"The late {_move(e)} does not stand.")
        if isinstance(e, Play):  # its cards, shown, go back to the hand
            w.show(seat, (e.card, *e.more))
        return w.verdict(PENALISED, e)
    if pass_turn:  # an owed draw is taken, then the turn passes (the timer's draw)
        w.note("time.late", f"The late {_move(e)} does not stand: the draw owed is taken.")
        then = plain(w.finish(), Draw(s.players[seat]))
    else:
        then = plain(w.finish(), e)
    if then.rejected:  # the move cannot be made after the penalty: nothing happens
        return make_verdict(REJECTED, s, e, then.notes)
    return _joined(w, then, e)


def _move(e: Event) -> str:
    if isinstance(e, Play):
        return f"play of {e.card}" + "".join(f"+{c}" for c in e.more)
    return type(e).__name__.lower()


def _joined(w: Work, then: Verdict, e: Event) -> Verdict:
    """The penalty's notes and draws, then the move's."""
    drawn = dict(w.drawn_counts)
    for name, n in then.drawn:
        drawn[name] = drawn.get(name, 0) + n
    outcome = UNDETERMINED if then.undetermined else PENALISED
    return make_verdict(
        outcome,
        then.state,
        e,
        (*w.notes, *then.notes),
        tuple(sorted(drawn.items())),
        then.skipped,
        then.alternatives,
    )


def new_turn(before: GameState, v: Verdict) -> bool:
    """True when the event of ``v`` (judged in ``before``) began a new turn: a player is due
    after it, and the round, the seat due, or the card on the pile changed (a play ends its
    player's turn even when the same player is due again, a Skip in a two-player game). A
    mistake that leaves the card in the hand, a draw after which the drawer may still play, a
    call of UNO or an arbiter's penalty do not: the turn's clock runs on."""
    after = v.state
    if v.rejected or after.phase not in TURN_PHASES:
        return False
    if before.phase not in TURN_PHASES or after.round != before.round:
        return True
    if after.turn != before.turn:
        return True
    if not isinstance(v.event, Play | Overtake):
        return False
    return v.outcome == ACCEPTED or (
        len(after.discard) > len(before.discard) or after.top != before.top
    )


@attrs.frozen
class TurnClock:
    """When the current turn began (seconds since the game's start; ``None``: unknown, the line
    that began it carried no time). A game starts at 0 with round 1's first turn.

    >>> clock = TurnClock()
    >>> clock.took(41), TurnClock(None).took(41), clock.took(None)
    (41.0, None, None)
    >>> TurnClock(10.1).took(40.1)
    30.0
    """

    began: float | None = 0.0

    def took(self, time: float | None) -> float | None:
        """The seconds from the turn's start to ``time`` (``None`` if either is unknown),
        computed in decimal so that ``40.1 - 10.1`` is 30, not 30.000000000000004."""
        if time is None or self.began is None:
            return None
        return float(Decimal(repr(time)) - Decimal(repr(self.began)))

    def after(self, before: GameState, v: Verdict, time: float | None) -> TurnClock:
        """The clock after a line at ``time`` whose verdict is ``v``: restarted at ``time``
        when the line began a new turn (:func:`new_turn`), else unchanged."""
        return TurnClock(time) if new_turn(before, v) else self
