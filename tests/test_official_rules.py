"""Official UNO, clause by clause: deck, set-up, deal, the first card, a turn, action cards.

The UNO call, the challenge and the penalty are in test_official_calls.py; the end of a round
and scoring in test_official_scoring.py; bad input in test_official_bad_input.py. Every test's
docstring starts with the clause id of ../shared/RULES.md it proves.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import pytest

from ena_rules import (
    Card,
    Challenge,
    ChooseColor,
    Cut,
    Deal,
    Draw,
    Event,
    EventError,
    GameState,
    Pass,
    Play,
    Variant,
    Verdict,
    apply,
    canonical_deck,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
    parse_card,
)
from ena_rules.testing import arrange_deck, start_round

OFFICIAL = load_variant("official")
PLAYERS = ("ana", "bor", "cene", "dan")
SMALL = "[deal]\nhand_size = 3"
V3 = load_variant_text(f'name = "official-3"\nextends = "official"\n{SMALL}')

#: The official clauses issue 2 asks a test for; each must appear in a test name below or in
#: the other tests/test_official_*.py files.
OFFICIAL_CLAUSES = [
    "DECK-108",
    "DECK-112",
    "DECK-WSH",
    "DECK-WC",
    "SETUP-PLAYERS",
    "DEAL-CUT-OFF",
    "DEAL-CUT-TIE",
    "DEAL-SEVEN",
    "DEAL-FIRST",
    "DEAL-ROTATE",
    "FLIP-ACTION",
    "FLIP-D2",
    "FLIP-SKIP",
    "FLIP-REV",
    "FLIP-WILD",
    "FLIP-WD4-OFF",
    "TURN-MATCH",
    "TURN-WILD",
    "TURN-WD4-LEGAL",
    "TURN-DRAW",
    "TURN-NEXT",
    "TURN-RESHUFFLE",
    "ACT-SKIP",
    "ACT-REV",
    "ACT-REV-2P",
    "ACT-D2",
    "ACT-WILD",
    "ACT-WD4",
    "UNO-CALL",
    "UNO-CATCH",
    "UNO-SAFE",
    "UNO-WINDOW",
    "UNO-FALSE",
    "CHAL-WHO",
    "CHAL-SHOW",
    "CHAL-GUILTY",
    "CHAL-INNOCENT",
    "PEN-WRONG-OFF",
    "END-ROUND",
    "END-LAST-DRAW",
    "SCORE-VALUES",
    "SCORE-OFF",
]


# -- helpers ---------------------------------------------------------------------------------


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


def run(state: GameState, *events: Event) -> Verdict:
    """Apply events in order; each must be accepted; return the last verdict."""
    verdict: Verdict | None = None
    for e in events:
        verdict = apply(state, e)
        assert verdict.accepted, str(verdict)
        state = verdict.state
    assert verdict is not None
    return verdict


def hand(state: GameState, name: str) -> list[str]:
    return [str(c) for c in state.hands[state.players.index(name)]]


def cards(codes: Sequence[str]) -> Counter[Card]:
    return Counter(parse_card(c) for c in codes)


def everything(state: GameState) -> Counter[Card]:
    out = Counter(state.draw_pile) + Counter(state.discard)
    for h in state.hands:
        out += Counter(h)
    return out


def plays(state: GameState, name: str) -> set[str]:
    return {str(e.card) for e in legal_events(state) if isinstance(e, Play) and e.player == name}


def clauses(v: Verdict) -> list[str]:
    return [n.clause for n in v.notes]


# -- the list itself -------------------------------------------------------------------------


def test_every_official_clause_has_a_test() -> None:
    """Every official clause id of issue 2 names at least one test in tests/test_official_*.py."""
    names: list[str] = []
    for path in Path(__file__).parent.glob("test_official_*.py"):
        names += re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    missing = [c for c in OFFICIAL_CLAUSES if not any(c.replace("-", "_") in n for n in names)]
    assert not missing, f"no test names these clauses: {missing}"


# -- deck and players ------------------------------------------------------------------------


def test_DECK_108_official_deck_has_108_cards_of_the_stated_composition() -> None:
    """DECK-108: four colours with one 0, two each of 1-9, S, R, +2; four W and four W+4."""
    deck = Counter(canonical_deck(OFFICIAL))
    assert sum(deck.values()) == 108
    expected: Counter[Card] = Counter()
    for color in "RYGB":
        expected[Card(color, "0")] = 1
        for rank in [*"123456789", "S", "R", "+2"]:
            expected[Card(color, rank)] = 2
    expected[Card(None, "W")] = 4
    expected[Card(None, "W+4")] = 4
    assert deck == expected


def test_DECK_108_deck_is_built_from_the_variant_composition(
    derive: Callable[..., Variant],
) -> None:
    """DECK-108: the deck comes from the variant's data, so changing a count changes the deck."""
    two_zeros = derive('[deck.colored]\n"0" = 2')
    no_blue = derive('[deck]\ncolors = ["R", "Y", "G"]')
    assert len(canonical_deck(two_zeros)) == 112
    assert Counter(canonical_deck(two_zeros))[Card("G", "0")] == 2
    assert len(canonical_deck(no_blue)) == 108 - 25
    assert not any(c.color == "B" for c in canonical_deck(no_blue))


