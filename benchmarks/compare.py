"""Before/after of an engine change: this checkout against another, in alternation.

    git worktree add /tmp/before HEAD~1     # or any copy of the tree to compare with
    python3 benchmarks/compare.py /tmp/before --rounds 5

Each side runs in its own process with its own ``ena_rules`` first on ``sys.path``: a recorded
event sequence (official 2 players, Ena 4 players; the same seeds) is replayed through ``apply``
alone, and ``legal_events`` is called on every state of it; the fastest of 3 passes is kept.
The sides alternate ``--rounds`` times so both see the same load. The sequence is generated
by each side itself, so the comparison assumes the change keeps behaviour (it must).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

_CHILD = """
import json, sys, time
sys.path.insert(0, {bench!r})
import common, logs
from ena_rules import apply, legal_events, new_game
out = {{"ena_rules": __import__("ena_rules").__file__}}
for name, n in (("official", 2), ("ena", 4)):
    v = common.long_variant(name)
    events = logs.generate(v, n, {events}, seed=5)
    s = new_game(v, common.seats(n), dealer=common.seats(n)[0])
    states = []
    for e, _ in events:
        states.append(s)
        s = apply(s, e).state
    def legal():
        for st in states:
            legal_events(st)
    a = min(logs.timed(logs.replay_apply, v, n, events)[0] for _ in range(3))
    b = min(logs.timed(legal)[0] for _ in range(3))
    out[f"{{name}} {{n}}p"] = [a / len(events) * 1e6, b / len(events) * 1e6]
print(json.dumps(out))
"""


def measure(tree: Path, events: int) -> dict[str, object]:
    """One measurement with ``tree``'s ena_rules (its variants/ folder beside it)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    code = _CHILD.format(bench=str(HERE), events=events)
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd="/", capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    """Print us per event of apply and of legal_events, for both trees, and the change."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("before", type=Path, help="the other tree (the one holding ena_rules/)")
    p.add_argument("--rounds", type=int, default=3, help="alternations (best kept)")
    p.add_argument("--events", type=int, default=15_000, help="events per sequence")
    args = p.parse_args(argv)
    after = HERE.parent
    best: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    for _ in range(args.rounds):
        for side, tree in (("before", args.before), ("after", after)):
            got = measure(tree.resolve(), args.events)
            print(side, json.dumps(got))
            for key, value in got.items():
                if isinstance(value, list):
                    old = best[side].get(key)
                    best[side][key] = (
                        value if old is None else [min(x) for x in zip(old, value, strict=True)]
                    )
    print(f"\n{'sequence':14} {'apply before':>12} {'after':>7} {'legal before':>12} {'after':>7}")
    for key, (a0, l0) in best["before"].items():
        a1, l1 = best["after"][key]
        print(
            f"{key:14} {a0:12.2f} {a1:7.2f} {l0:12.2f} {l1:7.2f}   "
            f"apply {100 * (a1 / a0 - 1):+.0f} %, legal_events {100 * (l1 / l0 - 1):+.0f} %"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
