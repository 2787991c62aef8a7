"""The validator: a verdict for every event, every claim checked, every disagreement explained.

Logs are built from arranged decks (``ena_rules.testing.arrange_deck``) so that each rule's
situation happens on a known line; the verdicts come from the real engine.
"""

from __future__ import annotations

import functools
import json
import tracemalloc
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from ena_rules import Variant, apply, load_variant, load_variant_text, new_game
from ena_rules.log.validate import MAX_FINDINGS, Report, validate
from ena_rules.rules.chance import cut_event, deal_event
from ena_rules.testing import arrange_deck

ROOT = Path(__file__).resolve().parent.parent
ENA = load_variant("ena")
P3 = ["ana", "bor", "cene"]


@functools.cache
def small(base: str, size: int) -> Variant:
    """The shipped variant ``base`` with ``size``-card hands (arranged hands are whole hands)."""
    return load_variant_text(f'name = "{base}"\nextends = "{base}"\n[deal]\nhand_size = {size}')


@attrs.frozen
class Game:
    """An explicit-deck header (ana deals: bor goes first, then cene, then ana) and the
    variant to judge it by: the header's, with hands as long as the longest arranged one."""

    head: str
    variant: Variant


def game(base: str, hands: Sequence[Sequence[str]], turned: str = "R5", **kw: Any) -> Game:
    v = small(base, max(len(h) for h in hands))
    deck = arrange_deck(v, 3, 0, hands, turned=turned, draw=kw.pop("draw", ()))
    data = {"ena_log": 1, "variant": kw.pop("name", base), "players": P3, "dealer": "ana"}
    data["deck"] = [str(c) for c in deck]
    return Game(json.dumps(data), v)


def run(g: Game, *lines: dict[str, Any], **kw: Any) -> Report:
    kw.setdefault("variant", g.variant)
    return validate([g.head, *(json.dumps(x) for x in lines)], **kw)


def line(report: Report, number: int) -> Any:
    return next(r for r in report.results if r.line == number)


# bor: R4 plays on R5; ana holds R1 (plays out of turn); cene holds the other cards
HANDS = [["R1", "R3", "G1"], ["R4", "G2", "G3"], ["B1", "B2", "B3"]]

# two-card hands: bor goes out on line 6 (the header is line 1)
ROUND1 = game("ena", [["R1", "G9"], ["R4", "R6"], ["B1", "BS"]], draw=["Y7", "Y8"])
ROUND1_EVENTS = [
    {"type": "play", "player": "bor", "card": "R4"},
    {"type": "call_uno", "player": "bor"},
    {"type": "draw", "player": "cene"},
    {"type": "draw", "player": "ana"},
    {"type": "play", "player": "bor", "card": "R6"},
]
# round 2: bor deals, cene goes first and goes out on the 5th line after the round line
ROUND2 = {
    "type": "round",
    "deck": [
        str(c)
        for c in arrange_deck(
            small("ena", 2), 3, 1, [["B5", "B6"], ["G5", "G6"], ["R7", "R8"]], "R9", ["Y1", "Y2"]
        )
    ],
}
ROUND2_EVENTS = [
    {"type": "play", "player": "cene", "card": "R7"},
    {"type": "call_uno", "player": "cene"},
    {"type": "draw", "player": "ana"},
    {"type": "draw", "player": "bor"},
    {"type": "play", "player": "cene", "card": "R8"},
]


