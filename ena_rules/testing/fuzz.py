"""Fuzz targets for hostile input: the log reader and validator, the variant loader, the position
parser (docs/reliability.md).

Each target takes one input and returns what became of it, a verdict or a library error, after
checking the properties every outcome must have: nothing but an
:class:`~ena_rules.EnaRulesError` escapes (any other exception propagates to the caller, who
counts it as a failure); the forgiving and the strict reader agree on what is unusable; the
same input judged twice gives the same report (determinism); no player's view of a state that
parsed shows a card hidden from that player (secrecy). The mutators make inputs from samples,
byte by byte; :func:`run` drives them for the long profile::

    python -m ena_rules.testing.fuzz --inputs 1000000 --seed 1

>>> judge_log([b'{"ena_log": 1, "variant": "official", "players": ["a", "b"], "seed": 1}'])
'consistent'
>>> judge_log([b"null"])
'unusable'
"""

from __future__ import annotations

import argparse
import io
import json
import random
import resource
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..errors import EnaRulesError, LogError
from ..game.position import format_position, parse_position
from ..game.state import GameState
from ..log.validate import validate
from ..rules.referee import apply, legal_events
from ..rules.view import view
from ..variant import Variant
from ..variant.io import load_variant_text
from .explore import check_views

__all__ = [
    "INTERESTING",
    "judge_log",
    "judge_position",
    "judge_variant",
    "mutate",
    "mutate_position",
    "run",
]

#: Byte strings a mutation may splice in: JSON edge cases, odd white space, huge numbers, paths.
INTERESTING: tuple[bytes, ...] = (
    b"null",
    b"[]",
    b"{}",
    b'"',
    b"\\u0000",
    b"\xc2\xa0",
    b"\x0c",
    b"\xff",
    b"\n",
    b"-1",
    b"1e999",
    b"9" * 30,
    b"NaN",
    b'"/etc/passwd"',
    b'"../../x.toml"',
    b'"' + b"y" * 300 + b'"',
    b"true",
    b'"W+4"',
    b'"type": "round"',
    b'"ena_log": 1',
    b"=",
    b"[[",
    b"]]",
    b"phase=",
    b"/",
    b".",
    b"_",
    # issue 24: lone surrogates and other odd strings, bare file names, big hands of one rank
    b'"\\ud800"',
    b'"\\udfff"',
    b'"a\\udc00b"',
    b"\\ud83d",
    b"\xed\xa0\x80",
    b"\xe2\x80\xae",
    b"\xcc\x81",
    b"\xef\xbb\xbf",
    b'"official.toml"',
    b'"ena.toml"',
    b'"crazy.toml"',
    b'"./official.toml"',
    b'"' + b"R5." * 40 + b'"',
    b"R5.R5.R5.R5.G5.G5.G5.G5.B5.B5.B5.B5.Y5.Y5.Y5.Y5",
    b"blind=",
    b"drawn=",
    b"%ED%A0%80",
)

#: Variant files a fuzzed input must never read: the run puts them in its current directory
#: under the names of shipped variants (a header's or an extends' bare "official.toml").
HOSTILE_FILES: dict[str, str] = {
    name: f'name = "{name}"\nextends = "official"\n[deal]\nhand_size = 3\n'
    for name in ("official", "ena", "crazy", "seven-zero")
}


def mutate(data: bytes, rng: random.Random, rounds: int = 3) -> bytes:
    """``data`` changed by up to ``rounds`` byte-level edits: flip, insert, delete, splice, cut.

    >>> mutate(b"abc", random.Random(1)) != b"abc"
    True
    """
    buf = bytearray(data)
    for _ in range(rng.randint(1, rounds)):
        op = rng.randrange(6)
        i = rng.randrange(len(buf) + 1)
        if op == 0 and buf:
            buf[min(i, len(buf) - 1)] = rng.randrange(256)
        elif op == 1:
            buf[i:i] = rng.choice(INTERESTING)
        elif op == 2 and buf:
            del buf[i : i + rng.randint(1, 8)]
        elif op == 3 and buf:
            j = rng.randrange(len(buf))
            buf[i:i] = buf[j : j + rng.randint(1, 32)]
        elif op == 4:
            buf[i:i] = bytes([rng.choice(b'{}[]":,0123456789 ')])
        else:
            del buf[i:]
    return bytes(buf)


