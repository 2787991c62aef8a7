"""The command-line examples of the docs run as written and print what the pages show.

A page's ```` ```console ```` blocks are sessions: each ``$ command`` line runs in bash (in a
fresh folder per page, shared by the page's blocks in order), and the lines after it, up to
the next ``$``, are its output, compared as doctest compares (``...`` matches anything,
whitespace is normalised). A block right after ``<!-- file: NAME -->`` is a file the reader
saves: it is written to NAME in that folder first. ```` ```sh ```` blocks (installing) are not
run.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
_BLOCK = re.compile(
    r"(?:<!-- file: (?P<file>\S+) -->\s*\n)?^```(?P<lang>\w*)\n(?P<body>.*?)^```", re.S | re.M
)


@attrs.frozen
class Step:
    """A file to write, or a command and the output the page shows for it."""

    line: int
    command: str = ""
    output: str = ""
    file: str = ""
    content: str = ""


def steps(text: str) -> list[Step]:
    """The files and commands of a page, in order."""
    out: list[Step] = []
    for m in _BLOCK.finditer(text):
        line = text.count("\n", 0, m.start("body")) + 1
        body = m.group("body")
        if m.group("file"):
            out.append(Step(line, file=m.group("file"), content=body))
        elif m.group("lang") == "console":
            out.extend(_session(body, line))
    return out


def _session(body: str, first: int) -> list[Step]:
    found: list[Step] = []
    lines = body.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            i += 1
            continue
        start = i
        command = lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command + "\n" + lines[i]  # bash reads the backslash-newline
        i += 1
        output = []
        while i < len(lines) and not lines[i].startswith("$ "):
            output.append(lines[i])
            i += 1
        found.append(Step(first + start, command=command, output="\n".join(output) + "\n"))
    return found


def _pages() -> list[Path]:
    return [p for p in sorted(DOCS.glob("*.md")) if "```console" in p.read_text(encoding="utf-8")]


def test_the_step_reader_sees_files_commands_and_outputs() -> None:
    """The reader itself: a file block, then two commands with their outputs."""
    page = (
        "<!-- file: a.txt -->\n```text\nhi\n```\n\n"
        "```console\n$ cat a.txt\nhi\n$ echo \\\n  x\nx\n```\n"
    )
    got = steps(page)
    assert [s.file for s in got] == ["a.txt", "", ""]
    assert got[1].command == "cat a.txt" and got[1].output == "hi\n"
    assert got[2].command == "echo \\\n  x" and got[2].output == "x\n"


@pytest.mark.parametrize("page", _pages(), ids=lambda p: p.name)
def test_console_examples_print_what_the_page_shows(page: Path, tmp_path: Path) -> None:
    """Every ``$ ena-rules ...`` of the page, run in order from an empty folder, prints what
    the page shows (standard output and standard error together, as on a terminal)."""
    script = shutil.which("ena-rules", path=str(Path(sys.executable).parent))
    assert script, "ena-rules is not installed beside this Python"
    env = {k: v for k, v in os.environ.items() if k != "ENA_RULES_PATH"}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "100"
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    found = steps(page.read_text(encoding="utf-8"))
    assert found, f"{page.name}: no console example"
    for step in found:
        if step.file:
            (tmp_path / step.file).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / step.file).write_text(step.content, encoding="utf-8")
            continue
        result = subprocess.run(
            ["bash", "-c", step.command],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=300,
            check=False,
        )
        assert checker.check_output(step.output, result.stdout, flags), (
            f"{page.name}:{step.line}: $ {step.command}\n--- the page shows:\n{step.output}"
            f"--- it prints:\n{result.stdout}"
        )
