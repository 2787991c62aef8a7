"""Cards as pictures: SVG for a card, a hand and a whole table.

In the spirit of python-chess's ``chess.svg``, every picture is built from small named pieces
(a card face, a card back, a colour mark) and returned as an :class:`Svg`: a string that
notebooks draw (``_repr_svg_``). Colour is never the only cue: every coloured card carries its
colour letter and a shape (red ``●`` circle, yellow ``▲`` triangle, green ``■`` square, blue
``◆`` diamond) in a colour-blind-safe palette (Okabe and Ito); a playing card (a suit S H D C)
is drawn white with its suit's own shape (drawn as a path, so no font decides it) and its code,
suit letter first. Every picture has a ``<title>``
and an ``aria-label`` for screen readers; a card whose face the view does not show (``None``)
is drawn as a card back.

>>> svg = card("R7")
>>> svg.startswith("<svg") and 'aria-label="red 7"' in svg
True
>>> card_label(None), card_label("W+4"), card_label("GS")
('face-down card', 'wild draw four', 'green skip')
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..cards import Card, color_from_name, parse_card
from ..cards.notation import color_name, known_color
from ..errors import typed_arguments
from ..game import display
from ..game.event_fields import wrong_type
from ..game.state import GameState
from ..game.verdict import Verdict
from .table_view import TableView, table_from_view, table_view

if TYPE_CHECKING:
    from ..game.view import PlayerView

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "PALETTE",
    "SHAPES",
    "Svg",
    "caption_of",
    "card",
    "card_label",
    "card_symbol",
    "color_mark",
    "hand",
    "position",
    "suit_mark",
    "verdict_html",
]

SVG_NS = "http://www.w3.org/2000/svg"
CARD_WIDTH, CARD_HEIGHT = 60, 90

#: Card colours: the Okabe-Ito palette, told apart by most colour-blind eyes.
PALETTE: dict[str, str] = {"R": "#D55E00", "Y": "#F0E442", "G": "#009E73", "B": "#0072B2"}
#: The shape each colour carries, so that no card is told by its colour alone.
SHAPES: dict[str, str] = {"R": "circle", "Y": "triangle", "G": "square", "B": "diamond"}
WILD_FILL, BACK_FILL, INK, PAPER = "#262626", "#3B4A6B", "#111111", "#FFFFFF"
#: Colours a deck declares beyond the four (the second side of a two-sided deck), each with its
#: own fill and shape; any other declared colour is drawn grey, told by its letter.
DECLARED_PALETTE: dict[str, str] = {"P": "#CC79A7", "T": "#56B4E9", "O": "#E69F00", "V": "#7B3294"}
DECLARED_SHAPES: dict[str, str] = {"P": "circle", "T": "triangle", "O": "square", "V": "diamond"}
#: The ink of each suit of a pack of playing cards (red hearts and diamonds, as printed); the
#: suits are told apart by their shapes (drawn as paths, not font glyphs) and letters too.
SUIT_INK: dict[str, str] = {"S": INK, "H": "#C0262D", "D": "#C0262D", "C": INK}
#: The picture of a playing card's rank in words (ace, jack, queen, king).
_PIP_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}

_RANK_WORDS = {
    "S": "skip",
    "R": "reverse",
    "+2": "draw two",
    "W": "wild",
    "W+4": "wild draw four",
    "WS": "wild shuffle hands",
    "WC": "wild customizable",
}
_CAPTIONS = {"S": "skip", "R": "reverse", "+2": "draw 2", "W+4": "draw 4", "WS": "shuffle"}


class Svg(str):
    """An SVG picture as a string; a notebook draws it.

    >>> Svg("<svg/>")._repr_svg_()
    '<svg/>'
    """

    def _repr_svg_(self) -> str:
        return str(self)


def _card(c: Card | str | None) -> Card | None:
    if isinstance(c, str):
        return None if c == "?" else parse_card(c)  # "?": unseen (a table record), face down
    return None if c is not None and c.rank == "?" else c


@typed_arguments
def card_label(c: Card | str | None, names: Mapping[str, str] | None = None) -> str:
    """A card in words, for a ``<title>`` or an ``aria-label``; ``names`` gives the words of a
    variant's own ranks (DECK-DECLARE ``ranks.*.name``: No Mercy's ``WCR``).

    >>> card_label("B+2"), card_label("Y0"), card_label("WCR", {"WCR": "wild color roulette"})
    ('blue draw two', 'yellow 0', 'wild color roulette')
    """
    k = _card(c)
    if k is None:
        return "face-down card"
    if k.other is not None:  # FLIP2-SIDE: a two-sided card, its face in play first
        return f"{card_label(k.face)}, its other face {card_label(k.other)}"
    if k.color is not None and k.color in SUIT_INK:  # a playing card: "queen of hearts"
        return f"{_PIP_WORDS.get(k.rank, k.rank)} of {color_name(k.color)}"
    word = (names or {}).get(k.rank) or _RANK_WORDS.get(k.rank, k.rank)
    return (
        word
        if k.color is None
        else f"{color_name(k.color) if known_color(k.color) else k.color} {word}"
    )


def _el(tag: str, parent: ET.Element | None = None, **attrs: str | float) -> ET.Element:
    a = {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()}
    return ET.Element(tag, a) if parent is None else ET.SubElement(parent, tag, a)


def _text(parent: ET.Element, x: float, y: float, text: str, **attrs: str | float) -> ET.Element:
    style = {"font_family": "DejaVu Sans, Verdana, sans-serif", "fill": INK}
    t = _el("text", parent, x=x, y=y, **{**style, **attrs})
    t.text = text
    return t


@typed_arguments
def suit_mark(suit: str, cx: float, cy: float, r: float) -> ET.Element:
    """A suit's own shape (spade, heart, diamond, club) centred at ``cx, cy``, as paths."""
    ink = SUIT_INK.get(suit, INK)
    g = _el("g", fill=ink, stroke="none")
    if suit == "H":
        _el(
            "path",
            g,
            d=f"M{cx},{cy + r} C{cx - r * 1.6},{cy - r * 0.2} {cx - r * 0.6},{cy - r * 1.3} "
            f"{cx},{cy - r * 0.45} C{cx + r * 0.6},{cy - r * 1.3} {cx + r * 1.6},{cy - r * 0.2} "
            f"{cx},{cy + r} Z",
        )
    elif suit == "D":
        pts = f"{cx},{cy - r} {cx + r * 0.72},{cy} {cx},{cy + r} {cx - r * 0.72},{cy}"
        _el("polygon", g, points=pts)
    elif suit == "S":
        _el(
            "path",
            g,
            d=f"M{cx},{cy - r} C{cx - r * 1.6},{cy + r * 0.1} {cx - r * 0.6},{cy + r * 1.0} "
            f"{cx},{cy + r * 0.3} C{cx + r * 0.6},{cy + r * 1.0} {cx + r * 1.6},{cy + r * 0.1} "
            f"{cx},{cy - r} Z",
        )
        stem = f"{cx},{cy} {cx + r * 0.35},{cy + r} {cx - r * 0.35},{cy + r}"
        _el("polygon", g, points=stem)
    else:  # clubs: three leaves and a stem
        for dx, dy in ((0, -0.45), (-0.5, 0.15), (0.5, 0.15)):
            _el("circle", g, cx=cx + r * dx, cy=cy + r * dy, r=r * 0.42)
        stem = f"{cx},{cy} {cx + r * 0.35},{cy + r} {cx - r * 0.35},{cy + r}"
        _el("polygon", g, points=stem)
    return g


