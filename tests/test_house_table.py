"""House rules of the table (issue 14): the project's clauses HR-* and the ``party`` preset.

Every test's name starts with the clause id it proves (specs/clauses.toml, the block of the
project's own clauses); the scenarios of specs/house_table.toml replay the same rules as data.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ena_rules import (
    CallUno,
    Deal,
    Draw,
    EventError,
    GameState,
    Play,
    VariantError,
    Verdict,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.agents.simulation import simulate
from ena_rules.cards import Card
from ena_rules.cards.shuffle import derive_seed, shuffled
from ena_rules.game.position import format_position, parse_position
from ena_rules.log.game import start
from ena_rules.log.lines import Header
from ena_rules.rules.chance import deal_event
from ena_rules.rules.deal import seat_order
from ena_rules.rules.scoring import game_winner
from ena_rules.rules.view import view
from ena_rules.testing import arrange_deck, start_round, transcript
from ena_rules.testing.explore import explore, tiny_variant_text
from ena_rules.testing.invariants import check_state, check_views
from ena_rules.variant import Variant, key_info
from ena_rules.variant.clauses import clauses


def house(base: str, fragment: str, name: str = "house") -> Variant:
    """``base`` with a TOML fragment of house-rule keys on top."""
    return load_variant_text(f'name = "{name}"\nextends = "{base}"\n{fragment}', source=name)


# -- HR-DOUBLE-SCORE ------------------------------------------------------------------------


@pytest.mark.parametrize("factor", [1, 2, 3])
def test_HR_DOUBLE_SCORE_winner_collects_times_the_factor(factor: int) -> None:
    """HR-DOUBLE-SCORE: the winner collecting the others' hands scores them times the factor."""
    v = house("official", f"[deal]\nhand_size = 1\n[scoring]\nwinner_factor = {factor}")
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="cene", hands=[["G5"], ["B9"], ["YS"]], turned="G3"
    )
    verdict = apply(s, Play("ana", "G5"))
    assert verdict.accepted
    assert verdict.state.scores == (29 * factor, 0, 0)
    cited = "HR-DOUBLE-SCORE" in {n.clause for n in verdict.notes}
    assert cited == (factor != 1)


def test_HR_DOUBLE_SCORE_own_hand_multiplies_the_others() -> None:
    """HR-DOUBLE-SCORE: under own_hand scoring (the winner scores 0) the others' points double."""
    v = house("ena", "[deal]\nhand_size = 1\n[scoring]\nwinner_factor = 2")
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="cene", hands=[["G5"], ["B9"], ["YS"]], turned="G3"
    )
    assert apply(s, Play("ana", "G5")).state.scores == (0, 18, 40)


def test_HR_DOUBLE_SCORE_own_hand_the_others_points_in_words() -> None:
    """HR-DOUBLE-SCORE: the verdict lists the others' multiplied points, not the winner's."""
    v = house("ena", "[deal]\nhand_size = 1\n[scoring]\nwinner_factor = 3")
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="cene", hands=[["G5"], ["B9"], ["YS"]], turned="G3"
    )
    assert transcript(apply(s, Play("ana", "G5")))[3] == (
        "HR-DOUBLE-SCORE scoring.winner_factor: The others' points are multiplied by 3: "
        "bor 27, cene 60."
    )


def test_HR_DOUBLE_SCORE_rounds_won_counts_double() -> None:
    """HR-DOUBLE-SCORE: with a point per round won, the round's winner gets the factor."""
    v = house(
        "official",
        '[deal]\nhand_size = 1\n[scoring]\nmode = "rounds_won"\nwinner_factor = 2\ntarget = 5',
    )
    s = start_round(v, ["ana", "bor"], dealer="bor", hands=[["G5"], ["B9"]], turned="G3")
    assert apply(s, Play("ana", "G5")).state.scores == (2, 0)


def test_HR_DOUBLE_SCORE_off_in_every_shipped_base() -> None:
    """HR-DOUBLE-SCORE: the key is 1 (off) in official and ena, so they score as before."""
    assert load_variant("official").scoring.winner_factor == 1
    assert load_variant("ena").scoring.winner_factor == 1


# -- the party preset ------------------------------------------------------------------------


def test_party_preset_is_official_with_the_party_rules() -> None:
    """The party preset: stack +2 and +4, zero-rotate, seven-swap, jump-in, draw until playable."""
    v = load_variant("party")
    official = load_variant("official")
    assert dict(v.stacking.answer) == {"+2": ("+2",), "W+4": ("W+4",)}
    assert [e.op for e in v.rank("7").effects] == ["swap_hands"]
    assert [e.op for e in v.rank("0").effects] == ["rotate_hands"]
    assert v.overtake.enabled and v.turn.draw == "until_playable"
    assert v.deck == official.deck and v.scoring == official.scoring
    assert v.challenge == official.challenge and v.penalties == official.penalties