def test_DECK_112_the_2018_deck_adds_wild_shuffle_and_three_customizables(
    derive: Callable[..., Variant],
) -> None:
    """DECK-112: 108 cards plus 1 Wild Shuffle Hands and 3 Wild Customizable: eight wild types."""
    v112 = derive("[deck.wild]\nWS = 1\nWC = 3")
    deck = Counter(canonical_deck(v112))
    assert sum(deck.values()) == 112
    assert deck[Card(None, "WS")] == 1 and deck[Card(None, "WC")] == 3
    assert sum(n for c, n in deck.items() if c.is_wild) == 12
    assert sum(n for c, n in deck.items() if c.rank in ("W", "WS", "WC")) == 8
    # the 112-card deck deals, and a 108-card deck is not this variant's deck
    s = new_game(v112, PLAYERS, dealer="ana")
    assert apply(s, Deal(canonical_deck(v112))).accepted
    assert apply(s, Deal(canonical_deck(OFFICIAL))).rejected


def test_DECK_WSH_wild_shuffle_hands_collects_shuffles_and_deals_from_the_next_player(
    derive: Callable[..., Variant],
) -> None:
    """DECK-WSH: a colour is named; all hands are shuffled and dealt from the next player."""
    v = derive(f"{SMALL}\n[deck.wild]\nWS = 1\nWC = 3")
    s = table(v, [["Y1", "Y2", "Y3"], ["WS", "R1", "R2"], ["G1", "G2", "G3"]], players=PLAYERS[:3])
    before = Counter(c for h in s.hands for c in h) - cards(["WS"])
    v2 = run(s, Play("bor", "WS", color="green"))
    after = v2.state
    assert after.color == "G" and str(after.top) == "WS"
    assert Counter(c for h in after.hands for c in h) == before
    # 8 cards dealt one at a time from cene (next): cene 3, ana 3, bor 2
    assert [len(h) for h in after.hands] == [3, 2, 3]
    assert after.turn == 2 and "DECK-WSH" in clauses(v2)
    assert everything(after) == everything(s)


def test_DECK_WC_a_variant_file_defines_the_wild_customizable_effect(
    derive: Callable[..., Variant],
) -> None:
    """DECK-WC: a house file composes the Wild Customizable's effect from primitives."""
    plain = derive(f"{SMALL}\n[deck.wild]\nWC = 3")
    house = derive(
        f"{SMALL}\n[deck.wild]\nWC = 3\n[ranks.WC]\n"
        'effects = [{op = "choose_color"}, {op = "draw", count = 3}, {op = "skip"}]'
    )
    hands = [[], ["WC", "R1", "R2"], ["G1", "G2", "G3"]]
    as_wild = run(table(plain, hands), Play("bor", "WC", color="blue"))
    assert as_wild.state.color == "B" and as_wild.state.turn == 2 and as_wild.drawn == ()
    custom = run(table(house, hands), Play("bor", "WC", color="blue"))
    assert custom.state.color == "B"
    assert custom.drawn == (("cene", 3),) and custom.skipped == ("cene",)
    assert custom.state.turn == 3 and len(custom.state.hands[2]) == 6


@pytest.mark.parametrize("count", [1, 11])
def test_SETUP_PLAYERS_fewer_than_two_or_more_than_ten_is_refused(count: int) -> None:
    """SETUP-PLAYERS: 1 or 11 players: an EventError citing the rule."""
    with pytest.raises(EventError, match="SETUP-PLAYERS"):
        new_game(OFFICIAL, [f"p{i}" for i in range(count)])


