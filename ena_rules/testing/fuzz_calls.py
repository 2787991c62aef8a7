"""The fuzz run's wrong-typed calls: every public function of the API called with one or all of
its arguments of the wrong type (or hostile), which must return or raise a library error, never
another exception (docs/reliability.md, issue 24). :mod:`ena_rules.testing.fuzz` re-exports
them.

>>> judge_call(int, ["5"], {})
'returned'
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..errors import EnaRulesError
from ..rules.referee import apply

__all__ = [
    "PUBLIC_MODULES",
    "WRONG_VALUES",
    "good_arguments",
    "judge_call",
    "public_functions",
    "wrong_call",
]


#: The modules of the public API: ``ena_rules`` itself and those docs/api.md documents, and
#: the ones whose functions issue 24 found raising plain Python exceptions.
PUBLIC_MODULES: tuple[str, ...] = (
    "ena_rules",
    "ena_rules.cards",
    "ena_rules.game.events",
    "ena_rules.game.serialize",
    "ena_rules.game.position",
    "ena_rules.rules.chance",
    "ena_rules.rules.view",
    "ena_rules.variant.io",
    "ena_rules.variant.clauses",
    "ena_rules.variant.finder",
    "ena_rules.log.validate",
    "ena_rules.log.reader",
    "ena_rules.log.batch",
    "ena_rules.log.game",
    "ena_rules.log.table_writer",
    "ena_rules.agents.simulation",
    "ena_rules.pictures.svg",
    "ena_rules.pictures.table_view",
    "ena_rules.pictures.replay_html",
)


#: Values of the wrong type (or a hostile value of the right one) for any argument.
WRONG_VALUES: tuple[Any, ...] = (
    None,
    1.5,
    -1,
    True,
    "",
    "a\0b",
    "\ud800",
    "2",
    b"x",
    [None],
    {"a": 1},
    object(),
)


def public_functions() -> list[tuple[str, Callable[..., Any]]]:
    """Every public function and class of :data:`PUBLIC_MODULES` (by ``__all__``), once.

    >>> "ena_rules.apply" in dict(public_functions())
    True
    """
    import importlib
    import inspect

    seen: dict[int, tuple[str, Callable[..., Any]]] = {}
    for name in PUBLIC_MODULES:
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", ()):
            value = getattr(module, attr)
            if inspect.isclass(value) and issubclass(value, BaseException):
                continue
            if inspect.isclass(value) and attrs.has(value) and not _converts(value):
                continue  # a plain value (Card, GameState, Variant): built by the library
            try:
                inspect.signature(value)
            except (TypeError, ValueError):
                continue  # a builtin's subclass (Svg is a str): no arguments of its own
            if (inspect.isfunction(value) or inspect.isclass(value)) and id(value) not in seen:
                if attr == "main" or attr.endswith("_command") or _in_cli(value):
                    continue  # the command line: exits, prints
                seen[id(value)] = (f"{name}.{attr}", value)
    return sorted(seen.values(), key=lambda x: x[0])


def _converts(cls: type) -> bool:
    """An attrs class whose fields check what they are given (the events)."""
    return any(f.converter is not None for f in attrs.fields(cls))


def _in_cli(value: Any) -> bool:
    return str(getattr(value, "__module__", "")).startswith("ena_rules.cli")


_GOOD: dict[str, Any] = {}


def good_arguments(folder: Path) -> dict[str, Any]:
    """A right value for each parameter name the public functions use (``folder``: where a
    written file may go).

    >>> import tempfile
    >>> good_arguments(Path(tempfile.mkdtemp()))["code"]
    'R5'
    """
    if _GOOD:
        return _GOOD
    from ..cards import Card
    from ..game.events import Draw
    from ..pictures.replay_steps import replay_steps
    from ..rules.chance import deal_event
    from ..rules.referee import new_game
    from ..variant.io import load_variant

    v = load_variant("official")
    s = new_game(v, ["ana", "bor"], dealer="ana")
    dealt = apply(s, deal_event(s, seed=1)).state
    head = '{"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 1}'
    log = folder / "good.jsonl"
    log.write_text(head + "\n", encoding="utf-8")
    _GOOD.update(
        state=dealt,
        s=dealt,
        variant=v,
        a=v,
        b=load_variant("ena"),
        v=v,
        player="ana",
        players=["ana", "bor"],
        names=["ana", "bor"],
        dealer="ana",
        event=Draw("ana"),
        seed=1,
        log=str(log),
        logs=[str(log)],
        paths=[str(log)],
        lines=[head],
        out=str(folder / "good.html"),
        name="official",
        name_or_path="official",
        text='name = "t"\nextends = "official"\n',
        code="R5",
        codes="R5 G7",
        card=Card("R", "5"),
        c=Card("R", "5"),
        cards=[Card("R", "5")],
        clause_id="TURN-MATCH",
        games=1,
        n=1,
        count=1,
        color="red",
        stream=io.StringIO(),
        replay=replay_steps([head]),
    )
    return _GOOD


def wrong_call(
    rng: random.Random, folder: Path | None = None
) -> tuple[Callable[..., Any], list[Any], dict[str, Any]]:
    """A public function and arguments, one or all of them of the wrong type.

    >>> import tempfile
    >>> fn, args, kwargs = wrong_call(random.Random(1), Path(tempfile.mkdtemp()))
    >>> judge_call(fn, args, kwargs) in ("returned", "refused")
    True
    """
    import inspect
    import tempfile

    where = folder or Path(tempfile.gettempdir())
    good = good_arguments(where)
    _, fn = rng.choice(public_functions())
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return fn, [rng.choice(WRONG_VALUES)], {}
    positional = [
        p
        for p in params
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name != "self"
    ]
    required = [p for p in positional if p.default is p.empty]
    if not required and rng.random() < 0.4:
        return fn, [], {}
    if rng.random() < 0.4 or any(p.name not in good for p in required):
        return fn, [rng.choice((5, *WRONG_VALUES)) for _ in required], {}
    args = [good[p.name] for p in required]
    kwargs: dict[str, Any] = {}
    choices = [
        p for p in params if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name != "self"
    ]
    if not choices:  # no parameter
        return fn, [], {}
    target = rng.choice(choices)
    wrong = rng.choice(WRONG_VALUES)
    if target in required:
        args[required.index(target)] = wrong
    else:
        kwargs[target.name] = wrong
    return fn, args, kwargs


def judge_call(fn: Callable[..., Any], args: Sequence[Any], kwargs: dict[str, Any]) -> str:
    """Call a public function with (wrong) arguments: ``returned`` or ``refused`` (a library
    error); any other exception propagates (an escape)."""
    try:
        result = fn(*args, **kwargs)
        if isinstance(result, Iterator):
            for _ in zip(range(3), result, strict=False):
                pass
    except EnaRulesError:
        return "refused"
    return "returned"
