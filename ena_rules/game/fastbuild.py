"""Fast construction of frozen attrs value classes on the referee's hot path.

A frozen attrs class sets each field in ``__init__`` through ``object.__setattr__`` (its own
``__setattr__`` refuses every assignment), which is what makes a :class:`~ena_rules.game.state.
GameState` slow to build: 25 calls for one state, about 4 x the cost of a plain slotted class
(docs/architecture.md, "Building states"). The referee builds one state, one verdict and a few
notes per action from values it has already checked, so it may skip that path:
:func:`builder` makes a plain class with the same ``__slots__``, whose ``__init__`` stores the
fields directly, and turns each instance into the frozen class by assigning ``__class__`` (the
layouts are the same, so CPython allows it; the class is declared ``weakref_slot=False``, as
CPython 3.11 refuses the assignment between classes with a ``__weakref__`` slot). The object
that comes out is an ordinary instance of the frozen class: immutable from outside, hashed and
compared by the attrs methods, a cattrs round trip like any other.

The class's fields are read from attrs at import, so a field added to the class flows through
the builder with no change here. A builder runs no converter and no validator: the referee
uses it only with values already in their final form (the class's own constructor stays the
checked way in for everyone else).

>>> import attrs
>>> @attrs.frozen(weakref_slot=False)
... class P:
...     x: int
...     y: int = 0
>>> make = builder(P)
>>> make(1, 2) == P(1, 2), type(make(1)) is P, make(1).y
(True, True, 0)
>>> replace = replacer(P)
>>> replace(P(1, 2), y=5)
P(x=1, y=5)
>>> update_y = updater(P, ("y",))
>>> update_y(P(1, 2), 7)
P(x=1, y=7)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["builder", "replacer", "updater"]

_CACHE_SLOT = "_attrs_cached_hash"  # attrs' slot for cache_hash=True


class _Missing:
    """The default of a replacer's parameters: that field keeps the old value."""

    def __repr__(self) -> str:
        return "<keep>"


_KEEP = _Missing()


def _shadow(cls: type) -> tuple[type, list[attrs.Attribute[Any]]]:
    """A plain class with ``cls``'s slots (so an instance may become a ``cls``), its fields."""
    slots = cls.__dict__.get("__slots__")
    if cls.__bases__ != (object,) or not isinstance(slots, tuple) or "__weakref__" in slots:
        # CPython 3.11 refuses the __class__ assignment between classes with a __weakref__ slot
        raise TypeError(
            f"{cls.__name__}: a fast builder needs a slotted attrs class on object, declared "
            "with weakref_slot=False"
        )
    fields = list(attrs.fields(cls))
    for f in fields:
        if f.converter is not None or f.validator is not None or not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: a converter or validator needs __init__")
    shadow = type(f"_Build{cls.__name__}", (), {"__slots__": slots})
    return shadow, fields


def _function(
    name: str, signature: str, cls: type, assignments: list[str], env: dict[str, Any]
) -> Callable[..., Any]:
    """The function ``name(signature)`` that makes a bare ``_shadow`` object, runs
    ``assignments`` on it (``o.field = ...``), clears attrs' cached hash and turns it into a
    ``cls``: the one template of every builder here."""
    lines = [f"def {name}({signature}):", "    o = _new(_shadow)"]
    lines += [f"    {line}" for line in assignments]
    if _CACHE_SLOT in cls.__slots__:  # type: ignore[attr-defined]
        lines.append(f"    o.{_CACHE_SLOT} = None")
    lines += ["    o.__class__ = _cls", "    return o", ""]
    namespace: dict[str, Any] = {}
    exec(compile("\n".join(lines), f"<ena_rules.game.fastbuild {name}>", "exec"), env, namespace)
    fn: Callable[..., Any] = namespace[name]
    return fn


def builder(cls: type) -> Callable[..., Any]:
    """A constructor for the frozen slotted attrs class ``cls``: the same parameters (positional
    or by name, with the same defaults), no converter or validator run; see the module."""
    shadow, fields = _shadow(cls)
    env: dict[str, Any] = {"_shadow": shadow, "_cls": cls, "_new": object.__new__}
    params: list[str] = []
    for i, f in enumerate(fields):
        if f.default is attrs.NOTHING:
            params.append(str(f.alias))
        elif isinstance(f.default, attrs.Factory):  # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{f.name}: a factory default needs __init__")
        else:
            env[f"_d{i}"] = f.default
            params.append(f"{f.alias}=_d{i}")
    body = [f"o.{f.name} = {f.alias}" for f in fields]
    return _function("build", ", ".join(params), cls, body, env)


def replacer(cls: type) -> Callable[..., Any]:
    """``attrs.evolve`` for the frozen slotted attrs class ``cls``, without ``__init__``:
    ``replace(old, field=value, ...)``; see the module."""
    shadow, fields = _shadow(cls)
    env: dict[str, Any] = {"_shadow": shadow, "_cls": cls, "_new": object.__new__, "_K": _KEEP}
    params = ", ".join(f"{f.alias}=_K" for f in fields)
    body = [f"o.{f.name} = old.{f.name} if {f.alias} is _K else {f.alias}" for f in fields]
    return _function("replace", f"old, *, {params}", cls, body, env)


def updater(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """``replace(old, **dict(zip(names, values)))`` as ``update(old, *values)``: the fields
    ``names`` take the values given (positional, in that order), every other field keeps the old
    value; no keyword parsing and no "kept?" test per field (~3 x faster than :func:`replacer`
    for a state that changes most of its fields: the referee's one new state an action)."""
    shadow, fields = _shadow(cls)
    known = {f.name for f in fields}
    unknown = [n for n in names if n not in known]
    if unknown or len(set(names)) != len(names):
        raise TypeError(f"{cls.__name__}: updater fields {names!r}: not each a field, once")
    env: dict[str, Any] = {"_shadow": shadow, "_cls": cls, "_new": object.__new__}
    body = [f"o.{f.name} = {f.name if f.name in names else 'old.' + f.name}" for f in fields]
    return _function("update", f"old, {', '.join(names)}", cls, body, env)
