"""The compiled build for the benchmark: a venv of its own, built from this checkout.

    python3 benchmarks/compiled.py          # build (or reuse) it; prints its python

``run.py`` measures the pure-Python package in its own process and the compiled one
(``ENA_RULES_COMPILE=1 python3 -m pip install .``: mypyc, see hatch_build.py) by running itself
again under this venv's python, with RLCard beside it, so that both builds are compared with
RLCard in a process of their own. The venv lives in ``benchmarks/.venv-compiled`` (ignored by
git); it is rebuilt when the package's sources, the build hook or pyproject.toml changed since
it was built (their hash is kept in the venv). Building takes a few minutes (a C compiler and
Python's headers are needed: ``apt-get install build-essential python3-dev``).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "benchmarks" / ".venv-compiled"
STAMP = VENV / "ena_rules-sources.sha256"


def _sources_hash() -> str:
    h = hashlib.sha256()
    files = sorted((ROOT / "ena_rules").rglob("*.py"))
    files += [ROOT / "hatch_build.py", ROOT / "pyproject.toml"]
    for path in files:
        h.update(str(path.relative_to(ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def python() -> Path:
    """The venv's python (``bin/python``)."""
    return VENV / "bin" / "python"


def ensure(*, quiet: bool = False) -> Path:
    """The compiled venv's python, built first if missing or older than the sources."""
    want = _sources_hash()
    if python().exists() and STAMP.exists() and STAMP.read_text().strip() == want:
        return python()
    say = (lambda *_: None) if quiet else (lambda msg: print(msg, flush=True))
    say(f"building the compiled build into {VENV} (mypyc; a few minutes) ...")
    if not python().exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    pip = [str(python()), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    env = {**os.environ, "ENA_RULES_COMPILE": "1"}
    subprocess.run([*pip, "--force-reinstall", str(ROOT)], check=True, env=env)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    bench = project["project"]["optional-dependencies"]["bench"]  # RLCard and numpy
    subprocess.run([*pip, *bench], check=True)
    check = "import ena_rules, sys; sys.exit(0 if ena_rules.COMPILED else 1)"
    if subprocess.run([str(python()), "-c", check], cwd=VENV, check=False).returncode != 0:
        raise RuntimeError(f"{VENV}: ena_rules.COMPILED is not True after the compiled build")
    STAMP.write_text(want + "\n")
    say("compiled build ready")
    return python()


if __name__ == "__main__":
    print(ensure())
