"""The deck as data (DECK-DECLARE) and Crazy Eights (C8-*): the shipped packs and
variant, the notation of their cards, the errors of a bad deck declaration, and each clause.
Every test's name starts with the clause id it proves (specs/clauses.toml)."""

from __future__ import annotations

import pytest

from ena_rules import (
    CardError,
    ChooseColor,
    Draw,
    GameState,
    Play,
    VariantError,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
    parse_card,
)
from ena_rules.agents.simulation import simulate
from ena_rules.cards.notation import color_name, color_symbol
from ena_rules.game.position import parse_position

C8 = load_variant("crazy-eights")


def at(position: str) -> GameState:
    return parse_position(position, C8)


def pos(hands: str, *, draw: str = "S6.S7.S9", top: str = "H5", color: str = "H") -> str:
    return (
        f"crazy-eights players=ana,bor phase=play dealer=1 scores=0,0 hands={hands} "
        f"draw={draw} discard={top} color={color} last=1 open=1"
    )


def load_error(body: str, head: str = 'name = "h"\nextends = "pack-52"\n') -> str:
    with pytest.raises(VariantError) as info:
        load_variant_text(head + body, source="house.toml")
    return str(info.value)


def test_DECK_DECLARE_the_packs_are_shipped_declarations() -> None:
    """DECK-DECLARE: pack-52 holds the 52 cards, each once, suits S H D C with their names and
    symbols; pack-32 the 32 cards of 7 to ace; the UNO deck is declared with the same cards."""
    p52, p32 = load_variant("pack-52"), load_variant("pack-32")
    assert len(p52.cards) == len(set(p52.cards)) == 52
    assert len(p32.cards) == len(set(p32.cards)) == 32
    assert {c.rank for c in p32.cards} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    assert [p52.color_word(c) for c in p52.deck.colors] == ["spades", "hearts", "diamonds", "clubs"]
    assert [color_symbol(c) for c in "SHDC"] == ["\u2660", "\u2665", "\u2666", "\u2663"]
    assert p52.rank("Q").name == "queen" and p52.rank_kind("Q") == "number"
    official = load_variant("official")
    assert len(official.cards) == 108
    assert [official.rank_kind(r) for r in ("0", "S", "+2", "W", "W+4")] == [
        "number",
        "action",
        "action",
        "wild",
        "wild",
    ]


def test_DECK_DECLARE_card_codes_of_the_packs() -> None:
    """DECK-DECLARE: a card of a pack is its suit letter then its rank; a suit's symbol reads
    as its letter; case and spaces are ignored; the canonical form is upper case."""
    assert str(parse_card("\u266010")) == "S10"
    assert parse_card(" hq ") == parse_card("HQ") == parse_card("\u2665Q")
    assert str(parse_card("\u2663a")) == "CA" and parse_card("D8").color == "D"
    assert color_name("C") == "clubs"
    with pytest.raises(CardError, match="not a card code"):
        parse_card("\u2660")


