"""The rule clauses every verdict cites, and ``ena-rules explain ID``.

The clause ids are those of the project's rule catalogue; ``specs/clauses.toml`` holds each
clause's section, our title, the seed files it rests on and, for a point the sources leave
open, the decision (the wheel carries the file as ``ena_rules/data/clauses.toml``).
docs/rules.md is generated from it: ``python -m ena_rules.variant.clauses --write``
(``--check`` exits 1 when the page is stale).

>>> print(clause("PEN-ENA").title)
Ena: out of turn, bad overtake, wrong card, drawing too many, misdealing: two cards each
>>> [k.path for k in keys_applying("DEAL-CUT-TIE")]
['deal.cut_tie']
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import attrs

from ..errors import EnaRulesError, typed_arguments
from .finder import shipped_variants
from .generated_page import page_command
from .io import load_variant
from .reference import format_value
from .schema import KeyInfo, Variant, iter_keys, key_info

__all__ = [
    "DEFAULT_PAGE",
    "Clause",
    "clause",
    "clauses",
    "explain",
    "keys_applying",
    "main",
    "render_rules_page",
    "seed_names",
]

_HERE = Path(__file__).resolve().parent.parent  # the package folder, ena_rules/
#: Where the generated page lives in a source checkout.
DEFAULT_PAGE = _HERE.parent / "docs" / "rules.md"
_REGENERATE = "python -m ena_rules.variant.clauses --write"


@attrs.frozen
class Clause:
    """One rule clause: its stable id, section, title (our words), seeds, and the decision
    when the sources leave the point open."""

    id: str
    section: str
    title: str
    seeds: tuple[str, ...]
    open: bool
    decision: str = ""
    source: str = ""
    """For a project clause (a house rule no seed states): where the rule comes from."""


def _data_file() -> Path:
    inside = _HERE / "data" / "clauses.toml"
    return inside if inside.is_file() else _HERE.parent / "specs" / "clauses.toml"


@cache
def _load() -> tuple[tuple[Clause, ...], dict[str, str]]:
    path = _data_file()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:  # pragma: no cover - a broken install
        raise EnaRulesError(f"{path}: the clause list cannot be read: {exc}") from None
    items = tuple(
        Clause(
            id=c["id"],
            section=c["section"],
            title=c["title"],
            seeds=tuple(c.get("seeds", ())),
            open=bool(c["open"]),
            decision=c.get("decision", ""),
            source=c.get("source", ""),
        )
        for c in data["clause"]
    )
    return items, dict(data.get("seeds", {}))


@typed_arguments
def clauses() -> tuple[Clause, ...]:
    """Every clause, in the catalogue's order.

    >>> len(clauses()) >= 60, clauses()[0].id
    (True, 'DECK-108')
    """
    return _load()[0]


@typed_arguments
def seed_names() -> dict[str, str]:
    """The seed files by number: ``{"003": "Ena UNO, English ...", ...}``."""
    return _load()[1]


def _suggest(text: str, choices: Sequence[str]) -> str:
    close = difflib.get_close_matches(text, choices, n=3, cutoff=0.6)
    return f"; did you mean {', '.join(close)}?" if close else ""


@typed_arguments
def clause(cid: str) -> Clause:
    """The clause with id ``cid`` (case does not matter).

    >>> clause("pen-ena").id
    'PEN-ENA'
    >>> clause("PEN-EMA")
    Traceback (most recent call last):
    ...
    ena_rules.errors.EnaRulesError: 'PEN-EMA': no such clause id; did you mean PEN-ENA?
    """
    wanted = cid.strip().upper()
    for c in clauses():
        if c.id == wanted:
            return c
    raise EnaRulesError(f"{cid!r}: no such clause id" + _suggest(wanted, [c.id for c in clauses()]))


@typed_arguments
def keys_applying(cid: str) -> list[KeyInfo]:
    """The variant keys that implement clause ``cid``, in schema order."""
    return [k for k in iter_keys() if cid in k.clauses]


def _seeds(c: Clause) -> str:
    names = seed_names()
    text = "; ".join(f"{s} ({names[s]})" if s in names else s for s in c.seeds)
    return text or _unseeded(c)


def _unseeded(c: Clause) -> str:
    return f"none; source: {c.source}" if c.source else "none (not spelled out in the seeds)"


def _shipped() -> list[Variant]:
    return [load_variant(name) for name in shipped_variants()]


def _shown(info: KeyInfo, value: object) -> str:
    """A key's value as TOML; an empty table as ``{}`` (as ``variants diff`` shows it)."""
    if info.type.startswith("table") and not value:
        return "{}"
    return format_value(value)


