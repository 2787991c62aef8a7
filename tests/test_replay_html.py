"""The HTML replay (issue 15.1 and "Bad input"): one self-contained page per log, built from the
validator's per-line results; nothing fetched, nothing from the log ever read as markup."""

from __future__ import annotations

import json
import re
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ena_rules import apply, legal_events, load_variant
from ena_rules.cli import main
from ena_rules.log.game import start
from ena_rules.log.lines import Header
from ena_rules.log.validate import validate
from ena_rules.log.writer import dump_header, dump_line
from ena_rules.pictures.replay_html import page_data, render_page, write_replay
from ena_rules.pictures.replay_steps import clause_texts, replay_steps

ROOT = Path(__file__).resolve().parent.parent
DISPUTED = ROOT / "docs" / "examples" / "ena-disputed.jsonl"
OFFICIAL = ROOT / "docs" / "examples" / "official-challenges.jsonl"
EVIL = "<script>alert(1)</script>"

#: Anything that would make the page reach outside itself.
NETWORK = re.compile(
    r"(?i)\b(?:https?|wss?|ftp|file|data|javascript):|//[a-z0-9.-]+\.[a-z]{2,}|@import|\burl\s*\("
)


def seeded_log(
    players: tuple[str, ...] = ("ana", "bor", "cene"), seed: int = 11, n: int = 25
) -> list[str]:
    """A seeded log of ``n`` legal events by the players due (the first legal one each time)."""
    header = Header(1, "official", players, seed=seed)
    state, _ = start(header, load_variant("official"))
    lines = [dump_header(header)]
    for _ in range(n):
        own = [e for e in legal_events(state) if e.player == state.due]
        if not own:
            break
        state = apply(state, own[0]).state
        lines.append(dump_line(own[0]))
    return lines


def page_json(page: str) -> dict[str, object]:
    m = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert m is not None
    data: dict[str, object] = json.loads(m.group(1))
    return data


def assert_offline(page: str) -> None:
    hits = NETWORK.findall(page)
    assert not hits, hits
    for attr in re.findall(r'\b(?:src|href|action|srcset|poster)\s*=\s*"([^"]*)"', page):
        assert attr.startswith("#"), attr  # only links within the page
    assert "default-src 'none'" in page  # and the browser is told to load nothing


def test_every_judged_line_is_a_step_with_the_validators_verdict() -> None:
    replay = replay_steps(DISPUTED)
    report = validate(DISPUTED)
    assert [s.result for s in replay.steps] == list(report.results)
    assert replay.report.first_wrong == report.first_wrong == 35
    firsts = [s.line for s in replay.steps if s.first]
    assert firsts == [35]
    raw = DISPUTED.read_text(encoding="utf-8").splitlines()
    assert all(s.raw == raw[s.line - 1] for s in replay.steps)


def test_each_step_carries_the_clause_id_and_its_text() -> None:
    texts = clause_texts()
    assert len(texts) > 50 and texts["PEN-ENA"].startswith("Ena: out of turn")
    replay = replay_steps(DISPUTED)
    steps = {s.line: s for s in replay.steps}
    assert steps[2].result.clause == "PEN-ENA"
    assert steps[2].cited()[0] == ("PEN-ENA", texts["PEN-ENA"])
    claim = steps[35]  # a claim names the clause of the line it is about
    assert claim.result.kind == "claim" and claim.result.agrees is False
    assert ("UNO-FALSE", texts["UNO-FALSE"]) in claim.cited()
    data = page_data(replay)  # the page holds each text once, each step its ids
    pages = {s["line"]: s for s in data["steps"]}
    assert pages[35]["cited"] == ["UNO-FALSE"]
    assert data["clauses"]["UNO-FALSE"] == texts["UNO-FALSE"]


def test_the_table_after_each_line_holds_every_hand_or_one_view() -> None:
    arbiter = replay_steps(DISPUTED)
    after = {s.line: s.table for s in arbiter.steps}
    t = after[2]
    assert t is not None and t.viewer is None
    assert [seat.count for seat in t.seats] == [7, 7, 9]  # cene drew 2 for playing out of turn
    assert all(c is not None for seat in t.seats for c in seat.cards)
    as_bor = {s.line: s.table for s in replay_steps(DISPUTED, player="bor").steps}[2]
    assert as_bor is not None and as_bor.viewer == "bor"
    assert [c is None for c in as_bor.seats[0].cards] == [True] * 7
    assert as_bor.seats[1].cards == t.seats[1].cards


