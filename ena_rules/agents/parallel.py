"""The same windows with PettingZoo's parallel API: every agent answers at every step.

At each step every agent sends an action. The agents who may act out of turn now (the ones the
AEC environment would offer it to, :mod:`ena_rules.agents.env`) have their out-of-turn moves
and ``wait`` in their mask; the player due has their turn's moves; everyone else has only
``wait``. The step is a race decided in the AEC environment's priority order: the first of the
out-of-turn agents (the player who acted last, then the others in the direction of play) who
did not wait acts; if all of them waited, the player due acts. Every other action of the step
is dropped: it was not made in time (the player due chooses again at the next step). An action
outside an agent's mask, a missing action, or an action for an agent not in the episode, is an
:class:`~ena_rules.agents.env.IllegalActionError` (``illegal="terminate"``: PettingZoo's
convention, the episode ends with ``illegal_reward`` for the offender).

>>> par = parallel_env(variant="ena", players=3)
>>> obs, infos = par.reset(seed=2)
>>> acting = [a for a in par.agents if obs[a]["action_mask"].sum() > (
...     obs[a]["action_mask"][par.layout.wait])]
>>> len(acting) >= 1
True
>>> while par.agents:
...     actions = {a: par.action_space(a).sample(obs[a]["action_mask"]) for a in par.agents}
...     obs, rewards, terminations, truncations, infos = par.step(actions)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from .env import IllegalActionError, Mask, Observation, raw_env

__all__ = ["parallel_env"]


class parallel_env(ParallelEnv):  # type: ignore[misc]  # PettingZoo's naming
    """The parallel-API environment; its keywords are :class:`~ena_rules.agents.env.raw_env`'s.

    >>> par = parallel_env(variant="official", players=2)
    >>> obs, _ = par.reset(seed=1)
    >>> par.step({a: 0 for a in par.agents})
    Traceback (most recent call last):
    ...
    ena_rules.agents.env.IllegalActionError: player_0: action 0 (play R0) is not legal now ...
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "ena_uno_parallel_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": True,
    }

    def __init__(self, **kwargs: Any) -> None:
        self.aec = raw_env(**kwargs)
        self.layout = self.aec.layout
        self.possible_agents = list(self.aec.possible_agents)
        self.agents: list[str] = []
        self.render_mode = self.aec.render_mode
        self._wait_only = np.zeros(self.layout.size, dtype=np.int8)
        self._wait_only[self.layout.wait] = 1
        self._wait_only.flags.writeable = False
        self._masks: dict[str, Mask] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new episode (see :meth:`raw_env.reset <ena_rules.agents.env.raw_env.reset>`)."""
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return self._observe(), self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Every live agent's action; the race is settled as the module's text says."""
        if not self.agents:
            raise IllegalActionError("step() with no agent left: call reset()")
        aec = self.aec
        for agent in actions:
            if agent not in self.agents:
                raise IllegalActionError(f"{agent!r}: not an agent of this episode")
        rewards = dict.fromkeys(self.agents, 0.0)
        offender = self._offender(actions)
        if offender is not None and aec.illegal == "terminate":
            rewards[offender] = aec.illegal_reward
            aec._end(truncated=False)
            return self._finish(rewards, illegal=offender)
        actor, action = self._winner(actions)
        while aec.agent_selection != actor:  # the offers before the winner are waited out
            aec.step(self.layout.wait)
            self._add(rewards)
        aec.step(action)
        self._add(rewards)
        self._bury()
        return self._finish(rewards)

    def _bury(self) -> None:
        """The AEC environment's last step of each agent the mercy rule took out (NM-MERCY)
        while others play on: their ``terminations`` say so in this step's answer."""
        aec = self.aec
        while any(not self._done(a) for a in aec.agents) and self._done(aec.agent_selection):
            aec.step(None)

    def _done(self, agent: str) -> bool:
        """Whether ``agent``'s episode is over (an agent the AEC environment let go is)."""
        aec = self.aec
        return agent not in aec.terminations or aec.terminations[agent] or aec.truncations[agent]

    def render(self) -> Any:
        """The AEC environment's rendering."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""

    def _offender(self, actions: dict[str, Any]) -> str | None:
        for agent in self.agents:
            if agent not in actions:
                raise IllegalActionError(f"{agent}: no action (every live agent sends one)")
            action = actions[agent]
            index = self.aec._check(agent, action)
            if not self._masks[agent][index]:
                if self.aec.illegal == "terminate":
                    return agent
                legal = [int(i) for i in np.flatnonzero(self._masks[agent])]
                names = ", ".join(f"{i} {self.layout.name(i)}" for i in legal)
                raise IllegalActionError(
                    f"{agent}: action {index} ({self.layout.name(index)}) is not legal now "
                    f"(legal: {names})"
                )
        return None

    def _winner(self, actions: dict[str, Any]) -> tuple[str, int]:
        aec = self.aec
        for seat in aec._offers:
            agent = self.possible_agents[seat]
            if int(actions[agent]) != self.layout.wait:
                return agent, int(actions[agent])
        if aec._offers and aec._due is None:  # pragma: no cover - someone is always due
            agent = self.possible_agents[aec._offers[-1]]
            return agent, self.layout.wait
        due = self.possible_agents[aec._due] if aec._due is not None else aec.agent_selection
        return due, int(actions[due])

    def _add(self, rewards: dict[str, float]) -> None:
        for agent, r in self.aec.rewards.items():
            if agent in rewards:
                rewards[agent] += r

    def _finish(
        self, rewards: dict[str, float], illegal: str | None = None
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        aec = self.aec
        terminations = {a: bool(aec.terminations.get(a, True)) for a in self.agents}
        truncations = {a: bool(aec.truncations.get(a, False)) for a in self.agents}
        observations = self._observe()
        infos = self._infos()
        if illegal is not None:
            infos[illegal]["illegal_move"] = True
        self.agents = [a for a in self.agents if not (terminations[a] or truncations[a])]
        if not self.agents:
            self._masks = {}
        return observations, rewards, terminations, truncations, infos

    def _observe(self) -> dict[str, Observation]:
        aec = self.aec
        over = all(self._done(a) for a in self.agents)
        masks: dict[str, Mask] = {}
        for agent in self.agents:
            masks[agent] = aec._idle if over or self._done(agent) else self._wait_only
        if not over:
            for seat in [*aec._offers, aec._due]:
                if seat is None:
                    continue
                agent = self.possible_agents[seat]
                mask = np.zeros(self.layout.size, dtype=np.int8)
                mask[list(aec._legal.get(seat, ()))] = 1
                if seat != aec._due:
                    mask[self.layout.wait] = 1
                mask.flags.writeable = False
                masks[agent] = mask
        self._masks = masks
        out: dict[str, Observation] = {}
        state = aec.state
        assert state is not None
        for agent in self.agents:
            out[agent] = {"observation": aec.encode(agent), "action_mask": masks[agent]}
        return out

    def _infos(self) -> dict[str, dict[str, Any]]:
        return {a: {"action_mask": self._masks.get(a, self.aec._idle)} for a in self.agents}
