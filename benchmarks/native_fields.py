"""What a field read costs: compiled code reading an attrs instance, a native class, and Python.

    python3 benchmarks/native_fields.py     # needs mypy (mypyc) and a C compiler

The compiled build (mypyc) compiles the rules but leaves the value classes (``GameState``,
``Card``, ``Variant``, the events: attrs classes) as Python classes, so every field the compiled
rules read of them goes through Python's generic attribute lookup. This compiles one small
module (a native class and a frozen attrs class of the same five fields, and a loop reading
each) with mypyc in a temporary folder, and times the loop compiled and interpreted: the cost
of one field read, the loop's arithmetic included
(docs/performance.md, "What stands in the way").
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SOURCE = """
from __future__ import annotations
import attrs


class Native:
    def __init__(self, a: tuple[int, ...], b: str, c: int, d: int, e: str | None) -> None:
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e


@attrs.frozen(weakref_slot=False)
class Frozen:
    a: tuple[int, ...]
    b: str
    c: int
    d: int
    e: str | None


def read_native(o: Native, n: int) -> int:
    t = 0
    for _ in range(n):
        t += len(o.a) + len(o.b) + o.c + o.d + (1 if o.e is None else 0)
    return t


def read_frozen(o: Frozen, n: int) -> int:
    t = 0
    for _ in range(n):
        t += len(o.a) + len(o.b) + o.c + o.d + (1 if o.e is None else 0)
    return t
"""


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _ns_per_read(fn: Any, obj: Any, n: int = 400_000) -> float:
    best = float("inf")
    for _ in range(5):
        t0 = time.thread_time_ns()
        fn(obj, n)
        best = min(best, (time.thread_time_ns() - t0) / n / 5)  # five fields a loop
    return best


def main() -> int:
    """Print the ns of one field read, compiled and interpreted, native and attrs."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "fields_compiled.py").write_text(SOURCE, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "mypyc", "fields_compiled.py"],
            cwd=folder,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            print(done.stdout[-2000:], done.stderr[-2000:])
            return 1
        (extension,) = folder.glob("fields_compiled*.so")
        compiled = _load("fields_compiled", extension)
        (folder / "fields_python.py").write_text(SOURCE, encoding="utf-8")
        interpreted = _load("fields_python", folder / "fields_python.py")
        print("ns a field read (a loop reading five fields, its arithmetic included)")
        for label, mod in (("compiled (mypyc)", compiled), ("interpreted", interpreted)):
            native = mod.Native((1, 2, 3), "xy", 3, 4, None)
            frozen = mod.Frozen((1, 2, 3), "xy", 3, 4, None)
            print(
                f"{label:18} native class {_ns_per_read(mod.read_native, native):6.1f}   "
                f"attrs frozen class {_ns_per_read(mod.read_frozen, frozen):6.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
