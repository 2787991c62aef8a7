"""Hostile input (issue 10): each reproduction gives its intended answer.

A log must not open files it has no business with; every input error is a library error; limits
instead of hangs; states that parse are states the engine accepts; misuse gets Python's own
answer. Each test is named for the reproduction it answers.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ena_rules import (
    Deal,
    Draw,
    EnaRulesError,
    EventError,
    Play,
    PositionError,
    VariantError,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.errors import ArgumentTypeError, CardError, LogError
from ena_rules.game.convert import structure_state, unstructure_state
from ena_rules.game.position import format_position, parse_position
from ena_rules.log import LogReader
from ena_rules.log.validate import validate
from ena_rules.rules.view import view
from ena_rules.variant.checks import MAX_DECK, MAX_EFFECTS, MAX_EXTENDS, MAX_RANKS

SECRET = 'secret_token = "hunter2"\n'
LONG = "x" * 300


def header(variant: str, **extra: Any) -> str:
    return json.dumps(
        {"ena_log": 1, "variant": variant, "players": ["ana", "bor"], "seed": 7, **extra}
    )


def write_log(folder: Path, variant: str, name: str = "game.jsonl") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(header(variant) + "\n", encoding="utf-8")
    return path


def problems(report: Any) -> list[str]:
    return [r.message for r in report.findings if r.kind == "problem"]


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "ena_rules.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
        check=False,
    )
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    return result


# -- 1. a log must not open files it has no business with --------------------------------------


class TestWhatAHeaderMayOpen:
    def test_a_header_naming_etc_passwd_is_unusable_and_not_read(self, tmp_path: Path) -> None:
        """``"variant": "/etc/passwd"`` is refused before anything is opened: exit 2."""
        report = validate(write_log(tmp_path, "/etc/passwd"))
        assert report.exit_code == 2
        assert "not allowed, so not read" in problems(report)[0]
        assert "root" not in problems(report)[0]

    def test_a_header_naming_dot_dot_secret_toml_is_unusable_and_not_read(
        self, tmp_path: Path
    ) -> None:
        """``"../../../secret.toml"``: outside the log's folder, refused; its key is never shown."""
        (tmp_path / "secret.toml").write_text(SECRET, encoding="utf-8")
        log = write_log(tmp_path / "a" / "b" / "c", "../../../secret.toml")
        report = validate(log)
        assert report.exit_code == 2
        assert "secret_token" not in problems(report)[0]
        assert "not allowed" in problems(report)[0]

    def test_an_error_about_a_file_that_is_not_a_variant_never_quotes_its_content(
        self, tmp_path: Path
    ) -> None:
        """A TOML file inside the log's folder that is no variant: unusable, content not shown."""
        (tmp_path / "secret.toml").write_text(SECRET, encoding="utf-8")
        report = validate(write_log(tmp_path, "secret.toml"))
        assert report.exit_code == 2
        assert "not a variant file" in problems(report)[0]
        assert "secret_token" not in problems(report)[0] and "hunter2" not in problems(report)[0]

    def test_a_name_with_a_slash_and_no_toml_does_not_resolve_against_the_current_directory(
        self, tmp_path: Path
    ) -> None:
        """``"rules/official"`` with such a file in the current directory: refused, exit 2."""
        cwd = tmp_path / "cwd"
        (cwd / "rules").mkdir(parents=True)
        (cwd / "rules" / "official").write_text('extends = "official"\n', encoding="utf-8")
        log = write_log(tmp_path / "logs", "rules/official")
        r = cli("validate", str(log), cwd=cwd)
        assert r.returncode == 2 and "not allowed" in r.stdout

    def test_a_toml_inside_the_logs_folder_resolves_against_the_logs_folder(
        self, tmp_path: Path
    ) -> None:
        """``"rules/house.toml"`` is the file beside the log, wherever the command runs."""
        (tmp_path / "logs" / "rules").mkdir(parents=True)
        (tmp_path / "logs" / "rules" / "house.toml").write_text(
            'extends = "official"\n[deal]\nhand_size = 5\n', encoding="utf-8"
        )
        log = write_log(tmp_path / "logs", "rules/house.toml")
        report = validate(log)
        assert report.exit_code == 0 and report.variant == "house"
        assert len(report.final.hands[0]) == 5  # type: ignore[union-attr]
        assert cli("validate", str(log), cwd=tmp_path).returncode == 0

    def test_a_symlink_inside_the_logs_folder_that_escapes_it_is_refused(
        self, tmp_path: Path
    ) -> None:
        """Resolved with symlinks: a link to a file outside the folder is not followed."""
        (tmp_path / "outside.toml").write_text('extends = "official"\n', encoding="utf-8")
        (tmp_path / "logs").mkdir()
        os.symlink(tmp_path / "outside.toml", tmp_path / "logs" / "link.toml")
        report = validate(write_log(tmp_path / "logs", "link.toml"))
        assert report.exit_code == 2 and "not allowed" in problems(report)[0]

    def test_allow_paths_widens_what_a_header_may_open(self, tmp_path: Path) -> None:
        """The caller may allow more folders: the API's ``allow_paths``, the CLI's option."""
        (tmp_path / "shared").mkdir()
        (tmp_path / "shared" / "house.toml").write_text('extends = "official"\n', "utf-8")
        log = write_log(tmp_path / "logs", "../shared/house.toml")
        assert validate(log).exit_code == 2
        assert validate(log, allow_paths=[tmp_path / "shared"]).exit_code == 0
        r = cli(
            "validate", "--allow-variant-path", str(tmp_path / "shared"), str(log), cwd=tmp_path
        )
        assert r.returncode == 0, r.stdout

    def test_extends_outside_the_files_folder_is_refused_unless_allowed(
        self, tmp_path: Path
    ) -> None:
        """``extends = "../secret.toml"`` in a variant file: refused; its target is not read."""
        (tmp_path / "secret.toml").write_text(SECRET, encoding="utf-8")
        (tmp_path / "base.toml").write_text('extends = "official"\n', encoding="utf-8")
        (tmp_path / "v").mkdir()
        bad = tmp_path / "v" / "bad.toml"
        bad.write_text('extends = "../secret.toml"\n', encoding="utf-8")
        with pytest.raises(VariantError) as info:
            load_variant(bad)
        assert info.value.path == "extends" and "secret_token" not in str(info.value)
        good = tmp_path / "v" / "good.toml"
        good.write_text('extends = "../base.toml"\n', encoding="utf-8")
        with pytest.raises(VariantError, match="not allowed"):
            load_variant(good)
        assert load_variant(good, allow_paths=[tmp_path]).name == "good"

    def test_a_log_given_as_a_stream_has_no_folder_names_only(self, tmp_path: Path) -> None:
        """In memory: a name works, a file name does not unless the caller gives a folder."""
        (tmp_path / "house.toml").write_text('extends = "official"\n', encoding="utf-8")
        assert validate([header("official")]).exit_code == 0
        report = validate([header("house.toml")], source="upload-1")
        assert report.exit_code == 2 and "has no folder" in problems(report)[0]
        assert validate([header("house.toml")], folder=tmp_path).exit_code == 0

    def test_a_resolver_answers_a_header_for_an_in_memory_log(self) -> None:
        """``resolver=`` looks names up itself (a worker without the log's files)."""
        house = load_variant_text('name = "house"\nextends = "official"\n')
        known = {"house": house}
        report = validate(
            io.StringIO(header("house") + "\n"), source="w1", resolver=known.__getitem__
        )
        assert report.exit_code == 0 and report.variant == "house" and report.source == "w1"
        missing = validate([header("nope")], resolver=known.__getitem__)
        assert missing.exit_code == 2 and "resolver knows no such variant" in problems(missing)[0]


