"""ena_rules performance, side by side with RLCard 1.2.0's UNO, in one run.

    python3 -m pip install -e '.[bench]' && python3 benchmarks/run.py

Every target of docs/performance.md is printed as a ratio at the end, met or not: the
pure-Python package is measured in this process, the compiled build (mypyc,
``ENA_RULES_COMPILE=1``) by this script run again under the python of a venv of its own
(benchmarks/compiled.py builds it from this checkout when missing or stale), ``validate_many``
with 1 and 2 jobs over 1,000 logs by benchmarks/batch.py's measure.

Options: ``--quick`` (a smoke run, about a tenth of the work), ``--runs N`` (runs per figure;
the median is reported), ``--json FILE`` (every figure, for docs/performance.md),
``--no-rlcard`` (leave the comparison out when RLCard cannot be installed; the ratio is then
not printed), ``--no-compiled`` (leave the compiled build out), ``--compiled-python PY`` (a
python whose ena_rules is the compiled build, instead of benchmarks/.venv-compiled). Times are
CPU time of the measuring thread (``time.thread_time``), which other processes on a loaded
machine inflate far less than wall time; the batch speed-up alone is wall time. See
docs/performance.md for what is measured and why.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import batch
import compiled
import floor
import logs
import memory
import playouts
import rlcard_uno
from common import POLICIES, fmt_us, long_variant, machine, median, variant

import ena_rules

UNO = ("official", "ena")
"""The two UNO rule sets every section measures."""
FAMILY = ("crazy-eights", "mau-mau", "no-mercy", "flip")
"""The family's games: measured per action against RLCard too (``--variants``)."""
TARGET_RATIO = 2.0
"""Per action, the pure-Python package: at most this many times RLCard's raw loop."""
TARGET_COMPILED_RATIO = 1.0
"""Per action, the compiled build: at most RLCard's raw loop."""
TARGET_VALIDATE_OVER_APPLY = 1.2
"""validate may cost at most this many times apply alone over the same events."""
TARGET_EVENTS_PER_S = 100_000
"""validate, compiled build."""
TARGET_SPEEDUP = 1.7
"""validate_many over 1,000 logs, 2 jobs against 1 (2 cores)."""
TARGET_HISTORY_BYTES = 1_000_000
TARGET_GROWTH = 1.10
"""Late actions may cost at most this much more than early ones (timing noise, not a trend)."""
TARGET_MEMORY_GROWTH = 1.25
"""validate's peak memory on a log 4 x longer: at most this much more (constant, not a trend)."""


def _load() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:  # pragma: no cover - not on every platform
        return 0.0


def _print(title: str) -> None:
    print(f"\n== {title} ==")


def _table(rows: list[list[str]], head: list[str]) -> None:
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, ["-" * w for w in widths], *rows]:
        print("  ".join(str(c).rjust(w) for c, w in zip(r, widths, strict=True)))


