"""The validator on table records, more cases: round lines (the next round's deal from its
turned-up cards) and the end of the game when a round's points count cards nobody saw
(docs/table-records.md; docs/verification.md section 6). One-card hands: bor goes out on
line 2 and ana's one card is unseen."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ena_rules import Deal, Variant, load_variant, new_game
from ena_rules.cards import parse_card
from ena_rules.log.report import LineResult
from ena_rules.log.table_record import table_deal
from ena_rules.log.validate import Report, validate
from ena_rules.testing import derived

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
    # "deals 1 cards" is a wording to fix, not to freeze (section 6, "Decision on messages")
    assert (round_2.outcome, round_2.clause, round_2.key) == (
        "accepted",
        "DEAL-SEVEN",
        "deal.hand_size",
    )
    assert round_2.text("g").startswith(
        "g:3: round turned G3 -> accepted [DEAL-SEVEN deal.hand_size] bor deals"
    )
    assert round_2.message.endswith(" to each player. G3 is turned up. ana is next (clockwise).")
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
    assert winner.text("g") == "g:4: claim_winner bor -> agrees: bor won the game (line 2) with 50"
    assert (round_2.kind, report.exit_code) == ("problem", 2)
    assert round_2.message == (
        "a round line after the game ended (line 2: bor won): only claims may follow"
    )


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


# -- claim_round bounded by the cards in sight (bor collects ana's one unseen card: 0 to 50) ----


def _claim(variant: Variant, players: int = 2, **claim: Any) -> LineResult:
    head = {**HEAD, "variant": variant.name, "players": ["ana", "bor", "cene"][:players]}
    lines = [head, OUT, {"type": "claim_round", "round": 1, **claim}]
    return validate([json.dumps(x) for x in lines], variant=variant).results[-1]


def test_SCORE_OFF_table_claim_round_outside_the_bounds_disagrees() -> None:
    wrong = {
        "winner": ("ana", None, "the winner is bor, not ana"),
        "points": (
            None,
            {"bor": 60},
            "bor's points are between 0 and 50 by the cards in sight, not 60",
        ),
        "totals": (
            None,
            {"bor": 51},
            "bor's totals are between 0 and 50 by the cards in sight, not 51",
        ),
    }
    for key, (winner, value, text) in wrong.items():
        claim = {"winner": winner} if key == "winner" else {key: value}
        r = _claim(ONE, **claim)
        assert (r.kind, r.type, r.agrees, r.since, r.rules, r.message) == (
            "claim",
            "claim_round",
            False,
            3,
            text,
            text,
        ), key
    seen = _claim(ONE, points={"ana": 5})
    assert seen.rules == "ana's points are between 0 and 0 by the cards in sight, not 5"


def test_SCORE_OFF_table_claim_round_within_the_bounds_is_undetermined() -> None:
    r = _claim(ONE, winner="bor", points={"bor": 7}, totals={"bor": 7})
    assert (r.kind, r.type, r.outcome, r.agrees) == ("claim", "claim_round", "undetermined", None)
    assert r.message == (
        "undetermined: bor's points (0 to 50: 1 card nobody saw); "
        "bor's totals (0 to 50: 1 card nobody saw); a 'hands' list decides"
    )


def test_SCORE_OFF_table_claim_round_of_known_points_is_checked() -> None:
    r = _claim(ONE, points={"ana": 0})
    assert r.agrees is True
    assert r.message == (
        "round 1 (ended at line 2): bor went out; points ana 0, bor 0; totals ana 0, bor 0"
    )


def test_SCORE_ENA_table_claim_round_bounds_each_losers_own_hand() -> None:
    """SCORE-ENA (own_hand): each player scores their own hand: the winner's 0 is known, each
    other player's one unseen card is worth 0 to 50."""
    ena = derived("ena", 1)
    r = _claim(ena, 3, points={"ana": 5, "bor": 0, "cene": 3})
    assert r.outcome == "undetermined"
    assert r.message.startswith("undetermined: ana's points (0 to 50: ")
    assert "; cene's points (0 to 50: " in r.message and "bor's" not in r.message
    high = _claim(ena, 3, points={"ana": 60})
    assert high.rules == "ana's points are between 0 and 50 by the cards in sight, not 60"
    winner = _claim(ena, 3, points={"bor": 3})
    assert winner.rules == "bor's points are between 0 and 0 by the cards in sight, not 3"


# -- claim_round 'hands': what a revealed hand must fit (bor drew G7; ana goes out on line 5) ---

ZERO_HEAD = {**HEAD, "turned": ["R0"]}
TWO = derived("official", 2)
TO_THE_END = [
    {"type": "draw", "player": "bor", "cards": ["G7"]},
    {"type": "play", "player": "ana", "card": "R1"},
    {"type": "play", "player": "bor", "card": "R2"},
    {"type": "play", "player": "ana", "card": "R3"},
]


