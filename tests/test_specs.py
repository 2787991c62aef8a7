"""The conformance suite: replay every scenario of specs/*.toml (format: specs/README.md).

Each scenario is data: a variant, a starting position (an arranged deal or a position string),
events in the ena-log vocabulary, and the verdicts and state facts the rules call for. This
runner is one implementation of specs/README.md; another referee can replay the same files.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ena_rules import (
    CallUno,
    Challenge,
    ChooseColor,
    Cut,
    Deal,
    Draw,
    EnaRulesError,
    Overtake,
    Pass,
    Play,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
    parse_card,
)
from ena_rules.cards.notation import color_name
from ena_rules.game.event_fields import more as more_cards
from ena_rules.game.events import Event
from ena_rules.game.position import parse_position
from ena_rules.game.state import GameState
from ena_rules.game.verdict import Verdict
from ena_rules.rules.clock import TurnClock
from ena_rules.rules.view import view
from ena_rules.testing import arrange_deck, start_round
from ena_rules.variant import Variant

SPECS = Path(__file__).resolve().parent.parent / "specs"
SCENARIO_FILES = sorted(p for p in SPECS.glob("*.toml") if p.name not in ("shuffle_vectors.toml",))
CLAUSE_FILE = SPECS / "clauses.toml"

SCENARIO_KEYS = {
    "id",
    "title",
    "clauses",
    "variant",
    "override",
    "decision",
    "source",
    "players",
    "deal",
    "position",
    "start",
    "events",
    "after",
    "invalid_setup",
}
SOURCE_KEYS = {"seed", "lang", "quote", "english"}
DEAL_KEYS = {"dealer", "hands", "turned", "draw", "seed", "scores"}
EVENT_KEYS = {
    *("type", "player", "card", "color", "target", "more", "cards", "time", "expect", "view"),
    *DEAL_KEYS,
}
VERDICT_FACTS = {"outcome", "clause", "key", "applies", "drawn", "skipped"}
STATE_FACTS = {
    "phase",
    "due",
    "dealer",
    "top",
    "color",
    "direction",
    "pending",
    "hand_sizes",
    "hands",
    "draw_pile",
    "discard",
    "scores",
    "round",
    "round_winner",
    "round_points",
    "winner",
    "catchable",
    "shown_hand",
    "open_hands",
    "unseen",
    "legal",
    "not_legal",
    "side",
    "backs",
    "pile_back",
}


def load_scenarios() -> list[tuple[str, dict[str, Any]]]:
    """Every scenario of every spec file, as (file name, scenario table)."""
    out = []
    for path in SCENARIO_FILES:
        if path == CLAUSE_FILE:
            continue
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        unknown = set(data) - {"scenario"}
        assert not unknown, f"{path.name}: unknown top-level keys {sorted(unknown)}"
        out.extend((path.name, sc) for sc in data.get("scenario", []))
    return out


SCENARIOS = load_scenarios()


def scenario_variant(sc: dict[str, Any]) -> Variant:
    """The shipped variant, with the scenario's override fragment on top when it has one."""
    base = sc["variant"]
    if "override" not in sc:
        return load_variant(base)
    text = f'name = "{base}+{sc["id"]}"\nextends = "{base}"\n' + sc["override"]
    return load_variant_text(text, source=f"specs scenario {sc['id']}")


def deal_state(v: Variant, players: list[str], deal: dict[str, Any]) -> GameState:
    """The state after the arranged deal of specs/README.md (the helper implements it)."""
    return start_round(
        v,
        players,
        dealer=deal["dealer"],
        hands=deal.get("hands", ()),
        turned=deal.get("turned", ()),
        draw=deal.get("draw", ()),
        seed=deal.get("seed", 0),
        scores=deal.get("scores"),
    )


def make_event(state: GameState, e: dict[str, Any]) -> Event:
    """An event from its ena-log fields."""
    kind = e["type"]
    if kind == "play":
        return Play(
            e["player"],
            e["card"],
            color=e.get("color"),
            target=e.get("target"),
            more=e.get("more", ()),
        )
    if kind == "overtake":
        return Overtake(e["player"], e["card"], color=e.get("color"), target=e.get("target"))
    if kind == "draw":
        return Draw(e["player"])
    if kind == "pass":
        return Pass(e["player"])
    if kind == "call_uno":
        return CallUno(e["player"], e.get("target"))
    if kind == "challenge":
        return Challenge(e["player"])
    if kind == "choose_color":
        return ChooseColor(e["player"], e["color"])
    if kind == "cut":
        return Cut(e["cards"])
    if kind == "deal":
        assert state.dealer is not None
        deck = arrange_deck(
            state.variant,
            len(state.players),
            state.dealer,
            e.get("hands", ()),
            e.get("turned", ()),
            e.get("draw", ()),
        )
        return Deal(deck, seed=e.get("seed", 0))
    raise AssertionError(f"unknown event type {kind!r}")


