"""``ena-rules site OUT``: build the static folder of the referee's web page.

The folder holds the page (``static/``), the Pyodide runtime from the npm package ``pyodide``
(its core files only), the referee's wheel and its dependencies' wheels (downloaded by pip in
the versions installed here, for Pyodide's Python), and ``manifest.json``, which lists them
all. Served from any web server, the page fetches nothing but these files; its service worker
keeps them, so it opens offline once it has loaded.

>>> sorted(PYODIDE_FILES)[:2]
['package.json', 'pyodide-lock.json']
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from importlib import metadata, resources
from pathlib import Path
from typing import Any

import attrs

from .. import __version__
from ..errors import EnaRulesError

__all__ = ["PYODIDE_FILES", "PYODIDE_VERSION", "Site", "SiteError", "build_site", "csp_hash"]

#: The Pyodide release the page is built with (the npm package ``pyodide``; web/package.json
#: pins the same one for CI's ``npm ci``).
PYODIDE_VERSION = "314.0.8"
#: The files of the npm package the page needs (the rest are its consoles and type files).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
_STATIC = ("index.html", "app.js", "app.css", "worker.js", "sw.js", "favicon.svg")
_MARK = "ena-rules-site"
#: The module the page's worker imports (``in_browser.py`` beside this one; named, not imported:
#: it imports the command line, which imports this module).
_BRIDGE = "ena_rules.cli.in_browser"


class SiteError(EnaRulesError):
    """The folder cannot be built (no wheel, no Pyodide package, a folder in the way)."""


@attrs.frozen
class Site:
    """What :func:`build_site` wrote: the folder, its files and their sizes in bytes."""

    folder: Path
    files: dict[str, int]
    pyodide: str
    wheels: tuple[str, ...]

    @property
    def size(self) -> int:
        """All the files' bytes together."""
        return sum(self.files.values())


def csp_hash(text: str) -> str:
    """The Content-Security-Policy source that lets exactly ``text`` run (or style) inline.

    >>> csp_hash("")
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
    """
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def _run(cmd: Sequence[str], what: str, cwd: Path | None = None) -> str:
    try:
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
    except OSError as exc:
        raise SiteError(f"{what}: cannot run {cmd[0]}: {exc.strerror or exc}") from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise SiteError(f"{what} failed: {' / '.join(tail)}")
    return done.stdout


def _checkout() -> Path | None:
    root = Path(str(resources.files("ena_rules"))).resolve().parent
    return root if (root / "pyproject.toml").is_file() and (root / "variants").is_dir() else None


def _build_wheel(tmp: Path) -> Path:
    root = _checkout()
    if root is None:
        raise SiteError("no checkout to build the wheel from: give --wheel ena_rules-*.whl")
    out = tmp / "ena-wheel"
    _run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(root)],
        "building the wheel (pip wheel)",
    )
    return next(out.glob("ena_rules-*.whl"))


