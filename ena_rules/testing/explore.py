"""The referee's invariants, and an exhaustive walk over every state of small games.

The invariants are plain functions that raise :class:`InvariantError` (an ``AssertionError``)
naming what broke, so any test runner can call them; the Hypothesis state machine
(:mod:`ena_rules.testing.state_machine`) and :func:`explore` share them:

- :func:`check_conservation`: hands, draw pile and discard pile hold exactly the deck;
- :func:`check_serialisation`: position notation and the cattrs converter give the state back;
- :func:`check_views`: no player's view holds another player's hidden card or the draw order;
- :func:`check_legal_accepted`: every event of ``legal_events`` is accepted;
- :func:`check_judgement`: one event's verdict agrees with an independent model: accepted exactly
  when legal; a mistake penalised by exactly the variant's count, changing nothing but the
  offender's hand and the draw pile (and the turn, where the variant passes it); a rejection
  changing nothing; the turn order after a play; the scores at the end of a round.

:func:`explore` visits every state reachable through legal events from one dealt position to the
end of the round (breadth first, each state once), checks all of the above in each state and
for every candidate event, and counts what it saw.

>>> from ena_rules import load_variant_text
>>> v = load_variant_text(tiny_variant_text("official", numbers=["1"], actions=[], hand_size=1))
>>> result = explore(v, ["ana", "bor"], seeds=[3], max_shuffles=0)
>>> result.states > 0 and result.round_ends > 0
True
"""

from __future__ import annotations

import os
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from ..cards import COLOR_NAMES, Card
from ..chance import deal_event
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
from ..position import format_position, parse_position
from ..rules.referee import apply, canonical_deck, legal_events, new_game
from ..state import GameState
from ..variant import Variant
from ..verdict import Verdict
from ..view import view

__all__ = [
    "ExploreResult",
    "InvariantError",
    "candidate_events",
    "check_agreement",
    "check_conservation",
    "check_judgement",
    "check_legal_accepted",
    "check_rejection_and_penalty",
    "check_round_end",
    "check_serialisation",
    "check_state",
    "check_turn_order",
    "check_views",
    "expected_mistake",
    "explore",
    "tiny_variant_text",
]


class InvariantError(AssertionError):
    """An invariant of the referee does not hold; the message says which and where."""


def _fail(what: str, state: GameState, detail: str) -> InvariantError:
    return InvariantError(f"{what}: {detail}\n  in: {format_position(state)}")


# -- invariants on one state --------------------------------------------------------------------


def check_conservation(state: GameState) -> None:
    """Card conservation: hands + draw pile + discard pile == the variant's deck (as multisets).

    Before the first deal (no hands) there is nothing on the table to count.
    """
    if not state.hands:
        return
    held = Counter(c for h in state.hands for c in h)
    held.update(state.draw_pile)
    held.update(state.discard)
    deck = Counter(canonical_deck(state.variant))
    if held != deck:
        raise _fail(
            "card conservation",
            state,
            f"missing {sorted(map(str, (deck - held).elements()))}, "
            f"extra {sorted(map(str, (held - deck).elements()))}",
        )


def check_serialisation(state: GameState) -> None:
    """The state equals its serialised copies: position notation and the cattrs converter."""
    text = format_position(state)
    back = parse_position(text, state.variant)
    if back != state:
        raise _fail(
            "position round trip", state, f"parse_position(format_position(s)) != s: {text}"
        )
    if format_position(back) != text:
        raise _fail("position round trip", state, "the text changed on a second round trip")
    try:
        from ..converter import structure_state, unstructure_state
    except ImportError:  # pragma: no cover - the converter is part of the package
        return
    data = unstructure_state(state)
    # the converter names the variant; one that is not shipped cannot be loaded back by name
    again = structure_state(data, None if _is_shipped(state.variant) else state.variant)
    if again != state:
        raise _fail("converter round trip", state, "structure_state(unstructure_state(s)) != s")


_SHIPPED_NAMES: list[frozenset[str]] = []


