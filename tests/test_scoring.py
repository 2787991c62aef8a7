"""The end of a round and of the game: END-ROUND, END-LAST-DRAW, SCORE-VALUES, SCORE-OFF, SCORE-
ENA, HOUSE-ROUNDS.

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

from ena_rules import (
    CallUno,
    Challenge,
    ChooseColor,
    Cut,
    Deal,
    Draw,
    Event,
    GameState,
    Overtake,
    Pass,
    Play,
    Variant,
    apply,
    canonical_deck,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.rules.chance import cut_event, deal_event
from ena_rules.testing import deal, derived, ok, rejected, run, start_round, transcript

V3 = derived("official", 3)
V2 = derived("official", 2)


def over() -> GameState:
    """A finished game: bor went out and passed 500."""
    hands = [["Y9", "W", "W+4"], ["RS", "RS", "R1"]]
    s = start_round(V3, ["ana", "bor"], dealer="ana", hands=hands, turned="R5", scores=[0, 490])
    for e in (Play("bor", "RS"), Play("bor", "RS"), Play("bor", "R1")):
        s = apply(s, e).state
    assert s.is_over
    return s


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


CARD_VALUES = [
    *((f"G{n}", n) for n in range(10)),
    ("GS", 20),
    ("GR", 20),
    ("G+2", 20),
    ("W", 50),
    ("W+4", 50),
]


ENA = load_variant("ena")


NAMES = ("ana", "bor", "cene", "dan", "eva", "fran", "gal", "hana", "iva", "jan")


def only_hand_and_pile_changed(before: GameState, after: GameState) -> bool:
    """PEN-EFFECT: nothing but hands and the draw pile differ."""
    return attrs.evolve(after, hands=before.hands, draw_pile=before.draw_pile) == before


@attrs.define
class Tally:
    """What happened in a driven game."""

    rounds: int = 0
    overtakes: int = 0
    stacks_by_overtake: int = 0
    stacks_by_play: int = 0
    challenges: int = 0
    catches: int = 0
    penalties: Counter[str] = attrs.field(factory=Counter)


def _mistakes(s: GameState, rng: random.Random) -> list[tuple[object, str]]:
    """Penalised events this state allows, with the penalty key each must be judged under."""
    out: list[tuple[object, str]] = []
    due = s.turn
    others = [i for i in range(len(s.players)) if i != due and s.hands[i]]
    if s.phase == "play" and s.hands[due]:
        legal = set(legal_events(s))
        wrong = [
            c for c in s.hands[due] if c.color is not None and Play(s.players[due], c) not in legal
        ]
        if wrong:
            out.append((Play(s.players[due], rng.choice(wrong)), "penalties.wrong_card"))
    if others:
        q = rng.choice(others)
        c = rng.choice(s.hands[q])
        color = "red" if c.color is None else None
        out.append((Play(s.players[q], c, color=color), "penalties.out_of_turn"))
        top = s.top
        if top is not None and (c.rank != top.rank or c.color != top.color):
            out.append((Overtake(s.players[q], c, color=color), "penalties.bad_overtake"))
        safe = [i for i in range(len(s.players)) if i not in s.uno_exposed and i != q]
        if safe:
            out.append(
                (CallUno(s.players[q], s.players[rng.choice(safe)]), "uno.false_catch_penalty")
            )
    if s.phase == "drawn":
        out.append((Draw(s.players[due]), "penalties.draw_too_many"))
    return out


def _pick(s: GameState, rng: random.Random) -> object:
    events = legal_events(s)
    overtakes = [e for e in events if isinstance(e, Overtake)]
    if overtakes and rng.random() < 0.9:
        return rng.choice(overtakes)
    calls = [e for e in events if isinstance(e, CallUno)]
    if calls and rng.random() < 0.7:
        return rng.choice(calls)
    plays = [e for e in events if isinstance(e, Play)]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    if Challenge(s.players[s.turn]) in events and rng.random() < 0.3:
        return Challenge(s.players[s.turn])
    rest = [e for e in events if not isinstance(e, CallUno)] or list(events)
    return rng.choice(rest)


def _total_cards(s: GameState) -> Counter[object]:
    c: Counter[object] = Counter(s.draw_pile)
    c.update(s.discard)
    for h in s.hands:
        c.update(h)
    return c


def play_game(
    variant: Variant, n: int, seed: int, *, inject: float = 0.04
) -> tuple[GameState, Tally]:
    """Drive a game from the cut to its end through legal_events + apply, injecting mistakes."""
    rng = random.Random(seed)
    s = new_game(variant, NAMES[:n])
    tally = Tally()
    attempt = 0
    deck = Counter(canonical_deck(variant))
    for _ in range(400_000):
        if s.phase == "over":
            return s, tally
        if s.phase == "cut":
            v = apply(s, cut_event(s, seed, attempt))
            attempt += 1
            assert v.accepted and v.clause in ("DEAL-CUT-ENA", "DEAL-CUT-TIE")
            s = v.state
            continue
        if s.phase == "deal":
            s = ok(s, deal_event(s, seed))
            tally.rounds += 1
            continue
        if rng.random() < inject:
            options = _mistakes(s, rng)
            if options:
                event, key = rng.choice(options)
                v = apply(s, event)  # type: ignore[arg-type]
                assert v.penalised, (str(v), event)
                assert key in [note.key for note in v.notes], (str(v), key)
                offender = event.player  # type: ignore[attr-defined]
                seat = s.seat(offender)
                got = len(v.state.hands[seat]) - len(s.hands[seat])
                assert v.drawn in ((), ((offender, got),)) and got <= 2
                assert got == 2 or len(s.draw_pile) + len(s.discard) - 1 < 2
                assert only_hand_and_pile_changed(
                    s,
                    attrs.evolve(
                        v.state, uno_exposed=s.uno_exposed, discard=s.discard, shuffles=s.shuffles
                    ),
                )
                tally.penalties[key] += 1
                s = v.state
                continue
        event = _pick(s, rng)
        v = apply(s, event)  # type: ignore[arg-type]
        assert v.accepted, (str(v), event)
        assert v.clause and v.key
        keys = [note.key for note in v.notes]
        if isinstance(event, Overtake):
            tally.overtakes += 1
            tally.stacks_by_overtake += "stacking.overtake" in keys
        elif isinstance(event, Play) and "stacking.overtake" in keys:
            tally.stacks_by_play += 1
        tally.challenges += isinstance(event, Challenge)
        tally.catches += isinstance(event, CallUno) and event.target is not None
        s = v.state
        if s.phase != "over" and s.hands:
            assert _total_cards(s) == deck
    raise AssertionError("the game did not end")


def _check_game_end(s: GameState) -> None:
    assert s.phase == "over" and s.winner is not None
    assert max(s.scores) >= 500
    low = min(s.scores)
    assert s.scores[s.winner] == low and s.scores.count(low) == 1
    assert legal_events(s) == () and apply(s, Draw(s.players[0])).rejected


NAMES_IA = ("ana", "bor", "cene", "dan", "eva")


DRAW_REVERSE = derived(
    "official",
    1,
    "[deck.wild]\nWC = 3\n[ranks.WC]\n"
    'effects = [{op = "choose_color"}, {op = "draw", count = 2}, {op = "reverse"}]\n',
)


@pytest.mark.parametrize(
    "event",
    [
        Play("bor", "R1"),
        Draw("ana"),
        Pass("bor"),
        CallUno("bor"),
        CallUno("ana", "bor"),
        Challenge("ana"),
        ChooseColor("bor", "red"),
        Deal(canonical_deck(V3)),
        Cut(["R1", "R2"]),
    ],
    ids=lambda e: type(e).__name__,
)
def test_SCORE_OFF_any_event_after_the_game_ended_is_rejected(event: object) -> None:
    """SCORE-OFF: the game is over: no event may follow; the state is unchanged."""
    s = over()
    v = rejected(s, event, "game is over")
    assert v.clause == "SCORE-OFF"


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


def test_SCORE_ENA_each_scores_own_hand_lowest_total_wins() -> None:
    """SCORE-ENA: the player who went out scores 0, every other player their own hand; the game
    ends when someone reaches 500 and the lowest total wins."""
    one = derived("ena", 1)
    s = deal(one, [["W"], ["R3"], ["R1"]], "R5", dealer=0, scores=[460, 300, 300])
    v = apply(s, Play("bor", "R3"))
    assert v.accepted and v.state.last_round is not None
    assert v.state.last_round.points == (50, 0, 1)
    assert v.state.scores == (510, 300, 301)
    assert v.state.phase == "over" and v.state.winner == 1
    # below the target nothing ends
    s = deal(one, [["W"], ["R3"], ["R1"]], "R5", dealer=0, scores=[10, 20, 30])
    v = apply(s, Play("bor", "R3"))
    assert v.state.phase == "deal" and v.state.winner is None and v.state.dealer == 1


def test_SCORE_ENA_a_tie_for_the_lowest_total_plays_on() -> None:
    """SCORE-ENA: when the target is reached but the lowest total is tied, play continues until
    the tie is broken (000: "permainan dilanjutkan hingga tie-breaker tercapai")."""
    one = derived("ena", 1)
    s = deal(one, [["W"], ["R3"], ["R0"]], "R5", dealer=0, scores=[460, 300, 300])
    v = apply(s, Play("bor", "R3"))
    assert v.state.scores == (510, 300, 300)
    assert v.state.phase == "deal" and v.state.winner is None
    assert "tied" in v.message
    # the next round breaks the tie
    s2 = start_round(
        one,
        ["ana", "bor", "cene"],
        dealer="bor",
        hands=[["R2"], ["R1"], ["R6"]],
        turned="R5",
        scores=v.state.scores,
    )
    v2 = apply(s2, Play("cene", "R6"))
    assert v2.state.scores == (512, 301, 300) and v2.state.winner == 2


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 3), (10, 3)])
def test_SCORE_ENA_whole_ena_games_from_the_cut_to_the_lowest_total(
    players: int, seed: int
) -> None:
    """SCORE-ENA: whole Ena games with 2, 4 and 10 players, from the cut (DEAL-CUT-ENA) to the
    end of the game (lowest total wins), through legal_events + apply only, with overtakes
    (OVT-IDENT), stacking (OVT-STACK) and penalised mistakes (PEN-ENA, UNO-FALSE) on the way."""
    s, tally = play_game(ENA, players, seed)
    _check_game_end(s)
    assert tally.rounds >= 2
    assert tally.overtakes > 0
    if players > 2:
        assert tally.stacks_by_overtake > 0
    else:
        # with two players the pending draw's victim is always due (they stack by playing) and
        # the only other player played the card: no stack by overtaking is possible (OVT-SELF)
        assert tally.stacks_by_play > 0 and tally.stacks_by_overtake == 0
    for key in (
        "penalties.out_of_turn",
        "penalties.wrong_card",
        "penalties.bad_overtake",
        "uno.false_catch_penalty",
    ):
        assert tally.penalties[key] > 0, (key, tally)
    assert tally.penalties["penalties.draw_too_many"] > 0


def test_SCORE_ENA_games_replay_identically() -> None:
    """SCORE-ENA: the same seed gives the same game (chance is recorded, the referee holds no
    randomness)."""
    a, ta = play_game(ENA, 3, 9)
    b, tb = play_game(ENA, 3, 9)
    assert a == b and ta == tb


def test_END_LAST_DRAW_an_overtake_with_the_last_card_ends_the_round_and_the_stack_is_drawn() -> (
    None
):
    """END-LAST-DRAW (D-OVT-LAST): an overtake with one's last card ends the round at once; a
    stacked draw still pending is drawn by the player after the overtaker (the whole stack) and
    counts in the scoring (scoring.last_draw_counts); with that key off nobody draws."""

    def to_the_overtake(v: Variant) -> GameState:
        hands = [["W+4", "G1"], ["B1", "B2"], ["W+4", "R7"], ["Y5", "Y6"]]
        s = start_round(v, list(NAMES_IA[:4]), dealer="bor", hands=hands, turned="R5", draw=["Y8"])
        s = ok(s, Play("cene", "R7"))  # cene (left of the dealer) keeps only her W+4
        s = ok(ok(s, CallUno("cene")), Draw("dan"))  # dan draws Y8, unplayable
        s = ok(s, Play("ana", "W+4", color="green"))
        assert s.due == "bor" and s.pending is not None and s.pending.count == 4
        return s

    counts = derived("ena", 2)
    v = apply(to_the_overtake(counts), Overtake("cene", "W+4", color="blue"))
    assert v.accepted and v.state.last_round is not None and v.state.last_round.winner == 2
    assert v.drawn == (("dan", 8),)
    dan = v.state.hands[3]
    assert len(dan) == 11
    assert v.state.last_round.points[3] == sum(counts.rank(c.rank).score for c in dan)
    assert v.state.last_round.points[2] == 0 and v.state.phase == "deal"
    assert apply(v.state, Challenge("dan")).rejected  # the round is over: nothing to challenge
    off = derived("ena", 2, "[scoring]\nlast_draw_counts = false\n")
    v = apply(to_the_overtake(off), Overtake("cene", "W+4", color="blue"))
    assert v.accepted and v.drawn == () and v.state.last_round is not None
    assert len(v.state.hands[3]) == 3


def test_HOUSE_ROUNDS_a_point_per_round_won() -> None:
    """HOUSE-ROUNDS: no points for cards: each round's winner scores one; the first to the
    target (5 in rounds.toml) wins the game."""
    one = derived("rounds", 1)
    s = start_round(
        one, ["ana", "bor", "cene"], dealer="ana", hands=[["W"], ["R3"], ["R0"]], turned="R5"
    )
    v = apply(s, Play("bor", "R3"))
    assert v.accepted and v.state.last_round is not None
    assert v.state.last_round.points == (0, 1, 0) and v.state.phase == "deal"
    s = start_round(
        one,
        ["ana", "bor", "cene"],
        dealer="ana",
        hands=[["W"], ["R3"], ["R0"]],
        turned="R5",
        scores=[3, 4, 0],
    )
    v = apply(s, Play("bor", "R3"))
    assert v.state.scores == (3, 5, 0) and v.state.phase == "over" and v.state.winner == 1
    assert load_variant("rounds").scoring.target == 5


def test_SCORE_VALUES_a_zero_worth_ten_in_zero_ten() -> None:
    """SCORE-VALUES: the variant "a 0 counts 10" (002): the winner collects 10 for each 0."""
    s = start_round(
        derived("zero-ten", 1),
        ["ana", "bor", "cene"],
        dealer="ana",
        hands=[["G0"], ["R3"], ["B0"]],
        turned="R5",
    )
    v = apply(s, Play("bor", "R3"))
    assert v.state.last_round is not None and v.state.last_round.points == (0, 20, 0)
    s = start_round(
        derived("official", 1),
        ["ana", "bor", "cene"],
        dealer="ana",
        hands=[["G0"], ["R3"], ["B0"]],
        turned="R5",
    )
    assert apply(s, Play("bor", "R3")).state.scores == (0, 0, 0)


def test_END_ROUND_a_wild_played_last_still_names_its_colour() -> None:
    """END-ROUND / ACT-WILD: a Wild played as the last card names its colour all the same."""
    s = deal(derived("official", 1), [["W"], ["R3"], ["B0"]], "R5")
    v = apply(s, Play("ana", "W", color="blue"))
    assert v.state.color == "B" and v.state.last_round is not None
    assert transcript(v) == [
        "TURN-WILD turn.wild_anytime: ana plays W: a wild may be played on any turn.",
        "END-ROUND scoring.last_draw_counts: ana plays their last card and wins the round.",
        "SCORE-OFF scoring.mode: ana scores 3 for the others' hands.",
        "DEAL-ROTATE deal.rotate: ana deals the next round.",
    ]


def test_END_LAST_DRAW_a_reversing_draw_card_played_last_hits_the_previous_player() -> None:
    """END-LAST-DRAW: a last card that draws and reverses: with three or more players the draw
    falls on the player before (play now runs the other way); with two, on the other one."""
    for hands, victim in (
        ([["WC"], ["R3"], ["B0"]], "cene"),
        ([["WC"], ["R3"], ["B0"], ["G1"]], "dan"),
        ([["WC"], ["R3"]], "bor"),
    ):
        v = apply(deal(DRAW_REVERSE, hands, "R5"), Play("ana", "WC", color="blue"))
        assert v.drawn == ((victim, 2),), hands
        assert (
            f"END-LAST-DRAW scoring.last_draw_counts: {victim} draws 2 (the last card is a "
            "draw card)."
        ) in transcript(v)


def test_SCORE_ENA_own_hands_in_words() -> None:
    """SCORE-ENA: every player scores their own hand, the winner 0; the verdict lists them."""
    v = apply(deal(derived("ena", 1), [["R1"], ["R3"], ["B0"]], "R5"), Play("ana", "R1"))
    assert v.state.scores == (0, 3, 0)
    assert transcript(v)[2] == (
        "SCORE-ENA scoring.mode: Each player scores their own hand: ana 0, bor 3, cene 0."
    )


def test_HOUSE_ROUNDS_a_point_for_the_round_in_words() -> None:
    """HOUSE-ROUNDS: the round's winner scores one point, in words."""
    v = apply(deal(derived("rounds", 1), [["R1"], ["R3"], ["B0"]], "R5"), Play("ana", "R1"))
    assert v.state.scores == (1, 0, 0)
    assert transcript(v)[2] == "HOUSE-ROUNDS scoring.mode: ana scores a point for the round."


