"""The referee: one checked entry point, :func:`apply`, and :func:`legal_events`.

``apply(state, event)`` never raises for a rules question: it returns a
:class:`~ena_rules.verdict.Verdict` that is accepted, penalised or rejected, naming the clause
and the variant key it applied. ``legal_events(state)`` lists every event ``apply`` would accept
now, for every player; both share the same checks, so they never disagree.

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

import operator
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from .cards import COLOR_NAMES, Card, color_from_name
from .errors import EventError
from .events import (
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
from .shuffle import derive_seed, shuffled
from .state import ChallengeWindow, GameState, Pending, Reveal, RoundResult
from .variant import Variant
from .verdict import ACCEPTED, PENALISED, REJECTED, Note, Verdict

__all__ = ["apply", "canonical_deck", "legal_events", "new_game"]

_EVENT_TYPES = (Play, Overtake, Draw, Pass, CallUno, Challenge, ChooseColor, Cut, Deal)


def canonical_deck(variant: Variant) -> tuple[Card, ...]:
    """The variant's deck in canonical order: per colour the coloured ranks, then the wilds.

    >>> from ena_rules import load_variant
    >>> len(canonical_deck(load_variant("official")))
    108
    """
    return variant.cards


def _canonical(variant: Variant) -> tuple[Card, ...]:
    return variant.cards


def new_game(variant: Variant, players: Sequence[str], *, dealer: str | None = None) -> GameState:
    """A new game: seats clockwise in ``players``; without ``dealer`` the game starts with the cut.

    >>> from ena_rules import load_variant
    >>> new_game(load_variant("ena.toml"), ["ana", "bor"]).phase
    'cut'
    """
    names = tuple(players)
    if not all(isinstance(p, str) and p for p in names) or len(set(names)) != len(names):
        raise EventError(f"{list(players)!r}: players must be distinct non-empty names")
    if not variant.players.min <= len(names) <= variant.players.max:
        raise EventError(
            f"{len(names)} players: variant {variant.name!r} allows {variant.players.min} to "
            f"{variant.players.max} (players.min, players.max; SETUP-PLAYERS)"
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


class _Reject(Exception):
    def __init__(self, key: str, text: str, clause: str | None = None) -> None:
        super().__init__(text)
        self.key = key
        self.text = text
        self.clause = clause


# attrs.evolve re-reads the class's field list on every call; an action builds a state, so the
# field order is read once here (from attrs itself, so a field added to GameState is kept).
_STATE_FIELDS = tuple(f for f in attrs.fields(GameState) if f.init)
_state_values = operator.attrgetter(*(f.name for f in _STATE_FIELDS))
_STATE_INDEX = {f.alias: i for i, f in enumerate(_STATE_FIELDS)}


def _evolve(s: GameState, **changes: Any) -> GameState:
    """``attrs.evolve(s, **changes)`` for a GameState, faster (an action builds one state)."""
    values = list(_state_values(s))
    for key, value in changes.items():
        values[_STATE_INDEX[key]] = value
    return GameState(*values)


class _Work:
    """A mutable working copy of a state, turned back into a frozen state by :meth:`finish`."""

    def __init__(self, s: GameState) -> None:
        self.s = s
        self.v = s.variant
        self.n = len(s.players)
        self.hands = list(s.hands)
        self.draw_pile = s.draw_pile
        self.discard = s.discard
        self.color = s.color
        self.direction = s.direction
        self.turn = s.turn
        self.phase = s.phase
        self.pending = s.pending
        self.drawn = s.drawn
        self.last_player = s.last_player
        self.overtake_open = s.overtake_open
        self.uno_exposed = s.uno_exposed
        self.challenge = s.challenge
        self.reveal = s.reveal
        self.shuffles = s.shuffles
        self.scores = s.scores
        self.notes: list[Note] = []
        self.drawn_counts: dict[str, int] = {}  # a plain dict: Counter() costs ~1 us an action
        self.skipped: list[str] = []
        self.ended = False

    # -- notes and names ---------------------------------------------------------------------
    def note(self, key: str, text: str, clause: str | None = None) -> None:
        self.notes.append(Note(clause or self.v.clause(key), key, text))

    def name(self, seat: int) -> str:
        return self.s.players[seat]

    def step(self, seat: int, steps: int = 1, direction: int | None = None) -> int:
        d = self.direction if direction is None else direction
        return (seat + d * steps) % self.n

    # -- cards -------------------------------------------------------------------------------
    def take(self, seat: int, count: int, key: str, why: str) -> int:
        """``seat`` draws ``count`` cards (reshuffling as needed); returns how many it got."""
        got: list[Card] = []
        while len(got) < count:
            if not self.draw_pile and not self._reshuffle():
                break
            need = count - len(got)
            got.extend(self.draw_pile[:need])
            self.draw_pile = self.draw_pile[need:]
        self.hands[seat] = self.hands[seat] + tuple(got)
        who = self.name(seat)
        if got:
            self.drawn_counts[who] = self.drawn_counts.get(who, 0) + len(got)
        short = "" if len(got) == count else (f" (only {len(got)}: nothing left to reshuffle)")
        self.note(key, f"{who} draws {count} ({why}){short}.")
        if len(got) < count:
            self.note(
                "turn.empty",
                "The draw pile and the discard pile are exhausted: a draw takes what there is.",
            )
        return len(got)

    def _reshuffle(self) -> bool:
        if len(self.discard) <= 1:
            return False
        rest, top = self.discard[:-1], self.discard[-1]
        self.shuffles += 1
        self.draw_pile = shuffled(rest, derive_seed(self.s.seed, self.shuffles))
        self.discard = (top,)
        self.note(
            "turn.reshuffle",
            f"The draw pile is empty: the discard pile but its top card "
            f"({top}) is shuffled into a new draw pile of "
            f"{len(self.draw_pile)}.",
        )
        return True

    def remove(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        i = hand.index(card)
        self.hands[seat] = hand[:i] + hand[i + 1 :]

    def close_windows(self, actor: int) -> None:
        """A turn action by ``actor``: catch windows on other players close (UNO-WINDOW)."""
        self.uno_exposed = tuple(x for x in self.uno_exposed if x == actor)
        self.reveal = None

    def finish(self) -> GameState:
        exposed = tuple(x for x in self.uno_exposed if len(self.hands[x]) == 1)
        return _evolve(
            self.s,
            hands=tuple(self.hands),
            draw_pile=self.draw_pile,
            discard=self.discard,
            color=self.color,
            direction=self.direction,
            turn=self.turn,
            phase=self.phase,
            pending=self.pending,
            drawn=self.drawn,
            last_player=self.last_player,
            overtake_open=self.overtake_open,
            uno_exposed=exposed,
            challenge=self.challenge,
            reveal=self.reveal,
            shuffles=self.shuffles,
            scores=self.scores,
        )

    def verdict(self, outcome: str, event: Event, state: GameState | None = None) -> Verdict:
        return Verdict(
            outcome=outcome,
            state=self.finish() if state is None else state,
            event=event,
            notes=tuple(self.notes),
            drawn=tuple(sorted(self.drawn_counts.items())),
            skipped=tuple(self.skipped),
        )


# -- shared checks ---------------------------------------------------------------------------


def _holds_color(hand: Sequence[Card], color: str | None, skip: Card | None = None) -> bool:
    if color is None:
        return False
    skipped = False
    for c in hand:
        if c == skip and not skipped:
            skipped = True
            continue
        if c.color == color:
            return True
    return False


def _identical(s: GameState, card: Card) -> bool:
    top = s.top
    if top is None or card.rank != top.rank:
        return False
    if card.color is None:
        return s.variant.overtake.wilds == "same_rank"
    return card.color == top.color


def _matches(s: GameState, seat: int, card: Card) -> tuple[bool, str, str]:
    """Whether the player due may play ``card`` now in the play phase: (ok, key, reason)."""
    v = s.variant
    if card.color is None:
        rank = v.rank(card.rank)  # looked up for wilds only: legal_events asks for every card
        if (
            rank.only_without_color_match
            and not rank.challengeable
            and _holds_color(s.hands[seat], s.color, card)
        ):
            return (
                False,
                f"ranks.{card.rank}.only_without_color_match",
                f"{card} may be played only holding no {_cname(s.color)} card",
            )
        if not v.turn.wild_anytime and any(
            c.color is not None and _matches(s, seat, c)[0] for c in s.hands[seat]
        ):
            return False, "turn.wild_anytime", f"{card} may be played only holding no match"
        return True, "turn.wild_anytime", "a wild may be played on any turn"
    if s.color is None:
        return True, "first_card.wild_color", "the first player names the colour by playing it"
    top = s.top
    if card.color == s.color or (top is not None and card.rank == top.rank):
        return True, "turn.match", "it matches"
    return (
        False,
        "turn.match",
        f"{card} matches neither the colour ({_cname(s.color)}) nor the top card ({top})",
    )


def _cname(code: str | None) -> str:
    return COLOR_NAMES.get(code or "", "no colour")


def _play_ok(s: GameState, seat: int, card: Card) -> tuple[bool, str, str]:
    """May the player due play ``card`` in the current phase? (ok, key, reason)."""
    v = s.variant
    if s.phase == "drawn":
        if s.drawn is None or card != s.drawn:
            return (
                False,
                "turn.play_drawn",
                f"after drawing only the drawn card ({s.drawn}) may be played",
            )
        return _matches(s, seat, card)
    if s.phase == "owe":
        p = s.pending
        assert p is not None
        answers = v.stack_answers(p.rank)
        if card.rank in answers:
            return True, "stacking.answer", f"{card} is stacked on the pending +{p.count}"
        if p.rank in v.stacking.overtake and card.rank == p.rank and _identical(s, card):
            return True, "stacking.overtake", f"{card} is stacked on the pending +{p.count}"
        return (
            False,
            "stacking.answer",
            f"{s.players[seat]} owes {p.count} cards: draw them"
            + (" or challenge" if s.challenge else "")
            + f"; {card} cannot answer them",
        )
    return _matches(s, seat, card)


def _overtake_ok(s: GameState, seat: int, card: Card) -> tuple[bool, str, str]:
    """Is an overtake with ``card`` by ``seat`` correct now? (ok, key, reason)."""
    v = s.variant
    if not s.overtake_open or s.phase not in ("play", "drawn", "owe"):
        return (
            False,
            "overtake.enabled",
            "the overtaking window is closed: the player due has already acted",
        )
    if s.last_player == seat and not v.overtake.own_card:
        return False, "overtake.own_card", "a player may not overtake their own card"
    if not _identical(s, card):
        why = (
            "wilds are never identical"
            if card.color is None and card.rank == (s.top.rank if s.top else "")
            else f"{card} is not identical to the top card ({s.top})"
        )
        return False, "overtake.wilds" if card.color is None else "overtake.enabled", why
    p = s.pending
    stacks = p is not None and p.rank in v.stacking.overtake and card.rank == p.rank
    if p is not None and not stacks and v.overtake.on_pending == "forbidden":
        return False, "overtake.on_pending", f"no overtake while {p.count} cards are owed"
    return True, "overtake.enabled", "identical card"


def _effect_needs(v: Variant, card: Card) -> tuple[bool, bool]:
    ops = [e.op for e in v.rank(card.rank).effects]
    return "choose_color" in ops, "swap_hands" in ops


# -- the entry point -------------------------------------------------------------------------


def apply(state: GameState, event: Event) -> Verdict:
    """Judge ``event`` in ``state``: accepted, penalised or rejected, with the rule it applied.

    A rejected verdict carries the unchanged state. Raises :class:`EventError` only for a value
    that is not an event at all.
    """
    if not isinstance(event, _EVENT_TYPES):
        raise EventError(
            f"{event!r}: not an event; expected one of "
            f"{', '.join(t.__name__ for t in _EVENT_TYPES)}"
        )
    w = _Work(state)
    try:
        outcome = _dispatch(w, event)
    except _Reject as r:
        w.notes = [Note(r.clause or state.variant.clause(r.key), r.key, r.text)]
        return Verdict(outcome=REJECTED, state=state, event=event, notes=tuple(w.notes))
    return w.verdict(outcome, event)


def _dispatch(w: _Work, e: Event) -> str:
    s = w.s
    if s.phase == "over":
        raise _Reject(
            "scoring.target",
            f"the game is over ({s.players[s.winner or 0]} won): no event may follow",
        )
    if isinstance(e, Cut):
        return _cut(w, e)
    if isinstance(e, Deal):
        return _deal(w, e)
    if e.player not in s.players:
        raise _Reject(
            "players.max",
            f"{e.player!r} is not a player of this game ({', '.join(s.players)})",
            "SETUP-PLAYERS",
        )
    if s.phase in ("cut", "deal"):
        raise _Reject(
            "deal.hand_size", f"the round has not been dealt yet: {e!r} cannot happen", "DEAL-SEVEN"
        )
    seat = s.players.index(e.player)
    if isinstance(e, Play):
        return _play(w, seat, e)
    if isinstance(e, Overtake):
        return _overtake(w, seat, e)
    if isinstance(e, Draw):
        return _draw(w, seat)
    if isinstance(e, Pass):
        return _pass(w, seat)
    if isinstance(e, CallUno):
        return _call_uno(w, seat, e)
    if isinstance(e, Challenge):
        return _challenge(w, seat)
    return _choose_color(w, seat, e)


def _penalise(w: _Work, seat: int, count: int, key: str, text: str) -> str:
    """A mistake the variant punishes: the offender draws ``count``; nothing else changes."""
    w.note(key, text)
    w.take(seat, count, key, "penalty")
    return PENALISED


def _mistake(w: _Work, seat: int, key: str, text: str) -> str:
    count = getattr(w.v.penalties, key.split(".")[1])
    if count <= 0:
        raise _Reject(key, text)
    return _penalise(w, seat, count, key, f"{text}: a mistake costing {count} cards.")


def _check_card_args(
    w: _Work, seat: int, card: Card, color: str | None, target: str | None
) -> tuple[str | None, int | None]:
    s, v = w.s, w.v
    if not v.has_rank(card.rank) or not v.in_deck(card):
        raise _Reject("deck.colored", f"{card} is not a card of the {v.name} deck", "DECK-108")
    if card not in s.hands[seat]:
        raise _Reject("turn.next", f"{s.players[seat]} does not hold {card}", "TURN-MATCH")
    chooses, swaps = _effect_needs(v, card)
    code = None if color is None else color_from_name(color)
    if chooses and code is None:
        raise _Reject(
            f"ranks.{card.rank}.effects",
            f"{card} needs a colour: name red, yellow, green or blue",
            "ACT-WILD",
        )
    if chooses and code not in v.deck.colors:
        raise _Reject("deck.colors", f"{color} is not a colour of this deck", "ACT-WILD")
    if not chooses and code is not None:
        raise _Reject(
            f"ranks.{card.rank}.effects",
            f"{card} does not name a colour (drop color={color!r})",
            "ACT-WILD",
        )
    tseat = None
    if swaps:
        if target is None or target not in s.players or target == s.players[seat]:
            raise _Reject(
                f"ranks.{card.rank}.effects",
                f"{card} swaps hands: name another player as target",
                "HOUSE-SEVEN-ZERO",
            )
        tseat = s.players.index(target)
    elif target is not None:
        raise _Reject(
            f"ranks.{card.rank}.effects", f"{card} takes no target (drop target=)", "TURN-MATCH"
        )
    return code, tseat


def _play(w: _Work, seat: int, e: Play) -> str:
    s = w.s
    code, tseat = _check_card_args(w, seat, e.card, e.color, e.target)
    if s.phase == "color" or seat != s.turn:
        due = s.due or "nobody"
        return _mistake(
            w,
            seat,
            "penalties.out_of_turn",
            f"{e.player} plays {e.card} out of turn ({due} is due)",
        )
    ok, key, why = _play_ok(s, seat, e.card)
    if not ok:
        if w.v.penalties.wrong_card <= 0:
            raise _Reject(key, why)
        w.note(
            "penalties.wrong_card",
            f"{e.player} plays a wrong card: {why}. The card goes back to the hand.",
        )
        w.take(seat, w.v.penalties.wrong_card, "penalties.wrong_card", "penalty")
        if w.v.penalties.wrong_card_turn == "pass" and s.phase != "owe":
            w.close_windows(seat)  # the offender's turn is spent: a turn action (UNO-WINDOW)
            w.turn = w.step(seat)
            w.phase = "play"
            w.drawn = None
            w.note("penalties.wrong_card_turn", f"The turn passes to {w.name(w.turn)}.")
        return PENALISED
    w.close_windows(seat)
    w.note(key, f"{e.player} plays {e.card}: {why}.")
    _put_card(w, seat, e.card, code, tseat, stack=s.phase == "owe")
    return ACCEPTED


def _overtake(w: _Work, seat: int, e: Overtake) -> str:
    s, v = w.s, w.v
    if not v.overtake.enabled:
        raise _Reject("overtake.enabled", "this variant has no overtaking: play only on your turn")
    code, tseat = _check_card_args(w, seat, e.card, e.color, e.target)
    if seat == s.turn and s.phase != "color":
        raise _Reject("overtake.enabled", f"it is {e.player}'s turn: play {e.card} with Play")
    ok, key, why = _overtake_ok(s, seat, e.card)
    if not ok:
        count = v.penalties.bad_overtake
        if count <= 0:
            raise _Reject(key, why)
        w.note(
            "penalties.bad_overtake",
            f"{e.player} overtakes incorrectly with {e.card}: a mistake costing {count} cards.",
        )
        w.note(key, f"{why[0].upper()}{why[1:]}.")
        w.take(seat, count, "penalties.bad_overtake", "penalty")
        return PENALISED
    w.close_windows(seat)
    p = s.pending
    stack = p is not None and p.rank in v.stacking.overtake and e.card.rank == p.rank
    w.note("overtake.enabled", f"{e.player} overtakes with {e.card}, identical to the top card.")
    if p is not None and not stack:
        w.take(p.victim, p.count, "overtake.on_pending", "the owed draw is taken first")
        w.pending = None
        w.challenge = None
    # OVT-SKIP: everyone due before the overtaker loses the turn
    between: list[str] = []
    x = s.turn
    while x != seat and len(between) < w.n:
        between.append(w.name(x))
        x = w.step(x)
    if between:
        w.skipped.extend(between)
        w.note("overtake.skip_between", f"Skipped by the overtake: {', '.join(between)}.")
    _put_card(w, seat, e.card, code, tseat, stack=stack)
    return ACCEPTED


def _put_card(
    w: _Work, seat: int, card: Card, code: str | None, tseat: int | None, *, stack: bool
) -> None:
    """Move ``card`` from ``seat``'s hand to the discard pile and apply its effects."""
    s, v = w.s, w.v
    rank = v.rank(card.rank)
    guilty = rank.challengeable and _holds_color(s.hands[seat], s.color, card)
    prev_color = w.color
    w.remove(seat, card)
    w.discard = (*w.discard, card)
    w.color = card.color if card.color is not None else w.color
    w.last_player = seat
    w.overtake_open = True
    w.drawn = None
    w.challenge = None
    if len(w.hands[seat]) == 1 and seat not in w.uno_exposed:
        w.uno_exposed = (*w.uno_exposed, seat)
        w.note("uno.catch_penalty", f"{w.name(seat)} has one card left and must call UNO.")
    if not w.hands[seat]:
        _last_card(w, seat, card, code, stack)
        return
    pending_before = w.pending if stack else None
    w.pending = None
    victim, count, after = _resolve(w, seat, card, code, tseat, flip=False)
    if count:
        if pending_before is not None:
            count += pending_before.count
            w.note(
                "stacking.overtake" if card.rank in v.stacking.overtake else "stacking.answer",
                f"The draw is stacked: {w.name(victim)} now owes {count}.",
            )
        _owe(w, victim, count, card.rank, after, flip=False)
        if rank.challengeable and w.pending is not None:
            w.challenge = ChallengeWindow(seat, victim, guilty, _draw_count(v, card), prev_color)
    else:
        _set_turn(w, after)


