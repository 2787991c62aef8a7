"""The learning example of docs/rl.md: self-play REINFORCE with a linear policy, numpy only.

    python3 -m ena_rules.agents.train --variant ena --players 4 --episodes 400 --eval 1000

Every seat plays the same policy (self-play): a softmax over the legal actions of a linear
function of the observation (each value divided by its bound). An episode is one round;
each player's return is the round's win/lose reward (+1, or -1/(n-1)), and after each batch
of episodes the policy moves along the REINFORCE gradient of every decision of every seat.
Then the learner takes seat 0 against random legal players (:func:`~ena_rules.agents.gym.
random_policy`) for ``--eval`` rounds, playing its most likely action, and so does a random
player in its place over the same deals: the command prints both win rates.

>>> policy = train(variant="official", players=2, episodes=4, batch=2, seed=1)
>>> policy.weights.shape
(78, 291)
>>> result = evaluate(policy, variant="official", players=2, games=3, seed=5)
>>> result.games, 0 <= result.wins <= 3
(3, True)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .env import Observation, raw_env
from .gym import Policy, UnoGymEnv, random_policy

__all__ = ["EvalResult", "LinearPolicy", "evaluate", "main", "train"]

Matrix = npt.NDArray[np.float64]


class LinearPolicy:
    """A softmax over the legal actions of ``weights @ features(observation)``; it is a
    :data:`~ena_rules.agents.gym.Policy` (sampling), and ``greedy`` picks the likeliest.

    >>> import numpy as np
    >>> p = LinearPolicy(np.ones(3, dtype=np.float32), actions=3)
    >>> obs = {"observation": np.array([1, 0, 2], dtype=np.float32),
    ...        "action_mask": np.array([0, 1, 1], dtype=np.int8)}
    >>> p.probabilities(obs).round(2).tolist()
    [0.0, 0.5, 0.5]
    """

    def __init__(self, high: npt.NDArray[np.float32], actions: int) -> None:
        self.scale = 1.0 / np.maximum(np.asarray(high, dtype=np.float64), 1.0)
        self.weights: Matrix = np.zeros((actions, len(self.scale) + 1))

    def features(self, obs: Observation) -> Matrix:
        """The observation divided by its bounds, and a constant 1."""
        return np.append(obs["observation"] * self.scale, 1.0)

    def probabilities(self, obs: Observation, x: Matrix | None = None) -> Matrix:
        """The probability of each action (0 outside the mask)."""
        x = self.features(obs) if x is None else x
        legal = np.flatnonzero(obs["action_mask"])
        logits = self.weights[legal] @ x
        p = np.exp(logits - logits.max())
        out = np.zeros(len(self.weights))
        out[legal] = p / p.sum()
        return out

    def __call__(self, obs: Observation, rng: np.random.Generator) -> int:
        return _sample(self.probabilities(obs), rng)

    def greedy(self, obs: Observation, rng: np.random.Generator) -> int:
        """The likeliest legal action."""
        return int(np.argmax(self.probabilities(obs)))

    def save(self, path: str) -> None:
        """Write the weights to a ``.npz`` file."""
        np.savez(path, weights=self.weights, scale=self.scale)


def _sample(p: Matrix, rng: np.random.Generator) -> int:
    """An action drawn with probabilities ``p`` (never one of probability 0)."""
    cdf = np.cumsum(p)
    index = int(np.searchsorted(cdf, rng.random() * cdf[-1], side="right"))
    legal = np.flatnonzero(p)
    return index if p[min(index, len(p) - 1)] > 0 else int(legal[-1])


def _episode(
    env: raw_env, policy: LinearPolicy, rng: np.random.Generator, seed: int
) -> tuple[list[tuple[Matrix, int, Matrix, str]], dict[str, float]]:
    """One self-play episode: every decision (features, action, probabilities, agent) and
    every agent's return."""
    env.reset(seed=seed)
    steps: list[tuple[Matrix, int, Matrix, str]] = []
    returns = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        agent = env.agent_selection
        obs, reward, terminated, truncated, _ = env.last()
        returns[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
            continue
        x = policy.features(obs)
        p = policy.probabilities(obs, x)
        action = _sample(p, rng)
        steps.append((x, action, p, agent))
        env.step(action)
    return steps, returns


def train(
    *,
    variant: str = "ena",
    players: int = 4,
    episodes: int = 400,
    batch: int = 10,
    lr: float = 0.05,
    seed: int = 0,
    report: int = 0,
) -> LinearPolicy:
    """A policy trained by self-play for ``episodes`` rounds (``report``: print progress
    every that many episodes)."""
    env = raw_env(variant=variant, players=players, max_steps=5_000)
    policy = LinearPolicy(env.observation_layout.high, env.layout.size)
    rng = np.random.default_rng(seed)
    grad = np.zeros_like(policy.weights)
    decisions = 0
    start = time.perf_counter()
    for episode in range(episodes):
        steps, returns = _episode(env, policy, rng, seed=seed * 1_000_003 + episode)
        if steps:
            xs = np.array([x for x, _, _, _ in steps])
            probs = np.array([p for _, _, p, _ in steps])
            target = -probs
            target[np.arange(len(steps)), [a for _, a, _, _ in steps]] += 1.0
            weight = np.array([returns[agent] for _, _, _, agent in steps])
            grad += (target * weight[:, None]).T @ xs
            decisions += len(steps)
        if (episode + 1) % batch == 0 and decisions:
            policy.weights += lr * grad / max(decisions / batch, 1.0)
            grad[:] = 0.0
            decisions = 0
        if report and (episode + 1) % report == 0:
            print(
                f"episode {episode + 1}: {len(steps)} steps, {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    return policy


class EvalResult(NamedTuple):
    """Rounds played and won by the evaluated policy in seat 0."""

    games: int
    wins: int
    truncated: int

    @property
    def rate(self) -> float:
        """The share of rounds won."""
        return self.wins / self.games if self.games else 0.0


def evaluate(
    policy: Policy,
    *,
    variant: str = "ena",
    players: int = 4,
    games: int = 1000,
    seed: int = 12345,
) -> EvalResult:
    """``policy`` in seat 0 against random legal players, one round per game."""
    env = UnoGymEnv(variant=variant, players=players, illegal="raise", max_steps=20_000)
    wins = truncated = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done = False
        while not done:
            obs, reward, terminated, cut, _ = env.step(policy(obs, env.np_random))
            done = terminated or cut
        wins += float(reward) > 0
        truncated += cut
    return EvalResult(games, wins, truncated)


def main(argv: Sequence[str] | None = None) -> int:
    """The command: train, evaluate against random players, print the win rates."""
    parser = argparse.ArgumentParser(prog="python3 -m ena_rules.agents.train")
    parser.add_argument("--variant", default="ena")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--episodes", type=int, default=400, help="self-play rounds")
    parser.add_argument("--eval", type=int, default=1000, help="evaluation rounds")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--save", help="write the weights to this .npz file")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    policy = train(
        variant=args.variant,
        players=args.players,
        episodes=args.episodes,
        lr=args.lr,
        seed=args.seed,
        report=max(args.episodes // 10, 1),
    )
    trained = time.perf_counter() - start
    if args.save:
        policy.save(args.save)
    learned = evaluate(policy.greedy, variant=args.variant, players=args.players, games=args.eval)
    baseline = evaluate(random_policy, variant=args.variant, players=args.players, games=args.eval)
    print(
        f"trained {args.episodes} self-play rounds of {args.variant} with {args.players} "
        f"players in {trained:.0f} s\n"
        f"win rate in seat 0 against {args.players - 1} random players over {args.eval} rounds: "
        f"trained {100 * learned.rate:.1f} %, random {100 * baseline.rate:.1f} % "
        f"(1/{args.players} = {100 / args.players:.1f} %)"
    )
    return 0


if __name__ == "__main__":  # pragma: no cover - the command
    sys.exit(main())
