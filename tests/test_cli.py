"""The ``ena-rules`` command line, run as the real console script in a subprocess.

Falls back to ``python -m ena_rules.cli`` only when the script is not on PATH (a checkout that
was not installed with pip).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ena_rules import canonical_deck, load_variant

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
CLEAN = "docs/examples/ena-clean.jsonl"
DISPUTED = "docs/examples/ena-disputed.jsonl"
OFFICIAL = "docs/examples/official-challenges.jsonl"


def _console() -> list[str]:
    script = shutil.which("ena-rules")
    return [script] if script else [sys.executable, "-m", "ena_rules.cli"]


def cli(*args: str, stdin: str | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run ``ena-rules ARGS`` and return the finished process (never raises on exit codes)."""
    result = subprocess.run(
        [*_console(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
        check=False,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


class TestValidate:
    def test_a_consistent_log_exits_0(self) -> None:
        """The clean sample is consistent: exit 0 and a summary saying so."""
        r = cli("validate", CLEAN)
        assert r.returncode == 0
        assert r.stdout.splitlines()[-1].startswith(f"{CLEAN}: consistent (exit 0):")

    def test_an_inconsistent_log_exits_1_and_shows_each_disagreement(self) -> None:
        """The disputed sample exits 1; each disagreement is printed with file:line."""
        r = cli("validate", DISPUTED)
        assert r.returncode == 1
        disagreements = [x for x in r.stdout.splitlines() if "DISAGREES" in x]
        assert len(disagreements) == 3
        assert all(re.match(rf"{re.escape(DISPUTED)}:\d+: claim_", x) for x in disagreements)
        assert "penalised [PEN-ENA penalties.out_of_turn]" in r.stdout
        assert "accepted [OVT-IDENT overtake.enabled]" in r.stdout

    def test_json_gives_a_line_per_log_line_and_a_summary(self) -> None:
        """--json prints JSON Lines: every log line's result, then the log's summary."""
        r = cli("validate", "--json", OFFICIAL)
        rows = [json.loads(x) for x in r.stdout.splitlines()]
        lines = sum(1 for _ in (ROOT / OFFICIAL).open(encoding="utf-8"))
        assert len(rows) == lines + 1
        assert [row["line"] for row in rows[:-1]] == list(range(1, lines + 1))
        assert all(row["file"] == OFFICIAL for row in rows)
        assert rows[-1]["kind"] == "summary" and rows[-1]["exit_code"] == r.returncode == 0

    def test_many_logs_exit_with_the_worst_code_and_show_progress(self) -> None:
        """Several logs: exit 1 if any is inconsistent; --progress draws a bar on stderr."""
        r = cli("validate", "--progress", "--quiet", CLEAN, DISPUTED, OFFICIAL)
        assert r.returncode == 1
        assert "3/3" in r.stderr and "[" in r.stderr
        assert r.stdout.splitlines()[-1] == "3 logs: INCONSISTENT (exit 1)"
        assert len(r.stdout.splitlines()) == 4  # three summaries and the total

    def test_no_progress_bar_without_a_terminal_unless_asked(self) -> None:
        """Without a terminal and without --progress, stderr stays empty."""
        assert cli("validate", "--quiet", CLEAN, OFFICIAL).stderr == ""

    def test_dash_reads_standard_input(self) -> None:
        """``-`` validates the log given on standard input."""
        text = (ROOT / DISPUTED).read_text(encoding="utf-8")
        r = cli("validate", "--quiet", "-", stdin=text)
        assert r.returncode == 1
        assert r.stdout.startswith("<stdin>: INCONSISTENT (exit 1)")

    def test_PEN_ENA_variant_asks_what_if_we_had_played_by_other_rules(self) -> None:
        """PEN-ENA: the disputed Ena log judged by official rules: cene's out-of-turn play,
        penalised in Ena, is rejected there."""
        r = cli("validate", "--variant", "official", DISPUTED)
        assert r.returncode == 1
        assert re.search(r":2: play cene R7 -> rejected", r.stdout)
        bad = cli("validate", "--variant", "no-such-variant", DISPUTED)
        assert bad.returncode == 2 and "no-such-variant" in bad.stderr

    def test_all_prints_every_event_and_quiet_only_the_summary(self) -> None:
        """--all prints a verdict for every line; --quiet only the summary line."""
        lines = sum(1 for _ in (ROOT / OFFICIAL).open(encoding="utf-8"))
        every = cli("validate", "--all", OFFICIAL).stdout.splitlines()
        assert len(every) == lines + 2  # the file's title, every line, the summary
        assert cli("validate", "--quiet", OFFICIAL).stdout.count("\n") == 1

    def test_strict_stops_at_the_first_unusable_line(self, tmp_path: Path) -> None:
        """--strict: the first unusable line ends the log with exit 2 and file:line: reason."""
        log = tmp_path / "bad.jsonl"
        text = (ROOT / CLEAN).read_text(encoding="utf-8").splitlines()
        text[3] = "{broken"
        text[5] = "{broken too"
        log.write_text("\n".join(text) + "\n", encoding="utf-8")
        r = cli("validate", "--strict", str(log))
        assert r.returncode == 2
        assert f"{log}:4: not JSON" in r.stdout and ":6:" not in r.stdout
        forgiving = cli("validate", str(log))
        assert f"{log}:4: unusable: not JSON" in forgiving.stdout
        assert f"{log}:6: unusable: not JSON" in forgiving.stdout

    def test_a_missing_file_is_unusable(self, tmp_path: Path) -> None:
        """A log that cannot be read exits 2 naming the file on standard error; with --json it
        is a record of kind ``error``."""
        missing = str(tmp_path / "nope.jsonl")
        r = cli("validate", missing)
        assert r.returncode == 2
        assert f"{missing}: cannot read the log: No such file or directory" in r.stderr
        as_json = cli("validate", "--json", missing)
        assert as_json.returncode == 2
        record = json.loads(as_json.stdout.splitlines()[0])
        assert record["kind"] == "error" and record["file"] == missing


def _head(**extra: object) -> str:
    deck = [str(c) for c in canonical_deck(load_variant("ena"))]
    data: dict[str, object] = {
        "ena_log": 1,
        "variant": "ena",
        "players": ["ana", "bor", "cene"],
        "dealer": "ana",
        "deck": deck,
    }
    data.update(extra)
    return json.dumps({k: v for k, v in data.items() if v is not None})


SEEDED = json.dumps({"ena_log": 1, "variant": "ena", "players": ["ana", "bor", "cene"], "seed": 5})
BAD_LOGS = {
    "not JSON": ([SEEDED, '{"type": "draw", "player": "bor"'], 2, "not JSON"),
    "unknown type": ([SEEDED, '{"type": "steal", "player": "bor"}'], 2, "unknown type 'steal'"),
    "unknown player": ([SEEDED, '{"type": "draw", "player": "eve"}'], 2, "'eve' is not a player"),
    "bad card code": (
        [SEEDED, '{"type": "play", "player": "bor", "card": "Z9"}'],
        2,
        "'Z9': not a card code",
    ),
    "card not in the deck": (
        [SEEDED, '{"type": "play", "player": "bor", "card": "WC"}'],
        2,
        "no such card in the ena deck",
    ),
    "missing field": ([SEEDED, '{"type": "play", "player": "bor"}'], 2, "required key missing"),
    "extra field": ([SEEDED, '{"type": "draw", "player": "bor", "n": 2}'], 2, "unknown key 'n'"),
    "no header": (['{"type": "draw", "player": "bor"}'], 1, "no header"),
    "empty log": ([], 1, "no header: the log is empty"),
    "unknown variant": (
        ['{"ena_log": 1, "variant": "uno-flip", "players": ["a", "b"], "seed": 1}'],
        1,
        "unknown or unusable variant 'uno-flip'",
    ),
    "header not fitting its deck": ([_head(deck=["R1"] * 108)], 1, "does not fit variant"),
    "dealer not a player": ([_head(dealer="eve")], 1, "'eve' (dealer) is not a player"),
}


class TestBadInput:
    @pytest.mark.parametrize("case", sorted(BAD_LOGS))
    def test_each_malformed_line_exits_2_with_file_line_and_reason(
        self, case: str, tmp_path: Path
    ) -> None:
        """Every kind of record written wrongly gives exit 2, file:line and the reason, and no
        traceback."""
        lines, number, reason = BAD_LOGS[case]
        log = tmp_path / "bad.jsonl"
        log.write_text("".join(x + "\n" for x in lines), encoding="utf-8")
        r = cli("validate", str(log))
        assert r.returncode == 2
        assert f"{log}:{number}: unusable: " in r.stdout
        problem = next(x for x in r.stdout.splitlines() if x.startswith(f"{log}:{number}:"))
        assert reason in problem
        assert "Traceback" not in r.stdout

    def test_SCORE_ENA_an_event_after_the_game_ended_exits_2(self, tmp_path: Path) -> None:
        """SCORE-ENA: the clean sample with a play appended after its game ended is unusable."""
        log = tmp_path / "over.jsonl"
        text = (ROOT / CLEAN).read_text(encoding="utf-8")
        log.write_text(text + '{"type": "draw", "player": "bor"}\n', encoding="utf-8")
        r = cli("validate", str(log))
        n = text.count("\n") + 1
        assert r.returncode == 2
        assert re.search(
            rf"{re.escape(str(log))}:{n}: unusable: a draw line after the game", r.stdout
        )


class TestReplay:
    def test_replay_shows_hands_top_card_colour_and_every_verdict(self) -> None:
        """replay prints each line's verdict and, after it, every hand and the table."""
        r = cli("replay", OFFICIAL)
        assert r.returncode == 0
        out = r.stdout
        lines = sum(1 for _ in (ROOT / OFFICIAL).open(encoding="utf-8"))
        assert all(f"{OFFICIAL}:{n}: " in out for n in range(1, lines + 1))
        assert "accepted [CHAL-GUILTY challenge.guilty]" in out
        assert re.search(r"^    top R5 \(red\), clockwise, draw pile \d+; bor to play$", out, re.M)
        hands = re.findall(r"^    [* ][D ] (ana|bor|cene)\s+(\d+): (.*)$", out, re.M)
        assert {h[0] for h in hands} == {"ana", "bor", "cene"}
        assert all(len(h[2].split()) == int(h[1]) for h in hands)
        assert out.splitlines()[-1].startswith(f"{OFFICIAL}: consistent (exit 0)")

    def test_replay_exits_like_validate(self) -> None:
        """replay of the disputed log exits 1 and shows the disagreements."""
        r = cli("replay", DISPUTED)
        assert r.returncode == 1 and "DISAGREES" in r.stdout


class TestVariants:
    def test_list_names_the_shipped_variants(self) -> None:
        """variants list shows every shipped variant with its description."""
        r = cli("variants", "list")
        assert r.returncode == 0
        names = [x.split()[0] for x in r.stdout.splitlines()]
        assert "ena" in names and "official" in names

    def test_show_lists_every_key_with_value_and_clause(self) -> None:
        """variants show ena lists keys with their value, clause and source; --toml loads back."""
        r = cli("variants", "show", "ena")
        assert r.returncode == 0
        assert re.search(r'^deal\.cut = "lowest"  # \[DEAL-CUT-ENA; source 003', r.stdout, re.M)
        toml = cli("variants", "show", "ena", "--toml").stdout
        from ena_rules import load_variant_text

        assert load_variant_text(toml) == load_variant("ena")

    def test_check_accepts_a_good_file_and_names_the_key_of_a_bad_one(self, tmp_path: Path) -> None:
        """variants check: exit 0 for a loadable file, 1 naming the key path for a bad one."""
        good = tmp_path / "good.toml"
        good.write_text('name = "good"\nextends = "ena"\n[deal]\nhand_size = 5\n', "utf-8")
        r = cli("variants", "check", str(good))
        assert r.returncode == 0 and "ok" in r.stdout and "1 key differs" in r.stdout
        bad = tmp_path / "bad.toml"
        bad.write_text('name = "bad"\nextends = "ena"\n[deal]\nhand_sise = 5\n', "utf-8")
        r = cli("variants", "check", str(bad))
        assert r.returncode == 1 and "hand_sise" in r.stdout

    def test_diff_lists_the_keys_that_differ(self) -> None:
        """variants diff official ena names each differing key with both values."""
        r = cli("variants", "diff", "official", "ena")
        assert r.returncode == 0
        assert re.search(r'^deal\.cut: "highest" -> "lowest"  \[DEAL-CUT-OFF', r.stdout, re.M)
        same = cli("variants", "diff", "ena", "ena")
        assert same.stdout.strip() == "ena and ena: no key differs."

    def test_new_writes_a_starter_file_that_loads(self, tmp_path: Path) -> None:
        """variants new writes NAME.toml extending BASE; it loads and does not overwrite."""
        r = cli("variants", "new", "our-table", "--extends", "ena", cwd=tmp_path)
        assert r.returncode == 0
        path = tmp_path / "our-table.toml"
        v = load_variant(path)
        assert v.name == "our-table" and v.extends == "ena"
        assert v.deal == load_variant("ena").deal
        assert path.read_text("utf-8").startswith("# our-table: house rules")
        again = cli("variants", "new", "our-table", "--extends", "ena", cwd=tmp_path)
        assert again.returncode == 2 and "--force" in again.stderr
        assert cli("variants", "check", str(path)).returncode == 0

    def test_an_unknown_variant_is_an_error(self) -> None:
        """variants show of an unknown name exits 2 with the loader's message."""
        r = cli("variants", "show", "nope")
        assert r.returncode == 2 and "nope" in r.stderr


class TestSimulate:
    ARGS = ("simulate", "--variant", "ena", "--players", "3", "--games", "4")

    def test_the_same_seed_gives_the_same_numbers(self) -> None:
        """Two runs with one seed print the same numbers; another seed prints others."""
        a = cli(*self.ARGS, "--seed", "11")
        b = cli(*self.ARGS, "--seed", "11")
        c = cli(*self.ARGS, "--seed", "12")
        assert a.returncode == 0
        assert a.stdout == b.stdout
        assert a.stdout != c.stdout

    def test_it_reports_length_penalties_stacks_overtakes_and_wins_by_seat(self) -> None:
        """The summary has every measure; --json gives the same numbers as data."""
        text = cli(*self.ARGS, "--seed", "3", "--mistakes", "0.05").stdout
        for label in (
            "rounds per game",
            "events per game",
            "events per round",
            "penalties per game",
            "overtakes per game",
            "owed draws taken",
            "stack sizes",
            "cards per draw",
            "win rate by seat",
            "rules applied",
        ):
            assert label in text
        data = json.loads(cli(*self.ARGS, "--seed", "3", "--mistakes", "0.05", "--json").stdout)
        assert data["games"] == 4 and len(data["wins"]) == 3
        assert sum(data["wins"]) == data["finished"] == 4
        assert sum(data["penalised"]) > 0
        assert len(data["events"]) == 4 and min(data["events"]) > 0

    def test_plain_wild_draw_fours_under_official_are_owed_draws_not_stacks(self) -> None:
        """official has no stacking: its owed draws (Wild Draw Four, 4 cards) are counted as
        owed draws taken, and no stack is reported."""
        r = cli("simulate", "--variant", "official", "--games", "3", "--seed", "1")
        lines = {x[:19].strip(): x[20:] for x in r.stdout.splitlines() if len(x) > 20}
        assert lines["owed draws taken"].startswith("4 cards: ")
        assert lines["stack sizes"].startswith("none ")
        data = json.loads(
            cli("simulate", "--variant", "official", "--games", "3", "--seed", "1", "--json").stdout
        )
        assert data["stacks"] == {} and data["owed"]["4"] > 0

    def test_how_often_each_rule_fired_by_clause_and_key_and_the_rounds_length(self) -> None:
        """seven-zero: the swaps and rotations are counted by clause and key; the events of
        every round add up to the events of the games; draw-until's draws take more than one
        card on average, in labelled units."""
        data = json.loads(
            cli(
                "simulate", "--variant", "seven-zero", "--games", "3", "--seed", "2", "--json"
            ).stdout
        )
        assert data["rules"]["HOUSE-SEVEN-ZERO ranks.7.effects"] > 0
        assert data["rules"]["HOUSE-SEVEN-ZERO ranks.0.effects"] > 0
        assert sum(data["round_events"]) == sum(data["events"])
        assert len(data["round_events"]) == sum(data["rounds"])
        text = cli("simulate", "--variant", "draw-until", "--games", "3", "--seed", "2").stdout
        per_draw = next(x for x in text.splitlines() if x.startswith("cards per draw"))
        assert float(per_draw.split()[3]) > 1 and "(cards, mean of" in per_draw
        assert "(events, every round played)" in text and "(rounds)" in text

    def test_the_policy_is_said_and_a_uniform_one_offered(self) -> None:
        """--help says what the players do (no "random legal players"), shows every default
        and offers --policy uniform; --variant defaults to ena, as elsewhere."""
        help_text = " ".join(cli("simulate", "--help").stdout.split())
        assert "random legal players" not in help_text
        for said in (
            "prefer-plays: the player due plays a playable card when there is one",
            "uniform: any legal event of any player, each as likely",
            "(default: ena)",
            "(default: 3)",
            "(default: 100)",
            "(default: 20000)",
            "--players N",
        ):
            assert said in help_text, said
        r = cli("simulate", "--games", "2", "--policy", "uniform", "--max-events", "300")
        assert r.returncode == 0
        assert r.stdout.startswith(
            "simulate: variant ena, 3 players, 2 games, seed 0, policy uniform"
        )

    def test_a_bad_player_count_is_an_error(self) -> None:
        """More players than the variant allows: exit 2."""
        r = cli("simulate", "--variant", "ena", "--players", "11", "--games", "1")
        assert r.returncode == 2


def _quick_start() -> tuple[str, str]:
    """The README's quick-start command and the output it shows."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(\w*)\n(.*?)```", section, re.S)
    command = next(body for lang, body in blocks if lang == "sh" and "validate" in body)
    shown = next(body for lang, body in blocks if lang == "text")
    return command.strip(), shown


def test_the_readme_quick_start_command_prints_what_the_readme_shows() -> None:
    """The quick-start command of README.md runs from the repository root and prints exactly
    the verdicts the README shows."""
    command, shown = _quick_start()
    words = command.split()
    assert words[0] == "ena-rules"
    r = cli(*words[1:])
    assert r.returncode == 1
    assert r.stdout == shown
