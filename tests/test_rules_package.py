"""The shape of the rules package (issue 11): every clause applied is found by a grep of its id,
the windows table of docs/timing-windows.md is the code's, the schema's effect ops are the
registry's, and the modules stay small and simple."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from ena_rules.rules.effects import EFFECT_OPS, REGISTRY
from ena_rules.rules.windows import WINDOWS
from ena_rules.variant import EFFECT_OPS as SCHEMA_OPS

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "ena_rules" / "rules"
CLAUSES = [c["id"] for c in tomllib.loads((ROOT / "specs" / "clauses.toml").read_text())["clause"]]

#: Clauses no code applies, and why.
#: Clauses no rule of the package applies (PEN-ADVICE is applied by rules/arbiter.py: an
#: arbiter's line of a log, docs/decisions.md D-ADVICE).
NOT_APPLIED: dict[str, str] = {}


def _code() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(RULES.glob("*.py")))


def test_clause_ids_are_found_where_the_rules_apply_them() -> None:
    """The clause ids of specs/clauses.toml appear in the rules package; every one missing is
    listed with the reason no code applies it (none is)."""
    code = _code()
    missing = [c for c in CLAUSES if not re.search(rf"\b{re.escape(c)}\b", code)]
    assert len(CLAUSES) - len(missing) >= 55, missing
    assert missing == list(NOT_APPLIED), missing


def test_every_clause_id_in_the_package_is_a_clause() -> None:
    """No typo: every clause-like id in the rules package is one of specs/clauses.toml."""
    found = set(re.findall(r"\b(?:[A-Z]+[0-9]*-)+[A-Z0-9]+\b", _code()))
    known = set(CLAUSES) | {"D-OVT-AFTER-DRAW", "D-UNO-WINDOW", "D-CHAL-STACK", "D-FLIP-NUMBER"}
    # the decisions cited by the code are entries of docs/decisions.md
    decisions = (ROOT / "docs" / "decisions.md").read_text(encoding="utf-8")
    known |= set(re.findall(r"^### (D-[A-Z0-9-]+)", decisions, re.M))
    known |= {"D-DOUBLE-SCORE-OWN-HAND", "D-ELIMINATION-TIE", "D-OPEN-BLIND"}  # housetable
    assert sorted(found - known) == []


def test_the_windows_table_of_the_docs_is_the_code() -> None:
    """docs/timing-windows.md lists exactly the windows of rules.windows.WINDOWS, in order."""
    text = (ROOT / "docs" / "timing-windows.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \[([^\]]+)\]\(#[^)]*\) \|", text, re.M)
    assert rows == [w.name for w in WINDOWS]


def test_the_schema_lists_the_registry_ops() -> None:
    """The schema's EFFECT_OPS is the registry's: one function per op of the catalogue, each
    with a clause."""
    assert SCHEMA_OPS is EFFECT_OPS
    assert list(EFFECT_OPS) == list(REGISTRY)
    assert all(p.clause in CLAUSES and p.spec.doc for p in REGISTRY.values())


@pytest.mark.parametrize("path", sorted(RULES.glob("*.py")), ids=lambda p: p.name)
def test_modules_of_the_rules_package_are_small(path: Path) -> None:
    """Every module of ena_rules/rules is under 500 lines."""
    assert len(path.read_text(encoding="utf-8").splitlines()) < 500


def test_the_rules_package_is_simple() -> None:
    """ruff's complexity check (C901, at most 12) passes on the rules package."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--select",
            "C901",
            "--config",
            "lint.mccabe.max-complexity = 12",
            str(RULES),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout


#: The official clauses issue 2 asks a test for; each must appear in a test name in tests/.
OFFICIAL_CLAUSES = [
    "DECK-108",
    "DECK-112",
    "DECK-WSH",
    "DECK-WC",
    "SETUP-PLAYERS",
    "DEAL-CUT-OFF",
    "DEAL-CUT-TIE",
    "DEAL-SEVEN",
    "DEAL-FIRST",
    "DEAL-ROTATE",
    "FLIP-ACTION",
    "FLIP-D2",
    "FLIP-SKIP",
    "FLIP-REV",
    "FLIP-WILD",
    "FLIP-WD4-OFF",
    "TURN-MATCH",
    "TURN-WILD",
    "TURN-WD4-LEGAL",
    "TURN-DRAW",
    "TURN-NEXT",
    "TURN-RESHUFFLE",
    "ACT-SKIP",
    "ACT-REV",
    "ACT-REV-2P",
    "ACT-D2",
    "ACT-WILD",
    "ACT-WD4",
    "UNO-CALL",
    "UNO-CATCH",
    "UNO-SAFE",
    "UNO-WINDOW",
    "UNO-FALSE",
    "CHAL-WHO",
    "CHAL-SHOW",
    "CHAL-GUILTY",
    "CHAL-INNOCENT",
    "PEN-WRONG-OFF",
    "END-ROUND",
    "END-LAST-DRAW",
    "SCORE-VALUES",
    "SCORE-OFF",
]


def test_every_official_clause_has_a_test() -> None:
    """Every official clause id of issue 2 names at least one test in tests/."""
    names: list[str] = []
    for path in Path(__file__).parent.glob("test_*.py"):
        names += re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    missing = [c for c in OFFICIAL_CLAUSES if not any(c.replace("-", "_") in n for n in names)]
    assert not missing, f"no test names these clauses: {missing}"
