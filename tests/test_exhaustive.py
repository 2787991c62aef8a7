"""Exhaustive exploration of small games: every reachable state, every invariant, every event.

Reduced decks (two colours, a few ranks, one Wild and one Wild Draw Four), one-card hands, two
and three players, official and Ena rules: from each dealt position every state reachable by
legal events is visited to the end of the round (states that have refilled the draw pile more
than ``max_shuffles`` times are counted but not expanded: the refill could go on forever), and
in each one every invariant is checked and every candidate event, legal or not, is judged.
The counts are written past pytest's capture (``capsys.disabled()``) so that CI logs show
them without ``-s``.
``ENA_RULES_PROFILE=long`` explores bigger decks, two-card hands, more deals and one reshuffle.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest

from ena_rules import load_variant, load_variant_text, parse_card
from ena_rules.testing.explore import explore, tiny_variant_text

LONG = os.environ.get("ENA_RULES_PROFILE") == "long"
NO_MERCY = load_variant("no-mercy")

SMALL: list[dict[str, Any]] = [
    {"players": 2, "numbers": ["1", "2"], "actions": ["R"], "hand_size": 1},
    {"players": 3, "numbers": ["1", "2"], "actions": ["S", "+2"], "hand_size": 1},
    {"players": 3, "numbers": ["1"], "actions": ["S", "R", "+2"], "hand_size": 1},
]
BIG: list[dict[str, Any]] = [
    {"players": 2, "numbers": ["1", "2"], "actions": ["S", "+2"], "hand_size": 1},
    {"players": 2, "numbers": ["1", "2", "3"], "actions": ["S", "R", "+2"], "hand_size": 2},
    {"players": 3, "numbers": ["1", "2", "3"], "actions": ["S", "R", "+2"], "hand_size": 2},
]
CASES = [(base, cfg) for base in ("official", "ena") for cfg in (SMALL + BIG if LONG else SMALL)]


@pytest.mark.parametrize(
    ("base", "cfg"),
    CASES,
    ids=[
        f"{b}-{c['players']}p-{'.'.join(c['numbers'] + c['actions'])}-hand{c['hand_size']}"
        for b, c in CASES
    ],
)
def test_every_reachable_state_keeps_every_invariant(
    base: str, cfg: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """Every reachable state of a small round keeps every invariant; every event is judged right."""
    text = tiny_variant_text(
        base, numbers=cfg["numbers"], actions=cfg["actions"], hand_size=cfg["hand_size"]
    )
    variant = load_variant_text(text, source=f"tiny {base}")
    players = ["ana", "bor", "cene"][: cfg["players"]]
    seeds = range(6) if LONG else range(2)
    result = explore(variant, players, seeds=seeds, max_shuffles=1 if LONG else 0)
    line = (
        f"exhaustive {base} {cfg['players']}p deck={'.'.join(cfg['numbers'] + cfg['actions'])}"
        f"+W.W+4 x2 colours hand={cfg['hand_size']} deals={len(seeds)}: "
        f"{result.states} states, {result.round_ends} round ends, {result.transitions} "
        f"legal transitions, {result.judged} events judged, {result.frontier} not expanded"
    )
    print(line)
    with capsys.disabled():  # shown in CI logs without -s
        sys.stdout.write(f"\n[ena_rules] {line}\n")
    assert result.states > 10 and result.round_ends > 0 and result.judged > result.transitions


def _tiny_pack(base: str, ranks: list[str], players: int) -> str:
    """A pack of two suits and a few ranks, one card each, one card a hand (``base`` extends
    a pack of playing cards: every other rank has no copies, the cut counts the ranks kept)."""
    pack = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    colored = ", ".join(f'"{r}" = {1 if r in ranks else 0}' for r in pack)
    order = ", ".join(f'"{r}"' for r in ranks)
    return (
        f'name = "tiny-{base}"\nextends = "{base}"\n[players]\nmin = 2\nmax = {players}\n'
        f'[deck]\ncolors = ["S", "H"]\ncolored = {{ {colored} }}\ncut_order = [{order}]\n'
        f'[deal]\nhand_size = 1\nhand_size_by_players = {{ "{players}" = 1 }}\n'
    )


@pytest.mark.parametrize(
    ("base", "ranks", "players"),
    [("crazy-eights", ["A", "2", "8"], 2), ("mau-mau", ["7", "8", "J", "A"], 3)],
)
def test_DECK_DECLARE_every_reachable_state_of_a_small_pack(
    base: str, ranks: list[str], players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """DECK-DECLARE (C8-WILD, MAU-SEVEN, MAU-JACK-ON-JACK): the exhaustive walk on a small pack
    of playing cards: every reachable state keeps every invariant, every event judged right."""
    variant = load_variant_text(_tiny_pack(base, ranks, players), source=f"tiny {base}")
    names = ["ana", "bor", "cene"][:players]
    result = explore(variant, names, seeds=range(2), max_shuffles=0)
    line = (
        f"exhaustive {base} {players}p deck={'.'.join(ranks)} x2 suits hand=1: "
        f"{result.states} states, {result.round_ends} round ends, {result.transitions} legal "
        f"transitions, {result.judged} events judged, {result.frontier} not expanded"
    )
    with capsys.disabled():
        sys.stdout.write(f"\n[ena_rules] {line}\n")
    assert result.states > 10 and result.round_ends > 0 and result.judged > result.transitions


def _tiny_no_mercy(players: int) -> str:
    """No Mercy on twelve cards: two colours of 1, 2, +2, Discard All and Skip Everyone, a Wild
    Draw 6 and a Wild Color Roulette; two cards a hand and the mercy rule at four cards."""
    keep = {"1", "2", "+2", "DA", "SE", "W+6", "WCR"}  # tables merge: every other rank is 0
    colored = ", ".join(f'"{r}" = {int(r in keep)}' for r, _ in NO_MERCY.deck.colored)
    wild = ", ".join(f'"{r}" = {int(r in keep)}' for r, _ in NO_MERCY.deck.wild)
    return (
        f'name = "tiny-no-mercy"\nextends = "no-mercy"\n[players]\nmin = 2\nmax = {players}\n'
        f'[deck]\ncolors = ["R", "G"]\ncolored = {{ {colored} }}\nwild = {{ {wild} }}\n'
        "[deal]\nhand_size = 2\n"
        '[first_card]\nreturn_ranks = ["+2", "DA", "SE", "W+6", "WCR"]\n'
        "[mercy]\nlimit = 4\n"
    )


@pytest.mark.parametrize("players", [2, 3])
def test_NM_MERCY_every_reachable_state_of_a_small_no_mercy_deck(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """NM-MERCY (NM-STACK, NM-DISCARD-ALL, NM-SKIP-ALL, NM-ROULETTE): the exhaustive walk on a
    twelve-card No Mercy deck with the mercy rule at four cards: every reachable state keeps
    every invariant (the seats shrinking with it), every event judged right."""
    variant = load_variant_text(_tiny_no_mercy(players), source="tiny no-mercy")
    names = ["ana", "bor", "cene"][:players]
    result = explore(variant, names, seeds=range(2), max_shuffles=0)
    line = (
        f"exhaustive no-mercy {players}p deck=1.2.+2.DA.SE x2 colours+W+6.WCR hand=2 mercy=4: "
        f"{result.states} states, {result.round_ends} round ends, {result.transitions} legal "
        f"transitions, {result.judged} events judged, {result.frontier} not expanded"
    )
    with capsys.disabled():
        sys.stdout.write(f"\n[ena_rules] {line}\n")
    assert result.states > 10 and result.round_ends > 0 and result.judged > result.transitions


def test_DECK_CARD_every_reachable_state_of_a_small_pack_with_a_card_of_its_own(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """DECK-CARD, C8-QUEEN: the exhaustive walk on a small pack of the Crazy Eights house set,
    where the queen of spades draws five and the queen of hearts does nothing: every reachable
    state keeps every invariant, every event judged right."""
    variant = load_variant_text(
        _tiny_pack("crazy-eights-house", ["A", "8", "Q"], 2), source="tiny crazy-eights-house"
    )
    assert variant.in_deck(parse_card("SQ")) and dict(variant.card_rules)["SQ"].effects
    result = explore(variant, ["ana", "bor"], seeds=range(3), max_shuffles=0)
    line = (
        f"exhaustive crazy-eights-house 2p deck=A.8.Q x2 suits hand=1: {result.states} states, "
        f"{result.round_ends} round ends, {result.transitions} legal transitions, "
        f"{result.judged} events judged, {result.frontier} not expanded"
    )
    with capsys.disabled():
        sys.stdout.write(f"\n[ena_rules] {line}\n")
    assert result.states > 10 and result.round_ends > 0 and result.judged > result.transitions


#: FLIP2-DECK: eight two-sided cards, each face a rank of its own side (the light side's
#: numbers, Draw One, Flip, Wild and Wild Draw Two; the dark side's numbers, Draw Five, Skip
#: Everyone, Flip, Reverse and Wild Draw Color), two colours a side.
TINY_FLIP_PAIRS = ("R1|P2", "R2|TF", "G1|P+5", "RF|PSA", "GF|W+C", "R+1|T2", "W|P1", "W+2|TR")


def _tiny_flip(players: int) -> str:
    """UNO Flip on eight two-sided cards (:data:`TINY_FLIP_PAIRS`), one card a hand."""
    pairs = ", ".join(f'"{p}"' for p in TINY_FLIP_PAIRS)
    return (
        f'name = "tiny-flip"\nextends = "flip"\n[players]\nmin = 2\nmax = {players}\n'
        f'[deck]\ncolors = ["R", "G"]\nback_colors = ["P", "T"]\npairs = [{pairs}]\n'
        "[deal]\nhand_size = 1\n"
    )


@pytest.mark.parametrize("players", [2, 3])
def test_FLIP2_SIDE_every_reachable_state_of_a_small_two_sided_deck(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """FLIP2-SIDE (FLIP2-FLIP, FLIP2-D1, FLIP2-D5, FLIP2-SKIP-ALL, FLIP2-WD2, FLIP2-WDC): the
    exhaustive walk on eight two-sided cards: every legal event from every reachable state to
    the round's end; in each state each physical card is there exactly once, showing the face
    of the side in play (check_conservation), and every event is judged right. The walk turns
    the game over: states on both sides are visited."""
    variant = load_variant_text(_tiny_flip(players), source="tiny flip")
    assert variant.two_sided and len(variant.cards) == len(TINY_FLIP_PAIRS)
    names = ["ana", "bor", "cene"][:players]
    seeds = range(6) if LONG else range(2)
    result = explore(variant, names, seeds=seeds, max_shuffles=0)
    line = (
        f"exhaustive flip {players}p deck={'.'.join(TINY_FLIP_PAIRS)} hand=1 deals={len(seeds)}: "
        f"{result.states} states ({result.turned} on the dark side), {result.round_ends} round "
        f"ends, {result.transitions} legal transitions, {result.judged} events judged, "
        f"{result.frontier} not expanded"
    )
    with capsys.disabled():
        sys.stdout.write(f"\n[ena_rules] {line}\n")
    assert result.states > 10 and result.round_ends > 0 and result.judged > result.transitions
    assert 0 < result.turned < result.states  # both sides in play
