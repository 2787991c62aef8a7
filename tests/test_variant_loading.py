"""Loading variant files is strict: any fault is one VariantError naming the file and key path.

Never another exception type, never a half-loaded variant.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from ena_rules import Variant, VariantError, load_variant, load_variant_text
from ena_rules.variant.io import findable, variant_dirs

OFFICIAL_FILE = next(d / "official.toml" for d in variant_dirs() if (d / "official.toml").is_file())


def load_error(text: str, source: str = "house.toml") -> VariantError:
    with pytest.raises(VariantError) as info:
        load_variant_text(text, source=source)
    return info.value


def head(body: str) -> str:
    return f'name = "house"\nextends = "official"\n{body}'


# -- the shipped variants load ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["official", "ena"])
def test_the_shipped_variants_load_by_name_and_by_path(name: str) -> None:
    """A shipped name and the path of its file load the same variant."""
    by_name = load_variant(name)
    path = next(d / f"{name}.toml" for d in variant_dirs() if (d / f"{name}.toml").is_file())
    assert isinstance(by_name, Variant) and by_name.name == name
    assert load_variant(path) == by_name == load_variant(str(path))


# -- one error per kind of fault -------------------------------------------------------------

FAULTS = [
    pytest.param("bogus = 1", "bogus", "unknown key", id="unknown-top-key"),
    pytest.param("[deal]\nbogus = 1", "deal.bogus", "unknown key", id="unknown-key"),
    pytest.param("[ranks.S]\nbogus = 1", "ranks.S.bogus", "unknown key", id="unknown-rank-key"),
    pytest.param('[deal]\nhand_size = "7"', "deal.hand_size", "integer", id="wrong-type"),
    pytest.param("[deal]\nhand_size = true", "deal.hand_size", "integer", id="bool-for-int"),
    pytest.param("[turn]\nwild_anytime = 1", "turn.wild_anytime", "true or false", id="int-bool"),
    pytest.param("deal = 3", "deal", "table", id="section-not-table"),
    pytest.param("[deal]\nhand_size = 0", "deal.hand_size", "from 1 to 30", id="out-of-range"),
    pytest.param("[uno]\ncatch_penalty = -2", "uno.catch_penalty", "from 0", id="negative"),
    pytest.param('[deal]\ncut = "middle"', "deal.cut", "'highest', 'lowest'", id="bad-choice"),
    pytest.param('[deck.colored]\n"S" = "2"', "deck.colored.S", "integer", id="bad-copies-type"),
    pytest.param('[deck]\ncolors = ["P"]', "deck.colors", "R, Y, G, B", id="bad-colour"),
    pytest.param(
        '[ranks.S]\neffects = [{op = "fly"}]', "ranks.S.effects[0].op", "skip", id="bad-effect"
    ),
    pytest.param(
        "[ranks.S]\neffects = [{op = {x = 1}}]", "ranks.S.effects[0].op", "skip", id="effect-table"
    ),
    pytest.param(
        '[ranks.S]\neffects = [{op = "draw", count = 0}]',
        "ranks.S.effects[0].count",
        "1 to 50",
        id="effect-count",
    ),
    pytest.param(
        "[deal]\nhand_size = { value = 3, clause = 5 }",
        "deal.hand_size.clause",
        "clause",
        id="bad-citation",
    ),
    pytest.param(
        '[stacking.answer]\n"+2" = ["WS"]',
        "stacking.answer.+2",
        "'WS' is not in the deck",
        id="stacking-rank-not-in-deck",
    ),
    pytest.param(
        '[stacking]\novertake = ["W+4"]',
        "stacking.overtake",
        "overtake.enabled",
        id="stacking-without-overtaking",
    ),
    pytest.param(
        '[ranks."W+4"]\nonly_without_color_match = false',
        "ranks.W+4.challengeable",
        "restriction",
        id="challengeable-without-restriction",
    ),
    pytest.param(
        '[scoring]\nmode = "own_hand"',
        "scoring.winner",
        "lowest_total",
        id="scoring-mode-winner-mismatch",
    ),
    pytest.param(
        '[scoring]\nwinner = "lowest_total"',
        "scoring.winner",
        "first_to_target",
        id="winner-collects-lowest-mismatch",
    ),
    pytest.param("[players]\nmin = 6\nmax = 4", "players.min", "players.max", id="min-above-max"),
    pytest.param("[deal]\nhand_size = 11", "deal.hand_size", "no card", id="deck-too-small"),
    pytest.param(
        "[deck.wild]\nWX = 1", "deck.wild.WX", "no [ranks.WX]", id="rank-without-definition"
    ),
    pytest.param(
        '[ranks.W]\neffects = [{op = "skip"}]', "ranks.W.effects", "choose_color", id="wild-color"
    ),
    pytest.param(
        '[first_card]\nreturn_ranks = ["WS"]',
        "first_card.return_ranks[0]",
        "not in the deck",
        id="return-rank-not-in-deck",
    ),
    pytest.param("extends = 3", "extends", "name or path", id="extends-type"),
    pytest.param('extends = "nonesuch"', "extends", "nonesuch", id="extends-missing"),
]


@pytest.mark.parametrize(("body", "path", "words"), FAULTS)
def test_a_fault_is_one_variant_error_naming_file_and_key_path(
    body: str, path: str, words: str
) -> None:
    """Unknown key, wrong type, out of range, contradiction: a VariantError with file and path."""
    text = f'name = "house"\n{body}' if body.startswith("extends") else head(body)
    err = load_error(text)
    assert isinstance(err, ValueError)
    assert err.source == "house.toml" and err.path == path
    message = str(err)
    assert message.startswith(f"house.toml: {path}: ")
    assert words in message, message


def test_a_variant_without_a_name_is_an_error() -> None:
    """A file must name its variant."""
    err = load_error('description = "x"\n[deal]\nhand_size = 3')
    assert err.path == "name"


def test_a_variant_without_any_card_is_an_error() -> None:
    """A file that neither extends nor defines a deck has no cards."""
    assert load_error('name = "x"').path == "deck"


# -- files: missing, bad TOML, extends -------------------------------------------------------


def test_a_missing_file_names_the_file(tmp_path: Path) -> None:
    """A path that does not exist is a VariantError naming it."""
    missing = tmp_path / "nope.toml"
    with pytest.raises(VariantError, match=r"nope\.toml"):
        load_variant(missing)
    with pytest.raises(VariantError, match=r"'nonesuch'.*official"):
        load_variant("nonesuch")


def test_bad_toml_names_the_file_and_the_line(tmp_path: Path) -> None:
    """Text that is not TOML: the error names the file and the line of the fault."""
    path = tmp_path / "broken.toml"
    path.write_text('name = "b"\nextends = "official"\n[deal\nhand_size = 3\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert str(path) in str(info.value) and "line 3" in str(info.value)


def test_extends_resolves_paths_relative_to_the_file(tmp_path: Path) -> None:
    """A chain of files on disk: tables merge, values override, citations carry over."""
    (tmp_path / "base.toml").write_text(
        'name = "base"\nextends = "official"\n[deal]\nhand_size = 5\n', encoding="utf-8"
    )
    (tmp_path / "top.toml").write_text(
        'name = "top"\nextends = "base.toml"\n[deal]\ncut = "lowest"\n', encoding="utf-8"
    )
    v = load_variant(tmp_path / "top.toml")
    assert (v.name, v.deal.hand_size, v.deal.cut, v.deal.hand_size) == ("top", 5, "lowest", 5)
    assert v.clause("turn.match") == "TURN-MATCH"


def test_an_extends_cycle_is_an_error_naming_the_file(tmp_path: Path) -> None:
    """a extends b extends a: a VariantError at key path extends, showing the cycle."""
    (tmp_path / "a.toml").write_text('name = "a"\nextends = "b.toml"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('name = "b"\nextends = "a.toml"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(tmp_path / "a.toml")
    err = info.value
    assert err.path == "extends" and "cycle" in str(err) and "a.toml" in err.source


def test_a_missing_parent_names_the_child_file_and_extends(tmp_path: Path) -> None:
    """extends naming nothing: the error names the file that said so and the key."""
    child = tmp_path / "child.toml"
    child.write_text('name = "c"\nextends = "gone.toml"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(child)
    assert info.value.source == str(child.resolve()) and info.value.path == "extends"
    assert "gone.toml" in str(info.value)


def test_a_fault_in_a_parent_names_the_parent_file(tmp_path: Path) -> None:
    """A bad value in the parent is reported against the parent file."""
    (tmp_path / "parent.toml").write_text(
        'name = "p"\nextends = "official"\n[deal\n', encoding="utf-8"
    )
    (tmp_path / "kid.toml").write_text('name = "k"\nextends = "parent.toml"\n', encoding="utf-8")
    with pytest.raises(VariantError, match=r"parent\.toml"):
        load_variant(tmp_path / "kid.toml")


def test_nothing_is_half_loaded_and_a_fixed_file_loads(tmp_path: Path) -> None:
    """A failed load leaves nothing behind: fixing the file gives the right variant."""
    path = tmp_path / "house.toml"
    path.write_text(head("[deal]\nhand_size = 0"), encoding="utf-8")
    with pytest.raises(VariantError):
        load_variant(path)
    path.write_text(head("[deal]\nhand_size = 4"), encoding="utf-8")
    assert load_variant(path).deal.hand_size == 4


# -- never another exception type ------------------------------------------------------------

OFFICIAL_DATA: dict[str, Any] = tomllib.loads(OFFICIAL_FILE.read_text(encoding="utf-8"))


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else []
    )
    for k, v in items:
        out.append((*prefix, k))
        out.extend(_paths(v, (*prefix, k)))
    return out


PATHS = _paths(OFFICIAL_DATA)
JUNK = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=6),
    st.sampled_from(["W+4", "+2", "S", "WS", "R", "draw", "skip", "value", "official"]),
    st.lists(st.sampled_from(["W+4", "S", "x", "R"]), max_size=3),
    st.just({}),
    st.just({"value": 1}),
    st.just({"op": "draw", "count": 0}),
    st.just([{"op": "skip"}, 3]),
    st.just({"+2": ["W+4"]}),
    st.just({"value": {"value": 3}, "clause": ["X"]}),
)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(edits=st.lists(st.tuples(st.sampled_from(PATHS), JUNK), min_size=1, max_size=3))
def test_any_edit_of_a_variant_file_loads_or_is_a_variant_error(
    edits: list[tuple[tuple[Any, ...], Any]],
) -> None:
    """Random edits of official.toml: the result loads, or fails with VariantError only."""
    data = copy.deepcopy(OFFICIAL_DATA)
    for path, value in edits:
        node: Any = data
        try:
            for k in path[:-1]:
                node = node[k]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        text = tomli_w.dumps(data)
    except (TypeError, ValueError):
        return
    try:
        variant = load_variant_text(text, source="edited.toml")
    except VariantError as exc:
        assert str(exc).startswith("edited.toml")
    else:
        assert isinstance(variant, Variant)


# --- variant_io, more cases (docs/verification.md section 6: mutants of variant_io.py) ---


def test_text_that_is_not_a_str_is_a_type_error_naming_its_type() -> None:
    with pytest.raises(TypeError) as info:
        load_variant_text(b'name = "x"')  # type: ignore[arg-type]
    assert str(info.value) == "load_variant_text(): text: expected str, got bytes b'name = \"x\"'"


def test_allow_paths_lets_text_extend_a_file_in_that_folder(tmp_path: Path) -> None:
    (tmp_path / "base.toml").write_text(head("[deal]\nhand_size = 4\n"))
    text = f'name = "child"\nextends = "{(tmp_path / "base.toml").as_posix()}"\n'
    assert load_variant_text(text, allow_paths=[tmp_path]).deal.hand_size == 4


def test_a_parent_not_allowed_is_named_in_full_up_to_80_characters() -> None:
    parent = "a/" + "x" * 78
    error = load_error(f'name = "x"\nextends = "{parent}"\n', source="<string>")
    assert str(error) == (
        f"<string>: extends: {parent!r}: not allowed, so not read: extends names a variant or a "
        ".toml file (text has no folder) (widen with allow_paths=)"
    )


def test_a_longer_parent_not_allowed_is_cut_to_60_characters_and_counted() -> None:
    parent = "a/" + "x" * 79
    error = load_error(f'name = "x"\nextends = "{parent}"\n', source="<string>")
    assert str(error) == (
        f"<string>: extends: {parent[:60]!r}... (81 characters): not allowed, so not read: "
        "extends names a variant or a .toml file (text has no folder) (widen with allow_paths=)"
    )


def test_a_shipped_variant_is_findable_by_name_and_an_unknown_one_is_not() -> None:
    assert findable("official") and findable("official.toml")
    assert not findable("no-such-variant")


# --- variant_io, more cases (docs/verification.md section 6: survivors of session 6) ---

OFFICIAL_DIR = OFFICIAL_FILE.parent


def test_a_name_or_path_that_is_neither_is_a_type_error_naming_its_type() -> None:
    with pytest.raises(TypeError) as info:
        load_variant(3)  # type: ignore[arg-type]
    assert str(info.value) == "load_variant(): name_or_path: expected str or PathLike, got int 3"


def test_a_file_gone_between_finding_and_reading_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file removed after it was found: the system's reason, against the file's path."""
    from ena_rules.variant import io as variant_io

    gone = tmp_path / "gone.toml"
    monkeypatch.setattr(variant_io, "find_variant", lambda name, base_dir: gone)
    with pytest.raises(VariantError) as info:
        load_variant("house")
    assert str(info.value) == f"{gone}: cannot read the file: No such file or directory"
    assert info.value.source == str(gone)


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        pytest.param(OSError(13, "Permission denied"), "Permission denied", id="system-reason"),
        pytest.param(OSError("the disk went away"), "the disk went away", id="no-system-reason"),
    ],
)
def test_a_file_that_cannot_be_read_names_the_file_and_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, reason: str
) -> None:
    from ena_rules.variant import io as variant_io

    path = tmp_path / "house.toml"
    path.write_text(head(""), encoding="utf-8")

    def failing_open(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(variant_io, "open", failing_open, raising=False)
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert str(info.value) == f"{path.resolve()}: cannot read the file: {reason}"


def test_a_file_of_max_file_bytes_loads_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    """MAX_FILE_BYTES bounds what is read; a file just that long still loads."""
    from ena_rules.variant.checks import MAX_FILE_BYTES

    text = head("[deal]\nhand_size = 4\n#")
    path = tmp_path / "big.toml"
    path.write_text(text + "x" * (MAX_FILE_BYTES - len(text)), encoding="ascii")
    assert load_variant(path).deal.hand_size == 4
    path = tmp_path / "bigger.toml"
    path.write_text(text + "x" * (MAX_FILE_BYTES + 1 - len(text)), encoding="ascii")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert str(info.value) == (
        f"{path.resolve()}: the file is larger than {MAX_FILE_BYTES} bytes (MAX_FILE_BYTES)"
    )


def test_a_file_that_is_not_utf8_names_the_position_not_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b'name = "caf\xe9"\n')
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert str(info.value) == (
        f"{path.resolve()}: cannot read the file: 'utf-8' codec can't decode the byte at "
        "position 11 (not UTF-8 text)"
    )