def _is_shipped(variant: Variant) -> bool:
    from ..variant_io import load_variant, shipped_variants

    if not _SHIPPED_NAMES:
        _SHIPPED_NAMES.append(frozenset(shipped_variants()))
    return variant.name in _SHIPPED_NAMES[0] and load_variant(variant.name) == variant


def _cards_in(value: Any) -> Iterator[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (tuple, list)):
        for x in value:
            yield from _cards_in(x)
    elif attrs.has(type(value)):
        for f in attrs.fields(type(value)):
            yield from _cards_in(getattr(value, f.name))


def _hide(state: GameState, seat: int) -> GameState:
    """The same state with every card hidden from ``seat`` moved: others' hands and the draw
    pile are refilled, sizes kept, from the reversed pool of those cards."""
    others = [i for i in range(len(state.hands)) if i != seat]
    pool = [c for i in others for c in state.hands[i]] + list(state.draw_pile)
    pool.reverse()
    hands = list(state.hands)
    k = 0
    for i in others:
        hands[i] = tuple(pool[k : k + len(state.hands[i])])
        k += len(state.hands[i])
    return attrs.evolve(state, hands=tuple(hands), draw_pile=tuple(pool[k:]))


def check_views(state: GameState) -> None:
    """No view holds a hidden card of another player or the draw order.

    Two checks per player: each card in the view is one that player may see (own hand, the
    discard pile, their own drawn card, a hand shown to them by a challenge) and no other field
    holds a card; and the view does not change when every card hidden from them is moved
    (non-interference: others' hands and the draw pile are refilled in another order).
    """
    public = {"hand", "discard", "top", "drawn", "shown_hand"}
    for seat, player in enumerate(state.players):
        seen = view(state, player)
        own = state.hands[seat] if state.hands else ()
        if seen.hand != own or seen.discard != state.discard or seen.top != state.top:
            raise _fail("views", state, f"{player}'s view misstates their hand or the pile")
        if seen.drawn is not None and (
            seen.drawn != state.drawn or state.turn != seat or seen.drawn not in own
        ):
            raise _fail("views", state, f"{player}'s view shows a drawn card not theirs")
        r = state.reveal
        if seen.shown_hand is not None and (
            r is None or r.viewer != seat or seen.shown_hand[1] != r.cards
        ):
            raise _fail("views", state, f"{player}'s view shows a hand not shown to them")
        for f in attrs.fields(type(seen)):
            if f.name not in public and any(True for _ in _cards_in(getattr(seen, f.name))):
                raise _fail("views", state, f"{player}'s view holds cards in {f.name!r}")
        if state.hands and view(_hide(state, seat), player) != seen:
            raise _fail(
                "views", state, f"{player}'s view changes when cards hidden from them are moved"
            )


def check_legal_accepted(state: GameState) -> list[tuple[PlayerEvent, Verdict]]:
    """Every event :func:`legal_events` lists is accepted; returns the (event, verdict) pairs."""
    out = []
    for event in legal_events(state):
        verdict = apply(state, event)
        if not verdict.accepted:
            raise _fail("legal_events vs apply", state, f"legal {event!r} was {verdict}")
        out.append((event, verdict))
    return out


def check_state(state: GameState) -> None:
    """Every invariant on one state: conservation, serialisation, views."""
    check_conservation(state)
    check_serialisation(state)
    check_views(state)


# -- the model of one event ---------------------------------------------------------------------


_KINDS = {
    "out_of_turn": ("penalties", "out_of_turn"),
    "wrong_card": ("penalties", "wrong_card"),
    "bad_overtake": ("penalties", "bad_overtake"),
    "draw_too_many": ("penalties", "draw_too_many"),
    "false_catch": ("uno", "false_catch_penalty"),
}


def penalty_count(variant: Variant, kind: str) -> int:
    """The cards a mistake of ``kind`` costs in ``variant`` (0: the event is rejected instead)."""
    section, key = _KINDS[kind]
    count: int = getattr(getattr(variant, section), key)
    return count


