"""House rules of the table (issue 14): the project's clauses HR-* and the ``party`` preset.

Every test's name starts with the clause id it proves (specs/clauses.toml, the block of the
project's own clauses); the scenarios of specs/house_table.toml replay the same rules as data.
"""

from __future__ import annotations

import pytest

from ena_rules import (
    CallUno,
    Draw,
    GameState,
    Play,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
)
from ena_rules.simulation import simulate
from ena_rules.testing import start_round
from ena_rules.testing.explore import explore, tiny_variant_text
from ena_rules.variant import Variant


def house(base: str, fragment: str, name: str = "house") -> Variant:
    """``base`` with a TOML fragment of house-rule keys on top."""
    return load_variant_text(f'name = "{name}"\nextends = "{base}"\n{fragment}', source=name)


# -- HR-DOUBLE-SCORE ------------------------------------------------------------------------


@pytest.mark.parametrize("factor", [1, 2, 3])
def test_HR_DOUBLE_SCORE_winner_collects_times_the_factor(factor: int) -> None:
    """HR-DOUBLE-SCORE: the winner collecting the others' hands scores them times the factor."""
    v = house("official", f"[deal]\nhand_size = 1\n[scoring]\nwinner_factor = {factor}")
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="cene", hands=[["G5"], ["B9"], ["YS"]], turned="G3"
    )
    verdict = apply(s, Play("ana", "G5"))
    assert verdict.accepted
    assert verdict.state.scores == (29 * factor, 0, 0)
    cited = "HR-DOUBLE-SCORE" in {n.clause for n in verdict.notes}
    assert cited == (factor != 1)


def test_HR_DOUBLE_SCORE_own_hand_multiplies_the_others() -> None:
    """HR-DOUBLE-SCORE: under own_hand scoring (the winner scores 0) the others' points double."""
    v = house("ena", "[deal]\nhand_size = 1\n[scoring]\nwinner_factor = 2")
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="cene", hands=[["G5"], ["B9"], ["YS"]], turned="G3"
    )
    assert apply(s, Play("ana", "G5")).state.scores == (0, 18, 40)


def test_HR_DOUBLE_SCORE_rounds_won_counts_double() -> None:
    """HR-DOUBLE-SCORE: with a point per round won, the round's winner gets the factor."""
    v = house(
        "official",
        '[deal]\nhand_size = 1\n[scoring]\nmode = "rounds_won"\nwinner_factor = 2\ntarget = 5',
    )
    s = start_round(v, ["ana", "bor"], dealer="bor", hands=[["G5"], ["B9"]], turned="G3")
    assert apply(s, Play("ana", "G5")).state.scores == (2, 0)


def test_HR_DOUBLE_SCORE_off_in_every_shipped_base() -> None:
    """HR-DOUBLE-SCORE: the key is 1 (off) in official and ena, so they score as before."""
    assert load_variant("official").scoring.winner_factor == 1
    assert load_variant("ena").scoring.winner_factor == 1


# -- the party preset ------------------------------------------------------------------------


def test_party_preset_is_official_with_the_party_rules() -> None:
    """The party preset: stack +2 and +4, zero-rotate, seven-swap, jump-in, draw until playable."""
    v = load_variant("party")
    official = load_variant("official")
    assert dict(v.stacking.answer) == {"+2": ("+2",), "W+4": ("W+4",)}
    assert [e.op for e in v.rank("7").effects] == ["swap_hands"]
    assert [e.op for e in v.rank("0").effects] == ["rotate_hands"]
    assert v.overtake.enabled and v.turn.draw == "until_playable"
    assert v.deck == official.deck and v.scoring == official.scoring
    assert v.challenge == official.challenge and v.penalties == official.penalties


