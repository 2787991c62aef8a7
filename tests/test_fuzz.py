"""The fuzz suite (issue 10.6): hostile input ends in a verdict or a library error.

Hypothesis drives the targets of :mod:`ena_rules.testing.fuzz`: log lines generated from the
shipped JSON Schema (:func:`from_json_schema`, each line checked against it) and byte-level
mutations of the sample logs through the validator, mutated variant files through the
loader, mutated positions through the parser and the engine. Each target checks that nothing
but a library error escapes, that the forgiving and strict readers agree on what is unusable,
that two runs agree, and that no view shows a hidden card. Bounded and derandomised here; the
long profile is in docs/reliability.md.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ena_rules import Variant
from ena_rules.log import load_schema
from ena_rules.testing.fuzz import (
    _positions,
    house_variants,
    judge_log,
    judge_position,
    judge_variant,
    mutate,
    mutate_position,
)
from ena_rules.variant.io import shipped_variants, variant_dirs

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "docs" / "examples").glob("*.jsonl"))
VARIANT_FILES = sorted(p for d in variant_dirs() for p in d.glob("*.toml"))

FUZZ = settings(
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    # a play line's `more` (several cards, HR-MULTI-PLAY) is a list of card codes, each drawn
    # from the card pattern and filtered: a list of them filters more than one code does
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)

OUTCOMES = {"consistent", "inconsistent", "unusable"}


PLAYERS = ("ana", "bor", "cene")
DEFS: dict[str, Any] = load_schema()["$defs"]


def _fits(kind: str) -> Any:
    validator = jsonschema.Draft202012Validator({"$defs": DEFS, "$ref": f"#/$defs/{kind}"})
    return validator.is_valid


def from_json_schema(node: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values of one node of the shipped schema (the keywords it uses; constraints between
    keys, ``oneOf``/``not``/``dependentRequired``, are met by choosing a branch and filtering).

    hypothesis-jsonschema (0.23) is not used: it relies on a Hypothesis internal that
    Hypothesis 6.170 no longer has (``'many' object has no attribute 'more'``).
    """
    if "$ref" in node:
        return st.deferred(lambda: from_json_schema(DEFS[node["$ref"].rpartition("/")[2]]))
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    if "anyOf" in node or ("oneOf" in node and "type" not in node):
        return st.one_of(*(from_json_schema(x) for x in node.get("anyOf", node.get("oneOf"))))
    kind = node.get("type")
    if kind == "string":
        if "pattern" in node:
            return st.from_regex(node["pattern"], fullmatch=True)
        return st.text(min_size=node.get("minLength", 0), max_size=12)
    if kind == "integer":
        return st.integers(min_value=node.get("minimum"), max_value=2**40)
    if kind == "number":  # a line's time (HR-TIME-LIMIT)
        low = node.get("minimum")
        return st.integers(min_value=low, max_value=2**20) | st.floats(
            min_value=low, max_value=2.0**20, allow_nan=False, allow_infinity=False
        )
    if kind == "boolean":
        return st.booleans()
    if kind == "array":
        return st.lists(
            from_json_schema(node.get("items", {})),
            min_size=node.get("minItems", 0),
            max_size=max(node.get("minItems", 0), 6),
            unique=node.get("uniqueItems", False),
        )
    if kind == "object":
        return _objects(node)
    return st.one_of(st.none(), st.integers(), st.text(max_size=5))


@st.composite
def _objects(draw: st.DrawFn, node: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = node.get("properties", {})
    required = set(node.get("required", ()))
    branch: dict[str, Any] = {}
    if "oneOf" in node:  # the header's forms: take one branch's required and allowed keys
        form = draw(st.sampled_from(node["oneOf"]))
        branch = form.get("properties", {})
        required |= set(form.get("required", ()))
    out: dict[str, Any] = {}
    for key, sub in props.items():
        if branch.get(key) is False:
            continue
        if isinstance(branch.get(key), dict):
            sub = branch[key]
        if key in required or draw(st.booleans()):
            out[key] = draw(from_json_schema(sub))
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):  # a map from player names (scores)
        names = st.sampled_from(PLAYERS)
        out.update(draw(st.dictionaries(names, from_json_schema(extra), max_size=3)))
    return out


