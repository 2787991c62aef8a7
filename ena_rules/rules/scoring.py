"""The end of a round and of the game: the last card, the points, the winner, the next dealer.

>>> from ena_rules import load_variant
>>> game_winner(load_variant("official"), (510, 20)), game_winner(load_variant("ena"), (510, 20))
(0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from ..cards import Card
from ..game.state import RoundResult
from ..variant import Variant
from . import elimination, teams, windows
from .effects import draw_count

if TYPE_CHECKING:
    from .work import Work

__all__ = ["drawn_round", "end_round", "game_winner", "hand_value", "last_card"]


def last_card(w: Work, seat: int, card: Card, code: str | None, stack: bool) -> None:
    """END-ROUND: the player went out. END-LAST-DRAW (``scoring.last_draw_counts``): a draw
    card played last is still drawn, a stack with it, by the player it falls on."""
    v = w.v
    if code is not None:
        w.color = code
    w.note(
        "scoring.last_draw_counts",
        f"{w.name(seat)} plays their last card and wins the round.",
        "END-ROUND",
    )
    rank = v.rank_of(card)
    count = draw_count(rank)
    if stack and w.pending is not None:  # MAU-SEVEN: an answer may double what is owed
        doubled = v.stacking.growth == "double"
        count = (w.pending.count if doubled else count) + w.pending.count
    windows.round_end(w)
    if count and v.scoring.last_draw_counts:
        d = w.direction
        if any(e.op == "reverse" for e in rank.effects) and w.n > 2:
            d = -d
        w.take((seat + d) % w.n, count, "scoring.last_draw_counts", "the last card is a draw card")
    end_round(w, seat)


def hand_value(v: Variant, hand: Sequence[Card]) -> int:
    """SCORE-VALUES: the points a hand is worth (``ranks.*.score``; the packs' games declare
    theirs the same way: C8-SCORE, MAU-SCORE, NM-SCORE; how the game ends, C8-END, is
    scoring.mode). FLIP2-SCORE: a card is worth its face in play (the side the round ends on)."""
    return sum(v.rank(c.rank).score for c in hand if c.rank != "?")  # "?": unseen, scored 0


def _unseen(hand: Sequence[Card]) -> int:
    return sum(1 for c in hand if c.rank == "?")


def _word(points: int, unseen: int) -> str:
    """Points in words, a partial state's unseen cards left open: ``12``, ``12 + ?`` (3 cards
    nobody saw, counted 0 until a claim's hands decide them), ``?`` (nothing seen)."""
    if not unseen:
        return str(points)
    return f"{points} + ?" if points else "?"


def _points(w: Work, winner: int) -> list[int]:
    """SCORE-OFF, SCORE-ENA, HOUSE-ROUNDS (``scoring.mode``; NM-END: No Mercy's one round is
    a game of one round won): each seat's points for the round."""
    v = w.v
    values = [hand_value(v, h) for h in w.hands]
    points = [0] * w.n
    if teams.on(v):
        points = teams.team_points(v, winner, values)
        w.note(
            "players.teams",
            f"The team {teams.team_label(w.s.players, winner)} wins the round: "
            + ", ".join(f"{w.name(i)} {p}" for i, p in enumerate(points))
            + ".",
            "HR-TEAMS",
        )
    elif v.scoring.mode == "winner_collects":
        points[winner] = sum(values)
        got = _word(points[winner], sum(_unseen(h) for h in w.hands))
        w.note("scoring.mode", f"{w.name(winner)} scores {got} for the others' hands.")
    elif v.scoring.mode == "own_hand":
        points = values
        points[winner] = 0
        w.note(
            "scoring.mode",
            "Each player scores their own hand: "
            + ", ".join(
                f"{w.name(i)} {_word(p, _unseen(w.hands[i]) if i != winner else 0)}"
                for i, p in enumerate(points)
            )
            + ".",
        )
    else:
        points[winner] = 1
        w.note("scoring.mode", f"{w.name(winner)} scores a point for the round.")
    return _multiplied(w, winner, points)


