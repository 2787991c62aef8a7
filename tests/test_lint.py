"""The code stays clean: ``ruff check`` and ``mypy --strict`` pass (config in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize(
    "command",
    [("ruff", "check", "ena_rules", "tests"), ("mypy", "--strict", "ena_rules")],
    ids=["ruff", "mypy"],
)
def test_linters_pass(command: tuple[str, ...]) -> None:
    """ruff check ena_rules tests and mypy --strict ena_rules report nothing."""
    result = _run(*command)
    assert result.returncode == 0, (
        f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
    )