def _draw_count(v: Variant, card: Card) -> int:
    return sum(e.count for e in v.rank(card.rank).effects if e.op == "draw")


def _stays_pending(v: Variant, rank: str, *, flip: bool) -> bool:
    if rank in v.stacking.overtake or v.stack_answers(rank):
        return True
    return v.rank(rank).challengeable and not flip


def _owe(w: _Work, victim: int, count: int, rank: str, after: int, *, flip: bool) -> None:
    if _stays_pending(w.v, rank, flip=flip):
        w.pending = Pending(victim, count, rank, after)
        w.turn = victim
        w.phase = "owe"
        w.note(
            f"ranks.{rank}.effects",
            f"{w.name(victim)} owes {count} cards and may still answer them.",
        )
        return
    w.take(victim, count, f"ranks.{rank}.effects", f"the {rank} card")
    if after != victim:
        w.skipped.append(w.name(victim))
    _set_turn(w, after)


def _set_turn(w: _Work, seat: int) -> None:
    w.turn = seat
    w.phase = "play"
    w.drawn = None
    w.note(
        "turn.next",
        f"{w.name(seat)} is next ({'clockwise' if w.direction == 1 else 'counter-clockwise'}).",
    )


def _resolve(
    w: _Work, seat: int, card: Card, code: str | None, tseat: int | None, *, flip: bool
) -> tuple[int, int, int]:
    """Apply a card's effect primitives from ``seat``; return (victim, draw count, next seat)."""
    v = w.v
    key = f"ranks.{card.rank}.effects"
    skips = 0
    count = 0
    for eff in v.rank(card.rank).effects:
        op = eff.op
        if op == "skip":
            if flip and not v.first_card.draw_loses_turn and count:
                continue
            skips += eff.count
        elif op == "skip_all":
            skips += w.n - 1
            w.note(key, f"Every other player is skipped: {w.name(seat)} plays again.")
        elif op == "reverse":
            if w.n == 2 and v.actions.two_player_reverse == "skip" and not flip:
                skips += 1
                w.note("actions.two_player_reverse", "With two players the Reverse acts as a Skip.")
            else:
                w.direction = -w.direction
                w.note(
                    key,
                    f"Play now runs {'clockwise' if w.direction == 1 else 'counter-clockwise'}.",
                )
        elif op == "draw":
            count += eff.count
        elif op == "choose_color":
            if code is not None:
                w.color = code
                w.note(key, f"{w.name(seat)} names {_cname(code)}.")
        elif op == "swap_hands":
            if tseat is not None:
                w.hands[seat], w.hands[tseat] = w.hands[tseat], w.hands[seat]
                w.note(key, f"{w.name(seat)} swaps hands with {w.name(tseat)}.")
                _hand_change(w, (seat, tseat))
        elif op == "rotate_hands":
            old = list(w.hands)
            for i in range(w.n):
                w.hands[(i + w.direction) % w.n] = old[i]
            w.note(key, "Every hand passes one seat in the direction of play.")
            _hand_change(w, tuple(range(w.n)))
        elif op == "shuffle_hands":
            _shuffle_hands(w, seat)
    victim = w.step(seat)
    after = w.step(seat, 1 + skips)
    if skips and not count:
        x = w.step(seat)
        for _ in range(min(skips, w.n - 1)):
            w.skipped.append(w.name(x))
            x = w.step(x)
        w.note(key, f"Skipped: {', '.join(w.skipped[-min(skips, w.n - 1) :])}.")
    return victim, count, after