def expected_mistake(state: GameState, event: PlayerEvent) -> str | None:
    """The mistake a well-formed, non-legal event makes, by the rules; ``None`` if it is not one
    the variant can punish (it is then simply rejected).

    A well-formed event names a player of the game, a card that player holds, a colour exactly
    when the card names one and a target exactly when it swaps hands.
    """
    s = state
    if s.phase not in ("play", "drawn", "owe", "color") or event.player not in s.players:
        return None
    seat = s.players.index(event.player)
    due = s.turn if s.phase != "color" else None
    if isinstance(event, Play):
        return "out_of_turn" if seat != due else "wrong_card"
    if isinstance(event, Overtake):
        if not s.variant.overtake.enabled or seat == due:
            return None
        return "bad_overtake"
    if isinstance(event, Draw):
        if seat != due:
            return "out_of_turn"
        return "draw_too_many" if s.phase == "drawn" else None
    if isinstance(event, CallUno) and event.target not in (None, event.player):
        return "false_catch"
    return None


def candidate_events(state: GameState) -> list[PlayerEvent]:
    """Well-formed events of every kind for every player: the legal ones and many that are not
    (out of turn, wrong card, bad overtake, false catch, a second draw, a pass or challenge
    that is not due)."""
    s = state
    if s.phase not in ("play", "drawn", "owe", "color") or not s.hands:
        return []
    v = s.variant
    out: list[PlayerEvent] = []
    colors = [COLOR_NAMES[c] for c in v.deck.colors]
    for seat, player in enumerate(s.players):
        others = [p for p in s.players if p != player]
        for card in dict.fromkeys(s.hands[seat]):
            ops = {e.op for e in v.rank(card.rank).effects}
            cs: list[str | None] = list(colors[:2]) if "choose_color" in ops else [None]
            ts: list[str | None] = list(others[:2]) if "swap_hands" in ops else [None]
            for c in cs:
                for t in ts:
                    out.append(Play(player, card, color=c, target=t))
                    if v.overtake.enabled:
                        out.append(Overtake(player, card, color=c, target=t))
        out += [Draw(player), Pass(player), Challenge(player), CallUno(player)]
        out += [CallUno(player, p) for p in others]
        if s.phase == "color":
            out += [ChooseColor(player, c) for c in colors[:1]]
    return out


def _same_except(before: GameState, after: GameState, allowed: set[str]) -> list[str]:
    return [
        f.name
        for f in attrs.fields(GameState)
        if f.name not in allowed and getattr(before, f.name) != getattr(after, f.name)
    ]


def _check_penalty(before: GameState, event: PlayerEvent, verdict: Verdict, kind: str) -> None:
    after = verdict.state
    v = before.variant
    seat = before.players.index(event.player)
    count = penalty_count(v, kind)
    got = len(after.hands[seat]) - len(before.hands[seat])
    available = len(before.draw_pile) + max(len(before.discard) - 1, 0)
    if got != min(count, available):
        raise _fail("penalty", before, f"{event!r}: drew {got}, the variant says {count}")
    if after.hands[seat][: len(before.hands[seat])] != before.hands[seat]:
        raise _fail("penalty", before, f"{event!r}: the offender's own cards changed")
    allowed = {"hands", "draw_pile", "uno_exposed"}
    if len(before.draw_pile) >= count:
        if after.hands[seat][len(before.hands[seat]) :] != before.draw_pile[:count]:
            raise _fail("penalty", before, f"{event!r}: the cards did not come from the draw pile")
        if after.draw_pile != before.draw_pile[count:]:
            raise _fail("penalty", before, f"{event!r}: the draw pile changed otherwise")
    else:
        allowed |= {"discard", "shuffles"}  # a reshuffle (TURN-RESHUFFLE) refilled the pile
        if after.top != before.top:
            raise _fail("penalty", before, f"{event!r}: the top card changed in a reshuffle")
    for i, h in enumerate(after.hands):
        if i != seat and h != before.hands[i]:
            raise _fail("penalty", before, f"{event!r}: {before.players[i]}'s hand changed")
    passes = (
        kind == "wrong_card" and v.penalties.wrong_card_turn == "pass" and before.phase != "owe"
    )
    # the offender leaves the catch list if the penalty took them off one card; when the turn
    # passes (PEN-WRONG-OFF) the offender's turn is spent, a turn action that closes the catch
    # windows on the others (UNO-WINDOW)
    exposed = tuple(
        x
        for x in before.uno_exposed
        if (x != seat and not passes) or (x == seat and len(after.hands[seat]) == 1)
    )
    if after.uno_exposed != exposed:
        raise _fail("penalty", before, f"{event!r}: the UNO catch list changed otherwise")
    if passes:  # PEN-WRONG-OFF: play continues with the next player
        allowed |= {"turn", "phase", "drawn", "reveal"}
        nxt = (seat + before.direction) % len(before.players)
        if (after.turn, after.phase, after.drawn) != (nxt, "play", None):
            raise _fail("penalty", before, f"{event!r}: the turn did not pass to the next player")
    changed = _same_except(before, after, allowed)
    if changed:
        raise _fail("penalty", before, f"{event!r} ({kind}) also changed {changed}")


