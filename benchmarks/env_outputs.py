"""The environment's outputs unchanged: this checkout against another tree, step by step.

    git worktree add --detach /tmp/before HEAD~3      # the tree before an environment change
    python3 benchmarks/env_outputs.py /tmp/before     # exit 0: every line the same

A speed change to the environment (``ena_rules.agents``: env, observations, actions, parallel,
gym) must leave every observation, mask, reward, termination, truncation and info exactly as
it was (docs/rl.md, "Speed"). This plays seeded random episodes of ten variants (the blind-draw
one among them: its observations come from the view) with 2, 3 and 4 players, rewards by win
for a round, by points for whole games, and the illegal-move ending (``illegal="terminate"``),
through the AEC API (``last()`` every step, ``observe()`` of every agent every fifth step, the
rewards, cumulative rewards, terminations, truncations and infos of every agent), the parallel
API and the Gymnasium wrapper, and writes one line per step: a hash of its outputs (values,
dtypes, shapes and whether each array is writeable). Each tree runs in its own process with its
own ``ena_rules`` first on ``sys.path``; the two outputs are compared line by line, the first
difference named by its variant, player count, options and API. Needs the ``[rl]`` extra.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from two_trees import same_lines

_CHILD = r"""
import hashlib, sys
import numpy as np
from ena_rules import load_variant_text
from ena_rules.agents.env import raw_env
from ena_rules.agents.gym import UnoGymEnv
from ena_rules.agents.parallel import parallel_env

out = open(sys.argv[1], "w", encoding="utf-8")
episodes, cap = int(sys.argv[2]), int(sys.argv[3])
BLIND = load_variant_text('name = "blind"\nextends = "ena"\n[view]\nblind_draw = true\n')
VARIANTS = ["official", "ena", "party", "crazy", "no-mercy", "flip", "house-stack",
            "seven-zero", "jump-in", "blind"]
OPTIONS = [{}, {"reward": "points", "episode": "game", "max_steps": 3000},
           {"illegal": "terminate"}]

def arr(a):
    return (a.dtype.str, a.shape, bool(a.flags.writeable), a.tobytes())

def info(d):
    return sorted((k, arr(v) if isinstance(v, np.ndarray) else v) for k, v in d.items())

def obs(o):
    return arr(o["observation"]), arr(o["action_mask"])

def emit(where, *facts):
    digest = hashlib.sha256(repr(facts).encode()).hexdigest()[:24]
    out.write(f"{where} {digest}\n")

def aec(where, e, rng, kw):
    for ep in range(episodes):
        e.reset(seed=ep * 7 + len(e.possible_agents))
        k = 0
        while e.agents and k < cap:
            o, r, t, tr, inf = e.last()
            facts = [e.agent_selection, obs(o), r, t, tr, info(inf), sorted(e.rewards.items()),
                     sorted(e._cumulative_rewards.items()), sorted(e.terminations.items()),
                     sorted(e.truncations.items()),
                     sorted((a, info(i)) for a, i in e.infos.items())]
            if k % 5 == 0:
                facts += [(a, obs(e.observe(a))) for a in e.possible_agents]
            emit(where, *facts)
            k += 1
            if t or tr:
                e.step(None)
            elif kw.get("illegal") == "terminate" and k == 300:
                e.step(int(np.flatnonzero(o["action_mask"] == 0)[0]))
            else:
                e.step(int(rng.choice(np.flatnonzero(o["action_mask"]))))
        emit(where, "end", e.steps, sorted(e.rewards.items()))

def parallel(where, p, rng):
    o, infos = p.reset(seed=len(p.possible_agents) + 100)
    emit(where, sorted((a, obs(x)) for a, x in o.items()),
         sorted((a, info(i)) for a, i in infos.items()))
    steps = 0
    while p.agents and steps < cap:
        acts = {a: int(rng.choice(np.flatnonzero(o[a]["action_mask"]))) for a in p.agents}
        o, rew, term, trunc, infos = p.step(acts)
        emit(where, sorted((a, obs(x)) for a, x in o.items()), sorted(rew.items()),
             sorted(term.items()), sorted(trunc.items()),
             sorted((a, info(i)) for a, i in infos.items()))
        steps += 1

def gym(where, g, rng, n):
    for ep in range(episodes):
        o, inf = g.reset(seed=ep + n)
        emit(where, obs(o), info(inf))
        done, steps = False, 0
        while not done and steps < cap:
            o, r, t, tr, inf = g.step(int(rng.choice(np.flatnonzero(o["action_mask"]))))
            emit(where, obs(o), r, t, tr, info(inf))
            done, steps = t or tr, steps + 1

for name in VARIANTS:
    variant = BLIND if name == "blind" else name
    for n in (2, 3, 4):
        for kw in OPTIONS:
            where = f"{name}/{n}/{'/'.join(f'{k}={v}' for k, v in kw.items()) or 'default'}"
            rng = np.random.default_rng(n)
            try:
                e = raw_env(variant=variant, players=n, **kw)
            except Exception as ex:  # a player count the variant cannot take: the same error
                emit(where, "error", repr(ex))
                continue
            aec(where + " aec", e, rng, kw)
            parallel(where + " parallel", parallel_env(variant=variant, players=n, **kw), rng)
            gym(where + " gym", UnoGymEnv(variant=variant, players=n, **kw), rng, n)
"""


def main(argv: list[str] | None = None) -> int:
    """Compare this checkout's environment outputs with another tree's; 0 if all the same."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("before", type=Path, help="the other tree (the one holding ena_rules/)")
    p.add_argument("--episodes", type=int, default=2, help="episodes per configuration and API")
    p.add_argument("--steps", type=int, default=1500, help="steps per episode at most")
    args = p.parse_args(argv)
    return same_lines(
        _CHILD,
        args.before,
        [str(args.episodes), str(args.steps)],
        "steps (observations, masks, rewards, ends, infos)",
        width=100000,
    )


if __name__ == "__main__":
    sys.exit(main())
