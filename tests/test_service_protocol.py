"""The service's protocol (ena_rules.service): every method, its schema, its errors, live
tables seen and acted on only through a seat's own token."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from service_support import PLAYERS, ROOT, SCHEMA, api_game, check_result, play_over

from ena_rules import Overtake, apply, legal_events, load_variant
from ena_rules.game.position import format_position
from ena_rules.game.serialize import event_from_json, to_json
from ena_rules.service import Limits, Service
from ena_rules.service.errors import (
    FORBIDDEN,
    INVALID_PARAMS,
    INVALID_REQUEST,
    LIBRARY_ERROR,
    LIMIT,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    UNKNOWN_TOKEN,
    RpcError,
)
from ena_rules.testing import start_round

EXAMPLES = ROOT / "docs" / "examples"


def rpc(service: Service, method: str, **params: Any) -> Any:
    """A request through the whole text path; its result, checked against the schema."""
    text = json.dumps({"jsonrpc": "2.0", "id": 7, "method": method, "params": params})
    answer = json.loads(service.handle_text(text) or "null")
    assert answer["jsonrpc"] == "2.0" and answer["id"] == 7, answer
    assert "result" in answer, answer
    check_result(method, answer["result"])
    return answer["result"]


def rpc_error(service: Service, method: str, **params: Any) -> dict[str, Any]:
    text = json.dumps({"jsonrpc": "2.0", "id": "e", "method": method, "params": params})
    answer = json.loads(service.handle_text(text) or "null")
    assert "error" in answer and "result" not in answer, answer
    error: dict[str, Any] = answer["error"]
    return error


@pytest.fixture
def service() -> Service:
    return Service()


@pytest.fixture
def game(service: Service) -> dict[str, Any]:
    result: dict[str, Any] = rpc(service, "game.new", variant="ena", players=PLAYERS, seed=11)
    return result


class TestSchema:
    def test_every_method_has_a_params_and_a_result_schema(self, service: Service) -> None:
        """The shipped schema and the methods are the same list."""
        assert list(SCHEMA["methods"]) == service.method_names
        assert SCHEMA["version"] == 1 and SCHEMA["$id"].endswith(":1")

    def test_the_schema_is_a_valid_draft_2020_12_schema(self) -> None:
        import jsonschema

        jsonschema.Draft202012Validator.check_schema(SCHEMA)

    def test_server_info(self, service: Service) -> None:
        info = rpc(service, "server.info")
        assert info["protocol"] == 1 and "game.act" in info["methods"]
        assert info["limits"]["max_games"] == 1000


class TestVariants:
    def test_list_show_explain(self, service: Service) -> None:
        names = [v["name"] for v in rpc(service, "variants.list")["variants"]]
        assert {"ena", "official"} <= set(names)
        shown = rpc(service, "variants.show", name="ena")
        assert "[view]" in shown["toml"] and shown["name"] == "ena"
        assert rpc(service, "variants.explain", id="PEN-ENA")["text"].startswith("PEN-ENA")

    def test_an_unknown_clause_is_the_librarys_error(self, service: Service) -> None:
        err = rpc_error(service, "variants.explain", id="NOPE-1")
        assert err["code"] == LIBRARY_ERROR
        assert err["data"]["error"] == "EnaRulesError"
        assert "neither a clause id" in err["data"]["message"]

    @pytest.mark.parametrize("name", ["/etc/passwd", "../ena.toml", "house.toml", "ena/x"])
    def test_a_path_is_never_a_variant(self, service: Service, name: str) -> None:
        """No file is read on a client's behalf: a path is refused before any lookup."""
        err = rpc_error(service, "variants.show", name=name)
        assert err["code"] == INVALID_PARAMS, err

    def test_a_name_the_server_does_not_know(self, service: Service) -> None:
        err = rpc_error(service, "variants.show", name="enna")
        assert err["code"] == LIBRARY_ERROR and err["data"]["error"] == "VariantError"


