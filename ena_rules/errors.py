"""The library's error family.

Every error the library raises on bad input is an :class:`EnaRulesError`, which is also a
:class:`ValueError`, so callers that already catch ``ValueError`` keep working.

>>> from ena_rules import parse_card
>>> try:
...     parse_card("X9")
... except EnaRulesError as exc:
...     print(type(exc).__name__)
CardError
"""

from __future__ import annotations

import collections.abc
import functools
import inspect
import os
import re
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = [
    "ArgumentTypeError",
    "CardError",
    "EnaRulesError",
    "EventCardError",
    "EventError",
    "LogError",
    "LogReadError",
    "OutputError",
    "PositionError",
    "VariantError",
    "capped_echoes",
    "check_arguments",
    "typed_arguments",
]


class EnaRulesError(ValueError):
    """Base class of every error the library raises on bad input."""


class CardError(EnaRulesError):
    """A card code that does not parse, or names a card the variant's deck lacks."""


class VariantError(EnaRulesError):
    """A variant file that is malformed, inconsistent or cannot be found.

    ``source`` is the file (or variant name) and ``path`` the key path, when known.
    """

    def __init__(self, message: str, *, source: str = "", path: str = "") -> None:
        self.source = source
        self.path = path
        where = source
        if path:
            where = f"{where}: {path}" if where else path
        super().__init__(f"{where}: {message}" if where else message)


class PositionError(EnaRulesError):
    """A position string that does not parse back into a state."""


class EventError(EnaRulesError):
    """An event value that is malformed (not a rules question: a wrong type or field)."""


class ArgumentTypeError(EventError, TypeError):
    """A value of the wrong Python type given to an entry point (``apply(None, ...)``, an event
    field that is not text ...): Python's own :class:`TypeError`, naming the argument, and also
    an :class:`EventError`, so a caller catching the library's errors catches it too."""


class EventCardError(CardError, EventError):
    """A card code or colour name in an event that does not parse: a wrong value in an event."""


class LogError(EnaRulesError):
    """A game log line that cannot be read; ``line`` is its 1-based number."""

    def __init__(self, message: str, *, source: str = "", line: int = 0) -> None:
        self.source = source
        self.line = line
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {message}" if where else message)


class LogReadError(LogError, OSError):
    """A log file that cannot be opened or read: a :class:`LogError` naming the path, and also
    the :class:`OSError` it comes from (``strerror`` is the system's reason)."""

    def __init__(self, message: str, *, source: str = "", strerror: str = "") -> None:
        super().__init__(message, source=source)
        self.strerror = strerror


class OutputError(EnaRulesError, OSError):
    """A file the library was asked to write (a replay page) that cannot be written: the
    path (capped) and the system's reason; also the :class:`OSError` it comes from."""


# -- the argument types of the public functions (issue 24) -------------------------------------

_F = TypeVar("_F", bound=Callable[..., Any])


def typed_arguments(fn: _F) -> _F:
    """Check a public function's arguments against its annotations at each call: a value of
    the wrong Python type raises :class:`ArgumentTypeError` naming the function, the argument
    and the value (capped), before the function runs. Classes, unions, ``None``, literals,
    callables, paths and the containers (``Sequence[X]``, ``Iterable[X]``: never a ``str``
    for a container of names; the elements of a list or tuple are checked) are understood;
    an annotation it cannot evaluate is not checked. ``bool`` is no ``int``; an ``int`` is a
    ``float``.

    >>> @typed_arguments
    ... def f(seed: int, names: list[str] | None = None) -> int:
    ...     return seed
    >>> f(1.5)
    Traceback (most recent call last):
    ...
    ena_rules.errors.ArgumentTypeError: f(): seed: expected int, got float 1.5
    >>> f(1, names=["a", None])
    Traceback (most recent call last):
    ...
    ena_rules.errors.ArgumentTypeError: f(): names[1]: expected str, got NoneType None
    """
    sig = inspect.signature(fn)
    hints: dict[str, Any] = {}

    bind = _binder(sig)
    checks: dict[str, Callable[[Any], tuple[str, str, Any] | None]] = {}

    def resolve() -> None:
        found = _annotations(fn, sig)
        var = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
        for name, ann in found.items():
            if sig.parameters[name].kind not in var:
                checks[name] = _checker(ann, name)
        hints.update(found)  # last: hints not empty says the checks are ready
        hints["\0resolved"] = True

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not hints:
            resolve()
        given = bind(args, kwargs)
        if given is None:  # anything but a plain call: inspect binds it, or says what is wrong
            try:
                given = sig.bind(*args, **kwargs).arguments
            except TypeError as exc:
                raise ArgumentTypeError(f"{_title(fn)}(): {exc}") from None
        for name, value in given.items():
            check = checks.get(name)
            wrong = None if check is None else check(value)
            if wrong is not None:
                where, expected, got = wrong
                raise ArgumentTypeError(
                    f"{_title(fn)}(): {where}: expected {expected}, got "
                    f"{type(got).__name__} {_capped(got)}"
                )
        return fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def _annotations(fn: Callable[..., Any], sig: inspect.Signature) -> dict[str, Any]:
    """The annotations of ``fn``'s parameters, evaluated (one that cannot be is left out)."""
    hints: dict[str, Any] = {}
    for name, p in sig.parameters.items():
        ann = p.annotation
        if isinstance(ann, str):
            try:
                ann = eval(ann, fn.__globals__)
            except Exception:  # a name imported for type checking only: not checked
                continue
        if ann is not inspect.Parameter.empty:
            hints[name] = ann
    return hints


