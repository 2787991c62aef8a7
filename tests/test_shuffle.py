"""Tests for ena_rules.cards.shuffle against specs/shuffle_vectors.toml and properties."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ena_rules.cards.shuffle import MASK64, derive_seed, shuffled, splitmix64

VECTORS_PATH = Path(__file__).parent.parent / "specs" / "shuffle_vectors.toml"
VECTORS: dict[str, Any] = tomllib.loads(VECTORS_PATH.read_text(encoding="utf-8"))


def _u64(text: str) -> int:
    value = int(text, 16)
    assert 0 <= value <= MASK64
    return value


def _ids(key: str) -> list[str]:
    return [f"{key}-{k}" for k in range(len(VECTORS[key]))]


def test_vector_file_has_expected_sections() -> None:
    assert len(VECTORS["splitmix64"]) >= 2
    assert len(VECTORS["derive_seed"]) >= 3
    assert {v["n"] for v in VECTORS["shuffle"]} >= {10, 108}
    seeds = {_u64(v["seed"]) for v in VECTORS["shuffle"]}
    assert seeds >= {0, 1, 7, 42, 2**63, 2**64 - 1}


@pytest.mark.parametrize("vector", VECTORS["splitmix64"], ids=_ids("splitmix64"))
def test_splitmix64_vectors(vector: dict[str, Any]) -> None:
    state = _u64(vector["start_state"])
    for expected_state, expected_output in zip(vector["states"], vector["outputs"], strict=True):
        state, output = splitmix64(state)
        assert state == _u64(expected_state)
        assert output == _u64(expected_output)


@pytest.mark.parametrize("vector", VECTORS["derive_seed"], ids=_ids("derive_seed"))
def test_derive_seed_vectors(vector: dict[str, Any]) -> None:
    assert derive_seed(_u64(vector["seed"]), *vector["path"]) == _u64(vector["result"])


@pytest.mark.parametrize("vector", VECTORS["shuffle"], ids=_ids("shuffle"))
def test_shuffle_vectors(vector: dict[str, Any]) -> None:
    n = vector["n"]
    expected = tuple(vector["permutation"])
    assert len(expected) == n
    assert shuffled(range(n), _u64(vector["seed"])) == expected
    # Works for arbitrary items: the permutation is applied to the canonical order.
    cards = [f"card{k}" for k in range(n)]
    assert shuffled(cards, _u64(vector["seed"])) == tuple(cards[k] for k in expected)


def test_splitmix64_reduces_state() -> None:
    assert splitmix64(-1) == splitmix64(MASK64)
    assert splitmix64(2**64 + 7) == splitmix64(7)


def test_derive_seed_empty_path_and_hierarchy() -> None:
    assert derive_seed(7) == 7
    assert derive_seed(-1) == MASK64
    assert derive_seed(7, 1, 2) == derive_seed(derive_seed(7, 1), 2)
    assert derive_seed(7, -1) == derive_seed(7, MASK64)
    assert derive_seed(7, 1) == splitmix64(7 ^ 1)[1]


def test_negative_and_large_seeds_are_reduced_mod_2_64() -> None:
    items = list(range(20))
    assert shuffled(items, -1) == shuffled(items, MASK64)
    assert shuffled(items, 2**64 + 42) == shuffled(items, 42)
    assert shuffled(items, -(2**64) + 7) == shuffled(items, 7)


def test_empty_and_single_element() -> None:
    assert shuffled([], 7) == ()
    assert shuffled(["only"], 7) == ("only",)
    assert shuffled((), -5) == ()


def test_input_not_modified() -> None:
    items = [3, 1, 2, 5, 4]
    shuffled(items, 99)
    assert items == [3, 1, 2, 5, 4]


def test_different_seeds_usually_differ() -> None:
    deck = list(range(108))
    orders = {shuffled(deck, seed) for seed in range(200)}
    assert len(orders) == 200


def test_round_and_reshuffle_seeds_are_distinct() -> None:
    seeds = {derive_seed(7, r) for r in range(10)}
    seeds |= {derive_seed(7, r, k + 1) for r in range(10) for k in range(10)}
    assert len(seeds) == 110


@given(
    items=st.lists(st.integers(), max_size=60),
    seed=st.integers(min_value=-(2**70), max_value=2**70),
)
def test_shuffled_is_a_deterministic_permutation(items: list[int], seed: int) -> None:
    result = shuffled(items, seed)
    assert isinstance(result, tuple)
    assert sorted(result) == sorted(items)
    assert shuffled(items, seed) == result
    assert shuffled(items, seed & MASK64) == result


@given(n=st.integers(min_value=0, max_value=200), seed=st.integers(0, MASK64))
def test_shuffled_range_is_a_permutation(n: int, seed: int) -> None:
    assert sorted(shuffled(range(n), seed)) == list(range(n))


def _by_definition(items: list[int], seed: int) -> tuple[int, ...]:
    """The shuffle as docs/shuffle.md defines it, one splitmix64 step at a time."""
    result = list(items)
    state = seed & MASK64
    for i in range(len(result) - 1, 0, -1):
        bound = i + 1
        limit = 2**64 - (2**64 % bound)
        while True:
            state, x = splitmix64(state)
            if x < limit:
                break
        j = x % bound
        result[i], result[j] = result[j], result[i]
    return tuple(result)


@given(n=st.integers(min_value=0, max_value=120), seed=st.integers(0, MASK64))
def test_shuffled_follows_the_definition_step_by_step(n: int, seed: int) -> None:
    """The shuffle's own loop (splitmix64 inline) draws exactly what the definition draws."""
    assert shuffled(range(n), seed) == _by_definition(list(range(n)), seed)


