"""UNO Show 'Em No Mercy (NM-*) and the shared "draw until a colour" primitive (DRAW-COLOR):
the shipped variants/no-mercy.toml and its presets, each clause by its id (specs/clauses.toml;
the scenarios are specs/no_mercy.toml; the decisions docs/decisions.md D-NM-*, D-DRAW-COLOR)."""

from __future__ import annotations

from collections import Counter

import pytest

from ena_rules import (
    CallUno,
    Challenge,
    ChooseColor,
    Draw,
    GameState,
    Pass,
    Play,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
)
from ena_rules.agents.simulation import simulate
from ena_rules.game.position import format_position, parse_position
from ena_rules.game.serialize import state_from_json, to_json
from ena_rules.rules.mercy import over_limit
from ena_rules.testing import start_round
from ena_rules.testing.rules import all_cards, hand, ok, rejected, transcript
from ena_rules.variant import Variant

NM = load_variant("no-mercy")
SAME = load_variant("no-mercy-same-value")
PILE = "G1.G3.G4.G5.G6.G7.G8.G9.B1.B2.B4.B5.B6.B7.B8.B9"


def at(
    hands: str,
    *,
    variant: Variant = NM,
    players: str = "ana,bor,cene",
    draw: str = PILE,
    discard: str = "R7",
    color: str = "R",
) -> GameState:
    n = players.count(",") + 1
    return parse_position(
        f"{variant.name} players={players} phase=play dealer={n - 1} "
        f"scores={','.join(['0'] * n)} hands={hands} draw={draw} discard={discard} "
        f"color={color} last={n - 1}",
        variant,
    )


def with_keys(toml: str, base: str = "no-mercy") -> Variant:
    return load_variant_text(f'name = "nm-test"\nextends = "{base}"\n{toml}')


# -- the deck ------------------------------------------------------------------------------


def test_NM_DECK_168_cards_of_the_composition_the_sources_list() -> None:
    """NM-DECK: 168 cards; per colour two of 0-9, three S, R, +2, DA, two +4, SE; 24 wilds."""
    cards = Counter(str(c) for c in NM.cards)
    assert len(NM.cards) == 168
    assert cards["R0"] == cards["G9"] == 2 and cards["BS"] == cards["YDA"] == 3
    assert cards["R+4"] == cards["GSE"] == 2
    assert (cards["WR+4"], cards["W+6"], cards["W+10"], cards["WCR"]) == (8, 4, 4, 8)
    assert cards["W"] == cards["W+4"] == 0
    s = start_round(NM, ["ana", "bor", "cene", "dan"], dealer="dan", hands=[], turned="R5")
    assert [len(h) for h in s.hands] == [7] * 4 and len(s.draw_pile) == 139


def test_NM_DECK_a_card_of_another_deck_is_not_a_card_of_this_one() -> None:
    """NM-DECK: a plain Wild is no card of No Mercy: an event naming it is rejected."""
    assert apply(at("R1.R2/G1/Y1"), Play("ana", "W", color="red")).rejected


def test_NM_FIRST_action_cards_turned_up_go_back() -> None:
    """NM-FIRST: every action card turned up goes back; the first number card stays."""
    s = start_round(
        NM, ["ana", "bor", "cene"], dealer="cene", hands=[], turned=["GSE", "W+10", "RDA", "G4"]
    )
    assert str(s.top) == "G4" and s.due == "ana" and s.pending is None


# -- a turn ------------------------------------------------------------------------------------


def test_NM_DRAW_draws_until_playable_and_must_play_it() -> None:
    """NM-DRAW: no playable card: draw until one comes; no pass, the card is played."""
    s = at("B9.Y8/G1.G2/Y1.Y2", draw="Y3.G4.R3.B4")
    v = apply(s, Draw("ana"))
    assert v.drawn == (("ana", 3),) and v.state.phase == "drawn"
    bad = rejected(v.state, Pass("ana"))
    assert bad.key == "play.must_play_drawn" and bad.clause == "NM-DRAW"
    assert legal_events(v.state) == (Play("ana", "R3"),)


# -- stacking ------------------------------------------------------------------------------


