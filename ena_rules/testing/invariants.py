"""The referee's invariants: plain functions that raise :class:`InvariantError` (an
``AssertionError``) naming what broke, so any test runner can call them; the Hypothesis state
machine (:mod:`ena_rules.testing.state_machine`) and :func:`ena_rules.testing.explore.explore`
share them:

- :func:`check_conservation`: hands, draw pile and discard pile hold exactly the deck;
- :func:`check_serialisation`: position notation and the cattrs converter give the state back;
- :func:`check_views`: no player's view holds another player's hidden card or the draw order;
- :func:`check_backs`: the backs a view shows match the hidden cards (FLIP2-SIGHT);
- :func:`check_view_agreement`: on each view's partial state, ``legal_events`` and ``apply``
  agree;
- :func:`check_legal_accepted`: every event of ``legal_events`` is accepted;
- :func:`check_judgement`: one event's verdict agrees with an independent model: accepted exactly
  when legal; a mistake penalised by exactly the variant's count, changing nothing but the
  offender's hand and the draw pile (and the turn, where the variant passes it); a rejection
  changing nothing; the turn order after a play; the scores at the end of a round.

>>> from ena_rules import load_variant
>>> from ena_rules.testing import start_round
>>> check_state(start_round(load_variant("official"), ["ana", "bor"], dealer="ana"))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs

from ..cards import Card
from ..cards.notation import color_name
from ..game.events import CallUno, Challenge, ChooseColor, Draw, Overtake, Pass, Play, PlayerEvent
from ..game.position import format_position, parse_position
from ..game.state import GameState
from ..game.verdict import Verdict
from ..rules.referee import apply, canonical_deck, legal_events
from ..rules.view import view
from ..variant import Variant

__all__ = [
    "InvariantError",
    "candidate_events",
    "check_backs",
    "check_conservation",
    "check_legal_accepted",
    "check_serialisation",
    "check_state",
    "check_view_agreement",
    "check_views",
    "expected_mistake",
    "penalty_count",
]


class InvariantError(AssertionError):
    """An invariant of the referee does not hold; the message says which and where."""


def _fail(what: str, state: GameState, detail: str) -> InvariantError:
    return InvariantError(f"{what}: {detail}\n  in: {format_position(state)}")


# -- invariants on one state --------------------------------------------------------------------


def check_conservation(state: GameState) -> None:
    """Card conservation: hands + draw pile + discard pile == the variant's deck (as multisets).
    A two-sided deck (FLIP2-SIDE): every card shows the side in play, and each physical card is
    there exactly once.

    Before the first deal (no hands) there is nothing on the table to count.
    """
    if not state.hands:
        return
    held = Counter(c for h in state.hands for c in h)
    held.update(state.draw_pile)
    held.update(state.discard)
    deck = Counter(canonical_deck(state.variant))
    if state.side:  # the deck lists its cards first side up: compare them so
        deck = Counter({c.flipped: n for c, n in deck.items()})
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
        from ..game.convert import structure_state, unstructure_state
    except ImportError:  # pragma: no cover - the converter is part of the package
        return
    data = unstructure_state(state)
    # the converter names the variant; one that is not shipped cannot be loaded back by name
    again = structure_state(data, None if _is_shipped(state.variant) else state.variant)
    if again != state:
        raise _fail("converter round trip", state, "structure_state(unstructure_state(s)) != s")


_SHIPPED_NAMES: list[frozenset[str]] = []


def _is_shipped(variant: Variant) -> bool:
    from ..variant.io import load_variant, shipped_variants

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


def _blind_at(state: GameState, seat: int) -> list[int]:
    """HR-BLIND-DRAW: the places in ``seat``'s hand of the cards its owner has not seen (the
    last copies received, as :func:`ena_rules.rules.sight.seen` takes them), in blind order."""
    own = list(state.hands[seat])
    unseen = state.blind[seat] if state.blind else ()
    if not unseen or len(own) < state.variant.view.open_below:
        return []
    taken: list[int] = []
    for card in unseen:
        places = [j for j, c in enumerate(own) if c == card and j not in taken]
        if not places:  # a table record's UNKNOWN used up by a play: leave them be
            return []
        taken.append(max(places))
    return taken


def _moved(pool: list[Card], shift: int) -> list[Card]:
    """The pool reversed and rotated by ``shift``, each card among those with the same other
    side (FLIP2-SIGHT: a two-sided card's back is seen, so only a card with the same back may
    take its place; a one-sided deck is one such class)."""
    places: dict[Card | None, list[int]] = {}
    for i, c in enumerate(pool):
        places.setdefault(c.other, []).append(i)
    out = list(pool)
    for at in places.values():
        cards = [pool[i] for i in reversed(at)]
        k = shift % len(cards)
        for i, c in zip(at, cards[k:] + cards[:k], strict=True):
            out[i] = c
    return out


def _hide(state: GameState, seat: int, shift: int = 0) -> GameState:
    """The same state with every card hidden from ``seat`` moved: others' hands, the draw
    pile and ``seat``'s own cards drawn blind (HR-BLIND-DRAW) are refilled, sizes kept, from
    the reversed pool of those cards (rotated by ``shift``; a two-sided card only among the
    cards with its back, :func:`_moved`)."""
    below = state.variant.view.open_below  # HR-OPEN-HAND: a hand shown to all stays put
    r = state.reveal  # CHAL-SHOW: a hand shown to seat stays put
    others = [
        i
        for i in range(len(state.hands))
        if i != seat
        and not len(state.hands[i]) < below
        and not (r is not None and r.viewer == seat and r.owner == i)
    ]
    blind_at = _blind_at(state, seat)
    own = list(state.hands[seat])
    pool = [c for i in others for c in state.hands[i]] + list(state.draw_pile)
    pool += [own[j] for j in blind_at]
    pool = _moved(pool, shift)
    hands = list(state.hands)
    k = 0
    for i in others:
        hands[i] = tuple(pool[k : k + len(state.hands[i])])
        k += len(state.hands[i])
    pile = tuple(pool[k : k + len(state.draw_pile)])
    k += len(state.draw_pile)
    drawn = state.drawn
    # the drawn card, drawn blind, is one of the blind cards (not always the last: penalty
    # cards may follow it): it moves with its place
    at = [j for j in blind_at if state.turn == seat and own[j] == drawn]
    mine: list[Card] = []
    for j in blind_at:
        if at and j == at[-1]:
            drawn = pool[k]
        own[j] = pool[k]
        mine.append(pool[k])
        k += 1
    if blind_at:
        hands[seat] = tuple(own)
    blind = tuple(
        tuple(mine) if i == seat and blind_at else (b if i == seat else ())
        for i, b in enumerate(state.blind)
    )
    return attrs.evolve(state, hands=tuple(hands), draw_pile=pile, blind=blind, drawn=drawn)


def _seen_by(state: GameState, player: str) -> tuple[Any, ...]:
    """Everything ``player`` is given of ``state``: the view, its partial state, the partial
    state's position, the view's JSON (and its picture, ``deep``)."""
    from ..game.serialize import to_json

    seen = view(state, player)
    assert seen.state is not None
    return seen, seen.state, format_position(seen.state), to_json(seen)


def check_views(state: GameState) -> None:
    """No view holds a hidden card of another player or the draw order.

    Two checks per player: each card in the view is one that player may see (own hand, the
    discard pile, their own drawn card, a hand shown to them by a challenge) and no other field
    holds a card; and the view does not change when every card hidden from them is moved
    (non-interference: others' hands and the draw pile are refilled in another order).
    """
    public = {"hand", "discard", "top", "drawn", "shown_hand", "open_hands", "backs", "pile_back"}
    for seat, player in enumerate(state.players):
        seen = view(state, player)
        own = state.hands[seat] if state.hands else ()
        if (
            seen.hand != _own_seen(state, seat)
            or seen.discard != state.discard
            or (seen.top != state.top)
        ):
            raise _fail("views", state, f"{player}'s view misstates their hand or the pile")
        if seen.open_hands != _open(state, seat):
            raise _fail("views", state, f"{player}'s view shows hands not open to all")
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
            if f.name == "state":  # the partial state: checked below, as the view is
                continue
            if f.name not in public and any(True for _ in _cards_in(getattr(seen, f.name))):
                raise _fail("views", state, f"{player}'s view holds cards in {f.name!r}")
        if state.hands:
            _check_secrecy(state, seat, player)


def check_backs(state: GameState) -> None:
    """FLIP2-SIGHT: the backs in each view match the hidden cards: the view lists the other side
    of each other player's cards (in hand order) and of the draw pile's top card, and each
    unknown card of its partial state shows the back of the card in its place; a one-sided
    deck shows no backs."""
    two = state.variant.two_sided
    hands = state.hands or tuple(() for _ in state.players)
    for seat, player in enumerate(state.players):
        seen = view(state, player)
        want = tuple(
            (p, tuple(c.other or c for c in h))
            for i, (p, h) in enumerate(zip(state.players, hands, strict=True))
            if i != seat
        )
        top = state.draw_pile[0].other if two and state.draw_pile else None
        if seen.backs != (want if two else ()) or seen.pile_back != top:
            raise _fail("backs", state, f"{player}'s view misstates the backs it sees")
        p = seen.state
        assert p is not None
        places = [*zip(p.hands or hands, hands, strict=True), (p.draw_pile, state.draw_pile)]
        for got, real in places:
            for g, c in zip(got, real, strict=True):
                if g.rank == "?" and g.other is not None and (not two or g.other != c.other):
                    raise _fail("backs", state, f"{player}'s partial state shows {g} for {c}")


def check_view_agreement(state: GameState) -> None:
    """On each player's view (its partial state) every event :func:`legal_events` lists is
    judged by ``apply`` without a rejection (accepted, penalised, or undetermined by cards
    nobody saw): what a view knows (FLIP2-SIGHT: the backs it sees) never makes the two
    disagree."""
    if not state.hands:
        return
    for player in state.players:
        seen = view(state, player).state
        assert seen is not None
        for event in legal_events(seen):
            verdict = apply(seen, event)
            if verdict.rejected:
                raise _fail("views", state, f"on {player}'s view, legal {event!r} was {verdict}")


def _check_secrecy(state: GameState, seat: int, player: str) -> None:
    """The view, its partial state, position and JSON do not change when the cards hidden
    from ``player`` are moved (twice, in two orders)."""
    given = _seen_by(state, player)
    names = ("view", "partial state", "position", "JSON")
    for shift in (0, 1):
        moved = _seen_by(_hide(state, seat, shift), player)
        for name, a, b in zip(names, given, moved, strict=True):
            if a != b:
                raise _fail(
                    "views",
                    state,
                    f"{player}'s {name} changes when cards hidden from them are moved",
                )


def _own_seen(state: GameState, seat: int) -> tuple[Card, ...]:
    """HR-BLIND-DRAW: the player's hand less the cards drawn unseen (an open hand: all)."""
    own = state.hands[seat] if state.hands else ()
    unseen = state.blind[seat] if state.blind else ()
    if not unseen or len(own) < state.variant.view.open_below:
        return own
    rest = list(own)
    for card in unseen:  # the unseen copies are the last ones received
        if card in rest:  # a table record's UNKNOWN used up by a play is gone from the hand
            del rest[len(rest) - 1 - rest[::-1].index(card)]
    return tuple(rest)


def _open(state: GameState, seat: int) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """HR-OPEN-HAND: the other players' hands of fewer than ``view.open_below`` cards."""
    below = state.variant.view.open_below
    return tuple(
        (state.players[i], h)
        for i, h in enumerate(state.hands)
        if i != seat and below and len(h) < below
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
    """Every invariant on one state: conservation, serialisation, views, backs."""
    check_conservation(state)
    check_serialisation(state)
    check_views(state)
    check_backs(state)


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
    colors = [color_name(c) for c in s.colors]
    for seat, player in enumerate(s.players):
        others = [p for p in s.players if p != player]
        for card in dict.fromkeys(s.hands[seat]):
            ops = {e.op for e in v.rank_of(card).effects}
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
