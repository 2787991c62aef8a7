"""Mau-Mau (MAU-*): the shipped variant on the 32-card pack, each clause by its id
(specs/clauses.toml; the scenarios are specs/mau_mau.toml)."""

from __future__ import annotations

import pytest

from ena_rules import CallUno, Draw, GameState, Play, apply, legal_events, load_variant
from ena_rules.agents.simulation import simulate
from ena_rules.cards import parse_card
from ena_rules.game.position import parse_position
from ena_rules.testing import start_round

MAU = load_variant("mau-mau")


def at(hands: str, *, top: str = "H9", color: str = "H", players: str = "ana,bor") -> GameState:
    n = players.count(",") + 1
    return parse_position(
        f"mau-mau players={players} phase=play dealer={n - 1} scores={','.join(['0'] * n)} "
        f"hands={hands} draw=DA.HK.CA.SA.S8.H8 discard={top} color={color} last={n - 1} open=1",
        MAU,
    )


def test_MAU_HAND_five_cards_from_the_32_card_pack() -> None:
    """MAU-HAND: 32 cards, 7 to ace in four suits; five each."""
    assert len(MAU.cards) == 32 and MAU.hand_size(3) == 5
    s = start_round(MAU, ["ana", "bor", "cene"], dealer="cene", hands=[], turned="H9")
    assert [len(h) for h in s.hands] == [5, 5, 5]


def test_MAU_MATCH_a_draw_takes_one_card() -> None:
    """MAU-MATCH: a card of neither suit nor rank is rejected; a draw takes one card."""
    s = at("D10.C9.SK/S10.DQ")
    assert apply(s, Play("ana", "SK")).clause == "MAU-MATCH"
    assert apply(s, Draw("ana")).drawn == (("ana", 1),)


def test_MAU_SEVEN_sevens_stack_two_more_each() -> None:
    """MAU-SEVEN: a seven owes the next player two; a seven answers and passes on four."""
    s = at("H7.C9.SK/S7.DQ.D10/CQ.CK.DK", players="ana,bor,cene")
    v = apply(s, Play("ana", "H7"))
    assert v.state.pending is not None and v.state.pending.count == 2
    v = apply(v.state, Play("bor", "S7"))
    assert v.state.pending is not None and v.state.pending.count == 4
    v = apply(v.state, Draw("cene"))
    assert v.drawn == (("cene", 4),) and v.state.due == "ana"


def test_MAU_EIGHT_an_eight_skips() -> None:
    """MAU-EIGHT: an eight skips the next player."""
    v = apply(at("H8.C9.SK/S7.DQ.D10/CQ.CK.DK", players="ana,bor,cene"), Play("ana", "H8"))
    assert v.skipped == ("bor",) and v.state.due == "cene"


def test_MAU_JACK_a_jack_on_anything_names_a_suit() -> None:
    """MAU-JACK: a jack is played on any card and names the suit (legal once per suit)."""
    s = at("SJ.C9.SK/S10.DQ.C10", top="D9", color="D")
    jacks = [e for e in legal_events(s) if isinstance(e, Play) and e.card == parse_card("SJ")]
    assert len(jacks) == 4
    v = apply(s, Play("ana", "SJ", color="clubs"))
    assert (v.outcome, v.clause, v.state.color) == ("accepted", "MAU-JACK", "C")


@pytest.mark.parametrize(("forbid", "outcome"), [(True, "rejected"), (False, "accepted")])
def test_MAU_JACK_ON_JACK_is_a_key(forbid: bool, outcome: str) -> None:
    """MAU-JACK-ON-JACK: with ranks.J.not_on_same_rank a jack on a jack is rejected and not
    legal; without it, it is played."""
    from ena_rules import load_variant_text

    v = load_variant_text(
        f'name = "m"\nextends = "mau-mau"\n[ranks.J]\nnot_on_same_rank = {str(forbid).lower()}\n',
        source="m.toml",
    )
    s = parse_position(
        "m players=ana,bor phase=play dealer=1 scores=0,0 hands=SJ.C9/S10.DQ draw=DA.HK "
        "discard=HJ color=C last=1 open=1",
        v,
    )
    out = apply(s, Play("ana", "SJ", color="hearts"))
    assert out.outcome == outcome
    legal = any(isinstance(e, Play) and e.card == parse_card("SJ") for e in legal_events(s))
    assert legal is not forbid
    if forbid:
        assert (out.clause, out.key) == ("MAU-JACK-ON-JACK", "ranks.J.not_on_same_rank")


def test_MAU_CALL_caught_without_mau_draws_two() -> None:
    """MAU-CALL: down to one card without saying Mau, caught: two cards."""
    v = apply(at("H10.C9/S10.DQ.C10"), Play("ana", "H10"))
    v = apply(v.state, CallUno("bor", target="ana"))
    assert v.drawn == (("ana", 2),)


