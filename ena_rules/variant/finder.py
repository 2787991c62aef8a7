"""Where variant names are looked up: the folders of ``ENA_RULES_PATH``, then the shipped ones.

A name such as ``ena`` is the file ``ena.toml`` in the first folder of the search path that
holds it. The search path is every folder named in the ``ENA_RULES_PATH`` environment variable
(separated by :data:`os.pathsep`, ``:`` on Linux and macOS, ``;`` on Windows), in order, then
the variants shipped with the package, so a user's own ``ena.toml`` is found before the shipped
one. A name that ends in ``.toml`` or holds a path separator is a file's path instead.

>>> [f.origin for f in available_variants() if f.name == "official"]
['shipped']
>>> find_variant("official").name
'official.toml'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import attrs

from ..errors import VariantError, typed_arguments

__all__ = [
    "ENV_VAR",
    "SHIPPED_PREFIX",
    "VariantFile",
    "available_variants",
    "find_named",
    "find_variant",
    "search_path",
    "shipped_dir",
    "shipped_variants",
]

#: The environment variable that names the user's variant folders.
ENV_VAR = "ENA_RULES_PATH"

_HERE = Path(__file__).resolve().parent.parent  # the package folder, ena_rules/


@attrs.frozen
class VariantFile:
    """A variant the search path finds: its name, its file, and where it comes from.

    ``origin`` is ``"shipped"`` or ``"ENA_RULES_PATH"``; ``shadows`` is true when a folder of
    ``ENA_RULES_PATH`` holds a file of the same name as a shipped variant, which it replaces.
    """

    name: str
    path: Path
    origin: str
    shadows: bool = False


def shipped_dir() -> Path:
    """The folder of the variants shipped with the package.

    In an installed package it is ``ena_rules/variants`` (the wheel carries the project's
    top-level ``variants/`` there); in a source checkout, the top-level ``variants/`` itself.
    """
    inside = _HERE / "variants"
    if inside.is_dir():
        return inside
    return _HERE.parent / "variants"


@typed_arguments
def user_dirs(environ: Mapping[str, str] | None = None) -> tuple[Path, ...]:
    """The folders named in ``ENA_RULES_PATH``, in order (empty entries are left out).

    >>> user_dirs({"ENA_RULES_PATH": os.pathsep.join(["/a", "", "/b"])})
    (PosixPath('/a'), PosixPath('/b'))
    """
    env = os.environ if environ is None else environ
    return tuple(Path(p).expanduser() for p in env.get(ENV_VAR, "").split(os.pathsep) if p)


@typed_arguments
def search_path(environ: Mapping[str, str] | None = None) -> tuple[Path, ...]:
    """Every folder searched for a variant name, first to last: ``ENA_RULES_PATH``, shipped.

    >>> search_path({})[-1] == shipped_dir()
    True
    """
    return (*user_dirs(environ), shipped_dir())


def _files(folder: Path) -> list[Path]:
    try:
        return sorted((p for p in folder.glob("*.toml") if p.is_file()), key=lambda p: p.stem)
    except OSError:
        return []


@typed_arguments
def available_variants(environ: Mapping[str, str] | None = None) -> tuple[VariantFile, ...]:
    """Every variant name the search path knows, sorted, each with the file that wins.

    >>> {"official", "ena"} <= {f.name for f in available_variants({})}
    True
    """
    shipped = {p.stem for p in _files(shipped_dir())}
    found: dict[str, VariantFile] = {}
    for folder in user_dirs(environ):
        for p in _files(folder):
            if p.stem not in found:
                found[p.stem] = VariantFile(p.stem, p, ENV_VAR, shadows=p.stem in shipped)
    for p in _files(shipped_dir()):
        found.setdefault(p.stem, VariantFile(p.stem, p, "shipped"))
    return tuple(found[name] for name in sorted(found))


def shipped_variants() -> tuple[str, ...]:
    """The names of the variants shipped with the package, sorted (``ENA_RULES_PATH`` aside).

    >>> {"official", "ena", "jump-in"} <= set(shipped_variants())
    True
    """
    return tuple(sorted(p.stem for p in _files(shipped_dir())))


#: ``shipped:NAME`` names the shipped variant NAME, whatever ENA_RULES_PATH holds: a user's
#: ``ena.toml`` that shadows the shipped one extends it with ``extends = "shipped:ena"``.
SHIPPED_PREFIX = "shipped:"


def _shipped(name: str) -> Path:
    """The shipped variant ``shipped:NAME`` names (a VariantError if there is none)."""
    bare = name[len(SHIPPED_PREFIX) :]
    path = shipped_dir() / f"{bare}.toml"
    if bare and "/" not in bare and "\\" not in bare and path.is_file():
        return path.resolve()
    raise VariantError(
        f"no shipped variant {bare!r}: the shipped ones are {', '.join(shipped_variants())}"
    )


def _is_path(name: str) -> bool:
    return name.endswith(".toml") or "/" in name or "\\" in name


@typed_arguments
def find_named(name: str) -> Path | None:
    """The file a variant **name** (``ena``) or bare file name (``ena.toml``) stands for on
    :func:`search_path` only (``ENA_RULES_PATH``, then shipped), never the current directory:
    what a log's header, an ``extends``, a position or a JSON state may name without being
    allowed a folder (docs/log-format.md, "What a log may open"). ``None``: no such variant,
    or a path (a separator, an absolute name). Operating-system errors count as not found.

    >>> find_named("official").name, find_named("official.toml").name
    ('official.toml', 'official.toml')
    >>> find_named("../official.toml") is None
    True
    """
    if not name or "/" in name or "\\" in name or os.path.isabs(name) or "\0" in name:
        return None
    file = name if name.endswith(".toml") else f"{name}.toml"
    if file in (".toml", "..toml") or file.startswith("."):
        return None
    for folder in search_path():
        try:
            if (folder / file).is_file():
                return (folder / file).resolve()
        except (OSError, RuntimeError, ValueError):  # a name too long, a symlink loop
            return None
    return None


@typed_arguments
def find_variant(name: str, base_dir: Path | None = None) -> Path:
    """The file a variant name or path stands for; ``base_dir`` is searched first.

    A name (``ena``) is looked up as ``ena.toml`` in ``base_dir`` (the folder of the file
    whose ``extends`` names it), then in :func:`search_path`. A path is taken as it is
    (relative to ``base_dir`` first); a bare file name (``ena.toml``) is also looked up like a
    name. ``shipped:NAME`` is the shipped variant NAME only (:data:`SHIPPED_PREFIX`).
    Raises :class:`~ena_rules.errors.VariantError` when nothing is found.

    >>> find_variant("shipped:ena") == shipped_dir().resolve() / "ena.toml"
    True

    >>> find_variant("no-such-variant")
    Traceback (most recent call last):
    ...
    ena_rules.errors.VariantError: no variant 'no-such-variant': ...
    >>> find_variant("missing/x.toml")
    Traceback (most recent call last):
    ...
    ena_rules.errors.VariantError: missing/x.toml: file not found
    """
    if name.startswith(SHIPPED_PREFIX):
        return _shipped(name)
    candidates: list[Path] = []
    if _is_path(name):
        p = Path(name).expanduser()
        if not p.is_absolute() and base_dir is not None:
            candidates.append(base_dir / p)
        candidates.append(p)
        if p.name == name:  # a bare file name: also a variant's file ("ena.toml")
            candidates.extend(folder / name for folder in search_path())
    else:
        if base_dir is not None:
            candidates.append(base_dir / f"{name}.toml")
        candidates.extend(folder / f"{name}.toml" for folder in search_path())
    for c in candidates:
        try:
            if c.is_file():
                return c.resolve()
        except (OSError, RuntimeError) as exc:  # a name too long for a file, a symlink loop
            shown = repr(name) if len(name) <= 80 else f"{name[:60]!r}... ({len(name)} characters)"
            reason = getattr(exc, "strerror", None) or str(exc)
            raise VariantError(f"cannot look for variant {shown}: {reason}") from None
    known = ", ".join(f.name for f in available_variants())
    if _is_path(name) and Path(name).name != name:
        raise VariantError("file not found", source=name)
    if _is_path(name):
        raise VariantError(
            f"file not found, and no variant of that name (known names are {known})",
            source=name,
        )
    raise VariantError(
        f"no variant {name!r}: known names are {known} (the shipped variants and those in the "
        f"folders of {ENV_VAR}); or give the path of a .toml file"
    )