def _hands(*cards: str) -> LineResult:
    claim = {
        "type": "claim_round",
        "round": 1,
        "points": {"ana": 16},
        "hands": {"bor": list(cards)},
    }
    lines = [ZERO_HEAD, *TO_THE_END, claim]
    return validate([json.dumps(x) for x in lines], variant=TWO).results[-1]


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        (["G7", "R9", "R8"], "bor holds 2 cards at the round's end, but 3 are listed"),
        (["Y1", "Y2"], "bor's listed hand lacks G7, seen in it"),
        (["G7", "R0"], "bor's hand cannot hold R0: the cards in sight leave 0 unseen"),
    ],
)
def test_SCORE_VALUES_table_a_revealed_hand_must_fit_what_was_seen(
    cards: list[str], why: str
) -> None:
    r = _hands(*cards)
    assert (r.kind, r.type, r.agrees, r.since, r.rules, r.message) == (
        "claim",
        "claim_round",
        False,
        6,
        why,
        why,
    )


def test_SCORE_VALUES_table_a_revealed_hand_decides_the_points_in_any_order() -> None:
    for cards in (["G7", "R9"], ["R9", "G7"]):
        r = _hands(*cards)
        assert r.agrees is True
        assert r.message == (
            "round 1 (ended at line 5): ana went out; points ana 16, bor 0; totals ana 16, bor 0"
        )


# -- TURN-DRAW on a card nobody saw: the next line tells whether it could be played -----------

THREE = {**HEAD, "players": ["ana", "bor", "cene"]}
UNSEEN_DRAW = {"type": "draw", "player": "bor"}
NOT_PLAYED = (
    "bor's drawn card was not recorded and not played: it could not be played, and the turn "
    "had passed (TURN-DRAW)."
)


def _after_draw(base: str, line: dict[str, Any]) -> LineResult:
    lines = [{**THREE, "variant": base}, UNSEEN_DRAW, line]
    return validate([json.dumps(x) for x in lines], variant=derived(base, 3)).results[-1]


def test_TURN_DRAW_table_the_next_player_moving_means_the_drawn_card_was_not_playable() -> None:
    r = _after_draw("official", {"type": "play", "player": "cene", "card": "R7"})
    assert (r.outcome, r.clause, r.key, r.since) == ("accepted", "TURN-MATCH", "turn.match", None)
    assert r.message == f"cene plays R7: it matches. ana is next (clockwise). {NOT_PLAYED}"


def test_TURN_DRAW_table_the_drawer_plays_or_keeps_the_drawn_card() -> None:
    played = _after_draw("official", {"type": "play", "player": "bor", "card": "R7"})
    assert (played.outcome, played.message) == (
        "accepted",
        "bor plays R7: it matches. cene is next (clockwise).",
    )
    kept = _after_draw("official", {"type": "pass", "player": "bor"})
    assert (kept.outcome, kept.clause, kept.key) == ("accepted", "TURN-DRAW", "turn.play_drawn")
    assert kept.message == "bor keeps the drawn card. cene is next (clockwise)."


def test_TURN_DRAW_table_a_ruling_that_depends_on_the_unseen_card_is_undetermined() -> None:
    """Ena: bor's second draw is drawing too many if bor is still due (the card was playable),
    drawing out of turn if not: the same penalty, two readings, one undetermined line."""
    r = _after_draw("ena", {"type": "draw", "player": "bor"})
    assert (r.outcome, r.clause, r.key) == ("undetermined", "TURN-DRAW", "turn.play_drawn")
    assert r.message == (
        "Undetermined: nobody saw bor's drawn card; whether it could be played decides (a 'cards' "
        "list on the draw line decides it). If it could: bor draws a second time in the same "
        "turn: a mistake costing 2 cards. bor draws 2 (penalty). If not: bor draws out of turn "
        f"(cene is due): a mistake costing 2 cards. bor draws 2 (penalty). {NOT_PLAYED}"
    )


# -- mutation survivors (issue 11 point 6): arbiter and round lines once a round or the game ended,
# the form of the seen fields, the target reached exactly by unseen points ----------------------

MISDEAL = {"type": "misdeal", "player": "ana"}
REVEALED_W4 = {
    "type": "claim_round",
    "round": 1,
    "winner": "bor",
    "points": {"bor": 50},
    "hands": {"ana": ["W+4"]},
}


def test_PEN_ENA_table_misdeal_line_in_play_is_judged_on_its_line() -> None:
    (misdeal,) = _results(ONE, MISDEAL)
    assert (misdeal.line, misdeal.kind, misdeal.type, misdeal.record) == (
        2,
        "event",
        "misdeal",
        MISDEAL,
    )
    assert (misdeal.outcome, misdeal.clause, misdeal.key) == (
        "accepted",
        "PEN-ENA",
        "penalties.misdeal",
    )


def test_PEN_ENA_table_misdeal_line_after_the_round_ended_is_rejected() -> None:
    _, misdeal = _results(ONE, OUT, MISDEAL)
    assert (misdeal.line, misdeal.kind, misdeal.type, misdeal.record) == (
        3,
        "event",
        "misdeal",
        MISDEAL,
    )
    assert (misdeal.outcome, misdeal.clause, misdeal.key, misdeal.since) == (
        "rejected",
        "PEN-ENA",
        "penalties.misdeal",
        3,
    )
    assert misdeal.message == "no round is being played: ana cannot be penalised now"
    assert misdeal.rules == "no player event may happen now"


