"""UNO Flip as data (variants/flip.toml): two-sided cards, the side in play, the Flip that turns
the game over, the dark side's cards, its scoring. Each test names the clause it proves
(specs/clauses.toml, FLIP2-*); specs/flip2.toml holds the scenarios."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import attrs
import pytest

from ena_rules import (
    Challenge,
    Draw,
    GameState,
    Pass,
    Play,
    apply,
    canonical_deck,
    legal_events,
    load_variant,
    load_variant_text,
)
from ena_rules.cards import Card, parse_card
from ena_rules.errors import VariantError
from ena_rules.game.position import format_position, parse_position
from ena_rules.rules.chance import deal_event
from ena_rules.rules.view import view
from ena_rules.testing import start_round

FLIP = load_variant("flip")
ROOT = Path(__file__).resolve().parent.parent
#: The card list as gathered for the project (../shared/family/flip-pairs.csv: the BoardGameGeek
#: list as letsuno tabulates it), copied here so that the test runs on a fresh clone.
PAIRS_CSV = ROOT / "tests" / "data" / "flip-pairs.csv"
NAMES = ["ana", "bor", "cene"]


def ok(state: GameState, event: object) -> GameState:
    v = apply(state, event)  # type: ignore[arg-type]
    assert v.accepted, str(v)
    return v.state


def pos(text: str) -> GameState:
    """A position of the flip variant; every score 0 unless given."""
    if "scores=" not in text:
        n = len(text.split("players=")[1].split()[0].split(","))
        text += " scores=" + ",".join("0" * n)
    return parse_position("flip " + text, FLIP)


def test_FLIP2_DECK_112_cards_each_face_twice_a_colour() -> None:
    """FLIP2-DECK: 112 cards; on each side every coloured face appears exactly twice, no 0,
    four Wild and four of the side's wild draw card; no face appears in the code."""
    deck = canonical_deck(FLIP)
    assert len(deck) == 112 and all(c.other is not None for c in deck)
    for side, colors, draw_wild in ((0, "RYGB", "W+2"), (1, "PTOV", "W+C")):
        faces = Counter(str((c if side == 0 else c.flipped).face) for c in deck)
        assert faces["W"] == 4 and faces[draw_wild] == 4
        coloured = {f: n for f, n in faces.items() if not f.startswith("W")}
        assert set(f[0] for f in coloured) == set(colors) and set(coloured.values()) == {2}
        assert len(coloured) == 4 * 13 and not any(f[1:] == "0" for f in coloured)
    source = "".join(p.read_text() for p in (ROOT / "ena_rules").rglob("*.py"))
    assert "W+C" not in source and '"+5"' not in source and "pink" not in source


def test_FLIP2_DECK_the_pairs_are_the_card_list() -> None:
    """FLIP2-DECK: deck.pairs is the card list of tests/data/flip-pairs.csv, card by card."""
    col = dict(red="R", yellow="Y", green="G", blue="B", pink="P", teal="T", orange="O")
    col.update(purple="V", **{"": ""})
    rank = dict(draw_one="+1", reverse="R", skip="S", flip="F", wild="W", wild_draw_two="W+2")
    rank.update(draw_five="+5", skip_everyone="SA", wild_draw_color="W+C")
    with PAIRS_CSV.open() as f:
        rows = list(csv.DictReader(f))
    want = Counter(
        parse_card(
            col[r["light_color"]]
            + rank.get(r["light_rank"], r["light_rank"])
            + "|"
            + col[r["dark_color"]]
            + rank.get(r["dark_rank"], r["dark_rank"])
        )
        for r in rows
    )
    assert want == Counter(canonical_deck(FLIP))


def test_FLIP2_DECK_a_broken_pairing_is_a_clear_error() -> None:
    """FLIP2-DECK: a pair with a light face of a dark colour, or one face, names the key."""
    for pairs, msg in ((["P3|R1"], "light face"), (["R1"], "two faces"), (["R1|PQ"], "rank")):
        text = f'name = "x"\nextends = "flip"\n[deck]\npairs = {pairs!r}\n'.replace("'", '"')
        with pytest.raises(VariantError, match=r"deck\.pairs\[0\].*" + msg):
            load_variant_text(text)