def test_party_preset_stacks_and_draws_until_playable() -> None:
    """The party preset plays: a +2 is answered with a +2, the third player draws all four."""
    s = start_round(
        load_variant("party"),
        ["ana", "bor", "cene"],
        dealer="cene",
        hands=[["G+2"], ["B+2"]],
        turned="G5",
    )
    s = apply(s, Play("ana", "G+2")).state
    s = apply(s, Play("bor", "B+2")).state
    verdict = apply(s, Draw("cene"))
    assert verdict.accepted and dict(verdict.drawn) == {"cene": 4}


def test_party_preset_simulates_100_games() -> None:
    """The party preset: 100 simulated games of 4 random legal players all finish."""
    stats = simulate(load_variant("party"), players=4, games=100, seed=14)
    assert stats.finished == 100


def test_party_preset_exhaustive_on_a_small_deck() -> None:
    """The party preset on a reduced deck (0, 7, +2 and the wilds): every reachable state of a
    round keeps every invariant and every candidate event is judged right."""
    text = tiny_variant_text("party", numbers=["0", "7"], actions=["+2"], hand_size=1)
    result = explore(
        load_variant_text(text, source="tiny party"),
        ["ana", "bor", "cene"],
        seeds=range(6),  # forced play (party, uno-online's drawUntilPlayable) leaves fewer moves
        max_shuffles=0,
    )
    assert result.states > 10 and result.round_ends > 0


# -- HR-SILENT-UNO, HR-UNO-COUNT -------------------------------------------------------------


def _one_card_left(v: Variant) -> GameState:
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="cene", hands=[["G5", "G6"], ["B9", "B8"]], turned="G3"
    )
    return apply(s, Play("ana", "G5")).state


@pytest.mark.parametrize("base", ["official", "ena"])
def test_HR_SILENT_UNO_nobody_is_catchable_and_calls_are_refused(base: str) -> None:
    """HR-SILENT-UNO: down to one card nobody is catchable; a call and a catch are rejected."""
    v = house(base, '[deal]\nhand_size = 2\n[uno]\ncalls = "none"')
    s = _one_card_left(v)
    assert s.uno_exposed == ()
    assert not any(isinstance(e, CallUno) for e in legal_events(s))
    for event in (CallUno("bor", "ana"), CallUno("ana"), CallUno("cene", "bor")):
        verdict = apply(s, event)
        assert verdict.rejected and verdict.clause == "HR-SILENT-UNO", str(verdict)
        assert verdict.key == "uno.calls"


def test_HR_SILENT_UNO_after_a_seven_zero_hand_change() -> None:
    """HR-SILENT-UNO: a hand left at one card by a swap is not catchable even with must_call."""
    v = house(
        "seven-zero",
        '[deal]\nhand_size = 2\n[uno]\ncalls = "none"\nafter_hand_change = "must_call"',
    )
    s = start_round(
        v, ["ana", "bor"], dealer="bor", hands=[["G6", "Y2"], ["G7", "B9"]], turned="G3"
    )
    s = apply(s, Play("ana", "G6")).state
    verdict = apply(s, Play("bor", "G7", target="ana"))
    assert verdict.accepted and [len(h) for h in verdict.state.hands] == [1, 1]
    assert verdict.state.uno_exposed == ()


def test_HR_SILENT_UNO_off_by_default() -> None:
    """HR-SILENT-UNO: calls are required in every shipped variant (the key's default)."""
    assert {load_variant(n).uno.calls for n in ("official", "ena", "party")} == {"required"}
    assert _one_card_left(house("official", "[deal]\nhand_size = 2")).uno_exposed == (0,)


@pytest.mark.parametrize("count", [2, 4, 6])
def test_HR_UNO_COUNT_a_caught_player_draws_the_count(count: int) -> None:
    """HR-UNO-COUNT: a player caught not calling UNO draws ``uno.catch_penalty`` (2, 4, 6)."""
    v = house("official", f"[deal]\nhand_size = 2\n[uno]\ncatch_penalty = {count}")
    s = _one_card_left(v)
    verdict = apply(s, CallUno("bor", "ana"))
    assert verdict.accepted and dict(verdict.drawn) == {"ana": count}
    assert len(verdict.state.hands[0]) == 1 + count


