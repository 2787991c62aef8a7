"""A PettingZoo AEC environment on the real rules, for any variant and 2 to 10 players.

``env(variant="ena", players=4)`` makes one the PettingZoo way (``raw_env`` wrapped in
PettingZoo's order-enforcing wrapper). The agents are ``player_0`` ... ``player_{n-1}``, seated
clockwise in that order; chance (the cut for the dealer, every deal) comes from the seed
given to ``reset`` (docs/shuffle.md), so a seed and the same actions replay an episode exactly.

Every seat has the variant's one ``Discrete`` action space (:mod:`~ena_rules.agents.actions`);
an observation is a dict of ``"observation"`` (the player's view as a vector,
:mod:`~ena_rules.agents.observations`) and ``"action_mask"`` (1 for each legal action), and the
same mask is in ``infos[agent]["action_mask"]``.

**Out-of-turn play.** After every accepted event, each player other than the one due who may
act out of turn (overtake, jump in, call UNO, catch) is offered it, one after the other: first
the player who acted, then the others in the direction of play from them. An offered player's
mask holds their out-of-turn moves and ``wait``; the first to act is judged first, as at a
table, and the offers start again after that event. When everyone offered has waited, the
player due is selected; their mask holds their turn's moves and every out-of-turn move they
may make too (a catch, say). docs/rl.md has the whole model.

>>> from ena_rules.agents.env import env
>>> e = env(variant="official", players=3)
>>> e.reset(seed=42)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum()) >= 1
('player_2', (290,), True)
>>> while e.agents:
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(e.agent_selection).sample(
...         obs["action_mask"])
...     e.step(action)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped,import-not-found,unused-ignore]

from ..errors import EnaRulesError
from ..game.events import Event
from ..game.position import format_position
from ..game.state import GameState
from ..game.verdict import Verdict
from ..rules.chance import deal_event, drive_chance
from ..rules.referee import apply, legal_events, new_game
from ..variant import Variant
from ..variant.io import load_variant
from .actions import MAX_SEATS, ActionLayout
from .observations import ObservationLayout

__all__ = ["EnvError", "IllegalActionError", "env", "raw_env"]

Episode = Literal["round", "game"]
Reward = Literal["win", "points"]
Illegal = Literal["raise", "terminate"]
Mask = npt.NDArray[np.int8]
Observation = dict[str, npt.NDArray[Any]]

_NO_MOVES: dict[int, Event] = {}


class EnvError(EnaRulesError):
    """The environment cannot take this (variant, player count, option, call order)."""


class IllegalActionError(EnvError):
    """An action outside the selected agent's mask (with ``illegal="raise"``)."""


def _variant(variant: str | Variant) -> Variant:
    v = load_variant(variant) if isinstance(variant, str) else variant
    if not isinstance(v, Variant):
        raise EnvError(f"variant: {variant!r} is neither a variant name nor a Variant")
    if v.players.teams != "off":
        raise EnvError(f"variant {v.name!r}: partnerships (players.teams) are not supported")
    if v.scoring.elimination != "off":
        raise EnvError(
            f"variant {v.name!r}: players leaving the game (scoring.elimination) are not "
            "supported: the agents of an episode are fixed"
        )
    return v