@typed_arguments
def color_mark(color: str, cx: float, cy: float, r: float) -> ET.Element:
    """The colour's shape (circle, triangle, square, diamond) centred at ``cx, cy``; a suit's
    own shape for a suit of playing cards."""
    if color in SUIT_INK:
        return suit_mark(color, cx, cy, r)
    fill, stroke = _fill(color), INK
    shape = SHAPES.get(color) or DECLARED_SHAPES.get(color, "circle")
    if shape == "circle":
        return _el("circle", cx=cx, cy=cy, r=r * 0.85, fill=fill, stroke=stroke)
    if shape == "square":
        s = r * 1.5
        return _el("rect", x=cx - s / 2, y=cy - s / 2, width=s, height=s, fill=fill, stroke=stroke)
    if shape == "triangle":
        pts = f"{cx},{cy - r} {cx + r},{cy + r * 0.8} {cx - r},{cy + r * 0.8}"
    else:  # diamond
        pts = f"{cx},{cy - r} {cx + r},{cy} {cx},{cy + r} {cx - r},{cy}"
    return _el("polygon", points=pts, fill=fill, stroke=stroke)


def _fill(color: str) -> str:
    return PALETTE.get(color) or DECLARED_PALETTE.get(color, "#999999")


def _playing_face(c: Card) -> ET.Element:
    """A playing card in a 60 x 90 box: white, its code (suit letter and rank) in the corners,
    the suit's shape large in the middle and small under the corner code, the rank big."""
    assert c.color is not None
    g = _el("g")
    ink = SUIT_INK.get(c.color, INK)
    _el("rect", g, x=1, y=1, width=58, height=88, rx=7, fill=PAPER, stroke=INK, stroke_width=1.5)
    code = str(c)
    _text(g, 5, 14, code, font_size=9.5, font_weight="bold", fill=ink)
    g.append(suit_mark(c.color, 9, 24, 4.5))
    g.append(suit_mark(c.color, 30, 38, 14))
    size = 22 if len(c.rank) == 1 else 18
    _text(g, 30, 78, c.rank, font_size=size, font_weight="bold", text_anchor="middle", fill=ink)
    flipped = _el("g", g, transform="rotate(180 30 45)")
    _text(flipped, 5, 14, code, font_size=9.5, font_weight="bold", fill=ink)
    return g


