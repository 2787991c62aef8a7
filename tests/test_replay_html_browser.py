"""The HTML replay in a real browser (issue 15.3): Debian's headless Chromium, driven by
chromedriver through Selenium. Without chromium or chromedriver, the tests skip on a developer's
machine, saying what to install (``apt-get install -y chromium chromium-driver``, as .ci/run
does); in CI (the environment variable ``CI`` set, as CI services do) a missing browser fails."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from ena_rules.log.validate import validate
from ena_rules.pictures.replay_html import write_replay
from ena_rules.pictures.replay_steps import clause_texts

ROOT = Path(__file__).resolve().parent.parent
DISPUTED = ROOT / "docs" / "examples" / "ena-disputed.jsonl"
EVIL = "<script>alert(1)</script>"
INSTALL = "install Debian's browser: apt-get install -y chromium chromium-driver (.ci/run does)"


def _in_ci() -> bool:
    """``CI`` is set (``CI=true``, as CI services and .ci/run set it)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _tool(name: str) -> str:
    """The path of ``name``; missing, a skip naming the install command (a failure in CI)."""
    path = shutil.which(name) or (
        f"/usr/bin/{name}" if os.path.exists(f"/usr/bin/{name}") else None
    )
    if path is None:
        message = f"{name} not found: {INSTALL}"
        if _in_ci():
            pytest.fail(f"{message} (CI is set: a missing browser is a failure)")
        pytest.skip(message)
    return path


