"""``ena-rules serve --http HOST:PORT``: the protocol over HTTP, and a WebSocket per player.

- ``POST /rpc``: one JSON-RPC message (or a batch) as the body, ``Content-Type:
  application/json``; the response is the body of the answer (204 for a notification).
- ``GET /ws`` (WebSocket): JSON-RPC messages as text frames, both ways. After
  ``game.watch`` with a token, the connection is sent that player's view after every verdict
  at the table, as ``game.update`` notifications.

Built on Starlette and uvicorn (the ``[server]`` extra). A WebSocket whose page comes from
another origin is refused unless the operator allows that origin; a POST must say
``application/json``, which a page of another origin cannot send without asking.

>>> from starlette.testclient import TestClient
>>> from ena_rules.service.protocol import Service
>>> client = TestClient(build_app(Service()))
>>> answer = client.post("/rpc", json={"jsonrpc": "2.0", "id": 1, "method": "server.info"})
>>> answer.json()["result"]["protocol"]
1
"""

from __future__ import annotations

import asyncio
import json
import socket
import sys
from collections.abc import Sequence

import anyio
import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..game.verdict import Verdict
from .errors import RpcError
from .methods import table_answer
from .protocol import Service
from .serial import is_slow
from .tables import Table

__all__ = ["Hub", "build_app", "serve_http"]


class Hub:
    """The WebSocket connections watching each seat, and the pushes to them."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.watching: dict[str, dict[asyncio.Queue[str], set[str]]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        service.tables.listeners.append(self.after_verdict)

    def watch(self, game: str, player: str, queue: asyncio.Queue[str]) -> None:
        """Send ``queue`` the player's view after every verdict at ``game``."""
        self.watching.setdefault(game, {}).setdefault(queue, set()).add(player)

    def forget(self, queue: asyncio.Queue[str]) -> None:
        """A connection closed: it watches nothing any more."""
        for game in list(self.watching):
            conns = self.watching[game]
            conns.pop(queue, None)
            if not conns:
                del self.watching[game]

    def after_verdict(self, table: Table, by: str, verdict: Verdict) -> None:
        """Each watching connection's own view, after a verdict (the listener of the tables)."""
        from ena_rules.game.serialize import to_json

        conns = self.watching.get(table.id)
        if not conns:
            return
        said = to_json(verdict)
        with table.lock:
            views = {p: table_answer(table, p) for ps in conns.values() for p in ps}
        for queue, players in list(conns.items()):
            for p in sorted(players):
                note = {
                    "jsonrpc": "2.0",
                    "method": "game.update",
                    "params": {**views[p], "by": by, "verdict": said},
                }
                self._put(queue, json.dumps(note, ensure_ascii=False))

    def _put(self, queue: asyncio.Queue[str], text: str) -> None:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if self.loop is None or running is self.loop:
            queue.put_nowait(text)
        else:
            self.loop.call_soon_threadsafe(queue.put_nowait, text)


async def _answer(service: Service, text: str | bytes) -> str | None:
    """The answer to one message: run in the event loop (arrival order), or a worker thread
    for a record's validation or replay."""
    if is_slow(text):
        return await anyio.to_thread.run_sync(service.handle_text, text)
    return service.handle_text(text)


async def _read_body(request: Request, cap: int) -> bytes | None:
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > cap:
            return None
    return bytes(body)


def _limit_response(cap: int) -> Response:
    err = RpcError.limit(f"a message longer than {cap} bytes")
    return JSONResponse({"jsonrpc": "2.0", "id": None, "error": err.to_json()}, status_code=413)


def build_app(service: Service, *, allow_origins: Sequence[str] = ()) -> Starlette:
    """The ASGI application: ``POST /rpc`` and the WebSocket ``/ws``."""
    hub = Hub(service)
    cap = service.limits.max_message
    origins = set(allow_origins)

    async def rpc(request: Request) -> Response:
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return PlainTextResponse(
                "POST JSON-RPC with Content-Type: application/json\n", status_code=415
            )
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > cap:
            return _limit_response(cap)
        body = await _read_body(request, cap)
        if body is None:
            return _limit_response(cap)
        answer = await _answer(service, body)
        if answer is None:
            return Response(status_code=204)
        return Response(answer, media_type="application/json")

    async def ws(socket_: WebSocket) -> None:
        origin = socket_.headers.get("origin")
        if origin is not None and origin not in origins:
            await socket_.close(code=1008, reason="origin not allowed")
            return
        hub.loop = asyncio.get_running_loop()
        await socket_.accept()
        queue: asyncio.Queue[str] = asyncio.Queue()
        sender = asyncio.create_task(_send_all(socket_, queue))
        try:
            while True:
                text = await socket_.receive_text()
                _watch(service, hub, text, queue)
                answer = await _answer(service, text)
                if answer is not None:
                    queue.put_nowait(answer)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.forget(queue)
            sender.cancel()

    middleware = []
    if origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=sorted(origins),
                allow_methods=["POST"],
                allow_headers=["content-type"],
            )
        )
    return Starlette(
        routes=[Route("/rpc", rpc, methods=["POST"]), WebSocketRoute("/ws", ws)],
        middleware=middleware,
    )


def _watch(service: Service, hub: Hub, text: str, queue: asyncio.Queue[str]) -> None:
    """A ``game.watch`` request with a good token subscribes the connection to that seat."""
    try:
        message = json.loads(text)
    except ValueError:
        return
    if not isinstance(message, dict) or message.get("method") != "game.watch":
        return
    params = message.get("params")
    token = params.get("token") if isinstance(params, dict) else None
    if not isinstance(token, str):
        return
    try:
        table, player = service.tables.seat(token)
    except RpcError:
        return  # the request itself answers with the error
    hub.watch(table.id, player, queue)


async def _send_all(socket_: WebSocket, queue: asyncio.Queue[str]) -> None:
    while True:
        text = await queue.get()
        await socket_.send_text(text)


def serve_http(
    service: Service, host: str, port: int, *, allow_origins: Sequence[str] = ()
) -> None:
    """Serve until interrupted; says where it listens on standard error (port 0: any free)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((host, port))
    sock.listen(2048)  # connections wait in the backlog from now on, before uvicorn runs
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(
        f"ena-rules serve: listening on http://{shown}:{bound} (POST /rpc, WebSocket /ws)",
        file=sys.stderr,
        flush=True,
    )
    config = uvicorn.Config(
        build_app(service, allow_origins=allow_origins),
        ws_max_size=service.limits.max_message,
        ws_per_message_deflate=False,  # small messages: compressing costs more than it saves
        log_level="warning",
        lifespan="off",
    )
    uvicorn.Server(config).run(sockets=[sock])
