"""The referee's entry points: :func:`apply`, :func:`legal_events`, :func:`new_game`.

``apply(state, event)`` never raises for a rules question: it judges the event
(:mod:`~ena_rules.rules.judgement`) and returns a :class:`~ena_rules.verdict.Verdict` that is
accepted, penalised or rejected, naming the clause and the variant key it applied.
``legal_events(state)`` lists every event ``apply`` would accept now, for every player; it
keeps the candidates the same judges accept, so the two never disagree.

>>> from ena_rules import load_variant, new_game, Deal, Draw
>>> from ena_rules.chance import deal_event
>>> s = new_game(load_variant("official"), ["ana", "bor", "cene"], dealer="ana")
>>> s = apply(s, deal_event(s, seed=7)).state
>>> s.phase, len(s.hands[1])
('play', 7)
>>> all(apply(s, e).accepted for e in legal_events(s))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import guards
from ..cards import COLOR_NAMES, Card
from ..errors import EventError
from ..events import (
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
from ..names import player_name
from ..state import GameState
from ..variant import Variant
from ..verdict import ACCEPTED, PENALISED, REJECTED, Verdict, make_note, make_verdict
from ..view import PlayerView
from . import (
    challenge,
    clock,
    deal,
    forced,
    multi,
    overtake,
    penalties,
    turn,
    uno,
    unseen,
    windows,
)
from .effects import card_needs
from .judgement import Judgement, judge_common
from .phases import CHANCE_PHASES
from .work import Work

__all__ = ["apply", "canonical_deck", "judge", "legal_events", "new_game"]

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

_EVENT_TYPES = (Play, Overtake, Draw, Pass, CallUno, Challenge, ChooseColor, Cut, Deal)


def canonical_deck(variant: Variant) -> tuple[Card, ...]:
    """The variant's deck in canonical order: per colour the coloured ranks, then the wilds.

    >>> from ena_rules import load_variant
    >>> len(canonical_deck(load_variant("official")))
    108
    """
    guards.check_variant("canonical_deck", variant)
    return variant.cards


def new_game(variant: Variant, players: Sequence[str], *, dealer: str | None = None) -> GameState:
    """A new game: seats clockwise in ``players``; without ``dealer`` the game starts with the cut.

    >>> from ena_rules import load_variant
    >>> new_game(load_variant("ena.toml"), ["ana", "bor"]).phase
    'cut'
    """
    guards.check_new_game(variant, players, dealer)
    names = tuple(player_name(p) for p in players)  # NFC: one spelling of each name
    dealer = None if dealer is None else player_name(dealer)
    if not all(isinstance(p, str) and p for p in names) or len(set(names)) != len(names):
        raise EventError(f"{list(players)!r}: players must be distinct non-empty names")
    if not variant.players.min <= len(names) <= variant.players.max:
        raise EventError(
            f"{len(names)} players: variant {variant.name!r} allows {variant.players.min} to "
            f"{variant.players.max} (players.min, players.max; SETUP-PLAYERS)"
        )
    if variant.players.teams != "off" and len(names) % 2:  # HR-TEAMS: partners sit opposite
        raise EventError(
            f"{len(names)} players: variant {variant.name!r} plays in partnerships "
            f'(players.teams = "{variant.players.teams}"), which needs an even number (HR-TEAMS)'
        )
    n = len(names)
    if dealer is None:
        return GameState(
            variant=variant,
            players=names,
            phase="cut",
            scores=(0,) * n,
            cutters=tuple(range(n)),
            cut_values=(None,) * n,
        )
    if dealer not in names:
        raise EventError(f"{dealer!r}: the dealer must be one of the players {list(names)!r}")
    return GameState(
        variant=variant, players=names, phase="deal", scores=(0,) * n, dealer=names.index(dealer)
    )


def judge(state: GameState, event: Event) -> Judgement:
    """The judgement of ``event`` in ``state``: the shared checks, then the event's own judge.

    >>> from ena_rules import Draw, load_variant
    >>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    >>> judge(s, Draw("ana")).kind
    'reject'
    """
    j = judge_common(state, event)
    if j is not None:
        return j
    if isinstance(event, Cut):
        return deal.judge_cut(state, event)
    if isinstance(event, Deal):
        return deal.judge_deal(state, event)
    return RULES[type(event)][0](state, state.players.index(event.player), event)


def apply(state: GameState | PlayerView, event: Event, *, took: float | None = None) -> Verdict:
    """Judge ``event`` in ``state``: accepted, penalised or rejected, with the rule it applied.

    A rejected verdict carries the unchanged state. Raises :class:`EventError` only for a value
    that is not an event at all. On a partial state (unknown cards: a table record, a player's
    view, :mod:`~ena_rules.rules.unseen`) a ruling that needs a card nobody saw is
    ``undetermined``, with the verdict of each reading in ``alternatives``.

    ``took``: the seconds since the turn began, as the caller measured them (HR-TIME-LIMIT,
    ``time.limit``; :class:`~ena_rules.rules.clock.TurnClock` works them out from a log's
    times). ``None``, the default, is a move not timed: :func:`legal_events` lists the moves
    accepted in time, and a move judged late is penalised whatever it is.
    """
    s = _as_state(state)
    guards.check_apply(s, event)
    if took is not None:
        guards.check_took(took)
        return clock.apply_timed(s, event, took, _untimed)
    return _untimed(s, event)


def _untimed(s: GameState, event: Event) -> Verdict:
    if s.partial:
        return unseen.apply_partial(s, event, _apply)
    return _apply(s, event)


def _as_state(state: GameState | PlayerView) -> GameState:
    """A player's view is used as the partial state it holds (its ``state``)."""
    if isinstance(state, PlayerView) and state.state is not None:
        return state.state
    return state  # type: ignore[return-value]  # anything else: the guards name it


