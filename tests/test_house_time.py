"""HR-TIME-LIMIT: a turn's time limit (``[time]``), judged from the times a record gives.

The referee holds no clock: ``apply(state, event, took=...)`` is told how long the turn took,
:class:`~ena_rules.rules.clock.TurnClock` works it out from a log's ``"time"`` (seconds since
the game's start), and the validator, the scenario runner and ``GameRecorder`` share it.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ena_rules import (
    CallUno,
    Challenge,
    ChooseColor,
    Draw,
    EventError,
    GameState,
    Overtake,
    Pass,
    Play,
    Variant,
    VariantError,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
)
from ena_rules.errors import ArgumentTypeError, LogError
from ena_rules.log import GameRecorder
from ena_rules.log.validate import validate
from ena_rules.rules.clock import TurnClock, apply_timed, new_turn
from ena_rules.rules.penalties import PENALTY_KEYS
from ena_rules.rules.unseen import forget
from ena_rules.testing import start_round, transcript

HEADER = {"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7}
# After HEADER's deal (seed 7): ana is due on B6, holding Y6 R9 BR W B1 G5 YR; bor holds
# Y4 B3 G3 W+4 Y9 G+2 B7.


def blitz(fragment: str = "", base: str = "official", limit: int = 30) -> Variant:
    """``base`` with a turn's limit of ``limit`` seconds and ``fragment``'s further keys."""
    text = f'name = "blitz"\nextends = "{base}"\n[time]\nlimit = {limit}\n{fragment}'
    return load_variant_text(text, source="blitz.toml")


def dealt(v: Variant, hands: list[list[str]], turned: str = "G3", **kw: Any) -> GameState:
    """A round dealt by cene to ana, bor, cene from an arranged deck."""
    return start_round(v, ["ana", "bor", "cene"], dealer="cene", hands=hands, turned=turned, **kw)


def lines(*events: dict[str, Any], header: dict[str, Any] = HEADER) -> list[str]:
    return [json.dumps(header), *(json.dumps(e) for e in events)]


# -- the judgement: apply(..., took=) -----------------------------------------------------------


def test_HR_TIME_LIMIT_a_late_play_does_not_stand_and_the_turn_passes() -> None:
    """HR-TIME-LIMIT: 41 s into a 30 s turn the play does not stand: one penalty card, the
    card stays in the hand, the turn passes; the verdict names the clause, the key and times."""
    s = dealt(blitz(), [["G5"]])
    v = apply(s, Play("ana", "G5"), took=41)
    assert (v.outcome, v.clause, v.key) == ("penalised", "HR-TIME-LIMIT", "time.penalty")
    assert "ana took 41 s, the limit is 30 s" in v.message
    assert v.drawn == (("ana", 1),)
    assert v.state.top == s.top and v.state.due == "bor"
    assert len(v.state.hands[0]) == len(s.hands[0]) + 1  # G5 kept, one card drawn
    assert any(n.key == "time.late" for n in v.notes)


def test_HR_TIME_LIMIT_a_move_in_time_is_judged_as_without_a_clock() -> None:
    """HR-TIME-LIMIT: under the limit, a move's verdict is the untimed one."""
    s = dealt(blitz(), [["G5"]])
    for took in (0, 12.5, 29.999):
        assert apply(s, Play("ana", "G5"), took=took) == apply(s, Play("ana", "G5"))


def test_HR_TIME_LIMIT_exactly_at_the_limit_is_in_time() -> None:
    """HR-TIME-LIMIT (D-HR-TIME-EXACT): a move exactly at the limit is in time; a millisecond
    more is late."""
    s = dealt(blitz(), [["G5"]])
    assert apply(s, Play("ana", "G5"), took=30).accepted
    assert apply(s, Play("ana", "G5"), took=30.001).penalised


@pytest.mark.parametrize("count", [1, 2, 4])
def test_HR_TIME_LIMIT_late_stands_draws_the_penalty_then_plays(count: int) -> None:
    """HR-TIME-LIMIT: ``time.late = "stands"``: the penalty first, then the move stands."""
    s = dealt(blitz(f'penalty = {count}\nlate = "stands"\n'), [["G5"]])
    v = apply(s, Play("ana", "G5"), took=31)
    assert (v.outcome, v.clause) == ("penalised", "HR-TIME-LIMIT")
    assert v.state.top is not None and str(v.state.top) == "G5" and v.state.due == "bor"
    assert v.drawn == (("ana", count),)
    assert len(v.state.hands[0]) == len(s.hands[0]) - 1 + count


