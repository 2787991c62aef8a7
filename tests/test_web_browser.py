"""The referee's web page in a real browser (issue 30.4): Debian's headless Chromium through
Selenium, the folder ``ena-rules site`` builds served from 127.0.0.1. Never skipped: without
chromium the tests fail and say what to install (.ci/run does). The folder is $ENA_RULES_SITE
when set (.ci/run builds it), else built here (``npm`` and ``pip`` fetch Pyodide and the
dependencies' wheels)."""

from __future__ import annotations

import functools
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

from ena_rules.cli.site_build import build_site

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
DISPUTED = EXAMPLES / "ena-disputed.jsonl"
EVIL = "<script>alert(1)</script>"
EVIL_IMG = "<img src=x onerror=alert(2)>"
INSTALL = "install Debian's browser: apt-get install -y chromium chromium-driver (.ci/run does)"
LOAD = 180  # seconds a load of the runtime may take at most (a bound, not a measure)


def _tool(name: str) -> str:
    path = shutil.which(name) or (
        f"/usr/bin/{name}" if os.path.exists(f"/usr/bin/{name}") else None
    )
    assert path, f"{name} not found: {INSTALL}"
    return path


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    script = shutil.which("ena-rules")
    cmd = [script] if script else [sys.executable, "-m", "ena_rules.cli"]
    return subprocess.run([*cmd, *args], cwd=cwd, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("ENA_RULES_SITE")
    if given:
        assert (Path(given) / "manifest.json").is_file(), f"ENA_RULES_SITE={given}: no site"
        return Path(given)
    return build_site(tmp_path_factory.mktemp("web") / "site").folder


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the handler's own class attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def url(site: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    options.binary_location = _tool("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(_tool("chromedriver")), options=options)
    driver.execute_cdp_cmd("Network.enable", {})
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = os.environ.get("ENA_RULES_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return tmp_path_factory.mktemp("screenshots")


def offline(driver: WebDriver, on: bool) -> None:
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": on, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def body(driver: WebDriver, name: str) -> str | None:
    return driver.find_element(By.TAG_NAME, "body").get_attribute(f"data-{name}")


def open_page(driver: WebDriver, url: str) -> None:
    driver.get(url)
    WebDriverWait(driver, LOAD).until(lambda d: body(d, "ready") == "true")


def the_page(driver: WebDriver, url: str) -> None:
    """The page with its referee ready: the one open if it is (a load takes seconds)."""
    if driver.current_url != url or body(driver, "ready") != "true":
        open_page(driver, url)


def shown(driver: WebDriver, element_id: str) -> str:
    return driver.find_element(By.ID, element_id).text


def report_text(driver: WebDriver, element_id: str) -> str:
    """A report box's lines, exactly as the worker gave them (each line one element)."""
    lines: list[str] = driver.execute_script(
        "return Array.from(document.getElementById(arguments[0]).children, e => e.textContent)",
        element_id,
    )
    return "".join(f"{line}\n" for line in lines)


def judge_file(driver: WebDriver, path: Path) -> None:
    before = int(body(driver, "judged") or 0)
    driver.execute_script("document.body.dataset.record = ''")
    driver.find_element(By.ID, "file").send_keys(str(path))
    WebDriverWait(driver, 30).until(lambda d: body(d, "record") == path.name)
    driver.find_element(By.ID, "b-judge").click()
    WebDriverWait(driver, LOAD).until(lambda d: int(body(d, "judged") or 0) == before + 1)


def no_alert(driver: WebDriver) -> None:
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text  # noqa: B018 - no dialog was opened


def severe_logs(driver: WebDriver) -> list[dict[str, object]]:
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def test_the_page_opens_offline_and_judges_the_disputed_sample_as_the_command_does(
    browser: WebDriver, url: str
) -> None:
    browser.get(url)
    assert shown(browser, "status").startswith("Loading the referee")  # while Pyodide loads
    assert browser.find_element(By.ID, "progress").is_displayed()
    WebDriverWait(browser, LOAD).until(lambda d: body(d, "ready") == "true")
    assert not browser.find_element(By.ID, "progress").is_displayed()
    WebDriverWait(browser, LOAD).until(lambda d: body(d, "offline") == "true")
    fetched = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
    )
    assert fetched and all(name.startswith(url) for name in fetched)  # nothing from elsewhere
    offline(browser, True)
    try:
        open_page(browser, url)  # the service worker serves every file, the wheels included
        assert "ready" in shown(browser, "status")
        judge_file(browser, DISPUTED)
        done = cli("validate", DISPUTED.name, cwd=EXAMPLES)
        assert done.returncode == 1
        assert shown(browser, "summary") == done.stdout.splitlines()[-1]
        assert report_text(browser, "report") == done.stdout  # byte for byte
        flagged = browser.find_elements(By.CSS_SELECTOR, "#report .first")
        assert flagged and flagged[0].text.startswith("ena-disputed.jsonl:35: ")
        frame = browser.find_element(By.ID, "replay")
        assert frame.is_displayed() and frame.get_attribute("sandbox") == "allow-scripts"
        browser.switch_to.frame(frame)
        try:
            WebDriverWait(browser, 30).until(lambda d: body(d, "ready") == "true")
            browser.find_element(By.ID, "b-wrong").click()
            assert shown(browser, "s-line") == "35"
            assert shown(browser, "s-outcome") == "✗ the claim disagrees"
        finally:
            browser.switch_to.default_content()
    finally:
        offline(browser, False)
    assert severe_logs(browser) == []  # no script error, nothing the page policy blocked


def _pick(select_id: str, text: str, driver: WebDriver) -> None:
    Select(driver.find_element(By.ID, select_id)).select_by_visible_text(text)


def _add(driver: WebDriver, lines: int) -> None:
    driver.find_element(By.ID, "f-add").click()
    WebDriverWait(driver, 60).until(lambda d: body(d, "form-lines") == str(lines))


def test_the_form_writes_a_three_line_record_judged_as_the_command_does(
    browser: WebDriver, url: str, tmp_path: Path
) -> None:
    the_page(browser, url)
    _pick("f-variant", "ena", browser)
    browser.find_element(By.ID, "f-start").click()
    WebDriverWait(browser, 60).until(lambda d: body(d, "form-lines") == "1")
    who = Select(browser.find_element(By.ID, "f-who"))
    assert who.first_selected_option.text == "bor"  # bor is due after ana's deal
    offered = [o.text for o in Select(browser.find_element(By.ID, "f-move")).options]
    assert "play R7 (legal)" in offered and "play G5 (legal)" in offered
    assert "play G7 (legal)" not in offered  # neither the colour nor the rank of R5
    _pick("f-move", "play R7 (legal)", browser)
    _add(browser, 2)
    _pick("f-who", "ana", browser)  # cene is due: ana's card is out of turn
    _pick("f-move", "another move (off the rules, or not offered)…", browser)
    _pick("f-type", "play a card", browser)
    browser.find_element(By.ID, "f-card").send_keys("R3")
    _add(browser, 3)
    log = browser.find_element(By.ID, "f-log").get_property("textContent")
    assert len(log.splitlines()) == 3
    assert json.loads(log.splitlines()[0])["deck"] == "unknown"
    (tmp_path / "table.jsonl").write_text(log, encoding="utf-8")
    done = cli("validate", "table.jsonl", cwd=tmp_path)
    assert done.returncode == 0
    assert report_text(browser, "f-report") == done.stdout  # byte for byte
    assert shown(browser, "f-summary") == done.stdout.splitlines()[-1]
    items = browser.find_elements(By.CSS_SELECTOR, "#f-lines li")
    assert "penalised [PEN-ENA penalties.out_of_turn]" in items[2].text
    link = browser.find_element(By.ID, "f-download")
    assert link.get_attribute("download") == "table.jsonl"
    assert link.get_attribute("href").startswith("blob:")
    # a fourth line the rules disagree with is marked as the first line off the rules
    _pick("f-who", "ana", browser)
    _pick("f-move", "another move (off the rules, or not offered)…", browser)
    _pick("f-type", "the table made them draw (a penalty)", browser)
    cards = browser.find_element(By.ID, "f-cards")
    cards.clear()
    cards.send_keys("1")
    _add(browser, 4)
    flagged = browser.find_elements(By.CSS_SELECTOR, "#f-lines li.first")
    assert len(flagged) == 1 and "DISAGREES" in flagged[0].text and flagged[0].text[0] == "⚑"
    browser.find_element(By.ID, "f-undo").click()
    WebDriverWait(browser, 60).until(lambda d: body(d, "form-lines") == "3")


def test_a_house_rule_file_is_checked_and_diffed_as_the_command_does(
    browser: WebDriver, url: str, tmp_path: Path
) -> None:
    the_page(browser, url)
    text = browser.find_element(By.ID, "h-text").get_property("value")
    (tmp_path / "house.toml").write_text(text, encoding="utf-8")
    for button, args in (("h-check", ["check"]), ("h-diff", ["diff", "ena"])):
        before = shown(browser, "h-out")
        browser.find_element(By.ID, button).click()
        WebDriverWait(browser, 60).until(lambda d, b=before: shown(d, "h-out") != b)
        done = cli("variants", *args, "house.toml", cwd=tmp_path)
        out = browser.find_element(By.ID, "h-out").get_property("textContent")
        assert out == done.stdout + done.stderr


def test_a_hostile_record_shows_markup_as_text_and_runs_no_script(
    browser: WebDriver, url: str, tmp_path: Path
) -> None:
    the_page(browser, url)
    head = {"ena_log": 1, "variant": "official", "players": [EVIL, EVIL_IMG], "seed": 7}
    lines = [json.dumps(head), json.dumps({"type": "pass", "player": EVIL})]
    lines.append('{"type": "play", "player": "bor", "card": "</script><script>alert(3)</script>"}')
    lines.append("</textarea><img src=x onerror=alert(4)>")
    log = tmp_path / "evil<b>.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    judge_file(browser, log)
    no_alert(browser)
    assert browser.execute_script("return document.scripts.length") == 1  # app.js
    assert browser.execute_script("return document.images.length") == 0
    report = shown(browser, "report")
    assert EVIL in report and EVIL_IMG in report  # shown as text
    assert "evil_b_.jsonl:4: unusable" in report  # the line that is not JSON
    browser.switch_to.frame(browser.find_element(By.ID, "replay"))
    try:
        WebDriverWait(browser, 30).until(lambda d: body(d, "ready") == "true")
        assert browser.execute_script("return document.images.length") == 0
        assert browser.execute_script("return document.scripts.length") == 2
        assert EVIL in shown(browser, "players")
    finally:
        browser.switch_to.default_content()
    no_alert(browser)


def test_a_50_mb_paste_neither_injects_nor_freezes_the_page(browser: WebDriver, url: str) -> None:
    the_page(browser, url)
    browser.execute_script(
        """
        const head = JSON.stringify({ena_log: 1, variant: "ena", players: ["ana", "bor"],
                                     seed: 1}) + "\\n";
        const line = JSON.stringify({type: "play", player: arguments[0], card: "R5"}) + "\\n";
        const text = head + line.repeat(Math.ceil(50e6 / line.length));
        const data = new DataTransfer();
        data.setData("text/plain", text);
        document.getElementById("record").dispatchEvent(
            new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
        """,
        EVIL_IMG,
    )
    assert browser.find_element(By.ID, "record").get_property("value") == ""  # not in the page
    assert shown(browser, "held").startswith("Holding pasted.jsonl (50.0 MB)")
    browser.find_element(By.ID, "b-judge").click()
    assert body(browser, "judging") == "true"
    assert shown(browser, "status").startswith("Judging pasted.jsonl (50.0 MB)")
    # while the worker judges, the page's own thread answers: typing changes the dealer list
    players = browser.find_element(By.ID, "f-players")
    players.clear()
    players.send_keys("dan, eva")
    options = [o.text for o in Select(browser.find_element(By.ID, "f-dealer")).options]
    assert options == ["dan", "eva"] and body(browser, "judging") == "true"
    browser.find_element(By.ID, "b-stop").click()
    assert body(browser, "judging") == "false" and body(browser, "stopped") == "1"
    WebDriverWait(browser, LOAD).until(lambda d: body(d, "ready") == "true")  # a fresh worker
    no_alert(browser)
    assert browser.execute_script("return document.images.length") == 0


def _not_blank(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50  # text, buttons, the report's badges
    counts = sorted((n for n, _ in colours), reverse=True)
    assert counts[0] < 0.9 * image.size[0] * image.size[1]  # not one flat colour
    return image


def _replay_ready(driver: WebDriver) -> None:
    driver.switch_to.frame(driver.find_element(By.ID, "replay"))
    try:
        WebDriverWait(driver, 30).until(lambda d: body(d, "ready") == "true")
    finally:
        driver.switch_to.default_content()


def test_screenshots_at_desktop_and_phone_size_are_not_blank(
    browser: WebDriver, url: str, shots: Path
) -> None:
    the_page(browser, url)
    judge_file(browser, DISPUTED)
    _replay_ready(browser)
    browser.execute_script("document.getElementById('summary').scrollIntoView()")
    png = browser.get_screenshot_as_png()
    (shots / "web-desktop.png").write_bytes(png)
    assert _not_blank(png).size[0] >= 1000
    phone = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)
    try:
        width = browser.execute_script("return window.innerWidth")
        assert width == 390
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        assert browser.find_element(By.ID, "b-judge").size["height"] >= 44  # thumb-sized
        judge_file(browser, DISPUTED)
        _replay_ready(browser)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        browser.execute_script("document.getElementById('summary').scrollIntoView()")
        png = browser.get_screenshot_as_png()
        (shots / "web-phone.png").write_bytes(png)
        assert _not_blank(png).size[0] == 390
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
