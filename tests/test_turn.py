"""A turn: TURN-MATCH, TURN-WILD, TURN-WD4-LEGAL, TURN-DRAW, TURN-NEXT, TURN-RESHUFFLE, HOUSE-DRAW-
UNTIL.

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest

from ena_rules import (
    Challenge,
    Draw,
    EventError,
    GameState,
    Overtake,
    Pass,
    Play,
    Variant,
    Verdict,
    apply,
    legal_events,
    parse_card,
)
from ena_rules.cards.shuffle import derive_seed, shuffled
from ena_rules.testing import (
    all_cards,
    deal,
    derived,
    hand,
    held,
    judged,
    ok,
    rejected,
    run,
    start_round,
    transcript,
)

V3 = derived("official", 3)
E3 = derived("ena", 3)


PLAYERS = ["ana", "bor", "cene"]


def table() -> GameState:
    hands = [["Y1", "Y2", "Y3"], ["R1", "W", "W+4"], ["G1", "G2", "G3"]]
    return start_round(V3, PLAYERS, dealer="ana", hands=hands, turned="R5")


PLAYERS_OFF = ("ana", "bor", "cene", "dan")


SMALL = "[deal]\nhand_size = 3"


def table_off(
    variant: Variant,
    hands: Sequence[Sequence[str]] = (),
    turned: str | Sequence[str] = "R5",
    draw: Sequence[str] = (),
    players: Sequence[str] = PLAYERS_OFF,
    dealer: str = "ana",
) -> GameState:
    """A round dealt from an arranged deck through the real Deal event."""
    return start_round(variant, list(players), dealer=dealer, hands=hands, turned=turned, draw=draw)


def plays(state: GameState, name: str) -> set[str]:
    return {str(e.card) for e in legal_events(state) if isinstance(e, Play) and e.player == name}


def clauses(v: Verdict) -> list[str]:
    return [n.clause for n in v.notes]


def wd4_table(bor: list[str]) -> GameState:
    """bor (first to play) holds ``bor``; cene, who would draw the four, holds yellows."""
    return table_off(V3, [[], bor, ["Y7", "Y8", "Y9"]])


def _empty_draw_pile(s: GameState, *, into_discard: bool) -> GameState:
    """The same cards, with the draw pile moved under the top card or into ana's hand."""
    if into_discard:
        return attrs.evolve(s, draw_pile=(), discard=(*s.draw_pile, *s.discard))
    hands = (s.hands[0] + s.draw_pile, *s.hands[1:])
    return attrs.evolve(s, draw_pile=(), hands=hands)


TINY = derived(
    "ena",
    2,
    """[players]
max = 4
[deck]
colors = ["R", "G"]
colored = { "0" = 0, "1" = 1, "2" = 1, "3" = 1, "4" = 1, "5" = 1, "6" = 0, "7" = 0, "8" = 0, \
"9" = 0, "S" = 0, "R" = 0, "+2" = 0 }
wild = { "W" = 0, "W+4" = 4, "WS" = 0, "WC" = 0 }
""",
)


def cards(state: GameState) -> Counter[str]:
    """Every card of the round: hands, draw pile and discard pile."""
    out = Counter(str(c) for c in (*state.draw_pile, *state.discard))
    for h in state.hands:
        out.update(str(c) for c in h)
    return out


STRICT = derived("official", 3, "[penalties]\nwrong_card = 0\n[turn]\nwild_anytime = false\n")


def test_TURN_MATCH_a_card_the_player_does_not_hold_is_rejected() -> None:
    """TURN-MATCH: playing a card one does not hold is not a move at all (no penalty)."""
    v = rejected(table(), Play("bor", "R9"), "bor", "does not hold R9")
    assert v.clause == "TURN-MATCH"