def mutate_position(text: str, pool: Sequence[str], rng: random.Random) -> str:
    """A position with tokens dropped, added, or given another position's value for the field.

    >>> mutate_position("official players=a,b phase=play", ["official turn=1"], random.Random(2))
    'official phase=play'
    """
    tokens = text.split()
    others = [t for p in pool for t in p.split()[1:]]
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(3)
        if op == 0 and len(tokens) > 2:
            del tokens[rng.randrange(1, len(tokens))]
        elif op == 1 and others:
            tokens.insert(rng.randrange(1, len(tokens) + 1), rng.choice(others))
        elif len(tokens) > 1 and others:
            j = rng.randrange(1, len(tokens))
            field = tokens[j].partition("=")[0] + "="
            same = [t for t in others if t.startswith(field)]
            tokens[j] = rng.choice(same) if same else tokens[j]
    return " ".join(tokens)


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def judge_log(lines: Sequence[bytes], *, folder: Path | None = None, twice: bool = True) -> str:
    """Validate a log forgiving and strict (``twice``: forgiving twice); the verdict word.

    Raises ``AssertionError`` if the two modes disagree on what is unusable, or two runs on
    the same lines disagree, or a view of the final state leaks a hidden card.
    """
    report = validate(lines, folder=folder)
    if twice:
        again = validate(lines, folder=folder)
        assert report.to_dict() == again.to_dict(), "two runs on the same log differ"
    try:
        validate(lines, strict=True, folder=folder)
        strict_unusable = False
    except LogError:
        strict_unusable = True
    assert strict_unusable == (report.exit_code == 2), (
        f"forgiving exit {report.exit_code}, strict {'raised' if strict_unusable else 'passed'}"
    )
    if report.final is not None:
        check_views(report.final)
    return report.verdict_word.lower()


def judge_variant(text: str) -> str:
    """Load variant text: ``loaded`` or ``refused`` (a :class:`~ena_rules.VariantError`)."""
    try:
        load_variant_text(text, source="fuzz.toml")
    except EnaRulesError:
        return "refused"
    return "loaded"


def judge_position(
    text: str, *, events: int = 40, variant: Variant | None = None, pictures: bool = False
) -> str:
    """Parse a position (of ``variant``, else the one it names); if it parses, judge its legal
    events and a few others, and its views (secrecy: each player's view, its partial state,
    position and JSON, and with ``pictures`` its picture, do not change when the cards hidden
    from the player change)."""
    try:
        state = parse_position(text, variant)
    except EnaRulesError:
        return "refused"
    again = parse_position(format_position(state), variant)
    assert format_position(again) == format_position(state)
    _exercise(state, events)
    check_views(state)
    if pictures:
        check_pictures(state)
    return "parsed"