def test_NM_STACK_equal_or_higher_answers_and_the_next_draws_all() -> None:
    """NM-STACK: a Wild Draw 6 answers a Draw Four, citing stacking.by_value; the total passes
    on; a lower draw card cannot answer and the one who cannot draws it all."""
    s = ok(at("R+4.R1/W+6.G2/Y+2.Y1.B3"), Play("ana", "R+4"))
    v = apply(s, Play("bor", "W+6", color="green"))
    assert v.accepted and (v.key, v.clause) == ("stacking.by_value", "NM-STACK")
    assert v.state.pending is not None and v.state.pending.count == 10 and v.state.due == "cene"
    low = rejected(v.state, Play("cene", "Y+2"), "by_value = equal_or_higher")
    assert (low.key, low.clause) == ("stacking.by_value", "NM-STACK")
    d = apply(v.state, Draw("cene"))
    assert d.drawn == (("cene", 10),) and d.skipped == ("cene",) and d.state.due == "ana"


def test_NM_STACK_same_value_only() -> None:
    """NM-STACK (no-mercy-same-value): only a draw card of the same value answers: a Wild
    Draw 6 on a Draw Four is rejected, a Wild Reverse Draw 4 answers and sends it back."""
    s = ok(at("R+4.R1/W+6.WR+4.G2/Y1.B3", variant=SAME), Play("ana", "R+4"))
    bad = rejected(s, Play("bor", "W+6", color="green"), "by_value = same_value")
    assert (bad.key, bad.clause) == ("stacking.by_value", "NM-STACK")
    v = apply(s, Play("bor", "WR+4", color="blue"))
    assert v.accepted and v.state.pending is not None and v.state.pending.count == 8
    assert v.state.due == "ana" and v.state.direction == -1


def test_NM_STACK_off_leaves_the_answers_of_stacking_answer_alone() -> None:
    """NM-STACK: stacking.by_value = off: nothing stacks unless stacking.answer says so, and
    then the verdict cites stacking.answer."""
    off = with_keys('[stacking]\nby_value = "off"\nanswer = { "+4" = ["+4"] }\n')
    assert off.stack_answers("+2") == () and off.stack_answers("+4") == ("+4",)
    s = ok(at("R+4.R1/G+4.W+6.G2/Y1.B3", variant=off), Play("ana", "R+4"))
    assert apply(s, Play("bor", "G+4")).key == "stacking.answer"
    assert rejected(s, Play("bor", "W+6", color="red")).key == "stacking.answer"


def test_NM_STACK_by_value_table() -> None:
    """NM-STACK: the answers by value, from the cards' draw counts (colour and symbol aside)."""
    assert set(NM.stack_answers("+2")) == {"+2", "+4", "WR+4", "W+6", "W+10"}
    assert set(NM.stack_answers("W+6")) == {"W+6", "W+10"}
    assert set(NM.stack_answers("W+10")) == {"W+10"}
    assert set(SAME.stack_answers("+4")) == {"+4", "WR+4"}
    assert NM.stack_answers("WCR") == ()


def test_NM_STACK_ANSWER_only_a_draw_card_answers_a_draw() -> None:
    """NM-STACK-ANSWER: a Reverse or a Skip Everyone on an owed draw is not a move; the
    deflection keys of HR-DEFLECT-* turn the house reading on."""
    s = ok(at("R+2.R1/RR.GSE.G2/Y1.B3"), Play("ana", "R+2"))
    assert rejected(s, Play("bor", "RR")).clause == "NM-STACK"
    assert rejected(s, Play("bor", "GSE")).clause == "NM-STACK"
    back = with_keys('[play]\ndeflect_back = ["+2"]\n')
    t = ok(at("R+2.R1/RR.GSE.G2/Y1.B3", variant=back), Play("ana", "R+2"))
    v = apply(t, Play("bor", "RR"))
    assert v.accepted and v.key == "play.deflect_back"


# -- the new cards ---------------------------------------------------------------------------