def test_SCORE_OFF_the_game_winner_in_words() -> None:
    """SCORE-OFF: the first to reach 500 wins the game; the verdict says who, with how much."""
    s = start_round(
        derived("official", 1),
        ["ana", "bor", "cene"],
        dealer="cene",
        hands=[["R1"], ["R3"], ["B0"]],
        turned="R5",
        scores=[498, 0, 0],
    )
    v = apply(s, Play("ana", "R1"))
    assert v.state.phase == "over" and v.state.winner == 0
    assert transcript(v)[-1] == "SCORE-OFF scoring.winner: ana wins the game with 501."


def test_SCORE_ENA_reaching_the_target_exactly_with_a_tie_for_lowest_plays_on() -> None:
    """SCORE-ENA: a player reaching exactly 500 ends the game, unless the lowest total is
    tied: then play goes on, and the verdict says why."""
    s = start_round(
        derived("ena", 1),
        ["ana", "bor", "cene"],
        dealer="cene",
        hands=[["R1"], ["R3"], ["B0"]],
        turned="R5",
        scores=[100, 497, 100],
    )
    v = apply(s, Play("ana", "R1"))
    assert v.state.scores == (100, 500, 100) and v.state.phase == "deal"
    assert v.state.winner is None
    assert transcript(v)[3] == (
        "SCORE-ENA scoring.winner: The target is reached but the lowest total is tied: "
        "play goes on."
    )