def _choice(name: str, value: object, allowed: Sequence[str | None]) -> None:
    if value not in allowed:
        raise EnvError(f"{name}: {value!r}: expected one of {', '.join(map(repr, allowed))}")


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for the unwrapped env
    """The environment itself (:func:`env` wraps it); see the module's text.

    ``episode``: ``"round"`` (an episode is one round) or ``"game"`` (rounds until the
    variant's end). ``reward``: ``"win"`` (the winner of the episode +1, every other player
    -1/(n-1), at its end) or ``"points"`` (after each round, the round's points under the
    variant's scoring, centred on their mean, divided by ``points_scale``, the sign making
    more better where the highest total wins and less better where the lowest does).
    ``illegal``: ``"raise"`` (an :class:`IllegalActionError`, the episode untouched) or
    ``"terminate"`` (PettingZoo's illegal-move convention: the episode ends, the offender gets
    ``illegal_reward``, the others 0). ``max_steps``: truncation after that many steps.

    >>> e = raw_env(variant="ena", players=2)
    >>> e.reset(seed=1)
    >>> e.layout.name(int(np.flatnonzero(e.infos[e.agent_selection]["action_mask"])[-1]))
    'draw'
    >>> raw_env(variant="ena", players=11)
    Traceback (most recent call last):
    ...
    ena_rules.agents.env.EnvError: players: 11: variant 'ena' takes 2 to 10 players
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "ena_uno_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Variant = "ena",
        players: int = 4,
        *,
        episode: Episode = "round",
        reward: Reward = "win",
        points_scale: float = 100.0,
        illegal: Illegal = "raise",
        illegal_reward: float = -1.0,
        max_steps: int = 20_000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.variant = _variant(variant)
        low, high = max(2, self.variant.players.min), min(MAX_SEATS, self.variant.players.max)
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise EnvError(
                f"players: {players!r}: variant {self.variant.name!r} takes {low} to {high} players"
            )
        _choice("episode", episode, ("round", "game"))
        _choice("reward", reward, ("win", "points"))
        _choice("illegal", illegal, ("raise", "terminate"))
        _choice("render_mode", render_mode, (None, "ansi", "human"))
        if not isinstance(max_steps, int) or max_steps < 1:
            raise EnvError(f"max_steps: {max_steps!r}: expected a positive integer")
        self.episode, self.reward_mode, self.illegal = episode, reward, illegal
        self.points_scale, self.illegal_reward = float(points_scale), float(illegal_reward)
        self.max_steps, self.render_mode = max_steps, render_mode
        self.layout = ActionLayout(self.variant)
        self.observation_layout = ObservationLayout(self.variant)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._n = players
        self.action_spaces = {a: spaces.Discrete(self.layout.size) for a in self.possible_agents}
        high_obs = self.observation_layout.high
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high_obs, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self.layout.size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._idle = np.zeros(self.layout.size, dtype=np.int8)
        self._idle.flags.writeable = False
        self._wait = self.layout.wait
        self._rewarded = False
        """Whether ``rewards`` may hold a value other than 0.0 (most steps reward nobody)."""
        self._rng: random.Random | None = None
        self.agents: list[str] = []
        self.state: GameState | None = None
        self.last_verdict: Verdict | None = None
        self.seed = 0
        self.steps = 0
        self._legal: dict[int, dict[int, Event]] = {}
        self._offers: list[int] = []
        self._due: int | None = None
        # the table the state's players make (they change only when NM-MERCY takes one out)
        self._table: tuple[str, ...] = ()
        self._at: dict[str, int] = {}
        """Each player at the table: their index in the state's players."""
        self._seats: tuple[int, ...] = ()
        """The agent seat of each index in the state's players."""
        self._orders: dict[tuple[int, int], list[int]] = {}

    # -- PettingZoo API -------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object on every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode: a new game, cut and dealt from ``seed`` (the game's seed, as for
        ``ena-rules simulate``); without one, from the stream the last seed started.
        ``options={"state": state}`` starts from a state instead (its players the agents, a
        player due); later rounds are dealt from the seed."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
                raise EnvError(f"seed: {seed!r}: expected a non-negative integer or None")
            self._rng = random.Random(int(seed))
            self.seed = int(seed)
        else:
            if self._rng is None:
                self._rng = random.Random()
            self.seed = self._rng.getrandbits(62)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._rewarded = False
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {
            a: {"action_mask": self._idle} for a in self.agents
        }
        self.steps = 0
        self.last_verdict = None
        self._skip_agent_selection = None
        start = (options or {}).get("state")
        if start is None:
            state, _ = drive_chance(new_game(self.variant, self.agents), self.seed)
        else:
            state = self._check_start(start)
        self.state = state
        self._offer(None)

    def _check_start(self, state: object) -> GameState:
        """A state given to ``reset(options={"state": ...})``, checked."""
        if not isinstance(state, GameState):
            raise EnvError(f"options['state']: {state!r} is not a GameState")
        if list(state.players) != self.possible_agents:
            raise EnvError(
                f"options['state']: its players {', '.join(state.players)} are not the agents "
                f"{', '.join(self.possible_agents)}"
            )
        if state.variant != self.variant:
            raise EnvError(
                f"options['state']: a game of {state.variant.name!r}, not {self.variant.name!r}"
            )
        if state.phase not in ("color", "play", "owe", "drawn") or state.partial:
            raise EnvError(
                f"options['state']: a game in phase {state.phase!r}"
                + (" (a partial state)" if state.partial else "")
                + ": expected a full state in which a player is due"
            )
        return state

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: ``{"observation": vector, "action_mask": mask}``."""
        if self.state is None:
            raise EnvError("observe() before reset(): call reset() first")
        if agent not in self._seat:
            raise EnvError(f"{agent!r} is not an agent ({', '.join(self.possible_agents)})")
        info = self.infos.get(agent)  # the vector is made here, when asked for, never by step()
        mask = self._idle if info is None else info["action_mask"]
        state = self.state
        if state.players is not self._table:
            self._seat_table()
        at = self._at.get(agent)
        if at is None:  # NM-MERCY took them out of the game
            return {"observation": self.encode(agent), "action_mask": mask}
        return {
            "observation": self.observation_layout.encode_state(state, at),
            "action_mask": mask,
        }

    def encode(self, agent: str) -> npt.NDArray[np.float32]:
        """``agent``'s observation vector; all zeros once the mercy rule (NM-MERCY) took them
        out of the game (they are no longer at the table)."""
        assert self.state is not None
        if self.state.players is not self._table:
            self._seat_table()
        at = self._at.get(agent)
        if at is None:
            return np.zeros(self.observation_layout.size, dtype=np.float32)
        return self.observation_layout.encode_state(self.state, at)

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Act for ``agent_selection``; ``None`` only for an agent whose episode is over."""
        if not self.agents:
            raise EnvError(
                "step() with no agent left: the episode is over (or not started); call reset()"
            )
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = action if type(action) is int else self._check(agent, action)
        seat = self._seat[agent]
        event = self._legal.get(seat, _NO_MOVES).get(index)  # never for wait: it is no event
        if event is None and not (index == self._wait and self._offers and self._offers[0] == seat):
            self._refuse(agent, self._check(agent, index))
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self._clear_rewards()
        self.steps += 1
        if event is None:  # waited
            self._offers.pop(0)
            self._select()
        else:
            self._perform(seat, event)
        if self.steps >= self.max_steps and not any(self.terminations.values()):
            self._end(truncated=True)
        if self._rewarded:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position (docs/position.md) and the last verdict, as text (``"ansi"``), or
        printed (``"human"``); nothing without a render mode."""
        if self.render_mode is None or self.state is None:
            return None
        text = format_position(self.state)
        if self.last_verdict is not None:
            text = f"{self.last_verdict}\n{text}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _clear_rewards(self) -> None:
        for agent in self.rewards:
            self.rewards[agent] = 0.0
        self._rewarded = False

    def _accumulate_rewards(self) -> None:
        if any(self.rewards.values()):  # most steps reward nobody: adding 0.0 changes nothing
            super()._accumulate_rewards()

    def close(self) -> None:
        """Nothing to release."""

    # -- the rules behind it ----------------------------------------------------------------

    def legal_actions(self, agent: str | None = None) -> list[int]:
        """The legal actions of ``agent`` (default: the selected one) now."""
        agent = self.agent_selection if agent is None else agent
        mask = self.infos.get(agent, {}).get("action_mask", self._idle)
        return [int(i) for i in np.flatnonzero(mask)]

    def _check(self, agent: str, action: object) -> int:
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise IllegalActionError(
                f"{agent}: action {action!r}: expected an integer of the action space "
                f"(0 to {self.layout.size - 1})"
            )
        index = int(action)
        if not 0 <= index < self.layout.size:
            raise IllegalActionError(
                f"{agent}: action {index}: outside the action space (0 to {self.layout.size - 1})"
            )
        return index

    def _refuse(self, agent: str, index: int) -> None:
        if self.illegal == "raise":
            legal = ", ".join(f"{i} {self.layout.name(i)}" for i in self.legal_actions(agent))
            raise IllegalActionError(
                f"{agent}: action {index} ({self.layout.name(index)}) is not legal now "
                f"(legal: {legal})"
            )
        # PettingZoo's illegal-move convention (its TerminateIllegalWrapper): the episode
        # ends, the offender is given illegal_reward and everyone else 0.
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.rewards[agent] = self.illegal_reward
        self._rewarded = True
        self._end(truncated=False)
        self.infos[agent] = {"action_mask": self._idle, "illegal_move": True}
        self._accumulate_rewards()

    def _perform(self, seat: int, event: Event) -> None:
        assert self.state is not None
        verdict = apply(self.state, event)
        if not verdict.accepted:  # pragma: no cover - legal_events and apply never disagree
            raise EnvError(f"the referee refused a legal move: {verdict}")
        self.last_verdict = verdict
        self.state = verdict.state
        if len(self.state.players) != self._n:  # NM-MERCY took someone out
            self._retire()
        if self.state.phase in ("deal", "over"):
            if self._round_end():
                return
            self.state = apply(self.state, deal_event(self.state, self.seed)).state
            last = self.state.last_player
            seat = seat if last is None else self._seat[self.state.players[last]]
        self._offer(seat)
        if len(self.state.players) < self._n:  # NM-MERCY took someone out
            self._deads_step_first()

    def _retire(self) -> None:
        """NM-MERCY: an agent the mercy rule took out of the game is done at once (with
        ``reward="win"``, the loser's -1/(n-1) now); it steps once more with ``None``."""
        assert self.state is not None
        players, n = self.state.players, self._n
        for a in self.agents:
            if a not in players and not self.terminations[a]:
                self.terminations[a] = True
                self.infos[a] = {"action_mask": self._idle}
                if self.reward_mode == "win":
                    self.rewards[a] = -1.0 / (n - 1)
                    self._rewarded = True

    def _round_end(self) -> bool:
        """Rewards of the round just ended; True when the episode ends with it."""
        s = self.state
        assert s is not None
        over = s.phase == "over"
        done = over or self.episode == "round"
        last = s.last_round  # None when the mercy rule ended the game mid-round
        if self.reward_mode == "points" and last is not None:
            mean = sum(last.points) / len(last.points)
            sign = -1.0 if self.variant.scoring.winner == "lowest_total" else 1.0
            for i, a in enumerate(s.players):
                self.rewards[a] = sign * (last.points[i] - mean) / self.points_scale
            self._rewarded = True
        elif self.reward_mode == "win" and done:
            by_game = over and (self.episode == "game" or last is None)
            seat = s.winner if by_game or last is None else last.winner
            assert seat is not None
            winner = s.players[seat]
            n = len(self.possible_agents)
            for a in self.agents:
                if not self.terminations[a]:
                    self.rewards[a] = 1.0 if a == winner else -1.0 / (n - 1)
            self._rewarded = True
        if done:
            self._end(truncated=False)
        return done

    def _end(self, *, truncated: bool) -> None:
        for a in self.agents:
            if truncated:
                self.truncations[a] = True
            else:
                self.terminations[a] = True
            self.infos[a] = {"action_mask": self._idle}
        self._offers = []

    def _offer(self, actor: int | None) -> None:
        """After an event by seat ``actor``: the legal moves of each seat, and the order in
        which the seats that may act out of turn are offered it."""
        s = self.state
        assert s is not None
        if s.players is not self._table:
            self._seat_table()
        at, seat_of, index_of = self._at, self._seat, self.layout.event_index
        legal: dict[int, dict[int, Event]] = {}  # the seats with a move, and their moves
        for e in legal_events(s):
            index = index_of(e, at)
            if index is not None:
                seat = seat_of[e.player]
                moves = legal.get(seat)
                if moves is None:
                    legal[seat] = {index: e}
                elif index not in moves:  # the first event of an action is the one made
                    moves[index] = e
        self._legal = legal
        due = s.due
        self._due = due_seat = None if due is None else seat_of[due]
        if len(legal) > 1 or (legal and due_seat not in legal):  # someone may act out of turn
            self._offers = [x for x in self._order(s, actor) if x != due_seat and x in legal]
        else:
            self._offers = []
        self._select()

    def _order(self, s: GameState, actor: int | None) -> list[int]:
        """The seats in the order they are offered out-of-turn moves: from ``actor`` (the
        player who put the top card down without one) in the direction of play."""
        first = self._at.get(self.possible_agents[actor]) if actor is not None else None
        if first is None:
            first = s.last_player or 0
        key = (first, s.direction)
        order = self._orders.get(key)
        if order is None:
            seats = self._seats
            n, step = len(seats), s.direction
            order = self._orders[key] = [seats[(first + step * k) % n] for k in range(n)]
        return order

    def _seat_table(self) -> None:
        """The maps of the state's players, made again when they change (NM-MERCY)."""
        assert self.state is not None
        players = self.state.players
        if players != self._table:
            self._at = {p: i for i, p in enumerate(players)}
            self._seats = tuple(self._seat[p] for p in players)
            self._orders = {}
        self._table = players

    def _select(self) -> None:
        offers = self._offers
        if offers:
            seat, wait = offers[0], True
        elif self._due is not None:
            seat, wait = self._due, False
        else:  # pragma: no cover - every phase an agent sees has someone due
            raise EnvError("nobody may act and nobody is due")
        moves = self._legal.get(seat, _NO_MOVES)
        if not moves and not wait:  # pragma: no cover - the player due always has a move
            raise EnvError(f"{self.possible_agents[seat]} is due but has no legal move")
        # a new array every time (Gymnasium's check: no two observations share memory)
        mask = np.zeros(self.layout.size, dtype=np.int8)
        for index in moves:  # a few: cheaper one by one than as an index array
            mask[index] = 1
        if wait:
            mask[self._wait] = 1
        mask.flags.writeable = False
        agent = self.possible_agents[seat]
        previous = getattr(self, "agent_selection", None)
        if previous != agent and previous in self.infos:
            self.infos[previous] = {"action_mask": self._idle}
        self.agent_selection = agent
        self.infos[agent] = {"action_mask": mask}


def env(**kwargs: Any) -> Any:
    """The environment the PettingZoo way: :class:`raw_env` in the order-enforcing wrapper
    (``reset()`` before ``step()``; ``.unwrapped`` is the raw environment).

    >>> e = env(variant="party", players=2)
    >>> e.reset(seed=3)
    >>> e.unwrapped.layout.size == int(e.action_space("player_0").n)
    True
    """
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
