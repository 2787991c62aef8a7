"""The validator on table records, more cases: round lines (the next round's deal from its
turned-up cards) and the end of the game when a round's points count cards nobody saw
(docs/table-records.md; docs/verification.md section 6). One-card hands: bor goes out on
line 2 and ana's one card is unseen."""

from __future__ import annotations

import json
from typing import Any

from ena_rules import Variant
from ena_rules.log.report import LineResult
from ena_rules.testing import derived
from ena_rules.validate import Report, validate

HEAD = {
    "ena_log": 1,
    "variant": "official",
    "players": ["ana", "bor"],
    "dealer": "ana",
    "deck": "unknown",
    "turned": ["R5"],
}
ONE = derived("official", 1)
TARGET_30 = derived("official", 1, "[scoring]\ntarget = 30\n")
OUT = {"type": "play", "player": "bor", "card": "R7"}
ROUND_2 = {"type": "round", "turned": ["G3"]}


def _report(variant: Variant, *lines: dict[str, Any]) -> Report:
    return validate([json.dumps(HEAD), *(json.dumps(x) for x in lines)], variant=variant)


def _results(variant: Variant, *lines: dict[str, Any]) -> list[LineResult]:
    return _report(variant, *lines).results[1:]


def test_DEAL_ROTATE_table_round_line_deals_from_its_turned_up_card() -> None:
    _, round_2, play = _results(ONE, OUT, ROUND_2, {"type": "play", "player": "ana", "card": "G1"})
    assert (round_2.line, round_2.kind, round_2.type, round_2.record) == (
        3,
        "round",
        "round",
        ROUND_2,
    )
    assert round_2.text("g") == (
        "g:3: round turned G3 -> accepted [DEAL-SEVEN deal.hand_size] bor deals 1 cards to each "
        "player. G3 is turned up. ana is next (clockwise)."
    )
    assert (play.line, play.outcome, play.since) == (4, "accepted", None)
    assert play.message.startswith("ana plays G1: it matches. ana plays their last card")


def test_DEAL_ROTATE_table_round_line_before_the_round_ended_is_rejected() -> None:
    (early,) = _results(ONE, ROUND_2)
    assert (early.kind, early.outcome, early.since) == ("round", "rejected", 2)
    assert early.message == "no deal is due now"


def test_FLIP_WD4_OFF_table_round_line_must_turn_up_what_the_rules_turn_up() -> None:
    _, stays = _results(ONE, OUT, {"type": "round", "turned": ["R1", "G3"]})
    assert (stays.outcome, stays.clause, stays.key, stays.since) == (
        "rejected",
        "FLIP-WD4-OFF",
        "first_card.return_ranks",
        3,
    )
    assert stays.message == "R1 stays turned up: only W+4 goes back"
    _, goes_back = _results(ONE, OUT, {"type": "round", "turned": ["W+4"]})
    assert goes_back.message == "W+4 goes back under the pile: another card is turned up"
    _, returned, draw = _results(
        ONE, OUT, {"type": "round", "turned": ["W+4", "G3"]}, {"type": "draw", "player": "ana"}
    )
    assert returned.outcome == "accepted" and "W+4 is turned up: it goes back" in returned.message
    assert draw.outcome == "accepted"


def test_SCORE_OFF_table_winner_claim_undetermined_when_unseen_points_may_reach_the_target() -> (
    None
):
    """bor collects ana's unseen card: 0 to 50 points, so with target 30 the game may be over."""
    _, claim, round_2 = _results(TARGET_30, OUT, {"type": "claim_winner", "player": "bor"}, ROUND_2)
    assert (claim.kind, claim.outcome, claim.agrees) == ("claim", "undetermined", None)
    assert claim.text("g") == (
        "g:3: claim_winner bor -> undetermined: the last round's points count cards nobody saw"
    )
    assert round_2.outcome == "accepted"


def test_SCORE_OFF_table_a_winner_claim_is_checked_when_unseen_points_cannot_reach_it() -> None:
    """With target 500 no unseen card can end the game: the claim disagrees."""
    _, claim = _results(ONE, OUT, {"type": "claim_winner", "player": "bor"})
    assert (claim.agrees, claim.since) == (False, 3)
    assert claim.rules == "by the rules the game has not ended (the log ends after round 1.)"


def test_SCORE_OFF_table_revealed_hands_decide_the_winner_and_end_the_game() -> None:
    """ana's revealed W+4 is worth 50: bor reaches target 30; a round line is then unusable."""
    hands = {"type": "claim_round", "round": 1, "winner": "bor", "points": {"bor": 50}}
    report = _report(
        TARGET_30,
        OUT,
        {**hands, "hands": {"ana": ["W+4"]}},
        {"type": "claim_winner", "player": "bor"},
        ROUND_2,
    )
    _, claim_round, winner, round_2 = report.results[1:]
    assert claim_round.agrees is True and winner.agrees is True
    assert winner.message.startswith("bor won the game")
    assert (round_2.kind, report.exit_code) == ("problem", 2)
    assert round_2.message.startswith("a round line after the game ended")


def test_SCORE_OFF_table_revealed_hands_below_the_target_go_on() -> None:
    hands = {"type": "claim_round", "round": 1, "winner": "bor", "points": {"bor": 40}}
    _, claim_round, winner = _results(
        TARGET_30,
        OUT,
        {**hands, "hands": {"ana": ["G+2"]}},
        {"type": "claim_winner", "player": "bor"},
    )
    assert (claim_round.agrees, claim_round.since) == (False, 3)
    assert claim_round.rules.startswith("bor's points are 20, not 40")
    assert winner.rules == "by the rules the game has not ended (the log ends after round 1.)"
