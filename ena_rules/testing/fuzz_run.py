"""The fuzz run's long profile: inputs of every kind (:data:`KINDS`, by :data:`WEIGHTS`) made by
the mutators from the samples and judged by the targets, in a scratch directory whose
:data:`HOSTILE_FILES` no input may read; hangs and non-library exceptions counted, and the
command line (docs/reliability.md)::

    python -m ena_rules.testing.fuzz --inputs 1000000 --seed 1

:mod:`ena_rules.testing.fuzz` re-exports it.

>>> KINDS
('log', 'table', 'variant', 'position', 'call')
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
from typing import Any

from .fuzz_calls import judge_call, wrong_call
from .fuzz_judge import judge_log, judge_position, judge_variant
from .fuzz_mutate import mutate
from .fuzz_samples import _samples

__all__ = ["HOSTILE_FILES", "KINDS", "WEIGHTS", "main", "run"]

#: Variant files a fuzzed input must never read: the run puts them in its current directory
#: under the names of shipped variants (a header's or an extends' bare "official.toml").
HOSTILE_FILES: dict[str, str] = {
    name: f'name = "{name}"\nextends = "official"\n[deal]\nhand_size = 3\n'
    for name in ("official", "ena", "crazy", "seven-zero")
}


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


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
    inputs ``report`` gets the counts so far, as JSON. From the repository root (not run as a
    doctest: it builds its samples first, a few seconds, and leaves its scratch folder)::

        run(1000, 1, Path("."))["non_library_exceptions"]  # 0
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
    """The long profile's command line (docs/reliability.md).

    >>> main(["--kinds", "nonsense"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
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
