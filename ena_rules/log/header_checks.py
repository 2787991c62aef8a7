"""What a log's header must be, beyond its JSON: its form, then its fit with its variant.

:func:`header_form` reads the header's JSON object (a seeded header, one that gives round 1's
deck, or a table record's ``"deck": "unknown"``), its format version and its players' names;
:func:`header_fits` checks it against the variant it names (the number of players, the dealer,
which of ``seed`` or ``dealer`` and ``deck`` it gives). Each failure is a
:class:`~ena_rules.log.line_json.LineProblem`.

>>> header_form({"ena_log": 1, "variant": "official", "players": ["ana", "ana"], "seed": 7})
Traceback (most recent call last):
...
ena_rules.log.line_json.LineProblem: players repeat a name: ['ana', 'ana']
"""

from __future__ import annotations

from typing import Any

from ..variant import Variant
from . import convert as _conv
from .line_checks import not_player
from .line_json import LineProblem
from .line_time import no_header_time
from .lines import FORMAT_VERSION, Header
from .table_form import table_header_form

__all__ = ["MAX_NAME", "header_fits", "header_form"]

#: The longest player name a log may give (every verdict names the players).
MAX_NAME = 100


def header_form(obj: Any) -> Header:
    """The header read from its JSON object: its own form, version and names."""
    table = isinstance(obj, dict) and obj.get("deck") == "unknown"
    try:
        no_header_time(obj)
        h = _conv.structure_header({k: v for k, v in obj.items() if k != "deck"} if table else obj)
        table_header_form(h, table)
    except _conv.FormatError as exc:
        raise LineProblem(str(exc)) from None
    if h.ena_log != FORMAT_VERSION:
        raise LineProblem(
            f"unsupported ena_log version {h.ena_log} (this reader knows {FORMAT_VERSION})"
        )
    _check_names(h.players)
    return h


def _check_names(players: tuple[str, ...]) -> None:
    """No name too long to echo (:data:`MAX_NAME`), none twice."""
    long = [p for p in players if len(p) > MAX_NAME]
    if long:
        raise LineProblem(
            f"a player's name of {len(long[0])} characters ({long[0][:20]!r}...): "
            f"at most {MAX_NAME} @ $.players"
        )
    if len(set(players)) != len(players):
        raise LineProblem(f"players repeat a name: {list(players)!r}")


def header_fits(h: Header, v: Variant) -> None:
    """The header fits the variant ``v`` it is judged by: its players, dealer and chance."""
    if not v.players.min <= len(h.players) <= v.players.max:
        raise LineProblem(
            f"{len(h.players)} players: variant {v.name!r} allows {v.players.min} to "
            f"{v.players.max} (SETUP-PLAYERS)"
        )
    if h.dealer is not None and h.dealer not in h.players:
        raise LineProblem(not_player(h.dealer, h.players, "dealer"))
    if h.is_table:
        return  # its form was checked by table_header_form
    if h.seed is not None:
        extra = [k for k in ("deck", "deck_seed") if getattr(h, k) is not None]
        if extra:
            raise LineProblem(
                f"a seeded header carries no {' or '.join(extra)}: give either 'seed' or "
                "'dealer' and 'deck'"
            )
        return
    missing = [k for k in ("dealer", "deck") if getattr(h, k) is None]
    if missing:
        raise LineProblem(
            f"no {' and no '.join(repr(k) for k in missing)}: a header gives either "
            "'seed', or 'dealer' and 'deck' (round 1's whole deck, top first)"
        )
