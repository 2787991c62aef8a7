"""The log reader, more cases: each problem counted once, the exact words and key paths of a
table record's own fields, and a header described in a report (docs/log-format.md;
docs/verification.md section 6)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from ena_rules.errors import LogReadError
from ena_rules.log import reader as reader_module
from ena_rules.log.reader import MAX_LINE, LogReader, open_lines, source_name
from ena_rules.log.report import describe_record
from ena_rules.validate import validate

NOT_A_CARD = (
    "not a card code; expected a colour R, Y, G or B followed by a rank (0-9, S, R, +2, ...), "
    "or a wild (W, W+4, WS, WC, ...)"
)
TABLE = {
    "ena_log": 1,
    "variant": "official",
    "players": ["ana", "bor"],
    "dealer": "ana",
    "deck": "unknown",
    "turned": ["R5"],
}


def test_each_problem_is_counted_once_and_named_with_its_line() -> None:
    head = {"ena_log": 1, "variant": "official", "players": ["ana", "bor", "cene"], "seed": 7}
    lines = [
        json.dumps(head),
        '{"type": "pass", "player": "eve"}',
        "nonsense",
        '{"type": "pass", "player": "ana"}',
    ]
    reader = LogReader(lines, source="g")
    assert [str(item) for item in reader] == [
        "g:1: header (official, ana, bor, cene)",
        "g:2: 'eve' is not a player of this log (ana, bor, cene) @ $.player",
        "g:3: not JSON: Expecting value (column 1)",
        "g:4: pass",
    ]
    assert reader.problems == 2


def test_a_table_records_seen_cards_are_checked_with_their_key_path() -> None:
    lines = [
        json.dumps(TABLE),
        json.dumps({"type": "draw", "player": "bor", "cards": "R1"}),
        json.dumps({"type": "draw", "player": "bor", "cards": ["R1", "XX"]}),
        json.dumps(
            {
                "type": "claim_round",
                "winner": "ana",
                "points": {"ana": 0, "bor": 0},
                "hands": {"bor": ["R1", "ZZ"]},
            }
        ),
    ]
    assert [str(item) for item in LogReader(lines, source="g")] == [
        "g:1: header (official, ana, bor)",
        "g:2: a list of card codes is expected @ $.cards",
        f"g:3: 'XX': {NOT_A_CARD} @ $.cards[1]",
        f"g:4: 'ZZ': {NOT_A_CARD} @ $.hands['bor'][1]",
    ]


def test_a_header_is_described_by_its_players_dealer_and_chance() -> None:
    base = {"ena_log": 1, "variant": "official", "players": ["ana", "bor"]}
    assert describe_record("header", {**base, "seed": 7}) == (
        "header: official; players ana, bor (clockwise); seed 7"
    )
    assert describe_record("header", {**base, "dealer": "ana", "deck": ["R1", "R2"]}) == (
        "header: official; players ana, bor (clockwise), dealer ana; deck of 2"
    )
    assert describe_record("header", {**TABLE, "turned": ["R5", "W+4"]}) == (
        "header: official; players ana, bor (clockwise), dealer ana; deck unknown, turned R5 W+4"
    )


def test_a_malformed_header_is_still_described() -> None:
    """A header the reader refused is described as far as it goes (a report of the problem)."""
    assert describe_record(
        "header", {"variant": "official", "deck": "unknown", "turned": "R5"}
    ) == ("header: official; players  (clockwise); deck unknown, turned ?")
    assert describe_record("header", {"variant": "official", "deck": 42}) == (
        "header: official; players  (clockwise); deck of 42"
    )


def test_a_table_records_seen_cards_are_described_in_a_report() -> None:
    assert (
        describe_record("draw", {"player": "bor", "cards": ["R1", "G2"]}) == "draw bor cards R1 G2"
    )
    assert (
        describe_record("challenge", {"player": "bor", "shown": ["R1"]}) == "challenge bor shown R1"
    )
    hands = {"round": 1, "winner": "bor", "points": {"bor": 5}, "hands": {"ana": ["G9", "R1"]}}
    assert describe_record(
        "claim_round", {**hands, "hands": {"ana": ["G9", "R1"], "cene": "?"}}
    ) == ("claim_round round 1 bor points bor 5 hands ana G9 R1, cene ?")
    assert describe_record("round", {"deck": ["R1", "G2", "B3"]}) == "round deck of 3"
    assert describe_record("round", {"turned": ["R1", "G2"]}) == "round turned R1 G2"


def test_a_reports_summary_counts_undetermined_points_and_problems() -> None:
    table = validate("docs/examples/table-consistent.jsonl")
    assert table.summary_text() == (
        "consistent (exit 0): 16 events (15 accepted, 0 penalised, 0 rejected); 1 claim, "
        "0 disagreeing; 2 undetermined points; the log ends after round 1."
    )
    head = {"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7}
    broken = validate([json.dumps(head), '{"type": "pass", "player": "ana"}', "nonsense"])
    assert broken.summary_text() == (
        "UNUSABLE (exit 2): 1 event (0 accepted, 0 penalised, 1 rejected); 0 claims, "
        "0 disagreeing; 1 unusable line; the record first leaves the rules at line 2; "
        "the log ends in round 1: ana is due (play)."
    )


def test_the_json_objects_of_a_report_have_the_documented_fields() -> None:
    """docs/log-format.md (--json): a line's object and the summary, field by field."""
    report = validate("docs/examples/ena-disputed.jsonl")
    finding = report.findings[0].to_dict()
    assert finding == {
        "line": 35,
        "kind": "claim",
        "type": "claim_penalty",
        "record": {"type": "claim_penalty", "player": "bor", "cards": 2},
        "message": finding["message"],
        "agrees": False,
        "rules": finding["message"],
        "since": 35,
    }
    overtake = next(r for r in report.results if r.skipped).to_dict()
    assert (overtake["line"], overtake["kind"], overtake["type"], overtake["skipped"]) == (
        5,
        "event",
        "overtake",
        ["cene"],
    )
    assert overtake["record"] == {"type": "overtake", "player": "ana", "card": "R3"}
    summary = report.summary()
    assert (summary["kind"], summary["result"], summary["exit_code"]) == (
        "summary",
        "inconsistent",
        1,
    )
    fields = "kind exit_code result variant players events accepted penalised rejected claims"
    fields += " disagreements problems undetermined first_wrong_line ending final"
    assert sorted(summary) == sorted(fields.split())
    final = summary["final"]
    assert sorted(final) == ["phase", "position", "rounds_finished", "scores", "winner"]
    assert final["scores"] == dict(zip(report.players, report.final.scores, strict=True))
    assert final["phase"] == report.final.phase and final["rounds_finished"] == report.final.round


