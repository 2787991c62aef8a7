"""Validating many logs (log.batch, log.summary): the same rows in the same order
whether one process, worker processes or a Dask cluster judged them; rows fit their JSON
Schema; an unusable log is a row, never an exception; the CLI's --jobs and --rows.
"""

from __future__ import annotations

import csv
import doctest
import io
import json
from pathlib import Path

import attrs
import jsonschema
import pytest
from distributed import Client, LocalCluster

from ena_rules import VariantError, load_variant
from ena_rules.cli import main
from ena_rules.log.batch import (
    LogText,
    iter_validate_many,
    ordered_map,
    read_logs,
    validate_log,
    validate_many,
)
from ena_rules.log.summary import (
    COLUMNS,
    SummaryRow,
    row_from_report,
    row_schema,
    write_csv,
    write_jsonl,
)
from ena_rules.log.validate import validate
from ena_rules.testing.logs import write_random_logs

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "docs" / "examples").glob("*.jsonl"))


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The shipped sample logs, 40 generated ones, one unreadable and one written wrongly."""
    folder = tmp_path_factory.mktemp("logs")
    variants = [load_variant("ena"), load_variant("official")]
    generated = write_random_logs(folder, variants, 40, seed=100, events=150)
    broken = folder / "broken.jsonl"
    broken.write_text('{"ena_log": 1, "variant": "no-such-variant", "players": ["a", "b"]}\n')
    return [*SAMPLES, *generated, folder / "missing.jsonl", broken]


@pytest.fixture(scope="module")
def one_process(logs: list[Path]) -> list[SummaryRow]:
    """Each log judged on its own by validate() in this process, as a row."""
    rows = []
    for path in logs:
        if path.exists():
            rows.append(row_from_report(validate(path, keep=False)))
        else:
            rows.append(validate_log(path))
    return rows


class TestRows:
    def test_the_rows_say_what_the_report_says(self, logs: list[Path]) -> None:
        """Each row's columns are the report's counts, first wrong line and final state."""
        for path in SAMPLES:
            summary = validate(path).summary()
            row = validate_log(path).as_dict()
            for column, key in [
                ("exit_code", "exit_code"),
                ("result", "result"),
                ("variant", "variant"),
                ("events", "events"),
                ("accepted", "accepted"),
                ("penalised", "penalised"),
                ("rejected", "rejected"),
                ("claims", "claims"),
                ("disagreeing", "disagreements"),
                ("unusable", "problems"),
                ("first_wrong_line", "first_wrong_line"),
                ("ending", "ending"),
            ]:
                assert row[column] == summary[key], (path.name, column)
            assert row["players"] == len(summary["players"])
            assert row["rounds"] == summary["final"]["rounds_finished"]
            assert row["phase"] == summary["final"]["phase"]
            assert row["winner"] == summary["final"]["winner"]
            assert row["path"] == str(path)

    def test_the_rows_cover_every_result(self, one_process: list[SummaryRow]) -> None:
        """The logs under test give consistent, inconsistent and unusable rows alike."""
        assert {r.exit_code for r in one_process} == {0, 1, 2}
        assert any(r.penalised for r in one_process)
        assert any(r.disagreeing for r in one_process)
        assert any(r.winner for r in one_process)

    def test_rows_fit_the_json_schema(self, one_process: list[SummaryRow]) -> None:
        """Every row validates against ena_rules/data/summary-row.schema.json."""
        schema = row_schema()
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for row in one_process:
            validator.validate(json.loads(json.dumps(row.as_dict())))
        assert list(schema["properties"]) == list(COLUMNS)

    def test_the_schema_rejects_a_row_that_breaks_it(self) -> None:
        """The schema is not vacuous: a wrong exit code, a missing or an extra column fail."""
        validator = jsonschema.Draft202012Validator(row_schema())
        good = validate_log(SAMPLES[0]).as_dict()
        assert validator.is_valid(good)
        assert not validator.is_valid({**good, "exit_code": 3})
        assert not validator.is_valid({**good, "extra": 1})
        assert not validator.is_valid({k: v for k, v in good.items() if k != "winner"})

    def test_an_unreadable_log_is_a_row_with_exit_code_2(self, tmp_path: Path) -> None:
        """A missing file gives exit code 2 and why, not an exception."""
        row = validate_log(tmp_path / "missing.jsonl")
        assert (row.exit_code, row.result) == (2, "unusable")
        assert row.error == "cannot read the log: No such file or directory"

    def test_a_log_written_wrongly_is_a_row_with_its_first_bad_line(self, tmp_path: Path) -> None:
        """Bad JSON on line 2 gives exit code 2, the line and the reason."""
        path = tmp_path / "bad.jsonl"
        text = SAMPLES[0].read_text().splitlines()
        path.write_text("\n".join([text[0], "{not json", *text[1:]]) + "\n")
        row = validate_log(path)
        assert (row.exit_code, row.first_unusable_line, row.unusable) == (2, 2, 1)
        assert "JSON" in row.error
        strict = validate_log(path, strict=True)
        assert (strict.exit_code, strict.first_unusable_line) == (2, 2)
        assert "JSON" in strict.error

    def test_rows_round_trip_through_json_lines_and_csv(
        self, one_process: list[SummaryRow]
    ) -> None:
        """JSON Lines read back give the same rows; CSV has a header and one line a row."""
        buf = io.StringIO()
        assert write_jsonl(one_process, buf) == len(one_process)
        back = [SummaryRow.from_dict(json.loads(line)) for line in buf.getvalue().splitlines()]
        assert back == one_process
        out = io.StringIO(newline="")
        write_csv(one_process, out)
        table = list(csv.reader(io.StringIO(out.getvalue())))
        assert tuple(table[0]) == COLUMNS
        assert len(table) == len(one_process) + 1
        assert [int(r[1]) for r in table[1:]] == [r.exit_code for r in one_process]


class TestValidateMany:
    @pytest.mark.parametrize("jobs", [None, 1, 2])
    def test_jobs_give_the_rows_of_one_process_in_order(
        self, logs: list[Path], one_process: list[SummaryRow], jobs: int | None
    ) -> None:
        """validate_many with jobs None, 1 and 2 equals one process row by row, in order."""
        rows = validate_many(logs, jobs=jobs)
        assert [r.path for r in rows] == [str(p) for p in logs]
        assert rows == one_process

    def test_small_chunks_and_a_stream_of_paths_keep_the_order(
        self, logs: list[Path], one_process: list[SummaryRow]
    ) -> None:
        """An iterator of paths (no length), chunks of 3 logs, 2 jobs: the same rows."""
        rows = list(iter_validate_many(iter(logs), jobs=2, chunksize=3))
        assert rows == one_process

    def test_standard_input_is_read_here_in_its_place(
        self, monkeypatch: pytest.MonkeyPatch, one_process: list[SummaryRow]
    ) -> None:
        """A log "-" among others is read from this process's standard input, in its place."""
        data = SAMPLES[1].read_bytes()
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
        rows = validate_many([SAMPLES[0], "-", SAMPLES[2]], jobs=2, chunksize=1)
        assert rows[0] == one_process[0]
        assert rows[2] == one_process[2]
        assert rows[1].path == "<stdin>"
        assert attrs.evolve(rows[1], path=str(SAMPLES[1])) == one_process[1]

    def test_logs_read_here_give_the_rows_of_their_files(
        self, logs: list[Path], one_process: list[SummaryRow]
    ) -> None:
        """read_logs + validate_many (workers that see no file): the same rows, by path."""
        assert validate_many(read_logs(logs), jobs=2, chunksize=4) == one_process

    def test_a_log_in_memory_as_text_or_bytes(self) -> None:
        """A LogText of str or of bytes is judged as its file is, under its own name."""
        data = SAMPLES[1].read_bytes()
        want = attrs.evolve(validate_log(SAMPLES[1]), path="upload-17")
        assert validate_log(LogText("upload-17", data)) == want
        assert validate_log(LogText("upload-17", data.decode("utf-8"))) == want

    def test_a_log_in_memory_finds_its_variant_by_folder_or_resolver(self, tmp_path: Path) -> None:
        """A header's TOML variant: refused from memory, found in LogText.folder or by resolver."""
        (tmp_path / "house.toml").write_text(
            'name = "house"\nextends = "official"\n[deal]\nhand_size = 5\n'
        )
        text = '{"ena_log": 1, "variant": "house.toml", "players": ["ana", "bor"], "seed": 7}\n'
        alone = validate_log(LogText("g", text))
        assert (alone.exit_code, alone.first_unusable_line) == (2, 1)
        found = validate_log(LogText("g", text, folder=str(tmp_path)))
        assert (found.exit_code, found.variant) == (0, "house")
        house = load_variant(tmp_path / "house.toml")
        rows = validate_many([LogText("g", text)] * 3, jobs=2, resolver={"house.toml": house}.get)
        assert [(r.exit_code, r.variant) for r in rows] == [(0, "house")] * 3

    def test_every_cpu(self, logs: list[Path], one_process: list[SummaryRow]) -> None:
        """jobs=0 uses every CPU, with the same rows."""
        assert validate_many(logs[:6], jobs=0) == one_process[:6]

    def test_a_variant_override_reaches_the_workers(self) -> None:
        """variant= re-judges every log by other rules in the workers too."""
        # the 108-card UNO decks only (Crazy Eights' pack, No Mercy's 168 cards, UNO Flip's 112
        # two-sided cards are others)
        uno = [p for p in SAMPLES if not p.name.startswith(("crazy-eights", "no-mercy", "flip"))]
        rows = validate_many(uno, jobs=2, variant="official")
        assert {r.variant for r in rows} == {"official"}
        assert rows == [validate_log(p, variant="official") for p in uno]

    def test_an_unknown_variant_override_fails_before_any_work(self) -> None:
        """variant= naming no variant raises VariantError at once (a bad argument, not a log)."""
        with pytest.raises(VariantError, match="no-such-variant"):
            iter_validate_many(SAMPLES, jobs=2, variant="no-such-variant")

    def test_bad_jobs_are_refused(self) -> None:
        """A negative job count or a zero chunk size is a ValueError naming it, at once."""
        with pytest.raises(ValueError, match="jobs must be"):
            iter_validate_many(SAMPLES, jobs=-1)
        with pytest.raises(ValueError, match="chunksize"):
            iter_validate_many(SAMPLES, jobs=2, chunksize=0)

    def test_an_error_in_the_work_reaches_the_caller(self) -> None:
        """ordered_map raises a worker's exception when its item's turn comes."""
        results = ordered_map(int, ["1", "2", "x", "4"], jobs=2, chunksize=1)
        assert next(results) == 1
        assert next(results) == 2
        with pytest.raises(ValueError, match="'x'"):
            next(results)

    def test_a_dask_cluster_gives_the_rows_of_one_process(
        self, logs: list[Path], one_process: list[SummaryRow]
    ) -> None:
        """validate_many on a LocalCluster of two worker processes equals one process."""
        with (
            LocalCluster(
                n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
            ) as cluster,
            Client(cluster) as client,
        ):
            rows = validate_many(logs, client=client)
            some = [*logs[:6], *logs[-2:]]  # the samples, generated, unreadable and broken logs
            streamed = list(iter_validate_many(iter(some), client=client, chunksize=2))
            shipped = validate_many(read_logs(some), client=client)
        assert rows == one_process
        assert streamed == shipped == [*one_process[:6], *one_process[-2:]]


