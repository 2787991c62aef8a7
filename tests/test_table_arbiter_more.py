"""The arbiter's lines (PEN-ENA misdeal, PEN-ADVICE), more cases: the whole verdict of
``arbiter_verdict`` in words, on positions dealt with ``apply`` (docs/verification.md
section 6)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import attrs
from short_game import EVENTS, HEAD, SHORT

from ena_rules import Challenge, Deal, Draw, Pass, Play, apply, load_variant, new_game
from ena_rules.cards import Card, parse_card
from ena_rules.game.state import GameState, RoundResult
from ena_rules.log.validate import Report, validate
from ena_rules.rules import sight
from ena_rules.rules.arbiter import arbiter_verdict
from ena_rules.rules.chance import deal_event
from ena_rules.rules.teams import partners
from ena_rules.rules.unseen import (
    UNKNOWN,
    decide_challenge,
    forget,
    in_sight,
    rescore,
    reveal,
    scored_unseen,
    unseen,
)
from ena_rules.testing import deal, derived, ok, start_round, transcript


def _dealt(variant: str = "ena") -> GameState:
    s = new_game(load_variant(variant), ["ana", "bor"], dealer="ana")
    return apply(s, deal_event(s, seed=3)).state


def test_PEN_ENA_misdeal_verdict_in_words() -> None:
    v = arbiter_verdict(_dealt(), "ana", "misdeal")
    assert (v.outcome, v.event, v.drawn) == ("penalised", ("ana", "misdeal"), (("ana", 2),))
    assert transcript(v) == [
        "PEN-ENA penalties.misdeal: ana misdealt: the rules' penalty is 2 cards.",
        "PEN-ENA penalties.misdeal: The deal stands as dealt (no redeal).",
        "PEN-ENA penalties.misdeal: ana draws 2 (penalty).",
    ]


def test_PEN_ADVICE_imposed_penalty_verdict_in_words() -> None:
    line = {"type": "imposed", "player": "bor", "offence": "advice"}
    v = arbiter_verdict(_dealt(), "bor", "advice", line)
    assert (v.outcome, v.event, v.drawn) == ("penalised", line, (("bor", 2),))
    assert transcript(v) == [
        "PEN-ADVICE penalties.advice: bor gave advice: the rules' penalty is 2 cards.",
        "PEN-ADVICE penalties.advice: bor draws 2 (penalty).",
    ]


def test_PEN_ENA_a_one_card_misdeal_penalty_is_a_penalty() -> None:
    v1 = derived("ena", 7, "[penalties]\nmisdeal = 1\n")
    s = new_game(v1, ["ana", "bor"], dealer="ana")
    v = arbiter_verdict(apply(s, deal_event(s, seed=3)).state, "ana", "misdeal")
    assert (v.outcome, v.drawn) == ("penalised", (("ana", 1),))
    assert (
        transcript(v)[0] == "PEN-ENA penalties.misdeal: ana misdealt: the rules' penalty is 1 card."
    )


def test_PEN_ENA_misdeal_without_a_penalty_is_accepted_in_words() -> None:
    v = arbiter_verdict(_dealt("official"), "ana", "misdeal")
    assert (v.outcome, v.event, v.drawn) == ("accepted", ("ana", "misdeal"), ())
    assert transcript(v) == [
        "PEN-ENA penalties.misdeal: ana misdealt: the official rules give no penalty for it "
        "(penalties.misdeal = 0)."
    ]


def test_PEN_ENA_refusals_of_arbiter_lines_in_words() -> None:
    s = _dealt()
    not_dealer = arbiter_verdict(s, "bor", "misdeal")
    assert (not_dealer.outcome, not_dealer.event) == ("rejected", ("bor", "misdeal"))
    assert transcript(not_dealer) == [
        "PEN-ENA penalties.misdeal: bor did not deal this round (ana did): only the dealer misdeals"
    ]
    stranger = arbiter_verdict(s, "eve", "advice")
    assert transcript(stranger) == [
        "PEN-ADVICE penalties.advice: 'eve' is not a player of this game"
    ]
    before = new_game(load_variant("ena"), ["ana", "bor"], dealer="ana")
    assert transcript(arbiter_verdict(before, "ana", "misdeal")) == [
        "PEN-ENA penalties.misdeal: no round is being played: ana cannot be penalised now"
    ]


def test_PEN_ADVICE_no_penalty_after_the_game_ended() -> None:
    s = ok(deal(derived("official", 1), [["G1"], ["Y2"]], "G5", scores=[499, 0]), Play("ana", "G1"))
    assert s.phase == "over"
    v = arbiter_verdict(s, "bor", "advice")
    assert (v.outcome, v.drawn, v.state) == ("rejected", (), s)
    assert transcript(v) == [
        "PEN-ADVICE penalties.advice: no round is being played: bor cannot be penalised now"
    ]


def _validate(*lines: dict[str, Any]) -> Report:
    return validate([json.dumps(HEAD), *(json.dumps(x) for x in lines)], variant=SHORT)


def test_PEN_ENA_a_misdeal_line_is_an_event_of_its_line() -> None:
    misdeal = {"type": "misdeal", "player": "ana"}
    r = _validate(EVENTS[0], misdeal).results[-1]
    assert (r.line, r.kind, r.type, r.record) == (3, "event", "misdeal", misdeal)
    assert r.text("g.jsonl") == (
        "g.jsonl:3: misdeal ana -> penalised [PEN-ENA penalties.misdeal] ana misdealt: the rules' "
        "penalty is 2 cards. The deal stands as dealt (no redeal). ana draws 2 (penalty)."
    )


def test_SCORE_ENA_an_arbiter_line_after_the_game_ended_is_unusable() -> None:
    report = _validate(
        *EVENTS,
        {"type": "misdeal", "player": "ana"},
        {"type": "penalty", "player": "cene", "offence": "advice"},
    )
    assert report.exit_code == 2
    misdeal, imposed = report.results[-2:]
    assert (misdeal.line, misdeal.kind, imposed.line, imposed.kind) == (7, "problem", 8, "problem")
    assert misdeal.message == (
        "a misdeal line after the game ended (line 6: bor won): only claims may follow"
    )
    assert imposed.message == (
        "a penalty line after the game ended (line 6: bor won): only claims may follow"
    )


# -- m-unseen (session 5): CHAL-SHOW's shown hand, rescored rounds, sight, teams --------------


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in codes)


def _w4_played(keep: tuple[int, ...] = (), more: tuple[str, ...] = ()) -> GameState:
    """ana (hand unknown unless kept) plays W+4 on R5 against bor (B1 B2 B3): a challenge window
    of a partial state, ana holding R2 Y3 and ``more``."""
    hands = [["W+4", "R2", "Y3", *more], ["B1", "B2", "B3"]]
    full = deal(derived("official", len(hands[0])), hands, "R5")
    return apply(forget(full, keep=keep), Play("ana", "W+4", color="green")).state


def test_CHAL_SHOW_shown_without_a_challenge_window_in_words() -> None:
    s = forget(deal(derived("official", 3), [["W+4", "R2", "Y3"], ["B1", "B2", "B3"]], "R5"))
    assert decide_challenge(s, cards("R2", "Y3")) == (
        "nothing is being challenged: 'shown' belongs on a challenge of a Wild Draw Four"
    )


def test_CHAL_SHOW_a_shown_hand_lacking_known_cards_in_words() -> None:
    s = _w4_played(keep=(0,))
    assert decide_challenge(s, cards("B8", "B9")) == "the shown hand of ana lacks R2, Y3"
    assert decide_challenge(s, cards("R2", "B9")) == "the shown hand of ana lacks Y3"


def test_CHAL_SHOW_the_shown_known_hand_decides_the_guilt() -> None:
    s = _w4_played(keep=(0,))
    decided = decide_challenge(s, cards("Y3", "R2"))
    assert isinstance(decided, GameState) and decided.challenge is not None
    assert decided.hands[0] == cards("Y3", "R2")
    assert (decided.challenge.guilty, decided.challenge.unsure) == (True, False)
    v = apply(decided, Challenge("bor"))
    assert (v.outcome, v.clause, v.drawn) == ("accepted", "CHAL-GUILTY", (("ana", 4),))


def test_CHAL_SHOW_more_copies_shown_than_the_deck_has_unseen_in_words() -> None:
    s = _w4_played(keep=(1,), more=("G1", "G2"))  # R5 is on the pile, B1 in bor's known hand
    assert decide_challenge(s, cards("R5", "R5", "B1", "B1")) == (
        "R5, B1: more copies than the deck has unseen"
    )


def test_CHAL_SHOW_a_shown_hand_without_the_colour_is_innocent() -> None:
    s = _w4_played()
    innocent = decide_challenge(s, cards("G1", "Y3"))
    assert isinstance(innocent, GameState) and innocent.challenge is not None
    assert innocent.hands[0] == cards("G1", "Y3")
    assert (innocent.challenge.guilty, innocent.challenge.unsure) == (False, False)
    v = apply(innocent, Challenge("bor"))
    assert (v.outcome, v.drawn) == ("accepted", (("bor", 6),))
    all_red = decide_challenge(s, cards("R1", "R2"))
    assert isinstance(all_red, GameState) and all_red.challenge is not None
    assert all_red.challenge.guilty


def test_SCORE_VALUES_a_rescored_round_counts_the_revealed_hands() -> None:
    """SCORE-VALUES, DEAL-ROTATE: a round rescored from the hands revealed at its end: the
    revealed cards count, the still unseen ones are 0 and listed, the next dealer is the one
    after this round's."""
    before = start_round(
        derived("official", 2),
        ["ana", "bor", "cene"],
        dealer="cene",
        hands=[["G2", "G1"], ["G7", "Y3"], ["G8", "B5"]],
        turned="G5",
    )
    before = ok(before, Play("ana", "G2"), Play("bor", "G7"), Play("cene", "G8"))
    before = forget(before, keep=(0,))
    ended = apply(before, Play("ana", "G1")).state
    assert ended.last_round is not None and ended.last_round.unseen == (0, 1, 1)
    again = rescore(before, ended, ((), cards("Y3"), (UNKNOWN,)), 0)
    assert again.last_round is not None
    assert (again.last_round.points, again.last_round.unseen) == ((3, 0, 0), (0, 0, 1))
    assert (again.scores, again.dealer, again.round, again.phase) == ((3, 0, 0), 0, 1, "deal")


