"""Load on ``ena-rules serve --http``: many concurrent games over HTTP and WebSocket, on
loopback, each player on their own WebSocket; moves per second and latency per move.

    python3 benchmarks/server.py                  # 200 games, 3 players, up to 300 moves each
    python3 benchmarks/server.py --games 50 --moves 100 --store :memory:

It starts the server as a child process (``python -m ena_rules serve --http 127.0.0.1:0``,
its store a fresh SQLite file unless ``--store`` says otherwise), creates every game with a
POST, opens a WebSocket per seat and watches it (``game.watch``), then plays all games at
once: the seat due asks for its legal events and acts (a random one, seeded); a move's
latency is from sending ``game.act`` to its answer, with every seat of the table pushed its
view meanwhile. Not a test (no figure is asserted); docs/server.md gives a run's figures.
Needs the ``[server]`` extra (``websockets``, ``httpx``... as installed by it: only
``websockets`` is used here, with the standard library).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

import websockets

PLAYERS = ["ana", "bor", "cene", "dita", "eva", "fran"]


def _post(url: str, method: str, params: dict[str, Any]) -> Any:
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode()
    req = urllib.request.Request(
        f"{url}/rpc", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=60) as res:
        answer = json.loads(res.read())
    if "error" in answer:
        raise SystemExit(f"{method}: {answer['error']}")
    return answer["result"]


class Seat:
    """One player's WebSocket: requests by id, pushes counted."""

    def __init__(self, ws: Any, token: str) -> None:
        self.ws, self.token = ws, token
        self.next_id = 0
        self.waiting: dict[int, asyncio.Future[Any]] = {}
        self.pushes = 0
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for text in self.ws:
            msg = json.loads(text)
            if msg.get("method") == "game.update":
                self.pushes += 1
            elif msg.get("id") in self.waiting:
                self.waiting.pop(msg["id"]).set_result(msg)

    async def call(self, method: str, **params: Any) -> Any:
        self.next_id += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = future
        message = {
            "jsonrpc": "2.0",
            "id": self.next_id,
            "method": method,
            "params": {"token": self.token, **params},
        }
        await self.ws.send(json.dumps(message))
        answer = await future
        if "error" in answer:
            raise SystemExit(f"{method}: {answer['error']}")
        return answer["result"]


async def _game(
    url: str,
    game: dict[str, Any],
    moves: int,
    seed: int,
    latencies: list[float],
    start: asyncio.Event,
) -> tuple[int, int]:
    rng = random.Random(seed)
    names = game["players"]
    sockets = [
        await websockets.connect(url.replace("http", "ws") + "/ws", max_size=None) for _ in names
    ]
    seats = {p: Seat(ws, game["tokens"][p]) for p, ws in zip(names, sockets, strict=True)}
    views = {p: await seats[p].call("game.watch") for p in names}
    await start.wait()
    done = 0
    due = views[names[0]]["view"]["due"]
    for _ in range(moves):
        if due is None:
            break
        events = (await seats[due].call("game.legal"))["events"]
        if not events:
            break
        t = time.perf_counter()
        answer = await seats[due].call("game.act", event=rng.choice(events))
        latencies.append(time.perf_counter() - t)
        done += 1
        if answer["view"]["phase"] == "over":
            break
        due = answer["view"]["due"]
    await asyncio.sleep(0.2)  # the last pushes
    pushes = sum(s.pushes for s in seats.values())
    for ws in sockets:
        await ws.close()
    return done, pushes


def _cpu(pid: int) -> float | None:
    """CPU seconds (user + system) a process has used so far (Linux's /proc), or None."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _run(url: str, args: argparse.Namespace, pid: int = 0) -> dict[str, Any]:
    names = PLAYERS[: args.players]
    games = [
        _post(url, "game.new", {"variant": args.variant, "players": names, "seed": i})
        for i in range(args.games)
    ]
    latencies: list[float] = []
    start = asyncio.Event()
    tasks = [
        asyncio.create_task(_game(url, g, args.moves, i, latencies, start))
        for i, g in enumerate(games)
    ]
    while len(latencies) == 0 and not start.is_set():
        await asyncio.sleep(0.5)
        if all(not t.done() for t in tasks):
            break
    await asyncio.sleep(1.0)  # every socket open and watching
    t0, server0, client0 = time.perf_counter(), _cpu(pid), time.process_time()
    start.set()
    results = await asyncio.gather(*tasks)
    wall = time.perf_counter() - t0
    server1, client1 = _cpu(pid), time.process_time()
    moves = sum(m for m, _ in results)
    ordered = sorted(latencies)
    return {
        "games": args.games,
        "players": args.players,
        "variant": args.variant,
        "moves": moves,
        "seconds": round(wall, 2),
        "moves_per_second": round(moves / wall, 1),
        "p50_ms": round(1000 * statistics.median(ordered), 2),
        "p99_ms": round(1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2),
        "pushes": sum(p for _, p in results),
        "server_cpu_ms_per_move": None
        if server0 is None or server1 is None or not moves
        else round(1000 * (server1 - server0) / moves, 2),
        "client_cpu_ms_per_move": round(1000 * (client1 - client0) / max(moves, 1), 2),
        "websockets": args.games * args.players,
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}",
    }


def _start(store: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ena_rules",
            "serve",
            "--http",
            "127.0.0.1:0",
            "--store",
            store,
            "--max-games",
            "100000",
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()
    found = re.search(r"(http://127\.0\.0\.1:\d+)", line)
    if not found:
        proc.kill()
        raise SystemExit(f"the server did not start: {line}")
    return proc, found.group(1)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print its figures (and ``--json`` them)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", type=int, default=3, choices=range(2, 7))
    p.add_argument("--moves", type=int, default=300, help="at most this many moves a game")
    p.add_argument("--variant", default="ena")
    p.add_argument("--store", help="the server's SQLite file (default: a new temporary one)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ena-bench-") as tmp:
        proc, url = _start(args.store or os.path.join(tmp, "games.db"))
        try:
            figures = asyncio.run(_run(url, args, proc.pid))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(
        f"{figures['games']} concurrent games of {figures['variant']}, {figures['players']} "
        f"players each ({figures['websockets']} WebSockets), on loopback"
    )
    print(
        f"{figures['moves']} moves in {figures['seconds']} s: {figures['moves_per_second']} moves/s"
    )
    print(
        f"latency per move (game.act to its answer): p50 {figures['p50_ms']} ms, "
        f"p99 {figures['p99_ms']} ms"
    )
    print(
        f"views pushed: {figures['pushes']}; CPU per move: server "
        f"{figures['server_cpu_ms_per_move']} ms, this client "
        f"{figures['client_cpu_ms_per_move']} ms; machine: {figures['machine']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
