"""What the service tests share: the reference game played through the API, a server process
driven over --stdio, and the protocol schema's check of every answer."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from ena_rules import legal_events, load_variant
from ena_rules.game.serialize import to_json
from ena_rules.log import GameRecorder
from ena_rules.service import load_schema

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = load_schema()
PLAYERS = ["ana", "bor", "cene"]


@cache
def _validator(ref: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": ref})


def check_result(method: str, result: Any) -> None:
    """The result fits the method's schema (else jsonschema's ValidationError)."""
    _validator(f"#/methods/{method}/result").validate(result)


def check_update(params: Any) -> None:
    """A game.update notification's params fit the schema."""
    _validator("#/notifications/game.update/params").validate(params)


def choose(events_of: dict[str, list[dict[str, Any]]], seats: Sequence[str]) -> dict[str, Any]:
    """The test players' policy, the same in every client: the first seat (clockwise from the
    first) with a legal event plays its first one."""
    for p in seats:
        if events_of.get(p):
            return events_of[p][0]
    raise AssertionError("no player has a legal event")


def api_game(variant: str, players: Sequence[str], seed: int) -> str:
    """The reference: the same game played through the library's API, as an ena-log."""
    out = io.StringIO()
    rec = GameRecorder(out, load_variant(variant), players, seed=seed)
    while rec.state.phase != "over":
        if rec.state.phase == "deal":
            rec.new_round()
            continue
        events_of: dict[str, list[dict[str, Any]]] = {}
        for e in legal_events(rec.state):
            events_of.setdefault(e.player, []).append(to_json(e))
        from ena_rules.game.serialize import event_from_json

        verdict = rec.apply(event_from_json(choose(events_of, rec.state.players)))
        assert verdict.outcome != "rejected", verdict
    return out.getvalue()


class StdioServer:
    """``python -m ena_rules serve --stdio`` as a child process, one request a line."""

    def __init__(self, *args: str, cwd: Path | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ena_rules", "serve", "--stdio", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=cwd,
        )
        self.next_id = 0

    def send(self, text: str) -> dict[str, Any]:
        """Send one line; its answer."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, f"the server ended: {self.proc.stderr.read() if self.proc.stderr else ''}"
        answer: dict[str, Any] = json.loads(line)
        return answer

    def call(self, method: str, **params: Any) -> Any:
        """A request; its result (an error fails the test)."""
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        answer = self.send(json.dumps(msg))
        assert answer.get("id") == self.next_id, answer
        assert "result" in answer, answer
        check_result(method, answer["result"])
        return answer["result"]

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        self.proc.kill()
        self.proc.wait(timeout=30)

    def close(self) -> int:
        """End standard input; the exit code."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        code = self.proc.wait(timeout=60)
        for f in (self.proc.stdout, self.proc.stderr):
            if f is not None:
                f.close()
        return code


def play_over(call: Any, tokens: dict[str, str], seats: Sequence[str], limit: int = 10_000) -> int:
    """Play a live game to its end through ``call(method, **params)``, each seat with its own
    token, by the shared policy; the number of events."""
    for n in range(limit):
        events_of = {p: call("game.legal", token=tokens[p])["events"] for p in seats}
        if not any(events_of.values()):
            return n
        p = next(p for p in seats if events_of[p])
        answer = call("game.act", token=tokens[p], event=choose(events_of, seats))
        assert answer["verdict"]["outcome"] != "rejected", answer
        if answer["view"]["phase"] == "over":
            return n + 1
    raise AssertionError("the game does not end")