def test_HR_TIME_LIMIT_late_stands_judges_the_move_on_the_hand_after_the_penalty() -> None:
    """HR-TIME-LIMIT (D-HR-TIME-LATE): with ``late = "stands"`` the move is judged after the
    penalty: under forced play a draw that was legal is refused once the penalty card is
    playable; the refusal applies nothing, the penalty included."""
    v = blitz('late = "stands"\n[play]\nforced = true\n')
    s = dealt(v, [["B9", "B8", "B7", "B6", "B5", "B4", "Y9"]], draw=["G4"])
    assert apply(s, Draw("ana"), took=30).accepted
    late = apply(s, Draw("ana"), took=31)
    assert late.rejected and late.state == s
    assert late.clause == "HR-FORCED-PLAY"


def test_HR_TIME_LIMIT_late_or_not_a_card_not_held_is_rejected() -> None:
    """HR-TIME-LIMIT: lateness never hides a wrong record: a card not held is rejected."""
    s = dealt(blitz(), [["G5"]])
    v = apply(s, Play("ana", "G9"), took=99)
    assert v.rejected and v.state == s


def test_HR_TIME_LIMIT_a_penalty_of_0_costs_the_turn_only() -> None:
    """HR-TIME-LIMIT: ``time.penalty = 0`` with ``late = "pass"``: no card, the turn passes."""
    s = dealt(blitz("penalty = 0\n"), [["G5"]])
    v = apply(s, Play("ana", "G5"), took=31)
    assert v.penalised and v.drawn == () and v.state.due == "bor"
    assert v.state.hands[0] == s.hands[0]
    assert "a mistake costing the turn" in v.message
    assert transcript(v) == [  # no draw of 0 cards is noted
        "HR-TIME-LIMIT time.penalty: ana took 31 s, the limit is 30 s: a mistake costing the turn.",
        "HR-TIME-LIMIT time.late: The turn passes to bor.",
        "HR-TIME-LIMIT time.late: The late play of G5 does not stand.",
    ]


def test_HR_TIME_LIMIT_an_owed_draw_is_taken_when_the_answer_is_late() -> None:
    """HR-TIME-LIMIT: a late answer to a stacked +2 does not stand: the victim takes the two
    owed and the penalty card, and the turn passes as after that draw."""
    s = dealt(blitz(base="party"), [["G+2"], ["Y+2"]])
    s = apply(s, Play("ana", "G+2")).state
    assert s.phase == "owe" and s.due == "bor"
    v = apply(s, Play("bor", "Y+2"), took=40)
    assert v.penalised and dict(v.drawn) == {"bor": 3}
    assert v.state.pending is None and v.state.due == "cene"


def test_HR_TIME_LIMIT_a_late_challenge_is_a_late_move() -> None:
    """HR-TIME-LIMIT: the victim of a Wild Draw Four who challenges too late: the challenge does
    not stand, the four owed and the penalty are drawn."""
    s = dealt(blitz(), [["W+4", "G5"]])
    s = apply(s, Play("ana", "W+4", color="red")).state
    assert s.phase == "owe"
    v = apply(s, Challenge("bor"), took=45)
    assert v.penalised and dict(v.drawn) == {"bor": 5} and v.state.due == "cene"


def test_HR_TIME_LIMIT_only_the_player_due_is_on_the_clock() -> None:
    """HR-TIME-LIMIT: a call of UNO, a catch (even by the player due) or an overtake is
    nobody's turn: never late."""
    v = blitz("[deal]\nhand_size = 2\n", base="ena")
    s = dealt(v, [["G5", "G6"], ["B9", "B8"], ["G5", "B7"]])
    s = apply(s, Play("ana", "G5")).state
    assert s.due == "bor" and s.uno_exposed == (0,)
    for e in (Overtake("cene", "G5"), CallUno("bor", "ana"), CallUno("ana")):
        assert apply(s, e, took=500) == apply(s, e), e
        assert not apply(s, e).rejected, e