# -- 2. every input error is a library error ---------------------------------------------------


class TestEveryInputErrorIsALibraryError:
    def test_a_null_line_as_line_1_before_the_header_is_unusable(self) -> None:
        """``null`` is not a blank line: exit 2, like ``[]``."""
        for first in ("null", "[]"):
            report = validate([first, header("official")])
            assert report.exit_code == 2
            assert report.findings[0].line == 1

    def test_a_null_line_after_the_header_is_unusable(self) -> None:
        """A ``null`` event line is a problem with its line number."""
        report = validate([header("official"), "null"])
        assert report.exit_code == 2 and report.findings[0].line == 2
        assert "not null" in report.findings[0].message

    def test_load_variant_of_a_300_character_name_is_a_variant_error(self) -> None:
        """``load_variant("x"*300)``: a VariantError naming the name (cut short), no OSError."""
        with pytest.raises(VariantError, match="File name too long"):
            load_variant(LONG)

    def test_extends_of_a_300_character_name_is_a_variant_error(self) -> None:
        """``extends = "yyyy..."``: a VariantError at key path extends."""
        with pytest.raises(VariantError) as info:
            load_variant_text(f'name = "x"\nextends = "{"y" * 300}"\n', source="x.toml")
        assert info.value.path == "extends"

    def test_a_header_naming_a_300_character_variant_is_unusable(self) -> None:
        """The header's variant too long for a file name: exit 2, not a traceback."""
        report = validate([header(LONG)])
        assert report.exit_code == 2 and "File name too long" in problems(report)[0]

    def test_variants_check_of_a_300_character_name_prints_no_traceback(
        self, tmp_path: Path
    ) -> None:
        """``ena-rules variants check xxx...``: an error message, exit 2 (no such file)."""
        r = cli("variants", "check", LONG, cwd=tmp_path)
        assert r.returncode == 2 and "File name too long" in r.stdout + r.stderr

    def test_a_header_that_fails_to_parse_gives_one_problem(self) -> None:
        """One problem, not a second "no header: the log is empty"."""
        for first in ("{not json", '{"ena_log": 1}', "\u00a0"):
            report = validate([first])
            assert report.problems == 1, [r.message for r in report.findings]

    def test_a_line_holding_only_a_no_break_space_or_a_form_feed_is_not_blank(self) -> None:
        """Only JSON's white space is blank: a no-break space or a form feed is a problem."""
        for odd in ("\u00a0", "\f"):
            report = validate([header("official"), odd])
            assert report.exit_code == 2 and report.findings[0].line == 2
        assert validate([header("official"), " \t\r\n"]).exit_code == 0

    def test_a_log_that_cannot_be_read_is_a_log_error_naming_the_path(self, tmp_path: Path) -> None:
        """A missing log (or a folder) is a LogError naming the path; the CLI exits 2."""
        for path in (tmp_path / "nope.jsonl", tmp_path):
            with pytest.raises(LogError, match=str(path)):
                validate(path)
        assert cli("validate", "nope.jsonl", cwd=tmp_path).returncode == 2