class TestLiveTable:
    def test_tokens_are_unguessable_and_one_a_seat(self, game: dict[str, Any]) -> None:
        tokens = game["tokens"]
        assert sorted(tokens) == sorted(PLAYERS)
        assert len(set(tokens.values())) == 3
        assert all(len(t) >= 43 for t in tokens.values())  # 32 random bytes, base64url

    def test_each_token_sees_only_its_own_hand(
        self, service: Service, game: dict[str, Any]
    ) -> None:
        table, _ = service.tables.seat(game["tokens"]["ana"])
        for p in PLAYERS:
            seen = rpc(service, "game.view", token=game["tokens"][p])
            assert seen["player"] == p and seen["view"]["player"] == p
            own = [str(c) for c in table.state.hands[table.state.players.index(p)]]
            assert seen["view"]["hand"] == own
            text = json.dumps(seen)
            assert 'draw_pile"' not in text and "seed" not in text

    def test_legal_lists_only_the_tokens_players_events(
        self, service: Service, game: dict[str, Any]
    ) -> None:
        table, _ = service.tables.seat(game["tokens"]["ana"])
        for p in PLAYERS:
            got = rpc(service, "game.legal", token=game["tokens"][p])["events"]
            want = [to_json(e) for e in legal_events(table.state) if e.player == p]
            assert got == want

    def test_act_for_another_player_is_forbidden_and_changes_nothing(
        self, service: Service, game: dict[str, Any]
    ) -> None:
        due = rpc(service, "game.view", token=game["tokens"]["ana"])["view"]["due"]
        other = next(p for p in PLAYERS if p != due)
        event = rpc(service, "game.legal", token=game["tokens"][due])["events"][0]
        before = {p: rpc(service, "game.view", token=game["tokens"][p]) for p in PLAYERS}
        err = rpc_error(service, "game.act", token=game["tokens"][other], event=event)
        assert err["code"] == FORBIDDEN and f"{other}'s seat" in err["message"]
        assert {p: rpc(service, "game.view", token=game["tokens"][p]) for p in PLAYERS} == before
        # the same event, left without a player, is the token's own (out of turn: penalised)
        rest = {k: v for k, v in event.items() if k != "player"}
        answer = rpc(service, "game.act", token=game["tokens"][due], event=rest)
        assert answer["verdict"]["outcome"] == "accepted" and answer["seq"] == 1

    def test_a_wrong_or_stale_token(self, service: Service, game: dict[str, Any]) -> None:
        for bad in ["x", game["tokens"]["ana"][:-1], game["tokens"]["ana"] + "A"]:
            err = rpc_error(service, "game.view", token=bad)
            assert err["code"] == UNKNOWN_TOKEN
        other = Service()  # a token of another server (or of a store since removed)
        assert rpc_error(other, "game.view", token=game["tokens"]["ana"])["code"] == UNKNOWN_TOKEN

    def test_a_rejected_event_is_a_verdict_not_an_error_and_is_not_stored(
        self, service: Service, game: dict[str, Any]
    ) -> None:
        table, _ = service.tables.seat(game["tokens"]["ana"])
        hand = {str(c) for c in table.state.hands[0]}
        card = next(c for c in ("R1", "G2", "B3", "Y4", "R5") if c not in hand)
        answer = rpc(
            service, "game.act", token=game["tokens"]["ana"], event={"type": "play", "card": card}
        )
        assert answer["verdict"]["outcome"] == "rejected"
        assert len(table.lines) == 1 and table.seq == 0

    def test_a_bad_event_is_the_librarys_error_and_changes_nothing(
        self, service: Service, game: dict[str, Any]
    ) -> None:
        table, _ = service.tables.seat(game["tokens"]["ana"])
        state = table.state
        err = rpc_error(
            service, "game.act", token=game["tokens"]["ana"], event={"type": "play", "card": "X9"}
        )
        assert err["code"] == LIBRARY_ERROR and err["data"]["error"] == "LogError"
        assert "X9" in err["message"]
        assert table.state == state and table.seq == 0

    def test_the_log_only_when_the_game_is_over(
        self, service: Service, game: dict[str, Any]
    ) -> None:
        err = rpc_error(service, "game.log", token=game["tokens"]["bor"])
        assert err["code"] == FORBIDDEN and "every hand" in err["message"]

    def test_a_whole_game_gives_the_apis_log(self, service: Service) -> None:
        game = rpc(service, "game.new", variant="official", players=PLAYERS, seed=5)

        def call(method: str, **params: Any) -> Any:
            return rpc(service, method, **params)

        play_over(call, game["tokens"], game["players"])
        log = rpc(service, "game.log", token=game["tokens"]["cene"])["log"]
        assert log == api_game("official", PLAYERS, 5)
        report = rpc(service, "record.validate", log=log)["summary"]
        assert report["exit_code"] == 0 and report["final"]["phase"] == "over"

    def test_two_overtakes_at_once_are_judged_in_arrival_order(self, service: Service) -> None:
        """The first is judged on the state, the second on the state after it; each player is
        told their own verdict."""
        game, first, second = _two_overtakes(service)
        table, _ = service.tables.seat(game["tokens"]["ana"])
        state = table.state
        a = rpc(service, "game.act", token=game["tokens"][first["player"]], event=first)
        after = table.state
        b = rpc(service, "game.act", token=game["tokens"][second["player"]], event=second)
        assert a["verdict"] == to_json(apply(state, event_from_json(first)))
        assert b["verdict"] == to_json(apply(after, event_from_json(second)))
        assert a["verdict"]["outcome"] == "accepted"
        assert b["verdict"] != to_json(apply(state, event_from_json(second)))

    def test_the_cap_on_unfinished_games(self) -> None:
        service = Service(limits=Limits(max_games=2))
        for _ in range(2):
            rpc(service, "game.new", variant="ena", players=PLAYERS)
        err = rpc_error(service, "game.new", variant="ena", players=PLAYERS)
        assert err["code"] == LIMIT and "2 unfinished games" in err["message"]
        assert service.tables.store.count() == 2

    def test_bad_players_are_the_librarys_error(self, service: Service) -> None:
        err = rpc_error(service, "game.new", variant="ena", players=["ana", "ana"])
        assert err["code"] == LIBRARY_ERROR and err["data"]["error"] == "EventError"
        assert service.tables.store.count() == 0