def test_FLIP2_SIDE_the_notation_of_a_two_sided_card() -> None:
    """FLIP2-SIDE: a card is its face in play | its other face; turning it over twice is itself;
    a one-sided card is unchanged."""
    c = parse_card("r1|p3")
    assert str(c) == "R1|P3" and (c.color, c.rank) == ("R", "1") and str(c.flipped) == "P3|R1"
    assert (
        c.flipped.flipped is c
        and c.face is Card("R", "1")
        and Card("R", "1").flipped is Card("R", "1")
    )
    assert parse_card("W+2|O4").is_wild and not parse_card("O4|W+2").is_wild


def test_FLIP2_SIDE_a_face_names_a_card_held_and_the_other_side_is_rejected() -> None:
    """FLIP2-SIDE: a face in play names the first card held showing it; a face of the other
    side, or a card the wrong way round, is rejected naming the side in play."""
    s = pos(
        "players=ana,bor phase=play dealer=1 scores=0,0 hands=R5|T5.R5|P2.B3|V8/R7|O1 "
        "draw=G4|P8 discard=R6|PSA color=R last=1"
    )
    v = apply(s, Play("ana", "P2"))
    assert v.rejected and "dark face: the light side is in play" in str(v)
    assert apply(s, Play("ana", "P2|R5")).rejected
    assert str(ok(s, Play("ana", "R5")).top) == "R5|T5"  # the first held
    assert str(ok(s, Play("ana", "R5|P2")).top) == "R5|P2"  # or the one named
    assert {str(e.card) for e in legal_events(s) if isinstance(e, Play)} >= {"R5|T5", "R5|P2"}


def test_FLIP2_SIDE_a_position_with_a_card_the_wrong_way_round_is_refused() -> None:
    """FLIP2-SIDE: a state whose card shows the other side's face is not a position."""
    with pytest.raises(ValueError, match="light side is in play"):
        pos("players=ana,bor phase=play dealer=1 hands=P2|R5/R7|O1 discard=R6|PSA color=R")
    s = pos("players=ana,bor phase=play dealer=1 hands=P2|R5/O1|R7 discard=PSA|R6 color=P side=1")
    assert parse_position(format_position(s), FLIP) == s


def test_FLIP2_FLIP_the_sheets_order_discard_then_draw_pile_then_hands() -> None:
    """FLIP2-FLIP: the discard pile turned over as a pile (its first card on top showing its
    other face, the Flip at the bottom), the draw pile as a pile (its bottom card on top), every
    hand; the colour is the new top card's."""
    s = pos(
        "players=ana,bor phase=play dealer=1 scores=0,0 hands=RF|P8.R5|P2/R7|O1 "
        "draw=G4|P8.G5|O7.B9|O5 discard=R6|PSA.R9|TR color=R last=1"
    )
    t = ok(s, Play("ana", "RF"))
    assert t.side == 1 and t.color == "P"
    assert [str(c) for c in t.discard] == ["P8|RF", "TR|R9", "PSA|R6"]
    assert [str(c) for c in t.draw_pile] == ["O5|B9", "O7|G5", "P8|G4"]
    assert [[str(c) for c in h] for h in t.hands] == [["P2|R5"], ["O1|R7"]]
    assert Counter(
        c.flipped for c in (*t.discard, *t.draw_pile, *t.hands[0], *t.hands[1])
    ) == Counter((*s.discard, *s.draw_pile, *s.hands[0], *s.hands[1]))


def test_FLIP2_COLORS_the_dark_side_names_its_own_colours() -> None:
    """FLIP2-COLORS: a wild on the dark side names pink, teal, orange or purple; the legal
    events list exactly those."""
    s = pos(
        "players=ana,bor phase=play dealer=1 hands=W|RS.T2|B3/O1|R7 draw=P8|G4 "
        "discard=V7|BF color=V side=1"
    )
    assert apply(s, Play("ana", "W", color="red")).rejected
    assert ok(s, Play("ana", "W", color="orange")).color == "O"
    named = {e.color for e in legal_events(s) if isinstance(e, Play) and e.card.rank == "W"}
    assert named == {"pink", "teal", "orange", "purple"}


