"""The log's converter: the game's converter with the lines of an ena-log added.

A log line is a player's event (:mod:`ena_rules.game.convert`), a round start, a claim or an
arbiter's line, each with its kind in ``"type"`` (docs/log-format.md); the header is line 1.
Unknown keys are errors; every error names what was wrong and where (``$.card``).

>>> line = structure_line({"type": "play", "player": "ana", "card": "w", "color": "green"})
>>> line
Play(player='ana', card='W', color='green', target=None)
>>> unstructure_line(line)
{'type': 'play', 'player': 'ana', 'card': 'W', 'color': 'green'}
>>> structure_line({"type": "play", "player": "ana", "card": "X9"})
Traceback (most recent call last):
...
ena_rules.game.convert.FormatError: 'X9': not a card code; expected ... @ $.card
"""

from __future__ import annotations

from typing import Any

import cattrs

from ..game import convert as _game
from ..game.convert import FormatError, json_kind, no_nulls, register_omitting_defaults, structure
from .lines import (
    LINE_TYPES,
    TYPE_OF,
    DrawnClaim,
    Header,
    Imposed,
    Line,
    Misdeal,
    PenaltyClaim,
    RoundClaim,
    RoundStart,
    WinnerClaim,
)

__all__ = [
    "FormatError",
    "converter",
    "structure_header",
    "structure_line",
    "unstructure_header",
    "unstructure_line",
]


def _make_converter() -> cattrs.Converter:
    c = _game.converter.copy()
    written: tuple[type, ...] = (RoundStart, RoundClaim, PenaltyClaim, DrawnClaim, WinnerClaim)
    for cls in (*written, Header, Misdeal, Imposed):
        register_omitting_defaults(c, cls)
    c.register_structure_hook(Line, lambda obj, _: structure_line(obj))
    return c


#: The converter of log lines: the game's, with the log's own lines.
converter = _make_converter()


# -- lines -------------------------------------------------------------------------------------


def structure_header(obj: Any) -> Header:
    """A :class:`~ena_rules.log.Header` from a decoded JSON object (no meaning checked yet).

    >>> header = {"ena_log": 1, "variant": "official", "players": ["a", "b"], "seed": 7}
    >>> structure_header(header).seed
    7
    """
    if not isinstance(obj, dict):
        raise FormatError(f"a header is a JSON object, not {json_kind(obj)}")
    if "ena_log" not in obj:
        what = f"a {obj['type']!r} line" if isinstance(obj.get("type"), str) else "this object"
        raise FormatError(
            f"no header: {what} has no 'ena_log' key; a log starts with "
            '{"ena_log": 1, "variant": ..., "players": [...], ...}'
        )
    no_nulls(obj)
    header: Header = structure(obj, Header, using=converter)
    return header


def structure_line(obj: Any) -> Line:
    """One line after the header: an event, a round start or a claim, chosen by ``"type"``.

    >>> structure_line({"type": "round"})
    RoundStart(deck=None, seed=None)
    >>> structure_line({"type": "draw", "player": "bor", "card": "R1"})
    Traceback (most recent call last):
    ...
    ena_rules.game.convert.FormatError: unknown key 'card'; allowed: player @ $
    """
    if not isinstance(obj, dict):
        raise FormatError(f"a line is a JSON object, not {json_kind(obj)}")
    if "ena_log" in obj:
        raise FormatError("a second header: only line 1 may carry 'ena_log'")
    if "type" not in obj:
        raise FormatError("no 'type': every line after the header names its kind in 'type'")
    tag = obj["type"]
    cls = LINE_TYPES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        raise FormatError(
            f"unknown type {tag!r}; expected one of {', '.join(LINE_TYPES)}", "$.type"
        )
    no_nulls(obj)
    rest = {k: v for k, v in obj.items() if k != "type"}
    line: Line = structure(rest, cls, using=converter)
    return line


def unstructure_line(line: Line) -> dict[str, Any]:
    """A line as a JSON-ready dict: ``"type"`` first, fields at their default left out.

    >>> from ena_rules import CallUno
    >>> unstructure_line(CallUno("cene", target="bor"))
    {'type': 'call_uno', 'player': 'cene', 'target': 'bor'}
    """
    tag = TYPE_OF.get(type(line))
    if tag is None:
        raise FormatError(f"{line!r} is not a log line")
    body: dict[str, Any] = converter.unstructure(line)
    return {"type": tag, **body}


def unstructure_header(header: Header) -> dict[str, Any]:
    """A header as a JSON-ready dict (fields left unset are left out).

    >>> unstructure_header(Header(1, "official", ("ana", "bor"), seed=7))
    {'ena_log': 1, 'variant': 'official', 'players': ['ana', 'bor'], 'seed': 7}
    """
    out: dict[str, Any] = converter.unstructure(header)
    if header.turned is not None:  # a table record: the deck is unknown
        turned = out.pop("turned")
        out.pop("deck", None)
        out["deck"] = "unknown"
        out["turned"] = turned
    return out
