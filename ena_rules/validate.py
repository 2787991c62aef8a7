"""The validator: judge every line of a game log against the rules, as a stream.

``validate(log)`` reads a log (a path, ``-`` for standard input, or an iterable of lines), gives
each event the referee's verdict (accepted, penalised or rejected, with the clause id and the
variant key it applied), checks every claim of the table against the referee's own result, and
says, for each disagreement, what the rules say instead and from which line on the record
follows a wrong state. :class:`Validator` does the same one line at a time: it holds only the
current state, so a log of any size is checked in constant memory (``validate(log,
keep=False)`` keeps only counts and the first :data:`MAX_FINDINGS` findings).

Exit codes (:attr:`Report.exit_code`): 0 consistent (penalties included), 1 inconsistent
(rejected events, or claims that disagree), 2 unusable input (see :mod:`ena_rules.log.reader`).

>>> lines = ['{"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7}',
...          '{"type": "pass", "player": "ana"}']
>>> report = validate(lines)
>>> report.exit_code, report.rejected, report.first_wrong
(1, 1, 2)
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

from .cards import COLOR_NAMES
from .converter import unstructure_line
from .errors import EnaRulesError, LogError
from .events import CallUno, ChooseColor, Draw, Overtake, Pass, Play, PlayerEvent
from .log.game import round_deal, start
from .log.lines import (
    TYPE_OF,
    Claim,
    DrawnClaim,
    Header,
    Line,
    PenaltyClaim,
    RoundClaim,
    RoundStart,
    WinnerClaim,
)
from .log.reader import Entry, LogReader, Problem, open_lines, source_name
from .position import format_position
from .rules.referee import apply, legal_events
from .state import GameState, RoundResult
from .variant import Variant
from .verdict import ACCEPTED, PENALISED, REJECTED, Verdict

__all__ = [
    "MAX_FINDINGS",
    "LineResult",
    "Report",
    "Validator",
    "describe_line",
    "describe_record",
    "iter_results",
    "log_lines",
    "validate",
    "validator_for",
]

#: How many findings (rejections, disagreements, problems) a report keeps when not keeping all.
MAX_FINDINGS = 1000

HEADER, EVENT, ROUND, CLAIM, PROBLEM = "header", "event", "round", "claim", "problem"


@attrs.frozen
class LineResult:
    """What the validator found on one line.

    ``kind`` is ``header``, ``event``, ``round``, ``claim`` or ``problem``. Events, round lines
    and the header carry the referee's ``outcome``, ``clause``, ``key`` and ``message``; claims
    carry ``agrees``; a rejected event or a disagreeing claim carries ``rules`` (what the rules
    say instead) and ``since`` (the first line from which the record follows a wrong state); a
    problem carries its reason in ``message``.
    """

    line: int
    kind: str
    type: str = ""
    record: dict[str, Any] | None = attrs.field(default=None, eq=False, hash=False)
    outcome: str = ""
    clause: str = ""
    key: str = ""
    message: str = ""
    drawn: tuple[tuple[str, int], ...] = ()
    skipped: tuple[str, ...] = ()
    agrees: bool | None = None
    rules: str = ""
    since: int | None = None
    round_ended: bool = False

    @property
    def wrong(self) -> bool:
        """True for a rejected event or round line, or a claim that disagrees."""
        return self.outcome == REJECTED or self.agrees is False

    @property
    def notable(self) -> bool:
        """Worth printing in a summary: anything but a plain accepted turn action."""
        if self.kind != EVENT or self.outcome != ACCEPTED or self.round_ended:
            return True
        return self.type in ("overtake", "challenge", "choose_color") or bool(
            self.record and self.record.get("target") and self.type == "call_uno"
        )

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data (empty fields left out)."""
        out: dict[str, Any] = {"line": self.line, "kind": self.kind}
        if self.type:
            out["type"] = self.type
        if self.record is not None:
            out["record"] = self.record
        for name in ("outcome", "clause", "key", "message"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.drawn:
            out["drawn"] = dict(self.drawn)
        if self.skipped:
            out["skipped"] = list(self.skipped)
        if self.agrees is not None:
            out["agrees"] = self.agrees
        if self.rules:
            out["rules"] = self.rules
        if self.since is not None:
            out["since"] = self.since
        if self.round_ended:
            out["round_ended"] = True
        return out

    def text(self, source: str = "") -> str:
        """One line of text: ``file:line: what -> verdict``."""
        where = f"{source}:{self.line}" if source else f"line {self.line}"
        if self.kind == PROBLEM:
            return f"{where}: unusable: {self.message}"
        what = describe_record(self.type, self.record) if self.record is not None else self.kind
        if self.kind == CLAIM:
            if self.agrees:
                return f"{where}: {what} -> agrees: {self.message}"
            out = f"{where}: {what} -> DISAGREES: {self.rules}"
        else:
            out = f"{where}: {what} -> {self.outcome} [{self.clause} {self.key}] {self.message}"
            if self.rules:
                out += f" Instead: {self.rules}"
        if self.since == self.line:
            out += " (the record first leaves the rules on this line)"
        elif self.since is not None:
            out += f" (the record follows a wrong state from line {self.since})"
        return out


def describe_record(kind: str, record: dict[str, Any] | None) -> str:
    """A short text for a line as written (``record`` is the line's JSON object).

    >>> describe_record("claim_penalty", {"type": "claim_penalty", "player": "bor", "cards": 2})
    'claim_penalty bor 2 cards'
    """
    if record is None:
        return kind
    if kind == "header":
        chance = f"seed {record['seed']}" if "seed" in record else f"deck of {len(record['deck'])}"
        dealer = f", dealer {record['dealer']}" if "dealer" in record else ""
        return (
            f"header: {record['variant']}; players {', '.join(record['players'])} (clockwise)"
            f"{dealer}; {chance}"
        )
    parts = [kind]
    for k, v in record.items():
        if k == "type" or v is None:
            continue
        if k == "deck":
            parts.append(f"deck of {len(v)}")
        elif k == "target":
            parts.append(f"-> {v}")
        elif isinstance(v, dict):
            parts.append(f"{k} " + ", ".join(f"{n} {x}" for n, x in v.items()))
        elif isinstance(v, list):
            parts.append(f"{k} {' '.join(map(str, v))}")
        elif k in ("player", "card", "color", "winner"):
            parts.append(str(v))
        elif k == "cards" and isinstance(v, int):
            parts.append(f"{v} cards")
        else:
            parts.append(f"{k} {v}")
    return " ".join(parts)


def describe_line(line: Line) -> str:
    """A short text for a parsed line.

    >>> describe_line(Play("ana", "W", color="green"))
    'play ana W green'
    """
    return describe_record(TYPE_OF[type(line)], unstructure_line(line))


@attrs.frozen
class Report:
    """The validator's answer for one log: counts, findings, the final state, the exit code."""

    source: str
    variant: str
    players: tuple[str, ...]
    results: tuple[LineResult, ...]
    findings: tuple[LineResult, ...]
    events: int
    accepted: int
    penalised: int
    rejected: int
    claims: int
    disagreements: int
    problems: int
    first_wrong: int | None
    final: GameState | None = attrs.field(eq=False)
    ending: str

    @property
    def exit_code(self) -> int:
        """0 consistent with the rules, 1 inconsistent, 2 unusable input."""
        if self.problems:
            return 2
        return 1 if self.rejected or self.disagreements else 0

    @property
    def consistent(self) -> bool:
        """True when the log is usable and consistent with the rules (penalties included)."""
        return self.exit_code == 0

    @property
    def verdict_word(self) -> str:
        """``consistent``, ``INCONSISTENT`` or ``UNUSABLE``."""
        return ("consistent", "INCONSISTENT", "UNUSABLE")[self.exit_code]

    def summary(self) -> dict[str, Any]:
        """The counts and the final state as JSON-ready data."""
        out: dict[str, Any] = {
            "kind": "summary",
            "exit_code": self.exit_code,
            "result": self.verdict_word.lower(),
            "variant": self.variant,
            "players": list(self.players),
            "events": self.events,
            "accepted": self.accepted,
            "penalised": self.penalised,
            "rejected": self.rejected,
            "claims": self.claims,
            "disagreements": self.disagreements,
            "problems": self.problems,
            "first_wrong_line": self.first_wrong,
            "ending": self.ending,
        }
        s = self.final
        if s is not None:
            out["final"] = {
                "phase": s.phase,
                "rounds_finished": s.round,
                "scores": dict(zip(s.players, s.scores, strict=True)),
                "winner": None if s.winner is None else s.players[s.winner],
                "position": format_position(s),
            }
        return out

    def to_dict(self) -> dict[str, Any]:
        """The whole report as JSON-ready data: exit code, summary and every kept line."""
        return {
            "exit_code": self.exit_code,
            "summary": self.summary(),
            "lines": [r.to_dict() for r in self.results or self.findings],
        }

    def summary_text(self) -> str:
        """The one-paragraph summary printed after a log's verdicts."""
        parts = [
            f"{self.verdict_word} (exit {self.exit_code}):",
            f"{self.events} events ({self.accepted} accepted, {self.penalised} penalised, "
            f"{self.rejected} rejected);",
            f"{self.claims} claims, {self.disagreements} disagreeing;",
        ]
        if self.problems:
            parts.append(f"{self.problems} unusable lines;")
        if self.first_wrong is not None:
            parts.append(f"the record first leaves the rules at line {self.first_wrong};")
        parts.append(self.ending)
        return " ".join(parts)


class Validator:
    """Judges a log one line at a time, holding only the current state.

    >>> v = Validator("game")
    >>> results = list(v.run(['{"ena_log": 1, "variant": "official", "players": ["a", "b"],'
    ...                       ' "seed": 3}']))
    >>> results[0].kind, v.state.phase
    ('header', 'play')
    """

    def __init__(
        self,
        source: str = "<log>",
        *,
        variant: Variant | str | None = None,
        strict: bool = False,
        base_dir: Path | None = None,
        keep: bool = True,
    ) -> None:
        self.source = source
        self.override = variant
        self.strict = strict
        self.base_dir = base_dir
        self.keep = keep
        self.header: Header | None = None
        self.variant: Variant | None = None
        self.state: GameState | None = None
        self.results: list[LineResult] = []
        self.findings: list[LineResult] = []
        self.counts: Counter[str] = Counter()
        self.first_wrong: int | None = None
        self._last: tuple[int, GameState, Verdict] | None = None
        self._round: tuple[int, RoundResult, tuple[int, ...], int] | None = None
        self._over_line: int | None = None
        self._reader: LogReader | None = None
        self._round_wrong: int | None = None
        self._prev_round_wrong: int | None = None

    # -- driving -----------------------------------------------------------------------------

    def run(self, lines: Iterable[str | bytes]) -> Iterator[LineResult]:
        """Judge every line; yields one result per judged line (problems included)."""
        reader = LogReader(
            lines,
            source=self.source,
            strict=self.strict,
            variant=self.override,
            base_dir=self.base_dir,
        )
        self._reader = reader
        for item in reader:
            result = self.feed(item)
            if result is not None:
                yield result

    def feed(self, item: Entry | Problem) -> LineResult | None:
        """Judge one item from a :class:`~ena_rules.log.LogReader`."""
        if isinstance(item, Problem):
            return self._record(LineResult(item.line, PROBLEM, message=item.reason))
        if isinstance(item.item, Header):
            return self._record(self._header(item.line, item.item))
        if self.state is None:
            return None  # no usable header: the line's form was checked, its meaning cannot be
        line = item.item
        if isinstance(line, RoundStart):
            return self._record(self._round_line(item.line, line))
        if isinstance(line, RoundClaim | PenaltyClaim | DrawnClaim | WinnerClaim):
            return self._record(self._claim(item.line, line))
        return self._record(self._event(item.line, line))

    def _record(self, r: LineResult) -> LineResult:
        if r.kind == PROBLEM:
            self.counts["problems"] += 1
            if self.strict:  # a problem found while judging (the reader raises its own)
                raise LogError(r.message, source=self.source, line=r.line)
        elif r.kind in (EVENT, ROUND):
            self.counts["events"] += 1
            self.counts[r.outcome] += 1
        elif r.kind == CLAIM:
            self.counts["claims"] += 1
            if r.agrees is False:
                self.counts["disagreements"] += 1
        if r.wrong and self.first_wrong is None:
            self.first_wrong = r.line
        if r.wrong and self._round_wrong is None:
            self._round_wrong = r.line
        if self.keep:
            self.results.append(r)
        elif (r.wrong or r.kind == PROBLEM) and len(self.findings) < MAX_FINDINGS:
            self.findings.append(r)
        return r

    def _since(self, line: int) -> int:
        """The first line of this round that left the rules (else ``line`` itself)."""
        return self._round_wrong if self._round_wrong is not None else line

    # -- the header --------------------------------------------------------------------------

    def _header(self, line: int, h: Header) -> LineResult:
        assert self._reader is not None and self._reader.variant is not None
        variant = self._reader.variant
        self.header, self.variant = h, variant
        record = _header_record(h)
        try:
            _, verdicts = start(h, variant)
        except EnaRulesError as exc:
            return LineResult(line, PROBLEM, message=f"the header cannot start a game: {exc}")
        deal = verdicts[-1]
        notes = [v.message for v in verdicts]
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
            " ".join(notes),
            drawn=deal.drawn,
            skipped=deal.skipped,
        )

    # -- events and round lines --------------------------------------------------------------

    def _event(self, line: int, e: PlayerEvent) -> LineResult:
        s = self.state
        assert s is not None
        kind = TYPE_OF[type(e)]
        if s.phase == "over":
            return LineResult(line, PROBLEM, message=self._after_end(kind))
        if s.phase == "deal":
            r = self._round
            ended = f" at line {r[3]} ({s.players[r[1].winner]} went out)" if r else ""
            return LineResult(
                line,
                PROBLEM,
                message=f"a {kind} line after round {s.round} ended{ended}: a round line must "
                f"start round {s.round + 1} first",
            )
        verdict = apply(s, e)
        return self._after(line, EVENT, kind, unstructure_line(e), s, verdict)

    def _round_line(self, line: int, r: RoundStart) -> LineResult:
        s, h = self.state, self.header
        assert s is not None and h is not None
        if s.phase == "over":
            return LineResult(line, PROBLEM, message=self._after_end("round"))
        verdict = apply(s, round_deal(h, s, r))
        record = unstructure_line(r)
        if verdict.rejected and s.phase == "deal":  # the deck was checked by the reader
            return LineResult(line, PROBLEM, message=f"the round's deal fails: {verdict.message}")
        return self._after(line, ROUND, "round", record, s, verdict)

    def _after(
        self, line: int, kind: str, tag: str, record: dict[str, Any], s: GameState, v: Verdict
    ) -> LineResult:
        new = v.state
        ended = new.round > s.round
        rules, since = "", None
        if v.rejected:
            rules = _instead(s)
            since = self._since(line)
        else:
            self.state = new
            if kind == ROUND:  # a new round: its own record starts clean
                self._prev_round_wrong, self._round_wrong = self._round_wrong, None
            if ended and new.last_round is not None:
                self._round = (new.round, new.last_round, new.scores, line)
            if new.phase == "over":
                self._over_line = line
        if kind == EVENT:
            self._last = (line, s, v)
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

    def _after_end(self, kind: str) -> str:
        s = self.state
        assert s is not None and s.winner is not None
        return (
            f"a {kind} line after the game ended (line {self._over_line}: "
            f"{s.players[s.winner]} won): only claims may follow"
        )

    # -- claims ------------------------------------------------------------------------------

    def _claim(self, line: int, c: Claim) -> LineResult:
        record = unstructure_line(c)
        tag = TYPE_OF[type(c)]
        if isinstance(c, RoundClaim):
            checked = self._check_round(c)
        elif isinstance(c, PenaltyClaim):
            checked = self._check_penalty(c)
        elif isinstance(c, DrawnClaim):
            checked = self._check_drawn(c)
        else:
            checked = self._check_winner(c)
        if isinstance(checked, str):  # a record problem, not a disagreement
            return LineResult(line, PROBLEM, message=checked)
        agrees, text, *hint = checked
        since = None
        if not agrees:
            since = hint[0] if hint and hint[0] is not None else self._since(line)
        return LineResult(
            line,
            CLAIM,
            tag,
            record,
            message=text,
            agrees=agrees,
            rules="" if agrees else text,
            since=since,
        )

    def _check_round(self, c: RoundClaim) -> tuple[bool, str, int | None] | str:
        s = self.state
        assert s is not None
        known = self._round
        if known is None or c.round != known[0]:
            if c.round > s.round:
                due = f": {s.due} is due" if s.due else ""
                return False, f"by the rules round {c.round} has not ended{due}", None
            return (
                f"claim_round for round {c.round}: a round's claim must follow it, before the "
                "next round ends (the referee keeps only the last result)"
            )
        number, result, totals, ended_at = known
        names = s.players
        wrong: list[str] = []
        if c.winner is not None and c.winner != names[result.winner]:
            wrong.append(f"the winner is {names[result.winner]}, not {c.winner}")
        for label, claimed, actual in (
            ("points", c.points, result.points),
            ("totals", c.totals, totals),
        ):
            for name, value in (claimed or {}).items():
                real = actual[names.index(name)]
                if real != value:
                    wrong.append(f"{name}'s {label} are {real}, not {value}")
        # the round's own record went wrong first, else (totals only) an earlier round did
        in_round = self._round_wrong if s.phase in ("deal", "over") else self._prev_round_wrong
        only_totals = all("'s totals " in w for w in wrong)
        hint = self.first_wrong if only_totals else in_round
        pts = ", ".join(f"{n} {p}" for n, p in zip(names, result.points, strict=True))
        tot = ", ".join(f"{n} {p}" for n, p in zip(names, totals, strict=True))
        facts = (
            f"round {number} (ended at line {ended_at}): {names[result.winner]} went out; "
            f"points {pts}; totals {tot}"
        )
        if wrong:
            return False, "; ".join(wrong) + f" (by the rules {facts})", hint
        return True, facts, None

    def _last_event(self) -> tuple[int, GameState, Verdict] | str:
        if self._last is None:
            return "no event before this claim"
        return self._last

    def _check_penalty(self, c: PenaltyClaim) -> tuple[bool, str, int | None]:
        last = self._last_event()
        if isinstance(last, str):
            return False, last, None
        line, _, v = last
        who, count = _penalty_of(v)
        what = f"{v.outcome} [{v.clause} {v.key}]"
        if who is None:
            return False, f"the rules give no penalty for line {line} ({what})", None
        if (who, count) != (c.player, c.cards):
            return False, f"the rules penalise {who} {count} cards for line {line} ({what})", None
        return True, f"{who} draws {count} for line {line} ({what})", None

    def _check_drawn(self, c: DrawnClaim) -> tuple[bool, str, int | None]:
        last = self._last_event()
        if isinstance(last, str):
            return False, last, None
        line, _, v = last
        count = dict(v.drawn).get(c.player, 0)
        hand = v.state.hands[v.state.players.index(c.player)] if v.state.hands else ()
        cards = hand[len(hand) - count :] if count else ()
        shown = " ".join(map(str, cards)) or "nothing"
        facts = f"{c.player} drew {count} at line {line} ({shown})"
        ok = (c.count is None or c.count == count) and (
            c.cards is None or Counter(c.cards) == Counter(cards)
        )
        return ok, facts if ok else f"by the rules {facts}", None

    def _check_winner(self, c: WinnerClaim) -> tuple[bool, str, int | None]:
        s = self.state
        assert s is not None
        if s.phase != "over" or s.winner is None:
            return False, f"by the rules the game has not ended ({_ending(s)})", None
        winner = s.players[s.winner]
        facts = f"{winner} won the game (line {self._over_line}) with {s.scores[s.winner]}"
        ok = winner == c.player
        return ok, facts if ok else f"by the rules {facts}", None

    # -- the report --------------------------------------------------------------------------

    def report(self) -> Report:
        """The report of everything fed so far."""
        h, s = self.header, self.state
        return Report(
            source=self.source,
            variant=self.variant.name if self.variant else (h.variant if h else ""),
            players=h.players if h else (),
            results=tuple(self.results),
            findings=tuple(r for r in self.results if r.wrong or r.kind == PROBLEM)
            if self.keep
            else tuple(self.findings),
            events=self.counts["events"],
            accepted=self.counts[ACCEPTED],
            penalised=self.counts[PENALISED],
            rejected=self.counts[REJECTED],
            claims=self.counts["claims"],
            disagreements=self.counts["disagreements"],
            problems=self.counts["problems"],
            first_wrong=self.first_wrong,
            final=s,
            ending=_ending(s) if s is not None else "no usable header: nothing was judged.",
        )


