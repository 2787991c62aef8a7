"""The one-line position notation: every state formats to one line and parses back equal."""

from __future__ import annotations

import random

import pytest

from ena_rules import (
    Challenge,
    Cut,
    GameState,
    Play,
    PositionError,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.game.position import format_position, parse_position
from ena_rules.rules.chance import cut_event, deal_event
from ena_rules.testing import start_round


def assert_round_trip(state: GameState, *, by_name: bool = True) -> None:
    text = format_position(state)
    assert "\n" not in text and text.split()[0] == state.variant.name
    back = parse_position(text) if by_name else parse_position(text, state.variant)
    assert back == state
    assert hash(back) == hash(state)
    assert format_position(back) == text


def random_positions(variant_name: str, players: int, seed: int, steps: int) -> list[GameState]:
    variant = load_variant(variant_name)
    rng = random.Random(seed)
    s = new_game(variant, [f"p{i}" for i in range(players)])
    out = [s]
    cuts = 0
    for _ in range(steps):
        if s.is_over:
            break
        if s.phase == "cut":
            s = apply(s, cut_event(s, seed, cuts)).state
            cuts += 1
        elif s.phase == "deal":
            s = apply(s, deal_event(s, seed)).state
        else:
            s = apply(s, rng.choice(legal_events(s))).state
        out.append(s)
    return out


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("official", 2, 1), ("official", 4, 2), ("ena", 3, 3)]
)
def test_every_position_of_random_play_round_trips(variant: str, players: int, seed: int) -> None:
    """Positions met in random play (every phase, windows, reveals) parse back equal."""
    states = random_positions(variant, players, seed, 3000)
    phases = set()
    for s in states:
        assert_round_trip(s)
        phases.add(s.phase)
    assert {"cut", "deal", "play", "drawn"} <= phases


def test_positions_with_open_windows_round_trip() -> None:
    """A pending draw, a challenge window, a shown hand, an UNO exposure all round trip."""
    v = load_variant("official")
    hands = [["Y1", "Y2"], ["R1", "W+4", "G2"]]
    s = start_round(v, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="R5")
    owe = apply(s, Play("bor", "W+4", color="green")).state
    assert owe.pending is not None and owe.challenge is not None
    shown = apply(owe, Challenge("cene")).state
    assert shown.reveal is not None
    cut = apply(new_game(v, ["ana", "bor", "cene"]), Cut(["R9", "G9", "B1"])).state
    assert cut.cutters == (0, 1)
    for state in (s, owe, shown, cut):
        assert_round_trip(state)


def test_a_variant_from_text_round_trips_when_given() -> None:
    """A position names its variant; an unshipped variant is passed to the parser."""
    v = load_variant_text('name = "mine"\nextends = "official"\n[deal]\nhand_size = 4')
    s = start_round(v, ["ana", "bor"], dealer="bor")
    assert_round_trip(s, by_name=False)
    with pytest.raises(PositionError, match="'mine'"):
        parse_position(format_position(s))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("", "variant's name"),
        ("nonesuch players=a,b phase=play scores=0,0", "nonesuch"),
        ("official phase=play scores=0,0", "'players'"),
        ("official players=a,b scores=0,0", "'phase'"),
        ("official players=a,b phase=bogus scores=0,0", "phase=bogus"),
        ("official players=a,b phase=play scores=0,0 colour=R", "colour=R"),
        ("official players=a,b phase=play scores=0,0 turn", "'turn'"),
        ("official players=a,b phase=play scores=0,0 turn=x", "turn=x"),
        ("official players=a,b phase=play scores=0,0 turn=5", "outside"),
        ("official players=a,b phase=play scores=0,0,0", "3 scores"),
        ("official players=a,b phase=play scores=0,0 hands=R1/R2/R3", "3 hands"),
        ("official players=a,b phase=play scores=0,0 hands=X9/R2", "X9"),
        ("official players=a,b phase=play scores=0,0 dir=up", "dir=up"),
        ("official players=a,b phase=play scores=0,0 pending=1:2", "pending=1:2"),
        ("official players=a,b phase=play scores=0,0 open=2", "open=2"),
        ("official players=a,b phase=play scores=0,0 challenge=0:1:x:4:R", "challenge="),
    ],
)
def test_malformed_positions_raise_position_error(text: str, names: str) -> None:
    """A malformed position is a PositionError (a ValueError) naming the faulty part."""
    with pytest.raises(PositionError) as info:
        parse_position(text)
    assert names in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_non_string_position_is_a_type_error_naming_the_argument() -> None:
    """Only text is a position: anything else is misuse, a TypeError naming ``text``."""
    with pytest.raises(TypeError, match=r"parse_position\(\): text"):
        parse_position(None)  # type: ignore[arg-type]
    with pytest.raises(PositionError):
        parse_position("   ")
