"""``ena-rules variants list | show | check | diff | new``: inspect and start variant files.

``show`` and ``diff`` print values as TOML; ``show`` prints one ``key = value`` line per rule
key (a comment gives its clause, source and meaning), so its output is itself a TOML file.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tomli_w

from ..errors import EnaRulesError, VariantError, capped_echoes
from ..variant import Variant, key_info
from ..variant.finder import ENV_VAR, available_variants, find_variant
from ..variant.io import diff_variants, dump_variant, load_variant, shipped_variants
from ..variant.reference import format_value, toml_key
from ..variant.write import plain_values
from ._common import NO, YES, error, variant_arg

__all__ = ["add_parser", "key_lines"]


def add_parser(sub: Any) -> None:
    """Add ``variants`` and its actions to the subcommands."""
    va = sub.add_parser(
        "variants",
        help="list, show, check, diff and start variant files",
        description="Variants are the rules as TOML data: list the names known, show a "
        "variant's every key, check a file, diff two variants, or start a new file.",
    )
    vs = va.add_subparsers(dest="action", required=True, metavar="ACTION")
    ls = vs.add_parser(
        "list",
        help=f"every variant name: those in {ENV_VAR} folders, then the shipped ones",
        description=f"List every variant name: those in the folders of {ENV_VAR} first, then "
        "the shipped ones, each with its description, what it extends and where its file is. "
        "Exit 1 when a listed variant does not load (the reason on standard error).",
    )
    ls.set_defaults(run=_list)
    show = vs.add_parser(
        "show",
        help="every key of a variant with its value and clause",
        description="Print every rule key of a variant with its value, the clause it "
        "implements, its source and its meaning, as a TOML file (--toml: the resolved variant "
        "as a file with no extends). Exit 2 when the variant does not load.",
    )
    show.add_argument("name", metavar="NAME", help="a variant name or a TOML file")
    show.add_argument(
        "--toml", action="store_true", help="print the resolved variant as a TOML file"
    )
    show.set_defaults(run=_show)
    check = vs.add_parser(
        "check",
        help="load variant files strictly: exit 0 ok, 1 invalid",
        description="Load variant files strictly, as the referee will: exit 0 when each is "
        "valid, 1 when one is not, with the reason naming the file, the key path and what was "
        "expected. With no FILE, every shipped variant is checked.",
    )
    check.add_argument(
        "file",
        metavar="FILE",
        nargs="*",
        help="a TOML file (or a variant name); none: every shipped variant",
    )
    check.set_defaults(run=_check)
    diff = vs.add_parser(
        "diff",
        help="every key whose value differs between two variants",
        description="Print every rule key whose value differs between variants A and B, "
        "with both values as TOML and the clauses the key implements. --exit-code: exit 1 "
        "when a key differs.",
    )
    diff.add_argument("a", metavar="A", help="a variant name or a TOML file")
    diff.add_argument("b", metavar="B", help="a variant name or a TOML file")
    diff.add_argument(
        "--exit-code", action="store_true", help="exit 1 when any key differs (as git diff)"
    )
    diff.set_defaults(run=_diff)
    new = vs.add_parser(
        "new",
        help="write a starter variant file (NAME.toml) extending BASE",
        description="Write a starter variant file NAME.toml that extends BASE and shows, "
        "commented, how keys are written (plainly, or with their clause and source); then "
        "edit it and check it with `ena-rules variants check NAME.toml`.",
    )
    new.add_argument("name", metavar="NAME", help="the new variant's name (its file: NAME.toml)")
    new.add_argument(
        "--extends",
        required=True,
        metavar="BASE",
        help="the variant it starts from: a name (ena, official ...) or a TOML file",
    )
    new.add_argument("-o", "--output", metavar="FILE", help="where to write (default NAME.toml)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")
    new.set_defaults(run=_new)


def _list(args: argparse.Namespace) -> int:
    code = YES
    for found in available_variants():
        try:
            v = load_variant(found.path)
        except EnaRulesError as exc:
            error(f"{found.path}: does not load: {exc}")
            code = NO  # a listed variant that does not load: the list is not all usable
            continue
        base = f" (extends {v.extends})" if v.extends else ""
        where = "shipped" if found.origin == "shipped" else str(found.path)
        if found.shadows:
            where += ", in place of the shipped one"
        print(f"{found.name:<20} {v.description}{base}  [{where}]")
    return code


def _dotted(path: str) -> str:
    """A key path as a TOML dotted key: ``ranks."+2".score``."""
    return ".".join(toml_key(part) for part in _split(path))


def _split(path: str) -> list[str]:
    head, _, rest = path.partition(".")
    if head in ("ranks", "cards"):  # a rank's or a card's own table (DECK-CARD)
        rank, _, field = rest.rpartition(".")
        return [head, rank, field]
    return [head, rest]


def key_lines(v: Variant) -> Iterator[str]:
    """``key = value  # [clauses; source] meaning`` for every rule key: a valid TOML text.

    >>> from ena_rules import load_variant
    >>> next(line for line in key_lines(load_variant("ena")) if line.startswith("deal.cut "))
    'deal.cut = "lowest"  # [DEAL-CUT-ENA; source 003 000 001] who deals after the cut'
    """
    for _table, path, value in plain_values(v):
        info = key_info(path)
        cite = v.citation(path)
        clauses = cite.clause if cite and cite.clause else (info.clauses if info else ())
        if path.startswith("ranks.") and path.endswith(".effects") and not (cite and cite.clause):
            clauses = (v.clause(path),) if value else ()  # its own, not every card's clauses
        clause = " ".join(clauses)
        source = f"; source {cite.source}" if cite and cite.source else ""
        doc = f" {info.doc}" if info else ""
        cited = f"[{clause}{source}]" if clause or source else ""
        yield f"{_dotted(path)} = {format_value(value)}  # {cited}{doc}".replace("#  ", "# ")


def _show(args: argparse.Namespace) -> int:
    v = variant_arg(args.name, option="")
    if isinstance(v, int):
        return v
    if args.toml:
        sys.stdout.write(dump_variant(v))
        return YES
    print(f"# {v.name}: {v.description}" + (f" (extends {v.extends})" if v.extends else ""))
    print(f'name = "{v.name}"')
    for line in key_lines(v):
        print(line)
    return YES


def _check(args: argparse.Namespace) -> int:
    files: list[str] = args.file or list(shipped_variants())
    codes = [_check_one(file) for file in files]
    return max(codes)


def _check_one(file: str) -> int:
    try:
        find_variant(file)
    except EnaRulesError as exc:
        return error(str(exc))
    try:
        v = load_variant(file)
    except VariantError as exc:
        print(f"{file}: invalid: {capped_echoes(_reason(exc, file))}")
        return NO
    base = f"extends {v.extends}; " if v.extends else ""
    changed = ""
    # the ranks whose effects the file sets (None: all, a root file; a shipped root declares
    # ranks its extensions deal, like official's WS and WC for the 112-card deck)
    mine: set[str] | None = None if file.endswith(".toml") else set()
    if v.extends:
        try:
            diffs = diff_variants(load_variant(v.extends), v)
            n = len(diffs)
            changed = f"{n} {'key differs' if n == 1 else 'keys differ'} from it; "
            mine = {_split(d.path)[1] for d in diffs if _split(d.path)[::2] == ["ranks", "effects"]}
        except EnaRulesError:
            changed = ""
    print(f"{file}: ok: variant {v.name!r} ({base}{changed}{len(v.ranks)} ranks)")
    for rank in _unplayed(v, mine):
        print(
            f"{file}: warning: ranks.{toml_key(rank)}.effects: rank {rank!r} has effects but no "
            "copies in the deck (deck.colored, deck.wild): no card of it is ever dealt"
        )
    return YES


def _unplayed(v: Variant, mine: set[str] | None) -> list[str]:
    """The ranks with effects (the file's own, ``mine``) of which the deck holds no copy."""
    dealt = {rank for rank, n in (*v.deck.colored, *v.deck.wild) if n}
    return [
        rank
        for rank, r in v.ranks
        if r.effects and rank not in dealt and (mine is None or rank in mine)
    ]


def _reason(exc: VariantError, file: str) -> str:
    """The error without the file's resolved path when it is the file asked about."""
    text = str(exc)
    prefix = f"{exc.source}: "
    same = exc.source and Path(exc.source) == Path(file).expanduser().resolve()
    return text[len(prefix) :] if same and text.startswith(prefix) else text


def _diff(args: argparse.Namespace) -> int:
    a = variant_arg(args.a, option="")
    if isinstance(a, int):
        return a
    b = variant_arg(args.b, option="")
    if isinstance(b, int):
        return b
    diffs = diff_variants(a, b)
    if not diffs:
        print(f"{a.name} and {b.name}: no key differs.")
    for d in diffs:
        print(
            f"{_dotted(d.path)}: {format_value(d.left)} -> {format_value(d.right)}  "
            + (f"[{' '.join(d.clauses)}] " if d.clauses else "")
            + d.doc
        )
    return NO if diffs and args.exit_code else YES


_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def _new(args: argparse.Namespace) -> int:
    name: str = args.name
    if not _NAME.match(name):
        return error(f"{name!r}: a variant name is lower case letters, digits, '-' and '_'")
    base = variant_arg(args.extends, option="--extends")
    if isinstance(base, int):
        return base
    path = Path(args.output) if args.output else Path(f"{name}.toml")
    if path.exists() and not args.force:
        return error(f"{path} exists: give --force to overwrite it")
    text = _starter(name, args.extends, base)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        return error(f"cannot write {path}: {exc.strerror or exc}")
    try:
        load_variant(path)
    except EnaRulesError as exc:  # pragma: no cover - a starter file always loads
        return error(f"{path}: written but does not load: {exc}")
    print(f"wrote {path} (extends {args.extends}); check it with: ena-rules variants check {path}")
    return YES


def _starter(name: str, extends: str, base: Variant) -> str:
    data: dict[str, Any] = {
        "name": name,
        "extends": extends,
        "description": f"House rules based on {base.name}.",
    }
    for section, key in (("deal", "hand_size"), ("penalties", "wrong_card")):
        info = key_info(f"{section}.{key}")
        value = getattr(getattr(base, section), key)
        clause = " ".join(info.clauses) if info else ""
        data[section] = {key: {"value": value, "clause": clause, "source": "house rule"}}
    head = (
        f"# {name}: house rules starting from {extends!r}. Every key left out keeps\n"
        f"# its value in {extends!r}; `ena-rules variants show {extends}` lists them all\n"
        "# with their clause ids, `ena-rules variants diff` compares two files.\n"
        "# A key may be plain (hand_size = 5) or cite its source:\n"
        '# hand_size = { value = 5, clause = "DEAL-SEVEN", source = "our table" }\n\n'
    )
    return head + tomli_w.dumps(data)
