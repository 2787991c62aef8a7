"""The validator on table records (issue 13 point 2, "Bad input"): a game whose deck order
nobody knows, judged from what the table saw. Each test is named for the rule it proves."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ena_rules.log.validate import validate
from ena_rules.testing.rules import derived


def _record(*lines: dict[str, Any], variant: str = "official", **header: Any) -> list[str]:
    head = {
        "ena_log": 1,
        "variant": variant,
        "players": ["ana", "bor", "cene"],
        "dealer": "ana",
        "deck": "unknown",
        "turned": ["R5"],
        **header,
    }
    return [json.dumps({k: v for k, v in head.items() if v is not None})] + [
        json.dumps(x) for x in lines
    ]


def _play(p: str, card: str, **kw: Any) -> dict[str, Any]:
    return {"type": "play", "player": p, "card": card, **kw}


def _draw(p: str, cards: list[str] | None = None) -> dict[str, Any]:
    return {"type": "draw", "player": p, **({"cards": cards} if cards is not None else {})}


def _finding(lines: list[str]) -> tuple[int, str]:
    report = validate(lines)
    found = report.findings[0]
    return found.line, found.message + " " + found.rules


# -- bad input: unusable, exit 2, with line and reason ----------------------------------------


@pytest.mark.parametrize(
    ("header", "words"),
    [
        ({"dealer": None}, 'names its "dealer"'),
        ({"turned": None}, '"turned"'),
        ({"seed": 7}, "has no seed"),
        ({"turned": ["WS"]}, "'WS': no such card in the official deck @ $.turned[0]"),
        ({"turned": []}, '"turned"'),
    ],
)
def test_table_header_unusable(header: dict[str, Any], words: str) -> None:
    """A table-record header without a dealer or `turned`, with a seed, or turning a card the
    deck lacks is unusable (exit 2) at line 1."""
    report = validate(_record(**header))
    assert report.exit_code == 2
    assert report.findings[0].line == 1 and words in report.findings[0].message


def test_table_turned_without_unknown_deck_unusable() -> None:
    """`turned` belongs to a table record only."""
    lines = [
        json.dumps(
            {
                "ena_log": 1,
                "variant": "official",
                "players": ["a", "b"],
                "seed": 3,
                "turned": ["R5"],
            }
        )
    ]
    report = validate(lines)
    assert (
        report.exit_code == 2 and "'turned' belongs to a table record" in report.findings[0].message
    )


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (_play("bor", "R7", shown=["R1"]), "'shown' belongs on a challenge line"),
        ({"type": "claim_round", "round": 1, "hands": {"eve": ["R1"]}}, "'eve' is not a player"),
        (_draw("bor", ["X1"]), "$.cards[0]"),
        (_draw("bor", ["WS"]), "'WS': no such card in the official deck @ $.cards[0]"),
        ({"type": "round", "deck": ["R1"]}, "carries 'turned'"),
        ({"type": "challenge", "player": "bor", "shown": "R1"}, "a list of card codes"),
    ],
)
def test_table_line_unusable(line: dict[str, Any], words: str) -> None:
    """`shown` off a challenge, `hands` naming a stranger, a `cards` card the deck lacks, a
    round line without `turned`: unusable (exit 2) with the line and the reason."""
    report = validate(_record(line))
    assert report.exit_code == 2
    assert report.findings[0].line == 2 and words in report.findings[0].message


# -- consistent records, undetermined points -----------------------------------------------------


def test_table_consistent_record_counts_undetermined_points() -> None:
    """Judging goes on along the record; the undetermined challenge is listed and counted."""
    lines = _record(
        _play("bor", "R7"),
        _draw("cene", ["G2"]),
        _play("ana", "W+4", color="blue"),
        {"type": "challenge", "player": "bor"},
        _play("bor", "B3"),
    )
    report = validate(lines)
    assert report.exit_code == 0, report.findings
    assert report.undetermined == 1 and report.summary()["undetermined"] == 1
    assert [r.line for r in report.results if r.outcome == "undetermined"] == [5]


def test_table_undetermined_point_bounds_what_follows() -> None:
    """CHAL-GUILTY vs CHAL-INNOCENT: after an undetermined challenge, a line fitting neither
    reading is inconsistent (cene may not play: bor or, after 6 cards, cene... ana is not)."""
    lines = _record(
        _play("bor", "R7"),
        _draw("cene"),
        _play("ana", "W+4", color="blue"),
        {"type": "challenge", "player": "bor"},
        _play("ana", "B3"),
    )
    line, words = _finding(lines)
    assert line == 6 and "out of turn" in words


def test_table_challenge_shown_hand_decides() -> None:
    """CHAL-SHOW: the shown hand (whole) decides the challenge as with a full record."""
    shown = ["R1", "G2", "G3", "G4", "G5", "G6"]
    lines = _record(
        _play("bor", "R7"),
        _draw("cene"),
        _play("ana", "W+4", color="blue"),
        {"type": "challenge", "player": "bor", "shown": shown},
    )
    report = validate(lines)
    assert report.exit_code == 0 and report.undetermined == 0
    assert report.results[-1].clause == "CHAL-GUILTY"


def test_table_challenge_shown_hand_of_wrong_size_is_impossible() -> None:
    """CHAL-SHOW: a shown hand must be the whole hand (its size is known)."""
    lines = _record(
        _play("bor", "R7"),
        _draw("cene"),
        _play("ana", "W+4", color="blue"),
        {"type": "challenge", "player": "bor", "shown": ["R1"]},
    )
    line, words = _finding(lines)
    assert line == 5 and "ana holds 6 cards, but 1 are shown" in words


# -- impossibilities: exit 1, naming the line -----------------------------------------------------


def test_table_third_copy_in_sight_is_impossible() -> None:
    """DECK-108: a third R9 on the discard pile before any reshuffle cannot be."""
    lines = _record(
        _play("bor", "R9"),
        _play("cene", "R9"),
        _play("ana", "R9"),
        turned=["R1"],
    )
    line, words = _finding(lines)
    assert line == 4 and "ana cannot hold R9: all 2 of the deck's R9 are in sight" in words


def test_table_known_cards_rule_out_a_play() -> None:
    """A drawn card recorded as known makes the copies in sight count."""
    lines = _record(_draw("bor", ["R9"]), _draw("cene", ["R9"]), _play("ana", "R9"), turned=["G5"])
    line, words = _finding(lines)
    assert line == 4 and "all 2 of the deck's R9 are in sight" in words


def test_table_draw_of_more_cards_than_the_rules_give() -> None:
    """TURN-DRAW: a draw line listing more cards than the rules draw is inconsistent."""
    line, words = _finding(_record(_draw("bor", ["G1", "G2"])))
    assert line == 2 and "lists 2 cards drawn; by the rules bor draws 1" in words


def test_table_known_drawn_card_must_be_the_one_played() -> None:
    """TURN-DRAW (turn.play_drawn): a known drawn card is the only card that may follow it;
    another card is judged as with a full record (here: a wrong card, PEN-WRONG-OFF)."""
    report = validate(_record(_draw("bor", ["R3"]), _play("bor", "R4")))
    assert report.results[-1].outcome == "penalised"
    assert report.results[-1].key == "penalties.wrong_card"
    assert "only the drawn card (R3) may be played" in report.results[-1].message


def test_table_unknown_drawn_card_played() -> None:
    """TURN-DRAW: an unknown drawn card played at once is the drawn card."""
    report = validate(_record(_draw("bor"), _play("bor", "R4"), _play("cene", "R8")))
    assert report.exit_code == 0 and report.rejected == 0


def _short_round(claim: dict[str, Any]) -> list[str]:
    """Two players, two cards each (``derived("official", 2)``): bor goes out at line 5."""
    return _record(
        _play("bor", "R7"),
        {"type": "call_uno", "player": "bor"},
        _play("ana", "R8"),
        _play("bor", "R1"),
        {"type": "claim_round", "round": 1, "winner": "bor", **claim},
        players=["ana", "bor"],
    )


SHORT = derived("official", 2)


def test_table_revealed_hands_prove_a_score_wrong() -> None:
    """SCORE-VALUES, SCORE-OFF: the hands revealed at the end decide the points exactly."""
    report = validate(
        _short_round({"points": {"bor": 60}, "hands": {"ana": ["B9"]}}), variant=SHORT
    )
    assert report.exit_code == 1 and report.disagreements == 1
    assert "bor's points are 9, not 60" in report.findings[0].rules
    ok = validate(_short_round({"points": {"bor": 50}, "hands": {"ana": ["W"]}}), variant=SHORT)
    assert ok.exit_code == 0 and ok.undetermined == 0


def test_table_revealed_hand_of_wrong_size_is_impossible() -> None:
    """A revealed hand must have the size the record gives it (ana holds 1 card)."""
    report = validate(_short_round({"hands": {"ana": ["B9", "B8"]}}), variant=SHORT)
    assert report.exit_code == 1
    assert "ana holds 1 card at the round's end, but 2 are listed" in report.findings[0].rules


def test_table_points_without_hands_are_bounded() -> None:
    """A score nobody can check is undetermined; one the cards in sight rule out (one unseen
    card is worth at most 50) is inconsistent."""
    open_claim = validate(_short_round({"points": {"bor": 20}}), variant=SHORT)
    assert open_claim.exit_code == 0 and open_claim.undetermined == 1
    assert "between 0 and 50" not in open_claim.results[-1].message
    assert "0 to 50" in open_claim.results[-1].message
    ruled_out = validate(_short_round({"points": {"bor": 60}}), variant=SHORT)
    assert ruled_out.exit_code == 1
    assert "between 0 and 50 by the cards in sight, not 60" in ruled_out.findings[0].rules


def test_PEN_WRONG_OFF_table_a_wrong_card_taken_back_stays_known_in_the_hand() -> None:
    """PEN-ENA, PEN-WRONG-OFF: the whole table saw the wrong card go back to bor's hand, so
    the record knows it there (the next state shows G7, not ?); a play of it later is that
    card, the other cards stay unseen."""
    from ena_rules.log.validate import Validator

    v = Validator(variant="ena")
    results = list(v.run(_record(_play("bor", "G7"), variant="ena")))
    assert results[-1].outcome == "penalised"
    assert v.state is not None
    hand = v.state.hands[1]
    assert [str(c) for c in hand].count("G7") == 1 and len(hand) == 9
    assert sum(1 for c in hand if c.rank == "?") == 8


def test_SCORE_ENA_table_points_of_unrevealed_hands_are_unknown_not_0() -> None:
    """SCORE-ENA on a table record: hands nobody saw score ``?`` in the verdict's words and
    ``+ ?`` in the replay's scores, not 0."""
    from ena_rules.cli.replay import table
    from ena_rules.log.validate import Validator

    lines = _record(
        _play("bor", "R7"),
        {"type": "call_uno", "player": "bor"},
        _play("cene", "R8"),
        _play("ana", "R9"),
        _play("bor", "R1"),
        variant="ena",
    )
    v = Validator(variant=derived("ena", 2))
    *_, end = v.run(lines)
    assert "Each player scores their own hand: ana ?, bor 0, cene ?." in end.message
    assert v.state is not None
    assert list(table(v.state)) == ["round 1 over; scores: ana 0 + ?, bor 0, cene 0 + ?"]
    from ena_rules.pictures.table_view import table_view

    assert table_view(v.state).to_dict()["open_points"] == ["ana", "cene"]  # the HTML's "+ ?"
    assert table_view(v.state, "bor").open_points == ("ana", "cene")