def test_toml_nested_too_deeply_is_a_variant_error() -> None:
    assert str(load_error("a = " + "[" * 5000 + "]" * 5000)) == (
        "house.toml: not valid TOML: nested too deeply"
    )


def test_a_toml_file_with_no_variant_key_is_not_a_variant_and_is_not_shown() -> None:
    assert str(load_error('password = "secret"')) == (
        "house.toml: not a variant file: none of its top-level keys is a variant key (name, "
        "extends, deck, deal, ...); its content is not shown"
    )


def test_a_section_or_ranks_that_is_not_a_table_says_what_was_expected() -> None:
    assert str(load_error(head("deal = 3"))) == "house.toml: deal: expected a table, got 3"
    assert str(load_error(head("ranks = 3"))) == (
        "house.toml: ranks: expected a table of rank tables, got 3"
    )


def chain_of(tmp_path: Path, files: int) -> list[Path]:
    """``files`` variant files, each extending the next, the last one extending official."""
    tmp_path.mkdir(exist_ok=True)
    paths = [tmp_path.resolve() / f"f{i}.toml" for i in range(files)]
    for i, path in enumerate(paths):
        parent = paths[i + 1].name if i + 1 < files else "official"
        path.write_text(f'name = "f{i}"\nextends = "{parent}"\n', encoding="utf-8")
    return paths