def test_SCORE_OFF_table_arbiter_and_round_lines_after_the_game_ended_are_unusable() -> None:
    report = _report(TARGET_30, OUT, REVEALED_W4, MISDEAL, ROUND_2)
    misdeal, round_2 = report.results[3:]
    assert (misdeal.line, misdeal.kind, misdeal.outcome) == (4, "problem", "")
    assert misdeal.message == (
        "a misdeal line after the game ended (line 2: bor won): only claims may follow"
    )
    assert (round_2.line, round_2.kind) == (5, "problem")
    assert report.exit_code == 2


def test_SCORE_OFF_table_winner_claim_undetermined_when_unseen_points_just_reach_it() -> None:
    """ana's one unseen card is worth at most 50 (W+4): with target 50 the game may be over."""
    target_50 = derived("official", 1, "[scoring]\ntarget = 50\n")
    _, claim = _results(target_50, OUT, {"type": "claim_winner", "player": "bor"})
    assert (claim.outcome, claim.agrees) == ("undetermined", None)
    assert claim.message == "undetermined: the last round's points count cards nobody saw"


def test_a_table_draws_cards_on_a_play_line_are_a_format_error() -> None:
    from ena_rules.game.convert import FormatError
    from ena_rules.log.table_form import seen_fields

    with pytest.raises(FormatError) as caught:
        seen_fields({"type": "play", "player": "ana", "card": "R9", "cards": ["R9"]})
    assert (caught.value.reason, caught.value.path) == (
        "'cards' belongs on a draw line (the cards drawn, in order)",
        "$.cards",
    )


def test_a_table_claims_hands_must_be_an_object_of_card_lists() -> None:
    from ena_rules.game.convert import FormatError
    from ena_rules.log.table_form import seen_fields

    claim = {"type": "claim_round", "round": 1}
    with pytest.raises(FormatError) as caught:
        seen_fields({**claim, "hands": ["R1"]})
    assert (caught.value.reason, caught.value.path) == (
        "an object from player name to cards is expected",
        "$.hands",
    )
    with pytest.raises(FormatError) as caught:
        seen_fields({**claim, "hands": {"bor": ["R1", "X9"]}})
    assert caught.value.path == "$.hands['bor'][1]"
    assert caught.value.reason.startswith("'X9': not a card code")
    hands = seen_fields({**claim, "hands": {"bor": ["r1"], "ana": []}})["hands"]
    assert {name: [str(c) for c in cards] for name, cards in hands.items()} == {
        "bor": ["R1"],
        "ana": [],
    }


def test_SCORE_OFF_table_claim_round_results_carry_their_line_and_record() -> None:
    """Out of the bounds (two findings, one text), within them, or known: the claim's own line."""
    claims = (
        {"winner": "ana", "points": {"bor": 60}},
        {"points": {"bor": 7}},
        {"points": {"ana": 0}},
    )
    wrong, open_, known_ = (_claim(ONE, **claim) for claim in claims)
    for r, claim in zip((wrong, open_, known_), claims, strict=True):
        assert (r.line, r.kind, r.record) == (
            3,
            "claim",
            {"type": "claim_round", "round": 1, **claim},
        )
    assert wrong.rules == (
        "the winner is bor, not ana; "
        "bor's points are between 0 and 50 by the cards in sight, not 60"
    )
    assert (open_.outcome, known_.agrees) == ("undetermined", True)


# -- 'hands' of three players (bor goes out on line 5; ana and cene each hold one unseen card;
# R1 is in sight once) ---------------------------------------------------------------------------

THREE_ZERO = {**ZERO_HEAD, "players": ["ana", "bor", "cene"]}
BOR_OUT = [
    {"type": "play", "player": "bor", "card": "R1"},
    {"type": "play", "player": "cene", "card": "R2"},
    {"type": "play", "player": "ana", "card": "R3"},
    {"type": "play", "player": "bor", "card": "R4"},
]


def _three_hands(hands: dict[str, list[str]]) -> LineResult:
    claim = {"type": "claim_round", "round": 1, "points": {"bor": 7}, "hands": hands}
    lines = [THREE_ZERO, *BOR_OUT, claim]
    return validate([json.dumps(x) for x in lines], variant=TWO).results[-1]


def test_SCORE_VALUES_table_a_hand_left_out_of_hands_stays_unseen() -> None:
    """cene's R1 is revealed (1 point), ana's card is still unseen: bor's points are 1 to 51."""
    r = _three_hands({"cene": ["R1"]})
    assert (r.line, r.outcome, r.agrees) == (6, "undetermined", None)
    assert r.message == (
        "undetermined: bor's points (1 to 51: 1 card nobody saw); a 'hands' list decides"
    )
    winner_only = _three_hands({"bor": []})
    assert winner_only.message == (
        "undetermined: bor's points (0 to 100: 2 cards nobody saw); a 'hands' list decides"
    )


def test_SCORE_VALUES_table_revealed_hands_share_the_unseen_copies() -> None:
    """One R1 is in sight: one hand may hold the other, two hands cannot."""
    r = _three_hands({"ana": ["R1"], "cene": ["R1"]})
    assert (r.agrees, r.since) == (False, 6)
    assert r.rules == "cene's hand cannot hold R1: the cards in sight leave 0 unseen"
    one = _three_hands({"ana": ["R1"], "cene": ["G5"]})
    assert one.agrees is False
    assert one.rules == (
        "bor's points are 6, not 7: the hands it lists score 6; the claim is wrong on its own "
        "figures (by the rules round 1 (ended at line 5): bor went out; "
        "points ana 0, bor 6, cene 0; totals ana 0, bor 6, cene 0)"
    )