def test_FLIP2_WILD_TOP_a_wild_on_top_after_a_flip_takes_any_card() -> None:
    """FLIP2-WILD-TOP: no colour is named; every card of the next hand may be played."""
    s = pos(
        "players=ana,bor phase=play dealer=1 hands=RF|P8.R5|P2/R7|O1.G2|T+5 draw=G4|P8 "
        "discard=RS|W.R9|TR color=R"
    )
    t = ok(s, Play("ana", "RF"))
    assert t.color is None and str(t.top) == "W|RS"
    assert {str(e.card) for e in legal_events(t) if isinstance(e, Play)} == {"O1|R7", "T+5|G2"}


#: letsuno/uno-online's house rule flipKeepColorOnFlip (packages/shared/src/rules/flip.ts,
#: flipAll; its colour table LIGHT_TO_DARK_COLOR in packages/shared/src/constants/flip-deck.ts)
KEEP_COLOR = (
    'name = "flip-keep"\nextends = "flip"\n[actions]\nflip_wild_top = "keep_color"\n'
    'flip_colors = { R = "P", Y = "O", G = "T", B = "V" }\n'
)


def test_FLIP2_WILD_TOP_keep_color_the_colour_goes_on_as_its_other_side() -> None:
    """FLIP2-WILD-TOP (``actions.flip_wild_top = "keep_color"``, uno-online's
    flipKeepColorOnFlip): the colour in force before the Flip, the Flip's own, goes on as its
    colour of the other side in ``actions.flip_colors`` (red as pink; back again, pink as red);
    only cards of that colour (or wilds) may be played on the wild."""
    keep = load_variant_text(KEEP_COLOR, source="flip-keep.toml")
    s = parse_position(
        "flip-keep players=ana,bor phase=play dealer=1 scores=0,0 hands=RF|P8.R5|P2/R7|O1."
        "R1|P3.G2|T+5 draw=G4|P8 discard=RS|W.R9|TR color=R",
        keep,
    )
    v = apply(s, Play("ana", "RF"))
    assert v.accepted and v.state.color == "P" and str(v.state.top) == "W|RS"
    assert any(n.key == "actions.flip_wild_top" and "pink" in n.text for n in v.notes)
    plays = {str(e.card) for e in legal_events(v.state) if isinstance(e, Play)}
    assert plays == {"P3|R1"}
    back = parse_position(
        "flip-keep players=ana,bor phase=play dealer=1 scores=0,0 hands=PF|G3.P2|R5/O1|R7 "
        "draw=P8|G4 discard=W|RS.TR|R9 color=P side=1",
        keep,
    )
    t = ok(back, Play("ana", "PF"))
    assert t.side == 0 and t.color == "R" and str(t.top) == "RS|W"


def test_FLIP2_WILD_TOP_keep_color_is_refused_without_its_colours() -> None:
    """FLIP2-WILD-TOP: ``keep_color`` needs a two-sided deck and ``actions.flip_colors``
    pairing every colour of both sides once; the VariantError names both keys."""
    bad = (
        (KEEP_COLOR.replace('extends = "flip"', 'extends = "official"'), "deck.pairs"),
        (KEEP_COLOR.replace('B = "V"', 'B = "P"'), "deck.back_colors"),
        (KEEP_COLOR.replace(', B = "V"', ""), "deck.colors"),
        (KEEP_COLOR.replace('"keep_color"', '"open"'), "flip_wild_top"),
    )
    for text, other in bad:
        with pytest.raises(VariantError, match=r"actions\.flip_") as err:
            load_variant_text(text, source="flip-keep.toml")
        assert "flip_wild_top" in str(err.value) and other in str(err.value), str(err.value)


def test_FLIP2_D1_and_FLIP2_D5_draw_one_and_draw_five() -> None:
    """FLIP2-D1, FLIP2-D5: the next player draws 1 (light) or 5 (dark) and loses the turn."""
    s = pos(
        "players=ana,bor,cene phase=play dealer=2 hands=R+1|P3.B3|V8/R7|O1/Y1|PSA "
        "draw=G4|P8.G5|O7.B9|O5.Y9|T5.GF|T3.RF|V3 discard=R6|PSA color=R"
    )
    v = apply(s, Play("ana", "R+1"))
    assert v.drawn == (("bor", 1),) and v.skipped == ("bor",) and v.state.due == "cene"
    d = pos(
        "players=ana,bor,cene phase=play dealer=2 hands=V+5|R2.T2|B3/O1|R7/P3|R1 "
        "draw=P8|G4.O7|G5.O5|B9.T3|GF.V9|Y5.P7|R3 discard=V7|BF color=V side=1"
    )
    v = apply(d, Play("ana", "V+5"))
    assert v.drawn == (("bor", 5),) and v.skipped == ("bor",) and v.state.due == "cene"


