"""The card turned up at the deal: FLIP-ACTION, FLIP-D2, FLIP-SKIP, FLIP-REV, FLIP-WILD, FLIP-
WD4-OFF, FLIP-WD4-ENA.

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from ena_rules import (
    Challenge,
    ChooseColor,
    Deal,
    Draw,
    GameState,
    Overtake,
    Play,
    Variant,
    Verdict,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
    parse_card,
)
from ena_rules.game.events import Cut
from ena_rules.testing import (
    all_cards,
    arrange_deck,
    deal,
    derived,
    hand,
    judged,
    ok,
    run,
    start_round,
    transcript,
)

V3 = derived("official", 3)
E3 = derived("ena", 3)

OFFICIAL = load_variant("official")


PLAYERS = ("ana", "bor", "cene", "dan")


def table(
    variant: Variant,
    hands: Sequence[Sequence[str]] = (),
    turned: str | Sequence[str] = "R5",
    draw: Sequence[str] = (),
    players: Sequence[str] = PLAYERS,
    dealer: str = "ana",
) -> GameState:
    """A round dealt from an arranged deck through the real Deal event."""
    return start_round(variant, list(players), dealer=dealer, hands=hands, turned=turned, draw=draw)


def plays(state: GameState, name: str) -> set[str]:
    return {str(e.card) for e in legal_events(state) if isinstance(e, Play) and e.player == name}


def clauses(v: Verdict) -> list[str]:
    return [n.clause for n in v.notes]


def _wild_turned_up() -> GameState:
    """Ena: a Wild turned up, the dealer (cene) names the colour (FLIP-WILD)."""
    s = deal(E3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    assert s.phase == "color" and s.due == "cene"
    return s


ENA = load_variant("ena")


@pytest.mark.parametrize("rank", list("0123456789"))
def test_FLIP_ACTION_a_number_card_turned_up_does_nothing(rank: str) -> None:
    """FLIP-ACTION: a number card turned up has no action: the dealer's left simply starts."""
    s = table(OFFICIAL, turned=f"G{rank}")
    assert s.turn == 1 and s.direction == 1 and s.color == "G" and s.pending is None
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]


@pytest.mark.parametrize(
    ("turned", "turn", "direction", "sizes"),
    [("GS", 2, 1, [7, 7, 7, 7]), ("GR", 0, -1, [7, 7, 7, 7]), ("G+2", 2, 1, [7, 9, 7, 7])],
)
def test_FLIP_ACTION_an_action_card_turned_up_acts_as_if_the_dealer_played_it(
    turned: str, turn: int, direction: int, sizes: list[int]
) -> None:
    """FLIP-ACTION: Skip, Reverse and Draw Two turned up act from the dealer's seat."""
    s = table(OFFICIAL, turned=turned)
    assert (s.turn, s.direction, [len(h) for h in s.hands]) == (turn, direction, sizes)


def test_FLIP_ACTION_off_turns_action_cards_into_plain_starts(
    derive: Callable[..., Variant],
) -> None:
    """FLIP-ACTION: the key matters: with apply_action = false a Skip turned up does nothing."""
    s = table(derive("[first_card]\napply_action = false"), turned="GS")
    assert s.turn == 1 and s.direction == 1


def test_FLIP_D2_draw_two_turned_up_first_player_draws_two_and_loses_the_turn() -> None:
    """FLIP-D2: the first player draws 2 at once and the player after them starts."""
    s0 = new_game(OFFICIAL, PLAYERS, dealer="ana")
    deck = arrange_deck(OFFICIAL, 4, 0, [], turned="B+2", draw=["Y9", "G8"])
    v = run(s0, Deal(deck))
    assert v.drawn == (("bor", 2),) and v.skipped == ("bor",)
    assert hand(v.state, "bor")[-2:] == ["Y9", "G8"]
    assert v.state.turn == 2 and v.state.phase == "play" and v.state.pending is None
    assert "FLIP-ACTION" in clauses(v)