def test_HR_TIME_LIMIT_a_move_out_of_turn_is_judged_as_without_a_clock() -> None:
    """HR-TIME-LIMIT: a play out of turn (Ena: penalised, PEN-ENA) is the offender's mistake,
    whatever the time: the player due is not charged for it."""
    s = dealt(blitz(base="ena"), [["G5"], ["G6"]])
    wrong = Play("bor", "G6")
    assert apply(s, wrong, took=99) == apply(s, wrong)
    assert apply(s, wrong).penalised and dict(apply(s, wrong).drawn) == {"bor": 2}


def test_HR_TIME_LIMIT_no_limit_means_no_judgement() -> None:
    """HR-TIME-LIMIT: without ``time.limit`` (0, every shipped variant) times change nothing."""
    for name in ("official", "ena", "party", "crazy"):
        v = load_variant(name)
        assert v.time.limit == 0
        s = dealt(v, [["G5"]])
        assert apply(s, Play("ana", "G5"), took=10_000) == apply(s, Play("ana", "G5"))


def test_HR_TIME_LIMIT_legal_events_are_the_moves_accepted_in_time() -> None:
    """HR-TIME-LIMIT: ``legal_events`` and ``apply`` agree: every legal event is accepted in
    time, and every turn action of the player due among them is penalised when late."""
    v = blitz(base="ena")
    s = dealt(v, [["G5", "G6", "W"], ["G5"], ["B9"]])
    for _ in range(3):
        events = legal_events(s)
        timed = [e for e in events if isinstance(e, Play | Draw | Pass | Challenge)]
        assert timed
        for e in events:
            assert apply(s, e, took=30).accepted, e
        for e in timed:
            assert apply(s, e, took=31).penalised, e
        s = apply(s, timed[0]).state


def test_HR_TIME_LIMIT_the_one_penalty_mechanism_prices_it() -> None:
    """HR-TIME-LIMIT: the penalty is a key of the one penalty path (PEN-EFFECT)."""
    assert PENALTY_KEYS["time.penalty"](blitz("penalty = 3\n")) == 3


def test_HR_TIME_LIMIT_took_must_be_seconds() -> None:
    """HR-TIME-LIMIT: ``took`` is a finite number of seconds, not below 0."""
    s = dealt(blitz(), [["G5"]])
    with pytest.raises(ArgumentTypeError, match="took"):
        apply(s, Play("ana", "G5"), took="41")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="took"):
        apply(s, Play("ana", "G5"), took=True)
    for bad in (-1, float("nan"), float("inf")):
        with pytest.raises(EventError, match="took"):
            apply(s, Play("ana", "G5"), took=bad)


# -- when a turn begins --------------------------------------------------------------------------


def test_HR_TIME_LIMIT_turn_a_skip_with_two_players_begins_a_new_turn() -> None:
    """HR-TIME-LIMIT (D-HR-TIME-TURN): a play ends its player's turn even when the same player
    is due again (a Skip with two players); a draw that leaves the drawer a choice does not."""
    v = blitz()
    s = start_round(v, ["ana", "bor"], dealer="bor", hands=[["GS", "B9"]], turned="G3",
                    draw=["G4"])  # fmt: skip
    after = apply(s, Play("ana", "GS"))
    assert after.state.due == "ana" and new_turn(s, after)
    drew = apply(after.state, Draw("ana"))
    assert drew.state.phase == "drawn" and not new_turn(after.state, drew)