def test_NM_DRAW_CARDS_wild_reverse_draw_four_reverses_then_draws() -> None:
    """NM-DRAW-CARDS: a Wild Reverse Draw 4 reverses play, then the next player (the one
    before) owes four; drawing them costs the turn."""
    s = ok(at("WR+4.R1/G1.G2/Y1.B3"), Play("ana", "WR+4", color="blue"))
    assert s.direction == -1 and s.due == "cene" and s.pending is not None
    v = apply(s, Draw("cene"))
    assert v.drawn == (("cene", 4),) and v.skipped == ("cene",) and v.state.due == "bor"


@pytest.mark.parametrize(("card", "count"), [("R+4", 4), ("W+6", 6), ("W+10", 10)])
def test_NM_DRAW_CARDS_each_draws_its_count(card: str, count: int) -> None:
    """NM-DRAW-CARDS: Draw Four, Wild Draw 6 and Wild Draw 10 make the next player draw so many
    and lose the turn."""
    color = "red" if card.startswith("W") else None
    s = ok(at(f"{card}.R1/G1.G2/Y1.B3"), Play("ana", card, color=color))
    v = apply(s, Draw("bor"))
    assert v.drawn == (("bor", count),) and v.skipped == ("bor",) and v.state.due == "cene"


def test_NM_NO_CHALLENGE_wild_draw_cards_are_played_freely_and_never_challenged() -> None:
    """NM-NO-CHALLENGE: a Wild Draw 10 may be played holding red, and cannot be challenged."""
    s = ok(at("W+10.R1.R2/G1.G2/Y1.B3"), Play("ana", "W+10", color="green"))
    assert not any(NM.rank(r).challengeable for r in ("WR+4", "W+6", "W+10", "WCR", "+4"))
    assert rejected(s, Challenge("bor")).clause == "CHAL-WHO"
    assert Challenge("bor") not in legal_events(s)


def test_NM_SKIP_ALL_skip_everyone_plays_again() -> None:
    """NM-SKIP-ALL: every other player loses the turn; the player goes again."""
    v = apply(at("RSE.R1.G2/G1.G2/Y1.B3"), Play("ana", "RSE"))
    assert v.skipped == ("bor", "cene") and v.state.due == "ana"


def test_NM_SKIP_ALL_with_two_players_and_a_two_player_reverse_draw() -> None:
    """NM-SKIP-ALL (D-NM-SKIP-ALL-TWO): with two players, Skip Everyone skips the other; a Wild
    Reverse Draw 4 (its Reverse a Skip with two) makes the other draw, and its player goes on."""
    s = at("RSE.WR+4.G2.G5/G1.G2", players="ana,bor")
    v = apply(s, Play("ana", "RSE"))
    assert v.skipped == ("bor",) and v.state.due == "ana"
    w = ok(v.state, Play("ana", "WR+4", color="green"))
    d = apply(w, Draw("bor"))
    assert d.drawn == (("bor", 4),) and d.state.due == "ana"


def test_NM_DISCARD_ALL_every_card_of_its_colour_goes_down_under_it() -> None:
    """NM-DISCARD-ALL: the red cards go under the red Discard All; wilds and other colours
    stay; one card left: UNO is due."""
    v = apply(at("RDA.R1.R+2.G3.W+6/G1.G2/Y1.B3"), Play("ana", "RDA"))
    assert hand(v.state, "ana") == ["G3", "W+6"] and str(v.state.top) == "RDA"
    assert [str(c) for c in v.state.discard] == ["R7", "R1", "R+2", "RDA"]
    assert v.state.color == "R" and v.state.due == "bor"
    one = apply(at("RDA.R1.G3/G1.G2/Y1.B3"), Play("ana", "RDA"))
    assert one.state.uno_exposed == (0,)


def test_NM_DISCARD_ALL_as_the_last_card_wins() -> None:
    """NM-DISCARD-ALL (D-NM-DISCARD-ALL-LAST): a hand it empties goes out and wins."""
    v = apply(at("RDA.R1.R9/G1.G2/Y1.B3"), Play("ana", "RDA"))
    assert v.state.is_over and v.state.winner_name == "ana"