def _effects_model(
    before: GameState, seat: int, card: Card, *, stack: bool
) -> tuple[int, int, int, bool, int]:
    """(direction, next seat, victim, draw stays pending, draw count) of ``card`` from ``seat``."""
    v = before.variant
    n = len(before.players)
    d = before.direction
    skips = draws = 0
    for eff in v.rank(card.rank).effects:
        if eff.op == "skip":
            skips += eff.count
        elif eff.op == "skip_all":
            skips += n - 1
        elif eff.op == "reverse":
            if n == 2 and v.actions.two_player_reverse == "skip":
                skips += 1
            else:
                d = -d
        elif eff.op == "draw":
            draws += eff.count
    if draws and stack and before.pending is not None:
        draws += before.pending.count
    r = v.rank(card.rank)
    stays = (
        card.rank in v.stacking.overtake or bool(dict(v.stacking.answer).get(card.rank))
    ) or r.challengeable
    return d, (seat + d * (1 + skips)) % n, (seat + d) % n, stays, draws


def _check_turn_order(before: GameState, event: PlayerEvent, verdict: Verdict) -> None:
    """After an accepted play, overtake, draw or pass: direction and the player due follow the
    card's effects (skips, reverse, draws) from the player's seat, in the direction of play."""
    after = verdict.state
    if after.phase in ("deal", "over"):
        return
    n = len(before.players)
    seat = before.players.index(event.player)
    if isinstance(event, (Play, Overtake)):
        p = before.pending
        if isinstance(event, Play):
            stack = before.phase == "owe"
        else:
            stack = (
                p is not None
                and p.rank in before.variant.stacking.overtake
                and event.card.rank == p.rank
            )
        d, nxt, victim, stays, draws = _effects_model(before, seat, event.card, stack=stack)
        if after.direction != d:
            raise _fail("turn order", before, f"{event!r}: direction {after.direction}, not {d}")
        if draws and stays:
            want = (victim, "owe", draws)
            got = (after.turn, after.phase, after.pending.count if after.pending else 0)
        else:
            want = (nxt, "play", 0)
            got = (after.turn, after.phase, after.pending.count if after.pending else 0)
        if got != want:
            raise _fail("turn order", before, f"{event!r}: (due, phase, owed) {got}, not {want}")
    elif isinstance(event, Draw) and before.phase == "owe":
        assert before.pending is not None
        if (after.turn, after.phase) != (before.pending.after, "play"):
            raise _fail("turn order", before, f"{event!r}: the owed draw did not end the turn")
    elif isinstance(event, Draw):
        nxt = (seat + before.direction) % n
        if not (after.phase == "drawn" and after.turn == seat) and after.turn != nxt:
            raise _fail("turn order", before, f"{event!r}: the turn went to seat {after.turn}")
    elif isinstance(event, Pass) and after.turn != (seat + before.direction) % n:
        raise _fail("turn order", before, f"{event!r}: the turn went to seat {after.turn}")


