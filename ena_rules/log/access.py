"""What a log may open: the variant a header names (docs/log-format.md, "What a log may open").

A log comes from anywhere (an upload, a chat, a shared folder); its header must not make the
validator read files the user did not mean to give it. By default a header's ``"variant"`` may
be

- a **name**: a shipped variant (``ena``, ``official``, ...) or one found on the user's variant
  path (docs/variants.md), looked up by :func:`~ena_rules.load_variant`;
- a **.toml file inside the log's own folder** (``"house.toml"``, ``"rules/house.toml"``),
  resolved with symlinks, which must not escape that folder.

Anything else (``/etc/passwd``, ``../secret.toml``, a path without ``.toml``) is refused before
any file is opened: the header is unusable (exit 2). The caller widens this explicitly with
``allow_paths`` (more folders whose ``.toml`` files a header may name; the command line's
``--allow-variant-path DIR``), or replaces it with a ``resolver`` (a function from the header's
name to a :class:`~ena_rules.Variant`, for logs held in memory on a machine without the log's
files). A log read from a stream has no folder: names only, unless the caller gives one.

>>> access = VariantAccess()
>>> access.load("official").name
'official'
>>> access.load("/etc/passwd")
Traceback (most recent call last):
...
ena_rules.errors.VariantError: not allowed, so not read: a header names a variant by name ...
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

import attrs

from ..errors import ArgumentTypeError, EnaRulesError, VariantError
from ..variant import Variant
from ..variant.io import (
    findable,
    folder_path,
    folder_paths,
    is_path_like,
    load_named,
    load_variant,
    resolve_inside,
)

__all__ = ["Resolver", "VariantAccess", "is_path_like", "resolve_inside"]

#: A caller's own lookup of a header's variant name.
Resolver = Callable[[str], Variant]


def _folders(values: Iterable[str | os.PathLike[str]]) -> tuple[Path, ...]:
    return folder_paths(values)


def _folder(value: str | os.PathLike[str] | None) -> Path | None:
    return None if value is None else folder_path(value, "folder")


@attrs.frozen
class VariantAccess:
    """The policy for a header's variant: names, and ``.toml`` files inside some folders.

    ``folder`` is the log's own folder (``None`` for a stream: names only); ``allow_paths``
    are more folders the caller allows; ``resolver``, when given, answers every name itself
    (it may raise :class:`~ena_rules.VariantError` or ``LookupError`` for an unknown name).
    """

    folder: Path | None = attrs.field(default=None, converter=_folder)
    allow_paths: tuple[Path, ...] = attrs.field(default=(), converter=_folders)
    resolver: Resolver | None = attrs.field(default=None, eq=False)

    @property
    def folders(self) -> tuple[Path, ...]:
        """Every folder whose ``.toml`` files a header may name."""
        return (*((self.folder,) if self.folder is not None else ()), *self.allow_paths)

    def load(self, name: str) -> Variant:
        """The variant a header names, if this policy allows it (else :class:`VariantError`)."""
        if self.resolver is not None:
            return self._resolve(name)
        if not is_path_like(name):
            return load_named(name)
        if name.endswith(".toml"):
            found = resolve_inside(name, self.folder, self.folders)
            if found is not None:
                return load_variant(found, allow_paths=self.allow_paths)
            if findable(name):  # a file's name on the variant path ("ena.toml"), not the cwd's
                return load_named(name)
        raise VariantError(self._refusal())

    def _resolve(self, name: str) -> Variant:
        assert self.resolver is not None
        try:
            variant = self.resolver(name)
        except EnaRulesError:
            raise
        except LookupError:
            raise VariantError(f"{name!r}: the caller's resolver knows no such variant") from None
        if not isinstance(variant, Variant):
            raise ArgumentTypeError(
                f"resolver({name!r}) returned {type(variant).__name__}, not a Variant"
            )
        return variant

    def _refusal(self) -> str:
        where = (
            "inside the log's folder"
            if self.folder is not None
            else "(this log has no folder: names only)"
        )
        allowed = "".join(f", or inside {p}" for p in self.allow_paths)
        return (
            "not allowed, so not read: a header names a variant by name (a shipped one or one "
            f"on the variant path) or a .toml file {where}{allowed} (widen with allow_paths= "
            "or --allow-variant-path DIR)"
        )