def _alternating(
    args: argparse.Namespace, n: int, runs: int, rounds: int, names: tuple[str, ...] = UNO
) -> tuple[dict[str, list[playouts.Tally]], list[playouts.Tally]]:
    """Per run: ``rounds`` rounds of each of ``names`` and of RLCard, alternating in chunks."""
    chunk = max(rounds // 10, 1)
    ours: dict[str, list[playouts.Tally]] = {name: [] for name in names}
    rl_runs: list[playouts.Tally] = []
    for r in range(runs):
        run_ours = {name: playouts.Tally() for name in ours}
        run_rl = playouts.Tally()
        for c in range(0, rounds, chunk):
            seed = args.seed + 100_000 * r + c
            k = min(chunk, rounds - c)
            for name, tally in run_ours.items():
                tally.add(
                    playouts.run_rounds(
                        variant(name), n, k, seed=seed, policy=POLICIES["play-first"]
                    )
                )
            if not args.no_rlcard:
                run_rl.add(rlcard_uno.run_rounds(n, k, seed=seed))
        for name, tally in run_ours.items():
            ours[name].append(tally)
        if not args.no_rlcard:
            rl_runs.append(run_rl)
    return ours, rl_runs


def _policy_costs(
    args: argparse.Namespace, n: int, names: tuple[str, ...] = UNO
) -> tuple[dict[str, float], float]:
    """CPU ns of one choice: our play-first policy per variant, and RLCard's random choice."""
    ours = {
        name: playouts.policy_cpu_ns(
            variant(name), n, 20, seed=args.seed, policy=POLICIES["play-first"]
        )
        for name in names
    }
    rl = 0.0 if args.no_rlcard else rlcard_uno.choice_cpu_ns(n, 20, seed=args.seed)
    return ours, rl


def _compare(
    args: argparse.Namespace, n: int, runs: int, rounds: int, names: tuple[str, ...] = UNO
) -> tuple[dict[str, dict[str, Any]], dict[str, Any] | None]:
    """Ours (``names``) and RLCard for ``n`` players: engine CPU per action, ratios."""
    ours, rl_runs = _alternating(args, n, runs, rounds, names)
    pol, rl_pol = _policy_costs(args, n, names)
    rl: dict[str, Any] | None = None
    if rl_runs:
        rl_action = [t.action_cpu_ns - rl_pol for t in rl_runs]
        rl = {
            "action_cpu_ns": median(rl_action),
            "round_cpu_ns": median([t.round_cpu_ns for t in rl_runs]),
            "actions_per_round": median([t.actions / t.rounds for t in rl_runs]),
            "choice_cpu_ns": rl_pol,
            "aborted_rounds": sum(t.aborted for t in rl_runs),
            "runs_action_cpu_ns": rl_action,
        }
    results = {}
    for name, tallies in ours.items():
        action = [t.action_cpu_ns - pol[name] for t in tallies]
        res: dict[str, Any] = {
            "variant": name,
            "players": n,
            "actions_per_round": median([t.actions / t.rounds for t in tallies]),
            "action_cpu_ns": median(action),
            "round_cpu_ns": median([t.round_cpu_ns for t in tallies]),
            "policy_cpu_ns": pol[name],
            "runs_action_cpu_ns": action,
            "ratio": None,
        }
        if rl is not None:
            ratios = [a / b for a, b in zip(action, rl["runs_action_cpu_ns"], strict=True)]
            res["ratio"] = median(ratios)
            res["runs_ratio"] = ratios
        results[name] = res
    return results, rl


def playouts_vs_rlcard(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """Per action and per round, ours (``--variants``: UNO and the family's games) against
    RLCard, median of several runs."""
    chunk = max(args.rounds // 10, 1)
    _print(
        f"Random playouts, one round per deal, play-first policy: {args.runs} runs of "
        f"{args.rounds} rounds, ours and RLCard alternating every {chunk} rounds; medians.\n"
        "An action = legal_events + apply, fully checked (RLCard: get_legal_actions + step). "
        "CPU time of this thread, the policies' measured choice subtracted; (legal_events, "
        "apply): each alone, replayed on recorded rounds"
    )
    rows = []
    results: list[dict[str, Any]] = []
    for n in (2, 4):
        ours, rl = _compare(args, n, args.runs, args.rounds, tuple(args.variants))
        for name, res in ours.items():
            legal, act = playouts.split_cpu_ns(
                variant(name),
                n,
                max(args.rounds // 4, 10),
                seed=args.seed,
                policy=POLICIES["play-first"],
            )
            res["legal_events_cpu_ns"] = legal
            res["apply_cpu_ns"] = act
            res["rlcard"] = rl
            results.append(res)
            rows.append(
                [
                    name,
                    str(n),
                    f"{res['actions_per_round']:.1f}",
                    fmt_us(res["action_cpu_ns"]),
                    fmt_us(res["legal_events_cpu_ns"]),
                    fmt_us(res["apply_cpu_ns"]),
                    f"{res['round_cpu_ns'] / 1e6:.2f}",
                    f"{rl['actions_per_round']:.1f}" if rl else "-",
                    fmt_us(rl["action_cpu_ns"]) if rl else "-",
                    f"{rl['round_cpu_ns'] / 1e6:.2f}" if rl else "-",
                    f"{res['ratio']:.2f}" if rl else "-",
                ]
            )
    _table(
        rows,
        [
            "variant",
            "players",
            "actions/round",
            "us/action",
            "(legal_events",
            "apply)",
            "ms/round",
            "RLCard actions/round",
            "us/action",
            "ms/round",
            "ours/RLCard",
        ],
    )
    out["playouts"] = results


def uniform_policy(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """The uniform policy: every legal event equally likely, so hands grow and rounds run long."""
    rounds = max(args.rounds // 10, 3)
    _print(
        f"Uniform policy (any legal event, out-of-turn ones too): {rounds} rounds, 1 run; "
        "CPU, policy included"
    )
    rows = []
    results = []
    for name in UNO:
        for n in (2, 4):
            t = playouts.run_rounds(
                variant(name), n, rounds, seed=args.seed, policy=POLICIES["uniform"]
            )
            res = {
                "variant": name,
                "players": n,
                "actions_per_round": t.actions / t.rounds,
                "action_cpu_ns": t.action_cpu_ns,
                "round_cpu_ns": t.round_cpu_ns,
            }
            results.append(res)
            rows.append(
                [
                    name,
                    str(n),
                    f"{res['actions_per_round']:.0f}",
                    fmt_us(t.action_cpu_ns),
                    f"{t.round_cpu_ns / 1e6:.1f}",
                ]
            )
    _table(rows, ["variant", "players", "actions/round", "us/action", "ms/round"])
    out["uniform"] = results


def whole_games(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """Whole games to the variant's scoring target."""
    games = max(args.rounds // 20, 3)
    _print(
        f"Whole games (every round to the scoring target), play-first policy: {games} games; "
        "CPU, policy included"
    )
    rows = []
    results = []
    for name in UNO:
        for n in (2, 4):
            t = playouts.run_games(
                variant(name), n, games, seed=args.seed, policy=POLICIES["play-first"]
            )
            res = {
                "variant": name,
                "players": n,
                "games": t.games,
                "rounds_per_game": t.rounds / t.games,
                "actions_per_game": t.actions / t.games,
                "action_cpu_ns": t.action_cpu_ns,
                "game_cpu_ns": t.game_cpu_ns,
            }
            results.append(res)
            rows.append(
                [
                    name,
                    str(n),
                    f"{res['rounds_per_game']:.1f}",
                    f"{res['actions_per_game']:.0f}",
                    fmt_us(t.action_cpu_ns),
                    f"{t.game_cpu_ns / 1e6:.1f}",
                ]
            )
    _table(rows, ["variant", "players", "rounds/game", "actions/game", "us/action", "ms/game"])
    out["games"] = results


def players_sweep(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """How the cost of an action grows with the number of players."""
    rounds = max(args.rounds // 4, 10)
    runs = max(args.runs // 2, 1)
    _print(
        f"Players: CPU us/action (policy subtracted), play-first policy, {runs} runs of {rounds} "
        "rounds alternating with RLCard; medians"
    )
    rows = []
    results = []
    for n in (2, 3, 4, 6, 8, 10):
        ours, rl = _compare(args, n, runs, rounds)
        res: dict[str, Any] = {"players": n, "ours": ours, "rlcard": rl}
        row = [str(n)]
        for name in UNO:
            row.append(fmt_us(ours[name]["action_cpu_ns"]))
        if rl is not None:
            row.append(fmt_us(rl["action_cpu_ns"]))
            row += [f"{ours[name]['ratio']:.2f}" for name in UNO]
        results.append(res)
        rows.append(row)
    head = ["players", "official", "ena"]
    if not args.no_rlcard:
        head += ["RLCard", "official/RLCard", "ena/RLCard"]
    _table(rows, head)
    out["players"] = results


def _bucket_median(samples: list[tuple[int, int, int, int]], index: int, edges: list[int]) -> list:
    rows = []
    for lo, hi in zip(edges, [*edges[1:], 10**12], strict=True):
        xs = [s[3] for s in samples if lo <= s[index] < hi]
        if xs:
            rows.append(
                (
                    lo,
                    hi,
                    len(xs),
                    median(xs),
                    median([s[2] for s in samples if lo <= s[index] < hi]),
                )
            )
    return rows


def growth(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """Does an action cost more late in a long game than early? (It must not.)"""
    events = args.log_events // 4
    _print(
        f"Growth: one long game (ena with a raised target, 4 players), {events} events; "
        "median us/action by events already played"
    )
    t = playouts.run_games(
        long_variant("ena"),
        4,
        1,
        seed=args.seed,
        policy=POLICIES["play-first"],
        record=True,
        max_events=events,
    )
    step = max(events // 8, 1)
    edges = list(range(0, events, step))
    rows = _bucket_median(t.samples, 0, edges)
    _table(
        [
            [f"{lo}-{min(hi, events) - 1}", str(k), fmt_us(m), f"{c:.0f}"]
            for lo, hi, k, m, c in rows
        ],
        ["events before", "actions", "us/action", "cards in hands"],
    )
    early, late = rows[0][3], rows[-1][3]
    print(f"late/early: {late / early:.2f} (rounds played: {t.rounds})")
    in_round = _bucket_median(t.samples, 1, [0, 10, 20, 40, 60, 80, 100, 150])
    print("by events before in the same round:")
    _table(
        [
            [f"{lo}-{hi - 1}" if hi < 10**12 else f"{lo}+", str(k), fmt_us(m), f"{c:.0f}"]
            for lo, hi, k, m, c in in_round
        ],
        ["in round", "actions", "us/action", "cards in hands"],
    )
    u = playouts.run_rounds(
        variant("ena"), 4, 3, seed=args.seed, policy=POLICIES["uniform"], record=True
    )
    longest = max(s[1] for s in u.samples)
    uniform_rows = _bucket_median(u.samples, 1, list(range(0, longest + 1, max(longest // 6, 1))))
    print("uniform policy, long rounds (hands grow): by events before in the round:")
    _table(
        [
            [f"{lo}-{hi - 1}" if hi < 10**12 else f"{lo}+", str(k), fmt_us(m), f"{c:.0f}"]
            for lo, hi, k, m, c in uniform_rows
        ],
        ["in round", "actions", "us/action", "cards in hands"],
    )
    out["growth"] = {
        "events": events,
        "rounds": t.rounds,
        "by_game_index": [list(r) for r in rows],
        "by_round_index": [list(r) for r in in_round],
        "uniform_by_round_index": [list(r) for r in uniform_rows],
        "late_over_early": late / early,
    }


def validation(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """Events per second checking a large log, against apply alone; the peak memory."""
    v = long_variant("ena")
    _print(
        f"Log validation: one ena game (raised target), 4 players, >= {args.log_events} events; "
        "validate and apply alone alternating, CPU time, medians"
    )
    t0 = time.perf_counter()
    events = logs.generate(v, 4, args.log_events, seed=args.seed)
    print(f"generated {len(events)} events in {time.perf_counter() - t0:.1f} s")
    outcomes = [o for _, o in events]
    res: dict[str, Any] = {"events": len(events)}
    fn = logs.find_validator()
    with tempfile.TemporaryDirectory() as tmp:
        path = logs.write_log(Path(tmp) / "big.jsonl", v, 4, args.seed, events)
        quarter = logs.write_log(
            Path(tmp) / "quarter.jsonl", v, 4, args.seed, logs.whole_rounds(events, 4)
        )
        res["log_bytes"] = path.stat().st_size
        runs = max(args.runs - 2, 1)
        apply_s, parsed_s, val_s, ratios = [], [], [], []
        summary = ""
        for _ in range(runs):
            a = logs.timed(logs.replay_apply, v, 4, events)[0]
            secs, summary = logs.timed(logs.run_validator, fn, path)
            apply_s.append(a)
            val_s.append(secs)
            ratios.append(secs / a)
            parsed_s.append(logs.timed(logs.replay_parsed, path, v, outcomes)[0])
        n = len(events)
        res["apply_events_per_s"] = n / median(apply_s)
        res["apply_events_per_s_best"] = n / min(apply_s)
        res["parse_apply_events_per_s"] = n / median(parsed_s)
        res["parse_apply_events_per_s_best"] = n / min(parsed_s)
        res["validate_events_per_s"] = n / median(val_s)
        res["validate_events_per_s_best"] = n / min(val_s)
        res["validate_over_apply"] = median(ratios)
        res["runs_validate_over_apply"] = ratios
        res["validate_result"] = summary
        res["peak_parse_apply_bytes"] = logs.peak_memory(logs.replay_parsed, path, v, outcomes)
        # each the lower of two runs: the first run of a process also fills its caches
        res["peak_validate_quarter_bytes"] = min(
            logs.peak_memory(logs.run_validator, fn, quarter) for _ in range(2)
        )
        res["peak_validate_bytes"] = min(
            logs.peak_memory(logs.run_validator, fn, path) for _ in range(2)
        )
        rows = [
            ["apply (events in memory)", res["apply_events_per_s"], res["apply_events_per_s_best"]],
            [
                "parse+apply (stream from disk)",
                res["parse_apply_events_per_s"],
                res["parse_apply_events_per_s_best"],
                res["peak_parse_apply_bytes"],
            ],
            [
                f"ena_rules.log.validate ({summary})",
                res["validate_events_per_s"],
                res["validate_events_per_s_best"],
                res["peak_validate_bytes"],
            ],
        ]
        _table(
            [
                [r[0], f"{r[1]:,.0f}", f"{r[2]:,.0f}", f"{r[3] / 1e6:.2f}" if len(r) > 3 else "-"]
                for r in rows
            ],
            ["how", "events/s (median)", "events/s (best)", "peak MB"],
        )
    print(
        f"validate / apply alone (CPU per event, median of {runs} alternating runs): "
        f"{res['validate_over_apply']:.2f}; peak memory of validate on a quarter of the log "
        f"{res['peak_validate_quarter_bytes'] / 1e6:.2f} MB, on all of it "
        f"{res['peak_validate_bytes'] / 1e6:.2f} MB"
    )
    print(f"log: {res['log_bytes'] / 1e6:.1f} MB on disk")
    out["validation"] = res


def history_memory(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """The unique size of every state of a 1,000-event history (structural sharing)."""
    _print("Memory: every state of a 1,000-event history (shared objects counted once)")
    rows = []
    results = []
    for name in UNO:
        for n in (2, 4):
            states = memory.history(long_variant(name), n, 1000, seed=args.seed)
            sizes = memory.history_sizes(states)
            sizes.update(variant=name, players=n)
            results.append(sizes)
            rows.append(
                [
                    name,
                    str(n),
                    str(sizes["events"]),
                    f"{sizes['history_bytes'] / 1e3:.0f}",
                    f"{sizes['history_bytes'] / sizes['events']:.0f}",
                    f"{sizes['last_state_bytes'] / 1e3:.1f}",
                    f"{sizes['unshared_bytes'] / 1e6:.1f}",
                ]
            )
    _table(
        rows,
        ["variant", "players", "events", "history kB", "B/event", "one state kB", "unshared MB"],
    )
    print(f"(the variant, shared by every state, is {results[0]['variant_bytes'] / 1e3:.0f} kB)")
    out["memory"] = results


def contract_floor(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """The cost of only building the objects the design makes an action build."""
    rounds = 20  # ~1,300 actions: their objects stay in the CPU caches, as in a live game
    _print(
        "Floor: constructing one action's objects only (new GameState, Verdict, Notes, the "
        f"legal events), no rule checked; {rounds} rounds, play-first policy"
    )
    rows = []
    results = []
    for name in UNO:
        for n in (2, 4):
            f = floor.floor(variant(name), n, rounds, seed=args.seed)
            f.update(variant=name, players=n)
            results.append(f)
            rows.append(
                [
                    name,
                    str(n),
                    fmt_us(f["state_ns"]),
                    fmt_us(f["verdict_ns"]),
                    f"{fmt_us(f['notes_ns'])} ({f['notes_per_action']:.1f})",
                    f"{fmt_us(f['events_ns'])} ({f['events_per_action']:.1f})",
                    fmt_us(f["floor_ns"]),
                ]
            )
    _table(
        rows,
        [
            "variant",
            "players",
            "state us",
            "verdict us",
            "notes us (n)",
            "events us (n)",
            "floor us",
        ],
    )
    rl = {
        p["players"]: p["rlcard"]["action_cpu_ns"] for p in out.get("playouts", []) if p["rlcard"]
    }
    if rl:
        print(
            "RLCard's whole action (CPU): "
            + ", ".join(f"{n}p {fmt_us(x)} us" for n, x in sorted(rl.items()))
            + f"; the target (x{TARGET_RATIO}): "
            + ", ".join(f"{n}p {fmt_us(x * TARGET_RATIO)} us" for n, x in sorted(rl.items()))
        )
    out["floor"] = results


def profile(args: argparse.Namespace) -> None:
    """cProfile of the playouts of one variant and player count: the top functions."""
    name, n = args.profile[0], int(args.profile[1])
    prof = cProfile.Profile()
    prof.enable()
    playouts.run_rounds(
        variant(name), n, args.rounds, seed=args.seed, policy=POLICIES["play-first"]
    )
    prof.disable()
    _print(f"cProfile: {args.rounds} rounds of {name}, {n} players (internal time)")
    pstats.Stats(prof).sort_stats("tottime").print_stats(25)
    pstats.Stats(prof).sort_stats("cumulative").print_stats(25)


def compiled_build(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """The playouts against RLCard and the validation again, under the compiled build."""
    # absolute (the child runs in a temporary folder), not resolved: a venv's python is a link
    py = Path(os.path.abspath(args.compiled_python)) if args.compiled_python else compiled.ensure()
    _print(f"The compiled build (mypyc), run by {py}: the same playouts and validation")
    with tempfile.TemporaryDirectory() as tmp:
        figures = Path(tmp) / "compiled.json"
        cmd = [
            str(py),
            os.path.abspath(__file__),
            "--as-compiled",
            "--only",
            *_compiled_sections(args),
            "--runs",
            str(args.runs),
            "--rounds",
            str(args.rounds),
            "--log-events",
            str(args.log_events),
            "--seed",
            str(args.seed),
            "--variants",
            *args.variants,
            "--json",
            str(figures),
        ]
        if args.no_rlcard:
            cmd.append("--no-rlcard")
        sys.stdout.flush()
        subprocess.run(cmd, check=True, cwd=tmp)  # not the checkout: its ena_rules is pure
        child = json.loads(figures.read_text(encoding="utf-8"))
    out["compiled"] = {k: child[k] for k in ("playouts", "validation", "machine") if k in child}


def _compiled_sections(args: argparse.Namespace) -> list[str]:
    """What the compiled build measures: the playouts and the validation, or those of them
    that ``--only`` names beside ``compiled``."""
    both = ["playouts", "validation"]
    asked = [name for name in both if args.only is not None and name in args.only]
    return asked or both


def batch_speedup(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """validate_many over 1,000 logs: 1 job against 2 (wall time), benchmarks/batch.py."""
    logs_n = 100 if args.quick else 1000
    runs = max(args.runs - 2, 1)
    _print(f"validate_many over {logs_n} logs, jobs 1 and 2, median wall time of {runs} runs")
    res = batch.measure(logs_n, 200, [1, 2], runs)
    print(batch.report(res))
    out["batch"] = res


def _ratio_line(out: dict[str, Any], key: str, limit: float, label: str) -> tuple[str, Any, str]:
    runs = out.get(key, {}).get("playouts") if key != "playouts" else out.get("playouts")
    ratios = [p["ratio"] for p in runs or [] if p["ratio"] is not None]
    name = f"per action, {label}: <= {limit} x RLCard raw"
    if not ratios:
        return (name, None, "not measured")
    figure = ", ".join(f"{p['variant']} {p['players']}p {p['ratio']:.2f}" for p in runs)
    return (name, max(ratios) <= limit, f"ours/RLCard (CPU per action): {figure}")


def validation_lines(out: dict[str, Any]) -> list[tuple[str, Any, str]]:
    """The validation's targets, met or not: validate against apply alone in each build (with
    both events/s figures), and the compiled build's events per second."""
    lines: list[tuple[str, Any, str]] = []
    builds = (
        ("pure", out.get("validation")),
        ("compiled", out.get("compiled", {}).get("validation")),
    )
    for label, val in builds:
        name = f"validate <= {TARGET_VALIDATE_OVER_APPLY} x apply alone ({label})"
        if not val:
            lines.append((name, None, "not measured"))
            continue
        lines.append(
            (
                name,
                val["validate_over_apply"] <= TARGET_VALIDATE_OVER_APPLY,
                f"{val['validate_over_apply']:.2f} x ({val['validate_events_per_s']:,.0f} "
                f"against {val['apply_events_per_s']:,.0f} events/s)",
            )
        )
    cval = out.get("compiled", {}).get("validation")
    name = f"validate >= {TARGET_EVENTS_PER_S:,} events/s (compiled)"
    if cval:
        lines.append(
            (
                name,
                cval["validate_events_per_s_best"] >= TARGET_EVENTS_PER_S,
                f"{cval['validate_events_per_s_best']:,.0f} events/s best run "
                f"({cval['validate_events_per_s']:,.0f} median), CPU time of one thread",
            )
        )
    else:
        lines.append((name, None, "not measured"))
    return lines


def _print_lines(lines: list[tuple[str, Any, str]]) -> None:
    for name, ok, figure in lines:
        verdict = "n/a" if ok is None else ("MET" if ok else "NOT MET")
        print(f"{verdict:8} {name}: {figure}")


def targets(out: dict[str, Any]) -> None:
    """Each target of docs/performance.md, met or not, with the measured ratio."""
    _print("Targets (ratios measured in this run)")
    lines = [
        _ratio_line(out, "playouts", TARGET_RATIO, "pure Python"),
        _ratio_line(out, "compiled", TARGET_COMPILED_RATIO, "compiled"),
    ]
    lines += validation_lines(out)
    b = out.get("batch")
    count = "1,000" if b is None else f"{b['logs']:,}"
    name = f"validate_many 2 jobs >= {TARGET_SPEEDUP} x 1 job ({count} logs)"
    if b:
        lines.append(
            (
                name,
                b["speedup"][2] >= TARGET_SPEEDUP,
                f"x{b['speedup'][2]:.2f} wall time (x{b['cpu_bound_speedup'][2]:.2f} from the "
                f"CPU time, what 2 idle cores give); load average {b['load_before']:.1f} -> "
                f"{b['load_after']:.1f}",
            )
        )
    else:
        lines.append((name, None, "not measured"))
    worst_hist = max(m["history_bytes"] for m in out["memory"])
    lines.append(
        (
            "1,000-event history < 1 MB",
            worst_hist < TARGET_HISTORY_BYTES,
            f"largest {worst_hist / 1e6:.2f} MB",
        )
    )
    g = out["growth"]["late_over_early"]
    lines.append(
        (
            f"action cost flat over a game (late/early <= {TARGET_GROWTH})",
            g <= TARGET_GROWTH,
            f"late/early {g:.2f} over {out['growth']['events']} events",
        )
    )
    val = out["validation"]
    grow = val["peak_validate_bytes"] / val["peak_validate_quarter_bytes"]
    lines.append(
        (
            f"validation memory constant (4 x the log: <= {TARGET_MEMORY_GROWTH} x the peak)",
            grow <= TARGET_MEMORY_GROWTH,
            f"peak {val['peak_validate_quarter_bytes'] / 1e6:.2f} MB -> "
            f"{val['peak_validate_bytes'] / 1e6:.2f} MB (x{grow:.2f})",
        )
    )
    _print_lines(lines)
    out["targets"] = [{"target": n, "met": ok, "figure": f} for n, ok, f in lines]


def main(argv: list[str] | None = None) -> int:
    """Run every benchmark and print the figures; 1 if RLCard is missing (unless --no-rlcard)."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--quick", action="store_true", help="a smoke run: about a tenth of the work")
    p.add_argument("--runs", type=int, default=5, help="runs per figure (median reported)")
    p.add_argument("--rounds", type=int, default=200, help="rounds per run of the playouts")
    p.add_argument("--log-events", type=int, default=200_000, help="events in the large log")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--variants",
        nargs="+",
        default=[*UNO, *FAMILY],
        help="the shipped variants measured per action against RLCard (default: UNO and the "
        "family's games)",
    )
    p.add_argument("--json", type=Path, help="write every figure to this file")
    p.add_argument("--no-rlcard", action="store_true", help="skip the RLCard comparison")
    p.add_argument(
        "--only",
        nargs="*",
        choices=[
            "playouts",
            "uniform",
            "games",
            "players",
            "growth",
            "validation",
            "memory",
            "floor",
            "compiled",
            "batch",
        ],
        help="run only these sections (the targets summary needs them all)",
    )
    p.add_argument("--no-compiled", action="store_true", help="leave the compiled build out")
    p.add_argument(
        "--compiled-python",
        help="a python whose ena_rules is the compiled build (default: benchmarks/.venv-compiled)",
    )
    p.add_argument("--as-compiled", action="store_true", help=argparse.SUPPRESS)
    p.add_argument(
        "--profile",
        nargs=2,
        metavar=("VARIANT", "PLAYERS"),
        help="only profile the playouts of one variant and player count (cProfile)",
    )
    args = p.parse_args(argv)
    if args.as_compiled != ena_rules.COMPILED:
        print(
            f"ena_rules.COMPILED is {ena_rules.COMPILED} ({ena_rules.__file__}): run this "
            "with the pure-Python package (pip install -e '.[bench]'); the compiled build is "
            "run by the script itself"
        )
        return 1
    if args.profile is not None:
        profile(args)
        return 0
    if args.quick:
        args.runs, args.rounds, args.log_events = 3, 20, 20_000
    if not args.no_rlcard:
        why = rlcard_uno.available()
        if why is not None:
            print(f"RLCard unavailable: {why}\n(run with --no-rlcard to measure ena_rules alone)")
            return 1
    out: dict[str, Any] = {"machine": machine(), "args": {k: str(x) for k, x in vars(args).items()}}
    m = out["machine"]
    build = "compiled build (mypyc)" if ena_rules.COMPILED else "pure-Python package"
    print(f"ena_rules benchmarks, {build}, on {m['cpu']} ({m['nproc']} cpus), Python {m['python']}")
    out["load_before"] = _load()
    print(f"RLCard {rlcard_uno.VERSION}" if not args.no_rlcard else "RLCard: skipped")
    sections = {
        "playouts": playouts_vs_rlcard,
        "uniform": uniform_policy,
        "games": whole_games,
        "players": players_sweep,
        "growth": growth,
        "validation": validation,
        "memory": history_memory,
        "floor": contract_floor,
        "compiled": compiled_build,
        "batch": batch_speedup,
    }
    if args.no_compiled:
        del sections["compiled"]
    for name, fn in sections.items():
        if args.only is None or name in args.only:
            fn(args, out)
    if args.only is None:
        targets(out)
    elif "validation" in args.only and not args.as_compiled:
        _print("Targets of the validation (ratios measured in this run)")
        _print_lines(validation_lines(out))
    out["load_after"] = _load()
    print(
        f"\nload average (1 min) before {out['load_before']:.2f}, after {out['load_after']:.2f}"
        + (
            ": other processes shared the CPUs; the figures are this thread's CPU time, which "
            "that inflates far less than wall time (shared caches and cores still count)"
            if max(out["load_before"], out["load_after"] - 1.0) > 0.5  # 1.0: this run itself
            else ""
        )
    )
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
        print(f"\nfigures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
