"""Messages count in words: "1 card", never "1 cards"; no doubled words; one note a draw."""

from __future__ import annotations

from collections.abc import Callable

from ena_rules import (
    Challenge,
    Deal,
    Draw,
    Play,
    Variant,
    apply,
    canonical_deck,
    load_variant,
    new_game,
)
from ena_rules.game.position import format_position, parse_position
from ena_rules.game.words import plural
from ena_rules.log.validate import validate
from ena_rules.testing import derived, start_round

SEEDED = '{"ena_log": 1, "variant": "ena", "players": ["ana", "bor", "cene"], "seed": 5}'


def test_plural_counts_in_words() -> None:
    """``plural`` says "1 card", "0 cards", "2 keys differ"."""
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(1, "key differs", "keys differ") == "1 key differs"
    assert plural(3, "key differs", "keys differ") == "3 keys differ"


def test_PEN_ENA_a_one_card_penalty_costs_1_card(derive: Callable[..., Variant]) -> None:
    """PEN-ENA with a penalty set to 1: "a mistake costing 1 card."."""
    variant = derive("[penalties]\nout_of_turn = 1", base="ena")
    s = start_round(variant, ["ana", "bor", "cene"], dealer="ana", hands=[["R1"]], turned="R5")
    verdict = apply(s, Play("ana", "R1"))
    assert verdict.penalised
    assert "a mistake costing 1 card." in verdict.message


def test_a_summary_counts_one_claim_one_event_and_one_unusable_line() -> None:
    """The summary of a log with one event, one claim and one bad line says each in the
    singular; the claim's own text too ("1 card")."""
    report = validate(
        [
            SEEDED,
            '{"type": "draw", "player": "bor"}',
            '{"type": "claim_penalty", "player": "bor", "cards": 1}',
            "{broken",
        ]
    )
    text = report.summary_text()
    assert "1 event (" in text and "1 claim," in text and "1 unusable line;" in text
    claim = next(r for r in report.results if r.kind == "claim")
    assert "1 cards" not in claim.text()


def test_HOUSE_DRAW_UNTIL_one_note_for_the_whole_draw() -> None:
    """HOUSE-DRAW-UNTIL: a draw of several cards until a playable one is one note, with the
    number of cards, not one note per card."""
    s = start_round(
        load_variant("draw-until"),
        ["ana", "bor"],
        dealer="ana",
        hands=[["R1"], ["G2"]],
        turned="B5",
        draw=["Y1", "Y2", "B7"],
    )
    verdict = apply(s, Draw("bor"))
    draws = [n for n in verdict.notes if n.key == "turn.draw"]
    assert len(draws) == 1
    assert "bor draws 3 cards (their turn's draw, until a playable one comes)." in draws[0].text
    assert dict(verdict.drawn) == {"bor": 3}


def test_CHAL_INNOCENT_with_no_colour_in_play_no_doubled_words() -> None:
    """CHAL-INNOCENT: a Wild Draw Four played where no colour was in play is legal, and the
    verdict says so, never "held no no colour card"."""
    s = start_round(
        load_variant("official"),
        ["ana", "bor", "cene"],
        dealer="ana",
        hands=[["R1"], ["W+4", "G2"], ["B3"]],
        turned="R5",
    )
    s = parse_position(format_position(s).replace(" color=R", ""))
    assert s.color is None
    s = apply(s, Play("bor", "W+4", color="green")).state
    verdict = apply(s, Challenge("cene"))
    assert "no no" not in verdict.message
    assert "no colour was in play, so the Wild Draw Four was legal" in verdict.message


def test_DEAL_SEVEN_a_deal_of_one_card_says_1_card() -> None:
    """DEAL-SEVEN (``deal.hand_size``): "deals 1 card to each player", never "1 cards"."""
    v = derived("official", 1)
    verdict = apply(new_game(v, ["ana", "bor"], dealer="ana"), Deal(canonical_deck(v)))
    assert "ana deals 1 card to each player." in verdict.message
    assert "1 cards" not in verdict.message