@pytest.mark.parametrize("count", [2, 10])
def test_SETUP_PLAYERS_two_to_ten_players_are_dealt(count: int) -> None:
    """SETUP-PLAYERS: 2 and 10 players each get 7 cards; the rest is the draw pile."""
    names = [f"p{i}" for i in range(count)]
    s = run(new_game(OFFICIAL, names, dealer="p0"), Deal(canonical_deck(OFFICIAL))).state
    assert [len(h) for h in s.hands] == [7] * count
    assert len(s.draw_pile) == 108 - 7 * count - 1


# -- dealer, deal, first player --------------------------------------------------------------


def test_DEAL_CUT_OFF_highest_number_card_deals() -> None:
    """DEAL-CUT-OFF: each player takes a card; the highest deals."""
    s = new_game(OFFICIAL, PLAYERS)
    assert s.phase == "cut" and s.dealer is None and legal_events(s) == ()
    v = run(s, Cut(["R3", "G9", "B5", "Y1"]))
    assert v.state.dealer == 1 and v.state.phase == "deal"
    assert v.clause == "DEAL-CUT-OFF" and "bor" in v.message


def test_DEAL_CUT_OFF_non_number_cards_go_back_and_are_cut_again() -> None:
    """DEAL-CUT-OFF: only number cards count (002); the others go back and cut again."""
    v = run(new_game(OFFICIAL, PLAYERS), Cut(["RS", "G4", "B5", "W"]))
    s = v.state
    assert s.phase == "cut" and s.dealer is None and s.cutters == (0, 3)
    assert apply(s, Cut(["R7", "Y2", "G1"])).rejected  # two cards are due, not three
    v2 = run(s, Cut(["R7", "Y2"]))
    assert v2.state.dealer == 0 and v2.state.phase == "deal"


def test_DEAL_CUT_OFF_the_004_reading_counts_action_cards_as_zero(
    derive: Callable[..., Variant],
) -> None:
    """DEAL-CUT-OFF: with cut_non_number = "zero" (004) the cut is decided at once."""
    v = run(
        new_game(derive('[deal]\ncut_non_number = "zero"'), PLAYERS), Cut(["RS", "G4", "B5", "W"])
    )
    assert v.state.dealer == 2 and v.state.phase == "deal"


def test_DEAL_CUT_TIE_only_the_tied_players_cut_again() -> None:
    """DEAL-CUT-TIE: a tie for the highest card: the tied players cut again, the others wait."""
    v = run(new_game(OFFICIAL, PLAYERS), Cut(["R9", "G9", "B5", "Y1"]))
    assert v.state.phase == "cut" and v.state.cutters == (0, 1)
    assert "DEAL-CUT-TIE" in clauses(v)
    again = run(v.state, Cut(["R2", "G7"]))
    assert again.state.dealer == 1 and again.state.phase == "deal"


def test_DEAL_SEVEN_seven_cards_each_dealt_one_at_a_time_then_one_turned_up() -> None:
    """DEAL-SEVEN: 7 cards each from the dealer's left, the next card turned up, the rest drawn."""
    deck = canonical_deck(OFFICIAL)
    s = run(new_game(OFFICIAL, PLAYERS, dealer="ana"), Deal(deck)).state
    for k in range(1, 5):
        seat = k % 4
        assert s.hands[seat] == tuple(deck[k - 1 + 4 * i] for i in range(7))
    assert s.discard == (deck[28],)
    assert s.draw_pile == deck[29:]
    assert everything(s) == Counter(deck)


@pytest.mark.parametrize(("dealer", "first"), [("ana", 1), ("cene", 3), ("dan", 0)])
def test_DEAL_FIRST_the_player_left_of_the_dealer_goes_first_clockwise(
    dealer: str, first: int
) -> None:
    """DEAL-FIRST: the player left of the dealer goes first; play runs clockwise."""
    s = table(OFFICIAL, dealer=dealer)
    assert s.turn == first and s.direction == 1 and s.phase == "play"
    assert {e.player for e in legal_events(s)} == {PLAYERS[first]}
    nxt = run(s, Draw(PLAYERS[first])).state
    if nxt.phase == "drawn":
        nxt = run(nxt, Pass(PLAYERS[first])).state
    assert nxt.turn == (first + 1) % 4


