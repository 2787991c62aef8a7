"""Loading variant files: finding them, reading them, resolving ``extends``, building the value.

A variant file is TOML. Any key may be given plainly (``cut = "lowest"``) or with its source
(``cut = { value = "lowest", clause = "DEAL-CUT-ENA", source = "003" }``). ``extends = "NAME"``
starts from another variant and overrides it key by key; tables merge, arrays replace.
``extends`` names a variant (shipped, or a file ``NAME.toml`` beside this one) or a ``.toml``
file inside this file's own folder (resolved with symlinks, no escape), or inside one of the
caller's ``allow_paths``. Each table goes through the one converter
(:mod:`ena_rules.variant.hooks`), then the named consistency checks and limits of
:mod:`ena_rules.variant.checks`; any fault is one :class:`~ena_rules.VariantError`.

>>> v = load_variant("ena.toml")
>>> v.extends, v.deal.cut
('official', 'lowest')
>>> diff_variants(load_variant("official"), v)[0].path
'deal.cut'
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..errors import ArgumentTypeError, VariantError, typed_arguments
from .checks import MAX_EXTENDS, MAX_FILE_BYTES, check_limits, check_variant
from .finder import SHIPPED_PREFIX, find_named, find_variant, shipped_dir, shipped_variants
from .hooks import structure_table
from .schema import _SECTIONS, ITEM_TABLES, Citation, Variant, iter_tables
from .write import KeyDiff, diff_variants, dump_variant, variant_to_dict

__all__ = [
    "KeyDiff",
    "diff_variants",
    "dump_variant",
    "findable",
    "folder_path",
    "folder_paths",
    "is_path_like",
    "load_named",
    "load_variant",
    "load_variant_text",
    "resolve_inside",
    "shipped_variants",
    "variant_dirs",
    "variant_to_dict",
]

_TOP_KEYS = {"name", "description", "extends", *ITEM_TABLES, *_SECTIONS}
_CITE_KEYS = {"value", "clause", "source", "note"}


def variant_dirs() -> tuple[Path, ...]:
    """The folder of the shipped variants (:func:`~ena_rules.variant.finder.shipped_dir`)."""
    return (shipped_dir(),)


@typed_arguments
def is_path_like(name: str) -> bool:
    """True when a variant reference is a file path rather than a name.

    >>> is_path_like("ena"), is_path_like("house.toml"), is_path_like("a/b")
    (False, True, True)
    """
    return name.endswith(".toml") or "/" in name or "\\" in name or os.path.isabs(name)


@typed_arguments
def resolve_inside(name: str, base: Path | None, folders: Iterable[Path]) -> Path | None:
    """The file ``name`` names (relative to ``base``), if it resolves inside one of ``folders``.

    Symlinks are resolved first; a name that resolves outside every folder, or to no file,
    gives ``None``: nothing is read.

    >>> resolve_inside("../x.toml", Path("/tmp"), [Path("/tmp")]) is None
    True
    """
    try:
        if base is None and not os.path.isabs(name):
            return None
        path = ((base or Path("/")) / name).resolve()
        roots = [f.resolve() for f in folders]
        if any(path.is_relative_to(root) for root in roots) and path.is_file():
            return path
    except (OSError, RuntimeError, ValueError):  # too long, a symlink loop, a NUL byte
        return None
    return None


_LOADED: dict[tuple[str, float, tuple[Path, ...]], Variant] = {}


@typed_arguments
def load_variant(
    name_or_path: str | os.PathLike[str], *, allow_paths: Iterable[str | os.PathLike[str]] = ()
) -> Variant:
    """Load a variant by shipped name (``official``), shipped file name or any TOML file's path.

    The file's ``extends`` may name a variant or a ``.toml`` file inside the file's own folder,
    or inside one of ``allow_paths``. Raises :class:`VariantError` naming the file, the key path
    and what was expected.

    >>> load_variant("official").name
    'official'
    """
    if not isinstance(name_or_path, str | os.PathLike):
        raise ArgumentTypeError(
            f"load_variant(): name_or_path is a str or a path, not {type(name_or_path).__name__}"
        )
    allow = folder_paths(allow_paths)
    path = _find(os.fspath(name_or_path), None)
    stamp = _stat(path)
    key = (str(path), stamp, allow)
    cached = _LOADED.get(key)
    if cached is not None:
        return cached
    raw, cites = _load_raw(path, (), allow)
    variant = _build(raw, cites, str(path))
    _LOADED[key] = variant
    return variant


@typed_arguments
def load_variant_text(
    text: str,
    *,
    source: str = "<string>",
    base_dir: str | os.PathLike[str] | None = None,
    allow_paths: Iterable[str | os.PathLike[str]] = (),
) -> Variant:
    """Load a variant from TOML text (``extends`` resolves inside ``base_dir``, else by name).

    >>> text = 'name = "x"\\nextends = "official"\\n[deal]\\nhand_size = 5'
    >>> load_variant_text(text).deal.hand_size
    5
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"load_variant_text(): text is a str, not {type(text).__name__}")
    data = _parse_toml(text, source)
    folder = None if base_dir is None else folder_path(base_dir, "base_dir")
    raw, cites = _resolve(data, source, folder, (), folder_paths(allow_paths))
    return _build(raw, cites, source)


