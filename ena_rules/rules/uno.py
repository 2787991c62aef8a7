"""Calling UNO and catching a player who did not (UNO-CALL, UNO-SAFE, UNO-CATCH, UNO-FALSE).

The same mechanism is Mau-Mau's "Mau" (MAU-CALL), and ``uno.calls = "none"`` is a game with no
call (HR-SILENT-UNO; C8-NOCALL).

Who is catchable is the UNO window (:mod:`ena_rules.rules.windows`): ``uno_exposed``.

>>> from ena_rules import load_variant, CallUno
>>> from ena_rules.testing import start_round
>>> s = start_round(load_variant("official"), ["ana", "bor"], dealer="ana", turned="R5")
>>> judge_call(s, 0, CallUno("ana")).reason
'ana has no UNO to call (calls count only with one card left, before being caught)'
"""

from __future__ import annotations

from ..game.events import CallUno
from ..game.state import GameState
from . import windows
from .judgement import Judgement, accept, reject
from .penalties import mistake
from .work import Work

__all__ = ["calls_out", "judge_call", "perform_call"]


def judge_call(s: GameState, seat: int, e: CallUno) -> Judgement:
    """UNO-SAFE: one's own call counts while catchable (one card left, not yet called, the
    window open: ``uno.window``); UNO-CATCH: a catch of a catchable player (NM-UNO: priced by
    ``uno.catch_penalty``); UNO-FALSE (``uno.false_catch_penalty``): a catch of anyone else is
    a mistake, or rejected at 0."""
    name = s.players[seat]
    if s.variant.uno.calls == "none":  # HR-SILENT-UNO: no call, no catch
        return reject(
            "uno.calls",
            "UNO is silent in this variant: nobody calls it, nobody is caught",
            "HR-SILENT-UNO",
        )
    if e.target is None or e.target == name:
        if seat not in s.uno_exposed and calls_out(s, seat):  # MAU-CALL-OUT
            return accept("uno.out_call", "calls the last card", "MAU-CALL-OUT")
        if seat not in s.uno_exposed:
            return reject(
                "uno.catch_penalty",
                f"{name} has no UNO to call (calls count only with "
                "one card left, before being caught)",
                "UNO-CALL",
            )
        return accept("uno.window", "calls UNO", "UNO-SAFE")
    if e.target not in s.players:
        return reject("players.seated", f"{e.target!r} is not a player of this game")
    if s.players.index(e.target) in s.uno_exposed:
        return accept("uno.catch_penalty", "catches", "UNO-CATCH")
    why = f"{e.target} cannot be caught (not at one card without a call, or the window closed)"
    return mistake(
        s.variant,
        "uno.false_catch_penalty",
        key="uno.false_catch_penalty",
        reason=why,
        charge=f"{name} calls out {e.target} wrongly: {why}.",
        costs=False,
    )


def calls_out(s: GameState, seat: int) -> bool:
    """MAU-CALL-OUT (``uno.out_call``): ``seat`` may call their last card ("Mau-Mau"): they
    hold one card, of a rank the key lists (or one nobody saw), and have not called it yet.

    >>> from ena_rules import load_variant_text
    >>> from ena_rules.testing import start_round
    >>> one = load_variant_text('name = "t"\\nextends = "mau-mau"\\n[deal]\\nhand_size = 1')
    >>> s = start_round(one, ["ana", "bor"], dealer="bor", hands=[["SJ"], ["C9"]], turned="H9")
    >>> calls_out(s, 0), calls_out(s, 1)  # a jack is called, a nine is not
    (True, False)
    """
    u = s.variant.uno
    if not u.out_call or u.calls == "none" or seat in s.out_called or len(s.hands[seat]) != 1:
        return False  # HR-SILENT-UNO (uno.calls = "none"): no call at all
    rank = s.hands[seat][0].rank
    return rank in u.out_call or rank == "?"


def perform_call(w: Work, seat: int, e: CallUno, j: Judgement) -> None:
    """The call makes the caller safe; a catch makes the target draw ``uno.catch_penalty``.
    Neither is a turn action: no other window closes."""
    name = w.name(seat)
    if j.key == "uno.out_call":  # MAU-CALL-OUT
        windows.call_out(w, seat)
        w.note("uno.out_call", f"{name} calls the last card ({w.hands[seat][0]}).", "MAU-CALL-OUT")
        return
    if e.target is None or e.target == name:
        windows.uno_closes_on(w, seat)
        w.note("uno.window", f"{name} calls UNO and is safe.", "UNO-SAFE")
        return
    t = w.s.players.index(e.target)
    windows.uno_closes_on(w, t)
    w.note("uno.catch_penalty", f"{name} catches {e.target}, who did not call UNO.", "UNO-CATCH")
    # HR-UNO-COUNT: the count is the table's (uno.catch_penalty: 2, 4, 6 ...)
    w.take(t, w.v.uno.catch_penalty, "uno.catch_penalty", "caught without calling UNO")
