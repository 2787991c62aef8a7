"""Replaying a log: the game its lines drive, one verdict per header, event and round line.

A :class:`Replay` holds only what judging the next line needs: the header, the variant, the
current state, the last event's verdict, the last finished round, the first line of this
round (and of the game) that left the rules, and when the current turn began (a
:class:`~ena_rules.rules.clock.TurnClock`: a line's ``"time"`` judges HR-TIME-LIMIT).
Claims are checked against it by :mod:`ena_rules.log.claims`.

>>> from ena_rules import Pass, load_variant
>>> from ena_rules.log.lines import Header
>>> replay = Replay()
>>> replay.start(1, Header(1, "official", ("ana", "bor"), seed=7), load_variant("official")).kind
'header'
>>> result = replay.event(2, Pass("ana"))
>>> result.outcome, result.since
('rejected', 2)
"""

from __future__ import annotations

from typing import Any

from ..cards.notation import color_name
from ..errors import EnaRulesError
from ..game.events import CallUno, ChooseColor, Draw, Overtake, Pass, Play, PlayerEvent
from ..game.state import GameState, RoundResult
from ..game.verdict import REJECTED, Verdict
from ..rules.clock import TurnClock
from ..rules.dispatch import apply_untimed
from ..rules.referee import apply, legal_events
from ..variant import Variant
from .game import deal_for, start
from .line_time import line_time
from .lines import TYPE_OF, Arbiter, Header, Misdeal, RoundStart
from .report import EVENT, HEADER, PROBLEM, ROUND, LineResult

__all__ = ["FinishedRound", "Replay", "arbiter_line", "instead"]

#: The last finished round: its number, result, the totals after it and the line that ended it.
FinishedRound = tuple[int, RoundResult, tuple[int, ...], int]


