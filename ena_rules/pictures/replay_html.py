"""The HTML replay: one self-contained page that steps through a log line by line.

``ena-rules replay --html OUT LOG [--as PLAYER]`` writes it (docs/replay.md). The page holds
everything inline (the SVG cards, the style, the script and the steps as JSON) and fetches
nothing: its Content-Security-Policy forbids any load, and only the page's own script, named by
its hash, may run. Text from the log (names, cards, messages) is escaped where the page is
written and set as plain text by the script, so a log can never inject markup.

>>> lines = ['{"ena_log": 1, "variant": "official", "players": ["<b>ana</b>", "bor"], "seed": 7}',
...          '{"type": "pass", "player": "<b>ana</b>"}']
>>> page = render_page(replay_steps(lines))
>>> page.startswith("<!DOCTYPE html>"), "<b>ana" in page, "&lt;b&gt;ana" in page
(True, False, True)
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from .. import __version__
from ..cards import COLOR_NAMES, parse_card
from ..cards.notation import color_name
from ..errors import OutputError, typed_arguments
from ..game.names import lone_surrogate
from ..game.words import plural
from ..variant import Variant
from .replay_steps import Replay, ReplayStep, clause_texts, replay_steps
from .svg import PALETTE, SUIT_INK, caption_of, card_label, card_symbol, color_mark

__all__ = ["page_data", "render_page", "replay_command", "write_replay"]

BACK_ID = "card-back"


def _asset(name: str) -> str:
    return resources.files("ena_rules").joinpath("data", name).read_text(encoding="utf-8")


def _csp_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def _codes(steps: Iterable[ReplayStep]) -> list[str]:
    """Every card code the steps show, in a stable order."""
    seen: dict[str, None] = {}
    for s in steps:
        t = s.table
        if t is None:
            continue
        cards = [c for seat in t.seats for c in (*seat.cards, *seat.backs)] + [t.top, t.drawn]
        cards.append(t.pile_back)  # FLIP2-SIGHT: the other sides a player's view shows
        cards += list(t.shown[1]) if t.shown else []
        for c in cards:
            if c is not None:
                seen.setdefault(str(c), None)
    return sorted(seen)


@typed_arguments
def page_data(replay: Replay) -> dict[str, Any]:
    """The JSON the page's script reads: the steps, the card symbols and labels, the summary.

    >>> lines = ['{"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7}']
    >>> data = page_data(replay_steps(lines))
    >>> data["steps"][0]["table"]["seats"][0]["count"], data["first_wrong"]
    (7, None)
    """
    codes = _codes(replay.steps)
    steps = [s.to_dict() for s in replay.steps]
    texts = clause_texts()
    cited = sorted({c for s in steps for c in s["cited"]})
    return {
        "source": replay.report.source,
        "viewer": replay.viewer,
        "first_wrong": replay.report.first_wrong,
        "symbols": {code: f"card-{i}" for i, code in enumerate(codes)},
        "labels": {code: card_label(code, dict(replay.names)) for code in codes},
        "back": BACK_ID,
        "clauses": {c: texts.get(c, "") for c in cited},
        "steps": steps,
    }


def _script_json(data: dict[str, Any]) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char, escape in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e")):
        text = text.replace(char, escape)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _symbols(codes: Iterable[str], names: Mapping[str, str] | None = None) -> str:
    defs = ET.Element("defs")
    defs.append(card_symbol(None, BACK_ID))
    for i, code in enumerate(codes):
        # "?": a card nobody saw (a table record) is drawn face down
        card = None if code == "?" else parse_card(code)
        name = (names or {}).get(card.rank, "") if card is not None else ""
        caption = caption_of(name) if name else None
        defs.append(card_symbol(card, f"card-{i}", caption))
    return ET.tostring(defs, encoding="unicode")


def _legend(codes: Iterable[str] = ()) -> str:
    suits = [s for s in SUIT_INK if any(c[:1] == s and c[1:] for c in codes)]
    if suits:  # a pack of playing cards: its suits, each with its own shape (DECK-DECLARE)
        shapes = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
        out = []
        for code in suits:
            svg = ET.Element("svg", {"viewBox": "0 0 12 12", "aria-hidden": "true"})
            svg.append(color_mark(code, 6, 6, 5))
            out.append(
                f"<li>{ET.tostring(svg, encoding='unicode')} <strong>{code}</strong> "
                f"{color_name(code)}: a {shapes[code]}</li>"
            )
        return "".join(out)
    items = []
    for code, name in COLOR_NAMES.items():
        if code not in PALETTE:
            continue
        svg = ET.Element("svg", {"viewBox": "0 0 12 12", "aria-hidden": "true"})
        svg.append(color_mark(code, 6, 6, 5))
        shape = {"R": "circle", "Y": "triangle", "G": "square", "B": "diamond"}[code]
        items.append(
            f"<li>{ET.tostring(svg, encoding='unicode')} <strong>{code}</strong> {name}: "
            f"a {shape}</li>"
        )
    return "".join(items)


def _finding_items(replay: Replay) -> str:
    e = html.escape
    out = []
    for s in replay.steps:
        r = s.result
        if not (r.wrong or r.kind == "problem"):
            continue
        what = "unusable line" if r.kind == "problem" else s.to_dict()["what"]
        why = r.message if r.kind == "problem" else (r.rules or r.message)
        flag = "⚑ first off the rules: " if s.first else ""
        out.append(
            f'<li data-line="{r.line}"><a href="#line={r.line}">{flag}line {r.line}</a>: '
            f'{e(what)}. <span class="muted">{e(why)}</span></li>'
        )
    if not out:
        return '<p class="muted">None: every line keeps to the rules.</p>'
    return f'<ol class="findings">{"".join(out)}</ol>'


def _claim_items(replay: Replay) -> str:
    e = html.escape
    out = []
    for s in replay.steps:
        r = s.result
        if r.kind != "claim":
            continue
        word = "✓ agrees" if r.agrees else "✗ disagrees"
        out.append(
            f'<li data-line="{r.line}"><a href="#line={r.line}">line {r.line}</a>: '
            f"{e(s.to_dict()['what'])}: <strong>{word}</strong></li>"
        )
    if not out:
        return '<p class="muted">The record makes no claims.</p>'
    return f'<ol class="claims">{"".join(out)}</ol>'


def _header(replay: Replay) -> str:
    e, rep = html.escape, replay.report
    who = (
        "every hand (the arbiter's view)"
        if replay.viewer is None
        else f"{replay.viewer}'s view: other players' cards face down"
    )
    players = ", ".join(rep.players) or "unknown"
    first = ""
    if rep.first_wrong is not None:
        first = (
            f'<p class="first"><a href="#line={rep.first_wrong}">⚑ The record first leaves '
            f"the rules at line {rep.first_wrong}</a></p>"
        )
    found = sum(1 for s in replay.steps if s.result.wrong or s.result.kind == "problem")
    if found:  # who was wrong, one tap away on a phone too
        first += (
            f'<p class="jump"><a href="#findings">{plural(found, "finding")}: who was '
            "wrong, line by line ↓</a></p>"
        )
    return (
        f'<header><h1>Replay of <span class="src">{e(rep.source)}</span></h1>'
        f'<p class="summary {rep.verdict_word.lower()}">{e(rep.summary_text())}</p>'
        f'<p id="players">Variant <code>{e(rep.variant or "unknown")}</code>; players (clockwise) '
        f"{e(players)}. Showing {e(who)}.</p>{first}</header>"
    )


def _controls(replay: Replay) -> str:
    wrong = ""
    if replay.report.first_wrong is not None:
        wrong = (
            '<button type="button" id="b-wrong" class="first-wrong" title="first line off the '
            f'rules">⚑ Line {replay.report.first_wrong}'
            '<span class="wide">: first off the rules</span></button>'
        )
    last = max(len(replay.steps) - 1, 0)
    return (
        '<nav id="controls" aria-label="Step through the record">'
        '<button type="button" id="b-first" aria-label="First line" title="First line (Home)">'
        "« First</button>"
        '<button type="button" id="b-prev" aria-label="Previous line" title="Previous line '
        '(left arrow)">◀</button>'
        '<div class="track"><input type="range" id="slider" min="0" '
        f'max="{last}" value="0" aria-label="Line of the record">'
        '<div class="ticks" id="ticks" aria-hidden="true"></div></div>'
        '<button type="button" id="b-next" aria-label="Next line" title="Next line (right '
        'arrow)">▶</button>'
        '<button type="button" id="b-last" aria-label="Last line" title="Last line (End)">'
        f'Last »</button>{wrong}<output id="pos" for="slider"></output></nav>'
    )


_STEP = """<section id="step" aria-labelledby="step-h">
<h2 id="step-h">Line <span id="s-line"></span></h2>
<p id="s-flag" class="flag" hidden>⚑ The record first leaves the rules on this line.</p>
<p id="s-what" class="what"></p>
<pre id="s-raw" class="raw" aria-label="the line as written"></pre>
<dl class="verdict">
<dt>Verdict</dt><dd><span id="s-outcome" class="badge"></span></dd>
<dt>Clause</dt><dd id="s-clause"></dd>
<div id="s-key-row" class="row"><dt>Variant key</dt><dd><code id="s-key"></code></dd>
</div>
<dt>What happened</dt><dd id="s-message"></dd>
<div id="s-rules-row" class="row"><dt>The rules instead</dt><dd id="s-rules"></dd>
</div>
<div id="s-since-row" class="row"><dt>Follows</dt><dd id="s-since"></dd></div>
</dl>
</section>"""

_TABLE = """<section id="table" aria-labelledby="table-h">
<h2 id="table-h">The table</h2>
<p id="t-none"></p>
<div id="t-body">
<p id="t-status" class="what"></p>
<div class="pile"><div id="t-top"></div>
<dl><dt>Top card</dt><dd id="t-top-word"></dd><dt>Colour in force</dt><dd id="t-color"></dd>
<dt>Direction</dt><dd id="t-direction"></dd><dt>Draw pile</dt><dd id="t-pile"></dd>
<dt>Round</dt><dd id="t-round"></dd>
<dt id="t-side-h" hidden>Side in play</dt><dd id="t-side" hidden></dd></dl></div>
<h3>Open windows and owed draws</h3><ul id="t-windows" class="windows"></ul>
<div id="t-seats"></div>
<h3>Scores</h3><p id="t-last" class="muted"></p>
<table id="t-scores" class="scores"><thead><tr><th scope="col">player</th>
<th scope="col">total</th><th scope="col">last round</th></tr></thead><tbody></tbody></table>
</div>
</section>"""


@typed_arguments
def render_page(replay: Replay) -> str:
    """The whole page as one HTML string (nothing in it refers to anything outside it)."""
    e = html.escape
    css, js = _asset("replay.css"), _asset("replay.js")
    data = page_data(replay)
    csp = (
        f"default-src 'none'; style-src {_csp_hash(css)}; script-src {_csp_hash(js)}; "
        "form-action 'none'; base-uri 'none'"
    )
    title = f"Replay of {replay.report.source}: {replay.report.verdict_word}"
    codes = list(data["symbols"])
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f'<meta http-equiv="Content-Security-Policy" content="{csp}">',
            f'<meta name="generator" content="ena-rules {e(__version__)}">',
            f"<title>{e(title)}</title>",
            f"<style>{css}</style>",
            "</head>",
            "<body>",
            '<a class="skip" href="#step">Skip to the current line</a>',
            _header(replay),
            _controls(replay),
            "<noscript><p>Stepping through the record needs JavaScript; the findings and "
            "claims are listed below without it.</p></noscript>",
            '<p id="announce" class="sr-only" aria-live="polite"></p>',
            "<main>",
            _STEP,
            _TABLE,
            "<aside>",
            f'<section id="findings" aria-labelledby="f-h"><h2 id="f-h">Findings</h2>'
            f"{_finding_items(replay)}</section>",
            f'<section aria-labelledby="c-h"><h2 id="c-h">Claims</h2>{_claim_items(replay)}'
            "</section>",
            '<section aria-labelledby="l-h"><h2 id="l-h">Card colours</h2>'
            f'<ul class="legend">{_legend(codes)}</ul><p class="muted">Each card shows its code '
            "(colour letter and rank) and its colour's shape; a card with a question mark is "
            "face down.</p></section>",
            "</aside>",
            "</main>",
            '<svg class="defs" width="0" height="0" aria-hidden="true" focusable="false">'
            f"{_symbols(codes, dict(replay.names))}</svg>",
            '<template id="card-tpl"><svg class="card" viewBox="0 0 60 90" role="img">'
            f'<use href="#{BACK_ID}"></use></svg></template>',
            f'<script type="application/json" id="replay-data">{_script_json(data)}</script>',
            f"<script>{js}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


def _is_the_log(log: object, target: Path) -> bool:
    try:
        if not isinstance(log, str | os.PathLike) or os.fspath(log) == "-" or not target.exists():
            return False
        return target.resolve() == Path(os.fspath(log)).resolve()
    except (OSError, ValueError):  # a NUL byte, a lone surrogate: the reader says so
        return False


@typed_arguments
def write_replay(
    log: str | os.PathLike[str] | Iterable[str | bytes],
    out: str | os.PathLike[str],
    *,
    variant: Variant | str | None = None,
    player: str | None = None,
) -> Replay:
    """Judge ``log`` and write its page to ``out`` whole (a temporary file, then renamed).

    Raises :class:`~ena_rules.errors.EventError` for a ``player`` not in the log, a
    :class:`~ena_rules.errors.LogReadError` when the log cannot be read and an
    :class:`~ena_rules.errors.OutputError` when the page cannot be written (both library
    errors and ``OSError``); the log is never overwritten.
    """
    shown = ascii(os.fspath(out))[1:-1][:200]
    text = os.fspath(out)
    if not text or "\0" in text or lone_surrogate(text) is not None or not Path(text).name:
        raise OutputError(f"{shown!r}: not a file name for the page")
    target = Path(out)
    if _is_the_log(log, target):
        raise OutputError(f"{shown}: is the log itself; give another file for the page")
    replay = replay_steps(log, variant=variant, player=player)
    page = render_page(replay)
    folder = target.parent or Path(".")
    if not folder.is_dir():  # say so, rather than name the temporary file that failed
        raise OutputError(f"{shown}: no folder {os.fspath(folder)!r} to write the page into")
    try:
        fd, tmp = tempfile.mkstemp(prefix=".replay-", suffix=".html", dir=target.parent or ".")
    except OSError as exc:
        raise OutputError(f"{shown}: cannot write the page: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(page)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # as an ordinary new file, not mkstemp's 0600
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OutputError(f"{shown}: cannot write the page: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return replay


@typed_arguments
def replay_command(
    log: str, out: str, *, variant: Variant | None = None, player: str | None = None
) -> int:
    """``ena-rules replay --html OUT LOG``: write the page, print where and the verdict.

    Returns the validator's exit code (0, 1, or 2 for unusable input, whose page lists the
    problems), or 2 when nothing could be written.
    """
    from ..errors import EnaRulesError

    try:
        replay = write_replay(log, out, variant=variant, player=player)
    except EnaRulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = exc.filename or log
        print(f"error: {where}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    rep = replay.report
    for r in rep.findings:
        if r.kind == "problem":
            print(r.text(rep.source))
    print(f"{rep.source}: {rep.summary_text()}")
    first = (
        f"; #line={rep.first_wrong} opens it at the first line off the rules"
        if (rep.first_wrong is not None)
        else ""
    )
    print(f"wrote {out}: open it in any browser, offline{first}")
    return rep.exit_code