def _npm_pyodide(tmp: Path) -> Path:
    root = _checkout()
    local = root / "web" / "node_modules" / "pyodide" if root else None
    if local is not None and (local / "pyodide.asm.wasm").is_file():
        return local
    npm = shutil.which("npm")
    if npm is None:
        raise SiteError("npm not found: install Node.js and npm, or give --pyodide DIR")
    where = tmp / "npm"
    where.mkdir()
    name = _run([npm, "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], "npm pack", where)
    with tarfile.open(where / name.strip().splitlines()[-1]) as tar:
        tar.extractall(where, filter="data")
    return where / "package"


def _runtime_of(pyodide: Path) -> tuple[str, str]:
    """The Pyodide release of the unpacked npm package and its Python (``3.14``)."""
    try:
        info = json.loads((pyodide / "package.json").read_text(encoding="utf-8"))
        lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
        python = str(lock["info"]["python"])
        return str(info["version"]), ".".join(python.split(".")[:2])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SiteError(f"{pyodide}: not the npm package pyodide ({exc})") from None


def _constraints(tmp: Path) -> Path:
    """The versions installed here: the page runs the dependencies the command line runs."""
    pins = sorted(
        {
            f"{d.metadata['Name']}=={d.version}"
            for d in metadata.distributions()
            if d.metadata["Name"] and d.metadata["Name"].replace("-", "_") != "ena_rules"
        }
    )
    path = tmp / "constraints.txt"
    path.write_text("\n".join(pins) + "\n", encoding="utf-8")
    return path


def _wheels(wheel: Path, python: str, tmp: Path) -> list[Path]:
    out = tmp / "wheels"
    cmd = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "-q",
        "--only-binary=:all:",
        "--python-version",
        python,
        "--implementation",
        "py",
        "--platform",
        "any",
        "-c",
        str(_constraints(tmp)),
        "-d",
        str(out),
        str(wheel),
    ]
    _run(cmd, "downloading the dependencies' wheels (pip download)")
    found = sorted(out.glob("*.whl"))
    if not any(w.name.startswith("ena_rules-") for w in found):
        found.append(wheel)
    return found


def _replay_assets(wheel: Path) -> tuple[str, str]:
    """The HTML replay's script and style, as the wheel's ``replay_html`` inlines them."""
    with zipfile.ZipFile(wheel) as z:
        js = z.read("ena_rules/data/replay.js").decode("utf-8")
        css = z.read("ena_rules/data/replay.css").decode("utf-8")
    return js, css


def page_csp(replay_js: str, replay_css: str) -> str:
    """The page's Content-Security-Policy: its own files only, no inline code but the
    replay's script and style (the replay frame inherits the policy), no other site.

    >>> page_csp("", "").startswith("default-src 'none'; script-src 'self' 'sha256-47DEQpj8")
    True
    """
    return (
        f"default-src 'none'; script-src 'self' {csp_hash(replay_js)}; "
        f"style-src 'self' {csp_hash(replay_css)}; img-src 'self'; connect-src 'self'; "
        "worker-src 'self'; frame-src 'self'; manifest-src 'self'; form-action 'none'; "
        "base-uri 'none'; object-src 'none'"
    )


def _in_the_way(out: Path) -> bool:
    """True when ``out`` holds something this command did not build (never overwritten)."""
    if out.exists() and not out.is_dir():
        return True
    if not out.is_dir() or not any(out.iterdir()):
        return False
    manifest = out / "manifest.json"
    return not manifest.is_file() or _MARK not in manifest.read_text(encoding="utf-8")


def _prepare(out: Path) -> None:
    if _in_the_way(out):
        raise SiteError(f"{out}: not empty and not a site this command built; give another")
    if out.is_dir():
        shutil.rmtree(out)
    out.mkdir(parents=True)


def _static_text() -> str:
    static = resources.files("ena_rules").joinpath("data", "web")
    return "".join(static.joinpath(name).read_text(encoding="utf-8") for name in _STATIC)


def _copy_static(out: Path, csp: str, stamp: str) -> None:
    static = resources.files("ena_rules").joinpath("data", "web")
    for name in _STATIC:
        text = static.joinpath(name).read_text(encoding="utf-8")
        text = text.replace("{{CSP}}", csp).replace("{{STAMP}}", stamp)
        (out / name).write_text(text.replace("{{VERSION}}", __version__), encoding="utf-8")


def _listing(out: Path) -> dict[str, int]:
    return {
        p.relative_to(out).as_posix(): p.stat().st_size
        for p in sorted(out.rglob("*"))
        if p.is_file()
    }


def _write_manifest(out: Path, pyodide: str, wheels: Iterable[Path], stamp: str) -> None:
    files = [f for f in _listing(out) if f != "sw.js"]
    manifest: dict[str, Any] = {
        "format": _MARK,
        "version": __version__,
        "pyodide": pyodide,
        "wheels": [f"wheels/{w.name}" for w in wheels],
        "bridge": _BRIDGE,
        "stamp": stamp,
        "files": ["./", *files, "manifest.json"],
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def build_site(
    out: str | os.PathLike[str],
    *,
    wheel: str | os.PathLike[str] | None = None,
    pyodide: str | os.PathLike[str] | None = None,
) -> Site:
    """Write the web page's folder to ``out`` (absent, empty, or a site built before).

    ``wheel`` is the referee's wheel (default: built from this checkout by ``pip wheel``);
    ``pyodide`` the folder of the npm package ``pyodide`` (default: ``web/node_modules``
    after ``npm ci``, else ``npm pack pyodide@PYODIDE_VERSION``). Raises :class:`SiteError`.

    >>> build_site("/nonexistent/x", pyodide="/nonexistent/pyodide")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ena_rules.cli.site_build.SiteError: /nonexistent/pyodide: not the npm package pyodide ...
    """
    target = Path(out)
    if _in_the_way(target):
        raise SiteError(f"{target}: not empty and not a site this command built; give another")
    with tempfile.TemporaryDirectory(prefix="ena-site-") as work:
        tmp = Path(work)
        runtime = Path(pyodide) if pyodide is not None else _npm_pyodide(tmp)
        if not (runtime / "pyodide.asm.wasm").is_file():
            raise SiteError(f"{runtime}: not the npm package pyodide (no pyodide.asm.wasm)")
        release, python = _runtime_of(runtime)
        the_wheel = Path(wheel) if wheel is not None else _build_wheel(tmp)
        if not the_wheel.is_file():
            raise SiteError(f"{the_wheel}: no such wheel")
        wheels = _wheels(the_wheel, python, tmp)
        _prepare(target)
        (target / "pyodide").mkdir()
        for name in PYODIDE_FILES:
            shutil.copyfile(runtime / name, target / "pyodide" / name)
        (target / "wheels").mkdir()
        digest = hashlib.sha256(_static_text().encode("utf-8"))
        for w in wheels:
            shutil.copyfile(w, target / "wheels" / w.name)
            digest.update(w.read_bytes())
        stamp = f"{__version__}-{release}-{digest.hexdigest()[:12]}"
        _copy_static(target, page_csp(*_replay_assets(the_wheel)), stamp)
        _write_manifest(target, release, wheels, stamp)
    return Site(target, _listing(target), release, tuple(w.name for w in wheels))
