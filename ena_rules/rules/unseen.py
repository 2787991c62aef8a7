"""Cards nobody saw: partial states (a table record, a player's view) and their bookkeeping.

A partial state (``GameState.partial``) is judged by the same rules as a full one. A hand is
its known cards plus some :data:`UNKNOWN` ones; the draw pile may be all :data:`UNKNOWN`. The
*unseen* cards are the deck less every card in sight (the discard pile, the known cards in
hands). A play of a card that is not among the hand's known cards uses up one unknown card,
when the hand has one and a copy of the card is still unseen; otherwise it cannot happen.

>>> from ena_rules import load_variant, new_game, apply, legal_events
>>> from ena_rules.rules.chance import deal_event
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> s = apply(s, deal_event(s, seed=3)).state
>>> p = forget(s)
>>> unknown_count(p.hands[1]), p.partial, str(p.top) == str(s.top)
(7, True, True)
>>> unseen_copies(p, p.top) == s.variant.cards.count(p.top) - 1
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

import attrs

from ..cards import Card
from ..game.events import CallUno, Challenge, Draw, Event, Pass, Play
from ..game.state import GameState, RoundResult, replace
from ..game.verdict import UNDETERMINED, Note, Verdict
from ..variant import Variant
from . import sight
from .judgement import cname, held_face, not_held
from .open_counts import most_more, one_more, pile_drawn
from .scoring import end_round
from .turn import matches, playable
from .unknown import (
    UNKNOWN,
    fits,
    holds_color,
    in_sight,
    is_unknown,
    known,
    may_hold,
    overfull,
    unknown_back,
    unknown_count,
    unknown_slot,
    unseen,
    unseen_copies,
)
from .work import Work

__all__ = [
    "UNKNOWN",
    "apply_partial",
    "decide_challenge",
    "decide_discarded",
    "discarded_mismatch",
    "forget",
    "in_sight",
    "known",
    "may_hold",
    "most_more",
    "not_held",
    "one_more",
    "open_points",
    "overfull",
    "pile_drawn",
    "rescore",
    "reveal",
    "round_unseen",
    "scored_unseen",
    "unknown_count",
    "unseen",
    "unseen_copies",
]

Apply = Callable[[GameState, Event], Verdict]


def forget(s: GameState, keep: Iterable[int] = (), viewer: int | None = None) -> GameState:
    """The partial state of ``s`` that sees only the hands of ``keep`` (and what a hand shown
    to ``viewer`` shows): other hands and the draw pile become :data:`UNKNOWN` cards; the
    guilt of a challengeable card played by a hidden hand on a colour in play becomes
    undetermined (on no colour it was legal whatever the hand held). FLIP2-SIGHT: a player's
    view (``viewer``) of a two-sided deck keeps the other side of the hidden hands' cards and
    of the draw pile's top card, which every player sees (:func:`unknown_back`).

    >>> from ena_rules import load_variant, new_game
    >>> forget(new_game(load_variant("official"), ["ana", "bor"], dealer="ana")).partial
    True
    """
    seen = set(keep)
    backs = viewer is not None and s.variant.two_sided  # FLIP2-SIGHT

    def hidden(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(unknown_back(c.other) for c in cards) if backs else (UNKNOWN,) * len(cards)

    hands = [h if i in seen else hidden(h) for i, h in enumerate(s.hands)]
    drawn = s.drawn
    for i in seen if s.blind else ():  # HR-BLIND-DRAW: the cards the viewer has not seen
        blind = sight.own_unseen(s, i)  # () for an open hand (HR-OPEN-HAND: face up)
        if blind and (viewer is None or i == viewer):
            hands[i] = (*sight.seen(s.hands[i], blind), *(UNKNOWN,) * len(blind))
            if i == s.turn and drawn is not None and drawn in blind:
                drawn = UNKNOWN  # drawn blind: the drawer has not seen it either
    r = s.reveal
    if r is not None and r.viewer in seen and r.owner not in seen:
        # CHAL-SHOW: the shown cards are known to the viewer; cards drawn since are not
        size = len(s.hands[r.owner])
        if size >= len(r.cards):
            hands[r.owner] = (*r.cards, *(UNKNOWN,) * (size - len(r.cards)))
    if drawn is not None and s.turn not in seen:
        drawn = hidden((drawn,))[0]
    challenge = s.challenge
    if challenge is not None and challenge.offender not in seen and challenge.prev_color:
        # CHAL-GUILTY: the hidden hand decides; with no colour in play it was legal anyway
        challenge = attrs.evolve(challenge, guilty=False, unsure=True)
    reveal = s.reveal if s.reveal is not None and s.reveal.viewer in seen else None
    out = replace(
        s,
        hands=tuple(hands),
        draw_pile=(*hidden(s.draw_pile[:1]), *(UNKNOWN,) * (len(s.draw_pile) - 1)),
        seed=0,  # the seed fixes in-round shuffles: not for a partial state's eyes
        drawn=drawn,
        challenge=challenge,
        reveal=reveal,
        blind=(),  # the cards nobody has seen are UNKNOWN now, not listed
        partial=True,
        viewer=viewer,
    )
    if backs and challenge is not None and challenge.unsure and challenge.prev_color:
        held = holds_color(out, challenge.offender, challenge.prev_color)  # FLIP2-SIGHT
        if held is not None:  # the backs seen decide the guilt
            out = replace(out, challenge=attrs.evolve(challenge, guilty=held, unsure=False))
    return out


def reveal(s: GameState, seat: int, cards: Iterable[Card]) -> GameState | str:
    """``seat``'s hand with the ``cards`` shown in it (its known cards, then unknown ones
    replaced); a reason in words if the hand cannot hold them."""
    hand = list(s.hands[seat])
    pool = unseen(s)
    for c in cards:
        if c in hand:
            continue  # already known there (the shown list names it again)
        at = unknown_slot(tuple(hand), c)
        if at is None:
            return f"{s.players[seat]} holds no unseen card that could be {c}"
        if pool[c] <= 0:
            return f"{c} cannot be in {s.players[seat]}'s hand: every copy is in sight"
        pool[c] -= 1
        hand[at] = c
    hands = list(s.hands)
    hands[seat] = tuple(hand)
    return replace(s, hands=tuple(hands))


def _with_hand(s: GameState, seat: int, hand: tuple[Card, ...]) -> GameState:
    hands = list(s.hands)
    hands[seat] = hand
    return attrs.evolve(s, hands=tuple(hands))


def decide_challenge(s: GameState, shown: tuple[Card, ...]) -> GameState | str:
    """CHAL-SHOW: the challenged hand as shown (the whole hand): the hand becomes known and
    the challenge's guilt is decided; a reason in words if the shown hand cannot be it."""
    c = s.challenge
    if c is None:
        return "nothing is being challenged: 'shown' belongs on a challenge of a Wild Draw Four"
    hand = s.hands[c.offender]
    name = s.players[c.offender]
    if len(shown) != len(hand):
        return f"{name} holds {len(hand)} cards, but {len(shown)} are shown"
    missing = Counter(known(hand)) - Counter(shown)
    if missing:
        return f"the shown hand of {name} lacks {', '.join(map(str, missing.elements()))}"
    blank = _with_hand(s, c.offender, (UNKNOWN,) * len(hand))
    pool = unseen(blank)
    extra = Counter(shown) - pool
    if extra:
        return f"{', '.join(map(str, extra.elements()))}: more copies than the deck has unseen"
    guilty = c.prev_color is not None and any(x.color == c.prev_color for x in shown)
    window = attrs.evolve(c, guilty=guilty, unsure=False)
    return attrs.evolve(_with_hand(s, c.offender, shown), challenge=window)


