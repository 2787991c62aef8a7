"""The steps of a replay: each judged line of a log with its verdict and the table after it.

:func:`replay_steps` runs the validator (:mod:`ena_rules.log.validate`) over a log and keeps, for
every line it judged, the line's result (:class:`~ena_rules.log.validate.LineResult`), the text of
the line as written and the table after it
(:class:`~ena_rules.pictures.table_view.TableView`: every hand, or one player's view). The HTML
replay (:mod:`ena_rules.pictures.replay_html`) draws these steps.

>>> lines = ['{"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7}',
...          '{"type": "pass", "player": "ana"}']
>>> replay = replay_steps(lines)
>>> [(s.line, s.result.outcome, s.first) for s in replay.steps]
[(1, 'accepted', False), (2, 'rejected', True)]
>>> replay.steps[1].result.clause, replay.steps[1].clause_text
('TURN-DRAW', 'Draw one card instead of playing; a playable drawn card may be played at once, ...')
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

import attrs

from ..errors import EventError
from ..game.state import GameState
from ..log.validate import LineResult, Report, describe_record, log_lines, validator_for
from ..variant import Variant
from .table_view import TableView, table_view

__all__ = ["MAX_RAW", "Replay", "ReplayStep", "clause_texts", "replay_steps"]

#: The longest text of a line kept for display (characters); longer lines are cut.
MAX_RAW = 4000

_CLAUSE_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9+]+)+\b")


@cache
def clause_texts() -> dict[str, str]:
    """Every clause id with its text (``specs/clauses.toml``, the project's own words).

    The one clause list of :mod:`ena_rules.variant.clauses`.

    >>> clause_texts()["TURN-MATCH"]
    "Play a card matching the colour in force, or the top card's number or symbol"
    """
    from ..variant.clauses import clauses

    return {c.id: c.title for c in clauses()}


@attrs.frozen
class ReplayStep:
    """One judged line: its result, its text as written, the table after it."""

    result: LineResult
    raw: str
    table: TableView | None
    first: bool = False
    """True on the first line where the record leaves the rules."""

    @property
    def line(self) -> int:
        """The line number in the log."""
        return self.result.line

    @property
    def clause_text(self) -> str:
        """The text of the clause that decided the line (empty if none)."""
        return clause_texts().get(self.result.clause, "")

    def cited(self) -> list[tuple[str, str]]:
        """Every clause the line's verdict names, with its text: the deciding one first."""
        texts = clause_texts()
        r = self.result
        ids = [r.clause] if r.clause else []
        for found in _CLAUSE_ID.findall(f"{r.message} {r.rules}"):
            if found in texts and found not in ids:
                ids.append(found)
        return [(i, texts.get(i, "")) for i in ids]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data for the page: the result's fields, the text, the table."""
        out = self.result.to_dict()
        out.pop("record", None)
        r = self.result
        out["what"] = (
            describe_record(r.type, r.record)
            if r.record is not None
            else ("an unusable line" if r.kind == "problem" else r.kind)
        )
        out["raw"] = self.raw
        out["wrong"] = self.result.wrong or self.result.kind == "problem"
        out["first"] = self.first
        out["cited"] = [clause for clause, _ in self.cited()]  # texts: page_data's "clauses"
        out["table"] = None if self.table is None else self.table.to_dict()
        return out


@attrs.frozen
class Replay:
    """The steps of a log and the validator's report on it."""

    steps: tuple[ReplayStep, ...]
    report: Report
    viewer: str | None = None
    names: tuple[tuple[str, str], ...] = ()
    """DECK-DECLARE: the words of the variant's ranks (``ranks.*.name``), for the pictures."""


def _teed(lines: Iterable[str | bytes], seen: list[str]) -> Iterator[str | bytes]:
    for raw in lines:
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        text = text.rstrip("\r\n")
        seen.append(text if len(text) <= MAX_RAW else text[:MAX_RAW] + " …")
        yield raw


def replay_steps(
    log: str | os.PathLike[str] | Iterable[str | bytes],
    *,
    variant: Variant | str | None = None,
    player: str | None = None,
) -> Replay:
    """Judge ``log`` and keep every line's step; ``player`` shows that player's view only.

    Raises :class:`~ena_rules.errors.EventError` when ``player`` is not a player of the log, and
    ``OSError`` when the log cannot be read.
    """
    v = validator_for(log, variant=variant, strict=False, keep=False)
    raw: list[str] = []
    judged: list[tuple[LineResult, GameState | None]] = []
    for r in v.run(_teed(log_lines(log), raw)):
        judged.append((r, v.state))
    report = v.report()
    if player is not None and player not in report.players:
        known = ", ".join(report.players) or "none: the header is unusable"
        raise EventError(f"--as {player!r}: not a player of this log (players: {known})")
    steps = []
    for r, state in judged:
        table = None if state is None or state.phase == "cut" else table_view(state, player)
        text = raw[r.line - 1] if 0 < r.line <= len(raw) else ""
        steps.append(ReplayStep(r, text, table, first=r.line == report.first_wrong))
    variant = next((s.variant for _, s in judged if s is not None), None)
    names = tuple((r, k.name) for r, k in variant.ranks if k.name) if variant else ()
    return Replay(tuple(steps), report, player, names)