def test_an_extends_chain_of_max_extends_steps_loads_and_a_longer_one_is_refused(
    tmp_path: Path,
) -> None:
    """MAX_EXTENDS (16 steps: f0 -> ... -> f15 -> official): the file whose extends goes
    one step too far is named."""
    from ena_rules.variant.checks import MAX_EXTENDS

    assert load_variant(chain_of(tmp_path / "ok", MAX_EXTENDS)[0]).name == "f0"
    paths = chain_of(tmp_path, MAX_EXTENDS + 1)
    with pytest.raises(VariantError) as info:
        load_variant(paths[0])
    assert str(info.value) == (
        f"{paths[MAX_EXTENDS]}: extends: an extends chain of more than {MAX_EXTENDS} steps "
        "(MAX_EXTENDS)"
    )


def test_extends_by_name_finds_a_file_beside_this_one(tmp_path: Path) -> None:
    """``extends = "base"`` names base.toml in the file's own folder before any shipped one."""
    (tmp_path / "base.toml").write_text(head("[deal]\nhand_size = 4\n"), encoding="utf-8")
    (tmp_path / "kid.toml").write_text('name = "kid"\nextends = "base"\n', encoding="utf-8")
    assert load_variant(tmp_path / "kid.toml").deal.hand_size == 4