def test_DECK_DECLARE_a_card_the_deck_lacks_is_named() -> None:
    """DECK-DECLARE: a UNO card played in a Crazy Eights game is not a card of the deck, and a
    suit named where the game has none (spades in UNO) is not a colour of that deck."""
    s = at(pos("H2.C3/S4.D6"))
    v = apply(s, Play("ana", "R5"))
    assert v.outcome == "rejected" and "not a card of the crazy-eights deck" in v.message
    uno = parse_position(
        "official players=ana,bor phase=play dealer=1 scores=0,0 hands=W.R1/G2.G3 draw=Y1.Y2 "
        "discard=R5 color=R last=1 open=1",
        load_variant("official"),
    )
    v = apply(uno, Play("ana", "W", color="spades"))
    assert (v.outcome, v.key) == ("rejected", "deck.colors")
    assert v.message == "spades is not a colour of this deck"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[deck]\ncolor_names = { S = "swords" }',
            "deck.color_names.S: colour code 'S' is already 'spades' (one colour in every deck)",
        ),
        (
            '[deck]\ncolors = ["S", "P"]',
            "deck.colors: unknown colour 'P'; expected some of R, Y, G, B (or the suits S, H, D, "
            "C), or declare its name in deck.color_names",
        ),
        (
            '[deck]\ncolor_symbols = { H = "\u2660" }',
            "deck.color_symbols.H: colour symbol '\u2660' is already colour 'S'",
        ),
        (
            "[deck.wild]\nA = 1",
            "deck.wild.A: rank 'A' is both in deck.colored and deck.wild",
        ),
        (
            '[ranks.Z]\nkind = "number"',
            "ranks.Z.kind: rank 'Z' is declared (number) but has no copies: list it in "
            "deck.colored or deck.wild",
        ),
        (
            '[deck]\ncut_order = ["A", "A"]',
            "deck.cut_order: each rank once",
        ),
        (
            '[deck]\ncut_order = ["A", "Z"]',
            "deck.cut_order[1]: rank 'Z' is not in the deck (deck.colored, deck.wild)",
        ),
        (
            '[ranks.8]\nkind = "wild"',
            'ranks.8.effects: a wild must include {op = "choose_color"}',
        ),
        (
            '[ranks.8]\nkind = "tile"',
            "ranks.8.kind: expected one of 'auto', 'number', 'action', 'wild', got 'tile'",
        ),
        (
            '[deal]\nhand_size_by_players = { "9" = 3 }',
            "deal.hand_size_by_players.9: expected a number of players from 2 to 7",
        ),
        (
            '[deal]\nhand_size_by_players = { "7" = 8 }',
            "deal.hand_size_by_players.7: 7 players with 8 cards each leave no card to turn up "
            "from a deck of 52",
        ),
    ],
)
def test_DECK_DECLARE_a_bad_declaration_names_its_key(body: str, message: str) -> None:
    """DECK-DECLARE: a bad deck declaration is one VariantError naming the file and key path:
    a colour code given another name, an unknown colour, a symbol taken, a rank in both
    tables, a declared rank with no copies, a cut order repeating or naming a missing rank."""
    assert load_error(body) == f"house.toml: {message}"


def test_DECK_DECLARE_a_new_colour_is_declared_with_its_name() -> None:
    """DECK-DECLARE: a deck may bring a colour of its own (UNO Flip's pink): once declared,
    its name is read by events and its card codes parse."""
    v = load_variant_text(
        'name = "pink"\nextends = "official"\n[players]\nmax = 6\n[deck]\ncolors = ["R", "P"]\n'
        'color_names = { P = "pink" }\n',
        source="pink.toml",
    )
    assert v.color_word("P") == "pink" and parse_card("P7").color == "P"
    assert ChooseColor("ana", "pink").color == "pink"


def test_C8_HAND_seven_with_two_five_with_more() -> None:
    """C8-HAND: seven cards each with two players, five with three or more."""
    assert [C8.hand_size(n) for n in (2, 3, 4, 7)] == [7, 5, 5, 5]


def test_C8_MATCH_suit_or_rank_else_rejected() -> None:
    """C8-MATCH: a card of the suit in force or the top card's rank is played; any other is
    rejected, citing C8-MATCH, the state unchanged."""
    s = at(pos("D5.C9.S2/S4.D6"))
    bad = apply(s, Play("ana", "C9"))
    assert (bad.outcome, bad.clause, bad.state) == ("rejected", "C8-MATCH", s)
    assert apply(s, Play("ana", "D5")).outcome == "accepted"


def test_C8_WILD_an_eight_plays_on_anything_and_names_a_suit() -> None:
    """C8-WILD: an eight of any suit is played on any card and names the next suit; legal
    events offer it once per suit of the deck."""
    s = at(pos("S8.D9/C3.H4"))
    eights = [e for e in legal_events(s) if isinstance(e, Play) and e.card == parse_card("S8")]
    assert sorted(e.color or "" for e in eights) == ["clubs", "diamonds", "hearts", "spades"]
    v = apply(s, Play("ana", "S8", color="diamonds"))
    assert (v.outcome, v.clause, v.state.color) == ("accepted", "C8-WILD", "D")
    assert apply(v.state, Play("bor", "H4")).outcome == "rejected"