def test_FLIP_D2_with_two_players_the_dealer_plays_next() -> None:
    """FLIP-D2: with two players the first player draws 2 and the dealer takes the turn."""
    s = table(OFFICIAL, turned="B+2", players=PLAYERS[:2])
    assert [len(h) for h in s.hands] == [7, 9] and s.turn == 0


def test_FLIP_SKIP_skip_turned_up_the_first_player_loses_the_turn() -> None:
    """FLIP-SKIP: a Skip turned up: the dealer's left is skipped, nobody draws."""
    s = new_game(OFFICIAL, PLAYERS, dealer="ana")
    v = run(s, Deal(arrange_deck(OFFICIAL, 4, 0, [], turned="YS")))
    assert v.state.turn == 2 and v.skipped == ("bor",) and v.drawn == ()
    assert v.state.color == "Y"


def test_FLIP_REV_reverse_turned_up_the_dealer_starts_and_play_runs_counter_clockwise() -> None:
    """FLIP-REV: official reading: the dealer takes the first turn, then the dealer's right."""
    s = table(OFFICIAL, [["R1"]], turned="RR")
    assert s.direction == -1 and s.turn == 0 and s.due == "ana"
    after = run(s, Play("ana", "R1")).state
    assert after.turn == 3  # dan, the dealer's right


def test_FLIP_REV_the_ena_reading_is_a_variant_key(derive: Callable[..., Variant]) -> None:
    """FLIP-REV: reverse_first = "dealer_right" lets the dealer's right start instead."""
    s = table(derive('[first_card]\nreverse_first = "dealer_right"'), turned="RR")
    assert s.direction == -1 and s.turn == 3


def test_FLIP_WILD_wild_turned_up_the_first_player_chooses_the_colour() -> None:
    """FLIP-WILD: official: the first player names the colour (ChooseColor), then plays as
    usual: a card of that colour or a wild (004 "Kalau Wild, pemain pertama memilih warnanya")."""
    s = table(OFFICIAL, [[], ["G2", "B7", "R1", "Y4", "W", "G9", "B1"]], turned="W")
    assert s.phase == "color" and s.turn == 1 and s.color is None and s.due == "bor"
    assert legal_events(s) == tuple(
        ChooseColor("bor", c) for c in ("red", "yellow", "green", "blue")
    )
    v = run(s, ChooseColor("bor", "blue"))
    assert v.clause == "FLIP-WILD" and v.state.color == "B" and v.state.turn == 1
    assert plays(v.state, "bor") == {"B7", "B1", "W"}
    v = run(v.state, Play("bor", "B7"))
    assert v.state.color == "B" and v.state.turn == 2
    # or they name a colour and play a wild naming another
    v2 = run(s, ChooseColor("bor", "red"), Play("bor", "W", color="yellow"))
    assert v2.state.color == "Y"


def test_FLIP_WILD_the_dealer_reading_is_a_variant_key(derive: Callable[..., Variant]) -> None:
    """FLIP-WILD: wild_color = "dealer" (Ena) makes the dealer name the colour first."""
    s = table(derive('[first_card]\nwild_color = "dealer"'), turned="W")
    assert s.phase == "color" and s.due == "ana"


def test_FLIP_WD4_OFF_wild_draw_four_turned_up_goes_back_and_another_is_turned() -> None:
    """FLIP-WD4-OFF: a W+4 turned up goes back into the deck and the next card is turned up."""
    s0 = new_game(OFFICIAL, PLAYERS, dealer="ana")
    deck = arrange_deck(OFFICIAL, 4, 0, [], turned=["W+4", "W+4", "G3"])
    v = run(s0, Deal(deck))
    s = v.state
    assert s.discard == (parse_card("G3"),) and s.color == "G"
    assert s.turn == 1 and [len(h) for h in s.hands] == [7, 7, 7, 7]
    assert [str(c) for c in s.draw_pile[-2:]] == ["W+4", "W+4"]
    assert clauses(v).count("FLIP-WD4-OFF") == 2
    assert all_cards(s) == Counter(deck)


