"""The validator, more cases: ``iter_results`` passes each of its options on, as ``validate``
does; a winner claim is checked in words; a finding says what the rules allow instead
(docs/log-format.md; docs/verification.md section 6)."""

from __future__ import annotations

import io
import json
import weakref
from pathlib import Path
from typing import Any

import attrs
import pytest
from short_game import EVENTS, HEAD, SHORT

from ena_rules import (
    CallUno,
    Draw,
    Event,
    Play,
    Variant,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
    parse_card,
)
from ena_rules.errors import LogError
from ena_rules.log import GameRecorder
from ena_rules.log.claims import check_claim
from ena_rules.log.lines import Header, PenaltyClaim, WinnerClaim
from ena_rules.log.replay import Replay, instead
from ena_rules.log.report import LineResult, Report
from ena_rules.log.validate import (
    MAX_FINDINGS,
    describe_line,
    iter_results,
    validate,
    validator_for,
)
from ena_rules.rules.referee import canonical_deck
from ena_rules.testing import deal, derived, ok

BAD = '{"type": "pass", "player": "eve"}'
OFFICIAL_CUT = "ana cuts Y0: counts 0. bor cuts G5: counts 5. bor cut the highest card and deals"
ENA_CUT = "ana cuts Y0: counts 0. bor cuts G5: counts 5. ana cut the lowest card and deals."


def _head(variant: str) -> str:
    return json.dumps({"ena_log": 1, "variant": variant, "players": ["ana", "bor"], "seed": 7})


def test_iter_results_reports_each_line_forgiving_by_default() -> None:
    results = list(iter_results([_head("official"), BAD]))
    assert [(r.line, r.kind) for r in results] == [(1, "header"), (2, "problem")]
    assert results[0].message.startswith(OFFICIAL_CUT)
    assert results[1].message == "'eve' is not a player of this log (ana, bor) @ $.player"


def test_iter_results_strict_raises_at_the_first_problem_with_its_source() -> None:
    with pytest.raises(LogError) as err:
        list(iter_results([_head("official"), BAD], strict=True, source="g.jsonl"))
    assert str(err.value) == "g.jsonl:2: 'eve' is not a player of this log (ana, bor) @ $.player"


def test_iter_results_the_callers_variant_replaces_the_headers() -> None:
    (result,) = iter_results([_head("official")], variant="ena")
    assert result.message.startswith(ENA_CUT)


def test_iter_results_a_header_may_name_a_file_of_the_given_folder(tmp_path: Path) -> None:
    (tmp_path / "house.toml").write_text('name = "house"\nextends = "official"\n', "utf-8")
    (refused,) = iter_results([_head("house.toml")])
    assert refused.kind == "problem" and "not allowed, so not read" in refused.message
    (result,) = iter_results([_head("house.toml")], folder=tmp_path)
    assert result.kind == "header" and result.message.startswith(OFFICIAL_CUT)


def test_iter_results_allow_paths_and_resolver_widen_what_a_header_may_name(
    tmp_path: Path,
) -> None:
    (tmp_path / "house.toml").write_text('name = "house"\nextends = "ena"\n', "utf-8")
    path = str(tmp_path / "house.toml")
    assert next(iter_results([_head(path)])).kind == "problem"
    (allowed,) = iter_results([_head(path)], allow_paths=[tmp_path])
    assert allowed.kind == "header" and allowed.message.startswith(ENA_CUT)
    (resolved,) = iter_results([_head("mine")], resolver=lambda name: load_variant("ena"))
    assert resolved.kind == "header" and resolved.message.startswith(ENA_CUT)


# -- claim_winner (SCORE-ENA): ana deals; bor goes out on line 6 and, with target 5, wins ----------


def _last(*lines: dict[str, Any]) -> LineResult:
    report = validate([json.dumps(HEAD), *(json.dumps(x) for x in lines)], variant=SHORT)
    return report.results[-1]


def test_SCORE_ENA_a_winner_claim_is_checked_in_words() -> None:
    right = _last(*EVENTS, {"type": "claim_winner", "player": "bor"})
    assert right.agrees is True and right.rules == ""  # nothing to say against it
    assert right.text("g") == "g:7: claim_winner bor -> agrees: bor won the game (line 6) with 0"
    wrong = _last(*EVENTS, {"type": "claim_winner", "player": "ana"})
    assert (wrong.agrees, wrong.since) == (False, 7)
    assert wrong.rules == "by the rules bor won the game (line 6) with 0"


