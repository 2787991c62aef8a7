"""What the web page asks of the referee, answered by the same package as the command line.

The page's worker (``ena_rules/data/web/worker.js``) runs this module in Pyodide and calls
:func:`call` with one JSON request; the answer is one JSON object. Validation, the variant check
and the diff run the ``ena-rules`` command itself (:func:`run_cli`) on files in a work folder, so
the page prints the command's own lines, byte for byte. The replay is the page that
``ena-rules replay --html`` writes. The record form (:func:`form`) writes a table record from
rows (who, what, which card) and offers each player's legal moves from
``legal_events(view(state, player))``.

>>> import json, tempfile
>>> folder = tempfile.mkdtemp()
>>> answer = json.loads(call(json.dumps({"op": "check", "name": "t.toml",
...     "text": 'extends = "ena"\\n[deal]\\nhand_size = 5\\n'}), folder))
>>> answer["code"], answer["out"]
(0, "t.toml: ok: variant 't' (extends ena; 1 key differs from it; 17 ranks)\\n")
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from .. import __version__
from ..errors import EnaRulesError
from ..game.events import PlayerEvent
from ..game.state import GameState
from ..log.validate import Validator
from ..pictures.replay_html import write_replay
from ..rules.referee import canonical_deck, legal_events
from ..rules.view import view
from ..variant.io import shipped_variants
from . import main as cli_main

__all__ = ["MAX_REPLAY_BYTES", "MAX_SHOWN_LINES", "call", "form", "run_cli", "safe_name"]

#: A record longer than this gets its report but no step-through replay on the page.
MAX_REPLAY_BYTES = 4 << 20
#: At most this many lines of a report are sent to the page (the whole report is downloadable).
MAX_SHOWN_LINES = 2000

_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def safe_name(name: str, default: str, suffix: str) -> str:
    """A file name for the work folder: no folder part, plain characters, the given suffix.

    >>> safe_name("../my game<b>.jsonl", "record.jsonl", ".jsonl")
    'my_game_b_.jsonl'
    >>> safe_name("", "record.jsonl", ".jsonl")
    'record.jsonl'
    """
    base = _NAME.sub("_", name.replace("\\", "/").rsplit("/", 1)[-1]).lstrip(".")[:80]
    if not base:
        return default
    return base if base.endswith(suffix) else base + suffix


def run_cli(args: Sequence[str], folder: str | os.PathLike[str]) -> dict[str, Any]:
    """Run ``ena-rules ARGS`` in ``folder``; its standard output, standard error and exit code.

    >>> run_cli(["variants", "diff", "official", "official"], ".")["out"]
    'official and official: no key differs.\\n'
    """
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli_main(list(args))
            except SystemExit as exc:  # argparse's usage errors
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        os.chdir(here)
    return {"out": out.getvalue(), "err": err.getvalue(), "code": code}


def _shown(result: dict[str, Any]) -> dict[str, Any]:
    """The report cut to :data:`MAX_SHOWN_LINES` lines, always with its last (summary) line."""
    lines = result["out"].splitlines()
    result["summary"] = lines[-1] if lines else ""
    result["lines"] = len(lines)
    if len(lines) > MAX_SHOWN_LINES:
        result["full"] = result["out"]
        cut = len(lines) - MAX_SHOWN_LINES
        kept = [*lines[: MAX_SHOWN_LINES - 1], f"... {cut} more lines (download the report)"]
        result["out"] = "\n".join([*kept, lines[-1]]) + "\n"
    return result


def _variant_args(request: dict[str, Any]) -> list[str]:
    variant = str(request.get("variant") or "")
    if variant.startswith("house:"):
        return ["--variant", str(Path("house") / safe_name(variant[6:], "house.toml", ".toml"))]
    return ["--variant", variant] if variant else []


def _write(folder: Path, sub: str, name: str, text: object) -> None:
    if isinstance(text, str):
        (folder / sub).mkdir(parents=True, exist_ok=True)
        (folder / sub / name).write_text(text, encoding="utf-8")


def _replay(folder: Path, name: str, variant: list[str]) -> dict[str, Any]:
    log = folder / "records" / name
    if log.stat().st_size > MAX_REPLAY_BYTES:
        return {
            "replay": None,
            "replay_note": "This record is too long to step through here: "
            "ena-rules replay --html writes its page.",
        }
    out = folder / "replay.html"
    try:
        chosen = variant[1] if variant else None
        here = os.getcwd()
        os.chdir(folder / "records")
        try:
            write_replay(name, out, variant=chosen)
        finally:
            os.chdir(here)
    except (EnaRulesError, OSError) as exc:
        return {"replay": None, "replay_note": f"No replay: {exc}"}
    return {"replay": out.read_text(encoding="utf-8"), "replay_note": ""}


def _validate(request: dict[str, Any], folder: Path) -> dict[str, Any]:
    name = safe_name(str(request.get("name", "")), "record.jsonl", ".jsonl")
    _write(folder, "records", name, request.get("text"))
    if request.get("upload"):  # the worker wrote the record's bytes to the file "upload"
        (folder / "records").mkdir(parents=True, exist_ok=True)
        os.replace(folder / "upload", folder / "records" / name)
    variant = _variant_args(request)
    if variant and variant[1].startswith("house"):
        variant[1] = str(Path("..") / variant[1])
    answer = _shown(run_cli(["validate", *variant, name], folder / "records"))
    answer["name"] = name
    if request.get("replay", True):
        answer.update(_replay(folder, name, variant))
    return answer


def _house(request: dict[str, Any], folder: Path) -> dict[str, Any]:
    name = safe_name(str(request.get("name", "")), "house.toml", ".toml")
    _write(folder, "house", name, request.get("text"))
    if request["op"] == "check":
        return run_cli(["variants", "check", name], folder / "house")
    base = str(request.get("base") or "ena")
    return run_cli(["variants", "diff", base, name], folder / "house")


def _variants(request: dict[str, Any], folder: Path) -> dict[str, Any]:
    return {"names": list(shipped_variants()), "version": __version__}


_OPS: dict[str, Callable[[dict[str, Any], Path], dict[str, Any]]] = {
    "validate": _validate,
    "check": _house,
    "diff": _house,
    "variants": _variants,
}


def call(request: str, folder: str | os.PathLike[str]) -> str:
    """Answer one JSON request of the page (``op``: validate, check, diff, variants, form).

    Every answer is a JSON object; a request the referee cannot use gets ``{"error": ...}``.

    >>> json.loads(call('{"op": "variants"}', "."))["names"][:2]
    ['crazy', 'crazy-eights']
    """
    try:
        req = json.loads(request)
        if not isinstance(req, dict):
            raise ValueError("a request is a JSON object")
        where = Path(folder)
        answer = (
            form(req, where) if req.get("op") == "form" else _OPS[str(req.get("op"))](req, where)
        )
    except KeyError as exc:
        answer = {"error": f"unknown request: {exc}"}
    except (ValueError, TypeError, EnaRulesError, OSError) as exc:
        answer = {"error": str(exc)}
    return json.dumps(answer, ensure_ascii=False)


# -- the record form ------------------------------------------------------------------------------

_ROW_KEYS = {
    "play": ("card", "color", "target"),
    "overtake": ("card", "color", "target"),
    "draw": (),
    "pass": (),
    "call_uno": ("target",),
    "challenge": (),
    "claim_penalty": ("cards",),
}


def _row_line(row: dict[str, Any]) -> dict[str, Any]:
    kind = str(row.get("type", ""))
    if kind not in _ROW_KEYS:
        raise ValueError(f"a row's move is one of {', '.join(_ROW_KEYS)}, not {kind!r}")
    line: dict[str, Any] = {"type": kind, "player": str(row.get("player", ""))}
    for key in _ROW_KEYS[kind]:
        value = row.get(key)
        if value not in (None, ""):
            line[key] = int(value) if key == "cards" else str(value)
    return line


def form_lines(request: dict[str, Any]) -> list[str]:
    """The table record the form's fields and rows make, one JSON line each.

    >>> form_lines({"variant": "ena", "players": ["ana", "bor"], "dealer": "ana",
    ...     "turned": "R5", "rows": [{"player": "bor", "type": "play", "card": "R7"}]})[1]
    '{"type": "play", "player": "bor", "card": "R7"}'
    """
    players = [str(p).strip() for p in request.get("players", []) if str(p).strip()]
    header = {
        "ena_log": 1,
        "variant": str(request.get("variant") or "ena"),
        "players": players,
        "dealer": str(request.get("dealer") or (players[0] if players else "")),
        "deck": "unknown",
        "turned": str(request.get("turned", "")).split(),
    }
    rows = [_row_line(r) for r in request.get("rows", [])]
    return [json.dumps(x, ensure_ascii=False) for x in (header, *rows)]


_WORDS = {
    "Play": "play",
    "Overtake": "overtake",
    "Draw": "draw",
    "Pass": "pass",
    "CallUno": "call_uno",
    "Challenge": "challenge",
}


def _label(e: PlayerEvent) -> dict[str, Any]:
    """A legal move as the form's row holds it, with its words (``play W+4 naming red``)."""
    choice = {"type": _WORDS.get(type(e).__name__, "")}
    for key in ("card", "color", "target"):
        value = getattr(e, key, None)
        if value is not None:
            choice[key] = str(value)
    words = {
        "pass": "pass (keep the drawn card)",
        "challenge": "challenge the Wild Draw Four",
        "call_uno": f"catch {choice.get('target')} (no UNO call)"
        if "target" in choice
        else "call UNO",
    }.get(choice["type"], " ".join([choice["type"], choice.get("card", "")]).strip())
    if "color" in choice:
        words += f" naming {choice['color']}"
    if "target" in choice and choice["type"] != "call_uno":
        words += f" with {choice['target']}"
    choice["label"] = words
    return choice