def decide_discarded(
    s: GameState, seat: int, cards: tuple[Card, ...], played: tuple[Card, ...] = ()
) -> GameState | str:
    """NM-DISCARD-ALL: the cards a table saw a Discard All put down with it: each is a known
    card of the hand or one of its unseen cards, which becomes known; a reason in words if the
    hand cannot hold them. The hand's other unseen cards are then not of the colour. The
    cards ``played`` on the line come from the hand first (a second copy of the Discard All
    listed is another card of the hand)."""
    hand = list(s.hands[seat])
    used = [False] * len(hand)
    pool = unseen(s)
    for c in played:  # a known card of the hand, else one of its unseen: in sight now
        i = next((k for k, x in enumerate(hand) if x == c and not used[k]), None)
        if i is None:
            i = next((k for k, x in enumerate(hand) if x == UNKNOWN and not used[k]), None)
            if i is None or pool[c] <= 0:
                continue  # the play's own judge says why the hand cannot hold it
            pool[c] -= 1
            hand[i] = c
        used[i] = True
    for c in cards:
        i = next((k for k, x in enumerate(hand) if x == c and not used[k]), None)
        if i is None:
            i = next((k for k, x in enumerate(hand) if x == UNKNOWN and not used[k]), None)
            if i is None or pool[c] <= 0:
                name = s.players[seat]
                return f"{name} cannot hold {c} among the cards a Discard All put down"
            pool[c] -= 1
            hand[i] = c
        used[i] = True
    return _with_hand(s, seat, tuple(hand))