def _hand_change(w: _Work, seats: tuple[int, ...]) -> None:
    if w.v.uno.after_hand_change != "must_call":
        w.uno_exposed = tuple(x for x in w.uno_exposed if x not in seats)
        return
    for x in seats:
        if len(w.hands[x]) == 1 and x not in w.uno_exposed:
            w.uno_exposed = (*w.uno_exposed, x)
            w.note("uno.after_hand_change", f"{w.name(x)} now holds one card and must call UNO.")


def _shuffle_hands(w: _Work, seat: int) -> None:
    cards: list[Card] = []
    for i in range(w.n):
        cards.extend(w.hands[(seat + i) % w.n])
    w.shuffles += 1
    mixed = shuffled(cards, derive_seed(w.s.seed, w.shuffles))
    new: list[list[Card]] = [[] for _ in range(w.n)]
    x = w.step(seat)
    for c in mixed:
        new[x].append(c)
        x = w.step(x)
    w.hands = [tuple(h) for h in new]
    w.note(
        "ranks.WS.effects",
        f"All hands are shuffled and dealt out from {w.name(w.step(seat))}.",
        "DECK-WSH",
    )
    _hand_change(w, tuple(range(w.n)))


def _last_card(w: _Work, seat: int, card: Card, code: str | None, stack: bool) -> None:
    """The player went out (END-ROUND); a draw card played last is still drawn (END-LAST-DRAW)."""
    v = w.v
    if code is not None:
        w.color = code
    w.note(
        "scoring.last_draw_counts",
        f"{w.name(seat)} plays their last card and wins the round.",
        "END-ROUND",
    )
    count = _draw_count(v, card)
    if stack and w.pending is not None:
        count += w.pending.count
    w.pending = None
    w.challenge = None
    w.uno_exposed = ()
    if count and v.scoring.last_draw_counts:
        d = w.direction
        if any(e.op == "reverse" for e in v.rank(card.rank).effects) and w.n > 2:
            d = -d
        w.take((seat + d) % w.n, count, "scoring.last_draw_counts", "the last card is a draw card")
    _end_round(w, seat)