def test_scored_unseen_reads_a_round_result() -> None:
    assert scored_unseen(None) == ()
    assert scored_unseen(RoundResult(1, (0, 9), unseen=(3, 0))) == (3, 0)


def test_PEN_ENA_the_arbiter_cites_its_clause_where_the_variant_cites_another() -> None:
    """PEN-ENA, PEN-ADVICE: the penalty's words cite the offence's clause; the draw cites the
    variant's citation of the key."""
    cite = '{ value = 3, clause = "PEN-WRONG-OFF" }'
    v = derived("official", 7, f"[penalties]\nmisdeal = {cite}\nadvice = {cite}\n")
    s = new_game(v, ["ana", "bor"], dealer="ana")
    s = apply(s, deal_event(s, seed=3)).state
    assert transcript(arbiter_verdict(s, "ana", "misdeal")) == [
        "PEN-ENA penalties.misdeal: ana misdealt: the rules' penalty is 3 cards.",
        "PEN-ENA penalties.misdeal: The deal stands as dealt (no redeal).",
        "PEN-WRONG-OFF penalties.misdeal: ana draws 3 (penalty).",
    ]
    assert transcript(arbiter_verdict(s, "bor", "advice"))[0] == (
        "PEN-ADVICE penalties.advice: bor gave advice: the rules' penalty is 3 cards."
    )


