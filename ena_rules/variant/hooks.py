"""The variant file's tables, strictly: a structure hook per rule key, from its schema.

Each key's schema (:class:`~ena_rules.variant.KeyInfo`: type, range, allowed values) becomes the
structure hook of its field, registered on this module's own converter for every table
of :func:`~ena_rules.variant.iter_tables`; :func:`structure_table` turns a TOML table into its
attrs class, and any fault into one :class:`~ena_rules.VariantError` naming the key path.

>>> structure_table({"hand_size": 5}, "deal", source="house.toml").hand_size
5
>>> structure_table({"hand_size": 0}, "deal", source="house.toml")
Traceback (most recent call last):
...
ena_rules.errors.VariantError: house.toml: deal.hand_size: expected an integer from 1 to 30, got 0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError
from cattrs.gen import make_dict_structure_fn, override

from ..errors import EnaRulesError, VariantError
from .schema import EFFECT_OPS, Effect, KeyInfo, item_table, iter_tables, key_info

__all__ = ["register_variant_hooks", "structure_table"]

Hook = Callable[[Any, Any], Any]

_TABLES: dict[str, type] = dict(iter_tables())


class _KeyFault(EnaRulesError):
    """A value that does not fit its key; ``sub`` extends the key's path (``.S``, ``[0].op``)."""

    def __init__(self, message: str, sub: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.sub = sub


def _boolean(info: KeyInfo, value: Any) -> bool:
    if type(value) is not bool:
        raise _KeyFault(f"expected true or false, got {value!r}")
    return value


def _integer(info: KeyInfo, value: Any) -> int:
    if type(value) is not int:
        raise _KeyFault(f"expected an integer, got {value!r}")
    lo, hi = info.minimum, info.maximum
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise _KeyFault(f"expected an integer from {lo} to {hi}, got {value!r}")
    return value


def _string(info: KeyInfo, value: Any) -> str:
    if not isinstance(value, str):
        raise _KeyFault(f"expected a string, got {value!r}")
    if info.choices and value not in info.choices:
        raise _KeyFault(f"expected one of {', '.join(map(repr, info.choices))}, got {value!r}")
    return value


def _strings(info: KeyInfo, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise _KeyFault(f"expected an array of strings, got {value!r}")
    return tuple(value)


def _copies(info: KeyInfo, value: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, dict):
        raise _KeyFault(f"expected a table of rank = copies, got {value!r}")
    for k, v in value.items():
        if type(v) is not int or not 0 <= v <= 100:
            raise _KeyFault(f"expected an integer from 0 to 100, got {v!r}", f".{k}")
    return tuple(value.items())


def _names(info: KeyInfo, value: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise _KeyFault(f"expected a table of code = text, got {value!r}")
    for k, v in value.items():
        if not isinstance(v, str):
            raise _KeyFault(f"expected a string, got {v!r}", f".{k}")
    return tuple(value.items())


def _answers(info: KeyInfo, value: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(value, dict):
        raise _KeyFault(f"expected a table of rank = [ranks], got {value!r}")
    for k, v in value.items():
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise _KeyFault(f"expected an array of ranks, got {v!r}", f".{k}")
    return tuple((k, tuple(v)) for k, v in value.items())


def _effects(info: KeyInfo, value: Any) -> tuple[Effect, ...]:
    if not isinstance(value, list):
        raise _KeyFault(f'expected an array of effects like {{op = "skip"}}, got {value!r}')
    return tuple(_effect(item, f"[{i}]") for i, item in enumerate(value))


def _effect(item: Any, at: str) -> Effect:
    if not isinstance(item, dict):
        raise _KeyFault(f'expected a table like {{op = "draw", count = 2}}, got {item!r}', at)
    extra = set(item) - {"op", "count"}
    if extra:
        raise _KeyFault(
            f"unknown key(s) {', '.join(sorted(extra))}; an effect has op and count", at
        )
    op = item.get("op")
    if not isinstance(op, str) or op not in EFFECT_OPS:
        raise _KeyFault(
            f"unknown effect {op!r}; expected one of {', '.join(EFFECT_OPS)}", at + ".op"
        )
    count = item.get("count", 1)
    if type(count) is not int or not 1 <= count <= 50:
        raise _KeyFault(f"expected an integer from 1 to 50, got {count!r}", at + ".count")
    return Effect(op, count)


#: The structure hook of each key type of the schema (:attr:`KeyInfo.type`).
KEY_TYPES: dict[str, Callable[[KeyInfo, Any], Any]] = {
    "boolean": _boolean,
    "integer": _integer,
    "string": _string,
    "array of strings": _strings,
    "table of integers": _copies,
    "table of strings": _names,
    "table of arrays of strings": _answers,
    "array of effects": _effects,
}


def _key_hook(info: KeyInfo) -> Hook:
    check = KEY_TYPES[info.type]

    def structure_key(value: Any, _: Any) -> Any:
        return check(info, value)

    return structure_key


def register_variant_hooks(c: cattrs.Converter) -> None:
    """Register a structure hook for every table of the variant schema on ``c``."""
    for table, cls in iter_tables():
        hooks: dict[str, Any] = {}
        for field in attrs.fields(cls):
            info = key_info(f"{table}.{field.name}")
            assert info is not None
            hooks[field.name] = override(struct_hook=_key_hook(info))
        c.register_structure_hook(
            cls, make_dict_structure_fn(cls, c, _cattrs_forbid_extra_keys=True, **hooks)
        )


def _message(exc: BaseException, table: str, cls: type) -> tuple[str, str]:
    """The message and the key path (below ``table``) of one fault."""
    if isinstance(exc, ForbiddenExtraKeysError):
        names = sorted(f.name for f in attrs.fields(cls))
        key = sorted(exc.extra_fields)[0]
        where = "" if item_table(table) else f" in [{table}]"
        return f"unknown key {key!r}{where}; expected one of {', '.join(names)}", f".{key}"
    if isinstance(exc, _KeyFault):
        return exc.message, exc.sub
    return f"invalid value ({type(exc).__name__}: {exc})", ""


def structure_table(table: dict[str, Any], name: str, *, source: str) -> Any:
    """A TOML table of the schema (``deal``, ``ranks.S`` for a rank, ``cards.SQ`` for a card)
    as its attrs class."""
    item = item_table(name)
    cls = _TABLES[f"{item}.*" if item else name]
    try:
        return _CONVERTER.structure(table, cls)
    except ClassValidationError as exc:
        found: list[tuple[str, str]] = []

        def collect(e: BaseException, _: Any) -> str:
            found.append(_message(e, name, cls))
            return "x"

        where = cattrs.transform_error(exc, path="", format_exception=collect)
        message, sub = found[0]
        key = where[0].rpartition(" @ ")[2]
        raise VariantError(message, source=source, path=f"{name}{key}{sub}") from None


def _table_converter() -> cattrs.Converter:
    c = cattrs.Converter(forbid_extra_keys=True)
    register_variant_hooks(c)
    return c


#: The converter of a variant file's tables: one strict hook per rule key.
_CONVERTER = _table_converter()
