"""The one-line position notation: a whole :class:`GameState` as text, and back.

Like chess FEN, a position is one line: the variant's name, then space-separated
``field=value`` tokens (fields at their default are left out). Cards are joined with ``.``,
hands with ``/``, an empty list is ``-``. docs/position.md is the reference.

>>> from ena_rules import load_variant, new_game
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="bor")
>>> text = format_position(s)
>>> text
'official players=ana,bor phase=deal dealer=1 scores=0,0'
>>> parse_position(text) == s
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from ..cards import Card, parse_card
from ..errors import EnaRulesError, PositionError
from ..variant import Variant
from . import guards
from .event_fields import wrong_type
from .names import escape_name, unescape_name
from .state import PHASES, ChallengeWindow, GameState, Pending, Reveal, RoundResult
from .state_check import check_state

__all__ = ["format_position", "parse_position"]


def _cards(cards: tuple[Card, ...]) -> str:
    return ".".join(map(str, cards)) or "-"


def _parse_cards(text: str) -> tuple[Card, ...]:
    return () if text == "-" else tuple(parse_card(c) for c in text.split("."))


def _ints(values: tuple[int, ...]) -> str:
    return ",".join(map(str, values)) or "-"


def _parse_ints(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(x) for x in text.split(","))


def _opt_ints(values: tuple[int | None, ...]) -> str:
    return ",".join("_" if x is None else str(x) for x in values) or "-"


def _parse_opt_ints(text: str) -> tuple[int | None, ...]:
    return () if text == "-" else tuple(None if x == "_" else int(x) for x in text.split(","))


def _bool(b: bool) -> str:
    return "1" if b else "0"


def _fmt_pending(p: Pending) -> str:
    return f"{p.victim}:{p.count}:{p.rank}:{p.after}"


def _parse_pending(t: str) -> Pending:
    a, b, c, d = t.split(":")
    return Pending(int(a), int(b), c, int(d))


def _fmt_chal(c: ChallengeWindow) -> str:
    return f"{c.offender}:{c.victim}:{_bool(c.guilty)}:{c.count}:{c.prev_color or '_'}"


def _parse_chal(t: str) -> ChallengeWindow:
    a, b, c, d, e = t.split(":")
    if c not in ("0", "1"):
        raise ValueError(c)
    return ChallengeWindow(int(a), int(b), c == "1", int(d), None if e == "_" else e)


def _fmt_reveal(r: Reveal) -> str:
    return f"{r.viewer}:{r.owner}:{_cards(r.cards)}"


def _parse_reveal(t: str) -> Reveal:
    a, b, c = t.split(":")
    return Reveal(int(a), int(b), _parse_cards(c))


def _fmt_result(r: RoundResult) -> str:
    return f"{r.winner}:{_ints(r.points)}"


def _parse_result(t: str) -> RoundResult:
    a, b = t.split(":")
    return RoundResult(int(a), _parse_ints(b))


def _parse_bool(t: str) -> bool:
    if t not in ("0", "1"):
        raise ValueError(t)
    return t == "1"


def _parse_dir(t: str) -> int:
    return {"+": 1, "-": -1}[t]


def _opt(
    fmt: Callable[[Any], str], parse: Callable[[str], Any]
) -> tuple[Callable[[Any], str], Callable[[str], Any]]:
    return (lambda v: "_" if v is None else fmt(v)), (lambda t: None if t == "_" else parse(t))


_FIELDS: dict[str, tuple[str, Callable[[Any], str], Callable[[str], Any]]] = {
    "players": (
        "players",
        lambda v: ",".join(escape_name(p) for p in v),
        lambda t: tuple(unescape_name(p) for p in t.split(",")),
    ),
    "phase": ("phase", str, str),
    "dealer": ("dealer", *_opt(str, int)),
    "round": ("round", str, int),
    "scores": ("scores", _ints, _parse_ints),
    "hands": (
        "hands",
        lambda v: "/".join(_cards(h) for h in v),
        lambda t: tuple(_parse_cards(h) for h in t.split("/")),
    ),
    "draw": ("draw_pile", _cards, _parse_cards),
    "discard": ("discard", _cards, _parse_cards),
    "color": ("color", *_opt(str, str)),
    "dir": ("direction", lambda v: "+" if v == 1 else "-", _parse_dir),
    "turn": ("turn", str, int),
    "pending": ("pending", *_opt(_fmt_pending, _parse_pending)),
    "drawn": ("drawn", *_opt(str, parse_card)),
    "last": ("last_player", *_opt(str, int)),
    "open": ("overtake_open", _bool, _parse_bool),
    "uno": ("uno_exposed", _ints, _parse_ints),
    "called": ("out_called", _ints, _parse_ints),  # MAU-CALL-OUT
    "challenge": ("challenge", *_opt(_fmt_chal, _parse_chal)),
    "reveal": ("reveal", *_opt(_fmt_reveal, _parse_reveal)),
    "seed": ("seed", str, int),
    "shuffles": ("shuffles", str, int),
    "cutters": ("cutters", _ints, _parse_ints),
    "cuts": ("cut_values", _opt_ints, _parse_opt_ints),
    "result": ("last_round", *_opt(_fmt_result, _parse_result)),
    "winner": ("winner", *_opt(str, int)),
    "out": (  # NM-MERCY, HR-ELIMINATION: the players taken out of the game
        "out",
        lambda v: ",".join(escape_name(p) for p in v),
        lambda t: tuple(unescape_name(p) for p in t.split(",")),
    ),
    "side": ("side", str, int),  # FLIP2-SIDE: a two-sided deck's side in play
    "blind": (  # HR-BLIND-DRAW: each seat's cards its owner has not seen
        "blind",
        lambda v: "/".join(_cards(h) for h in v),
        lambda t: tuple(_parse_cards(h) for h in t.split("/")),
    ),
}
_DEFAULTS = {f.name: f.default for f in attrs.fields(GameState)}


def format_position(state: GameState) -> str:
    """The state as one line of position notation (parse it back with :func:`parse_position`)."""
    guards.check_state("format_position", state)
    parts = [state.variant.name]
    for token, (attr, fmt, _) in _FIELDS.items():
        value = getattr(state, attr)
        if attr not in ("players", "phase") and value == _DEFAULTS.get(attr):
            continue
        parts.append(f"{token}={fmt(value)}")
    return " ".join(parts)


def parse_position(text: str, variant: Variant | None = None) -> GameState:
    """Parse a position; the variant is loaded by the name in the text unless given.

    Raises :class:`PositionError` naming the token at fault.

    >>> parse_position("official players=a,b phase=bogus")
    Traceback (most recent call last):
    ...
    ena_rules.errors.PositionError: 'phase=bogus': unknown phase; expected one of cut, deal, ...
    """
    from ..variant.io import load_named

    if not isinstance(text, str):
        raise wrong_type("parse_position(): text", "a position (str)", text)
    if variant is not None:
        guards.check_variant("parse_position", variant)
    if not text.split():
        raise PositionError(f"{text!r}: a position starts with the variant's name")
    head, *tokens = text.split()
    if variant is None:
        try:
            variant = load_named(head)  # a name, never a file's path (issue 24)
        except EnaRulesError as exc:
            raise PositionError(f"{head!r}: {exc}") from None
    values = _values(tokens)
    for needed in ("players", "phase"):
        if needed not in values:
            raise PositionError(f"{text!r}: the field {needed!r} is required")
    if values["phase"] not in PHASES:
        raise PositionError(
            f"'phase={values['phase']}': unknown phase; expected one of {', '.join(PHASES)}"
        )
    state = GameState(variant=variant, **values)
    try:
        check_state(state)
    except PositionError as exc:
        raise PositionError(f"{_short(text)}: {exc}") from None
    return state


def _values(tokens: list[str]) -> dict[str, Any]:
    """The state's fields from ``field=value`` tokens (each value parsed)."""
    values: dict[str, Any] = {}
    for tok in tokens:
        name, sep, raw = tok.partition("=")
        if not sep or name not in _FIELDS:
            raise PositionError(
                f"{tok!r}: expected field=value with a field among {', '.join(_FIELDS)}"
            )
        attr, _, parse = _FIELDS[name]
        try:
            values[attr] = parse(raw)
        except (ValueError, KeyError, EnaRulesError) as exc:
            raise PositionError(f"{tok!r}: cannot read the value ({exc})") from None
    return values


def _short(text: str) -> str:
    return repr(text) if len(text) <= 200 else repr(text[:150]) + f"... ({len(text)} characters)"