def _check_round_end(before: GameState, verdict: Verdict) -> None:
    """At the end of a round the points are the variant's hand values (SCORE-*)."""
    after = verdict.state
    if after.round == before.round or after.last_round is None:
        return
    v = before.variant
    res = after.last_round
    if after.hands[res.winner]:
        raise _fail("scores", before, "the round's winner still holds cards")
    values = [sum(v.rank(c.rank).score for c in h) for h in after.hands]
    if v.scoring.mode == "own_hand":
        points = [0 if i == res.winner else x for i, x in enumerate(values)]
    elif v.scoring.mode == "winner_collects":
        points = [sum(values) if i == res.winner else 0 for i in range(len(values))]
    else:
        points = [1 if i == res.winner else 0 for i in range(len(values))]
    if list(res.points) != points:
        raise _fail("scores", before, f"round points {res.points}, hand values say {points}")
    totals = [a + b for a, b in zip(before.scores, points, strict=True)]
    if list(after.scores) != totals:
        raise _fail("scores", before, f"totals {after.scores}, expected {totals}")


def check_rejection_and_penalty(
    before: GameState, event: Event, verdict: Verdict, legal: Iterable[Event] | None = None
) -> None:
    """Penalty correctness: a rejected event changes nothing; a penalised event is a mistake the
    rules name, costs exactly the variant's count from the draw pile, and changes nothing but
    the offender's hand and the draw pile (and the turn, where the variant passes it)."""
    if verdict.rejected:
        if verdict.state is not before:
            raise _fail("rejection", before, f"{event!r} was rejected but the state changed")
        return
    if not verdict.penalised:
        return
    legal_set = set(legal_events(before) if legal is None else legal)
    kind = None
    if isinstance(event, (Play, Overtake, Draw, Pass, CallUno, Challenge, ChooseColor)):
        kind = expected_mistake(before, event)
    if kind is None or event in legal_set:
        raise _fail("penalty", before, f"{event!r} is no mistake the rules punish: {verdict}")
    if penalty_count(before.variant, kind) <= 0:
        raise _fail("penalty", before, f"{event!r} ({kind}) costs nothing here: {verdict}")
    assert isinstance(event, (Play, Overtake, Draw, CallUno))
    _check_penalty(before, event, verdict, kind)


def check_agreement(
    before: GameState, event: Event, verdict: Verdict, legal: Iterable[Event] | None = None
) -> None:
    """``legal_events`` and ``apply`` agree on this event: accepted if and only if listed."""
    if isinstance(event, (Cut, Deal)):
        return  # chance is never listed
    legal_set = set(legal_events(before) if legal is None else legal)
    if verdict.accepted != (event in legal_set):
        raise _fail(
            "legal_events vs apply",
            before,
            f"{event!r} is {'' if event in legal_set else 'not '}listed but was {verdict}",
        )


def check_turn_order(before: GameState, event: Event, verdict: Verdict) -> None:
    """After an accepted play, overtake, draw or pass the direction and the player due follow
    the rules (see :func:`_check_turn_order`)."""
    if verdict.accepted and isinstance(event, (Play, Overtake, Draw, Pass)):
        _check_turn_order(before, event, verdict)


def check_round_end(before: GameState, verdict: Verdict) -> None:
    """At the end of a round the points and totals are the variant's hand values (SCORE-*)."""
    if verdict.accepted:
        _check_round_end(before, verdict)


def check_judgement(
    before: GameState,
    event: Event,
    verdict: Verdict,
    legal: Iterable[Event] | None = None,
) -> None:
    """One event's verdict agrees with the rules' model: all four checks above.

    ``legal`` is ``legal_events(before)`` when the caller has it already.
    """
    legal_set = set(legal_events(before) if legal is None else legal)
    check_agreement(before, event, verdict, legal_set)
    check_rejection_and_penalty(before, event, verdict, legal_set)
    check_turn_order(before, event, verdict)
    check_round_end(before, verdict)


def check_candidates(state: GameState, legal: Sequence[PlayerEvent]) -> int:
    """Judge every candidate event in ``state``: accepted iff legal, else penalised as the model
    says or rejected. Returns how many events were judged."""
    legal_set = set(legal)
    n = 0
    for event in candidate_events(state):
        verdict = apply(state, event)
        n += 1
        if event in legal_set:
            if not verdict.accepted:
                raise _fail("legal_events vs apply", state, f"legal {event!r} was {verdict}")
            continue
        if verdict.accepted:
            raise _fail("legal_events vs apply", state, f"{event!r} was accepted but not listed")
        kind = expected_mistake(state, event)
        punishes = kind is not None and penalty_count(state.variant, kind) > 0
        if punishes != verdict.penalised:
            raise _fail("penalty", state, f"{event!r}: expected {kind or 'a rejection'}: {verdict}")
        check_judgement(state, event, verdict, legal_set)
    return n


