"""Log validation throughput and memory on a large generated game log.

The log is one long game (a variant whose scoring target is raised so the game runs for as many
rounds as asked) played through ``legal_events`` + ``apply`` with the play-first policy and
written as an ena-log (JSON Lines: a header, then one event a line; each later round is a line
carrying its deck and its seed). Three ways of checking it are timed:

* ``validate``: ``ena_rules.log.validate`` when that module exists (the real validator);
* ``parse+apply``: this benchmark's minimal streaming reader: ``json.loads`` each line, build the
  event, ``apply`` it, compare the outcome with the one recorded at generation;
* ``apply``: ``apply`` alone over the events already in memory (the referee's own cost).
"""

from __future__ import annotations

import importlib
import json
import random
import time
import tracemalloc
from pathlib import Path
from typing import Any

from common import play_first, seats

from ena_rules import (
    CallUno,
    Challenge,
    ChooseColor,
    Deal,
    Draw,
    Event,
    GameState,
    Overtake,
    Pass,
    Play,
    apply,
    dump_variant,
    legal_events,
    new_game,
)
from ena_rules.rules.chance import deal_event
from ena_rules.variant import Variant


def generate(v: Variant, players: int, events: int, *, seed: int) -> list[tuple[Event, str]]:
    """A game of at least ``events`` events (whole rounds), each with its verdict's outcome."""
    names = seats(players)
    rng = random.Random(seed)
    s = new_game(v, names, dealer=names[0])
    out: list[tuple[Event, str]] = []
    while s.phase != "over" and not (len(out) >= events and s.phase == "deal"):
        if s.phase == "deal":
            e: Event = deal_event(s, seed=seed)
        else:
            e = play_first(s, legal_events(s), rng)
        verdict = apply(s, e)
        if not verdict.accepted:
            raise AssertionError(f"{e!r}: {verdict}")
        out.append((e, verdict.outcome))
        s = verdict.state
    return out


def _event_json(e: Event) -> dict[str, Any]:
    if isinstance(e, Deal):
        return {"type": "round"}  # a seeded header: the round's deck follows from the seed
    kind = {
        Play: "play",
        Overtake: "overtake",
        Draw: "draw",
        Pass: "pass",
        CallUno: "call_uno",
        Challenge: "challenge",
        ChooseColor: "choose_color",
    }[type(e)]
    out: dict[str, Any] = {"type": kind}
    for name in ("player", "card", "color", "target"):
        value = getattr(e, name, None)
        if value is not None:
            out[name] = str(value)
    return out


def write_log(
    path: Path, v: Variant, players: int, seed: int, events: list[tuple[Event, str]]
) -> Path:
    """Write ``events`` (from :func:`generate`) as an ena-log with a seeded header.

    The variant is written beside the log and named by its file name in the header; round 1 is
    dealt by the header, each later round is a ``{"type": "round"}`` line.
    """
    variant_path = path.with_suffix(".toml")
    variant_path.write_text(dump_variant(v), encoding="utf-8")
    names = seats(players)
    header = {
        "ena_log": 1,
        "variant": variant_path.name,
        "players": names,
        "seed": seed,
        "dealer": names[0],
    }
    assert isinstance(events[0][0], Deal)
    with path.open("w", encoding="utf-8") as f:
        f.write(json.dumps(header) + "\n")
        for e, _ in events[1:]:
            f.write(json.dumps(_event_json(e)) + "\n")
    return path


_CLASSES: dict[str, Any] = {
    "play": Play,
    "overtake": Overtake,
    "draw": Draw,
    "pass": Pass,
    "call_uno": CallUno,
    "challenge": Challenge,
    "choose_color": ChooseColor,
}


def replay_parsed(path: Path, v: Variant, outcomes: list[str]) -> int:
    """Stream the log from disk: parse each line, apply it, compare its outcome; events seen.

    The benchmark's own minimal reader (no claims, no reports): the floor under a validator.
    """
    with path.open(encoding="utf-8") as f:
        header = json.loads(next(f))
        seed = header["seed"]
        s = new_game(v, header["players"], dealer=header["dealer"])
        verdict = apply(s, deal_event(s, seed=seed))
        s = verdict.state
        n = 1
        for line in f:
            d = json.loads(line)
            kind = d.pop("type")
            e = deal_event(s, seed=seed) if kind == "round" else _CLASSES[kind](**d)
            verdict = apply(s, e)
            if verdict.outcome != outcomes[n]:
                raise AssertionError(f"line {n + 1}: {e!r} gave {verdict}, recorded {outcomes[n]}")
            s = verdict.state
            n += 1
    return n


def replay_apply(v: Variant, players: int, events: list[tuple[Event, str]]) -> GameState:
    """``apply`` over events in memory, each outcome compared with the recorded one."""
    names = seats(players)
    s = new_game(v, names, dealer=names[0])
    for e, expected in events:
        verdict = apply(s, e)
        if verdict.outcome != expected:
            raise AssertionError(f"{e!r} gave {verdict}, recorded {expected}")
        s = verdict.state
    return s


def find_validator() -> Any | None:
    """``ena_rules.log.validate.validate`` if the package has it (issue 4), else None."""
    try:
        module = importlib.import_module("ena_rules.log.validate")
    except ImportError:
        return None
    fn = getattr(module, "validate", None)
    return fn if callable(fn) else None


def run_validator(fn: Any, path: Path) -> str:
    """The package's validator on the log, in constant memory; the report's verdict and counts."""
    report = fn(path, keep=False)
    word = getattr(report, "verdict_word", "?")
    if getattr(report, "exit_code", 0) != 0:
        raise AssertionError(f"the validator finds the generated log {word}: {report!r:.500}")
    return f"{word}, {getattr(report, 'events', '?')} events"


def timed(fn: Any, *args: Any) -> tuple[float, Any]:
    """(CPU seconds of this thread, result) of one call: other processes do not inflate it."""
    t0 = time.thread_time()
    result = fn(*args)
    return time.thread_time() - t0, result


def peak_memory(fn: Any, *args: Any) -> int:
    """Peak bytes allocated (tracemalloc) while ``fn(*args)`` runs, above what was there before."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    try:
        fn(*args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return peak - base


def whole_rounds(events: list[tuple[Event, str]], part: int) -> list[tuple[Event, str]]:
    """About ``1/part`` of ``events`` (from :func:`generate`): whole rounds from the first."""
    want = len(events) // part
    for i in range(want, len(events)):
        if isinstance(events[i][0], Deal):
            return events[:i]
    return events