class TestVerdicts:
    def test_PEN_ENA_an_out_of_turn_play_is_penalised_and_the_log_stays_consistent(self) -> None:
        """PEN-ENA: a play out of turn in an Ena log is penalised (2 cards); exit 0."""
        r = run(game("ena", HANDS), {"type": "play", "player": "ana", "card": "R1"})
        got = line(r, 2)
        assert (got.outcome, got.clause, got.key) == (
            "penalised",
            "PEN-ENA",
            "penalties.out_of_turn",
        )
        assert dict(got.drawn) == {"ana": 2}
        assert r.exit_code == 0 and r.penalised == 1 and r.consistent

    def test_TURN_DRAW_a_rejected_event_makes_the_log_inconsistent(self) -> None:
        """TURN-DRAW: a pass without a drawn card is rejected: exit 1, with what the rules allow."""
        r = run(
            game("ena", HANDS),
            {"type": "play", "player": "bor", "card": "R4"},
            {"type": "pass", "player": "cene"},
        )
        got = line(r, 3)
        assert (got.outcome, got.clause) == ("rejected", "TURN-DRAW")
        assert got.rules.startswith("by the rules cene is due")
        assert "draw" in got.rules
        assert got.since == 3 and r.first_wrong == 3
        assert r.exit_code == 1 and r.verdict_word == "INCONSISTENT"

    def test_PEN_WRONG_OFF_a_variant_override_rejudges_the_game(self) -> None:
        """PEN-WRONG-OFF: the same out-of-turn play is rejected under official rules (no
        out-of-turn penalty there) but penalised under Ena: --variant asks "what if"."""
        g = game("official", HANDS)
        log = [g.head, json.dumps({"type": "play", "player": "ana", "card": "R1"})]
        official = validate(log, variant=g.variant)
        assert (line(official, 2).outcome, official.exit_code) == ("rejected", 1)
        as_ena = validate(log, variant=small("ena", 3))
        assert (line(as_ena, 2).outcome, as_ena.exit_code) == ("penalised", 0)
        assert as_ena.variant == "ena"

    def test_CHAL_GUILTY_a_challenge_in_a_log_is_judged_and_its_draw_claim_checked(self) -> None:
        """CHAL-GUILTY: a successful challenge is accepted; the table's draw record matches."""
        hands = [["G1"], ["W+4", "R1", "R2"], ["B1", "B2"]]
        r = run(
            game("official", hands, draw=["Y1", "Y2", "Y3", "Y4"]),
            {"type": "play", "player": "bor", "card": "W+4", "color": "green"},
            {"type": "challenge", "player": "cene"},
            {"type": "claim_drawn", "player": "bor", "count": 4, "cards": ["Y4", "Y3", "Y2", "Y1"]},
            {"type": "claim_drawn", "player": "bor", "count": 3},
        )
        assert (line(r, 3).outcome, line(r, 3).clause) == ("accepted", "CHAL-GUILTY")
        assert line(r, 4).agrees is True
        assert line(r, 5).agrees is False and "bor drew 4 at line 3" in line(r, 5).rules
        assert r.exit_code == 1


