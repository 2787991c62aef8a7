"""The referee as a service: one JSON-RPC 2.0 protocol over stdio, HTTP and WebSocket, and MCP.

:class:`Service` answers the protocol's messages (docs/server.md); the live tables keep a
token per player and store every event before answering. The transports need the
``[server]`` extra (Starlette, uvicorn, the MCP SDK, jsonschema).

>>> service = Service()
>>> game = service.call("game.new", {"variant": "ena", "players": ["ana", "bor"], "seed": 7})
>>> service.call("game.view", {"token": game["tokens"]["ana"]})["view"]["player"]
'ana'
"""

from .errors import RpcError
from .protocol import PROTOCOL_VERSION, Limits, Service, load_schema

__all__ = ["PROTOCOL_VERSION", "Limits", "RpcError", "Service", "load_schema"]
