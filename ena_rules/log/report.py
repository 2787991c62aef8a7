"""Reporting a validation: what was found on each line, and the report of a whole log.

A :class:`LineResult` is the validator's finding on one line (its verdict, or a claim's check,
or why the line is unusable); a :class:`Report` is the answer for a whole log: counts, findings,
the final state and the exit code. Both render as text and as JSON-ready data.

>>> r = LineResult(3, "claim", "claim_winner", {"type": "claim_winner", "player": "ana"},
...                agrees=False, rules="by the rules the game has not ended")
>>> r.text("game.jsonl")
'game.jsonl:3: claim_winner ana -> DISAGREES: by the rules the game has not ended'
"""

from __future__ import annotations

from typing import Any

import attrs

from ..errors import typed_arguments
from ..game.position import format_position
from ..game.state import GameState
from ..game.verdict import ACCEPTED, REJECTED
from ..game.words import plural

__all__ = [
    "CLAIM",
    "EVENT",
    "HEADER",
    "MAX_FINDINGS",
    "PROBLEM",
    "ROUND",
    "LineResult",
    "Report",
    "describe_record",
    "ending",
]

#: How many findings (rejections, disagreements, problems) a report keeps when not keeping all.
MAX_FINDINGS = 1000

HEADER, EVENT, ROUND, CLAIM, PROBLEM = "header", "event", "round", "claim", "problem"

_QUIET_EVENTS = ("overtake", "challenge", "choose_color")


@attrs.frozen
class LineResult:
    """What the validator found on one line.

    ``kind`` is ``header``, ``event``, ``round``, ``claim`` or ``problem``. ``record`` is the
    line's JSON object as read. Events, round lines and the header carry the referee's
    ``outcome``, ``clause``, ``key`` and ``message``; claims carry ``agrees``; a rejected event
    or a disagreeing claim carries ``rules`` (what the rules say instead) and ``since`` (the
    first line from which the record follows a wrong state); a problem carries its reason in
    ``message``.
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
        """Worth printing by default: anything but a plain accepted turn or an agreeing claim.

        >>> LineResult(4, "claim", "claim_winner", agrees=True).notable
        False
        """
        if self.kind == CLAIM:
            return not self.agrees
        if self.kind != EVENT or self.outcome != ACCEPTED or self.round_ended:
            return True
        return self.type in _QUIET_EVENTS or bool(
            self.type == "call_uno" and self.record and self.record.get("target")
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
            first = " (the record first leaves the rules on this line: the lines after it are "
            first += "judged without it)"
            return f"{where}: unusable: {self.message}" + (first if self.since == self.line else "")
        what = describe_record(self.type, self.record) if self.record is not None else self.kind
        if self.kind == CLAIM:
            if self.agrees:
                return f"{where}: {what} -> agrees: {self.message}"
            if self.agrees is None:
                return f"{where}: {what} -> {self.message}"
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


@typed_arguments
def describe_record(kind: str, record: dict[str, Any] | None) -> str:
    """A short text for a line as written (``record`` is the line's JSON object).

    >>> describe_record("claim_penalty", {"type": "claim_penalty", "player": "bor", "cards": 2})
    'claim_penalty bor 2 cards'
    """
    if record is None:
        return kind
    if kind == "header":
        return _describe_header(record)
    parts = [kind]
    for k, v in record.items():
        if k != "type" and v is not None:
            parts.append(_describe_field(k, v))
    return " ".join(parts)


def _describe_header(record: dict[str, Any]) -> str:
    deck = record.get("deck")
    chance = f"seed {record['seed']}" if "seed" in record else f"deck of {_size(deck)}"
    if deck == "unknown":  # a table record
        turned = record.get("turned")
        shown = " ".join(map(str, turned)) if isinstance(turned, list) else "?"
        chance = f"deck unknown, turned {shown}"
    dealer = f", dealer {record['dealer']}" if "dealer" in record else ""
    players = ", ".join(map(str, record.get("players", ())))
    return f"header: {record.get('variant')}; players {players} (clockwise){dealer}; {chance}"


def _cards_text(value: Any) -> str:
    return " ".join(map(str, value)) if isinstance(value, list) else str(value)


def _size(value: Any) -> str:
    return str(len(value)) if isinstance(value, list | tuple) else repr(value)


def _describe_field(k: str, v: Any) -> str:
    if k == "deck":
        return f"deck of {_size(v)}"
    if k == "target":
        return f"-> {v}"
    if isinstance(v, dict):
        return f"{k} " + ", ".join(f"{n} {_cards_text(x)}" for n, x in v.items())
    if isinstance(v, list):
        return f"{k} {' '.join(map(str, v))}"
    if k in ("player", "card", "color", "winner"):
        return str(v)
    if k == "cards" and isinstance(v, int):
        return plural(v, "card")
    return f"{k} {v}"


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
    undetermined: int = 0
    """A table record's points left open: events and claims that need a card nobody saw."""

    @property
    def exit_code(self) -> int:
        """0 consistent with the rules, 1 inconsistent, 2 unusable input.

        Inconsistent: a line was rejected (an event, a round line, or a table record's header,
        whose turned-up cards are the first deal) or a claim disagrees.
        """
        if self.problems:
            return 2
        wrong = self.rejected or self.disagreements or self.first_wrong is not None
        return 1 if wrong else 0

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
            "undetermined": self.undetermined,
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
            f"{plural(self.events, 'event')} ({self.accepted} accepted, "
            f"{self.penalised} penalised, {self.rejected} rejected);",
            f"{plural(self.claims, 'claim')}, {self.disagreements} disagreeing;",
        ]
        if self.undetermined:
            parts.append(f"{plural(self.undetermined, 'undetermined point')};")
        if self.problems:
            parts.append(f"{plural(self.problems, 'unusable line')};")
        if self.first_wrong is not None:
            parts.append(f"the record first leaves the rules at line {self.first_wrong};")
        parts.append(self.ending)
        return " ".join(parts)


def ending(s: GameState | None) -> str:
    """How the log ends, in words (``None``: nothing was judged).

    >>> ending(None)
    'no usable header: nothing was judged.'
    """
    if s is None:
        return "no usable header: nothing was judged."
    if s.phase == "over" and s.winner is not None:
        return f"game over: {s.players[s.winner]} won with {s.scores[s.winner]}."
    if s.phase == "deal":
        return f"the log ends after round {s.round}."
    return f"the log ends in round {s.round + 1}: {s.due} is due ({s.phase})."