class TestClaims:
    def test_PEN_ENA_a_penalty_claim_is_checked_against_the_verdict(self) -> None:
        """PEN-ENA: the table's penalty record agrees only with the rules' offender and count."""
        r = run(
            game("ena", HANDS),
            {"type": "play", "player": "ana", "card": "R1"},
            {"type": "claim_penalty", "player": "ana", "cards": 2},
            {"type": "claim_penalty", "player": "bor", "cards": 2},
            {"type": "play", "player": "bor", "card": "R4"},
            {"type": "claim_penalty", "player": "bor", "cards": 2},
        )
        assert line(r, 3).agrees is True
        assert line(r, 4).agrees is False
        assert line(r, 4).rules.startswith("the rules penalise ana 2 cards for line 2")
        assert line(r, 6).agrees is False and "no penalty for line 5" in line(r, 6).rules
        assert r.disagreements == 2 and r.exit_code == 1

    def test_UNO_CATCH_a_catch_penalty_claim_names_the_caught_player(self) -> None:
        """UNO-CATCH: a caught player's 2 cards are the penalty the table may record."""
        hands = [["R1"], ["R4", "R6"], ["B1", "B2"]]
        r = run(
            game("ena", hands),
            {"type": "play", "player": "bor", "card": "R4"},
            {"type": "call_uno", "player": "ana", "target": "bor"},
            {"type": "claim_penalty", "player": "bor", "cards": 2},
        )
        assert line(r, 3).clause == "UNO-CATCH"
        assert line(r, 4).agrees is True and r.exit_code == 0

    def test_END_ROUND_round_claims_are_checked_and_a_claim_before_the_end_disagrees(
        self,
    ) -> None:
        """END-ROUND: a score claim for a round that has not ended disagrees; once it ends,
        winner, points and totals are each compared; a wrong one names the rules' value."""
        r = run(
            ROUND1,
            {"type": "claim_round", "round": 1, "winner": "bor"},
            *ROUND1_EVENTS,
            {"type": "claim_round", "round": 1, "winner": "bor", "points": {"bor": 0}},
            {"type": "claim_round", "round": 1, "totals": {"ana": 1}, "winner": "cene"},
        )
        assert line(r, 2).agrees is False and "has not ended" in line(r, 2).rules
        assert line(r, 7).round_ended
        assert line(r, 8).agrees is True and "bor went out" in line(r, 8).message
        wrong = line(r, 9)
        assert "the winner is bor, not cene" in wrong.rules
        assert "ana's totals are 18, not 1" in wrong.rules
        assert r.disagreements == 2

    def test_SCORE_ENA_each_player_scores_their_own_hand_in_a_claim(self) -> None:
        """SCORE-ENA: the rules' points are each hand's value (R1 G9 Y8 = 18; B1 BS Y7 = 28),
        0 for the player who went out."""
        good = {"ana": 18, "bor": 0, "cene": 28}
        r = run(ROUND1, *ROUND1_EVENTS, {"type": "claim_round", "round": 1, "points": good})
        assert line(r, 7).agrees is True, line(r, 7).rules
        bad = {"ana": 18, "bor": 0, "cene": 8}
        r = run(ROUND1, *ROUND1_EVENTS, {"type": "claim_round", "round": 1, "points": bad})
        assert "cene's points are 28, not 8" in line(r, 7).rules

    def test_END_ROUND_a_claim_for_an_old_round_is_unusable(self) -> None:
        """END-ROUND: only the last finished round's result is kept: a claim for an older round
        after the next one ended is a record problem (exit 2)."""
        r = run(
            ROUND1,
            *ROUND1_EVENTS,
            ROUND2,
            *ROUND2_EVENTS,
            {"type": "claim_round", "round": 1, "winner": "bor"},
        )
        assert line(r, 12).outcome == "accepted" and line(r, 12).round_ended
        assert line(r, 13).kind == "problem"
        assert "round's claim must follow it" in line(r, 13).message
        assert r.exit_code == 2

    def test_SCORE_ENA_a_winner_claim_before_the_game_ends_disagrees(self) -> None:
        """SCORE-ENA: the game ends at the target, not when the table says so."""
        r = run(game("ena", HANDS), {"type": "claim_winner", "player": "ana"})
        assert line(r, 2).agrees is False and "has not ended" in line(r, 2).rules

    def test_a_disagreement_points_to_the_first_wrong_line_of_its_round(self) -> None:
        """A later disagreement in the same round follows the first one; a new round starts
        clean, so a wrong claim there points at itself."""
        r = run(
            ROUND1,
            {"type": "pass", "player": "bor"},
            *ROUND1_EVENTS,
            {"type": "claim_round", "round": 1, "winner": "ana"},
            ROUND2,
            {"type": "claim_drawn", "player": "cene", "count": 1},
        )
        assert line(r, 2).since == 2
        assert line(r, 8).since == 2
        assert line(r, 10).since == 10
        assert r.first_wrong == 2

    def test_an_unusable_line_is_the_first_finding_and_later_ones_follow_it(self) -> None:
        """Judged without an unusable line, the later lines go wrong because of it: it is the
        first line that leaves the rules (the summary names it), and the later findings follow
        a wrong state from it, not from the first knock-on disagreement."""
        lines = (ROOT / "docs" / "examples" / "ena-clean.jsonl").read_text("utf-8").splitlines()
        lines[3] = '{"type": "play", "player": "bor", "card": "QQ"}'  # line 4
        r = validate(lines, keep=False)
        assert r.first_wrong == 4 and r.exit_code == 2
        first, *later = r.findings
        assert first.line == 4 and first.kind == "problem" and first.since == 4
        assert "first leaves the rules on this line" in first.text()
        assert later and all(x.since == 4 for x in later)
        assert "the record first leaves the rules at line 4;" in r.summary_text()
        before_header = validate(["x", *lines[1:]], keep=False)
        assert before_header.first_wrong is None  # nothing was judged

    def test_SCORE_ENA_totals_that_do_not_add_up_are_wrong_on_the_claims_own_figures(
        self,
    ) -> None:
        """A round's totals that are not the totals before it plus the claim's own points are
        wrong on the claim's own figures, whatever the round's record got wrong before (a
        wrong draw claim on line 48): the claim follows no earlier line."""
        lines = (ROOT / "docs" / "examples" / "ena-clean.jsonl").read_text("utf-8").splitlines()
        drawn, claim = json.loads(lines[47]), json.loads(lines[91])
        drawn["count"], claim["totals"]["bor"] = 2, 37
        lines[47], lines[91] = json.dumps(drawn), json.dumps(claim)
        r = validate(lines)
        assert [x.line for x in r.findings] == [48, 92] and r.first_wrong == 48
        wrong = r.findings[1]
        assert wrong.since is None
        assert "bor's totals are 16 + 22 = 38, not 37" in wrong.rules
        assert "the claim is wrong on its own figures" in wrong.rules
        knock_on = validate(ROOT / "docs" / "examples" / "ena-disputed.jsonl")
        (line_113,) = (x for x in knock_on.findings if x.line == 113)
        assert line_113.since == 35 and "own figures" not in line_113.rules