# -- HR-WILD-FIRST ---------------------------------------------------------------------------


@pytest.mark.parametrize("base", ["official", "ena"])
def test_HR_WILD_FIRST_a_wild_turned_up_stays_with_no_colour(base: str) -> None:
    """HR-WILD-FIRST: with ``first_card.wild_color = "nobody"`` a Wild turned up stays, nobody
    names a colour, and the first player may play any card of their hand on it."""
    v = house(base, '[first_card]\nwild_color = "nobody"')
    s = start_round(v, ["ana", "bor", "cene"], dealer="cene", hands=[["B7", "R3"]], turned="W")
    assert (s.phase, s.due, s.top, s.color) == ("play", "ana", Card(None, "W"), None)
    plays = {e.card for e in legal_events(s) if isinstance(e, Play)}
    assert plays == set(s.hands[0])
    assert apply(s, Play("ana", "R3")).state.color == "R"


def test_HR_WILD_FIRST_the_deal_says_nobody_names_a_colour() -> None:
    """HR-WILD-FIRST: the deal's verdict says why no colour is asked for, citing the clause."""
    v = house("official", '[first_card]\nwild_color = "nobody"')
    deck = arrange_deck(v, 3, 2, [["B7", "R3"]], "W")
    verdict = apply(new_game(v, ["ana", "bor", "cene"], dealer="cene"), Deal(deck))
    assert transcript(verdict)[2] == (
        "HR-WILD-FIRST first_card.wild_color: Nobody names a colour for the W turned up: any "
        "card may be played on it."
    )


def test_HR_WILD_FIRST_a_wild_draw_four_kept_as_a_plain_card() -> None:
    """HR-WILD-FIRST: a Wild Draw Four kept (no return), inert and with no colour: no draw, no
    colour, the first player plays any card: the whole "normal first card" reading."""
    v = house(
        "official",
        '[first_card]\nwild_color = "nobody"\nreturn_ranks = []\n'
        '[ranks."W+4"]\nturned_up = "inert"',
    )
    s = start_round(v, ["ana", "bor"], dealer="bor", hands=[["B7"]], turned="W+4")
    assert (s.phase, s.due, s.top, s.color, s.pending) == (
        "play",
        "ana",
        Card(None, "W+4"),
        None,
        None,
    )
    assert [len(h) for h in s.hands] == [7, 7]


def test_HR_WILD_FIRST_off_by_default() -> None:
    """HR-WILD-FIRST: shipped variants still have the colour named (FLIP-WILD)."""
    s = start_round(load_variant("official"), ["ana", "bor"], dealer="bor", turned="W")
    assert s.phase == "color"


# -- HR-ELIMINATION --------------------------------------------------------------------------

ELIM = '[deal]\nhand_size = 2\n[scoring]\nelimination = "most_cards"\n'


def _round_won_by_ana(v: Variant, hands: list[list[str]], draw: list[str]) -> Verdict:
    """ana goes out on her second card (her first is ``hands[0][0]``); each other player due
    in between draws once (a +2 makes bor draw two and lose the turn instead)."""
    s = start_round(v, ["ana", "bor", "cene"], dealer="cene", hands=hands, turned="G3", draw=draw)
    s = apply(s, Play("ana", hands[0][0])).state
    s = apply(s, CallUno("ana")).state
    while s.due != "ana":
        s = apply(s, Draw(s.due or "")).state
    return apply(s, Play("ana", hands[0][1]))


@pytest.mark.parametrize("base", ["official", "ena"])
def test_HR_ELIMINATION_the_player_with_most_cards_leaves(base: str) -> None:
    """HR-ELIMINATION: the round's player with most cards leaves; the others play on."""
    v = house(base, ELIM)
    hands = [["G+2", "G6"], ["B1", "B2"], ["Y9", "Y8"]]  # bor draws 2 for the +2, cene 1
    verdict = _round_won_by_ana(v, hands, ["R7", "R8", "R9"])
    s = verdict.state
    assert verdict.accepted and s.phase == "deal"
    assert s.players == ("ana", "cene") and len(s.scores) == 2 and len(s.hands) == 2
    assert "HR-ELIMINATION" in {n.clause for n in verdict.notes}
    s = apply(s, deal_event(s, seed=4)).state  # the next round deals to the two left
    assert s.phase in ("play", "color", "owe") and [len(h) for h in s.hands] == [2, 2]
    gone = apply(s, Draw("bor"))
    assert gone.rejected and (gone.clause, gone.key) == ("HR-ELIMINATION", "scoring.elimination")
    assert s.out == ("bor",) and "eliminated" in gone.message