def test_NM_SEVEN_ZERO_a_seven_must_name_a_player_and_swaps() -> None:
    """NM-SEVEN-ZERO: a 7 swaps with the player it names (without one it is refused); a 0
    passes every hand on."""
    s = at("R7.R1.G5/G1.G2.G3.G4/Y1.B3.R0")
    assert apply(s, Play("ana", "R7")).rejected
    v = apply(s, Play("ana", "R7", target="bor"))
    assert hand(v.state, "ana") == ["G1", "G2", "G3", "G4"] and hand(v.state, "bor") == ["R1", "G5"]
    t = ok(v.state, Play("bor", "R1"))
    z = apply(t, Play("cene", "R0"))
    assert [len(h) for h in z.state.hands] == [2, 4, 1]


# -- the draw to a colour ------------------------------------------------------------------


def test_NM_ROULETTE_the_next_player_names_the_colour_then_draws_to_it() -> None:
    """NM-ROULETTE: the victim owes a draw to a colour they name: no Draw, no card answers;
    their choose_color draws until the colour comes, keeps them all, and costs the turn."""
    s = ok(at("WCR.R1/G1.G2/Y1.B3", draw="R3.W+6.Y4.B5.G6"), Play("ana", "WCR"))
    assert (s.phase, s.due) == ("owe", "bor")
    assert rejected(s, Draw("bor")).key == "draw_color.chooser"
    assert rejected(s, Play("bor", "G1")).key == "draw_color.chooser"
    assert set(legal_events(s)) >= {ChooseColor("bor", c) for c in ("red", "blue")}
    assert not any(isinstance(e, Draw | Play) for e in legal_events(s))
    v = apply(s, ChooseColor("bor", "blue"))
    assert v.drawn == (("bor", 4),) and v.skipped == ("bor",) and v.state.due == "cene"
    assert hand(v.state, "bor")[-1] == "B5" and v.state.color == "B"
    assert rejected(at("WCR.R1/G1/Y1"), ChooseColor("ana", "blue")).rejected


def test_NM_ROULETTE_a_colour_not_of_the_deck_is_rejected() -> None:
    """NM-ROULETTE: the victim's colour must be one of the deck's."""
    s = ok(at("WCR.R1/G1.G2/Y1.B3"), Play("ana", "WCR"))
    v = apply(s, ChooseColor("bor", "spades"))
    assert v.rejected and v.key == "deck.colors"


def test_DRAW_COLOR_the_player_names_it_with_the_play() -> None:
    """DRAW-COLOR (chooser = player): the colour in force (the wild's choose_color before the
    op) is the one drawn to; the victim draws at once."""
    player = with_keys(
        '[ranks.WCR]\neffects = [{ op = "choose_color" }, { op = "draw_until_color" }, '
        '{ op = "skip" }]\n[draw_color]\nchooser = "player"\n'
    )
    s = at("WCR.R1/B1.B2/Y1.B3", variant=player, draw="R3.Y4.G6.B5")
    v = apply(s, Play("ana", "WCR", color="green"))
    assert v.drawn == (("bor", 3),) and v.skipped == ("bor",) and v.state.due == "cene"
    assert hand(v.state, "bor")[-1] == "G6"


def test_DRAW_COLOR_a_coloured_card_draws_to_its_own_colour() -> None:
    """DRAW-COLOR: the op is general: a coloured card without choose_color draws to its own
    colour (the colour in force after it)."""
    v = with_keys(
        '[deck]\ncolored = { "1" = 2, "2" = 2, "3" = 2, "DC" = 1 }\nwild = {}\n'
        '[ranks.DC]\neffects = [{ op = "draw_until_color" }]\n[draw_color]\nchooser = "player"\n'
        '[ranks.WCR]\neffects = [{ op = "choose_color" }]\n[first_card]\nreturn_ranks = []\n'
        '[stacking]\nby_value = "off"\n'
    )
    s = at("RDC.R1/B1.B2/Y1.B3", variant=v, draw="G1.B3.R2.Y2")
    after = apply(s, Play("ana", "RDC"))
    assert after.drawn == (("bor", 3),) and after.state.due == "bor"


