"""A card put on the discard pile (by Play or Overtake) and what follows: its effects, a
draw owed (pending or taken at once), the UNO call it may make due, the last card.

>>> from ena_rules import load_variant
>>> stays_pending(load_variant("ena"), "W+4", flip=False), stays_pending(
...     load_variant("ena"), "+2", flip=False)
(True, False)
"""

from __future__ import annotations

from ..cards import Card
from ..game.state import ChallengeWindow, GameState, Pending
from ..game.words import a_word
from ..variant import Variant
from . import scoring, windows
from .effects import Resolution, draw_named_color, draw_owed, resolve
from .revenge import answer_count
from .work import Work

__all__ = [
    "asks_color",
    "draw_to_named_color",
    "holds_color",
    "owe",
    "pay_pending",
    "put_down",
    "record_skips",
    "skip_pending",
    "stays_pending",
]


def skip_pending(s: GameState) -> bool:
    """MAU-EIGHT-ANSWER (``stacking.skip_answer``): the player due is skipped by a card whose
    skip they may still pass on (a pending skip: nothing to draw); they pass to take it."""
    p = s.pending
    return p is not None and p.count == 0 and bool(s.variant.skip_answers(p.rank))


def asks_color(s: GameState) -> bool:
    """DRAW-COLOR (``draw_color.chooser = "victim"``): the player due owes a draw to a colour
    they name first (a ChooseColor); no other answer, no Draw."""
    p = s.pending
    return (
        p is not None
        and p.count == 0
        and s.phase == "owe"
        and s.variant.draw_color.chooser == "victim"
        and any(e.op == "draw_until_color" for e in s.variant.rank(p.rank).effects)
    )


def draw_to_named_color(w: Work, seat: int, code: str) -> None:
    """DRAW-COLOR: the victim's colour is in force; they draw until it comes and lose the
    turn (``draw_color.exhausted = "keep_turn"``: unless nothing of it could be drawn)."""
    p = w.pending
    assert p is not None
    key = f"ranks.{p.rank}.effects"
    w.color = code
    w.note("draw_color.chooser", f"{w.name(seat)} names {w.v.color_word(code)}.")
    _owed_drawn(w, seat, p, key, found=draw_named_color(w, seat, code, key))


def holds_color(hand: tuple[Card, ...], color: str | None, skip: Card | None = None) -> bool:
    """Whether ``hand`` (but one copy of ``skip``) holds a card of ``color``."""
    if color is None:
        return False
    skipped = False
    for c in hand:
        if c == skip and not skipped:
            skipped = True
            continue
        if c.color == color:
            return True
    return False


