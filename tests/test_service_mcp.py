"""``ena-rules mcp``: the MCP SDK's own client starts the server over stdio, lists the tools
and calls every one; a whole game played through the tools gives the API's log."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from typing import Any

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from service_support import PLAYERS, ROOT, api_game, check_result, choose

from ena_rules import load_variant
from ena_rules.game.position import format_position
from ena_rules.service.mcp_server import TOOLS
from ena_rules.testing import start_round

DISPUTED = (ROOT / "docs" / "examples" / "ena-disputed.jsonl").read_text(encoding="utf-8")


class Tools:
    """An MCP client session: each tool's structured result, checked against the schema of
    the protocol method it calls."""

    def __init__(self, session: ClientSession) -> None:
        self.session = session
        self.called: set[str] = set()

    async def __call__(self, tool: str, **arguments: Any) -> Any:
        result = await self.session.call_tool(tool, arguments)
        assert not result.is_error, result.content
        self.called.add(tool)
        data = result.structured_content
        assert data == json.loads(result.content[0].text)  # the same, as text for a model
        check_result(TOOLS[tool], data)
        return data

    async def error(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = await self.session.call_tool(tool, arguments)
        assert result.is_error
        text = result.content[0].text
        error: dict[str, Any] = json.loads(text[text.index("{") :])
        return error


async def _session() -> None:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "ena_rules", "mcp", "--store", ":memory:"]
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        listed = await session.list_tools()
        assert sorted(t.name for t in listed.tools) == sorted(TOOLS)
        assert all(t.description for t in listed.tools)
        tools = Tools(session)
        await _dispute(tools)
        await _play(tools)
        assert tools.called == set(TOOLS)


async def _dispute(tools: Tools) -> None:
    """What an assistant settling a dispute calls."""
    names = [v["name"] for v in (await tools("list_variants"))["variants"]]
    assert "ena" in names
    assert (await tools("explain", id="penalties.out_of_turn"))["text"].startswith(
        "penalties.out_of_turn"
    )
    state = start_round(
        load_variant("ena"),
        ["ana", "bor", "cene"],
        dealer="ana",
        hands=[["R1"], ["R9"], []],
        turned="R5",
    )
    out = await tools(
        "judge",
        position=format_position(state),
        event={"type": "play", "player": "ana", "card": "R1"},
    )
    assert out["verdict"]["outcome"] == "penalised" and out["verdict"]["clause"] == "PEN-ENA"
    report = await tools("validate_record", log=DISPUTED)
    assert report["summary"]["exit_code"] == 1 and report["summary"]["first_wrong_line"] == 35
    page = await tools("replay_record", log=DISPUTED, player="cene")
    assert page["html"].startswith("<!DOCTYPE html>")
    bad = await tools.error("explain", id="NO-SUCH")
    assert bad["code"] == -32000 and bad["data"]["error"] == "EnaRulesError"


async def _play(tools: Tools) -> None:
    """What agents playing a game call, each with its own token, to the game's end."""
    game = await tools("new_game", variant="official", players=PLAYERS, seed=8)
    tokens, seats = game["tokens"], game["players"]
    assert (await tools("my_view", token=tokens["bor"]))["view"]["player"] == "bor"
    assert (await tools.error("game_log", token=tokens["bor"]))["code"] == -32002
    assert (await tools.error("my_view", token="guess"))["code"] == -32001
    while True:
        events_of = {p: (await tools("my_legal_moves", token=tokens[p]))["events"] for p in seats}
        if not any(events_of.values()):
            break
        player = next(p for p in seats if events_of[p])
        answer = await tools("act", token=tokens[player], event=choose(events_of, seats))
        if answer["view"]["phase"] == "over":
            break
    log = (await tools("game_log", token=tokens["cene"]))["log"]
    assert log == api_game("official", PLAYERS, 8)


def test_the_mcp_sdk_client_calls_every_tool() -> None:
    asyncio.run(_session())


def test_the_typescript_mcp_sdk_client_calls_every_tool() -> None:
    """The TypeScript SDK's client (npm @modelcontextprotocol/sdk, tests/js/mcp-client.mjs)
    against the same server: every tool listed and called."""
    node = shutil.which("node")
    assert node, "the TypeScript MCP client needs node (v18 or newer)"
    js = ROOT / "tests" / "js"
    assert (js / "node_modules" / "@modelcontextprotocol" / "sdk").is_dir(), "npm ci in tests/js"
    state = start_round(
        load_variant("ena"),
        ["ana", "bor", "cene"],
        dealer="ana",
        hands=[["R1"], ["R9"], []],
        turned="R5",
    )
    env = {**os.environ, "ENA_POSITION": format_position(state)}
    run = subprocess.run(
        [
            node,
            str(js / "mcp-client.mjs"),
            sys.executable,
            "-m",
            "ena_rules",
            "mcp",
            "--store",
            ":memory:",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["listed"] == sorted(TOOLS)
    assert set(out) - {"listed"} == set(TOOLS)  # every tool called
    assert out["list_variants"] is True and out["explain"] == "PEN-ENA"
    assert out["validate_record"] == 35 and out["replay_record"] is True
    assert out["new_game"] == ["ana", "bor", "cene"]
    assert out["my_view"] == ["RS", "R8", "YR", "B6", "Y6", "RR", "R8"]
    assert out["act"] == "cene plays B6: it matches. ana is next (clockwise)."
    assert out["game_log"] == -32002  # refused before the end
    assert out["judge"]["verdict"]["outcome"] == "penalised"
