"""Overtaking (Ena) and jumping in (HOUSE-JUMP-IN): an identical card played out of turn.

>>> from ena_rules import load_variant, Overtake
>>> from ena_rules.testing import start_round
>>> s = start_round(load_variant("ena"), ["ana", "bor", "cene"], dealer="ana",
...                 hands=[[], [], ["R5"]], turned="R5")
>>> correct(s, 2, s.hands[2][0]).kind
'accept'
"""

from __future__ import annotations

from ..cards import Card
from ..game.events import Overtake
from ..game.phases import TURN_PHASES
from ..game.state import GameState
from . import discard, finish, windows
from .judgement import Judgement, accept, card_args, judge_card, reject
from .penalties import mistake
from .turn import identical
from .work import Work

__all__ = ["correct", "judge_overtake", "perform_overtake"]

_IDENTICAL = accept("overtake.enabled", "identical card")


def correct(s: GameState, seat: int, card: Card) -> Judgement:
    """Is an overtake with ``card`` by ``seat`` correct now? In this order: FLIP-WILD no
    overtake while a turned-up wild's colour is still to be named; OVT-IDENT the card is
    identical to the top card (OVT-WILDS for wilds); the window is open (the player due has
    not taken their turn); OVT-SELF (``overtake.own_card``) not one's own card; OVT-PENDING
    (``overtake.on_pending``) no overtake on a draw owed that it does not stack, if forbidden."""
    v = s.variant
    if s.phase == "color":
        return reject(
            "first_card.wild_color",
            f"the colour of the turned-up {s.top} is not named yet: nobody may overtake it",
        )
    if not identical(s, card):
        top = s.discard[-1] if s.discard else None  # s.top, read without a call
        if card.color is None and top is not None and card.rank == top.rank:
            return reject("overtake.wilds", "wilds are never identical")
        return reject("overtake.enabled", f"{card} is not identical to the top card ({top})")
    if not s.overtake_open or s.phase not in TURN_PHASES:
        return reject(
            "overtake.enabled",
            "the overtaking window is closed: the player due has already acted",
        )
    if s.last_player == seat and not v.overtake.own_card:
        return reject("overtake.own_card", "a player may not overtake their own card")
    last = finish.forbidden(s, seat, card)  # HR-FINISH-WILD, HR-FINISH-ACTION
    if last is not None:
        return last
    p = s.pending
    stacks = p is not None and p.rank in v.stacking.overtake and card.rank == p.rank
    if p is not None and not stacks and v.overtake.on_pending == "forbidden":
        return reject("overtake.on_pending", f"no overtake while {p.count} cards are owed")
    return _IDENTICAL


def judge_overtake(s: GameState, seat: int, e: Overtake) -> Judgement:
    """Overtake (docs/events-and-verdicts.md#overtake): OVT-IDENT, HOUSE-JUMP-IN
    (``overtake.enabled``) the variant has overtaking; the card checks; the player due in a
    turn phase plays with Play (rejected); an incorrect overtake costs
    ``penalties.bad_overtake`` (PEN-ENA)."""
    v = s.variant
    if not v.overtake.enabled:
        return reject("overtake.enabled", "this variant has no overtaking: play only on your turn")
    bad = judge_card(s, seat, e.card, e.color, e.target)
    if bad is not None:
        return bad
    if seat == s.turn and s.phase in TURN_PHASES:
        return reject("overtake.enabled", f"it is {e.player}'s turn: play {e.card} with Play")
    j = correct(s, seat, e.card)
    if j.accepted:
        return j
    return mistake(
        v,
        "penalties.bad_overtake",
        key=j.key,
        reason=j.reason,
        clause=j.clause,
        charge=f"{e.player} overtakes incorrectly with {e.card}",
        detail=True,
    )


def perform_overtake(w: Work, seat: int, e: Overtake, j: Judgement) -> None:
    """An accepted overtake: a turn action (UNO-WINDOW). OVT-PENDING: a draw owed that the card
    does not stack is drawn first; OVT-STACK: one it stacks grows. OVT-SKIP, OVT-RACE
    (``overtake.skip_between``): every player from the one due up to the overtaker is
    skipped; the card then acts from the overtaker's seat."""
    s, v = w.s, w.v
    windows.turn_taken(w, seat)
    p = s.pending
    stack = p is not None and p.rank in v.stacking.overtake and e.card.rank == p.rank
    w.note("overtake.enabled", f"{e.player} overtakes with {e.card}, identical to the top card.")
    if p is not None and not stack:
        w.take(p.victim, p.count, "overtake.on_pending", "the owed draw is taken first")
        windows.close_pending(w)
    between: list[int] = []
    x = s.turn
    while x != seat and len(between) < w.n:
        between.append(x)
        x = w.step(x)
    for x in between:
        w.lose_turn(x)
    if between:
        names = ", ".join(w.name(x) for x in between)
        w.note("overtake.skip_between", f"Skipped by the overtake: {names}.")
    code, tseat = card_args(s, e.card, e.color, e.target)
    discard.put_down(w, seat, e.card, code, tseat, stack=stack)