def test_TURN_MATCH_a_card_matches_the_colour_the_number_or_the_symbol() -> None:
    """TURN-MATCH: play one card of the top card's colour, number or symbol; nothing else."""
    s = table_off(V3, [[], ["R1", "G5", "B7"], ["G1", "G2", "B3"], ["YS", "G3", "Y4"]])
    assert plays(s, "bor") == {"R1", "G5"}
    assert not apply(s, Play("bor", "B7")).accepted
    s = run(s, Play("bor", "G5")).state  # number match changes the colour to green
    assert s.color == "G" and plays(s, "cene") == {"G1", "G2"}
    wrong = apply(s, Play("cene", "B3"))
    assert not wrong.accepted and wrong.clause == "PEN-WRONG-OFF"


def test_TURN_MATCH_symbols_match_across_colours() -> None:
    """TURN-MATCH: a symbol matches the same symbol of another colour."""
    s = table_off(V3, [[], ["RS", "R1", "R2"], ["G1", "G2", "B3"], ["YS", "G3", "Y4"]])
    s = run(s, Play("bor", "RS")).state
    assert s.turn == 3 and plays(s, "dan") == {"YS"}
    assert run(s, Play("dan", "YS")).state.color == "Y"


def test_TURN_WILD_a_wild_may_be_played_while_holding_a_match_naming_the_same_colour() -> None:
    """TURN-WILD: a Wild may be played on any turn, and may name the current colour."""
    s = table_off(V3, [[], ["R1", "W", "R2"]])
    assert "W" in plays(s, "bor")
    v = run(s, Play("bor", "W", color="red"))
    assert v.state.color == "R" and v.state.turn == 2 and str(v.state.top) == "W"


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
    s = table_off(v, [[], ["R1", "W", "W+4"]])
    assert "W+4" not in plays(s, "bor")
    wrong = apply(s, Play("bor", "W+4", color="green"))
    assert wrong.penalised and wrong.clause == "PEN-WRONG-OFF"
    assert "only holding no red card" in wrong.message
    ok = table_off(v, [[], ["G1", "W", "W+4"]])
    assert "W+4" in plays(ok, "bor")


def test_TURN_DRAW_a_drawn_card_that_cannot_be_played_ends_the_turn() -> None:
    """TURN-DRAW: draw one card; if it cannot be played the turn passes at once."""
    s = table_off(V3, [[], ["G1", "G2", "B3"]], draw=["Y9"])
    v = run(s, Draw("bor"))
    assert v.drawn == (("bor", 1),) and hand(v.state, "bor") == ["G1", "G2", "B3", "Y9"]
    assert v.state.turn == 2 and v.state.phase == "play"


def test_TURN_DRAW_a_playable_drawn_card_may_be_played_at_once() -> None:
    """TURN-DRAW: a playable drawn card: play it (that card only) or pass explicitly."""
    s = table_off(V3, [[], ["R1", "G2", "B3"]], draw=["R9"])
    v = run(s, Draw("bor"))
    drawn = v.state
    assert drawn.phase == "drawn" and drawn.turn == 1 and str(drawn.drawn) == "R9"
    assert set(legal_events(drawn)) == {Play("bor", "R9"), Pass("bor")}
    played = run(drawn, Play("bor", "R9"))
    assert str(played.state.top) == "R9" and played.state.turn == 2
    assert hand(played.state, "bor") == ["R1", "G2", "B3"]


def test_TURN_DRAW_pass_keeps_the_drawn_card_and_ends_the_turn() -> None:
    """TURN-DRAW: Pass after drawing a playable card keeps it and passes the turn."""
    s = table_off(V3, [[], ["R1", "G2", "B3"]], draw=["R9"])
    drawn = run(s, Draw("bor")).state
    v = run(drawn, Pass("bor"))
    assert v.state.turn == 2 and hand(v.state, "bor") == ["R1", "G2", "B3", "R9"]
    assert v.clause == "TURN-DRAW"


