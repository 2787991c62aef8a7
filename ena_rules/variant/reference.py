"""The variant-key reference, docs/variant-keys.md, generated from the data it describes.

Nothing in that page is written by hand: each key's type, default, allowed values, clause ids
and description come from the schema (:func:`ena_rules.variant.iter_keys`), each shipped
variant's value and citation from its TOML file (:func:`ena_rules.variant.io.shipped_variants`),
and the effect primitives from :data:`ena_rules.variant.EFFECT_OPS`. Regenerate it with::

    python -m ena_rules.variant.reference --write      # or: ... > docs/variant-keys.md

``--check`` exits with status 1 when the page on disk is out of date.

>>> text = render_key_reference()
>>> text.splitlines()[0]
'# Variant keys'
>>> "### `deal.cut`" in text and "`choose_color`" in text
True
>>> format_value((("W", 4), ("W+4", 4)))
'{ W = 4, "W+4" = 4 }'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .generated_page import page_command
from .io import load_variant, shipped_variants
from .schema import EFFECT_OPS, ITEM_TABLES, Effect, KeyInfo, Variant, iter_keys

__all__ = ["DEFAULT_PATH", "format_value", "main", "render_key_reference", "toml_key"]

#: Where the generated page lives in a source checkout.
DEFAULT_PATH = Path(__file__).resolve().parents[2] / "docs" / "variant-keys.md"

_REGENERATE = "python -m ena_rules.variant.reference --write"
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")

_TOP_LEVEL = (
    (
        "name",
        "string",
        "the variant's name, as positions and logs call it (keep it equal to the file's stem); "
        "inherited from what it extends when left out",
    ),
    ("description", "string", "one line saying what the variant is; not inherited"),
    (
        "extends",
        "string",
        "the variant this one starts from: a shipped name, or a path relative to this file",
    ),
)


def format_value(value: Any) -> str:
    """A schema value as inline TOML, as it would be written in a variant file.

    >>> format_value(("W+4",)), format_value(True), format_value("lowest")
    ('["W+4"]', 'true', '"lowest"')
    >>> format_value((Effect("draw", 2), Effect("skip")))
    '[{ op = "draw", count = 2 }, { op = "skip" }]'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Effect):
        count = "" if value.count == 1 else f", count = {value.count}"
        return f"{{ op = {json.dumps(value.op)}{count} }}"
    if isinstance(value, tuple) and value and all(_is_pair(x) for x in value):
        items = ", ".join(f"{toml_key(k)} = {format_value(v)}" for k, v in value)
        return f"{{ {items} }}"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(format_value(x) for x in value) + "]"
    if isinstance(value, dict):
        return format_value(tuple(value.items())) if value else "{}"
    if value is None:
        return "(none)"
    raise TypeError(f"{value!r}: no TOML form for this value")


def _is_pair(x: Any) -> bool:
    return isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str)


def toml_key(key: str) -> str:
    """A TOML key, quoted when it is not a bare key.

    >>> toml_key("hand_size"), toml_key("+2")
    ('hand_size', '"+2"')
    """
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def _empty_default(info: KeyInfo) -> str:
    """Tables have an empty tuple as default; write it as TOML would (``{}``, not ``[]``)."""
    if info.default == () and info.type.startswith("table"):
        return "{}"
    return format_value(info.default)


