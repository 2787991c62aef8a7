"""Seeds mean the same everywhere: a log's seed fixes its cut and every round's deck exactly as
docs/shuffle.md says, and the worked example on that page is what the code does.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ena_rules import Cut, apply, canonical_deck, load_variant, new_game
from ena_rules.cards.shuffle import derive_seed, shuffled
from ena_rules.log.validate import validate
from ena_rules.rules.chance import CUT_PATH, cut_event, deal_event

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "shuffle.md").read_text(encoding="utf-8")
EXAMPLE = PAGE.split("### Worked example: a seeded log", 1)[1].split("\n## ", 1)[0]
OFFICIAL = load_variant("official")
PLAYERS = ["ana", "bor", "cene"]


def _page_value(expr: str) -> int:
    """The hex value the page gives for ``expr`` (e.g. ``derive_seed(7, 0)``)."""
    m = re.search(re.escape(expr) + r" =\s+0x([0-9A-F]+)", EXAMPLE)
    assert m, expr
    return int(m.group(1), 16)


def _page_cards(after: str) -> list[str]:
    """The cards the page lists in backticks after the text ``after``."""
    tail = " ".join(EXAMPLE.split(after, 1)[1].split())
    m = re.search(r"starts\s+`([^`]+)`", tail)
    assert m, after
    return m.group(1).split()


def test_DEAL_CUT_OFF_the_cut_of_a_seeded_log_is_the_documented_shuffle() -> None:
    """DEAL-CUT-OFF: cut k shuffles the canonical deck with derive_seed(seed, 0xC07, k) and
    the players still cutting turn up its first cards; the page's example is what happens."""
    deck = canonical_deck(OFFICIAL)
    assert CUT_PATH == 0xC07
    for k, label in ((0, "1. Cut 0"), (1, "2. Cut 1")):
        seed = derive_seed(7, 0xC07, k)
        assert seed == _page_value(f"derive_seed(7, 0xC07, {k})")
        shown = _page_cards(label)
        assert [str(c) for c in shuffled(deck, seed)[: len(shown)]] == shown
    s = new_game(OFFICIAL, PLAYERS)
    first = cut_event(s, 7, 0)
    assert first == Cut(shuffled(deck, derive_seed(7, 0xC07, 0))[:3])
    s = apply(s, first).state
    assert s.cutters == (2,)  # cene's Wild Draw Four does not count: cene cuts again
    s = apply(s, cut_event(s, 7, 1)).state
    assert s.phase == "deal" and s.dealer == 2


def test_DEAL_SEVEN_every_round_deck_of_a_seeded_log_is_the_documented_shuffle() -> None:
    """DEAL-SEVEN: round r's deck is shuffled(canonical, derive_seed(seed, r)), dealt one card
    at a time from the dealer's left; the page's decks are those."""
    deck = canonical_deck(OFFICIAL)
    for r, label in ((0, "3. Round 0"), (1, "4. Round 1")):
        seed = derive_seed(7, r)
        assert seed == _page_value(f"derive_seed(7, {r})")
        shown = _page_cards(label)
        assert [str(c) for c in shuffled(deck, seed)[: len(shown)]] == shown
    report = validate(
        [json.dumps({"ena_log": 1, "variant": "official", "players": PLAYERS, "seed": 7})]
    )
    state = report.final
    assert state is not None and state.dealer == 2
    order = shuffled(deck, derive_seed(7, 0))
    # cene deals: ana, bor, cene, ana, ... so ana's hand is cards 0, 3, 6, ...
    for seat in range(3):
        assert state.hands[seat] == order[seat:21:3]
    assert state.seed == derive_seed(7, 0)
    s = new_game(OFFICIAL, PLAYERS, dealer="cene")
    assert deal_event(s, 7).deck == order


def test_TURN_RESHUFFLE_in_round_shuffles_use_the_round_seed() -> None:
    """TURN-RESHUFFLE: the k-th in-round shuffle of round r uses derive_seed(seed, r, k + 1),
    which is derive_seed(round seed, k + 1): the round's Deal carries that round seed."""
    for r in range(3):
        rs = derive_seed(7, r)
        for k in range(3):
            assert derive_seed(7, r, k + 1) == derive_seed(rs, k + 1)
    s = new_game(OFFICIAL, PLAYERS, dealer="ana")
    assert deal_event(s, 7).seed == derive_seed(7, 0)
