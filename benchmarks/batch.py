"""validate_many's speed-up with worker processes: 1,000 small logs, 1 job against N.

    python3 benchmarks/batch.py                 # 1,000 logs of <= 200 events; jobs 1 and 2
    python3 benchmarks/batch.py --jobs 1 2 4 --logs 2000 --runs 5 --json out.json
    python3 benchmarks/batch.py --cli --events 20 200   # `ena-rules validate --jobs J`, both sizes

``--cli`` times the command itself, ``ena-rules validate --quiet --jobs J LOG...`` (a new
process each run: its start, its imports and its output included), once for each ``--events``
size: the bar is ``--jobs 2`` never slower than ``--jobs 1`` (20 events a log) and at least
1.7 x faster (200 events a log) on 2 cores.

The logs are written once into a temporary folder by ``ena_rules.testing.logs`` (seeded random
games of official and Ena, 2 to 4 players, with a few mistakes, wrong claims and unusable
lines). Each run judges all of them with ``ena_rules.log.batch.validate_many(paths, jobs=J)`` for
every ``J`` in turn (alternating, so that a change in the machine's load hits every ``J``
alike), and takes the **wall** time (a speed-up is about wall time; starting the worker
processes is included). The figure is the median of the runs; the speed-up of ``J`` jobs is
the median time of 1 job over that of ``J``. The CPU time of every process (this one and the
workers) is taken too: ``J`` x (CPU time of 1 job / CPU time of ``J`` jobs) is the speed-up
``J`` idle cores would give, the work being the same (the processes' own overhead counted);
on a loaded machine it is the figure that does not depend on what the others run. Every run's
rows must equal one process's, row by row. The load average before and after is printed:
other processes on the machine take cores away from the workers and lower the speed-up.

Not part of the test suite (speed is never a timed test).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ena_rules import load_variant
from ena_rules.log.batch import cpu_count, validate_many
from ena_rules.testing.logs import write_random_logs


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers, once joined)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def measure(logs: int, events: int, jobs: list[int], runs: int) -> dict[str, Any]:
    """Time validate_many over ``logs`` generated logs for each job count; the figures."""
    out: dict[str, Any] = {
        "logs": logs,
        "max_events": events,
        "jobs": jobs,
        "runs": runs,
        "cpus": cpu_count(),
        "load_before": _load(),
    }
    with tempfile.TemporaryDirectory() as tmp:
        variants = [load_variant("official"), load_variant("ena")]
        paths = write_random_logs(Path(tmp), variants, logs, seed=2026, events=events)
        reference = validate_many(paths)
        out["events"] = sum(r.events for r in reference)
        out["exit_codes"] = {c: sum(r.exit_code == c for r in reference) for c in (0, 1, 2)}
        times: dict[int, list[float]] = {j: [] for j in jobs}
        cpu: dict[int, list[float]] = {j: [] for j in jobs}
        for _ in range(runs):
            for j in jobs:
                start, start_cpu = time.perf_counter(), _cpu()
                rows = validate_many(paths, jobs=j)
                times[j].append(time.perf_counter() - start)
                cpu[j].append(_cpu() - start_cpu)
                if rows != reference:
                    raise AssertionError(f"jobs={j}: the rows differ from one process's")
    out["load_after"] = _load()
    out["seconds"] = {j: statistics.median(ts) for j, ts in times.items()}
    out["seconds_all"] = times
    out["cpu_seconds"] = {j: statistics.median(ts) for j, ts in cpu.items()}
    base = out["seconds"].get(1)
    out["speedup"] = {j: base / s for j, s in out["seconds"].items()} if base else {}
    # what J idle cores would give: J x the share of the CPU work that is the judging itself
    cpu1 = out["cpu_seconds"].get(1)
    out["cpu_bound_speedup"] = (
        {j: j * cpu1 / c for j, c in out["cpu_seconds"].items()} if cpu1 else {}
    )
    return out


def measure_cli(logs: int, events: int, jobs: list[int], runs: int) -> dict[str, Any]:
    """Time ``ena-rules validate --quiet --jobs J`` over ``logs`` generated logs; the figures."""
    out: dict[str, Any] = {
        "logs": logs,
        "max_events": events,
        "jobs": jobs,
        "runs": runs,
        "cpus": cpu_count(),
        "load_before": _load(),
        "command": "ena-rules validate --quiet --jobs J LOG...",
    }
    with tempfile.TemporaryDirectory() as tmp:
        variants = [load_variant("official"), load_variant("ena")]
        paths = write_random_logs(Path(tmp), variants, logs, seed=2026, events=events)
        out["events"] = sum(r.events for r in validate_many(paths))
        times: dict[int, list[float]] = {j: [] for j in jobs}
        cpu: dict[int, list[float]] = {j: [] for j in jobs}
        outputs: dict[int, str] = {}
        for _ in range(runs):
            for j in jobs:
                argv = [sys.executable, "-m", "ena_rules", "validate", "--quiet", "--jobs", str(j)]
                start, start_cpu = time.perf_counter(), _cpu()
                done = subprocess.run(
                    [*argv, *map(str, paths)], capture_output=True, text=True, check=False
                )
                times[j].append(time.perf_counter() - start)
                cpu[j].append(_cpu() - start_cpu)
                outputs.setdefault(j, done.stdout)
                if done.stdout != outputs[jobs[0]]:
                    raise AssertionError(f"--jobs {j}: the output differs from --jobs {jobs[0]}'s")
    out["load_after"] = _load()
    out["seconds"] = {j: statistics.median(ts) for j, ts in times.items()}
    out["seconds_all"] = times
    out["cpu_seconds"] = {j: statistics.median(ts) for j, ts in cpu.items()}
    base = out["seconds"].get(1)
    out["speedup"] = {j: base / s for j, s in out["seconds"].items()} if base else {}
    cpu1 = out["cpu_seconds"].get(1)
    out["cpu_bound_speedup"] = (
        {j: j * cpu1 / c for j, c in out["cpu_seconds"].items()} if cpu1 else {}
    )
    return out


def report(out: dict[str, Any]) -> str:
    """The figures as text."""
    what = out.get("command", "validate_many")
    codes = f"; exit codes {out['exit_codes']}" if "exit_codes" in out else ""
    lines = [
        f"{what} over {out['logs']} logs of at most {out['max_events']} events "
        f"({out['events']} events{codes}), {out['cpus']} CPUs, median wall time of "
        f"{out['runs']} runs:"
    ]
    for j, s in out["seconds"].items():
        rate = out["events"] / s
        speedup = out["speedup"].get(j)
        extra = f"  speed-up x{speedup:.2f}" if speedup else ""
        cpu = out["cpu_seconds"][j]
        bound = out["cpu_bound_speedup"].get(j, 0.0)
        lines.append(
            f"  jobs={j}: {s:6.2f} s  {rate:9,.0f} events/s{extra}  "
            f"(CPU {cpu:6.2f} s, all processes; on {j} idle cores: x{bound:.2f})"
        )
    lines.append(
        f"load average (1 min) before {out['load_before']:.2f}, after {out['load_after']:.2f}"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; prints the figures (and writes them as JSON with --json)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--logs", type=int, default=1000, help="how many logs (default 1000)")
    p.add_argument(
        "--events",
        type=int,
        nargs="+",
        default=[200],
        help="at most this many events a log (several sizes: one measure each)",
    )
    p.add_argument(
        "--cli", action="store_true", help="time the command `ena-rules validate --jobs J`"
    )
    p.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="job counts to time")
    p.add_argument("--runs", type=int, default=3, help="runs per job count (median)")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = p.parse_args(argv)
    jobs = sorted(set(args.jobs) | {1})
    how = measure_cli if args.cli else measure
    figures = []
    for events in args.events:
        out = how(args.logs, events, jobs, args.runs)
        print(report(out))
        figures.append(out)
    if args.json:
        data = figures[0] if len(figures) == 1 else figures
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
