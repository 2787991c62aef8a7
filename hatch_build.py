"""The optional compiled build: ``ENA_RULES_COMPILE=1 python3 -m pip install .``.

Without the variable this hook does nothing and the wheel is the pure-Python package. With
``ENA_RULES_COMPILE=1`` it asks for mypy (whose mypyc compiles typed Python to C extensions)
and setuptools (which drives the C compiler) as build requirements, compiles the modules of
:data:`COMPILED_MODULES` in a copy of the package in a temporary folder (never in the
checkout: a pure install or a test run from the checkout must not pick up a compiled module),
and puts the extension modules into a platform wheel beside the Python sources. Python imports
an extension module before a ``.py`` file of the same name, so the compiled modules are the
ones that run; ``ena_rules.COMPILED`` says which build is installed.

What is compiled and why (docs/architecture.md, "The compiled build"): every module of the
rules package but its entry points (``rules/referee.py``, whose body is ``rules/dispatch.py``;
``rules/chance.py``; ``rules/view.py``),
and the validator's per-line loop (``log/validate.py``, ``log/replay.py``, and
``log/table_record.py``, whose replay of table records extends ``log/replay.py``'s: an
interpreted class cannot inherit from a compiled one).
The value classes (``game/``, ``cards/``, ``variant/``) stay pure:
mypyc cannot compile attrs classes whose fields have converters, compiled comparisons of attrs
values went wrong when tried, and a compiled function checks its annotations at run time, so
the public entry points (``rules/referee.py``, ``rules/chance.py``, ``rules/view.py``) stay
pure too and run the library's own argument checks (``ena_rules/game/guards.py``) before any
compiled code is called.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The variable that asks for the compiled build, and its one accepted "yes".
ENV = "ENA_RULES_COMPILE"

#: The modules mypyc compiles (paths inside the package); every other module stays Python.
COMPILED_MODULES = (
    "rules/answers.py",
    "rules/arbiter.py",
    "rules/challenge.py",
    "rules/clock.py",
    "rules/deal.py",
    "rules/discard.py",
    "rules/dispatch.py",
    "rules/effects.py",
    "rules/elimination.py",
    "rules/finish.py",
    "rules/forced.py",
    "rules/judgement.py",
    "rules/mercy.py",
    "rules/multi.py",
    "rules/open_counts.py",
    "rules/overtake.py",
    "rules/penalties.py",
    "rules/revenge.py",
    "rules/scoring.py",
    "rules/sight.py",
    "rules/teams.py",
    "rules/turn.py",
    "rules/uno.py",
    "rules/unknown.py",
    "rules/unseen.py",
    "rules/windows.py",
    "rules/work.py",
    "log/replay.py",
    "log/table_record.py",
    "log/validate.py",
)

#: mypy (its mypyc), setuptools (which drives the C compiler), and the package's own
#: dependencies, which mypy reads to type-check the modules it compiles.
_BUILD_REQUIREMENTS = [
    "mypy>=1.10",
    "setuptools>=68",
    "attrs>=23.1",
    "cattrs>=23.2",
    "tomli-w>=1.0",
]

_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

modules = sys.argv[1:]
sys.argv[1:] = ["build_ext", "--inplace"]
setup(
    name="ena_rules_compiled",
    ext_modules=mypycify(modules, opt_level="3", debug_level="0", group_name="ena_rules"),
)
"""


def compile_requested() -> bool:
    """True when the environment asks for the compiled build (``ENA_RULES_COMPILE=1``)."""
    return os.environ.get(ENV, "").strip() == "1"


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """A hatchling build hook: mypyc-compiled extension modules when ``ENA_RULES_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The extra build requirements, only for the compiled build."""
        return list(_BUILD_REQUIREMENTS) if compile_requested() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile into a temporary copy; add the extension modules to the wheel."""
        if self.target_name != "wheel" or not compile_requested():
            return
        if version == "editable":
            raise RuntimeError(
                f"{ENV}=1 builds a regular wheel (pip install .), not an editable install"
            )
        root = Path(self.root)
        self._tmp = tempfile.mkdtemp(prefix="ena-rules-mypyc-")
        work = Path(self._tmp)
        shutil.copytree(root / "ena_rules", work / "ena_rules", ignore=_ignore)
        shutil.copy(root / "pyproject.toml", work / "pyproject.toml")  # mypy's configuration
        modules = [f"ena_rules/{m}" for m in COMPILED_MODULES]
        (work / "_mypyc_setup.py").write_text(_SETUP, encoding="utf-8")
        self.app.display_info(f"mypyc: compiling {len(modules)} modules of ena_rules")
        done = subprocess.run(
            [sys.executable, "_mypyc_setup.py", *modules],
            cwd=work,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"mypyc failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = sorted(p for p in work.rglob(f"*{suffix}") if "build" not in p.parts)
        if len(built) < len(modules):
            raise RuntimeError(f"mypyc built {len(built)} extension modules for {len(modules)}")
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(work))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary copy."""
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


def _ignore(folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or n.endswith((".so", ".pyd", ".pyc"))}
