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
from ena_rules.variant.io import shipped_variants

ELIMINATION = load_variant_text(
    'name = "elim"\nextends = "official"\n[scoring]\nelimination = "most_cards"\n',
    source="elim.toml",
)


def test_HR_ELIMINATION_the_final_state_is_a_position_and_json() -> None:
    """D-ELIMINATION-FINAL: the last player left wins, and the final state (one seat) is
    written as a position and read back, and goes through JSON; before, "1 players: variant
    allows 2 to 10"."""
    _, final = matrix.play_game(ELIMINATION, 0, check=False)
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


# -- table records that hold for every variant (issue 25, point 4) ------------------------------


def _word(lines: list[str]) -> str:
    from ena_rules.log.validate import validate

    return validate(lines).verdict_word.lower()


def test_CHAL_GUILTY_table_a_claim_drawn_fitting_the_guilty_outcome_agrees() -> None:
    """docs/table-records.md: an undetermined challenge (no hand shown) bounds what follows: a
    claim_drawn that fits its guilty outcome is consistent (and decides it), one that fits no
    outcome is not; before, "ana drew 4" was "by the rules ana drew 0"."""
    from ena_rules import load_variant
    from ena_rules.log.table_writer import to_table_record

    full = matrix.recorded_round(load_variant("official"), 2).splitlines()
    table = to_table_record(full)
    after = [
        i
        for i, line in enumerate(table)
        if '"claim_drawn"' in line and '"challenge"' in table[i - 1]
    ]
    assert after, "the round has a challenge followed by its claim"
    assert _word(table) == "consistent"
    i = after[0]
    record = json.loads(table[i])
    record["count"] = 5  # neither the guilty 4 nor the innocent 6
    wrong = [*table[:i], json.dumps(record), *table[i + 1 :]]
    assert _word(wrong) == "inconsistent"


@pytest.mark.parametrize("name", sorted(shipped_variants()))
def test_table_records_a_consistent_round_stays_consistent_as_a_table_record(name: str) -> None:
    """docs/table-records.md: every rule the visible facts decide is judged, what unknown cards
    decide is undetermined, never a contradiction: a consistent full record of every shipped
    variant, made a table record with and without its drawn cards, stays consistent (a seeded
    sample; the matrix command runs 25 rounds of each)."""
    from ena_rules import load_variant

    problems = matrix.table_record_check(load_variant(name), 1 + len(name))
    assert problems == []


@pytest.mark.parametrize("preset", matrix.PRESETS)
def test_matrix_every_preset_plays_seeded_games_with_the_invariants(preset: str) -> None:
    """The preset check's CI share: a few seeded games of each shipped game (every preset,
    the family's games included) to their end, every invariant after every event (the matrix
    command plays 1,000 of each)."""
    f = matrix.Figures()
    costs = matrix.preset_check(2, 7, f, presets=[preset])
    assert f.failures == [] and f.games == 2
    assert costs[preset]["games"] == 2 and costs[preset]["events"] == f.events > 0


def test_matrix_the_preset_check_splits_its_games_over_shards() -> None:
    """``--shard K/N`` plays the K-th share of each preset's games (before, every shard played
    them all with other seeds): two shards play together exactly the games of one run."""
    whole = matrix.preset_check(3, 11, matrix.Figures(), presets=["mau-mau"])["mau-mau"]
    parts = [
        matrix.preset_check(3, 11, matrix.Figures(), presets=["mau-mau"], shard=(k, 2))["mau-mau"]
        for k in (0, 1)
    ]
    assert [p["games"] for p in parts] == [2, 1]
    assert sum(p["events"] for p in parts) == whole["events"] and whole["games"] == 3


def test_matrix_the_table_records_split_their_variants_over_shards() -> None:
    """``--shard K/N`` checks the table records of the K-th share of the shipped variants
    (before, every shard checked them all with other seeds)."""
    counts = []
    for k in (0, 1):
        f = matrix.Figures()
        matrix.table_records(0, 1, f, shard=(k, 2))
        counts.append(f.combinations)
    assert sum(counts) == len(shipped_variants()) and abs(counts[0] - counts[1]) <= 1


def test_matrix_the_preset_check_covers_every_shipped_game() -> None:
    """Issue 25 point 3: the preset check plays every shipped variant but the deck
    declarations (a pack with no rules beyond it), the family's games included; a new shipped
    file is in it as it comes."""
    shipped = set(shipped_variants())
    assert set(matrix.DECKS_ONLY) <= shipped
    assert set(matrix.PRESETS) == shipped - set(matrix.DECKS_ONLY)
    for name in ("party", "crazy", "crazy-eights", "crazy-eights-house", "mau-mau", "flip"):
        assert name in matrix.PRESETS
    assert {n for n in matrix.PRESETS if n.startswith("no-mercy")} == {
        n for n in shipped if n.startswith("no-mercy")
    }


def test_HR_TEAMS_the_model_scores_a_doubled_team_round() -> None:
    """The matrix's first finding in the model: teams with a doubled score (D-TEAMS-SCORE,
    D-DOUBLE-SCORE-OWN-HAND) score both partners doubled; the model doubled the winner only."""
    text = matrix.pair_variant_text(
        "official",
        [
            matrix.Setting("players.teams", '"opposite"', ("players.min = 4",)),
            matrix.Setting("scoring.winner_factor", "2"),
        ],
    )
    variant = load_variant_text(text, source="teams.toml")
    events, final = matrix.play_game(variant, 2684, players=4)
    assert final.phase == "over" and events > 0