def _hand_value(v: Variant, hand: Sequence[Card]) -> int:
    return sum(v.rank(c.rank).score for c in hand)


def _end_round(w: _Work, winner: int) -> None:
    v = w.v
    values = [_hand_value(v, h) for h in w.hands]
    points = [0] * w.n
    if v.scoring.mode == "winner_collects":
        points[winner] = sum(values)
        w.note("scoring.mode", f"{w.name(winner)} scores {points[winner]} for the others' hands.")
    elif v.scoring.mode == "own_hand":
        points = values
        points[winner] = 0
        w.note(
            "scoring.mode",
            "Each player scores their own hand: "
            + ", ".join(f"{w.name(i)} {p}" for i, p in enumerate(points))
            + ".",
        )
    else:
        points[winner] = 1
        w.note("scoring.mode", f"{w.name(winner)} scores a point for the round.")
    scores = tuple(a + b for a, b in zip(w.scores, points, strict=True))
    w.scores = scores
    result = RoundResult(winner, tuple(points))
    w.ended = True
    w.pending = None
    w.challenge = None
    w.overtake_open = False
    w.drawn = None
    game_winner = _game_winner(v, scores)
    dealer = w.s.dealer if w.s.dealer is not None else 0
    if game_winner is not None:
        w.phase = "over"
        w.note("scoring.winner", f"{w.name(game_winner)} wins the game with {scores[game_winner]}.")
    else:
        w.phase = "deal"
        if any(x >= v.scoring.target for x in scores):
            w.note(
                "scoring.winner",
                "The target is reached but the lowest total is tied: play goes on.",
            )
        if v.deal.rotate == "left":
            dealer = (dealer + 1) % w.n
        w.note("deal.rotate", f"{w.name(dealer)} deals the next round.")
    w.s = attrs.evolve(
        w.s, last_round=result, winner=game_winner, dealer=dealer, round=w.s.round + 1
    )


