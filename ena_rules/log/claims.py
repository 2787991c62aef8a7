"""Checking the table's claims against the referee's own result (docs/log-format.md, Claims).

:func:`check_claim` compares one claim with what the rules say at that point of a
:class:`~ena_rules.log.replay.Replay`: the last finished round (``claim_round``), the penalty or
the draw of the last event (``claim_penalty``, ``claim_drawn``), the end of the game
(``claim_winner``). It gives a claim's :class:`~ena_rules.log.report.LineResult`: agrees, or
disagrees with the rules' facts and the line from which the record follows a wrong state; or a
problem when the claim cannot be checked at all (about a round older than the last one).

>>> from ena_rules import load_variant
>>> from ena_rules.log.lines import Header, WinnerClaim
>>> from ena_rules.log.replay import Replay
>>> replay = Replay()
>>> _ = replay.start(1, Header(1, "official", ("ana", "bor"), seed=7), load_variant("official"))
>>> check_claim(replay, 2, WinnerClaim("ana")).rules
'by the rules the game has not ended (the log ends in round 1: ana is due (play).)'
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..game.events import CallUno, PlayerEvent
from ..game.verdict import Verdict
from ..game.words import plural
from ..rules.mercy import held_after
from .lines import (
    TYPE_OF,
    Claim,
    DrawnClaim,
    Imposed,
    Misdeal,
    PenaltyClaim,
    RoundClaim,
    WinnerClaim,
)
from .replay import Replay
from .report import CLAIM, PROBLEM, LineResult, ending

__all__ = ["check_claim"]

#: A claim's check: agrees, the rules' facts in words, and the line the record went wrong at
#: (:data:`OWN`: none, the claim is wrong on its own figures).
Checked = tuple[bool, str, int | None]
OWN = 0


def check_claim(
    replay: Replay,
    line: int,
    c: Claim,
    record: dict[str, Any] | None = None,
    *,
    listed: bool = False,
) -> LineResult:
    """The result of one claim at this point of the replay. ``listed``: a ``claim_round``'s
    points are the claim's own figures (its listed hands, the rules' own, decide them).

    A claim wrong on its own figures (points that its listed hands do not score, totals that
    are not the totals before the round plus its points) says so, and follows no earlier line.
    """
    checked = _check(replay, c, listed)
    if isinstance(checked, str):  # a record problem, not a disagreement
        return LineResult(line, PROBLEM, message=checked)
    agrees, text, hint = checked
    since = None
    if hint == OWN:  # the claim's own figures: the first wrong line only if nothing was before
        since = line if replay.first_wrong is None else None
    elif not agrees:
        since = hint if hint is not None else replay.since(line)
    return LineResult(
        line,
        CLAIM,
        TYPE_OF[type(c)],
        record,
        message=text,
        agrees=agrees,
        rules="" if agrees else text,
        since=since,
    )


def _check(replay: Replay, c: Claim, listed: bool = False) -> Checked | str:
    if isinstance(c, RoundClaim):
        return _check_round(replay, c, listed)
    if isinstance(c, PenaltyClaim):
        return _check_penalty(replay, c)
    if isinstance(c, DrawnClaim):
        return _check_drawn(replay, c)
    return _check_winner(replay, c)


def _check_round(replay: Replay, c: RoundClaim, listed: bool = False) -> Checked | str:
    s = replay.state
    assert s is not None
    known = replay.finished
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
    # the round's own record went wrong first, else (totals only) an earlier round did
    in_round = replay.round_wrong if s.phase in ("deal", "over") else replay.prev_round_wrong
    trusted = replay.first_wrong is None or replay.first_wrong == in_round
    wrong, own = _round_differences(c, names, result.points, totals, listed, trusted)
    if c.winner is not None and c.winner != names[result.winner]:
        wrong.insert(0, f"the winner is {names[result.winner]}, not {c.winner}")
    only_totals = all("'s totals " in w for w in wrong)
    hint = replay.first_wrong if only_totals else in_round
    if own and not wrong:
        hint = OWN  # wrong on its own figures: it follows no earlier line
    pts = ", ".join(f"{n} {p}" for n, p in zip(names, result.points, strict=True))
    tot = ", ".join(f"{n} {p}" for n, p in zip(names, totals, strict=True))
    facts = (
        f"round {number} (ended at line {ended_at}): {names[result.winner]} went out; "
        f"points {pts}; totals {tot}"
    )
    if own:
        wrong.extend(own)
        wrong.append("the claim is wrong on its own figures")
    if wrong:
        return False, "; ".join(wrong) + f" (by the rules {facts})", hint
    return True, facts, None


def _round_differences(
    c: RoundClaim,
    names: tuple[str, ...],
    points: tuple[int, ...],
    totals: tuple[int, ...],
    listed: bool,
    trusted: bool,
) -> tuple[list[str], list[str]]:
    """How a round's claim differs from the rules: what may follow an earlier wrong line, and
    what is wrong on the claim's own figures: points its listed hands do not score
    (``listed``), totals that are not the totals before the round plus its own points (the
    rules' totals before it, when no earlier round left the rules: ``trusted``)."""
    wrong: list[str] = []
    own: list[str] = []
    for name, value in (c.points or {}).items():
        real = points[names.index(name)]
        if real != value and listed:
            own.append(f"{name}'s points are {real}, not {value}: the hands it lists score {real}")
        elif real != value:
            wrong.append(f"{name}'s points are {real}, not {value}")
    for name, value in (c.totals or {}).items():
        i = names.index(name)
        got = (c.points or {}).get(name)
        before = totals[i] - points[i]  # the rules' totals before the round
        if got is not None and (trusted or c.round == 1) and before + got != value:
            own.append(f"{name}'s totals are {before} + {got} = {before + got}, not {value}")
        elif totals[i] != value:
            wrong.append(f"{name}'s totals are {totals[i]}, not {value}")
    return wrong, own


def _check_penalty(replay: Replay, c: PenaltyClaim) -> Checked:
    if replay.last is None:
        return False, "no event before this claim", None
    line, _, v = replay.last
    who, count = _penalty_of(v)
    what = f"{v.outcome} [{v.clause} {v.key}]"
    if who is None:
        return False, f"the rules give no penalty for line {line} ({what})", None
    if (who, count) != (c.player, c.cards):
        cards = plural(count, "card")
        return False, f"the rules penalise {who} {cards} for line {line} ({what})", None
    return True, f"{who} draws {count} for line {line} ({what})", None


def _check_drawn(replay: Replay, c: DrawnClaim) -> Checked:
    if replay.last is None:
        return False, "no event before this claim", None
    line, before, v = replay.last
    count = dict(v.drawn).get(c.player, 0)
    hand = held_after(before, v.state, dict(v.drawn), c.player)  # NM-MERCY: a leaver's too
    cards = hand[len(hand) - count :] if count else ()
    shown = " ".join(map(str, cards)) or "nothing"
    facts = f"{c.player} drew {count} at line {line} ({shown})"
    ok = (c.count is None or c.count == count) and (
        c.cards is None or Counter(c.cards) == Counter(cards)
    )
    return ok, facts if ok else f"by the rules {facts}", None


def _check_winner(replay: Replay, c: WinnerClaim) -> Checked:
    s = replay.state
    assert s is not None
    if s.phase != "over" or s.winner is None:
        return False, f"by the rules the game has not ended ({ending(s)})", None
    winner = s.players[s.winner]
    facts = f"{winner} won the game (line {replay.over_line}) with {s.scores[s.winner]}"
    ok = winner == c.player
    return ok, facts if ok else f"by the rules {facts}", None


def _penalty_of(v: Verdict) -> tuple[str | None, int]:
    """Who drew how many cards as a penalty in this verdict (a mistake, or a UNO catch)."""
    drawn = dict(v.drawn)
    e = v.event
    if v.penalised and isinstance(e, PlayerEvent | Misdeal | Imposed):
        return e.player, drawn.get(e.player, 0)
    if v.accepted and isinstance(e, CallUno) and e.target and drawn.get(e.target):
        return e.target, drawn[e.target]
    return None, 0