def test_FLIP2_SKIP_ALL_every_other_player_is_skipped() -> None:
    """FLIP2-SKIP-ALL: the DECK-WC primitive skip_all; the player plays again."""
    assert [e.op for e in FLIP.rank("SA").effects] == ["skip_all"]
    s = pos(
        "players=ana,bor,cene,dan phase=play dealer=3 hands=TSA|G2.T2|B3.O4|BR/O1|R7/P3|R1/"
        "O3|B7 draw=P8|G4 discard=T5|R5 color=T side=1"
    )
    v = apply(s, Play("ana", "TSA"))
    assert v.skipped == ("bor", "cene", "dan") and v.state.due == "ana"


@pytest.mark.parametrize(("hand", "guilty"), [("W+2|O4.R5|P2", True), ("W+2|O4.B3|V8", False)])
def test_FLIP2_WD2_legality_and_challenge_two_and_four(hand: str, guilty: bool) -> None:
    """FLIP2-WD2: legal only without a card of the colour in force; challenged, a guilty player
    draws 2, a wrong challenger 4 and loses the turn."""
    s = pos(
        f"players=ana,bor,cene phase=play dealer=2 hands={hand}/R7|O1/Y1|PSA "
        "draw=G4|P8.G5|O7.B9|O5.Y9|T5.GF|T3 discard=R6|PSA color=R"
    )
    t = ok(s, Play("ana", "W+2", color="blue"))
    assert t.pending is not None and t.pending.count == 2
    v = apply(t, Challenge("bor"))
    assert v.drawn == ((("ana", 2),) if guilty else (("bor", 4),))


def test_FLIP2_WDC_draw_until_the_colour_owed_and_challengeable() -> None:
    """FLIP2-WDC: names a dark colour; the victim owes a draw until a card of it comes (a wild
    drawn does not count), may challenge instead (a wrong challenger draws to the colour and 2
    more), and loses the turn; restricted as the Wild Draw Two; worth 60."""
    r = FLIP.rank("W+C")
    assert r.only_without_color_match and r.challengeable and r.score == 60
    s = pos(
        "players=ana,bor,cene phase=play dealer=2 hands=W+C|R3.T2|B3/O1|R7/P3|R1 "
        "draw=P8|G4.W|RS.O7|G5.T3|GF discard=V7|BF color=V side=1"
    )
    t = ok(s, Play("ana", "W+C", color="orange"))
    assert t.color == "O" and t.phase == "owe" and t.challenge is not None
    v = apply(t, Draw("bor"))
    assert v.drawn == (("bor", 3),) and v.skipped == ("bor",) and v.state.due == "cene"
    assert [str(c) for c in v.state.hands[1][-3:]] == ["P8|G4", "W|RS", "O7|G5"]
    v = apply(t, Challenge("bor"))
    assert v.drawn == (("bor", 5),) and v.state.due == "cene"


def test_FLIP2_FIRST_a_wild_draw_two_goes_back_and_a_flip_acts() -> None:
    """FLIP2-FIRST: a Wild Draw Two turned up goes back; a Flip turned up turns the game over."""
    s = start_round(FLIP, NAMES, dealer="cene", turned=["W+2", "R5"])
    assert str(s.top) == "R5|P2" and s.side == 0 and s.draw_pile[-1].rank == "W+2"
    s = start_round(FLIP, NAMES, dealer="cene", turned="RF|P8")
    assert s.side == 1 and str(s.top) == "P8|RF" and s.color == "P"
    assert all(FLIP.shows_side(c, 1) for h in s.hands for c in h)


def test_FLIP2_SCORE_by_the_side_the_round_ends_on() -> None:
    """FLIP2-SCORE: the hands are worth their faces in play: dark W+C 60, P3 3, OSA 30; their
    light faces (R3, R1, B7) would be 11."""
    s = pos(
        "players=ana,bor phase=play dealer=1 hands=O1|R7/W+C|R3.P3|R1.OSA|B7 draw=P8|G4 "
        "discard=O5|B9 color=O side=1"
    )
    t = ok(s, Play("ana", "O1"))
    assert t.last_round is not None and t.last_round.points == (93, 0)
    light = attrs.evolve(t, side=0, hands=tuple(tuple(c.flipped for c in h) for h in t.hands))
    assert sum(FLIP.rank(c.rank).score for c in light.hands[1]) == 11


