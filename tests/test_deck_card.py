"""One card's own effects (DECK-CARD) and the queen of spades drawing five (C8-QUEEN): the
``[cards.CODE]`` table, loaded and checked like a rank's, shown by ``variants show/diff``, and
applied by the referee. Every test's name starts with the clause id it proves."""

from __future__ import annotations

import pytest

from ena_rules import (
    Play,
    VariantError,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
    parse_card,
)
from ena_rules.game.position import parse_position
from ena_rules.variant.io import diff_variants, dump_variant

HOUSE = load_variant("crazy-eights-house")


def house_at(hands: str, *, top: str = "S5", color: str = "S") -> object:
    return parse_position(
        f"crazy-eights-house players=ana,bor,cid phase=play dealer=2 scores=0,0,0 hands={hands} "
        f"draw=S6.S7.S9.C2.C3.D2.D3.D4 discard={top} color={color} last=2 open=1",
        HOUSE,
    )


def load_error(body: str, head: str = 'name = "h"\nextends = "crazy-eights"\n') -> str:
    with pytest.raises(VariantError) as info:
        load_variant_text(head + body, source="house.toml")
    return str(info.value)


def test_DECK_CARD_a_card_table_gives_one_card_its_effects() -> None:
    """DECK-CARD: [cards.SQ] gives the queen of spades its own effects; the other queens keep
    their rank's (none); the effects' key is the card's table."""
    sq, hq = parse_card("SQ"), parse_card("HQ")
    assert [(e.op, e.count) for e in HOUSE.rank_of(sq).effects] == [("draw", 5), ("skip", 1)]
    assert HOUSE.rank_of(hq).effects == () == HOUSE.rank("Q").effects
    assert HOUSE.rank_of(sq).score == HOUSE.rank("Q").score == 10  # the rank's other keys
    assert HOUSE.effects_key(sq) == "cards.SQ.effects"
    assert HOUSE.effects_key(hq) == "ranks.Q.effects"
    assert HOUSE.clause("cards.SQ.effects") == "C8-QUEEN"
    assert load_variant("crazy-eights").card_rules == ()


def test_C8_QUEEN_the_queen_of_spades_draws_five() -> None:
    """C8-QUEEN: the queen of spades makes the next player draw five and lose the turn; the
    verdict cites C8-QUEEN and the card's key; the queen of hearts does nothing."""
    s = house_at("SQ.HQ.H3/C4.D6/H9.H7")
    v = apply(s, Play("ana", "SQ"))
    assert v.outcome == "accepted" and v.drawn == (("bor", 5),) and v.state.due == "cid"
    note = next(n for n in v.notes if n.key == "cards.SQ.effects")
    assert note.clause == "C8-QUEEN" and note.text == "bor draws 5 (the SQ card)."
    w = apply(house_at("HQ.H3/C4.D6/H9.H7", top="H5", color="H"), Play("ana", "HQ"))
    assert w.outcome == "accepted" and w.drawn == () and w.state.due == "bor"


def test_C8_QUEEN_legal_events_and_apply_agree() -> None:
    """C8-QUEEN: every legal event of a position holding the queen of spades is accepted, and
    the queen is offered once (it names no suit)."""
    s = house_at("SQ.S8.H3/C4.D6/H9.H7")
    events = legal_events(s)
    assert [e for e in events if isinstance(e, Play) and str(e.card) == "SQ"] == [Play("ana", "SQ")]
    assert all(apply(s, e).outcome == "accepted" for e in events)


def test_C8_QUEEN_turned_up_it_acts() -> None:
    """C8-QUEEN (cards.SQ.turned_up = "acts"): a queen of spades turned up at the deal makes
    the first player draw five and lose the turn; a queen of hearts turned up is inert."""
    from ena_rules.testing import start_round

    s = start_round(HOUSE, ["ana", "bor", "cid"], dealer="cid", hands=[[], [], []], turned=["SQ"])
    assert len(s.hands[0]) == 5 + 5 and s.due == "bor"
    s = start_round(HOUSE, ["ana", "bor", "cid"], dealer="cid", hands=[[], [], []], turned=["HQ"])
    assert len(s.hands[0]) == 5 and s.due == "ana"


