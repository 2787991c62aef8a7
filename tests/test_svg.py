"""Cards as pictures (issue 15.2): well-formed SVG, text alternatives, colour never alone,
card backs for hidden cards, and the notebook hooks on states, views and verdicts."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from ena_rules import Draw, apply, load_variant, new_game
from ena_rules.cards import parse_card
from ena_rules.game.state import GameState
from ena_rules.pictures.svg import PALETTE, SHAPES, card, card_label, hand, position, verdict_html
from ena_rules.pictures.table_view import table_view
from ena_rules.rules.chance import deal_event
from ena_rules.rules.view import view

NS = "{http://www.w3.org/2000/svg}"


def dealt(players: tuple[str, ...] = ("ana", "bor", "cene"), seed: int = 3) -> GameState:
    s = new_game(load_variant("official"), list(players), dealer=players[0])
    return apply(s, deal_event(s, seed=seed)).state


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on anything not well-formed
    assert root.tag == f"{NS}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


@pytest.mark.parametrize("code", ["R0", "Y9", "GS", "BR", "R+2", "W", "W+4", "WS", "WC", "B-1"])
def test_every_card_is_well_formed_with_a_title_and_label(code: str) -> None:
    root = parse(card(code))
    label = card_label(code)
    assert root.get("role") == "img" and root.get("aria-label") == label
    assert root.find(f"{NS}title") is not None and root.find(f"{NS}title").text == label  # type: ignore[union-attr]
    assert code in texts(root)  # the code itself is printed on the card


def test_card_words_name_colour_and_rank() -> None:
    assert [card_label(c) for c in ("R7", "YS", "GR", "B+2", "W", "W+4", "WS")] == [
        "red 7",
        "yellow skip",
        "green reverse",
        "blue draw two",
        "wild",
        "wild draw four",
        "wild shuffle hands",
    ]


def test_colour_is_never_the_only_cue() -> None:
    """Two cards of one rank in different colours differ in printed letter and in shape."""
    shapes = {}
    for color in "RYGB":
        root = parse(card(f"{color}5"))
        assert f"{color}5" in texts(root)
        body = root.find(f"./{NS}g/{NS}rect")
        assert body is not None and body.get("fill") == PALETTE[color]
        shapes[color] = [
            el.tag.removeprefix(NS)
            for el in root.iter()
            if el.get("fill") == PALETTE[color] and el is not body
        ]
    assert SHAPES == {"R": "circle", "Y": "triangle", "G": "square", "B": "diamond"}
    assert shapes["R"] == ["circle"] and shapes["Y"] == ["polygon"]
    assert shapes["G"] == ["rect"] and shapes["B"] == ["polygon"]
    # triangle and diamond are both polygons: their points differ
    tri = parse(card("Y5")).find(f".//{NS}polygon")
    dia = parse(card("B5")).find(f".//{NS}polygon")
    assert tri is not None and dia is not None
    assert len(tri.get("points", "").split()) == 3 and len(dia.get("points", "").split()) == 4
    assert len(set(PALETTE.values())) == 4


def test_a_card_back_tells_nothing() -> None:
    back = card(None)
    root = parse(back)
    assert root.get("aria-label") == "face-down card"
    assert texts(root) == ["?"]
    assert not any(el.get("fill") in PALETTE.values() for el in root.iter())


def test_hand_labels_every_card_and_draws_backs_for_unknown_ones() -> None:
    root = parse(hand(["R1", None, "W+4"], label="ana"))
    assert root.get("aria-label") == "ana: red 1, face-down card, wild draw four"
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert titles == [
        "ana: red 1, face-down card, wild draw four",
        "red 1",
        "face-down card",
        "wild draw four",
    ]


def test_position_shows_every_hand_top_card_colour_and_direction() -> None:
    s = dealt()
    root = parse(position(s))
    titles = [t.text or "" for t in root.iter(f"{NS}title")]
    hands = sum(len(h) for h in s.hands)
    assert len(titles) == 1 + 1 + hands  # the picture, the top card, every card in hand
    label = root.get("aria-label", "")
    assert f"top card {card_label(s.top)}" in label and "clockwise" in label
    for name, h in zip(s.players, s.hands, strict=True):
        assert f"{name}" in label and f"{len(h)} cards" in label
    words = " ".join(texts(root))
    assert "direction: clockwise" in words and "colour in force" in words
    assert all(str(c) in texts(root) for h in s.hands for c in h)


def test_a_players_view_draws_other_hands_face_down() -> None:
    s = dealt()
    root = parse(position(view(s, "bor")))
    own = {str(c) for c in s.hands[1]}
    others = {str(c) for c in s.hands[0] + s.hands[2]} - own - {str(s.top)}
    printed = set(texts(root))
    assert own <= printed
    assert not others & printed  # no hidden card's code is in the picture
    assert texts(root).count("?") == len(s.hands[0]) + len(s.hands[2])


def test_names_are_escaped_in_svg() -> None:
    s = dealt(players=("<script>alert(1)</script>", "b&b"))
    svg = position(s)
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "b&amp;b" in svg
    parse(svg)


def test_notebook_hooks_on_state_view_and_verdict() -> None:
    s = dealt()
    parse(s._repr_svg_())
    parse(view(s, "ana")._repr_svg_())
    fresh = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    v = apply(fresh, Draw("ana"))
    html = v._repr_html_()
    assert html == verdict_html(v)
    assert "<strong>rejected</strong>" in html and v.clause in html and v.key in html
    assert s.phase == "play" and s.due is not None
    fragment = apply(s, Draw(s.due))._repr_html_()
    assert "<strong>accepted</strong>" in fragment
    parse(fragment[fragment.index("<svg") : fragment.rindex("</svg>") + len("</svg>")])


def test_table_view_marks_due_dealer_and_unknown_cards() -> None:
    s = dealt()
    t = table_view(s, "cene")
    assert [seat.dealer for seat in t.seats] == [True, False, False]
    assert [seat.due for seat in t.seats] == [p == s.due for p in s.players]
    assert t.seats[2].cards == s.hands[2]
    assert set(t.seats[0].cards) == {None} and t.seats[0].count == len(s.hands[0])
    data = t.to_dict()
    assert data["seats"][0]["cards"] == [None] * len(s.hands[0])
    assert data["top"] == str(s.top) and parse_card(data["top"]) == s.top


def test_FLIP2_SIDE_a_two_sided_card_shows_both_faces() -> None:
    """FLIP2-SIDE: a two-sided card is drawn as its face in play (its colour, its code in the
    corner) with its other face's code in that face's colour; its label names both faces."""
    from ena_rules import load_variant
    from ena_rules.pictures.svg import DECLARED_PALETTE

    load_variant("flip")  # declares the dark side's colours
    root = parse(card("R1|P3"))
    assert {"R1", "P3"} <= set(texts(root)) and "R1|P3" not in texts(root)
    body = root.find(f"./{NS}g/{NS}rect")
    assert body is not None and body.get("fill") == PALETTE["R"]
    assert any(el.get("fill") == DECLARED_PALETTE["P"] for el in root.iter())
    assert card_label("R1|P3") == "red 1, its other face pink 3"
    dark = parse(card("P3|R1"))
    assert dark.find(f"./{NS}g/{NS}rect").get("fill") == DECLARED_PALETTE["P"]  # type: ignore[union-attr]
