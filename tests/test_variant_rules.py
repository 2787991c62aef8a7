"""Variant files as the rules read them: keys, citations and consistency checks found by the rule
tests (the loader's own tests are test_variant_loading.py).

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ena_rules import (
    VariantError,
    load_variant,
    load_variant_text,
)


def variant_error(body: str, *, head: str = 'name = "h"\nextends = "official"\n') -> str:
    """The message of the VariantError a house file ``house.toml`` with ``body`` raises."""
    with pytest.raises(VariantError) as info:
        load_variant_text(head + body, source="house.toml")
    return str(info.value)


NO_WILD = 'wild = { "W" = 0, "W+4" = 0, "WS" = 0, "WC" = 0 }'


NO_COLOURED = ", ".join(
    f'"{r}" = 0' for r in ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2")
)


TWO_ONES = NO_COLOURED.replace('"1" = 0', '"1" = 2')


TINY_DECK = (
    '[players]\nmax = 2\n[deck]\ncolors = ["R"]\n'
    f"colored = {{ {TWO_ONES} }}\n"
    'wild = { "W" = 0, "W+4" = 4, "WS" = 0, "WC" = 0 }\n'
)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[deck]\ncolors = ["R", "R"]', "deck.colors: expected at least one colour, each once"),
        ("[deck]\ncolors = []", "deck.colors: expected at least one colour, each once"),
        (
            '[deck]\ncolored = { "W1" = 1 }',
            "deck.colored.W1: a coloured rank may not start with W (wilds do)",
        ),
        (
            '[deck]\ncolored = { "9b" = 1 }',
            "deck.colored.9b: rank '9b' is in the deck but has no [ranks.9b]",
        ),
        (
            '[deck]\nwild = { "X" = 1 }',
            "deck.wild.X: a wild rank must start with W (W, W+4, WS, ...)",
        ),
        (
            f"[deck]\ncolored = {{ {NO_COLOURED} }}\n{NO_WILD}",
            "deck: the deck has no cards",
        ),
    ],
)
def test_DECK_108_a_deck_the_rules_cannot_deal_from_is_refused_naming_the_key(
    body: str, message: str
) -> None:
    """DECK-108: the deck's colours are distinct and at least one; a coloured rank does not
    start with W and a wild one does; every rank in the deck is defined; the deck has cards.
    Each fault names the key path at fault."""
    assert variant_error(body) == f"house.toml: {message}"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[ranks.W]\neffects = [{op = "skip"}]',
            'ranks.W.effects: a wild must include {op = "choose_color"}',
        ),
        (
            '[ranks.S]\neffects = [{op = "choose_color"}]',
            "ranks.S.effects: only a wild (a rank starting with W) chooses a colour",
        ),
    ],
)
def test_ACT_WILD_only_and_every_wild_names_a_colour(body: str, message: str) -> None:
    """ACT-WILD: a wild's effects include choose_color, and no other rank's do."""
    assert variant_error(body) == f"house.toml: {message}"


def test_CHAL_WHO_a_challenge_needs_the_restriction_it_tests() -> None:
    """CHAL-WHO / TURN-WD4-LEGAL: a challengeable rank must be restricted, or there is nothing
    to challenge."""
    assert variant_error('[ranks."+2"]\nchallengeable = true') == (
        "house.toml: ranks.+2.challengeable: a challenge needs a restriction to test: set "
        "only_without_color_match"
    )


def test_HOUSE_SEVEN_ZERO_one_swap_per_card() -> None:
    """HOUSE-SEVEN-ZERO: a card swaps hands once (the event names one target)."""
    assert variant_error('[ranks.7]\neffects = [{op = "swap_hands"}, {op = "swap_hands"}]') == (
        "house.toml: ranks.7.effects: one swap_hands per card (it names one target)"
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[overtake]\nenabled = true\n[stacking]\novertake = ["WS"]',
            "stacking.overtake[0]: rank 'WS' is not in the deck (deck.colored, deck.wild)",
        ),
        (
            '[overtake]\nenabled = true\n[stacking]\novertake = ["S"]',
            "stacking.overtake[0]: rank 'S' has no draw effect to stack",
        ),
        (
            '[stacking]\novertake = ["W+4"]',
            "stacking.overtake: stacking by overtaking needs overtake.enabled = true",
        ),
        (
            "[overtake]\nskip_between = false",
            "overtake.skip_between: OVT-SKIP: play always continues from the overtaker; false is "
            "no reading of a source",
        ),
    ],
)
def test_OVT_STACK_stacking_by_overtaking_needs_overtaking_and_a_draw_card(
    body: str, message: str
) -> None:
    """OVT-STACK / OVT-SKIP: the ranks that stack by overtaking are in the deck and draw, and
    overtaking is on; play always continues from the overtaker."""
    assert variant_error(body) == f"house.toml: {message}"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[stacking]\nanswer = { "+2" = ["WS"] }',
            "stacking.answer.+2: rank 'WS' is not in the deck (deck.colored, deck.wild)",
        ),
        (
            '[stacking]\nanswer = { "+2" = ["S"] }',
            "stacking.answer.+2: rank 'S' has no draw effect to stack",
        ),
        ("[stacking]\nanswer = 3", "stacking.answer: expected a table of rank = [ranks], got 3"),
        (
            '[stacking]\nanswer = { "+2" = "+2" }',
            "stacking.answer.+2: expected an array of ranks, got '+2'",
        ),
    ],
)
def test_HOUSE_STACK_answers_are_draw_cards_of_the_deck(body: str, message: str) -> None:
    """HOUSE-STACK: a stacking answer table maps ranks to arrays of ranks, all draw cards of
    the deck."""
    assert variant_error(body) == f"house.toml: {message}"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[scoring]\nmode = "own_hand"',
            'scoring.winner: with scoring.mode = "own_hand" the lowest total wins: expected '
            '"lowest_total"',
        ),
        (
            '[scoring]\nwinner = "lowest_total"',
            "scoring.winner: with scoring.mode = 'winner_collects' the first to the target wins: "
            'expected "first_to_target"',
        ),
    ],
)
def test_SCORE_ENA_the_scoring_mode_and_the_winner_agree(body: str, message: str) -> None:
    """SCORE-ENA / SCORE-OFF: own hands go with the lowest total, collecting with the first to
    the target."""
    assert variant_error(body) == f"house.toml: {message}"


def test_DEAL_SEVEN_the_deal_must_leave_a_card_to_turn_up() -> None:
    """DEAL-SEVEN: the largest table, dealt in full, must leave a card to turn up: 2 players
    with 3 cards each cannot be dealt from 6 cards, with 2 each they can; the hand size may go
    up to 30."""
    assert variant_error(TINY_DECK + "[deal]\nhand_size = 3") == (
        "house.toml: deal.hand_size: 2 players with 3 cards each leave no card to turn up from "
        "a deck of 6"
    )
    assert load_variant_text(
        'name = "h"\nextends = "official"\n' + TINY_DECK + "[deal]\nhand_size = 2"
    )
    big = load_variant_text(
        'name = "h"\nextends = "official"\n[players]\nmax = 3\n[deal]\nhand_size = 30'
    )
    assert big.deal.hand_size == 30
    assert variant_error("[deal]\nhand_size = 0") == (
        "house.toml: deal.hand_size: expected an integer from 1 to 30, got 0"
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[players]\nmin = 5\nmax = 4", "players.min: 5 is more than players.max (4)"),
        (
            "bogus = 1",
            "bogus: unknown key 'bogus'; expected one of actions, cards, challenge, deal, deck, "
            "description, draw_color, extends, first_card, mercy, name, overtake, penalties, "
            "play, players, ranks, scoring, stacking, time, turn, uno, view",
        ),
        (
            "[deck]\nbogus = 1",
            "deck.bogus: unknown key 'bogus' in [deck]; expected one of back_colors, "
            "color_names, color_symbols, colored, colors, cut_order, pairs, sides, wild",
        ),
        ("description = 3", "description: expected a string, got 3"),
        ("[first_card]\nwild_color = 3", "first_card.wild_color: expected a string, got 3"),
        ('[deck]\ncolors = "R"', "deck.colors: expected an array of strings, got 'R'"),
        ("[deck]\ncolored = 3", "deck.colored: expected a table of rank = copies, got 3"),
        (
            '[deck]\ncolored = { "1" = 101 }',
            "deck.colored.1: expected an integer from 0 to 100, got 101",
        ),
    ],
)
def test_SETUP_PLAYERS_a_malformed_key_is_refused_naming_it(body: str, message: str) -> None:
    """SETUP-PLAYERS (and every section): a key that does not exist, or a value of the wrong
    type or range, is one VariantError naming the file, the key path and what was expected."""
    assert variant_error(body) == f"house.toml: {message}"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("ranks = 3", "ranks: expected a table of rank tables, got 3"),
        ("ranks.W = 3", "ranks.W: expected a table describing the rank, got 3"),
        (
            "[ranks.W]\nbogus = 1",
            "ranks.W.bogus: unknown key 'bogus'; expected one of challengeable, effects, kind, "
            "name, not_on_same_rank, only_without_color_match, score, turned_up",
        ),
        ('[ranks.W]\nscore = "x"', "ranks.W.score: expected an integer, got 'x'"),
        (
            '[ranks.W]\neffects = "x"',
            "ranks.W.effects: expected an array of effects like {op = \"skip\"}, got 'x'",
        ),
        (
            "[ranks.W]\neffects = [3]",
            'ranks.W.effects[0]: expected a table like {op = "draw", count = 2}, got 3',
        ),
        (
            '[ranks.W]\neffects = [{op = "choose_color", n = 1, m = 2}]',
            "ranks.W.effects[0]: unknown key(s) m, n; an effect has op and count",
        ),
        (
            '[ranks.W]\neffects = [{op = "fly"}]',
            "ranks.W.effects[0].op: unknown effect 'fly'; expected one of skip, skip_all, "
            "reverse, draw, choose_color, swap_hands, rotate_hands, shuffle_hands, "
            "draw_until_color, discard_color, flip",
        ),
        (
            '[ranks.W]\neffects = [{op = "choose_color"}, {op = "draw", count = 51}]',
            "ranks.W.effects[1].count: expected an integer from 1 to 50, got 51",
        ),
    ],
)
def test_DECK_WC_a_malformed_rank_is_refused_naming_the_key(body: str, message: str) -> None:
    """DECK-WC: a variant file defines a card's effects from primitives; a malformed rank table
    or effect is refused, naming the key path and what was expected."""
    assert variant_error(body) == f"house.toml: {message}"


def test_SETUP_PLAYERS_names_descriptions_and_parents_of_variant_files() -> None:
    """SETUP-PLAYERS (the variant a game names): a file without a name is named by its file
    stem, text without a name is an error; a variant has no description or parent unless it
    says so (a child never inherits its parent's description)."""
    named = load_variant_text('extends = "official"', source="house.toml")
    assert named.name == "house" and named.description == "" and named.extends == "official"
    with pytest.raises(VariantError) as info:
        load_variant_text('extends = "official"')
    assert str(info.value) == (
        "<string>: name: expected a non-empty string naming the variant, got None"
    )
    assert load_variant("official").extends == "" and load_variant("ena").extends == "official"


def test_SETUP_PLAYERS_citations_are_checked_and_kept() -> None:
    """SETUP-PLAYERS (citations): a key's clause is an id or a list of ids, its source and note
    are strings; a citation without a source has an empty one."""
    head = 'name = "h"\nextends = "official"\n[players]\n'
    with pytest.raises(VariantError) as info:
        load_variant_text(head + "max = { value = 4, clause = 3 }", source="house.toml")
    assert str(info.value) == (
        "house.toml: players.max.clause: a clause must be an id or a list of ids, got 3"
    )
    with pytest.raises(VariantError) as info:
        load_variant_text(head + "max = { value = 4, source = 3 }", source="house.toml")
    assert str(info.value) == "house.toml: players.max.source: expected a string, got 3"
    with pytest.raises(VariantError) as info:
        load_variant_text(head + "max = { value = 4, note = 3 }", source="house.toml")
    assert str(info.value) == "house.toml: players.max.note: expected a string, got 3"
    v = load_variant_text(head + 'max = { value = 4, clause = "SETUP-PLAYERS" }')
    cite = v.citation("players.max")
    assert cite is not None and cite.clause == ("SETUP-PLAYERS",)
    assert cite.source == "" and cite.note == ""


def test_SETUP_PLAYERS_variant_files_are_found_read_and_reloaded(tmp_path: Path) -> None:
    """SETUP-PLAYERS (the variant a game names): a path must name the .toml file itself; an
    unknown name lists the shipped ones; a file that is not UTF-8, bad TOML or an extends
    cycle is a VariantError naming the file; an edited file is read again."""
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "house.toml").write_text('extends = "official"\n', encoding="utf-8")
    assert load_variant(sub / "house.toml").name == "house"
    with pytest.raises(VariantError):
        load_variant(str(sub / "house"))
    with pytest.raises(VariantError) as info:
        load_variant("zzz")
    assert (
        "known names are crazy, crazy-eights, crazy-eights-house, draw-until, ena, ena-112, "
        in (str(info.value))
    )
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"name = '\xff'\n")
    with pytest.raises(VariantError) as info:
        load_variant(bad)
    assert str(info.value).startswith(f"{bad.resolve()}: cannot read the file: 'utf-8' codec")
    with pytest.raises(VariantError) as info:
        load_variant_text("x = ", source="house.toml")
    assert str(info.value).startswith("house.toml: not valid TOML: ")
    (tmp_path / "a.toml").write_text('name = "a"\nextends = "b.toml"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('name = "b"\nextends = "a.toml"\n', encoding="utf-8")
    a, b = (tmp_path / "a.toml").resolve(), (tmp_path / "b.toml").resolve()
    with pytest.raises(VariantError) as info:
        load_variant(a)
    assert str(info.value) == f"{a}: extends: extends forms a cycle: {a} -> {b} -> {a}"
    edited = tmp_path / "edited.toml"
    edited.write_text('extends = "official"\n[deal]\nhand_size = 5\n', encoding="utf-8")
    assert load_variant(edited).deal.hand_size == 5
    edited.write_text('extends = "official"\n[deal]\nhand_size = 6\n', encoding="utf-8")
    os.utime(edited, (1_000_000_000, 1_000_000_000))
    assert load_variant(edited).deal.hand_size == 6
    broken = tmp_path / "broken.toml"
    broken.write_text('extends = "official"\n[deal]\nhand_size = 0\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(broken)
    assert str(info.value) == (
        f"{broken.resolve()}: deal.hand_size: expected an integer from 1 to 30, got 0"
    )