def test_MAU_FIRST_a_seven_turned_up_makes_the_first_player_draw() -> None:
    """MAU-FIRST: the first card counts as the dealer's: a seven owes the first player two."""
    s = start_round(MAU, ["ana", "bor", "cene"], dealer="cene", hands=[], turned="H7")
    assert s.phase == "owe" and s.pending is not None and s.pending.count == 2


def test_MAU_SCORE_the_player_out_collects() -> None:
    """MAU-SCORE: ace 5, king 4, seven 1 collected by the player out."""
    v = apply(at("H10/SA.SK.C7"), Play("ana", "H10"))
    assert v.state.scores == (10, 0)


def test_MAU_HAND_games_play_to_the_end() -> None:
    """MAU-HAND, MAU-SCORE: random legal players finish whole games of Mau-Mau."""
    assert simulate(MAU, players=4, games=10, seed=5).finished == 10


def test_MAU_SEVEN_doubling_is_a_key() -> None:
    """MAU-SEVEN (stacking.growth = "double", spinchat): each seven answering doubles what is
    owed, 2, 4, 8; a seven played as the last card on a pending draw doubles it too."""
    from ena_rules import load_variant_text

    v = load_variant_text(
        'name = "doubling"\nextends = "mau-mau"\n[stacking]\ngrowth = "double"\n',
        source="doubling.toml",
    )

    def doubling(hands: str) -> GameState:
        return parse_position(
            f"doubling players=ana,bor,cene phase=play dealer=2 scores=0,0,0 hands={hands} "
            "draw=DA.HK.CA.SA.S8.H8.D8.C8.S9.H10 discard=H9 color=H last=2 open=1",
            v,
        )

    s = doubling("H7.C9.SK/S7.DQ.D10/C7.CK.DK")
    counts = []
    for player, card in (("ana", "H7"), ("bor", "S7"), ("cene", "C7")):
        out = apply(s, Play(player, card))
        assert out.outcome == "accepted" and out.state.pending is not None
        counts.append(out.state.pending.count)
        s = out.state
    assert counts == [2, 4, 8]
    s = apply(doubling("H7.C9.SK/S7.DQ.D10/C7"), Play("ana", "H7")).state
    s = apply(s, Play("bor", "S7")).state
    end = apply(s, Play("cene", "C7"))  # cene's last card: the doubled draw falls on ana
    assert end.drawn == (("ana", 8),)


def _eights(answer: str = '{ "8" = ["8"] }') -> GameState:
    from ena_rules import load_variant_text

    v = load_variant_text(
        f'name = "eights"\nextends = "mau-mau"\n[stacking]\nskip_answer = {answer}\n',
        source="eights.toml",
    )
    return parse_position(
        "eights players=ana,bor,cene phase=play dealer=2 scores=0,0,0 "
        "hands=H8.C9.SK/S8.DQ.D10/CQ.CJ.C8 draw=DA.HK.CA discard=H9 color=H last=2 open=1",
        v,
    )


def test_MAU_EIGHT_ANSWER_an_eight_passes_the_skip_on() -> None:
    """MAU-EIGHT-ANSWER (stacking.skip_answer, spinchat): a player skipped by an eight is due
    with the skip pending; an eight passes it on, anything else but a pass is refused, and the
    pass takes the skip (the turn goes on past the skipped player)."""
    from ena_rules import Pass

    v = apply(_eights(), Play("ana", "H8"))
    s = v.state
    assert (v.skipped, s.due, s.phase) == ((), "bor", "owe")
    assert s.pending is not None and s.pending.count == 0
    legal = legal_events(s)
    assert Pass("bor") in legal and Draw("bor") not in legal
    assert {e.card for e in legal if isinstance(e, Play)} == {parse_card("S8")}
    refused = apply(s, Play("bor", "DQ"))
    assert (refused.outcome, refused.clause, refused.key) == (
        "rejected",
        "MAU-EIGHT-ANSWER",
        "stacking.skip_answer",
    )
    assert apply(s, Draw("bor")).clause == "MAU-EIGHT-ANSWER"
    on = apply(s, Play("bor", "S8"))
    assert (on.state.due, on.state.phase, on.skipped) == ("cene", "owe", ())
    taken = apply(on.state, Pass("cene"))
    assert (taken.skipped, taken.state.due, taken.state.phase) == (("cene",), "ana", "play")
    assert taken.drawn == () and len(taken.state.hands[2]) == 3