def test_SCORE_ENA_a_winner_claim_before_the_end_says_where_the_game_stands() -> None:
    early = _last(EVENTS[0], {"type": "claim_winner", "player": "bor"})
    assert (early.agrees, early.since) == (False, 3)
    assert early.rules == (
        "by the rules the game has not ended (the log ends in round 1: cene is due (play).)"
    )


# -- validate(keep=False): the fast path gives the same report, without the per-line results ----


def test_keep_false_gives_the_same_report_without_the_lines() -> None:
    """A rejected event (the record leaves the rules), accepted ones, the game's end and an
    event after it: counts, findings, first wrong line, ending and final state agree."""
    lines = [
        json.dumps(HEAD),
        json.dumps({"type": "pass", "player": "bor"}),
        *(json.dumps(e) for e in EVENTS),
        json.dumps({"type": "draw", "player": "cene"}),
    ]
    full = validate(lines, variant=SHORT)
    fast = validate(lines, variant=SHORT, keep=False)
    assert (full.rejected, full.accepted, full.problems, full.first_wrong) == (1, 5, 1, 2)
    assert fast.results == () and len(full.results) == 8
    assert attrs.evolve(full, results=()) == fast
    assert fast.summary() == full.summary()
    assert fast.final == full.final


def test_iter_results_of_a_log_file_may_open_a_variant_beside_it(tmp_path: Path) -> None:
    (tmp_path / "house.toml").write_text('name = "house"\nextends = "ena"\n', "utf-8")
    log = tmp_path / "g.jsonl"
    log.write_text(_head("house.toml") + "\n", "utf-8")
    (result,) = iter_results(log)
    assert result.kind == "header" and result.message.startswith(ENA_CUT)
    assert result.text(str(log)).startswith(f"{log}:1: header: house.toml;")


# -- "Instead": what the rules allow where a line leaves them (docs/log-format.md, Findings) -----


@pytest.mark.parametrize(
    ("variant", "hands", "turned", "events", "words"),
    [
        (
            derived("official", 3),
            [["R1", "W", "G2"], ["B1", "Y2", "R1"]],
            "R5",
            [],
            "ana is due (top card R5 (red)) and may: play R1, play W naming a colour, draw.",
        ),
        (
            derived("ena", 2),
            [["R1", "G2"], ["B1", "Y2"]],
            "W",
            [],
            "bor is due (top card W) and may: name a colour.",
        ),
        (
            derived("seven-zero", 2),
            [["R7", "G2"], ["B1", "Y2"], ["Y3", "Y4"]],
            "R5",
            [],
            "ana is due (top card R5 (red)) and may: play R7 at bor, play R7 at cene, draw.",
        ),
        (
            derived("official", 2, "[play]\nmulti = true\n"),
            [["R1", "G1"], ["B1", "Y2"]],
            "R5",
            [],
            "ana is due (top card R5 (red)) and may: play R1, play R1+G1, draw.",
        ),
        (
            derived("official", 2),
            [["W+4", "G2"], ["B1", "Y2"]],
            "R5",
            [Play("ana", "W+4", color="green")],
            "bor is due (top card W+4 (green)) and may: draw, challenge, catch ana.",
        ),
        (
            derived("official", 2),
            [["RS", "G2"], ["B1", "Y2"]],
            "R5",
            [Play("ana", "RS")],
            "ana is due (top card RS (red)) and may: draw, call UNO.",
        ),
        (
            derived("official", 2),
            [["R1", "G2"], ["B1", "Y2"]],
            "R5",
            [Draw("ana")],
            "ana is due (top card R5 (red)) and may: play R9, pass.",
        ),
        (
            derived("official", 8),
            [["R1", "R2", "R3", "R4", "R6", "R7", "R8", "R9"], ["B1", "Y2"]],
            "R5",
            [],
            "ana is due (top card R5 (red)) and may: play R1, play R2, play R3, play R4, play R6, "
            "play R7, play R8, play R9, ....",
        ),
    ],
)
def test_instead_names_who_is_due_and_every_kind_of_move(
    variant: Variant, hands: list[list[str]], turned: str, events: list[Event], words: str
) -> None:
    s = ok(deal(variant, hands, turned, draw=["R9"]), *events)
    assert instead(s) == f"by the rules {words}"


def test_instead_when_no_player_may_move() -> None:
    s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    assert instead(s) == "no player event may happen now"