def _apply(state: GameState, event: Event) -> Verdict:
    j = judge(state, event)
    if j.kind == "reject":
        note = make_note(j.clause or state.variant.clause(j.key), j.key, j.reason)
        return make_verdict(REJECTED, state, event, (note,))
    w = Work(state)
    if isinstance(event, Cut):
        deal.perform_cut(w, event)
    elif isinstance(event, Deal):
        deal.perform_deal(w, event)
    else:
        seat = state.players.index(event.player)
        if j.kind == "mistake":
            penalties.settle(w, seat, j)
        else:
            RULES[type(event)][1](w, seat, event, j)
    windows.uno_closes_off_one_card(w)
    return w.verdict(PENALISED if j.kind == "mistake" else ACCEPTED, event)


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
    chooses, swaps = card_needs(s.variant.rank(card.rank))
    name = s.players[seat]
    if not chooses and not swaps:
        return [_event(cls, name, card, None, None)]
    colors = [COLOR_NAMES[c] for c in s.variant.deck.colors] if chooses else [None]
    targets = [p for i, p in enumerate(s.players) if i != seat] if swaps else [None]
    return [_event(cls, name, card, c, t) for c in colors for t in targets]


def _overtakes(s: GameState, seat: int) -> list[PlayerEvent]:
    """The overtakes every player but the one due may make on the top card."""
    assert s.top is not None
    rank = s.top.rank
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


def legal_events(state: GameState | PlayerView) -> tuple[PlayerEvent, ...]:
    """Every event :func:`apply` would accept now, for every player (out-of-turn ones too).

    On a player's view (:func:`~ena_rules.view`, or a state :func:`forget` made for a viewer):
    what that player may do now, from the same rules. On a partial state only events whose
    legality the visible facts decide are listed (applied, each is accepted or undetermined).

    Chance (the cut and the deal) is not listed: at those points the tuple is empty and the
    caller supplies a :class:`Cut` or :class:`Deal` (see :mod:`ena_rules.chance`).
    """
    s = _as_state(state)
    guards.check_state("legal_events", s)
    if s.viewer is not None:  # a player's view: that player's events only
        mine = s.players[s.viewer]
        return tuple(e for e in _legal(s) if e.player == mine)
    return _legal(s)


def _legal(s: GameState) -> tuple[PlayerEvent, ...]:
    v = s.variant
    if s.phase in CHANCE_PHASES or s.phase == "over":
        return ()
    if s.phase == "color":
        name = s.players[s.chooser]
        return tuple(_event(ChooseColor, name, COLOR_NAMES[c]) for c in v.deck.colors)
    seat = s.turn
    name = s.players[seat]
    out: list[PlayerEvent] = []
    for card in dict.fromkeys(s.hands[seat]):
        if card.rank != "?" and turn.playable(s, seat, card).accepted:  # "?": UNKNOWN
            out.extend(_card_events(s, Play, seat, card))
    if v.play.multi:  # HR-MULTI-PLAY
        out.extend(multi.plays(s, seat, turn.playable))
    ends: PlayerEvent = _event(Pass, name) if s.phase == "drawn" else _event(Draw, name)
    if not forced.may_refuse_turn_end(v) or judge(s, ends).accepted:
        out.append(ends)
    if s.phase == "owe":
        claim = _event(Challenge, name)
        if challenge.judge_challenge(s, seat, claim).accepted:
            out.append(claim)
    if v.overtake.enabled and s.overtake_open and s.top is not None:
        out.extend(_overtakes(s, seat))
    _uno_calls(s, out)
    return tuple(out)


def _uno_calls(s: GameState, out: list[PlayerEvent]) -> None:
    """The calls open to an exposed player (UNO-CALL) and the catches of them by the others."""
    for x in s.uno_exposed:
        out.append(_event(CallUno, s.players[x], None))
        out.extend(_event(CallUno, p, s.players[x]) for i, p in enumerate(s.players) if i != x)