def discarded_mismatch(s: GameState, e: Play, cards: tuple[Card, ...]) -> str | None:
    """NM-DISCARD-ALL: why ``cards``, listed as put down with ``e``, break what the table saw
    (``s``: the hand holds them, :func:`decide_discarded`): the card played discards no
    colour, a card listed is not of its colour, a card of it in sight in the hand is not
    listed. ``None`` when they fit."""
    if "discard_color" not in [x.op for x in s.variant.rank_of(e.card).effects]:
        return f"{e.card} puts down no other card: only a Discard All does"
    color = e.card.color or e.color
    off = [c for c in cards if c.color is None or c.color != color]
    if off:
        return f"{off[0]} is not of the Discard All's colour: it stays in the hand"
    hand = s.hands[s.players.index(e.player)]
    kept = Counter(c for c in known(hand) if c.color == color) - Counter([e.card, *cards])
    if kept:
        left = ", ".join(sorted(map(str, kept.elements())))
        return f"{e.player} also holds {left} in sight: a Discard All puts it down too"
    return None


# -- judging on a partial state ------------------------------------------------------------------


def apply_partial(s: GameState, e: Event, full: Apply) -> Verdict:
    """``apply`` on a partial state: the full rules, plus what unseen cards leave open.

    A drawn card nobody saw (phase ``drawn``) is read as the log's own rule says: the drawer's
    next line plays it or passes if it could be played; another player's legal move means it
    could not, and the turn had passed by itself; any other line is judged both ways (the same
    ruling, or **undetermined**). A challenge of an undetermined guilt is **undetermined**.
    A refusal carries ``s`` itself, as on a full state: judged in one reading, the refused
    line changes nothing (the reading's own state would lose what is open).
    """
    if s.phase == "drawn" and is_unknown(s.drawn) and not isinstance(e, CallUno):
        v = _after_unknown_draw(s, e, full)
    elif isinstance(e, Challenge) and s.challenge is not None and s.challenge.unsure:
        v = _challenge(s, e, full)
    elif isinstance(e, Draw) and s.variant.play.forced and s.phase == "play":
        v = _forced_draw(s, e, full)
    else:
        return _settled(s, full(s, e))
    return attrs.evolve(v, state=s) if v.rejected and v.state is not s else v