def test_MAU_EIGHT_ANSWER_the_default_skip_is_final() -> None:
    """MAU-EIGHT-ANSWER: the shipped Mau-Mau (LiteGames) lists no answer: the skip is at once,
    and a pending skip is refused by the deck check where a rank does not skip."""
    from ena_rules import load_variant_text
    from ena_rules.errors import VariantError

    assert MAU.skip_answers("8") == ()
    v = apply(at("H8.C9.SK/S8.DQ.D10/CQ.CK.DK", players="ana,bor,cene"), Play("ana", "H8"))
    assert (v.skipped, v.state.due, v.state.phase) == (("bor",), "cene", "play")
    with pytest.raises(VariantError, match=r"stacking\.skip_answer\.8.*'9' must skip"):
        load_variant_text(
            'name = "bad"\nextends = "mau-mau"\n[stacking]\nskip_answer = { "8" = ["9"] }\n',
            source="bad.toml",
        )


def test_MAU_EIGHT_ANSWER_two_players_the_skip_comes_back() -> None:
    """MAU-EIGHT-ANSWER with two players: an eight answered by an eight skips its first player,
    who takes it by passing; the answering player is due again."""
    from ena_rules import Pass

    s = _eights()
    two = parse_position(
        "eights players=ana,bor phase=play dealer=1 scores=0,0 hands=H8.C9/S8.DQ "
        "draw=DA.HK.CA discard=H9 color=H last=1 open=1",
        s.variant,
    )
    v = apply(two, Play("ana", "H8"))
    v = apply(v.state, Play("bor", "S8"))
    assert (v.state.due, v.state.phase) == ("ana", "owe")
    v = apply(v.state, Pass("ana"))
    assert (v.skipped, v.state.due) == (("ana",), "bor")


def test_MAU_CALL_OUT_a_jack_going_out_uncalled_does_not_win() -> None:
    """MAU-CALL-OUT (uno.out_call = ["J"]): a jack put down as the last card without its call
    stays down and names its suit, but its player draws uno.catch_penalty and play goes on."""
    s = at("SJ/S10.DQ.C10", top="D9", color="D")
    v = apply(s, Play("ana", "SJ", color="clubs"))
    assert (v.outcome, v.state.phase, v.state.due, v.state.color) == (
        "accepted",
        "play",
        "bor",
        "C",
    )
    assert v.drawn == (("ana", 2),) and v.state.last_round is None
    assert any(n.clause == "MAU-CALL-OUT" and n.key == "uno.out_call" for n in v.notes)


def test_MAU_CALL_OUT_called_before_it_goes_down_the_jack_wins() -> None:
    """MAU-CALL-OUT: the holder of one jack calls it (a call_uno line, legal only then and only
    once); the jack then goes out and wins. A draw ends the call."""
    s = at("SJ/S10.DQ.C10", top="D9", color="D")
    assert CallUno("ana") in legal_events(s) and CallUno("bor") not in legal_events(s)
    called = apply(s, CallUno("ana"))
    assert (called.clause, called.key, called.state.out_called) == (
        "MAU-CALL-OUT",
        "uno.out_call",
        (0,),
    )
    assert CallUno("ana") not in legal_events(called.state)
    assert apply(called.state, CallUno("ana")).outcome == "rejected"
    won = apply(called.state, Play("ana", "SJ", color="clubs"))
    assert won.state.last_round is not None and won.state.last_round.winner == 0
    drew = apply(called.state, Draw("ana"))
    assert drew.state.out_called == ()


def test_MAU_CALL_OUT_is_a_key_and_uno_has_no_such_call() -> None:
    """MAU-CALL-OUT: the key lists the ranks (none: the last card goes out uncalled, as in
    UNO, and so with uno.calls = "none", HR-SILENT-UNO); a rank not in the deck is refused."""
    from ena_rules import load_variant_text
    from ena_rules.errors import VariantError

    assert load_variant("official").uno.out_call == () and MAU.uno.out_call == ("J",)
    for extra in ("out_call = []", 'calls = "none"'):
        free = load_variant_text(
            f'name = "free"\nextends = "mau-mau"\n[uno]\n{extra}\n', source="free.toml"
        )
        s = parse_position(
            "free players=ana,bor phase=play dealer=1 scores=0,0 hands=SJ/S10.DQ "
            "draw=DA.HK discard=D9 color=D last=1 open=1",
            free,
        )
        assert apply(s, CallUno("ana")).outcome == "rejected"
        assert CallUno("ana") not in legal_events(s)
        won = apply(s, Play("ana", "SJ", color="clubs")).state.last_round
        assert won is not None and won.winner == 0
    with pytest.raises(VariantError, match=r"uno\.out_call\[0\].*'W'"):
        load_variant_text('name = "b"\nextends = "mau-mau"\n[uno]\nout_call = ["W"]\n', source="b")
