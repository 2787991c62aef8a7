"""Claims on table records: points that count cards nobody saw (docs/table-records.md).

A round's points from hands with unseen cards are bounded by the lowest and highest values
among those cards (D-TABLE-POINTS): a ``claim_round`` outside the bounds disagrees, one inside
them is undetermined until a ``hands`` list decides it.

>>> from ena_rules.log.replay import Replay
>>> open_points_of(Replay())
{}
"""

from __future__ import annotations

from typing import Any

from ..game.verdict import UNDETERMINED
from ..game.words import plural
from ..rules.unseen import open_points, unseen
from .claims import check_claim
from .lines import RoundClaim
from .replay import Replay
from .report import CLAIM, LineResult

__all__ = ["bounded_claim", "may_have_ended", "open_points_of"]


def open_points_of(replay: Replay) -> dict[int, int]:
    """The unseen cards each seat's points of the last round depend on."""
    if replay.finished is None or replay.variant is None:
        return {}
    return open_points(replay.variant, replay.finished[1])


def may_have_ended(replay: Replay) -> bool:
    """Whether the last round's unseen points may have ended the game (SCORE-OFF, SCORE-ENA:
    someone's total may reach ``scoring.target``) while the record is between rounds."""
    s, open_points = replay.state, open_points_of(replay)
    if s is None or replay.finished is None or not open_points or s.phase not in ("deal", "over"):
        return False
    assert replay.variant is not None
    values = sorted(replay.variant.rank(x.rank).score for x in unseen(s).elements())
    totals = replay.finished[2]
    target = replay.variant.scoring.target
    return (
        any(totals[i] + sum(values[len(values) - k :]) >= target for i, k in open_points.items())
        or s.phase == "over"
    )


def bounded_claim(
    replay: Replay,
    line: int,
    c: RoundClaim,
    record: dict[str, Any] | None,
    open_points: dict[int, int],
) -> LineResult:
    """A ``claim_round`` of a round whose points count ``open_points`` cards nobody saw
    (per seat): it disagrees outside the bounds the unseen cards allow, is undetermined inside
    them, and is checked as any claim where nothing is open."""
    s = replay.state
    assert s is not None and replay.finished is not None and replay.variant is not None
    _, result, totals, _ = replay.finished
    values = sorted(replay.variant.rank(x.rank).score for x in unseen(s).elements())
    names = s.players
    wrong: list[str] = []
    open_: list[str] = []
    if c.winner is not None and c.winner != names[result.winner]:
        wrong.append(f"the winner is {names[result.winner]}, not {c.winner}")
    for label, claimed, actual in (
        ("points", c.points, result.points),
        ("totals", c.totals, totals),
    ):
        for name, value in (claimed or {}).items():
            i = names.index(name)
            k = open_points.get(i, 0)
            low, high = actual[i] + sum(values[:k]), actual[i] + sum(values[len(values) - k :])
            if not low <= value <= high:
                wrong.append(
                    f"{name}'s {label} are between {low} and {high} by the cards in sight, "
                    f"not {value}"
                )
            elif k:
                open_.append(f"{name}'s {label} ({low} to {high}: {plural(k, 'card')} nobody saw)")
            elif value != actual[i]:
                wrong.append(f"{name}'s {label} are {actual[i]}, not {value}")
    if wrong:
        text = "; ".join(wrong)
        return LineResult(
            line, CLAIM, "claim_round", record, message=text, agrees=False, rules=text, since=line
        )
    if open_:
        text = "undetermined: " + "; ".join(open_) + "; a 'hands' list decides"
        return LineResult(line, CLAIM, "claim_round", record, UNDETERMINED, message=text)
    return check_claim(replay, line, c, record)