def test_a_missing_browser_skips_with_the_install_command_and_fails_in_ci(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the browser: a skip saying what to install; with ``CI=true``, a failure."""
    missing = "no-such-browser-ena-rules"
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install -y chromium chromium-driver"):
        _tool(missing)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="apt-get install -y chromium chromium-driver"):
        _tool(missing)


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    options.binary_location = _tool("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(_tool("chromedriver")), options=options)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd(  # the page must work with no network at all
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0},
    )
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def disputed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page the issue's "done when" asks for, written by the real console command."""
    here = tmp_path_factory.mktemp("replay")
    script = shutil.which("ena-rules")
    cmd = [script] if script else [sys.executable, "-m", "ena_rules.cli"]
    done = subprocess.run(
        [*cmd, "replay", "--html", "out.html", str(DISPUTED)],
        cwd=here,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "wrote out.html" in done.stdout
    return here / "out.html"


def open_page(driver: WebDriver, page: Path, fragment: str = "") -> None:
    driver.get(page.as_uri() + fragment)
    WebDriverWait(driver, 30).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true"
    )


def shown(driver: WebDriver, element_id: str) -> str:
    return driver.find_element(By.ID, element_id).text


def line_shown(driver: WebDriver) -> int:
    return int(shown(driver, "s-line"))


def severe_logs(driver: WebDriver) -> list[dict[str, object]]:
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def test_the_first_line_off_the_rules_is_one_click_away_and_shows_its_verdict(
    browser: WebDriver, disputed: Path
) -> None:
    open_page(browser, disputed)
    assert line_shown(browser) == 1
    browser.find_element(By.ID, "b-wrong").click()
    assert line_shown(browser) == 35
    result = next(r for r in validate(DISPUTED).results if r.line == 35)
    assert shown(browser, "s-outcome") == "✗ the claim disagrees"
    assert shown(browser, "s-message") == result.message
    assert browser.find_element(By.ID, "s-flag").is_displayed()
    clause = shown(browser, "s-clause")
    assert "UNO-FALSE" in clause and clause_texts()["UNO-FALSE"] in clause
    assert browser.execute_script("return location.hash") == "#line=35"
    assert severe_logs(browser) == []  # no script error, nothing the page policy blocked


def test_line_in_the_address_opens_there_and_keys_buttons_slider_move(
    browser: WebDriver, disputed: Path
) -> None:
    results = {r.line: r for r in validate(DISPUTED).results}
    open_page(browser, disputed, "#line=2")
    assert line_shown(browser) == 2
    assert shown(browser, "s-outcome") == "! penalised"
    assert "PEN-ENA" in shown(browser, "s-clause")
    assert shown(browser, "s-key") == results[2].key == "penalties.out_of_turn"
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    assert line_shown(browser) == 3 and shown(browser, "s-outcome") == "✓ the claim agrees"
    body.send_keys(Keys.ARROW_LEFT)
    assert line_shown(browser) == 2
    body.send_keys(Keys.END)
    assert line_shown(browser) == max(results)
    body.send_keys(Keys.HOME)
    assert line_shown(browser) == 1
    browser.find_element(By.ID, "b-next").click()
    browser.find_element(By.ID, "b-next").click()
    assert line_shown(browser) == 3
    browser.find_element(By.ID, "b-prev").click()
    assert line_shown(browser) == 2
    slider = browser.find_element(By.ID, "slider")
    slider.send_keys(Keys.ARROW_RIGHT)  # the slider's own keys move it too
    assert line_shown(browser) == 3
    assert (
        slider.get_attribute(
            "aria-valuetext",
        )
        == "line 3 (3 of 144 judged lines)"
    )
    browser.find_element(By.CSS_SELECTOR, 'ol.findings a[href="#line=113"]').click()
    assert line_shown(browser) == 113
    assert "ana's points are 154, not 139" in shown(browser, "s-message")
    open_page(browser, disputed, "#line=112")  # the round's end: scores and who won
    assert "last round won by cene" in shown(browser, "t-last")
    rows = [r.text for r in browser.find_elements(By.CSS_SELECTOR, "#t-scores tbody tr")]
    assert rows == ["ana 154 154", "bor 105 105", "cene 0 0"]


def test_the_page_loads_nothing_and_every_card_has_a_text_alternative(
    browser: WebDriver, disputed: Path
) -> None:
    open_page(browser, disputed, "#line=5")
    fetched = browser.execute_script("return performance.getEntriesByType('resource').length")
    assert fetched == 0
    cards = browser.find_elements(By.CSS_SELECTOR, "#t-seats svg.card, #t-top svg.card")
    assert len(cards) == 1 + 21  # the top card and three hands of 7 (line 5: an overtake)
    labels = [c.get_attribute("aria-label") for c in cards]
    assert all(c.get_attribute("role") == "img" for c in cards)
    assert all(label and label != "None" for label in labels)
    assert "Line 5: overtake ana R3." in browser.find_element(By.ID, "announce").get_attribute(
        "textContent"
    )


def test_a_screenshot_of_the_page_is_not_blank(browser: WebDriver, disputed: Path) -> None:
    open_page(browser, disputed, "#line=35")
    png = browser.get_screenshot_as_png()
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size[0] >= 1000
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 200  # text, cards in four colours, badges
    counts = sorted((n for n, _ in colours), reverse=True)
    assert counts[0] < 0.9 * image.size[0] * image.size[1]  # not one flat colour
    palette = {rgb for _, rgb in colours}
    # line 35's hands hold red, green and blue cards (no yellow): each drawn in its colour
    for card_colour in ((0xD5, 0x5E, 0x00), (0x00, 0x9E, 0x73), (0x00, 0x72, 0xB2)):
        assert card_colour in palette


def test_the_page_reads_on_a_phone_screen(browser: WebDriver, disputed: Path) -> None:
    browser.set_window_size(390, 844)
    try:
        open_page(browser, disputed, "#line=35")
        width = browser.execute_script("return window.innerWidth")
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        assert scroll <= width  # nothing runs off the side
        assert browser.find_element(By.ID, "s-outcome").is_displayed()
        assert browser.find_element(By.ID, "b-next").size["height"] >= 44  # thumb-sized
    finally:
        browser.set_window_size(1280, 1000)


def test_on_a_phone_the_findings_are_within_reach_of_the_top(
    browser: WebDriver, disputed: Path
) -> None:
    """On a phone the findings (who was wrong) come right after the current line, above the
    table, and the header links to them: within the first two screens, not below the table."""
    browser.set_window_size(390, 844)
    try:
        open_page(browser, disputed)

        def top(element_id: str) -> float:
            return float(
                browser.execute_script(
                    "return document.getElementById(arguments[0]).getBoundingClientRect().top"
                    " + window.scrollY",
                    element_id,
                )
            )

        assert top("findings") < top("table")
        height = browser.execute_script("return window.innerHeight")
        assert top("findings") < 2 * height
        jump = browser.find_element(By.CSS_SELECTOR, "p.jump a")
        assert jump.get_attribute("href").endswith("#findings") and "finding" in jump.text
        assert top("table-h") > top("f-h")
    finally:
        browser.set_window_size(1280, 1000)


def test_a_hostile_player_name_runs_no_script(browser: WebDriver, tmp_path: Path) -> None:
    log = tmp_path / "evil.jsonl"
    head = {"ena_log": 1, "variant": "official", "players": [EVIL, "bor"], "seed": 7}
    lines = [json.dumps(head), json.dumps({"type": "pass", "player": EVIL})]
    lines.append('{"type": "play", "player": "bor", "card": "</script><script>alert(2)</script>"}')
    lines.append("</script><img src=x onerror=alert(3)>")
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "evil.html"
    write_replay(log, out)
    open_page(browser, out, "#line=2")
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text  # noqa: B018 - no dialog was opened
    assert browser.execute_script("return document.scripts.length") == 2
    assert browser.execute_script("return document.images.length") == 0
    assert EVIL in shown(browser, "t-seats")  # shown as text
    assert EVIL in shown(browser, "players")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    assert shown(browser, "s-raw") == "</script><img src=x onerror=alert(3)>"
    assert browser.execute_script("return document.images.length") == 0


def test_controls_have_names_and_a_players_view_shows_other_hands_face_down(
    browser: WebDriver, tmp_path: Path
) -> None:
    out = tmp_path / "bor.html"
    write_replay(DISPUTED, out, player="bor")
    open_page(browser, out, "#line=2")
    controls = browser.find_elements(By.CSS_SELECTOR, "nav#controls button, nav#controls input")
    assert len(controls) == 6
    assert all(c.accessible_name for c in controls)  # what a screen reader says for each
    seats = browser.find_elements(By.CSS_SELECTOR, "#t-seats section.seat")
    labels = [
        [c.get_attribute("aria-label") for c in s.find_elements(By.CSS_SELECTOR, "svg.card")]
        for s in seats
    ]
    assert [len(x) for x in labels] == [7, 7, 9]
    assert set(labels[0]) == set(labels[2]) == {"face-down card"}  # ana's and cene's hands
    assert "face-down card" not in labels[1] and "bor's view" in shown(browser, "players")


def test_FLIP2_FLIP_the_replay_shows_the_game_turning_over_at_the_flip(
    browser: WebDriver, tmp_path: Path
) -> None:
    """FLIP2-FLIP, FLIP2-SIDE: the replay of the hand-written Flip record shows the light side
    in play before the Flip line and the dark side from it on, the top card turned with the
    game (the first discard, R5|P2, comes on top as the pink 2); a one-sided game shows no side."""
    out = tmp_path / "flip.html"
    write_replay(ROOT / "docs" / "examples" / "flip-turns.jsonl", out)
    open_page(browser, out, "#line=1")
    assert shown(browser, "t-side") == "light side" and "R5" in shown(browser, "t-top-word")
    browser.find_element(By.ID, "b-next").click()
    assert line_shown(browser) == 2 and shown(browser, "t-side") == "dark side"
    assert "pink 2" in shown(browser, "t-top-word") and shown(browser, "t-color") == "pink"
    cards = browser.find_elements(By.CSS_SELECTOR, "#t-seats svg.card")
    assert all(", its other face " in c.get_attribute("aria-label") for c in cards)
    browser.find_element(By.ID, "b-prev").click()
    assert shown(browser, "t-side") == "light side"
    assert severe_logs(browser) == []
    plain = tmp_path / "plain.html"
    write_replay(DISPUTED, plain)
    open_page(browser, plain, "#line=2")
    assert not browser.find_element(By.ID, "t-side").is_displayed()


def test_FLIP2_SIGHT_the_replay_as_a_player_shows_the_backs_they_see(
    browser: WebDriver, tmp_path: Path
) -> None:
    """FLIP2-SIGHT: the replay of the Flip record as ana (``--as ana``) draws each of bor's and
    cene's cards as the other side ana sees (dark faces before the Flip line, light ones after
    it), and the other side of the draw pile's top card; ana's own cards and the arbiter's page
    show no back."""
    from ena_rules import load_variant, view
    from ena_rules.log.validate import validator_for
    from ena_rules.pictures.svg import card_label

    log = ROOT / "docs" / "examples" / "flip-turns.jsonl"
    checker = validator_for(log, strict=False, keep=False)
    states = []
    for _ in checker.run(log.read_text(encoding="utf-8").splitlines()):
        states.append(checker.state)
    names = {r: k.name for r, k in load_variant("flip").ranks if k.name}
    out = tmp_path / "flip-as-ana.html"
    write_replay(log, out, player="ana")
    for line in (1, 2):
        open_page(browser, out, f"#line={line}")
        assert shown(browser, "t-side") == ("light side" if line == 1 else "dark side")
        seen = view(states[line - 1], "ana")
        seats = browser.find_elements(By.CSS_SELECTOR, "#t-seats section.seat")
        for seat, (name, backs) in zip(seats[1:], seen.backs, strict=True):
            labels = [
                c.get_attribute("aria-label")
                for c in seat.find_elements(By.CSS_SELECTOR, "svg.card.seen-back")
            ]
            assert labels == [f"other side seen: {card_label(str(b), names)}" for b in backs], name
        assert not seats[0].find_elements(By.CSS_SELECTOR, "svg.seen-back")  # her own hand
        pile = browser.find_element(By.ID, "t-pile").find_elements(By.CSS_SELECTOR, "svg.card")
        assert [c.get_attribute("aria-label") for c in pile] == [
            f"other side seen: {card_label(str(seen.pile_back), names)}"
        ]
    dark = "pink", "teal", "orange", "purple"
    labels = [c.get_attribute("aria-label") for c in browser.find_elements(By.CSS_SELECTOR, "svg")]
    assert not any(w in (x or "") for x in labels if "other side seen" in (x or "") for w in dark)
    assert severe_logs(browser) == []
    arbiter = tmp_path / "flip.html"
    write_replay(log, arbiter)
    open_page(browser, arbiter, "#line=1")
    assert not browser.find_elements(By.CSS_SELECTOR, "svg.seen-back")