# -- the sample table records of docs/examples/ ----------------------------------------------------

EXAMPLES = __import__("pathlib").Path(__file__).resolve().parent.parent / "docs" / "examples"


def test_table_sample_consistent_with_undetermined_points() -> None:
    """table-consistent.jsonl: exit 0; the challenge and the points are undetermined."""
    report = validate(EXAMPLES / "table-consistent.jsonl")
    assert report.exit_code == 0 and report.undetermined == 2
    assert [r.line for r in report.results if r.outcome == "undetermined"] == [8, 18]


def test_table_sample_revealed_hands_prove_the_score_wrong() -> None:
    """table-score-wrong.jsonl: the hands counted at the end give 71 points, not 61."""
    report = validate(EXAMPLES / "table-score-wrong.jsonl")
    assert report.exit_code == 1 and report.first_wrong == 18
    assert "bor's points are 71, not 61" in report.findings[0].rules


def test_table_a_claim_wrong_on_its_own_figures_follows_no_earlier_dispute() -> None:
    """A round's claim whose listed hands are the rules' own but whose points are not what they
    score is wrong on its own figures: it says so, and does not follow an unrelated earlier
    disagreement (a wrong penalty claim on line 3)."""
    lines = (EXAMPLES / "table-score-wrong.jsonl").read_text("utf-8").splitlines()
    lines.insert(2, json.dumps({"type": "claim_penalty", "player": "ana", "cards": 2}))
    report = validate(lines)
    earlier, claim = report.findings
    assert earlier.line == 3 and earlier.since == 3 and report.first_wrong == 3
    assert claim.line == 19 and claim.since is None
    assert "bor's points are 71, not 61: the hands it lists score 71" in claim.rules
    assert "the claim is wrong on its own figures" in claim.rules
    assert "follows a wrong state" not in claim.text()