def test_HR_ELIMINATION_a_tie_goes_to_the_hand_worth_most() -> None:
    """HR-ELIMINATION (D-ELIMINATION-TIE): tied on cards, the hand worth most points leaves."""
    hands = [["G5", "G6"], ["B9", "B8"], ["Y1", "Y2"]]
    s = _round_won_by_ana(house("official", ELIM), hands, ["R7", "R8"]).state
    assert s.players == ("ana", "cene")  # bor 9 + 8 + 7 against cene 1 + 2 + 8


def test_HR_ELIMINATION_tied_on_cards_and_on_points_nobody_leaves() -> None:
    """HR-ELIMINATION (D-ELIMINATION-TIE): bor and cene hold 3 cards worth 24 each: nobody
    leaves, and the verdict says so."""
    hands = [["G5", "G6"], ["B9", "B8"], ["Y9", "Y8"]]
    verdict = _round_won_by_ana(house("official", ELIM), hands, ["R7", "Y7"])
    assert verdict.state.players == ("ana", "bor", "cene")
    assert (
        "HR-ELIMINATION scoring.elimination_tie: Several hold the most cards: nobody leaves."
    ) in transcript(verdict)


@pytest.mark.parametrize(("tie", "left"), [("all", ("ana",)), ("nobody", ("ana", "bor", "cene"))])
def test_HR_ELIMINATION_tie_readings(tie: str, left: tuple[str, ...]) -> None:
    """HR-ELIMINATION: ``all`` tied players leave, or ``nobody``; the last one left wins."""
    v = house("official", ELIM + f'elimination_tie = "{tie}"')
    hands = [["G5", "G6"], ["B9", "B8"], ["Y1", "Y2"]]
    s = _round_won_by_ana(v, hands, ["R7", "R8"]).state
    assert s.players == left
    assert s.is_over == (len(left) == 1)
    if s.is_over:
        assert s.winner == 0 and s.players[s.winner] == "ana"


def test_HR_ELIMINATION_the_last_player_left_wins() -> None:
    """HR-ELIMINATION: with two players, the loser of the round leaves and the winner wins."""
    v = house("official", ELIM)
    s = start_round(
        v,
        ["ana", "bor"],
        dealer="bor",
        hands=[["G5", "G6"], ["B9", "B8"]],
        turned="G3",
        draw=["R7"],
    )
    for e in (Play("ana", "G5"), CallUno("ana"), Draw("bor")):
        s = apply(s, e).state
    s = apply(s, Play("ana", "G6")).state
    assert s.is_over and s.players == ("ana",) and s.winner == 0


def test_HR_ELIMINATION_the_last_player_left_in_words() -> None:
    """HR-ELIMINATION: the verdict says who left and that the last player wins the game; the
    one seat left is the dealer."""
    v = house("official", ELIM)
    hands = [["G5", "G6"], ["B9", "B8"]]
    s = start_round(v, ["ana", "bor"], dealer="bor", hands=hands, turned="G3", draw=["R7"])
    for e in (Play("ana", "G5"), CallUno("ana"), Draw("bor")):
        s = apply(s, e).state
    verdict = apply(s, Play("ana", "G6"))
    assert transcript(verdict)[-2:] == [
        "HR-ELIMINATION scoring.elimination: bor holds the most cards (3) and leaves the game "
        "with 0 points.",
        "HR-ELIMINATION scoring.elimination: ana is the last player left and wins the game.",
    ]
    assert verdict.state.dealer == 0 and verdict.state.winner == 0


def test_HR_ELIMINATION_the_leaving_dealer_passes_the_deal_on() -> None:
    """HR-ELIMINATION: the deal passes left among the players still in the game."""
    v = house("official", ELIM)
    hands = [["G5", "G6"], ["R7", "Y1"], ["B9", "B8"]]  # cene, the dealer, plays none
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="cene", hands=hands, turned="G3", draw=["R1", "R2"]
    )
    for e in (Play("ana", "G5"), CallUno("ana"), Draw("bor"), Play("bor", "R1")):
        s = apply(s, e).state
    for e in (Draw("cene"), Play("ana", "G6")):
        s = apply(s, e).state
    assert not s.is_over and s.phase == "deal", s
    assert s.players == ("ana", "bor") and s.players[s.dealer] == "ana"