def test_C8_WILD_an_eight_without_a_suit_is_rejected() -> None:
    """C8-WILD: an eight played without naming a suit is rejected (ACT-WILD)."""
    v = apply(at(pos("S8.D9/C3.H4")), Play("ana", "S8"))
    assert (v.outcome, v.clause) == ("rejected", "ACT-WILD")


def test_C8_DRAW_until_playable_then_play_it() -> None:
    """C8-DRAW: with no match the player draws until a playable card comes, then may play it."""
    v = apply(at(pos("D9.C5/S4.D6", draw="S2.C3.H9.S7")), Draw("ana"))
    assert v.drawn == (("ana", 3),) and v.state.phase == "drawn"
    assert apply(v.state, Play("ana", "H9")).outcome == "accepted"


@pytest.mark.parametrize(("extra", "drawn"), [("draw_limit = 2", 2), ('draw = "one"', 1)])
def test_C8_DRAW_a_limit_or_one_card_are_keys(extra: str, drawn: int) -> None:
    """C8-DRAW: turn.draw_limit stops the draw after so many cards; turn.draw = "one" draws
    one; with no playable card drawn the turn passes."""
    v = load_variant_text(
        f'name = "c8x"\nextends = "crazy-eights"\n[turn]\n{extra}\n', source="c8x.toml"
    )
    s = parse_position(pos("D9.C5/S4.D6", draw="S2.C3.H9.S7").replace("crazy-eights", "c8x"), v)
    out = apply(s, Draw("ana"))
    assert out.drawn == (("ana", drawn),) and out.state.due == "bor"


def test_C8_FIRST_an_eight_turned_up_is_buried() -> None:
    """C8-FIRST: an eight turned up goes under the stock; the next card is turned up."""
    from ena_rules.testing import start_round

    s = start_round(C8, ["ana", "bor"], dealer="bor", hands=[[], []], turned=["S8", "H5"])
    assert str(s.top) == "H5" and s.draw_pile[-1] == parse_card("S8") and s.color == "H"


def test_C8_NOCALL_no_call_on_the_last_card() -> None:
    """C8-NOCALL: down to one card nobody calls and nobody may be caught."""
    v = apply(at(pos("H2.C3/S4.D6")), Play("ana", "H2"))
    assert v.state.uno_exposed == () or not v.state.uno_exposed
    assert not [e for e in legal_events(v.state) if type(e).__name__ == "CallUno"]


def test_C8_SCORE_and_C8_END_the_winner_collects_to_a_hundred() -> None:
    """C8-SCORE, C8-END: an eight 50, a picture 10, an ace 1, others face value, collected by
    the player out; 100 points win the game."""
    s = at(pos("H2/S8.HK.CA.D7"))
    v = apply(s, Play("ana", "H2"))
    assert v.state.scores == (68, 0) and v.state.phase == "deal"
    s = parse_position(pos("H2/S8.HK.CA.D7").replace("scores=0,0", "scores=40,0"), C8)
    v = apply(s, Play("ana", "H2"))
    assert v.state.phase == "over" and v.state.winner == 0


@pytest.mark.parametrize("players", [2, 4])
def test_C8_HAND_games_play_to_the_end(players: int) -> None:
    """C8-HAND, C8-END: random legal players finish whole games of Crazy Eights."""
    result = simulate(C8, players=players, games=20, seed=3)
    assert result.finished == 20