# -- the first card turned up ----------------------------------------------------------------


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
    assert everything(s) == Counter(deck)


# -- a turn ----------------------------------------------------------------------------------


def test_TURN_MATCH_a_card_matches_the_colour_the_number_or_the_symbol() -> None:
    """TURN-MATCH: play one card of the top card's colour, number or symbol; nothing else."""
    s = table(V3, [[], ["R1", "G5", "B7"], ["G1", "G2", "B3"], ["YS", "G3", "Y4"]])
    assert plays(s, "bor") == {"R1", "G5"}
    assert not apply(s, Play("bor", "B7")).accepted
    s = run(s, Play("bor", "G5")).state  # number match changes the colour to green
    assert s.color == "G" and plays(s, "cene") == {"G1", "G2"}
    wrong = apply(s, Play("cene", "B3"))
    assert not wrong.accepted and wrong.clause == "PEN-WRONG-OFF"


def test_TURN_MATCH_symbols_match_across_colours() -> None:
    """TURN-MATCH: a symbol matches the same symbol of another colour."""
    s = table(V3, [[], ["RS", "R1", "R2"], ["G1", "G2", "B3"], ["YS", "G3", "Y4"]])
    s = run(s, Play("bor", "RS")).state
    assert s.turn == 3 and plays(s, "dan") == {"YS"}
    assert run(s, Play("dan", "YS")).state.color == "Y"


def test_TURN_WILD_a_wild_may_be_played_while_holding_a_match_naming_the_same_colour() -> None:
    """TURN-WILD: a Wild may be played on any turn, and may name the current colour."""
    s = table(V3, [[], ["R1", "W", "R2"]])
    assert "W" in plays(s, "bor")
    v = run(s, Play("bor", "W", color="red"))
    assert v.state.color == "R" and v.state.turn == 2 and str(v.state.top) == "W"


def wd4_table(bor: list[str]) -> GameState:
    """bor (first to play) holds ``bor``; cene, who would draw the four, holds yellows."""
    return table(V3, [[], bor, ["Y7", "Y8", "Y9"]])


def test_TURN_WD4_LEGAL_holding_no_card_of_the_colour_the_play_is_legal() -> None:
    """TURN-WD4-LEGAL: matching numbers, symbols or wilds do not count: only the colour does."""
    s = wd4_table(["G5", "W", "W+4"])  # G5 matches the number, W is a wild; no red card
    v = run(s, Play("bor", "W+4", color="green"))
    assert v.state.challenge is not None and not v.state.challenge.guilty
    fails = run(v.state, Challenge("cene"))
    assert fails.clause.startswith("CHAL") and fails.drawn == (("cene", 6),)


def test_TURN_WD4_LEGAL_holding_the_colour_the_play_is_a_bluff_found_by_a_challenge() -> None:
    """TURN-WD4-LEGAL: holding a red card the W+4 is illegal; officially a challenge finds it."""
    s = wd4_table(["R1", "W", "W+4"])
    assert "W+4" in plays(s, "bor")  # a bluff is a move: only the challenge can punish it
    v = run(s, Play("bor", "W+4", color="green"))
    assert v.state.challenge is not None and v.state.challenge.guilty
    assert run(v.state, Challenge("cene")).drawn == (("bor", 4),)


def test_TURN_WD4_LEGAL_without_a_challenge_the_restriction_is_enforced_at_once(
    derive: Callable[..., Variant],
) -> None:
    """TURN-WD4-LEGAL: a variant with no challenge refuses the illegal W+4 as a wrong card."""
    v = derive(f'{SMALL}\n[ranks."W+4"]\nchallengeable = false')
    s = table(v, [[], ["R1", "W", "W+4"]])
    assert "W+4" not in plays(s, "bor")
    wrong = apply(s, Play("bor", "W+4", color="green"))
    assert wrong.penalised and wrong.clause == "PEN-WRONG-OFF"
    assert "only holding no red card" in wrong.message
    ok = table(v, [[], ["G1", "W", "W+4"]])
    assert "W+4" in plays(ok, "bor")


def test_TURN_DRAW_a_drawn_card_that_cannot_be_played_ends_the_turn() -> None:
    """TURN-DRAW: draw one card; if it cannot be played the turn passes at once."""
    s = table(V3, [[], ["G1", "G2", "B3"]], draw=["Y9"])
    v = run(s, Draw("bor"))
    assert v.drawn == (("bor", 1),) and hand(v.state, "bor") == ["G1", "G2", "B3", "Y9"]
    assert v.state.turn == 2 and v.state.phase == "play"


