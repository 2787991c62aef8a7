"""The sample logs of docs/examples/: each gives its documented result, and every line of every
sample fits the shipped JSON Schema.

``NAME.expected.json`` beside each ``NAME.jsonl`` is the validator's report; the verdicts,
clauses, keys, claim checks and counts are compared here (the words of the messages are checked
by the freshness test, which regenerates every sample with docs/make_examples.py).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest
from jsonschema import Draft202012Validator

from ena_rules.log import LINE_TYPES, Header, load_schema
from ena_rules.log.validate import LineResult, Report, validate

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
NAMES = (
    "ena-clean",
    "ena-disputed",
    "official-challenges",
    "table-consistent",
    "table-score-wrong",
    "table-impossible",
    "crazy-eights-clean",
    "crazy-eights-mistake",
    "no-mercy-stack",
    "no-mercy-same-value-stack",
    "flip-turns",
    "flip-turns-miscount",
)
COMPARED = ("line", "kind", "type", "outcome", "clause", "key", "agrees", "since", "round_ended")
SUMMARY = (
    "exit_code",
    "variant",
    "players",
    "events",
    "accepted",
    "penalised",
    "rejected",
    "claims",
    "disagreements",
    "problems",
    "first_wrong_line",
)


def _expected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{name}.expected.json").read_text("utf-8"))
    return data


def _report(name: str) -> Report:
    return validate(EXAMPLES / f"{name}.jsonl")


def _by_type(report: Report, kind: str) -> list[LineResult]:
    return [r for r in report.results if r.type == kind]


def _make_examples() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_examples", EXAMPLES.parent / "make_examples.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TestDocumentedResults:
    @pytest.mark.parametrize("name", NAMES)
    def test_each_sample_gives_its_documented_result(self, name: str) -> None:
        """The validator's exit code, counts, final scores and every line's verdict, clause,
        key and claim check are the ones written in NAME.expected.json."""
        want = _expected(name)
        got = _report(name).to_dict()
        assert got["exit_code"] == want["exit_code"]
        for key in SUMMARY:
            assert got["summary"][key] == want["summary"][key], key
        assert got["summary"]["final"]["scores"] == want["summary"]["final"]["scores"]
        assert got["summary"]["final"]["winner"] == want["summary"]["final"]["winner"]
        assert len(got["lines"]) == len(want["lines"])
        for mine, theirs in zip(got["lines"], want["lines"], strict=True):
            assert {k: mine.get(k) for k in COMPARED} == {k: theirs.get(k) for k in COMPARED}
            assert mine.get("drawn") == theirs.get("drawn")

    def test_the_samples_are_fresh(self) -> None:
        """Regenerating every sample with the real engine gives the files on disk, word for word
        (if this fails after a change to the engine, run python3 docs/make_examples.py
        and read the diff)."""
        assert _make_examples().main(["--check"]) == 0


class TestTheStories:
    def test_OVT_IDENT_the_disputed_game_has_its_four_situations(self) -> None:
        """OVT-IDENT: the disputed Ena game holds an out-of-turn play (penalised, PEN-ENA), a
        valid overtake (accepted, OVT-IDENT), a UNO catch made too late (penalised, UNO-FALSE)
        that the table punished the other way, and a miscounted score; it is inconsistent."""
        r = _report("ena-disputed")
        plays = [x for x in _by_type(r, "play") if x.outcome == "penalised"]
        assert plays and plays[0].clause == "PEN-ENA" and plays[0].key == "penalties.out_of_turn"
        [overtake] = _by_type(r, "overtake")
        assert (overtake.outcome, overtake.clause) == ("accepted", "OVT-IDENT")
        [catch] = [x for x in _by_type(r, "call_uno") if x.record and "target" in x.record]
        assert (catch.outcome, catch.clause) == ("penalised", "UNO-FALSE")
        penalties = _by_type(r, "claim_penalty")
        assert [p.agrees for p in penalties] == [True, False]
        wrong = penalties[1]
        assert wrong.line == catch.line + 1 and wrong.since == wrong.line
        rounds = _by_type(r, "claim_round")
        assert [x.agrees for x in rounds] == [False, False]
        assert rounds[0].since == wrong.line  # round 1's claim follows the wrong ruling
        assert rounds[1].since == rounds[1].line  # round 2's claim is a counting mistake
        assert r.exit_code == 1 and r.first_wrong == wrong.line

    def test_SCORE_ENA_the_clean_game_ends_with_the_lowest_total_winning(self) -> None:
        """SCORE-ENA: the clean Ena game is consistent, every claim agrees, and it ends when a
        player passes 500 with the lowest total winning."""
        r = _report("ena-clean")
        assert r.exit_code == 0 and r.disagreements == 0 and r.claims >= 4
        assert r.final is not None and r.final.phase == "over"
        scores = r.final.scores
        assert max(scores) >= 500
        assert r.final.winner == scores.index(min(scores))
        [color] = _by_type(r, "choose_color")
        assert color.clause == "FLIP-WILD"
        assert _by_type(r, "claim_winner")[0].agrees is True

    def test_CHAL_INNOCENT_the_official_game_has_both_challenges(self) -> None:
        """CHAL-INNOCENT: the official game holds a successful challenge (CHAL-GUILTY: the
        player of the Wild Draw Four draws 4) and a failed one (the challenger draws 6)."""
        r = _report("official-challenges")
        challenges = _by_type(r, "challenge")
        assert [(c.outcome, c.clause) for c in challenges] == [
            ("accepted", "CHAL-GUILTY"),
            ("accepted", "CHAL-INNOCENT"),
        ]
        assert [dict(c.drawn) for c in challenges] == [{"bor": 4}, {"ana": 6}]
        assert r.exit_code == 0 and r.disagreements == 0


def _validator() -> Draft202012Validator:
    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


class TestSchema:
    @pytest.mark.parametrize("name", NAMES)
    def test_every_sample_line_fits_the_schema(self, name: str) -> None:
        """Each line of each sample log is valid under ena-log.schema.json."""
        v = _validator()
        for number, text in enumerate((EXAMPLES / f"{name}.jsonl").read_text("utf-8").splitlines()):
            errors = list(v.iter_errors(json.loads(text)))
            assert not errors, f"{name}.jsonl:{number + 1}: {errors[0].message}"

    @pytest.mark.parametrize(
        "obj",
        [
            {"type": "play", "player": "ana", "card": "R1", "colour": "red"},
            {"type": "play", "player": "ana"},
            {"type": "play", "player": "ana", "card": "X9"},
            {"type": "play", "player": "ana", "card": "W", "color": "magenta"},
            {"type": "jump", "player": "ana"},
            {"type": "call_uno", "player": "ana", "target": None},
            {"type": "round", "seed": 3},
            {"type": "claim_round", "round": 1},
            {"type": "claim_round", "round": 0, "winner": "ana"},
            {"type": "claim_drawn", "player": "ana"},
            {"type": "claim_penalty", "player": "ana", "cards": 0},
            {"ena_log": 1, "variant": "ena", "players": ["a", "b"]},
            {"ena_log": 1, "variant": "ena", "players": ["a", "b"], "seed": 1, "deck": ["R1"]},
            {"ena_log": 2, "variant": "ena", "players": ["a", "b"], "seed": 1},
        ],
        ids=lambda o: json.dumps(o)[:50],
    )
    def test_malformed_lines_do_not_fit_the_schema(self, obj: dict[str, Any]) -> None:
        """Lines the reader rejects for their form are invalid under the schema too."""
        assert list(_validator().iter_errors(obj))

    def test_the_schema_names_every_field_of_every_line_kind(self) -> None:
        """Each line kind's schema lists exactly its class's fields (plus "type"), and requires
        exactly those without a default: the schema and the converter cannot drift apart."""
        import attrs

        from ena_rules.log.table_form import SEEN_ALSO, SEEN_FIELDS

        defs = load_schema()["$defs"]
        for tag, cls in {**LINE_TYPES, "header": Header}.items():
            fields = attrs.fields(cls)
            # what a table saw (a draw's cards, a shown hand, the hands): read beside the class
            seen = {
                k
                for k, (owner, _) in SEEN_FIELDS.items()
                if owner == tag or tag in SEEN_ALSO.get(k, ())
            }
            # "time" (HR-TIME-LIMIT): the moment of the move, on every line after the header
            props = set(defs[tag]["properties"]) - {"type", "time"} - seen
            assert props == {f.name for f in fields}, tag
            required = {f.name for f in fields if f.default is attrs.NOTHING}
            assert set(defs[tag]["required"]) - {"type"} == required, tag


def test_the_examples_of_the_format_reference_run() -> None:
    """Every ``>>>`` example of docs/log-format.md gives the output the page shows."""
    import doctest

    result = doctest.testfile(
        str(ROOT / "docs" / "log-format.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0 and result.failed == 0


def test_C8_MATCH_the_hand_written_crazy_eights_log_and_its_twin() -> None:
    """C8-MATCH: the hand-written Crazy Eights log with one card that matches neither the suit
    nor the rank is inconsistent (exit 1) at that line, citing C8-MATCH; its twin without the
    line is consistent (exit 0)."""
    bad, good = _report("crazy-eights-mistake"), _report("crazy-eights-clean")
    assert (bad.exit_code, good.exit_code) == (1, 0)
    wrong = [r for r in bad.results if r.outcome == "rejected"]
    assert [(r.line, r.clause) for r in wrong] == [(13, "C8-MATCH")]
    assert "first leaves the rules at line 13" in (
        EXAMPLES / "crazy-eights-mistake.expected.txt"
    ).read_text("utf-8")


def test_NM_STACK_the_hand_written_no_mercy_record_under_both_readings() -> None:
    """NM-STACK: the hand-written No Mercy record where a Wild Draw 6 answers a Draw Four is
    consistent (exit 0) under no-mercy's equal_or_higher and inconsistent (exit 1) under the
    same-value preset, at that line, citing the key that decided it (stacking.by_value)."""
    good, bad = _report("no-mercy-stack"), _report("no-mercy-same-value-stack")
    assert (good.exit_code, bad.exit_code) == (0, 1)
    assert [(r.line, r.key) for r in good.results if r.type == "play"][1] == (
        3,
        "stacking.by_value",
    )
    wrong = [r for r in bad.results if r.outcome == "rejected"]
    assert (wrong[0].line, wrong[0].clause, wrong[0].key) == (3, "NM-STACK", "stacking.by_value")
    assert "first leaves the rules at line 3" in (
        EXAMPLES / "no-mercy-same-value-stack.expected.txt"
    ).read_text("utf-8")


def test_FLIP2_WDC_the_hand_written_flip_record_and_its_miscounted_twin() -> None:
    """FLIP2-FLIP, FLIP2-SKIP-ALL, FLIP2-WDC: the hand-written Flip record (an explicit deck of
    two-sided cards R1|P3; plays naming the face in play) turns the game over at its Flip, a
    Skip Everyone gives its player another turn, and the Wild Draw Color's victim draws three
    (a pink 9, a wild that does not count, an orange 3): consistent (exit 0). Its twin claims
    two cards drawn: inconsistent (exit 1) at that claim, which names the rules' count."""
    good, bad = _report("flip-turns"), _report("flip-turns-miscount")
    assert (good.exit_code, bad.exit_code) == (0, 1)
    plays = [(r.line, r.outcome, r.clause) for r in good.results if r.kind == "event"]
    assert plays[0] == (2, "accepted", "TURN-MATCH") and len(plays) == 5
    notes = {r.line: r.message for r in good.results}
    assert "The game turns over: the dark side is in play" in notes[2]
    assert "Every other player is skipped: bor plays again" in notes[3]
    assert "cene draws 3 until an orange card comes" in notes[5]
    claim = next(r for r in bad.results if r.type == "claim_drawn")
    assert (claim.line, claim.agrees) == (6, False) and "3" in (claim.rules or "")
