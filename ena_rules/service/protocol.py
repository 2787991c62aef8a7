"""The protocol: JSON-RPC 2.0 over the library's JSON forms, whatever carries it.

:class:`Service` answers one message (a request, a notification or a batch) with its
response; the transports (:mod:`~ena_rules.service.stdio`, :mod:`~ena_rules.service.http`,
:mod:`~ena_rules.service.mcp_server`) only carry text. Each method's params are checked against
the shipped schema (``schemas/protocol-1.schema.json``) before it runs; any error is a JSON-RPC
error object and leaves every game as it was.

>>> service = Service()
>>> answer = service.handle_text('{"jsonrpc": "2.0", "id": 1, "method": "variants.explain",'
...                              ' "params": {"id": "PEN-ENA"}}')
>>> json.loads(answer)["result"]["text"].split(":")[0]
'PEN-ENA'
>>> service.handle_text('{"jsonrpc": "2.0", "id": 2, "method": "nope"}')
'{"jsonrpc": "2.0", "id": 2, "error": {"code": -32601, "message": "no method \\'nope\\'; ...'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from importlib import resources
from typing import Any

import attrs
import jsonschema

from ..errors import EnaRulesError
from . import methods
from .errors import (
    INTERNAL_ERROR,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    RpcError,
    from_library,
)
from .store import Store
from .tables import Tables

__all__ = ["PROTOCOL_VERSION", "Limits", "Service", "load_schema"]

#: The protocol's version: the schema file's and ``server.info``'s ``protocol``.
PROTOCOL_VERSION = 1

_Method = Callable[["Service", dict[str, Any]], dict[str, Any]]

_METHODS: dict[str, _Method] = {
    "server.info": methods.server_info,
    "variants.list": methods.variants_list,
    "variants.show": methods.variants_show,
    "variants.explain": methods.variants_explain,
    "game.new": methods.game_new,
    "game.view": methods.game_view,
    "game.legal": methods.game_legal,
    "game.act": methods.game_act,
    "game.log": methods.game_log,
    "game.watch": methods.game_watch,
    "judge": methods.judge,
    "record.validate": methods.record_validate,
    "record.replay": methods.record_replay,
}


@attrs.frozen
class Limits:
    """The server's caps: a message's size in bytes, a batch's length, seconds for one
    validation or replay, unfinished games held."""

    max_message: int = 2_000_000
    max_batch: int = 50
    seconds: float = 10.0
    max_games: int = 1000

    def to_json(self) -> dict[str, Any]:
        """The caps, as ``server.info`` gives them.

        >>> Limits().to_json()["max_games"]
        1000
        """
        return attrs.asdict(self)


def load_schema() -> dict[str, Any]:
    """The shipped JSON Schema of every method's params and result (draft 2020-12).

    >>> load_schema()["version"], "game.act" in load_schema()["methods"]
    (1, True)
    """
    path = resources.files("ena_rules.service").joinpath(
        "schemas", f"protocol-{PROTOCOL_VERSION}.schema.json"
    )
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    """``node`` with every ``{"$ref": "#/$defs/NAME"}`` replaced by its definition (the
    schema's definitions do not refer to themselves), so that checking follows no reference."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) == 1:
            return _inline(defs[ref.removeprefix("#/$defs/")], defs)
        return {k: _inline(v, defs) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


def _validators(schema: dict[str, Any]) -> dict[str, jsonschema.Draft202012Validator]:
    defs = schema["$defs"]
    return {
        name: jsonschema.Draft202012Validator(_inline(method["params"], defs))
        for name, method in schema["methods"].items()
    }


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


class Service:
    """The referee as a service: every method, the live tables and the limits.

    ``store`` is the SQLite file of the live tables (``":memory:"``: nothing kept).
    """

    #: The version of the protocol this service speaks (its schema's file name carries it).
    protocol_version: int = PROTOCOL_VERSION

    def __init__(self, store: str = ":memory:", *, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.tables = Tables(Store(store), max_games=self.limits.max_games)
        self.schema = load_schema()
        self._check = _validators(self.schema)

    @property
    def method_names(self) -> list[str]:
        """Every method, in the schema's order."""
        return list(_METHODS)

    def call(self, method: str, params: Any = None) -> dict[str, Any]:
        """Run one method; its result, or an :class:`RpcError`.

        >>> Service().call("variants.show", {"name": "ena"})["name"]
        'ena'
        """
        run = _METHODS.get(method) if isinstance(method, str) else None
        if run is None:
            raise RpcError(METHOD_NOT_FOUND, f"no method {method!r}; known: {', '.join(_METHODS)}")
        params = {} if params is None else params
        error = next(iter(self._check[method].iter_errors(params)), None)
        if error is not None:
            where = "/".join(str(p) for p in error.absolute_path) or "params"
            raise RpcError.params(f"{method}: {where}: {error.message}")
        try:
            return run(self, params)
        except EnaRulesError as exc:
            raise from_library(exc) from None

    def handle(self, message: Any) -> dict[str, Any] | list[dict[str, Any]] | None:
        """The response to one decoded message (``None`` for a notification)."""
        if isinstance(message, list):
            if not message:
                return _error(None, RpcError(INVALID_REQUEST, "an empty batch"))
            if len(message) > self.limits.max_batch:
                return _error(
                    None,
                    RpcError.limit(
                        f"a batch of {len(message)} requests; at most {self.limits.max_batch}"
                    ),
                )
            answers = [a for a in (self._one(m) for m in message) if a is not None]
            return answers or None
        return self._one(message)

    def handle_text(self, text: str | bytes) -> str | None:
        """The response text to one message's text (``None`` when nothing is answered)."""
        if len(text) > self.limits.max_message:
            answer: Any = _error(
                None,
                RpcError.limit(
                    f"a message of {len(text)} bytes; at most {self.limits.max_message}"
                ),
            )
        else:
            try:
                message = json.loads(text)
            except (ValueError, RecursionError) as exc:
                answer = _error(None, RpcError(PARSE_ERROR, f"parse error: not JSON ({exc})"))
            else:
                answer = self.handle(message)
        return None if answer is None else json.dumps(answer, ensure_ascii=False)

    def _one(self, message: Any) -> dict[str, Any] | None:
        rid = message.get("id") if isinstance(message, dict) else None
        if not isinstance(rid, str | int | None) or isinstance(rid, bool):
            rid = None
        try:
            method, params, notify = _envelope(message)
            result = self.call(method, params)
        except RpcError as exc:
            if _is_notification(message):  # never answered, even when it fails
                return None
            return _error(rid, exc)
        except Exception as exc:  # a bug of ours: one line on stderr, no traceback to anyone
            print(f"ena-rules serve: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
            return _error(rid, RpcError(INTERNAL_ERROR, "internal error"))
        if notify:
            return None
        return {"jsonrpc": "2.0", "id": rid, "result": result}


def _is_notification(message: Any) -> bool:
    return (
        isinstance(message, dict)
        and message.get("jsonrpc") == "2.0"
        and isinstance(message.get("method"), str)
        and "id" not in message
    )


def _envelope(message: Any) -> tuple[str, Any, bool]:
    """The method, params and whether it is a notification; an invalid request raises."""
    if not isinstance(message, dict):
        raise RpcError(INVALID_REQUEST, f"invalid request: {_short(message)} is not an object")
    if message.get("jsonrpc") != "2.0":
        raise RpcError(INVALID_REQUEST, 'invalid request: "jsonrpc" must be "2.0"')
    method = message.get("method")
    if not isinstance(method, str):
        raise RpcError(INVALID_REQUEST, 'invalid request: "method" must be a string')
    extra = set(message) - {"jsonrpc", "method", "params", "id"}
    if extra:
        raise RpcError(INVALID_REQUEST, f"invalid request: unknown members {sorted(extra)}")
    rid = message.get("id")
    if "id" in message and (not isinstance(rid, str | int | None) or isinstance(rid, bool)):
        raise RpcError(INVALID_REQUEST, 'invalid request: "id" must be a string or a number')
    params = message.get("params")
    if "params" in message and not isinstance(params, dict):
        raise RpcError.params("params must be an object (by name)")
    return method, params, "id" not in message


def _error(rid: str | int | None, exc: RpcError) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rid, "error": exc.to_json()}