def test_SCORE_VALUES_table_a_revealed_hand_lacking_seen_cards_names_them_all() -> None:
    """bor drew G7 and Y5 in sight: a listed hand without them lacks both."""
    claim = {"type": "claim_round", "round": 1, "hands": {"bor": ["Y1", "Y2", "Y3", "Y4"]}}
    lines = [
        ZERO_HEAD,
        {"type": "draw", "player": "bor", "cards": ["G7"]},
        {"type": "play", "player": "ana", "card": "R1"},
        {"type": "draw", "player": "bor", "cards": ["Y5"]},
        {"type": "play", "player": "ana", "card": "R3"},
        claim,
    ]
    r = validate([json.dumps(x) for x in lines], variant=TWO).results[-1]
    assert (r.agrees, r.since) == (False, 6)
    assert r.rules == "bor's listed hand lacks G7, Y5, seen in it"


def test_SCORE_OFF_table_claim_round_bounds_start_at_the_lowest_unseen_cards() -> None:
    """ana's six unseen cards are worth at least 3: three zeros (R0 is in sight) and three ones."""
    claim = {"type": "claim_round", "round": 1, "points": {"bor": 1}}
    lines = [
        ZERO_HEAD,
        {"type": "play", "player": "bor", "card": "W+4", "color": "red"},
        {"type": "draw", "player": "ana"},
        {"type": "play", "player": "bor", "card": "R7"},
        claim,
    ]
    r = validate([json.dumps(x) for x in lines], variant=TWO).results[-1]
    assert (r.agrees, r.since) == (False, 5)
    assert r.rules == "bor's points are between 3 and 300 by the cards in sight, not 1"


def test_a_table_records_header_form_names_the_key_at_fault() -> None:
    from ena_rules.cards import parse_card
    from ena_rules.game.convert import FormatError
    from ena_rules.log.lines import Header
    from ena_rules.log.table_form import table_header_form

    r5 = (parse_card("R5"),)
    seats = ("ana", "bor")
    cases = [
        (
            Header(1, "official", seats, seed=7, turned=r5),
            False,
            '\'turned\' belongs to a table record: give "deck": "unknown" with it',
            "$.turned",
        ),
        (
            Header(1, "official", seats, seed=7, deck_seed=3, dealer="ana", turned=r5),
            True,
            'a table record ("deck": "unknown") has no seed: its deck order is unknown',
            "$.seed",
        ),
        (
            Header(1, "official", seats, deck_seed=3, dealer="ana", turned=r5),
            True,
            'a table record ("deck": "unknown") has no deck_seed: its deck order is unknown',
            "$.deck_seed",
        ),
        (
            Header(1, "official", seats, turned=r5),
            True,
            'a table record ("deck": "unknown") names its "dealer"',
            "$",
        ),
    ]
    turned_missing = (
        'a table record ("deck": "unknown") lists the cards turned up at the deal in '
        '"turned" (e.g. ["R5"])'
    )
    cases += [
        (Header(1, "official", seats, dealer="ana"), True, turned_missing, "$"),
        (Header(1, "official", seats, dealer="ana", turned=()), True, turned_missing, "$.turned"),
    ]
    for header, table, reason, path in cases:
        with pytest.raises(FormatError) as caught:
            table_header_form(header, table)
        assert (caught.value.reason, caught.value.path) == (reason, path)
    table_header_form(Header(1, "official", seats, seed=7), False)
    table_header_form(Header(1, "official", seats, dealer="ana", turned=r5), True)


def test_DEAL_ROTATE_table_early_round_line_is_judged_as_a_deal_not_by_its_cards() -> None:
    """Before the round ended no deal is due, whatever the line turns up (here a W+4)."""
    (early,) = _results(ONE, {"type": "round", "turned": ["W+4"]})
    assert (early.outcome, early.clause, early.key, early.since) == (
        "rejected",
        "DEAL-SEVEN",
        "deal.hand_size",
        2,
    )
    assert early.message == "no deal is due now"


def test_TURN_DRAW_table_round_twos_draw_lists_the_cards_the_rules_give() -> None:
    """Round 2 is judged like round 1: a draw line listing 2 cards for a draw of 1 is rejected."""
    draw = {"type": "draw", "player": "ana", "cards": ["G7", "G8"]}
    _, _, wrong = _results(ONE, OUT, ROUND_2, draw)
    assert (wrong.line, wrong.outcome, wrong.clause, wrong.key, wrong.since) == (
        4,
        "rejected",
        "TURN-DRAW",
        "turn.draw",
        4,
    )
    assert wrong.message == (
        "the record lists 2 cards drawn; by the rules ana draws 1 here (ana draws 1 (their "
        "turn's draw). ana may play the drawn card or pass.)"
    )


