"""JSON for apps: states, player views, verdicts and events as JSON-ready data, and back.

:func:`to_json` turns a :class:`~ena_rules.GameState`, a :class:`~ena_rules.game.view.PlayerView`,
a :class:`~ena_rules.Verdict` or an event into plain dicts, lists, strings and numbers that
``json.dumps`` writes as they are; cards are their codes (``"R9"``), colours their names.
:func:`state_from_json` and :func:`event_from_json` read a state and an event back (an event
in the log's own form: ``{"type": "play", "player": "ana", "card": "R9"}``).

>>> import json
>>> from ena_rules import Play, apply, load_variant, view
>>> from ena_rules.testing import start_round
>>> s = start_round(load_variant("ena"), ["ana", "bor"], dealer="ana",
...                 hands=[["R1"], ["R9"]], turned="R5")
>>> json.dumps(to_json(view(s, "bor"))["hand_sizes"])
'{"ana": 7, "bor": 7}'
>>> verdict = apply(s, Play("bor", "R9"))
>>> to_json(verdict)["outcome"], to_json(verdict)["event"]
('accepted', {'type': 'play', 'player': 'bor', 'card': 'R9'})
>>> state_from_json(json.loads(json.dumps(to_json(s)))) == s
True
>>> event_from_json({"type": "draw", "player": "ana"})
Draw(player='ana')
"""

from __future__ import annotations

from typing import Any

from ..errors import typed_arguments
from .convert import FormatError, converter, structure_event, structure_state, unstructure_event
from .events import Event, PlayerEvent
from .state import GameState
from .verdict import Verdict
from .view import PlayerView

__all__ = ["event_from_json", "state_from_json", "to_json"]


def _view(v: PlayerView) -> dict[str, Any]:
    out: dict[str, Any] = converter.unstructure(v)
    out.pop("state", None)  # the same facts as a partial state, for the rules' own use
    out["hand_sizes"] = dict(v.hand_sizes)
    out["scores"] = dict(v.scores)
    if v.shown_hand is not None:
        owner, cards = v.shown_hand
        out["shown_hand"] = {"player": owner, "cards": [str(c) for c in cards]}
    out["open_hands"] = {p: [str(c) for c in h] for p, h in v.open_hands}  # HR-OPEN-HAND
    out.pop("backs", None)
    out.pop("pile_back", None)
    if v.backs:  # FLIP2-SIGHT: a two-sided deck only (a one-sided view's JSON is as before)
        out["backs"] = {p: [str(c) for c in h] for p, h in v.backs}
        out["pile_back"] = None if v.pile_back is None else str(v.pile_back)
    return out


def _verdict(v: Verdict) -> dict[str, Any]:
    return {
        "outcome": v.outcome,
        "clause": v.clause,
        "key": v.key,
        "message": v.message,
        "notes": [{"clause": n.clause, "key": n.key, "text": n.text} for n in v.notes],
        "drawn": dict(v.drawn),
        "skipped": list(v.skipped),
        "event": _event(v.event),
    }


def _event(e: Event) -> dict[str, Any]:
    try:
        return unstructure_event(e)  # type: ignore[arg-type]
    except FormatError:  # a Cut or a Deal: not a log line, its fields as they are
        body: dict[str, Any] = converter.unstructure(e)
        return {"type": type(e).__name__.lower(), **body}


@typed_arguments
def to_json(value: GameState | PlayerView | Verdict | Event) -> dict[str, Any]:
    """JSON-ready data of a state, a player's view, a verdict (without its new state: send
    ``to_json(verdict.state)`` or a view of it) or an event."""
    if isinstance(value, GameState):
        out: dict[str, Any] = converter.unstructure(value)
        return out
    if isinstance(value, PlayerView):
        return _view(value)
    if isinstance(value, Verdict):
        return _verdict(value)
    return _event(value)


@typed_arguments
def state_from_json(data: dict[str, Any]) -> GameState:
    """The state that :func:`to_json` wrote (its variant is looked up by name); ``data`` is
    that JSON object (a dict: ``json.loads`` a text first), else an
    :class:`~ena_rules.errors.ArgumentTypeError` naming the argument.

    >>> state_from_json("x")
    Traceback (most recent call last):
    ...
    ena_rules.errors.ArgumentTypeError: state_from_json(): data: expected dict, got str 'x'
    """
    return structure_state(data)


@typed_arguments
def event_from_json(data: dict[str, Any]) -> PlayerEvent:
    """A player's event from its log form (a JSON object); raises
    :class:`~ena_rules.EventError` when the data is not one (the message names the key that
    is wrong)."""
    return structure_event(data)