def _code(text: str) -> str:
    return f"`{text}`" if "`" not in text else f"`` {text} ``"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to dashes."""
    text = re.sub(r"[^\w\- ]", "", heading.lower())
    return text.replace(" ", "-")


def _load_shipped() -> list[Variant]:
    return [load_variant(name) for name in shipped_variants()]


def _ordered(variants: Iterable[Variant]) -> list[Variant]:
    """Variants that extend nothing first, then each after what it extends; by name within."""
    by_name = {v.name: v for v in variants}

    def depth(v: Variant, seen: frozenset[str] = frozenset()) -> int:
        parent = Path(v.extends).stem if v.extends.endswith(".toml") else v.extends
        if not parent or parent not in by_name or parent in seen:
            return 0 if not parent else 1
        return 1 + depth(by_name[parent], seen | {v.name})

    return sorted(by_name.values(), key=lambda v: (depth(v), v.name))


def _range(info: KeyInfo) -> str:
    lo, hi = info.minimum, info.maximum
    if lo is not None and hi is not None:
        return f"from {lo} to {hi}"
    if lo is not None:
        return f"at least {lo}"
    if hi is not None:
        return f"at most {hi}"
    return ""


def _citation(v: Variant, path: str) -> tuple[str, str, str]:
    cite = v.citation(path)
    if cite is None:
        return "", "", ""
    return " ".join(cite.clause), cite.source, cite.note


def _key_head(info: KeyInfo) -> list[str]:
    lines = [f"### {_code(info.path)}", "", info.doc[0].upper() + info.doc[1:] + ".", ""]
    kind = info.type
    if info.choices:
        kind += ", one of " + ", ".join(_code(format_value(c)) for c in info.choices)
    span = _range(info)
    if span:
        kind += f", {span}"
    lines.append(f"- type: {kind}")
    lines.append(f"- default: {_code(_empty_default(info))}")
    lines.append("- clauses: " + ", ".join(_code(c) for c in info.clauses))
    lines.append("")
    return lines


def _section_key(v: Variant, info: KeyInfo) -> Any:
    section, name = info.path.split(".")
    return getattr(getattr(v, section), name)


def _value_text(info: KeyInfo, value: Any) -> str:
    if value == () and info.type.startswith("table"):
        return "{}"
    return format_value(value)


def _grouped(rows: Sequence[tuple[tuple[str, ...], str]]) -> list[tuple[tuple[str, ...], str]]:
    """Rows with equal cells merged, in order of first appearance, each with the variants it
    holds for: ``all``, ``all but `x` ``, or the names."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for cells, name in rows:
        groups.setdefault(cells, []).append(name)
    pool = [name for _, name in rows]
    out = []
    for cells, names in groups.items():
        others = [n for n in pool if n not in names]
        if not others and len(pool) > 1:
            text = "all"
        elif len(pool) > 3 and len(others) <= min(3, len(names) - 1):
            text = "all but " + ", ".join(_code(n) for n in others)
        else:
            text = ", ".join(_code(n) for n in names)
        out.append((cells, text))
    return out


def _plain_key(info: KeyInfo, variants: Sequence[Variant]) -> list[str]:
    lines = _key_head(info)
    lines.append("| value | variants | clause | source | note |")
    lines.append("|---|---|---|---|---|")
    rows = []
    for v in variants:
        value = _code(_value_text(info, _section_key(v, info)))
        rows.append(((value, *_citation(v, info.path)), v.name))
    for (value, clause, source, note), names in _grouped(rows):
        cells = [value, names, clause, source, note]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    lines.append("")
    return lines


def _item_key(info: KeyInfo, variants: Sequence[Variant]) -> list[str]:
    """A per-rank key (``ranks.*``) or a per-card key (``cards.*``, DECK-CARD): a row per rank
    or card code and value."""
    item, _, field = info.path.partition(".*.")
    attr = ITEM_TABLES[item][1]
    lines = _key_head(info)
    lines.append(
        f"| {'rank' if item == 'ranks' else 'card'} | value | variants | clause | source | note |"
    )
    lines.append("|---|---|---|---|---|---|")
    for code in dict.fromkeys(r for v in variants for r, _ in getattr(v, attr)):
        rows = []
        for v in variants:
            defs = dict(getattr(v, attr))
            if code in defs:
                value = _code(_value_text(info, getattr(defs[code], field)))
                rows.append(((value, *_citation(v, f"{item}.{code}.{field}")), v.name))
        for (value, clause, source, note), names in _grouped(rows):
            cells = [_code(code), value, names, clause, source, note]
            lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    lines.append("")
    return lines


def _section_of(info: KeyInfo) -> str:
    return info.path.rsplit(".", 1)[0]


def _section_heading(section: str) -> str:
    return {"ranks.*": "`[ranks.RANK]`", "cards.*": "`[cards.CODE]`"}.get(section, f"`[{section}]`")


