"""``validate(log, keep=False)``'s fast path: a line read before (its reading in the reader's
``known``) is judged from there, and the report is the one ``keep=True`` gives, line for line
(docs/performance.md, "Validation"). Logs whose lines repeat a lot: random games with mistakes
and wrong claims, lines given as text and as bytes, with and without times, after the game's end,
blank lines and unusable lines among them, and the reader's own iteration over the same lines."""

from __future__ import annotations

import io
import json
from pathlib import Path

import attrs
import pytest
from short_game import EVENTS, HEAD, SHORT

from ena_rules import Play, legal_events, load_variant, load_variant_text
from ena_rules.game.events import PlayerEvent
from ena_rules.log import GameRecorder
from ena_rules.log.reader import LogReader
from ena_rules.log.report import Report
from ena_rules.log.validate import validate
from ena_rules.testing.logs import random_log

BLITZ = load_variant_text('name = "blitz"\nextends = "official"\n[time]\nlimit = 30\n')
"""HR-TIME-LIMIT: a turn of 30 s at most (times judge moves late)."""


def _same(lines: list[str] | list[bytes], **kw: object) -> Report:
    """The keep=False report of ``lines``, checked equal to the keep=True one but its lines."""
    full = validate(lines, **kw)  # type: ignore[arg-type]
    fast = validate(lines, keep=False, **kw)  # type: ignore[arg-type]
    assert fast.results == ()
    assert attrs.evolve(full, results=()) == fast
    assert fast.summary() == full.summary()
    assert fast.final == full.final
    return fast


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("variant", ["official", "ena"])
def test_random_games_with_mistakes_give_the_same_report_on_the_fast_path(
    variant: str, seed: int
) -> None:
    """Rejected and penalised plays from the wrong hand, wrong claims, round lines, maybe an
    unusable line: every count, finding, first wrong line and final state agree."""
    text = random_log(load_variant(variant), seed=seed, events=400, mistakes=0.05, wrong_claims=0.3)
    lines = text.splitlines(keepends=True)
    report = _same(lines)
    assert report.events > 100
    _same([line.encode() for line in lines])


def test_the_same_line_repeated_is_judged_each_time_on_the_fast_path() -> None:
    """A pass repeated before bor has drawn: each rejected (its full result, the first wrong
    line); a draw after the game's end repeated: each a problem; the draws out of turn
    repeated: each penalised anew (not served as the first one's verdict)."""
    bor_passes = json.dumps({"type": "pass", "player": "bor"})
    cene_draws = json.dumps({"type": "draw", "player": "cene"})
    lines = [json.dumps(HEAD), bor_passes, bor_passes, *(json.dumps(e) for e in EVENTS)]
    report = _same([*lines, cene_draws, cene_draws], variant=SHORT)
    assert (report.rejected, report.problems, report.first_wrong) == (2, 2, 2)
    ana_draws = json.dumps({"type": "draw", "player": "ana"})
    report = _same([json.dumps(HEAD), ana_draws, ana_draws, ana_draws], variant=SHORT)
    assert report.penalised == 3