@typed_arguments
def caption_of(name: str) -> str | None:
    """The caption a card's face shows for a rank's declared name (DECK-DECLARE
    ``ranks.*.name``): short enough to fit under the rank, a wild's "wild" left out.

    >>> caption_of("wild color roulette"), caption_of("discard all"), caption_of("7")
    ('color roulette', 'discard all', None)
    """
    words = name.removeprefix("wild ").replace(" four", " 4").replace(" six", " 6")
    words = words.replace(" ten", " 10").replace(" two", " 2")
    return words if 2 < len(words) <= 16 and not words.isdigit() else None


def _face(c: Card, caption: str | None = None) -> ET.Element:
    """A card face in a 60 x 90 box: body, centre oval and rank, corner code, colour mark."""
    if c.color is not None and c.color in SUIT_INK:
        return _playing_face(c)
    g = _el("g")
    body = WILD_FILL if c.color is None else _fill(c.color)
    _el("rect", g, x=1, y=1, width=58, height=88, rx=7, fill=body, stroke=INK, stroke_width=1.5)
    _el("ellipse", g, cx=30, cy=45, rx=23, ry=27, fill=PAPER)
    big = c.rank[1:] if c.color is None and len(c.rank) > 1 and c.rank[1] == "+" else c.rank
    size = {1: 30, 2: 24}.get(len(big), 15)
    _text(g, 30, 45 + size * 0.35, big, font_size=size, font_weight="bold", text_anchor="middle")
    caption = caption or _CAPTIONS.get(c.rank)
    if caption:
        small = 7.5 if len(caption) <= 12 else 6.0
        _text(g, 30, 66, caption, font_size=small, text_anchor="middle")
    code = str(c.face)
    _el("rect", g, x=4, y=4, width=7 + 5.5 * len(code), height=13, rx=3, fill=PAPER)
    _text(g, 7, 14, code, font_size=9.5, font_weight="bold")
    if c.other is not None:  # FLIP2-SIDE: the other face, in its colour, along the top edge
        o = c.other
        back = str(o)
        x = 56 - (7 + 5.5 * len(back))
        fill = WILD_FILL if o.color is None else _fill(o.color)
        _el("rect", g, x=x, y=4, width=7 + 5.5 * len(back), height=13, rx=3, fill=fill)
        _text(g, x + 3, 14, back, font_size=9.5, font_weight="bold", fill=PAPER, class_="other")
    if c.color is None:
        for i, color in enumerate(PALETTE):
            g.append(color_mark(color, 13 + 11.3 * i, 80, 4))
    else:
        _el("circle", g, cx=50, cy=80, r=7, fill=PAPER)
        g.append(color_mark(c.color, 50, 80, 5))
    return g


def _back() -> ET.Element:
    """A card back: the same for every card, so it tells nothing."""
    g = _el("g")
    _el(
        "rect", g, x=1, y=1, width=58, height=88, rx=7, fill=BACK_FILL, stroke=INK, stroke_width=1.5
    )
    _el("rect", g, x=6, y=6, width=48, height=78, rx=5, fill="none", stroke=PAPER, stroke_width=1)
    _el("ellipse", g, cx=30, cy=45, rx=18, ry=26, fill="none", stroke=PAPER, stroke_width=2)
    _text(g, 30, 53, "?", font_size=24, font_weight="bold", text_anchor="middle", fill=PAPER)
    return g