def _game_winner(v: Variant, scores: tuple[int, ...]) -> int | None:
    target = v.scoring.target
    if not any(x >= target for x in scores):
        return None
    if v.scoring.winner == "first_to_target":
        best = max(scores)
        return scores.index(best)
    low = min(scores)
    return scores.index(low) if scores.count(low) == 1 else None


# -- draw, pass, uno, challenge, colour ------------------------------------------------------


def _draw(w: _Work, seat: int) -> str:
    s, v = w.s, w.v
    if s.phase == "color" or seat != s.turn:
        return _mistake(
            w,
            seat,
            "penalties.out_of_turn",
            f"{s.players[seat]} draws out of turn ({s.due} is due)",
        )
    if s.phase == "drawn":
        return _mistake(
            w,
            seat,
            "penalties.draw_too_many",
            f"{s.players[seat]} draws a second time in the same turn",
        )
    w.close_windows(seat)
    w.overtake_open = False
    if s.phase == "owe":
        p = s.pending
        assert p is not None
        w.take(seat, p.count, f"ranks.{p.rank}.effects", f"the pending +{p.count}")
        w.pending = None
        w.challenge = None
        if p.after != seat:
            w.skipped.append(w.name(seat))
            w.note(f"ranks.{p.rank}.effects", f"{w.name(seat)} loses the turn.")
        _set_turn(w, p.after)
        return ACCEPTED
    until = v.turn.draw == "until_playable"
    while True:
        before = len(w.hands[seat])
        got = w.take(seat, 1, "turn.draw", "their turn's draw")
        if not got:
            _set_turn(w, w.step(seat))
            return ACCEPTED
        card = w.hands[seat][before]
        probe = _evolve(s, hands=tuple(w.hands), phase="play")
        playable = _matches(probe, seat, card)[0]
        if playable or not until:
            break
    if playable and v.turn.play_drawn:
        w.drawn = card
        w.phase = "drawn"
        w.note("turn.play_drawn", f"{w.name(seat)} may play the drawn card or pass.")
    else:
        w.note("turn.draw", f"{w.name(seat)} cannot play the drawn card: the turn ends.")
        _set_turn(w, w.step(seat))
    return ACCEPTED


