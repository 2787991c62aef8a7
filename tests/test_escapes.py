"""Issue 24: seven escapes found from outside the project's fuzz suite, each reproduced.

Every test is named after what it protects (the clause id where there is one)."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from ena_rules import (
    Draw,
    EnaRulesError,
    EventError,
    Play,
    PositionError,
    VariantError,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.errors import ArgumentTypeError, LogReadError
from ena_rules.game.convert import structure_state as from_dict
from ena_rules.game.convert import unstructure_state as to_dict
from ena_rules.game.position import format_position, parse_position
from ena_rules.game.serialize import to_json
from ena_rules.log.batch import read_logs
from ena_rules.log.reader import open_lines
from ena_rules.log.validate import validate
from ena_rules.rules import multi
from ena_rules.rules.unseen import UNKNOWN, forget
from ena_rules.rules.view import view
from ena_rules.testing import deal, derived, fuzz
from ena_rules.testing.invariants import check_views

# -- 1. HR-FORCED-PLAY on a partial state --------------------------------------------------------

FORCED = derived("official", 2, "[play]\nforced = true\n")


def test_HR_FORCED_PLAY_partial_state_unknown_cards_leave_the_draw_undetermined() -> None:
    """ana's hand unknown (bor's view, a table record): no KeyError '?'; ana's draw is open."""
    s = deal(FORCED, [["Y1", "B2"], ["Y3", "B3"]], "G5")
    p = forget(s, keep=[1], viewer=1)
    v = apply(p, Draw("ana"))
    assert v.undetermined and v.clause == "HR-FORCED-PLAY"
    refused, drawn = v.alternatives
    assert refused.rejected and drawn.accepted and refused.state is p
    assert legal_events(p) == legal_events(forget(s, keep=[1], viewer=1))  # no crash either
    assert apply(s, Draw("ana")).accepted  # the full state: ana holds no playable card


def test_HR_FORCED_PLAY_partial_state_known_cards_decide() -> None:
    """A known playable card refuses the draw whatever the unknown cards are."""
    s = deal(FORCED, [["G1", "B2"], ["Y3", "B3"]], "G5")
    hands = list(forget(s).hands)
    hands[0] = (s.hands[0][0], hands[0][1])  # G1 known, one unknown card
    p = attrs.evolve(forget(s), hands=tuple(hands))
    v = apply(p, Draw("ana"))
    assert v.rejected and v.clause == "HR-FORCED-PLAY" and "G1" in v.message


# -- 2. HR-MULTI-PLAY: legal_events lists plays of several cards in bounded time -----------------

MULTI = derived("crazy", 16, '[players]\nmax = 2\n[deck.colored]\n"5" = 4\n')


