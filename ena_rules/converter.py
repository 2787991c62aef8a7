"""The one cattrs converter: log lines, events, states and variant files' tables.

Events are a tagged union on ``"type"`` (docs/log-format.md); unknown keys are errors; every
error names what was wrong and where, as a path from the line's root (``$.card``). Card codes
become canonical strings; colours are the names ``red``, ``yellow``, ``green``, ``blue``.

>>> line = structure_line({"type": "play", "player": "ana", "card": "w", "color": "green"})
>>> line
Play(player='ana', card='W', color='green', target=None)
>>> unstructure_line(line)
{'type': 'play', 'player': 'ana', 'card': 'W', 'color': 'green'}
>>> structure_line({"type": "play", "player": "ana", "card": "X9"})
Traceback (most recent call last):
...
ena_rules.converter.FormatError: 'X9': not a card code; expected ... @ $.card
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args, get_origin

import cattrs
from cattrs.cols import (
    homogenous_tuple_structure_factory,
    iterable_unstructure_factory,
    mapping_structure_factory,
)
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from .cards import COLOR_NAMES, Card, parse_card
from .errors import EnaRulesError, LogError
from .events import CallUno, Challenge, ChooseColor, Draw, Overtake, Pass, Play
from .log.lines import (
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
from .state import GameState
from .variant import Variant
from .variant_hooks import register_variant_hooks

__all__ = [
    "FormatError",
    "converter",
    "structure_header",
    "structure_line",
    "structure_state",
    "unstructure_header",
    "unstructure_line",
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
    if value not in _COLOR_WORDS:
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
    from .variant_io import load_variant

    return load_variant(_str(value, None))


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
    written: tuple[type, ...] = (Play, Overtake, ChooseColor, Draw, Pass, CallUno, Challenge)
    written += (RoundStart, RoundClaim, PenaltyClaim, DrawnClaim, WinnerClaim, Header)
    written += (Misdeal, Imposed)
    for cls in written:
        c.register_unstructure_hook(
            cls, make_dict_unstructure_fn(cls, c, _cattrs_omit_if_default=True)
        )
    c.register_structure_hook(Line, lambda obj, _: structure_line(obj))
    register_variant_hooks(c)  # the tables of a variant file, one hook per rule key
    return c


#: The library's one converter (strict: unknown keys, wrong types and bad codes are errors).
converter = _make_converter()


# -- errors ------------------------------------------------------------------------------------


def _format(exc: BaseException, cls: type | None) -> str:
    if isinstance(exc, ForbiddenExtraKeysError):
        allowed = [a.name for a in getattr(exc.cl, "__attrs_attrs__", ())]
        keys = ", ".join(repr(k) for k in sorted(exc.extra_fields))
        return f"unknown key {keys}; allowed: {', '.join(allowed) or 'none'}"
    if isinstance(exc, KeyError):
        return "required key missing"
    if isinstance(exc, EnaRulesError | ValueError) and str(exc):
        return str(exc)
    if isinstance(exc, TypeError):
        name = getattr(cls, "__name__", None) or repr(cls)
        return f"wrong kind of value (expected {name})" if cls else f"wrong kind of value ({exc})"
    return f"invalid value ({type(exc).__name__}: {exc})"


def _fail(exc: Exception, path: str) -> FormatError:
    if isinstance(exc, ClassValidationError | IterableValidationError):
        messages = cattrs.transform_error(exc, path=path, format_exception=_format)
        first = messages[0]
        reason, _, where = first.rpartition(" @ ")
        if len(messages) > 1:
            reason += f" (and {len(messages) - 1} more)"
        return FormatError(reason, where or path)
    if isinstance(exc, FormatError):
        return exc
    return FormatError(_format(exc, None), path)


def _structure(obj: Any, cls: type, path: str = "$") -> Any:
    try:
        return converter.structure(obj, cls)
    except (ClassValidationError, IterableValidationError, EnaRulesError, ValueError) as exc:
        raise _fail(exc, path) from None
    except (TypeError, KeyError, AttributeError) as exc:
        raise _fail(exc, path) from None


# -- lines -------------------------------------------------------------------------------------


def _no_nulls(obj: dict[str, Any]) -> None:
    for k, v in obj.items():
        if v is None:
            raise FormatError("null is not a value here: leave the key out", f"$.{k}")


def _json_kind(obj: Any) -> str:
    """What a decoded JSON value is, in JSON's own words (``null``, an array, ...)."""
    if obj is None:
        return "null"
    kinds = {bool: "true or false", int: "a number", float: "a number", str: "a string"}
    return kinds.get(type(obj), "an array" if isinstance(obj, list) else type(obj).__name__)


def structure_header(obj: Any) -> Header:
    """A :class:`~ena_rules.log.Header` from a decoded JSON object (no meaning checked yet).

    >>> header = {"ena_log": 1, "variant": "official", "players": ["a", "b"], "seed": 7}
    >>> structure_header(header).seed
    7
    """
    if not isinstance(obj, dict):
        raise FormatError(f"a header is a JSON object, not {_json_kind(obj)}")
    if "ena_log" not in obj:
        what = f"a {obj['type']!r} line" if isinstance(obj.get("type"), str) else "this object"
        raise FormatError(
            f"no header: {what} has no 'ena_log' key; a log starts with "
            '{"ena_log": 1, "variant": ..., "players": [...], ...}'
        )
    _no_nulls(obj)
    header: Header = _structure(obj, Header)
    return header


def structure_line(obj: Any) -> Line:
    """One line after the header: an event, a round start or a claim, chosen by ``"type"``.

    >>> structure_line({"type": "round"})
    RoundStart(deck=None, seed=None)
    >>> structure_line({"type": "draw", "player": "bor", "card": "R1"})
    Traceback (most recent call last):
    ...
    ena_rules.converter.FormatError: unknown key 'card'; allowed: player @ $
    """
    if not isinstance(obj, dict):
        raise FormatError(f"a line is a JSON object, not {_json_kind(obj)}")
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
    _no_nulls(obj)
    rest = {k: v for k, v in obj.items() if k != "type"}
    line: Line = _structure(rest, cls)
    return line


def unstructure_line(line: Line) -> dict[str, Any]:
    """A line as a JSON-ready dict: ``"type"`` first, fields at their default left out.

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
    :mod:`ena_rules.state_check` (else a :class:`~ena_rules.PositionError` naming the field),
    so the engine accepts it.
    """
    import attrs

    from .state_check import check_state

    if variant is not None:
        if not isinstance(variant, Variant):
            raise TypeError(
                f"structure_state(): variant is a Variant, not {type(variant).__name__}"
            )
        if not isinstance(obj, dict):
            raise FormatError(f"a state is a JSON object, not {type(obj).__name__}")
        # structured under a shipped variant's name, then given its own variant
        obj = {**obj, "variant": "official"}
    state: GameState = _structure(obj, GameState)
    if variant is not None:
        state = attrs.evolve(state, variant=variant)
    check_state(state)
    return state