def _piece(c: Card | None, caption: str | None = None) -> ET.Element:
    return _back() if c is None else _face(c, caption)


def _root(width: float, height: float, label: str, *, standalone: bool) -> ET.Element:
    attrs: dict[str, str | float] = {
        "viewBox": f"0 0 {width:g} {height:g}",
        "width": f"{width:g}",
        "height": f"{height:g}",
        "role": "img",
        "aria-label": label,
    }
    if standalone:
        attrs = {"xmlns": SVG_NS, **attrs}
    root = ET.Element("svg", {k: str(v) for k, v in attrs.items()})
    _el("title", root).text = label
    return root


def _svg(root: ET.Element) -> Svg:
    return Svg(ET.tostring(root, encoding="unicode"))


@typed_arguments
def card(c: Card | str | None, *, size: float = CARD_WIDTH, standalone: bool = True) -> Svg:
    """One card (``None``: a card back), ``size`` pixels wide.

    ``standalone=False`` leaves out the XML namespace, for SVG inlined in an HTML page.

    >>> "face-down card" in card(None)
    True
    """
    k = _card(c)
    root = _root(CARD_WIDTH, CARD_HEIGHT, card_label(k), standalone=standalone)
    root.set("width", f"{size:g}")
    root.set("height", f"{size * CARD_HEIGHT / CARD_WIDTH:g}")
    root.append(_piece(k))
    return _svg(root)


@typed_arguments
def card_symbol(c: Card | str | None, symbol_id: str, caption: str | None = None) -> ET.Element:
    """A card as a reusable ``<symbol>`` (drawn with ``<use href="#id">``), with a caption
    under its rank (a variant's rank name: :func:`caption_of`).

    >>> card_symbol("G5", "c1").get("viewBox")
    '0 0 60 90'
    """
    k = _card(c)
    sym = _el("symbol", id=symbol_id, viewBox=f"0 0 {CARD_WIDTH} {CARD_HEIGHT}")
    sym.append(_piece(k, caption))
    return sym


def _place(
    parent: ET.Element, c: Card | None, x: float, y: float, back: Card | None = None
) -> None:
    """A card at (x, y); a face-down card whose other side the viewer sees (``back``,
    FLIP2-SIGHT) is drawn as that side, outlined in dashes."""
    g = _el("g", parent, transform=f"translate({x:g},{y:g})")
    if c is None and back is not None:
        _el("title", g).text = f"other side seen: {card_label(back)}"
        g.append(_piece(back))
        _el(
            "rect",
            g,
            x=1,
            y=1,
            width=CARD_WIDTH - 2,
            height=CARD_HEIGHT - 2,
            rx=5,
            fill="none",
            stroke=INK,
            stroke_width=2,
            stroke_dasharray="4 3",
        )
        return
    _el("title", g).text = card_label(c)
    g.append(_piece(c))


@typed_arguments
def hand(cards: Iterable[Card | str | None], *, label: str | None = None, step: float = 40) -> Svg:
    """A hand of cards in a row, each ``step`` pixels right of the last (overlapping).

    >>> svg = hand(["R1", "W", None], label="ana's hand")
    >>> svg.count("<title>"), 'aria-label="ana\\'s hand: red 1, wild, face-down card"' in svg
    (4, True)
    """
    ks = [_card(c) for c in cards]
    words = ", ".join(card_label(k) for k in ks) or "no cards"
    full = f"{label}: {words}" if label else words
    width = CARD_WIDTH + step * max(len(ks) - 1, 0) + 4
    root = _root(width, CARD_HEIGHT + 4, full, standalone=True)
    for i, k in enumerate(ks):
        _place(root, k, 2 + step * i, 2)
    return _svg(root)


def _seat_words(t: TableView) -> list[str]:
    out = []
    for s in t.seats:
        flags = (("due", s.due), ("dealer", s.dealer), ("may be caught", s.catchable))
        marks = [m for m, on in flags if on]
        extra = f" ({', '.join(marks)})" if marks else ""
        out.append(f"{s.name}{extra}: {s.count} cards")
    return out


def _table_label(t: TableView) -> str:
    who = "every hand" if t.viewer is None else f"{t.viewer}'s view"
    top = card_label(t.top) if t.top is not None else "no top card"
    color = f", colour {t.color}" if t.color else ""
    parts = [f"The table ({who}): {t.status}", f"top card {top}{color}, {t.direction}"]
    parts += _seat_words(t) + list(t.windows)
    return "; ".join(parts) + "."