def _open_hand(state: GameState, seat: int) -> GameState:
    """The state with ``seat``'s hand holding, beside its known cards, one of every card of the
    deck that is not all in sight: its view lists every card the player may play now."""
    deck = Counter(canonical_deck(state.variant))
    known = [c for hand in state.hands for c in hand if str(c) != "?"]
    sight = Counter([*state.discard, *known])
    unseen = sorted((c for c in deck if deck[c] > sight[c]), key=str)
    hand = (*(c for c in state.hands[seat] if str(c) != "?"), *unseen)
    return attrs.evolve(
        state, hands=tuple(hand if i == seat else h for i, h in enumerate(state.hands))
    )


def choices(state: GameState, player: str) -> list[dict[str, Any]]:
    """The legal moves the form offers ``player``: ``legal_events(view(state, player))``, with
    the cards a hand nobody recorded may hold for plays and overtakes (:func:`_open_hand`).

    >>> from ena_rules.log.validate import Validator
    >>> v = Validator("t")
    >>> _ = list(v.run(form_lines({"variant": "ena", "players": ["ana", "bor"],
    ...                            "dealer": "ana", "turned": "R5"})))
    >>> [c["label"] for c in choices(v.state, "bor")][-3:], choices(v.state, "ana")
    (['play W+4 naming blue', 'play Y5', 'draw'], [])
    """
    if state.phase not in ("play", "drawn", "owe", "color"):
        return []
    seat = state.players.index(player)
    moves = [
        e for e in legal_events(view(state, player)) if type(e).__name__ not in ("Play", "Overtake")
    ]
    if state.partial:
        cards = legal_events(view(_open_hand(state, seat), player))
    else:
        cards = legal_events(view(state, player))
    seen: dict[str, dict[str, Any]] = {}
    for e in [*[c for c in cards if type(c).__name__ in ("Play", "Overtake")], *moves]:
        choice = _label(e)
        seen.setdefault(choice["label"], choice)
    return list(seen.values())