def test_TURN_DRAW_a_playable_drawn_card_may_be_played_at_once() -> None:
    """TURN-DRAW: a playable drawn card: play it (that card only) or pass explicitly."""
    s = table(V3, [[], ["R1", "G2", "B3"]], draw=["R9"])
    v = run(s, Draw("bor"))
    drawn = v.state
    assert drawn.phase == "drawn" and drawn.turn == 1 and str(drawn.drawn) == "R9"
    assert set(legal_events(drawn)) == {Play("bor", "R9"), Pass("bor")}
    played = run(drawn, Play("bor", "R9"))
    assert str(played.state.top) == "R9" and played.state.turn == 2
    assert hand(played.state, "bor") == ["R1", "G2", "B3"]


def test_TURN_DRAW_pass_keeps_the_drawn_card_and_ends_the_turn() -> None:
    """TURN-DRAW: Pass after drawing a playable card keeps it and passes the turn."""
    s = table(V3, [[], ["R1", "G2", "B3"]], draw=["R9"])
    drawn = run(s, Draw("bor")).state
    v = run(drawn, Pass("bor"))
    assert v.state.turn == 2 and hand(v.state, "bor") == ["R1", "G2", "B3", "R9"]
    assert v.clause == "TURN-DRAW"


def test_TURN_DRAW_after_drawing_no_other_card_and_no_second_draw() -> None:
    """TURN-DRAW: after the draw only the drawn card may be played; a second draw is refused."""
    s = table(V3, [[], ["R1", "G2", "B3"]], draw=["R9"])
    drawn = run(s, Draw("bor")).state
    other = apply(drawn, Play("bor", "R1"))
    assert not other.accepted and other.state.hands[1].count(parse_card("R1")) == 1
    again = apply(drawn, Draw("bor"))
    assert again.rejected and again.state is drawn
    assert apply(s, Pass("bor")).rejected  # no pass without a draw


def test_TURN_DRAW_drawing_while_holding_a_match_is_no_offence() -> None:
    """TURN-DRAW: choosing to draw while holding a playable card is accepted, no penalty."""
    s = table(V3, [[], ["R1", "R2", "R3"]], draw=["G9"])
    v = run(s, Draw("bor"))
    assert v.outcome == "accepted" and v.drawn == (("bor", 1),)


def test_TURN_NEXT_the_turn_passes_in_the_current_direction() -> None:
    """TURN-NEXT: after a play, or a draw not followed by a play, the next player goes."""
    s = table(
        V3,
        [["R7", "Y1", "Y2"], ["R1", "RR", "G1"], ["R2", "G2", "B2"], ["R3", "G3", "B3"]],
        draw=["B9"],
    )
    s = run(s, Play("bor", "R1")).state
    assert s.turn == 2
    s = run(s, Draw("cene")).state  # B9 cannot be played
    assert s.turn == 3
    s = run(s, Play("dan", "R3"), Play("ana", "R7"), Play("bor", "RR")).state
    assert s.direction == -1 and s.turn == 0  # counter-clockwise now: back to ana


def _empty_draw_pile(s: GameState, *, into_discard: bool) -> GameState:
    """The same cards, with the draw pile moved under the top card or into ana's hand."""
    if into_discard:
        return attrs.evolve(s, draw_pile=(), discard=(*s.draw_pile, *s.discard))
    hands = (s.hands[0] + s.draw_pile, *s.hands[1:])
    return attrs.evolve(s, draw_pile=(), hands=hands)


def test_TURN_RESHUFFLE_the_discard_pile_but_its_top_card_becomes_the_draw_pile() -> None:
    """TURN-RESHUFFLE: an empty draw pile is refilled from the discard pile, keeping the top."""
    s = _empty_draw_pile(table(V3, [[], ["G1", "G2", "B3"]]), into_discard=True)
    old = everything(s)
    under = Counter(s.discard[:-1])
    v = run(s, Draw("bor"))
    t = v.state
    assert "TURN-RESHUFFLE" in clauses(v)
    assert t.discard == (s.discard[-1],)
    assert Counter(t.draw_pile) + Counter([t.hands[1][-1]]) == under
    assert everything(t) == old
    # the shuffle is recorded chance: the same state reshuffles the same way
    assert apply(s, Draw("bor")).state == t