def test_HR_ELIMINATION_simulates() -> None:
    """HR-ELIMINATION: simulated games of 4 under elimination all finish with one winner."""
    stats = simulate(
        house("official", '[scoring]\nelimination = "most_cards"\ntarget = 100000'),
        players=4,
        games=20,
        seed=3,
    )
    assert stats.finished == 20 and sum(stats.wins) == 20
    assert all(r >= 3 for r in stats.rounds)  # three players leave, one a round at most


# -- HR-TEAMS --------------------------------------------------------------------------------

TEAMS = '[players]\nmin = 4\nteams = "opposite"\n[deal]\nhand_size = 1\n'
FOUR = ["ana", "bor", "cene", "dan"]


def test_HR_TEAMS_the_winners_team_collects_the_opponents_hands() -> None:
    """HR-TEAMS: partners sit opposite; ana goes out, ana & cene score bor's and dan's hands."""
    s = start_round(
        house("official", TEAMS),
        FOUR,
        dealer="dan",
        hands=[["G5"], ["B9"], ["YS"], ["R2"]],
        turned="G3",
    )
    verdict = apply(s, Play("ana", "G5"))
    assert verdict.state.scores == (11, 0, 11, 0)
    assert "HR-TEAMS" in {n.clause for n in verdict.notes}


def test_HR_TEAMS_own_hand_scoring_and_the_team_wins_the_game() -> None:
    """HR-TEAMS: Ena's scoring by team (each other team scores its two hands); the lowest team
    total wins the game once a team passes the target."""
    v = house("ena", TEAMS + "[scoring]\ntarget = 20")
    s = start_round(v, FOUR, dealer="dan", hands=[["G5"], ["B9"], ["YS"], ["R2"]], turned="G3")
    s = apply(s, Play("ana", "G5")).state
    assert s.scores == (0, 11, 0, 11) and not s.is_over
    assert game_winner(v, (25, 15, 25, 15)) == 1  # bor & dan: the lowest team total
    assert game_winner(v, (25, 25, 25, 25)) is None  # the teams are tied: play goes on
    assert game_winner(v, (15, 19, 15, 19)) is None  # nobody at the target yet


def test_HR_TEAMS_doubled_score_doubles_both_partners() -> None:
    """HR-TEAMS with HR-DOUBLE-SCORE: both partners of the winning team score double."""
    v = house("official", TEAMS + "[scoring]\nwinner_factor = 2")
    s = start_round(v, FOUR, dealer="dan", hands=[["G5"], ["B9"], ["YS"], ["R2"]], turned="G3")
    assert apply(s, Play("ana", "G5")).state.scores == (22, 0, 22, 0)


def test_HR_TEAMS_the_teams_points_in_words() -> None:
    """HR-TEAMS: the verdict names the winning team and every seat's points, then (with
    HR-DOUBLE-SCORE) the winner's multiplied points."""
    v = house("official", TEAMS + "[scoring]\nwinner_factor = 2")
    s = start_round(v, FOUR, dealer="dan", hands=[["G5"], ["B9"], ["YS"], ["R2"]], turned="G3")
    assert transcript(apply(s, Play("ana", "G5")))[2:4] == [
        "HR-TEAMS players.teams: The team ana & cene wins the round: "
        "ana 11, bor 0, cene 11, dan 0.",
        "HR-DOUBLE-SCORE scoring.winner_factor: ana's points are multiplied by 2: 22.",
    ]


def test_HR_TEAMS_game_won_by_a_team() -> None:
    """HR-TEAMS: the first team to the target wins the game (team totals, not seats)."""
    v = house("official", TEAMS + "[scoring]\ntarget = 10")
    s = start_round(v, FOUR, dealer="dan", hands=[["G5"], ["B9"], ["YS"], ["R2"]], turned="G3")
    verdict = apply(s, Play("ana", "G5"))
    assert verdict.state.is_over and verdict.state.winner == 0
    assert "The team ana & cene wins the game" in verdict.message or any(
        "ana & cene wins the game" in n.text for n in verdict.notes
    )


@pytest.mark.parametrize(
    ("fragment", "keys"),
    [
        ('[players]\nteams = "opposite"\nmin = 4\nmax = 9', ("players.teams", "players.max")),
        ('[players]\nteams = "opposite"', ("players.teams", "players.min")),
        (
            '[players]\nteams = "opposite"\nmin = 4\n[scoring]\nelimination = "most_cards"',
            ("scoring.elimination", "players.teams"),
        ),
    ],
)
def test_HR_TEAMS_impossible_combinations_are_variant_errors(
    fragment: str, keys: tuple[str, str]
) -> None:
    """HR-TEAMS: teams with an odd (or too small) number of players, or with elimination, is a
    VariantError naming both keys."""
    with pytest.raises(VariantError) as err:
        house("official", fragment)
    for key in keys:
        assert key in str(err.value)