def test_FLIP_WILD_ena_dealer_names_the_colour_of_a_wild_turned_up() -> None:
    """FLIP-WILD: under Ena a Wild turned up has its colour named by the dealer (003)."""
    s = deal(E3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"]], "W")
    assert s.phase == "color" and s.due == "bor"  # the dealer is the last seat
    assert set(legal_events(s)) == {
        ChooseColor("bor", c) for c in ("red", "yellow", "green", "blue")
    }
    assert apply(s, ChooseColor("ana", "red")).rejected
    v = apply(s, ChooseColor("bor", "green"))
    assert v.accepted and v.clause == "FLIP-WILD"
    assert v.state.color == "G" and v.state.due == "ana" and v.state.phase == "play"
    # the official reading: the first player names the colour (then plays or draws)
    o = deal(V3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"]], "W")
    assert o.phase == "color" and o.due == "ana" and o.color is None
    assert {e.player for e in legal_events(o)} == {"ana"}


def test_FLIP_WD4_ENA_dealer_names_colour_first_player_draws_four_and_loses_turn() -> None:
    """FLIP-WD4-ENA: a Wild Draw Four turned up stays; the dealer names the colour; the first
    player draws 4 and loses the turn (the open point decided yes: first_card.draw_loses_turn)."""
    hands = [["R1", "G1", "Y1"], ["W+4", "B2", "B3"], ["Y5", "Y6", "Y7"]]
    s = deal(E3, hands, "W+4")
    assert str(s.top) == "W+4" and s.phase == "color" and s.due == "cene"
    s = ok(s, ChooseColor("cene", "red"))
    assert s.phase == "owe" and s.due == "ana" and s.pending is not None
    assert s.pending.count == 4
    assert apply(s, Challenge("ana")).rejected  # nobody played it: nothing to challenge
    v = apply(s, Draw("ana"))
    assert v.accepted and v.drawn == (("ana", 4),) and v.skipped == ("ana",)
    assert v.state.due == "bor" and len(v.state.hands[0]) == 7
    # the turned-up card may be overtaken: the four stay owed, so it stacks (OVT-STACK)
    v = apply(s, Overtake("bor", "W+4", color="blue"))
    assert v.accepted and v.state.pending is not None and v.state.pending.count == 8
    assert v.state.due == "cene"
    # official: the Wild Draw Four goes back and another card is turned up (FLIP-WD4-OFF)
    o = deal(V3, hands, ["W+4", "R5"])
    assert str(o.top) == "R5" and o.phase == "play"


def test_FLIP_REV_ena_the_dealers_right_goes_first() -> None:
    """FLIP-REV: under Ena a Reverse turned up makes the player to the dealer's right go first."""
    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["Y5", "Y6", "Y7"], ["G5", "G6", "G7"]]
    s = deal(E3, hands, "RR")  # dealer dan (seat 3): his right is cene
    assert s.direction == -1 and s.due == "cene"
    o = deal(V3, hands, "RR")  # the official reading: the dealer takes the first turn
    assert o.direction == -1 and o.due == "dan"


def test_FLIP_WILD_the_dealer_names_the_colour_in_words() -> None:
    """FLIP-WILD: only the dealer names the colour, and only a colour of the deck; the
    verdicts cite FLIP-WILD and say what happened."""
    s = _wild_turned_up()
    assert transcript(apply(s, ChooseColor("ana", "red"))) == [
        "FLIP-WILD first_card.wild_color: ana has no colour to name now"
    ]
    v = apply(s, ChooseColor("cene", "blue"))
    assert transcript(v) == [
        "FLIP-WILD first_card.wild_color: The dealer cene names blue.",
        "DEAL-FIRST deal.first_player: ana is next (clockwise).",
    ]
    three = derived("ena", 3, '[deck]\ncolors = ["R", "Y", "G"]\n')
    s = deal(three, [["R1", "G1", "Y1"], ["R2", "R3", "R4"], ["G4", "G2", "G3"]], "W")
    assert transcript(apply(s, ChooseColor("cene", "blue"))) == [
        "FLIP-WILD deck.colors: blue is not a colour of this deck"
    ]


def test_FLIP_WD4_ENA_a_wild_draw_four_kept_at_the_flip_is_drawn_at_once() -> None:
    """FLIP-WD4-ENA / FLIP-ACTION: a W+4 turned up and kept (``return_ranks = []``): the dealer
    names the colour and the first player draws 4 at once and loses the turn: a turned-up card
    cannot be challenged, so nothing is left owed."""
    kept = derived("official", 3, '[first_card]\nreturn_ranks = []\nwild_color = "dealer"\n')
    s = deal(kept, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W+4")
    v = apply(s, ChooseColor("cene", "red"))
    assert transcript(v) == [
        "FLIP-WILD first_card.wild_color: The dealer cene names red.",
        "FLIP-D2 first_card.draw_loses_turn: The turned-up W+4 makes ana draw 4 and lose the "
        "first turn.",
        "ACT-WD4 ranks.W+4.effects: ana draws 4 (the W+4 card).",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    assert v.state.phase == "play" and v.state.pending is None and v.state.due == "bor"


def test_FLIP_WILD_the_first_player_names_the_colour_by_playing() -> None:
    """FLIP-WILD (official): a Wild turned up: the first player names the colour first
    (ChooseColor), then plays a card of it; the verdicts say so."""
    s = deal(V3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    named = apply(s, ChooseColor("ana", "green"))
    assert transcript(named) == [
        "FLIP-WILD first_card.wild_color: ana, the first player, names green.",
        "DEAL-FIRST deal.first_player: ana is next (clockwise).",
    ]
    assert transcript(apply(named.state, Play("ana", "G1"))) == [
        "TURN-MATCH turn.match: ana plays G1: it matches.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]


def test_FLIP_WILD_a_play_before_the_dealer_names_the_colour_is_out_of_turn() -> None:
    """FLIP-WILD / PEN-ENA: while the dealer is to name the colour a play by the first player is
    out of turn."""
    s = deal(E3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    assert transcript(apply(s, Play("ana", "R1"))) == [
        "PEN-ENA penalties.out_of_turn: ana plays R1 out of turn (cene is due): a mistake "
        "costing 2 cards.",
        "PEN-ENA penalties.out_of_turn: ana draws 2 (penalty).",
    ]


def test_FLIP_REV_who_goes_first_in_words() -> None:
    """FLIP-REV (official: the dealer takes the first turn): a Reverse turned up turns the
    direction and the verdict says who goes first."""
    from ena_rules import Deal
    from ena_rules.testing import arrange_deck

    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    v = apply(
        new_game(V3, ["ana", "bor", "cene"], dealer="cene"),
        Deal(arrange_deck(V3, 3, 2, hands, "RR")),
    )
    assert "FLIP-REV first_card.reverse_first: cene goes first." in transcript(v)
    assert v.state.due == "cene" and v.state.direction == -1


def test_FLIP_WD4_OFF_every_wild_draw_four_goes_back_once_at_most() -> None:
    """FLIP-WD4-OFF: a W+4 turned up goes back under the pile and the next card is turned up;
    when nothing but W+4s is left, each goes back once and the last one stays (no endless
    loop)."""
    from ena_rules import Deal
    from ena_rules.testing import arrange_deck

    zero = ", ".join(f'"{r}" = 0' for r in ("0", "2", "3", "4", "5", "6", "7", "8", "9"))
    tiny = load_variant_text(
        'name = "tiny"\nextends = "official"\n[players]\nmax = 2\n[deck]\ncolors = ["R"]\n'
        f'colored = {{ "1" = 2, {zero}, "S" = 0, "R" = 0, "+2" = 0 }}\n'
        'wild = { "W" = 0, "W+4" = 4, "WS" = 0, "WC" = 0 }\n[deal]\nhand_size = 1\n'
    )
    s = new_game(tiny, ["ana", "bor"], dealer="bor")
    v = apply(s, Deal(arrange_deck(tiny, 2, 1, [["R1"], ["R1"]], "W+4")))
    returned = [n for n in v.notes if n.clause == "FLIP-WD4-OFF"]
    assert len(returned) == 3 and str(v.state.top) == "W+4"
    assert returned[0].text == (
        "W+4 is turned up: it goes back under the draw pile and the next card is turned up."
    )


def test_FLIP_SKIP_and_FLIP_D2_the_first_turn_in_words() -> None:
    """FLIP-SKIP / FLIP-D2: a Skip turned up skips the first player; a Draw Two makes the first
    player draw 2 and lose the turn, or keep it with ``first_card.draw_loses_turn = false``;
    each verdict says so."""
    from ena_rules import Deal
    from ena_rules.testing import arrange_deck

    hands = [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]

    def flip(v: Variant, turned: str) -> Verdict:
        g = new_game(v, ["ana", "bor", "cene"], dealer="cene")
        return apply(g, Deal(arrange_deck(v, 3, 2, hands, turned)))

    skip = flip(V3, "RS")
    assert transcript(skip)[2:] == [
        "ACT-SKIP ranks.S.effects: Skipped: ana.",
        "FLIP-SKIP first_card.apply_action: The turned-up RS skips the first player.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    loses = flip(V3, "R+2")
    assert transcript(loses)[2] == (
        "FLIP-D2 first_card.draw_loses_turn: The turned-up R+2 makes ana draw 2 and lose the "
        "first turn."
    )
    keeps = flip(derived("official", 3, "[first_card]\ndraw_loses_turn = false\n"), "R+2")
    assert transcript(keeps)[2:] == [
        "FLIP-D2 first_card.draw_loses_turn: The turned-up R+2 makes ana draw 2; they still "
        "take the first turn.",
        "ACT-D2 ranks.+2.effects: ana draws 2 (the +2 card).",
        "TURN-NEXT turn.next: ana is next (clockwise).",
    ]
    plain = flip(V3, "R5")
    assert not [n for n in plain.notes if n.clause == "FLIP-SKIP"]


def test_FLIP_WILD_official_the_first_player_names_the_colour_even_when_drawing() -> None:
    """FLIP-WILD: an official Wild turned up: the first player names the colour first
    (ChooseColor), whatever they do next; drawing does not leave the colour unnamed."""
    s = start_round(
        OFFICIAL, ["ana", "bor", "cene"], dealer="ana", turned="W", hands=[[], ["R1", "G2"], ["Y3"]]
    )
    assert s.phase == "color" and s.due == "bor"
    assert legal_events(s) == tuple(
        ChooseColor("bor", c) for c in ("red", "yellow", "green", "blue")
    )
    named = apply(s, ChooseColor("bor", "green"))
    assert named.accepted and named.clause == "FLIP-WILD", str(named)
    assert "bor" in named.message and "the first player" in named.message
    s = named.state
    assert s.color == "G" and s.phase == "play" and s.due == "bor"
    s = ok(s, Draw("bor"))
    assert s.color == "G"
    v = apply(s, Play("cene", "Y3"))
    assert not v.accepted and "first player" not in v.message


def test_FLIP_ACTION_a_turned_up_draw_skip_reverse_card_keeps_its_draw() -> None:
    """FLIP-ACTION: a card whose effects are draw + skip + reverse acts when turned up as
    when played: its draw is not dropped."""
    v = load_variant_text(
        'name = "t"\nextends = "official"\n[ranks.R]\n'
        'effects = [{ op = "draw", count = 2 }, { op = "skip" }, { op = "reverse" }]\n'
    )
    s = start_round(v, ["ana", "bor", "cene"], dealer="ana", turned="RR")
    assert sum(len(h) for h in s.hands) == 21 + 2, [len(h) for h in s.hands]


def test_FLIP_WILD_an_overtake_while_the_dealer_names_the_colour_says_why() -> None:
    """FLIP-WILD (issue 16.2): Ena, the dealer overtakes while naming a turned-up wild's colour:
    a bad overtake whose reason is the colour still to name, not "already acted"."""
    hands = [["R5", "G1"], ["Y1", "Y2"], ["B1", "B2"]]
    s = start_round(ENA, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="W")
    assert s.phase == "color"
    for who in ("ana", "bor"):
        card = "R5" if who == "ana" else "Y1"
        v = apply(s, Overtake(who, card))
        assert v.penalised and v.key == "penalties.bad_overtake", str(v)
        assert "already acted" not in v.message and "colour" in v.message, str(v)


def test_FLIP_WILD_the_dealers_draw_while_naming_the_colour_says_why() -> None:
    """FLIP-WILD (issue 16.4): Ena's colour phase: the dealer's draw is a mistake whose message
    does not call it out of turn with the dealer due."""
    hands = [["R5", "G1"], ["Y1", "Y2"], ["B1", "B2"]]
    s = start_round(ENA, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="W")
    v = apply(s, Draw("ana"))
    assert v.penalised, str(v)
    assert "(ana is due)" not in v.message and "colour" in v.message, str(v)


def test_FLIP_WILD_a_colour_named_out_of_place_cites_FLIP_WILD_whatever_the_file_cites() -> None:
    """FLIP-WILD: a ChooseColor by a player with no colour to name is rejected under FLIP-WILD,
    even when the variant file cites another clause for first_card.wild_color (killing a
    survivor of the mutation run, docs/verification.md section 6)."""
    v = derived(
        "official",
        2,
        '[first_card]\nwild_color = { value = "first_player", clause = "HR-WILD-FIRST", '
        'source = "test" }\n',
    )
    s = deal(v, [["G1", "R2"], ["G3", "B4"]], "W")
    r = apply(s, ChooseColor("bor", "red"))
    assert (r.outcome, r.clause, r.key, r.message) == (
        "rejected",
        "FLIP-WILD",
        "first_card.wild_color",
        "bor has no colour to name now",
    )


def test_FLIP_WILD_the_judgement_of_the_colour_named_names_its_rule() -> None:
    """FLIP-WILD: the pure judgement shared by apply and legal_events names the key, clause and
    reason that accept the colour named (DEAL-CUT-OFF: and a cut while the round is dealt is
    refused with its own clause)."""
    s = table(OFFICIAL, [[], ["G2", "B7", "R1", "Y4", "W", "G9", "B1"]], turned="W")
    assert judged(s, ChooseColor("bor", "blue")) == (
        "accept",
        "first_card.wild_color",
        "FLIP-WILD",
        "names the colour",
    )
    assert judged(s, Cut(("R1",))) == (
        "reject",
        "deal.cut",
        "DEAL-CUT-OFF",
        "no cut is due now",
    )


def test_FLIP_SKIP_a_turned_up_card_that_skips_twice_skips_two_players() -> None:
    """FLIP-SKIP with a TOML card of two skip effects: turned up, it skips the first player
    and the next one: cene starts, after ana and bor."""
    v = derived(
        "official",
        2,
        '[deck]\ncolored = { "SS" = 1 }\n'
        '[ranks.SS]\neffects = [{ op = "skip" }, { op = "skip" }]\nscore = 20\n',
    )
    s = start_round(v, ["ana", "bor", "cene"], dealer="cene", turned="GSS")
    assert s.due == "cene" and s.direction == 1


def test_FLIP_D2_a_turned_up_draw_card_without_a_skip_still_costs_the_first_turn() -> None:
    """FLIP-D2 (``first_card.draw_loses_turn``: "the first player, drawing for a turned-up draw
    card, loses the turn"): a TOML +1 that only draws, turned up, makes ana draw and lose the
    first turn, as the verdict says; before, ana drew and was still due."""
    v = derived(
        "official",
        2,
        '[deck]\ncolored = { "+1" = 1 }\n'
        '[ranks."+1"]\neffects = [{ op = "draw", count = 1 }]\nscore = 20\n',
    )
    s = start_round(v, ["ana", "bor", "cene"], dealer="cene", turned="G+1")
    assert s.due == "bor" and len(s.hands[0]) == 3