def test_HR_TIME_LIMIT_turn_which_events_begin_a_new_turn() -> None:
    """HR-TIME-LIMIT (D-HR-TIME-TURN): a play that passes the turn, and naming a turned-up
    Wild's colour, begin a turn; a rejected move and the round's last card do not (nobody is
    due until the next deal); a late Skip that stands (two players) ends its player's turn."""
    v = blitz()
    s = start_round(v, ["ana", "bor"], dealer="bor", hands=[["G5", "GS"]], turned="G3")
    assert new_turn(s, apply(s, Play("ana", "G5")))
    refused = apply(s, Play("ana", "R9"))
    assert refused.rejected and not new_turn(s, refused)
    last = start_round(blitz("[deal]\nhand_size = 1\n"), ["ana", "bor"], dealer="bor",
                       hands=[["G5"], ["R1"]], turned="G3")  # fmt: skip
    out = apply(last, Play("ana", "G5"))
    assert out.state.phase == "deal" and not new_turn(last, out)
    wild = start_round(v, ["ana", "bor"], dealer="bor", hands=[["G5"]], turned="W")
    named = apply(wild, ChooseColor("ana", "green"))
    assert wild.phase == "color" and named.state.due == "ana" and new_turn(wild, named)
    stands = blitz('late = "stands"\n')
    t = start_round(stands, ["ana", "bor"], dealer="bor", hands=[["GS", "B9"]], turned="G3")
    late = apply(t, Play("ana", "GS"), took=31)
    assert late.penalised and late.state.due == "ana" and new_turn(t, late)
    # a late Skip on an identical Skip: the top card looks the same, but one more is down
    twice = start_round(stands, ["ana", "bor"], dealer="bor", hands=[["GS", "GS"]], turned="G3")
    twice = apply(twice, Play("ana", "GS")).state
    again = apply(twice, Play("ana", "GS"), took=31)
    assert again.penalised and again.state.top == twice.top and new_turn(twice, again)


def test_HR_TIME_LIMIT_turn_a_mistake_that_keeps_the_card_buys_no_time() -> None:
    """HR-TIME-LIMIT (D-HR-TIME-TURN): a wrong card (Ena: penalised, the card stays) does not
    restart the clock of the offender's turn."""
    s = dealt(blitz(base="ena"), [["B9", "G5"]])
    wrong = apply(s, Play("ana", "B9"))
    assert wrong.penalised and wrong.state.due == "ana"
    assert not new_turn(s, wrong)


def test_HR_TIME_LIMIT_turn_clock_counts_in_decimal() -> None:
    """HR-TIME-LIMIT (D-HR-TIME-FORMAT): 60.7 s - 30.7 s is 30 s, not 30.000000000000004, so
    a move at 60.7 in a turn begun at 30.7 is exactly at a 30 s limit: in time."""
    assert TurnClock(30.7).took(60.7) == 30.0
    assert TurnClock(0.1).took(0.3) == 0.2
    s = dealt(blitz(), [["G5"]])
    assert apply(s, Play("ana", "G5"), took=TurnClock(30.7).took(60.7)).accepted


# -- the validator: a log's times ---------------------------------------------------------------


def test_HR_TIME_LIMIT_validator_penalises_a_late_move() -> None:
    """HR-TIME-LIMIT: the validator judges a late line from the recorded times (exit 0: a
    penalty is part of the rules), naming the clause, the key and the seconds."""
    log = lines(
        {"type": "play", "player": "ana", "card": "B1", "time": 12},
        {"type": "play", "player": "bor", "card": "B3", "time": 54},
        {"type": "draw", "player": "ana", "time": 60},
    )
    for keep in (True, False):
        report = validate(log, variant=blitz(), keep=keep)
        assert report.exit_code == 0
        assert (report.accepted, report.penalised) == (2, 1)
    r = validate(log, variant=blitz()).results[2]
    assert (r.outcome, r.clause, r.key) == ("penalised", "HR-TIME-LIMIT", "time.penalty")
    assert "bor took 42 s, the limit is 30 s" in r.message


def test_HR_TIME_LIMIT_validator_under_and_exactly_at_the_limit() -> None:
    """HR-TIME-LIMIT: 18 s and exactly 30 s into the turn are in time."""
    log = lines(
        {"type": "play", "player": "ana", "card": "B1", "time": 12},
        {"type": "play", "player": "bor", "card": "B3", "time": 30},
        {"type": "play", "player": "ana", "card": "BR", "time": 60},
    )
    report = validate(log, variant=blitz())
    assert report.exit_code == 0 and report.penalised == 0 and report.accepted == 3