def test_party_preset_stacks_and_draws_until_playable() -> None:
    """The party preset plays: a +2 is answered with a +2, the third player draws all four."""
    s = start_round(
        load_variant("party"),
        ["ana", "bor", "cene"],
        dealer="cene",
        hands=[["G+2"], ["B+2"]],
        turned="G5",
    )
    s = apply(s, Play("ana", "G+2")).state
    s = apply(s, Play("bor", "B+2")).state
    verdict = apply(s, Draw("cene"))
    assert verdict.accepted and dict(verdict.drawn) == {"cene": 4}


def test_party_preset_simulates_100_games() -> None:
    """The party preset: 100 simulated games of 4 random legal players all finish."""
    stats = simulate(load_variant("party"), players=4, games=100, seed=14)
    assert stats.finished == 100


def test_party_preset_exhaustive_on_a_small_deck() -> None:
    """The party preset on a reduced deck (0, 7, +2 and the wilds): every reachable state of a
    round keeps every invariant and every candidate event is judged right."""
    text = tiny_variant_text("party", numbers=["0", "7"], actions=["+2"], hand_size=1)
    result = explore(
        load_variant_text(text, source="tiny party"),
        ["ana", "bor", "cene"],
        seeds=range(2),
        max_shuffles=0,
    )
    assert result.states > 10 and result.round_ends > 0


# -- HR-SILENT-UNO, HR-UNO-COUNT -------------------------------------------------------------


def _one_card_left(v: Variant) -> GameState:
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="cene", hands=[["G5", "G6"], ["B9", "B8"]], turned="G3"
    )
    return apply(s, Play("ana", "G5")).state


@pytest.mark.parametrize("base", ["official", "ena"])
def test_HR_SILENT_UNO_nobody_is_catchable_and_calls_are_refused(base: str) -> None:
    """HR-SILENT-UNO: down to one card nobody is catchable; a call and a catch are rejected."""
    v = house(base, '[deal]\nhand_size = 2\n[uno]\ncalls = "none"')
    s = _one_card_left(v)
    assert s.uno_exposed == ()
    assert not any(isinstance(e, CallUno) for e in legal_events(s))
    for event in (CallUno("bor", "ana"), CallUno("ana"), CallUno("cene", "bor")):
        verdict = apply(s, event)
        assert verdict.rejected and verdict.clause == "HR-SILENT-UNO", str(verdict)
        assert verdict.key == "uno.calls"


def test_HR_SILENT_UNO_after_a_seven_zero_hand_change() -> None:
    """HR-SILENT-UNO: a hand left at one card by a swap is not catchable even with must_call."""
    v = house(
        "seven-zero",
        '[deal]\nhand_size = 2\n[uno]\ncalls = "none"\nafter_hand_change = "must_call"',
    )
    s = start_round(
        v, ["ana", "bor"], dealer="bor", hands=[["G6", "Y2"], ["G7", "B9"]], turned="G3"
    )
    s = apply(s, Play("ana", "G6")).state
    verdict = apply(s, Play("bor", "G7", target="ana"))
    assert verdict.accepted and [len(h) for h in verdict.state.hands] == [1, 1]
    assert verdict.state.uno_exposed == ()


def test_HR_SILENT_UNO_off_by_default() -> None:
    """HR-SILENT-UNO: calls are required in every shipped variant (the key's default)."""
    assert {load_variant(n).uno.calls for n in ("official", "ena", "party")} == {"required"}
    assert _one_card_left(house("official", "[deal]\nhand_size = 2")).uno_exposed == (0,)


@pytest.mark.parametrize("count", [2, 4, 6])
def test_HR_UNO_COUNT_a_caught_player_draws_the_count(count: int) -> None:
    """HR-UNO-COUNT: a player caught not calling UNO draws ``uno.catch_penalty`` (2, 4, 6)."""
    v = house("official", f"[deal]\nhand_size = 2\n[uno]\ncatch_penalty = {count}")
    s = _one_card_left(v)
    verdict = apply(s, CallUno("bor", "ana"))
    assert verdict.accepted and dict(verdict.drawn) == {"ana": count}
    assert len(verdict.state.hands[0]) == 1 + count
