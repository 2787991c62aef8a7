"""Hypothesis strategies for ena_rules: generated variants (random valid rule combinations).

Needs ``hypothesis`` (a test dependency). A generated variant is a variant file extending
``official`` or ``ena`` with a random choice for most rule keys (:func:`variants`), or one
extending a game of a pack of playing cards, ``crazy-eights`` or ``mau-mau``, with a random
choice for the keys those games have (:func:`pack_variants`, DECK-DECLARE); either may give
some cards effects of their own (:func:`card_tables`, DECK-CARD). Or one extending ``no-mercy``
with a random reading of each of its disputed points (:func:`no_mercy_variants`, NM-*,
DRAW-COLOR). Or one extending a game of two-sided cards, ``flip``, with random house rules on
its own draw ranks (:func:`two_sided_variants`, FLIP2-*, D-FLIP2-HOUSE). Each is loaded by
:func:`~ena_rules.load_variant_text`; every combination it draws is one the loader must accept.

>>> from hypothesis import find
>>> v = find(variants(), lambda v: v.overtake.enabled and v.stacking.answer)
>>> v.name
'generated'
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from ..variant import Variant
from ..variant.io import load_variant_text

__all__ = [
    "card_tables",
    "no_mercy_variant_texts",
    "no_mercy_variants",
    "pack_variant_texts",
    "pack_variants",
    "two_sided_variant_texts",
    "two_sided_variants",
    "variant_texts",
    "variants",
]


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(x) for x in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f'"{k}" = {_toml(x)}' for k, x in value.items()) + " }"
    raise TypeError(value)


@st.composite
def variant_texts(draw: st.DrawFn) -> str:
    """The TOML text of a random valid variant (see the module docstring)."""
    base = draw(st.sampled_from(["official", "ena.toml"]))
    colors = draw(st.sampled_from([["R", "Y", "G", "B"], ["R", "G", "B"], ["R", "G"]]))
    wild = {
        "W": draw(st.integers(1, 4)),
        "W+4": draw(st.integers(1, 4)),
        "WS": draw(st.integers(0, 1)),
        "WC": draw(st.integers(0, 2)),
    }
    overtake = draw(st.booleans()) if base == "official" else draw(st.booleans() | st.just(True))
    stack_over: list[str] = draw(st.sampled_from([[], ["W+4"], ["W+4", "+2"]])) if overtake else []
    answer = draw(st.sampled_from([{}, {"+2": ["+2"]}, {"+2": ["+2", "W+4"], "W+4": ["W+4"]}]))
    mode = draw(st.sampled_from(["winner_collects", "own_hand", "rounds_won"]))
    winner = "lowest_total" if mode == "own_hand" else "first_to_target"
    target = 3 if mode == "rounds_won" else draw(st.sampled_from([60, 150, 500]))
    restricted = draw(st.sampled_from([(True, True), (True, False), (False, False)]))
    hand_size = draw(st.sampled_from([2, 3, 4, 7]))
    play_drawn = draw(st.booleans())
    multi = draw(st.booleans())
    sections: dict[str, dict[str, Any]] = {
        "players": {"min": 2, "max": 4},
        "deck": {"colors": colors, "wild": wild},
        "deal": {
            "hand_size": hand_size,
            "cut": draw(st.sampled_from(["highest", "lowest"])),
            "cut_non_number": draw(st.sampled_from(["redraw", "zero"])),
            "cut_tie": draw(st.sampled_from(["recut_tied", "recut_all"])),
            "rotate": draw(st.sampled_from(["left", "same"])),
        },
        "first_card": {
            "apply_action": draw(st.booleans()),
            "return_ranks": draw(st.sampled_from([[], ["W+4"], ["W+4", "W"]])),
            "wild_color": draw(st.sampled_from(["first_player", "dealer", "nobody"])),
            "reverse_first": draw(st.sampled_from(["dealer", "dealer_right"])),
            "draw_loses_turn": draw(st.booleans()),
        },
        "turn": {
            "wild_anytime": draw(st.booleans()),
            "draw": draw(st.sampled_from(["one", "until_playable"])),
            "play_drawn": play_drawn,
        },
        "actions": {"two_player_reverse": draw(st.sampled_from(["skip", "reverse"]))},
        "challenge": {
            "show_hand": draw(st.booleans()),
            "guilty": draw(st.sampled_from(["card_stays", "card_returns"])),
            "guilty_draw": draw(st.integers(0, 6)),
            "innocent_extra": draw(st.integers(0, 4)),
            "after_stack": draw(st.sampled_from(["last_card", "whole_stack"])),
        },
        "uno": {
            "catch_penalty": draw(st.integers(0, 4)),
            "false_catch_penalty": draw(st.integers(0, 3)),
            "after_hand_change": draw(st.sampled_from(["exempt", "must_call"])),
            "calls": draw(st.sampled_from(["required", "required", "none"])),
        },
        "overtake": {
            "enabled": overtake,
            "own_card": draw(st.booleans()),
            "wilds": draw(st.sampled_from(["same_rank", "never"])),
            "on_pending": draw(st.sampled_from(["draw_first", "forbidden"])),
        },
        "stacking": {
            "overtake": stack_over,
            "answer": answer,
            "growth": draw(st.sampled_from(["add", "add", "double"])),
        },
        "penalties": {
            key: draw(st.integers(0, 3))
            for key in ("out_of_turn", "bad_overtake", "wrong_card", "draw_too_many")
        }
        | {"wrong_card_turn": draw(st.sampled_from(["pass", "keep"]))},
        "play": {  # the house rules on playing cards (HR-*), composed with all the rest
            "deflect_back": draw(st.sampled_from([[], ["+2"], ["+2", "W+4"]])),
            "deflect_on": draw(st.sampled_from([[], ["W+4"], ["+2", "W+4"]])),
            "revenge": draw(st.booleans()),
            "multi": multi,
            "bomb": draw(st.sampled_from([0, 2, 3])) if multi else 0,
            "forced": draw(st.booleans()),
            "must_play_drawn": play_drawn and draw(st.booleans()),
            "death_draw": play_drawn and draw(st.booleans()),
            "hand_limit": draw(st.sampled_from([0, hand_size, hand_size + 3])),
            "no_wild_finish": draw(st.booleans()),
            "no_draw_finish": draw(st.booleans()),
        },
        "scoring": {
            "mode": mode,
            "winner": winner,
            "target": target,
            "last_draw_counts": draw(st.booleans()),
            "winner_factor": draw(st.sampled_from([1, 1, 2, 3])),
        },
        "view": {
            "open_below": draw(st.sampled_from([0, 0, 2, 3, 8])),
            "blind_draw": draw(st.booleans()),
        },
    }
    lines = ['name = "generated"', f'extends = "{base}"']
    for section, keys in sections.items():
        lines.append(f"[{section}]")
        lines.extend(f"{k} = {_toml(x)}" for k, x in keys.items())
    ranks: dict[str, list[dict[str, Any]]] = {}
    if draw(st.booleans()):
        ranks["7"] = [{"op": "swap_hands"}]
        ranks["0"] = [{"op": "rotate_hands"}]
    wc: list[dict[str, Any]] = draw(
        st.sampled_from(
            [
                [{"op": "choose_color"}],
                [{"op": "choose_color"}, {"op": "skip"}],
                [{"op": "choose_color"}, {"op": "skip_all"}],
                [{"op": "choose_color"}, {"op": "draw", "count": 2}, {"op": "skip"}],
            ]
        )
    )
    ranks["WC"] = wc
    for rank, effects in ranks.items():
        lines.append(f'[ranks."{rank}"]')
        lines.append("effects = [" + ", ".join(_toml_effect(e) for e in effects) + "]")
    lines.append('[ranks."W+4"]')
    lines.append(f"only_without_color_match = {_toml(restricted[0])}")
    lines.append(f"challengeable = {_toml(restricted[1])}")
    lines += draw(card_tables([f"{colors[0]}5", f"{colors[-1]}S"]))
    return "\n".join(lines) + "\n"


#: The effects a generated card's own table (DECK-CARD) composes.
_CARD_EFFECTS: list[list[dict[str, Any]]] = [
    [],
    [{"op": "skip"}],
    [{"op": "reverse"}],
    [{"op": "draw", "count": 5}, {"op": "skip"}],
    [{"op": "draw", "count": 1}],
]


@st.composite
def card_tables(draw: st.DrawFn, codes: list[str]) -> list[str]:
    """The lines of none, one or more ``[cards.CODE]`` tables (DECK-CARD) for some of ``codes``
    (coloured cards whose rank is not a wild): random effects, random ``turned_up``."""
    lines: list[str] = []
    for code in draw(st.lists(st.sampled_from(codes), unique=True, max_size=2)):
        effects = draw(st.sampled_from(_CARD_EFFECTS))
        lines.append(f'[cards."{code}"]')
        lines.append("effects = [" + ", ".join(_toml_effect(e) for e in effects) + "]")
        lines.append(f"turned_up = {_toml(draw(st.sampled_from(['rank', 'acts', 'inert'])))}")
    return lines


def _toml_effect(effect: dict[str, Any]) -> str:
    return "{ " + ", ".join(f"{k} = {_toml(x)}" for k, x in effect.items()) + " }"


def variants() -> st.SearchStrategy[Variant]:
    """Random valid variants, loaded from :func:`variant_texts`."""
    return variant_texts().map(lambda text: load_variant_text(text, source="<generated>"))


@st.composite
def pack_variant_texts(draw: st.DrawFn) -> str:
    """The TOML text of a random valid variant of a game played with a pack of playing cards:
    Crazy Eights or Mau-Mau with random draws, hands, wilds, stacking (of draws and of skips,
    MAU-EIGHT-ANSWER), calls (MAU-CALL-OUT) and scoring."""
    base = draw(st.sampled_from(["crazy-eights", "mau-mau", "crazy-eights-house"]))
    suits = draw(st.sampled_from([["S", "H", "D", "C"], ["S", "H", "D"], ["H", "C"]]))
    mode = draw(st.sampled_from(["winner_collects", "own_hand"]))
    draw_kind = draw(st.sampled_from(["one", "until_playable"]))
    hand_size = draw(st.sampled_from([2, 3, 5]))
    size = len(suits) * (8 if base == "mau-mau" else 13)  # the deal leaves a card to turn up
    most = max(n for n in (2, 3, 4) if n * hand_size < size)
    sections: dict[str, dict[str, Any]] = {
        "players": {"min": 2, "max": most},
        "deck": {"colors": suits},
        "deal": {
            "hand_size": hand_size,
            "hand_size_by_players": draw(
                st.sampled_from([{}, {"2": 4}, *([{"3": 2}] if most >= 3 else [])])
            ),
            "cut": draw(st.sampled_from(["highest", "lowest"])),
        },
        "turn": {
            "draw": draw_kind,
            "draw_limit": draw(st.sampled_from([0, 1, 3])) if draw_kind != "one" else 0,
            "play_drawn": draw(st.booleans()),
        },
        "uno": {"calls": draw(st.sampled_from(["required", "none"]))},
        "stacking": {"growth": draw(st.sampled_from(["add", "double"]))},
        "scoring": {
            "mode": mode,
            "winner": "lowest_total" if mode == "own_hand" else "first_to_target",
            "target": draw(st.sampled_from([30, 100])),
        },
    }
    skipper = {"mau-mau": "8", "crazy-eights-house": "J"}.get(base)
    if skipper is not None:  # MAU-EIGHT-ANSWER: a skip passed on, or final
        answers = draw(st.sampled_from([{}, {skipper: [skipper]}]))
        sections["stacking"]["skip_answer"] = answers
    if base == "mau-mau":  # MAU-CALL-OUT: the last card called, for a jack or any card
        calls = draw(st.sampled_from([[], ["J"], ["7", "8", "9", "10", "J", "Q", "K", "A"]]))
        sections["uno"]["out_call"] = calls
    lines = ['name = "generated-pack"', f'extends = "{base}"']
    for section, keys in sections.items():
        lines.append(f"[{section}]")
        lines.extend(f"{k} = {_toml(x)}" for k, x in keys.items())
    wild = "J" if base == "mau-mau" else "8"
    lines.append(f'[ranks."{wild}"]')
    lines.append(f"not_on_same_rank = {_toml(draw(st.booleans()))}")
    lines += draw(card_tables([f"{suits[0]}Q", f"{suits[-1]}K", f"{suits[0]}9", "SQ"]))
    return "\n".join(lines) + "\n"


def pack_variants() -> st.SearchStrategy[Variant]:
    """Random valid variants of the games of a pack of playing cards (DECK-DECLARE)."""
    return pack_variant_texts().map(lambda text: load_variant_text(text, source="<generated>"))


@st.composite
def no_mercy_variant_texts(draw: st.DrawFn) -> str:
    """The TOML text of a random valid reading of UNO Show 'Em No Mercy: stacking by value,
    the mercy limit and its count, who names the colour of a draw to a colour, whether a wild
    ends it, the turn when the piles run dry, the deflections, the draw, the first card, the
    UNO penalty and the end (NM-*, DRAW-COLOR); small hands so the limit is reached."""
    chooser = draw(st.sampled_from(["player", "victim"]))
    roulette = (
        '[{ op = "choose_color" }, { op = "draw_until_color" }, { op = "skip" }]'
        if chooser == "player"
        else '[{ op = "draw_until_color" }, { op = "skip" }]'
    )
    mode = draw(st.sampled_from(["rounds_won", "winner_collects"]))
    sections: dict[str, dict[str, Any]] = {
        "players": {"min": 2, "max": 4},
        "deal": {"hand_size": draw(st.sampled_from([2, 3, 5, 7]))},
        "first_card": {"return_ranks": draw(st.sampled_from([["WCR", "W+10"], ["S", "+2"], []]))},
        "turn": {"draw": draw(st.sampled_from(["one", "until_playable"]))},
        "play": {
            "must_play_drawn": draw(st.booleans()),
            "deflect_back": draw(st.sampled_from([[], ["+2"], ["+2", "+4"]])),
            "deflect_on": draw(st.sampled_from([[], ["+2"]])),
        },
        "stacking": {"by_value": draw(st.sampled_from(["off", "same_value", "equal_or_higher"]))},
        "uno": {"catch_penalty": draw(st.sampled_from([2, 4]))},
        "mercy": {
            "limit": draw(st.sampled_from([0, 9, 12, 25])),
            "count": draw(st.sampled_from(["at_limit", "above_limit"])),
        },
        "draw_color": {
            "chooser": chooser,
            "wild_counts": draw(st.booleans()),
            "exhausted": draw(st.sampled_from(["lose_turn", "keep_turn"])),
        },
        "actions": {"two_player_reverse": draw(st.sampled_from(["skip", "reverse"]))},
        "scoring": {"mode": mode, "target": 1 if mode == "rounds_won" else 200},
    }
    lines = ['name = "generated-no-mercy"', 'extends = "no-mercy"']
    for section, keys in sections.items():
        lines.append(f"[{section}]")
        lines.extend(f"{k} = {_toml(x)}" for k, x in keys.items())
    lines.append("[ranks.WCR]")
    lines.append(f"effects = {roulette}")
    return "\n".join(lines) + "\n"


def no_mercy_variants() -> st.SearchStrategy[Variant]:
    """Random valid readings of UNO Show 'Em No Mercy (NM-*, DRAW-COLOR)."""
    return no_mercy_variant_texts().map(lambda text: load_variant_text(text, source="<generated>"))