@typed_arguments
def position(what: GameState | PlayerView | TableView, *, step: float = 34) -> Svg:
    """The whole table: the top card, colour in force, direction, windows and every seat.

    Takes a state (every hand: the arbiter's picture), a player's view (other hands face
    down) or a :class:`~ena_rules.pictures.table_view.TableView`.

    >>> from ena_rules import load_variant, new_game, apply
    >>> from ena_rules.rules.chance import deal_event
    >>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    >>> s = apply(s, deal_event(s, seed=3)).state
    >>> svg = position(s)
    >>> svg.count("<title>") >= 16 and "ana (dealer): 7 cards" in svg
    True
    """
    t = _as_table(what)
    most = max((s.count for s in t.seats), default=0)
    name_w = 130
    info = _info_lines(t)
    longest = max((len(line) for line in info), default=0)
    width = max(460.0, name_w + CARD_WIDTH + step * max(most - 1, 0) + 12, 96 + 6.8 * longest)
    head_h = max(CARD_HEIGHT + 16, 26 + 15 * len(info))
    height = head_h + (CARD_HEIGHT + 14) * len(t.seats) + 30
    root = _root(width, height, _table_label(t), standalone=True)
    _el("rect", root, x=0, y=0, width=width, height=height, fill="#F4F1EA")
    _text(root, 10, 18, t.status, font_size=14, font_weight="bold")
    if t.top is not None:
        _place(root, t.top, 10, 24)
    for i, line in enumerate(info):
        _text(root, 86, 38 + 15 * i, line, font_size=12)
    if t.color:
        code = color_from_name(t.color) if t.color else ""
        root.append(color_mark(code, 78, 34, 5))
    y = head_h
    for s in t.seats:
        weight = "bold" if s.due else "normal"
        name = s.name if len(s.name) <= 16 else s.name[:15] + "…"
        _text(root, 10, y + 30, ("▶ " if s.due else "") + name, font_size=13, font_weight=weight)
        marks = [m for m, on in (("dealer", s.dealer), ("may be caught", s.catchable)) if on]
        _text(root, 10, y + 48, f"{s.count} cards", font_size=11)
        if marks:
            _text(root, 10, y + 64, ", ".join(marks), font_size=11)
        for i, c in enumerate(s.cards):
            back = s.backs[i] if i < len(s.backs) else None  # FLIP2-SIGHT
            _place(root, c, name_w + step * i, y + 4, back)
        y += CARD_HEIGHT + 14
    scores = ", ".join(f"{n} {p}" for n, p in t.scores)
    _text(root, 10, y + 16, f"scores: {scores}" if scores else "", font_size=12)
    return _svg(root)


def _info_lines(t: TableView) -> list[str]:
    lines = [
        f"top card: {card_label(t.top) if t.top is not None else 'none yet'}",
        f"colour in force: {t.color or 'none'}",
        f"direction: {t.direction}",
        f"draw pile: {t.draw_pile} cards"
        + (f", its top's other side {card_label(t.pile_back)}" if t.pile_back else ""),
    ]
    return lines + list(t.windows)


def _as_table(what: GameState | PlayerView | TableView) -> TableView:
    if isinstance(what, TableView):
        return what
    if isinstance(what, GameState):
        return table_view(what)
    return table_from_view(what)


@typed_arguments
def verdict_html(v: Verdict) -> str:
    """A verdict as an HTML fragment: outcome, clause id, variant key and words, then the table.

    >>> from ena_rules import load_variant, new_game, apply, Draw
    >>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    >>> "<strong>rejected</strong> [DEAL-SEVEN" in verdict_html(apply(s, Draw("ana")))
    True
    """
    if not isinstance(v, Verdict):
        raise wrong_type("verdict_html(): v", "a Verdict", v)
    e = html.escape
    head = (
        f"<p><strong>{e(v.outcome)}</strong> [{e(v.clause)} <code>{e(v.key)}</code>] "
        f"{e(v.message)}</p>"
    )
    picture = "" if v.state.phase == "cut" else str(position(v.state))
    return f'<div class="ena-verdict">{head}{picture}</div>'


def _notebook_svg(value: GameState | PlayerView) -> str:
    return str(position(value))


display.install(svg=_notebook_svg, html=verdict_html)  # the values' notebook pictures