def _pass(w: _Work, seat: int) -> str:
    s = w.s
    if seat != s.turn or s.phase != "drawn":
        raise _Reject(
            "turn.play_drawn",
            f"{s.players[seat]} may pass only after drawing a playable card on their own turn",
            "TURN-DRAW",
        )
    w.close_windows(seat)
    w.note("turn.play_drawn", f"{s.players[seat]} keeps the drawn card.")
    _set_turn(w, w.step(seat))
    return ACCEPTED


def _call_uno(w: _Work, seat: int, e: CallUno) -> str:
    s, v = w.s, w.v
    name = s.players[seat]
    if e.target is None or e.target == name:
        if seat not in s.uno_exposed:
            raise _Reject(
                "uno.catch_penalty",
                f"{name} has no UNO to call (calls count only with "
                "one card left, before being caught)",
                "UNO-CALL",
            )
        w.uno_exposed = tuple(x for x in s.uno_exposed if x != seat)
        w.note("uno.window", f"{name} calls UNO and is safe.", "UNO-SAFE")
        return ACCEPTED
    if e.target not in s.players:
        raise _Reject("players.max", f"{e.target!r} is not a player of this game", "SETUP-PLAYERS")
    t = s.players.index(e.target)
    if t in s.uno_exposed:
        w.uno_exposed = tuple(x for x in s.uno_exposed if x != t)
        w.note(
            "uno.catch_penalty", f"{name} catches {e.target}, who did not call UNO.", "UNO-CATCH"
        )
        w.take(t, v.uno.catch_penalty, "uno.catch_penalty", "caught without calling UNO")
        return ACCEPTED
    why = f"{e.target} cannot be caught (not at one card without a call, or the window closed)"
    if v.uno.false_catch_penalty <= 0:
        raise _Reject("uno.false_catch_penalty", why)
    return _penalise(
        w,
        seat,
        v.uno.false_catch_penalty,
        "uno.false_catch_penalty",
        f"{name} calls out {e.target} wrongly: {why}.",
    )


