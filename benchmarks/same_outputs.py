"""Nothing observable changes: this checkout against another, every output compared byte for byte.

    git worktree add --detach /tmp/before HEAD~3      # the tree before an engine change
    python3 benchmarks/same_outputs.py /tmp/before    # exit 0: every line the same

A speed change must leave every verdict, note, message, state and view exactly as it was
(docs/performance.md). This plays seeded random games of **every shipped variant** with 2, 3
and 4 players (as the variant allows), a quarter of the events drawn from
``ena_rules.testing.invariants.candidate_events`` (out of turn, wrong cards, bad overtakes,
false catches: the penalised and rejected paths) and the rest from ``legal_events``, and writes
one JSON line per fact: the legal events of every state, a player's view and the legal events
of that view every seventh state, and every verdict (``to_json``: outcome, clause, key, notes,
drawn, skipped, the new state) with ``str(verdict)``, ``repr`` of its notes and its message.
Each tree runs in its own process with its own ``ena_rules`` first on ``sys.path``; the two
outputs are compared line by line, the first difference printed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from two_trees import same_lines

_CHILD = r"""
import json, random, sys
from ena_rules import apply, legal_events, load_variant, new_game, view
from ena_rules.game.serialize import to_json
from ena_rules.rules.chance import deal_event
from ena_rules.testing.invariants import candidate_events
from ena_rules.variant.io import shipped_variants

out = open(sys.argv[1], "w", encoding="utf-8")
games, steps = int(sys.argv[2]), int(sys.argv[3])

def emit(obj):
    out.write(json.dumps(obj, sort_keys=True, ensure_ascii=False) + "\n")

for name in sorted(shipped_variants()):
    v = load_variant(name)
    counts = {v.players.min, max(v.players.min, min(4, v.players.max)), min(v.players.max, 3)}
    for n in sorted(counts):
        if v.players.teams != "off" and n % 2:
            continue
        for g in range(games):
            rng = random.Random(f"{name}-{n}-{g}")
            seats = [f"p{i}" for i in range(n)]
            s = new_game(v, seats, dealer=seats[0])
            for step in range(steps):
                if s.phase == "over":
                    break
                if s.phase == "deal":
                    s = apply(s, deal_event(s, seed=rng.randrange(1 << 30))).state
                    continue
                legal = legal_events(s)
                emit({"legal": [repr(e) for e in legal]})
                if step % 7 == 0:
                    p = rng.choice(s.players)
                    emit({"view": to_json(view(s, p))})
                    emit({"legal_view": [repr(e) for e in legal_events(view(s, p))]})
                pool = candidate_events(s) if rng.random() < 0.25 else []
                pool = pool or list(legal)
                if not pool:
                    break
                verdict = apply(s, rng.choice(pool))
                record = to_json(verdict)
                record["str"], record["notes_repr"] = str(verdict), repr(verdict.notes)
                record["message"] = verdict.message
                emit(record)
                if not verdict.rejected:
                    s = verdict.state
"""


def main(argv: list[str] | None = None) -> int:
    """Compare this checkout's outputs with another tree's; 0 if every line is the same."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("before", type=Path, help="the other tree (the one holding ena_rules/)")
    p.add_argument("--games", type=int, default=3, help="games per variant and player count")
    p.add_argument("--steps", type=int, default=400, help="events per game at most")
    args = p.parse_args(argv)
    return same_lines(
        _CHILD,
        args.before,
        [str(args.games), str(args.steps)],
        "lines (legal events, views, verdicts with their states)",
    )


if __name__ == "__main__":
    sys.exit(main())
