"""The service's pages stay true: docs/server.md names every method and error code, the
assistant page every tool and a configuration that parses, and the JavaScript guide's code
runs as written with Node.js against a live server."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from service_support import ROOT
from test_service_http import server  # noqa: F401  (the live server fixture)

from ena_rules.service import Service, errors
from ena_rules.service.mcp_server import TOOLS

DOCS = ROOT / "docs"
JS = ROOT / "tests" / "js"


def _blocks(page: str, lang: str) -> list[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return re.findall(rf"^```{lang}\n(.*?)^```", text, flags=re.S | re.M)


def test_server_page_names_every_method_and_error_code() -> None:
    text = (DOCS / "server.md").read_text(encoding="utf-8")
    missing = [m for m in Service().method_names if f"| `{m}` |" not in text]
    assert missing == []
    codes = [v for k, v in vars(errors).items() if k.isupper() and isinstance(v, int)]
    assert [c for c in codes if f"| {c} |" not in text] == []


def test_assistant_page_names_every_tool_and_its_configuration_parses() -> None:
    text = (DOCS / "guide-assistant.md").read_text(encoding="utf-8")
    assert sorted(re.findall(r"^\| `([a-z_]+)` \|", text, flags=re.M)) == sorted(TOOLS)
    (config,) = _blocks("guide-assistant.md", "json")
    server_entry = json.loads(config)["mcpServers"]["ena-rules"]
    assert server_entry["command"].endswith("/ena-rules") and server_entry["args"][0] == "mcp"


def _node() -> str:
    node = shutil.which("node")
    assert node, "the JavaScript guide's examples need node (v18 or newer)"
    assert (JS / "node_modules" / "ws").is_dir(), "run `npm ci` in tests/js (.ci/run does)"
    return node


def _run_js(code: str, env: dict[str, str] | None = None) -> str:
    """Run a script as a module inside tests/js (where its `ws` resolves)."""
    script = JS / f".guide-{os.getpid()}.mjs"
    script.write_text(code, encoding="utf-8")
    try:
        run = subprocess.run(
            [_node(), str(script)],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
            cwd=JS,
            env=env,
        )
    finally:
        script.unlink()
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_the_javascript_guide_plays_over_http_and_websocket(server: str) -> None:  # noqa: F811
    http, ws = _blocks("guide-javascript.md", "js")[:2]
    code = (
        (http + ws)
        .replace("http://127.0.0.1:8080", server)
        .replace("ws://127.0.0.1:8080", server.replace("http", "ws"))
    )
    out = _run_js(code)
    assert "accepted TURN-MATCH cene plays B6: it matches. ana is next (clockwise)." in out, out
    assert (
        "cene sees: cene plays B6: it matches. ana is next (clockwise). (top B6, ana is due)" in out
    )


def test_the_javascript_guides_subprocess_lists_the_variants(tmp_path: Path) -> None:
    (stdio,) = _blocks("guide-javascript.md", "js")[2:]
    bindir = tmp_path / "bin"
    bindir.mkdir()
    wrapper = bindir / "ena-rules"  # `ena-rules` as installed: this interpreter's package
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m ena_rules "$@"\n')
    wrapper.chmod(0o755)
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}"}
    out = _run_js(stdio.replace('"games.db"', json.dumps(str(tmp_path / "g.db"))), env=env)
    assert "ena, " in out and "official" in out