def _challenge(w: _Work, seat: int) -> str:
    s, v = w.s, w.v
    c = s.challenge
    name = s.players[seat]
    if c is None or s.pending is None or c.victim != seat or s.turn != seat:
        raise _Reject(
            "challenge.guilty",
            f"{name} has nothing to challenge: only the player "
            "who must draw for a challengeable card may, before "
            "drawing",
            "CHAL-WHO",
        )
    p = s.pending
    w.close_windows(seat)
    w.overtake_open = False
    offender = w.name(c.offender)
    if v.challenge.show_hand:  # noted after the decisive note: the verdict's clause is CHAL-*
        w.reveal = Reveal(seat, c.offender, s.hands[c.offender])
    shown = f"{offender} shows their hand to {name}." if v.challenge.show_hand else ""
    w.challenge = None
    w.pending = None
    if c.guilty:
        w.note(
            "challenge.guilty",
            f"The challenge succeeds: {offender} held a {_cname(c.prev_color)} card.",
        )
        if shown:
            w.note("challenge.show_hand", shown)
        if v.challenge.guilty == "card_returns":
            card = s.discard[-1]
            w.discard = s.discard[:-1]
            w.hands[c.offender] = (*w.hands[c.offender], card)
            w.color = c.prev_color
            rest = p.count - c.count  # earlier stacked draws: D-CHAL-STACK (docs/decisions.md)
            whole = rest if v.challenge.after_stack == "whole_stack" else 0
            w.take(c.offender, v.challenge.guilty_draw + whole, "challenge.guilty_draw", "guilty")
            if rest > 0 and not whole:
                w.take(seat, rest, "challenge.after_stack", "the rest of the stack")
            w.note(
                "challenge.guilty", f"{card} goes back to {offender}, who must play a correct card."
            )
            _set_turn(w, c.offender)
            return ACCEPTED
        if v.challenge.after_stack == "whole_stack":
            w.take(
                c.offender,
                p.count + v.challenge.guilty_draw - c.count,
                "challenge.after_stack",
                "guilty, takes the whole stack",
            )
            _set_turn(w, seat)
            return ACCEPTED
        w.take(c.offender, v.challenge.guilty_draw, "challenge.guilty_draw", "guilty")
        rest = p.count - c.count
        if rest > 0:
            w.take(seat, rest, "challenge.after_stack", "the rest of the stack")
            w.skipped.append(name)
            _set_turn(w, p.after)
        else:
            _set_turn(w, seat)
        return ACCEPTED
    w.note(
        "challenge.innocent_extra",
        f"The challenge fails: {offender} held no {_cname(c.prev_color)} card.",
    )
    if shown:
        w.note("challenge.show_hand", shown)
    w.take(
        seat, p.count + v.challenge.innocent_extra, "challenge.innocent_extra", "a failed challenge"
    )
    if p.after != seat:
        w.skipped.append(name)
    _set_turn(w, p.after)
    return ACCEPTED


def _choose_color(w: _Work, seat: int, e: ChooseColor) -> str:
    s, v = w.s, w.v
    if s.phase != "color" or seat != s.dealer:
        raise _Reject("first_card.wild_color", f"{e.player} has no colour to name now", "FLIP-WILD")
    code = color_from_name(e.color)
    if code not in v.deck.colors:
        raise _Reject("deck.colors", f"{e.color} is not a colour of this deck", "FLIP-WILD")
    w.color = code
    w.note("first_card.wild_color", f"The dealer {e.player} names {_cname(code)}.")
    _flip_effects(w, s.discard[-1])
    return ACCEPTED


# -- chance: the cut and the deal ------------------------------------------------------------


def _cut_value(v: Variant, card: Card) -> int | None:
    if card.rank.isdigit():
        return int(card.rank)
    return 0 if v.deal.cut_non_number == "zero" else None


def _cut(w: _Work, e: Cut) -> str:
    s, v = w.s, w.v
    if s.phase != "cut":
        raise _Reject("deal.cut", "no cut is due now", "DEAL-CUT-OFF")
    if len(e.cards) != len(s.cutters):
        raise _Reject(
            "deal.cut",
            f"{len(s.cutters)} players cut now "
            f"({', '.join(w.name(i) for i in s.cutters)}), "
            f"got {len(e.cards)} cards",
        )
    deck = Counter(_canonical(v))
    for c in e.cards:
        if deck[c] <= 0:
            raise _Reject(
                "deck.colored", f"{c} is not (or not so often) in the {v.name} deck", "DECK-108"
            )
        deck[c] -= 1
    values = list(s.cut_values)
    for seat, card in zip(s.cutters, e.cards, strict=True):
        values[seat] = _cut_value(v, card)
        shown = "goes back: cut again" if values[seat] is None else f"counts {values[seat]}"
        w.note("deal.cut_non_number", f"{w.name(seat)} cuts {card}: {shown}.")
    again = tuple(i for i, x in enumerate(values) if x is None)
    if not again:
        nums = [x for x in values if x is not None and x >= 0]  # -1: out after a tie
        best = max(nums) if v.deal.cut == "highest" else min(nums)
        tied = tuple(i for i, x in enumerate(values) if x == best)
        if len(tied) == 1:
            w.note("deal.cut", f"{w.name(tied[0])} cut the {v.deal.cut} card and deals.")
            w.s = attrs.evolve(s, dealer=tied[0], cutters=(), cut_values=())
            w.phase = "deal"
            return ACCEPTED
        again = tied if v.deal.cut_tie == "recut_tied" else tuple(range(w.n))
        w.note("deal.cut_tie", f"A tie: {', '.join(w.name(i) for i in again)} cut again.")
        values = [x if i in again else -1 for i, x in enumerate(values)]
    for i in again:
        values[i] = None
    w.s = attrs.evolve(s, cutters=again, cut_values=tuple(values))
    return ACCEPTED