def test_END_ROUND_no_window_stays_open_after_the_round() -> None:
    """END-ROUND: once a player is out nothing of the round is pending: no draw, no challenge,
    no overtaking window, no drawn card."""
    s = deal(derived("ena", 1), [["R1"], ["R3"], ["B0"]], "R5")
    t = apply(s, Play("ana", "R1")).state
    assert t.phase == "deal" and t.pending is None and t.challenge is None
    assert t.overtake_open is False and t.drawn is None and t.uno_exposed == ()


def test_SCORE_OFF_the_dealer_stays_when_the_game_ends() -> None:
    """SCORE-OFF / DEAL-ROTATE: the deal passes on only to a next round; once the game is over
    the last dealer is still the dealer."""
    s = over()
    assert s.dealer == 0 and s.players[s.dealer] == "ana" and s.round == 1


def test_SCORE_OFF_after_the_game_no_event_is_accepted_and_the_winner_is_named() -> None:
    """SCORE-OFF / SCORE-ENA: once the game is over every event is refused, naming the winner."""
    for scores, winner in (([498, 0, 0], "ana"), ([100, 497, 90], "cene")):
        base = "official" if winner == "ana" else "ena"
        s = start_round(
            derived(base, 1),
            ["ana", "bor", "cene"],
            dealer="cene",
            hands=[["R1"], ["R3"], ["B0"]],
            turned="R5",
            scores=scores,
        )
        over = ok(s, Play("ana", "R1"))
        assert over.phase == "over"
        v = apply(over, Draw("bor"))
        assert v.rejected and v.notes[0].text == (
            f"the game is over ({winner} won): no event may follow"
        )
