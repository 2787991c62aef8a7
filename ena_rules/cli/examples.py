"""``ena-rules examples [FOLDER]``: write out the sample logs the guides use.

The wheel carries the sample logs of docs/examples/ (with the validator's expected results) as
``ena_rules/data/examples``; this command copies them into a folder (by default
``docs/examples``, the paths the guides and the README use, so that they run as written from
the wheel alone, outside a checkout). A file already there with other content is kept, unless
``--force``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ._common import UNUSABLE, YES, error

__all__ = ["DEFAULT_FOLDER", "add_parser", "run", "sample_files"]

#: Where the samples are written by default: the folder the guides name.
DEFAULT_FOLDER = "docs/examples"

_HERE = Path(__file__).resolve().parent.parent  # the package folder, ena_rules/
_SUFFIXES = (".jsonl", ".expected.json", ".expected.txt")


def _sample_dir() -> Path:
    """The samples: inside the installed package, else the checkout's docs/examples."""
    inside = _HERE / "data" / "examples"
    return inside if inside.is_dir() else _HERE.parent / "docs" / "examples"


def sample_files() -> list[Path]:
    """Every sample log and expected result the package carries, by name.

    >>> "ena-disputed.jsonl" in [p.name for p in sample_files()]
    True
    """
    found = _sample_dir().glob("*") if _sample_dir().is_dir() else iter(())
    return sorted(p for p in found if p.is_file() and p.name.endswith(_SUFFIXES))


def add_parser(sub: Any) -> None:
    """Add ``examples`` to the subcommands."""
    e = sub.add_parser(
        "examples",
        help="write out the sample logs the guides use (docs/examples)",
        description="Write the sample game logs shipped with the package (a clean game, a "
        "disputed one, official challenges, table records) and their expected validator "
        "results into FOLDER, so that the guides' commands run as written outside a checkout.",
    )
    e.add_argument(
        "folder",
        nargs="?",
        default=DEFAULT_FOLDER,
        metavar="FOLDER",
        help=f"where to write them, made if missing (default: {DEFAULT_FOLDER})",
    )
    e.add_argument(
        "--force", action="store_true", help="overwrite files there whose content differs"
    )
    e.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Copy the samples; exit 2 if there are none or a different file is in the way."""
    files = sample_files()
    if not files:
        return error("this installation carries no sample logs (ena_rules/data/examples)")
    folder = Path(args.folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return error(f"{folder}: cannot make the folder: {exc.strerror or exc}")
    code, written = YES, 0
    for src in files:
        data = src.read_bytes()
        dest = folder / src.name
        if dest.exists() and not args.force and dest.read_bytes() != data:
            code = error(f"{dest}: exists with other content; kept (--force overwrites it)")
            continue
        dest.write_bytes(data)
        written += 1
    logs = sum(1 for p in files if p.name.endswith(".jsonl"))
    print(f"wrote {written} files to {folder} ({logs} sample logs and their expected results)")
    return code if code == YES else UNUSABLE