def test_FLIP2_FLIP_a_game_of_flip_keeps_every_physical_card_once() -> None:
    """FLIP2-FLIP, FLIP2-SIDE: through random games every physical card is in play exactly
    once and shows the face of the side in play."""
    from ena_rules.agents.simulation import simulate

    sim = simulate(FLIP, 3, 3, 5)
    assert sim.finished == 3
    s = start_round(FLIP, NAMES, dealer="cene")
    deck = Counter(canonical_deck(FLIP))
    import random

    rng = random.Random(3)
    flips = 0
    for i in range(1500):
        if s.phase == "over":
            break
        if s.phase == "deal":
            s = ok(s, deal_event(s, seed=i))
            continue
        events = legal_events(s)
        plays = [e for e in events if isinstance(e, Play)]
        s2 = ok(s, rng.choice(plays if plays and rng.random() < 0.8 else events))
        flips += s2.side != s.side and s2.phase != "deal"
        s = s2
        cards = [*s.draw_pile, *s.discard, *(c for h in s.hands for c in h)]
        assert all(FLIP.shows_side(c, s.side) for c in cards)
        assert Counter(c if s.side == 0 else c.flipped for c in cards) == deck
    assert flips > 0


def test_FLIP2_FLIP_ena_rules_simulate_plays_flip() -> None:
    """FLIP2-FLIP: `ena-rules simulate --variant flip --players 4` plays whole games and
    prints its figures, the Flip, the dark side's cards and the light side's among the rules
    applied."""
    import json
    import subprocess
    import sys

    args = ("simulate", "--variant", "flip", "--players", "4", "--games", "3", "--json")
    run = subprocess.run(
        [sys.executable, "-m", "ena_rules.cli", *args], capture_output=True, text=True, cwd=ROOT
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["finished"] == 3
    for rule in (
        "FLIP2-FLIP ranks.F.effects",
        "FLIP2-D5 ranks.+5.effects",
        "FLIP2-D1 ranks.+1.effects",
    ):
        assert data["rules"][rule] > 0, rule


def test_FLIP2_SIDE_a_log_names_faces_and_lists_physical_cards(tmp_path: Path) -> None:
    """FLIP2-SIDE, FLIP2-DECK: a recorded game (explicit deck of physical cards R1|P3, plays
    naming the face in play where it is unambiguous) validates in a fresh process (the deck's
    dark colours are known before the header's deck is read); the same deck listed dark side up
    is not the variant's deck (exit 2)."""
    import io
    import json
    import random
    import subprocess
    import sys

    from ena_rules.cards.shuffle import shuffled
    from ena_rules.log import GameRecorder

    out = io.StringIO()
    deck = shuffled(canonical_deck(FLIP), 5)
    rec = GameRecorder(out, FLIP, NAMES, dealer="ana", deck=deck, deck_seed=5)
    rng = random.Random(1)
    faces = 0
    while rec.state.phase not in ("deal", "over"):
        s = rec.state
        events = legal_events(s)
        plays = [e for e in events if isinstance(e, Play)]
        e = rng.choice(plays if plays and rng.random() < 0.8 else events)
        if isinstance(e, Play) and sum(c.face == e.card.face for c in s.hands[s.turn]) == 1:
            e, faces = attrs.evolve(e, card=e.card.face), faces + 1
        assert rec.apply(e).accepted
    assert faces > 0 and '"card": "R' in out.getvalue() and "|" in out.getvalue().split("\n")[0]
    good = tmp_path / "flip.jsonl"
    good.write_text(out.getvalue())
    header = json.loads(out.getvalue().split("\n")[0])
    header["deck"] = [str(parse_card(c).flipped) for c in header["deck"]]
    bad = tmp_path / "dark-up.jsonl"
    bad.write_text(json.dumps(header) + "\n")

    def validate(path: Path) -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "ena_rules.cli", "validate", str(path)]
        return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)

    run = validate(good)
    assert run.returncode == 0, run.stdout + run.stderr
    run = validate(bad)
    assert run.returncode == 2 and "the deck does not fit variant 'flip'" in run.stdout


