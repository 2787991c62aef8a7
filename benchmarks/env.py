"""Environment steps per second: ena_rules.agents.env against RLCard's UNO environment.

    python3 -m pip install -e '.[bench,rl]' && python3 benchmarks/env.py

Both environments are driven by random agents in the same process, in alternating chunks:
ours is the PettingZoo AEC environment (``ena_rules.agents.env.raw_env``, one round per
episode), each step's action drawn uniformly from the ``"action_mask"`` of ``last()``'s
observation (so every step builds the observation, as a learner's loop does); RLCard's is
``rlcard.make("uno")`` with ``rlcard.agents.RandomAgent`` (a uniformly random legal action of
the state ``step`` returns, which holds RLCard's encoded observation). A *step* is one
``step()`` call that acts (ours: the agents' ``wait`` steps too, counted apart; not the steps
with ``None`` that retire the agents at the end, whose time is counted). Times are CPU time
of the measuring thread. The ratio is our steps/s over RLCard's; the issue's target is 2.

The agents' own time is in those figures: ours is :func:`uniform` (Python's ``random.choice``
on the mask's nonzero indices, about 0.5 us a step), RLCard's its ``RandomAgent.step`` (numpy's
legacy ``np.random.choice`` on the legal actions, about 4.5 us); ``--rlcard-agent python``
gives RLCard's side a draw as cheap as ours (:func:`python_agent`). ``env-only`` leaves the
agents out: the choice of every 10th step is made again after the run, on the same observation, and
its mean CPU time per step is taken from each side's time (an estimate; the ratio of the
issue is the first).

Then the same under the compiled build (benchmarks/compiled.py builds its venv; pettingzoo and
gymnasium are added to it), unless ``--no-compiled``. ``--quick``: a tenth of the work.
``--json FILE``: the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

TARGET = 2.0
"""Environment steps per second: at least this many times RLCard's."""


SAMPLE = 10
"""Every SAMPLE-th step's choice is timed again after the run (the agents' share)."""


class Tally:
    """Steps, waits, episodes, CPU nanoseconds, and the agents' estimated share of them."""

    def __init__(self) -> None:
        self.steps = self.waits = self.episodes = self.aborted = self.cpu_ns = 0
        self.agent_ns = 0.0

    def add(self, other: Tally) -> None:
        for k in ("steps", "waits", "episodes", "aborted", "cpu_ns", "agent_ns"):
            setattr(self, k, getattr(self, k) + getattr(other, k))

    def per_s(self) -> float:
        return self.steps / (self.cpu_ns / 1e9) if self.cpu_ns else 0.0

    def env_per_s(self) -> float:
        """Steps per second of the environment alone (the agents' estimated time left out)."""
        env_ns = self.cpu_ns - self.agent_ns
        return self.steps / (env_ns / 1e9) if env_ns > 0 else 0.0

    def agent_share(self, choose: Any, samples: list[Any]) -> None:
        """``agent_ns``: ``choose(sample)`` timed again on the samples, per step x steps."""
        if not samples:
            return
        cpu = time.thread_time_ns
        t0 = cpu()
        for s in samples:
            choose(s)
        self.agent_ns = (cpu() - t0) / len(samples) * self.steps

    def to_dict(self) -> dict[str, Any]:
        return {
            "steps": self.steps,
            "waits": self.waits,
            "episodes": self.episodes,
            "aborted": self.aborted,
            "cpu_s": self.cpu_ns / 1e9,
            "steps_per_s": self.per_s(),
            "agent_cpu_s": self.agent_ns / 1e9,
            "env_steps_per_s": self.env_per_s(),
            "episodes_per_s": self.episodes / (self.cpu_ns / 1e9) if self.cpu_ns else 0.0,
        }


def uniform(seed: int) -> Callable[[Any], int]:
    """Our random agent: a uniformly random legal action of an observation's mask (Python's
    ``random.choice`` on the mask's nonzero indices, about 0.5 us; numpy's
    ``Generator.choice`` on ``flatnonzero`` costs about 7 us for the same draw)."""
    choice = random.Random(seed).choice

    def choose(o: Any) -> int:
        return choice(o["action_mask"].nonzero()[0].tolist())  # type: ignore[no-any-return]

    return choose


def python_agent(seed: int) -> Callable[[Any], int]:
    """RLCard's side with the same cheap draw (``--rlcard-agent python``): a uniformly random
    key of the state's ``legal_actions``, as ``RandomAgent.step`` chooses, without numpy."""
    choice = random.Random(seed).choice

    def step(state: Any) -> int:
        return choice(list(state["legal_actions"]))  # type: ignore[no-any-return]

    return step


def ours(variant: str, players: int, episodes: int, seed: int) -> Tally:
    """``episodes`` rounds of our AEC environment with random agents."""
    from ena_rules.agents.env import raw_env

    env = raw_env(variant=variant, players=players)
    wait = env.layout.wait
    choose = uniform(seed)
    tally = Tally()
    samples = []
    cpu = time.thread_time_ns
    t0 = cpu()
    for e in range(episodes):
        env.reset(seed=seed + e)
        while env.agents:
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            action = choose(obs)
            env.step(action)
            tally.steps += 1
            tally.waits += action == wait
            if tally.steps % SAMPLE == 0:
                samples.append(obs)
        tally.episodes += 1
    tally.cpu_ns = cpu() - t0
    tally.agent_share(choose, samples)
    return tally


