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
import json
import random
import resource
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from ..errors import EnaRulesError, LogError
from ..game.position import format_position, parse_position
from ..game.state import GameState
from ..log.validate import validate
from ..rules.referee import apply, legal_events
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
)


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


def judge_position(text: str, *, events: int = 40) -> str:
    """Parse a position; if it parses, judge its legal events and a few others, and its views."""
    try:
        state = parse_position(text)
    except EnaRulesError:
        return "refused"
    assert format_position(parse_position(format_position(state))) == format_position(state)
    _exercise(state, events)
    check_views(state)
    return "parsed"


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


def _samples(root: Path) -> dict[str, list[bytes]]:
    logs = [p.read_bytes() for p in sorted((root / "docs" / "examples").glob("*.jsonl"))]
    variants = [p.read_bytes() for p in sorted((root / "variants").glob("*.toml"))]
    variants += [p.read_bytes() for p in sorted((root / "tests" / "variants").glob("*.toml"))]
    return {"log": logs, "variant": variants, "position": _positions()}


def _positions() -> list[bytes]:
    from ..rules.chance import drive_chance
    from ..rules.referee import new_game
    from ..variant.io import load_variant

    out: list[bytes] = []
    for name in ("official", "ena", "seven-zero", "house-stack"):
        v = load_variant(name)
        rng = random.Random(name)
        s, _ = drive_chance(new_game(v, ["ana", "bor", "cene"]), 3)
        for _ in range(300):
            if s.phase == "over":
                break
            if s.phase == "deal":
                s, _ = drive_chance(s, 3)
                continue
            s = apply(s, rng.choice(legal_events(s))).state
            out.append(format_position(s).encode())
    return out


def _one(kind: str, samples: dict[str, list[bytes]], rng: random.Random) -> str:
    if kind == "log":
        lines = _lines(rng.choice(samples["log"]))
        start = rng.randrange(len(lines)) if rng.random() < 0.3 else 0
        window = lines[: 1 + start] if start else lines[: rng.randint(1, 30)]
        data = mutate(b"\n".join(window), rng)
        return judge_log(_lines(data), twice=rng.random() < 0.125)
    if kind == "variant":
        data = mutate(rng.choice(samples["variant"]), rng)
        return judge_variant(data.decode("utf-8", "replace"))
    data = mutate(rng.choice(samples["position"]), rng)
    return judge_position(data.decode("utf-8", "replace"))


def run(
    inputs: int,
    seed: int,
    root: Path,
    *,
    slow: float = 10.0,
    report: Callable[[str], None] = print,
) -> dict[str, object]:
    """Judge ``inputs`` mutated inputs (logs 20 %, variants 20 %, positions 60 %); the counts.

    An input slower than ``slow`` seconds counts as a hang; any exception other than a library
    error (or a broken property) is recorded with its input, and the run goes on. Every 10,000
    inputs ``report`` gets the counts so far, as JSON.
    """
    samples = _samples(root)
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    failures: list[dict[str, str]] = []
    hangs, slowest, done = 0, 0.0, 0
    started = time.process_time()

    def result() -> dict[str, object]:
        return {
            "inputs": done,
            "seed": seed,
            "outcomes": dict(sorted(outcomes.items())),
            "non_library_exceptions": len(failures),
            "failures": failures[:20],
            "hangs": hangs,
            "slowest_input_s": round(slowest, 3),
            "cpu_s": round(time.process_time() - started, 1),
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        }

    for i in range(inputs):
        kind = rng.choices(("log", "variant", "position"), (2, 2, 6))[0]
        state = rng.getstate()
        t0 = time.process_time()
        try:
            outcomes[f"{kind}:{_one(kind, samples, rng)}"] += 1
        except Exception as exc:  # the fuzz run counts every non-library error, and goes on
            failures.append(
                {"input": str(i), "kind": kind, "error": f"{type(exc).__name__}: {exc}"}
            )
            rng.setstate(state)
            rng.random()
        spent = time.process_time() - t0
        slowest = max(slowest, spent)
        hangs += spent > slow
        done = i + 1
        if done % 10000 == 0:
            report(json.dumps(result()))
    return result()


def main(argv: Sequence[str] | None = None) -> int:
    """The long profile's command line (docs/reliability.md)."""
    parser = argparse.ArgumentParser(description="Fuzz the log reader, variant loader, positions")
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the repository root")
    args = parser.parse_args(argv)
    result = run(args.inputs, args.seed, args.root, report=lambda s: print(s, file=sys.stderr))
    print(json.dumps(result, indent=2))
    return 1 if result["non_library_exceptions"] or result["hangs"] else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