def render_key_reference(variants: Sequence[Variant] | None = None) -> str:
    """The text of docs/variant-keys.md, for ``variants`` (default: every shipped variant).

    >>> text = render_key_reference([load_variant("official")])
    >>> print(next(line for line in text.splitlines() if line.startswith('| `"highest"`')))
    | `"highest"` | `official` | DEAL-CUT-OFF | 002 004 |  |
    """
    chosen = _ordered(_load_shipped() if variants is None else variants)
    keys = list(iter_keys())
    sections = list(dict.fromkeys(_section_of(k) for k in keys))
    out = [
        "# Variant keys",
        "",
        "<!-- GENERATED FILE: do not edit. Made by ena_rules/variant/reference.py from the schema",
        "     (ena_rules/variant.py) and the shipped variants (variants/*.toml).",
        f"     Regenerate: {_REGENERATE} -->",
        "",
        "Every rule key a variant file may set, generated from the schema that the loader and",
        "the referee use, so it cannot drift from the code. For each key: what it decides, its",
        "type and allowed values, its default (the value when neither the file nor what it",
        "`extends` sets it), the clause ids of [rules.md](rules.md) it implements, and its value",
        "in every shipped variant with the clause and source that variant cites. How to write a",
        "variant file: [variants.md](variants.md).",
        "",
        "## Shipped variants",
        "",
        "| variant | extends | cards | players | description |",
        "|---|---|---|---|---|",
    ]
    for v in chosen:
        ext = _code(v.extends) if v.extends else "(nothing)"
        size = len(v.cards)
        players = f"{v.players.min}–{v.players.max}"
        out.append(
            "| "
            + " | ".join(_cell(c) for c in (_code(v.name), ext, str(size), players, v.description))
            + " |"
        )
    out += ["", "## Contents", ""]
    out.append("- [Top-level keys](#top-level-keys)")
    for section in sections:
        heading = _section_heading(section)
        out.append(
            f"- [{heading}](#{_slug(heading)}): "
            + ", ".join(
                f"[{_code(k.path.rsplit('.', 1)[1])}](#{_slug(_code(k.path))})"
                for k in keys
                if _section_of(k) == section
            )
        )
    out.append("- [Effect primitives](#effect-primitives)")
    out += [
        "",
        "## Top-level keys",
        "",
        "| key | type | meaning |",
        "|---|---|---|",
    ]
    out += [f"| {_code(k)} | {t} | {_cell(d)} |" for k, t, d in _TOP_LEVEL]
    out.append("")
    for section in sections:
        out += [f"## {_section_heading(section)}", ""]
        if section == "ranks.*":
            out += [
                'One table per rank, `[ranks.S]`, `[ranks."+2"]`, `[ranks.W]` ...: what the rank',
                "does and scores. A rank in `deck.colored` or `deck.wild` needs its table; a",
                "rank may be defined without being in the deck.",
                "",
            ]
        if section == "cards.*":
            out += [
                "One table per card that does what its rank does not (DECK-CARD), keyed by the",
                "card's code, `[cards.SQ]` (the queen of spades): its keys replace its rank's for",
                "that one card, the others are the rank's. It always gives the card's `effects`.",
                "",
            ]
        for info in keys:
            if _section_of(info) != section:
                continue
            out += _item_key(info, chosen) if section.endswith(".*") else _plain_key(info, chosen)
    out += [
        "## Effect primitives",
        "",
        "What a card does is the list of these in its `effects`, each acting from the seat of",
        'the player who played it: `effects = [{ op = "draw", count = 2 }, { op = "skip" }]`.',
        "`count` is 1 when left out.",
        "",
        "| op | effect |",
        "|---|---|",
    ]
    out += [f"| {_code(op)} | {_cell(doc)} |" for op, doc in EFFECT_OPS.items()]
    out.append("")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the reference, write it (``--write [PATH]``) or check it (``--check [PATH]``).

    >>> main(["--check", "no-such-page.md"])
    1
    """
    return page_command(
        argv,
        prog="python -m ena_rules.variant.reference",
        description="Generate docs/variant-keys.md from the variant schema and shipped variants.",
        default=Path(DEFAULT_PATH),
        render=render_key_reference,
        regenerate=_REGENERATE,
    )


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