# -- round lines (DEAL-ROTATE) ------------------------------------------------------------------


def test_DEAL_ROTATE_a_round_line_after_the_game_ended_is_unusable() -> None:
    lines = [HEAD, *EVENTS, {"type": "round", "deck": HEAD["deck"]}]
    report = validate([json.dumps(x) for x in lines], variant=SHORT)
    last = report.results[-1]
    assert (last.line, last.kind, report.exit_code) == (7, "problem", 2)
    assert (
        last.message
        == "a round line after the game ended (line 6: bor won): only claims may follow"
    )


def test_DEAL_ROTATE_a_seeded_logs_round_line_deals_the_next_round_from_the_seed() -> None:
    """A seeded header's round line carries nothing: the round's deck comes from the seed and
    the round number (docs/log-format.md)."""
    one = derived("official", 1)
    out = io.StringIO()
    rec = GameRecorder(out, one, ["ana", "bor"], seed=7)
    while rec.state.phase not in ("deal", "over"):
        moves = legal_events(rec.state)
        rec.apply(next((e for e in moves if isinstance(e, Play)), moves[0]))
    rec.new_round()
    lines = out.getvalue().splitlines()
    assert json.loads(lines[-1]) == {"type": "round"}
    report = validate(lines, variant=one)
    last = report.results[-1]
    assert (last.kind, last.outcome, last.record) == ("round", "accepted", {"type": "round"})
    assert last.message.endswith("R1 is turned up. bor is next (clockwise).")
    assert report.final == rec.state


# -- claim_round (END-ROUND, SCORE-ENA) -----------------------------------------------------------

ROUND_1 = (
    "round 1 (ended at line 6): bor went out; points ana 18, bor 0, cene 28; "
    "totals ana 18, bor 0, cene 28"
)


def test_END_ROUND_a_round_claim_lists_every_wrong_fact_in_words() -> None:
    claim = {"type": "claim_round", "round": 1, "winner": "ana"}
    r = _last(*EVENTS, {**claim, "points": {"bor": 3}, "totals": {"bor": 3}})
    assert (r.agrees, r.since) == (False, 7)
    assert r.rules == (
        "the winner is bor, not ana; bor's points are 0, not 3; bor's totals are 0, not 3 "
        f"(by the rules {ROUND_1})"
    )
    totals = _last(*EVENTS, {"type": "claim_round", "round": 1, "totals": {"ana": 3}})
    assert totals.rules == f"ana's totals are 18, not 3 (by the rules {ROUND_1})"


def test_END_ROUND_a_claim_for_a_round_not_yet_ended_names_who_is_due() -> None:
    r = _last(EVENTS[0], {"type": "claim_round", "round": 2, "winner": "bor"})
    assert (r.agrees, r.since, r.rules) == (
        False,
        3,
        "by the rules round 2 has not ended: cene is due",
    )


# -- surviving mutants of the validator, the replay and the report (issue 11, point 6) -----------

SHORT_TOML = 'name = "short"\nextends = "ena"\n[deal]\nhand_size = 2\n[scoring]\ntarget = 5\n'
"""tests/short_game.py's SHORT, as a file's text."""

LONG = load_variant_text(
    'name = "long"\nextends = "ena"\n[deal]\nhand_size = 2\n[scoring]\ntarget = 500\n'
)
"""SHORT's deal with a target of 500: bor going out on line 6 ends round 1, not the game."""


def _both(lines: list[dict[str, Any]]) -> tuple[Report, Report]:
    """The report of ``lines`` under LONG, kept whole and on the fast path (keep=False)."""
    text = [json.dumps(x) for x in lines]
    return validate(text, variant=LONG), validate(text, variant=LONG, keep=False)


def test_describe_line_words_a_parsed_line_as_written() -> None:
    assert describe_line(Play("ana", "W", color="green")) == "play ana W green"
    assert describe_line(CallUno("ana", target="bor")) == "call_uno ana -> bor"
    assert describe_line(PenaltyClaim("bor", 1)) == "claim_penalty bor 1 card"
    assert describe_line(PenaltyClaim("bor", 2)) == "claim_penalty bor 2 cards"


def test_iter_results_keeps_nothing_it_has_yielded() -> None:
    """A result the caller has dropped is gone, while the stream goes on (constant memory)."""
    results = iter_results([json.dumps(x) for x in (HEAD, *EVENTS)], variant=SHORT)
    gone = [weakref.ref(next(results)) for _ in range(3)]
    assert [ref() is None for ref in gone[:2]] == [True, True]