def test_HR_TEAMS_an_odd_table_is_refused() -> None:
    """HR-TEAMS: a game of five players under partnerships is refused (EventError)."""
    with pytest.raises(EventError, match=r"players\.teams"):
        new_game(house("official", TEAMS), ["a", "b", "c", "d", "e"])


# -- HR-OPEN-HAND, HR-BLIND-DRAW -------------------------------------------------------------


def test_HR_OPEN_HAND_a_small_hand_is_shown_to_everyone() -> None:
    """HR-OPEN-HAND: a hand of fewer than ``view.open_below`` cards is in every other view."""
    v = house("official", "[deal]\nhand_size = 3\n[view]\nopen_below = 3")
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="cene", hands=[["G5", "G6", "G7"]], turned="G3"
    )
    assert view(s, "bor").open_hands == ()
    s = apply(s, Play("ana", "G5")).state
    for other in ("bor", "cene"):
        assert view(s, other).open_hands == (("ana", s.hands[0]),)
    assert view(s, "ana").open_hands == ()
    check_views(s)


def test_HR_OPEN_HAND_off_by_default() -> None:
    """HR-OPEN-HAND: with the default 0 no hand is ever shown (every shipped variant)."""
    s = start_round(load_variant("ena"), ["ana", "bor"], dealer="bor", hands=[["G5"]])
    assert view(s, "bor").open_hands == ()


def test_HR_BLIND_DRAW_the_drawer_does_not_see_the_card_until_played() -> None:
    """HR-BLIND-DRAW: a drawn card is in the hand (and its size) but not in the drawer's view."""
    v = house("official", "[view]\nblind_draw = true")
    s = start_round(v, ["ana", "bor", "cene"], dealer="cene", turned="G3", draw=["G4"])
    s = apply(s, Draw("ana")).state
    seen = view(s, "ana")
    assert Card("G", "4") in s.hands[0] and seen.unseen == 1 and seen.drawn is None
    assert len(seen.hand) == 7 and dict(seen.hand_sizes)["ana"] == 8
    assert Play("ana", Card("G", "4")) in legal_events(s)  # played face down
    check_views(s)
    s = apply(s, Play("ana", "G4")).state
    assert view(s, "ana").unseen == 0 and s.blind == ((), (), ())


def test_HR_BLIND_DRAW_a_seen_copy_is_played_first_and_a_swap_reveals() -> None:
    """HR-BLIND-DRAW: holding a seen copy of the card, the player puts that one down; a hand
    swapped by a 7 is picked up and seen by its new owner."""
    v = house("seven-zero", "[deal]\nhand_size = 2\n[view]\nblind_draw = true")
    s = start_round(
        v,
        ["ana", "bor"],
        dealer="bor",
        hands=[["Y5", "G7"], ["B9", "B8"]],
        turned="G3",
        draw=["Y5"],
    )
    s = apply(s, Draw("ana")).state  # Y5 drawn: not playable on G3, the turn passes
    assert s.blind[0] == (Card("Y", "5"),) and s.due == "bor"
    s = apply(s, Draw("bor")).state
    s = apply(s, Play("ana", "G7", target="bor")).state
    assert s.blind == ((), ()), "the swapped hands are seen by their new owners"


def test_HR_BLIND_DRAW_a_blind_card_in_an_open_hand_is_seen_by_all() -> None:
    """HR-BLIND-DRAW with HR-OPEN-HAND (D-OPEN-BLIND): a card drawn blind into a hand that lies
    face up is seen by everyone, its owner too; the view's partial state shows it."""
    v = house("official", "[deal]\nhand_size = 2\n[view]\nblind_draw = true\nopen_below = 4")
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="cene", hands=[["R1", "R2"]], turned="G3", draw=["Y9"]
    )
    s = apply(s, Draw("ana")).state  # Y9 drawn blind: 3 cards, below 4, the hand is open
    assert s.blind[0] == (Card("Y", "9"),)
    for player in ("ana", "bor"):
        assert Card("Y", "9") in view(s, player).state.hands[0], player
    assert view(s, "ana").unseen == 0
    check_views(s)


def test_HR_BLIND_DRAW_position_round_trip_and_views() -> None:
    """HR-BLIND-DRAW: the unseen cards are part of the state: the position notation keeps them."""
    v = house("official", "[view]\nblind_draw = true")
    s = start_round(v, ["ana", "bor"], dealer="bor", turned="G3", draw=["R9"])
    s = apply(s, Draw("ana")).state
    text = format_position(s)
    assert "blind=R9/-" in text and parse_position(text, v) == s
    check_state(s)


