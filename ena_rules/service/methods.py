"""The protocol's methods: the variants, live games, the stateless judge and records.

Each takes the :class:`~ena_rules.service.protocol.Service` and params already checked against
the schema, and returns its result as JSON-ready data. Nothing here reads a file a client
names: a variant is a name the server's operator made known (shipped, or in a folder of
``ENA_RULES_PATH``), a record comes as text.

>>> from ena_rules.service.protocol import Service
>>> [v["name"] for v in variants_list(Service(), {})["variants"]][:2]
['crazy', 'crazy-eights']
"""

from __future__ import annotations

import secrets
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..errors import EnaRulesError, VariantError
from ..game.position import format_position, parse_position
from ..game.serialize import event_from_json, state_from_json, to_json
from ..game.state import GameState
from ..log.validate import validator_for
from ..pictures.replay_html import write_replay
from ..rules.referee import apply
from ..variant import Variant
from ..variant.clauses import explain
from ..variant.finder import available_variants
from ..variant.io import load_variant
from ..variant.write import dump_variant
from .errors import RpcError
from .tables import Table

if TYPE_CHECKING:
    from .protocol import Service

__all__ = [
    "game_act",
    "game_legal",
    "game_log",
    "game_new",
    "game_view",
    "game_watch",
    "judge",
    "known_variant",
    "record_replay",
    "record_validate",
    "server_info",
    "table_answer",
    "variants_explain",
    "variants_list",
    "variants_show",
]


def server_info(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """The protocol's version, the package's, every method and the limits."""
    return {
        "protocol": service.protocol_version,
        "version": __version__,
        "methods": service.method_names,
        "limits": service.limits.to_json(),
    }


def known_variant(name: str) -> Variant:
    """The variant of a name the operator made known; never a path a client gives.

    >>> known_variant("/etc/passwd")
    Traceback (most recent call last):
    ...
    ena_rules.errors.VariantError: '/etc/passwd': not a variant of this server; see variants.list
    """
    names = {f.name for f in available_variants()}
    if name not in names:
        raise VariantError(f"{name!r}: not a variant of this server; see variants.list")
    return load_variant(name)


def variants_list(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """Every variant name the server knows, with its description and origin."""
    out = []
    for found in available_variants():
        try:
            v = load_variant(found.path)
        except EnaRulesError:
            continue  # the operator's broken file: not offered
        origin = "shipped" if found.origin == "shipped" else "operator"
        out.append(
            {
                "name": found.name,
                "description": v.description,
                "extends": v.extends or "",
                "origin": origin,
            }
        )
    return {"variants": out}


def variants_show(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """A variant resolved: every key as a TOML file."""
    v = known_variant(params["name"])
    return {
        "name": params["name"],
        "description": v.description,
        "extends": v.extends or "",
        "toml": dump_variant(v),
    }


def variants_explain(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """A clause id or a variant key explained (as ``ena-rules explain``)."""
    return {"id": params["id"], "text": explain(params["id"])}


def table_answer(table: Table, player: str) -> dict[str, Any]:
    """What a player is told of their table: the game, its count of lines, their view."""
    return table.answer(player)


def game_new(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """A new live table: the variant, the players in their seats, a seed (drawn by the server
    unless given) and optionally the dealer. Each player's token is given here only."""
    known_variant(params["variant"])
    seed = params.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**63)
    game, tokens = service.tables.new_game(
        params["variant"], params["players"], seed=seed, dealer=params.get("dealer")
    )
    table, _ = service.tables.seat(next(iter(tokens.values())))
    return {"game": game, "players": list(table.state.players), "tokens": tokens}


def game_view(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """The token's player's view of their table."""
    table, player = service.tables.seat(params["token"])
    with table.lock:
        return table_answer(table, player)


def game_watch(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """As ``game.view``; over a WebSocket the connection is then sent this player's view after
    every verdict at the table (``game.update`` notifications)."""
    return game_view(service, params)


def game_legal(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """The events the token's player may make now (those ``game.act`` would accept)."""
    table, player = service.tables.seat(params["token"])
    with table.lock:
        events = [to_json(e) for e in table.legal() if e.player == player]
        return {"game": table.id, "player": player, "seq": table.seq, "events": events}


def game_act(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """Judge the token's player's event at their table; the verdict and their view after it.
    An event the referee accepts or penalises is stored before this answer."""
    table, player, verdict = service.tables.act(params["token"], params["event"])
    with table.lock:
        return {**table_answer(table, player), "verdict": to_json(verdict)}


def game_log(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """The game's ena-log, once the game is over (its seed shows every hand)."""
    table, _ = service.tables.seat(params["token"])
    with table.lock:
        if table.state.phase != "over":
            raise RpcError.forbidden(
                "the game is not over: its log (its seed) would show every hand"
            )
        return {"game": table.id, "log": table.log}


def _position_state(text: str) -> GameState:
    head = text.split()[0]
    return parse_position(text, known_variant(head))


def _json_state(data: dict[str, Any]) -> GameState:
    known_variant(data["variant"])
    return state_from_json(data)


def judge(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """The verdict of an event on a position (or a state): nothing is kept."""
    if "position" in params:
        state = _position_state(params["position"])
    else:
        state = _json_state(params["state"])
    verdict = apply(state, event_from_json(params["event"]))
    out = {"verdict": to_json(verdict), "position": format_position(verdict.state)}
    if "state" in params:
        out["state"] = to_json(verdict.state)
    return out


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _timed(results: Iterator[Any], seconds: float) -> Iterator[Any]:
    deadline = time.monotonic() + seconds
    for r in results:
        if time.monotonic() >= deadline:
            raise RpcError.limit(
                f"the validation took more than {seconds:g} s, this "
                "server's limit: nothing was kept"
            )
        yield r


def _validated(
    service: Service, params: dict[str, Any]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    variant = known_variant(params["variant"]) if "variant" in params else None
    v = validator_for(
        _lines(params["log"]), source="record", variant=variant, resolver=known_variant
    )
    records = [r.to_dict() for r in _timed(v.run(_lines(params["log"])), service.limits.seconds)]
    return records, v.report().summary()


def record_validate(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """Validate a record given as text: each line's result and the summary (as
    ``ena-rules validate --json``, without ``file``)."""
    records, summary = _validated(service, params)
    return {"records": records, "summary": summary}


def record_replay(service: Service, params: dict[str, Any]) -> dict[str, Any]:
    """The record's HTML replay page (as ``ena-rules replay --html``), and its summary."""
    _, summary = _validated(service, params)  # within the time limit, or not at all
    variant = known_variant(params["variant"]) if "variant" in params else None
    with tempfile.TemporaryDirectory(prefix="ena-replay-") as tmp:
        out = Path(tmp) / "replay.html"
        write_replay(_lines(params["log"]), out, variant=variant, player=params.get("player"))
        html = out.read_text(encoding="utf-8")
    return {"html": html, "summary": summary}
