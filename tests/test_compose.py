"""Issue 25: house rules that compose. The findings of the two outside checks, each with its
clause, and a seeded sample of the interaction matrix (ena_rules.testing.matrix; the whole
matrix is `python -m ena_rules.testing.matrix`, docs/verification.md section 7)."""

from __future__ import annotations

import json

import pytest

from ena_rules import load_variant_text
from ena_rules.game.convert import structure_state, unstructure_state
from ena_rules.game.position import format_position, parse_position
from ena_rules.testing import matrix
from ena_rules.testing.invariants import check_conservation

ELIMINATION = load_variant_text(
    'name = "elim"\nextends = "official"\n[scoring]\nelimination = "most_cards"\n',
    source="elim.toml",
)


def test_HR_ELIMINATION_the_final_state_is_a_position_and_json() -> None:
    """D-ELIMINATION-FINAL: the last player left wins, and the final state (one seat) is
    written as a position and read back, and goes through JSON; before, "1 players: variant
    allows 2 to 10"."""
    events, final = matrix.play_game(ELIMINATION, 0, check=False)
    assert final.phase == "over" and len(final.players) == 1 and final.winner == 0
    assert parse_position(format_position(final), ELIMINATION) == final
    data = json.loads(json.dumps(unstructure_state(final)))
    assert structure_state(data, ELIMINATION) == final


def test_HR_ELIMINATION_a_leaving_hand_stays_in_the_deck() -> None:
    """D-ELIMINATION-FINAL: the cards of a player who leaves go under the discard pile, so
    every state holds the whole deck (card conservation); before, they vanished."""
    _, final = matrix.play_game(ELIMINATION, 1, check=False)
    check_conservation(final)


@pytest.mark.parametrize("base", matrix.BASES)
def test_matrix_a_seeded_sample_of_pairs_plays_to_the_end(base: str) -> None:
    """A seeded sample of the matrix's pairs (CI): each loads or is refused naming a key, and
    plays to its end with every invariant after every event."""
    f = matrix.Figures()
    for i, pair in enumerate(matrix.sample_pairs(6, seed=25 + len(base))):
        matrix.combination(base, list(pair), 1, 2500 + i, f)
    assert f.failures == [] and f.games + f.refused == f.combinations


def test_matrix_a_refusal_names_the_contradiction() -> None:
    """Bomb without several cards at once: refused, the error naming both keys."""
    variant, problem = matrix._load("official", [matrix.Setting("play.bomb", "3")])
    assert variant is None and problem is None
