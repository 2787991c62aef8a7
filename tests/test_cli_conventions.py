"""One set of conventions for every subcommand (docs/cli.md).

Results on standard output, diagnostics on standard error; exit 0 = yes, 1 = the answer is no,
2 = usage error or unusable input; a closed pipe ends quietly (141); the progress bar is erased
before other output; values print as TOML; ``--json`` output follows its published schema.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from test_cli import BAD_LOGS, CLEAN, DISPUTED, EXAMPLES, OFFICIAL, ROOT, cli

from ena_rules import load_variant
from ena_rules.cli import BROKEN_PIPE
from ena_rules.game.position import parse_position
from ena_rules.variant.io import variant_to_dict

SCHEMA = json.loads(
    resources.files("ena_rules")
    .joinpath("data", "validate-output.schema.json")
    .read_text(encoding="utf-8")
)


def _records(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


def _bad_variant(tmp_path: Path) -> Path:
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "ena"\n[deal]\nhand_sise = 5\n', encoding="utf-8")
    return bad


class TestExitCodesAndStreams:
    def test_check_of_an_invalid_file_answers_no_on_stdout(self, tmp_path: Path) -> None:
        """``variants check`` asks "is it valid?": an invalid file is exit 1, the answer on
        standard output naming the key."""
        r = cli("variants", "check", str(_bad_variant(tmp_path)))
        assert r.returncode == 1
        assert "invalid" in r.stdout and "hand_sise" in r.stdout and r.stderr == ""

    @pytest.mark.parametrize("action", ["show", "diff"])
    def test_show_and_diff_of_an_invalid_file_are_unusable_input(
        self, tmp_path: Path, action: str
    ) -> None:
        """``show`` and ``diff`` cannot use an invalid file: exit 2, ``error:`` on stderr."""
        bad = str(_bad_variant(tmp_path))
        r = cli("variants", action, bad, *(["ena"] if action == "diff" else []))
        assert r.returncode == 2 and r.stdout == ""
        assert r.stderr.startswith("ena-rules: error: ") and "hand_sise" in r.stderr

    @pytest.mark.parametrize(
        "args",
        [
            ("variants", "check", "missing/x.toml"),
            ("variants", "show", "missing/x.toml"),
            ("variants", "diff", "ena", "missing/x.toml"),
            ("validate", "--variant", "missing/x.toml", CLEAN),
            ("replay", "--variant", "missing/x.toml", CLEAN),
            ("simulate", "--variant", "missing/x.toml"),
        ],
        ids=["check", "show", "diff", "validate", "replay", "simulate"],
    )
    def test_a_variant_path_that_does_not_exist_says_file_not_found(
        self, args: tuple[str, ...]
    ) -> None:
        """Every subcommand: a missing variant file is exit 2 with "file not found"."""
        r = cli(*args)
        assert r.returncode == 2 and r.stdout == ""
        assert "missing/x.toml: file not found" in r.stderr

    def test_diff_exit_code_answers_whether_anything_differs(self) -> None:
        """``diff --exit-code`` is 1 when a key differs and 0 when none does; without it, 0."""
        assert cli("variants", "diff", "--exit-code", "official", "ena").returncode == 1
        assert cli("variants", "diff", "--exit-code", "ena", "ena").returncode == 0
        assert cli("variants", "diff", "official", "ena").returncode == 0

    def test_usage_errors_exit_2(self) -> None:
        """An unknown subcommand or option, or a bad number, is a usage error (exit 2)."""
        for args in (("frobnicate",), ("validate",), ("simulate", "--variant", "ena", "-n")):
            r = cli(*args)
            assert r.returncode == 2 and r.stdout == "" and "usage:" in r.stderr
        r = cli("simulate", "--variant", "ena", "--games", "0")
        assert r.returncode == 2 and "positive integer" in r.stderr

    def test_explain_an_unknown_id_is_unusable_input_with_a_suggestion(self) -> None:
        """``explain`` of a misspelt clause id: exit 2 on stderr, suggesting the right one."""
        r = cli("explain", "PEN-EMA")
        assert r.returncode == 2 and r.stdout == ""
        assert "did you mean PEN-ENA?" in r.stderr

    def test_new_into_a_missing_folder_is_a_clear_error(self, tmp_path: Path) -> None:
        """``variants new -o missing/dir/x.toml``: exit 2 saying it cannot write, no traceback."""
        r = cli(
            "variants", "new", "x", "--extends", "ena", "-o", "missing/dir/x.toml", cwd=tmp_path
        )
        assert r.returncode == 2
        assert "cannot write missing/dir/x.toml: No such file or directory" in r.stderr

    def test_a_variant_file_with_a_byte_order_mark_checks_ok(self, tmp_path: Path) -> None:
        """A TOML file saved with a UTF-8 BOM loads, as logs do."""
        path = tmp_path / "bom.toml"
        path.write_bytes(b"\xef\xbb\xbfextends = 'ena'\n[deal]\nhand_size = 5\n")
        r = cli("variants", "check", str(path))
        assert r.returncode == 0 and ": ok: variant 'bom'" in r.stdout


class TestPipesAndProgress:
    def test_a_closed_pipe_ends_quietly_without_reporting_an_inconsistency(self) -> None:
        """``validate --all LOG | head -1``: the command stops quietly with exit 141 (not 1)."""
        proc = subprocess.Popen(
            [sys.executable, "-m", "ena_rules", "validate", "--all", DISPUTED, DISPUTED],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read().decode()
        code = proc.wait(timeout=120)
        assert first.startswith(b"== ")
        assert code == BROKEN_PIPE
        assert err == ""

    def test_the_progress_bar_is_erased_before_other_output(self) -> None:
        """With stdout and stderr on one terminal, no result is written over or after a bar
        that was not erased first; erasing the bars leaves exactly the results."""
        args = [sys.executable, "-m", "ena_rules", "validate", "--progress", CLEAN, OFFICIAL]
        both = subprocess.run(
            args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False
        ).stdout.decode()
        alone = subprocess.run(args, cwd=ROOT, capture_output=True, check=False).stdout.decode()
        bars = list(re.finditer(r"\r\[[#.]{24}\] \d/2 [^\r\n]*", both))
        assert len(bars) == 4  # before and after each log
        for m in bars:
            assert both[m.end() : m.end() + 1] == "\r", "output follows a bar not erased"
        cleaned = re.sub(r"\r\[[#.]{24}\] \d/2 [^\r\n]*|\r +\r", "", both)
        assert cleaned == alone


class TestTomlValues:
    def test_show_prints_a_toml_file_equal_to_the_variant(self) -> None:
        """The output of ``variants show`` parses as TOML and holds every key's value."""
        for name in ("ena", "house-stack-mixed", "wild-customizable"):
            r = cli("variants", "show", name)
            parsed = tomllib.loads(r.stdout)
            expected = variant_to_dict(load_variant(name), cite=False)
            expected.pop("description", None)
            assert parsed == expected
        assert re.search(r'^ranks\."\+2"\.score = 20  # \[SCORE-VALUES', r.stdout, re.M)

    def test_diff_prints_toml_values_not_python_reprs(self) -> None:
        """A table shows as an inline TOML table, never ``{'+2': ['+2']}``."""
        r = cli("variants", "diff", "official", "house-stack-mixed")
        line = next(x for x in r.stdout.splitlines() if x.startswith("stacking.answer:"))
        assert line.startswith('stacking.answer: {} -> { "+2" = ["+2", "W+4"], "W+4" = [')
        assert "'" not in r.stdout