def test_HR_BLIND_DRAW_seen_takes_the_unseen_copies_from_the_end() -> None:
    assert sight.seen(cards("R1", "G2"), cards("R1")) == cards("G2")
    assert sight.seen(cards("R1", "G2", "Y3"), cards("G2")) == cards("R1", "Y3")
    assert sight.seen(cards("G2", "R1", "G2"), cards("G2")) == cards("G2", "R1")
    assert sight.seen((), cards("R1")) == ()


def test_HR_BLIND_DRAW_off_a_draw_leaves_no_unseen_cards() -> None:
    s = deal(derived("official", 1), [["R1"], ["B2"]], "G3", draw=["Y4", "Y5"])
    assert ok(s, Draw("ana")).blind == ()


def test_HR_BLIND_DRAW_each_drawer_keeps_its_unseen_cards() -> None:
    v = derived("official", 1, "[view]\nblind_draw = true\n")
    s = deal(v, [["R1"], ["B2"]], "G3", draw=["Y4", "Y5"])
    assert ok(s, Draw("ana")).blind == (cards("Y4"), ())
    assert ok(s, Draw("ana"), Draw("bor")).blind == (cards("Y4"), cards("Y5"))


def test_HR_BLIND_DRAW_a_play_before_any_draw() -> None:
    v = derived("official", 2, "[view]\nblind_draw = true\n")
    s = ok(deal(v, [["G1", "R1"], ["B2", "B3"]], "G3"), Play("ana", "G1"))
    assert (s.blind, s.hands[0], str(s.top)) == ((), cards("R1"), "G1")