def test_keep_false_an_event_after_a_round_ended_is_unusable_and_claims_still_check() -> None:
    lines = [
        HEAD,
        *EVENTS[:3],
        {"type": "claim_drawn", "player": "cene", "count": 1},
        *EVENTS[3:],
        {"type": "draw", "player": "cene"},
        {"type": "claim_round", "round": 1, "winner": "bor"},
    ]
    full, fast = _both(lines)
    assert (fast.events, fast.accepted, fast.problems, fast.claims) == (5, 5, 1, 2)
    assert fast.disagreements == 0 and fast.first_wrong == 8  # the unusable line, first
    (problem,) = fast.findings
    assert problem.text("g") == (
        "g:8: unusable: a draw line after round 1 ended at line 7 (bor went out): "
        "a round line must start round 2 first (the record first leaves the rules on this "
        "line: the lines after it are judged without it)"
    )
    assert fast.summary() == full.summary()


def test_keep_false_a_rejected_line_is_reported_as_written() -> None:
    full, fast = _both([HEAD, {"type": "pass", "player": "bor"}])
    (finding,) = fast.findings
    assert finding.record == {"type": "pass", "player": "bor"}
    assert finding.to_dict() == full.findings[0].to_dict()
    assert finding.text("g").startswith("g:2: pass bor -> rejected [TURN-DRAW turn.play_drawn]")


def test_a_rejected_line_says_what_the_rules_allow_and_where_the_record_left_them() -> None:
    head = _head("official")
    report = validate([head, BAD.replace("eve", "ana"), BAD.replace("eve", "bor")])
    instead_words = (
        "Instead: by the rules ana is due (top card B6 (blue)) and may: play Y6, play BR, "
        "play W naming a colour, play B1, draw."
    )
    first, second = (r.text("g") for r in report.results[1:])
    assert first == (
        "g:2: pass ana -> rejected [TURN-DRAW turn.play_drawn] ana may pass only after drawing "
        f"a playable card on their own turn {instead_words} "
        "(the record first leaves the rules on this line)"
    )
    assert second == (
        "g:3: pass bor -> rejected [TURN-DRAW turn.play_drawn] bor may pass only after drawing "
        f"a playable card on their own turn {instead_words} "
        "(the record follows a wrong state from line 2)"
    )


def test_a_claim_judged_without_its_record_is_named_by_its_kind() -> None:
    replay = Replay()
    replay.start(1, Header(1, "official", ("ana", "bor"), seed=7), load_variant("official"))
    assert check_claim(replay, 2, WinnerClaim("ana")).text() == (
        "line 2: claim -> DISAGREES: by the rules the game has not ended (the log ends in "
        "round 1: ana is due (play).) (the record first leaves the rules on this line)"
    )


def _texts(lines: list[dict[str, Any]]) -> list[str]:
    """Each judged line's text under LONG, from line 2 on."""
    report = validate([json.dumps(x) for x in lines], variant=LONG)
    return [r.text("g") for r in report.results[1:]]


