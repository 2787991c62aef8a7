"""Writing and comparing variants: a resolved variant as TOML, and the keys two variants differ in.

Both walk the schema once, through :func:`~ena_rules.variant.iter_values`.

>>> from ena_rules import load_variant
>>> diff_variants(load_variant("official"), load_variant("ena"))[0].path
'deal.cut'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs
import tomli_w

from ..errors import typed_arguments
from .schema import Citation, Effect, Variant, item_table, iter_tables, iter_values, key_info

__all__ = ["KeyDiff", "diff_variants", "dump_variant", "variant_to_dict"]


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


def plain_values(v: Variant) -> Iterator[tuple[str, str, Any]]:
    """Every key of a resolved variant as plain TOML data: its table, its path and its value.

    >>> from ena_rules import load_variant
    >>> next(p for p in plain_values(load_variant("official")) if p[1] == "deck.colors")
    ('deck', 'deck.colors', ['R', 'Y', 'G', 'B'])
    """
    for table, path, value in iter_values(v):
        info = key_info(path)
        is_table = info is not None and info.type.startswith("table")
        yield table, path, dict(_plain(value) or {}) if is_table else _plain(value)


@typed_arguments
def variant_to_dict(v: Variant, *, cite: bool = True) -> dict[str, Any]:
    """The resolved variant as plain TOML data (no ``extends``), citations inline when ``cite``.

    >>> from ena_rules import load_variant
    >>> variant_to_dict(load_variant("official"), cite=False)["deal"]["hand_size"]
    7
    """
    out: dict[str, Any] = {"name": v.name}
    if v.description:
        out["description"] = v.description
    for table, _ in iter_tables():
        out[table.removesuffix(".*")] = {}
    if not v.card_rules:  # DECK-CARD: a variant without a card's own table writes none
        del out["cards"]
    for table, path, value in plain_values(v):
        node = out
        for part in table.split("."):
            node = node.setdefault(part, {})
        node[path.rpartition(".")[2]] = value
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


@typed_arguments
def dump_variant(v: Variant) -> str:
    """The resolved variant as TOML text that loads back to an equal variant.

    >>> from ena_rules import load_variant, load_variant_text
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


def _table_key(path: str) -> bool:
    """A key whose value is a table (``deal.hand_size_by_players``): compared whole."""
    info = key_info(path)
    return info is not None and info.type.startswith("table of")


def _flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in tree.items():
        path = f"{prefix}.{k}" if prefix else k
        if (
            isinstance(v, dict)
            and (prefix.count(".") < 1 or item_table(path) is not None)
            and not (path.startswith(("deck.colored", "deck.wild", "stacking.answer")))
            and not _table_key(path)
        ):
            out.update(_flatten(v, path))
        else:
            out[path] = v
    return out


def _diff_clauses(
    path: str, schema: tuple[str, ...], left: Variant, right: Variant
) -> tuple[str, ...]:
    """The clauses a diff cites for a key: a rank's or a card's key (``ranks.7.effects``,
    ``cards.SQ.effects``) cites what the two variants cite for it (the schema's list names
    every card's clause, not this one's); a new rank's key neither cites (its default), and
    every other key, the schema's clauses."""
    if item_table(path) is None:
        return schema
    cited = [c for v in (right, left) if (c := v.citation(path)) is not None]
    if not cited:  # a key a new rank leaves at its default: the clauses the rank cites
        prefix = ".".join(path.split(".")[:2]) + "."
        cited = [c for v in (right, left) for k, c in v.citations if k.startswith(prefix)]
    return tuple(dict.fromkeys(clause for c in cited for clause in c.clause)) or schema


@typed_arguments
def diff_variants(left: Variant, right: Variant) -> list[KeyDiff]:
    """Every key whose value differs, with its description and clause ids, in schema order.

    >>> from ena_rules import load_variant
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
                    _diff_clauses(path, info.clauses if info else (), left, right),
                    info.doc if info else "rank definition",
                )
            )
    return out
