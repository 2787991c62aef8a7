"""Random playouts through ``legal_events`` + ``apply`` only, every event fully checked.

A round starts from the real Deal event of a seeded game (``ena_rules.rules.chance.deal_event``, the
dealer given) and runs until the round ends. An *action* is one ``legal_events(state)`` call plus
one ``apply(state, event)`` call. Every verdict must be ``accepted``: a policy only picks events
that ``legal_events`` listed, so anything else is a disagreement and stops the run.

Timing: the CPU time of this thread (``thread_time_ns``) around each round's deal and around
its whole action loop, the policy's choice included (:func:`policy_cpu_ns` measures that apart,
to be subtracted): other processes on the machine do not inflate CPU time. :func:`split_cpu_ns`
times ``legal_events`` and ``apply`` apart on recorded rounds. With ``record``, the wall time
(``perf_counter_ns``) of each action's two calls is kept, for the growth figures (medians).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from common import seats

from ena_rules import GameState, apply, legal_events, new_game
from ena_rules.game.events import PlayerEvent
from ena_rules.rules.chance import deal_event
from ena_rules.variant import Variant

Policy = Callable[[GameState, Sequence[PlayerEvent], random.Random], PlayerEvent]


class Disagreement(AssertionError):
    """``apply`` did not accept an event that ``legal_events`` listed."""


@dataclass
class Tally:
    """Totals of one run (nanoseconds)."""

    actions: int = 0
    rounds: int = 0
    games: int = 0
    cpu_ns: int = 0
    """CPU time of the action loops, the policy's choice included."""
    deal_cpu_ns: int = 0
    """CPU time of the deals (ours: build the seeded Deal and apply it; RLCard: init_game)."""
    legal_ns: int = 0
    """``record`` runs only: wall time of the legal_events calls."""
    apply_ns: int = 0
    """``record`` runs only: wall time of the apply calls."""
    aborted: int = 0
    """Rounds left out (RLCard only: its deck ran dry)."""
    samples: list[tuple[int, int, int, int]] = field(default_factory=list)
    """``record`` runs only: (event index in game, event index in round, cards in hands, ns)."""

    def add(self, other: Tally) -> Tally:
        """Add another tally's totals (and samples) to this one; returns self."""
        self.actions += other.actions
        self.rounds += other.rounds
        self.games += other.games
        self.cpu_ns += other.cpu_ns
        self.deal_cpu_ns += other.deal_cpu_ns
        self.legal_ns += other.legal_ns
        self.apply_ns += other.apply_ns
        self.aborted += other.aborted
        self.samples.extend(other.samples)
        return self

    @property
    def action_cpu_ns(self) -> float:
        """Mean CPU time of one action, the policy's choice included."""
        return self.cpu_ns / max(self.actions, 1)

    @property
    def action_ns(self) -> float:
        """``record`` runs: mean wall time of one action's two engine calls."""
        return (self.legal_ns + self.apply_ns) / max(self.actions, 1)

    @property
    def round_cpu_ns(self) -> float:
        """Mean CPU time of one round: the deal and every action (policy included)."""
        return (self.cpu_ns + self.deal_cpu_ns) / max(self.rounds, 1)

    @property
    def game_cpu_ns(self) -> float:
        """Mean CPU time of one whole game (policy included)."""
        return (self.cpu_ns + self.deal_cpu_ns) / max(self.games, 1)


def deal(state: GameState, seed: int, tally: Tally) -> GameState:
    """Deal the state's next round of a game seeded with ``seed`` (timed as part of the round)."""
    t0 = time.thread_time_ns()
    verdict = apply(state, deal_event(state, seed=seed))
    tally.deal_cpu_ns += time.thread_time_ns() - t0
    if not verdict.accepted:
        raise Disagreement(f"the deal was not accepted: {verdict}")
    return verdict.state