def _binder(
    sig: inspect.Signature,
) -> Callable[[tuple[Any, ...], dict[str, Any]], dict[str, Any] | None]:
    """What ``sig.bind(*args, **kwargs).arguments`` gives for a plain call (the arguments
    given, by name, in the order of the parameters), without inspect's general binding, which
    costs microseconds a call (:func:`typed_arguments` guards functions a validator calls once
    a round). ``None`` for any other call (a parameter given twice or unknown, one missing,
    ``*args`` or ``**kwargs`` in the signature): ``sig.bind`` then binds it or words the error.
    """
    params = list(sig.parameters.values())
    plain = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    if not all(p.kind in plain for p in params):
        return lambda args, kwargs: None
    order = [p.name for p in params]
    positional = [p.name for p in params if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    required = {p.name for p in params if p.default is inspect.Parameter.empty}

    def bind(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any] | None:
        if len(args) > len(positional):
            return None
        given = dict(zip(positional, args, strict=False))
        if kwargs:
            if not kwargs.keys().isdisjoint(given) or not kwargs.keys() <= sig.parameters.keys():
                return None
            given.update(kwargs)
            given = {name: given[name] for name in order if name in given}
        return given if required <= given.keys() else None

    return bind


def _checker(tp: Any, name: str) -> Callable[[Any], tuple[str, str, Any] | None]:
    """The check of one argument: :func:`_mismatch`, after a quick test where the annotation
    is plain (:func:`_quick`) that passes the usual value at once."""
    quick = _quick(tp)
    if quick is None:
        return lambda value: _mismatch(value, tp, name)
    return lambda value: None if quick(value) else _mismatch(value, tp, name)


def _quick(tp: Any) -> Callable[[Any], bool] | None:
    """A test true only of values :func:`_mismatch` accepts, for a plain annotation (a class of
    the plain metaclass, ``int``, ``float``, either of them or ``None``); ``None`` for any other
    annotation. A value it does not pass goes to :func:`_mismatch`.

    >>> _quick(int)(True), _quick(int)(3), _quick(float)(3), _quick(str | None)(None)
    (False, True, True, True)
    """
    if tp is int:
        return lambda v: type(v) is int
    if tp is float:
        return lambda v: type(v) is float or type(v) is int
    if isinstance(tp, types.UnionType) or typing.get_origin(tp) is typing.Union:
        args = typing.get_args(tp)
        others = [a for a in args if a is not type(None)]
        inner = _quick(others[0]) if len(others) == 1 and len(args) == 2 else None
        if inner is None:
            return None
        return lambda v: v is None or inner(v)
    if type(tp) is type:  # a class of the plain metaclass: no protocol, no ABC, no alias
        return lambda v: isinstance(v, tp)
    return None


#: The longest quoted value a message echoes whole, and the longest message.
MAX_ECHO, MAX_MESSAGE = 80, 2000
_QUOTED = re.compile(  # a repr of a str: quotes after a space or bracket, before one
    rf"(?<![^\s(\[{{,=])(?:'(?:[^'\\]|\\.){{{MAX_ECHO},}}'|\"(?:[^\"\\]|\\.){{{MAX_ECHO},}}\")"
    r"(?=$|[\s:,)\]};.])"
)


def capped_echoes(text: str) -> str:
    """``text`` with each quoted value longer than :data:`MAX_ECHO` cut (its length said), and
    the whole cut to :data:`MAX_MESSAGE` characters (its key path kept): a message about a
    100,000-character name does not echo it whole.

    >>> capped_echoes("'" + "x" * 500 + "' is not a player @ $.player")[55:]
    "xxxxx...' (500 characters) is not a player @ $.player"
    """

    def cut(m: re.Match[str]) -> str:
        quoted = m.group()
        return f"{quoted[: MAX_ECHO - 20]}...{quoted[0]} ({len(quoted) - 2} characters)"

    text = _QUOTED.sub(cut, text)
    if len(text) <= MAX_MESSAGE:
        return text
    body, at, path = text.rpartition(" @ ")
    if not at or len(path) > 200:
        body, path = text, ""
    return f"{body[: MAX_MESSAGE - 100]}... ({len(body)} characters)" + (
        f" @ {path}" if path else ""
    )


def _capped(value: Any) -> str:
    try:
        text = ascii(value)
    except Exception:  # a value whose repr fails: its type says enough
        text = "?"
    return text if len(text) <= 60 else text[:57] + "..."


def _name(tp: Any) -> str:
    if tp is type(None) or tp is None:
        return "None"
    args = typing.get_args(tp)
    if isinstance(tp, types.UnionType) or typing.get_origin(tp) is typing.Union:
        return " or ".join(_name(a) for a in args)
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


def _mismatch(value: Any, tp: Any, where: str) -> tuple[str, str, Any] | None:  # noqa: C901
    """Where ``value`` is not of type ``tp``: (the place, what was expected, the value)."""
    if tp is Any or isinstance(tp, TypeVar) or tp is object:
        return None
    if tp is None or tp is type(None):
        return None if value is None else (where, "None", value)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp in (typing.IO, typing.TextIO, typing.BinaryIO) or origin is typing.IO:
        ok = hasattr(value, "write") or hasattr(value, "read")
        return None if ok else (where, "a file object", value)
    if isinstance(tp, types.UnionType) or origin is typing.Union:
        for a in args:
            if _mismatch(value, a, where) is None:
                return None
        inner = [m for a in args if (m := _mismatch(value, a, where)) and m[0] != where]
        return inner[0] if inner else (where, _name(tp), value)
    if origin is typing.Literal:
        return None if value in args else (where, " or ".join(map(repr, args)), value)
    if tp is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return None if ok else (where, "a number", value)
    if tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else (where, "int", value)
    if origin is None:
        if isinstance(tp, type):
            if getattr(tp, "_is_protocol", False) and not getattr(
                tp, "_is_runtime_protocol", False
            ):
                return None  # a structural type: its users say what they need
            try:
                return None if isinstance(value, tp) else (where, _name(tp), value)
            except TypeError:
                return None
        return None
    if origin is collections.abc.Callable:
        return None if callable(value) else (where, "a function", value)
    if origin is type:
        return None if isinstance(value, type) else (where, "a class", value)
    if not isinstance(origin, type):
        return None
    if origin is os.PathLike:
        return None if isinstance(value, os.PathLike) else (where, "a path", value)
    try:
        if not isinstance(value, origin):
            return (where, _name(origin), value)
    except TypeError:
        return None
    container = issubclass(origin, collections.abc.Iterable) and not issubclass(origin, str | bytes)
    if container and isinstance(value, str | bytes):
        return (where, f"{_name(origin)} (not one string)", value)
    if isinstance(value, list | tuple) and args and not issubclass(origin, collections.abc.Mapping):
        items: list[tuple[Any, Any]]
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(value):
                return (where, f"a tuple of {len(args)}", value)
            items = list(zip(args, value, strict=True))
        else:
            items = [(args[0], v) for v in value[:10000]]
        for i, (a, v) in enumerate(items):
            wrong = _mismatch(v, a, f"{where}[{i}]")
            if wrong is not None:
                return wrong
    return None


def _title(fn: Callable[..., Any]) -> str:
    """A function's name in a message: ``GameRecorder`` for its ``__init__``."""
    return fn.__qualname__.removesuffix(".__init__")


def check_arguments(func: str, checks: dict[str, tuple[Any, Any]]) -> None:
    """The checks of :func:`typed_arguments` for a function that cannot be wrapped (a
    compiled module's): ``checks`` maps each argument's name to ``(value, type)``.

    >>> check_arguments("validate", {"source": (5, str | None)})
    Traceback (most recent call last):
    ...
    ena_rules.errors.ArgumentTypeError: validate(): source: expected str or None, got int 5
    """
    for name, (value, tp) in checks.items():
        wrong = _mismatch(value, tp, name)
        if wrong is not None:
            where, expected, got = wrong
            raise ArgumentTypeError(
                f"{func}(): {where}: expected {expected}, got {type(got).__name__} {_capped(got)}"
            )
