"""What an app needs beyond apply: who may act now, a player's own moves, the cut in one call,
and the arranged round of ``ena_rules.testing`` (docs/guide-apps.md)."""

from __future__ import annotations

import ena_rules
from ena_rules import (
    Play,
    apply,
    cut_event,
    cut_for_dealer,
    deal_event,
    legal_events,
    load_variant,
    new_game,
    view,
    who_may_act,
)
from ena_rules.testing import start_round

PLAYERS = ["ana", "bor", "cene"]


def _overtake_open() -> ena_rules.GameState:
    """bor played R9; cene is due and ana holds the other R9."""
    s = start_round(
        load_variant("ena"), PLAYERS, dealer="ana", hands=[["R9"], ["R9", "G2"], []], turned="R5"
    )
    return apply(s, Play("bor", "R9")).state


class TestWhoMayAct:
    def test_the_player_due_first_then_each_out_of_turn_player(self) -> None:
        """cene is due, ana may overtake: both named, the player due first; each of them has
        a move of their own in their view, bor (nothing to do) has none."""
        s = _overtake_open()
        assert who_may_act(s) == ("cene", "ana")
        assert {e.player for e in legal_events(s)} == {"cene", "ana"}
        assert all(e.player == "ana" for e in legal_events(view(s, "ana")))
        assert legal_events(view(s, "ana")) and legal_events(view(s, "bor")) == ()

    def test_a_view_answers_for_its_viewer_only(self) -> None:
        s = _overtake_open()
        assert who_may_act(view(s, "ana")) == ("ana",)
        assert who_may_act(view(s, "cene")) == ("cene",)
        assert who_may_act(view(s, "bor")) == ()

    def test_nobody_at_a_cut_a_deal_or_when_the_game_is_over(self) -> None:
        s = new_game(load_variant("ena"), PLAYERS)
        assert s.phase == "cut" and who_may_act(s) == ()
        s = new_game(load_variant("ena"), PLAYERS, dealer="ana")
        assert s.phase == "deal" and who_may_act(s) == ()

    def test_without_an_overtake_only_the_player_due(self) -> None:
        s = start_round(load_variant("official"), PLAYERS, dealer="ana", turned="R5")
        assert who_may_act(s) == (s.due,)


class TestCutForDealer:
    def test_a_tied_cut_is_cut_again_in_the_one_call(self) -> None:
        """official, seed 0: a's Skip goes back and cuts again, then a deals; the verdicts of
        both cuts are returned, and the state is at the deal with its dealer."""
        s = new_game(load_variant("official"), ["a", "b", "c"])
        state, cuts = cut_for_dealer(s, seed=0)
        assert len(cuts) == 2 and all(v.accepted for v in cuts)
        assert "cut again" in cuts[0].message and state.phase == "deal"
        assert state.players[state.dealer] == "a"
        assert cuts[0].event == cut_event(s, 0, 0)

    def test_the_chance_helpers_are_on_the_top_level(self) -> None:
        from ena_rules.rules import chance

        assert ena_rules.cut_for_dealer is chance.cut_for_dealer
        assert ena_rules.deal_event is chance.deal_event and ena_rules.cut_event is chance.cut_event
        assert {"cut_for_dealer", "cut_event", "deal_event", "who_may_act"} <= set(
            ena_rules.__all__
        )
        s = new_game(load_variant("ena"), PLAYERS, dealer="ana")
        assert apply(s, deal_event(s, seed=3)).accepted


def test_start_round_fills_each_hand_to_the_deal_size() -> None:
    """The hands given are each hand's first cards; the deal fills every hand to
    deal.hand_size (7 in Ena, 5 in a variant dealing 5), as start_round's docstring says."""
    s = start_round(load_variant("ena"), PLAYERS, dealer="ana", hands=[["R1"], ["R9"], []])
    assert [len(h) for h in s.hands] == [7, 7, 7]
    assert (str(s.hands[0][0]), str(s.hands[1][0])) == ("R1", "R9")
    assert "fills every hand to the variant's deal size" in " ".join(
        (start_round.__doc__ or "").split()
    )


class TestNamesNotSeats:
    def test_a_state_and_a_view_answer_by_name_and_the_old_fields_stay(self) -> None:
        """dealer_name, winner_name, scores_by_name, hand_sizes_by_name on a state and on a
        view alike; the seat-indexed ``dealer``/``winner``/``scores`` and the view's pairs are
        unchanged."""
        s = new_game(load_variant("ena"), PLAYERS, dealer="bor")
        s = apply(s, deal_event(s, seed=1)).state
        v = view(s, "ana")
        for x in (s, v):
            assert x.dealer_name == "bor" and x.winner_name is None
            assert x.scores_by_name == {"ana": 0, "bor": 0, "cene": 0}
            assert x.hand_sizes_by_name == {"ana": 7, "bor": 7, "cene": 7}
        assert s.dealer == 1 and s.scores == (0, 0, 0) and s.winner is None
        assert v.dealer == "bor" and v.hand_sizes == (("ana", 7), ("bor", 7), ("cene", 7))

    def test_the_winner_by_name_at_the_end(self) -> None:
        from ena_rules.agents.simulation import play_game

        s = play_game(load_variant("ena"), PLAYERS, seed=5).final
        assert s.phase == "over" and s.winner is not None
        assert s.winner_name == PLAYERS[s.winner] == view(s, "cene").winner_name