def play_round(
    state: GameState,
    rng: random.Random,
    policy: Policy,
    tally: Tally,
    *,
    record: bool = False,
    game_index: int = 0,
    max_actions: int = 1_000_000,
) -> tuple[GameState, int]:
    """Play the dealt round in ``state`` to its end; returns the new state and its action count."""
    n = 0
    s = state
    if record:
        clock = time.perf_counter_ns
        while s.phase not in ("deal", "over"):
            t0 = clock()
            events = legal_events(s)
            t1 = clock()
            event = policy(s, events, rng)
            t2 = clock()
            verdict = apply(s, event)
            t3 = clock()
            if not verdict.accepted:
                raise Disagreement(f"{event!r} was listed by legal_events but judged: {verdict}")
            tally.legal_ns += t1 - t0
            tally.apply_ns += t3 - t2
            if record:
                cards = sum(len(h) for h in s.hands)
                tally.samples.append((game_index + n, n, cards, (t1 - t0) + (t3 - t2)))
            s = verdict.state
            n += 1
            if n > max_actions:
                raise RuntimeError(f"a round of more than {max_actions} actions: a stuck policy?")
    else:
        cpu0 = time.thread_time_ns()
        while s.phase not in ("deal", "over"):
            events = legal_events(s)
            event = policy(s, events, rng)
            verdict = apply(s, event)
            if not verdict.accepted:
                raise Disagreement(f"{event!r} was listed by legal_events but judged: {verdict}")
            s = verdict.state
            n += 1
            if n > max_actions:
                raise RuntimeError(f"a round of more than {max_actions} actions: a stuck policy?")
        tally.cpu_ns += time.thread_time_ns() - cpu0
    tally.actions += n
    tally.rounds += 1
    return s, n


def run_rounds(
    v: Variant,
    players: int,
    rounds: int,
    *,
    seed: int,
    policy: Policy,
    record: bool = False,
) -> Tally:
    """``rounds`` independent first rounds of seeded games (game ``seed + k``, dealer seat 0)."""
    tally = Tally()
    names = seats(players)
    rng = random.Random(seed)
    for k in range(rounds):
        s = new_game(v, names, dealer=names[0])
        s = deal(s, seed + k, tally)
        play_round(s, rng, policy, tally, record=record)
    return tally


def run_games(
    v: Variant,
    players: int,
    games: int,
    *,
    seed: int,
    policy: Policy,
    record: bool = False,
    max_events: int | None = None,
) -> Tally:
    """``games`` whole games (every round until the game is over), or until ``max_events``."""
    tally = Tally()
    names = seats(players)
    rng = random.Random(seed)
    for k in range(games):
        s = new_game(v, names, dealer=names[0])
        index = 0
        while s.phase != "over":
            s = deal(s, seed + k, tally)
            s, n = play_round(s, rng, policy, tally, record=record, game_index=index)
            index += n
            if max_events is not None and index >= max_events:
                break
        tally.games += 1
    return tally


def policy_cpu_ns(v: Variant, players: int, rounds: int, *, seed: int, policy: Policy) -> float:
    """CPU time of one policy choice, on the states and legal events of recorded rounds.

    Subtracted from the CPU time of an action loop, it leaves the engine's own cost.
    """
    names = seats(players)
    rng = random.Random(seed)
    recorded: list[tuple[GameState, Sequence[PlayerEvent]]] = []
    for k in range(rounds):
        s = new_game(v, names, dealer=names[0])
        s = apply(s, deal_event(s, seed=seed + k)).state
        while s.phase not in ("deal", "over"):
            events = legal_events(s)
            recorded.append((s, events))
            s = apply(s, policy(s, events, rng)).state
    best = float("inf")
    for _ in range(3):
        rng = random.Random(seed)
        t0 = time.thread_time_ns()
        for s, events in recorded:
            policy(s, events, rng)
        best = min(best, (time.thread_time_ns() - t0) / len(recorded))
    return best


def split_cpu_ns(
    v: Variant, players: int, rounds: int, *, seed: int, policy: Policy
) -> tuple[float, float]:
    """CPU ns of ``legal_events`` and of ``apply`` per action, apart, on recorded rounds.

    The rounds are played once and recorded; then ``legal_events`` is called on every recorded
    state, and ``apply`` on every recorded (state, event), each loop timed alone (fastest of 3).
    """
    names = seats(players)
    rng = random.Random(seed)
    recorded: list[tuple[GameState, PlayerEvent]] = []
    for k in range(rounds):
        s = new_game(v, names, dealer=names[0])
        s = apply(s, deal_event(s, seed=seed + k)).state
        while s.phase not in ("deal", "over"):
            event = policy(s, legal_events(s), rng)
            recorded.append((s, event))
            s = apply(s, event).state
    legal = act = float("inf")
    for _ in range(3):
        t0 = time.thread_time_ns()
        for s, _e in recorded:
            legal_events(s)
        t1 = time.thread_time_ns()
        for s, e in recorded:
            apply(s, e)
        t2 = time.thread_time_ns()
        legal = min(legal, (t1 - t0) / len(recorded))
        act = min(act, (t2 - t1) / len(recorded))
    return legal, act
