"""Random playouts through ``legal_events`` + ``apply`` only, every event fully checked.

A round starts from the real Deal event of a seeded game (``ena_rules.chance.deal_event``, the
dealer given) and runs until the round ends. An *action* is one ``legal_events(state)`` call plus
one ``apply(state, event)`` call; only those two calls are timed (the policy's choice and the
benchmark's own checks are not). Every verdict must be ``accepted``: a policy only picks events
that ``legal_events`` listed, so anything else is a disagreement and stops the run.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from common import seats

from ena_rules import GameState, apply, legal_events, new_game
from ena_rules.chance import deal_event
from ena_rules.events import PlayerEvent
from ena_rules.variant import Variant

Policy = Callable[[GameState, Sequence[PlayerEvent], random.Random], PlayerEvent]


class Disagreement(AssertionError):
    """``apply`` did not accept an event that ``legal_events`` listed."""


@dataclass
class Tally:
    """Totals of one run."""

    actions: int = 0
    rounds: int = 0
    games: int = 0
    legal_ns: int = 0
    apply_ns: int = 0
    deal_ns: int = 0
    aborted: int = 0
    """Rounds left out (RLCard only: its deck ran dry)."""
    samples: list[tuple[int, int, int, int]] = field(default_factory=list)
    """When recording: (event index in game, event index in round, cards in hands, ns)."""

    @property
    def action_ns(self) -> float:
        """Mean time of one action (legal_events + apply)."""
        return (self.legal_ns + self.apply_ns) / max(self.actions, 1)

    @property
    def round_ns(self) -> float:
        """Mean time of one round: the deal and every action."""
        return (self.legal_ns + self.apply_ns + self.deal_ns) / max(self.rounds, 1)

    @property
    def game_ns(self) -> float:
        """Mean time of one whole game."""
        return (self.legal_ns + self.apply_ns + self.deal_ns) / max(self.games, 1)


def deal(state: GameState, seed: int, tally: Tally) -> GameState:
    """Deal the state's next round of a game seeded with ``seed`` (timed as part of the round)."""
    t0 = time.perf_counter_ns()
    verdict = apply(state, deal_event(state, seed=seed))
    tally.deal_ns += time.perf_counter_ns() - t0
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
    clock = time.perf_counter_ns
    n = 0
    s = state
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
    tally.actions += n
    tally.rounds += 1
    return s, n


def run_rounds(
    v: Variant, players: int, rounds: int, *, seed: int, policy: Policy, record: bool = False
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