@typed_arguments
def folder_path(value: str | os.PathLike[str], what: str) -> Path:
    """A folder the caller names; an empty path names none (``Path("")`` would silently be the
    current directory, as ``open("")`` opens no file): a :class:`VariantError` naming ``what``.

    >>> folder_path("", "base_dir")
    Traceback (most recent call last):
    ...
    ena_rules.errors.VariantError: base_dir: an empty path names no folder (use '.')
    """
    if not os.fspath(value):
        raise VariantError(f"{what}: an empty path names no folder (use '.')")
    return Path(value)


@typed_arguments
def folder_paths(values: Iterable[str | os.PathLike[str]]) -> tuple[Path, ...]:
    """The folders of ``allow_paths`` (:func:`folder_path`)."""
    return tuple(folder_path(v, "allow_paths") for v in values)


def _stat(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError as exc:
        raise VariantError(
            f"cannot read the file: {exc.strerror or exc}", source=str(path)
        ) from None


def _find(name: str, base_dir: Path | None) -> Path:
    try:
        return find_variant(name, base_dir)
    except (OSError, RuntimeError) as exc:  # a name too long for a file, a symlink loop
        reason = getattr(exc, "strerror", None) or str(exc)
        raise VariantError(f"cannot look for variant {_short(name)}: {reason}") from None


def _short(name: str) -> str:
    """A name for a message: quoted, and cut short when very long."""
    return repr(name) if len(name) <= 80 else repr(name[:60]) + f"... ({len(name)} characters)"


def _surrogate_at(text: str) -> int | None:
    """Where ``text`` holds a lone surrogate (not text: no output could write it), or None."""
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return exc.start
    return None


def _no_surrogates(text: str, data: dict[str, Any], source: str) -> None:
    """A lone surrogate in a variant's text is refused, naming its line and key path."""
    at = _surrogate_at(text)
    if at is None:
        return
    line = text.count("\n", 0, at) + 1
    stack: list[tuple[str, Any]] = [("", data)]
    path = ""
    while stack and not path:
        where, value = stack.pop()
        if isinstance(value, str) and _surrogate_at(value) is not None:
            path = where or "(top)"
        elif isinstance(value, dict):
            for k, v in value.items():
                if _surrogate_at(k) is not None:
                    path = (f"{where}." if where else "") + ascii(k)
                    break
                stack.append(((f"{where}.{k}" if where else k), v))
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", v) for i, v in enumerate(value))
    raise VariantError(
        f"line {line}: a lone surrogate (U+{ord(text[at]):04X}) is not text",
        source=source,
        path=path,
    )


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"not valid TOML: {exc}", source=source) from None
    except RecursionError:
        raise VariantError("not valid TOML: nested too deeply", source=source) from None
    _no_surrogates(text, data, source)
    return data


def _read(path: Path) -> str:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise VariantError(
            f"cannot read the file: {exc.strerror or exc}", source=str(path)
        ) from None
    if len(data) > MAX_FILE_BYTES:
        raise VariantError(
            f"the file is larger than {MAX_FILE_BYTES} bytes (MAX_FILE_BYTES)", source=str(path)
        )
    try:
        return data.decode("utf-8-sig")  # a BOM is allowed, as in logs
    except UnicodeDecodeError as exc:  # the byte itself is not shown: it is the file's content
        raise VariantError(
            f"cannot read the file: 'utf-8' codec can't decode the byte at position {exc.start} "
            "(not UTF-8 text)",
            source=str(path),
        ) from None