def _settled(s: GameState, v: Verdict) -> Verdict:
    """After a verdict on a partial state: a challengeable card played from a hand with unseen
    cards has an undetermined guilt; a round scored with unseen cards has open points."""
    new = v.state
    c = new.challenge
    if c is not None and c is not s.challenge and not c.guilty and c.prev_color is not None:
        held = holds_color(new, c.offender, c.prev_color)  # FLIP2-SIGHT: the backs seen count
        if held is not False:
            new = attrs.evolve(new, challenge=attrs.evolve(c, guilty=bool(held), unsure=not held))
    if new.round > s.round and new.last_round is not None:
        counts = tuple(unknown_count(h) for h in new.hands)
        if any(counts):
            new = attrs.evolve(new, last_round=attrs.evolve(new.last_round, unseen=counts))
            text = (
                "A ? is the points of cards nobody saw, counted as 0 until a claim_round with "
                "'hands' decides them."
            )
            v = attrs.evolve(v, notes=(*v.notes, Note("SCORE-VALUES", "ranks.*.score", text)))
    return v if new is v.state else attrs.evolve(v, state=new)


def _after_unknown_draw(s: GameState, e: Event, full: Apply) -> Verdict:
    seat = s.turn
    if getattr(e, "player", None) == s.players[seat]:
        if isinstance(e, Pass):
            return full(s, e)
        held = held_face(s, e) if s.variant.two_sided else e  # FLIP2-SIDE: a face names a card
        drawn = s.drawn
        assert drawn is not None
        if isinstance(held, Play) and fits(drawn, held.card) and may_hold(s, seat, held.card):
            card = held.card
            shown = reveal(s, seat, (card,))
            if isinstance(shown, GameState):
                shown = attrs.evolve(shown, drawn=card)
                if matches(shown, seat, card).accepted:
                    return _settled(s, full(shown, e))
    passed = _turn_passed(s)
    v = _settled(passed, full(passed, e))
    text = (
        f"{s.players[seat]}'s drawn card was not recorded and not played: it could not be "
        "played, and the turn had passed (TURN-DRAW)."
    )
    v = attrs.evolve(v, notes=(*v.notes, Note("TURN-DRAW", "turn.play_drawn", text)))
    if getattr(e, "player", None) != s.players[seat] and v.accepted:
        return v  # play went on by the rules: the drawn card could not be played (the log's rule)
    kept = _settled(s, full(s, e))  # the drawer may still be due: the card may be playable
    if kept.rejected or v.rejected or _same(kept, v):
        return v if kept.rejected else kept
    why = (
        f"Undetermined: nobody saw {s.players[seat]}'s drawn card; whether it could be played "
        f"decides (a 'cards' list on the draw line decides it). If it could: {kept.message} "
        f"If not: {v.message}"
    )
    return Verdict(
        outcome=UNDETERMINED,
        state=kept.state,
        event=e,
        notes=(Note("TURN-DRAW", "turn.play_drawn", why),),
        alternatives=(kept, v),
    )


def _forced_draw(s: GameState, e: Draw, full: Apply) -> Verdict:
    """HR-FORCED-PLAY (``play.forced``) on a partial state: the known cards decide a refusal;
    with unknown cards in the drawer's hand, a draw the known cards allow is **undetermined**
    if one of them may be a playable unseen card, and accepted if none can be."""
    drawn = _settled(s, full(s, e))
    seat = s.turn
    if not drawn.accepted or e.player != s.players[seat] or not unknown_count(s.hands[seat]):
        return drawn
    could: list[Card] = []
    refused: Verdict | None = None
    for card in sorted(unseen(s), key=str):
        held = reveal(s, seat, (card,))
        if isinstance(held, GameState) and playable(held, seat, card).accepted:
            could.append(card)
            refused = refused or full(held, e)
            if len(could) > 8:
                break  # enough to name
    if refused is None or not refused.rejected:
        return drawn
    refused = attrs.evolve(refused, state=s)
    name = s.players[seat]
    shown = ", ".join(map(str, could[:8])) + (", ..." if len(could) > 8 else "")
    text = (
        f"Undetermined: whether {name}'s unseen cards hold a playable card ({shown}) decides "
        f"(HR-FORCED-PLAY). If one: {refused.message} If not: {drawn.message}"
    )
    return Verdict(
        outcome=UNDETERMINED,
        state=drawn.state,
        event=e,
        notes=(Note("HR-FORCED-PLAY", "play.forced", text),),
        alternatives=(refused, drawn),
    )