def _two_sided_ranks(base: Variant) -> tuple[list[str], list[str]]:
    """The ranks of a two-sided deck's faces (FLIP2-DECK), read from the variant: those that
    draw a count (coloured first, then wild) and those that turn the game over."""
    faces = {f.rank: f.color is None for c in base.cards for f in (c.face, c.flipped.face)}
    ops = {rank: [e.op for e in base.rank(rank).effects] for rank in faces}
    draws = sorted((r for r in faces if "draw" in ops[r]), key=lambda r: (faces[r], r))
    flips = sorted(r for r in faces if "flip" in ops[r])
    return draws, flips


@st.composite
def two_sided_variant_texts(draw: st.DrawFn, base: str = "flip") -> str:
    """The TOML text of a variant of a two-sided deck (``base``: UNO Flip, FLIP2-*) with random
    house rules (HR-*, HOUSE-*, OVT-*: the keys of docs/house-rules.md on the deck's own draw
    ranks, read from the variant) and a random reading of its open points; small hands so that
    rounds end (D-FLIP2-HOUSE)."""
    from ..variant.io import load_variant

    draws, flips = _two_sided_ranks(load_variant(base))
    coloured = [r for r in draws if not r.startswith("W")]
    answers: list[dict[str, list[str]]] = [
        {},
        *({r: [r]} for r in draws),
        {r: draws for r in draws},
    ]
    some = st.lists(st.sampled_from(draws), unique=True).map(sorted)
    hand_size = draw(st.sampled_from([2, 3, 7]))
    play_drawn = draw(st.booleans())
    multi = draw(st.booleans())
    overtake = draw(st.booleans())
    teams = draw(st.sampled_from(["off", "off", "opposite"]))
    elimination = "off" if teams != "off" else draw(st.sampled_from(["off", "most_cards"]))
    deck = load_variant(base).deck
    returned = [*load_variant(base).first_card.return_ranks]
    keep = draw(st.booleans())  # FLIP2-WILD-TOP: the colour goes on as its other side's
    paired = dict(zip(deck.colors, deck.back_colors, strict=False)) if keep else {}
    sections: dict[str, dict[str, Any]] = {
        "players": {"min": 4 if teams != "off" else 2, "max": 4, "teams": teams},
        "deal": {"hand_size": hand_size, "shuffle_seats": draw(st.booleans())},
        "first_card": {
            "return_ranks": draw(st.sampled_from([returned, [], [*returned, "W", *flips]])),
            "wild_color": draw(st.sampled_from(["first_player", "dealer", "nobody"])),
        },
        "turn": {
            "draw": draw(st.sampled_from(["one", "until_playable"])),
            "play_drawn": play_drawn,
        },
        "actions": {
            "two_player_reverse": draw(st.sampled_from(["skip", "reverse"])),
            "flip_wild_top": "keep_color" if keep else "open",
            "flip_colors": paired,
        },
        "challenge": {
            "guilty": draw(st.sampled_from(["card_stays", "card_returns"])),
            "show_hand": draw(st.booleans()),
        },
        "uno": {
            "catch_penalty": draw(st.sampled_from([2, 4, 6])),
            "after_hand_change": draw(st.sampled_from(["exempt", "must_call"])),
            "calls": draw(st.sampled_from(["required", "none"])),
        },
        "overtake": {
            "enabled": overtake,
            "own_card": draw(st.booleans()),
            "wilds": draw(st.sampled_from(["same_rank", "never"])),
            "on_pending": draw(st.sampled_from(["draw_first", "forbidden"])),
        },
        "stacking": {
            "overtake": draw(some) if overtake else [],
            "answer": draw(st.sampled_from(answers)),
        },
        "penalties": {
            "wrong_card": draw(st.integers(0, 2)),
            "wrong_card_turn": draw(st.sampled_from(["pass", "keep"])),
        },
        "play": {
            "deflect_back": draw(some),
            "deflect_on": draw(st.sampled_from([[], coloured[:1], draws])),
            "revenge": draw(st.booleans()),
            "multi": multi,
            "bomb": draw(st.sampled_from([0, 3])) if multi else 0,
            "forced": draw(st.booleans()),
            "must_play_drawn": play_drawn and draw(st.booleans()),
            "death_draw": play_drawn and draw(st.booleans()),
            "hand_limit": draw(st.sampled_from([0, hand_size + 3])),
            "no_wild_finish": draw(st.booleans()),
            "no_draw_finish": draw(st.booleans()),
        },
        "scoring": {
            "winner_factor": draw(st.sampled_from([1, 2])),
            "elimination": elimination,
            "target": draw(st.sampled_from([60, 500])),
        },
        "view": {
            "open_below": draw(st.sampled_from([0, 2, 3])),
            "blind_draw": draw(st.booleans()),
        },
        "draw_color": {
            "wild_counts": draw(st.booleans()),
            "exhausted": draw(st.sampled_from(["lose_turn", "keep_turn"])),
        },
    }
    lines = [f'name = "generated-{base}"', f'extends = "{base}"']
    for section, keys in sections.items():
        lines.append(f"[{section}]")
        lines.extend(f"{k} = {_toml(x)}" for k, x in keys.items())
    if draw(st.booleans()):  # HOUSE-SEVEN-ZERO: the sevens of both sides swap hands
        lines += ['[ranks."7"]', 'effects = [{ op = "swap_hands" }]']
    return "\n".join(lines) + "\n"


def two_sided_variants(base: str = "flip") -> st.SearchStrategy[Variant]:
    """A two-sided deck's game (UNO Flip, FLIP2-*) with random house rules (HR-*)."""
    return two_sided_variant_texts(base).map(
        lambda text: load_variant_text(text, source="<generated>")
    )
