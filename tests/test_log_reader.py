"""Reading and writing ena-logs: the forgiving reader reports every unusable line with its number
and goes on; the strict reader stops at the first; the writer writes what the reader reads back.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from ena_rules import CallUno, Draw, LogError, Play, canonical_deck, load_variant
from ena_rules.log import (
    MAX_LINE,
    DrawnClaim,
    Entry,
    Header,
    LogReader,
    LogWriter,
    Problem,
    RoundClaim,
    RoundStart,
    dump_header,
    open_lines,
)

ENA = load_variant("ena")
DECK = [str(c) for c in canonical_deck(ENA)]
SEEDED = json.dumps({"ena_log": 1, "variant": "ena", "players": ["ana", "bor", "cene"], "seed": 7})
EXPLICIT = json.dumps(
    {
        "ena_log": 1,
        "variant": "ena",
        "players": ["ana", "bor", "cene"],
        "dealer": "ana",
        "deck": DECK,
    }
)


def read(*lines: str, strict: bool = False) -> list[Entry | Problem]:
    return list(LogReader(list(lines), source="t.jsonl", strict=strict))


def problems(*lines: str) -> list[tuple[int, str]]:
    return [(p.line, p.reason) for p in read(*lines) if isinstance(p, Problem)]


class TestHeaderProblems:
    @pytest.mark.parametrize(
        ("header", "fragment"),
        [
            ('{"type": "play", "player": "ana", "card": "R1"}', "no header"),
            ("[1, 2]", "a header is a JSON object"),
            ('{"ena_log": 2, "variant": "ena", "players": ["a", "b"], "seed": 1}', "version 2"),
            ('{"ena_log": 1, "variant": "nope", "players": ["a", "b"], "seed": 1}', "unknown or"),
            ('{"ena_log": 1, "variant": "ena", "players": ["a", "a"], "seed": 1}', "repeat"),
            ('{"ena_log": 1, "variant": "ena", "players": ["a"], "seed": 1}', "1 players"),
            ('{"ena_log": 1, "variant": "ena", "players": ["a", "b"]}', "no 'dealer'"),
            ('{"ena_log": 1, "variant": "ena", "players": ["a", "b"], "dealer": "a"}', "no 'deck'"),
            (
                '{"ena_log": 1, "variant": "ena", "players": ["a", "b"], "seed": 1, '
                '"deck": ["R1"]}',
                "a seeded header carries no deck",
            ),
            (
                '{"ena_log": 1, "variant": "ena", "players": ["a", "b"], "seed": 1, "dealer": "x"}',
                "'x' (dealer) is not a player",
            ),
            (
                '{"ena_log": 1, "variant": "ena", "players": ["a", "b"], "dealer": "a", '
                '"deck": ["R1", "R2"]}',
                "the deck does not fit variant 'ena' (2 cards",
            ),
            ('{"ena_log": 1, "variant": "ena", "players": ["a", "b"], "seed": "7"}', "$.seed"),
        ],
    )
    def test_a_bad_header_is_reported_on_line_1(self, header: str, fragment: str) -> None:
        """A missing, malformed or unfitting header is a problem of line 1."""
        found = problems(header)
        assert found and found[0][0] == 1
        assert fragment in found[0][1]

    def test_a_deck_with_a_foreign_card_does_not_fit(self) -> None:
        """A header deck holding a card the variant's deck lacks is named as extra."""
        deck = [*DECK[:-1], "WS"]
        header = json.dumps(
            {"ena_log": 1, "variant": "ena", "players": ["a", "b"], "dealer": "a", "deck": deck}
        )
        [(line, reason)] = problems(header)
        assert line == 1 and "extra: WS" in reason and f"missing: {DECK[-1]}" in reason

    def test_an_empty_log_has_no_header(self) -> None:
        """A log with nothing but blank lines is reported as having no header."""
        assert problems("", "  ") == [(1, "no header: the log is empty")]