def put_down(
    w: Work, seat: int, card: Card, code: str | None, tseat: int | None, *, stack: bool
) -> None:
    """Move ``card`` from ``seat``'s hand to the discard pile and apply its effects.

    TURN-WD4-LEGAL: whether a challengeable card was played illegally is decided now (its
    player held a card of the colour in force). UNO-CALL: a player left with one card must
    call, unless the card moves hands (then HOUSE-SEVEN-ZERO's ``uno.after_hand_change``
    decides, after the move). END-ROUND: the last card ends the round.
    """
    s, v = w.s, w.v
    kind = v.kinds.get(card) or v.kind_of(card)
    rank = kind.rank  # DECK-CARD: a card's own table, else its rank's
    guilty = rank.challengeable and holds_color(s.hands[seat], s.color, card)
    prev_color = w.color
    w.remove(seat, card)
    w.discard = (*w.discard, card)
    if card.color is not None:
        w.color = card.color
    windows.open_overtaking(w, seat)
    moving = kind.moves_hands
    if len(w.hands[seat]) == 1 and not moving:
        windows.expose_uno(w, seat)
    if not w.hands[seat] and _uncalled(w, seat, card):
        _uncalled_out(w, seat, card)  # MAU-CALL-OUT: no win, penalty cards, play goes on
    if not w.hands[seat]:
        scoring.last_card(w, seat, card, code, stack)
        return
    pending_before = w.pending if stack else None
    windows.close_pending(w)  # a stack takes the pending count over (added below)
    r = resolve(w, seat, card, code, tseat)
    if _after_discard(w, seat, card, code, stack, moving):
        return
    # more skips than other players (a Reverse as a Skip with two, then a draw's skip) pass
    # over each of them once: the player goes again (record_skips counts them alike)
    victim, after = w.step(seat), w.step(seat, 1 + min(r.skips, w.n - 1))
    if r.exhausted and w.v.draw_color.exhausted == "keep_turn":
        after = victim  # DRAW-COLOR: nothing left to draw, the victim keeps the turn
        r.skips = 0
    if _held_open(w, r, victim, after, (seat, guilty, prev_color)):
        return
    if not r.count:
        if r.skips:
            record_skips(w, seat, r)
        w.set_turn(after)
        return
    count = added = r.count
    if pending_before is not None:
        added = answer_count(w, seat, r.count, pending_before)  # HR-REVENGE
        count = added + pending_before.count
        w.note(
            "stacking.overtake"
            if card.rank in v.stacking.overtake
            else v.stack_key(pending_before.rank, card.rank),
            f"The draw is stacked: {w.name(victim)} now owes {count}.",
        )
    owe(w, victim, count, card.rank, after, flip=False, key=r.key)
    if rank.challengeable and w.pending is not None:
        windows.open_challenge(w, ChallengeWindow(seat, victim, guilty, added, prev_color))


def _uncalled(w: Work, seat: int, card: Card) -> bool:
    """MAU-CALL-OUT: ``card``, ``seat``'s last, is of a rank ``uno.out_call`` lists and was
    not called; HR-SILENT-UNO (``uno.calls = "none"``): nobody calls, nothing is charged."""
    u = w.v.uno
    return card.rank in u.out_call and seat not in w.out_called and u.calls != "none"


def _uncalled_out(w: Work, seat: int, card: Card) -> None:
    """MAU-CALL-OUT (``uno.out_call``): a last card of a listed rank put down without its call
    does not win: its player draws ``uno.catch_penalty`` (UNO's count) and the card's effects
    apply as on any play. Left with one card, they must call it (UNO-CALL)."""
    w.note(
        "uno.out_call",
        f"{w.name(seat)} plays their last card, {card}, without calling it: no win.",
        "MAU-CALL-OUT",
    )
    w.take(seat, w.v.uno.catch_penalty, "uno.out_call", "going out without the call")
    if len(w.hands[seat]) == 1:
        windows.expose_uno(w, seat)


def _after_discard(
    w: Work, seat: int, card: Card, code: str | None, stack: bool, moving: bool
) -> bool:
    """NM-DISCARD-ALL: a hand the card's effects emptied goes out (END-ROUND, True); one left
    with a single card must call UNO (UNO-CALL), unless the card moves hands (``moving``)."""
    left = len(w.hands[seat])
    if left == 0:
        scoring.last_card(w, seat, card, code, stack)
        return True
    if left == 1 and seat not in w.uno_exposed and not moving:
        windows.expose_uno(w, seat)
    return False


def record_skips(w: Work, seat: int, r: Resolution) -> None:
    """ACT-SKIP: the players a card's skips pass over lose their turn (noted once)."""
    if not r.skips:
        return
    lost = min(r.skips, w.n - 1)
    x = w.step(seat)
    for _ in range(lost):
        w.lose_turn(x)
        x = w.step(x)
    w.note(r.key, f"Skipped: {', '.join(w.skipped[-lost:])}.")


def stays_pending(v: Variant, rank: str, *, flip: bool) -> bool:
    """Whether a draw of ``rank`` may still be answered: stacked (OVT-STACK, HOUSE-STACK) or
    challenged (CHAL-WHO; nobody may challenge a card turned up: nobody played it), or
    deflected (HR-DEFLECT-REVERSE ``play.deflect_back``, HR-DEFLECT-SKIP ``play.deflect_on``)."""
    if rank in v.stacking.overtake or v.stack_answers(rank):
        return True
    if rank in v.play.deflect_back or rank in v.play.deflect_on:
        return True
    return v.rank(rank).challengeable and not flip