# -- HR-SHUFFLE-SEATS ------------------------------------------------------------------------

SEATS = "[deal]\nshuffle_seats = true"


def test_HR_SHUFFLE_SEATS_the_seed_seats_the_players() -> None:
    """HR-SHUFFLE-SEATS: a seeded game seats the players in the seed's order, reproducibly;
    without the key they sit as listed."""
    v = house("official", SEATS)
    names = ["ana", "bor", "cene", "dan", "eva"]
    orders = {seat_order(v, names, seed) for seed in range(12)}
    assert len(orders) > 1 and all(sorted(o) == names for o in orders)
    assert seat_order(v, names, 3) == seat_order(v, names, 3)
    for seed in (3, 11):  # docs/shuffle.md: the seating is drawn along the path 0x5EA75
        assert seat_order(v, names, seed) == shuffled(tuple(names), derive_seed(seed, 0x5EA75))
    assert seat_order(load_variant("official"), names, 3) == tuple(names)


def test_HR_SHUFFLE_SEATS_a_seeded_log_replays_the_seating() -> None:
    """HR-SHUFFLE-SEATS: the log's seed records the seating: the recorder and the validator
    seat the players alike, and the simulator plays with the drawn seats."""
    v = house("official", SEATS, name="seats")
    header = Header(1, "seats", ("ana", "bor", "cene", "dan"), seed=11)
    state, _ = start(header, v)
    assert state.players == seat_order(v, header.players, 11) != header.players
    stats = simulate(v, players=4, games=5, seed=2)
    assert stats.finished == 5 and sum(stats.wins) == 5


# -- docs/house-rules.md: every setting of uno-online's HouseRules -----------------------------

#: uno-online's ``HouseRules`` settings, as spelled in packages/shared/src/types/house-rules.ts.
HOUSE_RULES_SETTINGS = (
    "stackDrawTwo", "stackDrawFour", "crossStack", "reverseDeflectDrawTwo",
    "reverseDeflectDrawFour", "skipDeflect", "zeroRotateHands", "sevenSwapHands", "jumpIn",
    "multiplePlaySameNumber", "wildFirstTurn", "drawUntilPlayable", "forcedPlayAfterDraw",
    "handLimit", "forcedPlay", "handRevealThreshold", "unoPenaltyCount", "strictUnoCall",
    "misplayPenalty", "deathDraw", "fastMode", "noHints", "elimination", "blitzTimeLimit",
    "revengeMode", "silentUno", "teamMode", "noFunctionCardFinish", "noWildFinish",
    "doubleScore", "noChallengeWildFour", "blindDraw", "bombCard", "shuffleSeats",
)  # fmt: skip
#: The settings whose rows are in the page's section "Playing cards" (branch houseplay).
PLAYING_CARDS = (
    "reverseDeflectDrawTwo", "reverseDeflectDrawFour", "skipDeflect", "multiplePlaySameNumber",
    "bombCard", "forcedPlay", "forcedPlayAfterDraw", "deathDraw", "handLimit", "noWildFinish",
    "noFunctionCardFinish", "revengeMode",
)  # fmt: skip
PAGE = Path(__file__).resolve().parent.parent / "docs" / "house-rules.md"


def _rows() -> dict[str, list[str]]:
    """Each table row of the page: its first cell's setting name -> its cells."""
    rows: dict[str, list[str]] = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| `([A-Za-z]+)` \|(.*)\|$", line)
        if m:
            assert m.group(1) not in rows, f"{m.group(1)} has two rows"
            rows[m.group(1)] = [c.strip() for c in m.group(2).split("|")]
    return rows


def test_house_rules_page_lists_every_uno_online_setting() -> None:
    """docs/house-rules.md has one row per setting of uno-online's HouseRules (34), each with a
    key or a reason; the "Playing cards" rows come with that section (branch houseplay)."""
    assert len(HOUSE_RULES_SETTINGS) == len(set(HOUSE_RULES_SETTINGS)) == 34
    assert set(PLAYING_CARDS) <= set(HOUSE_RULES_SETTINGS)
    rows = _rows()
    wanted = set(HOUSE_RULES_SETTINGS)
    if "## Playing cards" not in PAGE.read_text(encoding="utf-8"):
        wanted -= set(PLAYING_CARDS)  # that section is written on branch houseplay
    assert set(rows) <= set(HOUSE_RULES_SETTINGS), set(rows) - set(HOUSE_RULES_SETTINGS)
    assert wanted <= set(rows), sorted(wanted - set(rows))
    for name, (keys, _clause, reading) in rows.items():
        assert reading, f"{name}: no reading"
        assert keys.startswith("none") or "`" in keys, f"{name}: neither a key nor a reason"