def _turn_passed(s: GameState) -> GameState:
    n = len(s.players)
    return attrs.evolve(s, phase="play", drawn=None, turn=(s.turn + s.direction) % n)


def _challenge(s: GameState, e: Event, full: Apply) -> Verdict:
    c = s.challenge
    assert c is not None
    guilty = full(attrs.evolve(s, challenge=attrs.evolve(c, guilty=True, unsure=False)), e)
    innocent = full(attrs.evolve(s, challenge=attrs.evolve(c, guilty=False, unsure=False)), e)
    if guilty.rejected or innocent.rejected:
        return innocent
    who = s.players[c.offender]
    text = (
        f"Undetermined: whether {who} held a {cname(c.prev_color)} card decides the challenge; "
        f"nobody recorded the hand (a 'shown' list on the challenge line decides it). "
        f"If it held one: {guilty.message} If not: {innocent.message}"
    )
    return Verdict(
        outcome=UNDETERMINED,
        state=innocent.state,
        event=e,
        notes=(Note("CHAL-SHOW", "challenge.show_hand", text),),
        alternatives=(guilty, innocent),
    )


def scored_unseen(r: RoundResult | None) -> tuple[int, ...]:
    """The unseen cards each seat's points counted as 0 (empty: all known)."""
    return () if r is None else r.unseen


def open_points(variant: Variant, r: RoundResult | None) -> dict[int, int]:
    """The seats whose points for round ``r`` count unseen cards as 0, and how many cards
    (SCORE-OFF: the winner collects the others'; SCORE-ENA: each their own hand).

    >>> from ena_rules import load_variant
    >>> open_points(load_variant("ena"), RoundResult(0, (0, 5, 0), unseen=(0, 2, 3)))
    {1: 2, 2: 3}
    """
    counts = scored_unseen(r)
    mode = variant.scoring.mode
    if r is None or not any(counts) or mode not in ("winner_collects", "own_hand"):
        return {}
    if mode == "winner_collects":
        return {r.winner: sum(counts)}
    return {i: k for i, k in enumerate(counts) if k and i != r.winner}


def round_unseen(s: GameState) -> tuple[int, ...]:
    """Each seat's unknown card count."""
    return tuple(unknown_count(h) for h in s.hands)


def rescore(
    before: GameState, ended: GameState, hands: tuple[tuple[Card, ...], ...], winner: int
) -> GameState:
    """The round that ``ended`` (from ``before``, the state before its last event) scored
    again from ``hands`` (revealed at its end): SCORE-VALUES, SCORE-OFF, SCORE-ENA as in
    :func:`~ena_rules.rules.scoring.end_round`, and the game's end decided again."""
    base = attrs.evolve(
        ended,
        hands=hands,
        dealer=before.dealer,
        round=before.round,
        scores=before.scores,
        phase="play",
        winner=None,
        last_round=None,
    )
    w = Work(base)
    end_round(w, winner)
    new = w.finish()
    assert new.last_round is not None
    return attrs.evolve(new, last_round=attrs.evolve(new.last_round, unseen=round_unseen(new)))


def _same(a: Verdict, b: Verdict) -> bool:
    """The same ruling: outcome, clause, key, draws and the state that follows."""
    return (a.outcome, a.clause, a.key, a.drawn, a.state) == (
        b.outcome,
        b.clause,
        b.key,
        b.drawn,
        b.state,
    )