def test_HR_MULTI_PLAY_legal_events_lists_groups_of_cards_not_subsets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """16 fives (4 copies a colour): one play per group of cards and last card, not one per
    subset of copies (2**15 subsets, seconds before; a dealt hand of 30 took hours). The work
    is counted, not timed: the plays built to list them are the plays listed."""
    built = Counter[str]()

    def counted(*args: Any, **kwargs: Any) -> Play:
        built["plays"] += 1
        return Play(*args, **kwargs)

    monkeypatch.setattr(multi, "Play", counted)
    s = deal(MULTI, [["R5", "Y5", "G5", "B5"] * 4, ["R2"]], "R1")
    plays = [e for e in legal_events(s) if isinstance(e, Play) and e.more]
    assert built["plays"] == len(plays)
    forms = {(e.card, frozenset(Counter(e.more).items()), e.more[-1]) for e in plays}
    assert len(forms) == len(plays)  # each play once, in one form
    # R5 first; further: 0-3 R5, 0-4 of each other colour (not none); the last any colour held
    expected = sum(
        sum(1 for n in (r, y, g, b) if n)
        for r in range(4)
        for y in range(5)
        for g in range(5)
        for b in range(5)
        if r + y + g + b
    )
    assert len(plays) == expected
    assert all(apply(s, e).accepted for e in plays[:: len(plays) // 20])


def test_HR_MULTI_PLAY_bound_checked_at_load() -> None:
    """MAX_MULTI_GROUPS: a deck whose number cards go down in too many groups is refused."""
    with pytest.raises(VariantError, match="MAX_MULTI_GROUPS") as err:
        load_variant_text(
            'name = "m"\nextends = "crazy"\n[deck.colored]\n"5" = 5\n', source="m.toml"
        )
    assert "m.toml: play.multi" in str(err.value)
    assert load_variant_text('name = "m"\nextends = "official"\n[deck.colored]\n"5" = 9\n')


# -- 3. a bare X.toml is never looked up in the current directory --------------------------------

EVIL = 'name = "official"\nextends = "official"\n[deal]\nhand_size = 2\n'


def _cwd_with_evil_official(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    (cwd / "official.toml").write_text(EVIL, encoding="utf-8")
    (cwd / "ena.toml").write_text("secret_token = 'hunter2'\n", encoding="utf-8")
    monkeypatch.chdir(cwd)
    return cwd


def test_header_bare_toml_name_is_not_read_from_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A header's "official.toml" is the shipped file (names; beside the log; allow_paths),
    for a stream, a log in another folder, and the command line."""
    _cwd_with_evil_official(tmp_path, monkeypatch)
    head = json.dumps({"ena_log": 1, "variant": "official.toml", "players": ["a", "b"], "seed": 1})
    stream = validate([head])
    assert stream.exit_code == 0 and len(stream.final.hands[0]) == 7  # type: ignore[union-attr]
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "g.jsonl").write_text(head + "\n", encoding="utf-8")
    report = validate(logs / "g.jsonl")
    assert report.exit_code == 0 and len(report.final.hands[0]) == 7  # type: ignore[union-attr]
    secret = validate([head.replace("official.toml", "ena.toml")])
    assert secret.exit_code == 0 and "hunter2" not in json.dumps(secret.to_dict())
    out = subprocess.run(
        [sys.executable, "-m", "ena_rules.cli", "validate", "--json", str(logs / "g.jsonl")],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_extends_bare_toml_name_is_not_read_from_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``extends = "official.toml"`` in text (no folder) or in a file of another folder."""
    _cwd_with_evil_official(tmp_path, monkeypatch)
    text = 'name = "h"\nextends = "official.toml"\n'
    assert load_variant_text(text).deal.hand_size == 7
    elsewhere = tmp_path / "v"
    elsewhere.mkdir()
    (elsewhere / "h.toml").write_text(text, encoding="utf-8")
    assert load_variant(elsewhere / "h.toml").deal.hand_size == 7
    with pytest.raises(VariantError, match="not allowed") as err:
        load_variant_text('name = "h"\nextends = "./official.toml"\n')
    assert "hand_size" not in str(err.value)


def test_position_and_json_state_name_a_variant_never_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A position's or a JSON state's variant is a name on the variant path, not a path."""
    cwd = _cwd_with_evil_official(tmp_path, monkeypatch)
    s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    text = format_position(s)
    assert parse_position("official.toml" + text[len("official") :]).variant.deal.hand_size == 7
    for path in (str(cwd / "official.toml"), "./official.toml", "../cwd/official.toml"):
        with pytest.raises(PositionError, match="not allowed"):
            parse_position(path + text[len("official") :])
        data = to_dict(s)
        data["variant"] = path
        with pytest.raises(EnaRulesError, match="not allowed"):
            from_dict(data)


# -- 4. HR-BLIND-DRAW: the drawer's unseen card never reaches their view -------------------------

BLIND = derived("official", 2, "[view]\nblind_draw = true\n")


def test_HR_BLIND_DRAW_the_drawn_card_is_not_in_the_drawers_view_partial_state_or_json() -> None:
    """Drawn blind, the card is hidden from its drawer even when it equals a card they have
    seen (cards compare by value): not in ``drawn``, the partial state, its position, JSON,
    the picture."""
    for held in (["G4", "R7"], ["B1", "R7"]):  # a seen copy of the drawn G4, and none
        s = deal(BLIND, [held, ["Y1", "Y2"]], "G3", draw=["G4"])
        s = apply(s, Draw("ana")).state
        assert s.phase == "drawn" and str(s.drawn) == "G4" and s.blind[0] == (s.drawn,)
        seen = view(s, "ana")
        assert seen.drawn is None and seen.unseen == 1
        assert seen.state is not None and seen.state.drawn == UNKNOWN
        assert to_json(seen)["drawn"] is None
        assert "drawn=G4" not in format_position(seen.state)
        check_views(s)  # the secrecy property: the view, partial state, position, JSON
        fuzz.check_pictures(s)  # and the picture


# -- 5. a lone surrogate is refused where names and strings are read -----------------------------

SURROGATE_HEADER = (
    '{"ena_log": 1, "variant": "official", "players": ["\\ud800", "bor"], "seed": 1}\n'
    '{"type": "draw", "player": "bor"}\n'
)


def test_a_lone_surrogate_in_a_log_is_unusable_naming_line_and_key_path(tmp_path: Path) -> None:
    """``"\\ud800"`` (valid JSON, pure ASCII): unusable, line and key path; every CLI output
    (validate, --all, --json, replay, replay --html) prints without a UnicodeEncodeError."""
    log = tmp_path / "s.jsonl"
    log.write_text(SURROGATE_HEADER, encoding="ascii")
    report = validate(log)
    problem = next(f for f in report.findings if f.kind == "problem")
    assert report.exit_code == 2 and problem.line == 1
    assert "lone surrogate (U+D800)" in problem.message and "$.players[0]" in problem.message
    meta = (
        '{"ena_log": 1, "variant": "official", "players": ["a", "b"], "seed": 1, '
        '"meta": {"n": "x\\udfff"}}'
    )
    assert "$.meta.n" in next(f.message for f in validate([meta]).findings)
    for args in (
        ["validate", str(log)],
        ["validate", "--all", str(log)],
        ["validate", "--json", str(log)],
        ["replay", str(log)],
        ["replay", "--html", str(tmp_path / "r.html"), str(log)],
    ):
        out = subprocess.run(
            [sys.executable, "-m", "ena_rules.cli", *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
            env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        )
        assert out.returncode == 2 and "Traceback" not in out.stderr, (args, out.stderr)


def test_a_lone_surrogate_in_a_name_or_variant_text_is_a_library_error() -> None:
    """The API: a seat's name, an event's player, a position's name, a variant's string."""
    with pytest.raises(EventError, match="lone surrogate"):
        new_game(load_variant("official"), ["\ud800", "bor"])
    with pytest.raises(EventError, match="lone surrogate"):
        Draw("a\udc00")
    with pytest.raises(EnaRulesError, match="lone surrogate"):
        parse_position("official players=\ud800,bor phase=deal")
    with pytest.raises(VariantError, match="line 2: a lone surrogate") as err:
        load_variant_text('extends = "official"\nname = "\ud800"\n', source="s.toml")
    assert err.value.path == "name"


# -- 6. a log is named by its path, never a file descriptor --------------------------------------


def test_open_lines_and_read_logs_refuse_a_file_descriptor(tmp_path: Path) -> None:
    """``open_lines(1)`` / ``read_logs([1])`` opened the integer as a file descriptor and
    closed it (1: the caller's standard output; 0: standard input): a type error now, at the
    call, and the descriptor stays open."""
    fd = os.open(tmp_path / "x.jsonl", os.O_RDWR | os.O_CREAT)
    try:
        with pytest.raises(ArgumentTypeError, match=r"open_lines\(\): log"):
            open_lines(fd)  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match=r"read_logs\(\)"):
            list(read_logs([fd]))  # type: ignore[list-item]
        for wrong in (1.5, None, b"x.jsonl", ["x"]):
            with pytest.raises(ArgumentTypeError):
                open_lines(wrong)  # type: ignore[arg-type]
        os.fstat(fd)  # still open: nothing closed it
    finally:
        os.close(fd)
    with pytest.raises(LogReadError, match="cannot read the log"):
        list(open_lines("a\0b"))


# -- 7. wrong types at every public function: library errors only ------------------------------


def _calls(folder: Path) -> Iterator[tuple[str, Any, list[Any], dict[str, Any]]]:
    """Every public function with all its required arguments wrong, then with its right
    arguments (where known) and each one (or an optional one) wrong, by every wrong value."""
    good = fuzz.good_arguments(folder)
    for name, fn in fuzz.public_functions():
        params = [p for p in inspect.signature(fn).parameters.values() if p.name != "self"]
        named = [p for p in params if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
        positional = [p for p in named if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        required = [p for p in positional if p.default is p.empty]
        for wrong in (5, *fuzz.WRONG_VALUES):
            yield name, fn, [wrong] * len(required), {}
        if any(p.name not in good for p in required):
            continue
        for p in named:
            for wrong in fuzz.WRONG_VALUES:
                args = [good[q.name] for q in required]
                kwargs: dict[str, Any] = {}
                if p in required:
                    args[required.index(p)] = wrong
                else:
                    kwargs[p.name] = wrong
                yield name, fn, args, kwargs


def test_every_public_function_given_wrong_types_raises_only_library_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Walks ``__all__`` of ``ena_rules`` and the documented modules (fuzz.PUBLIC_MODULES):
    seeds like 1.5, ``validate(5)``, ``validate("a\\0b")``, ``validate([None])``,
    ``resolver=5``, ``allow_paths=None``, ``folder=5``, ``jobs=-1 | "2" | 1.5``,
    ``load_variant(5)``, ``source=None``, ``svg.*``, ``table_view``, ``render_page``,
    ``write_replay(out="a\\0")``, ``to_json(None)``, ``parse_cards``, ``explain`` ...: each
    returns or raises an EnaRulesError, never a plain TypeError, AttributeError, KeyError."""
    monkeypatch.chdir(tmp_path)  # a call given "2" as a page's path writes it here
    escapes = []
    count = 0
    for name, fn, args, kwargs in _calls(tmp_path):
        count += 1
        try:
            fuzz.judge_call(fn, args, kwargs)
        except Exception as exc:
            escapes.append(
                f"{name}(*{args!r:.60}, **{kwargs!r:.60}): {type(exc).__name__}: {exc}"[:300]
            )
    capsys.readouterr()
    assert count > 1000
    assert not escapes, "\n".join(escapes[:40])


def test_the_reproductions_of_point_7_raise_library_errors(tmp_path: Path) -> None:
    """The calls issue 24 lists, one by one: each an EnaRulesError (ArgumentTypeError for a
    wrong type, which is also a TypeError), naming the function and the argument."""
    import io as _io

    from ena_rules import diff_variants, dump_variant, format_cards, parse_card, parse_cards
    from ena_rules.agents.simulation import play_game, simulate
    from ena_rules.log.batch import validate_many
    from ena_rules.log.game import GameRecorder
    from ena_rules.pictures import svg
    from ena_rules.pictures.replay_html import render_page, write_replay
    from ena_rules.pictures.table_view import table_view
    from ena_rules.rules.chance import cut_event, cut_for_dealer, deal_event, drive_chance
    from ena_rules.variant.clauses import clause, explain

    v = load_variant("official")
    s = new_game(v, ["ana", "bor"], dealer="ana")
    log = tmp_path / "g.jsonl"
    log.write_text(
        json.dumps({"ena_log": 1, "variant": "official", "players": ["a", "b"], "seed": 1}) + "\n"
    )
    calls = [
        lambda: deal_event(s, seed=1.5),
        lambda: deal_event(None, 1),
        lambda: cut_event(s, 1.5),
        lambda: cut_for_dealer(s, 1.5),
        lambda: drive_chance(s, 1.5),
        lambda: GameRecorder(_io.StringIO(), v, ["a", "b"], seed=1.5),
        lambda: simulate(v, 2, 1, 1.5),
        lambda: play_game(v, ["a", "b"], 1.5),
        lambda: validate(5),
        lambda: validate("a\0b"),
        lambda: validate([None]),
        lambda: validate(log, resolver=5),
        lambda: validate(log, allow_paths=None),
        lambda: validate(log, folder=5),
        lambda: validate(log, source=None) and validate([b"{}"], source=5),
        lambda: validate_many([str(log)], jobs=-1),
        lambda: validate_many([str(log)], jobs="2"),
        lambda: validate_many([str(log)], jobs=1.5),
        lambda: validate_many(None),
        lambda: load_variant(5),
        lambda: load_variant_text(5),
        lambda: load_variant_text("", source=None),
        lambda: svg.card(5),
        lambda: svg.hand(None),
        lambda: svg.position(None),
        lambda: table_view(None),
        lambda: render_page(None),
        lambda: write_replay(log, "a\0"),
        lambda: to_json(None),
        lambda: parse_cards(5),
        lambda: format_cards(None),
        lambda: parse_card("R5", ranks=5),
        lambda: explain(5),
        lambda: clause(None),
        lambda: diff_variants(None, v),
        lambda: dump_variant(5),
    ]
    for i, call in enumerate(calls):
        try:
            call()
        except EnaRulesError:
            continue
        except Exception as exc:
            raise AssertionError(f"call {i}: {type(exc).__name__}: {exc}") from None
        if i not in (14,):  # source=None is the default: accepted
            raise AssertionError(f"call {i} returned")


def test_trusted_inputs_a_state_changed_with_attrs_evolve_is_the_callers_to_check() -> None:
    """docs/reliability.md, "Trusted inputs": a state the caller changed with attrs.evolve is
    not re-checked by apply; check_state (the check of parse_position and JSON) refuses it
    with a PositionError naming the field, and a position round trip does too."""
    from ena_rules.game.state_check import check_state
    from ena_rules.rules.chance import deal_event

    s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
    s = apply(s, deal_event(s, seed=1)).state
    bad = attrs.evolve(s, turn=7)
    with pytest.raises(PositionError, match="turn"):
        check_state(bad)
    with pytest.raises(PositionError):
        parse_position(format_position(bad))
    check_state(s)  # the library's own state passes


def test_HR_BLIND_DRAW_secrecy_a_blind_card_placed_before_a_seen_card_is_refused() -> None:
    """Cards drawn blind are the last cards of their hand (``blind=`` names them by value): a
    position or JSON state that puts one before a seen card is refused, naming ``blind``. The
    fuzz run's broken secrecy property: ana's hand Y9 B1 R7 with Y9 unseen; had the hidden Y9
    been an R7, the view would have listed her seen cards R7 B1, not B1 R7."""
    from ena_rules.game.state_check import check_state

    s = apply(deal(BLIND, [["B1", "R7"], ["Y1", "Y2"]], "G3", draw=["Y9"]), Draw("ana")).state
    assert [str(c) for c in s.hands[0]] == ["B1", "R7", "Y9"] and s.blind[0] == (s.hands[0][2],)
    check_state(s)
    check_views(s)
    hands = ((s.hands[0][2], *s.hands[0][:2]), s.hands[1])  # Y9 B1 R7, Y9 unseen
    bad = attrs.evolve(s, hands=hands, phase="play", drawn=None, turn=1)
    with pytest.raises(PositionError, match=r"^blind: seat 0: .*Y9.* last cards"):
        check_state(bad)
    with pytest.raises(PositionError, match="blind"):
        parse_position(format_position(bad), BLIND)
    with pytest.raises(PositionError, match="blind"):
        from_dict(to_dict(bad), BLIND)


def test_HR_BLIND_DRAW_a_card_returned_by_a_challenge_goes_before_the_blind_cards() -> None:
    """CHAL-GUILTY ``card_returns`` with HR-BLIND-DRAW: the Wild Draw Four goes back among its
    player's seen cards, before the cards they drew blind, so the state stays one the
    consistency check accepts and the view does not depend on the hidden cards."""
    from ena_rules.game.events import Challenge
    from ena_rules.game.state_check import check_state

    v = derived("official", 3, '[challenge]\nguilty = "card_returns"\n[view]\nblind_draw = true\n')
    hands = [["R3", "W+4", "B5"], ["R2", "G2", "G6"]]
    s = deal(v, hands, "R5", draw=["Y9", "Y1", "Y2", "Y3", "Y4", "Y6"])
    for e in (Draw("ana"), Play("bor", "R2"), Play("ana", "W+4", color="green")):
        s = apply(s, e).state
    assert s.blind[0] == (s.hands[0][-1],)  # Y9, drawn blind
    s = apply(s, Challenge("bor")).state
    assert [str(c) for c in s.hands[0]] == ["R3", "B5", "W+4", "Y9", "Y1", "Y2", "Y3", "Y4"]
    assert [str(c) for c in s.blind[0]] == ["Y9", "Y1", "Y2", "Y3", "Y4"]
    check_state(s)
    check_views(s)
    assert [str(c) for c in view(s, "ana").hand] == ["R3", "B5", "W+4"]


# -- found by the long run of the widened shapes --------------------------------------------------

LIMIT = derived("official", 3, "[play]\nhand_limit = 3\n")


def test_HR_HAND_LIMIT_partial_state_an_unknown_card_may_match_so_the_round_is_not_stuck() -> None:
    """D-HR-HAND-LIMIT-STUCK on a partial state (a table record, bor's view): every hand at
    the limit, no known card matches, but ana's unknown cards may: no KeyError '?', the round
    is not declared stuck (it is on the full state, where ana's cards are known)."""
    s = deal(LIMIT, [["Y1", "B2", "Y3"], ["Y4", "B5", "B6"]], "G7")
    full = apply(s, Draw("ana"))
    assert full.accepted and full.state.round == s.round + 1  # stuck: the round ends drawn
    p = forget(s, keep=[1], viewer=1)
    v = apply(p, Draw("ana"))
    assert v.accepted and v.state.round == s.round and v.state.players[v.state.turn] == "bor"
    assert "play.hand_limit" in {n.key for n in v.notes}


def test_HR_BLIND_DRAW_secrecy_check_keeps_the_drawn_card_among_the_blind_cards() -> None:
    """The secrecy property's own move of hidden cards (``check_views``): ana's blind drawn G5
    followed by 2 blind penalty cards (a wrong play after the draw, Ena) is not the last blind
    card; moving the hidden cards moves the drawn card with its place, so her view (which
    hides it: it is one of her blind cards) does not change. The long run's false alarm."""
    v = derived("ena", 3, "[view]\nblind_draw = true\n")
    s = deal(v, [["Y1", "B2", "Y3"], ["Y4", "B5", "B6"]], "G7", draw=["G5", "R1", "R2"])
    s = apply(s, Draw("ana")).state
    wrong = apply(s, Play("ana", "Y1"))
    assert wrong.outcome == "penalised"
    s = wrong.state
    assert (s.phase, str(s.drawn), [str(c) for c in s.blind[0]]) == (
        "drawn",
        "G5",
        ["G5", "R1", "R2"],
    )
    assert view(s, "ana").drawn is None and view(s, "ana").unseen == 3
    check_views(s)


def test_a_folder_given_as_an_empty_path_is_refused_not_read_as_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``base_dir=""``, ``folder=""``, ``allow_paths=[""]``: an empty path names no folder (as
    ``open("")`` opens no file); ``Path("")`` would be the current directory, whose
    ``official.toml`` the call would then read (the long run's ``call`` kind)."""
    _cwd_with_evil_official(tmp_path, monkeypatch)
    text = 'name = "t"\nextends = "official.toml"\n'
    head = json.dumps({"ena_log": 1, "variant": "official.toml", "players": ["a", "b"], "seed": 1})
    calls = [
        lambda: load_variant_text(text, base_dir=""),
        lambda: load_variant_text(text, allow_paths=[""]),
        lambda: load_variant("official.toml", allow_paths=[""]),
        lambda: validate([head], folder=""),
        lambda: validate([head], allow_paths=[""]),
    ]
    for call in calls:
        with pytest.raises(VariantError, match="an empty path names no folder"):
            call()
    with pytest.raises(VariantError, match="shadows the shipped"):  # "." is the cwd: said so
        load_variant_text(text, base_dir=".")
