"""HR-TIME-LIMIT at a live table: a timed variant is judged by the server's own clock, its
stored lines carry the times, and a restarted server goes on from the last stored time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ena_rules import legal_events
from ena_rules.game.events import Draw
from ena_rules.service.store import Store
from ena_rules.service.tables import Table, Tables


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def blitz(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / "blitz.toml").write_text(
        'extends = "official"\ndescription = "30 seconds a turn"\n[time]\nlimit = 30\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("ENA_RULES_PATH", str(folder))
    return "blitz"


def _draw_event(table: Table) -> dict[str, str]:
    due = table.state.players[table.state.turn]
    assert any(e == Draw(due) for e in legal_events(table.state))
    return {"type": "draw", "player": due}


def test_hr_time_limit_a_late_move_at_a_live_table_is_penalised(blitz: str) -> None:
    clock = FakeClock()
    tables = Tables(Store(":memory:"), clock=clock)
    game, tokens = tables.new_game(blitz, ["ana", "bor"], seed=7)
    table = tables._tables[game]
    assert table.timed
    event = _draw_event(table)
    clock.now += 41.5
    _, _, verdict = tables.act(tokens[event["player"]], event)
    assert verdict.outcome == "penalised"
    assert verdict.clause == "HR-TIME-LIMIT"
    assert json.loads(table.lines[-1])["time"] == 41.5


def test_hr_time_limit_a_move_in_time_is_judged_as_usual(blitz: str) -> None:
    clock = FakeClock()
    tables = Tables(Store(":memory:"), clock=clock)
    game, tokens = tables.new_game(blitz, ["ana", "bor"], seed=7)
    table = tables._tables[game]
    event = _draw_event(table)
    clock.now += 30  # exactly at the limit: in time
    _, _, verdict = tables.act(tokens[event["player"]], event)
    assert verdict.outcome == "accepted"
    assert json.loads(table.lines[-1])["time"] == 30


def test_an_untimed_variant_stores_no_times() -> None:
    clock = FakeClock()
    tables = Tables(Store(":memory:"), clock=clock)
    game, tokens = tables.new_game("official", ["ana", "bor"], seed=7)
    table = tables._tables[game]
    event = _draw_event(table)
    clock.now += 500
    _, _, verdict = tables.act(tokens[event["player"]], event)
    assert verdict.outcome == "accepted"
    assert "time" not in json.loads(table.lines[-1])


def test_a_client_cannot_give_a_time(blitz: str) -> None:
    tables = Tables(Store(":memory:"), clock=FakeClock())
    game, tokens = tables.new_game(blitz, ["ana", "bor"], seed=7)
    event = {**_draw_event(tables._tables[game]), "time": 0}
    with pytest.raises(ValueError, match="time"):
        tables.act(tokens[event["player"]], event)


def test_after_a_restart_the_clock_goes_on_from_the_last_stored_time(
    blitz: str, tmp_path: Path
) -> None:
    db = str(tmp_path / "games.sqlite")
    clock = FakeClock()
    tables = Tables(Store(db), clock=clock)
    game, tokens = tables.new_game(blitz, ["ana", "bor"], seed=7)
    event = _draw_event(tables._tables[game])
    clock.now += 10
    tables.act(tokens[event["player"]], event)
    stored = list(tables._tables[game].lines)
    # the server is down for an hour; its clock starts elsewhere
    clock.now = 5.0
    again = Tables(Store(db), clock=clock)
    table = again._tables[game]
    assert table.lines == stored  # the same lines, times included
    clock.now += 35  # 35 s into the next turn: late
    event = _draw_event(table)
    _, _, verdict = again.act(tokens[event["player"]], event)
    assert verdict.outcome == "penalised", verdict
    assert json.loads(table.lines[-1])["time"] == 45