def event_key(e: Any) -> tuple[Any, ...]:
    """A comparable form of an event given as spec data or as an engine event."""
    if isinstance(e, dict):
        card = e.get("card")
        color = e.get("color")
        return (
            e["type"],
            e.get("player"),
            None if card is None else str(parse_card(card)),
            None if color is None else color.lower(),
            e.get("target"),
            tuple(str(c) for c in more_cards(e.get("more", ()))),
        )
    kind = {
        Play: "play",
        Overtake: "overtake",
        Draw: "draw",
        Pass: "pass",
        CallUno: "call_uno",
        Challenge: "challenge",
        ChooseColor: "choose_color",
    }[type(e)]
    card = getattr(e, "card", None)
    return (
        kind,
        e.player,
        None if card is None else str(card),
        getattr(e, "color", None),
        getattr(e, "target", None),
        tuple(str(c) for c in getattr(e, "more", ())),
    )


def check_verdict(where: str, verdict: Verdict, facts: dict[str, Any]) -> None:
    """The verdict facts: outcome, deciding clause and key, rules applied, draws, skips."""
    if "outcome" in facts:
        assert verdict.outcome == facts["outcome"], f"{where}: {verdict}"
    if "clause" in facts:
        assert verdict.clause == facts["clause"], f"{where}: {verdict}"
    if "key" in facts:
        assert verdict.key == facts["key"], f"{where}: {verdict}"
    for clause in facts.get("applies", []):
        cited = [n.clause for n in verdict.notes]
        assert clause in cited, f"{where}: {clause} not among the rules applied {cited}: {verdict}"
    if "drawn" in facts:
        assert dict(verdict.drawn) == facts["drawn"], f"{where}: drawn {verdict.drawn}: {verdict}"
    if "skipped" in facts:
        assert list(verdict.skipped) == facts["skipped"], f"{where}: {verdict}"


def _names(state: GameState, table: dict[str, Any]) -> dict[int, Any]:
    return {state.players.index(name): value for name, value in table.items()}


def check_state(where: str, s: GameState, facts: dict[str, Any]) -> None:
    """The state facts of specs/README.md."""
    unknown = set(facts) - STATE_FACTS - VERDICT_FACTS
    assert not unknown, f"{where}: unknown facts {sorted(unknown)}"
    got: dict[str, Any] = {}
    if "phase" in facts:
        got["phase"] = s.phase
    if "side" in facts:  # FLIP2-SIDE: the name of the side in play
        got["side"] = s.variant.side_name(s.side) if s.variant.two_sided else ""
    if "due" in facts:
        got["due"] = s.due or ""
    if "dealer" in facts:
        got["dealer"] = "" if s.dealer is None else s.players[s.dealer]
    if "top" in facts:
        got["top"] = str(s.top) if s.top else ""
    if "color" in facts:
        got["color"] = color_name(s.color) if s.color else ""
    if "direction" in facts:
        got["direction"] = "clockwise" if s.direction == 1 else "counter-clockwise"
    if "pending" in facts:
        got["pending"] = s.pending.count if s.pending else 0
    if "hand_sizes" in facts:
        got["hand_sizes"] = {p: len(s.hands[i]) for p, i in _seats(s, facts["hand_sizes"])}
    if "hands" in facts:
        got["hands"] = {p: sorted(str(c) for c in s.hands[i]) for p, i in _seats(s, facts["hands"])}
        facts = {
            **facts,
            "hands": {p: sorted(str(parse_card(c)) for c in h) for p, h in facts["hands"].items()},
        }
    if "draw_pile" in facts:
        got["draw_pile"] = len(s.draw_pile)
    if "discard" in facts:
        got["discard"] = len(s.discard)
    if "scores" in facts:
        got["scores"] = {p: s.scores[i] for p, i in _seats(s, facts["scores"])}
    if "round" in facts:
        got["round"] = s.round
    if "round_winner" in facts:
        got["round_winner"] = s.players[s.last_round.winner] if s.last_round else ""
    if "round_points" in facts:
        assert s.last_round is not None, f"{where}: no round has ended"
        got["round_points"] = {
            p: s.last_round.points[i] for p, i in _seats(s, facts["round_points"])
        }
    if "winner" in facts:
        got["winner"] = "" if s.winner is None else s.players[s.winner]
    if "catchable" in facts:
        got["catchable"] = sorted(s.players[x] for x in s.uno_exposed)
        facts = {**facts, "catchable": sorted(facts["catchable"])}
    if "shown_hand" in facts:
        shown = {}
        for p in facts["shown_hand"]:
            sh = view(s, p).shown_hand
            shown[p] = "" if sh is None else sh[0]
        got["shown_hand"] = shown
    if "open_hands" in facts:  # HR-OPEN-HAND: per viewer, whose hands their view shows
        got["open_hands"] = {p: [o for o, _ in view(s, p).open_hands] for p in facts["open_hands"]}
    if "unseen" in facts:  # HR-BLIND-DRAW: per player, the cards of their hand they have not seen
        got["unseen"] = {p: view(s, p).unseen for p in facts["unseen"]}
    if "backs" in facts:  # FLIP2-SIGHT: per viewer, the other side of each other player's cards
        got["backs"] = {
            p: {o: [str(c) for c in cs] for o, cs in view(s, p).backs} for p in facts["backs"]
        }
    if "pile_back" in facts:  # FLIP2-SIGHT: the other side of the draw pile's top card
        back = view(s, s.players[0]).pile_back
        got["pile_back"] = "" if back is None else str(back)
    for k in got:
        assert got[k] == facts[k], f"{where}: {k} is {got[k]!r}, the rules say {facts[k]!r}"
    legal = {event_key(e) for e in legal_events(s)}
    for e in facts.get("legal", []):
        assert event_key(e) in legal, f"{where}: {e} should be legal; legal: {sorted(legal)}"
    for e in facts.get("not_legal", []):
        assert event_key(e) not in legal, f"{where}: {e} should not be legal"