def test_table_sample_impossible_card() -> None:
    """table-impossible.jsonl: a third R9 in sight at line 4."""
    report = validate(EXAMPLES / "table-impossible.jsonl")
    assert report.exit_code == 1 and report.first_wrong == 4


@pytest.mark.parametrize(("variant", "seed"), [("party", 4), ("crazy", 4), ("draw-until", 7)])
def test_TURN_RESHUFFLE_table_draw_until_playable_past_a_reshuffle(variant: str, seed: int) -> None:
    """HOUSE-DRAW-UNTIL across TURN-RESHUFFLE: the draw line's cards past the old pile come
    off the reshuffled one, so the draw goes on to the playable card the record names (each
    of these games has such a draw: before the fix the draw stopped at one unseen card)."""
    from ena_rules import load_variant
    from ena_rules.log.table_writer import to_table_record
    from ena_rules.testing.table import full_game

    full = full_game(load_variant(variant), seed=seed, events=150)
    table = validate(to_table_record(full, draws=True))
    assert table.exit_code == 0, table.findings[:1]
    pairs = zip(validate(full).results, table.results, strict=True)
    decided = [(a, b) for a, b in pairs if a.kind == "event" and b.outcome != "undetermined"]
    assert decided
    assert [b.drawn for _, b in decided] == [a.drawn for a, _ in decided]