def test_PEN_ENA_penalty_and_draw_claims_are_checked_in_words() -> None:
    """Claims before any event have nothing to check; then ana's out-of-turn play (line 4) is
    penalised 2 cards (Y7 Y8), which the table's penalty and draw claims are checked against."""
    texts = _texts(
        [
            HEAD,
            {"type": "claim_penalty", "player": "ana", "cards": 2},
            {"type": "claim_drawn", "player": "ana", "count": 0},
            {"type": "play", "player": "ana", "card": "R1"},
            {"type": "claim_penalty", "player": "ana", "cards": 2},
            {"type": "claim_penalty", "player": "ana", "cards": 1},
            {"type": "claim_drawn", "player": "ana", "count": 2},
            {"type": "claim_drawn", "player": "bor", "count": 0},
            {"type": "claim_drawn", "player": "ana", "cards": ["Y7"]},
            EVENTS[0],
            EVENTS[1],
            {"type": "claim_penalty", "player": "bor", "cards": 2},
        ]
    )
    pen = "for line 4 (penalised [PEN-ENA penalties.out_of_turn])"
    assert texts[:2] == [
        "g:2: claim_penalty ana 2 cards -> DISAGREES: no event before this claim "
        "(the record first leaves the rules on this line)",
        "g:3: claim_drawn ana count 0 -> DISAGREES: no event before this claim "
        "(the record follows a wrong state from line 2)",
    ]
    assert texts[3:] == [
        f"g:5: claim_penalty ana 2 cards -> agrees: ana draws 2 {pen}",
        f"g:6: claim_penalty ana 1 card -> DISAGREES: the rules penalise ana 2 cards {pen} "
        "(the record follows a wrong state from line 2)",
        "g:7: claim_drawn ana count 2 -> agrees: ana drew 2 at line 4 (Y7 Y8)",
        "g:8: claim_drawn bor count 0 -> agrees: bor drew 0 at line 4 (nothing)",
        "g:9: claim_drawn ana cards Y7 -> DISAGREES: by the rules ana drew 2 at line 4 (Y7 Y8) "
        "(the record follows a wrong state from line 2)",
        "g:10: play bor R4 -> accepted [TURN-MATCH turn.match] bor plays R4: it matches. bor has "
        "one card left and must call UNO. cene is next (clockwise).",
        "g:11: call_uno bor -> accepted [UNO-SAFE uno.window] bor calls UNO and is safe.",
        "g:12: claim_penalty bor 2 cards -> DISAGREES: the rules give no penalty for line 11 "
        "(accepted [UNO-SAFE uno.window]) (the record follows a wrong state from line 2)",
    ]


ROUND_2 = [  # bor deals round 2 from the same deck: cene holds R4 R6, ana B1 BS, bor R1 G9
    {"type": "round", "deck": HEAD["deck"]},
    {"type": "play", "player": "cene", "card": "R4"},
    {"type": "call_uno", "player": "cene"},
    {"type": "draw", "player": "ana"},
    {"type": "draw", "player": "bor"},
    {"type": "play", "player": "cene", "card": "R6"},
]
ROUND_2_FACTS = (
    "round 2 (ended at line 15): cene went out; points ana 28, bor 18, cene 0; "
    "totals ana 46, bor 18, cene 28"
)


MID = load_variant_text(
    'name = "mid"\nextends = "ena"\n[deal]\nhand_size = 2\n[scoring]\ntarget = 40\n'
)
"""A target of 40: round 2 (totals ana 46, bor 18, cene 28) ends the game, bor winning."""


@pytest.mark.parametrize("variant", [LONG, MID], ids=["round 2 ends", "round 2 ends the game"])
def test_END_ROUND_a_round_claim_follows_its_rounds_own_first_wrong_line(variant: Variant) -> None:
    """A claim about round 1 made in round 2 follows round 1's wrong line (2); a claim about
    round 2 follows round 2's (10); a claim wrong only in its totals, the game's first (2).
    A claim for a round to come has not ended; one for round 1 after round 2 ended is unusable."""
    r1 = {"type": "claim_round", "round": 1}
    r2 = {"type": "claim_round", "round": 2}
    report = validate(
        [
            json.dumps(x)
            for x in (
                HEAD,
                {"type": "pass", "player": "ana"},
                *EVENTS,
                *ROUND_2[:2],
                {**r1, "winner": "ana"},
                {**r1, "totals": {"ana": 1}},
                *ROUND_2[2:],
                {**r2, "totals": {"ana": 1}},
                {**r2, "winner": "ana"},
                {**r2, "winner": "cene", "points": {"ana": 28, "bor": 18, "cene": 0}},
                {"type": "claim_round", "round": 3, "winner": "bor"},
                {**r1, "winner": "bor"},
            )
        ],
        variant=variant,
    )
    claims = [r for r in report.results if r.kind == "claim"]
    assert [(r.line, r.agrees, r.since) for r in claims] == [
        (10, False, 2),
        (11, False, 2),
        (16, False, 2),
        (17, False, 10),
        (18, True, None),
        (19, False, 10),
    ]
    assert claims[3].rules == f"the winner is cene, not ana (by the rules {ROUND_2_FACTS})"
    assert claims[4].message == ROUND_2_FACTS
    assert claims[5].rules == "by the rules round 3 has not ended"
    last = report.results[-1]
    assert (last.line, last.kind) == (20, "problem")
    assert last.message == (
        "claim_round for round 1: a round's claim must follow it, before the next round ends "
        "(the referee keeps only the last result)"
    )


AFTER_THE_END = {"type": "draw", "player": "cene"}  # SHORT's game ended on line 6


