"""The arbiter's lines (issue 13 point 3): a misdeal (PEN-ENA) and an imposed penalty
(PEN-ADVICE), judged against the variant in both kinds of record."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ena_rules.log.validate import validate

FULL = {"ena_log": 1, "players": ["ana", "bor", "cene"], "seed": 7, "dealer": "ana"}
TABLE = {
    "ena_log": 1,
    "players": ["ana", "bor", "cene"],
    "dealer": "ana",
    "deck": "unknown",
    "turned": ["R5"],
}


def _log(header: dict[str, Any], variant: str, *lines: dict[str, Any]) -> list[str]:
    return [json.dumps({**header, "variant": variant}), *(json.dumps(x) for x in lines)]


@pytest.mark.parametrize("header", [FULL, TABLE], ids=["full", "table"])
def test_PEN_ENA_misdeal_line_costs_the_dealer_two(header: dict[str, Any]) -> None:
    """PEN-ENA (penalties.misdeal = 2 in Ena): the dealer draws 2; the deal stands."""
    lines = _log(
        header,
        "ena",
        {"type": "misdeal", "player": "ana"},
        {"type": "claim_penalty", "player": "ana", "cards": 2},
    )
    report = validate(lines)
    assert report.exit_code == 0, report.findings
    r = report.results[1]
    assert (r.outcome, r.clause, r.key, r.drawn) == (
        "penalised",
        "PEN-ENA",
        "penalties.misdeal",
        (("ana", 2),),
    )
    assert "The deal stands as dealt" in r.message
    assert report.results[2].agrees is True


@pytest.mark.parametrize("header", [FULL, TABLE], ids=["full", "table"])
def test_PEN_ENA_misdeal_official_has_no_penalty(header: dict[str, Any]) -> None:
    """Official (penalties.misdeal = 0): the line is accepted and costs nothing."""
    report = validate(_log(header, "official", {"type": "misdeal", "player": "ana"}))
    r = report.results[1]
    assert report.exit_code == 0 and r.outcome == "accepted" and r.drawn == ()
    assert "give no penalty for it (penalties.misdeal = 0)" in r.message


@pytest.mark.parametrize("header", [FULL, TABLE], ids=["full", "table"])
def test_PEN_ENA_misdeal_only_by_the_dealer(header: dict[str, Any]) -> None:
    """Only this round's dealer misdeals: another player's misdeal line is inconsistent."""
    report = validate(_log(header, "ena", {"type": "misdeal", "player": "bor"}))
    assert report.exit_code == 1
    assert "bor did not deal this round (ana did)" in report.findings[0].message


@pytest.mark.parametrize("header", [FULL, TABLE], ids=["full", "table"])
def test_PEN_ADVICE_imposed_penalty_costs_two(header: dict[str, Any]) -> None:
    """PEN-ADVICE (penalties.advice = 2): the adviser draws 2, whoever is due."""
    lines = _log(header, "official", {"type": "penalty", "player": "cene", "offence": "advice"})
    r = validate(lines).results[1]
    assert (r.outcome, r.clause, r.key, r.drawn) == (
        "penalised",
        "PEN-ADVICE",
        "penalties.advice",
        (("cene", 2),),
    )


def test_PEN_ADVICE_wrong_penalty_claim_disagrees() -> None:
    """A table's claim of another count than the rules' is a disagreement."""
    lines = _log(
        TABLE,
        "official",
        {"type": "penalty", "player": "cene", "offence": "advice"},
        {"type": "claim_penalty", "player": "cene", "cards": 4},
    )
    report = validate(lines)
    assert report.exit_code == 1 and "the rules penalise cene 2 cards" in report.findings[0].rules


def test_arbiter_line_with_an_unknown_offence_is_unusable() -> None:
    """An offence the rules do not price is a record written wrongly (exit 2)."""
    report = validate(_log(TABLE, "ena", {"type": "penalty", "player": "bor", "offence": "x"}))
    assert report.exit_code == 2 and "'x': no such offence" in report.findings[0].message