def test_lines_with_times_repeated_keep_the_turn_clock() -> None:
    """HR-TIME-LIMIT: lines with a time (equal texts repeat: the same time) and lines without
    one, mixed: the clock the fast path keeps judges a late move as the full path does."""
    head = json.dumps({"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7})
    timed = [
        json.dumps({"type": "play", "player": "ana", "card": "B1", "time": 12}),
        json.dumps({"type": "draw", "player": "bor", "time": 12}),
        json.dumps({"type": "draw", "player": "bor", "time": 12}),
        json.dumps({"type": "draw", "player": "bor"}),
        json.dumps({"type": "pass", "player": "bor", "time": 80}),
        json.dumps({"type": "draw", "player": "ana"}),
        json.dumps({"type": "draw", "player": "ana"}),
        json.dumps({"type": "pass", "player": "ana", "time": 90}),
        json.dumps({"type": "draw", "player": "bor", "time": 12}),  # a time going backwards
    ]
    report = _same([head, *timed], variant=BLITZ)
    assert report.penalised >= 1 and report.problems == 1


def test_blank_and_unusable_lines_between_repeated_ones() -> None:
    """Blank lines, a line that is not JSON and a name that is no player's, repeated, between
    repeated events: the same problems, counted each time, and the same findings."""
    draw = json.dumps({"type": "draw", "player": "ana"})
    lines = [
        "\n",
        json.dumps(HEAD),
        " \n",
        draw,
        "{not json",
        draw,
        '{"type": "pass", "player": "eve"}',
        '{"type": "pass", "player": "eve"}',
        "{not json",
        "\t\n",
        draw,
    ]
    report = _same(lines, variant=SHORT)
    assert report.problems == 4


def test_the_reader_reads_a_known_line_as_it_read_it_the_first_time(tmp_path: Path) -> None:
    """LogReader's own iteration over lines read before (text and bytes): the same entries,
    records and times as a reader that sees each line for the first time."""
    text = random_log(load_variant("ena"), seed=3, events=300)
    lines = text.splitlines(keepends=True)
    seen = list(LogReader(lines))
    fresh = [next(iter(LogReader([lines[0]])))] + [
        list(LogReader([lines[0], line]))[-1] for line in lines[1:]
    ]

    def reading(x: object) -> tuple[object, ...]:
        return tuple(getattr(x, k, None) for k in ("item", "record", "time", "reason"))

    assert [reading(x) for x in seen] == [reading(x) for x in fresh]
    assert len(lines) - len(set(lines)) > 150  # most lines were read from what was known
    as_bytes = list(LogReader([line.encode() for line in lines]))
    assert as_bytes == seen


def test_a_turn_begun_by_a_line_without_a_time_has_an_unknown_start() -> None:
    """HR-TIME-LIMIT: bor's play without a time begins ana's turn at an unknown moment, so
    ana's draw at 100 s is not judged late (the clock of ana's B1 at 12 s is over)."""
    head = json.dumps({"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7})
    lines = [
        head,
        json.dumps({"type": "play", "player": "ana", "card": "B1", "time": 12}),
        json.dumps({"type": "play", "player": "bor", "card": "B3"}),
        json.dumps({"type": "draw", "player": "ana", "time": 100}),
    ]
    report = _same(lines, variant=BLITZ)
    assert (report.accepted, report.penalised) == (3, 0)


QUICK = load_variant_text(
    'name = "quick"\nextends = "official"\n[deal]\nhand_size = 1\n[time]\nlimit = 30\n'
)
"""HR-TIME-LIMIT with one card a hand: rounds end within a few moves."""


def test_round_lines_read_before_deal_as_the_full_path_deals() -> None:
    """A seeded game's round lines (``{"type": "round"}``, the same text each round) with no
    time: each deal begins a turn at an unknown moment, so the first move after it, 50 s
    later, is not judged late (the others are 10 s apart); a round line in a round being played
    is rejected."""
    out = io.StringIO()
    rec = GameRecorder(out, QUICK, ["ana", "bor"], seed=11)
    clock, step = 0.0, 10.0
    while rec.state.round < 4:
        s = rec.state
        if s.phase == "deal":
            rec.new_round()
            step = 50.0
            continue
        clock, step = clock + step, 10.0
        legal = legal_events(s)
        mine: list[PlayerEvent] = [e for e in legal if isinstance(e, Play)]
        rec.apply((mine or [e for e in legal if e.player == s.due])[0], time=clock)
    lines = out.getvalue().splitlines()
    assert lines.count('{"type": "round"}') == 3
    report = _same([*lines, '{"type": "round"}', '{"type": "round"}'], variant=QUICK)
    assert (report.rejected, report.penalised) == (1, 0)
