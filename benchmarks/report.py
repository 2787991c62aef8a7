"""Markdown tables of a ``run.py --json`` file, for docs/performance.md.

python3 benchmarks/run.py --json out.json && python3 benchmarks/report.py out.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def _us(ns: float) -> str:
    return f"{ns / 1000:.1f}"


def _table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def render(d: dict[str, Any]) -> str:
    """Every section of the figures as Markdown."""
    out = []
    m = d["machine"]
    out.append(
        f"Measured on {m['cpu']} ({m['nproc']} CPUs), {m['implementation']} {m['python']}; "
        f"load average {d['load_before']:.1f} before, {d['load_after']:.1f} after."
    )
    out.append("\n### Per action and per round, against RLCard (play-first policy, one round)\n")
    rows = []
    for p in d["playouts"]:
        rl = p["rlcard"]
        rows.append(
            [
                p["variant"],
                str(p["players"]),
                f"{p['actions_per_round']:.0f}",
                _us(p["action_cpu_ns"]),
                f"{_us(p['legal_events_cpu_ns'])} + {_us(p['apply_cpu_ns'])}",
                f"{p['round_cpu_ns'] / 1e6:.2f}",
                f"{rl['actions_per_round']:.0f}",
                _us(rl["action_cpu_ns"]),
                f"{rl['round_cpu_ns'] / 1e6:.2f}",
                f"**{p['ratio']:.2f}** ({min(p['runs_ratio']):.2f}-{max(p['runs_ratio']):.2f})",
            ]
        )
    out.append(
        _table(
            [
                "variant",
                "players",
                "actions/round",
                "us/action",
                "legal_events + apply alone, us",
                "ms/round",
                "RLCard actions/round",
                "RLCard us/action",
                "RLCard ms/round",
                "ours/RLCard (runs)",
            ],
            rows,
        )
    )
    out.append("\n### Whole games (play-first policy, policy's choice included)\n")
    out.append(
        _table(
            ["variant", "players", "rounds/game", "actions/game", "us/action", "ms/game"],
            [
                [
                    g["variant"],
                    str(g["players"]),
                    f"{g['rounds_per_game']:.1f}",
                    f"{g['actions_per_game']:.0f}",
                    _us(g["action_cpu_ns"]),
                    f"{g['game_cpu_ns'] / 1e6:.1f}",
                ]
                for g in d["games"]
            ],
        )
    )
    out.append("\n### Uniform policy (hands of ~30 cards, policy's choice included)\n")
    out.append(
        _table(
            ["variant", "players", "actions/round", "us/action", "ms/round"],
            [
                [
                    u["variant"],
                    str(u["players"]),
                    f"{u['actions_per_round']:.0f}",
                    _us(u["action_cpu_ns"]),
                    f"{u['round_cpu_ns'] / 1e6:.1f}",
                ]
                for u in d["uniform"]
            ],
        )
    )
    out.append("\n### Players (us per action, play-first)\n")
    rows = []
    for p in d["players"]:
        o = p["ours"]
        rl = p["rlcard"]
        rows.append(
            [
                str(p["players"]),
                _us(o["official"]["action_cpu_ns"]),
                _us(o["ena"]["action_cpu_ns"]),
                _us(rl["action_cpu_ns"]) if rl else "-",
                f"{o['official']['ratio']:.2f}" if rl else "-",
                f"{o['ena']['ratio']:.2f}" if rl else "-",
            ]
        )
    out.append(
        _table(["players", "official", "Ena", "RLCard", "official/RLCard", "Ena/RLCard"], rows)
    )
    g = d["growth"]
    out.append(
        f"\n### Game length (one Ena game, 4 players, {g['events']:,} events, "
        f"{g['rounds']} rounds; median wall us per action)\n"
    )
    out.append(
        _table(
            ["events before", "us/action", "cards in hands"],
            [
                [f"{lo:,}-{min(hi, g['events']) - 1:,}", _us(med), f"{cards:.0f}"]
                for lo, hi, _k, med, cards in g["by_game_index"]
            ],
        )
    )
    out.append("\nBy events before in the same round:\n")
    out.append(
        _table(
            ["in round", "actions", "us/action", "cards in hands"],
            [
                [f"{lo}-{hi - 1}" if hi < 10**12 else f"{lo}+", str(k), _us(med), f"{c:.0f}"]
                for lo, hi, k, med, c in g["by_round_index"]
            ],
        )
    )
    v = d["validation"]
    out.append(
        f"\n### Validation ({v['events']:,} events, {v['log_bytes'] / 1e6:.1f} MB of ena-log)\n"
    )
    rows = [
        [
            "apply alone (events in memory)",
            f"{v['apply_events_per_s']:,.0f}",
            f"{v['apply_events_per_s_best']:,.0f}",
            "-",
        ],
        [
            "parse + apply (stream from disk)",
            f"{v['parse_apply_events_per_s']:,.0f}",
            f"{v['parse_apply_events_per_s_best']:,.0f}",
            f"{v['peak_parse_apply_bytes'] / 1e3:.0f} kB",
        ],
    ]
    if "validate_events_per_s" in v:
        rows.append(
            [
                f"`ena_rules.log.validate` ({v['validate_result']})",
                f"{v['validate_events_per_s']:,.0f}",
                f"{v['validate_events_per_s_best']:,.0f}",
                f"{v['peak_validate_bytes'] / 1e3:.0f} kB",
            ]
        )
    out.append(_table(["how", "events/s (median)", "events/s (best)", "peak memory"], rows))
    out.append("\n### History memory (every state of 1,000 events)\n")
    out.append(
        _table(
            ["variant", "players", "history", "bytes/event", "one state alone", "unshared"],
            [
                [
                    h["variant"],
                    str(h["players"]),
                    f"{h['history_bytes'] / 1e6:.2f} MB",
                    f"{h['history_bytes'] / h['events']:.0f}",
                    f"{h['last_state_bytes'] / 1e3:.1f} kB",
                    f"{h['unshared_bytes'] / 1e6:.1f} MB",
                ]
                for h in d["memory"]
            ],
        )
    )
    out.append("\n### Floor (constructing an action's objects only, us)\n")
    out.append(
        _table(
            ["variant", "players", "state", "verdict", "notes (n)", "events (n)", "floor"],
            [
                [
                    f["variant"],
                    str(f["players"]),
                    _us(f["state_ns"]),
                    _us(f["verdict_ns"]),
                    f"{_us(f['notes_ns'])} ({f['notes_per_action']:.1f})",
                    f"{_us(f['events_ns'])} ({f['events_per_action']:.1f})",
                    _us(f["floor_ns"]),
                ]
                for f in d["floor"]
            ],
        )
    )
    out.append("\n### Targets\n")
    out.append(
        _table(
            ["target", "met", "measured"],
            [
                [t["target"], {True: "yes", False: "**no**", None: "n/a"}[t["met"]], t["figure"]]
                for t in d["targets"]
            ],
        )
    )
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print the Markdown of the JSON file named on the command line."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    print(render(json.loads(Path(args[0]).read_text(encoding="utf-8"))), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