def check_pictures(state: GameState) -> None:
    """Secrecy of the picture: each player's view drawn (SVG) is the same when every card
    hidden from them is moved (others' hands, the draw pile, their own blind cards)."""
    from ..pictures.svg import position as picture
    from .invariants import _hide

    if not state.hands:
        return
    for seat, player in enumerate(state.players):
        drawn = picture(view(state, player))
        for shift in (0, 1):
            assert picture(view(_hide(state, seat, shift), player)) == drawn, (
                f"{player}'s picture changes when cards hidden from them are moved"
            )


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
    """Every public function and class of :data:`PUBLIC_MODULES` (by ``__all__``), once."""
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
    written file may go)."""
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
    """A public function and arguments, one or all of them of the wrong type."""
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


def _exercise(state: GameState, events: int) -> None:
    from ..game.events import CallUno, Challenge, Draw, Overtake, Pass, Play

    for e in legal_events(state)[:events]:
        verdict = apply(state, e)
        assert verdict.accepted, f"{e!r} is listed but {verdict.outcome}"
    cards = sorted({c for hand in state.hands for c in hand}, key=str)[:6]
    for p in state.players:
        for c in cards:
            apply(state, Play(p, c, color="red"))
            apply(state, Overtake(p, c, color="blue"))
        for e in (Draw(p), Pass(p), Challenge(p), CallUno(p), CallUno(p, state.players[0])):
            apply(state, e)


# -- the long profile --------------------------------------------------------------------------


#: House rules the generated variants combine (issue 24): every ``[view]`` option, forced
#: play, several cards at once with 4 copies of a number (the multi-play bound), hand limits.
HOUSE_RULES: tuple[tuple[str, str], ...] = (
    ("official", "[play]\nforced = true\n"),
    ("official", "[play]\nforced = true\nmust_play_drawn = true\n[view]\nblind_draw = true\n"),
    ("crazy", '[players]\nmax = 4\n[deck.colored]\n"5" = 4\n'),
    ("crazy", "[play]\nforced = true\n[view]\nopen_below = 3\n"),
    ("official", "[view]\nblind_draw = true\n"),
    ("official", "[view]\nopen_below = 3\n"),
    ("ena", "[view]\nblind_draw = true\nopen_below = 4\n[play]\nforced = true\n"),
    ("seven-zero", "[view]\nblind_draw = true\n[play]\nmulti = true\n"),
    ("official", "[play]\ndeath_draw = true\nhand_limit = 12\n"),
    ("draw-until", "[play]\nforced = true\n[view]\nblind_draw = true\n"),
)


def house_variants() -> list[tuple[str, str, Variant]]:
    """The generated house-rule variants: ``(file name, text, variant)``, each loaded."""
    from ..variant.io import load_variant_text

    out = []
    for i, (base, rules) in enumerate(HOUSE_RULES):
        text = f'name = "house{i}"\nextends = "{base}"\n{rules}'
        out.append((f"house{i}.toml", text, load_variant_text(text, source=f"house{i}.toml")))
    return out


def _samples(root: Path, houses: Path | None = None) -> dict[str, list[Any]]:
    logs = [p.read_bytes() for p in sorted((root / "docs" / "examples").glob("*.jsonl"))]
    variants = [p.read_bytes() for p in sorted((root / "variants").glob("*.toml"))]
    variants += [p.read_bytes() for p in sorted((root / "tests" / "variants").glob("*.toml"))]
    generated = house_variants()
    variants += [text.encode() for _, text, _ in generated]
    if houses is not None:
        for file, text, _ in generated:
            (houses / file).write_text(text, encoding="utf-8")
    return {
        "log": logs,
        "variant": variants,
        "position": _positions(generated),
        "table": _table_records(generated, houses),
    }


def _table_records(generated: list[tuple[str, str, Variant]], houses: Path | None) -> list[bytes]:
    """Table records (``"deck": "unknown"``) of random games of every shipped variant and of
    the generated ones (a header naming ``houseN.toml``, beside the log), with and without
    the draws' cards."""
    import os

    from ..variant.io import load_variant, shipped_variants

    games: list[tuple[str | None, Variant]] = [(None, load_variant(n)) for n in shipped_variants()]
    if houses is not None:  # the generated ones are read by name while the records are made
        games += [(file, v) for file, _, v in generated]
    saved = os.environ.get("ENA_RULES_PATH")
    os.environ["ENA_RULES_PATH"] = str(houses) if houses is not None else ""
    try:
        return _records(games)
    finally:
        if saved is None:
            del os.environ["ENA_RULES_PATH"]
        else:
            os.environ["ENA_RULES_PATH"] = saved