def _held_open(
    w: Work, r: Resolution, victim: int, after: int, window: tuple[int, bool, str | None]
) -> bool:
    """The effects that leave the victim owing nothing yet (a pending of 0 cards): DRAW-COLOR
    (the victim names the colour, then draws to it), FLIP2-WDC (the draw to the colour in force
    is owed, and may be challenged: ``window`` is its challenge window's offender, guilt and
    colour before), MAU-EIGHT-ANSWER (a skip the victim may pass on). True when one of them
    holds the turn open."""
    if r.asks is None and not r.until and (r.count or not r.skips):
        return False  # the usual card: nothing held open
    v, card = w.v, r.card
    if r.asks is not None:  # DRAW-COLOR: the victim names the colour, then draws to it
        windows.open_pending(w, Pending(victim, 0, card.rank, after))
        w.note("draw_color.chooser", f"{w.name(victim)} names a colour to draw to.")
        return True
    if r.until:  # FLIP2-WDC: the draw to the colour is owed; the victim may challenge it
        windows.open_pending(w, Pending(victim, 0, card.rank, after))
        word = a_word(v.color_word(w.color)) if w.color else "any"
        w.note(r.key, f"{w.name(victim)} owes a draw until {word} card comes.")
        offender, guilty, prev_color = window
        windows.open_challenge(w, ChallengeWindow(offender, victim, guilty, 0, prev_color))
        return True
    if not r.count and r.skips and v.skip_answers(card.rank):  # MAU-EIGHT-ANSWER
        windows.open_pending(w, Pending(victim, 0, card.rank, after))
        answers = " or ".join(v.skip_answers(card.rank))
        w.note(
            "stacking.skip_answer",
            f"{w.name(victim)} is skipped unless they pass the skip on with a {answers}.",
        )
        return True
    return False


def owe(
    w: Work, victim: int, count: int, rank: str, after: int, *, flip: bool, key: str = ""
) -> None:
    """ACT-D2, ACT-WD4, NM-DRAW-CARDS: ``victim`` must draw ``count``: pending while it may
    be answered (phase ``owe``), otherwise drawn at once, the turn then going to ``after``.
    ``key``: the effects' key cited (DECK-CARD: ``cards.SQ.effects``; default
    ``ranks.RANK.effects``)."""
    key = key or f"ranks.{rank}.effects"
    if stays_pending(w.v, rank, flip=flip):
        windows.open_pending(w, Pending(victim, count, rank, after))
        w.note(key, f"{w.name(victim)} owes {count} cards and may still answer them.")
        return
    w.take(victim, count, key, f"the {key.split('.')[1]} card")  # SQ: its own table
    if after != victim:
        w.lose_turn(victim)
    w.set_turn(after)


def pay_pending(w: Work, seat: int) -> None:
    """ACT-D2, ACT-WD4: the victim draws the whole pending count and, unless the turn comes
    back to them, loses the turn."""
    p = w.pending
    assert p is not None
    key = f"ranks.{p.rank}.effects"
    found = draw_owed(w, seat, p.rank, p.count, key, f"the pending +{p.count}")  # FLIP2-WDC
    _owed_drawn(w, seat, p, key, found=found)


def _owed_drawn(w: Work, seat: int, p: Pending, key: str, *, found: bool) -> None:
    """After an owed draw: the pending closes and the victim loses the turn, unless it comes
    back to them, or nothing of the colour could be drawn and ``draw_color.exhausted =
    "keep_turn"`` (DRAW-COLOR) lets them play."""
    windows.close_pending(w)
    if not found and w.v.draw_color.exhausted == "keep_turn":
        w.set_turn(seat)
        return
    if p.after != seat:
        w.lose_turn(seat)
        w.note(key, f"{w.name(seat)} loses the turn.")
    w.set_turn(p.after)