def test_house_rules_page_names_real_keys_and_clauses() -> None:
    """Every key path in the page's key column is a key of the schema, every clause id one of
    specs/clauses.toml."""
    ids = {c.id for c in clauses()}
    for name, (keys, clause, _) in _rows().items():
        for path in re.findall(r"`([a-z_]+(?:\.[\w\"+]+)+)", keys):
            assert key_info(path.replace('"', "")) is not None, f"{name}: {path} is no key"
        for cid in re.findall(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9+]+)+", clause):
            assert cid in ids, f"{name}: {cid} is no clause"


def test_HR_ELIMINATION_the_next_dealer_leaving_passes_the_deal_on_in_words() -> None:
    """HR-ELIMINATION: cene, due to deal next, leaves; the deal passes on to ana (not back to
    bor), the round's result keeps the players still in, and the transcript says it all."""
    v = house("official", ELIM)
    hands = [["G5", "G6"], ["G7", "Y1"], ["B9", "B8"]]
    s = start_round(
        v, ["ana", "bor", "cene"], dealer="bor", hands=hands, turned="G3", draw=["R1", "R2"]
    )
    for e in (Draw("cene"), Play("ana", "G5"), CallUno("ana"), Play("bor", "G7")):
        s = apply(s, e).state
    for e in (CallUno("bor"), Draw("cene")):
        s = apply(s, e).state
    verdict = apply(s, Play("ana", "G6"))
    assert [(n.clause, n.key, n.text) for n in verdict.notes][3:] == [
        (
            "HR-ELIMINATION",
            "scoring.elimination",
            "cene holds the most cards (4) and leaves the game with 0 points.",
        ),
        ("DEAL-ROTATE", "deal.rotate", "ana deals the next round."),
    ]
    t = verdict.state
    assert (t.players, t.dealer, t.scores, t.phase) == (("ana", "bor"), 0, (21, 0), "deal")
    assert (t.last_round.winner, t.last_round.points) == (0, (21, 0))  # type: ignore[union-attr]


def test_HR_ELIMINATION_nobody_leaves_is_said_with_its_key() -> None:
    """HR-ELIMINATION (``scoring.elimination_tie = "nobody"``): the tie is a note of its own."""
    v = house("official", ELIM + 'elimination_tie = "nobody"')
    hands = [["G5", "G6"], ["B9", "B8"], ["Y1", "Y2"]]
    verdict = _round_won_by_ana(v, hands, ["R7", "R8"])
    assert (
        "HR-ELIMINATION",
        "scoring.elimination_tie",
        "Several hold the most cards: nobody leaves.",
    ) in [(n.clause, n.key, n.text) for n in verdict.notes]


def test_HR_ELIMINATION_hands_tied_on_cards_and_points_send_nobody_out() -> None:
    """HR-ELIMINATION (D-ELIMINATION-TIE, ``hand_value``): still tied on points, nobody leaves."""
    hands = [["G5", "G6"], ["B9", "B8"], ["Y9", "Y8"]]
    s = _round_won_by_ana(house("official", ELIM), hands, ["R7", "R7"]).state
    assert s.players == ("ana", "bor", "cene")  # 9 + 8 + 7 each


def test_HR_ELIMINATION_the_last_player_left_wins_in_words() -> None:
    """HR-ELIMINATION: the round's loser leaves; the one left wins the game and, alone at the
    table, is its dealer."""
    s = start_round(
        house("official", ELIM),
        ["ana", "bor"],
        dealer="ana",
        hands=[["G5", "G6"], ["B9", "B8"]],
        turned="G3",
        draw=["R7"],
    )
    assert s.due == "bor"
    for e in (Draw("bor"), Play("ana", "G5"), CallUno("ana"), Draw("bor")):
        s = apply(s, e).state
    verdict = apply(s, Play("ana", "G6"))
    assert verdict.notes[-1].clause == "HR-ELIMINATION"
    assert (verdict.notes[-1].key, verdict.notes[-1].text) == (
        "scoring.elimination",
        "ana is the last player left and wins the game.",
    )
    t = verdict.state
    assert (t.players, t.winner, t.dealer, t.is_over) == (("ana",), 0, 0, True)
