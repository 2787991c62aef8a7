"""A player's turn: which card may be played (matching), and the Play, Draw and Pass events.

>>> from ena_rules import load_variant, Play
>>> from ena_rules.testing import start_round
>>> s = start_round(load_variant("official"), ["ana", "bor"], dealer="ana",
...                 hands=[[], ["R1", "G2"]], turned="R5")
>>> playable(s, 1, s.hands[1][0]).reason, playable(s, 1, s.hands[1][1]).kind
('it matches', 'reject')
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Card
from ..game.events import Draw, Pass, Play
from ..game.fastbuild import updater
from ..game.state import GameState
from ..game.words import plural
from ..variant import Variant
from ..variant.ops import draw_count
from . import answers, discard, finish, forced, multi, scoring, windows
from .judgement import ALLOWED, REFUSED, Judgement, accept, card_args, cname, judge_card, reject
from .penalties import mistake
from .unknown import known, unknown_count, unseen
from .work import Work, evolve

__all__ = [
    "judge_draw",
    "judge_pass",
    "judge_play",
    "matches",
    "not_due",
    "perform_draw",
    "perform_pass",
    "perform_play",
    "playable",
]

#: ``evolve(s, hands=..., phase=...)`` without keyword parsing (a draw asks it of each card).
_in_play: Callable[[GameState, tuple[tuple[Card, ...], ...], str], GameState] = updater(
    GameState, ("hands", "phase")
)

_MATCHES = accept("turn.match", "it matches")
_WILD = accept("turn.wild_anytime", "a wild may be played on any turn")
_UNNAMED = accept("first_card.wild_color", "no colour is named yet: any card matches")


def matches(s: GameState, seat: int, card: Card, why: bool = True) -> Judgement:
    """TURN-MATCH (``turn.match``; C8-MATCH, MAU-MATCH: a suit or a rank): a card matches the
    colour in force or the top card's rank;
    TURN-WILD (``turn.wild_anytime``): a wild may be played on any turn; TURN-WD4-LEGAL
    (``only_without_color_match``): a restricted wild only without a card of the colour,
    unless its victim may challenge it (then it is played, and judged by the challenge).
    ``why=False``: a refusal is :data:`~ena_rules.rules.judgement.REFUSED` (yes or no only)."""
    v = s.variant
    top = s.discard[-1] if s.discard else None  # s.top, read without a call
    if v.not_on_same and card.rank in v.not_on_same and top is not None and top.rank == card.rank:
        if not why:
            return REFUSED
        return reject(  # MAU-JACK-ON-JACK
            f"ranks.{card.rank}.not_on_same_rank", lambda: f"{card} may not be played on {top}"
        )
    if card.color is None or card.rank in v.wild_ranks:  # C8-WILD: a suited wild too
        rank = v.rank(card.rank)  # looked up for wilds only: legal_events asks for every card
        if (
            rank.only_without_color_match
            and not rank.challengeable
            and discard.holds_color(s.hands[seat], s.color, card)
        ):
            if not why:
                return REFUSED
            return reject(
                f"ranks.{card.rank}.only_without_color_match",
                lambda: f"{card} may be played only holding no {cname(s.color)} card",
            )
        if not v.turn.wild_anytime and any(
            not v.plays_as_wild(c) and matches(s, seat, c, False).accepted for c in s.hands[seat]
        ):
            if not why:
                return REFUSED
            return reject(
                "turn.wild_anytime", lambda: f"{card} may be played only holding no match"
            )
        return _WILD
    if s.color is None:
        return _UNNAMED
    if card.color == s.color or (top is not None and card.rank == top.rank):
        return _MATCHES
    if not why:
        return REFUSED
    return reject(
        "turn.match",
        lambda: f"{card} matches neither the colour ({cname(s.color)}) nor the top card ({top})",
    )


def playable(s: GameState, seat: int, card: Card, why: bool = True) -> Judgement:
    """May the player due put ``card`` down now, in this phase? TURN-DRAW (``turn.play_drawn``):
    after a draw only the drawn card; with a draw owed only a card that answers it
    (HOUSE-STACK ``stacking.answer``, NM-STACK ``stacking.by_value``, OVT-STACK
    ``stacking.overtake``) or deflects it
    (HR-DEFLECT-REVERSE, HR-DEFLECT-SKIP); else it must match. HR-FINISH-WILD,
    HR-FINISH-ACTION: a forbidden last card is never playable. ``why=False``: the usual
    refusal (no match) is :data:`~ena_rules.rules.judgement.REFUSED` (yes or no only)."""
    v = s.variant
    if v.play.no_wild_finish or v.play.no_draw_finish:  # finish.forbidden's rules, if set
        last = finish.forbidden(s, seat, card)
        if last is not None:
            return last
    if s.phase == "drawn":
        if s.drawn is None or card != s.drawn:
            if not why:
                return REFUSED
            return reject(
                "turn.play_drawn",
                lambda: f"after drawing only the drawn card ({s.drawn}) may be played",
            )
        return matches(s, seat, card, why)
    if s.phase == "owe":
        return _answers_pending(s, seat, card, why)
    return matches(s, seat, card, why)


def _answers_pending(s: GameState, seat: int, card: Card, why: bool) -> Judgement:
    """With a draw owed (phase ``owe``): a card that answers it (HOUSE-STACK, NM-STACK,
    OVT-STACK) or deflects it (HR-DEFLECT-REVERSE, HR-DEFLECT-SKIP); none while the victim
    names a colour to draw to (DRAW-COLOR); MAU-EIGHT-ANSWER: a skip passed on."""
    v = s.variant
    p = s.pending
    assert p is not None
    if p.count == 0 and discard.asks_color(s):  # a colour to name, a skip: nothing owed yet
        if not why:
            return REFUSED
        return reject(
            "draw_color.chooser",
            lambda: f"{s.players[seat]} names the colour to draw to: no card answers it",
        )
    if p.count == 0 and discard.skip_pending(s):  # MAU-EIGHT-ANSWER
        return _skip_answer(s, seat, card, why)
    if card.rank in v.stack_answers(p.rank):
        if not why:
            return ALLOWED
        return accept(
            v.stack_key(p.rank, card.rank), f"{card} is stacked on the pending +{p.count}"
        )
    if p.rank in v.stacking.overtake and card.rank == p.rank and identical(s, card):
        return accept("stacking.overtake", f"{card} is stacked on the pending +{p.count}")
    deflects = answers.deflection(v, p.rank, v.rank_of(card))
    if deflects is not None:
        return accept(deflects, f"{card} deflects the pending +{p.count}")
    if not why:
        return REFUSED
    answer = " or challenge" if s.challenge else ""
    key = v.stack_key(p.rank, card.rank)
    return reject(
        key,
        lambda: (
            f"{s.players[seat]} owes {p.count} cards: draw them{answer}; "
            f"{card} cannot answer them{_by_value(v, p.rank, card.rank, key)}"
        ),
    )


def _skip_answer(s: GameState, seat: int, card: Card, why: bool) -> Judgement:
    """MAU-EIGHT-ANSWER (``stacking.skip_answer``): a skipped player may put down only a card
    of a rank the key lists for the pending skip (its skip then passes on)."""
    p = s.pending
    assert p is not None
    answers = s.variant.skip_answers(p.rank)
    if card.rank in answers:
        return accept("stacking.skip_answer", f"{card} passes the skip on")
    if not why:
        return REFUSED
    return reject(
        "stacking.skip_answer",
        lambda: (
            f"{s.players[seat]} is skipped: pass, or pass the skip on with a "
            f"{' or '.join(answers)}; {card} cannot"
        ),
    )


def _by_value(v: Variant, pending_rank: str, rank: str, key: str) -> str:
    """NM-STACK: why a draw card does not answer by value, in words (else nothing)."""
    if key != "stacking.by_value":
        return ""
    rule = v.stacking.by_value
    want = "the same" if rule == "same_value" else "the same or a higher"
    mine, theirs = draw_count(v.rank(rank)), draw_count(v.rank(pending_rank))
    return f" (a draw of {mine} on a draw of {theirs}: by_value = {rule} takes {want} value)"


def identical(s: GameState, card: Card) -> bool:
    """OVT-IDENT: same colour and rank as the top card; OVT-WILDS (``overtake.wilds``): a wild
    is identical to any wild of its rank (``same_rank``), or to none (``never``)."""
    top = s.discard[-1] if s.discard else None  # s.top, read without a call
    if top is None or card.rank != top.rank:
        return False
    if card.color is None:
        return s.variant.overtake.wilds == "same_rank"
    return card.color == top.color


def not_due(s: GameState, seat: int, what: str) -> Judgement:
    """PEN-ENA, PEN-WRONG-OFF (``penalties.out_of_turn``): an event of a player who is not due.
    FLIP-WILD: in phase ``color`` the player naming the colour must name it first."""
    name = s.players[seat]
    if s.phase == "color" and seat == s.chooser:
        why = f"{name} {what} before naming the colour of the turned-up {s.top}"
        return mistake(
            s.variant, "penalties.out_of_turn", key="first_card.wild_color", reason=why, charge=why
        )
    why = f"{name} {what} out of turn ({s.due or 'nobody'} is due)"
    return mistake(
        s.variant, "penalties.out_of_turn", key="penalties.out_of_turn", reason=why, charge=why
    )


def judge_play(s: GameState, seat: int, e: Play) -> Judgement:
    """Play: the card checks; out of turn; playable now, else a wrong card (PEN-WRONG-OFF,
    PEN-ENA: ``penalties.wrong_card``; PEN-EFFECT: ``penalties.wrong_card_turn``)."""
    bad = judge_card(s, seat, e.card, e.color, e.target)
    if bad is None and e.more:  # HR-MULTI-PLAY: the further cards
        bad = multi.judge_more(s, seat, e)
    if bad is not None:
        return bad
    if s.phase == "color" or seat != s.turn:
        return not_due(s, seat, f"plays {e.card}")
    j = playable(s, seat, e.card)
    if j.accepted:
        return j
    return mistake(
        s.variant,
        "penalties.wrong_card",
        key=j.key,
        reason=j.reason,
        clause=j.clause,
        charge=f"{e.player} plays a wrong card: {j.reason}. The card goes back to the hand.",
        costs=False,
        passes_turn=s.variant.penalties.wrong_card_turn == "pass" and s.phase != "owe",
    )


def perform_play(w: Work, seat: int, e: Play, j: Judgement) -> None:
    """An accepted Play: a turn action (UNO-WINDOW); the card goes down and acts."""
    windows.turn_taken(w, seat)
    w.note_when_read(j.key, lambda: f"{e.player} plays {e.card}: {j.reason}.", j.clause)
    if e.more:  # HR-MULTI-PLAY
        multi.perform_multi(w, seat, e)
        return
    code, tseat = card_args(w.s, e.card, e.color, e.target)
    if j.key in ("play.deflect_back", "play.deflect_on"):
        answers.deflect(w, seat, e.card, code, tseat, j.key)
        return
    discard.put_down(w, seat, e.card, code, tseat, stack=w.s.phase == "owe")


def judge_draw(s: GameState, seat: int, e: Draw) -> Judgement:
    """Draw: out of turn; a second draw in a turn (PEN-ENA ``penalties.draw_too_many``)."""
    if s.phase == "color" or seat != s.turn:
        return not_due(s, seat, "draws")
    if s.phase == "drawn":
        why = f"{e.player} draws a second time in the same turn"
        return mistake(
            s.variant,
            "penalties.draw_too_many",
            key="penalties.draw_too_many",
            reason=why,
            charge=why,
        )
    if discard.skip_pending(s):  # MAU-EIGHT-ANSWER: nothing is owed but the skip
        return reject(
            "stacking.skip_answer",
            f"{e.player} is skipped: nothing to draw; pass, or pass the skip on",
        )
    if discard.asks_color(s):  # DRAW-COLOR: the victim names the colour first
        return reject(
            "draw_color.chooser",
            f"{e.player} names the colour to draw to first (a choose_color line)",
        )
    refused = forced.draw_refused(s, seat, playable)  # HR-FORCED-PLAY
    if refused is not None:
        return refused
    return accept("turn.draw", "their turn's draw")


def perform_draw(w: Work, seat: int, e: Draw, j: Judgement) -> None:
    """TURN-DRAW: a turn's draw (``turn.draw``: one card; HOUSE-DRAW-UNTIL, NM-DRAW: until a
    playable one); a playable card drawn may be played at once (``turn.play_drawn``). With a
    draw owed, the victim draws it (ACT-D2, ACT-WD4) and the window on the card stays open."""
    s, v = w.s, w.v
    windows.turn_taken(w, seat)
    if s.phase == "owe":
        discard.pay_pending(w, seat)
        return
    windows.close_overtaking(w)
    until = forced.draws_until_playable(v)  # HOUSE-DRAW-UNTIL, HR-DEATH-DRAW
    drawn = 0
    while True:
        before = len(w.hands[seat])
        limited = forced.at_hand_limit(w, seat)  # HR-HAND-LIMIT
        if limited or not w.take(seat, 1, "turn.draw", "their turn's draw", say=not until):
            _say_drawn_until(w, seat, drawn, until)
            w.set_turn(w.step(seat))
            if limited and not drawn and _nobody_can_finish(w):
                scoring.drawn_round(w)  # D-HR-HAND-LIMIT-STUCK
            return
        drawn += 1
        card = w.hands[seat][before]
        if card.rank == "?":  # a partial state: nobody saw it (ena_rules.rules.unseen)
            w.drawn = card
            w.phase = "drawn"
            w.note(
                "turn.play_drawn",
                f"{w.name(seat)} draws a card nobody saw: the record's "
                "next line says whether it could be played.",
            )
            return
        probe = _in_play(s, tuple(w.hands), "play")  # evolve(s, hands=..., phase="play")
        ok = matches(probe, seat, card, False).accepted
        limit = v.turn.draw_limit  # C8-DRAW: a turn's draw of at most so many cards
        if ok or not until or (limit and drawn >= limit):
            break
    _say_drawn_until(w, seat, drawn, until)
    if ok and v.turn.play_drawn:
        w.drawn = card
        w.phase = "drawn"
        key = forced.drawn_card_key(v)  # HR-FORCED-DRAWN, HR-DEATH-DRAW
        if key is not None:
            w.note(key, f"{w.name(seat)} must play the drawn card.")
        else:
            w.note("turn.play_drawn", f"{w.name(seat)} may play the drawn card or pass.")
    else:
        w.note("turn.draw", f"{w.name(seat)} cannot play the drawn card: the turn ends.")
        w.set_turn(w.step(seat))


def _nobody_can_finish(w: Work) -> bool:
    """D-HR-HAND-LIMIT-STUCK: every player holds the hand limit (so no turn's draw takes a card)
    and no card of any hand matches: no event can change the table, the round is stuck. On a
    partial state a card nobody saw may be any unseen card: stuck only if none of them matches."""
    limit = w.v.play.hand_limit
    if w.pending is not None or any(len(h) < limit for h in w.hands):
        return False
    probe = evolve(w.s, hands=tuple(w.hands), phase="play", color=w.color)
    hidden = set(unseen(probe)) if any(unknown_count(h) for h in w.hands) else set()
    return not any(
        matches(probe, i, c, False).accepted
        for i, h in enumerate(w.hands)
        for c in set(known(h)) | (hidden if unknown_count(h) else set())
    )


def _say_drawn_until(w: Work, seat: int, drawn: int, until: bool) -> None:
    """HOUSE-DRAW-UNTIL: one note for the whole draw, however many cards it took."""
    if until:
        w.note(
            "turn.draw",
            f"{w.name(seat)} draws {plural(drawn, 'card')} (their turn's draw, until a "
            "playable one comes).",
        )


def judge_pass(s: GameState, seat: int, e: Pass) -> Judgement:
    """TURN-DRAW: only the player due, only after drawing a playable card (never penalised);
    MAU-EIGHT-ANSWER: a player skipped by a pending skip passes to take it."""
    if seat == s.turn and discard.skip_pending(s):
        return accept("stacking.skip_answer", "takes the skip")
    if seat != s.turn or s.phase != "drawn":
        return reject(
            "turn.play_drawn",
            f"{e.player} may pass only after drawing a playable card on their own turn",
            "TURN-DRAW",
        )
    refused = forced.pass_refused(s, seat)  # HR-FORCED-DRAWN, HR-DEATH-DRAW
    if refused is not None:
        return refused
    return accept("turn.play_drawn", "keeps the drawn card")


def perform_pass(w: Work, seat: int, e: Pass, j: Judgement) -> None:
    """TURN-DRAW: the player keeps the drawn card; the turn passes (TURN-NEXT).
    MAU-EIGHT-ANSWER: a skipped player takes the pending skip and loses the turn."""
    windows.turn_taken(w, seat)
    if w.s.phase == "owe":
        discard.pay_pending(w, seat)
        return
    windows.close_overtaking(w)
    w.note("turn.play_drawn", f"{e.player} keeps the drawn card.")
    w.set_turn(w.step(seat))
