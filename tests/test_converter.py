"""The one converter: log lines and states to JSON-ready data and back, strictly.

Events are a tagged union on ``"type"``; unknown keys, wrong types, bad card codes and nulls are
errors whose message ends in a path from the line's root (``@ $.card``).
"""

from __future__ import annotations

import json
import random

import pytest

from ena_rules import (
    CallUno,
    Challenge,
    ChooseColor,
    Draw,
    GameState,
    Overtake,
    Pass,
    Play,
    apply,
    legal_events,
    load_variant,
    new_game,
    parse_card,
)
from ena_rules.errors import LogError
from ena_rules.game.convert import FormatError, structure_state, unstructure_state
from ena_rules.log import (
    LINE_TYPES,
    DrawnClaim,
    Header,
    Line,
    PenaltyClaim,
    RoundClaim,
    RoundStart,
    WinnerClaim,
)
from ena_rules.log.convert import (
    converter,
    structure_header,
    structure_line,
    unstructure_header,
    unstructure_line,
)
from ena_rules.log.lines import Imposed, Misdeal
from ena_rules.rules.chance import cut_event, deal_event

LINES: list[Line] = [
    Misdeal("ana"),
    Imposed("bor", "advice"),
    Play("ana", "R9"),
    Play("ana", "W", color="green"),
    Play("bor", "R7", target="cene"),
    Overtake("cene", "W+4", color="red"),
    Draw("ana"),
    Pass("bor"),
    CallUno("cene"),
    CallUno("ana", target="bor"),
    Challenge("bor"),
    ChooseColor("ana", "blue"),
    RoundStart(),
    RoundStart(deck=(parse_card("R1"), parse_card("W")), seed=5),
    RoundClaim(2, winner="ana", points={"ana": 0, "bor": 12}, totals={"ana": 3, "bor": 40}),
    RoundClaim(1, points={"bor": 7}),
    PenaltyClaim("ana", 2),
    DrawnClaim("bor", count=2),
    DrawnClaim("bor", cards=(parse_card("G+2"),)),
    WinnerClaim("cene"),
]


class TestLines:
    @pytest.mark.parametrize("line", LINES, ids=lambda x: type(x).__name__)
    def test_every_line_kind_round_trips_through_json(self, line: Line) -> None:
        """A line unstructured, dumped as JSON, loaded and structured is the same line."""
        data = unstructure_line(line)
        assert structure_line(json.loads(json.dumps(data))) == line

    def test_type_comes_first_and_defaults_are_left_out(self) -> None:
        """The writer's dict starts with "type" and leaves unset optional fields out."""
        data = unstructure_line(Play("ana", "r9"))
        assert list(data) == ["type", "player", "card"]
        assert data == {"type": "play", "player": "ana", "card": "R9"}

    def test_every_line_type_has_a_tag(self) -> None:
        """Each line type's tag structures to its class."""
        kinds = {type(x) for x in LINES}
        assert set(LINE_TYPES.values()) == kinds
        for tag, cls in LINE_TYPES.items():
            assert unstructure_line(next(x for x in LINES if type(x) is cls))["type"] == tag

    def test_cards_parse_case_and_spaces_and_are_written_canonically(self) -> None:
        """Card codes ignore case and surrounding spaces; the written form is upper case."""
        line = structure_line({"type": "play", "player": "a", "card": " g+2 "})
        assert unstructure_line(line)["card"] == "G+2"

    def test_the_converter_structures_the_line_union(self) -> None:
        """converter.structure(obj, Line) dispatches on "type" like structure_line."""
        assert converter.structure({"type": "draw", "player": "a"}, Line) == Draw("a")


BAD = [
    ({"type": "play", "player": "ana", "card": "X9"}, "not a card code", "$.card"),
    ({"type": "play", "player": "ana", "card": 9}, "must be a string", "$.card"),
    ({"type": "play", "player": "ana", "card": "W", "color": "magenta"}, "not a colour", "$.color"),
    ({"type": "play", "player": "ana", "card": "W", "color": "R"}, "not a colour", "$.color"),
    ({"type": "play", "player": 5, "card": "R1"}, "non-empty string", "$.player"),
    ({"type": "play", "player": "", "card": "R1"}, "non-empty string", "$.player"),
    ({"type": "play", "card": "R1"}, "required key missing", "$.player"),
    ({"type": "draw", "player": "a", "card": "R1"}, "unknown key 'card'", "$"),
    # a misspelt required key is named first, with the key it stands for
    (
        {"type": "play", "playr": "bor", "card": "R9"},
        "unknown key 'playr' (did you mean 'player'?)",
        "$",
    ),
    ({"type": "bogus"}, "unknown type 'bogus'", "$.type"),
    ({"type": 3}, "unknown type 3", "$.type"),
    ({"player": "a"}, "no 'type'", "$"),
    ({"type": "call_uno", "player": "a", "target": None}, "null", "$.target"),
    ({"type": "round", "deck": "R1"}, "expected a list", "$.deck"),
    ({"type": "round", "deck": ["R1", "zz"]}, "not a card code", "$.deck[1]"),
    ({"type": "round", "seed": True}, "expected an integer", "$.seed"),
    ({"type": "claim_round", "round": 1, "points": {"a": "x"}}, "integer", "$.points['a']"),
    ({"type": "claim_round", "round": 1, "points": [1]}, "JSON object", "$.points"),
    ({"type": "claim_round", "round": 1.0}, "expected an integer", "$.round"),
    ({"ena_log": 1, "type": "play"}, "a second header", "$"),
]


