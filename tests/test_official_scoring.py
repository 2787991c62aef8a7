"""Official UNO: the end of a round, scoring, the next round, the end of the game.

Every test's docstring starts with the clause id of ../shared/RULES.md it proves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from ena_rules import (
    CallUno,
    Deal,
    Draw,
    Event,
    GameState,
    Play,
    Variant,
    Verdict,
    apply,
    canonical_deck,
    legal_events,
    load_variant,
    load_variant_text,
)
from ena_rules.testing import start_round

OFFICIAL = load_variant("official")
V2 = load_variant_text('name = "official-2"\nextends = "official"\n[deal]\nhand_size = 2')
V3 = load_variant_text('name = "official-3"\nextends = "official"\n[deal]\nhand_size = 3')


def run(state: GameState, *events: Event) -> Verdict:
    """Apply events in order; each must be accepted; return the last verdict."""
    verdict: Verdict | None = None
    for e in events:
        verdict = apply(state, e)
        assert verdict.accepted, str(verdict)
        state = verdict.state
    assert verdict is not None
    return verdict


def duel(
    variant: Variant,
    ana: Sequence[str],
    bor: Sequence[str],
    *,
    draw: Sequence[str] = (),
    scores: Sequence[int] | None = None,
) -> GameState:
    """Two players, ana deals (bor starts) on a red 5."""
    return start_round(
        variant,
        ["ana", "bor"],
        dealer="ana",
        hands=[ana, bor],
        turned="R5",
        draw=draw,
        scores=scores,
    )


def everything(state: GameState) -> Counter[object]:
    out: Counter[object] = Counter(state.draw_pile) + Counter(state.discard)
    for h in state.hands:
        out += Counter(h)
    return out


# -- the end of a round ----------------------------------------------------------------------


def test_END_ROUND_the_round_ends_as_soon_as_a_player_sheds_the_last_card() -> None:
    """END-ROUND: the last card ends the round at once: scored, and the next deal is due."""
    s = duel(V2, ["Y1", "Y2"], ["RS", "R1"])
    s = run(s, Play("bor", "RS")).state  # two players: the Skip gives bor another turn
    v = run(s, Play("bor", "R1"))
    t = v.state
    assert "END-ROUND" in [n.clause for n in v.notes]
    assert t.phase == "deal" and t.last_round is not None and t.last_round.winner == 1
    assert t.hands[1] == () and [str(c) for c in t.hands[0]] == ["Y1", "Y2"]
    assert legal_events(t) == ()
    assert apply(t, Draw("ana")).rejected and apply(t, CallUno("ana", "bor")).rejected


@pytest.mark.parametrize(("last", "count"), [("R+2", 2), ("W+4", 4)])
def test_END_LAST_DRAW_a_draw_card_played_last_is_still_drawn_and_scored(
    last: str, count: int
) -> None:
    """END-LAST-DRAW: a +2 or +4 as the last card: the next player still draws, and it scores."""
    draw = ["G9", "B9", "Y9", "G8"]
    s = duel(V2, ["Y1", "Y2"], ["RS", last], draw=draw)
    s = run(s, Play("bor", "RS")).state
    color = {"color": "blue"} if last == "W+4" else {}
    v = run(s, Play("bor", last, **color))
    t = v.state
    assert v.drawn == (("ana", count),)
    assert [str(c) for c in t.hands[0]] == ["Y1", "Y2", *draw[:count]]
    assert t.last_round is not None
    assert t.last_round.points == (0, 1 + 2 + sum(int(c[1]) for c in draw[:count]))
    assert "END-LAST-DRAW" in [n.clause for n in v.notes]


def test_END_LAST_DRAW_is_a_variant_key() -> None:
    """END-LAST-DRAW: with last_draw_counts = false the last +2 is not drawn."""
    v = load_variant_text(
        'name = "t"\nextends = "official"\n[deal]\nhand_size = 2\n'
        "[scoring]\nlast_draw_counts = false"
    )
    s = run(duel(v, ["Y1", "Y2"], ["RS", "R+2"]), Play("bor", "RS")).state
    t = run(s, Play("bor", "R+2")).state
    assert len(t.hands[0]) == 2 and t.last_round is not None and t.last_round.points == (0, 3)


# -- scoring ---------------------------------------------------------------------------------

CARD_VALUES = [
    *((f"G{n}", n) for n in range(10)),
    ("GS", 20),
    ("GR", 20),
    ("G+2", 20),
    ("W", 50),
    ("W+4", 50),
]


@pytest.mark.parametrize(("card", "value"), CARD_VALUES)
def test_SCORE_VALUES_each_card_left_in_a_hand_scores_its_value(card: str, value: int) -> None:
    """SCORE-VALUES: numbers their face value; S, R, +2 score 20; W and W+4 score 50."""
    s = duel(V2, [card, "B0"], ["RS", "R1"])
    t = run(s, Play("bor", "RS"), Play("bor", "R1")).state
    assert t.last_round is not None and t.last_round.points == (0, value)
    assert t.scores == (0, value)


def test_SCORE_VALUES_the_values_are_variant_data() -> None:
    """SCORE-VALUES: a variant may count a 0 as 10 (002's variant), with no code change."""
    v = load_variant_text(
        'name = "t"\nextends = "official"\n[deal]\nhand_size = 2\n[ranks.0]\nscore = 10'
    )
    t = run(duel(v, ["G0", "B0"], ["RS", "R1"]), Play("bor", "RS"), Play("bor", "R1")).state
    assert t.scores == (0, 20)


def test_SCORE_OFF_the_winner_collects_004s_example_of_78() -> None:
    """SCORE-OFF: a hand of red 8, Skip and Wild is worth 8 + 20 + 50 = 78, to the winner."""
    s = duel(V3, ["R8", "BS", "W"], ["RS", "RS", "R1"])
    v = run(s, Play("bor", "RS"), Play("bor", "RS"), CallUno("bor"), Play("bor", "R1"))
    t = v.state
    assert t.last_round is not None and t.last_round.points == (0, 78)
    assert t.scores == (0, 78) and t.phase == "deal" and t.winner is None
    assert "SCORE-OFF" in [n.clause for n in v.notes]


def test_SCORE_OFF_the_winner_collects_every_other_hand() -> None:
    """SCORE-OFF: with three players the winner scores both other hands; the others score 0."""
    hands = [["R1", "R2", "R3"], ["G9", "BS", "W"], ["Y9", "Y8", "B+2"]]
    s = start_round(
        V3,
        ["ana", "bor", "cene"],
        dealer="cene",
        hands=hands,
        turned="R5",
        draw=["B4", "B6", "G7", "Y3"],
        scores=[10, 20, 30],
    )
    assert s.turn == 0  # cene deals, ana starts
    events: list[Event] = [Play("ana", "R1"), Draw("bor"), Draw("cene"), Play("ana", "R2")]
    v = run(s, *events, CallUno("ana"), Draw("bor"), Draw("cene"), Play("ana", "R3"))
    t = v.state
    bor = 9 + 20 + 50 + 4 + 7
    cene = 9 + 8 + 20 + 6 + 3
    assert t.last_round is not None and t.last_round.points == (bor + cene, 0, 0)
    assert t.scores == (10 + bor + cene, 20, 30)


def test_SCORE_OFF_first_to_500_wins_and_the_game_ends() -> None:
    """SCORE-OFF: reaching 500 ends the game; its winner is the player who reached it."""
    s = duel(V3, ["R8", "BS", "W"], ["RS", "RS", "R1"], scores=[400, 430])
    v = run(s, Play("bor", "RS"), Play("bor", "RS"), Play("bor", "R1"))
    t = v.state
    assert t.scores == (400, 508) and t.phase == "over" and t.is_over and t.winner == 1
    assert "SCORE-OFF" in [n.clause for n in v.notes] and "bor" in v.message
    assert legal_events(t) == ()
    assert apply(t, Deal(canonical_deck(V3))).rejected


def test_SCORE_OFF_below_500_the_game_goes_on() -> None:
    """SCORE-OFF: 499 is not enough: the next round is dealt."""
    s = duel(V3, ["R8", "BS", "W"], ["RS", "RS", "R1"], scores=[0, 421])
    t = run(s, Play("bor", "RS"), Play("bor", "RS"), Play("bor", "R1")).state
    assert t.scores == (0, 499) and t.phase == "deal" and t.winner is None


# -- the next round --------------------------------------------------------------------------


def test_DEAL_ROTATE_the_deal_passes_left_and_the_next_round_is_dealt() -> None:
    """DEAL-ROTATE: after a round the player left of the dealer deals; their left starts."""
    names = ["ana", "bor", "cene"]
    hands = [["R1", "R2"], ["Y1", "Y2"], ["G1", "G2"]]
    s = start_round(V2, names, dealer="cene", hands=hands, turned="R5", draw=["B4", "B6"])
    assert s.turn == 0  # ana, left of the dealer cene
    v = run(s, Play("ana", "R1"), Draw("bor"), Draw("cene"), Play("ana", "R2"))
    t = v.state
    assert t.phase == "deal" and t.dealer == 0 and t.round == 1  # the deal passed to ana
    assert "DEAL-ROTATE" in [n.clause for n in v.notes]
    r2 = run(t, Deal(canonical_deck(V2))).state
    assert r2.dealer == 0 and r2.turn == 1 and r2.phase == "play" and r2.scores == t.scores
    assert [len(h) for h in r2.hands] == [2, 2, 2]
    assert everything(r2) == Counter(canonical_deck(V2))
    assert r2.last_round is None
