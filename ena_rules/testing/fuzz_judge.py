"""The fuzz targets of each kind of input: a log (forgiving and strict), a variant file, a
position (its legal events and every player's view and picture), each judged after checking
the properties every outcome must have (docs/reliability.md): nothing but an
:class:`~ena_rules.EnaRulesError` escapes, the forgiving and the strict reader agree on what is
unusable, the same input judged twice gives the same report, no view shows a hidden card.
:mod:`ena_rules.testing.fuzz` re-exports them.

>>> judge_log([b"null"])
'unusable'
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..errors import EnaRulesError, LogError
from ..game.position import format_position, parse_position
from ..game.state import GameState
from ..log.validate import validate
from ..rules.referee import apply, legal_events
from ..rules.view import view
from ..variant import Variant
from ..variant.io import load_variant_text
from .explore import check_views

__all__ = ["check_pictures", "judge_log", "judge_position", "judge_variant"]


def judge_log(lines: Sequence[bytes], *, folder: Path | None = None, twice: bool = True) -> str:
    """Validate a log forgiving and strict (``twice``: forgiving twice); the verdict word.

    Raises ``AssertionError`` if the two modes disagree on what is unusable, or two runs on
    the same lines disagree, or a view of the final state leaks a hidden card.

    >>> judge_log([b'{"ena_log": 1, "variant": "official", "players": ["a", "b"], "seed": 2}'])
    'consistent'
    """
    report = validate(lines, folder=folder)
    if twice:
        again = validate(lines, folder=folder)
        assert report.to_dict() == again.to_dict(), "two runs on the same log differ"
    try:
        validate(lines, strict=True, folder=folder)
        strict_unusable = False
    except LogError:
        strict_unusable = True
    assert strict_unusable == (report.exit_code == 2), (
        f"forgiving exit {report.exit_code}, strict {'raised' if strict_unusable else 'passed'}"
    )
    if report.final is not None:
        check_views(report.final)
    return report.verdict_word.lower()


def judge_variant(text: str) -> str:
    """Load variant text: ``loaded`` or ``refused`` (a :class:`~ena_rules.VariantError`).

    >>> judge_variant('extends = "official"'), judge_variant("[[")
    ('loaded', 'refused')
    """
    try:
        load_variant_text(text, source="fuzz.toml")
    except EnaRulesError:
        return "refused"
    return "loaded"


def judge_position(
    text: str, *, events: int = 40, variant: Variant | None = None, pictures: bool = False
) -> str:
    """Parse a position (of ``variant``, else the one it names); if it parses, judge its legal
    events and a few others, and its views (secrecy: each player's view, its partial state,
    position and JSON, and with ``pictures`` its picture, do not change when the cards hidden
    from the player change).

    >>> judge_position("official players=ana,bor phase=cut scores=0,0 cutters=0,1 cuts=_,_")
    'parsed'
    >>> judge_position("official players=ana")
    'refused'
    """
    try:
        state = parse_position(text, variant)
    except EnaRulesError:
        return "refused"
    again = parse_position(format_position(state), variant)
    assert format_position(again) == format_position(state)
    _exercise(state, events)
    check_views(state)
    if pictures:
        check_pictures(state)
    return "parsed"


def check_pictures(state: GameState) -> None:
    """Secrecy of the picture: each player's view drawn (SVG) is the same when every card
    hidden from them is moved (others' hands, the draw pile, their own blind cards).

    >>> from ena_rules import load_variant, new_game
    >>> check_pictures(new_game(load_variant("official"), ["ana", "bor"]))
    """
    from ..pictures.svg import position as picture
    from .invariants import _hide

    if not state.hands:
        return
    for seat, player in enumerate(state.players):
        drawn = picture(view(state, player))
        for shift in (0, 1):
            assert picture(view(_hide(state, seat, shift), player)) == drawn, (
                f"{player}'s picture changes when cards hidden from them are moved"
            )


def _exercise(state: GameState, events: int) -> None:
    from ..game.events import CallUno, Challenge, Draw, Overtake, Pass, Play

    for e in legal_events(state)[:events]:
        verdict = apply(state, e)
        assert verdict.accepted, f"{e!r} is listed but {verdict.outcome}"
    cards = sorted({c for hand in state.hands for c in hand}, key=str)[:6]
    for p in state.players:
        for c in cards:
            apply(state, Play(p, c, color="red"))
            apply(state, Overtake(p, c, color="blue"))
        for e in (Draw(p), Pass(p), Challenge(p), CallUno(p), CallUno(p, state.players[0])):
            apply(state, e)
