"""The single-agent Gymnasium wrapper (ena_rules.agents.gym) and the learning example's parts
(ena_rules.agents.train); the example's whole run is the command of docs/rl.md."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from ena_rules.agents.env import EnvError, IllegalActionError  # noqa: E402
from ena_rules.agents.gym import UnoGymEnv, random_policy  # noqa: E402
from ena_rules.agents.train import LinearPolicy, evaluate, train  # noqa: E402


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variant", ["official", "ena", "party", "crazy", "no-mercy"])
def test_gymnasium_check_env_passes(variant: str, players: int) -> None:
    check_env(UnoGymEnv(variant=variant, players=players), skip_render_check=True)


def _episode(env: UnoGymEnv, seed: int) -> list[Any]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(0)
    trace: list[Any] = [obs["observation"].tobytes()]
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(random_policy(obs, rng))
        assert env.aec.agent_selection == env.agent or terminated or truncated
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        trace.append((obs["observation"].tobytes(), reward))
        done = terminated or truncated
    return trace


def test_a_seed_replays_the_learners_episode_and_the_opponents_choices() -> None:
    env = UnoGymEnv(variant="ena", players=3, max_steps=3000)
    first = _episode(env, 5)
    assert first == _episode(env, 5)
    assert first != _episode(env, 6)


def test_the_learner_sits_where_it_is_told_and_gets_its_own_reward() -> None:
    env = UnoGymEnv(variant="official", players=3, seat=2)
    obs, _ = env.reset(seed=1)
    assert env.agent == "player_2" and env.aec.agent_selection == "player_2"
    rng = np.random.default_rng(1)
    done, total = False, 0.0
    while not done:
        obs, reward, terminated, truncated, _ = env.step(random_policy(obs, rng))
        total += float(reward)
        done = terminated or truncated
    won = env.aec.state.last_round.winner == 2
    assert total == (1.0 if won else -0.5)
    with pytest.raises(EnvError, match="reset"):
        env.step(0)


def test_opponents_are_checked() -> None:
    with pytest.raises(EnvError, match="2 policies"):
        UnoGymEnv(variant="official", players=3, opponents=[random_policy])
    with pytest.raises(EnvError, match="seat"):
        UnoGymEnv(variant="official", players=3, seat=3)
    waits = UnoGymEnv(variant="official", players=2, seat=1, opponents=lambda obs, rng: 77)
    with pytest.raises(IllegalActionError, match="policy of player_0"):
        obs, _ = waits.reset(seed=1)  # the opponent acts first, or after the learner
        waits.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_an_illegal_learner_action_ends_the_episode_by_default() -> None:
    env = UnoGymEnv(variant="official", players=2)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_move"]) == (-1.0, True, False, True)
    strict = UnoGymEnv(variant="official", players=2, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_the_linear_policy_plays_legal_actions_only() -> None:
    env = UnoGymEnv(variant="crazy", players=3)
    policy = LinearPolicy(env.aec.observation_layout.high, env.layout.size)
    policy.weights[:] = np.random.default_rng(0).normal(size=policy.weights.shape) * 5
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(50):
        for pick in (policy(obs, rng), policy.greedy(obs, rng)):
            assert obs["action_mask"][pick] == 1
        obs, _, terminated, truncated, _ = env.step(policy(obs, rng))
        if terminated or truncated:
            obs, _ = env.reset()


def test_training_moves_the_policy_and_evaluation_counts_rounds() -> None:
    policy = train(variant="official", players=2, episodes=2, batch=1, seed=3)
    assert np.abs(policy.weights).sum() > 0
    again = train(variant="official", players=2, episodes=2, batch=1, seed=3)
    assert np.array_equal(policy.weights, again.weights)  # seeded
    result = evaluate(random_policy, variant="official", players=2, games=2, seed=1)
    assert result.games == 2 and 0 <= result.wins <= 2 and result.rate == result.wins / 2


def test_NM_MERCY_opponents_taken_out_are_passed_over_and_the_learner_gets_its_result() -> None:
    """NM-MERCY: the learner plays on past opponents the mercy rule took out; its episode
    ends with +1 (the last one left, or the round's winner) or -1/3 (out, or beaten)."""
    results, out = set(), 0
    for seed in range(6):
        gym = UnoGymEnv("no-mercy", 4)
        obs, _ = gym.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total, done = 0.0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, _ = gym.step(action)
            total, done = total + float(reward), terminated or truncated
        results.add(round(total, 6))
        out += len(gym.aec.state.players) < 4
    assert results <= {1.0, round(-1 / 3, 6)} and out >= 3