class TestErrors:
    @pytest.mark.parametrize(("obj", "reason", "path"), BAD, ids=lambda x: str(x)[:40])
    def test_a_malformed_line_names_the_reason_and_the_path(
        self, obj: object, reason: str, path: str
    ) -> None:
        """Each malformed line fails with a FormatError (a LogError, a ValueError) and a path."""
        with pytest.raises(FormatError) as info:
            structure_line(obj)
        assert reason in info.value.reason
        assert info.value.path == path
        assert str(info.value).endswith(f"@ {path}")
        assert isinstance(info.value, LogError | ValueError)

    def test_a_line_that_is_not_an_object_is_an_error(self) -> None:
        """A JSON array or string is not a line."""
        for obj in ([1], "play", 3):
            with pytest.raises(FormatError, match="JSON object"):
                structure_line(obj)


class TestHeader:
    def test_header_round_trips_and_leaves_unset_keys_out(self) -> None:
        """A header with a dealer and a deck comes back equal; no null keys are written."""
        h = Header(1, "ena", ("ana", "bor"), dealer="ana", deck=(parse_card("r1"),))
        data = unstructure_header(h)
        assert data == {
            "ena_log": 1,
            "variant": "ena",
            "players": ["ana", "bor"],
            "dealer": "ana",
            "deck": ["R1"],
        }
        assert structure_header(json.loads(json.dumps(data))) == h

    def test_meta_is_free_form(self) -> None:
        """The header's meta object is carried as it is, nulls included."""
        obj = {
            "ena_log": 1,
            "variant": "ena",
            "players": ["a", "b"],
            "seed": 1,
            "meta": {"x": None},
        }
        assert structure_header(obj).meta == {"x": None}

    @pytest.mark.parametrize(
        ("obj", "fragment"),
        [
            ({"type": "play", "player": "a", "card": "R1"}, "no header: a 'play' line"),
            ({"variant": "ena", "players": ["a"]}, "no header"),
            ({"ena_log": 1, "variant": "ena"}, "required key missing @ $.players"),
            ({"ena_log": 1, "variant": "ena", "players": "ab"}, "expected a list @ $.players"),
            ({"ena_log": 1, "variant": "ena", "players": [], "sed": 1}, "unknown key 'sed'"),
            ({"ena_log": 1, "variant": "ena", "players": ["a"], "seed": None}, "null"),
        ],
    )
    def test_a_bad_header_is_an_error(self, obj: dict[str, object], fragment: str) -> None:
        """A header missing ena_log, a required key, or with an unknown key fails."""
        with pytest.raises(FormatError) as info:
            structure_header(obj)
        assert fragment in str(info.value)


def _states() -> list[GameState]:
    """States from a random Ena game: cut, deal, pending draws, challenges, overtakes."""
    v = load_variant("ena")
    s = new_game(v, ["ana", "bor", "cene"])
    out = [s]
    attempt = 0
    while s.phase == "cut":
        s = apply(s, cut_event(s, 9, attempt)).state
        attempt += 1
    rng = random.Random(4)
    for _ in range(400):
        if s.phase == "over":
            break
        e = deal_event(s, 9) if s.phase == "deal" else rng.choice(legal_events(s))
        s = apply(s, e).state
        out.append(s)
    return out


class TestStates:
    def test_states_round_trip_through_json(self) -> None:
        """Every state of a game, unstructured to JSON and back, is equal to itself."""
        states = _states()
        kinds = {(s.phase, s.pending is not None, s.challenge is not None) for s in states}
        assert len(kinds) >= 4
        for s in states:
            data = json.loads(json.dumps(unstructure_state(s)))
            assert structure_state(data) == s

    def test_a_state_with_an_unknown_key_is_an_error(self) -> None:
        """State data is strict too: an unknown key names its path."""
        data = unstructure_state(_states()[0])
        data["colour"] = "R"
        with pytest.raises(FormatError, match="unknown key 'colour'"):
            structure_state(data)

    def test_the_variant_is_written_by_name(self) -> None:
        """A state's variant is written as its name and loaded back by it."""
        data = unstructure_state(_states()[0])
        assert data["variant"] == "ena"
