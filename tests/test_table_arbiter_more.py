"""The arbiter's lines (PEN-ENA misdeal, PEN-ADVICE), more cases: the whole verdict of
``arbiter_verdict`` in words, on positions dealt with ``apply`` (docs/verification.md
section 6)."""

from __future__ import annotations

import json
from typing import Any

from short_game import EVENTS, HEAD, SHORT

from ena_rules import Play, apply, load_variant, new_game
from ena_rules.chance import deal_event
from ena_rules.rules.arbiter import arbiter_verdict
from ena_rules.state import GameState
from ena_rules.testing import deal, derived, ok, transcript
from ena_rules.validate import Report, validate


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
