"""Bad input through the API: rejected with the reason stated, and the state unchanged.

An event naming an unknown player, a card the player does not hold, a wild without a colour, any
event after the game has ended (issue 2, "Bad input"). A rejected verdict returns the very same
state object, names a clause and a key, and says in words what was wrong.
"""

from __future__ import annotations

import pytest

from ena_rules import (
    CallUno,
    CardError,
    Challenge,
    ChooseColor,
    Cut,
    Deal,
    Draw,
    EnaRulesError,
    EventError,
    GameState,
    Overtake,
    Pass,
    Play,
    Verdict,
    apply,
    canonical_deck,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.testing import start_round
from ena_rules.view import view

OFFICIAL = load_variant("official")
V3 = load_variant_text('name = "official-3"\nextends = "official"\n[deal]\nhand_size = 3')
PLAYERS = ["ana", "bor", "cene"]


def table() -> GameState:
    hands = [["Y1", "Y2", "Y3"], ["R1", "W", "W+4"], ["G1", "G2", "G3"]]
    return start_round(V3, PLAYERS, dealer="ana", hands=hands, turned="R5")


def over() -> GameState:
    """A finished game: bor went out and passed 500."""
    hands = [["Y9", "W", "W+4"], ["RS", "RS", "R1"]]
    s = start_round(V3, ["ana", "bor"], dealer="ana", hands=hands, turned="R5", scores=[0, 490])
    for e in (Play("bor", "RS"), Play("bor", "RS"), Play("bor", "R1")):
        s = apply(s, e).state
    assert s.is_over
    return s


def rejected(state: GameState, event: object, *words: str) -> Verdict:
    """Rejected; the very same state; a clause, a key and a reason naming ``words``."""
    v = apply(state, event)  # type: ignore[arg-type]
    assert v.rejected, str(v)
    assert v.state is state
    assert v.drawn == () and v.skipped == ()
    assert v.clause and v.key and v.message
    for w in words:
        assert w in v.message, (w, v.message)
    assert event not in legal_events(state)
    return v


@pytest.mark.parametrize(
    "event",
    [
        Play("zoe", "R1"),
        Draw("zoe"),
        Pass("zoe"),
        CallUno("zoe"),
        Challenge("zoe"),
        Overtake("zoe", "R5"),
        ChooseColor("zoe", "red"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_SETUP_PLAYERS_an_event_naming_an_unknown_player_is_rejected(event: object) -> None:
    """SETUP-PLAYERS: an unknown player is not at the table: rejected, state unchanged."""
    v = rejected(table(), event, "'zoe'", "not a player")
    assert v.clause == "SETUP-PLAYERS"


def test_SETUP_PLAYERS_catching_an_unknown_player_is_rejected() -> None:
    """SETUP-PLAYERS: a catch naming an unknown target is rejected."""
    rejected(table(), CallUno("ana", "zoe"), "'zoe'", "not a player")


def test_TURN_MATCH_a_card_the_player_does_not_hold_is_rejected() -> None:
    """TURN-MATCH: playing a card one does not hold is not a move at all (no penalty)."""
    v = rejected(table(), Play("bor", "R9"), "bor", "does not hold R9")
    assert v.clause == "TURN-MATCH"


def test_DECK_108_a_card_not_in_the_deck_is_rejected() -> None:
    """DECK-108: a card the variant's deck lacks (a Wild Shuffle officially) is rejected."""
    rejected(table(), Play("bor", "WS", color="red"), "WS", "not a card of the")


@pytest.mark.parametrize("card", ["W", "W+4"])
def test_ACT_WILD_a_wild_without_a_colour_is_rejected(card: str) -> None:
    """ACT-WILD: a wild must name its colour."""
    v = rejected(table(), Play("bor", card), card, "needs a colour")
    assert v.clause == "ACT-WILD"


def test_ACT_WILD_a_colour_on_a_coloured_card_is_rejected() -> None:
    """ACT-WILD: a coloured card names no colour: the contradictory event is rejected."""
    rejected(table(), Play("bor", "R1", color="green"), "R1", "does not name a colour")


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


def test_DEAL_SEVEN_events_before_the_deal_are_rejected() -> None:
    """DEAL-SEVEN: before the deal nobody plays; the deal itself must be the variant's deck."""
    s = new_game(OFFICIAL, PLAYERS, dealer="ana")
    rejected(s, Draw("bor"), "not been dealt")
    short = rejected(s, Deal(canonical_deck(OFFICIAL)[:-1]), "missing: W+4")
    assert short.clause == "DECK-108"
    rejected(s, Cut(["R1", "R2", "R3"]), "no cut")


def test_DEAL_CUT_OFF_a_cut_card_that_is_not_in_the_deck_is_rejected() -> None:
    """DEAL-CUT-OFF: a cut must use cards of the deck (one R0 per colour, no WS officially)."""
    s = new_game(OFFICIAL, PLAYERS)
    rejected(s, Cut(["R0", "R0", "R1"]), "R0")
    rejected(s, Cut(["WS", "R2", "R1"]), "WS")


def test_PEN_WRONG_OFF_out_of_turn_and_out_of_phase_events_are_rejected() -> None:
    """PEN-WRONG-OFF: the official rules punish only a wrong card; other slips are refused."""
    s = table()
    rejected(s, Play("cene", "G1"), "out of turn")
    rejected(s, Draw("cene"), "out of turn")
    rejected(s, Pass("bor"), "bor")
    rejected(s, Overtake("cene", "G1"), "no overtaking")
    rejected(s, ChooseColor("ana", "red"), "no colour to name")


def test_DECK_108_malformed_event_values_fail_when_the_event_is_made() -> None:
    """DECK-108: a bad card code or colour name is an error at once, never a half event."""
    with pytest.raises(CardError, match="'X9'"):
        Play("bor", "X9")
    with pytest.raises(CardError, match="purple"):
        Play("bor", "W", color="purple")
    with pytest.raises(EventError):
        Draw("")
    with pytest.raises(EventError):
        Deal(["R1"], seed="7")
    with pytest.raises(EventError, match="not an event"):
        apply(table(), "draw")  # type: ignore[arg-type]
    with pytest.raises(EnaRulesError):
        view(table(), "zoe")
    for exc in (CardError, EventError):
        assert issubclass(exc, ValueError)