# --- open_lines: the raw lines of a file or of standard input (docs/verification.md section 6) ---


def test_a_log_that_cannot_be_opened_is_a_log_read_error_with_the_systems_reason() -> None:
    with pytest.raises(LogReadError) as info:
        list(open_lines("no/such/log.jsonl"))
    assert str(info.value) == "no/such/log.jsonl: cannot read the log: No such file or directory"
    assert info.value.strerror == "No such file or directory"


def test_a_read_failure_without_a_system_reason_is_named_by_the_error_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def failing_open(*args: object, **kwargs: object) -> None:
        raise OSError("the disk went away")

    monkeypatch.setattr(reader_module, "open", failing_open, raising=False)
    with pytest.raises(LogReadError) as info:
        list(open_lines("game.jsonl"))
    assert str(info.value) == "game.jsonl: cannot read the log: the disk went away"
    assert info.value.strerror == "the disk went away"


def test_a_dash_reads_the_lines_of_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"a": 1}\nlast')))
    assert list(open_lines("-")) == [b'{"a": 1}\n', b"last"]


def test_an_over_long_line_is_cut_after_max_line_bytes_and_its_rest_skipped(
    tmp_path: Path,
) -> None:
    log = tmp_path / "long.jsonl"
    log.write_bytes(b"x" * (MAX_LINE + 10) + b"\nnext\n")
    assert list(open_lines(log)) == [b"x" * (MAX_LINE + 1), b"next\n"]


def test_a_line_of_exactly_max_line_bytes_and_its_newline_is_read_whole(tmp_path: Path) -> None:
    log = tmp_path / "full.jsonl"
    log.write_bytes(b"x" * MAX_LINE + b"\nnext\n")
    assert list(open_lines(log)) == [b"x" * MAX_LINE + b"\n", b"next\n"]


def test_a_log_is_named_in_messages_by_its_path_stdin_or_its_file_name(tmp_path: Path) -> None:
    """Messages name a log by its path, ``<stdin>`` for ``-``, an open file by its name and
    anything else (lines in a list) as ``<log>``."""
    path = tmp_path / "game.jsonl"
    path.write_text("{}\n", encoding="utf-8")
    assert (source_name(str(path)), source_name(path), source_name("-")) == (
        str(path),
        str(path),
        "<stdin>",
    )
    with path.open(encoding="utf-8") as f:
        assert source_name(f) == str(path)
    assert source_name(["{}"]) == "<log>"


def test_DECK_108_a_card_not_in_the_deck_is_unusable_with_its_key_path() -> None:
    """DECK-108: a card the variant's deck does not have makes its line unusable, and the
    message names the card's place in the line: ``$.card``, ``$.more[i]`` (HR-MULTI-PLAY),
    a draw's ``$.cards[i]``, a round line's ``$.deck[i]``."""
    head = {"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "dealer": "ana"}
    lines = [
        {**head, "seed": 3},
        {"type": "play", "player": "bor", "card": "W+6"},
        {"type": "play", "player": "bor", "card": "R1", "more": ["G1", "W+6"]},
        {"type": "draw", "player": "bor", "cards": ["R2", "W+6"]},
        {"type": "round", "deck": ["R1", "W+6"]},
    ]
    report = validate([json.dumps(x) for x in lines])
    assert [(r.line, r.kind, r.message) for r in report.results[1:]] == [
        (n, "problem", f"'W+6': no such card in the official deck @ {where}")
        for n, where in ((2, "$.card"), (3, "$.more[1]"), (4, "$.cards[1]"), (5, "$.deck[1]"))
    ]