def _header_record(h: Header) -> dict[str, Any]:
    from .converter import unstructure_header

    return unstructure_header(h)


def _penalty_of(v: Verdict) -> tuple[str | None, int]:
    """Who drew how many cards as a penalty in this verdict (a mistake, or a UNO catch)."""
    drawn = dict(v.drawn)
    e = v.event
    if v.penalised and isinstance(e, PlayerEvent):
        return e.player, drawn.get(e.player, 0)
    if v.accepted and isinstance(e, CallUno) and e.target and drawn.get(e.target):
        return e.target, drawn[e.target]
    return None, 0


def _ending(s: GameState) -> str:
    if s.phase == "over" and s.winner is not None:
        return f"game over: {s.players[s.winner]} won with {s.scores[s.winner]}."
    if s.phase == "deal":
        return f"the log ends after round {s.round}."
    return f"the log ends in round {s.round + 1}: {s.due} is due ({s.phase})."


def _instead(s: GameState) -> str:
    """What the rules allow at this point: who is due and what they may do."""
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
    top = f"top card {s.top}" + (f" ({COLOR_NAMES[s.color]})" if s.color else "")
    return f"by the rules {due} is due ({top}) and may: {shown}."


def _option(e: PlayerEvent) -> str:
    if isinstance(e, Play | Overtake):
        verb = "play" if isinstance(e, Play) else "overtake"
        extra = " naming a colour" if e.color else ""
        target = f" at {e.target}" if e.target else ""
        return f"{verb} {e.card}{extra}{target}"
    if isinstance(e, ChooseColor):
        return "name a colour"
    if isinstance(e, CallUno):
        return "call UNO" if e.target is None else f"catch {e.target}"
    if isinstance(e, Draw | Pass):
        return type(e).__name__.lower()
    return "challenge"