def test_DECK_DECLARE_a_log_card_code_says_what_the_deck_allows(tmp_path: object) -> None:
    """DECK-DECLARE: in a Crazy Eights log a card code that does not parse is an unusable line
    whose message says what this deck allows (not the UNO notation's words)."""
    from pathlib import Path

    from ena_rules.log.validate import validate

    root = Path(__file__).resolve().parent.parent / "docs" / "examples"
    header = (root / "crazy-eights-clean.jsonl").read_text("utf-8").splitlines()[0]
    log = Path(str(tmp_path)) / "bad.jsonl"
    log.write_text(header + '\n{"type": "play", "player": "bor", "card": "X2"}\n', "utf-8")
    report = validate(log)
    assert report.exit_code == 2
    assert [r.message for r in report.results if r.kind == "problem"] == [
        "'X2': not a card code; expected a suit S, H, D or C (or \u2660 \u2665 \u2666 \u2663) "
        "followed by a rank A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q or K @ $.card"
    ]
    assert C8.describe_cards().startswith("a suit S, H, D or C")
    with pytest.raises(CardError, match="not a card of the crazy-eights deck; expected a suit"):
        C8.parse_card("W+4")


def test_DECK_DECLARE_playing_cards_are_drawn_as_playing_cards() -> None:
    """DECK-DECLARE (pictures): a playing card is drawn white with its code and its suit's own
    shape; the four suits differ by shape and letter, not by colour alone."""
    from ena_rules.pictures.svg import card, card_label, suit_mark

    svg = card("HQ")
    assert 'aria-label="queen of hearts"' in svg and ">HQ<" in svg and 'fill="#FFFFFF"' in svg
    assert card_label("S10") == "10 of spades" and card_label("CA") == "ace of clubs"
    import xml.etree.ElementTree as ET

    shapes = {s: ET.tostring(suit_mark(s, 10, 10, 5), encoding="unicode") for s in "SHDC"}
    black = {s: shapes[s].replace("#C0262D", "#111111") for s in shapes}
    assert len(set(black.values())) == 4  # the shapes differ with the colour taken away
    assert card("R7") == card("R7") and 'aria-label="red 7"' in card("R7")  # UNO unchanged


def test_C8_HOUSE_the_house_set_composes_primitives() -> None:
    """C8-HOUSE: twos draw two and skip, aces reverse, jacks skip; the rest is Crazy Eights."""
    house = load_variant("crazy-eights-house")
    assert [e.op for e in house.rank("2").effects] == ["draw", "skip"]
    assert [e.op for e in house.rank("A").effects] == ["reverse"]
    assert [e.op for e in house.rank("J").effects] == ["skip"]
    assert house.rank_kind("8") == "wild" and house.hand_size(2) == 7
    assert simulate(house, players=3, games=10, seed=2).finished == 10


def test_C8_DRAW_a_table_record_of_crazy_eights() -> None:
    """C8-DRAW, C8-WILD (table records): a Crazy Eights table record, the deck unknown, is
    judged line by line: a draw until playable names its cards; the log of a whole round
    turned into the table's record stays consistent."""
    import io
    from pathlib import Path

    from ena_rules.log.table_writer import TableRecorder, to_table_record
    from ena_rules.log.validate import validate

    out = io.StringIO()
    rec = TableRecorder(out, C8, ["ana", "bor"], dealer="ana", turned=["H9"])
    assert rec.play("bor", "H2").outcome == "accepted"
    assert rec.play("ana", "S8", color="clubs").outcome == "accepted"
    assert rec.draw("bor", cards=["D4", "C4"]).outcome == "accepted"
    assert rec.play("bor", "C4").outcome == "accepted"
    assert rec.play("ana", "H3").outcome == "rejected"  # clubs are named
    root = Path(__file__).resolve().parent.parent / "docs" / "examples"
    lines = (root / "crazy-eights-clean.jsonl").read_text("utf-8").splitlines()
    record = to_table_record(lines, draws=True)
    assert '"deck": "unknown"' in record[0]
    assert validate(record).exit_code == 0


def test_C8_HAND_variants_check_with_no_file_checks_every_shipped_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """C8-HAND, MAU-HAND (issue 26's "done when"): ``ena-rules variants check`` with no file
    loads every shipped variant, Crazy Eights and Mau-Mau among them, and exits 0."""
    from ena_rules.cli import main

    assert main(["variants", "check"]) == 0
    out = capsys.readouterr().out
    assert "crazy-eights: ok: variant 'crazy-eights' (extends pack-52;" in out
    assert "mau-mau: ok: variant 'mau-mau' (extends pack-32;" in out