def test_DECK_CARD_turned_up_follows_the_rank_by_default() -> None:
    """DECK-CARD: a card's table without turned_up acts turned up as its rank says: a queen,
    a number card, then does not (ranks.*.turned_up = "unless_number")."""
    v = load_variant_text(
        'name = "q"\nextends = "crazy-eights-house"\n[first_card]\napply_action = true\n'
        '[cards.SQ]\neffects = [{ op = "draw", count = 5 }, { op = "skip" }]\nturned_up = "rank"',
        source="q.toml",
    )
    from ena_rules.testing import start_round

    s = start_round(v, ["ana", "bor", "cid"], dealer="cid", hands=[[], [], []], turned=["SQ"])
    assert len(s.hands[0]) == 5 and s.due == "ana"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "[cards.RQ]\neffects = []",
            "cards.RQ: 'RQ': 'R' is not a colour of this deck; expected a suit S, H, D or C",
        ),
        ("[cards.SZ]\neffects = []", "cards.SZ: 'SZ': rank 'Z' has no [ranks.Z]"),
        ("[cards.sq]\neffects = []", "cards.sq: write the card's code as 'SQ'"),
        ('[cards."\u2660Q"]\neffects = []', "cards.\u2660Q: write the card's code as 'SQ'"),
        ("[cards.XX1]\neffects = []", "cards.XX1: 'XX1': no card; expected a suit S, H, D or C"),
        ('[cards.SQ]\nturned_up = "acts"', "cards.SQ.effects: a card's table gives the card's"),
        ('[cards.SQ]\neffects = [{ op = "hop" }]', "cards.SQ.effects[0].op: unknown effect 'hop'"),
        ("[cards.SQ]\neffects = []\nscore = 3", "cards.SQ.score: unknown key 'score'; expected"),
        (
            '[cards.SQ]\neffects = [{ op = "choose_color" }]',
            "cards.SQ.effects: only a wild (a rank starting with W) chooses a colour",
        ),
        (
            '[cards.S8]\neffects = [{ op = "skip" }]',
            'cards.S8.effects: a wild must include {op = "choose_color"}',
        ),
        ("cards = 3", "cards: expected a table of card tables, got 3"),
        (
            "[cards.SQ]\neffects = [" + ", ".join(['{ op = "skip" }'] * 9) + "]",
            "cards.SQ.effects: 9 effects: a card composes at most 8 (MAX_EFFECTS)",
        ),
    ],
)
def test_DECK_CARD_a_bad_card_table_names_its_key(body: str, message: str) -> None:
    """DECK-CARD: a card table naming no card of the deck's colours and ranks, a code not
    written as the notation writes it, a wild, a table without effects, a bad effect, a key a
    card's table does not have, a colour named by a card that is not a wild (or none by a
    suited wild), too many effects: each one VariantError naming the file and key path."""
    assert load_error(body).startswith(f"house.toml: {message}")


def test_DECK_CARD_a_card_of_a_colour_left_out_is_allowed() -> None:
    """DECK-CARD: like a rank's table, a card's may have no copies in the deck (a file leaving
    spades out still loads the house set's [cards.SQ])."""
    v = load_variant_text(
        'name = "no-spades"\nextends = "crazy-eights-house"\n[deck]\ncolors = ["H", "D", "C"]\n',
        source="no-spades.toml",
    )
    assert not v.in_deck(parse_card("SQ")) and dict(v.card_rules)["SQ"].effects


def test_DECK_CARD_shown_written_and_compared() -> None:
    """DECK-CARD: the card's table is written back (and loads to an equal variant), compared
    by ``variants diff`` citing its clause, and shown by ``variants show``."""
    text = dump_variant(HOUSE)
    assert "[cards.SQ.effects]" in text or "[cards.SQ]" in text
    assert load_variant_text(text) == HOUSE
    assert "[cards" not in dump_variant(load_variant("official"))  # UNO: no card table
    diffs = {d.path: d for d in diff_variants(load_variant("crazy-eights"), HOUSE)}
    assert diffs["cards.SQ.effects"].clauses == ("C8-QUEEN",)
    assert diffs["cards.SQ.effects"].right == [{"op": "draw", "count": 5}, {"op": "skip"}]
    from ena_rules.cli.variants import key_lines

    shown = [line for line in key_lines(HOUSE) if line.startswith("cards.")]
    assert shown[0].startswith(
        'cards.SQ.effects = [{ op = "draw", count = 5 }, { op = "skip" }]  # [C8-QUEEN;'
    )


def test_DECK_CARD_a_generated_variant_may_give_cards_their_own_effects() -> None:
    """DECK-CARD: the generated variants (UNO and the packs' games) include card tables, so
    the state machines run over per-card effects too."""
    from hypothesis import find

    from ena_rules.testing.strategies import pack_variants, variants

    v = find(pack_variants(), lambda v: any(r.effects for _, r in v.card_rules))
    assert v.card_rules
    u = find(variants(), lambda v: any(r.effects for _, r in v.card_rules))
    assert u.card_rules
