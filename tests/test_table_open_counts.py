"""Draws whose count the unseen cards decide, with nothing noted (D-TABLE-DRAW-UNTIL).

A draw until playable (HOUSE-DRAW-UNTIL) or to a colour (DRAW-COLOR, FLIP2-WDC) from cards
nobody saw, with no ``cards`` and no ``claim_drawn``: the line is undetermined and the hand's
count is open. Each game below is a consistent full log whose table record (drawn cards left
out) was found inconsistent before: read with the count open, it is consistent, and every
ruling it decides is the full log's.
"""

from __future__ import annotations

from ena_rules import load_variant
from ena_rules.log.table_writer import to_table_record
from ena_rules.log.validate import validate
from ena_rules.testing.table import full_game


def _decided_as_the_full_log(variant: str, seed: int) -> int:
    """The table record of a full game is consistent and rules as the full log wherever it
    decides; the number of lines it leaves undetermined."""
    full = full_game(load_variant(variant), seed=seed, events=150)
    a, b = validate(full), validate(to_table_record(full))
    assert (a.exit_code, b.exit_code) == (0, 0), b.findings[:1]
    for ra, rb in zip(a.results, b.results, strict=True):
        if rb.outcome != "undetermined" and ra.kind == "event":
            decided = (rb.outcome, rb.clause, rb.key, rb.drawn, rb.skipped)
            assert decided == (ra.outcome, ra.clause, ra.key, ra.drawn, ra.skipped), rb.text()
    return b.undetermined


def test_HOUSE_DRAW_UNTIL_a_hand_whose_count_is_open_does_not_go_out_too_early() -> None:
    """crazy, seed 2: ana's draw until playable took 3 cards nobody counted; before, the table
    read 1, and ana "played their last card" at line 30 while the full game went on."""
    assert _decided_as_the_full_log("crazy", 2) > 0


def test_TURN_RESHUFFLE_open_counts_may_have_emptied_the_pile_and_recycled_a_card_in_sight() -> (
    None
):
    """draw-until, seed 0: the open draws emptied the draw pile sooner than the counts shown,
    and the reshuffle recycled a B2 the table saw; before, "ana cannot hold B2: all 2 of the
    deck's B2 are in sight" at line 139."""
    assert _decided_as_the_full_log("draw-until", 0) > 0


def test_NM_MERCY_an_open_count_may_reach_the_mercy_limit() -> None:
    """no-mercy, seed 0: ana's open hand took the pending +6 to 30 cards and left the game;
    before, the table kept ana in it and found bor's play at line 76 out of turn."""
    assert _decided_as_the_full_log("no-mercy", 0) > 0


def test_FLIP2_WDC_without_notes_the_draw_to_a_colour_leaves_the_count_open() -> None:
    """flip, seed 3: the guilty player's draw to orange on the challenge of line 9 took 5
    cards nobody noted; before, the table read 1 and ana "did not hold" P9|BS at line 35."""
    assert _decided_as_the_full_log("flip", 3) > 0
