"""Partnerships (HR-TEAMS): with an even number of players, partners sit opposite.

Seat ``i`` and seat ``i + n/2`` are partners (``players.teams = "opposite"``): with four
players ana, bor, cene, dan the teams are ana & cene and bor & dan. A team wins the round when
one partner goes out; its points are the team's, and each partner's total is the team's total
(so partners' scores are always equal, and the game is won by a team).

>>> partners(4, 1), team_seats(6, 4)
(3, (1, 4))
"""

from __future__ import annotations

from ..variant import Variant

__all__ = ["on", "partners", "team_label", "team_points", "team_seats", "team_winner"]


def on(v: Variant) -> bool:
    """True if the variant plays in partnerships (``players.teams``)."""
    return v.players.teams != "off"


def partners(n: int, seat: int) -> int:
    """The seat opposite ``seat`` at a table of ``n`` (even) players: its partner."""
    return (seat + n // 2) % n


def team_seats(n: int, seat: int) -> tuple[int, int]:
    """The two seats of ``seat``'s team, lower first."""
    a, b = seat % (n // 2), seat % (n // 2) + n // 2
    return a, b


def team_label(players: tuple[str, ...], seat: int) -> str:
    """``"ana & cene"``: the names of ``seat``'s team."""
    a, b = team_seats(len(players), seat)
    return f"{players[a]} & {players[b]}"


def team_points(v: Variant, winner: int, values: list[int]) -> list[int]:
    """HR-TEAMS: the round's points of each seat, as a team (both partners get the team's
    points). The winner's team collects the opponents' hands (``winner_collects``; the
    partner's own hand counts for nobody), scores 0 while each other team scores its two
    hands (``own_hand``), or scores the round's point (``rounds_won``)."""
    n = len(values)
    mine = team_seats(n, winner)
    points = [0] * n
    if v.scoring.mode == "winner_collects":
        won = sum(x for i, x in enumerate(values) if i not in mine)
        for i in mine:
            points[i] = won
    elif v.scoring.mode == "own_hand":
        for i in range(n):
            if i not in mine:
                points[i] = sum(values[j] for j in team_seats(n, i))
    else:
        for i in mine:
            points[i] = 1
    return points


def team_winner(v: Variant, scores: tuple[int, ...]) -> int | None:
    """SCORE-OFF, SCORE-ENA on team totals: the first seat of the team that wins the game,
    or ``None`` (nobody at the target, or the lowest team total tied)."""
    half = len(scores) // 2
    totals = scores[:half]  # each team's total is its first seat's
    if not any(x >= v.scoring.target for x in totals):
        return None
    if v.scoring.winner == "first_to_target":
        return totals.index(max(totals))
    low = min(totals)
    return totals.index(low) if totals.count(low) == 1 else None