def test_FLIP2_FLIP_cards_drawn_blind_turn_over_with_the_hand() -> None:
    """FLIP2-FLIP with HR-BLIND-DRAW (D-FLIP2-HOUSE): the cards a player drew blind turn over
    with their hand and stay unseen by them; before, the state named their old faces and was
    no position ("unseen cards ... not all held")."""
    blind = load_variant_text(
        'name = "flip-blind"\nextends = "flip"\n[view]\nblind_draw = true\n', source="x.toml"
    )
    s = parse_position(
        "flip-blind players=ana,bor phase=play dealer=1 scores=0,0 hands=RF|P8.R5|P2.Y3|V1/R7|O1 "
        "draw=G4|P8.G5|O7 discard=R6|PSA color=R",
        blind,
    )
    s = ok(ok(s, Play("ana", "R5")), Draw("bor"))  # bor draws G4|P8 blind
    assert [str(c) for c in s.blind[1]] == ["G4|P8"]
    if s.phase == "drawn":  # G4|P8 does not match R5: bor passes
        s = ok(s, Pass("bor"))
    t = ok(s, Play("ana", "RF"))
    assert t.side == 1 and [str(c) for c in t.blind[1]] == ["P8|G4"]
    assert parse_position(format_position(t), blind) == t
    assert Card("P", "8", Card("G", "4")) not in view(t, "bor").hand


def test_FLIP2_DECK_every_house_rule_setting_on_flip_loads_and_plays_or_is_refused() -> None:
    """FLIP2-DECK with the house rules (issue 27 point 6): each setting of the interaction
    matrix (every key of docs/house-rules.md at each of its non-default values) on UNO Flip
    either loads or is refused with a VariantError naming both keys, the setting's and the
    deck's (a rank Flip's deck.pairs lacks); a seeded sample of the loaded ones plays a game to
    its end with every invariant after every event (the generated Flip variants of
    tests/test_state_machine.py mix the rest)."""
    from ena_rules.testing import matrix

    loaded = []
    for setting in matrix.SETTINGS:
        text = matrix.pair_variant_text("flip", [setting])
        try:
            loaded.append(load_variant_text(text, source="flip-house.toml"))
        except VariantError as exc:
            key = setting.key.replace('"', "")
            assert key in str(exc) and "deck.pairs" in str(exc), str(exc)
    assert 30 < len(loaded) < len(matrix.SETTINGS)
    for i, variant in enumerate(loaded[::8]):
        events, final = matrix.play_game(variant, 2700 + i)
        assert final.phase == "over" and events > 0


@pytest.mark.parametrize(("name", "rank"), [("flip", "W+C"), ("no-mercy", "WCR")])
def test_FLIP2_WDC_simulate_counts_the_cards_a_draw_to_a_colour_took(name: str, rank: str) -> None:
    """FLIP2-WDC, DRAW-COLOR: `ena-rules simulate`'s "owed draws taken" counts a draw to a
    colour (no count owed) by the cards it actually drew; before, a Wild Draw Color was counted
    as a draw of 0 cards and No Mercy's Color Roulette, its colour named by the victim, not at
    all. Every other owed draw counts by its count, as before."""
    from ena_rules.agents.simulation import Rng, play_game, random_legal_event
    from ena_rules.game.events import ChooseColor, PlayerEvent

    variant = load_variant(name)
    seen: list[tuple[GameState, PlayerEvent]] = []

    def choose(s: GameState, rng: Rng, mistakes: float) -> PlayerEvent:
        e = random_legal_event(s, rng, mistakes)
        seen.append((s, e))
        return e

    game = play_game(variant, ["ana", "bor", "cene"], 3, choose=choose)
    want: Counter[int] = Counter()
    to_color = 0
    for s, e in seen:
        p = s.pending
        if p is None or not isinstance(e, (Draw, Challenge, ChooseColor)):
            continue
        if isinstance(e, ChooseColor) and s.phase != "owe":
            continue
        if p.rank == rank:
            to_color += 1
            want[sum(n for _, n in apply(s, e).drawn)] += 1
        else:
            want[p.count] += 1
    assert to_color > 0 and 0 not in want
    assert dict(game.owed) == dict(want)