def _load_raw(
    path: Path, chain: tuple[str, ...], allow: tuple[Path, ...]
) -> tuple[dict[str, Any], dict[str, Citation]]:
    if str(path) in chain:
        cycle = " -> ".join([*chain, str(path)])
        hint = ""
        if path.stem in shipped_variants() and path.parent.resolve() != shipped_dir().resolve():
            hint = (
                f" (this file shadows the shipped {path.stem!r}: to extend that one, write "
                f'extends = "{SHIPPED_PREFIX}{path.stem}")'
            )
        raise VariantError(
            f"extends forms a cycle: {cycle}{hint}", source=str(path), path="extends"
        )
    if len(chain) > MAX_EXTENDS:
        raise VariantError(
            f"an extends chain of more than {MAX_EXTENDS} steps (MAX_EXTENDS)",
            source=chain[-1],
            path="extends",
        )
    data = _parse_toml(_read(path), str(path))
    return _resolve(data, str(path), path.parent, (*chain, str(path)), allow)


def _parent(parent: str, base_dir: Path | None, allow: tuple[Path, ...], source: str) -> Path:
    """The file an ``extends`` names, if the policy allows it (else a VariantError)."""
    folders = (*((base_dir,) if base_dir is not None else ()), *allow)
    if parent.startswith(SHIPPED_PREFIX):  # "shipped:ena": the shipped one, never a user's
        return _find(parent, None)
    if not is_path_like(parent):
        inside = resolve_inside(f"{parent}.toml", base_dir, folders)
        return inside if inside is not None else _find(parent, None)
    inside = resolve_inside(parent, base_dir, folders) if parent.endswith(".toml") else None
    if inside is not None:
        return inside
    named = find_named(parent)  # a shipped file's name ("official.toml"), never the cwd's
    if named is not None:
        return named
    where = "inside this file's folder" if base_dir is not None else "(text has no folder)"
    raise VariantError(
        f"{_short(parent)}: not allowed, so not read: extends names a variant or a .toml file "
        f"{where} (widen with allow_paths=)"
    )


@typed_arguments
def findable(name: str) -> bool:
    """True if the finder knows ``name`` (a shipped file name, or one on the variant path;
    never a file of the current directory)."""
    return find_named(name) is not None