def test_keep_false_keeps_the_first_MAX_FINDINGS_findings_and_counts_them_all() -> None:
    lines = [json.dumps(x) for x in (HEAD, *EVENTS)] + [json.dumps(AFTER_THE_END)] * (
        MAX_FINDINGS + 1
    )
    report = validate(lines, variant=SHORT, keep=False)
    assert (report.problems, report.exit_code) == (MAX_FINDINGS + 1, 2)
    assert len(report.findings) == MAX_FINDINGS
    assert (report.findings[0].line, report.findings[-1].line) == (7, MAX_FINDINGS + 6)


def test_strict_a_line_the_validator_cannot_judge_raises_with_its_line() -> None:
    lines = [json.dumps(x) for x in (HEAD, *EVENTS, AFTER_THE_END)]
    with pytest.raises(LogError) as err:
        validate(lines, variant=SHORT, strict=True, source="g.jsonl")
    assert str(err.value) == (
        "g.jsonl:7: a draw line after the game ended (line 6: bor won): only claims may follow"
    )


def test_keep_false_strict_raises_at_the_first_unusable_line_with_its_source() -> None:
    lines = [json.dumps(HEAD), BAD]
    with pytest.raises(LogError) as err:
        validate(lines, variant=SHORT, keep=False, strict=True, source="g.jsonl")
    assert str(err.value) == (
        "g.jsonl:2: 'eve' is not a player of this log (ana, bor, cene) @ $.player"
    )


def test_keep_false_a_log_without_a_usable_header_judges_nothing() -> None:
    report = validate(
        ['{"ena_log": 1, "variant": "official", "players": ["ana"]}', BAD], keep=False
    )
    assert (report.problems, report.events, report.exit_code) == (1, 0, 2)
    assert report.summary_text().endswith("no usable header: nothing was judged.")


def test_keep_false_a_log_files_header_may_name_a_variant_beside_it(tmp_path: Path) -> None:
    (tmp_path / "house.toml").write_text(SHORT_TOML, "utf-8")
    log = tmp_path / "g.jsonl"
    log.write_text(
        "".join(json.dumps(x) + "\n" for x in ({**HEAD, "variant": "house.toml"}, *EVENTS))
    )
    report = validate(log, keep=False)
    assert (report.variant, report.problems, report.accepted) == ("short", 0, 5)
    assert report.ending == "game over: bor won with 0."


BLITZ = load_variant_text('name = "blitz"\nextends = "official"\n[time]\nlimit = 30\n')
"""HR-TIME-LIMIT: a turn of 30 s at most."""


def test_HR_TIME_LIMIT_keep_false_judges_a_late_move_from_its_time() -> None:
    """Seed 7 deals ana B1 and bor B3 on B6: bor's play 42 s into the turn is late."""
    lines = [
        _head("official"),
        json.dumps({"type": "play", "player": "ana", "card": "B1", "time": 12}),
        json.dumps({"type": "play", "player": "bor", "card": "B3", "time": 54}),
    ]
    full = validate(lines, variant=BLITZ)
    fast = validate(lines, variant=BLITZ, keep=False)
    assert (fast.accepted, fast.penalised) == (1, 1)
    assert fast.summary() == full.summary()
    assert full.results[2].clause == "HR-TIME-LIMIT"


def test_HR_TIME_LIMIT_a_penalty_of_0_cards_is_what_a_penalty_claim_is_checked_against() -> None:
    costs_the_turn = load_variant_text(
        'name = "blitz"\nextends = "official"\n[time]\nlimit = 30\npenalty = 0\n'
    )
    lines = [
        _head("official"),
        json.dumps({"type": "play", "player": "ana", "card": "B1", "time": 12}),
        json.dumps({"type": "play", "player": "bor", "card": "B3", "time": 54}),
        json.dumps({"type": "claim_penalty", "player": "bor", "cards": 1}),
    ]
    claim = validate(lines, variant=costs_the_turn).results[-1]
    assert (claim.agrees, claim.rules) == (
        False,
        "the rules penalise bor 0 cards for line 3 (penalised [HR-TIME-LIMIT time.penalty])",
    )


def test_HR_MULTI_PLAY_instead_names_each_play_of_several_cards() -> None:
    s = deal(
        derived("official", 3, "[play]\nmulti = true\n"),
        [["R1", "G1", "B1"], ["B2", "Y2", "Y3"]],
        "R5",
    )
    assert instead(s) == (
        "by the rules ana is due (top card R5 (red)) and may: play R1, play R1+G1, play R1+B1, "
        "play R1+B1+G1, play R1+G1+B1, draw."
    )