def _seats(s: GameState, table: dict[str, Any]) -> list[tuple[str, int]]:
    return [(p, s.players.index(p)) for p in table]


def replay(sc: dict[str, Any]) -> None:
    """Replay one scenario, checking every expectation it states."""
    unknown = set(sc) - SCENARIO_KEYS
    assert not unknown, f"{sc.get('id')}: unknown keys {sorted(unknown)}"
    v = scenario_variant(sc)
    if sc.get("invalid_setup"):
        with pytest.raises(EnaRulesError):
            new_game(v, sc["players"])
        return
    if "position" in sc:
        state = parse_position(sc["position"], v)
    elif "deal" in sc:
        assert set(sc["deal"]) <= DEAL_KEYS, f"{sc['id']}: unknown deal keys"
        state = deal_state(v, sc["players"], sc["deal"])
    else:
        state = new_game(v, sc["players"])
    check_state(f"{sc['id']} start", state, sc.get("start", {}))
    clock = TurnClock()  # HR-TIME-LIMIT: an event's "time" counts from the start, time 0
    for i, e in enumerate(sc.get("events", [])):
        assert set(e) <= EVENT_KEYS, f"{sc['id']} event {i}: unknown keys {set(e) - EVENT_KEYS}"
        where = f"{sc['id']} event {i} {e['type']}"
        if "view" in e:  # judged on that player's view (its partial state); changes nothing
            seen = view(state, e["view"]).state
            assert seen is not None
            check_verdict(where, apply(seen, make_event(seen, e)), e.get("expect", {}))
            continue
        verdict = apply(state, make_event(state, e), took=clock.took(e.get("time")))
        clock = clock.after(state, verdict, e.get("time"))
        expect = e.get("expect", {})
        check_verdict(where, verdict, expect)
        check_state(where, verdict.state, {k: x for k, x in expect.items() if k in STATE_FACTS})
        if verdict.rejected:
            assert verdict.state == state, f"{where}: a rejected event changed the state"
        state = verdict.state
    check_state(f"{sc['id']} after", state, sc.get("after", {}))


def test_scenarios_are_well_formed() -> None:
    """Every scenario has a unique id, known clause ids, a shipped variant and a quoted source."""
    clauses = {c["id"] for c in tomllib.loads(CLAUSE_FILE.read_text())["clause"]}
    seen: Counter[str] = Counter(sc["id"] for _, sc in SCENARIOS)
    assert not [i for i, n in seen.items() if n > 1], "duplicate scenario ids"
    for name, sc in SCENARIOS:
        where = f"{name}: {sc['id']}"
        assert sc["clauses"] and set(sc["clauses"]) <= clauses, f"{where}: unknown clause id"
        assert sc["variant"] in ("official", "ena") or load_variant(sc["variant"]), where
        src = sc["source"]
        assert set(src) == SOURCE_KEYS, f"{where}: source needs {sorted(SOURCE_KEYS)}"
        if src["seed"].endswith(".txt"):
            seed = SPECS.parent.parent / "shared" / "seeds" / src["seed"]
            if seed.is_file():
                quote = " ".join(src["quote"].split())
                assert quote in " ".join(seed.read_text(encoding="utf-8").split()), (
                    f"{where}: the quote is not in {src['seed']}"
                )
        checks = ("events", "start", "after", "invalid_setup")
        assert any(k in sc for k in checks), f"{where}: nothing to check"


@pytest.mark.parametrize(
    "scenario", [sc for _, sc in SCENARIOS], ids=[f"{f}::{sc['id']}" for f, sc in SCENARIOS]
)
def test_scenario(scenario: dict[str, Any]) -> None:
    """Replay one scenario of specs/ and check its verdicts and state facts."""
    replay(scenario)