# -- exhaustive exploration ---------------------------------------------------------------------


def tiny_variant_text(
    base: str,
    *,
    colors: Sequence[str] = ("R", "G"),
    numbers: Sequence[str] = ("1", "2", "3"),
    actions: Sequence[str] = ("S", "R", "+2"),
    wilds: dict[str, int] | None = None,
    hand_size: int = 2,
    name: str = "tiny",
) -> str:
    """A variant file extending ``base`` with a reduced deck: one copy of each listed coloured
    rank per colour, the given wilds (default one W and one W+4), and a small hand.

    >>> print(tiny_variant_text("ena.toml", numbers=["1"], actions=[], hand_size=1).splitlines()[0])
    name = "tiny"
    """
    ranks = [str(i) for i in range(10)] + ["S", "R", "+2"]
    keep = set(numbers) | set(actions)
    colored = ", ".join(f'"{r}" = {1 if r in keep else 0}' for r in ranks)
    w = {"W": 1, "W+4": 1} if wilds is None else wilds
    wild = ", ".join(f'"{r}" = {w.get(r, 0)}' for r in ("W", "W+4", "WS", "WC"))
    cols = ", ".join(f'"{c}"' for c in colors)
    return (
        f'name = "{name}"\nextends = "{base}"\n'
        f"[players]\nmin = 2\nmax = 3\n"
        f"[deck]\ncolors = [{cols}]\ncolored = {{ {colored} }}\nwild = {{ {wild} }}\n"
        f"[deal]\nhand_size = {hand_size}\n"
    )


@attrs.frozen
class ExploreResult:
    """What :func:`explore` saw: distinct states, round ends, transitions and events judged."""

    states: int
    round_ends: int
    transitions: int
    judged: int
    frontier: int
    """States not expanded because they passed ``max_shuffles`` reshuffles or ``max_states``."""


def explore(
    variant: Variant,
    players: Sequence[str],
    *,
    seeds: Iterable[int] = (0,),
    max_states: int | None = None,
    max_shuffles: int = 1,
    candidates: bool = True,
) -> ExploreResult:
    """Visit every state reachable by legal events from the deals of ``seeds`` to the round's
    end, checking every invariant in each state and, with ``candidates``, judging every
    candidate event (legal or not) there.

    The draw pile can be refilled from the discard pile forever, so a state that has reshuffled
    more than ``max_shuffles`` times is counted but not expanded; ``max_states`` (default: the
    environment variable ``ENA_RULES_EXPLORE_MAX``, else 200000) bounds the walk.
    """
    limit = max_states or int(os.environ.get("ENA_RULES_EXPLORE_MAX", "200000"))
    seen: set[GameState] = set()
    queue: deque[GameState] = deque()
    for seed in seeds:
        first = new_game(variant, players, dealer=players[-1])
        dealt = apply(first, deal_event(first, seed))
        if not dealt.accepted:
            raise _fail("deal", first, str(dealt))
        if dealt.state not in seen:
            seen.add(dealt.state)
            queue.append(dealt.state)
    round_ends = transitions = judged = frontier = 0
    while queue:
        state = queue.popleft()
        check_state(state)
        if state.phase in ("deal", "over"):
            round_ends += 1
            continue
        if state.shuffles > max_shuffles or len(seen) >= limit:
            frontier += 1
            continue
        legal = legal_events(state)
        for event, verdict in check_legal_accepted(state):
            transitions += 1
            if apply(state, event).state != verdict.state:
                raise _fail("determinism", state, f"{event!r} gave two different states")
            check_judgement(state, event, verdict, legal)
            if verdict.state not in seen:
                seen.add(verdict.state)
                queue.append(verdict.state)
        if candidates:
            judged += check_candidates(state, legal)
    return ExploreResult(len(seen), round_ends, transitions, judged, frontier)
