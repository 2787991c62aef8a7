"""The converter of a game's values: events and states, strict both ways.

Events are a tagged union on ``"type"`` (:data:`~ena_rules.game.events.EVENT_TYPES`, the log's
own form, docs/log-format.md); unknown keys are errors; every error names what was wrong and
where, as a path from the value's root (``$.card``). Card codes become canonical strings;
colours are the names ``red``, ``yellow``, ``green``, ``blue``; a state's variant is its name.
The log's converter (:mod:`ena_rules.log.convert`) is this one with the log's own lines added.

>>> event = structure_event({"type": "play", "player": "ana", "card": "w", "color": "green"})
>>> event
Play(player='ana', card='W', color='green', target=None)
>>> unstructure_event(event)
{'type': 'play', 'player': 'ana', 'card': 'W', 'color': 'green'}
>>> structure_event({"type": "play", "player": "ana", "card": "X9"})
Traceback (most recent call last):
...
ena_rules.game.convert.FormatError: 'X9': not a card code; expected ... @ $.card
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import (
    homogenous_tuple_structure_factory,
    iterable_unstructure_factory,
    mapping_structure_factory,
)
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from ..cards import COLOR_NAMES, Card, parse_card
from ..cards.notation import is_color_name
from ..errors import EnaRulesError, LogError
from ..variant import Variant
from ..variant.io import load_named
from .events import (
    EVENT_TYPES,
    CallUno,
    Challenge,
    ChooseColor,
    Draw,
    Overtake,
    Pass,
    Play,
    PlayerEvent,
)
from .state import GameState
from .state_check import check_state

__all__ = [
    "FormatError",
    "converter",
    "json_kind",
    "no_nulls",
    "structure",
    "structure_event",
    "structure_state",
    "unstructure_event",
    "unstructure_state",
]

_COLOR_WORDS = tuple(COLOR_NAMES.values())


class FormatError(LogError):
    """A value that does not fit the ena-log format; ``path`` says where (``$.card``)."""

    def __init__(self, reason: str, path: str = "$") -> None:
        self.reason = reason
        self.path = path
        super().__init__(f"{reason} @ {path}")


# -- strict leaf hooks -------------------------------------------------------------------------


def _str(value: Any, _: Any) -> str:
    if not isinstance(value, str) or not value:
        raise EnaRulesError(f"{value!r}: expected a non-empty string")
    return value


def _int(value: Any, _: Any) -> int:
    if type(value) is not int:
        raise EnaRulesError(f"{value!r}: expected an integer")
    return value


def _bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise EnaRulesError(f"{value!r}: expected true or false")
    return value


def _card(value: Any, _: Any) -> Card:
    if isinstance(value, Card):
        return value
    return parse_card(value)


def _color(value: Any, _: Any) -> str:
    if value not in _COLOR_WORDS and not is_color_name(value):
        raise EnaRulesError(f"{value!r}: not a colour; expected one of {', '.join(_COLOR_WORDS)}")
    return str(value)


def _opt_color(value: Any, _: Any) -> str | None:
    return None if value is None else _color(value, None)


def _is_seq(tp: Any) -> bool:
    args = get_args(tp)
    return get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis


def _seq_factory(tp: Any, c: cattrs.Converter) -> Callable[[Any, Any], tuple[Any, ...]]:
    inner = homogenous_tuple_structure_factory(tp, c)

    def structure_seq(value: Any, t: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise EnaRulesError(f"{value!r}: expected a list")
        out: tuple[Any, ...] = inner(value, t)
        return out

    return structure_seq


def _is_dict(tp: Any) -> bool:
    return get_origin(tp) is dict


def _dict_factory(tp: Any, c: cattrs.Converter) -> Callable[[Any, Any], dict[Any, Any]]:
    inner = mapping_structure_factory(tp, c)

    def structure_dict(value: Any, t: Any) -> dict[Any, Any]:
        if not isinstance(value, dict):
            raise EnaRulesError(f"{value!r}: expected a JSON object")
        out: dict[Any, Any] = inner(value, t)
        return out

    return structure_dict


def _variant_by_name(value: Any, _: Any) -> Variant:
    return load_named(_str(value, None))  # a name, never a file's path (issue 24)


def _make_converter() -> cattrs.Converter:
    c = cattrs.Converter(forbid_extra_keys=True)
    c.register_structure_hook(str, _str)
    c.register_structure_hook(int, _int)
    c.register_structure_hook(bool, _bool)
    c.register_structure_hook(Card, _card)
    c.register_structure_hook_factory(_is_seq, _seq_factory)
    c.register_structure_hook_factory(_is_dict, _dict_factory)
    c.register_unstructure_hook_factory(
        _is_seq, lambda tp, conv: iterable_unstructure_factory(tp, conv, unstructure_to=list)
    )
    c.register_unstructure_hook(Card, str)
    c.register_structure_hook(Variant, _variant_by_name)
    c.register_unstructure_hook(Variant, lambda v: v.name)
    opt_color = override(struct_hook=_opt_color)
    c.register_structure_hook(Play, make_dict_structure_fn(Play, c, color=opt_color))
    c.register_structure_hook(Overtake, make_dict_structure_fn(Overtake, c, color=opt_color))
    c.register_structure_hook(
        ChooseColor, make_dict_structure_fn(ChooseColor, c, color=override(struct_hook=_color))
    )
    for cls in (Play, Overtake, ChooseColor, Draw, Pass, CallUno, Challenge):
        register_omitting_defaults(c, cls)
    return c


def register_omitting_defaults(c: cattrs.Converter, cls: type) -> None:
    """Unstructure ``cls`` on ``c`` leaving out the fields at their default (the log's form)."""
    c.register_unstructure_hook(cls, make_dict_unstructure_fn(cls, c, _cattrs_omit_if_default=True))


#: The converter of events and states (strict: unknown keys, wrong types and bad codes are
#: errors).
converter = _make_converter()


# -- errors ------------------------------------------------------------------------------------


def _format(exc: BaseException, cls: type | None) -> str:
    if isinstance(exc, ForbiddenExtraKeysError):
        import difflib

        allowed = [a.name for a in getattr(exc.cl, "__attrs_attrs__", ())]
        keys = ", ".join(repr(k) for k in sorted(exc.extra_fields))
        near = [
            m
            for k in sorted(exc.extra_fields)
            for m in difflib.get_close_matches(str(k), allowed, n=1)
        ]
        hint = f" (did you mean {', '.join(repr(m) for m in near)}?)" if near else ""
        return f"unknown key {keys}{hint}; allowed: {', '.join(allowed) or 'none'}"
    if isinstance(exc, KeyError):
        return "required key missing"
    if isinstance(exc, EnaRulesError | ValueError) and str(exc):
        return str(exc)
    if isinstance(exc, TypeError):
        name = getattr(cls, "__name__", None) or repr(cls)
        return f"wrong kind of value (expected {name})" if cls else f"wrong kind of value ({exc})"
    if isinstance(exc, AttributeError) and "keys" in str(exc):  # a mapping was expected
        name = getattr(cls, "__name__", None)
        return f"expected a JSON object{f' ({name})' if name else ''}"
    return f"invalid value ({type(exc).__name__}: {exc})"


def _fail(exc: Exception, path: str) -> FormatError:
    if isinstance(exc, ClassValidationError | IterableValidationError):
        messages = cattrs.transform_error(exc, path=path, format_exception=_format)
        # a misspelt key ("playr") is the cause of the missing one ("player"): say it first
        messages.sort(key=lambda m: not m.startswith("unknown key"))
        first = messages[0]
        reason, _, where = first.rpartition(" @ ")
        if len(messages) > 1:
            reason += f" (and {len(messages) - 1} more)"
        return FormatError(reason, where or path)
    if isinstance(exc, FormatError):
        return exc
    return FormatError(_format(exc, None), path)


def structure(obj: Any, cls: type, path: str = "$", using: cattrs.Converter = converter) -> Any:
    """``obj`` as a ``cls`` by ``using`` (this converter unless told), every fault a
    :class:`FormatError` naming the first wrong value and where it is."""
    try:
        return using.structure(obj, cls)
    except (ClassValidationError, IterableValidationError, EnaRulesError, ValueError) as exc:
        raise _fail(exc, path) from None
    except (TypeError, KeyError, AttributeError) as exc:
        raise _fail(exc, path) from None


def no_nulls(obj: dict[str, Any]) -> None:
    """Refuse a ``null`` value: a key at its default is left out, never written as null."""
    for k, v in obj.items():
        if v is None:
            raise FormatError("null is not a value here: leave the key out", f"$.{k}")


def json_kind(obj: Any) -> str:
    """What a decoded JSON value is, in JSON's own words (``null``, an array, ...)."""
    if obj is None:
        return "null"
    kinds = {bool: "true or false", int: "a number", float: "a number", str: "a string"}
    return kinds.get(type(obj), "an array" if isinstance(obj, list) else type(obj).__name__)


# -- events ------------------------------------------------------------------------------------


def structure_event(obj: Any) -> PlayerEvent:
    """A player's event from its log form, chosen by ``"type"``."""
    if not isinstance(obj, dict):
        raise FormatError(f"an event is a JSON object, not {json_kind(obj)}")
    if "type" not in obj:
        raise FormatError("no 'type': an event names its kind in 'type'")
    tag = obj["type"]
    cls = EVENT_TYPES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        raise FormatError(
            f"unknown type {tag!r}; expected one of {', '.join(EVENT_TYPES)}", "$.type"
        )
    no_nulls(obj)
    event: PlayerEvent = structure({k: v for k, v in obj.items() if k != "type"}, cls)
    return event


_EVENT_TAG: dict[type, str] = {cls: tag for tag, cls in EVENT_TYPES.items()}


def unstructure_event(event: PlayerEvent) -> dict[str, Any]:
    """An event as a JSON-ready dict: ``"type"`` first, fields at their default left out."""
    tag = _EVENT_TAG.get(type(event))
    if tag is None:
        raise FormatError(f"{event!r} is not a player's event")
    body: dict[str, Any] = converter.unstructure(event)
    return {"type": tag, **body}


# -- states ------------------------------------------------------------------------------------


def unstructure_state(state: GameState) -> dict[str, Any]:
    """A whole state as JSON-ready data (the variant by name).

    >>> from ena_rules import new_game, load_variant
    >>> s = new_game(load_variant("ena.toml"), ["ana", "bor"], dealer="ana")
    >>> structure_state(unstructure_state(s)) == s
    True
    """
    out: dict[str, Any] = converter.unstructure(state)
    return out


def structure_state(obj: Any, variant: Variant | None = None) -> GameState:
    """A :class:`~ena_rules.GameState` from :func:`unstructure_state` data.

    The variant is loaded by the name in the data, unless ``variant`` is given (a variant that
    is not shipped cannot be found by name). The state must pass the consistency check of
    :mod:`ena_rules.game.state_check` (else a :class:`~ena_rules.PositionError` naming the field),
    so the engine accepts it.
    """
    if variant is not None:
        if not isinstance(variant, Variant):
            raise TypeError(
                f"structure_state(): variant is a Variant, not {type(variant).__name__}"
            )
        if not isinstance(obj, dict):
            raise FormatError(f"a state is a JSON object, not {type(obj).__name__}")
        # structured under a shipped variant's name, then given its own variant
        obj = {**obj, "variant": "official"}
    state: GameState = structure(obj, GameState)
    if variant is not None:
        state = attrs.evolve(state, variant=variant)
    check_state(state)
    return state
