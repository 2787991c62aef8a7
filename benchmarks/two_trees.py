"""Run one script under two copies of ena_rules at once and compare what each wrote.

The driver of ``same_outputs.py`` (the referee's outputs) and ``env_outputs.py`` (the RL
environment's): ``child`` is Python source run with ``python -c``, its ``sys.argv[1]`` the file
it writes its lines to and the rest ``args``; each side runs with its own tree first on
``PYTHONPATH``, the two in parallel (two processes, two cores), and their lines are compared
one by one.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

#: This checkout: the "after" side.
HERE = Path(__file__).resolve().parent.parent


def same_lines(child: str, before: Path, args: list[str], what: str, width: int = 600) -> int:
    """0 if ``before``'s tree and this checkout write the same lines, 1 (the first difference
    printed, cut to ``width`` characters) if not, 2 if a side failed; ``what`` names the lines."""
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"before": before.resolve(), "after": HERE}
        paths = {side: Path(tmp) / f"{side}.txt" for side in sides}
        procs = []
        for side, tree in sides.items():
            env = dict(os.environ, PYTHONPATH=str(tree))
            cmd = [sys.executable, "-c", child, str(paths[side]), *args]
            procs.append(subprocess.Popen(cmd, env=env, cwd="/"))
        if any(proc.wait() for proc in procs):
            print("a side failed (its traceback is above)")
            return 2
        old = paths["before"].read_text(encoding="utf-8").splitlines()
        new = paths["after"].read_text(encoding="utf-8").splitlines()
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            print(f"line {i + 1} differs:\n  before: {a[:width]}\n  after:  {b[:width]}")
            return 1
    if len(old) != len(new):
        print(f"before wrote {len(old):,} lines, after {len(new):,}")
        return 1
    print(f"the same: {len(new):,} {what}")
    return 0
