"""Before/after of a change to log validation: this checkout against another, in alternation.

    git worktree add /tmp/before HEAD~1     # or any copy of the tree to compare with
    python3 benchmarks/compare_validation.py /tmp/before --rounds 3
    python3 benchmarks/compare_validation.py /tmp/before --compiled   # each tree's compiled venv

Each side runs in its own process: with its own ``ena_rules`` first on ``sys.path`` (the pure
package), or under its tree's ``benchmarks/.venv-compiled`` python (``--compiled``: built by
that tree's benchmarks/compiled.py). A side generates the long Ena game of run.py's
"validation" section (4 players, ``--events``), writes it as a seeded ena-log, then times
``ena_rules.log.validate(path, keep=False)`` and ``apply`` alone over the same events,
alternating, ``--runs`` times; it reports the median of the per-run ratios (CPU time of the
thread). The sides alternate ``--rounds`` times so both see the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

_CHILD = """
import json, statistics, sys, tempfile
from pathlib import Path
sys.path.insert(0, {bench!r})
import common, logs
v = common.long_variant("ena")
events = logs.generate(v, 4, {events}, seed=1)
with tempfile.TemporaryDirectory() as tmp:
    path = logs.write_log(Path(tmp) / "big.jsonl", v, 4, 1, events)
    fn = logs.find_validator()
    ratios, val, app = [], [], []
    for _ in range({runs}):
        a = logs.timed(logs.replay_apply, v, 4, events)[0]
        b = logs.timed(logs.run_validator, fn, path)[0]
        ratios.append(b / a)
        val.append(b)
        app.append(a)
n = len(events)
print(json.dumps({{
    "ena_rules": __import__("ena_rules").__file__,
    "validate_over_apply": statistics.median(ratios),
    "validate_events_per_s": n / statistics.median(val),
    "apply_events_per_s": n / statistics.median(app),
}}))
"""


def measure(tree: Path, *, compiled: bool, events: int, runs: int) -> dict[str, object]:
    """One measurement with ``tree``'s ena_rules (pure, or its compiled venv's)."""
    code = _CHILD.format(bench=str(HERE), events=events, runs=runs)
    if compiled:
        python, env = str(tree / "benchmarks" / ".venv-compiled" / "bin" / "python"), None
    else:
        python, env = sys.executable, dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [python, "-c", code], env=env, cwd="/", capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    """Print validate/apply and validate's events/s for both trees, each round, then medians."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("before", type=Path, help="the other tree (the one holding ena_rules/)")
    p.add_argument("--rounds", type=int, default=3, help="alternations")
    p.add_argument("--runs", type=int, default=5, help="validate/apply pairs per measurement")
    p.add_argument("--events", type=int, default=50_000, help="events of the log")
    p.add_argument("--compiled", action="store_true", help="each tree's compiled venv")
    args = p.parse_args(argv)
    sides = (("before", args.before.resolve()), ("after", HERE.parent))
    got: dict[str, list[dict[str, object]]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        for side, tree in sides:
            result = measure(tree, compiled=args.compiled, events=args.events, runs=args.runs)
            print(side, json.dumps(result), flush=True)
            got[side].append(result)
    for side, results in got.items():
        ratio = statistics.median(float(r["validate_over_apply"]) for r in results)  # type: ignore[arg-type]
        eps = statistics.median(float(r["validate_events_per_s"]) for r in results)  # type: ignore[arg-type]
        print(f"{side:7} validate / apply {ratio:.2f}, validate {eps:,.0f} events/s (medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