class Replay:
    """The game a log's lines drive: start it with :meth:`start`, then feed its lines."""

    def __init__(self) -> None:
        self.header: Header | None = None
        self.variant: Variant | None = None
        self.state: GameState | None = None
        self.last: tuple[int, GameState, Verdict] | None = None
        self.finished: FinishedRound | None = None
        self.over_line: int | None = None
        self.first_wrong: int | None = None
        self.round_wrong: int | None = None
        self.prev_round_wrong: int | None = None
        self.pending: tuple[int, GameState, Verdict] | None = None
        self.clock = TurnClock()  # round 1's first turn begins at the game's start, time 0

    def mark(self, result: LineResult) -> None:
        """Note a judged line: a wrong one, or an unusable one after the header (the lines after
        it are judged without it), is where the record may first leave the rules."""
        if result.wrong or (result.kind == PROBLEM and self.state is not None):
            if self.first_wrong is None:
                self.first_wrong = result.line
            if self.round_wrong is None:
                self.round_wrong = result.line

    def since(self, line: int) -> int:
        """The first line of this round that left the rules (else ``line`` itself)."""
        return self.round_wrong if self.round_wrong is not None else line

    # -- the header --------------------------------------------------------------------------

    def start(
        self, line: int, h: Header, variant: Variant, record: dict[str, Any] | None = None
    ) -> LineResult:
        """Start the game from its header: the cut (seeded, no dealer) and round 1's deal."""
        self.header, self.variant = h, variant
        self.clock = TurnClock()
        try:
            _, verdicts = start(h, variant)
        except EnaRulesError as exc:
            return LineResult(line, PROBLEM, message=f"the header cannot start a game: {exc}")
        deal = verdicts[-1]
        if not deal.accepted:
            return LineResult(line, PROBLEM, message=f"the header's deal fails: {deal.message}")
        self.state = deal.state
        return LineResult(
            line,
            HEADER,
            "header",
            record,
            deal.outcome,
            deal.clause,
            deal.key,
            " ".join(v.message for v in verdicts),
            drawn=deal.drawn,
            skipped=deal.skipped,
        )

    # -- events and round lines --------------------------------------------------------------

    def event(self, line: int, e: PlayerEvent, record: dict[str, Any] | None = None) -> LineResult:
        """Judge a player event (a line after the round or the game ended is unusable)."""
        s = self.state
        assert s is not None
        kind = TYPE_OF[type(e)]
        if s.phase == "over":
            return LineResult(line, PROBLEM, message=self._after_end(kind))
        if s.phase == "deal":
            r = self.finished
            ended = f" at line {r[3]} ({s.players[r[1].winner]} went out)" if r else ""
            return LineResult(
                line,
                PROBLEM,
                message=f"a {kind} line after round {s.round} ended{ended}: a round line must "
                f"start round {s.round + 1} first",
            )
        took = self.took(line_time(record))
        return self._after(line, EVENT, kind, record, s, apply(s, e, took=took))

    def took(self, time: float | None) -> float | None:
        """The seconds the turn has taken at ``time`` (HR-TIME-LIMIT); ``None`` when a time is
        unknown."""
        return self.clock.took(time)

    def quick_event(self, line: int, e: PlayerEvent, time: float | None = None) -> str | None:
        """:meth:`event` without its :class:`LineResult` when the event is not rejected: the
        verdict's outcome (the game advanced, as :meth:`event` would advance it); ``None`` when
        the line needs its full result (rejected, or after the round or the game ended).
        For a validator that keeps only counts and findings (``validate(log, keep=False)``).
        """
        s = self.state
        assert s is not None
        phase = s.phase
        if phase == "over" or phase == "deal":
            return None
        # the replay's own state and a line's event: apply's checks hold, its body runs at once
        v = apply_untimed(s, e) if time is None else apply(s, e, took=self.took(time))
        outcome = v.outcome
        if outcome == REJECTED:
            self.pending = (line, s, v)  # :meth:`event_result` words it without judging again
            return None
        if time is not None or self.clock.began is not None:
            # else the clock stays unknown: after() would give TurnClock(None) again
            self.clock = self.clock.after(s, v, time)
        new = self.state = v.state  # _advance, inline: an event line starts no round
        if new.round > s.round and new.last_round is not None:
            self.finished = (new.round, new.last_round, new.scores, line)
        if new.phase == "over":
            self.over_line = line
        self.last = (line, s, v)
        return outcome

    def event_result(self, line: int, e: PlayerEvent, record: dict[str, Any] | None) -> LineResult:
        """The full result of the line :meth:`quick_event` left to it (judged once)."""
        pending, self.pending = self.pending, None
        if pending is not None and pending[0] == line:
            return self._after(line, EVENT, TYPE_OF[type(e)], record, pending[1], pending[2])
        return self.event(line, e, record)

    def arbiter(self, line: int, x: Arbiter, record: dict[str, Any] | None = None) -> LineResult:
        """Judge an arbiter's line (a misdeal, an imposed penalty) against the variant."""
        s = self.state
        assert s is not None
        if s.phase == "over":
            return LineResult(line, PROBLEM, message=self._after_end(TYPE_OF[type(x)]))
        return self._after(line, EVENT, TYPE_OF[type(x)], record, s, arbiter_line(s, x))

    def round_line(
        self, line: int, r: RoundStart, record: dict[str, Any] | None = None
    ) -> LineResult:
        """Judge a round line: the next round's deal (rejected before the round has ended)."""
        s, h = self.state, self.header
        assert s is not None and h is not None
        if s.phase == "over":
            return LineResult(line, PROBLEM, message=self._after_end("round"))
        verdict = apply(s, deal_for(h, s, r))
        if verdict.rejected and s.phase == "deal":  # the deck was checked by the reader
            return LineResult(line, PROBLEM, message=f"the round's deal fails: {verdict.message}")
        return self._after(line, ROUND, "round", record, s, verdict)

    def quick_round(self, line: int, r: RoundStart) -> str | None:
        """:meth:`round_line` without its :class:`LineResult` for a line with no time, when the
        deal is not rejected: the verdict's outcome (the next round dealt, as :meth:`round_line`
        would deal it); ``None`` when the line needs its full result (:meth:`round_line`
        judges it again: a deal rejected, or a line after the game ended)."""
        s, h = self.state, self.header
        assert s is not None and h is not None
        if s.phase == "over":
            return None
        v = apply(s, deal_for(h, s, r))
        if v.outcome == REJECTED:
            return None
        if self.clock.began is not None:  # a line with no time: an unknown clock stays so
            self.clock = self.clock.after(s, v, None)
        new = v.state
        self._advance(line, ROUND, new.round > s.round, new)
        return v.outcome

    def _after(
        self,
        line: int,
        kind: str,
        tag: str,
        record: dict[str, Any] | None,
        s: GameState,
        v: Verdict,
    ) -> LineResult:
        new = v.state
        ended = new.round > s.round
        rules, since = "", None
        if v.rejected:
            rules, since = instead(s), self.since(line)
        else:
            self.clock = self.clock.after(s, v, line_time(record))
            self._advance(line, kind, ended, new)
        if kind == EVENT:
            self.last = (line, s, v)
        return LineResult(
            line,
            kind,
            tag,
            record,
            v.outcome,
            v.clause,
            v.key,
            v.message,
            drawn=v.drawn,
            skipped=v.skipped,
            rules=rules,
            since=since,
            round_ended=ended and not v.rejected,
        )

    def _advance(self, line: int, kind: str, ended: bool, new: GameState) -> None:
        self.state = new
        if kind == ROUND:  # a new round: its own record starts clean
            self.prev_round_wrong, self.round_wrong = self.round_wrong, None
        if ended and new.last_round is not None:
            self.finished = (new.round, new.last_round, new.scores, line)
        if new.phase == "over":
            self.over_line = line

    def _after_end(self, kind: str) -> str:
        s = self.state
        assert s is not None and s.winner is not None
        return (
            f"a {kind} line after the game ended (line {self.over_line}: "
            f"{s.players[s.winner]} won): only claims may follow"
        )