def test_round_scores_and_windows_are_in_the_step_data() -> None:
    data = page_data(replay_steps(DISPUTED))
    steps = {s["line"]: s for s in data["steps"]}
    end = steps[112]["table"]
    assert end["last_round"] == {
        "winner": "cene",
        "points": [["ana", 154], ["bor", 105], ["cene", 0]],
    }
    assert end["scores"] == [["ana", 154], ["bor", 105], ["cene", 0]]
    assert any(w.startswith("overtake window") for w in steps[4]["table"]["windows"])
    assert steps[1]["table"]["direction"] == "clockwise" and steps[1]["table"]["color"]


def test_seeded_and_explicit_deck_logs_both_replay(tmp_path: Path) -> None:
    seeded = tmp_path / "seeded.jsonl"
    seeded.write_text("\n".join(seeded_log()) + "\n", encoding="utf-8")
    for log in (seeded, OFFICIAL):
        out = tmp_path / f"{log.stem}.html"
        replay = write_replay(log, out)
        page = out.read_text(encoding="utf-8")
        data = page_json(page)
        assert len(data["steps"]) == len(replay.steps) > 1  # type: ignore[arg-type]
        assert replay.report.exit_code == validate(log).exit_code
        assert_offline(page)


def test_the_page_references_no_network_address(tmp_path: Path) -> None:
    out = tmp_path / "out.html"
    assert main(["replay", "--html", str(out), str(DISPUTED)]) == 1
    page = out.read_text(encoding="utf-8")
    assert_offline(page)
    assert "<link" not in page and "<iframe" not in page and "<img" not in page


def test_the_pages_svg_is_well_formed_xml() -> None:
    page = render_page(replay_steps(DISPUTED))
    blocks = re.findall(r"<svg\b.*?</svg>", page, re.S)
    assert len(blocks) >= 3  # the card symbols, the colour legend, the card template
    for block in blocks:
        ET.fromstring(block)
    symbols = ET.fromstring(next(b for b in blocks if "<symbol" in b))
    ids = [s.get("id") for s in symbols.iter("symbol")]
    data = page_json(page)
    assert set(data["symbols"].values()) | {"card-back"} == set(ids)  # type: ignore[union-attr]


def test_the_script_and_style_are_the_only_ones_allowed_to_run() -> None:
    page = render_page(replay_steps(DISPUTED))
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert csp is not None
    policy = csp.group(1)
    assert "default-src 'none'" in policy and "'unsafe-inline'" not in policy
    assert re.search(r"script-src 'sha256-[A-Za-z0-9+/=]+'", policy)


def test_a_hostile_name_cannot_inject_markup(tmp_path: Path) -> None:
    log = tmp_path / "<b onclick=x>evil.jsonl"  # the file's name is on the page too
    lines = seeded_log(players=(EVIL, "bor"), n=6)
    lines.append('{"type": "play", "player": "bor", "card": "</script><script>alert(2)</script>"}')
    lines.append(json.dumps({"type": "claim_winner", "player": EVIL}))
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "evil.html"
    replay = write_replay(log, out)
    assert replay.report.exit_code == 2  # the bad card makes a line unusable
    page = out.read_text(encoding="utf-8")
    assert "alert(" in page  # the name is on the page ...
    assert "<script>alert" not in page and "</script><script>" not in page  # ... never as markup
    assert len(re.findall(r"<script\b", page)) == 2  # the data and the page's own script
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page  # escaped where written as HTML
    assert "<b onclick" not in page and "&lt;b onclick=x&gt;evil.jsonl" in page
    data = page_json(page)
    seats = data["steps"][0]["table"]["seats"]  # type: ignore[index]
    assert seats[0]["name"] == EVIL  # and intact as data, shown by textContent