def test_SCORE_VALUES_table_hands_of_a_round_not_ended_are_not_read() -> None:
    """'hands' decide only the round that just ended: a claim of round 2, or of round 1 before
    it ended, is checked as any claim is."""
    two_hands = {"ana": ["G1", "G2"]}
    later = {"type": "claim_round", "round": 2, "points": {"bor": 7}, "hands": two_hands}
    _, round_2 = _results(ONE, OUT, later)
    assert (round_2.line, round_2.kind, round_2.type, round_2.record) == (
        3,
        "claim",
        "claim_round",
        later,
    )
    assert (round_2.agrees, round_2.since, round_2.rules) == (
        False,
        3,
        "by the rules round 2 has not ended",
    )
    (early,) = _results(ONE, {**later, "round": 1})
    assert (early.agrees, early.rules) == (False, "by the rules round 1 has not ended: bor is due")


def test_SCORE_VALUES_table_a_misfit_hand_is_reported_on_the_claims_line() -> None:
    hands = {"ana": ["R1"], "cene": ["R1"]}
    claim = {"type": "claim_round", "round": 1, "points": {"bor": 7}, "hands": hands}
    lines = [THREE_ZERO, *BOR_OUT, claim]
    r = validate([json.dumps(x) for x in lines], variant=TWO).results[-1]
    assert (r.line, r.kind, r.type, r.record, r.outcome) == (6, "claim", "claim_round", claim, "")
    assert (r.agrees, r.since, r.message) == (
        False,
        6,
        "cene's hand cannot hold R1: the cards in sight leave 0 unseen",
    )


def test_SCORE_OFF_table_undetermined_winner_claim_keeps_its_record() -> None:
    winner = {"type": "claim_winner", "player": "bor"}
    _, claim = _results(TARGET_30, OUT, winner)
    assert (claim.line, claim.kind, claim.type, claim.record, claim.outcome) == (
        3,
        "claim",
        "claim_winner",
        winner,
        "undetermined",
    )


# -- the header's turned-up cards (round 1's deal) ------------------------------------------------


def _header(variant: Variant, turned: list[str], *lines: dict[str, Any]) -> Report:
    head = {**HEAD, "turned": turned}
    return validate([json.dumps(head), *(json.dumps(x) for x in lines)], variant=variant)


def test_FLIP_WD4_OFF_table_header_turning_up_the_wrong_cards_starts_from_the_last() -> None:
    """R1 would have stayed turned up: the header is rejected and round 1 starts from G3."""
    turned = ["R1", "W+4", "G3"]
    report = _header(ONE, turned, {"type": "play", "player": "bor", "card": "G4"})
    header, play = report.results
    assert (header.line, header.kind, header.type, header.record["turned"]) == (
        1,
        "header",
        "header",
        turned,
    )
    assert (header.outcome, header.clause, header.key, header.since, header.drawn) == (
        "rejected",
        "FLIP-WD4-OFF",
        "first_card.return_ranks",
        1,
        (),
    )
    assert header.message == "R1 stays turned up: only W+4 goes back"
    assert header.rules == "the round starts from its last turned-up card"
    assert (play.outcome, play.clause, play.since) == ("accepted", "TURN-MATCH", None)
    assert report.first_wrong == 1


def test_FLIP_WD4_OFF_table_header_of_a_variant_returning_no_rank() -> None:
    keep_all = derived("official", 1, "[first_card]\nreturn_ranks = []\n")
    (header,) = _header(keep_all, ["W+4", "G3"]).results
    assert (header.outcome, header.message) == (
        "rejected",
        "W+4 stays turned up: only no rank goes back",
    )


def test_DECK_108_table_header_turning_up_a_card_too_often() -> None:
    (header,) = _header(ONE, ["W+4"] * 5 + ["G3"]).results
    assert (header.outcome, header.clause, header.key, header.since) == (
        "rejected",
        "DECK-108",
        "deck.colored",
        1,
    )
    assert header.message == "W+4 is turned up more often than the deck has it"
    assert header.rules == "the round starts from its last turned-up card"


def test_FLIP_WD4_OFF_table_header_whose_last_card_goes_back_cannot_start() -> None:
    report = _header(ONE, ["W+4"], {"type": "draw", "player": "bor"})
    problem = report.results[0]
    assert (problem.line, problem.kind, report.exit_code) == (1, "problem", 2)
    assert problem.message == (
        "the header's deal fails: W+4 goes back under the pile: another card is turned up"
    )
    accepted = _header(ONE, ["W+4", "G3"]).results[0]
    assert (accepted.outcome, accepted.rules, accepted.since) == ("accepted", "", None)
    assert "W+4 is turned up: it goes back under the draw pile" in accepted.message


# -- a line judged in two readings (CHAL-GUILTY or CHAL-INNOCENT left open, Ena) -----------------

OPEN_CHALLENGE = [
    {"type": "play", "player": "bor", "card": "R7"},
    {"type": "draw", "player": "cene"},
    {"type": "play", "player": "ana", "card": "W+4", "color": "blue"},
    {"type": "challenge", "player": "bor"},
]