def test_extends_of_a_path_that_is_not_a_toml_file_is_not_read(tmp_path: Path) -> None:
    """Only a .toml file inside the folder may be named by path: any other file is not read."""
    (tmp_path / "base").write_text(head(""), encoding="utf-8")
    kid = tmp_path / "kid.toml"
    kid.write_text('name = "kid"\nextends = "./base"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(kid)
    assert str(info.value) == (
        f"{kid.resolve()}: extends: './base': not allowed, so not read: extends names a variant "
        "or a .toml file inside this file's folder (widen with allow_paths=)"
    )


def test_a_shipped_file_name_may_be_extended_from_text() -> None:
    text = 'name = "house"\nextends = "official.toml"\n[deal]\nhand_size = 4\n'
    variant = load_variant_text(text)
    assert (variant.extends, variant.deal.hand_size) == ("official.toml", 4)


def test_text_without_a_folder_does_not_read_a_relative_path_of_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative path in text with no folder is not read, even where it names a file."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "base.toml").write_text(head(""), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    error = load_error('name = "x"\nextends = "sub/base.toml"\n', source="<string>")
    assert str(error) == (
        "<string>: extends: 'sub/base.toml': not allowed, so not read: extends names a variant "
        "or a .toml file (text has no folder) (widen with allow_paths=)"
    )


def test_a_reference_with_a_backslash_is_a_path_and_is_not_read_from_text() -> None:
    """A Windows-style path (``sub\\house``) is a path, not a variant name."""
    from ena_rules.variant.io import is_path_like

    assert is_path_like("sub\\house") and not is_path_like("house")
    error = load_error('name = "x"\nextends = "sub\\\\house"\n', source="<string>")
    assert str(error) == (
        "<string>: extends: 'sub\\\\house': not allowed, so not read: extends names a variant "
        "or a .toml file (text has no folder) (widen with allow_paths=)"
    )


def test_a_home_folder_that_cannot_be_found_is_a_variant_error_naming_the_reference() -> None:
    """``~user/...`` of a user the system does not know: the lookup's own reason."""
    with pytest.raises(VariantError) as info:
        load_variant("~nosuchuser-zz/house.toml")
    assert str(info.value) == (
        "cannot look for variant '~nosuchuser-zz/house.toml': Could not determine home directory."
    )


def test_a_lookup_failing_in_the_system_gives_the_systems_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ena_rules.variant import io as variant_io

    def failing_find(name: str, base_dir: object) -> None:
        raise OSError(36, "File name too long")

    monkeypatch.setattr(variant_io, "find_variant", failing_find)
    with pytest.raises(VariantError) as info:
        load_variant("house")
    assert str(info.value) == "cannot look for variant 'house': File name too long"