def arbiter_line(s: GameState, x: Arbiter) -> Verdict:
    """The verdict of an arbiter's line in ``s`` (:mod:`ena_rules.rules.arbiter`)."""
    from ..rules.arbiter import arbiter_verdict

    offence = "misdeal" if isinstance(x, Misdeal) else x.offence
    return arbiter_verdict(s, x.player, offence, x)


def instead(s: GameState) -> str:
    """What the rules allow at this point: who is due and what they may do.

    >>> from ena_rules import load_variant, new_game
    >>> instead(new_game(load_variant("official"), ["ana", "bor"], dealer="ana"))
    'no player event may happen now'
    """
    due = s.due
    if due is None:
        return "no player event may happen now"
    options: list[str] = []
    for e in legal_events(s):
        if e.player != due:
            continue
        text = _option(e)
        if text not in options:
            options.append(text)
    shown = ", ".join(options[:8]) + (", ..." if len(options) > 8 else "")
    top = f"top card {s.top}" + (f" ({color_name(s.color)})" if s.color else "")
    return f"by the rules {due} is due ({top}) and may: {shown}."


def _option(e: PlayerEvent) -> str:
    if isinstance(e, Play | Overtake):
        verb = "play" if isinstance(e, Play) else "overtake"
        extra = " naming a colour" if e.color else ""
        target = f" at {e.target}" if e.target else ""
        more = "".join(f"+{c}" for c in getattr(e, "more", ()))  # HR-MULTI-PLAY
        return f"{verb} {e.card}{more}{extra}{target}"
    if isinstance(e, ChooseColor):
        return "name a colour"
    if isinstance(e, CallUno):
        return "call UNO" if e.target is None else f"catch {e.target}"
    if isinstance(e, Draw | Pass):
        return type(e).__name__.lower()
    return "challenge"