def _multiplied(w: Work, winner: int, points: list[int]) -> list[int]:
    """HR-DOUBLE-SCORE (``scoring.winner_factor``): the winner's points multiplied; where the
    winner scores nothing (``own_hand``), the others' points (D-DOUBLE-SCORE-OWN-HAND)."""
    factor = w.v.scoring.winner_factor
    if factor == 1:
        return points
    if points[winner]:
        mine = teams.team_seats(w.n, winner) if teams.on(w.v) else (winner,)
        for i in mine:  # HR-TEAMS: the winner's team, both partners
            points[i] *= factor
        w.note(
            "scoring.winner_factor",
            f"{w.name(winner)}'s points are multiplied by {factor}: {points[winner]}.",
        )
        return points
    points = [p * factor for p in points]
    w.note(
        "scoring.winner_factor",
        f"The others' points are multiplied by {factor}: "
        + ", ".join(f"{w.name(i)} {p}" for i, p in enumerate(points) if i != winner)
        + ".",
    )
    return points


def end_round(w: Work, winner: int) -> None:
    """The round's points are added; the game is over (SCORE-OFF, SCORE-ENA:
    ``scoring.winner``, ``scoring.target``) or the next dealer deals (DEAL-ROTATE)."""
    v = w.v
    points = _points(w, winner)
    scores = tuple(a + b for a, b in zip(w.scores, points, strict=True))
    w.scores = scores
    windows.round_end(w)
    winner_of_game = game_winner(v, scores)
    dealer = w.s.dealer if w.s.dealer is not None else 0
    if winner_of_game is not None:
        w.phase = "over"
        who = (
            f"The team {teams.team_label(w.s.players, winner_of_game)}"
            if teams.on(v)
            else w.name(winner_of_game)
        )
        w.note("scoring.winner", f"{who} wins the game with {scores[winner_of_game]}.")
    else:
        w.phase = "deal"
        if any(x >= v.scoring.target for x in scores):
            w.note(
                "scoring.winner",
                "The target is reached but the lowest total is tied: play goes on.",
            )
        if v.deal.rotate == "left":
            dealer = (dealer + 1) % w.n
    w.s = attrs.evolve(
        w.s,
        last_round=RoundResult(winner, tuple(points)),
        winner=winner_of_game,
        dealer=dealer,
        round=w.s.round + 1,
    )
    if w.phase == "deal":
        _next_round(w, winner, dealer)


def drawn_round(w: Work) -> None:
    """D-HR-HAND-LIMIT-STUCK (HR-HAND-LIMIT, ``play.hand_limit``): a round nobody can finish
    (every hand at the limit, nothing playable) ends drawn, as uno-online ends it: nobody wins
    it, nobody scores or leaves, the next dealer deals (DEAL-ROTATE)."""
    windows.round_end(w)
    w.note(
        "play.hand_limit",
        "Every player holds the hand limit and nobody can play: the round ends drawn, "
        "nobody scores.",
        "HR-HAND-LIMIT",
    )
    dealer = w.s.dealer if w.s.dealer is not None else 0
    if w.v.deal.rotate == "left":
        dealer = (dealer + 1) % w.n
    w.phase = "deal"
    w.s = attrs.evolve(w.s, last_round=None, dealer=dealer, round=w.s.round + 1)
    w.note("deal.rotate", f"{w.name(dealer)} deals the next round.")


def _next_round(w: Work, winner: int, dealer: int) -> None:
    """DEAL-ROTATE: the next dealer; HR-ELIMINATION (``scoring.elimination``): first the player
    holding the most cards leaves, and with one player left the game is over."""
    dealer = elimination.eliminate(w, winner, dealer)
    if w.n == 1:
        w.phase = "over"
        w.note(
            "scoring.elimination",
            f"{w.name(0)} is the last player left and wins the game.",
            "HR-ELIMINATION",
        )
        w.s = attrs.evolve(w.s, winner=0, dealer=0)
        return
    w.note("deal.rotate", f"{w.name(dealer)} deals the next round.")
    w.s = attrs.evolve(w.s, dealer=dealer)


def game_winner(v: Variant, scores: tuple[int, ...]) -> int | None:
    """SCORE-OFF (``first_to_target``): the first to reach the target wins; SCORE-ENA
    (``lowest_total``): once someone reaches it, the lowest total wins (none while tied)."""
    if teams.on(v):
        return teams.team_winner(v, scores)
    target = v.scoring.target
    if not any(x >= target for x in scores):
        return None
    if v.scoring.winner == "first_to_target":
        return scores.index(max(scores))
    low = min(scores)
    return scores.index(low) if scores.count(low) == 1 else None
