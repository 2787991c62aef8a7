"""A Hypothesis state machine for the referee, for this project and for apps that embed it.

``make_machine(variant)`` returns a :class:`hypothesis.stateful.RuleBasedStateMachine` subclass
that deals a round (a random deck order, sometimes after a cut), then plays legal events,
illegal ones (out of turn, wrong card, bad overtake, false catch, drawing twice, a card not
held, any other candidate) and malformed ones (a player who is not in the game), dealing new
rounds as they end. ``variant`` is a shipped name, a :class:`~ena_rules.Variant`, or a strategy
of variants (:func:`ena_rules.testing.strategies.variants`). After every step each invariant is
checked on its own (see :mod:`ena_rules.testing.explore` for what each one means), and every
step is ``note()``-d so that a failure prints a readable game.

>>> from hypothesis import settings
>>> Machine = make_machine("ena.toml")
>>> Machine.TestCase.settings = settings(max_examples=2, stateful_step_count=5, deadline=None)
>>> Machine.TestCase("runTest").runTest()

Needs ``hypothesis`` (a test dependency).
"""

from __future__ import annotations

from typing import Any

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from ..cards import Card
from ..cards.notation import color_name
from ..game.events import CallUno, Deal, Draw, Event, Overtake, Play, PlayerEvent
from ..game.position import format_position, parse_position
from ..game.state import GameState
from ..game.verdict import Verdict
from ..rules.chance import cut_for_dealer
from ..rules.referee import apply, canonical_deck, legal_events, new_game
from ..variant import Variant
from ..variant.io import load_variant
from .explore import (
    InvariantError,
    candidate_events,
    check_agreement,
    check_conservation,
    check_judgement,
    check_legal_accepted,
    check_rejection_and_penalty,
    check_round_end,
    check_serialisation,
    check_turn_order,
    check_views,
)
from .invariants import check_backs, check_view_agreement

__all__ = ["PLAYER_NAMES", "RefereeMachine", "make_machine"]

#: Seat names used by the machine (as many as it seats).
PLAYER_NAMES = ("ana", "bor", "cene", "dan")

_PLAYING = ("play", "drawn", "owe", "color")