def _records(games: list[tuple[str | None, Variant]]) -> list[bytes]:
    from ..log.table_writer import to_table_record
    from .logs import random_log

    out: list[bytes] = []
    for file, v in games:
        made = 0
        for seed in range(40):
            text = random_log(v, seed=seed, events=120, bad_lines=0.0)
            head = json.loads(text.split("\n", 1)[0])
            if "deck" not in head:
                continue  # a seeded log: no decks to turn into a table record
            lines = to_table_record(text.splitlines(), draws=seed % 3 != 0)
            if file is not None:
                first = json.loads(lines[0])
                first["variant"] = file
                lines[0] = json.dumps(first)
            out.append("\n".join(lines).encode())
            made += 1
            if made == 2:
                break
    return out


def _positions(generated: list[tuple[str, str, Variant]]) -> list[tuple[bytes, Variant | None]]:
    from ..rules.chance import drive_chance
    from ..rules.referee import new_game
    from ..variant.io import load_variant

    games: list[tuple[Variant, bool]] = [
        (load_variant(name), False) for name in ("official", "ena", "seven-zero", "house-stack")
    ]
    games += [(v, True) for _, _, v in generated]
    out: list[tuple[bytes, Variant | None]] = []
    for v, own in games:
        rng = random.Random(v.name)
        s, _ = drive_chance(new_game(v, ["ana", "bor", "cene"]), 3)
        for _ in range(300 if not own else 120):
            if s.phase == "over":
                break
            if s.phase == "deal":
                s, _ = drive_chance(s, 3)
                continue
            s = apply(s, rng.choice(legal_events(s))).state
            out.append((format_position(s).encode(), v if own else None))
    return out


def _one(
    kind: str, samples: dict[str, list[Any]], rng: random.Random, houses: Path | None = None
) -> str:
    if kind in ("log", "table"):
        lines = _lines(rng.choice(samples[kind]))
        start = rng.randrange(len(lines)) if rng.random() < 0.3 else 0
        window = lines[: 1 + start] if start else lines[: rng.randint(1, 30)]
        data = mutate(b"\n".join(window), rng)
        folder = houses if kind == "table" else None
        return judge_log(_lines(data), folder=folder, twice=rng.random() < 0.125)
    if kind == "variant":
        data = mutate(rng.choice(samples["variant"]), rng)
        return judge_variant(data.decode("utf-8", "replace"))
    if kind == "call":
        fn, args, kwargs = wrong_call(rng)
        return judge_call(fn, args, kwargs)
    text, variant = rng.choice(samples["position"])
    data = mutate(text, rng)
    return judge_position(
        data.decode("utf-8", "replace"), variant=variant, pictures=rng.random() < 0.125
    )