def _line(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    return from_json_schema(DEFS[kind]).filter(_fits(kind))


@cache
def _line_kinds() -> tuple[str, ...]:
    return tuple(r["$ref"].rpartition("/")[2] for r in load_schema()["oneOf"])


def _lines_strategy() -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(*(_line(k) for k in _line_kinds() if k != "header"))


def _headers() -> st.SearchStrategy[dict[str, Any]]:
    """Headers from the schema, most naming a shipped variant and two or three players."""
    names = st.lists(st.sampled_from(PLAYERS), min_size=2, max_size=3, unique=True)
    plausible = st.fixed_dictionaries(
        {
            "ena_log": st.just(1),
            "variant": st.sampled_from(sorted(shipped_variants())),
            "players": names,
            "seed": st.integers(0, 2**32),
        }
    )
    return st.one_of(plausible, _line("header"))


def _players_of(header: dict[str, Any]) -> list[str]:
    players = header.get("players")
    return [p for p in players if isinstance(p, str)] if isinstance(players, list) else []


@st.composite
def schema_logs(draw: st.DrawFn) -> list[bytes]:
    """A log whose every line fits the JSON Schema; names mostly the header's players."""
    header = draw(_headers())
    lines = [header]
    players = _players_of(header) or ["ana"]
    for line in draw(st.lists(_lines_strategy(), max_size=10)):
        if "player" in line and draw(st.booleans()):
            line = {**line, "player": draw(st.sampled_from(players))}
        lines.append(line)
    return [json.dumps(x).encode() for x in lines]


class TestLogFuzz:
    @settings(FUZZ, max_examples=25)
    @given(schema_logs())
    def test_schema_lines_give_a_verdict_or_a_library_error(self, lines: list[bytes]) -> None:
        """Lines from the JSON Schema: judged, never a traceback; strict agrees on unusable."""
        assert judge_log(lines) in OUTCOMES

    @FUZZ
    @given(st.sampled_from(SAMPLES), st.integers(0, 2**32), st.integers(1, 40))
    def test_byte_mutations_of_the_sample_logs_give_a_verdict_or_a_library_error(
        self, sample: Path, seed: int, keep: int
    ) -> None:
        """A sample log cut short and mutated byte by byte: a verdict or unusable lines."""
        rng = random.Random(seed)
        data = b"\n".join(sample.read_bytes().split(b"\n")[:keep])
        assert judge_log(mutate(data, rng, rounds=4).split(b"\n")) in OUTCOMES

    @FUZZ
    @given(st.lists(st.binary(max_size=80), max_size=6))
    def test_arbitrary_bytes_are_unusable_or_judged(self, lines: list[bytes]) -> None:
        """Any bytes at all: the reader never fails outside the error family."""
        assert judge_log(lines) in OUTCOMES

    def test_the_samples_themselves_are_judged_as_documented(self) -> None:
        """The unmutated samples: judged as their expected results say."""
        words = {p.stem: judge_log(p.read_bytes().split(b"\n")) for p in SAMPLES}
        assert words == {
            "crazy-eights-clean": "consistent",
            "crazy-eights-mistake": "inconsistent",
            "ena-clean": "consistent",
            "ena-disputed": "inconsistent",
            "flip-turns": "consistent",
            "flip-turns-miscount": "inconsistent",
            "no-mercy-same-value-stack": "inconsistent",
            "no-mercy-stack": "consistent",
            "official-challenges": "consistent",
            "table-consistent": "consistent",
            "table-impossible": "inconsistent",
            "table-score-wrong": "inconsistent",
        }


class TestVariantFuzz:
    @FUZZ
    @given(st.sampled_from(VARIANT_FILES), st.integers(0, 2**32))
    def test_mutated_variant_files_load_or_are_refused(self, path: Path, seed: int) -> None:
        """A shipped variant file mutated byte by byte: loaded, or one VariantError."""
        data = mutate(path.read_bytes(), random.Random(seed), rounds=4)
        assert judge_variant(data.decode("utf-8", "replace")) in {"loaded", "refused"}

    @FUZZ
    @given(st.text(max_size=200))
    def test_arbitrary_text_loads_or_is_refused(self, text: str) -> None:
        """Any text as a variant file: loaded or refused, never another exception."""
        assert judge_variant(text) in {"loaded", "refused"}

    def test_the_shipped_variants_load(self) -> None:
        """The unmutated files all load (the fuzz's starting points are good)."""
        assert {judge_variant(p.read_text("utf-8")) for p in VARIANT_FILES} == {"loaded"}


@cache
def _samples() -> tuple[tuple[bytes, Variant | None], ...]:
    """Positions of real play: shipped variants, and the generated house-rule variants (every
    [view] option, forced play, several cards at once) with their variant."""
    return tuple(_positions(house_variants()))


def _texts() -> tuple[bytes, ...]:
    return tuple(t for t, _ in _samples())


class TestPositionFuzz:
    @settings(FUZZ, max_examples=150)
    @given(st.integers(0, 2**32), st.booleans())
    def test_mutated_positions_parse_into_states_the_engine_accepts(
        self, seed: int, by_token: bool
    ) -> None:
        """A position from real play, mutated (by byte, or a token given another position's
        value): refused, or a state the engine judges without a crash. (Without the consistency
        check, 570 of 8,000 token-mutated positions crashed the engine.)"""
        rng = random.Random(seed)
        texts = [t.decode() for t in _texts()]
        raw, variant = rng.choice(_samples())
        if by_token:
            text = mutate_position(raw.decode(), rng.sample(texts, 5), rng)
        else:
            text = mutate(raw, rng, rounds=3).decode("utf-8", "replace")
        assert judge_position(text, variant=variant, pictures=True) in {"parsed", "refused"}

    def test_unmutated_positions_all_parse(self) -> None:
        """The starting points parse: every position of real play is consistent."""
        judged = {judge_position(t.decode(), variant=v) for t, v in _samples()[::25]}
        assert judged == {"parsed"}