def _schema_errors(records: list[dict[str, Any]]) -> list[str]:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    return [f"{r}: {e.message}" for r in records for e in validator.iter_errors(r)]


class TestJsonOutput:
    def test_the_schema_is_itself_valid(self) -> None:
        """validate-output.schema.json is a valid draft 2020-12 schema naming every kind."""
        jsonschema.Draft202012Validator.check_schema(SCHEMA)
        kinds = {
            d["properties"]["kind"]["const"] for d in SCHEMA["$defs"].values() if "properties" in d
        }
        assert kinds == {"header", "event", "round", "claim", "problem", "summary", "error"}

    @pytest.mark.parametrize("log", sorted(EXAMPLES.glob("*.jsonl")), ids=lambda p: p.name)
    def test_validate_json_of_every_sample_follows_the_schema(self, log: Path) -> None:
        """Every record ``validate --json`` prints for the sample logs validates."""
        r = cli("validate", "--json", str(log.relative_to(ROOT)))
        assert _schema_errors(_records(r.stdout)) == []

    def test_unusable_lines_errors_and_strict_stops_follow_the_schema(self, tmp_path: Path) -> None:
        """Problem records, a missing file's error and --strict's error validate too."""
        records = []
        for name, (lines, _, _) in BAD_LOGS.items():
            log = tmp_path / f"{name.replace(' ', '-')}.jsonl"
            log.write_text("\n".join(lines) + "\n", encoding="utf-8")
            records += _records(cli("validate", "--json", str(log)).stdout)
            records += _records(cli("validate", "--json", "--strict", str(log)).stdout)
        records += _records(cli("validate", "--json", str(tmp_path / "nope.jsonl")).stdout)
        kinds = {r["kind"] for r in records}
        assert {"problem", "error", "summary", "header"} <= kinds
        assert _schema_errors(records) == []

    def test_replay_json_gives_each_line_with_its_position(self) -> None:
        """``replay --json``: a record per line (each position parses back), then a summary;
        it exits like validate and follows the same schema."""
        r = cli("replay", "--json", DISPUTED)
        assert r.returncode == 1
        records = _records(r.stdout)
        lines = sum(1 for _ in (ROOT / DISPUTED).open(encoding="utf-8"))
        assert [x["line"] for x in records[:-1]] == list(range(1, lines + 1))
        assert records[-1]["kind"] == "summary" and records[-1]["exit_code"] == 1
        positions = [x["position"] for x in records if "position" in x]
        assert len(positions) > lines // 2
        variant = load_variant("ena")
        assert all(parse_position(p, variant) is not None for p in positions[:20])
        assert _schema_errors(records) == []