# -- 3. limits instead of hangs ----------------------------------------------------------------


def _big_deck(ranks: int, copies: int) -> str:
    lines = ['name = "big"', "[deck.colored]"]
    lines += [f'"N{i}" = {copies}' for i in range(ranks)]
    lines += [f'[ranks."N{i}"]\neffects = []' for i in range(ranks)]
    return "\n".join(lines) + "\n"


class TestLimits:
    def test_2000_ranks_of_100_copies_are_refused_naming_the_limit(self) -> None:
        """The 800,108-card deck of the issue: a VariantError naming MAX_RANKS, at once."""
        with pytest.raises(VariantError) as info:
            load_variant_text(_big_deck(2000, 100), source="big.toml")
        assert info.value.path == "ranks" and "MAX_RANKS" in str(info.value)
        assert MAX_RANKS == 100

    def test_a_deck_larger_than_max_deck_is_refused_naming_the_limit(self) -> None:
        """Few ranks, many copies: a VariantError naming MAX_DECK."""
        with pytest.raises(VariantError) as info:
            load_variant_text(_big_deck(20, 100), source="big.toml")
        assert info.value.path == "deck" and "MAX_DECK" in str(info.value)
        assert f"at most {MAX_DECK}" in str(info.value)

    def test_a_card_of_too_many_effects_is_refused_naming_the_limit(self) -> None:
        """More than MAX_EFFECTS effects on one card."""
        effects = ", ".join(['{op = "skip"}'] * (MAX_EFFECTS + 1))
        text = f'name = "x"\nextends = "official"\n[ranks.S]\neffects = [{effects}]\n'
        with pytest.raises(VariantError) as info:
            load_variant_text(text, source="x.toml")
        assert info.value.path == "ranks.S.effects" and "MAX_EFFECTS" in str(info.value)

    def test_an_extends_chain_longer_than_max_extends_is_refused(self, tmp_path: Path) -> None:
        """A chain of MAX_EXTENDS + 2 files: a VariantError naming MAX_EXTENDS."""
        (tmp_path / "v0.toml").write_text('extends = "official"\n', encoding="utf-8")
        for i in range(1, MAX_EXTENDS + 2):
            (tmp_path / f"v{i}.toml").write_text(f'extends = "v{i - 1}.toml"\n', "utf-8")
        assert load_variant(tmp_path / f"v{MAX_EXTENDS - 1}.toml").name == f"v{MAX_EXTENDS - 1}"
        with pytest.raises(VariantError, match="MAX_EXTENDS"):
            load_variant(tmp_path / f"v{MAX_EXTENDS + 1}.toml")

    def test_a_log_naming_a_huge_deck_variant_is_unusable_not_stalled(self, tmp_path: Path) -> None:
        """The validator refuses the header (exit 2) instead of dealing 800,108 cards."""
        (tmp_path / "big.toml").write_text(_big_deck(2000, 100), encoding="utf-8")
        report = validate(write_log(tmp_path, "big.toml"))
        assert report.exit_code == 2 and "MAX_RANKS" in problems(report)[0]

    def test_plain_validate_prints_no_agreeing_claim_and_all_prints_every_one(
        self, tmp_path: Path
    ) -> None:
        """By default only what a person needs; ``--all`` everything."""
        lines = [
            header("official"),
            '{"type": "draw", "player": "ana"}',
            '{"type": "claim_drawn", "player": "ana", "count": 1}',
        ]
        log = tmp_path / "g.jsonl"
        log.write_text("\n".join(lines) + "\n", encoding="utf-8")
        assert validate(log).exit_code == 0
        plain = cli("validate", str(log), cwd=tmp_path).stdout
        everything = cli("validate", "--all", str(log), cwd=tmp_path).stdout
        assert "agrees" not in plain and "claim_drawn" not in plain
        assert "claim_drawn ana count 1 -> agrees" in everything


