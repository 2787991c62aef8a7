"""A fuzz test of the protocol (Hypothesis): any message, well-formed or not, gets a JSON-RPC
2.0 answer (or none, for a notification), never an internal error, and an error leaves the
live game exactly as it was."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from service_support import PLAYERS

from ena_rules.service import Service
from ena_rules.service.errors import (
    FORBIDDEN,
    INVALID_PARAMS,
    INVALID_REQUEST,
    LIBRARY_ERROR,
    LIMIT,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    UNKNOWN_TOKEN,
)

CODES = {
    PARSE_ERROR,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    INVALID_PARAMS,
    LIBRARY_ERROR,
    UNKNOWN_TOKEN,
    FORBIDDEN,
    LIMIT,
}


@cache
def _service() -> tuple[Service, dict[str, str]]:
    service = Service()
    game = service.call("game.new", {"variant": "ena", "players": PLAYERS, "seed": 9})
    return service, game["tokens"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
cards = st.sampled_from(["R1", "G7", "B+2", "YS", "W", "W+4", "X9", "", "r5 ", "WC"])
events = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            [
                "play",
                "overtake",
                "draw",
                "pass",
                "call_uno",
                "challenge",
                "choose_color",
                "cut",
                "deal",
                "round",
                "claim_round",
                "nope",
            ]
        )
    },
    optional={
        "player": st.sampled_from([*PLAYERS, "zed", ""]) | json_values,
        "card": cards | json_values,
        "color": st.sampled_from(["red", "green", "purple", None]),
        "target": st.sampled_from([*PLAYERS, "zed"]),
        "cards": st.lists(cards, max_size=3),
    },
)
methods = st.sampled_from(
    [
        "server.info",
        "variants.list",
        "variants.show",
        "variants.explain",
        "game.new",
        "game.view",
        "game.legal",
        "game.act",
        "game.log",
        "game.watch",
        "judge",
        "record.validate",
        "record.replay",
        "game.cheat",
        "",
        "rpc.discover",
    ]
)
logs = st.lists(
    st.sampled_from(
        [
            '{"ena_log": 1, "variant": "ena", "players": ["ana", "bor"], "seed": 3}',
            '{"ena_log": 1, "variant": "/etc/passwd", "players": ["a", "b"], "seed": 1}',
            '{"type": "draw", "player": "ana"}',
            '{"type": "play", "player": "bor", "card": "R5"}',
            "{",
            "[]",
            "",
            '{"type": "claim_winner", "player": "ana"}',
        ]
    ),
    max_size=5,
).map("\n".join)


def _weighted(*choices: tuple[st.SearchStrategy[Any], int]) -> st.SearchStrategy[Any]:
    """One of the strategies, each drawn about as often as its weight says."""
    table = [strategy for strategy, weight in choices for _ in range(weight)]
    return st.integers(0, len(table) - 1).flatmap(lambda i: table[i])


#: Each method's params: (required, optional) keys, as the schema has them.
SHAPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "server.info": ((), ()),
    "variants.list": ((), ()),
    "variants.show": (("name",), ()),
    "variants.explain": (("id",), ()),
    "game.new": (("variant", "players"), ("seed", "dealer")),
    "game.view": (("token",), ()),
    "game.legal": (("token",), ()),
    "game.log": (("token",), ()),
    "game.watch": (("token",), ()),
    "game.act": (("token", "event"), ()),
    "judge": (("event",), ("position", "state")),
    "record.validate": (("log",), ("variant",)),
    "record.replay": (("log",), ("variant", "player")),
}


def _fields(token: str) -> dict[str, st.SearchStrategy[Any]]:
    valid_event = st.fixed_dictionaries(
        {"type": st.sampled_from(["play", "overtake", "draw", "pass", "call_uno"])},
        optional={
            "card": cards,
            "color": st.sampled_from(["red", "green", "blue"]),
            "player": st.sampled_from(PLAYERS),
        },
    )
    some = st.one_of
    return {
        "token": _weighted(
            (st.just(token), 8), (st.sampled_from([token[:-1], "x" * 300]), 1), (json_values, 1)
        ),
        "event": _weighted((valid_event, 6), (events, 3), (json_values, 1)),
        "name": st.sampled_from(["ena", "official", "../ena.toml", "/etc/passwd", "nope"]),
        "id": st.sampled_from(["PEN-ENA", "deal.cut", "NOPE", ""]),
        "variant": st.sampled_from(["ena", "official", "x.toml", "nope"]),
        "players": some(st.lists(st.sampled_from([*PLAYERS, "", "ana"]), max_size=4), json_values),
        "seed": some(st.integers(min_value=-2, max_value=2**64), json_values),
        "dealer": st.sampled_from([*PLAYERS, "zed"]),
        "position": st.sampled_from(
            ["ena players=a,b phase=play", "", "ena", "x y=z", "/tmp/x.toml players=a,b phase=play"]
        ),
        "state": some(
            json_values,
            st.fixed_dictionaries(
                {
                    "variant": st.sampled_from(["ena", "/x"]),
                    "players": st.just(["a", "b"]),
                    "phase": st.just("play"),
                }
            ),
        ),
        "log": logs,
        "player": st.sampled_from([*PLAYERS, "zed"]),
    }


def _params(method: str, token: str) -> st.SearchStrategy[Any]:
    """Mostly the method's own keys (with values right or wrong), sometimes anything."""
    fields = _fields(token)
    required, optional = SHAPES.get(method, ((), ("token", "event")))
    shaped = st.fixed_dictionaries(
        {k: fields[k] for k in required}, optional={k: fields[k] for k in optional}
    )
    stray = st.dictionaries(st.sampled_from(sorted(fields)), st.none(), max_size=3).flatmap(
        lambda keys: st.fixed_dictionaries({k: fields[k] for k in keys})
    )
    return _weighted((shaped, 8), (stray, 1), (json_values, 1))


