"""The documentation stays true: generated pages are fresh, links resolve, examples run.

docs/variant-keys.md is generated (ena_rules/variant/reference.py); the other pages are written by
hand, and their ``>>>`` examples are run here as doctests so that they cannot go stale.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import ena_rules
from ena_rules.game.position import _FIELDS as POSITION_FIELDS
from ena_rules.game.state import PHASES
from ena_rules.variant import EFFECT_OPS, iter_keys
from ena_rules.variant.clauses import clauses, render_rules_page, seed_names
from ena_rules.variant.io import variant_dirs
from ena_rules.variant.reference import render_key_reference

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES = ROOT.parent / "shared" / "RULES.md"
REGENERATE = "python -m ena_rules.variant.reference --write"

#: The command that runs a page's examples, exactly as a reader would run it from the root.
DOCTEST = ("-m", "doctest", "-o", "ELLIPSIS", "-o", "NORMALIZE_WHITESPACE")


def _pages_with_examples() -> list[Path]:
    """Every page of docs/ (and README.md) that holds a ``>>>`` example."""
    pages = [*sorted(DOCS.glob("*.md")), ROOT / "README.md"]
    return [p for p in pages if re.search(r"^\s*>>> ", p.read_text(encoding="utf-8"), re.M)]


def _markdown_files() -> list[Path]:
    return [*sorted(DOCS.glob("*.md")), ROOT / "README.md"]


def _without_code(text: str) -> str:
    """The text with fenced code blocks and inline code spans removed."""
    text = re.sub(r"^(```|~~~).*?^\1[^\n]*$", "", text, flags=re.S | re.M)
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", text, flags=re.S)


_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_REF_LINK = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.M)


def _relative_links(text: str) -> list[str]:
    body = _without_code(text)
    targets = _LINK.findall(body) + _REF_LINK.findall(body)
    return [
        t
        for t in targets
        if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", t) and not t.startswith(("#", "/"))
    ]


class TestVariantKeyReference:
    def test_variant_keys_page_is_a_fresh_render(self) -> None:
        """docs/variant-keys.md is exactly what the generator makes from the current data."""
        page = DOCS / "variant-keys.md"
        assert page.is_file(), f"docs/variant-keys.md is missing: run `{REGENERATE}`"
        fresh = render_key_reference()
        assert page.read_text(encoding="utf-8") == fresh, (
            "docs/variant-keys.md is out of date with the schema or the variants: "
            f"run `{REGENERATE}`"
            " (or `python -m ena_rules.variant.reference > docs/variant-keys.md`)"
        )

    def test_every_schema_key_is_in_the_reference(self) -> None:
        """Every key of the schema has its own heading in docs/variant-keys.md."""
        text = (DOCS / "variant-keys.md").read_text(encoding="utf-8")
        missing = [k.path for k in iter_keys() if f"### `{k.path}`" not in text]
        assert not missing, f"keys missing from docs/variant-keys.md: {missing}; run `{REGENERATE}`"

    def test_every_effect_primitive_is_in_the_reference(self) -> None:
        """Every effect primitive is listed in docs/variant-keys.md."""
        text = (DOCS / "variant-keys.md").read_text(encoding="utf-8")
        assert [op for op in EFFECT_OPS if f"| `{op}` |" not in text] == []


class TestLinks:
    def test_the_link_finder_sees_links_and_skips_code(self) -> None:
        """The link check itself: inline and reference links found, code and URLs left out."""
        text = (
            "[a](a.md) ![img](img/x.png) [b](b.md#part) [c](https://x.org) [d](#here)\n"
            "`[e](e.md)`\n```\n[f](f.md)\n```\n[g]: g.md\n"
        )
        assert _relative_links(text) == ["a.md", "img/x.png", "b.md#part", "g.md"]

    @pytest.mark.parametrize("page", _markdown_files(), ids=lambda p: p.name)
    def test_relative_links_point_to_existing_files(self, page: Path) -> None:
        """Every relative link in docs/*.md and README.md names a file that exists."""
        broken = []
        for target in _relative_links(page.read_text(encoding="utf-8")):
            path = target.split("#", 1)[0]
            if path and not (page.parent / path).exists():
                broken.append(target)
        assert not broken, f"{page.relative_to(ROOT)}: links to missing files: {broken}"


def _clause_ids(node: Any) -> list[str]:
    """Every clause id cited anywhere in a parsed variant file (a string may hold several)."""
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "clause":
                items = value.split() if isinstance(value, str) else value
                found.extend(str(c) for c in items)
            else:
                found.extend(_clause_ids(value))
    elif isinstance(node, list):
        for item in node:
            found.extend(_clause_ids(item))
    return found


class TestClauseIds:
    def _known(self) -> set[str]:
        if not RULES.is_file():
            pytest.skip(f"{RULES} is not here: the clause catalogue lives outside the repository")
        text = RULES.read_text(encoding="utf-8")
        known = set(re.findall(r"^- ([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+):", text, flags=re.M))
        # the project's own clauses (house rules no seed states) carry a `source` instead
        listed = tomllib.loads((ROOT / "specs" / "clauses.toml").read_text(encoding="utf-8"))
        return known | {c["id"] for c in listed["clause"] if "source" in c}

    def test_clause_id_finder_reads_strings_and_lists(self) -> None:
        """The citation walker finds ids in strings of several ids and in lists."""
        data = {"a": {"clause": "X-1 Y-2", "value": 1}, "b": [{"c": {"clause": ["Z-3"]}}]}
        assert _clause_ids(data) == ["X-1", "Y-2", "Z-3"]

    def test_variant_files_cite_existing_clauses(self) -> None:
        """Every clause id cited in variants/*.toml is in shared/RULES.md or a project HR-* id."""
        known = self._known()
        files = [p for d in variant_dirs() if d.is_dir() for p in sorted(d.glob("*.toml"))]
        assert files
        unknown = {}
        for path in files:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            bad = sorted(set(_clause_ids(data)) - known)
            if bad:
                unknown[path.name] = bad
        assert not unknown, f"clause ids not in shared/RULES.md: {unknown}"

    def test_schema_cites_existing_clauses(self) -> None:
        """Every clause id in the schema's metadata is a clause of shared/RULES.md."""
        known = self._known()
        bad = {k.path: c for k in iter_keys() for c in k.clauses if c not in known}
        assert not bad, f"schema keys citing unknown clauses: {bad}"


class TestPagesCoverTheCode:
    def _page(self, name: str) -> str:
        return (DOCS / name).read_text(encoding="utf-8")

    def test_every_phase_is_described(self) -> None:
        """docs/events-and-verdicts.md describes every phase of state.PHASES."""
        text = self._page("events-and-verdicts.md")
        assert [p for p in PHASES if f"`{p}`" not in text] == []

    def test_every_event_is_described(self) -> None:
        """docs/events-and-verdicts.md has a section for every event class."""
        text = self._page("events-and-verdicts.md")
        events = [
            "Play",
            "Overtake",
            "Draw",
            "Pass",
            "CallUno",
            "Challenge",
            "ChooseColor",
            "Cut",
            "Deal",
        ]
        assert all(hasattr(ena_rules, e) for e in events)
        assert [e for e in events if f"### `{e}" not in text] == []

    def test_every_position_field_is_described(self) -> None:
        """docs/position.md documents every field token of the notation."""
        text = self._page("position.md")
        assert [f for f in POSITION_FIELDS if f"`{f}=" not in text] == []

    def test_every_effect_primitive_is_explained(self) -> None:
        """docs/variants.md explains every effect primitive."""
        text = self._page("variants.md")
        assert [op for op in EFFECT_OPS if f"`{op}`" not in text] == []


@pytest.mark.parametrize("page", _pages_with_examples(), ids=lambda p: p.name)
def test_examples_in_page_run_as_written(page: Path) -> None:
    """``python3 -m doctest -o ELLIPSIS -o NORMALIZE_WHITESPACE docs/PAGE.md`` passes from the
    repository root: every example gives the output the page shows, with no namespace but the
    imports the page writes out."""
    env = {k: v for k, v in os.environ.items() if k != "ENA_RULES_PATH"}
    result = subprocess.run(
        [sys.executable, *DOCTEST, str(page.relative_to(ROOT))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env=env,
    )
    assert result.returncode == 0, f"{page.name}: examples fail:\n{result.stdout}{result.stderr}"


def test_the_example_page_finder_finds_the_pages() -> None:
    """The pages known to hold examples are found (a page that loses them is noticed)."""
    names = {p.name for p in _pages_with_examples()}
    assert {"variants.md", "events-and-verdicts.md", "guide-apps.md", "README.md"} <= names


class TestRulesPage:
    def test_rules_page_is_a_fresh_render(self) -> None:
        """docs/rules.md is exactly what variant/clauses.py makes of specs/clauses.toml."""
        page = DOCS / "rules.md"
        fresh = render_rules_page()
        assert page.is_file() and page.read_text(encoding="utf-8") == fresh, (
            "docs/rules.md is out of date: run `python -m ena_rules.variant.clauses --write`"
        )

    def test_every_clause_has_its_seeds_and_every_open_one_its_decision(self) -> None:
        """Each clause names the seeds it rests on (or says none does); each open point its
        decision, which one of its scenarios in specs/ carries too."""
        decided: dict[str, set[str]] = {}
        for path in (ROOT / "specs").glob("*.toml"):
            for sc in tomllib.loads(path.read_text(encoding="utf-8")).get("scenario", []):
                for cid in sc.get("clauses", [])[:1]:
                    decided.setdefault(cid, set()).add(sc.get("decision", ""))
        known_seeds = set(seed_names())
        for c in clauses():
            assert set(c.seeds) <= known_seeds, c.id
            if c.open:
                assert c.decision in decided.get(c.id, set()), c.id
            else:
                assert not c.decision, c.id
        text = (DOCS / "rules.md").read_text(encoding="utf-8")
        assert all(f"**{c.id}**" in text for c in clauses())


@pytest.mark.parametrize("page", _markdown_files(), ids=lambda p: p.name)
def test_user_docs_name_no_work_items(page: Path) -> None:
    """The docs speak of the product, not of the tracker: no "issue 4" in their prose."""
    found = re.findall(
        r"\bissues? \d+(?:\.\d+)?", _without_code(page.read_text(encoding="utf-8")), re.I
    )
    assert found == [], f"{page.relative_to(ROOT)} refers to work items: {found}"


@pytest.mark.parametrize("page", _markdown_files(), ids=lambda p: p.name)
def test_user_docs_cite_no_file_outside_the_repository(page: Path) -> None:
    """The rules and the design are cited by what a reader has (docs/rules.md, ``ena-rules
    explain``), never by ``shared/RULES.md`` or ``shared/DESIGN.md``, which are not in the
    repository (docs/verification.md may say the suite compares with RULES.md when present)."""
    text = page.read_text(encoding="utf-8")
    if page.name == "verification.md":
        text = text.replace("../shared/RULES.md", "")
    found = re.findall(r"shared/(?:RULES|DESIGN)\.md", text)
    assert found == [], f"{page.relative_to(ROOT)} cites files outside the repository: {found}"


@pytest.mark.parametrize("page", _markdown_files(), ids=lambda p: p.name)
def test_user_docs_install_from_where_the_package_is(page: Path) -> None:
    """ena_rules is on no package index: an install names a clone (``.``, ``'.[server]'``), the
    repository's URL (``ena_rules[rl] @ git+...``) or a wheel file, never ``ena_rules`` alone,
    which pip would look up on an index (the newcomer's first step failed there)."""
    text = page.read_text(encoding="utf-8")
    found = re.findall(
        r"pip install (?:-\S+ )*(['\"]?)ena_rules(?:\[[\w,]+\])?\1(?=\s|$)(?! @)", text
    )
    assert found == [], f"{page.relative_to(ROOT)} installs from a package index: {found}"


def test_architecture_names_every_module() -> None:
    """docs/architecture.md's module tables name every module of the package (a module added
    without saying what its one concern is fails here): a top-level module by its file name, a
    module of a subpackage in the row of its package (`rules/`, `log/`, `testing/`, `cli/`)."""
    lines = (DOCS / "architecture.md").read_text(encoding="utf-8").splitlines()
    rows = [line for line in lines if line.startswith("| `")]
    package = ROOT / "ena_rules"
    missing = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package)
        if len(rel.parts) == 1:
            name = "ena_rules/__init__.py" if path.name == "__init__.py" else path.name
            listed = any(f"`{name}`" in row for row in rows)
        else:
            sub = rel.parts[0]
            listed = any(
                f"`{sub}/" in row and (f"`{path.name}`" in row or f"`{rel.as_posix()}`" in row)
                for row in rows
            ) or (path.name == "__init__.py" and any(f"`{sub}/`" in row for row in rows))
        if not listed:
            missing.append(rel.as_posix())
    assert missing == [], missing
