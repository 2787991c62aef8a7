"""Where an environment step's time goes: the rules core, the environment's own work, the agent.

    python3 benchmarks/env_split.py                    # official and ena, 2 and 4 players
    python3 benchmarks/env_split.py --profile          # and cProfile's top lines of the loop

benchmarks/env.py's loop (``raw_env``, random agents drawing from ``last()``'s mask) is run
once to record each round's seed and actions; then, on the same rounds, each timed by CPU
time of this thread, best of ``--repeat``:

- **loop**: the whole loop again, the agent's choice included (what benchmarks/env.py times);
- **env**: the same steps with the recorded actions (``last()`` and ``step()``: no choice);
- **core**: ``legal_events`` after each accepted event and ``apply`` of it, the referee's
  calls the environment makes, alone on the same events (and each round's deal);

- **alone**: the env's steps again with the referee's answers replayed (the environment
  module's ``apply`` and ``legal_events`` hand back, in order, what they answered in the env
  run): the environment's own Python with nearly nothing of the referee's;

so *env's own* is env - core (the observation vector, the mask, the actions' map, the offers
of out-of-turn moves, the PettingZoo bookkeeping, and what the referee's calls cost more
within the environment's steps than alone: more than *alone*) and *agent* is loop - env.
Run it under the
compiled build's python (``benchmarks/.venv-compiled/bin/python``, from outside the checkout)
for the compiled core; the environment's modules are Python in both builds.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import os
import pstats
import sys
import time
from collections.abc import Callable
from typing import Any

from ena_rules.agents.env import raw_env
from ena_rules.rules.chance import deal_event
from ena_rules.rules.referee import apply, legal_events

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from env import uniform  # benchmarks/env.py: the same random agent

Rounds = list[tuple[int, list[int | None]]]
env_module: Any = importlib.import_module("ena_rules.agents.env")  # its referee names swapped
cpu = time.thread_time_ns


def record(env: Any, episodes: int, seed: int) -> Rounds:
    """Each round's seed and actions (``None`` for the steps that retire the agents)."""
    choose = uniform(seed)
    rounds: Rounds = []
    for e in range(episodes):
        env.reset(seed=seed + e)
        actions: list[int | None] = []
        while env.agents:
            obs, _, terminated, truncated, _ = env.last()
            action = None
            if not (terminated or truncated):
                action = choose(obs)
            actions.append(action)
            env.step(action)
        rounds.append((seed + e, actions))
    return rounds


def loop(env: Any, rounds: Rounds, choose: bool) -> int:
    """CPU nanoseconds of the rounds replayed, the agent's choice made (``choose``) or not."""
    agent = uniform(0)
    t0 = cpu()
    for seed, actions in rounds:
        env.reset(seed=seed)
        for action in actions:
            obs, _, _, _, _ = env.last()
            if choose and action is not None:
                agent(obs)
            env.step(action)
    return cpu() - t0


def core_events(env: Any, rounds: Rounds) -> list[tuple[int, Any, list[Any]]]:
    """Each round's seed, first state and the events the environment applied."""
    out = []
    for seed, actions in rounds:
        env.reset(seed=seed)
        first, events = env.state, []
        for action in actions:
            previous = env.last_verdict
            env.step(action)
            if env.last_verdict is not previous:  # an event applied (not a wait)
                events.append(env.last_verdict.event)
        out.append((seed, first, events))
    return out


def core(runs: list[tuple[int, Any, list[Any]]]) -> int:
    """CPU nanoseconds of the referee's calls alone on the recorded events."""
    t0 = cpu()
    for seed, s, events in runs:
        legal_events(s)
        for e in events:
            s = apply(s, e).state
            if s.phase in ("deal", "over"):
                if s.phase == "over":
                    break
                s = apply(s, deal_event(s, seed)).state
            legal_events(s)
    return cpu() - t0


Answers = list[tuple[list[Any], list[Any]]]