def rlcard(players: int, episodes: int, seed: int, agent: str = "RandomAgent") -> Tally:
    """``episodes`` rounds of ``rlcard.make("uno")`` with ``RandomAgent`` players (or, with
    ``agent="python"``, :func:`python_agent`)."""
    import numpy as np
    import rlcard as rl
    from rlcard.agents import RandomAgent

    env = rl.make("uno", config={"seed": seed, "game_num_players": players})
    steps: list[Callable[[Any], int]] = [
        RandomAgent(num_actions=env.num_actions).step
        if agent == "RandomAgent"
        else python_agent(seed + p)
        for p in range(players)
    ]
    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    tally = Tally()
    samples = []
    cpu = time.thread_time_ns
    t0 = cpu()
    for _ in range(episodes):
        try:
            state, player = env.reset()
            while not env.is_over():
                if tally.steps % SAMPLE == 0:
                    samples.append((player, state))
                state, player = env.step(steps[player](state))
                tally.steps += 1
        except IndexError:
            # RLCard 1.2.0 pops from an empty deck when both piles run out (benchmarks/
            # rlcard_uno.py); the round is left out of the episode count, its steps stay.
            tally.aborted += 1
            continue
        tally.episodes += 1
    tally.cpu_ns = cpu() - t0
    tally.agent_share(lambda ps: steps[ps[0]](ps[1]), samples)
    return tally


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Every configuration, ours and RLCard's alternating in chunks."""
    import ena_rules

    out: dict[str, Any] = {"compiled": ena_rules.COMPILED, "configs": []}
    chunk = max(args.episodes // 10, 1)
    for players in args.players:
        rl_tally = Tally()
        mine = {v: Tally() for v in args.variants}
        for c in range(0, args.episodes, chunk):
            k = min(chunk, args.episodes - c)
            for v in args.variants:
                mine[v].add(ours(v, players, k, args.seed + c))
            if not args.no_rlcard:
                rl_tally.add(rlcard(players, k, args.seed + c, args.rlcard_agent))
        for v in args.variants:
            out["configs"].append(
                {
                    "variant": v,
                    "players": players,
                    "ours": mine[v].to_dict(),
                    "rlcard": rl_tally.to_dict(),
                }
            )
    return out


def table(figures: dict[str, Any], build: str) -> list[str]:
    """The rows printed for one build."""
    rows = [
        f"{build:9} {'variant':9} {'players':>7} {'ours steps/s':>13} {'waits':>6} "
        f"{'rounds/s':>9} {'RLCard steps/s':>15} {'rounds/s':>9} {'ratio':>6} {'env-only':>9}"
    ]
    for c in figures["configs"]:
        o, r = c["ours"], c["rlcard"]
        ratio = o["steps_per_s"] / r["steps_per_s"] if r["steps_per_s"] else float("nan")
        alone = r.get("env_steps_per_s", 0.0)
        env_only = o.get("env_steps_per_s", 0.0) / alone if alone else float("nan")
        waits = o["waits"] / o["steps"] if o["steps"] else 0.0
        rows.append(
            f"{build:9} {c['variant']:9} {c['players']:>7} {o['steps_per_s']:>13,.0f} "
            f"{waits:>6.1%} {o['episodes_per_s']:>9.1f} {r['steps_per_s']:>15,.0f} "
            f"{r['episodes_per_s']:>9.1f} {ratio:>6.2f} {env_only:>9.2f}"
        )
    return rows


def compiled_figures(args: argparse.Namespace) -> dict[str, Any]:
    """This script again under the compiled build's python."""
    import compiled

    py = Path(args.compiled_python) if args.compiled_python else compiled.ensure()
    check = [str(py), "-c", "import pettingzoo, gymnasium"]
    if subprocess.run(check, capture_output=True, check=False).returncode != 0:
        pip = [str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        subprocess.run([*pip, "pettingzoo>=1.24", "gymnasium>=1.0"], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "compiled.json"
        cmd = [str(py), os.path.abspath(__file__), "--as-child", "--json", str(path)]
        cmd += ["--episodes", str(args.episodes), "--seed", str(args.seed)]
        cmd += ["--players", *map(str, args.players), "--variants", *args.variants]
        cmd += ["--rlcard-agent", args.rlcard_agent]
        if args.no_rlcard:
            cmd.append("--no-rlcard")
        subprocess.run(cmd, check=True, cwd=tmp)  # not the checkout: its ena_rules is pure
        result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return result


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--episodes", type=int, default=200, help="rounds per configuration")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--variants", nargs="+", default=["official", "ena"])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quick", action="store_true", help="a tenth of the rounds")
    p.add_argument("--no-rlcard", action="store_true")
    p.add_argument(
        "--rlcard-agent",
        choices=("RandomAgent", "python"),
        default="RandomAgent",
        help="RLCard's agents: its RandomAgent (np.random.choice), or the draw of ours",
    )
    p.add_argument("--no-compiled", action="store_true")
    p.add_argument("--compiled-python", help="a python whose ena_rules is the compiled build")
    p.add_argument("--json", help="write the figures to this file")
    p.add_argument("--as-child", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.quick:
        args.episodes = max(args.episodes // 10, 2)
    figures = {"pure" if not args.as_child else "compiled": measure(args)}
    if not args.as_child:
        import platform

        print(
            f"{platform.python_implementation()} {platform.python_version()}, "
            f"{args.episodes} rounds per configuration, random agents, CPU time"
        )
        for line in table(figures["pure"], "pure"):
            print(line, flush=True)
        if not args.no_compiled:
            figures["compiled"] = compiled_figures(args)["compiled"]
            for line in table(figures["compiled"], "compiled")[1:]:
                print(line)
        for build, f in figures.items():
            for c in f["configs"]:
                r = c["rlcard"]["steps_per_s"]
                if r:
                    ratio = c["ours"]["steps_per_s"] / r
                    met = "met" if ratio >= TARGET else "NOT met"
                    print(
                        f"ratio {build} {c['variant']} {c['players']}p: {ratio:.2f} x RLCard's "
                        f"env steps/s (target {TARGET:.0f} x: {met})"
                    )
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