def test_HR_TIME_LIMIT_untimed_lines_are_not_judged() -> None:
    """HR-TIME-LIMIT (D-HR-TIME-SOME): a turn begun by an untimed line is not judged; the
    next turn, begun by a timed line, is; a log without times plays as before."""
    log = lines(
        {"type": "play", "player": "ana", "card": "B1"},
        {"type": "play", "player": "bor", "card": "B3", "time": 500},
        {"type": "play", "player": "ana", "card": "BR", "time": 531},
    )
    results = validate(log, variant=blitz()).results
    assert [r.outcome for r in results[1:]] == ["accepted", "accepted", "penalised"]
    untimed = [json.dumps({k: v for k, v in json.loads(x).items() if k != "time"}) for x in log]
    assert validate(untimed, variant=blitz()).penalised == 0


def test_HR_TIME_LIMIT_round_line_begins_the_first_turn() -> None:
    """HR-TIME-LIMIT (D-HR-TIME-TURN): a round's first turn begins at its round line's time."""
    v = blitz()
    out = io.StringIO()
    rec = GameRecorder(out, v, ["ana", "bor"], seed=7)
    t = 0.0
    while rec.state.round == 0:  # play round 1 out, in time
        t += 1
        rec.apply(legal_events(rec.state)[0], time=t)
    rec.new_round(time=t + 100)
    late = rec.apply(legal_events(rec.state)[0], time=t + 131)
    assert late.penalised and late.clause == "HR-TIME-LIMIT"
    report = validate(out.getvalue().splitlines(), variant=v)
    assert report.final == rec.state and report.penalised == 1


def test_HR_TIME_LIMIT_recorder_and_validator_agree() -> None:
    """HR-TIME-LIMIT: a game recorded with times (some late) validates to the same verdicts."""
    v = blitz('late = "stands"\npenalty = 2\n')
    out = io.StringIO()
    rec = GameRecorder(out, v, ["ana", "bor", "cene"], seed=11)
    outcomes = []
    for i in range(40):
        if rec.state.phase not in ("play", "drawn", "owe"):
            break
        e = legal_events(rec.state)[0]
        outcomes.append(rec.apply(e, time=i * 20.0).outcome)  # every 2nd turn over 30 s
    assert "penalised" in outcomes and "accepted" in outcomes
    report = validate(out.getvalue().splitlines(), variant=v)
    assert [r.outcome for r in report.results[1:]] == outcomes
    assert report.final == rec.state
    with pytest.raises(EventError, match="earlier"):
        rec.apply(legal_events(rec.state)[0], time=1.0)


# -- bad input: unusable lines -------------------------------------------------------------------


def test_HR_TIME_LIMIT_time_going_backwards_is_unusable() -> None:
    """HR-TIME-LIMIT (D-HR-TIME-ORDER): a line earlier than the last timed usable line is
    unusable (exit 2) naming both lines and ``$.time``; reading goes on, equal times are fine."""
    log = lines(
        {"type": "play", "player": "ana", "card": "B1", "time": 12},
        {"type": "play", "player": "bor", "card": "B3", "time": 11.5},
        {"type": "play", "player": "bor", "card": "B3", "time": 12},
    )
    report = validate(log, variant=blitz())
    assert report.exit_code == 2 and report.problems == 1
    (bad,) = report.findings
    assert bad.line == 3
    assert bad.message == (
        "time 11.5 is earlier than line 2's time 12: a log's times do not go backwards @ $.time"
    )
    assert report.results[-1].outcome == "accepted"
    with pytest.raises(LogError, match=r"<log>:3: time 11\.5 is earlier"):
        validate(log, variant=blitz(), strict=True)