def form(request: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Write the form's table record, judge each line, offer each player's legal moves.

    The answer holds the record (``log``), the command's report of it (``out``, as
    ``ena-rules validate`` prints it), one verdict per line, the first line off the rules and
    the legal moves after the last row.

    >>> import tempfile
    >>> a = form({"variant": "ena", "players": ["ana", "bor", "cene"], "dealer": "ana",
    ...     "turned": "R5", "rows": [{"player": "bor", "type": "play", "card": "R7"}]},
    ...     Path(tempfile.mkdtemp()))
    >>> a["code"], a["due"], [c["label"] for c in a["choices"]["cene"]][-1]
    (0, 'cene', 'draw')
    """
    lines = form_lines(request)
    name = safe_name(str(request.get("name", "")), "table.jsonl", ".jsonl")
    text = "".join(f"{x}\n" for x in lines)
    answer = _validate({"name": name, "text": text, "replay": False}, folder)
    v = Validator(name)
    verdicts = [
        {
            "line": r.line,
            "text": r.text(name),
            "outcome": r.outcome
            or ("agrees" if r.agrees else "DISAGREES" if r.agrees is False else r.kind),
            "wrong": r.wrong or r.kind == "problem",
        }
        for r in v.run(lines)
    ]
    state = v.state
    report = v.report()
    answer.update(
        log=text,
        verdicts=verdicts,
        first_wrong=report.first_wrong,
        due=state.due if state is not None else None,
        choices={p: choices(state, p) for p in state.players} if state else {},
    )
    return answer
