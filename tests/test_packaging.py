"""The package as users install it: metadata, version, shipped variants, ENA_RULES_PATH.

The wheel itself is built and installed into a fresh venv by .ci/run (``python -m build``),
which runs the commands below from a folder outside the checkout.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

import ena_rules
from ena_rules import VariantError, load_variant
from ena_rules.variant.finder import (
    ENV_VAR,
    available_variants,
    find_variant,
    search_path,
    shipped_dir,
    shipped_variants,
)

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def run(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m ena_rules ARGS`` in ``cwd`` (never raises on exit codes)."""
    result = subprocess.run(
        [sys.executable, "-m", "ena_rules", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        check=False,
        env={**os.environ, **(env or {})},
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


class TestMetadata:
    def test_the_license_is_an_spdx_expression(self) -> None:
        """PEP 639: ``license = "MIT"``, the text in LICENSE, no license classifier."""
        project = PYPROJECT["project"]
        assert project["license"] == "MIT"
        assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
        assert not [c for c in project["classifiers"] if c.startswith("License ::")]

    def test_classifiers_say_typed_and_every_python_version_allowed(self) -> None:
        """``Typing :: Typed`` (py.typed is shipped) and a classifier per Python 3.11+."""
        classifiers = PYPROJECT["project"]["classifiers"]
        assert "Typing :: Typed" in classifiers
        assert (ROOT / "ena_rules" / "py.typed").is_file()
        assert PYPROJECT["project"]["requires-python"] == ">=3.11"
        versions = {c.rsplit(" ", 1)[1] for c in classifiers if re.match(r".*:: 3\.\d+$", c)}
        assert {"3.11", "3.12", "3.13"} <= versions

    def test_the_version_has_one_source(self) -> None:
        """pyproject reads the version from ena_rules/__init__.py; the installed metadata agrees."""
        assert "version" not in PYPROJECT["project"]
        assert "version" in PYPROJECT["project"]["dynamic"]
        assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "ena_rules/__init__.py"
        assert metadata.version("ena_rules") == ena_rules.__version__

    def test_extras_for_tests_benchmarks_hypothesis_and_docs(self) -> None:
        """Each extra exists; rlcard is not pinned to one release (it resolves with the rest)."""
        extras = PYPROJECT["project"]["optional-dependencies"]
        assert {"test", "bench", "hypothesis", "docs"} <= set(extras)
        assert not [r for r in extras["bench"] if "==" in r]
        assert any(r.startswith("hypothesis") for r in extras["hypothesis"])
        assert any(r.startswith("mkdocs-material") for r in extras["docs"])


def _build(hook: str, out: Path) -> Path:
    """Run the build backend's PEP 517 hook (``build_wheel`` or ``build_sdist``) into ``out``."""
    code = f"import sys; from hatchling.build import {hook}; print({hook}(sys.argv[1]))"
    r = subprocess.run(
        [sys.executable, "-c", code, str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    return out / r.stdout.strip().splitlines()[-1]


class TestDistributions:
    def test_the_wheel_carries_the_shipped_variants_and_the_clause_list(
        self, tmp_path: Path
    ) -> None:
        """The wheel holds every file of the top-level ``variants/`` as ``ena_rules/variants``,
        the clause list, the JSON Schemas, the sample logs of docs/examples (as
        ``ena_rules/data/examples``) and py.typed; no tests, no top-level folders."""
        with zipfile.ZipFile(_build("build_wheel", tmp_path)) as wheel:
            names = set(wheel.namelist())
        for path in sorted((ROOT / "variants").glob("*.toml")):
            assert f"ena_rules/variants/{path.name}" in names
        for data in ("clauses.toml", "ena-log.schema.json", "validate-output.schema.json"):
            assert f"ena_rules/data/{data}" in names
        assert "ena_rules/py.typed" in names and "ena_rules/__main__.py" in names
        for path in sorted((ROOT / "docs" / "examples").glob("*.jsonl")):  # `ena-rules examples`
            assert f"ena_rules/data/examples/{path.name}" in names
            assert f"ena_rules/data/examples/{path.stem}.expected.json" in names
        assert {n.split("/")[0] for n in names} <= {"ena_rules", "ena_rules-" + _dist_version()}

    def test_the_sdist_carries_variants_specs_and_docs(self, tmp_path: Path) -> None:
        """The sdist holds variants/, specs/, docs/, the tests and the licence."""
        with tarfile.open(_build("build_sdist", tmp_path)) as sdist:
            names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
        for folder in ("variants", "specs", "docs"):
            expected = {str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*") if p.is_file()}
            expected = {n for n in expected if "__pycache__" not in n}
            assert expected <= names, f"{folder}/ files missing: {sorted(expected - names)[:5]}"
        assert {"LICENSE", "README.md", "pyproject.toml", "tests/test_packaging.py"} <= names


class TestBuilds:
    def test_compiled_says_which_build_is_installed(self) -> None:
        """``ena_rules.COMPILED`` is False in the pure-Python package, True in the compiled build
        (.ci/run sets ENA_RULES_EXPECT_COMPILED=1 for the suite's run against it)."""
        from ena_rules.rules import turn

        expected = os.environ.get("ENA_RULES_EXPECT_COMPILED") == "1"
        assert ena_rules.COMPILED is expected
        assert turn.__file__ is not None and turn.__file__.endswith(".py") is not expected

    def test_the_compile_switch_adds_build_requirements_only_when_set(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """hatch_build.py asks for mypy (mypyc) and setuptools only with ENA_RULES_COMPILE=1:
        the pure wheel builds with hatchling alone."""
        sys.path.insert(0, str(ROOT))
        try:
            import hatch_build
        finally:
            sys.path.remove(str(ROOT))
        monkeypatch.delenv("ENA_RULES_COMPILE", raising=False)
        assert not hatch_build.compile_requested()
        monkeypatch.setenv("ENA_RULES_COMPILE", "1")
        assert hatch_build.compile_requested()
        modules = set(hatch_build.COMPILED_MODULES)
        entry_points = {"rules/referee.py", "rules/chance.py", "rules/view.py"}
        assert entry_points.isdisjoint(modules)  # the entry points run the guards, uncompiled
        rules = {f"rules/{p.name}" for p in (ROOT / "ena_rules" / "rules").glob("*.py")}
        assert rules - entry_points - {"rules/__init__.py"} <= modules, "a rules module left pure"
        assert not {m for m in modules if m.startswith(("game/", "cards/", "variant/"))}

    def test_no_pure_class_extends_a_compiled_one(self) -> None:
        """mypyc: "interpreted classes cannot inherit from compiled": a class of a module left
        pure may not have a base class from one of hatch_build.COMPILED_MODULES."""
        import importlib
        import inspect
        import pkgutil

        sys.path.insert(0, str(ROOT))
        try:
            import hatch_build
        finally:
            sys.path.remove(str(ROOT))
        compiled = {
            "ena_rules." + m.removesuffix(".py").replace("/", ".")
            for m in hatch_build.COMPILED_MODULES
        }
        found = []
        for info in pkgutil.walk_packages(ena_rules.__path__, "ena_rules."):
            module = importlib.import_module(info.name)
            if info.name in compiled:
                continue
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if cls.__module__ != info.name:
                    continue
                found += [
                    f"{cls.__qualname__} ({info.name}) extends {b.__module__}.{b.__qualname__}"
                    for b in cls.__mro__[1:]
                    if b.__module__ in compiled
                ]
        assert found == []


def _dist_version() -> str:
    return f"{ena_rules.__version__}.dist-info"


class TestCommandLine:
    def test_version_from_python_dash_m_outside_the_checkout(self, tmp_path: Path) -> None:
        """``python -m ena_rules --version`` prints the package's version, from any folder."""
        r = run("--version", cwd=tmp_path)
        assert r.returncode == 0
        assert r.stdout.strip() == f"ena-rules {ena_rules.__version__}"

    def test_variants_list_shows_every_shipped_variant_and_where_it_comes_from(
        self, tmp_path: Path
    ) -> None:
        """Every shipped variant is listed and marked shipped, from outside the checkout."""
        r = run("variants", "list", cwd=tmp_path, env={ENV_VAR: ""})
        assert r.returncode == 0
        names = [line.split()[0] for line in r.stdout.splitlines()]
        assert names == list(shipped_variants())
        assert all(line.rstrip().endswith("[shipped]") for line in r.stdout.splitlines())

    def test_a_variant_from_ena_rules_path_is_listed_and_used(self, tmp_path: Path) -> None:
        """A folder of ENA_RULES_PATH adds its variants; ``list`` names their files."""
        folder = tmp_path / "mine"
        folder.mkdir()
        (folder / "table5.toml").write_text(
            'extends = "ena"\ndescription = "Ena with 5 cards."\n[deal]\nhand_size = 5\n',
            encoding="utf-8",
        )
        env = {ENV_VAR: str(folder)}
        r = run("variants", "list", cwd=tmp_path, env=env)
        line = next(x for x in r.stdout.splitlines() if x.startswith("table5 "))
        assert f"[{folder / 'table5.toml'}]" in line
        shown = run("variants", "show", "table5", cwd=tmp_path, env=env)
        assert shown.returncode == 0
        assert "deal.hand_size = 5" in shown.stdout


class TestSearchPath:
    def test_shipped_variants_are_found_by_name(self) -> None:
        """Every file of the shipped folder is a name ``load_variant`` finds."""
        assert shipped_dir().is_dir()
        assert shipped_variants() == tuple(sorted(p.stem for p in shipped_dir().glob("*.toml")))
        assert find_variant("ena") == (shipped_dir() / "ena.toml").resolve()

    def test_ena_rules_path_is_searched_before_the_shipped_variants(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A user's ``ena.toml`` in ENA_RULES_PATH replaces the shipped one, and says so."""
        first, second = tmp_path / "a", tmp_path / "b"
        first.mkdir()
        second.mkdir()
        (second / "ena.toml").write_text(
            'name = "ena"\nextends = "official"\n[deal]\nhand_size = 4\n', encoding="utf-8"
        )
        (first / "ena.toml").write_text(
            'name = "ena"\nextends = "official"\n[deal]\nhand_size = 6\n', encoding="utf-8"
        )
        monkeypatch.setenv(ENV_VAR, os.pathsep.join([str(first), "", str(second)]))
        assert search_path()[:2] == (first, second)
        assert search_path()[-1] == shipped_dir()
        assert load_variant("ena").deal.hand_size == 6
        found = {f.name: f for f in available_variants()}
        assert found["ena"].origin == ENV_VAR and found["ena"].shadows
        assert found["official"].origin == "shipped"

    def test_a_users_ena_extends_the_shipped_ena_it_shadows(self, tmp_path: Path) -> None:
        """A user's ``ena.toml`` in ENA_RULES_PATH extends the shipped Ena with ``extends =
        "shipped:ena"`` (``extends = "ena"`` would name itself: a cycle, whose message says
        how); ``variants list`` exits 1 while a listed variant does not load, 0 once it does;
        ``shipped:ena`` names the shipped one everywhere."""
        folder = tmp_path / "mine"
        folder.mkdir()
        mine = folder / "ena.toml"
        mine.write_text('extends = "ena"\n[deal]\nhand_size = 5\n', encoding="utf-8")
        env = {ENV_VAR: str(folder)}
        r = run("variants", "list", cwd=tmp_path, env=env)
        assert r.returncode == 1
        assert "extends forms a cycle" in r.stderr
        assert 'to extend that one, write extends = "shipped:ena"' in r.stderr
        mine.write_text('extends = "shipped:ena"\n[deal]\nhand_size = 5\n', encoding="utf-8")
        r = run("variants", "list", cwd=tmp_path, env=env)
        assert r.returncode == 0 and r.stderr == ""
        assert "(extends shipped:ena)" in r.stdout and "in place of the shipped one" in r.stdout
        shown = run("variants", "show", "ena", cwd=tmp_path, env=env).stdout
        assert "deal.hand_size = 5" in shown and "overtake.enabled = true" in shown
        shipped = run("variants", "show", "shipped:ena", cwd=tmp_path, env=env).stdout
        assert "deal.hand_size = 7" in shipped
        assert run("variants", "show", "shipped:nope", cwd=tmp_path).returncode == 2

    def test_a_missing_folder_in_ena_rules_path_is_passed_over(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A folder that does not exist adds nothing and breaks nothing."""
        monkeypatch.setenv(ENV_VAR, str(tmp_path / "nowhere"))
        assert load_variant("official").name == "official"
        assert {f.name for f in available_variants()} == set(shipped_variants())

    def test_an_unknown_name_lists_the_known_ones_and_the_path_variable(self) -> None:
        """The error names what was asked, the known names and ENA_RULES_PATH."""
        with pytest.raises(VariantError, match=r"no variant 'enna': known names are .*ena.*"):
            load_variant("enna")
        with pytest.raises(VariantError, match=ENV_VAR):
            load_variant("enna")

    def test_a_path_that_does_not_exist_says_file_not_found(self, tmp_path: Path) -> None:
        """A path is never reported as an unknown variant name."""
        missing = tmp_path / "nope.toml"
        with pytest.raises(VariantError, match=r"nope\.toml: file not found$"):
            load_variant(missing)
        with pytest.raises(VariantError, match="file not found"):
            load_variant("some/dir/x.toml")

    def test_a_variant_file_with_a_byte_order_mark_loads(self, tmp_path: Path) -> None:
        """A UTF-8 BOM (as Windows editors write) is allowed, as in logs."""
        path = tmp_path / "bom.toml"
        path.write_bytes(b"\xef\xbb\xbf" + b'extends = "official"\n[deal]\nhand_size = 5\n')
        assert load_variant(path).deal.hand_size == 5