def _unxorshift(z: int, k: int) -> int:
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x


def _state_giving(output: int) -> int:
    """The splitmix64 state (after its step) whose output is ``output`` (the mix inverts)."""
    z = _unxorshift(output, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) & MASK64
    z = _unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & MASK64
    return _unxorshift(z, 30)


def test_a_draw_at_the_limit_is_rejected_and_the_next_one_used() -> None:
    """Three items: the first bound is 3, the limit 2**64 - 1; a seed whose first draw is
    2**64 - 1 must skip it (rejection sampling), as the definition does."""
    seed = (_state_giving(MASK64) - 0x9E3779B97F4A7C15) & MASK64
    assert splitmix64(seed)[1] == MASK64  # the first draw is the one rejected
    assert shuffled(range(3), seed) == _by_definition([0, 1, 2], seed)
    state = splitmix64(seed)[0]
    x = splitmix64(state)[1]  # the draw used instead
    assert shuffled(range(3), seed)[2] == x % 3


def test_a_rejected_draw_after_the_first_is_skipped_as_the_definition_skips_it() -> None:
    """Four items: steps draw with bounds 4, 3, 2; the second draw (bound 3, limit 2**64 - 1)
    is 2**64 - 1 for this seed, so it is rejected and the third draw used in its place."""
    seed = (_state_giving(MASK64) - 2 * 0x9E3779B97F4A7C15) & MASK64
    state = splitmix64(seed)[0]
    assert splitmix64(state)[1] == MASK64  # the second draw
    assert shuffled(range(4), seed) == _by_definition([0, 1, 2, 3], seed)
    assert shuffled(range(4), seed) != _by_definition([0, 1, 2, 3], seed ^ 1)


@pytest.mark.parametrize("n", [1023, 1024, 1025, 1026, 3000])
def test_long_shuffles_follow_the_definition_too(n: int) -> None:
    """Up to 1,025 items the draws are computed together, beyond that one step at a time:
    both give the definition's order."""
    assert shuffled(range(n), 99) == _by_definition(list(range(n)), 99)
