"""The referee's body, below its checked entry points (:mod:`ena_rules.rules.referee`).

The judge of each event type and what an accepted one does (``RULES``), judging and applying
a checked event (:func:`apply_judged`), and listing the legal events (:func:`legal`) from the
same judges, so that ``apply`` and ``legal_events`` never disagree. The entry points check
their arguments and call these; the compiled build compiles this module (its entry points
stay Python: docs/architecture.md, "The compiled build").

>>> from ena_rules import load_variant, new_game, Draw
>>> from ena_rules.rules.chance import deal_event
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> s = apply_judged(s, deal_event(s, seed=7)).state
>>> all(apply_judged(s, e).accepted for e in legal(s))
True
>>> judge(s, Draw("ana")).kind
'reject'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import Card
from ..cards.notation import color_name
from ..game.events import (
    CallUno,
    Challenge,
    ChooseColor,
    Cut,
    Deal,
    Draw,
    Event,
    Overtake,
    Pass,
    Play,
    PlayerEvent,
)
from ..game.phases import CHANCE_PHASES
from ..game.state import GameState
from ..game.verdict import ACCEPTED, PENALISED, REJECTED, Verdict, make_verdict, note_of
from . import (
    challenge,
    deal,
    discard,
    forced,
    mercy,
    multi,
    overtake,
    penalties,
    turn,
    uno,
    unseen,
    windows,
)
from .judgement import Judgement, held_face, judge_common
from .work import Work

__all__ = ["RULES", "apply_judged", "apply_untimed", "judge", "legal"]

_Judge = Callable[[GameState, int, Any], Judgement]
_Perform = Callable[[Work, int, Any, Judgement], None]

#: Each player event's judge and what an accepted one does.
RULES: dict[type, tuple[_Judge, _Perform]] = {
    Play: (turn.judge_play, turn.perform_play),
    Overtake: (overtake.judge_overtake, overtake.perform_overtake),
    Draw: (turn.judge_draw, turn.perform_draw),
    Pass: (turn.judge_pass, turn.perform_pass),
    CallUno: (uno.judge_call, uno.perform_call),
    Challenge: (challenge.judge_challenge, challenge.perform_challenge),
    ChooseColor: (deal.judge_choose, deal.perform_choose),
}


def judge(state: GameState, event: Event) -> Judgement:
    """The judgement of ``event`` in ``state``: the shared checks, then the event's own judge.

    >>> from ena_rules import Draw, load_variant, new_game
    >>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    >>> judge(s, Draw("ana")).kind
    'reject'
    """
    j = judge_common(state, event)
    if j is not None:
        return j
    if state.variant.two_sided:  # FLIP2-SIDE: a face in play names a card held
        event = held_face(state, event)
    if isinstance(event, Cut):
        return deal.judge_cut(state, event)
    if isinstance(event, Deal):
        return deal.judge_deal(state, event)
    return RULES[type(event)][0](state, state.players.index(event.player), event)


def apply_judged(state: GameState, event: Event) -> Verdict:
    """Judge ``event`` (checked already: a state and an event) and apply it if accepted or
    penalised: the verdict :func:`~ena_rules.rules.referee.apply` returns on a full state."""
    j = judge(state, event)
    if j.kind == "reject":
        note = note_of(j.clause or state.variant.clause(j.key), j.key, j.words)
        return make_verdict(REJECTED, state, event, (note,))
    w = Work(state)
    if isinstance(event, Cut):
        deal.perform_cut(w, event)
    elif isinstance(event, Deal):
        deal.perform_deal(w, event)
    else:
        seat = state.players.index(event.player)
        held = held_face(state, event) if state.variant.two_sided else event  # FLIP2-SIDE
        if j.kind == "mistake":
            penalties.settle(w, seat, j)
            if isinstance(held, Play):  # the cards shown go back to the hand
                w.show(seat, (held.card, *held.more))
            elif isinstance(held, Overtake):
                w.show(seat, (held.card,))
        else:
            RULES[type(event)][1](w, seat, held, j)
    if state.variant.mercy.limit:  # NM-MERCY: a hand at the limit is out at once
        mercy.apply_mercy(w)
    windows.uno_closes_off_one_card(w)
    return w.verdict(PENALISED if j.kind == "mistake" else ACCEPTED, event)


def apply_untimed(state: GameState, event: Event) -> Verdict:
    """:func:`apply_judged` on a full state, :func:`~ena_rules.rules.unseen.apply_partial` on a
    partial one (a table record, a view): :func:`~ena_rules.rules.referee.apply`'s body without
    a clock, for callers holding a state and an event the library built (the log's replay).

    >>> from ena_rules import Draw, load_variant, new_game
    >>> apply_untimed(new_game(load_variant("official"), ["ana", "bor"]), Draw("ana")).outcome
    'rejected'
    """
    if state.partial:
        return unseen.apply_partial(state, event, apply_judged)
    return apply_judged(state, event)


#: Legal events are values: one shared instance per (class, fields), built once through the
#: class's checked constructor and handed out again by every later legal_events (an action
#: lists ~10 events; building each through its converters was ~10 % of a playout). Bounded: the
#: cache is emptied when it reaches _EVENT_CACHE_MAX entries (names differ from game to game).
_EVENT_CACHE: dict[tuple[Any, ...], PlayerEvent] = {}
_EVENT_CACHE_MAX = 50_000


def _event(cls: Any, *fields: Any) -> Any:
    key = (cls, *fields)
    e = _EVENT_CACHE.get(key)
    if e is None:
        if len(_EVENT_CACHE) >= _EVENT_CACHE_MAX:
            _EVENT_CACHE.clear()
        e = _EVENT_CACHE[key] = cls(*fields)
    return e


def _card_events(
    s: GameState, cls: type[Play] | type[Overtake], seat: int, card: Card
) -> list[PlayerEvent]:
    kind = s.variant.kinds.get(card) or s.variant.kind_of(card)
    chooses, swaps = kind.chooses, kind.swaps
    name = s.players[seat]
    if not chooses and not swaps:
        return [_event(cls, name, card, None, None)]
    colors = [color_name(c) for c in s.colors] if chooses else [None]
    targets = [p for i, p in enumerate(s.players) if i != seat] if swaps else [None]
    return [_event(cls, name, card, c, t) for c in colors for t in targets]


def _overtakes(s: GameState, seat: int) -> list[PlayerEvent]:
    """The overtakes every player but the one due may make on the top card."""
    rank = s.discard[-1].rank  # s.top: legal() calls this only with a card on the pile
    out: list[PlayerEvent] = []
    for q in range(len(s.players)):
        if q == seat:
            continue
        # correct() accepts only a card identical to the top (same rank first): filter with
        # it, so no reason is formatted for the many other cards (docs/performance.md)
        same = [c for c in s.hands[q] if c.rank == rank]
        for card in dict.fromkeys(same) if same else ():
            if turn.identical(s, card) and overtake.correct(s, q, card).accepted:
                out.extend(_card_events(s, Overtake, q, card))
    return out


def legal(s: GameState) -> tuple[PlayerEvent, ...]:
    """Every event :func:`apply_judged` accepts now, for every player (the body of
    :func:`~ena_rules.rules.referee.legal_events`, which checks its argument first)."""
    v = s.variant
    if s.phase in CHANCE_PHASES or s.phase == "over":
        return ()
    if s.phase == "color":
        name = s.players[s.chooser]
        return tuple(_event(ChooseColor, name, color_name(c)) for c in s.colors)
    seat = s.turn
    name = s.players[seat]
    out: list[PlayerEvent] = []
    if discard.asks_color(s):  # DRAW-COLOR: the victim names the colour to draw to
        out.extend(_event(ChooseColor, name, color_name(c)) for c in v.deck.colors)
        _uno_calls(s, out)
        return tuple(out)
    for card in dict.fromkeys(s.hands[seat]):
        if card.rank != "?" and turn.playable(s, seat, card, False).accepted:  # "?": UNKNOWN
            out.extend(_card_events(s, Play, seat, card))
    if v.play.multi:  # HR-MULTI-PLAY
        out.extend(multi.plays(s, seat, turn.playable))
    passes = s.phase == "drawn" or discard.skip_pending(s)  # MAU-EIGHT-ANSWER: pass, skipped
    ends: PlayerEvent = _event(Pass, name) if passes else _event(Draw, name)
    if not forced.may_refuse_turn_end(v) or judge(s, ends).accepted:
        out.append(ends)
    if s.phase == "owe":
        claim = _event(Challenge, name)
        if challenge.judge_challenge(s, seat, claim).accepted:
            out.append(claim)
    if v.overtake.enabled and s.overtake_open and s.discard:
        out.extend(_overtakes(s, seat))
    _uno_calls(s, out)
    return tuple(out)


def _uno_calls(s: GameState, out: list[PlayerEvent]) -> None:
    """The calls open to an exposed player (UNO-CALL) and the catches of them by the others."""
    if s.variant.uno.out_call:  # MAU-CALL-OUT: a last card called before it goes down
        out.extend(
            _event(CallUno, p, None)
            for i, p in enumerate(s.players)
            if i not in s.uno_exposed and uno.calls_out(s, i)
        )
    for x in s.uno_exposed:
        out.append(_event(CallUno, s.players[x], None))
        out.extend(_event(CallUno, p, s.players[x]) for i, p in enumerate(s.players) if i != x)
