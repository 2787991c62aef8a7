"""``typed_arguments``: a plain call is bound and its plain annotations tested without inspect's
general binding (a guarded function a validator calls once a round), with the same verdicts
and the same words as ``inspect.Signature.bind`` and ``_mismatch`` give (errors.py)."""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Sequence
from typing import Any, Protocol

import pytest

from ena_rules.errors import ArgumentTypeError, _capped, _mismatch, typed_arguments


class Shape(Protocol):
    def area(self) -> float: ...


class Base:
    pass


class Child(Base):
    pass


def _plain(a: int, b: float = 1.0, *, c: str | None = None, d: Base | None = None) -> str:
    return f"{a} {b} {c} {d is not None}"


def _general(a: int, *rest: str, shape: Shape | None = None, **more: int) -> str:
    return f"{a} {rest} {more}"


def _generic(names: Sequence[str], seed: int | float = 0) -> int:
    return len(names)


def _reference(fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """What the wrapper said before the fast path: inspect binds, _mismatch checks."""
    sig = inspect.signature(fn)
    try:
        bound = sig.bind(*args, **kwargs)
    except TypeError as exc:
        return f"error: {fn.__qualname__}(): {exc}"
    hints = {k: eval(v, fn.__globals__) for k, v in fn.__annotations__.items() if k != "return"}
    for name, value in bound.arguments.items():
        kind = sig.parameters[name].kind
        if name not in hints or kind in (kind.VAR_POSITIONAL, kind.VAR_KEYWORD):
            continue
        wrong = _mismatch(value, hints[name], name)
        if wrong is not None:
            where, expected, got = wrong
            return (
                f"error: {fn.__qualname__}(): {where}: expected {expected}, got "
                f"{type(got).__name__} {_capped(got)}"
            )
    return "ok: " + str(fn(*args, **kwargs))


def _wrapped(fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    try:
        return "ok: " + str(typed_arguments(fn)(*args, **kwargs))
    except ArgumentTypeError as exc:
        return f"error: {exc}"


VALUES = (None, True, 0, 3, 1.5, "x", b"x", Base(), Child(), ["a"], ("a", "b"), object())


@pytest.mark.parametrize("fn", [_plain, _general, _generic])
def test_every_call_gets_the_verdict_and_words_of_inspect_and_mismatch(fn: Any) -> None:
    """One or two positional values, and each keyword given or not, over values of every kind:
    accepted or refused alike, the same argument named first, the same words."""
    names = ["a", "b", "c", "d", "shape", "names", "seed", "zz"]
    count = 0
    for args in itertools.chain(
        ((),), ((v,) for v in VALUES), itertools.product(VALUES[:6], VALUES[:6])
    ):
        for key in [None, *names]:
            for kw_value in (VALUES if key is not None else (None,))[:6]:
                kwargs = {} if key is None else {key: kw_value}
                assert _wrapped(fn, args, kwargs) == _reference(fn, args, kwargs), (args, kwargs)
                count += 1
    assert count > 1000


def test_a_bool_is_no_int_and_an_int_is_a_float() -> None:
    f = typed_arguments(_plain)
    with pytest.raises(ArgumentTypeError, match=r"a: expected int, got bool True"):
        f(True)
    with pytest.raises(ArgumentTypeError, match=r"b: expected a number, got bool False"):
        f(1, False)
    assert f(1, 2) == "1 2 None False"
    assert f(1, c=None, d=Child()) == "1 1.0 None True"


def test_keywords_are_checked_in_the_order_of_the_parameters() -> None:
    """Two wrong keywords given in the other order: the first parameter is named."""
    with pytest.raises(ArgumentTypeError, match=r"_plain\(\): c: expected str or None"):
        typed_arguments(_plain)(1, d=5, c=5)  # type: ignore[arg-type]
