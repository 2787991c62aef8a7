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
from ena_rules.log.reader import MAX_LINE, Entry, LogReader, open_lines, source_name
from ena_rules.log.report import describe_record
from ena_rules.log.validate import validate

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


# --- the reader, more cases (docs/verification.md section 6: survivors of log/reader.py) ---

SEEDED = {"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7}


def read_all(*records: object) -> list[str]:
    """Each line of a seeded two-player log, as the reader shows it."""
    lines = [json.dumps(SEEDED), *(r if isinstance(r, str) else json.dumps(r) for r in records)]
    return [str(item) for item in LogReader(lines, source="g")]


def test_HR_TIME_LIMIT_a_header_with_a_time_is_unusable_at_its_time_key() -> None:
    """HR-TIME-LIMIT: the header is the game's start, time 0: it carries no "time"."""
    lines = [json.dumps({**SEEDED, "time": 0})]
    assert [str(item) for item in LogReader(lines, source="g")] == [
        "g:1: the header carries no time: it is the game's start, time 0 @ $.time"
    ]


def test_HR_TIME_LIMIT_a_repeated_line_keeps_its_time_and_its_order_is_checked() -> None:
    """A line whose text was read before (served from the reader's memory) still has its
    time, and that time is still checked against the line before it."""
    early = {"type": "pass", "player": "ana", "time": 5}
    entries = list(
        LogReader(
            [json.dumps(x) for x in (SEEDED, early, {**early, "time": 7.5}, early, early)],
            source="g",
        )
    )
    assert [getattr(e, "time", None) for e in entries[:3]] == [None, 5.0, 7.5]
    backwards = "time 5 is earlier than line 3's time 7.5: a log's times do not go backwards"
    assert [str(e) for e in entries[3:]] == [
        f"g:4: {backwards} @ $.time",
        f"g:5: {backwards} @ $.time",
    ]


def test_a_repeated_timed_line_is_an_entry_with_its_time() -> None:
    line = json.dumps({"type": "pass", "player": "ana", "time": 3})
    entries = list(LogReader([json.dumps(SEEDED), line, line], source="g"))
    assert [(str(e), getattr(e, "time", None)) for e in entries] == [
        ("g:1: header (official, ana, bor)", None),
        ("g:2: pass", 3.0),
        ("g:3: pass", 3.0),
    ]


def test_PEN_ADVICE_an_arbiters_line_naming_no_priced_offence_is_unusable() -> None:
    """PEN-ADVICE: the table imposes only the penalties the rules price."""
    from ena_rules.rules.arbiter import OFFENCES

    assert read_all({"type": "penalty", "player": "ana", "offence": "rudeness"})[1] == (
        f"g:2: 'rudeness': no such offence; expected one of {', '.join(OFFENCES)} @ $.offence"
    )


def test_a_claim_that_claims_nothing_is_unusable_and_says_what_to_give() -> None:
    assert read_all({"type": "claim_round", "round": 1}, {"type": "claim_drawn", "player": "bor"})[
        1:
    ] == [
        "g:2: a claim_round claims nothing: give winner, points or totals",
        "g:3: a claim_drawn claims nothing: give count or cards",
    ]


def test_a_claimed_winner_who_is_not_a_player_is_named_at_its_key() -> None:
    assert read_all({"type": "claim_round", "round": 1, "winner": "eve"})[1] == (
        "g:2: 'eve' is not a player of this log (ana, bor) @ $.winner"
    )


def test_DECK_108_a_claimed_drawn_card_not_in_the_deck_is_named_at_its_key() -> None:
    """DECK-108: a claim_drawn's cards are cards of the deck (``$.cards[i]``)."""
    assert read_all({"type": "claim_drawn", "player": "bor", "cards": ["R1", "W+6"]})[1] == (
        "g:2: 'W+6': no such card in the official deck @ $.cards[1]"
    )


def test_a_header_with_the_most_players_the_variant_allows_is_read() -> None:
    """SETUP-PLAYERS: official allows 2 to 10 players, both ends included."""
    players = [f"p{i}" for i in range(10)]
    lines = [json.dumps({**SEEDED, "players": players})]
    assert [str(item) for item in LogReader(lines, source="g")] == [
        f"g:1: header (official, {', '.join(players)})"
    ]


def header_problem(**fields: object) -> str:
    """The problem the reader reports for a header (SEEDED with ``fields``; None drops a key)."""
    head = {k: v for k, v in {**SEEDED, **fields}.items() if v is not None}
    (item,) = LogReader([json.dumps(head)], source="g")
    return str(item)


def test_a_seeded_header_carrying_a_deck_is_unusable_and_says_to_give_one_or_the_other() -> None:
    assert header_problem(dealer="ana", deck=["R1"], deck_seed=3) == (
        "g:1: a seeded header carries no deck or deck_seed: give either 'seed' or 'dealer' "
        "and 'deck'"
    )


def test_a_header_without_seed_dealer_or_deck_names_both_missing_keys() -> None:
    assert header_problem(seed=None) == (
        "g:1: no 'dealer' and no 'deck': a header gives either 'seed', or 'dealer' and 'deck' "
        "(round 1's whole deck, top first)"
    )


def official_deck() -> list[str]:
    from ena_rules import load_variant
    from ena_rules.rules.referee import canonical_deck

    return [str(c) for c in canonical_deck(load_variant("official"))]


def test_DECK_108_a_deck_that_does_not_fit_lists_what_is_missing_and_extra() -> None:
    """DECK-108: a header's or a round line's deck is the whole 108-card deck; the message
    lists the missing and the extra cards ("-" for none) and the key."""
    deck = official_deck()
    dealt = {"seed": None, "dealer": "ana"}
    assert header_problem(**dealt, deck=["W+6", "W+6", *deck[2:]]) == (
        f"g:1: the deck does not fit variant 'official' (108 cards; missing: {deck[0]}, "
        f"{deck[1]}; extra: W+6, W+6): a deck lists the whole 108-card deck, top first @ $.deck"
    )
    head = {**SEEDED, "seed": None, "dealer": "ana", "deck": deck}
    lines = [{k: v for k, v in head.items() if v is not None}, {"type": "round", "deck": deck[1:]}]
    assert [str(item) for item in LogReader([json.dumps(x) for x in lines], source="g")][1] == (
        f"g:2: the deck does not fit variant 'official' (107 cards; missing: {deck[0]}; "
        "extra: -): a deck lists the whole 108-card deck, top first @ $.deck"
    )
    assert header_problem(**dealt, deck=[*deck, "R1"]) == (
        "g:1: the deck does not fit variant 'official' (109 cards; missing: -; extra: R1): "
        "a deck lists the whole 108-card deck, top first @ $.deck"
    )


def test_a_round_line_carries_what_its_header_calls_for() -> None:
    """With a seeded header a round line carries nothing; with a dealt one, its deck; only a
    table record's round line carries 'turned'."""
    assert read_all({"type": "round", "seed": 4}, {"type": "round", "turned": ["R1"]})[1:] == [
        "g:2: with a seeded header a round line carries nothing (the seed fixes its deck)",
        'g:3: \'turned\' belongs to a table record\'s round line (header "deck": "unknown")',
    ]
    head = {k: v for k, v in {**SEEDED, "seed": None, "dealer": "ana"}.items() if v is not None}
    lines = [{**head, "deck": official_deck()}, {"type": "round"}]
    assert [str(item) for item in LogReader([json.dumps(x) for x in lines], source="g")][1] == (
        "g:2: a round line carries its deck (the header has no seed) @ $.deck"
    )


def test_a_table_records_round_line_carries_turned_and_no_deck() -> None:
    lines = [TABLE, {"type": "round", "turned": ["R1"], "deck": official_deck()}]
    assert [str(item) for item in LogReader([json.dumps(x) for x in lines], source="g")][1] == (
        "g:2: in a table record a round line carries 'turned' (the cards turned up at its deal, "
        "in order) and no deck or seed @ $.turned"
    )


def test_a_line_that_is_not_a_json_object_is_unusable() -> None:
    """Even one that holds the word "time" (a line's time is a key of an object)."""
    assert read_all('["time", 2]', '"the time"')[1:] == [
        "g:2: a line is a JSON object, not an array @ $",
        "g:3: a line is a JSON object, not a string @ $",
    ]


def test_a_line_nested_too_deeply_is_unusable_json() -> None:
    assert read_all("[" * 100_000 + "]" * 100_000)[1] == ("g:2: not usable JSON: nested too deeply")


def test_a_byte_order_mark_is_allowed_before_the_header_only() -> None:
    """A BOM may open the file (the header line), as bytes or text; on a later line it is
    not JSON."""
    bom_pass = '\ufeff{"type": "pass", "player": "ana"}'
    expected = ["g:1: header (official, ana, bor)", "g:2: not JSON: Expecting value (column 1)"]
    as_text = ["\ufeff" + json.dumps(SEEDED), bom_pass]
    assert [str(item) for item in LogReader(as_text, source="g")] == expected
    as_bytes = [line.encode("utf-8") for line in as_text]
    assert [str(item) for item in LogReader(as_bytes, source="g")] == expected


def test_a_line_of_other_white_space_than_jsons_is_not_blank() -> None:
    """Only space, tab, CR and LF make a blank line (skipped); a form feed is not JSON."""
    assert read_all(" \t\r\n", "\f") == [
        "g:1: header (official, ana, bor)",
        "g:3: not JSON: Expecting value (column 1)",
    ]


def test_a_line_of_exactly_max_line_bytes_is_read() -> None:
    line = b'{"type": "pass", "player": "ana"}'
    lines = [json.dumps(SEEDED).encode(), line + b" " * (MAX_LINE - len(line))]
    assert [str(item) for item in LogReader(lines, source="g")] == [
        "g:1: header (official, ana, bor)",
        "g:2: pass",
    ]


def test_a_log_line_that_is_neither_str_nor_bytes_is_a_type_error_naming_its_type() -> None:
    with pytest.raises(TypeError) as info:
        list(LogReader([json.dumps(SEEDED), 3]))  # type: ignore[list-item]
    assert str(info.value) == "a log line: expected str or bytes, got int 3"


def test_only_the_headers_entry_carries_the_variant_its_game_is_judged_by() -> None:
    lines = [json.dumps(SEEDED), '{"type": "pass", "player": "ana"}']
    header, line = LogReader(lines, source="g")
    assert isinstance(header, Entry) and isinstance(line, Entry)
    assert (header.variant and header.variant.name, line.variant) == ("official", None)
