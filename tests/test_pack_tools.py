"""Everything UNO has, the games of a pack of playing cards have (issue 26, DECK-DECLARE): a
seeded log of Crazy Eights, its house set (with the queen of spades' own effects, DECK-CARD)
and Mau-Mau is validated, turned into a table record, replayed as JSON and as an HTML page;
a player's view, the position notation and the JSON form of a state round-trip; ``explain``
names the games' clauses. Every test's name starts with the clause id it proves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ena_rules import legal_events, load_variant, view
from ena_rules.game.position import format_position, parse_position
from ena_rules.game.serialize import state_from_json, to_json
from ena_rules.log.table_writer import to_table_record
from ena_rules.log.validate import validate
from ena_rules.testing import start_round
from ena_rules.testing.logs import random_log
from ena_rules.variant.clauses import explain

GAMES = ["crazy-eights", "crazy-eights-house", "mau-mau"]


@pytest.mark.parametrize("seed", [7, 8])
@pytest.mark.parametrize("name", GAMES)
def test_DECK_DECLARE_a_seeded_log_validates_replays_and_becomes_a_table_record(
    name: str, seed: int, tmp_path: Path
) -> None:
    """DECK-DECLARE: a log of the game (random legal players, no mistakes; a seeded header or
    an explicit deck, by the seed) is consistent; its table record (the deck unknown) too;
    ``replay --html`` steps through it drawing the pack's cards as playing cards."""
    from ena_rules.cli import main

    v = load_variant(name)
    text = random_log(v, seed=seed, events=120, mistakes=0.0, wrong_claims=0.0, bad_lines=0.0)
    lines = text.splitlines()
    assert json.loads(lines[0])["variant"] == name
    assert validate(lines).exit_code == 0
    if '"deck": [' in lines[0]:  # a table record is made from a log with its deck
        record = to_table_record(lines, draws=True)
        assert '"deck": "unknown"' in record[0] and validate(record).exit_code == 0
    log = tmp_path / "game.jsonl"
    log.write_text(text, "utf-8")
    page = tmp_path / "game.html"
    assert main(["replay", str(log), "--html", str(page)]) == 0
    html = page.read_text("utf-8")
    assert "of spades" in html or "of hearts" in html  # playing cards, named as such


@pytest.mark.parametrize("name", GAMES)
def test_DECK_DECLARE_views_positions_and_json_round_trip(name: str) -> None:
    """DECK-DECLARE: at the start of a round of the game, a player's view lists the same moves
    as the state for the player due; the position notation and the JSON form read back to the
    same state."""
    v = load_variant(name)
    s = start_round(v, ["ana", "bor", "cene"], dealer="cene", hands=[[], [], []], turned=["H9"])
    due = s.due
    assert due is not None
    mine = [e for e in legal_events(s) if getattr(e, "player", None) == due]
    assert list(legal_events(view(s, due).state)) == mine
    assert parse_position(format_position(s), v) == s
    assert state_from_json(json.loads(json.dumps(to_json(s)))) == s


@pytest.mark.parametrize("cid", ["C8-WILD", "C8-QUEEN", "DECK-CARD", "MAU-JACK-ON-JACK"])
def test_DECK_CARD_explain_names_the_games_clauses(cid: str) -> None:
    """DECK-CARD, C8-QUEEN, C8-WILD, MAU-JACK-ON-JACK: ``explain`` gives each clause's title, source
    and the keys that apply it, with the shipped variants' values."""
    text = explain(cid)
    assert text.startswith(f"{cid}: ") and "keys that apply it:" in text


def test_MAU_FIRST_a_jack_turned_up_waits_for_the_dealers_suit() -> None:
    """MAU-FIRST: a jack turned up leaves the suit to be named by the dealer: no suit is in
    force until then (so the position reads back), and the suit named is the one in force."""
    from ena_rules import ChooseColor, apply

    v = load_variant("mau-mau")
    s = start_round(v, ["ana", "bor"], dealer="ana", hands=[[], []], turned=["HJ"])
    assert (s.phase, s.color) == ("color", None)
    assert parse_position(format_position(s), v) == s
    out = apply(s, ChooseColor("ana", "spades"))
    assert (out.outcome, out.state.color, out.state.due) == ("accepted", "S", "bor")


def test_MAU_EIGHT_explain_names_the_rank_keys_that_cite_it() -> None:
    """MAU-EIGHT, C8-HOUSE: a clause a rank's effects apply (no schema key of its own) is
    explained with the keys of the shipped variants that cite it, not as applied always."""
    text = explain("MAU-EIGHT")
    assert "  cited by the shipped variants:\n    ranks.8.effects (mau-mau)" in text
    assert "no variant key" not in text
    assert "    ranks.J.effects (crazy-eights-house)" in explain("C8-HOUSE")