def test_HR_BLIND_DRAW_a_draw_of_no_card_leaves_nothing_unseen() -> None:
    """HR-BLIND-DRAW, TURN-EMPTY: with both piles exhausted a draw takes nothing, and no
    unseen card is recorded."""
    v = derived("official", 3, "[view]\nblind_draw = true\n")
    s = deal(v, [["G1", "R1", "R2"], ["B2", "B3", "B4"]], "G3")
    drew = apply(attrs.evolve(s, draw_pile=()), Draw("ana"))
    assert (drew.outcome, drew.drawn, drew.state.blind) == ("accepted", (), ())


def test_HR_BLIND_DRAW_a_hidden_hand_plays_a_card_nobody_saw() -> None:
    """HR-BLIND-DRAW on a partial state: bor's blind draw is an unknown card; bor's later play
    of a card nobody saw in the hand uses an unknown card and keeps the unseen one."""
    v = derived("official", 3, "[view]\nblind_draw = true\n")
    s = forget(deal(v, [["G1", "G2", "G4"], ["B2", "B3", "B4"]], "G3"), keep=(0,))
    s = ok(s, Play("ana", "G1"), Draw("bor"), Pass("bor"), Play("ana", "G2"))
    assert s.blind == ((), (UNKNOWN,))
    v2 = apply(s, Play("bor", "G7"))
    assert (v2.outcome, str(v2.state.top), v2.state.blind) == ("accepted", "G7", ((), (UNKNOWN,)))
    assert v2.state.hands[1] == (UNKNOWN,) * 3


TEAMS = '[players]\nmin = 4\nteams = "opposite"\n'


def test_HR_TEAMS_partners_sit_opposite() -> None:
    players = ("ana", "bor", "cene", "dan", "eve", "fay")
    assert [players[partners(6, i)] for i in range(6)] == [
        "dan",
        "eve",
        "fay",
        "ana",
        "bor",
        "cene",
    ]
    assert [partners(4, i) for i in range(4)] == [2, 3, 0, 1]


def test_HR_TEAMS_rounds_won_gives_the_winning_team_a_point_and_the_game_at_the_target() -> None:
    """HR-TEAMS, HOUSE-ROUNDS: the winner's team scores the round's point, both partners; a
    team total at the target wins the game."""
    v = derived("rounds", 1, TEAMS + "[scoring]\ntarget = 1\n")
    s = start_round(v, ["ana", "bor", "cene", "dan"], dealer="dan", hands=[["G5"]], turned="G3")
    won = apply(s, Play("ana", "G5"))
    assert won.state.scores == (1, 0, 1, 0)
    assert (won.state.phase, won.state.winner) == ("over", 0)


