"""Variant tools: resolving ``extends`` chains, writing a resolved variant back as TOML, diffing
two variants key by key, and clear errors for contradictory house-rule files."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from ena_rules import VariantError, diff_variants, dump_variant, load_variant, load_variant_text
from ena_rules.variant import key_info
from ena_rules.variant.io import shipped_variants

SHIPPED = shipped_variants()
TEST_FILES = sorted((Path(__file__).parent / "variants").glob("*.toml"))


def test_DECK_112_every_issue_3_variant_is_shipped() -> None:
    """DECK-112: the house-rule and 112-card variants ship beside official and ena."""
    assert set(SHIPPED) >= {
        "official",
        "ena",
        "official-112",
        "ena-112",
        "house-stack",
        "house-stack-mixed",
        "draw-until",
        "jump-in",
        "seven-zero",
        "rounds",
        "zero-ten",
        "wild-customizable",
    }


@pytest.mark.parametrize("name", SHIPPED)
def test_SETUP_PLAYERS_every_shipped_key_cites_a_clause_and_a_source(name: str) -> None:
    """SETUP-PLAYERS: every key a shipped file sets cites a clause id of RULES.md and a source;
    the shipped house variants are built with ``extends``."""
    path = Path(__file__).parent.parent / "variants" / f"{name}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if name not in ("official", "pack-52", "pack-32"):  # the roots: UNO's deck, the two packs
        assert data.get("extends"), name

    def walk(node: object, where: str) -> None:
        assert isinstance(node, dict)
        for k, v in node.items():
            sub = f"{where}.{k}" if where else k
            if isinstance(v, dict) and "value" in v:
                assert v.get("clause") and v.get("source"), f"{name}: {sub}"
            elif isinstance(v, dict):
                walk(v, sub)
            elif where:  # a plain value inside a section: uncited
                raise AssertionError(f"{name}: {sub} has no clause and source")

    walk({k: v for k, v in data.items() if k not in ("name", "extends", "description")}, "")


def test_OVT_STACK_a_variant_resolves_through_its_extends_chain() -> None:
    """OVT-STACK: house-stack-mixed extends house-stack extends official: each level's keys and
    citations arrive, the nearest level wins."""
    mixed = load_variant("house-stack-mixed")
    stack = load_variant("house-stack")
    assert mixed.extends == "house-stack" and stack.extends == "official"
    assert dict(mixed.stacking.answer)["+2"] == ("+2", "W+4")
    assert dict(stack.stacking.answer)["+2"] == ("+2",)
    assert mixed.scoring.mode == "winner_collects" and mixed.deal.cut == "highest"
    cite = mixed.citation("stacking.answer")
    assert cite is not None and cite.clause == ("HOUSE-STACK",)
    assert "both on" in cite.note  # the nearest file's citation
    official_cite = mixed.citation("deal.cut")
    assert official_cite is not None and official_cite.clause == ("DEAL-CUT-OFF",)
    ena112 = load_variant("ena-112")
    assert ena112.extends == "ena" and ena112.overtake.enabled
    assert dict(ena112.deck.wild)["WS"] == 1 and ena112.deal.cut == "lowest"


def test_OVT_STACK_a_chain_of_user_files_and_a_cycle(tmp_path: Path) -> None:
    """OVT-STACK: user files anywhere on disk extend each other by relative path; a cycle is
    an error naming the key ``extends``."""
    (tmp_path / "a.toml").write_text('name = "a"\nextends = "ena"\n[deal]\nhand_size = 5\n')
    (tmp_path / "b.toml").write_text('name = "b"\nextends = "a.toml"\n[penalties]\nmisdeal = 3\n')
    b = load_variant(tmp_path / "b.toml")
    assert b.deal.hand_size == 5 and b.penalties.misdeal == 3 and b.overtake.enabled
    (tmp_path / "c.toml").write_text('name = "c"\nextends = "d.toml"\n')
    (tmp_path / "d.toml").write_text('name = "d"\nextends = "c.toml"\n')
    with pytest.raises(VariantError) as err:
        load_variant(tmp_path / "c.toml")
    assert err.value.path == "extends" and "cycle" in str(err.value)


@pytest.mark.parametrize("name", SHIPPED)
def test_DECK_WC_dump_variant_writes_toml_that_loads_to_an_equal_variant(name: str) -> None:
    """DECK-WC: every shipped variant, resolved and written back as TOML, loads to an equal
    variant with the same citations (rules are data all the way round)."""
    v = load_variant(name)
    text = dump_variant(v)
    assert "extends" not in tomllib.loads(text)
    again = load_variant_text(text)
    assert again == v
    assert again.citations == v.citations
    assert dump_variant(again) == text


@pytest.mark.parametrize("path", TEST_FILES, ids=lambda p: p.stem)
def test_DECK_WC_dump_round_trip_of_the_toml_only_cards(path: Path) -> None:
    """DECK-WC: the test-only card files round-trip through dump_variant too."""
    v = load_variant(path)
    assert load_variant_text(dump_variant(v)) == v


def test_OVT_IDENT_diff_variants_key_by_key_with_description_and_clause() -> None:
    """OVT-IDENT: diff_variants lists each differing key with both values, its description and
    its clause ids; official vs jump-in differs in overtake.enabled only."""
    official = load_variant("official")
    d = diff_variants(official, load_variant("jump-in"))
    assert [x.path for x in d] == ["overtake.enabled"]
    assert (d[0].left, d[0].right) == (False, True)
    assert "OVT-IDENT" in d[0].clauses and "HOUSE-JUMP-IN" in d[0].clauses
    assert "identical" in d[0].doc
    zero = diff_variants(official, load_variant("zero-ten"))
    assert [(x.path, x.left, x.right, x.clauses) for x in zero] == [
        ("ranks.0.score", 0, 10, ("SCORE-VALUES",))
    ]
    assert [x.path for x in diff_variants(official, load_variant("rounds"))] == [
        "scoring.mode",
        "scoring.target",
    ]
    assert [x.path for x in diff_variants(official, load_variant("draw-until"))] == ["turn.draw"]
    assert [x.path for x in diff_variants(official, load_variant("official-112"))] == ["deck.wild"]
    seven = {x.path for x in diff_variants(official, load_variant("seven-zero"))}
    assert seven == {"ranks.7.effects", "ranks.0.effects"}


def test_PEN_ENA_diff_official_ena_names_every_ena_change() -> None:
    """PEN-ENA: the diff from official to Ena shows the Ena rules, each with its clause ids."""
    d = {x.path: x for x in diff_variants(load_variant("official"), load_variant("ena"))}
    for path in (
        "deal.cut",
        "first_card.wild_color",
        "overtake.enabled",
        "stacking.overtake",
        "penalties.out_of_turn",
        "penalties.bad_overtake",
        "penalties.draw_too_many",
        "penalties.misdeal",
        "uno.false_catch_penalty",
        "scoring.mode",
        "scoring.winner",
    ):
        assert path in d, path
        assert d[path].clauses and d[path].doc
    assert "PEN-ENA" in d["penalties.misdeal"].clauses
    assert "penalties.wrong_card" not in d  # 2 cards in both
    # a new rank appears key by key
    new = diff_variants(load_variant("ena"), load_variant(TEST_FILES[0]))
    paths = {x.path for x in new}
    assert "ranks.SA.effects" in paths and "ranks.SA.score" in paths
    assert all(key_info(x.path) is not None for x in new if x.path.startswith("ranks."))


@pytest.mark.parametrize("name", [n for n in SHIPPED if n != "official"])
def test_DECK_WC_every_difference_from_the_parent_has_a_description(name: str) -> None:
    """DECK-WC: each shipped variant differs from what it extends in documented keys only."""
    v = load_variant(name)
    if not v.extends:  # a root (official, the packs of playing cards) extends nothing
        return
    for d in diff_variants(load_variant(v.extends), v):
        assert d.doc and d.clauses, (name, d.path)


# -- bad input: clear VariantErrors, never a crash ---------------------------------------------

BAD = [
    (
        "stacking on a card the deck lacks",
        '[deck]\nwild = { "W+4" = 0 }\n',
        "stacking.overtake[0]",
        "not in the deck",
    ),
    (
        "a stack key naming an unknown rank",
        '[stacking]\nanswer = { "+3" = ["+3"] }\n',
        "stacking.answer.+3",
        "'+3'",
    ),
    (
        "a house stack on a rank the deck lacks",
        '[deck]\ncolored = { "+2" = 0 }\n[stacking]\nanswer = { "+2" = ["+2"] }\n',
        "stacking.answer.+2",
        "not in the deck",
    ),
    (
        "a stack answer with no draw effect",
        '[stacking]\nanswer = { "W+4" = ["W+4", "S"] }\n',
        "stacking.answer.W+4",
        "no draw effect",
    ),
    (
        "stacking by overtaking without overtaking",
        "[overtake]\nenabled = false\n",
        "stacking.overtake",
        "overtake.enabled",
    ),
    (
        "an unknown effect primitive",
        '[ranks.7]\neffects = [{ op = "swap" }]\n',
        "ranks.7.effects[0].op",
        "swap_hands",
    ),
    (
        "two swaps on one card",
        '[ranks.7]\neffects = [{ op = "swap_hands" }, { op = "swap_hands" }]\n',
        "ranks.7.effects",
        "one swap_hands",
    ),
    (
        "a wild that names no colour",
        '[ranks.W]\neffects = [{ op = "skip_all" }]\n',
        "ranks.W.effects",
        "choose_color",
    ),
    (
        "a returned first card the deck lacks",
        '[first_card]\nreturn_ranks = ["WS"]\n',
        "first_card.return_ranks[0]",
        "not in the deck",
    ),
    (
        "overtakers not skipping",
        "[overtake]\nskip_between = false\n",
        "overtake.skip_between",
        "OVT-SKIP",
    ),
    (
        "an out-of-range penalty",
        "[penalties]\nmisdeal = -1\n",
        "penalties.misdeal",
        "from 0 to 20",
    ),
    (
        "a misspelt key",
        "[overtake]\nenable = true\n",
        "overtake.enable",
        "unknown key",
    ),
]


@pytest.mark.parametrize(("what", "body", "path", "words"), BAD, ids=[b[0] for b in BAD])
def test_HOUSE_STACK_contradictory_variants_are_clear_errors(
    what: str, body: str, path: str, words: str
) -> None:
    """HOUSE-STACK: a house-rule file that contradicts its deck or the schema is one
    VariantError naming the file and the key path, never a traceback or a half-loaded variant."""
    text = f'name = "bad"\nextends = "ena"\n{body}'
    with pytest.raises(VariantError) as err:
        load_variant_text(text, source="bad.toml")
    assert err.value.path == path, (what, str(err.value))
    assert words in str(err.value) and "bad.toml" in str(err.value), str(err.value)


def test_DECK_108_a_shipped_file_loads_by_its_file_name_too() -> None:
    """DECK-108: a shipped variant loads by name or by its file name, to the same variant."""
    assert load_variant("ena.toml") is load_variant("ena")
    assert load_variant("jump-in.toml") == load_variant("jump-in")
    with pytest.raises(VariantError) as err:
        load_variant("no-such-variant.toml")
    assert "official" in str(err.value)
