"""``ena-rules serve --http``: a Node.js client (npm ``ws``) plays a whole game over HTTP and
WebSocket; the HTTP layer's own rules (content type, size cap, origins, pushes)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from service_support import PLAYERS, ROOT, api_game, check_update
from starlette.testclient import TestClient

from ena_rules.service import Limits, Service
from ena_rules.service.http import build_app

JS = ROOT / "tests" / "js"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """``python -m ena_rules serve --http 127.0.0.1:0`` in a child process; its URL."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ena_rules",
            "serve",
            "--http",
            "127.0.0.1:0",
            "--store",
            str(tmp_path / "games.db"),
        ],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()
    found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line)
    try:
        assert found, f"the server did not start: {line}{proc.stderr.read()}"
        yield found.group(1)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        proc.stderr.close()


def test_a_nodejs_client_plays_a_whole_game_over_http_and_websocket(server: str) -> None:
    node = shutil.which("node")
    assert node, "the Node.js client needs node (v18 or newer)"
    assert (JS / "node_modules" / "ws").is_dir(), "run `npm ci` in tests/js (.ci/run does)"
    run = subprocess.run(
        [node, str(JS / "client.mjs"), server, "ena", "3", ",".join(PLAYERS)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["log"] == api_game("ena", PLAYERS, 3)
    # every seat was pushed its own view after every verdict
    assert out["updates"] == {p: out["acts"] for p in PLAYERS}
    assert out["winner"] in PLAYERS


def _rpc(method: str, **params: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}


class TestHttpLayer:
    def test_post_needs_json_content_type(self) -> None:
        client = TestClient(build_app(Service()))
        body = json.dumps(_rpc("server.info"))
        assert (
            client.post("/rpc", content=body, headers={"content-type": "text/plain"}).status_code
            == 415
        )
        assert (
            client.post("/rpc", content=body, headers={"content-type": "application/json"}).json()[
                "result"
            ]["protocol"]
            == 1
        )

    def test_a_body_over_the_cap(self) -> None:
        client = TestClient(build_app(Service(limits=Limits(max_message=100))))
        answer = client.post("/rpc", json=_rpc("variants.explain", id="x" * 200))
        assert answer.status_code == 413 and answer.json()["error"]["code"] == -32003

    def test_a_notification_gets_no_body(self) -> None:
        client = TestClient(build_app(Service()))
        answer = client.post("/rpc", json={"jsonrpc": "2.0", "method": "server.info"})
        assert answer.status_code == 204 and answer.content == b""

    def test_a_websocket_from_another_origin_is_refused(self) -> None:
        from starlette.websockets import WebSocketDisconnect

        client = TestClient(build_app(Service()))
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect("/ws", headers={"origin": "https://evil.example"}) as ws,
        ):
            ws.receive_text()
        allowed = TestClient(build_app(Service(), allow_origins=["https://app.example"]))
        with allowed.websocket_connect("/ws", headers={"origin": "https://app.example"}) as ws:
            ws.send_text(json.dumps(_rpc("server.info")))
            assert json.loads(ws.receive_text())["result"]["protocol"] == 1

    def test_each_watcher_is_pushed_its_own_view_after_a_verdict(self) -> None:
        service = Service()
        client = TestClient(build_app(service))
        game = client.post(
            "/rpc", json=_rpc("game.new", variant="ena", players=PLAYERS, seed=4)
        ).json()["result"]
        tokens = game["tokens"]
        with client.websocket_connect("/ws") as bor, client.websocket_connect("/ws") as cene:
            for ws, p in ((bor, "bor"), (cene, "cene")):
                ws.send_text(json.dumps(_rpc("game.watch", token=tokens[p])))
                assert json.loads(ws.receive_text())["result"]["player"] == p
            table, _ = service.tables.seat(tokens["ana"])
            mover = table.state.due
            assert mover is not None
            event = client.post("/rpc", json=_rpc("game.legal", token=tokens[mover])).json()[
                "result"
            ]["events"][0]
            acted = client.post(
                "/rpc", json=_rpc("game.act", token=tokens[mover], event=event)
            ).json()["result"]
            for ws, p in ((bor, "bor"), (cene, "cene")):
                note = json.loads(ws.receive_text())
                assert note["method"] == "game.update"
                check_update(note["params"])
                assert note["params"]["player"] == p and note["params"]["view"]["player"] == p
                assert note["params"]["by"] == mover and note["params"]["seq"] == acted["seq"]
                hand = [str(c) for c in table.state.hands[table.state.players.index(p)]]
                assert note["params"]["view"]["hand"] == hand

    def test_a_websocket_acts_only_for_its_tokens_player(self) -> None:
        service = Service()
        client = TestClient(build_app(service))
        game = client.post(
            "/rpc", json=_rpc("game.new", variant="ena", players=PLAYERS, seed=4)
        ).json()["result"]
        table, _ = service.tables.seat(game["tokens"]["ana"])
        due = table.state.due
        other = next(p for p in PLAYERS if p != due)
        event = {"type": "draw", "player": due}
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps(_rpc("game.act", token=game["tokens"][other], event=event)))
            answer = json.loads(ws.receive_text())
        assert answer["error"]["code"] == -32002 and table.seq == 0

    def test_a_bad_watch_is_an_error_and_watches_nothing(self) -> None:
        client = TestClient(build_app(Service()))
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps(_rpc("game.watch", token="stolen?")))
            assert json.loads(ws.receive_text())["error"]["code"] == -32001
            ws.send_text("{not json")
            assert json.loads(ws.receive_text())["error"]["code"] == -32700