def test_PEN_ENA_table_a_line_after_an_open_challenge_names_each_readings_ruling() -> None:
    """Guilty: bor is due, cene's play is out of turn (penalised); innocent: cene is due."""
    play = {"type": "play", "player": "cene", "card": "B3"}
    head = {**THREE, "variant": "ena"}
    lines = [head, *OPEN_CHALLENGE, play]
    report = validate([json.dumps(x) for x in lines], variant=derived("ena", 7))
    r = report.results[-1]
    assert (r.line, r.kind, r.type, r.record) == (6, "event", "play", play)
    assert (r.outcome, r.clause, r.key, r.since, r.drawn) == (
        "undetermined",
        "PEN-ENA",
        "penalties.out_of_turn",
        None,
        (),
    )
    assert r.message == (
        "Undetermined (an earlier point is open): penalised [PEN-ENA penalties.out_of_turn] "
        "cene plays B3 out of turn (bor is due): a mistake costing 2 cards. cene draws 2 "
        "(penalty). Or: accepted [TURN-MATCH turn.match] cene plays B3: it matches. ana is next "
        "(clockwise)."
    )
    assert (report.undetermined, report.exit_code) == (2, 0)


def test_CHAL_GUILTY_table_a_line_fitting_no_reading_is_worded_by_the_first() -> None:
    """Official: ana's play is out of turn in both readings; the first (guilty: bor is due)
    words the rejection."""
    play = {"type": "play", "player": "ana", "card": "B3"}
    lines = [THREE, *OPEN_CHALLENGE, play]
    r = validate([json.dumps(x) for x in lines], variant=derived("official", 7)).results[-1]
    assert (r.line, r.outcome, r.clause, r.key, r.since) == (
        6,
        "rejected",
        "PEN-WRONG-OFF",
        "penalties.out_of_turn",
        6,
    )
    assert r.message == "ana plays B3 out of turn (bor is due)"
    assert r.rules == "by the rules bor is due (top card W+4 (blue)) and may: draw."


def test_CHAL_SHOW_table_a_shown_hand_of_the_wrong_size_is_rejected() -> None:
    shown = {"type": "challenge", "player": "bor", "shown": ["R1"]}
    lines = [THREE, *OPEN_CHALLENGE[:3], shown]
    r = validate([json.dumps(x) for x in lines], variant=derived("official", 7)).results[-1]
    assert (r.line, r.type, r.record, r.outcome, r.clause, r.key, r.since) == (
        5,
        "challenge",
        shown,
        "rejected",
        "CHAL-SHOW",
        "challenge.show_hand",
        5,
    )
    assert r.message == "ana holds 6 cards, but 1 are shown"
    assert r.rules == "by the rules bor is due (top card W+4 (blue)) and may: draw, challenge."


def test_DECK_108_table_a_drawn_card_whose_copies_are_all_in_sight_is_rejected() -> None:
    draw = {"type": "draw", "player": "ana", "cards": ["R9"]}
    lines = [
        THREE,
        {"type": "play", "player": "bor", "card": "R9"},
        {"type": "play", "player": "cene", "card": "R9"},
        draw,
    ]
    r = validate([json.dumps(x) for x in lines], variant=derived("official", 7)).results[-1]
    assert (r.line, r.type, r.record, r.outcome, r.clause, r.key, r.since) == (
        4,
        "draw",
        draw,
        "rejected",
        "DECK-108",
        "deck.colored",
        4,
    )
    assert r.message == "R9 cannot be drawn: every copy of it is in sight"
    assert r.rules == "by the rules ana is due (top card R9 (red)) and may: draw."


def test_DEAL_ROTATE_table_event_lines_after_the_round_or_the_game_ended_are_unusable() -> None:
    draw = {"type": "draw", "player": "ana"}
    _, after_round = _results(ONE, OUT, draw)
    assert (after_round.line, after_round.kind) == (3, "problem")
    assert after_round.message == (
        "a draw line after round 1 ended at line 2 (bor went out): a round line must start "
        "round 2 first"
    )
    report = _report(TARGET_30, OUT, REVEALED_W4, draw)
    after_game = report.results[-1]
    assert (after_game.line, after_game.kind, report.exit_code) == (4, "problem", 2)
    assert after_game.message == (
        "a draw line after the game ended (line 2: bor won): only claims may follow"
    )


def test_SCORE_OFF_table_winner_claim_after_a_game_ended_on_unseen_points_is_undetermined() -> None:
    """bor collects ana's W+4 (in sight) and two cards nobody saw: the game is over at line 5
    with 50 or more, and the claim's total counts unseen cards."""
    target_30 = derived("official", 2, "[scoring]\ntarget = 30\n")
    winner = {"type": "claim_winner", "player": "bor"}
    lines = [
        ZERO_HEAD,
        {"type": "play", "player": "bor", "card": "R1"},
        {"type": "draw", "player": "ana", "cards": ["W+4"]},
        {"type": "pass", "player": "ana"},
        {"type": "play", "player": "bor", "card": "R2"},
        winner,
    ]
    report = validate([json.dumps(x) for x in lines], variant=target_30)
    out, claim = report.results[-2:]
    assert "bor wins the game with 50." in out.message
    assert (claim.line, claim.outcome, claim.agrees, claim.record) == (
        6,
        "undetermined",
        None,
        winner,
    )
    assert claim.message == "undetermined: the last round's points count cards nobody saw"