def test_DRAW_COLOR_wild_counts_and_exhausted_keys() -> None:
    """DRAW-COLOR: draw_color.wild_counts makes a wild end the draw; with the piles dry the
    victim keeps what they drew and loses the turn, or keeps it (exhausted = keep_turn)."""
    wild = with_keys("[draw_color]\nwild_counts = true\n")
    s = ok(at("WCR.R1/G1.G2/Y1.B3", variant=wild, draw="R3.W+6.Y4"), Play("ana", "WCR"))
    assert apply(s, ChooseColor("bor", "blue")).drawn == (("bor", 2),)
    dry = ok(at("WCR.R1/G1.G2/Y1.B3", draw="R3.Y4"), Play("ana", "WCR"))
    v = apply(dry, ChooseColor("bor", "blue"))
    assert v.drawn == (("bor", 3),) and v.state.due == "cene"
    assert any(n.key == "draw_color.exhausted" for n in v.notes)
    keep = with_keys('[draw_color]\nexhausted = "keep_turn"\n')
    k = ok(at("WCR.R1/G1.G2/Y1.B3", variant=keep, draw="R3.Y4"), Play("ana", "WCR"))
    w = apply(k, ChooseColor("bor", "blue"))
    assert w.drawn == (("bor", 3),) and w.skipped == () and w.state.due == "bor"


def test_DRAW_COLOR_a_wild_must_name_a_colour_or_have_its_victim_name_it() -> None:
    """DRAW-COLOR: a wild without choose_color loads only where its victim names the colour."""
    from ena_rules.errors import VariantError

    with pytest.raises(VariantError, match="a wild must include"):
        with_keys('[draw_color]\nchooser = "player"\n')


# -- the mercy rule ----------------------------------------------------------------------------


def test_NM_MERCY_a_hand_at_the_limit_is_out_after_the_stack_is_drawn() -> None:
    """NM-MERCY (D-NM-MERCY-WHEN): the stack is drawn in full, then the hand at the limit
    leaves, its cards under the discard pile; the turn goes on; the leaver's events are
    rejected; every card is still in the state."""
    low = with_keys("[mercy]\nlimit = 8\n")
    s = at("R+4.R1.R2/W+6.G2/Y1.B3", variant=low)
    s = ok(s, Play("ana", "R+4"), Play("bor", "W+6", color="red"))
    before = all_cards(s)
    v = apply(s, Draw("cene"))
    assert v.drawn == (("cene", 10),) and v.state.players == ("ana", "bor")
    assert v.state.due == "ana" and len(v.state.discard) == 15
    assert [str(c) for c in v.state.discard[:2]] == ["Y1", "B3"]
    assert all_cards(v.state) == before
    assert any(n.key == "mercy.limit" and n.clause == "NM-MERCY" for n in v.notes)
    gone = rejected(v.state, Draw("cene"), "the mercy rule took them out")
    assert (gone.clause, gone.key) == ("NM-MERCY", "mercy.limit")
    assert v.state.out == ("cene",)
    assert rejected(v.state, Draw("zoe")).key == "players.seated"  # a stranger is not "out"


def test_NM_MERCY_the_last_player_left_wins() -> None:
    """NM-MERCY, NM-END: with one player left the game is over and they win."""
    low = with_keys("[mercy]\nlimit = 8\n")
    s = ok(at("W+10.R1/G2.G3", variant=low, players="ana,bor"), Play("ana", "W+10", color="red"))
    v = apply(s, Draw("bor"))
    assert v.state.is_over and v.state.winner_name == "ana" and v.state.players == ("ana",)
    assert legal_events(v.state) == ()


def test_NM_MERCY_seats_follow_their_players() -> None:
    """NM-MERCY (D-NM-MERCY-SEATS): a leaver before the others moves them up a seat; the turn,
    the dealer and the UNO window follow their players; the state is a position and JSON."""
    big = "B1.B2.B3.B4.B5.B6.B7.B8.B9.Y1.Y2.Y3.Y4.Y5.Y6.Y7.Y8.Y9.G1.G2.G3"  # 21 cards
    s = at(f"R+4.R1/Y+4.G2/{big}/G7", players="ana,bor,cene,dan")
    s = ok(s, Play("ana", "R+4"), Play("bor", "Y+4"))
    v = apply(s, Draw("cene"))
    st = v.state
    assert st.players == ("ana", "bor", "dan") and st.due == "dan" and st.dealer_name == "dan"
    assert st.uno_exposed == ()  # cene's draw closed bor's window (UNO-WINDOW)
    assert apply(st, CallUno("dan", "cene")).rejected  # D-NM-MERCY-UNO: no seat, no window
    assert parse_position(format_position(st)) == st and "out=cene" in format_position(st)
    assert state_from_json(to_json(st)) == st
    with pytest.raises(ValueError, match="out: \\['dan'\\]: distinct names of players no longer"):
        parse_position(format_position(st).replace("out=cene", "out=dan"))