def _two_overtakes(service: Service) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A live Ena game (4 players, seed 2) driven by random events that are not overtakes to
    the moment two players may overtake at once (each with a Wild Draw Four on one)."""
    rng = random.Random(2)
    game = rpc(service, "game.new", variant="ena", players=[*PLAYERS, "dan"], seed=2)
    table, _ = service.tables.seat(game["tokens"]["ana"])
    for _ in range(3000):
        events = legal_events(table.state)
        overtakes = [e for e in events if isinstance(e, Overtake)]
        if len({e.player for e in overtakes}) >= 2:
            one = overtakes[0]
            two = next(e for e in overtakes if e.player != one.player)
            return game, to_json(one), to_json(two)
        others = [e for e in events if not isinstance(e, Overtake)]
        e = rng.choice(others) if others else events[0]
        rpc(service, "game.act", token=game["tokens"][e.player], event=to_json(e))
    raise AssertionError("no two overtakes at once")


class TestStateless:
    def test_judge_a_position(self, service: Service) -> None:
        state = start_round(
            load_variant("ena"),
            ["ana", "bor"],
            dealer="bor",
            hands=[["R1", "R9"], ["G1"]],
            turned="R5",
        )
        position = format_position(state)
        out = rpc(
            service,
            "judge",
            position=position,
            event={"type": "play", "player": "ana", "card": "R9"},
        )
        assert out["verdict"] == to_json(
            apply(state, event_from_json({"type": "play", "player": "ana", "card": "R9"}))
        )
        assert out["position"].startswith("ena ")

    def test_judge_a_state(self, service: Service) -> None:
        state = start_round(
            load_variant("official"),
            ["ana", "bor"],
            dealer="ana",
            hands=[["R1"], ["G1"]],
            turned="R5",
        )
        out = rpc(service, "judge", state=to_json(state), event={"type": "draw", "player": "bor"})
        assert out["verdict"]["outcome"] == "accepted"
        assert out["state"]["phase"] in ("play", "drawn")

    def test_judge_never_loads_a_variant_from_a_path(
        self, service: Service, tmp_path: Path
    ) -> None:
        evil = tmp_path / "evil.toml"
        evil.write_text('name = "evil"\nextends = "ena"\n', encoding="utf-8")
        err = rpc_error(
            service,
            "judge",
            position=f"{evil} players=a,b phase=play",
            event={"type": "draw", "player": "a"},
        )
        assert err["code"] == LIBRARY_ERROR and "not a variant of this server" in err["message"]
        err = rpc_error(
            service,
            "judge",
            state={"variant": str(evil), "players": ["a", "b"], "phase": "play"},
            event={"type": "draw", "player": "a"},
        )
        assert err["code"] == INVALID_PARAMS

    def test_judge_takes_one_of_position_or_state(self, service: Service) -> None:
        assert rpc_error(service, "judge", event={"type": "draw", "player": "a"})["code"] == (
            INVALID_PARAMS
        )

    def test_a_bad_position_says_where(self, service: Service) -> None:
        err = rpc_error(
            service,
            "judge",
            position="ena players=a,b phase=bogus",
            event={"type": "draw", "player": "a"},
        )
        assert err["data"]["error"] == "PositionError" and "phase=bogus" in err["message"]


class TestRecords:
    def test_validate_a_record_as_text(self, service: Service) -> None:
        text = (EXAMPLES / "ena-disputed.jsonl").read_text(encoding="utf-8")
        expected = json.loads((EXAMPLES / "ena-disputed.expected.json").read_text())
        out = rpc(service, "record.validate", log=text)
        assert out["summary"]["exit_code"] == expected["exit_code"] == 1
        assert out["summary"]["first_wrong_line"] == 35
        assert len(out["records"]) == len(text.splitlines())

    def test_a_record_naming_a_file_is_not_read(self, service: Service, tmp_path: Path) -> None:
        (tmp_path / "house.toml").write_text('name = "house"\nextends = "ena"\n')
        for name in [str(tmp_path / "house.toml"), "house.toml", "/etc/passwd"]:
            header = json.dumps({"ena_log": 1, "variant": name, "players": ["a", "b"], "seed": 1})
            out = rpc(service, "record.validate", log=header + "\n")
            assert out["summary"]["exit_code"] == 2, name
            assert "not a variant of this server" in out["records"][0]["message"]

    def test_replay_gives_the_page(self, service: Service) -> None:
        text = (EXAMPLES / "ena-disputed.jsonl").read_text(encoding="utf-8")
        out = rpc(service, "record.replay", log=text, player="bor")
        assert out["html"].startswith("<!DOCTYPE html>") and out["summary"]["exit_code"] == 1

    def test_the_time_limit_of_a_validation(self) -> None:
        service = Service(limits=Limits(seconds=0))
        text = (EXAMPLES / "ena-disputed.jsonl").read_text(encoding="utf-8")
        for method in ("record.validate", "record.replay"):
            err = rpc_error(service, method, log=text)
            assert err["code"] == LIMIT and "0 s" in err["message"]


class TestEnvelope:
    def _answer(self, service: Service, text: str) -> Any:
        out = service.handle_text(text)
        return None if out is None else json.loads(out)

    def test_malformed_json(self, service: Service) -> None:
        answer = self._answer(service, '{"jsonrpc": "2.0", "id": 1, "method": ')
        assert answer["error"]["code"] == PARSE_ERROR and answer["id"] is None

    @pytest.mark.parametrize(
        "message",
        [
            "[]",
            "1",
            '"x"',
            '{"id": 1, "method": "server.info"}',
            '{"jsonrpc": "2.0", "id": 1}',
            '{"jsonrpc": "2.0", "id": 1, "method": 3}',
            '{"jsonrpc": "2.0", "id": [1], "method": "server.info"}',
            '{"jsonrpc": "2.0", "id": 1, "method": "server.info", "extra": 1}',
        ],
    )
    def test_invalid_requests(self, service: Service, message: str) -> None:
        answer = self._answer(service, message)
        assert answer["error"]["code"] == INVALID_REQUEST, answer

    def test_unknown_method(self, service: Service) -> None:
        answer = self._answer(service, '{"jsonrpc": "2.0", "id": 1, "method": "game.cheat"}')
        assert answer["error"]["code"] == METHOD_NOT_FOUND

    @pytest.mark.parametrize(
        "params",
        [
            "[1]",
            '{"token": 3}',
            "{}",
            '{"token": "x", "extra": 1}',
        ],
    )
    def test_wrong_params(self, service: Service, params: str) -> None:
        answer = self._answer(
            service, f'{{"jsonrpc": "2.0", "id": 1, "method": "game.view", "params": {params}}}'
        )
        assert answer["error"]["code"] == INVALID_PARAMS, answer

    def test_a_notification_is_never_answered(self, service: Service) -> None:
        assert self._answer(service, '{"jsonrpc": "2.0", "method": "server.info"}') is None
        assert self._answer(service, '{"jsonrpc": "2.0", "method": "nope"}') is None

    def test_a_batch(self, service: Service) -> None:
        answer = self._answer(
            service,
            json.dumps(
                [
                    {"jsonrpc": "2.0", "id": 1, "method": "server.info"},
                    {"jsonrpc": "2.0", "method": "server.info"},
                    {"jsonrpc": "2.0", "id": 2, "method": "nope"},
                ]
            ),
        )
        assert [a["id"] for a in answer] == [1, 2] and "error" in answer[1]

    def test_size_caps(self) -> None:
        service = Service(limits=Limits(max_message=100, max_batch=2))
        big = json.dumps(
            {"jsonrpc": "2.0", "id": 1, "method": "judge", "params": {"position": "x" * 200}}
        )
        assert self._answer(service, big)["error"]["code"] == LIMIT
        batch = json.dumps([{"jsonrpc": "2.0", "id": i, "method": "server.info"} for i in range(3)])
        assert self._answer(service, batch)["error"]["code"] == LIMIT

    def test_an_internal_error_says_nothing_of_the_inside(
        self,
        service: Service,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        def broken(*args: Any) -> Any:
            raise KeyError("secret detail")

        monkeypatch.setattr(service.tables, "seat", broken)
        answer = self._answer(
            service, '{"jsonrpc": "2.0", "id": 1, "method": "game.view", "params": {"token": "t"}}'
        )
        assert answer["error"] == {"code": -32603, "message": "internal error"}
        assert "Traceback" not in capsys.readouterr().err

    def test_errors_are_the_librarys_family(self) -> None:
        assert issubclass(RpcError, ValueError)