def iter_results(
    log: str | os.PathLike[str] | Iterable[str | bytes],
    *,
    variant: Variant | str | None = None,
    strict: bool = False,
) -> Iterator[LineResult]:
    """Judge a log line by line (see :func:`validate`); nothing is kept.

    >>> [r.kind for r in iter_results(['{"ena_log": 1, "variant": "official", "players": ["a"]}'])]
    ['problem']
    """
    v = validator_for(log, variant=variant, strict=strict, keep=False)
    yield from v.run(log_lines(log))


def validate(
    log: str | os.PathLike[str] | Iterable[str | bytes],
    *,
    variant: Variant | str | None = None,
    strict: bool = False,
    keep: bool = True,
) -> Report:
    """Judge a whole log: a path (``-`` for standard input) or an iterable of lines.

    ``variant`` re-judges the game under other rules; ``strict`` raises
    :class:`~ena_rules.errors.LogError` at the first unusable line; ``keep=False`` keeps only the
    counts and the first findings (constant memory).

    >>> report = validate(['{"ena_log": 1, "variant": "official", "players": ["ana", "bor"],'
    ...                    ' "seed": 7}', '{"type": "claim_winner", "player": "ana"}'])
    >>> report.exit_code, report.findings[0].rules
    (1, 'by the rules the game has not ended (the log ends in round 1: ana is due (play).)')
    """
    v = validator_for(log, variant=variant, strict=strict, keep=keep)
    for _ in v.run(log_lines(log)):
        pass
    return v.report()


def validator_for(log: object, **kwargs: Any) -> Validator:
    """A :class:`Validator` named after ``log``; a log's variant path resolves beside it.

    >>> v = validator_for("games/g1.jsonl")
    >>> v.source, str(v.base_dir)
    ('games/g1.jsonl', 'games')
    """
    base = Path(os.fspath(log)).parent if isinstance(log, str | os.PathLike) else None
    return Validator(source_name(log), base_dir=base, **kwargs)


def log_lines(log: str | os.PathLike[str] | Iterable[str | bytes]) -> Iterable[str | bytes]:
    """The raw lines of a log: a path (``-``: standard input) is opened, lines pass through.

    >>> log_lines(["{}"])
    ['{}']
    """
    if isinstance(log, str | os.PathLike):
        return open_lines(log)
    return log