def test_an_unusable_log_still_gets_a_page_listing_its_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "bad.jsonl"
    lines = seeded_log(n=4)
    lines.insert(3, "not json at all")
    lines.append('{"type": "play", "player": "eve", "card": "R1"}')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "bad.html"
    assert main(["replay", "--html", str(out), str(log)]) == 2
    printed = capsys.readouterr().out
    assert f"{log}:4: unusable: not JSON" in printed and f"wrote {out}" in printed
    page = out.read_text(encoding="utf-8")
    assert 'href="#line=4"' in page and 'href="#line=7"' in page  # each problem, linked
    assert "not JSON" in page and "&#x27;eve&#x27; is not a player" in page
    steps = {s["line"]: s for s in page_json(page)["steps"]}  # type: ignore[union-attr]
    assert steps[4]["kind"] == "problem" and steps[4]["raw"] == "not json at all"


def test_a_log_without_a_usable_header_still_gets_a_page(tmp_path: Path) -> None:
    log = tmp_path / "nohead.jsonl"
    log.write_text('{"ena_log": 1, "variant": "official", "players": ["solo"]}\n', encoding="utf-8")
    out = tmp_path / "nohead.html"
    assert main(["replay", "--html", str(out), str(log)]) == 2
    data = page_json(out.read_text(encoding="utf-8"))
    assert [s["kind"] for s in data["steps"]] == ["problem"]  # type: ignore[union-attr]
    assert data["steps"][0]["table"] is None  # type: ignore[index]


def test_as_a_stranger_or_without_html_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.html"
    assert main(["replay", "--html", str(out), "--as", "eve", str(DISPUTED)]) == 2
    assert "'eve': not a player of this log (players: ana, bor, cene)" in capsys.readouterr().err
    assert not out.exists()
    assert main(["replay", "--as", "bor", str(DISPUTED)]) == 2
    assert "give --html OUT" in capsys.readouterr().err


def test_the_log_is_never_overwritten_and_a_missing_one_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "g.jsonl"
    log.write_text(DISPUTED.read_text(encoding="utf-8"), encoding="utf-8")
    before = log.read_bytes()
    assert main(["replay", "--html", str(log), str(log)]) == 2
    assert log.read_bytes() == before and "is the log itself" in capsys.readouterr().err
    out = tmp_path / "missing.html"
    assert main(["replay", "--html", str(out), str(tmp_path / "nope.jsonl")]) == 2
    assert "No such file" in capsys.readouterr().err and not out.exists()
    assert main(["replay", "--html", str(tmp_path / "no-dir" / "o.html"), str(log)]) == 2
    assert list(tmp_path.iterdir()) == [log]  # no temporary file left behind


def test_the_wheel_ships_the_clause_texts_of_specs() -> None:
    """The page quotes specs/clauses.toml; the wheel carries it where clause_texts looks."""
    build = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = build["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included["specs/clauses.toml"] == "ena_rules/data/clauses.toml"
    titles = tomllib.loads((ROOT / "specs" / "clauses.toml").read_text(encoding="utf-8"))
    assert clause_texts() == {c["id"]: c["title"] for c in titles["clause"]}


def test_the_docs_show_the_commands_output_and_a_real_screenshot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/replay.md quotes what the command prints; its screenshot is a real picture."""
    monkeypatch.chdir(ROOT)
    out = tmp_path / "disputed.html"
    assert main(["replay", "--html", str(out), "docs/examples/ena-disputed.jsonl"]) == 1
    printed = capsys.readouterr().out.replace(str(out), "disputed.html")
    doc = (ROOT / "docs" / "replay.md").read_text(encoding="utf-8")
    quoted = doc.split("```text\n", 1)[1].split("```", 1)[0]
    assert printed == quoted
    from PIL import Image

    with Image.open(ROOT / "docs" / "img" / "replay-disputed.png") as shot:
        assert shot.size == (1280, 1000)
        colours = shot.convert("RGB").getcolors(maxcolors=1 << 20)
        assert colours is not None and len(colours) > 200


def test_into_a_missing_folder_it_names_the_folder_not_a_temporary_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``replay --html nope/x.html`` without a folder ``nope``: exit 2, naming the folder the
    page was to go into; no temporary file's name, nothing written."""
    out = tmp_path / "nope" / "x.html"
    assert main(["replay", "--html", str(out), str(DISPUTED)]) == 2
    err = capsys.readouterr().err
    assert f"no folder {str(tmp_path / 'nope')!r} to write the page into" in err
    assert ".replay-" not in err and not (tmp_path / "nope").exists()