# -- 4. states that parse are states the engine accepts ----------------------------------------


class TestStatesThatParse:
    def test_parse_position_play_without_hands_is_a_position_error_naming_the_field(
        self,
    ) -> None:
        """``official players=ana,bor phase=play scores=0,0``: a PositionError, not IndexError."""
        with pytest.raises(PositionError, match="dealer: phase 'play' needs a dealer"):
            parse_position("official players=ana,bor phase=play scores=0,0")
        with pytest.raises(PositionError, match="hands: phase 'play' needs a hand for each"):
            parse_position("official players=ana,bor phase=play dealer=0 scores=0,0")

    def test_parse_position_owe_without_a_pending_draw_is_a_position_error(self) -> None:
        """``phase=owe`` without a pending draw: a PositionError naming pending."""
        text = "official players=ana,bor phase=owe dealer=1 scores=0,0 hands=R1/G2 discard=R5"
        with pytest.raises(PositionError, match="pending: a pending draw is owed exactly"):
            parse_position(text)

    def test_a_state_structured_from_json_is_checked_the_same_way(self) -> None:
        """``structure_state`` of inconsistent data: a PositionError naming the field."""
        s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
        data = unstructure_state(s)
        assert structure_state(data) == s
        with pytest.raises(PositionError, match="turn: seat 7"):
            structure_state({**data, "turn": 7})

    def test_every_position_that_parses_is_one_the_engine_accepts(self) -> None:
        """A few hand-broken positions: each either fails to parse or is judged without crash."""
        s = apply(
            new_game(load_variant("ena"), ["ana", "bor"], dealer="ana"),
            Deal(load_variant("ena").cards),
        ).state
        text = format_position(s)
        for edit in ("turn=9", "phase=drawn", "phase=owe", "dealer=_", "hands=R1", "color=P"):
            name = edit.partition("=")[0]
            tokens = [t for t in text.split() if not t.startswith(name + "=")] + [edit]
            try:
                state = parse_position(" ".join(tokens))
            except PositionError:
                continue
            for e in legal_events(state):
                apply(state, e)


