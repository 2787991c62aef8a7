"""The web page's Python side (issue 30.3): the bridge the page's worker calls answers as the
``ena-rules`` command does, byte for byte; the form offers legal moves only; the builder writes
a folder that holds everything the page loads and nothing from elsewhere."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ena_rules import apply
from ena_rules.cli import in_browser as bridge
from ena_rules.cli.site_build import (
    PYODIDE_FILES,
    PYODIDE_VERSION,
    SiteError,
    build_site,
    csp_hash,
    page_csp,
)
from ena_rules.game.events import CallUno, Challenge, Draw, Overtake, Pass, Play
from ena_rules.log.validate import Validator
from ena_rules.pictures.replay_html import write_replay

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
STATIC = ROOT / "ena_rules" / "data" / "web"
TABLE = {"variant": "ena", "players": ["ana", "bor", "cene"], "dealer": "ana", "turned": "R5"}


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    script = shutil.which("ena-rules")
    cmd = [script] if script else [sys.executable, "-m", "ena_rules.cli"]
    return subprocess.run([*cmd, *args], cwd=cwd, capture_output=True, text=True, check=False)


def ask(request: dict[str, Any], folder: Path) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.call(json.dumps(request), folder))
    return answer


@pytest.mark.parametrize("log", sorted(EXAMPLES.glob("*.jsonl")), ids=lambda p: p.name)
def test_the_page_reports_every_sample_as_the_command_does(log: Path, tmp_path: Path) -> None:
    text = log.read_text(encoding="utf-8")
    answer = ask({"op": "validate", "name": log.name, "text": text}, tmp_path)
    done = cli("validate", log.name, cwd=EXAMPLES)
    assert (answer["out"], answer["err"], answer["code"]) == (
        done.stdout,
        done.stderr,
        done.returncode,
    )
    assert answer["summary"] == done.stdout.splitlines()[-1]
    assert answer["replay"].startswith("<!DOCTYPE html>")


def test_the_page_judges_by_the_chosen_variant_or_house_rule_file(tmp_path: Path) -> None:
    log = EXAMPLES / "ena-clean.jsonl"
    text = log.read_text(encoding="utf-8")
    answer = ask(
        {"op": "validate", "name": log.name, "text": text, "variant": "official"}, tmp_path
    )
    done = cli("validate", "--variant", "official", log.name, cwd=EXAMPLES)
    assert answer["out"] == done.stdout and answer["code"] == done.returncode
    house = 'extends = "ena"\n[deal]\nhand_size = 5\n'
    checked = ask({"op": "check", "name": "five.toml", "text": house}, tmp_path)
    assert checked["code"] == 0
    answer = ask({"op": "validate", "name": log.name, "variant": "house:five.toml"}, tmp_path)
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "five.toml").write_text(house, encoding="utf-8")
    shutil.copy(log, tmp_path / "cli" / log.name)
    done = cli("validate", "--variant", "five.toml", log.name, cwd=tmp_path / "cli")
    assert answer["out"] == done.stdout and answer["code"] == done.returncode == 1


def test_a_long_report_is_cut_for_the_page_but_keeps_its_summary(tmp_path: Path) -> None:
    head = json.dumps({"ena_log": 1, "variant": "ena", "players": ["ana", "bor"], "seed": 1})
    line = json.dumps({"type": "play", "player": "<b>x</b>", "card": "R5"})
    text = head + "\n" + "\n".join([line] * (bridge.MAX_SHOWN_LINES + 10)) + "\n"
    answer = ask({"op": "validate", "name": "long.jsonl", "text": text}, tmp_path)
    (tmp_path / "long.jsonl").write_text(text, encoding="utf-8")
    done = cli("validate", "long.jsonl", cwd=tmp_path)
    assert answer["full"] == done.stdout
    shown = answer["out"].splitlines()
    assert len(shown) == bridge.MAX_SHOWN_LINES + 1
    assert shown[-1] == done.stdout.splitlines()[-1] == answer["summary"]
    assert shown[-2].startswith("... ") and shown[-2].endswith(" more lines (download the report)")


def test_the_form_writes_a_table_record_the_command_judges_the_same(tmp_path: Path) -> None:
    rows = [
        {"player": "bor", "type": "play", "card": "R7"},
        {"player": "ana", "type": "play", "card": "R3"},
    ]
    answer = ask({"op": "form", **TABLE, "rows": rows}, tmp_path)
    assert answer["log"].splitlines() == [
        '{"ena_log": 1, "variant": "ena", "players": ["ana", "bor", "cene"], "dealer": "ana", '
        '"deck": "unknown", "turned": ["R5"]}',
        '{"type": "play", "player": "bor", "card": "R7"}',
        '{"type": "play", "player": "ana", "card": "R3"}',
    ]
    (tmp_path / "table.jsonl").write_text(answer["log"], encoding="utf-8")
    done = cli("validate", "table.jsonl", cwd=tmp_path)
    assert (answer["out"], answer["code"]) == (done.stdout, done.returncode) == (done.stdout, 0)
    assert [v["outcome"] for v in answer["verdicts"]] == ["accepted", "accepted", "penalised"]
    assert answer["first_wrong"] is None and answer["due"] == "cene"
    rows.append({"player": "ana", "type": "claim_penalty", "cards": "1"})
    answer = ask({"op": "form", **TABLE, "rows": rows}, tmp_path)
    assert answer["first_wrong"] == 4 and answer["verdicts"][3]["wrong"]
    assert answer["code"] == 1


_EVENTS = {
    "play": Play,
    "overtake": Overtake,
    "draw": Draw,
    "pass": Pass,
    "call_uno": CallUno,
    "challenge": Challenge,
}


def _event(choice: dict[str, Any]) -> Any:
    kind = _EVENTS[choice["type"]]
    fields = {k: choice[k] for k in ("card", "color", "target") if k in choice}
    return kind(choice["player"], **fields)


@pytest.mark.parametrize("moves", [0, 1, 3])
def test_every_move_the_form_offers_is_one_the_referee_accepts(moves: int, tmp_path: Path) -> None:
    rows: list[dict[str, Any]] = []
    for _ in range(moves + 1):
        answer = ask({"op": "form", **TABLE, "rows": rows}, tmp_path)
        v = Validator("t")
        list(v.run(bridge.form_lines({**TABLE, "rows": rows})))
        state = v.state
        assert state is not None
        offered = 0
        assert answer["choices"][answer["due"]], "the player due is offered nothing"
        for player, options in answer["choices"].items():
            for choice in options:
                verdict = apply(state, _event({**choice, "player": player}))
                assert verdict.outcome in ("accepted", "undetermined"), (choice, verdict)
                offered += 1
        assert offered > 3
        due = answer["due"]
        pick = next(c for c in answer["choices"][due] if c["type"] == "play")
        rows.append({"player": due, **{k: v for k, v in pick.items() if k != "label"}})


def test_a_house_rule_file_is_checked_and_diffed_as_the_command_does(tmp_path: Path) -> None:
    text = '[deal]\nhand_size = 5\nextends = "nope"\n'
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "bad.toml").write_text(text, encoding="utf-8")
    for op, args in (("check", ["check"]), ("diff", ["diff", "official"])):
        answer = ask({"op": op, "name": "bad.toml", "text": text, "base": "official"}, tmp_path)
        done = cli("variants", *args, "bad.toml", cwd=tmp_path / "cli")
        err = answer["err"].replace(str(tmp_path / "house"), str(tmp_path / "cli"))
        assert (answer["out"], err, answer["code"]) == (done.stdout, done.stderr, done.returncode)
        assert answer["code"] != 0


def test_requests_the_bridge_cannot_use_get_an_error_not_a_traceback(tmp_path: Path) -> None:
    assert "error" in ask({"op": "nonsense"}, tmp_path)
    assert "error" in json.loads(bridge.call("[1, 2]", tmp_path))
    assert "error" in json.loads(bridge.call("not json", tmp_path))
    bad_row = {"op": "form", **TABLE, "rows": [{"player": "ana", "type": "shout"}]}
    assert "shout" in ask(bad_row, tmp_path)["error"]


def test_a_record_name_cannot_leave_the_work_folder(tmp_path: Path) -> None:
    work = tmp_path / "work"
    answer = ask({"op": "validate", "name": "../../x/<b>.jsonl", "text": "{}\n"}, work)
    assert answer["name"] == "_b_.jsonl"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["work"]
    assert (work / "records" / "_b_.jsonl").is_file()


def test_the_pyodide_release_is_pinned_once_for_the_builder_and_npm() -> None:
    package = json.loads((ROOT / "web" / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "web" / "package-lock.json").read_text(encoding="utf-8"))
    assert package["dependencies"] == {"pyodide": PYODIDE_VERSION}
    assert lock["packages"]["node_modules/pyodide"]["version"] == PYODIDE_VERSION


def test_the_page_has_no_inline_code_and_its_policy_admits_exactly_the_replay(
    tmp_path: Path,
) -> None:
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    assert re.search(r"<script(?![^>]*\bsrc=)", page) is None  # every script is a file
    assert "<style" not in page and " style=" not in page
    assert re.search(r"\son[a-z]+=", page) is None  # no event-handler attributes
    assert '<meta http-equiv="Content-Security-Policy" content="{{CSP}}">' in page
    out = tmp_path / "r.html"
    write_replay(EXAMPLES / "ena-disputed.jsonl", out)
    replay = out.read_text(encoding="utf-8")
    script = re.search(r"<script>(.*?)</script>", replay, re.S)
    style = re.search(r"<style>(.*?)</style>", replay, re.S)
    assert script and style
    js, css = script.group(1), style.group(1)
    csp = page_csp(js, css)
    assert f"script-src 'self' {csp_hash(js)};" in csp
    assert f"style-src 'self' {csp_hash(css)};" in csp
    assert csp.startswith("default-src 'none';") and "http" not in csp and "*" not in csp
    assert "unsafe" not in csp


def test_the_builder_never_writes_over_a_folder_it_did_not_build(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(SiteError, match="not a site this command built"):
        build_site(mine)
    assert (mine / "notes.txt").read_text(encoding="utf-8") == "keep me"
    done = cli("site", str(mine), cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("ena-rules: error: ") and "Traceback" not in done.stderr
    not_pyodide = tmp_path / "empty"
    not_pyodide.mkdir()
    done = cli("site", str(tmp_path / "out"), "--pyodide", str(not_pyodide), cwd=tmp_path)
    assert done.returncode == 2 and "not the npm package pyodide" in done.stderr
    (not_pyodide / "pyodide.asm.wasm").write_bytes(b"")  # a runtime without its metadata
    done = cli("site", str(tmp_path / "out"), "--pyodide", str(not_pyodide), cwd=tmp_path)
    assert done.returncode == 2 and "not the npm package pyodide" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import os

    given = os.environ.get("ENA_RULES_SITE")
    if given:
        return Path(given)
    return build_site(tmp_path_factory.mktemp("web") / "site").folder


def test_the_folder_holds_the_page_the_runtime_and_every_wheel(site: Path) -> None:
    import ena_rules

    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["version"] == ena_rules.__version__
    assert manifest["pyodide"] == PYODIDE_VERSION
    assert manifest["bridge"] == bridge.__name__
    names = {Path(w).name.split("-")[0].lower() for w in manifest["wheels"]}
    assert {"ena_rules", "attrs", "cattrs", "tomli_w"} <= names
    assert all(w.endswith("-py3-none-any.whl") for w in manifest["wheels"])
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(manifest["files"]) - {"./"} == files - {"sw.js"}  # the service worker keeps all
    assert {f"pyodide/{n}" for n in PYODIDE_FILES} <= files
    page = (site / "index.html").read_text(encoding="utf-8")
    assert "{{" not in page and "default-src 'none'" in page
    assert f'"ena-rules-{manifest["stamp"]}"' in (site / "sw.js").read_text(encoding="utf-8")
    for name in ("index.html", "app.js", "worker.js", "sw.js"):
        text = (site / name).read_text(encoding="utf-8")
        assert re.search(r"https?://", text) is None, name  # nothing from elsewhere