class RefereeMachine(RuleBasedStateMachine):
    """The machine; use :func:`make_machine` to bind it to a variant."""

    variant_source: Variant | st.SearchStrategy[Variant] = st.nothing()
    max_players = 4
    #: The names of the invariants to check (``None``: all); an app may pick some.
    only_invariants: frozenset[str] | None = None

    def __init__(self) -> None:
        super().__init__()
        self.initial: GameState | None = None
        self.state: GameState | None = None
        self.history: list[Event] = []
        self.outcomes: list[str] = []
        self.records: list[tuple[GameState, str, GameState]] = []
        self.last: tuple[GameState, Event, Verdict] | None = None

    # -- start ------------------------------------------------------------------------------

    @initialize(data=st.data())
    def deal_first_round(self, data: st.DataObject) -> None:
        """Seat 2 to 4 players, cut for the dealer (or name one), and deal a shuffled deck."""
        source = self.variant_source
        v = source if isinstance(source, Variant) else data.draw(source, label="variant")
        low = max(2, v.players.min)
        n = data.draw(st.integers(low, max(low, min(self.max_players, v.players.max))), "n")
        names = PLAYER_NAMES[:n]
        if data.draw(st.booleans(), label="cut for the dealer"):
            state = new_game(v, names)
            self.initial = state
            self.record(state)
            seed = data.draw(st.integers(0, 2**32 - 1), label="cut seed")
            cut_for_dealer(state, seed, step=lambda _, e: self.step(e))
        else:
            dealer = data.draw(st.sampled_from(names), label="dealer")
            state = new_game(v, names, dealer=dealer)
            self.initial = state
            self.record(state)
        self.deal(data)

    @property
    def current(self) -> GameState:
        """The state after the last step."""
        assert self.state is not None
        return self.state

    def deal(self, data: st.DataObject) -> None:
        """Deal the next round from a drawn deck order and in-round seed."""
        v = self.current.variant
        deck = data.draw(st.permutations(canonical_deck(v)), label="deck")
        seed = data.draw(st.integers(0, 2**32 - 1), label="round seed")
        verdict = self.step(Deal(tuple(deck), seed=seed))
        assert verdict.accepted, verdict

    # -- bookkeeping ---------------------------------------------------------------------------

    def record(self, state: GameState) -> None:
        """Keep a state with its serialised copy (position text, and the text parsed back)."""
        text = format_position(state)
        self.records.append((state, text, parse_position(text, state.variant)))
        self.state = state

    def step(self, event: Event) -> Verdict:
        """Apply one event to the current state, note it, and remember it for the invariants."""
        before = self.current
        verdict = apply(before, event)
        note(f"{event!r} -> {verdict}")
        self.history.append(event)
        self.outcomes.append(verdict.outcome)
        self.last = (before, event, verdict)
        self.record(verdict.state)
        return verdict

    def seat_of(self, name: str) -> int:
        """The seat of a player of the current game."""
        return self.current.players.index(name)

    def _card_event(
        self, data: st.DataObject, cls: type[Play] | type[Overtake], player: str, card: Card
    ) -> PlayerEvent:
        v = self.current.variant
        ops = {e.op for e in v.rank_of(card).effects}
        color = None
        target = None
        if "choose_color" in ops:
            color = data.draw(
                st.sampled_from([color_name(c) for c in self.current.colors]), "colour"
            )
        if "swap_hands" in ops:
            others = [p for p in self.current.players if p != player]
            target = data.draw(st.sampled_from(others), label="target")
        return cls(player, card, color=color, target=target)

    def _on(self, invariant_name: str) -> bool:
        return self.only_invariants is None or invariant_name in self.only_invariants

    def _playing(self) -> bool:
        return self.state is not None and self.state.phase in _PLAYING

    # -- rules: legal, chance, illegal, malformed -----------------------------------------------

    @precondition(lambda self: self.state is not None and bool(legal_events(self.state)))
    @rule(data=st.data())
    def legal_event(self, data: st.DataObject) -> None:
        """Any event of legal_events: it must be accepted."""
        event = data.draw(st.sampled_from(legal_events(self.current)), label="legal event")
        verdict = self.step(event)
        assert verdict.accepted, f"legal {event!r}: {verdict}"

    @precondition(lambda self: self._playing())
    @rule(data=st.data(), count=st.integers(1, 15))
    def play_on(self, data: st.DataObject, count: int) -> None:
        """Up to ``count`` legal events in a row, plays preferred, so that rounds end; each one
        is judged on the spot (the invariants see only the last)."""
        for _ in range(count):
            if not self._playing():
                break
            s = self.current
            legal = legal_events(s)
            plays: list[PlayerEvent] = [e for e in legal if isinstance(e, (Play, Overtake))]
            event = data.draw(st.sampled_from(plays or list(legal)), label="legal event")
            verdict = self.step(event)
            assert verdict.accepted, f"legal {event!r}: {verdict}"
            check_judgement(s, event, verdict, legal)
            check_conservation(verdict.state)

    @precondition(lambda self: self.state is not None and self.state.phase == "deal")
    @rule(data=st.data())
    def next_round(self, data: st.DataObject) -> None:
        """A round ended: deal the next one."""
        self.deal(data)

    @precondition(
        lambda self: (
            self._playing()
            and any(h for i, h in enumerate(self.current.hands) if i != self.current.turn)
        )
    )
    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        """A player who is not due plays a card they hold (Ena: 2 cards; official: rejected)."""
        s = self.current
        seats = [i for i, h in enumerate(s.hands) if h and (i != s.turn or s.phase == "color")]
        seat = data.draw(st.sampled_from(seats), label="seat")
        card = data.draw(st.sampled_from(s.hands[seat]), label="card")
        self.step(self._card_event(data, Play, s.players[seat], card))

    @precondition(lambda self: self._playing() and self.current.phase != "color")
    @rule(data=st.data())
    def wrong_card(self, data: st.DataObject) -> None:
        """The player due plays a card they hold that they may not play now, if they have one."""
        s = self.current
        legal = set(legal_events(s))
        hand = s.hands[s.turn]
        wrong = [
            c
            for c in dict.fromkeys(hand)
            if not any(isinstance(e, Play) and e.card == c for e in legal)
        ]
        if not wrong:
            return
        card = data.draw(st.sampled_from(wrong), label="wrong card")
        self.step(self._card_event(data, Play, s.players[s.turn], card))

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def bad_overtake(self, data: st.DataObject) -> None:
        """A player who is not due overtakes with a card they hold (right or wrong)."""
        s = self.current
        seats = [i for i, h in enumerate(s.hands) if h and i != s.turn]
        if not seats:
            return
        seat = data.draw(st.sampled_from(seats), label="seat")
        card = data.draw(st.sampled_from(s.hands[seat]), label="card")
        self.step(self._card_event(data, Overtake, s.players[seat], card))

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def false_catch(self, data: st.DataObject) -> None:
        """A player calls out another who may not be catchable."""
        s = self.current
        caller = data.draw(st.sampled_from(s.players), label="caller")
        target = data.draw(st.sampled_from([p for p in s.players if p != caller]), "target")
        self.step(CallUno(caller, target))

    @precondition(lambda self: self._playing() and bool(self.current.uno_exposed))
    @rule(data=st.data())
    def call_or_catch(self, data: st.DataObject) -> None:
        """A player at one card calls UNO, or another player catches them."""
        s = self.current
        seat = data.draw(st.sampled_from(s.uno_exposed), label="catchable")
        caller = data.draw(st.sampled_from(s.players), label="caller")
        name = s.players[seat]
        verdict = self.step(CallUno(caller, None if caller == name else name))
        assert verdict.accepted, verdict

    @precondition(lambda self: self.state is not None and self.state.phase == "drawn")
    @rule()
    def draw_twice(self) -> None:
        """The player due draws again after drawing a playable card."""
        s = self.current
        self.step(Draw(s.players[s.turn]))

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def card_not_held(self, data: st.DataObject) -> None:
        """A player plays a card of the deck they do not hold: rejected, nothing changes."""
        s = self.current
        player = data.draw(st.sampled_from(s.players), label="player")
        held = set(s.hands[s.players.index(player)])
        cards = [c for c in dict.fromkeys(canonical_deck(s.variant)) if c not in held]
        card = data.draw(st.sampled_from(cards), label="card")
        verdict = self.step(self._card_event(data, Play, player, card))
        assert verdict.rejected, verdict

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def any_candidate(self, data: st.DataObject) -> None:
        """Any well-formed event, legal or not (a pass or challenge out of place included)."""
        event = data.draw(st.sampled_from(candidate_events(self.current)), label="event")
        self.step(event)

    @precondition(lambda self: self.state is not None)
    @rule(kind=st.sampled_from(["draw", "play", "call_uno"]))
    def stranger(self, kind: str) -> None:
        """An event by someone who is not a player of the game: rejected, nothing changes."""
        event: Event
        if kind == "draw":
            event = Draw("zoe")
        elif kind == "play":
            event = Play("zoe", canonical_deck(self.current.variant)[0])
        else:
            event = CallUno("zoe", self.current.players[0])
        verdict = self.step(event)
        assert verdict.rejected, verdict

    # -- invariants, one concern each ----------------------------------------------------------

    @invariant()
    def cards_are_conserved(self) -> None:
        """Hands, draw pile and discard pile hold exactly the deck."""
        if not self._on("cards_are_conserved"):
            return
        if self.state is not None:
            check_conservation(self.state)

    @invariant()
    def states_are_immutable(self) -> None:
        """Every earlier state is unchanged and equals its serialised copies."""
        if not self._on("states_are_immutable"):
            return
        for state, text, parsed in self.records:
            if format_position(state) != text:
                raise InvariantError(f"an earlier state changed: was {text}")
            if state != parsed:
                raise InvariantError(f"an earlier state differs from its serialised copy: {text}")
        if self.state is not None:
            check_serialisation(self.state)

    @invariant()
    def replay_is_deterministic(self) -> None:
        """Replaying the event history from the start gives the same verdicts and state."""
        if not self._on("replay_is_deterministic"):
            return
        if self.initial is None:
            return
        state = self.initial
        for event, outcome in zip(self.history, self.outcomes, strict=True):
            verdict = apply(state, event)
            if verdict.outcome != outcome:
                raise InvariantError(f"replay: {event!r} was {outcome}, now {verdict}")
            state = verdict.state
        if state != self.state:
            raise InvariantError("replay: the history leads to another state")

    @invariant()
    def penalties_are_exact(self) -> None:
        """A penalised event is a mistake the rules name and changes only the offender's hand,
        by exactly the variant's count, from the draw pile; a rejected event changes nothing."""
        if not self._on("penalties_are_exact") or self.last is None:
            return
        check_rejection_and_penalty(*self.last)

    @invariant()
    def accepted_events_are_legal(self) -> None:
        """The last event was accepted if and only if legal_events listed it."""
        if not self._on("accepted_events_are_legal") or self.last is None:
            return
        check_agreement(*self.last)

    @invariant()
    def turn_order_follows_direction(self) -> None:
        """After a play, overtake, draw or pass, direction and the player due follow the card's
        effects (skips, reverse, draws) in the direction of play."""
        if not self._on("turn_order_follows_direction") or self.last is None:
            return
        check_turn_order(*self.last)

    @invariant()
    def scores_follow_hand_values(self) -> None:
        """At a round's end the points are the variant's values of the hands left."""
        if not self._on("scores_follow_hand_values") or self.last is None:
            return
        before, _, verdict = self.last
        check_round_end(before, verdict)

    @invariant()
    def legal_events_are_accepted(self) -> None:
        """Every event legal_events lists now is accepted by apply."""
        if not self._on("legal_events_are_accepted"):
            return
        if self.state is not None:
            check_legal_accepted(self.state)

    @invariant()
    def views_hide_what_they_must(self) -> None:
        """No view holds another player's hidden card or the draw order."""
        if not self._on("views_hide_what_they_must"):
            return
        if self.state is not None:
            check_views(self.state)

    @invariant()
    def backs_match_hidden_cards(self) -> None:
        """FLIP2-SIGHT: the backs each view shows (and its partial state keeps) are the other
        sides of the hidden cards; a one-sided deck shows none."""
        if not self._on("backs_match_hidden_cards"):
            return
        if self.state is not None:
            check_backs(self.state)

    @invariant()
    def views_agree_with_themselves(self) -> None:
        """On each player's view (its partial state), every event legal_events lists is
        judged by apply without a rejection (FLIP2-SIGHT: the backs seen narrow both alike)."""
        if not self._on("views_agree_with_themselves"):
            return
        if self.state is not None:
            check_view_agreement(self.state)

    def teardown(self) -> None:
        """Nothing to release; kept for symmetry with apps that open resources."""


def make_machine(
    variant: str | Variant | st.SearchStrategy[Variant],
    *,
    max_players: int = 4,
    only_invariants: frozenset[str] | None = None,
) -> type[RefereeMachine]:
    """A :class:`RefereeMachine` subclass bound to ``variant`` (name, variant or strategy),
    checking every invariant or only those named in ``only_invariants``.

    >>> make_machine("official").__name__
    'RefereeMachine_official'
    """
    source: Any = load_variant(variant) if isinstance(variant, str) else variant
    label = variant if isinstance(variant, str) else getattr(variant, "name", "generated")
    safe = "".join(ch if ch.isalnum() else "_" for ch in str(label))
    return type(
        f"RefereeMachine_{safe}",
        (RefereeMachine,),
        {"variant_source": source, "max_players": max_players, "only_invariants": only_invariants},
    )
