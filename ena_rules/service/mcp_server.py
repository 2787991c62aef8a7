"""``ena-rules mcp``: the referee as MCP tools (the official Python SDK, over stdio).

Tools for an assistant settling a dispute (``explain``, ``judge``, ``validate_record``,
``replay_record``, ``list_variants``) and for an agent playing a game (``new_game``,
``my_view``, ``my_legal_moves``, ``act``, ``game_log``). Each tool is one method of the
protocol (docs/server.md); an error is the tool's error, with the JSON-RPC error as its text.

>>> import asyncio
>>> server = build_mcp(Service())
>>> sorted(t.name for t in asyncio.run(server.list_tools()))[:3]
['act', 'explain', 'game_log']
"""

from __future__ import annotations

import json
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from .. import __version__
from .errors import RpcError
from .protocol import Service

__all__ = ["TOOLS", "build_mcp"]

#: Each tool and the protocol method it calls.
TOOLS = {
    "list_variants": "variants.list",
    "explain": "variants.explain",
    "judge": "judge",
    "validate_record": "record.validate",
    "replay_record": "record.replay",
    "new_game": "game.new",
    "my_view": "game.view",
    "my_legal_moves": "game.legal",
    "act": "game.act",
    "game_log": "game.log",
}

_INSTRUCTIONS = (
    "A referee for UNO-family card games (Ena UNO, official UNO, house rules). To settle a "
    "dispute: explain a rule clause or key, judge a move on a position, validate a game's "
    "record (an ena-log, as text) and make its HTML replay. To play: new_game gives one "
    "secret token per player; use only your own token with my_view, my_legal_moves and act."
)


def _call(service: Service, method: str, params: dict[str, Any]) -> dict[str, Any]:
    try:
        return service.call(method, params)
    except RpcError as exc:
        raise ToolError(json.dumps(exc.to_json(), ensure_ascii=False)) from None


def _given(**params: Any) -> dict[str, Any]:
    return {k: v for k, v in params.items() if v is not None}


def build_mcp(service: Service) -> MCPServer:
    """The MCP server whose tools call ``service``."""
    mcp = MCPServer("ena-rules", instructions=_INSTRUCTIONS, version=__version__)

    @mcp.tool()
    def list_variants() -> dict[str, Any]:
        """Every variant (rule set) this server knows: name, description, what it extends."""
        return _call(service, "variants.list", {})

    @mcp.tool()
    def explain(id: str) -> dict[str, Any]:
        """What a rule clause id (such as PEN-ENA) or a variant key (such as
        penalties.out_of_turn) means: its sources, keys, values and decisions."""
        return _call(service, "variants.explain", {"id": id})

    @mcp.tool()
    def judge(
        event: dict[str, Any], position: str | None = None, state: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The referee's verdict on one move: a position (one line of position notation) or
        a state (JSON), and the event in its log form, e.g. {"type": "play", "player":
        "ana", "card": "R9"}. Returns the verdict and the position after it."""
        return _call(service, "judge", _given(event=event, position=position, state=state))

    @mcp.tool()
    def validate_record(log: str, variant: str | None = None) -> dict[str, Any]:
        """Validate a game's record (an ena-log: JSON Lines, as text): every line's verdict,
        each claim of the table checked, and a summary (consistent or not, from which line)."""
        return _call(service, "record.validate", _given(log=log, variant=variant))

    @mcp.tool()
    def replay_record(
        log: str, player: str | None = None, variant: str | None = None
    ) -> dict[str, Any]:
        """The record's HTML replay page (one self-contained file to open in a browser), as
        everyone saw it or as one player saw it; and the validation summary."""
        return _call(service, "record.replay", _given(log=log, player=player, variant=variant))

    @mcp.tool()
    def new_game(
        variant: str, players: list[str], seed: int | None = None, dealer: str | None = None
    ) -> dict[str, Any]:
        """Start a live game; returns its id and one secret token per player (give each player
        only their own)."""
        return _call(
            service, "game.new", _given(variant=variant, players=players, seed=seed, dealer=dealer)
        )

    @mcp.tool()
    def my_view(token: str) -> dict[str, Any]:
        """What your seat may see: your hand, the others' hand sizes, the top card, whose turn."""
        return _call(service, "game.view", {"token": token})

    @mcp.tool()
    def my_legal_moves(token: str) -> dict[str, Any]:
        """Every move you may make now, each in the form act takes."""
        return _call(service, "game.legal", {"token": token})

    @mcp.tool()
    def act(token: str, event: dict[str, Any]) -> dict[str, Any]:
        """Make a move at your table, e.g. {"type": "play", "card": "R9"} or {"type":
        "draw"}: the referee's verdict and your view after it."""
        return _call(service, "game.act", {"token": token, "event": event})

    @mcp.tool()
    def game_log(token: str) -> dict[str, Any]:
        """The game's whole record (ena-log), once the game is over."""
        return _call(service, "game.log", {"token": token})

    return mcp