def test_TURN_RESHUFFLE_nothing_left_to_reshuffle_a_draw_takes_nothing() -> None:
    """TURN-RESHUFFLE: nothing to reshuffle: the player who must draw simply does not."""
    s = _empty_draw_pile(table(V3, [[], ["G1", "G2", "B3"]]), into_discard=False)
    v = run(s, Draw("bor"))
    assert v.drawn == () and hand(v.state, "bor") == ["G1", "G2", "B3"]
    assert v.state.turn == 2 and "TURN-RESHUFFLE" in clauses(v)
    assert everything(v.state) == everything(s)


def test_TURN_RESHUFFLE_a_draw_two_takes_what_there_is() -> None:
    """TURN-RESHUFFLE: a +2 with one card left to reshuffle gives its victim that one card."""
    s = _empty_draw_pile(table(V3, [[], ["R+2", "G2", "B3"]]), into_discard=False)
    v = run(s, Play("bor", "R+2"))
    assert v.drawn == (("cene", 1),) and hand(v.state, "cene")[-1] == "R5"
    assert v.state.discard == (parse_card("R+2"),) and v.state.turn == 3
    assert everything(v.state) == everything(s)


# -- action cards ----------------------------------------------------------------------------


def test_ACT_SKIP_the_next_player_loses_the_turn() -> None:
    """ACT-SKIP: after a Skip the next player is skipped."""
    v = run(table(V3, [[], ["RS", "G2", "B3"]]), Play("bor", "RS"))
    assert v.skipped == ("cene",) and v.state.turn == 3 and v.drawn == ()


def test_ACT_REV_the_direction_reverses() -> None:
    """ACT-REV: after a Reverse play runs the other way."""
    s = table(V3, [["R7", "Y1", "Y2"], ["RR", "G2", "B3"]])
    v = run(s, Play("bor", "RR"))
    assert v.state.direction == -1 and v.state.turn == 0 and v.skipped == ()
    assert run(v.state, Play("ana", "R7")).state.turn == 3


def test_ACT_REV_2P_with_two_players_reverse_acts_as_skip() -> None:
    """ACT-REV-2P: with two players a Reverse skips the other: its player goes again."""
    s = table(V3, [[], ["RR", "G2", "B3"]], players=PLAYERS[:2])
    v = run(s, Play("bor", "RR"))
    assert v.state.turn == 1 and v.skipped == ("ana",)
    assert "ACT-REV-2P" in clauses(v)


def test_ACT_D2_the_next_player_draws_two_and_loses_the_turn() -> None:
    """ACT-D2: the next player draws 2 at once (no stacking officially) and is skipped."""
    s = table(V3, [[], ["R+2", "G2", "B3"], ["R+2", "G4", "B4"]], draw=["Y1", "Y2"])
    v = run(s, Play("bor", "R+2"))
    assert v.drawn == (("cene", 2),) and v.skipped == ("cene",)
    assert hand(v.state, "cene") == ["R+2", "G4", "B4", "Y1", "Y2"]
    assert v.state.turn == 3 and v.state.phase == "play" and v.state.pending is None


def test_ACT_WILD_the_player_names_the_next_colour() -> None:
    """ACT-WILD: a Wild names the colour the next player must follow."""
    s = table(V3, [[], ["W", "G2", "B3"], ["R1", "B1", "W"]])
    v = run(s, Play("bor", "W", color="blue"))
    assert v.state.color == "B" and v.state.turn == 2
    assert plays(v.state, "cene") == {"B1", "W"}


def test_ACT_WD4_the_player_names_a_colour_and_the_next_draws_four_and_loses_the_turn() -> None:
    """ACT-WD4: colour named; the next player draws 4 (their Draw) and is skipped."""
    s = wd4_table(["G1", "G2", "W+4"])
    v = run(s, Play("bor", "W+4", color="yellow"))
    owe = v.state
    assert owe.color == "Y" and owe.phase == "owe" and owe.turn == 2
    assert set(legal_events(owe)) == {Draw("cene"), Challenge("cene")}
    d = run(owe, Draw("cene"))
    assert d.drawn == (("cene", 4),) and d.skipped == ("cene",)
    assert d.state.turn == 3 and len(d.state.hands[2]) == 7 and d.state.color == "Y"