@typed_arguments
def load_named(name: str) -> Variant:
    """A variant that data names (a log's header without a folder, a position, a JSON state):
    a name or bare file name on the variant path (``ENA_RULES_PATH``, then shipped), never a
    file's path nor a file of the current directory (docs/log-format.md, "What a log may open").

    >>> load_named("official.toml").name
    'official'
    >>> load_named("/etc/passwd")
    Traceback (most recent call last):
    ...
    ena_rules.errors.VariantError: '/etc/passwd': not allowed, so not read: ...
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(f"load_named(): name: expected a str, got {type(name).__name__}")
    found = find_named(name)
    if found is not None:
        return load_variant(found)
    if is_path_like(name) or "\0" in name:
        raise VariantError(
            f"{_short(name)}: not allowed, so not read: only a variant's name (a shipped one or "
            "one on the variant path, ENA_RULES_PATH) may be named here, not a file's path"
        )
    return load_variant(name)  # not found: its error lists the known names


def _resolve(
    data: dict[str, Any],
    source: str,
    base_dir: Path | None,
    chain: tuple[str, ...],
    allow: tuple[Path, ...],
) -> tuple[dict[str, Any], dict[str, Citation]]:
    if data and not set(data) & _TOP_KEYS:
        raise VariantError(
            "not a variant file: none of its top-level keys is a variant key (name, extends, "
            "deck, deal, ...); its content is not shown",
            source=source,
        )
    values, cites = _split_citations(data, source, "")
    parent = values.pop("extends", None)
    if parent is None:
        values["extends"] = ""
        return values, cites
    if not isinstance(parent, str) or not parent:
        raise VariantError(
            f"expected the name or path of a variant, got {parent!r}", source=source, path="extends"
        )
    try:
        found = _parent(parent, base_dir, allow, source)
    except VariantError as exc:
        raise VariantError(str(exc), source=source, path="extends") from None
    base_raw, base_cites = _load_raw(found, chain or (source,), allow)
    if "name" not in values:  # never inherit the parent's name: a file is named by its stem
        values["name"] = Path(source).stem if source.endswith(".toml") else None
    merged = _merge(base_raw, values)
    merged["extends"] = parent
    merged.setdefault("description", "")
    if "description" not in values:
        merged["description"] = ""
    # a key the child sets plainly no longer carries the parent's citation for its old value
    overridden = _paths(values)
    kept = {p: c for p, c in base_cites.items() if p not in overridden}
    return merged, {**kept, **cites}


def _paths(tree: Mapping[str, Any], prefix: str = "") -> set[str]:
    """Every key path of a parsed TOML tree, tables included."""
    out: set[str] = set()
    for k, v in tree.items():
        path = f"{prefix}.{k}" if prefix else k
        out.add(path)
        if isinstance(v, dict):
            out |= _paths(v, path)
    return out


def _split_citations(node: Any, source: str, path: str) -> tuple[Any, dict[str, Citation]]:
    """Replace ``{value = ..., clause = ...}`` tables by their value; collect the citations."""
    if not isinstance(node, dict):
        return node, {}
    if "value" in node and set(node) <= _CITE_KEYS:
        clause = node.get("clause", ())
        if isinstance(clause, str):
            clause = tuple(clause.split())
        if not isinstance(clause, (list, tuple)) or not all(isinstance(c, str) for c in clause):
            raise VariantError(
                f"a clause must be an id or a list of ids, got {clause!r}",
                source=source,
                path=f"{path}.clause",
            )
        for extra in ("source", "note"):
            if not isinstance(node.get(extra, ""), str):
                raise VariantError(
                    f"expected a string, got {node[extra]!r}", source=source, path=f"{path}.{extra}"
                )
        cite = Citation(tuple(clause), node.get("source", ""), node.get("note", ""))
        value, inner = _split_citations(node["value"], source, path)
        return value, {**inner, path: cite}
    out: dict[str, Any] = {}
    cites: dict[str, Citation] = {}
    for k, v in node.items():
        sub = f"{path}.{k}" if path else k
        out[k], c = _split_citations(v, source, sub)
        cites.update(c)
    return out, cites


def _merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


# --- building the typed value -------------------------------------------------------------------


def _item(item: str, code: str, table: Any, source: str) -> tuple[str, Any]:
    """One ``[ranks.RANK]`` or ``[cards.CODE]`` table (a card's gives its effects: DECK-CARD)."""
    what = "rank" if item == "ranks" else "card"
    if not isinstance(table, dict):
        raise VariantError(
            f"expected a table describing the {what}, got {table!r}",
            source=source,
            path=f"{item}.{code}",
        )
    if item == "cards" and "effects" not in table:
        raise VariantError(
            "a card's table gives the card's own effects (an empty array: none)",
            source=source,
            path=f"cards.{code}.effects",
        )
    return code, structure_table(table, f"{item}.{code}", source=source)


def _did_you_mean(key: str) -> str:
    """`` (did you mean deal.hand_size?)`` for a section's key written at the top level, or a
    top-level key nearly spelt so; else nothing."""
    import difflib

    from .schema import iter_keys

    inside = sorted({i.path for i in iter_keys() if i.path.rsplit(".", 1)[-1] == key})
    inside = [p for p in inside if p.split(".")[0] not in ITEM_TABLES]
    if inside:
        return f" (did you mean {' or '.join(inside)}?)"
    close = difflib.get_close_matches(key, sorted(_TOP_KEYS), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _build(raw: dict[str, Any], cites: dict[str, Citation], source: str) -> Variant:
    def fail(path: str, msg: str) -> VariantError:
        return VariantError(msg, source=source, path=path)

    for k in raw:
        if k not in _TOP_KEYS:
            raise fail(
                k,
                f"unknown key {k!r}{_did_you_mean(k)}; expected one of "
                f"{', '.join(sorted(_TOP_KEYS))}",
            )
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        start = (
            ""
            if raw.get("extends")
            else "; the file has no extends either: start a house-rule file from a variant "
            'with extends = "ena" (or "official", ...), which names it after its file'
        )
        raise fail("name", f"expected a non-empty string naming the variant, got {name!r}{start}")
    description = raw.get("description", "")
    if not isinstance(description, str):
        raise fail("description", f"expected a string, got {description!r}")
    check_limits(raw, source)
    sections: dict[str, Any] = {}
    for table_name, _ in iter_tables():  # the one walk of the schema
        key = table_name.removesuffix(".*")
        table = raw.get(key, {})
        if not isinstance(table, dict):
            what = f"a table of {key[:-1]} tables" if key in ITEM_TABLES else "a table"
            raise fail(key, f"expected {what}, got {table!r}")
        if key in ITEM_TABLES:
            items = [_item(key, code, t, source) for code, t in table.items()]
            sections[ITEM_TABLES[key][1]] = tuple(items)
        else:
            sections[key] = structure_table(table, key, source=source)
    variant = Variant(
        name=name.strip(),
        description=description,
        extends=raw.get("extends", ""),
        citations=tuple(sorted(cites.items())),
        **sections,
    )
    check_variant(variant, source)
    return variant