# -- 5. misuse gets Python's own answer --------------------------------------------------------


class TestMisuse:
    def test_apply_none_draw_raises_type_error_naming_the_argument(self) -> None:
        """``apply(None, Draw("ana"))``: TypeError naming ``state``, not AttributeError."""
        with pytest.raises(TypeError, match=r"apply\(\): state: expected a GameState"):
            apply(None, Draw("ana"))  # type: ignore[arg-type]

    def test_new_game_with_a_non_str_player_raises_type_error(self) -> None:
        """``new_game(v, ["ana", 7])``: TypeError naming ``players[1]``."""
        with pytest.raises(TypeError, match=r"players\[1\]"):
            new_game(load_variant("official"), ["ana", 7])  # type: ignore[list-item]

    def test_events_with_wrong_typed_fields_raise_type_error_naming_the_field(self) -> None:
        """A wrong Python type in an event field: a TypeError naming the field."""
        cases = [
            (lambda: Draw(3), "player"),
            (lambda: Play("ana", 5), "card"),
            (lambda: Play("ana", "W", color=3), "color"),
            (lambda: Play("ana", "R1", target=["bor"]), "target"),
            (lambda: Deal(None), "cards"),
            (lambda: Deal(["R1"], seed="7"), "seed"),
        ]
        for make, field in cases:
            with pytest.raises(TypeError, match=f"^{field}: expected"):
                make()

    def test_a_wrong_value_in_an_event_raises_event_error(self) -> None:
        """A wrong value of the right type: an EventError (a bad card is also a CardError)."""
        for make in (lambda: Play("ana", "X9"), lambda: Play("ana", "W", color="magenta")):
            with pytest.raises(EventError) as info:
                make()
            assert isinstance(info.value, CardError)
        with pytest.raises(EventError):
            Draw("")

    def test_every_misused_entry_point_raises_type_error_and_nothing_from_inside(self) -> None:
        """Wrong types at every entry point: TypeError (never Attribute/Index/AssertionError)."""
        v = load_variant("official")
        s = new_game(v, ["ana", "bor"], dealer="ana")
        bad: list[Any] = [None, 3, "x", b"x", 1.5, [], {}, object(), ("ana",)]
        calls = []
        for x in bad:
            calls += [
                lambda x=x: apply(x, Draw("ana")),
                lambda x=x: apply(s, x),
                lambda x=x: legal_events(x),
                lambda x=x: new_game(x, ["ana", "bor"]),
                lambda x=x: new_game(v, x) if not isinstance(x, list | tuple) else new_game(v, [x]),
                lambda x=x: new_game(v, ["ana", "bor"], dealer=x) if x is not None else None,
                lambda x=x: view(x, "ana"),
                lambda x=x: view(s, x) if not isinstance(x, str) else None,
                lambda x=x: format_position(x),
                lambda x=x: parse_position(x) if not isinstance(x, str) else None,
                lambda x=x: load_variant(x) if not isinstance(x, str) else None,
                lambda x=x: load_variant_text(x) if not isinstance(x, str) else None,
                lambda x=x: Play(x, "R1") if not isinstance(x, str) else None,
                lambda x=x: validate(x) if not isinstance(x, str | list | tuple) else None,
            ]
        for call in calls:
            try:
                call()
            except TypeError:
                pass
            except EnaRulesError:
                pass  # a value of the right type but wrong (a name no variant has)
        assert isinstance(ArgumentTypeError("x"), TypeError | EventError)

    def test_a_log_reader_given_non_text_lines_raises_type_error(self) -> None:
        """Lines that are neither str nor bytes: TypeError."""
        with pytest.raises(TypeError):
            list(LogReader([3]))  # type: ignore[list-item]


