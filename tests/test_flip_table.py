"""UNO Flip's Wild Draw Color in table records (docs/table-records.md).

FLIP2-WDC: the Wild Draw Color's victim owes a draw until a card of the colour named comes, and
may challenge it (the guilty player then draws to the colour instead). On unseen cards the draw
stops at its first card nobody saw: a challenge's ``cards`` (the drawer's notes) or a
``claim_drawn`` after the line say how many came.
"""

from __future__ import annotations

import json

from ena_rules import load_variant
from ena_rules.log.table_writer import to_table_record
from ena_rules.log.validate import validate
from ena_rules.testing import matrix
from ena_rules.testing.table import full_game


def _results(lines: list[str]) -> dict[int, object]:
    return {r.line: r for r in validate(lines).results}


def test_FLIP2_WDC_a_challenge_notes_the_cards_its_outcome_drew() -> None:
    """The challenge of line 9 succeeds and the guilty ana draws 5 to orange: noted on the
    challenge line, the table record draws them as the full log does; one card left out of
    the notes is a draw the rules do not make (before, ``cards`` was refused on a challenge,
    and without it the table drew 1 and later found a card the hand could not hold)."""
    full = full_game(load_variant("flip"), seed=3, events=150)
    table = to_table_record(full, draws=True)
    record = json.loads(table[8])
    assert record["type"] == "challenge" and len(record["cards"]) == 5
    a, b = validate(full), validate(table)
    assert (a.exit_code, b.exit_code) == (0, 0), b.findings[:1]
    assert b.results[8].drawn == a.results[8].drawn == (("ana", 5),)
    record["cards"] = record["cards"][:-1]
    wrong = validate([*table[:8], json.dumps(record), *table[9:]])
    assert wrong.exit_code == 1
    assert "the record lists 4 cards drawn; by the rules ana draws 5" in wrong.results[8].message


def test_FLIP2_WDC_a_claim_drawn_after_the_owed_draw_to_a_colour_says_how_many_came() -> None:
    """cene draws the Wild Draw Color's owed draw (line 36) and the table counts 11: the draw
    of unseen cards stopped at its first one, the claim says the rest came (before: "by the
    rules cene drew 1"); after a decided challenge (line 53) the guilty player's 6 likewise."""
    full = matrix.recorded_round(load_variant("flip"), 1).splitlines()
    table = to_table_record(full)
    assert json.loads(table[36]) == {"type": "claim_drawn", "player": "cene", "count": 11}
    report = validate(table)
    assert report.verdict_word.lower() == "consistent", report.findings[:1]
    assert report.results[36].agrees is True
    assert report.results[53].agrees is True, report.results[53].text()
