"""The form of a table record's own fields (docs/log-format.md, Table records).

A table record's header has ``"deck": "unknown"`` with ``"dealer"`` and ``"turned"``; its lines
may carry what the table saw: a ``draw``'s ``"cards"``, a ``challenge``'s ``"shown"`` hand, a
``claim_round``'s ``"hands"``. These checks give a :class:`~ena_rules.game.convert.FormatError`
(an unusable line, exit 2) naming the key.

>>> [str(c) for c in seen_fields({"type": "draw", "player": "ana", "cards": ["r9"]})["cards"]]
['R9']
>>> seen_fields({"type": "play", "player": "ana", "card": "R9", "shown": []})
Traceback (most recent call last):
...
ena_rules.game.convert.FormatError: 'shown' belongs on a challenge line (...) @ $.shown
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, parse_card
from ..errors import CardError
from . import convert as _conv
from .lines import Header

__all__ = ["SEEN_ALSO", "SEEN_FIELDS", "seen_fields", "table_header_form"]

#: The optional fields of what a table saw: the line type each belongs on, and what it holds.
SEEN_FIELDS: dict[str, tuple[str, str]] = {
    "cards": ("draw", "the cards drawn, in order"),
    "shown": ("challenge", "the challenged hand as shown"),
    "discarded": ("play", "the cards a Discard All put down with it (NM-DISCARD-ALL)"),
    "hands": ("claim_round", "each player's cards left at the round's end"),
}
#: The other line types a field of what a table saw may go on: a victim's draw to a colour
#: names its cards on the ``choose_color`` that draws them (DRAW-COLOR), a challenge the cards
#: its outcome drew (FLIP2-WDC: the draw to a colour of the guilty player or of the victim).
SEEN_ALSO: dict[str, tuple[str, ...]] = {"cards": ("choose_color", "challenge")}


def _cards(value: Any, path: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _conv.FormatError("a list of card codes is expected", path)
    out = []
    for i, code in enumerate(value):
        try:
            out.append(parse_card(code))
        except CardError as exc:
            raise _conv.FormatError(str(exc), f"{path}[{i}]") from None
    return tuple(out)


def seen_fields(obj: Any) -> dict[str, Any]:
    """The table's own fields of a line, parsed: ``cards`` and ``shown`` as cards, ``hands``
    as a dict from name to cards (names are checked against the players by the reader)."""
    if not isinstance(obj, dict):
        return {}
    out: dict[str, Any] = {}
    kind = obj.get("type")
    for key, (owner, what) in SEEN_FIELDS.items():
        if key not in obj or (key == "cards" and kind not in ("draw", "play", *SEEN_ALSO[key])):
            continue  # "cards" is also a claim's own field; on a play the converter says no
        if kind != owner and kind not in SEEN_ALSO.get(key, ()):
            raise _conv.FormatError(f"{key!r} belongs on a {owner} line ({what})", f"$.{key}")
        value = obj[key]
        if key == "hands":
            if not isinstance(value, dict):
                raise _conv.FormatError(
                    "an object from player name to cards is expected", "$.hands"
                )
            out[key] = {name: _cards(v, f"$.hands[{name!r}]") for name, v in value.items()}
        else:
            out[key] = _cards(value, f"$.{key}")
    return out


def table_header_form(h: Header, table: bool) -> None:
    """A table record's header: ``dealer`` and ``turned`` (at least one card), no seed and no
    ``deck_seed``; ``turned`` only with ``"deck": "unknown"``."""
    if not table:
        if h.turned is not None:
            raise _conv.FormatError(
                '\'turned\' belongs to a table record: give "deck": "unknown" with it', "$.turned"
            )
        return
    if h.seed is not None or h.deck_seed is not None:
        key = "seed" if h.seed is not None else "deck_seed"
        raise _conv.FormatError(
            f'a table record ("deck": "unknown") has no {key}: its deck order is unknown',
            f"$.{key}",
        )
    if h.dealer is None:
        raise _conv.FormatError('a table record ("deck": "unknown") names its "dealer"', "$")
    if not h.turned:
        raise _conv.FormatError(
            'a table record ("deck": "unknown") lists the cards turned up at the deal in '
            '"turned" (e.g. ["R5"])',
            "$.turned" if h.turned is not None else "$",
        )