def _request(token: str) -> st.SearchStrategy[Any]:
    def build(method: Any) -> st.SearchStrategy[Any]:
        name = method if isinstance(method, str) else ""
        body = {
            "jsonrpc": st.just("2.0"),
            "method": st.just(method),
            "params": _params(name, token),
        }
        request = st.fixed_dictionaries({**body, "id": st.integers() | st.text(max_size=4)})
        return _weighted((request, 4), (st.fixed_dictionaries(body), 1))

    good = _weighted((methods, 9), (json_values, 1)).flatmap(build)
    odd = st.fixed_dictionaries(
        {"jsonrpc": st.sampled_from(["2.0", "1.0"]) | json_values, "method": methods | json_values},
        optional={"id": json_values, "params": json_values, "extra": json_values},
    )
    return _weighted((good, 9), (odd, 1))


def _messages(token: str) -> st.SearchStrategy[Any]:
    request = _request(token)
    return _weighted((request, 8), (st.lists(request, max_size=3), 1), (json_values, 1))


def _check(answer: Any) -> list[dict[str, Any]]:
    items = answer if isinstance(answer, list) else [answer]
    for a in items:
        assert a["jsonrpc"] == "2.0" and "id" in a, a
        assert ("result" in a) != ("error" in a), a
        if "error" in a:
            assert a["error"]["code"] in CODES, a  # never -32603: no internal error
            assert isinstance(a["error"]["message"], str) and a["error"]["message"]
    return items


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_message_gets_a_json_rpc_answer_and_errors_change_nothing(data: st.DataObject) -> None:
    service, tokens = _service()
    token = data.draw(st.sampled_from(sorted(tokens.values())))
    message = data.draw(_messages(token))
    table, _ = service.tables.seat(token)
    before = (table.state, list(table.lines), service.tables.store.count())
    text = service.handle_text(json.dumps(message))
    if text is None:  # only a notification (or a batch of them) goes unanswered
        items = message if isinstance(message, list) else [message]
        assert all(isinstance(m, dict) and "id" not in m for m in items)
        return
    items = _check(json.loads(text))
    if all("error" in a for a in items):
        assert (table.state, list(table.lines), service.tables.store.count()) == before


@settings(max_examples=300, deadline=None)
@given(raw=st.binary(max_size=200) | st.text(max_size=200))
def test_any_bytes_get_an_answer(raw: bytes | str) -> None:
    service, _ = _service()
    text = service.handle_text(raw)
    if text is not None:
        _check(json.loads(text))