def test_DECK_108_reveal_fills_unknown_cards_while_copies_are_unseen() -> None:
    """DECK-108: shown cards fill a hand's unknown cards, a known one is not shown twice, and
    no more copies than the deck has unseen."""
    s = forget(deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1", "B2", "B3"]], "R5"))
    one = reveal(s, 0, cards("R1"))
    assert isinstance(one, GameState)
    two = reveal(one, 0, cards("R1", "G7"))
    assert isinstance(two, GameState) and two.hands[0] == (*cards("R1", "G7"), UNKNOWN)
    on_r0 = forget(deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1", "B2", "B3"]], "R0"))
    assert reveal(on_r0, 0, cards("R0")) == "R0 cannot be in ana's hand: every copy is in sight"


def test_HR_OPEN_HAND_a_hand_at_open_below_is_closed_and_no_hand_before_the_deal() -> None:
    """HR-OPEN-HAND, HR-BLIND-DRAW: a hand of exactly ``view.open_below`` cards is not open, so
    its blind card stays unseen by its owner; before the deal no hand is shown."""
    v = derived("official", 2, "[view]\nblind_draw = true\nopen_below = 3\n")
    s = ok(deal(v, [["R1", "R2"], ["B1", "B2"]], "G3", draw=["Y9"]), Draw("ana"))
    assert (len(s.hands[0]), sight.own_unseen(s, 0)) == (3, cards("Y9"))
    assert sight.open_hands(new_game(v, ["ana", "bor"], dealer="ana"), 0) == ()


def test_TURN_DRAW_another_players_play_after_an_unknown_draw_in_words() -> None:
    """TURN-DRAW on a partial state: after ana's unrecorded draw, bor's play means the card
    could not be played and the turn had passed; the verdict says so, citing turn.play_drawn."""
    s = forget(deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1", "B2", "B3"]], "Y5"))
    drew = apply(s, Draw("ana")).state
    v = apply(drew, Play("bor", "Y7"))
    assert (v.outcome, str(v.state.top), v.state.drawn) == ("accepted", "Y7", None)
    assert transcript(v)[-1] == (
        "TURN-DRAW turn.play_drawn: ana's drawn card was not recorded and not played: it could "
        "not be played, and the turn had passed (TURN-DRAW)."
    )


# -- h-unseen (session 6): what forget hides and keeps, verdicts on partial states -------------


def _blind_drawn() -> GameState:
    """HR-BLIND-DRAW: ana (R1) drew Y4 and bor (B2) drew Y5 without seeing them."""
    v = derived("official", 1, "[view]\nblind_draw = true\n")
    return ok(deal(v, [["R1"], ["B2"]], "G3", draw=["Y4", "Y5"]), Draw("ana"), Draw("bor"))


def test_HR_BLIND_DRAW_forget_hides_each_kept_hands_unseen_cards_from_its_owner() -> None:
    """HR-BLIND-DRAW: a kept hand shows its owner's seen cards, and its blind cards are
    unknown; with a viewer, another kept hand is shown to it whole."""
    s = _blind_drawn()
    assert s.blind == (cards("Y4"), cards("Y5"))
    table = forget(s, keep=(0, 1))
    assert table.hands == ((*cards("R1"), UNKNOWN), (*cards("B2"), UNKNOWN))
    assert (table.blind, table.viewer) == ((), None)
    ana = forget(s, keep=(0, 1), viewer=0)
    assert ana.hands == ((*cards("R1"), UNKNOWN), cards("B2", "Y5"))
    assert ana.viewer == 0
    bor = forget(s, keep=(0, 1), viewer=1)
    assert bor.hands == (cards("R1", "Y4"), (*cards("B2"), UNKNOWN))
    assert forget(s, keep=(0,), viewer=0).hands == ((*cards("R1"), UNKNOWN), (UNKNOWN,) * 2)


def _challenged(hand: list[str]) -> GameState:
    """CHAL-SHOW: ana (``hand``) played W+4 on R5 and bor challenged: the hand was shown to bor."""
    s = deal(derived("official", 3), [hand, ["B1", "B2", "B3"]], "R5")
    return ok(s, Play("ana", "W+4", color="green"), Challenge("bor"))


def test_CHAL_SHOW_forget_shows_the_challenger_the_hand_it_was_shown() -> None:
    """CHAL-SHOW: the viewer knows the shown cards; the 4 ana drew since are unknown."""
    guilty = _challenged(["W+4", "R2", "Y3"])
    assert guilty.reveal is not None and guilty.reveal.cards == cards("R2", "Y3")
    bor = forget(guilty, keep=(1,), viewer=1)
    assert bor.hands[0] == (*cards("R2", "Y3"), *(UNKNOWN,) * 4)
    assert bor.reveal == guilty.reveal
    both = forget(guilty, keep=(0, 1))
    assert (both.hands[0], both.reveal) == (guilty.hands[0], guilty.reveal)
    ana = forget(guilty, keep=(0,), viewer=0)
    assert (ana.hands[0], ana.reveal) == (guilty.hands[0], None)
    assert forget(guilty).hands[0] == (UNKNOWN,) * 6


def test_CHAL_SHOW_forget_shows_the_whole_hand_when_nothing_was_drawn_since() -> None:
    innocent = _challenged(["W+4", "G2", "Y3"])  # bor drew 6: ana's hand is as shown
    assert forget(innocent, keep=(1,)).hands[0] == cards("G2", "Y3")


def test_TURN_DRAW_forget_hides_a_drawn_card_from_all_but_the_drawer() -> None:
    s = deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1", "B2", "B3"]], "G5", draw=["G4"])
    drew = ok(s, Draw("ana"))
    assert (drew.phase, drew.drawn) == ("drawn", parse_card("G4"))
    assert forget(drew).drawn == UNKNOWN
    assert forget(drew, keep=(1,)).drawn == UNKNOWN
    assert forget(drew, keep=(0,)).drawn == parse_card("G4")
    assert forget(s).drawn is None


def test_CHAL_WHO_forget_leaves_a_hidden_offenders_guilt_undetermined() -> None:
    """CHAL-WHO: ana held a red card (guilty); hidden, the window's guilt is undetermined."""
    s = deal(derived("official", 3), [["W+4", "R2", "Y3"], ["B1", "B2", "B3"]], "R5")
    played = ok(s, Play("ana", "W+4", color="green"))
    window = played.challenge
    assert window is not None and (window.guilty, window.unsure) == (True, False)
    hidden = forget(played).challenge
    assert hidden == attrs.evolve(window, guilty=False, unsure=True)
    assert hidden is not None and hidden.unsure
    assert forget(played, keep=(1,)).challenge == hidden
    seen = forget(played, keep=(0,)).challenge
    assert seen == window and seen is not None and not seen.unsure


def test_forget_hides_the_seed_of_in_round_shuffles() -> None:
    s = deal(derived("official", 3), [["R1", "G2", "Y3"], ["B1", "B2", "B3"]], "G5", seed=5)
    assert (s.seed, forget(s).seed) == (5, 0)


def test_DECK_108_in_a_full_state_every_card_is_in_sight() -> None:
    s = _dealt("official")
    assert in_sight(s) == Counter(s.variant.cards)
    assert unseen(s) == Counter()


_TINY = (  # DECK-108: R1 R2 G1 G2 W+4 W+4, two players
    '[deck]\ncolors = ["R", "G"]\ncolored = { "1" = 1, "2" = 1, '
    + ", ".join(f'"{r}" = 0' for r in ("0", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"))
    + ' }\nwild = { "W" = 0, "W+4" = 2 }\n[players]\nmax = 2\n'
)


def test_CHAL_INNOCENT_a_hidden_hand_with_every_card_of_the_colour_in_sight_is_innocent() -> None:
    """CHAL-INNOCENT: R2 is on the pile and R1 in bor's known hand: ana's unknown cards hold no
    red card, so the challenge of her W+4 fails (no undetermined point)."""
    s = forget(deal(derived("official", 2, _TINY), [["W+4", "G2"], ["R1", "G1"]], "R2"), keep=(1,))
    played = apply(s, Play("ana", "W+4", color="green")).state
    assert played.challenge is not None and not played.challenge.unsure
    v = apply(played, Challenge("bor"))
    assert (v.outcome, v.clause, v.key) == ("accepted", "CHAL-INNOCENT", "challenge.innocent_extra")
    assert transcript(v)[0] == (
        "CHAL-INNOCENT challenge.innocent_extra: The challenge fails: ana held no red card."
    )


def test_SCORE_VALUES_a_round_scored_with_unseen_cards_says_they_count_as_0_until_known() -> None:
    """SCORE-VALUES: ana goes out; bor's card is unseen, scored 0 and counted; a line before
    the next deal is refused without that note."""
    s = forget(deal(derived("official", 1), [["R1"], ["R7"]], "R5"))
    out = apply(s, Play("ana", "R1"))
    assert out.state.last_round is not None and out.state.last_round.unseen == (0, 1)
    assert transcript(out)[-1] == (
        "SCORE-VALUES ranks.*.score: A ? is the points of cards nobody saw, counted as 0 "
        "until a claim_round with 'hands' decides them."
    )
    early = apply(out.state, Draw("bor"))
    assert (early.outcome, early.state) == ("rejected", out.state)
    assert transcript(early) == [
        "DEAL-SEVEN deal.hand_size: the round has not been dealt yet: Draw(player='bor') "
        "cannot happen"
    ]


def _unknown_draw(base: str) -> GameState:
    """ana (hand unknown) drew a card nobody saw on Y5; bor and cene follow."""
    hands = [["R1", "G2", "Y3"], ["B1", "B2", "B3"], ["G1", "G4", "G6"]]
    drew = apply(forget(deal(derived(base, 3), hands, "Y5")), Draw("ana")).state
    assert (drew.phase, drew.drawn, drew.turn) == ("drawn", UNKNOWN, 0)
    return drew


NOT_PLAYED = (
    "TURN-DRAW turn.play_drawn: ana's drawn card was not recorded and not played: it could not "
    "be played, and the turn had passed (TURN-DRAW)."
)


def test_TURN_DRAW_a_deal_after_an_unknown_draw_is_refused_in_words() -> None:
    v = apply(_unknown_draw("official"), Deal(()))
    assert (v.outcome, v.clause, v.key) == ("rejected", "DEAL-SEVEN", "deal.hand_size")
    assert transcript(v) == ["DEAL-SEVEN deal.hand_size: no deal is due now", NOT_PLAYED]


def test_TURN_DRAW_a_second_draw_after_an_unknown_draw_is_out_of_turn() -> None:
    """Official: drawing again is refused either way; the words are the turn-passed reading's."""
    v = apply(_unknown_draw("official"), Draw("ana"))
    assert (v.outcome, v.clause, v.key) == ("rejected", "PEN-WRONG-OFF", "penalties.out_of_turn")
    assert transcript(v) == [
        "PEN-WRONG-OFF penalties.out_of_turn: ana draws out of turn (bor is due)",
        NOT_PLAYED,
    ]


def test_PEN_WRONG_OFF_the_drawer_playing_another_card_is_a_wrong_card() -> None:
    """PEN-WRONG-OFF: after drawing, ana plays a card that does not match: a wrong card (the
    drawer was still due), not a play out of turn."""
    v = apply(_unknown_draw("official"), Play("ana", "B9"))
    assert (v.outcome, v.clause, v.key, v.drawn) == (
        "penalised",
        "PEN-WRONG-OFF",
        "penalties.wrong_card",
        (("ana", 2),),
    )
    assert transcript(v)[-1] == ("PEN-WRONG-OFF penalties.wrong_card_turn: The turn passes to bor.")
    assert (v.state.turn, v.state.phase, v.state.drawn) == (1, "play", None)


def test_PEN_ENA_another_players_penalised_move_after_an_unknown_draw_is_undetermined() -> None:
    """PEN-ENA: cene plays out of turn whoever is due (ana if the drawn card was playable, bor
    if not): the same penalty, two readings, one undetermined verdict."""
    v = apply(_unknown_draw("ena"), Play("cene", "Y7"))
    assert (v.outcome, v.clause, v.key) == ("undetermined", "TURN-DRAW", "turn.play_drawn")
    kept, passed = v.alternatives
    assert (kept.outcome, kept.state.phase, kept.state.turn, kept.state.drawn) == (
        "penalised",
        "drawn",
        0,
        UNKNOWN,
    )
    assert (passed.outcome, passed.state.phase, passed.state.turn, passed.state.drawn) == (
        "penalised",
        "play",
        1,
        None,
    )
    assert v.message.startswith(
        "Undetermined: nobody saw ana's drawn card; whether it could be played decides (a "
        "'cards' list on the draw line decides it). If it could: cene plays Y7 out of turn "
        "(ana is due): a mistake costing 2 cards. cene draws 2 (penalty). If not: cene plays Y7 "
        "out of turn (bor is due)"
    )


def test_HR_BLIND_DRAW_a_swap_shows_only_the_swapped_hands_to_their_new_owners() -> None:
    """HR-BLIND-DRAW, HOUSE-SEVEN-ZERO: ana's 7 swaps her hand with bor's: both are picked up
    and seen; cene's blind card stays unseen."""
    v = derived("seven-zero", 2, "[view]\nblind_draw = true\n")
    s = deal(v, [["G7", "R1"], ["B1", "B2"], ["B3", "B4"]], "G3", draw=["Y4", "Y5", "Y6"])
    s = ok(s, Draw("ana"), Draw("bor"), Draw("cene"))
    assert s.blind == (cards("Y4"), cards("Y5"), cards("Y6"))
    swapped = ok(s, Play("ana", "G7", target="bor"))
    assert swapped.hands[:2] == (cards("B1", "B2", "Y5"), cards("R1", "Y4"))
    assert swapped.blind == ((), (), cards("Y6"))


# -- a refusal on a partial state changes nothing (found by h-unseen, session 6) ---------------


def test_CHAL_WHO_a_refused_challenge_of_an_undetermined_guilt_keeps_the_state() -> None:
    """CHAL-WHO on a partial state: cene, not the victim, may not challenge; the refusal carries
    the very state it was judged in, the open point on ana's guilt still open."""
    hands = [["W+4", "R2", "Y3"], ["B1", "B2", "B3"], ["G1", "G2", "G3"]]
    s = forget(deal(derived("official", 3), hands, "R5"))
    s = apply(s, Play("ana", "W+4", color="green")).state
    assert s.challenge is not None and s.challenge.unsure
    v = apply(s, Challenge("cene"))
    assert v.rejected and v.state is s


def test_TURN_DRAW_a_refused_line_after_an_unknown_draw_keeps_the_state() -> None:
    """TURN-DRAW on a partial state: after ana drew a card nobody saw, a refused line (a deal,
    a second draw, a card out of turn nobody could hold) carries the state it was judged in:
    ana still holds the unknown drawn card and is still due."""
    hands = [["R1", "G2", "Y3"], ["B1", "B2", "B3"], ["G1", "G4", "G6"]]
    drew = apply(forget(deal(derived("official", 3), hands, "Y5")), Draw("ana")).state
    assert drew.phase == "drawn" and drew.due == "ana"
    for e in (Deal(()), Draw("ana"), Play("cene", "Y7")):
        v = apply(drew, e)
        assert v.rejected and v.state is drew, e


def test_CHAL_INNOCENT_a_wild_draw_four_on_no_colour_is_innocent_even_unseen() -> None:
    """CHAL-INNOCENT, HR-WILD-FIRST: a Wild Draw Four played on a turned-up Wild whose colour
    nobody named was legal whatever the hand held, so with the offender's hand unseen the
    challenge still fails: nothing is undetermined (before: "whether ana held a no colour
    card decides the challenge")."""
    v = derived("official", 2, '[first_card]\nwild_color = "nobody"\n')
    s = start_round(v, ["ana", "bor"], dealer="bor", turned="W", hands=[["W+4", "G1"], ["B1"]])
    hidden = forget(ok(s, Play("ana", "W+4", color="red")), keep=(1,))
    assert hidden.challenge is not None and not hidden.challenge.unsure
    verdict = apply(hidden, Challenge("bor"))
    assert (verdict.outcome, verdict.clause) == ("accepted", "CHAL-INNOCENT")
    assert verdict.drawn == (("bor", 6),)