def _deal(w: _Work, e: Deal) -> str:
    s, v = w.s, w.v
    if s.phase != "deal" or s.dealer is None:
        raise _Reject("deal.hand_size", "no deal is due now", "DEAL-SEVEN")
    # as plain dicts: their == runs in C, Counter's in Python (half a deal's cost)
    if dict(Counter(e.deck)) != dict(Counter(_canonical(v))):
        missing = Counter(_canonical(v)) - Counter(e.deck)
        extra = Counter(e.deck) - Counter(_canonical(v))
        raise _Reject(
            "deck.colored",
            f"the deck is not the {v.name} deck "
            f"(missing: {', '.join(map(str, missing.elements())) or '-'}; "
            f"extra: {', '.join(map(str, extra.elements())) or '-'})",
            "DECK-108",
        )
    n, dealer = w.n, s.dealer
    pile = list(e.deck)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for _ in range(v.deal.hand_size):
        for k in range(1, n + 1):
            hands[(dealer + k) % n].append(pile.pop(0))
    w.s = attrs.evolve(s, seed=e.seed, last_round=None)
    w.hands = [tuple(h) for h in hands]
    w.shuffles = 0
    w.note("deal.hand_size", f"{w.name(dealer)} deals {v.deal.hand_size} cards to each player.")
    turned = pile.pop(0)
    tries = 0
    while turned.rank in v.first_card.return_ranks and tries < len(pile):
        w.note(
            "first_card.return_ranks",
            f"{turned} is turned up: it goes back under the "
            "draw pile and the next card is turned up.",
        )
        pile.append(turned)
        turned = pile.pop(0)
        tries += 1
    w.draw_pile = tuple(pile)
    w.discard = (turned,)
    w.color = turned.color
    w.direction = 1
    w.pending = None
    w.challenge = None
    w.reveal = None
    w.drawn = None
    w.uno_exposed = ()
    w.last_player = dealer
    w.overtake_open = True
    w.note("first_card.apply_action", f"{turned} is turned up.")
    chooses, _ = _effect_needs(v, turned)
    if chooses and v.first_card.wild_color == "dealer":
        w.phase = "color"
        w.turn = w.step(dealer)
        w.note("first_card.wild_color", f"The dealer {w.name(dealer)} names the colour.")
        return ACCEPTED
    if chooses:
        w.note(
            "first_card.wild_color",
            f"{w.name(w.step(dealer))} names the colour with their first card.",
        )
    _flip_effects(w, turned)
    return ACCEPTED


def _flip_effects(w: _Work, turned: Card) -> None:
    """FLIP-ACTION: the turned-up card acts as if the dealer had played it."""
    v = w.v
    dealer = w.s.dealer
    assert dealer is not None
    ops = [e.op for e in v.rank(turned.rank).effects if e.op != "choose_color"]
    if not v.first_card.apply_action or not ops:
        _set_turn(w, w.step(dealer))
        return
    victim, count, after = _resolve(w, dealer, turned, None, None, flip=True)
    if "reverse" in ops:
        first = dealer if v.first_card.reverse_first == "dealer" else w.step(dealer)
        w.note("first_card.reverse_first", f"{w.name(first)} goes first.")
        _set_turn(w, first)
        return
    if count:
        loses = v.first_card.draw_loses_turn
        if not loses:
            after = victim
        w.note(
            "first_card.draw_loses_turn",
            f"The turned-up {turned} makes {w.name(victim)} draw {count}"
            + (" and lose the first turn." if loses else "; they still take the first turn."),
        )
        _owe(w, victim, count, turned.rank, after, flip=True)
    else:
        if after != w.step(dealer):
            w.note(
                "first_card.apply_action",
                f"The turned-up {turned} skips the first player.",
                "FLIP-SKIP",
            )
        _set_turn(w, after)


# -- legal events ----------------------------------------------------------------------------


def _card_events(
    s: GameState, cls: type[Play] | type[Overtake], seat: int, card: Card
) -> list[PlayerEvent]:
    v = s.variant
    chooses, swaps = _effect_needs(v, card)
    colors = [COLOR_NAMES[c] for c in v.deck.colors] if chooses else [None]
    targets = [p for i, p in enumerate(s.players) if i != seat] if swaps else [None]
    name = s.players[seat]
    return [cls(name, card, color=c, target=t) for c in colors for t in targets]


def legal_events(state: GameState) -> tuple[PlayerEvent, ...]:
    """Every event :func:`apply` would accept now, for every player (out-of-turn ones too).

    Chance (the cut and the deal) is not listed: at those points the tuple is empty and the
    caller supplies a :class:`Cut` or :class:`Deal` (see :mod:`ena_rules.chance`).
    """
    s = state
    v = s.variant
    if s.phase in ("cut", "deal", "over"):
        return ()
    out: list[PlayerEvent] = []
    if s.phase == "color":
        assert s.dealer is not None
        return tuple(ChooseColor(s.players[s.dealer], COLOR_NAMES[c]) for c in v.deck.colors)
    seat = s.turn
    name = s.players[seat]
    for card in dict.fromkeys(s.hands[seat]):
        if _play_ok(s, seat, card)[0]:
            out.extend(_card_events(s, Play, seat, card))
    out.append(Draw(name))
    if s.phase == "drawn":
        out.append(Pass(name))
        out.remove(Draw(name))
    if s.phase == "owe" and s.challenge is not None and s.challenge.victim == seat:
        out.append(Challenge(name))
    if v.overtake.enabled and s.overtake_open and s.top is not None:
        rank = s.top.rank
        for q in range(len(s.players)):
            if q == seat:
                continue
            # _overtake_ok accepts only a card _identical to the top (same rank first): filter
            # with it, so no reason is formatted for the many other cards (docs/performance.md)
            for card in dict.fromkeys(c for c in s.hands[q] if c.rank == rank and _identical(s, c)):
                if _overtake_ok(s, q, card)[0]:
                    out.extend(_card_events(s, Overtake, q, card))
    for x in s.uno_exposed:
        out.append(CallUno(s.players[x]))
        out.extend(CallUno(p, s.players[x]) for i, p in enumerate(s.players) if i != x)
    return tuple(out)