class TestCommandLine:
    def _run(self, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
        code = main(["validate", *args])
        return code, capsys.readouterr().out

    def test_jobs_print_what_one_process_prints(
        self, logs: list[Path], capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`validate --jobs 2` prints the same output and diagnostics, and exits, as `--jobs 1`."""
        paths = [str(p) for p in [*logs[:6], *logs[-2:]]]  # the unreadable and the broken too
        for extra in ([], ["--json"], ["--quiet"], ["--all"]):
            one = main(["validate", "--jobs", "1", *extra, *paths]), capsys.readouterr()
            two = main(["validate", "--jobs", "2", *extra, *paths]), capsys.readouterr()
            assert (two[0], two[1].out, two[1].err) == (one[0], one[1].out, one[1].err)
            assert one[0] == 2
            assert one[1].out.count("\n") >= len(paths)
        assert "missing.jsonl: cannot read" in one[1].err

    def test_rows_to_a_file_as_json_lines_and_csv(
        self,
        logs: list[Path],
        one_process: list[SummaryRow],
        tmp_path: Path,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        """--rows FILE writes one row a log (JSON Lines, or CSV for a .csv file)."""
        paths = [str(p) for p in logs]
        code, _ = self._run(
            capsys, "--quiet", "--jobs", "2", "--rows", str(tmp_path / "r.jsonl"), *paths
        )
        assert code == 2
        lines = (tmp_path / "r.jsonl").read_text().splitlines()
        assert [SummaryRow.from_dict(json.loads(x)) for x in lines] == one_process
        self._run(capsys, "--quiet", "--rows", str(tmp_path / "r.csv"), *paths)
        with open(tmp_path / "r.csv", newline="") as f:
            table = list(csv.DictReader(f))
        assert [row["path"] for row in table] == paths

    def test_rows_to_standard_output_replace_the_report(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """--rows - prints only the rows, as JSON Lines (--rows-format csv: CSV)."""
        code, out = self._run(capsys, "--rows", "-", "--jobs", "2", *map(str, SAMPLES))
        assert code == 1
        assert [json.loads(x)["path"] for x in out.splitlines()] == [str(p) for p in SAMPLES]
        code, out = self._run(capsys, "--rows", "-", "--rows-format", "csv", str(SAMPLES[0]))
        assert out.splitlines()[0] == ",".join(COLUMNS)
        assert code == 0

    def test_a_rows_file_that_cannot_be_written_is_exit_2(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """--rows into a missing folder judges nothing and says why, with exit code 2."""
        code = main(["validate", "--rows", str(tmp_path / "no" / "r.jsonl"), str(SAMPLES[0])])
        captured = capsys.readouterr()
        assert code == 2
        assert captured.out == ""
        assert "cannot write: No such file or directory" in captured.err

    def test_a_progress_bar_follows_each_log(self, capsys: pytest.CaptureFixture[str]) -> None:
        """--progress with --jobs 2 draws the bar on standard error, up to every log."""
        main(["validate", "--quiet", "--progress", "--jobs", "2", *map(str, SAMPLES)])
        err = capsys.readouterr().err
        assert f"{len(SAMPLES)}/{len(SAMPLES)}" in err


def test_the_batch_page_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``>>>`` example of docs/batch.md gives the output the page shows (from the root)."""
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(ROOT / "docs" / "batch.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0
    assert result.failed == 0


class TestNeverSlowerThanOneJob:
    """Several jobs never cost more than one: workers fork where the platform allows (already
    holding the package and its variants), and small work stays in this process."""

    def test_workers_fork_on_linux_when_this_process_runs_one_thread(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        import sys
        import threading

        from ena_rules.log import batch

        if sys.platform.startswith("linux"):
            monkeypatch.setattr(threading, "active_count", lambda: 1)
            assert batch.start_method() == "fork"
        monkeypatch.setattr(threading, "active_count", lambda: 3)  # threads: never fork
        assert batch.start_method() == "spawn"

    def test_small_work_is_judged_here_and_big_work_by_workers(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A few small logs with jobs=2 start no worker process (less work than starting one,
        SMALL_WORK bytes); logs adding up to more do, with the same rows."""
        from ena_rules.log import batch

        started: list[int] = []
        real = batch.ProcessPoolExecutor

        def counting(workers: int, **kw: object) -> object:
            started.append(workers)
            return real(workers, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(batch, "ProcessPoolExecutor", counting)
        small = sorted((ROOT / "docs" / "examples").glob("*.jsonl"))[:2]
        assert sum(p.stat().st_size for p in small) < batch.SMALL_WORK
        assert validate_many(small, jobs=2) == validate_many(small)
        assert started == []
        paths = write_random_logs(tmp_path, [load_variant("official")], 40, seed=3, events=200)
        assert sum(p.stat().st_size for p in paths) >= batch.SMALL_WORK
        assert validate_many(paths, jobs=2) == validate_many(paths)
        assert started == [2]

    def test_the_command_with_two_jobs_prints_what_one_prints(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``validate --jobs 2`` over logs big enough for workers: the same output as one."""
        paths = [str(p) for p in write_random_logs(tmp_path, [load_variant("ena")], 30, seed=9)]
        main(["validate", "--quiet", "--jobs", "1", *paths])
        one = capsys.readouterr().out
        main(["validate", "--quiet", "--jobs", "2", *paths])
        assert capsys.readouterr().out == one