def test_TURN_DRAW_after_drawing_no_other_card_and_no_second_draw() -> None:
    """TURN-DRAW: after the draw only the drawn card may be played; a second draw is refused."""
    s = table_off(V3, [[], ["R1", "G2", "B3"]], draw=["R9"])
    drawn = run(s, Draw("bor")).state
    other = apply(drawn, Play("bor", "R1"))
    assert not other.accepted and other.state.hands[1].count(parse_card("R1")) == 1
    again = apply(drawn, Draw("bor"))
    assert again.rejected and again.state is drawn
    assert apply(s, Pass("bor")).rejected  # no pass without a draw


def test_TURN_DRAW_drawing_while_holding_a_match_is_no_offence() -> None:
    """TURN-DRAW: choosing to draw while holding a playable card is accepted, no penalty."""
    s = table_off(V3, [[], ["R1", "R2", "R3"]], draw=["G9"])
    v = run(s, Draw("bor"))
    assert v.outcome == "accepted" and v.drawn == (("bor", 1),)


def test_TURN_NEXT_the_turn_passes_in_the_current_direction() -> None:
    """TURN-NEXT: after a play, or a draw not followed by a play, the next player goes."""
    s = table_off(
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


def test_TURN_RESHUFFLE_the_discard_pile_but_its_top_card_becomes_the_draw_pile() -> None:
    """TURN-RESHUFFLE: an empty draw pile is refilled from the discard pile, keeping the top."""
    s = _empty_draw_pile(table_off(V3, [[], ["G1", "G2", "B3"]]), into_discard=True)
    old = all_cards(s)
    under = Counter(s.discard[:-1])
    v = run(s, Draw("bor"))
    t = v.state
    assert "TURN-RESHUFFLE" in clauses(v)
    assert t.discard == (s.discard[-1],)
    assert Counter(t.draw_pile) + Counter([t.hands[1][-1]]) == under
    assert all_cards(t) == old
    # the shuffle is recorded chance: the same state reshuffles the same way
    assert apply(s, Draw("bor")).state == t


def test_TURN_RESHUFFLE_nothing_left_to_reshuffle_a_draw_takes_nothing() -> None:
    """TURN-RESHUFFLE: nothing to reshuffle: the player who must draw simply does not."""
    s = _empty_draw_pile(table_off(V3, [[], ["G1", "G2", "B3"]]), into_discard=False)
    v = run(s, Draw("bor"))
    assert v.drawn == () and hand(v.state, "bor") == ["G1", "G2", "B3"]
    assert v.state.turn == 2 and "TURN-RESHUFFLE" in clauses(v)
    assert all_cards(v.state) == all_cards(s)


def test_TURN_RESHUFFLE_a_draw_two_takes_what_there_is() -> None:
    """TURN-RESHUFFLE: a +2 with one card left to reshuffle gives its victim that one card."""
    s = _empty_draw_pile(table_off(V3, [[], ["R+2", "G2", "B3"]]), into_discard=False)
    v = run(s, Play("bor", "R+2"))
    assert v.drawn == (("cene", 1),) and hand(v.state, "cene")[-1] == "R5"
    assert v.state.discard == (parse_card("R+2"),) and v.state.turn == 3
    assert all_cards(v.state) == all_cards(s)


def test_TURN_WD4_LEGAL_ena_keeps_the_wild_draw_four_restriction_and_challenge() -> None:
    """TURN-WD4-LEGAL: Ena keeps the official restriction and its challenge (D-WD4-LEGAL-ENA):
    a Wild Draw Four played holding the current colour is found out by its victim's challenge."""
    hands = [["W+4", "R1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    s = ok(deal(E3, hands, "R5"), Play("ana", "W+4", color="blue"))
    assert s.challenge is not None and s.challenge.guilty
    v = apply(s, Challenge("bor"))
    assert v.accepted and v.drawn == (("ana", 4),) and v.state.due == "bor"
    assert v.state.reveal is not None and v.state.reveal.viewer == 1


def test_TURN_RESHUFFLE_a_stack_larger_than_both_piles_draws_what_there_is() -> None:
    """TURN-RESHUFFLE (D-STACK-EMPTY): a stack pending when the draw pile and the discard pile
    cannot cover it: its victim draws what there is (the discard pile but its top card is
    reshuffled first), loses the turn, and play goes on; no card is made up or lost."""
    hands = [["W+4", "R1"], ["R2", "G2"], ["W+4", "G3"], ["W+4", "R3"]]
    s = deal(TINY, hands, "R5")  # 14 cards: 8 in hands, R5 up, 5 to draw
    assert len(s.draw_pile) == 5
    s = ok(s, Play("ana", "W+4", color="green"))
    s = ok(s, Overtake("cene", "W+4", color="red"))
    s = ok(s, Play("dan", "W+4", color="green"))
    assert s.pending is not None and s.pending.count == 12 and s.due == "ana"
    v = apply(s, Draw("ana"))
    assert v.accepted and v.drawn == (("ana", 8),)  # 5 + 3 reshuffled; 4 short
    assert "turn.empty" in [n.key for n in v.notes]
    assert "turn.reshuffle" in [n.key for n in v.notes]
    t = v.state
    assert t.draw_pile == () and [str(c) for c in t.discard] == ["W+4"]
    assert t.due == "bor" and t.pending is None and len(t.hands[0]) == 9
    assert sum(len(h) for h in t.hands) + len(t.discard) == 14
    # play goes on: the colour dan named (green) stands
    assert apply(t, Play("bor", "G2")).accepted


def test_TURN_DRAW_a_player_who_draws_holding_an_identical_card_misses_the_overtake() -> None:
    """TURN-DRAW (D-OVT-MISSED): the player due draws although they (and another player) hold a
    card identical to the top: no penalty for anyone; the overtake chance is gone (a late
    overtake is a bad overtake), and the drawer may play only the drawn card."""
    hands = [["R9", "G1", "Y1"], ["R9", "B2", "B3"], ["G4", "G2", "G3"]]
    s = ok(deal(E3, hands, "R5", draw=["Y7"]), Play("ana", "R9"))
    assert Play("bor", "R9") in legal_events(s)
    v = apply(s, Draw("bor"))
    assert v.accepted and v.drawn == (("bor", 1),)
    assert v.state.due == "cene" and held(v.state, "bor")["R9"] == 1
    late = apply(v.state, Overtake("bor", "R9"))
    assert late.penalised and late.key == "penalties.bad_overtake"
    # a drawn playable card: only it may be played
    s = ok(ok(deal(E3, hands, "R5", draw=["R7"]), Play("ana", "R9")), Draw("bor"))
    assert s.phase == "drawn" and set(legal_events(s)) == {Play("bor", "R7"), Pass("bor")}
    assert apply(s, Play("bor", "R9")).penalised


def test_HOUSE_DRAW_UNTIL_a_draw_goes_on_until_a_playable_card_comes() -> None:
    """HOUSE-DRAW-UNTIL: a player drawing keeps drawing until a playable card comes, which they
    may play or keep; officially one card is drawn and the turn ends."""
    hands = [["G1", "Y1", "B1"], ["B2", "B3", "B4"]]
    s = deal(derived("draw-until", 3), hands, "R5", draw=["G7", "Y2", "R8", "B9"])
    v = apply(s, Draw("ana"))
    assert v.accepted and v.drawn == (("ana", 3),)
    assert v.state.phase == "drawn" and str(v.state.drawn) == "R8"
    assert set(legal_events(v.state)) == {Play("ana", "R8"), Pass("ana")}
    o = apply(deal(derived("official", 3), hands, "R5", draw=["G7", "Y2", "R8"]), Draw("ana"))
    assert o.drawn == (("ana", 1),) and o.state.due == "bor"


def test_TURN_DRAW_keeping_the_drawn_card_in_words() -> None:
    """TURN-DRAW: after drawing a playable card its player may keep it (Pass); nobody else may
    pass, and the refusal says why."""
    s = ok(deal(E3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"]], "R5", draw=["R9"]), Draw("ana"))
    assert transcript(apply(s, Pass("ana"))) == [
        "TURN-DRAW turn.play_drawn: ana keeps the drawn card.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    assert transcript(apply(s, Pass("bor"))) == [
        "TURN-DRAW turn.play_drawn: bor may pass only after drawing a playable card on their "
        "own turn"
    ]


def test_TURN_RESHUFFLE_the_kth_reshuffle_uses_its_own_seed() -> None:
    """TURN-RESHUFFLE (docs/shuffle.md): the draw pile is empty: the discard pile but its top
    card is shuffled with ``derive_seed(seed, k + 1)`` for the k-th in-round shuffle (here
    k = 2) into the new draw pile, and the verdict says so."""
    s = deal(V3, [["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]], "R5", seed=5)
    s = attrs.evolve(s, draw_pile=(), discard=(*s.draw_pile, *s.discard), shuffles=2)
    rest = s.discard[:-1]
    new_pile = shuffled(rest, derive_seed(5, 3))
    v = apply(s, Draw("ana"))
    assert v.state.shuffles == 3 and hand(v.state, "ana")[-1] == str(new_pile[0])
    assert v.state.draw_pile == tuple(new_pile[1:]) and [str(c) for c in v.state.discard] == ["R5"]
    assert transcript(v)[0] == (
        "TURN-RESHUFFLE turn.reshuffle: The draw pile is empty: the discard pile but its top "
        f"card (R5) is shuffled into a new draw pile of {len(rest)}."
    )


def test_TURN_DRAW_a_draw_before_the_dealer_names_the_colour_is_out_of_turn() -> None:
    """TURN-DRAW / FLIP-WILD: while the dealer is to name the colour, a draw by the first
    player is out of turn (PEN-ENA)."""
    s = deal(E3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    assert transcript(apply(s, Draw("ana"))) == [
        "PEN-ENA penalties.out_of_turn: ana draws out of turn (cene is due): a mistake costing "
        "2 cards.",
        "PEN-ENA penalties.out_of_turn: ana draws 2 (penalty).",
    ]


def test_TURN_WILD_without_wild_anytime_a_drawn_wild_is_playable_only_without_a_match() -> None:
    """TURN-WILD (``turn.wild_anytime = false``): a Wild drawn by a player who holds a match
    cannot be played: the turn ends; without a match it may be played."""
    strict = derived("official", 3, "[turn]\nwild_anytime = false\n")
    s = deal(strict, [["R1", "G1", "Y1"], ["B1", "B2", "B3"]], "R5", draw=["W"])
    v = apply(s, Draw("ana"))
    assert transcript(v) == [
        "TURN-DRAW turn.draw: ana draws 1 (their turn's draw).",
        "TURN-DRAW turn.draw: ana cannot play the drawn card: the turn ends.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    s = deal(strict, [["B4", "G1", "Y1"], ["B1", "B2", "B3"]], "R5", draw=["W"])
    v = apply(s, Draw("ana"))
    assert transcript(v) == [
        "TURN-DRAW turn.draw: ana draws 1 (their turn's draw).",
        "TURN-DRAW turn.play_drawn: ana may play the drawn card or pass.",
    ]
    assert v.state.phase == "drawn" and v.state.overtake_open is False


def test_TURN_WD4_LEGAL_no_colour_in_force_no_colour_held() -> None:
    """TURN-WD4-LEGAL / CHAL-INNOCENT: with no colour in force (a position without one), a
    W+4 cannot be guilty."""
    s = deal(V3, [["W+4", "R1", "G1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "W")
    s = attrs.evolve(s, phase="play")
    assert s.color is None and s.due == "ana"
    t = ok(s, Play("ana", "W+4", color="green"))
    v = apply(t, Challenge("bor"))
    assert v.drawn == (("bor", 6),) and v.clause == "CHAL-INNOCENT"
    assert "no colour" in v.notes[0].text


def test_TURN_RESHUFFLE_nothing_left_to_reshuffle_a_draw_takes_what_there_is() -> None:
    """TURN-RESHUFFLE (D-RESHUFFLE-EMPTY): the draw pile is empty and the discard pile holds only
    its top card: the draw takes nothing, the verdict says how many were short, and the turn
    ends."""
    s = deal(V3, [["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]], "R5")
    s = attrs.evolve(s, draw_pile=(), hands=(s.hands[0], s.hands[1] + s.draw_pile))
    v = apply(s, Draw("ana"))
    assert transcript(v) == [
        "TURN-DRAW turn.draw: ana draws 1 (their turn's draw) (only 0: nothing left to reshuffle).",
        "TURN-RESHUFFLE turn.empty: The draw pile and the discard pile are exhausted: a draw "
        "takes what there is.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    assert v.drawn == () and cards(v.state) == cards(s)


def test_TURN_MATCH_a_wrong_card_is_refused_with_the_rule_it_breaks() -> None:
    """TURN-MATCH / TURN-WILD: without a wrong-card penalty a wrong card is refused, citing the
    rule it breaks: no match, or a Wild while holding a match (``turn.wild_anytime = false``)."""
    s = deal(STRICT, [["W", "R1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(s, Play("ana", "Y1"))) == [
        "TURN-MATCH turn.match: Y1 matches neither the colour (red) nor the top card (R5)"
    ]
    assert transcript(apply(s, Play("ana", "W", color="red"))) == [
        "TURN-WILD turn.wild_anytime: W may be played only holding no match"
    ]
    no_match = deal(STRICT, [["W", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert apply(no_match, Play("ana", "W", color="red")).accepted


def test_TURN_WILD_a_drawn_wild_without_a_match_may_be_played() -> None:
    """TURN-WILD / TURN-DRAW (``turn.wild_anytime = false``): a Wild drawn by a player holding no
    match may be played at once."""
    strict = derived("official", 3, "[turn]\nwild_anytime = false\n")
    s = ok(deal(strict, [["B4", "G1", "Y1"], ["B1", "B2", "B3"]], "R5", draw=["W"]), Draw("ana"))
    v = apply(s, Play("ana", "W", color="green"))
    assert v.accepted and v.state.color == "G" and v.state.drawn is None


def test_TURN_NEXT_the_verdict_carries_the_event_it_judged() -> None:
    """TURN-NEXT: every verdict, accepted or refused, carries the very event it judged (a log
    records both); a value that is not an event is an error naming the event types."""
    s = deal(V3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    for e in (Play("ana", "R1"), Play("ana", "Y1"), Play("zoe", "R1")):
        assert apply(s, e).event is e
    with pytest.raises(EventError, match="expected one of Play, Overtake, Draw, Pass, CallUno"):
        apply(s, "R1")  # type: ignore[arg-type]


def test_TURN_DRAW_a_drawn_wild_draw_four_played_leaves_no_drawn_card() -> None:
    """TURN-DRAW / ACT-WD4: a drawn W+4 played at once leaves its victim owing 4, and no drawn
    card behind."""
    s = ok(deal(V3, [["B1", "G1", "Y1"], ["B2", "B3", "B4"]], "R5", draw=["W+4"]), Draw("ana"))
    v = apply(s, Play("ana", "W+4", color="green"))
    assert v.state.phase == "owe" and v.state.drawn is None


# -- legal_events on a player's view; its argument checked (killing survivors of the mutation
# run, docs/verification.md section 6)


def test_TURN_MATCH_legal_events_on_a_view_lists_only_the_viewers_events() -> None:
    from ena_rules.rules.view import view

    s = deal(derived("official", 2), [["G1", "R2"], ["G3", "B4"]], "G5")
    assert legal_events(view(s, "ana")) == (Play("ana", "G1"), Draw("ana"))
    assert legal_events(view(s, "bor")) == ()


def test_legal_events_names_itself_when_given_no_state() -> None:
    with pytest.raises(ValueError) as caught:
        legal_events("nonsense")  # type: ignore[arg-type]
    assert str(caught.value) == "legal_events(): state: expected a GameState, got str 'nonsense'"


def test_TURN_DRAW_the_judgements_of_a_draw_and_a_pass_name_their_rule() -> None:
    """TURN-DRAW: the pure judgement shared by apply and legal_events names the key, clause and
    reason of the turn's draw, of passing with the drawn card, and of a pass before drawing;
    PEN-ENA: a second draw in the turn is a mistake under ``penalties.draw_too_many``."""
    s = deal(derived("ena", 2), [["R1", "G2"], ["B1", "B2"], ["Y1", "Y2"]], "R5", draw=["R7"])
    assert judged(s, Draw("ana")) == ("accept", "turn.draw", None, "their turn's draw")
    assert judged(s, Pass("ana")) == (
        "reject",
        "turn.play_drawn",
        "TURN-DRAW",
        "ana may pass only after drawing a playable card on their own turn",
    )
    drawn = ok(s, Draw("ana"))
    assert judged(drawn, Pass("ana")) == ("accept", "turn.play_drawn", None, "keeps the drawn card")
    assert judged(drawn, Draw("ana")) == (
        "mistake",
        "penalties.draw_too_many",
        None,
        "ana draws a second time in the same turn",
    )


def test_FLIP_WILD_a_play_before_the_colour_is_named_is_judged_under_its_key() -> None:
    """FLIP-WILD: while the first player must name the turned-up Wild's colour, another
    player's card is judged under ``first_card.wild_color``, not as an ordinary play out of
    turn (``penalties.out_of_turn``), which names the player due."""
    s = start_round(
        derived("official", 2),
        ["ana", "bor"],
        dealer="ana",
        turned="W",
        hands=[["G1", "G2"], ["R0", "R1"]],
    )
    assert judged(s, Play("bor", "R0"))[1:] == (
        "first_card.wild_color",
        None,
        "bor plays R0 before naming the colour of the turned-up W",
    )
    assert judged(s, Draw("ana"))[1:] == (
        "penalties.out_of_turn",
        None,
        "ana draws out of turn (bor is due)",
    )


def test_TURN_MATCH_legal_events_are_built_afresh_when_the_event_cache_is_cold() -> None:
    """legal_events shares its event values through a cache (a speed measure only): emptied,
    every listed move is still an event the referee accepts."""
    from ena_rules.rules import dispatch

    s = deal(derived("official", 2), [["R1", "G2"], ["B1", "B2"]], "R5")
    dispatch._EVENT_CACHE.clear()
    events = legal_events(s)
    assert Play("ana", "R1") in events and Draw("ana") in events
    assert all(apply(s, e).accepted for e in events)


def test_TURN_RESHUFFLE_a_draw_begun_on_the_last_card_ends_after_the_reshuffle() -> None:
    """TURN-RESHUFFLE: a +2 with one card left to draw: its victim takes that card, the discard
    pile but its top is reshuffled, and the victim takes one more, two in all."""
    s = table_off(V3, [[], ["R+2", "G2", "B3"]])
    last = s.draw_pile[0]
    s = attrs.evolve(s, draw_pile=(last,), discard=(*s.draw_pile[1:], *s.discard))
    v = run(s, Play("bor", "R+2"))
    assert v.drawn == (("cene", 2),) and "TURN-RESHUFFLE" in clauses(v)
    assert v.state.hands[2][-2] == last and len(v.state.hands[2]) == len(s.hands[2]) + 2
    assert all_cards(v.state) == all_cards(s)


def test_TURN_RESHUFFLE_a_rounds_first_reshuffle_is_drawn_from_the_documented_seed() -> None:
    """TURN-RESHUFFLE (docs/shuffle.md): the round's first in-round shuffle (k = 0) shuffles the
    discard pile but its top, as it lies, with the round's seed extended by k + 1."""
    s = _empty_draw_pile(table_off(V3, [[], ["G1", "G2", "B3"]]), into_discard=True)
    assert s.shuffles == 0
    t = run(s, Draw("bor")).state
    expected = shuffled(s.discard[:-1], derive_seed(s.seed, 1))
    assert (t.hands[1][-1], *t.draw_pile) == expected and t.shuffles == 1