def _value_of(v: Variant, info: KeyInfo, rank: str | None) -> list[tuple[str, str]]:
    """``(label, value)`` of a key in one variant: one per rank for a per-rank key."""
    section, _, name = info.path.rpartition(".")
    if section in ("ranks.*", "cards.*"):  # a rank's or a card's own table (DECK-CARD)
        return [
            (r, _shown(info, getattr(defn, name)))
            for r, defn in (v.ranks if section == "ranks.*" else v.card_rules)
            if rank is None or r == rank
        ]
    return [("", _shown(info, getattr(getattr(v, section), name)))]


def _values(info: KeyInfo, variants: Sequence[Variant], rank: str | None = None) -> list[str]:
    """Each distinct value of a key in the shipped variants, with the variants that hold it;
    the value most variants hold comes last, as the one of "the other" variants."""
    by_value: dict[tuple[str, str], list[str]] = {}
    for v in variants:
        for label, value in _value_of(v, info, rank):
            by_value.setdefault((label, value), []).append(v.name)
    labels = list(dict.fromkeys(label for label, _ in by_value))
    rows = []
    for label in labels:
        groups = sorted(
            ((value, names) for (lab, value), names in by_value.items() if lab == label),
            key=lambda g: len(g[1]),
        )
        prefix = f"{label}: " if label else ""
        for i, (value, names) in enumerate(groups):
            few = info.path.startswith("cards.") and len(names) < len(variants)  # DECK-CARD
            if len(groups) == 1 and not few:
                where = "every shipped variant"
            elif i == len(groups) - 1 and len(names) > 2:
                where = "the other shipped variants"
            else:
                where = ", ".join(names)
            rows.append(f"{prefix}{value} ({where})")
    return rows


def _explain_clause(c: Clause) -> list[str]:
    lines = [f"{c.id}: {c.title}.", f"  section: {c.section}", f"  seeds: {_seeds(c)}"]
    if c.open:
        lines.append(f"  open point, decided: {c.decision}")
    keys = keys_applying(c.id)
    if keys:
        lines.append("  keys that apply it:")
        variants = _shipped()
        for k in keys:
            lines.append(f"    {k.path}: {k.doc}")
            lines.extend(f"      = {row}" for row in _values(k, variants)[:6])
    cited = _cited_by_shipped(c.id, {k.path for k in keys})
    if cited:  # a rank's or a card's effects citing the clause (MAU-EIGHT: ranks.8.effects)
        lines.append("  cited by the shipped variants:")
        lines.extend(f"    {path} ({', '.join(names)})" for path, names in cited.items())
    if not keys and not cited:
        lines.append("  no variant key: the referee always applies it (or it is not an event)")
    return lines


def _cited_by_shipped(cid: str, listed: set[str]) -> dict[str, list[str]]:
    """The key paths of the shipped variants' ``[ranks.*]`` and ``[cards.*]`` tables whose
    citation names clause ``cid``, with the variants citing it (keys listed already left out)."""
    out: dict[str, list[str]] = {}
    for v in _shipped():
        for path, cite in v.citations:
            if cid in cite.clause and path.split(".")[0] in ("ranks", "cards"):
                info = key_info(path)
                if info is None or info.path not in listed:
                    out.setdefault(path, []).append(v.name)
    return out