def run(
    inputs: int,
    seed: int,
    root: Path,
    *,
    slow: float = 10.0,
    report: Callable[[str], None] = print,
    kinds: Sequence[str] = (),
) -> dict[str, object]:
    """Judge ``inputs`` inputs (:data:`KINDS`, by :data:`WEIGHTS`: mutated logs, table records,
    variant files, positions, and wrong-typed calls of every public function); the counts.

    The run works in a scratch current directory holding :data:`HOSTILE_FILES`: reading one
    (a header's or an ``extends``' bare ``official.toml``) is a failure, as is any file the
    run did not allow.

    An input slower than ``slow`` seconds counts as a hang; any exception other than a library
    error (or a broken property) is recorded with its input, and the run goes on. Every 10,000
    inputs ``report`` gets the counts so far, as JSON.
    """
    import os
    import tempfile

    scratch = Path(tempfile.mkdtemp(prefix="ena-fuzz-"))
    cwd, houses, calls = scratch / "cwd", scratch / "houses", scratch / "calls"
    for folder in (cwd, houses, calls):
        folder.mkdir()
    for name, text in HOSTILE_FILES.items():  # a bare "official.toml" must never be these
        (cwd / f"{name}.toml").write_text(text, encoding="utf-8")
    samples = _samples(root.resolve(), houses)
    reads: list[str] = []
    _watch_reads(str(cwd.resolve()), reads)
    before = os.getcwd()
    os.chdir(cwd)
    rng = random.Random(seed)
    chosen = tuple(k for k in KINDS if not kinds or k in kinds)
    weights = tuple(w for k, w in zip(KINDS, WEIGHTS, strict=True) if k in chosen)
    outcomes: Counter[str] = Counter()
    failures: list[dict[str, str]] = []
    hangs, slowest, done = 0, 0.0, 0
    started = time.process_time()

    def result() -> dict[str, object]:
        return {
            "inputs": done,
            "seed": seed,
            "kinds": list(chosen),
            "outcomes": dict(sorted(outcomes.items())),
            "non_library_exceptions": len(failures),
            "failures": failures[:20],
            "hangs": hangs,
            "slowest_input_s": round(slowest, 3),
            "cpu_s": round(time.process_time() - started, 1),
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        }

    for i in range(inputs):
        kind = rng.choices(chosen, weights)[0]
        state = rng.getstate()
        t0 = time.process_time()
        try:
            outcomes[f"{kind}:{_one(kind, samples, rng, houses if kind != 'call' else calls)}"] += 1
            if reads:
                raise AssertionError(f"read a file nobody allowed: {reads[0]}")
        except Exception as exc:  # the fuzz run counts every non-library error, and goes on
            reads.clear()
            failures.append(
                {"input": str(i), "kind": kind, "error": f"{type(exc).__name__}: {exc}"[:4000]}
            )
            rng.setstate(state)
            rng.random()
        spent = time.process_time() - t0
        slowest = max(slowest, spent)
        hangs += spent > slow
        done = i + 1
        if done % 10000 == 0:
            report(json.dumps(result()))
    os.chdir(before)
    _WATCH.clear()
    return result()


#: The kinds of input of the long profile and their weights (issue 24 adds table records of
#: every shipped and generated variant, and wrong-typed calls of every public function).
KINDS = ("log", "table", "variant", "position", "call")
WEIGHTS = (2, 2, 2, 5, 1)

_WATCH: list[tuple[str, list[str]]] = []


def _watch_reads(folder: str, reads: list[str]) -> None:
    """Record (in ``reads``) every file opened inside ``folder``: an audit hook, installed
    once per process (hooks cannot be removed; an empty watch list makes it a no-op)."""
    if not _WATCH_INSTALLED:
        sys.addaudithook(_audit)
        _WATCH_INSTALLED.append(True)
    _WATCH[:] = [(folder, reads)]


_WATCH_INSTALLED: list[bool] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event != "open" or not _WATCH or not args:
        return
    path = args[0]
    if isinstance(path, bytes | str):
        import os

        text = os.fsdecode(path)
        full = text if os.path.isabs(text) else os.path.join(os.getcwd(), text)
        folder, reads = _WATCH[0]
        inside = os.path.normpath(full).startswith(folder + os.sep)
        if inside and os.path.basename(full).removesuffix(".toml") in HOSTILE_FILES:
            reads.append(text)  # (a call's own path argument, "2", is the caller's to open)


def main(argv: Sequence[str] | None = None) -> int:
    """The long profile's command line (docs/reliability.md)."""
    parser = argparse.ArgumentParser(description="Fuzz the log reader, variant loader, positions")
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the repository root")
    parser.add_argument(
        "--kinds", default=",".join(KINDS), help=f"the kinds of input (of {', '.join(KINDS)})"
    )
    args = parser.parse_args(argv)
    kinds = tuple(k for k in args.kinds.split(",") if k)
    if not kinds or set(kinds) - set(KINDS):
        parser.error(f"--kinds: some of {', '.join(KINDS)}")
    result = run(
        args.inputs,
        args.seed,
        args.root,
        report=lambda s: print(s, file=sys.stderr),
        kinds=kinds,
    )
    print(json.dumps(result, indent=2))
    return 1 if result["non_library_exceptions"] or result["hangs"] else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