def test_PEN_ENA_a_turns_draw_is_no_penalty() -> None:
    lines = [HEAD, *EVENTS[:3], {"type": "claim_penalty", "player": "cene", "cards": 1}]
    claim = validate([json.dumps(x) for x in lines], variant=SHORT).results[-1]
    assert (claim.agrees, claim.rules) == (
        False,
        "the rules give no penalty for line 4 (accepted [TURN-DRAW turn.draw])",
    )


def test_validate_folder_allow_paths_and_resolver_widen_what_a_header_may_name(
    tmp_path: Path,
) -> None:
    """``validate`` passes ``folder``, ``allow_paths`` and ``resolver`` on to the reader, as
    ``iter_results`` does: without them a header's ``.toml`` is not read."""
    (tmp_path / "house.toml").write_text('name = "house"\nextends = "ena"\n', "utf-8")
    path = str(tmp_path / "house.toml")
    refused = validate([_head("house.toml")])
    assert (refused.problems, refused.exit_code) == (1, 2)
    assert validate([_head("house.toml")], folder=tmp_path).variant == "house"
    assert validate([_head(path)], allow_paths=[tmp_path]).variant == "house"
    resolved = validate([_head("mine")], resolver=lambda name: load_variant("ena"))
    assert (resolved.variant, resolved.problems) == ("ena", 0)


def test_validator_for_defaults_and_the_standard_input() -> None:
    """``validator_for``: forgiving and keeping every result unless told otherwise; a list of
    lines is named ``<log>``, ``-`` (standard input) has no folder for a header's file."""
    v = validator_for(["{}"])
    assert (v.strict, v.keep, v.source, v.access.folder) == (False, True, "<log>", None)
    stdin = validator_for("-")
    assert (stdin.source, stdin.access.folder) == ("<stdin>", None)


def test_validate_a_log_of_the_wrong_type_is_a_type_error_naming_it() -> None:
    """A log is a path or an iterable of lines: bytes or a number is a caller's mistake."""
    for log, kind in ((b'{"ena_log": 1}', "bytes"), (7, "int")):
        with pytest.raises(TypeError) as err:  # an ArgumentTypeError: a library error too
            validate(log)  # type: ignore[arg-type]
        assert str(err.value) == (
            "validate(): log: expected a path or an iterable of lines (str or bytes), "
            f"got {kind} {log!r}"
        )


def test_Replay_start_a_header_the_reader_did_not_check_is_a_problem_in_words() -> None:
    """``Replay.start`` given a header no reader checked: too many players, or a deck that is
    not the variant's, is a problem line saying why (nothing is replayed)."""
    v = load_variant("official")
    crowd = Replay().start(1, Header(1, "official", tuple("abcdefghijk"), seed=3), v)
    assert (crowd.kind, crowd.message) == (
        "problem",
        "the header cannot start a game: 11 players: variant 'official' allows 2 to 10 "
        "(players.min, players.max; SETUP-PLAYERS)",
    )
    deck = (*canonical_deck(v)[:-1], parse_card("R1"))
    bad = Replay().start(1, Header(1, "official", ("ana", "bor"), dealer="ana", deck=deck), v)
    assert (bad.kind, bad.message) == (
        "problem",
        "the header's deal fails: the deck is not the official deck (missing: W+4; extra: R1)",
    )


def test_FLIP_D2_the_headers_deal_draws_and_skips_in_words() -> None:
    """FLIP-D2: seed 9 turns up a G+2 at the header's deal: the header's line carries bor's
    draw and skip, and its message is the cut's and the deal's words in order."""
    head = {"ena_log": 1, "variant": "official", "players": ["ana", "bor", "cene"], "seed": 9}
    r = validate([json.dumps(head)]).results[0]
    assert (r.kind, r.drawn, r.skipped) == ("header", (("bor", 2),), ("bor",))
    assert r.message == (
        "ana cuts Y7: counts 7. bor cuts R5: counts 5. cene cuts R1: counts 1. ana cut the "
        "highest card and deals. ana deals 7 cards to each player. G+2 is turned up. The "
        "turned-up G+2 makes bor draw 2 and lose the first turn. bor draws 2 (the +2 card). "
        "cene is next (clockwise)."
    )