def test_HR_TIME_LIMIT_time_going_backwards_exits_2_from_the_command(tmp_path: Path) -> None:
    """HR-TIME-LIMIT: ``ena-rules validate`` exits 2 on a time going backwards, naming the
    line and the key."""
    (tmp_path / "blitz.toml").write_text(
        'name = "blitz"\nextends = "official"\n[time]\nlimit = 30\n', encoding="utf-8"
    )
    head = dict(HEADER, variant="blitz.toml")
    log = tmp_path / "game.jsonl"
    log.write_text(
        "\n".join(
            lines(
                {"type": "draw", "player": "ana", "time": 41},
                {"type": "draw", "player": "bor", "time": 12},
                header=head,
            )
        )
        + "\n",
        encoding="utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-m", "ena_rules", "validate", str(log)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2, run.stdout + run.stderr
    assert "game.jsonl:2: draw ana time 41 -> penalised [HR-TIME-LIMIT time.penalty]" in run.stdout
    assert "game.jsonl:3: unusable: time 12 is earlier than line 2's time 41" in run.stdout
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(
    "value, says",
    [
        ('"2026-12-01T15:00:41Z"', "a time is the seconds since the game's start"),
        ('"41"', "a JSON number such as 41.5"),
        ("true", "a JSON number"),
        ("null", "a JSON number"),
        ("[41]", "a JSON number"),
        ("-1", "a finite number, not below 0"),
        ("1e999", "a finite number, not below 0"),
        ("NaN", "not a JSON number"),
    ],
)
def test_HR_TIME_LIMIT_bad_time_values_are_unusable_with_their_line(value: str, says: str) -> None:
    """HR-TIME-LIMIT (D-HR-TIME-FORMAT): a time that is not seconds since the start is an
    unusable line, reported with its line number and ``$.time`` (never a traceback)."""
    log = [
        json.dumps(HEADER),
        '{"type": "play", "player": "ana", "card": "B1", "time": 12}',
        '{"type": "draw", "player": "bor", "time": ' + value + "}",
    ]
    report = validate(log, variant=blitz())
    assert report.exit_code == 2
    (bad,) = report.findings
    assert bad.line == 3 and says in bad.message
    if value != "NaN":  # NaN is refused by the JSON reading itself
        assert bad.message.endswith("@ $.time")


def test_HR_TIME_LIMIT_bad_time_values_the_header_has_none() -> None:
    """HR-TIME-LIMIT: the header is the start, time 0: a header time is unusable."""
    report = validate([json.dumps(dict(HEADER, time=5))])
    assert report.exit_code == 2
    assert report.findings[0].line == 1
    assert "the header carries no time" in report.findings[0].message


def test_HR_TIME_LIMIT_a_table_record_is_judged_from_its_times() -> None:
    """HR-TIME-LIMIT in a table record (deck unknown): bor's play 40 s into the turn is late,
    penalised by one (unknown) card, the G7 stays in hand and the turn passes back to ana."""
    head = {"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "dealer": "bor",
            "deck": "unknown", "turned": ["G3"]}  # fmt: skip
    log = lines(
        {"type": "play", "player": "ana", "card": "G5", "time": 20},
        {"type": "play", "player": "bor", "card": "G7", "time": 60},
        {"type": "play", "player": "ana", "card": "G9", "time": 61},
        header=head,
    )
    report = validate(log, variant=blitz())
    assert report.exit_code == 0, report.findings[:1]
    ana, bor, again = report.results[1:4]
    assert ana.outcome == "accepted" and again.outcome == "accepted"
    assert (bor.outcome, bor.clause, bor.key) == ("penalised", "HR-TIME-LIMIT", "time.penalty")
    assert "bor took 40 s, the limit is 30 s" in bor.message
    assert bor.drawn == (("bor", 1),)


def test_HR_TIME_LIMIT_time_order_is_checked_in_a_table_record() -> None:
    """HR-TIME-LIMIT: a table record's times are read and ordered too."""
    head = {"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "dealer": "bor",
            "deck": "unknown", "turned": ["G3"]}  # fmt: skip
    log = lines(
        {"type": "draw", "player": "ana", "time": 20},
        {"type": "draw", "player": "bor", "time": 10},
        header=head,
    )
    report = validate(log)
    assert report.exit_code == 2 and report.findings[0].line == 3


# -- bad input: the variant's keys ---------------------------------------------------------------


@pytest.mark.parametrize(
    "body, path",
    [
        ("limit = -1", "time.limit"),
        ("limit = 86401", "time.limit"),
        ("limit = 1.5", "time.limit"),
        ('limit = "30s"', "time.limit"),
        ("limit = 30\npenalty = -1", "time.penalty"),
        ('limit = 30\nlate = "later"', "time.late"),
        ("limt = 30", "time"),
    ],
)
def test_HR_TIME_LIMIT_a_bad_key_is_a_variant_error_naming_it(body: str, path: str) -> None:
    """HR-TIME-LIMIT: an out-of-range or mistyped key is a VariantError naming its path."""
    with pytest.raises(VariantError) as err:
        load_variant_text(f'name = "x"\nextends = "official"\n[time]\n{body}\n', source="x.toml")
    assert f"x.toml: {path}" in str(err.value)


def test_HR_TIME_LIMIT_a_limit_that_costs_nothing_is_a_variant_error() -> None:
    """HR-TIME-LIMIT: ``penalty = 0`` with ``late = "stands"`` lets a late move stand
    unpunished: a VariantError naming the limit, the penalty and ``time.late``."""
    with pytest.raises(VariantError) as err:
        blitz('penalty = 0\nlate = "stands"\n')
    text = str(err.value)
    assert "blitz.toml: time.limit" in text
    assert "time.penalty = 0" in text and 'time.late = "stands"' in text


def test_HR_TIME_LIMIT_a_limit_of_0_is_no_limit() -> None:
    """HR-TIME-LIMIT: ``limit = 0`` switches off the limit of the variant extended."""
    v = load_variant_text(
        'name = "calm"\nextends = "official"\n[time]\nlimit = 0\npenalty = 0\nlate = "stands"\n'
    )
    s = dealt(v, [["G5"]])
    assert apply(s, Play("ana", "G5"), took=999).accepted


@pytest.mark.parametrize("base", ["official", "ena", "party", "crazy"])
@pytest.mark.parametrize("late", ["pass", "stands"])
def test_HR_TIME_LIMIT_every_late_move_leaves_a_sound_state(base: str, late: str) -> None:
    """HR-TIME-LIMIT: along seeded games on every preset, each legal move of the player due
    made late is penalised (or rejected, nothing applied) and leaves a state that keeps every
    invariant (cards conserved, serialisable, views), and in time it is the untimed verdict."""
    import random

    from ena_rules.rules.chance import deal_event
    from ena_rules.rules.referee import new_game
    from ena_rules.testing.invariants import check_state

    v = blitz(f'late = "{late}"\npenalty = 2\n', base=base)
    rng = random.Random(f"{base}-{late}")
    s = new_game(v, ["ana", "bor", "cene"], dealer="cene")
    s = apply(s, deal_event(s, seed=rng.randrange(1000))).state
    for _ in range(25):
        if s.phase not in ("play", "drawn", "owe"):
            break
        events = legal_events(s)
        due = [
            e for e in events if e.player == s.due and isinstance(e, Play | Draw | Pass | Challenge)
        ]
        for e in due[:6]:
            assert apply(s, e, took=30) == apply(s, e)
            late_v = apply(s, e, took=45)
            assert late_v.outcome in ("penalised", "rejected"), (e, late_v)
            if late_v.rejected:
                assert late_v.state == s
            else:
                assert late_v.clause == "HR-TIME-LIMIT"
                check_state(late_v.state)
        s = apply(s, rng.choice(events)).state


# -- m-unseen (session 5): the late move's verdict in words (issue 11, surviving mutants) -------


def test_HR_TIME_LIMIT_a_late_move_that_does_not_stand_in_words() -> None:
    """HR-TIME-LIMIT: the whole verdict of a late play under ``late = "pass"``, to the
    millisecond: the penalty, the turn passing (``time.late``), the play not standing."""
    s = dealt(blitz(), [["G5"]])
    v = apply(s, Play("ana", "G5"), took=41.5)
    assert (v.outcome, v.event) == ("penalised", Play("ana", "G5"))
    assert transcript(v) == [
        "HR-TIME-LIMIT time.penalty: ana took 41.5 s, the limit is 30 s: a mistake costing 1 card.",
        "HR-TIME-LIMIT time.penalty: ana draws 1 (penalty).",
        "HR-TIME-LIMIT time.late: The turn passes to bor.",
        "HR-TIME-LIMIT time.late: The late play of G5 does not stand.",
    ]


def test_HR_TIME_LIMIT_a_late_multiple_play_is_named_with_every_card() -> None:
    """HR-TIME-LIMIT with HOUSE-MULTI: the late play names each card it puts down."""
    s = dealt(blitz("[play]\nmulti = true\n"), [["G1", "R1", "B1"]], turned="G5")
    v = apply(s, Play("ana", "G1", more=["R1", "B1"]), took=45)
    assert v.penalised and v.notes[-1].text == "The late play of G1+R1+B1 does not stand."


def test_HR_TIME_LIMIT_a_late_answer_to_an_owed_draw_in_words() -> None:
    """HR-TIME-LIMIT: a late answer to a stacked +2 does not stand; the owed draw is taken."""
    s = dealt(blitz(base="party"), [["G+2"], ["Y+2"]])
    s = apply(s, Play("ana", "G+2")).state
    v = apply(s, Play("bor", "Y+2"), took=40)
    assert (v.outcome, v.event, v.drawn) == ("penalised", Play("bor", "Y+2"), (("bor", 3),))
    assert transcript(v) == [
        "HR-TIME-LIMIT time.penalty: bor took 40 s, the limit is 30 s: a mistake costing 1 card.",
        "HR-TIME-LIMIT time.penalty: bor draws 1 (penalty).",
        "HR-TIME-LIMIT time.late: The late play of Y+2 does not stand: the draw owed is taken.",
        "ACT-D2 ranks.+2.effects: bor draws 2 (the pending +2).",
        "ACT-D2 ranks.+2.effects: bor loses the turn.",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]


def test_HR_TIME_LIMIT_a_late_challenge_is_named_a_challenge() -> None:
    s = dealt(blitz(), [["W+4", "G5"]])
    s = apply(s, Play("ana", "W+4", color="red")).state
    v = apply(s, Challenge("bor"), took=45)
    assert v.event == Challenge("bor")
    assert transcript(v)[2] == (
        "HR-TIME-LIMIT time.late: The late challenge does not stand: the draw owed is taken."
    )


def test_HR_TIME_LIMIT_late_stands_adds_the_penalty_to_the_moves_draws_and_skips() -> None:
    """HR-TIME-LIMIT, ACT-D2: a late +2 that stands: ana's penalty card, then bor's two cards
    and lost turn, in one verdict."""
    s = dealt(blitz('late = "stands"\n'), [["G+2", "G5"]])
    v = apply(s, Play("ana", "G+2"), took=45)
    assert (v.outcome, v.event) == ("penalised", Play("ana", "G+2"))
    assert (v.drawn, v.skipped, v.state.due) == ((("ana", 1), ("bor", 2)), ("bor",), "cene")


def test_HR_TIME_LIMIT_late_stands_on_an_undetermined_challenge() -> None:
    """HR-TIME-LIMIT, CHAL-SHOW: on a partial state a late challenge that stands is charged,
    and its guilt stays undetermined, with both readings."""
    s = forget(dealt(blitz('late = "stands"\n'), [["W+4", "G5"]]))
    s = apply(s, Play("ana", "W+4", color="red")).state
    v = apply(s, Challenge("bor"), took=45)
    assert (v.outcome, v.event, v.drawn) == ("undetermined", Challenge("bor"), (("bor", 1),))
    assert [a.drawn for a in v.alternatives] == [(("ana", 4),), (("bor", 6),)]
    assert transcript(v)[0] == (
        "HR-TIME-LIMIT time.penalty: bor took 45 s, the limit is 30 s: a mistake costing 1 card."
    )


def test_HR_TIME_LIMIT_late_stands_a_refused_move_is_the_lines_verdict() -> None:
    """HR-TIME-LIMIT (D-HR-TIME-LATE): the move refused after the penalty is the verdict of
    that move, citing the rule that refuses it."""
    v = blitz('late = "stands"\n[play]\nforced = true\n')
    s = dealt(v, [["B9", "B8", "B7", "B6", "B5", "B4", "Y9"]], draw=["G4"])
    late = apply(s, Draw("ana"), took=31)
    assert (late.outcome, late.event, late.clause, late.state) == (
        "rejected",
        Draw("ana"),
        "HR-FORCED-PLAY",
        s,
    )


def test_HR_TIME_LIMIT_apply_timed_with_the_plain_rules_is_apply_with_took() -> None:
    """HR-TIME-LIMIT: ``apply_timed`` over the untimed ``apply`` (its doctest's) judges as
    ``apply(..., took=)``, late or in time."""
    s = dealt(blitz(), [["G5"]])
    for took in (None, 12, 41):
        assert apply_timed(s, Play("ana", "G5"), took, apply) == apply(
            s, Play("ana", "G5"), took=took
        )