def test_SCORE_OFF_table_only_a_winner_claim_waits_on_unseen_points() -> None:
    """With target 30 bor's unseen points may end the game: a claim_winner is undetermined
    (above), a claim of another round or of the cards drawn is checked as usual."""
    _, later = _results(TARGET_30, OUT, {"type": "claim_round", "round": 2, "points": {"bor": 7}})
    assert (later.type, later.agrees, later.rules) == (
        "claim_round",
        False,
        "by the rules round 2 has not ended",
    )
    _, drawn = _results(TARGET_30, OUT, {"type": "claim_drawn", "player": "ana", "count": 0})
    assert (drawn.type, drawn.agrees, drawn.message) == (
        "claim_drawn",
        True,
        "ana drew 0 at line 2 (nothing)",
    )


def test_FLIP_WD4_OFF_a_header_whose_turned_up_cards_break_the_rules_is_inconsistent() -> None:
    # the header's turned-up cards are the first deal: a card that should have gone back under
    # the pile is a record that leaves the rules at line 1, whatever follows
    record = [json.dumps({**HEAD, "turned": ["R1", "G3"]})]
    report = validate(record, variant=derived("official", 1))
    assert (report.results[0].outcome, report.first_wrong) == ("rejected", 1)
    summary = report.summary()
    assert (report.exit_code, report.consistent, summary["result"]) == (1, False, "inconsistent")
    assert report.summary_text().startswith("INCONSISTENT (exit 1): 0 events")
    assert "the record first leaves the rules at line 1;" in report.summary_text()


# -- h-unseen (session 6): readings that end the round, the header's draws, the deck's copies --

CHALLENGED_LAST_CARDS = [
    {**THREE, "variant": "ena", "dealer": "cene"},
    {"type": "play", "player": "ana", "card": "R1"},
    {"type": "play", "player": "bor", "card": "W+4", "color": "blue"},
    {"type": "challenge", "player": "cene"},
    {"type": "play", "player": "ana", "card": "B3"},
]


def _challenged_last_cards(*more: dict[str, Any]) -> list[LineResult]:
    """Ena, 2-card hands: bor's W+4 is challenged (guilty: cene is due; innocent: ana is);
    ana then plays her last card: out of turn in one reading, the end of round 1 in the other."""
    lines = [*CHALLENGED_LAST_CARDS, *more]
    return validate([json.dumps(x) for x in lines], variant=derived("ena", 2)).results[1:]


def test_PEN_ENA_table_a_line_after_the_round_ended_in_one_reading_goes_on_in_the_other() -> None:
    *_, out, play = _challenged_last_cards({"type": "play", "player": "cene", "card": "B4"})
    assert (out.line, out.outcome, out.round_ended) == (5, "undetermined", False)
    assert out.message.startswith(
        "Undetermined (an earlier point is open): penalised [PEN-ENA penalties.out_of_turn] ana "
        "plays B3 out of turn (cene is due)"
    )
    assert "Or: accepted [TURN-MATCH turn.match] ana plays B3: it matches." in out.message
    assert (play.line, play.outcome, play.clause, play.key, play.since) == (
        6,
        "accepted",
        "TURN-MATCH",
        "turn.match",
        None,
    )
    assert play.message == (
        "cene plays B4: it matches. cene has one card left and must call UNO. ana is next "
        "(clockwise)."
    )


def test_DEAL_ROTATE_table_round_line_deals_in_the_reading_whose_round_ended() -> None:
    *_, round_2 = _challenged_last_cards({"type": "round", "turned": ["G3"]})
    assert (round_2.line, round_2.kind, round_2.outcome, round_2.clause, round_2.since) == (
        6,
        "round",
        "accepted",
        "DEAL-SEVEN",
        None,
    )
    assert round_2.message == (
        "ana deals 2 cards to each player. G3 is turned up. bor is next (clockwise)."
    )


def test_FLIP_WD4_OFF_table_header_turning_up_a_draw_two_records_its_draw() -> None:
    record = [json.dumps({**HEAD, "turned": ["R+2"]})]
    (header,) = validate(record, variant=derived("official", 7)).results
    assert (header.outcome, header.clause, header.drawn) == (
        "accepted",
        "DEAL-SEVEN",
        (("bor", 2),),
    )
    assert header.message.endswith(
        "The turned-up R+2 makes bor draw 2 and lose the first turn. bor draws 2 (the +2 "
        "card). ana is next (clockwise)."
    )


def test_FLIP_WD4_OFF_table_header_names_every_rank_that_goes_back() -> None:
    v = derived("official", 7, '[first_card]\nreturn_ranks = ["W+4", "W"]\n')
    (header,) = validate([json.dumps({**HEAD, "turned": ["R1", "G3"]})], variant=v).results
    assert (header.outcome, header.clause, header.key) == (
        "rejected",
        "FLIP-WD4-OFF",
        "first_card.return_ranks",
    )
    assert header.message == "R1 stays turned up: only W+4, W goes back"