class TestStructure:
    def test_END_ROUND_events_after_a_round_ended_need_a_round_line(self) -> None:
        """END-ROUND: a player event after the round ended, before a round line, is unusable."""
        r = run(ROUND1, *ROUND1_EVENTS, {"type": "draw", "player": "cene"})
        got = line(r, 7)
        assert got.kind == "problem"
        assert "after round 1 ended at line 6 (bor went out)" in got.message
        assert r.exit_code == 2

    def test_DEAL_ROTATE_a_round_line_in_mid_round_is_rejected(self) -> None:
        """DEAL-ROTATE: a new round cannot start before the round ends: the line is rejected."""
        deck = [str(c) for c in arrange_deck(small("ena", 3), 3, 1, [], turned="B9")]
        r = run(game("ena", HANDS), {"type": "round", "deck": deck})
        got = line(r, 2)
        assert (got.kind, got.outcome) == ("round", "rejected")
        assert r.exit_code == 1

    def test_SCORE_ENA_events_after_the_game_ended_are_unusable(self, tmp_path: Path) -> None:
        """SCORE-ENA: once a player reaches the target the game is over (lowest total wins); a
        later event is a record problem (exit 2), while a claim may still follow. The header
        names a variant file beside the log."""
        (tmp_path / "short.toml").write_text(
            'name = "short"\nextends = "ena"\n[deal]\nhand_size = 2\n[scoring]\ntarget = 5\n',
            encoding="utf-8",
        )
        log = tmp_path / "game.jsonl"
        head = json.loads(ROUND1.head)
        head["variant"] = "short.toml"
        lines = [
            json.dumps(head),
            *(json.dumps(e) for e in ROUND1_EVENTS),
            json.dumps({"type": "claim_winner", "player": "bor"}),
            json.dumps({"type": "draw", "player": "cene"}),
        ]
        log.write_text("\n".join(lines) + "\n", encoding="utf-8")
        r = validate(log)
        assert r.variant == "short"
        assert line(r, 7).agrees is True
        got = line(r, 8)
        assert got.kind == "problem" and "after the game ended (line 6: bor won)" in got.message
        assert r.exit_code == 2

    def test_DEAL_CUT_ENA_a_seeded_header_cuts_and_deals_from_the_seed(self) -> None:
        """DEAL-CUT-ENA: a seeded header's cut and first deal are chance.cut_event and
        deal_event with that seed (docs/shuffle.md), judged by the real engine."""
        r = validate([json.dumps({"ena_log": 1, "variant": "ena", "players": P3, "seed": 11})])
        s = new_game(ENA, P3)
        attempt = 0
        while s.phase == "cut":
            s = apply(s, cut_event(s, 11, attempt)).state
            attempt += 1
        s = apply(s, deal_event(s, 11)).state
        assert r.final == s
        assert "cut" in line(r, 1).message and r.exit_code == 0

    def test_FLIP_WILD_the_dealer_names_the_colour_of_a_turned_up_wild(self) -> None:
        """FLIP-WILD: in Ena a wild turned up waits for the dealer's choose_color line."""
        r = run(
            game("ena", HANDS, turned="W"),
            {"type": "play", "player": "bor", "card": "R4"},
            {"type": "choose_color", "player": "ana", "color": "red"},
            {"type": "play", "player": "bor", "card": "R4"},
        )
        assert line(r, 2).outcome == "penalised"
        assert (line(r, 3).outcome, line(r, 3).clause) == ("accepted", "FLIP-WILD")
        assert line(r, 4).outcome == "accepted"


def _repeat(head: str, n: int) -> Iterator[str]:
    yield head
    for _ in range(n):
        yield '{"type": "call_uno", "player": "ana"}'


class TestStream:
    def test_a_long_log_is_checked_in_constant_memory(self) -> None:
        """validate(keep=False) holds the current state and a bounded list of findings only:
        ten times as many lines take about the same peak memory."""
        g = game("ena", HANDS)

        def peak(n: int) -> tuple[int, Report]:
            tracemalloc.start()
            try:
                report = validate(_repeat(g.head, n), keep=False, variant=g.variant)
                return tracemalloc.get_traced_memory()[1], report
            finally:
                tracemalloc.stop()

        small, _ = peak(3 * MAX_FINDINGS)
        large, r2 = peak(30 * MAX_FINDINGS)
        assert r2.rejected == 30 * MAX_FINDINGS and r2.results == ()
        assert len(r2.findings) == MAX_FINDINGS
        assert large < small * 1.5 + 200_000

    def test_keep_true_keeps_a_result_per_line(self) -> None:
        """By default the report keeps every line's result, in order."""
        g = game("ena", HANDS)
        r = validate(_repeat(g.head, 5), variant=g.variant)
        assert [x.line for x in r.results] == [1, 2, 3, 4, 5, 6]

    def test_strict_stops_at_the_first_unusable_line(self) -> None:
        """strict=True raises at the first unusable line, with its number."""
        from ena_rules import LogError

        with pytest.raises(LogError, match=r"<log>:3: "):
            validate(
                [game("ena", HANDS).head, '{"type": "draw", "player": "bor"}', "x"],
                strict=True,
                variant=small("ena", 3),
            )
