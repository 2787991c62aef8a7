"""Loading, checking, writing and comparing variant files.

A variant file is TOML. Any key may be given plainly (``cut = "lowest"``) or with its source
(``cut = { value = "lowest", clause = "DEAL-CUT-ENA", source = "003" }``). ``extends = "NAME"``
starts from another variant (a shipped name or a path relative to the file) and overrides it
key by key; tables merge, arrays replace.

>>> v = load_variant("ena.toml")
>>> v.extends, v.deal.cut
('official', 'lowest')
>>> diff_variants(load_variant("official"), v)[0].path
'deal.cut'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import tomli_w

from .cards import COLORS
from .errors import VariantError
from .finder import find_variant, shipped_dir, shipped_variants
from .variant import (
    _SECTIONS,
    EFFECT_OPS,
    Citation,
    Effect,
    KeyInfo,
    Rank,
    Variant,
    key_info,
)

__all__ = [
    "KeyDiff",
    "diff_variants",
    "dump_variant",
    "load_variant",
    "load_variant_text",
    "shipped_variants",
    "variant_dirs",
]

_TOP_KEYS = {"name", "description", "extends", "ranks", *_SECTIONS}
_CITE_KEYS = {"value", "clause", "source", "note"}
_RANK_KEYS = {f.name for f in attrs.fields(Rank)}


def variant_dirs() -> tuple[Path, ...]:
    """The folder of the shipped variants (:func:`ena_rules.finder.shipped_dir`), as a tuple."""
    return (shipped_dir(),)


_LOADED: dict[tuple[str, float], Variant] = {}


def load_variant(name_or_path: str | Path) -> Variant:
    """Load a variant by shipped name (``official``), shipped file name or any TOML file's path.

    Raises :class:`VariantError` naming the file, the key path and what was expected.

    >>> load_variant("official").name
    'official'
    """
    path = _find(str(name_or_path), None)
    stamp = path.stat().st_mtime
    cached = _LOADED.get((str(path), stamp))
    if cached is not None:
        return cached
    raw, cites = _load_raw(path, ())
    variant = _build(raw, cites, str(path))
    _LOADED[(str(path), stamp)] = variant
    return variant


def load_variant_text(
    text: str, *, source: str = "<string>", base_dir: Path | None = None
) -> Variant:
    """Load a variant from TOML text (``extends`` resolves against ``base_dir`` or shipped names).

    >>> text = 'name = "x"\\nextends = "official"\\n[deal]\\nhand_size = 5'
    >>> load_variant_text(text).deal.hand_size
    5
    """
    data = _parse_toml(text, source)
    raw, cites = _resolve(data, source, base_dir, ())
    return _build(raw, cites, source)


def _find(name: str, base_dir: Path | None) -> Path:
    return find_variant(name, base_dir)


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"not valid TOML: {exc}", source=source) from None


def _load_raw(path: Path, chain: tuple[str, ...]) -> tuple[dict[str, Any], dict[str, Citation]]:
    if str(path) in chain:
        cycle = " -> ".join([*chain, str(path)])
        raise VariantError(f"extends forms a cycle: {cycle}", source=str(path), path="extends")
    try:
        text = path.read_text(encoding="utf-8-sig")  # a BOM is allowed, as in logs
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError(f"cannot read the file: {exc}", source=str(path)) from None
    return _resolve(_parse_toml(text, str(path)), str(path), path.parent, (*chain, str(path)))


def _resolve(
    data: dict[str, Any], source: str, base_dir: Path | None, chain: tuple[str, ...]
) -> tuple[dict[str, Any], dict[str, Citation]]:
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
        found = _find(parent, base_dir)
    except VariantError as exc:
        raise VariantError(str(exc), source=source, path="extends") from None
    base_raw, base_cites = _load_raw(found, chain)
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


def _build(raw: dict[str, Any], cites: dict[str, Citation], source: str) -> Variant:
    def fail(path: str, msg: str) -> VariantError:
        return VariantError(msg, source=source, path=path)

    for k in raw:
        if k not in _TOP_KEYS:
            raise fail(k, f"unknown key {k!r}; expected one of {', '.join(sorted(_TOP_KEYS))}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise fail("name", f"expected a non-empty string naming the variant, got {name!r}")
    description = raw.get("description", "")
    if not isinstance(description, str):
        raise fail("description", f"expected a string, got {description!r}")
    sections: dict[str, Any] = {}
    for section, cls in _SECTIONS.items():
        table = raw.get(section, {})
        if not isinstance(table, dict):
            raise fail(section, f"expected a table, got {table!r}")
        sections[section] = _build_section(section, cls, table, fail)
    ranks_raw = raw.get("ranks", {})
    if not isinstance(ranks_raw, dict):
        raise fail("ranks", f"expected a table of rank tables, got {ranks_raw!r}")
    ranks = tuple((r, _build_rank(r, t, fail)) for r, t in ranks_raw.items())
    variant = Variant(
        name=name.strip(),
        description=description,
        extends=raw.get("extends", ""),
        ranks=ranks,
        citations=tuple(sorted(cites.items())),
        **sections,
    )
    _check_consistency(variant, fail)
    return variant


def _build_section(section: str, cls: type, table: dict[str, Any], fail: Any) -> Any:
    names = {f.name: f for f in attrs.fields(cls)}
    kwargs: dict[str, Any] = {}
    for k, v in table.items():
        path = f"{section}.{k}"
        if k not in names:
            raise fail(
                path,
                f"unknown key {k!r} in [{section}]; expected one of {', '.join(sorted(names))}",
            )
        info = key_info(path)
        assert info is not None
        kwargs[k] = _convert(info, v, path, fail)
    return cls(**kwargs)


def _build_rank(rank: str, table: Any, fail: Any) -> Rank:
    path = f"ranks.{rank}"
    if not isinstance(table, dict):
        raise fail(path, f"expected a table describing the rank, got {table!r}")
    kwargs: dict[str, Any] = {}
    for k, v in table.items():
        if k not in _RANK_KEYS:
            raise fail(
                f"{path}.{k}", f"unknown key {k!r}; expected one of {', '.join(sorted(_RANK_KEYS))}"
            )
        if k == "effects":
            kwargs[k] = _effects(v, f"{path}.effects", fail)
        else:
            info = key_info(f"{path}.{k}")
            assert info is not None
            kwargs[k] = _convert(info, v, f"{path}.{k}", fail)
    return Rank(**kwargs)


def _effects(value: Any, path: str, fail: Any) -> tuple[Effect, ...]:
    if not isinstance(value, list):
        raise fail(path, f'expected an array of effects like {{op = "skip"}}, got {value!r}')
    out = []
    for i, item in enumerate(value):
        p = f"{path}[{i}]"
        if not isinstance(item, dict):
            raise fail(p, f'expected a table like {{op = "draw", count = 2}}, got {item!r}')
        extra = set(item) - {"op", "count"}
        if extra:
            raise fail(p, f"unknown key(s) {', '.join(sorted(extra))}; an effect has op and count")
        op = item.get("op")
        if not isinstance(op, str) or op not in EFFECT_OPS:
            raise fail(f"{p}.op", f"unknown effect {op!r}; expected one of {', '.join(EFFECT_OPS)}")
        count = item.get("count", 1)
        if type(count) is not int or not 1 <= count <= 50:
            raise fail(f"{p}.count", f"expected an integer from 1 to 50, got {count!r}")
        out.append(Effect(op, count))
    return tuple(out)


def _convert(info: KeyInfo, value: Any, path: str, fail: Any) -> Any:
    t = info.type
    if t == "boolean":
        if type(value) is not bool:
            raise fail(path, f"expected true or false, got {value!r}")
        return value
    if t == "integer":
        if type(value) is not int:
            raise fail(path, f"expected an integer, got {value!r}")
        _check_range(info, value, path, fail)
        return value
    if t == "string":
        if not isinstance(value, str):
            raise fail(path, f"expected a string, got {value!r}")
        if info.choices and value not in info.choices:
            raise fail(path, f"expected one of {', '.join(map(repr, info.choices))}, got {value!r}")
        return value
    if t == "array of strings":
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise fail(path, f"expected an array of strings, got {value!r}")
        return tuple(value)
    if t == "table of integers":
        if not isinstance(value, dict):
            raise fail(path, f"expected a table of rank = copies, got {value!r}")
        for k, v in value.items():
            if type(v) is not int or not 0 <= v <= 100:
                raise fail(f"{path}.{k}", f"expected an integer from 0 to 100, got {v!r}")
        return tuple(value.items())
    if t == "table of arrays of strings":
        if not isinstance(value, dict):
            raise fail(path, f"expected a table of rank = [ranks], got {value!r}")
        for k, v in value.items():
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise fail(f"{path}.{k}", f"expected an array of ranks, got {v!r}")
        return tuple((k, tuple(v)) for k, v in value.items())
    raise AssertionError(t)  # pragma: no cover


def _check_range(info: KeyInfo, value: int, path: str, fail: Any) -> None:
    lo, hi = info.minimum, info.maximum
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise fail(path, f"expected an integer from {lo} to {hi}, got {value!r}")


def _check_consistency(v: Variant, fail: Any) -> None:
    """Contradictions between keys: each names the key path at fault."""
    for c in v.deck.colors:
        if c not in COLORS:
            raise fail("deck.colors", f"unknown colour {c!r}; expected some of R, Y, G, B")
    if len(set(v.deck.colors)) != len(v.deck.colors) or not v.deck.colors:
        raise fail("deck.colors", "expected at least one colour, each once")
    in_deck: set[str] = set()
    for rank, n in v.deck.colored:
        if rank.startswith("W") or not rank:
            raise fail(f"deck.colored.{rank}", "a coloured rank may not start with W (wilds do)")
        if n and not v.has_rank(rank):
            raise fail(
                f"deck.colored.{rank}", f"rank {rank!r} is in the deck but has no [ranks.{rank}]"
            )
        if n:
            in_deck.add(rank)
    for rank, n in v.deck.wild:
        if not rank.startswith("W"):
            raise fail(f"deck.wild.{rank}", "a wild rank must start with W (W, W+4, WS, ...)")
        if n and not v.has_rank(rank):
            raise fail(
                f"deck.wild.{rank}", f"rank {rank!r} is in the deck but has no [ranks.{rank}]"
            )
        if n:
            in_deck.add(rank)
    if not in_deck:
        raise fail("deck", "the deck has no cards")
    size = sum(n for _, n in v.deck.colored) * len(v.deck.colors) + sum(n for _, n in v.deck.wild)
    if v.players.min > v.players.max:
        raise fail("players.min", f"{v.players.min} is more than players.max ({v.players.max})")
    if v.players.max * v.deal.hand_size >= size:
        raise fail(
            "deal.hand_size",
            f"{v.players.max} players with {v.deal.hand_size} cards each "
            f"leave no card to turn up from a deck of {size}",
        )
    for rank, r in v.ranks:
        ops = [e.op for e in r.effects]
        wild = rank.startswith("W")
        if wild and "choose_color" not in ops:
            raise fail(f"ranks.{rank}.effects", 'a wild must include {op = "choose_color"}')
        if not wild and "choose_color" in ops:
            raise fail(
                f"ranks.{rank}.effects", "only a wild (a rank starting with W) chooses a colour"
            )
        if r.challengeable and not r.only_without_color_match:
            raise fail(
                f"ranks.{rank}.challengeable",
                "a challenge needs a restriction to test: set only_without_color_match",
            )
        if ops.count("swap_hands") > 1:
            raise fail(f"ranks.{rank}.effects", "one swap_hands per card (it names one target)")
    for i, rank in enumerate(v.first_card.return_ranks):
        if rank not in in_deck:
            raise fail(f"first_card.return_ranks[{i}]", f"rank {rank!r} is not in the deck")
    for i, rank in enumerate(v.stacking.overtake):
        if rank not in in_deck:
            raise fail(f"stacking.overtake[{i}]", f"rank {rank!r} is not in the deck")
        if "draw" not in [e.op for e in v.rank(rank).effects]:
            raise fail(f"stacking.overtake[{i}]", f"rank {rank!r} has no draw effect to stack")
    if not v.overtake.skip_between:
        raise fail(
            "overtake.skip_between",
            "OVT-SKIP: play always continues from the overtaker; false is no reading of a source",
        )
    if v.stacking.overtake and not v.overtake.enabled:
        raise fail("stacking.overtake", "stacking by overtaking needs overtake.enabled = true")
    for pending, answers in v.stacking.answer:
        for rank in (pending, *answers):
            if rank not in in_deck:
                raise fail(f"stacking.answer.{pending}", f"rank {rank!r} is not in the deck")
            if "draw" not in [e.op for e in v.rank(rank).effects]:
                raise fail(
                    f"stacking.answer.{pending}", f"rank {rank!r} has no draw effect to stack"
                )
    s = v.scoring
    if s.mode == "own_hand" and s.winner != "lowest_total":
        raise fail(
            "scoring.winner",
            'with scoring.mode = "own_hand" the lowest total wins: expected "lowest_total"',
        )
    if s.mode != "own_hand" and s.winner != "first_to_target":
        raise fail(
            "scoring.winner",
            f"with scoring.mode = {s.mode!r} the first to the target wins: "
            'expected "first_to_target"',
        )


# --- writing and comparing ----------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if (
        isinstance(value, tuple)
        and value
        and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in value)
    ):
        return {k: _plain(v) for k, v in value}
    if isinstance(value, tuple):
        return [_plain(x) for x in value]
    if isinstance(value, Effect):
        return {"op": value.op, "count": value.count} if value.count != 1 else {"op": value.op}
    return value


def variant_to_dict(v: Variant, *, cite: bool = True) -> dict[str, Any]:
    """The resolved variant as plain TOML data (no ``extends``), citations inline when ``cite``."""
    out: dict[str, Any] = {"name": v.name}
    if v.description:
        out["description"] = v.description
    for section in _SECTIONS:
        obj = getattr(v, section)
        out[section] = {}
        for f in attrs.fields(type(obj)):
            value = getattr(obj, f.name)
            info = key_info(f"{section}.{f.name}")
            is_table = info is not None and info.type.startswith("table")
            out[section][f.name] = dict(_plain(value) or {}) if is_table else _plain(value)
        if section == "deck":
            out["ranks"] = {
                rank: {f.name: _plain(getattr(r, f.name)) for f in attrs.fields(Rank)}
                for rank, r in v.ranks
            }
    if cite:
        for path, c in v.citations:
            _attach(out, path, c)
    return out


def _attach(tree: dict[str, Any], path: str, c: Citation) -> None:
    parts = path.split(".")
    node: Any = tree
    for p in parts[:-1]:
        if not isinstance(node, dict) or p not in node:
            return
        node = node[p]
    last = parts[-1]
    if not isinstance(node, dict) or last not in node:
        return
    entry: dict[str, Any] = {"value": node[last], "clause": list(c.clause)}
    if c.source:
        entry["source"] = c.source
    if c.note:
        entry["note"] = c.note
    node[last] = entry


def dump_variant(v: Variant) -> str:
    """The resolved variant as TOML text that loads back to an equal variant.

    >>> v = load_variant("ena.toml")
    >>> load_variant_text(dump_variant(v)) == v
    True
    """
    return tomli_w.dumps(variant_to_dict(v))


@attrs.frozen
class KeyDiff:
    """One key whose value differs between two variants."""

    path: str
    left: Any
    right: Any
    clauses: tuple[str, ...]
    doc: str


def _flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in tree.items():
        path = f"{prefix}.{k}" if prefix else k
        if (
            isinstance(v, dict)
            and (prefix.count(".") < 1 or path.startswith("ranks."))
            and not (path.startswith(("deck.colored", "deck.wild", "stacking.answer")))
        ):
            out.update(_flatten(v, path))
        else:
            out[path] = v
    return out


def diff_variants(left: Variant, right: Variant) -> list[KeyDiff]:
    """Every key whose value differs, with its description and clause ids, in schema order.

    >>> [d.path for d in diff_variants(load_variant("official"), load_variant("official"))]
    []
    """
    a = _flatten(variant_to_dict(left, cite=False))
    b = _flatten(variant_to_dict(right, cite=False))
    out = []
    for path in [*a, *(p for p in b if p not in a)]:
        if path in ("name", "description"):
            continue
        va, vb = a.get(path), b.get(path)
        if va != vb:
            info = key_info(path)
            out.append(
                KeyDiff(
                    path,
                    va,
                    vb,
                    info.clauses if info else (),
                    info.doc if info else "rank definition",
                )
            )
    return out