def _explain_key(info: KeyInfo, rank: str | None = None) -> list[str]:
    path = info.path if rank is None else info.path.replace("*", rank)
    lines = [f"{path}: {info.doc}.", f"  type: {info.type}"]
    if info.choices:
        lines.append("  one of: " + ", ".join(format_value(c) for c in info.choices))
    lines.append(f"  default: {_shown(info, info.default)}")
    for cid in info.clauses:
        c = clause(cid)
        lines.append(
            f"  clause {c.id}: {c.title}" + (f" (decided: {c.decision})" if c.open else "")
        )
    lines.append("  in the shipped variants:")
    lines.extend(f"    {row}" for row in _values(info, _shipped(), rank))
    return lines


@typed_arguments
def explain(text: str) -> str:
    """What a clause id or a variant key path means, its seeds, keys, values and decision.

    >>> print(explain("DEAL-CUT-TIE").splitlines()[0])
    DEAL-CUT-TIE: A tie for the deal in the cut.
    >>> print(explain("deal.cut").splitlines()[0])
    deal.cut: who deals after the cut.
    """
    ids = [c.id for c in clauses()]
    if text.strip().upper() in ids:
        return "\n".join(_explain_clause(clause(text)))
    parts = text.strip().split(".")
    rank = None
    if parts[0] in ("ranks", "cards") and len(parts) == 3 and parts[1] != "*":
        rank = parts[1].strip('"')
        parts[1] = rank
    info = key_info(".".join(parts))
    if info is not None:
        return "\n".join(_explain_key(info, rank))
    keys = [k.path for k in iter_keys()]
    hint = _suggest(text.strip().upper(), ids) or _suggest(text.strip(), keys)
    raise EnaRulesError(
        f"{text!r}: neither a clause id (such as PEN-ENA) nor a variant key (such as "
        f"penalties.out_of_turn){hint}"
    )


def _anchor(cid: str) -> str:
    return cid.lower()


@typed_arguments
def render_rules_page() -> str:
    """The text of docs/rules.md: every clause by section, with its seeds, keys and decision."""
    out = [
        "# Rule clauses",
        "",
        "<!-- GENERATED FILE: do not edit. Made by ena_rules/variant/clauses.py from",
        f"     specs/clauses.toml and the variant schema. Regenerate: {_REGENERATE} -->",
        "",
        "Every verdict names the clause it applied, such as `[PEN-ENA penalties.out_of_turn]`:",
        "the clause id first, then the variant key that chose the outcome. This page lists",
        "every clause in the project's own words, with the seed files it rests on, the keys",
        "that apply it ([variant-keys.md](variant-keys.md) gives their values in each shipped",
        "variant) and, for a point the sources leave open, what was decided",
        "([decisions.md](decisions.md) gives the reasoning). On the command line,",
        "`ena-rules explain ID` says the same for one clause id or variant key.",
        "",
        "Seeds:",
        "",
    ]
    out += [f"- `{n}`: {name}" for n, name in seed_names().items()]
    section = ""
    for c in clauses():
        if c.section != section:
            section = c.section
            out += ["", f"## {section}", ""]
        mark = " *(open)*" if c.open else ""
        seeds = ", ".join(c.seeds) or _unseeded(c)
        out.append(f"- **{c.id}**{mark}: {c.title}. Seeds: {seeds}.")
        keys = keys_applying(c.id)
        if keys:
            out.append("  Keys: " + ", ".join(f"`{k.path}`" for k in keys) + ".")
        if c.open:
            out.append(f"  Decided: {c.decision}")
    out.append("")
    return "\n".join(out)


@typed_arguments
def main(argv: Sequence[str] | None = None) -> int:
    """Print docs/rules.md, write it (``--write [PATH]``) or check it (``--check [PATH]``).

    >>> main(["--check", "no-such-page.md"])
    1
    """
    return page_command(
        argv,
        prog="python -m ena_rules.variant.clauses",
        description="Generate docs/rules.md from specs/clauses.toml and the variant schema.",
        default=Path(DEFAULT_PAGE),
        render=render_rules_page,
        regenerate=_REGENERATE,
    )


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
