"""The parallel-API environment (ena_rules.agents.parallel): PettingZoo's parallel_api_test,
the race of out-of-turn moves, and bad input."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from ena_rules import load_variant  # noqa: E402
from ena_rules.agents.env import IllegalActionError  # noqa: E402
from ena_rules.agents.parallel import parallel_env  # noqa: E402
from ena_rules.game.position import parse_position  # noqa: E402

FOUR = (
    "ena players=player_0,player_1,player_2,player_3 phase=play dealer=0 scores=0,0,0,0 "
    "hands=R1.G4/R9.B2/G3.Y7/R5.Y1 draw=R0.Y8.B5.G1.B7.G7.G8.G9 discard=G5.R5 color=R "
    "turn=1 last=0 open=1"
)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variant", ["official", "ena", "party", "crazy", "no-mercy"])
def test_pettingzoo_parallel_api_test_passes(variant: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.parallel_api_test(parallel_env(variant=variant, players=players), 500)


def _start() -> tuple[parallel_env, dict[str, dict[str, np.ndarray]]]:
    par = parallel_env(variant="ena", players=4)
    obs, _ = par.reset(seed=1, options={"state": parse_position(FOUR, load_variant("ena"))})
    return par, obs


def _legal(par: parallel_env, obs: dict[str, dict[str, np.ndarray]]) -> dict[str, list[str]]:
    return {
        a: [par.layout.name(int(i)) for i in np.flatnonzero(o["action_mask"])]
        for a, o in obs.items()
    }


def test_everyone_answers_and_the_out_of_turn_move_wins_the_race() -> None:
    par, obs = _start()
    assert _legal(par, obs) == {
        "player_0": ["wait"],
        "player_1": ["play R9", "draw"],
        "player_2": ["wait"],
        "player_3": ["play R5", "wait"],
    }
    wait, layout = par.layout.wait, par.layout
    actions = {"player_0": wait, "player_2": wait}
    actions |= {"player_1": layout.index("draw"), "player_3": layout.index("play", card="R5")}
    par.step(actions)
    verdict = par.aec.last_verdict
    assert verdict is not None and verdict.clause == "OVT-IDENT"  # player_1's draw came late
    assert par.aec.state.hands[1] == parse_position(FOUR, load_variant("ena")).hands[1]


def test_when_the_out_of_turn_players_wait_the_player_due_acts() -> None:
    par, _ = _start()
    wait, layout = par.layout.wait, par.layout
    actions = {a: wait for a in par.agents} | {"player_1": layout.index("play", card="R9")}
    obs, rewards, terminations, _, infos = par.step(actions)
    assert str(par.aec.state.top) == "R9"
    assert _legal(par, obs)["player_1"] == ["call UNO", "wait"]
    assert _legal(par, obs)["player_2"] == ["draw", "catch seat+3"]
    assert set(rewards) == set(terminations) == set(infos) == set(par.agents)


def test_bad_actions_are_errors_or_the_illegal_move_convention() -> None:
    par, _ = _start()
    wait = par.layout.wait
    everyone = {a: wait for a in par.agents} | {"player_1": par.layout.index("draw")}
    with pytest.raises(IllegalActionError, match="player_0: action 60"):
        par.step(everyone | {"player_0": par.layout.index("draw")})  # not theirs to act
    with pytest.raises(IllegalActionError, match="player_2: no action"):
        par.step({a: x for a, x in everyone.items() if a != "player_2"})
    with pytest.raises(IllegalActionError, match="not an agent"):
        par.step(everyone | {"player_9": wait})
    with pytest.raises(IllegalActionError, match="player_1"):
        par.step(everyone | {"player_1": wait})  # the player due may not wait
    strict = parallel_env(variant="ena", players=4, illegal="terminate")
    strict.reset(seed=1, options={"state": parse_position(FOUR, load_variant("ena"))})
    _, rewards, terminations, _, infos = strict.step(everyone | {"player_0": 0})
    assert rewards["player_0"] == -1.0 and all(terminations.values())
    assert infos["player_0"]["illegal_move"] is True and strict.agents == []
    with pytest.raises(IllegalActionError, match="reset"):
        strict.step({})


def test_NM_MERCY_an_agent_taken_out_leaves_the_parallel_episode() -> None:
    """NM-MERCY: the step that takes a player out ends their episode (terminated, their
    -1/(n-1)); the others play on without them."""
    big = "B1.B2.B3.B4.B5.B6.B7.B8.B9.Y1.Y2.Y3.Y4.Y5.Y6.Y7.Y8.Y9.G1.G2.G3"  # 21 cards
    state = parse_position(
        "no-mercy players=player_0,player_1,player_2,player_3 phase=play dealer=3 "
        f"scores=0,0,0,0 hands=R+4.R1/Y+4.G2/{big}/G7 "
        "draw=G1.G3.G4.G5.G6.G7.G8.G9.B1.B2.B4.B5.B6.B7.B8.B9 discard=R7 color=R last=3",
        load_variant("no-mercy"),
    )
    par = parallel_env(variant="no-mercy", players=4)
    obs, _ = par.reset(seed=1, options={"state": state})
    lay = par.layout
    for agent, action in [
        ("player_0", lay.index("play", card="R+4")),
        ("player_1", lay.index("play", card="Y+4")),
        ("player_2", lay.index("draw")),
    ]:
        assert obs[agent]["action_mask"][action]  # the others wait: the player due acts
        waits = dict.fromkeys(par.agents, lay.wait)
        obs, rewards, terminations, truncations, _ = par.step(waits | {agent: action})
    assert terminations == {
        "player_0": False,
        "player_1": False,
        "player_2": True,
        "player_3": False,
    }
    assert rewards["player_2"] == pytest.approx(-1 / 3) and not truncations["player_2"]
    assert par.agents == ["player_0", "player_1", "player_3"]
    assert par.aec.agents == par.agents and par.aec.state.due == "player_3"
    assert obs["player_3"]["action_mask"].any()
