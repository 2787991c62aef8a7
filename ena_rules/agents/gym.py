"""A single-agent Gymnasium environment: one learner at the table, the other seats played by
policies you pass (random legal players by default).

The learner's observations, actions and rewards are those of the AEC environment
(:mod:`ena_rules.agents.env`): ``step`` plays the learner's action, then the other seats'
(out-of-turn offers included) until the learner is selected again or the episode ends, and
returns the learner's rewards over that stretch. An opponent is a :data:`Policy`: a function
of an observation dict and a numpy random generator (the environment's ``np_random``, so
``reset(seed=...)`` fixes their choices too) to an action.

``illegal`` defaults to ``"terminate"`` here, PettingZoo's and Gymnasium's convention for an
agent that does not read the mask: an action outside the mask ends the episode with
``illegal_reward`` (-1) for the learner. An opponent's illegal action is always an error.

>>> from gymnasium.utils.env_checker import check_env
>>> env = UnoGymEnv(variant="ena", players=3)
>>> obs, info = env.reset(seed=7)
>>> obs["action_mask"].dtype.name, sorted(info)
('int8', ['action_mask'])
>>> check_env(env, skip_render_check=True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from .env import EnvError, Illegal, IllegalActionError, Observation, raw_env

__all__ = ["Policy", "UnoGymEnv", "random_policy"]

#: A player: the action to take, from an observation dict and a random generator.
Policy = Callable[[Observation, np.random.Generator], int]


def random_policy(obs: Observation, rng: np.random.Generator) -> int:
    """A uniformly random legal action (the random baseline).

    >>> import numpy as np
    >>> random_policy({"action_mask": np.array([0, 1, 0], dtype=np.int8)},
    ...               np.random.default_rng(0))
    1
    """
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


class UnoGymEnv(gymnasium.Env[Observation, int]):
    """The learner in seat ``seat`` against ``opponents`` (one policy for every other seat,
    or a list, one per other seat in seat order); other keyword arguments go to
    :class:`~ena_rules.agents.env.raw_env` (``variant``, ``players``, ``episode``,
    ``reward`` ...).

    >>> env = UnoGymEnv(variant="official", players=2, illegal="raise")
    >>> obs, info = env.reset(seed=1)
    >>> env.step(env.layout.wait)
    Traceback (most recent call last):
    ...
    ena_rules.agents.env.IllegalActionError: player_0: action 77 (wait) is not legal now ...
    """

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012  (Env declares it so)

    def __init__(
        self,
        variant: Any = "ena",
        players: int = 4,
        *,
        seat: int = 0,
        opponents: Policy | Sequence[Policy] | None = None,
        illegal: Illegal = "terminate",
        render_mode: str | None = None,
        **kwargs: Any,
    ) -> None:
        self.aec = raw_env(variant, players, illegal=illegal, render_mode=render_mode, **kwargs)
        self.render_mode = render_mode
        agents = self.aec.possible_agents
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(agents):
            raise EnvError(f"seat: {seat!r}: expected 0 to {len(agents) - 1}")
        self.agent = agents[seat]
        others = [a for a in agents if a != self.agent]
        if opponents is None:
            opponents = random_policy
        if callable(opponents):
            policies = [opponents] * len(others)
        else:
            policies = list(opponents)
            if len(policies) != len(others) or not all(callable(p) for p in policies):
                raise EnvError(f"opponents: expected one policy or {len(others)} policies")
        self.opponents: dict[str, Policy] = dict(zip(others, policies, strict=True))
        self.layout = self.aec.layout
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new episode; ``seed`` fixes its cards and the opponents' random choices."""
        super().reset(seed=seed)
        self.aec.reset(seed=int(self.np_random.integers(2**62)) if seed is None else seed)
        self._play_others()
        return self.aec.observe(self.agent), dict(self.aec.infos[self.agent])

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner's action, then the others' until the learner's next turn or the end."""
        if not self.aec.agents or self._over():
            raise EnvError("step() after the episode's end: call reset()")
        self.aec.step(action)
        reward = self.aec.rewards.get(self.agent, 0.0)
        reward += self._play_others()
        info = dict(self.aec.infos[self.agent])
        terminated = self.aec.terminations[self.agent]
        truncated = self.aec.truncations[self.agent]
        return self.aec.observe(self.agent), float(reward), terminated, truncated, info

    def render(self) -> Any:
        """The AEC environment's rendering."""
        return self.aec.render()

    def _over(self) -> bool:
        return self.aec.terminations[self.agent] or self.aec.truncations[self.agent]

    def _play_others(self) -> float:
        reward = 0.0
        aec = self.aec
        while not self._over() and aec.agent_selection != self.agent:
            agent = aec.agent_selection
            if aec.terminations[agent]:  # NM-MERCY: an opponent out of the game steps once more
                aec.step(None)
                continue
            obs = aec.observe(agent)
            action = self.opponents[agent](obs, self.np_random)
            if not (0 <= action < self.layout.size and obs["action_mask"][action]):
                raise IllegalActionError(
                    f"the policy of {agent} chose action {action}, which is not legal now"
                )
            aec.step(action)
            reward += aec.rewards.get(self.agent, 0.0)
        return reward
