"""No Mercy's draws and discards in table records (docs/table-records.md).

A table record has no deck order: what a Color Roulette drew (NM-ROULETTE, DRAW-COLOR) and what
a Discard All put down with it (NM-DISCARD-ALL) are unknown cards, unless the record notes them
(a ``choose_color``'s ``cards``, a ``play``'s ``discarded``). Noted, they decide the count, the
hand sizes and so the mercy rule (NM-MERCY) as the full log does.
"""

from __future__ import annotations

import io

from ena_rules import ChooseColor, Play, load_variant
from ena_rules.log.lines import DrawnClaim
from ena_rules.log.table_writer import TableRecorder, to_table_record
from ena_rules.log.validate import validate
from ena_rules.rules.unseen import known
from ena_rules.testing.table import full_game


def _table(turned: str = "B1") -> TableRecorder:
    v = load_variant("no-mercy")
    return TableRecorder(io.StringIO(), v, ["ana", "bor"], dealer="ana", turned=[turned])


def _sizes(rec: TableRecorder) -> list[int]:
    s = rec.replay.state
    assert s is not None
    return [len(h) for h in s.hands]


def test_NM_ROULETTE_the_cards_noted_on_choose_color_decide_the_count() -> None:
    """The victim draws until the colour comes: the noted cards are drawn, up to the first of
    the colour, and the hand holds them (the full log's seed 1 drew 3, the table saw them)."""
    rec = _table()
    assert rec.play("bor", "WCR").outcome == "accepted"
    r = rec.event(ChooseColor("ana", "yellow"), cards=["W+10", "B9", "YDA"])
    assert (r.outcome, r.drawn) == ("accepted", (("ana", 3),)), r.text()
    s = rec.replay.state
    assert s is not None and sorted(map(str, known(s.hands[0]))) == ["B9", "W+10", "YDA"]
    assert _sizes(rec) == [10, 6]


def test_DRAW_COLOR_noted_cards_the_rules_do_not_draw_are_inconsistent() -> None:
    """The colour comes second: a third card noted is one the rules never draw."""
    rec = _table()
    rec.play("bor", "WCR")
    r = rec.event(ChooseColor("ana", "yellow"), cards=["B9", "YDA", "W+10"])
    assert r.outcome == "rejected", r.text()
    assert "by the rules ana draws 2" in r.message


def test_DRAW_COLOR_without_notes_the_count_is_undetermined_and_open() -> None:
    """No notes: the count is not visible. The draw stops at its first card nobody saw, the
    line is undetermined (before: accepted, "ana draws 1"), the hand holds at least that card,
    and a claim_drawn says how many came."""
    rec = _table()
    rec.play("bor", "WCR")
    r = rec.choose_color("ana", "yellow")
    assert r.outcome == "undetermined", r.text()
    assert "how many cards the draw took" in r.message
    assert rec.replay.open_of == {rec.replay.state: frozenset({0})}
    c = rec.replay.claim(4, DrawnClaim("ana", count=3), None)
    assert c.agrees is True, c.text()
    assert _sizes(rec) == [10, 6] and rec.replay.open_of == {}


def test_NM_DISCARD_ALL_the_cards_noted_as_discarded_leave_the_hand() -> None:
    """The table saw two more blue cards go down under the Discard All: the hand holds 7 - 3."""
    rec = _table()
    r = rec.event(Play("bor", "BDA"), discarded=["B5", "BS"])
    assert r.outcome == "accepted", r.text()
    assert "also discards B5, BS" in r.message
    assert _sizes(rec) == [7, 4]
    s = rec.replay.state
    assert s is not None and [str(c) for c in s.discard[-3:]] == ["B5", "BS", "BDA"]


def test_NM_DISCARD_ALL_a_noted_card_of_another_colour_or_a_card_kept_is_inconsistent() -> None:
    rec = _table()
    r = rec.event(Play("bor", "BDA"), discarded=["R5"])
    assert r.outcome == "rejected" and "not of the Discard All's colour" in r.message, r.text()
    rec = _table()
    r = rec.event(Play("bor", "B7"), discarded=["B5"])
    assert r.outcome == "rejected" and "only a Discard All" in r.message, r.text()


def test_NM_DISCARD_ALL_a_card_of_the_colour_seen_in_the_hand_must_go_down_too() -> None:
    """A card of the colour known in the hand (drawn and noted) goes down too: a record that
    leaves it out of ``discarded`` is inconsistent."""
    rec = _table("R1")
    r = rec.draw("bor", cards=["B3", "R2"])  # NM-DRAW: until a playable card comes
    assert (r.outcome, r.drawn) == ("accepted", (("bor", 2),)), r.text()
    assert rec.play("bor", "R2").outcome == "accepted"
    assert rec.play("ana", "B2").outcome == "accepted"
    r = rec.event(Play("bor", "BDA"), discarded=[])
    assert r.outcome == "rejected" and "bor also holds B3 in sight" in r.message, r.text()
    rec = _table("R1")
    rec.draw("bor", cards=["B3", "R2"])
    rec.play("bor", "R2")
    rec.play("ana", "B2")
    r = rec.event(Play("bor", "BDA"), discarded=["B3", "BS"])
    assert r.outcome == "accepted" and _sizes(rec) == [6, 5], r.text()


def test_NM_MERCY_a_table_record_with_its_notes_rules_as_the_full_log() -> None:
    """The smallest full game found where a Discard All from unknown cards changed the hand
    sizes and so who the mercy rule put out (no-mercy-500, seed 29, line 30)."""
    full = full_game(load_variant("no-mercy-500"), seed=29, events=40)
    table = to_table_record(full, draws=True)
    a, b = validate(full), validate(table)
    assert b.exit_code == 0, b.findings[:1]
    for ra, rb in zip(a.results, b.results, strict=True):
        assert (ra.outcome, ra.drawn, ra.skipped) == (rb.outcome, rb.drawn, rb.skipped), rb.text()


def test_NM_DISCARD_ALL_a_second_copy_of_the_card_played_listed_as_discarded_goes_down() -> None:
    """The Discard All played and a second copy of it put down under it: both come from the
    hand's unknown cards (before, the listed copy stood for the card played, and the hand kept
    one card too many: 6, not 7 - 2 = 5)."""
    rec = _table()
    r = rec.event(Play("bor", "BDA"), discarded=["BDA"])
    assert r.outcome == "accepted", r.text()
    assert "also discards BDA" in r.message
    assert _sizes(rec) == [7, 5]
    s = rec.replay.state
    assert s is not None and [str(c) for c in s.discard[-2:]] == ["BDA", "BDA"]