class TestLineProblems:
    @pytest.mark.parametrize(
        ("line", "fragment"),
        [
            ("{not json", "not JSON"),
            ('{"type": "play", "player": "ana", "card": NaN}', "NaN is not a JSON number"),
            ('{"type": "draw", "player": "ana", "player": "bor"}', "duplicate key 'player'"),
            ('{"type": "jump", "player": "ana"}', "unknown type 'jump'"),
            ('{"type": "play", "player": "eve", "card": "R1"}', "'eve' is not a player"),
            ('{"type": "call_uno", "player": "ana", "target": "eve"}', "@ $.target"),
            ('{"type": "play", "player": "ana", "card": "R10"}', "no such card in the ena deck"),
            ('{"type": "play", "player": "ana", "card": "Q1"}', "not a card code"),
            ('{"type": "play", "player": "ana"}', "required key missing @ $.card"),
            ('{"type": "pass", "player": "ana", "card": "R1"}', "unknown key 'card'"),
            ('{"type": "round", "deck": ["R1"]}', "carries nothing"),
            ('{"type": "claim_round", "round": 0, "winner": "ana"}', "rounds count from 1"),
            ('{"type": "claim_round", "round": 1}', "claims nothing"),
            ('{"type": "claim_round", "round": 1, "points": {"eve": 1}}', "$.points['eve']"),
            ('{"type": "claim_drawn", "player": "ana"}', "claims nothing"),
            ('{"type": "claim_drawn", "player": "ana", "count": 2, "cards": ["R1"]}', "count 2"),
            ('{"type": "claim_penalty", "player": "ana", "cards": 0}', "at least one card"),
            (SEEDED, "a second header"),
        ],
    )
    def test_a_malformed_line_is_a_problem_with_its_number(self, line: str, fragment: str) -> None:
        """Each record written wrongly is reported on its own line number, with its reason."""
        found = problems(SEEDED, '{"type": "draw", "player": "bor"}', line)
        assert len(found) == 1
        assert found[0][0] == 3
        assert fragment in found[0][1]

    def test_a_round_line_needs_its_deck_without_a_seed(self) -> None:
        """With an explicit-deck header, a round line carries its deck; the deck must fit."""
        assert "carries its deck" in problems(EXPLICIT, '{"type": "round"}')[0][1]
        bad = json.dumps({"type": "round", "deck": DECK[:-1]})
        assert "does not fit" in problems(EXPLICIT, bad)[0][1]
        good = json.dumps({"type": "round", "deck": DECK, "seed": 4})
        assert problems(EXPLICIT, good) == []

    def test_the_forgiving_reader_reports_every_problem_and_goes_on(self) -> None:
        """Every bad line is reported with its number; the good lines in between still come."""
        items = read(
            SEEDED,
            '{"type": "draw", "player": "bor"}',
            "oops",
            "",
            '{"type": "draw", "player": "eve"}',
            '{"type": "draw", "player": "cene"}',
        )
        kinds = [(type(x).__name__, x.line) for x in items]
        assert kinds == [
            ("Entry", 1),
            ("Entry", 2),
            ("Problem", 3),
            ("Problem", 5),
            ("Entry", 6),
        ]
        assert str(items[2]).startswith("t.jsonl:3: not JSON")

    def test_the_strict_reader_stops_at_the_first_problem(self) -> None:
        """In strict mode the first unusable line raises LogError with its line number."""
        lines = [SEEDED, '{"type": "draw", "player": "bor"}', "oops", "{also bad"]
        seen = []
        with pytest.raises(LogError) as info:
            for item in LogReader(lines, source="t.jsonl", strict=True):
                seen.append(item)
        assert info.value.line == 3 and info.value.source == "t.jsonl"
        assert str(info.value).startswith("t.jsonl:3: not JSON")
        assert len(seen) == 2

    def test_without_a_header_lines_are_still_checked_for_form(self) -> None:
        """After an unusable header, later lines are still read and their form checked."""
        found = problems('{"ena_log": 9}', '{"type": "draw", "player": "x"}', '{"type": "x"}')
        assert [line for line, _ in found] == [1, 3]


class TestBytes:
    def test_a_byte_order_mark_and_crlf_are_accepted(self) -> None:
        """A UTF-8 BOM before the header and CRLF line ends do not matter."""
        lines = [
            b"\xef\xbb\xbf" + SEEDED.encode() + b"\r\n",
            b'{"type": "draw", "player": "bor"}\r\n',
        ]
        assert all(isinstance(x, Entry) for x in LogReader(lines))

    def test_bytes_that_are_not_utf8_are_a_problem(self) -> None:
        """A line that is not UTF-8 is reported, not raised."""
        items = list(LogReader([SEEDED.encode(), b'{"type": "draw", "player": "b\xff"}']))
        assert isinstance(items[1], Problem) and "not UTF-8" in items[1].reason

    def test_an_overlong_line_is_skipped_in_bounded_pieces(self, tmp_path: Path) -> None:
        """A line longer than MAX_LINE is reported; the next line is read normally."""
        path = tmp_path / "long.jsonl"
        path.write_bytes(
            SEEDED.encode()
            + b"\n"
            + b'{"type": "draw", "player": "'
            + b"x" * (2 * MAX_LINE + 10)
            + b'"}\n'
            + b'{"type": "draw", "player": "bor"}\n'
        )
        items = list(LogReader(open_lines(path), source=str(path)))
        assert [type(x).__name__ for x in items] == ["Entry", "Problem", "Entry"]
        assert "longer than" in items[1].reason  # type: ignore[union-attr]
        assert items[2].line == 3


class TestWriter:
    def test_what_the_writer_writes_the_reader_reads_back(self) -> None:
        """Header and lines written by LogWriter come back equal, with their line numbers."""
        out = io.StringIO()
        header = Header(1, "ena", ("ana", "bor", "cene"), seed=3)
        lines = [
            Play("bor", "w", color="red"),
            Draw("cene"),
            CallUno("ana", target="bor"),
            RoundStart(),
            RoundClaim(1, winner="ana", points={"ana": 0}),
            DrawnClaim("cene", count=1),
        ]
        w = LogWriter(out, header)
        for line in lines:
            w.write(line)
        items = list(LogReader(out.getvalue().splitlines()))
        assert [x.item for x in items if isinstance(x, Entry)] == [header, *lines]
        assert [x.line for x in items] == list(range(1, 8))

    def test_the_header_line_is_canonical_json(self) -> None:
        """dump_header writes keys in the contract's order, cards canonical, nothing unset."""
        deck = canonical_deck(ENA)
        text = dump_header(Header(1, "ena", ("a", "b"), dealer="a", deck=deck))
        data = json.loads(text)
        assert list(data) == ["ena_log", "variant", "players", "dealer", "deck"]
        assert data["deck"] == DECK
