"""``ena-rules serve --stdio`` driven by a second process, and the store surviving a kill."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from service_support import PLAYERS, ROOT, StdioServer, api_game, choose, play_over


def test_a_whole_game_over_stdio_gives_the_apis_log(tmp_path: Path) -> None:
    server = StdioServer("--store", str(tmp_path / "games.db"))
    try:
        assert "ena" in [v["name"] for v in server.call("variants.list")["variants"]]
        game = server.call("game.new", variant="ena", players=PLAYERS, seed=3)
        play_over(server.call, game["tokens"], game["players"])
        log = server.call("game.log", token=game["tokens"]["ana"])["log"]
    finally:
        assert server.close() == 0
    assert log == api_game("ena", PLAYERS, 3)


def test_malformed_lines_are_answered_and_the_server_goes_on(tmp_path: Path) -> None:
    server = StdioServer("--store", ":memory:", "--max-message", "200")
    try:
        assert server.send("{nope")["error"]["code"] == -32700
        assert server.send("x" * 1000)["error"]["code"] == -32003  # longer than the cap
        assert server.send('{"jsonrpc": "2.0", "id": 1, "method": "x"}')["error"]["code"] == (
            -32601
        )
        assert server.call("server.info")["protocol"] == 1
    finally:
        assert server.close() == 0


def _step(server: StdioServer, tokens: dict[str, str], seats: list[str]) -> dict[str, Any]:
    events_of = {p: server.call("game.legal", token=tokens[p])["events"] for p in seats}
    event = choose(events_of, seats)
    player = next(p for p in seats if events_of[p])
    answer: dict[str, Any] = server.call("game.act", token=tokens[player], event=event)
    return answer


def test_a_killed_server_has_every_game_back_event_for_event(tmp_path: Path) -> None:
    """SIGKILL in the middle of two games; started again on the same store, each game is where
    it was (every answered event stored), and plays on to the API's own log."""
    store = str(tmp_path / "games.db")
    server = StdioServer("--store", store)
    games = [
        server.call("game.new", variant=v, players=PLAYERS, seed=s)
        for v, s in (("ena", 21), ("official", 22))
    ]
    seen: dict[str, Any] = {}
    for game in games:
        for _ in range(150):
            _step(server, game["tokens"], game["players"])
        seen[game["game"]] = {
            p: server.call("game.view", token=t) for p, t in game["tokens"].items()
        }
    server.kill()  # no goodbye: whatever was answered must be in the store already

    with sqlite3.connect(store) as db:  # the store holds what was answered
        n_lines = db.execute("SELECT COUNT(*) FROM lines").fetchone()[0]
    assert n_lines >= 2 * 150

    again = StdioServer("--store", store)
    try:
        for game in games:
            now = {p: again.call("game.view", token=t) for p, t in game["tokens"].items()}
            assert now == seen[game["game"]]
            assert now["ana"]["seq"] >= 150
            play_over(again.call, game["tokens"], game["players"])
        logs = [again.call("game.log", token=g["tokens"]["bor"])["log"] for g in games]
    finally:
        assert again.close() == 0
    assert logs == [api_game("ena", PLAYERS, 21), api_game("official", PLAYERS, 22)]


def test_the_store_keeps_hashes_never_tokens(tmp_path: Path) -> None:
    store = tmp_path / "games.db"
    server = StdioServer("--store", str(store))
    try:
        game = server.call("game.new", variant="ena", players=PLAYERS, seed=1)
    finally:
        server.close()
    raw = store.read_bytes() + b"".join(p.read_bytes() for p in tmp_path.glob("games.db-*"))
    for token in game["tokens"].values():
        assert token.encode() not in raw
    with sqlite3.connect(store) as db:
        params = json.loads(db.execute("SELECT params FROM games").fetchone()[0])
    assert params == {"variant": "ena", "players": PLAYERS, "seed": 1}


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ena_rules", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        input="",
    )


def test_command_line_usage_errors_exit_2(tmp_path: Path) -> None:
    assert _serve("serve").returncode == 2  # neither --stdio nor --http
    bad = _serve("serve", "--http", "localhost")
    assert bad.returncode == 2 and "expected HOST:PORT or PORT" in bad.stderr
    missing = _serve("serve", "--stdio", "--store", str(tmp_path / "no" / "such" / "g.db"))
    assert missing.returncode == 2 and missing.stderr.startswith("ena-rules: error: --store")
    assert "Traceback" not in missing.stderr


def test_an_empty_stdin_ends_the_server_cleanly() -> None:
    done = _serve("serve", "--stdio", "--store", ":memory:")
    assert done.returncode == 0 and done.stdout == "" and done.stderr == ""


def test_nothing_else_in_the_package_imports_the_service() -> None:
    """The service sits on top: only its own modules and the command line's serve.py use it."""
    package = ROOT / "ena_rules"
    users = [
        p.relative_to(package).as_posix()
        for p in package.rglob("*.py")
        if "service" not in p.relative_to(package).parts[:1]
        and p.name != "serve.py"
        and re.search(r"^\s*(from|import) +(ena_rules|\.+)\.?service\b", p.read_text(), re.M)
    ]
    assert users == []
