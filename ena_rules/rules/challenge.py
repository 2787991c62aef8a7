"""The challenge of a Wild Draw Four (CHAL-WHO, CHAL-SHOW, CHAL-GUILTY, CHAL-INNOCENT).

The challenge window (:mod:`ena_rules.rules.windows`) records, when the card went down,
whether it was played illegally (TURN-WD4-LEGAL); the challenge reads it.

>>> from ena_rules import load_variant, Challenge
>>> from ena_rules.testing import start_round
>>> s = start_round(load_variant("official"), ["ana", "bor"], dealer="ana", turned="R5")
>>> judge_challenge(s, 1, Challenge("bor")).clause
'CHAL-WHO'
"""

from __future__ import annotations

from ..game.events import Challenge
from ..game.state import ChallengeWindow, GameState, Pending, Reveal
from . import sight, windows
from .effects import draw_owed, draws_to_color
from .judgement import Judgement, accept, cname, reject
from .work import Work

__all__ = ["judge_challenge", "perform_challenge"]


def judge_challenge(s: GameState, seat: int, e: Challenge) -> Judgement:
    """CHAL-WHO: only the player who must draw for a challengeable card may, before drawing
    (NM-NO-CHALLENGE: No Mercy's wild draw cards are not ``challengeable``)."""
    c = s.challenge
    if c is None or s.pending is None or c.victim != seat or s.turn != seat:
        return reject(
            "challenge.guilty",
            f"{e.player} has nothing to challenge: only the player "
            "who must draw for a challengeable card may, before "
            "drawing",
            "CHAL-WHO",
        )
    return accept("challenge.guilty", "challenges", "CHAL-WHO")


def perform_challenge(w: Work, seat: int, e: Challenge, j: Judgement) -> None:
    """A turn action (UNO-WINDOW) that closes the overtaking, pending and challenge windows;
    CHAL-SHOW (``challenge.show_hand``) the challenged hand is shown to the challenger; then
    guilty (CHAL-GUILTY) or innocent (CHAL-INNOCENT)."""
    s, v = w.s, w.v
    c, p = s.challenge, s.pending
    assert c is not None and p is not None
    windows.turn_taken(w, seat)
    windows.close_overtaking(w)
    windows.close_pending(w)
    offender = w.name(c.offender)
    if v.challenge.show_hand:  # noted after the decisive note: the verdict's clause is CHAL-*
        windows.reveal_hand(w, Reveal(seat, c.offender, s.hands[c.offender]))
    shown = f"{offender} shows their hand to {e.player}." if v.challenge.show_hand else ""
    if not c.guilty:
        held = (
            f"{offender} held no {cname(c.prev_color)} card"
            if c.prev_color
            else "no colour was in play, so the Wild Draw Four was legal"
        )
        w.note("challenge.innocent_extra", f"The challenge fails: {held}.")
        if shown:
            w.note("challenge.show_hand", shown)
        extra = v.challenge.innocent_extra  # FLIP2-WDC: a draw to a colour first, then extra
        draw_owed(
            w, seat, p.rank, p.count + extra, "challenge.innocent_extra", "a failed challenge"
        )
        if p.after != seat:
            w.lose_turn(seat)
        w.set_turn(p.after)
        return
    w.note(
        "challenge.guilty",
        f"The challenge succeeds: {offender} held a {cname(c.prev_color)} card.",
    )
    if shown:
        w.note("challenge.show_hand", shown)
    if v.challenge.guilty == "card_returns" and len(w.s.discard) < 2:
        # D-CHAL-RETURNS-ALONE: the card alone on the pile (the rest reshuffled) cannot go
        # back without leaving no top card: it stays, as with card_stays
        w.note(
            "challenge.guilty",
            f"{w.s.discard[-1]} is the only card of the discard pile: it stays, its colour stands.",
        )
        _card_stays(w, seat, c, p)
    elif v.challenge.guilty == "card_returns":
        _card_returns(w, seat, c, p)
    else:
        _card_stays(w, seat, c, p)


def _card_returns(w: Work, seat: int, c: ChallengeWindow, p: Pending) -> None:
    """CHAL-GUILTY ``card_returns``: the card goes back, the colour before it is restored, its
    player draws ``challenge.guilty_draw`` and must play again; the rest of a stack
    (OVT-STACK, D-CHAL-STACK) goes as ``challenge.after_stack`` says."""
    s, v = w.s, w.v
    offender = w.name(c.offender)
    card = s.discard[-1]
    w.discard = s.discard[:-1]
    sight.take_back(w, c.offender, card)  # seen, before any card drawn blind
    w.color = c.prev_color
    rest = p.count - c.count
    whole = rest if v.challenge.after_stack == "whole_stack" else 0
    w.take(c.offender, v.challenge.guilty_draw + whole, "challenge.guilty_draw", "guilty")
    if rest > 0 and not whole:
        w.take(seat, rest, "challenge.after_stack", "the rest of the stack")
    w.note("challenge.guilty", f"{card} goes back to {offender}, who must play a correct card.")
    w.set_turn(c.offender)


def _card_stays(w: Work, seat: int, c: ChallengeWindow, p: Pending) -> None:
    """CHAL-GUILTY ``card_stays``: the card and its colour stand; its player draws
    ``challenge.guilty_draw`` (with ``whole_stack``: the whole stack) and the challenger plays,
    unless the rest of a stack is still theirs to draw (``last_card``)."""
    v = w.v
    if v.challenge.after_stack == "whole_stack":
        w.take(
            c.offender,
            p.count + v.challenge.guilty_draw - c.count,
            "challenge.after_stack",
            "guilty, takes the whole stack",
        )
        w.set_turn(seat)
        return
    if draws_to_color(v, p.rank):  # FLIP2-WDC: the guilty player draws to the colour instead
        draw_owed(w, c.offender, p.rank, 0, "challenge.guilty_draw", "guilty")
    else:
        w.take(c.offender, v.challenge.guilty_draw, "challenge.guilty_draw", "guilty")
    rest = p.count - c.count
    if rest > 0:
        w.take(seat, rest, "challenge.after_stack", "the rest of the stack")
        w.lose_turn(seat)
        w.set_turn(p.after)
    else:
        w.set_turn(seat)