def test_NM_MERCY_nobody_leaves_by_a_pass_or_a_swap() -> None:
    """NM-MERCY (D-NM-MERCY-WHEN): a 0's pass moves hands below the limit; nobody leaves."""
    low = with_keys("[mercy]\nlimit = 4\n")
    v = apply(at("R0.R1.G5/G1.G2.G3/Y1.B3", variant=low), Play("ana", "R0"))
    assert v.state.players == ("ana", "bor", "cene")
    assert not any(n.key == "mercy.limit" for n in v.notes)


def test_NM_MERCY_COUNT_at_or_above_the_limit() -> None:
    """NM-MERCY-COUNT: at_limit (the default: 25 or more) vs above_limit (26 or more)."""
    assert NM.mercy.limit == 25 and NM.mercy.count == "at_limit"
    assert (over_limit(NM, 24), over_limit(NM, 25)) == (False, True)
    above = with_keys('[mercy]\ncount = "above_limit"\n')
    assert (over_limit(above, 25), over_limit(above, 26)) == (False, True)
    assert not over_limit(load_variant("official"), 100)


def test_NM_MERCY_a_stack_when_the_piles_run_dry() -> None:
    """NM-MERCY (D-NM-STACK-DRY): a stack larger than the cards left is drawn as far as it
    goes; the victim still loses the turn."""
    s = ok(at("W+10.R1/G2.G3/Y1.B3", draw="G1.G4.G5"), Play("ana", "W+10", color="red"))
    v = apply(s, Draw("bor"))
    assert v.drawn == (("bor", 4),) and v.skipped == ("bor",) and v.state.due == "cene"
    assert any(n.key == "turn.empty" for n in v.notes)


def test_NM_MERCY_simulate_counts_the_players_taken_out() -> None:
    """NM-MERCY: the simulator prints how many players the mercy rule took out."""
    stats = simulate(NM, 4, 6, seed=2)
    assert stats.finished == 6 and len(stats.mercy_out) == 6 and sum(stats.mercy_out) > 0
    assert "mercy rule" in stats.text()
    assert simulate(load_variant("official"), 2, 1, seed=1).mercy_out == ()


# -- calls, points, the end ------------------------------------------------------------------


def test_NM_UNO_a_catch_costs_two() -> None:
    """NM-UNO: uno.catch_penalty = 2."""
    s = ok(at("R1.R5/G2.G3/Y1.B3"), Play("ana", "R1"))
    assert apply(s, CallUno("bor", "ana")).drawn == (("ana", 2),)
    assert NM.uno.catch_penalty == 2


def test_NM_SCORE_the_new_cards_points() -> None:
    """NM-SCORE: the new cards score as classic UNO's: coloured action cards 20, wilds 50."""
    scores = {r: NM.rank(r).score for r in ("+4", "SE", "DA", "WR+4", "W+6", "W+10", "WCR")}
    assert scores == {"+4": 20, "SE": 20, "DA": 20, "WR+4": 50, "W+6": 50, "W+10": 50, "WCR": 50}
    v = apply(at("R1/W+6.GDA/Y5", variant=load_variant("no-mercy-500")), Play("ana", "R1"))
    assert v.state.last_round is not None and v.state.last_round.points == (75, 0, 0)
    assert v.state.phase == "deal"


def test_NM_END_one_round_is_the_game() -> None:
    """NM-END: the player who plays their last card wins the game."""
    v = apply(at("R1/W+6.GDA/Y5"), Play("ana", "R1"))
    assert v.state.is_over and v.state.winner_name == "ana"
    assert "wins the game" in " ".join(transcript(v))