def answers(env: Any, rounds: Rounds) -> Answers:
    """Each round's answers of the referee to the environment, in order: ``apply``'s verdicts
    and ``legal_events``' tuples (the environment module's names for them)."""
    out: Answers = []
    real_apply, real_legal = env_module.apply, env_module.legal_events
    for seed, actions in rounds:
        verdicts: list[Any] = []
        legal: list[Any] = []

        def record_apply(s: Any, e: Any, verdicts: list[Any] = verdicts) -> Any:
            verdicts.append(real_apply(s, e))
            return verdicts[-1]

        def record_legal(s: Any, legal: list[Any] = legal) -> Any:
            legal.append(real_legal(s))
            return legal[-1]

        env_module.apply, env_module.legal_events = record_apply, record_legal
        try:
            env.reset(seed=seed)
            for action in actions:
                env.step(action)
        finally:
            env_module.apply, env_module.legal_events = real_apply, real_legal
        out.append((verdicts, legal))
    return out


def replayed(env: Any, rounds: Rounds, said: Answers) -> int:
    """CPU nanoseconds of the env's steps (``last()`` and ``step()``) with the referee's
    answers replayed: the environment's own work alone."""
    real_apply, real_legal = env_module.apply, env_module.legal_events
    t0 = cpu()
    try:
        for (seed, actions), (verdicts, legal) in zip(rounds, said, strict=True):
            next_verdict, next_legal = iter(verdicts).__next__, iter(legal).__next__
            env_module.apply = lambda s, e, v=next_verdict: v()
            env_module.legal_events = lambda s, x=next_legal: x()
            env.reset(seed=seed)
            for action in actions:
                env.last()
                env.step(action)
    finally:
        env_module.apply, env_module.legal_events = real_apply, real_legal
    return cpu() - t0


def best(f: Callable[[], int], repeat: int) -> int:
    return min(f() for _ in range(repeat))


def split(variant: str, players: int, episodes: int, seed: int, repeat: int) -> dict[str, Any]:
    """The figures of one configuration, in microseconds per acting step."""
    env = raw_env(variant=variant, players=players)
    rounds = record(env, episodes, seed)
    steps = sum(a is not None for _, actions in rounds for a in actions)
    runs = core_events(env, rounds)
    whole = best(lambda: loop(env, rounds, True), repeat)
    alone = best(lambda: loop(env, rounds, False), repeat)
    referee = best(lambda: core(runs), repeat)
    said = answers(env, rounds)
    python = best(lambda: replayed(env, rounds, said), repeat)
    us = 1e-3 / steps
    return {
        "variant": variant,
        "players": players,
        "steps": steps,
        "loop_us": whole * us,
        "env_us": alone * us,
        "core_us": referee * us,
        "own_us": (alone - referee) * us,
        "agent_us": (whole - alone) * us,
        "alone_us": python * us,
    }


def profile(variant: str, players: int, episodes: int, seed: int, top: int) -> str:
    """cProfile's top lines (by own time) of the loop of benchmarks/env.py."""
    env = raw_env(variant=variant, players=players)
    rounds = record(env, episodes, seed)
    prof = cProfile.Profile()
    prof.enable()
    loop(env, rounds, True)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--episodes", type=int, default=6, help="rounds per configuration")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--variants", nargs="+", default=["official", "ena"])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3, help="best of this many replays")
    p.add_argument("--profile", action="store_true", help="cProfile's top lines too")
    args = p.parse_args(argv)
    import ena_rules

    build = "compiled" if ena_rules.COMPILED else "pure"
    print(f"{build} build; microseconds of CPU time per acting step, best of {args.repeat}")
    print(
        f"{'variant':9} {'players':>7} {'steps':>6} {'loop':>6} {'env':>6} {'core':>6} "
        f"{'own':>6} {'agent':>6} {'alone':>6}"
    )
    for v in args.variants:
        for n in args.players:
            f = split(v, n, args.episodes, args.seed, args.repeat)
            print(
                f"{v:9} {n:>7} {f['steps']:>6} {f['loop_us']:>6.1f} {f['env_us']:>6.1f} "
                f"{f['core_us']:>6.1f} {f['own_us']:>6.1f} {f['agent_us']:>6.1f} "
                f"{f['alone_us']:>6.1f}",
                flush=True,
            )
    if args.profile:
        print(profile(args.variants[-1], args.players[-1], args.episodes, args.seed, 25))
    return 0


if __name__ == "__main__":
    sys.exit(main())