def test_FLIP_WD4_OFF_table_deal_refusal_is_a_verdict_on_the_deal() -> None:
    """table_deal's refusals: the verdict of a Deal, on the unchanged state, in words."""
    s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    stays = table_deal(s, (parse_card("R1"), parse_card("G3")))
    assert (stays.outcome, stays.event, stays.clause, stays.key, stays.state) == (
        "rejected",
        Deal(()),
        "FLIP-WD4-OFF",
        "first_card.return_ranks",
        s,
    )
    assert stays.message == "R1 stays turned up: only W+4 goes back"
    twice = table_deal(s, (parse_card("W+4"),) * 5 + (parse_card("G3"),))
    assert (twice.outcome, twice.event, twice.clause, twice.key, twice.state) == (
        "rejected",
        Deal(()),
        "DECK-108",
        "deck.colored",
        s,
    )
    assert twice.message == "W+4 is turned up more often than the deck has it"


def test_DECK_108_table_a_draw_listing_a_card_more_often_than_unseen_is_rejected() -> None:
    """Ena: ana draws bor's W+4 and lists R0 twice; the deck has one R0."""
    draw = {"type": "draw", "player": "ana", "cards": ["R0", "R0", "G1", "G2"]}
    lines = [
        {**HEAD, "variant": "ena"},
        {"type": "play", "player": "bor", "card": "W+4", "color": "blue"},
        draw,
    ]
    r = validate([json.dumps(x) for x in lines], variant=derived("ena", 7)).results[-1]
    assert (r.line, r.record, r.outcome, r.clause, r.key, r.since) == (
        3,
        draw,
        "rejected",
        "DECK-108",
        "deck.colored",
        3,
    )
    assert r.message == "R0 cannot be drawn: every copy of it is in sight"


# a 7-card deck (R1 R2 G1 G2 and three W+4), two players of 2 cards: R2 turned up, 2 to draw
SEVEN_CARDS = derived(
    "official",
    2,
    '[deck]\ncolors = ["R", "G"]\ncolored = { "1" = 1, "2" = 1, '
    + ", ".join(f'"{r}" = 0' for r in ("0", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"))
    + ' }\nwild = { "W" = 0, "W+4" = 3 }\n[players]\nmax = 2\n',
)
R2_HEAD = {**HEAD, "turned": ["R2"]}
BOR_W4 = {"type": "play", "player": "bor", "card": "W+4", "color": "green"}


def _seven_cards(*lines: dict[str, Any]) -> list[LineResult]:
    return _results_of(SEVEN_CARDS, R2_HEAD, *lines)


def _results_of(variant: Variant, *lines: dict[str, Any]) -> list[LineResult]:
    return validate([json.dumps(x) for x in lines], variant=variant).results[1:]


def test_TURN_EMPTY_table_a_draw_of_nothing_lists_no_card() -> None:
    """TURN-EMPTY: both piles are exhausted (R2 alone on the pile): bor's draw takes nothing,
    and its empty 'cards' list agrees."""
    empty = {"type": "draw", "player": "bor", "cards": []}
    *_, nothing = _seven_cards(
        {"type": "draw", "player": "bor", "cards": ["G1"]},
        {"type": "draw", "player": "ana", "cards": ["G2"]},
        {"type": "pass", "player": "ana"},
        empty,
    )
    assert (nothing.line, nothing.record, nothing.outcome, nothing.drawn, nothing.since) == (
        5,
        empty,
        "accepted",
        (),
        None,
    )
    assert "The draw pile and the discard pile are exhausted" in nothing.message


def test_DECK_108_table_a_card_drawn_past_a_reshuffle_must_be_unseen() -> None:
    """TURN-RESHUFFLE, DECK-108: ana draws bor's W+4: 2 off the pile, then 1 off the reshuffled
    pile; a G1 there would be the deck's second G1."""
    draw = {"type": "draw", "player": "ana", "cards": ["G1", "G2", "G1"]}
    _, wrong = _seven_cards(BOR_W4, draw)
    assert (wrong.line, wrong.record, wrong.outcome, wrong.clause, wrong.key, wrong.since) == (
        3,
        draw,
        "rejected",
        "DECK-108",
        "deck.colored",
        3,
    )
    assert wrong.message == "2 copies of G1 would be in sight; the deck has 1"


def test_PEN_ENA_table_an_open_point_inside_an_open_reading_lists_every_ruling() -> None:
    """Ena: after the open challenge cene draws (a card nobody saw if cene is due, a penalty
    if ana is) and draws again: three readings, each ruling named, in order."""
    draw = {"type": "draw", "player": "cene"}
    lines = [*CHALLENGED_LAST_CARDS[:4], draw, draw]
    again = validate([json.dumps(x) for x in lines], variant=derived("ena", 2)).results[-1]
    assert (again.line, again.outcome, again.clause, again.key) == (
        6,
        "undetermined",
        "PEN-ENA",
        "penalties.draw_too_many",
    )
    out_of_turn = (
        "penalised [PEN-ENA penalties.out_of_turn] cene draws out of turn (ana is due): a "
        "mistake costing 2 cards. cene draws 2 (penalty)."
    )
    assert again.message == (
        "Undetermined (an earlier point is open): penalised [PEN-ENA penalties.draw_too_many] "
        "cene draws a second time in the same turn: a mistake costing 2 cards. cene draws 2 "
        f"(penalty). Or: {out_of_turn} cene's drawn card was not recorded and not played: it "
        f"could not be played, and the turn had passed (TURN-DRAW). Or: {out_of_turn}"
    )
