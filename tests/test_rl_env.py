"""The PettingZoo environment (ena_rules.agents.env): conventions, rules, rewards, bad input.

The whole-episode checks are sampled (a few seeds per variant); docs/rl.md's examples are run
by tests/test_docs.py.
"""

from __future__ import annotations

import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from ena_rules import (  # noqa: E402
    EnaRulesError,
    VariantError,
    legal_events,
    load_variant,
    load_variant_text,
    view,
)
from ena_rules.agents.env import EnvError, IllegalActionError, env, raw_env  # noqa: E402
from ena_rules.game.position import parse_position  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("official", "ena", "party", "crazy", "no-mercy")
SHIPPED = sorted(p.stem for p in (ROOT / "variants").glob("*.toml"))

FOUR = (
    "ena players=player_0,player_1,player_2,player_3 phase=play dealer=0 scores=0,0,0,0 "
    "hands=R1.G4/R9.B2/G3.Y7/R5.Y1 draw=R0.Y8.B5.G1.B7.G7.G8.G9 discard=G5.R5 color=R "
    "turn=1 last=0 open=1"
)


def _random_episode(e: Any, rng: np.random.Generator, check: Any = None) -> list[Any]:
    """Play one episode with random legal actions; ``check(e)`` before every acting step."""
    trace = []
    while e.agents:
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            trace.append((e.agent_selection, None, reward))
            e.step(None)
            continue
        if check is not None:
            check(e)
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        trace.append((e.agent_selection, action, reward, obs["observation"].tobytes()))
        e.step(action)
    return trace


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test_passes(variant: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dict-observation advice PettingZoo gives
        pettingzoo_test.api_test(env(variant=variant, players=players), num_cycles=200)


@pytest.mark.parametrize("variant", SHIPPED)
def test_every_shipped_variant_plays_with_three_players(variant: str) -> None:
    e = raw_env(variant=variant, players=3, max_steps=2000)
    e.reset(seed=5)
    trace = _random_episode(e, np.random.default_rng(5))
    assert [t[0] for t in trace if t[1] is None] and not e.agents


def test_pettingzoo_seed_test_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.seed_test(lambda: env(variant="ena", players=3), num_cycles=100)


@pytest.mark.parametrize("variant", ["ena", "crazy"])
def test_a_seed_and_the_same_actions_replay_an_episode_exactly(variant: str) -> None:
    def run(seed: int) -> list[Any]:
        e = raw_env(variant=variant, players=4, max_steps=1500)  # truncation replays too
        e.reset(seed=99)  # an episode before does not matter
        _random_episode(e, np.random.default_rng(1))
        e.reset(seed=seed)
        return _random_episode(e, np.random.default_rng(2))

    first = run(3)
    assert first == run(3)
    assert first != run(4)


def test_reset_without_a_seed_continues_the_stream_of_the_last_seed() -> None:
    a, b = raw_env(variant="official", players=2), raw_env(variant="official", players=2)
    a.reset(seed=8)
    b.reset(seed=8)
    a.reset()
    b.reset()
    assert a.seed == b.seed != 8
    assert a.state == b.state


def _mask_is_the_legal_events(e: Any) -> None:
    agent = e.agent_selection
    s = e.state
    mask = e.infos[agent]["action_mask"]
    layout = e.layout
    mine = [x for x in legal_events(s) if x.player == agent]
    expected = {layout.of_event(x, s.players) for x in mine} - {None}
    offered = bool(e._offers) and e.possible_agents[e._offers[0]] == agent
    if offered:
        expected.add(layout.wait)
    assert set(np.flatnonzero(mask).tolist()) == expected
    # the same moves from the player's view alone
    from_view = {layout.of_event(x, s.players) for x in legal_events(view(s, agent))} - {None}
    assert from_view == expected - {layout.wait}
    assert np.array_equal(e.observe(agent)["action_mask"], mask)
    for other in e.agents:
        if other != agent:
            assert not e.infos[other]["action_mask"].any()


def _observation_is_the_view(e: Any) -> None:
    layout = e.observation_layout
    for seat, agent in enumerate(e.state.players):  # the players still in the game
        fast = layout.encode_state(e.state, seat)
        assert np.array_equal(fast, layout.encode(view(e.state, agent)))
        assert e.observation_space(agent)["observation"].contains(fast)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_mask_is_the_referees_legal_events_and_the_observation_its_view(
    variant: str,
) -> None:
    e = raw_env(variant=variant, players=3, max_steps=1500)
    rng = np.random.default_rng(3)
    for seed in range(2):
        e.reset(seed=seed)

        def check(e: Any) -> None:
            _mask_is_the_legal_events(e)
            if e.steps % 7 == 0:
                _observation_is_the_view(e)

        _random_episode(e, rng, check)


def _action_names_the_event(e: Any) -> None:
    """Each legal event's action, read back from the layout, is that event: kind, card,
    colour and target seat (counted clockwise from the player, as the layout says)."""
    s, layout = e.state, e.layout
    names = {"draw": "Draw", "pass": "Pass", "challenge": "Challenge", "color": "ChooseColor"}
    for x in legal_events(s):
        index = layout.of_event(x, s.players)
        kind = type(x).__name__
        if kind == "Play" and x.more:  # several cards at once: not in the layout
            assert index is None
            continue
        assert index is not None, x
        a = layout.actions[index]
        target = getattr(x, "target", None)
        seat = (
            0
            if target in (None, x.player)
            else (s.players.index(target) - s.players.index(x.player)) % len(s.players)
        )
        assert a.seat == seat, (x, a)
        if kind in ("Play", "Overtake"):
            assert (a.kind, a.card, a.color) == ("play", x.card, x.color), (x, a)
        elif kind == "CallUno":
            assert a.kind == ("uno" if seat == 0 else "catch"), (x, a)
        else:
            assert names[a.kind] == kind and a.color == getattr(x, "color", None), (x, a)


@pytest.mark.parametrize("variant", ["party", "crazy", "no-mercy"])
def test_each_legal_event_maps_to_the_action_that_names_it(variant: str) -> None:
    e = raw_env(variant=variant, players=4, max_steps=800)
    e.reset(seed=5)
    _random_episode(e, np.random.default_rng(5), _action_names_the_event)


def test_blind_draws_are_observed_through_the_view() -> None:
    blind = load_variant_text('name = "blind"\nextends = "ena"\n[view]\nblind_draw = true\n')
    e = raw_env(variant=blind, players=3, max_steps=1500)
    e.reset(seed=4)
    _random_episode(e, np.random.default_rng(4), _observation_is_the_view)


def test_the_observation_holds_the_view() -> None:
    e = raw_env(variant="ena", players=4)
    e.reset(seed=1, options={"state": parse_position(FOUR, load_variant("ena"))})
    layout = e.observation_layout
    obs = e.observe("player_1")["observation"]
    hand = layout.read(obs, "hand")
    assert hand[layout.kind_index["R9"]] == 1 and hand[layout.kind_index["B2"]] == 1
    assert hand.sum() == 2
    assert layout.read(obs, "top")[layout.kind_index["R5"]] == 1
    assert layout.read(obs, "color").tolist() == [1, 0, 0, 0]
    assert layout.read(obs, "hand_sizes")[:5].tolist() == [2, 2, 2, 2, 0]
    assert layout.read(obs, "seated").sum() == 4
    assert layout.read(obs, "due")[0] == 1  # player_1 is due
    assert layout.read(obs, "last_player")[3] == 1  # the dealer, player_0, is seat +3
    assert layout.read(obs, "overtake_open")[0] == 1
    assert layout.read(obs, "draw_pile")[0] == 8
    other = e.observe("player_3")["observation"]
    assert layout.read(other, "hand")[layout.kind_index["R9"]] == 0  # never another's card


def test_the_scores_and_hand_sizes_are_observed_from_each_seat() -> None:
    e = raw_env(variant="ena", players=4)
    text = FOUR.replace("scores=0,0,0,0", "scores=120,0,35,2000000")
    e.reset(seed=1, options={"state": parse_position(text, load_variant("ena"))})
    layout = e.observation_layout
    obs = e.observe("player_2")["observation"]
    assert layout.read(obs, "scores")[:5].tolist() == [35, 1_000_000, 120, 0, 0]  # bounded
    _observation_is_the_view(e)
    while e.agent_selection != "player_1":  # the overtakes offered first are let go
        e.step(e.layout.wait)
    e.step(e.layout.index("draw"))  # player_1 draws: 3 cards, player_2 sees them at +3
    assert layout.read(e.observe("player_2")["observation"], "hand_sizes")[3] == 3
    _observation_is_the_view(e)


def _offers(e: Any) -> list[tuple[str, list[str]]]:
    return [(e.agent_selection, [e.layout.name(i) for i in e.legal_actions()])]


def test_out_of_turn_offers_go_to_the_actor_first_then_in_the_direction_of_play() -> None:
    e = raw_env(variant="ena", players=4)
    e.reset(seed=1, options={"state": parse_position(FOUR, load_variant("ena"))})
    seen = _offers(e)
    e.step(e.layout.wait)
    seen += _offers(e)
    e.step(e.layout.index("play", card="R9"))
    for _ in range(3):
        seen += _offers(e)
        e.step(e.layout.wait)
    seen += _offers(e)
    assert seen == [
        ("player_3", ["play R5", "wait"]),
        ("player_1", ["play R9", "draw"]),
        ("player_1", ["call UNO", "wait"]),
        ("player_3", ["catch seat+2", "wait"]),
        ("player_0", ["catch seat+1", "wait"]),
        ("player_2", ["draw", "catch seat+3"]),
    ]


def test_counter_clockwise_offers_go_the_other_way() -> None:
    e = raw_env(variant="ena", players=4)
    s = parse_position(FOUR.replace("turn=1", "turn=1 dir=-"), load_variant("ena"))
    assert s.direction == -1
    e.reset(seed=1, options={"state": s})
    e.step(e.layout.wait)  # player_3's overtake
    e.step(e.layout.index("play", card="R9"))  # player_0 is next, counter-clockwise
    order = []
    while e.agent_selection != "player_0":
        order.append(e.agent_selection)
        e.step(e.layout.wait)
    assert order == ["player_1", "player_3", "player_2"]


def test_an_offered_overtake_is_judged_as_an_overtake() -> None:
    e = raw_env(variant="ena", players=4)
    e.reset(seed=1, options={"state": parse_position(FOUR, load_variant("ena"))})
    e.step(e.layout.index("play", card="R5"))
    assert e.last_verdict is not None and e.last_verdict.clause == "OVT-IDENT"
    assert e.state.due == "player_0"  # player_1 and player_2 skipped, as at the table


def test_an_illegal_action_raises_and_leaves_the_episode_untouched() -> None:
    e = raw_env(variant="ena", players=4)
    e.reset(seed=1, options={"state": parse_position(FOUR, load_variant("ena"))})
    before = (e.state, e.agent_selection, dict(e._cumulative_rewards), e.steps)
    for bad in (e.layout.index("draw"), -1, e.layout.size, 2.5, "draw", True, None):
        with pytest.raises(IllegalActionError) as info:
            e.step(bad)  # type: ignore[arg-type]
        assert isinstance(info.value, EnaRulesError) and isinstance(info.value, ValueError)
        assert "player_3" in str(info.value)
    assert (e.state, e.agent_selection, dict(e._cumulative_rewards), e.steps) == before
    e.step(np.int64(e.layout.wait))  # numpy integers are actions too
    assert e.agent_selection == "player_1"


def test_illegal_terminate_is_pettingzoos_convention() -> None:
    e = raw_env(variant="ena", players=3, illegal="terminate", illegal_reward=-2.0)
    e.reset(seed=2)
    offender = e.agent_selection
    e.step(e.layout.wait if e.layout.wait not in e.legal_actions() else e.layout.index("pass"))
    assert all(e.terminations.values())
    assert e.rewards == {a: (-2.0 if a == offender else 0.0) for a in e.possible_agents}
    assert e.infos[offender]["illegal_move"] is True
    _, reward, terminated, _, _ = e.last()
    assert terminated and reward == (-2.0 if e.agent_selection == offender else 0.0)


def test_steps_after_the_end_are_errors() -> None:
    e = raw_env(variant="official", players=2)
    with pytest.raises(EnvError, match="reset"):
        e.step(0)
    with pytest.raises(EnvError, match="reset"):
        e.observe("player_0")
    e.reset(seed=1)
    _random_episode(e, np.random.default_rng(1))
    with pytest.raises(EnvError, match="episode is over"):
        e.step(0)
    e.reset(seed=1)
    e.step(e.legal_actions()[0])
    e._end(truncated=False)
    with pytest.raises(ValueError, match="only valid action is None"):
        e.step(0)
    with pytest.raises(EnvError, match="not an agent"):
        e.observe("player_7")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "takes 2 to 10 players"),
        ({"players": 11}, "takes 2 to 10 players"),
        ({"players": "4"}, "takes 2 to 10 players"),
        ({"episode": "match"}, "episode"),
        ({"reward": "score"}, "reward"),
        ({"illegal": "ignore"}, "illegal"),
        ({"max_steps": 0}, "max_steps"),
        ({"render_mode": "rgb_array"}, "render_mode"),
        ({"variant": 3}, "variant"),
    ],
)
def test_what_the_environment_cannot_take_is_an_env_error(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(EnvError, match=message):
        raw_env(**kwargs)


def test_variants_the_environment_cannot_take() -> None:
    small = load_variant_text('name = "small"\nextends = "official"\n[players]\nmax = 4\n')
    with pytest.raises(EnvError, match="takes 2 to 4"):
        raw_env(variant=small, players=5)
    teams = load_variant_text(
        'name = "t"\nextends = "official"\n[players]\nteams = "opposite"\nmin = 4\n'
    )
    with pytest.raises(EnvError, match="partnerships"):
        raw_env(variant=teams, players=4)
    out = load_variant_text(
        'name = "e"\nextends = "official"\n[scoring]\nelimination = "most_cards"\n'
    )
    with pytest.raises(EnvError, match="elimination"):
        raw_env(variant=out, players=4)
    with pytest.raises(VariantError):
        raw_env(variant="enna")


def test_reset_options_state_is_checked() -> None:
    e = raw_env(variant="ena", players=3)
    state = parse_position(FOUR, load_variant("ena"))
    with pytest.raises(EnvError, match="are not the agents"):
        e.reset(seed=1, options={"state": state})
    with pytest.raises(EnvError, match="not a GameState"):
        e.reset(seed=1, options={"state": "ena players=..."})
    other = raw_env(variant="official", players=4)
    with pytest.raises(EnvError, match="a game of 'ena'"):
        other.reset(seed=1, options={"state": state})
    with pytest.raises(EnvError, match="seed"):
        e.reset(seed=-1)


def _play_to_the_end(**kwargs: Any) -> tuple[Any, dict[str, float]]:
    seed = kwargs.pop("seed", 6)
    e = raw_env(**kwargs)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    while e.agents:
        obs, reward, terminated, truncated, _ = e.last()
        totals[e.agent_selection] += reward
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return e, totals


@pytest.mark.parametrize("players", [2, 3, 5])
def test_win_rewards_are_zero_sum_for_any_player_count(players: int) -> None:
    e, totals = _play_to_the_end(variant="official", players=players)
    winner = e.possible_agents[e.state.last_round.winner]
    assert totals[winner] == 1.0
    assert all(totals[a] == pytest.approx(-1 / (players - 1)) for a in totals if a != winner)
    assert sum(totals.values()) == pytest.approx(0.0)


@pytest.mark.parametrize("variant", ["official", "ena"])
def test_points_rewards_follow_the_variants_scoring(variant: str) -> None:
    e, totals = _play_to_the_end(variant=variant, players=3, reward="points", points_scale=10.0)
    points = e.state.last_round.points
    mean = sum(points) / 3
    sign = -1 if variant == "ena" else 1  # Ena: the lowest total wins
    assert [totals[a] for a in e.possible_agents] == pytest.approx(
        [sign * (p - mean) / 10 for p in points]
    )
    winner = e.possible_agents[e.state.last_round.winner]
    assert totals[winner] == max(totals.values())


def test_a_game_episode_lasts_rounds_until_the_variants_end() -> None:
    short = load_variant_text('name = "short"\nextends = "rounds"\n[scoring]\ntarget = 2\n')
    e, totals = _play_to_the_end(variant=short, players=3, episode="game", seed=2)
    assert e.state.phase == "over" and e.state.round >= 2
    winner = e.possible_agents[e.state.winner]
    assert totals[winner] == 1.0 and sum(totals.values()) == pytest.approx(0.0)
    e, totals = _play_to_the_end(variant=short, players=3, episode="game", reward="points", seed=2)
    scores = e.state.scores
    assert [totals[a] for a in e.possible_agents] == pytest.approx(
        [(x - sum(scores) / 3) / 100 for x in scores]
    )


def test_max_steps_truncates_every_agent() -> None:
    e = raw_env(variant="ena", players=3, max_steps=5)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(5):
        e.step(int(rng.choice(e.legal_actions())))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.last()[1] == 0.0


def test_render_shows_the_verdict_and_the_position() -> None:
    e = raw_env(variant="ena", players=4, render_mode="ansi")
    e.reset(seed=1, options={"state": parse_position(FOUR, load_variant("ena"))})
    e.step(e.layout.index("play", card="R5"))
    text = e.render()
    assert text is not None and text.startswith("accepted [OVT-IDENT")
    assert "players=player_0" in text
    assert raw_env().render() is None


def test_importing_the_referee_needs_no_numpy_and_nothing_imports_the_agents() -> None:
    """``import ena_rules`` (and the simulator) loads no numpy, and no module outside
    ena_rules.agents imports its reinforcement-learning modules (``ena_rules.env`` is only a
    path the package's finder resolves when asked)."""
    code = "import ena_rules, ena_rules.agents.simulation, sys; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    rl = ("env", "parallel", "actions", "observations", "gym", "train", "layout")
    pattern = re.compile(r"^\s*from \S*agents(?:\.| import )(" + "|".join(rl) + r")\b", re.M)
    package = ROOT / "ena_rules"
    for path in package.rglob("*.py"):
        if "agents" not in path.relative_to(package).parts:
            assert not pattern.search(path.read_text(encoding="utf-8")), path


def test_the_layout_tables_of_docs_rl_md_are_fresh() -> None:
    from ena_rules.agents.layout import refresh

    page = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    assert refresh(page) == page, "run: python3 -m ena_rules.agents.layout --write"
    assert "| `hand` | 0-53 | 54 |" in page


# -- No Mercy: the victim's colour, players the mercy rule takes out ------------------------

NM_PILE = "G1.G3.G4.G5.G6.G7.G8.G9.B1.B2.B4.B5.B6.B7.B8.B9"
NM_BIG = "B1.B2.B3.B4.B5.B6.B7.B8.B9.Y1.Y2.Y3.Y4.Y5.Y6.Y7.Y8.Y9.G1.G2.G3"  # 21 cards


def _no_mercy(hands: str, players: int, variant: Any = None, draw: str = NM_PILE) -> Any:
    """An environment of No Mercy started from a position (the agents its players)."""
    v = variant or load_variant("no-mercy")
    names = ",".join(f"player_{i}" for i in range(players))
    state = parse_position(
        f"{v.name} players={names} phase=play dealer={players - 1} "
        f"scores={','.join(['0'] * players)} hands={hands} draw={draw} discard=R7 color=R "
        f"last={players - 1}",
        v,
    )
    e = raw_env(variant=v, players=players)
    e.reset(seed=1, options={"state": state})
    return e


def _wait_for(e: Any, agent: str) -> None:
    """The out-of-turn offers before ``agent``'s turn are waited out."""
    while e.agent_selection != agent:
        e.step(e.layout.wait)


def _act(e: Any, agent: str, action: int) -> None:
    """``agent`` acts once the offers before them are waited out."""
    _wait_for(e, agent)
    e.step(action)


def test_NM_ROULETTE_the_victim_names_the_colour_with_a_colour_action() -> None:
    e = _no_mercy("WCR.R1/G1.G2/Y1.B3", 3, draw="R3.W+6.Y4.B5.G6")
    _act(e, "player_0", e.layout.index("play", card="WCR"))
    _wait_for(e, "player_1")
    colors = {e.layout.index("color", color=c) for c in e.layout.colors}
    legal = e.legal_actions()
    assert set(legal) >= colors  # and a catch of player_0, who has not called UNO
    assert not {e.layout.actions[i].kind for i in legal} & {"play", "draw"}
    e.step(e.layout.index("color", color="blue"))
    _wait_for(e, "player_2")
    assert e.state.color == "B" and e.state.due == "player_2"


def test_NM_MERCY_an_agent_taken_out_is_done_at_once_and_the_seats_close_up() -> None:
    """NM-MERCY: the agent steps once more with None (its loss, -1/(n-1), with it); the
    others' observations no longer seat it; the rest play on to a zero-sum end."""
    e = _no_mercy(f"R+4.R1/Y+4.G2/{NM_BIG}/G7", 4)
    _act(e, "player_0", e.layout.index("play", card="R+4"))
    _act(e, "player_1", e.layout.index("play", card="Y+4"))
    _act(e, "player_2", e.layout.index("draw"))
    assert e.state.players == ("player_0", "player_1", "player_3")
    obs, reward, terminated, truncated, _ = e.last()
    assert e.agent_selection == "player_2" and terminated and not truncated
    assert reward == pytest.approx(-1 / 3) and not obs["observation"].any()
    assert not obs["action_mask"].any()
    e.step(None)
    assert e.agents == ["player_0", "player_1", "player_3"]
    assert e.agent_selection == "player_3"  # the turn passed on to the next player left
    seen = e.observe("player_3")["observation"]
    assert e.observation_layout.read(seen, "seated").tolist()[:4] == [1, 1, 1, 0]
    assert np.array_equal(seen, e.observation_layout.encode(view(e.state, "player_3")))
    rewards = {"player_2": reward}
    rng = np.random.default_rng(1)
    while e.agents:
        obs, reward, terminated, truncated, _ = e.last()
        rewards[e.agent_selection] = rewards.get(e.agent_selection, 0.0) + reward
        action = (
            None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        e.step(action)
    assert sum(rewards.values()) == pytest.approx(0.0) and max(rewards.values()) == 1.0


def test_NM_MERCY_the_last_agent_left_wins_the_episode() -> None:
    low = load_variant_text('name = "nm-low"\nextends = "no-mercy"\n[mercy]\nlimit = 8\n')
    e = _no_mercy("W+10.R1/G2.G3", 2, variant=low)
    _act(e, "player_0", e.layout.index("play", card="W+10", color="red"))
    _act(e, "player_1", e.layout.index("draw"))
    assert e.state.is_over and all(e.terminations.values())
    totals = {}
    while e.agents:
        _, reward, terminated, _, _ = e.last()
        assert terminated
        totals[e.agent_selection] = reward
        e.step(None)
    assert totals == {"player_0": 1.0, "player_1": -1.0}