# -- the newcomer's hostile input: messages in the log's words, every echo capped ---------------


class TestNewcomersMessages:
    def test_a_binary_or_over_long_first_line_is_one_problem_not_an_empty_log(
        self, tmp_path: Path
    ) -> None:
        """The header's line unusable is the one problem: the log is not said to be empty."""
        binary = validate([b"\x00\x01\xff\xfe binary"])
        long = validate([b"{" + b" " * (1 << 20) + b"}"])
        for report, words in [(binary, "not UTF-8 text"), (long, "line longer than")]:
            assert report.exit_code == 2 and report.problems == 1
            (only,) = problems(report)
            assert words in only and "empty" not in only
        assert problems(validate([])) == ["no header: the log is empty"]

    def test_a_5000_digit_number_is_named_in_the_logs_words(self) -> None:
        """No advice about Python's sys.set_int_max_str_digits(): the number and the limit."""
        line = '{"type": "claim_penalty", "player": "ana", "cards": ' + "9" * 5000 + "}"
        (reason,) = problems(validate([header("official"), line]))
        assert reason == "not usable JSON: a number of 5000 digits (at most 4300 are read)"

    def test_a_time_of_1e308_is_written_as_a_number_not_309_digits(self) -> None:
        """HR-TIME-LIMIT: a late move's seconds in the exponent form past a billion."""
        blitz = load_variant_text('name = "blitz"\nextends = "official"\n[time]\nlimit = 30\n')
        line = json.dumps({"type": "play", "player": "ana", "card": "B1", "time": 1e308})
        late = validate([header("official"), line], variant=blitz).results[1]
        assert "took 1e+308 s, the limit is 30 s" in late.message

    def test_every_echoed_value_is_capped(self, tmp_path: Path) -> None:
        """A 100,000-character name is shown by its first characters and its length: in a log
        line's problem, in a header's players (unusable: at most 100 characters), in a variant
        file's error and on the command line."""
        huge = "x" * 100_000
        (reason,) = problems(
            validate([header("official"), json.dumps({"type": "draw", "player": huge})])
        )
        assert "(100000 characters) is not a player of this log" in reason and len(reason) < 300
        named = json.dumps(
            {"ena_log": 1, "variant": "official", "players": ["ana", huge], "seed": 7}
        )
        (reason,) = problems(validate([named]))
        assert reason.startswith("a player's name of 100000 characters") and len(reason) < 200
        (tmp_path / "v.toml").write_text(
            f'extends = "ena"\n[deal]\nhand_size = "{huge}"\n', "utf-8"
        )
        (tmp_path / "k.toml").write_text(f'extends = "ena"\n{huge} = 1\n', "utf-8")
        for args in (
            ["variants", "check", "v.toml"],
            ["variants", "check", "k.toml"],
            ["explain", huge[:50_000]],
            ["validate", "--variant", huge[:50_000], "x"],
        ):
            out = cli(*args, cwd=tmp_path)
            assert out.returncode != 0 and len(out.stdout + out.stderr) < 2200, args

    def test_json_entry_points_name_their_argument_and_never_echo_python_internals(self) -> None:
        """state_from_json / event_from_json of a text (not its JSON object): an
        ArgumentTypeError naming the argument; a nested value that is not an object: the key
        path and 'expected a JSON object', no AttributeError's words."""
        from ena_rules.game.serialize import event_from_json, state_from_json, to_json

        for call, name in [
            (state_from_json, "state_from_json"),
            (event_from_json, "event_from_json"),
        ]:
            with pytest.raises(
                ArgumentTypeError, match=rf"^{name}\(\): data: expected dict, got str 'x'$"
            ):
                call("x")  # type: ignore[arg-type]
        data = to_json(new_game(load_variant("ena"), ["ana", "bor"], dealer="ana"))
        with pytest.raises(LogError, match=r"^expected a JSON object @ \$\.pending$"):
            state_from_json({**data, "pending": "x"})
