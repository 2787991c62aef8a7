"""The samples the fuzz run mutates: the documented logs, the shipped and the test variant
files, the generated house-rule variants (:data:`HOUSE_RULES`), positions reached in random
games, and table records of random games of every variant (docs/reliability.md).
:mod:`ena_rules.testing.fuzz` re-exports the public ones.

>>> [file for file, _, _ in house_variants()][:2]
['house0.toml', 'house1.toml']
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from ..game.position import format_position
from ..rules.referee import apply, legal_events
from ..variant import Variant

__all__ = ["HOUSE_RULES", "house_variants"]


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
    """The generated house-rule variants: ``(file name, text, variant)``, each loaded.

    >>> house_variants()[0][2].play.forced
    True
    """
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
