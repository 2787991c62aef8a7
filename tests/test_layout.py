"""The package's layout (docs/architecture.md): one package per concept, layers that run one
way (checked by import-linter), and every module path the docs give still importing."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import ena_rules

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ena_rules"


def _documented_paths() -> set[str]:
    """Every ``ena_rules...`` module path the README and docs/ tell users to import or read."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    found: set[str] = set()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        found |= set(re.findall(r"(?:from|import) (ena_rules(?:\.\w+)*)", text))
        found |= set(re.findall(r"^::: (ena_rules(?:\.\w+)*)", text, re.M))
        found |= set(re.findall(r"python3? -m (ena_rules(?:\.\w+)*)", text))
    return found


def test_the_top_level_has_at_most_15_entries() -> None:
    """ena_rules/ holds at most 15 entries (modules and folders, __init__.py, __main__.py,
    py.typed and data/ included); caches are not entries."""
    entries = sorted(p.name for p in PACKAGE.iterdir() if p.name != "__pycache__")
    assert len(entries) <= 15, entries


def test_every_documented_module_path_imports() -> None:
    """Each module path of the README and docs/ imports (old flat paths included)."""
    paths = _documented_paths()
    assert {"ena_rules", "ena_rules.rules.chance", "ena_rules.log.validate"} <= paths
    for path in sorted(paths):
        importlib.import_module(path)


@pytest.mark.parametrize("old", sorted(ena_rules.MOVED))
def test_a_path_of_the_earlier_layout_is_the_module_it_now_is(old: str) -> None:
    """``import ena_rules.<old>`` gives the moved module itself: the same object, its own name
    and spec, so classes, pickles and ``isinstance`` agree whichever path was used."""
    moved = importlib.import_module(f"ena_rules.{old}")
    now = importlib.import_module(f"ena_rules.{ena_rules.MOVED[old]}")
    assert moved is now
    assert moved.__name__ == now.__spec__.name == f"ena_rules.{ena_rules.MOVED[old]}"


def test_the_earlier_paths_the_guides_used_still_work() -> None:
    """The imports the guides and apps wrote before the layout changed."""
    from ena_rules.chance import cut_event, deal_event
    from ena_rules.position import format_position
    from ena_rules.serialize import to_json
    from ena_rules.svg import card
    from ena_rules.validate import validate
    from ena_rules.view import PlayerView, view

    assert cut_event.__module__ == deal_event.__module__ == "ena_rules.rules.chance"
    assert {format_position.__module__, to_json.__module__} == {
        "ena_rules.game.position",
        "ena_rules.game.serialize",
    }
    assert card.__module__ == "ena_rules.pictures.svg"
    assert validate.__module__ == "ena_rules.log.validate"
    assert view is ena_rules.view and PlayerView is ena_rules.PlayerView


def test_an_unknown_path_is_still_a_plain_import_error() -> None:
    """The finder answers only for the paths it lists."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("ena_rules.no_such_module")


def test_the_import_contracts_are_kept() -> None:
    """lint-imports (import-linter, pyproject.toml's [tool.importlinter]): the package's layers,
    the rules package's layers, and no import circle between the modules of any package."""
    command = "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())"
    result = subprocess.run(
        [sys.executable, "-c", command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout
