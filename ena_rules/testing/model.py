"""An independent model of one event's verdict, for the invariant :func:`check_judgement`:
accepted exactly when legal; a mistake penalised by exactly the variant's count, changing
nothing but the offender's hand and the draw pile (and the turn, where the variant passes it);
a rejection changing nothing; the turn order after a play; the scores at the end of a round.
(The state invariants are in :mod:`ena_rules.testing.invariants`.)

>>> from ena_rules import load_variant, Draw
>>> from ena_rules.testing import start_round
>>> s = start_round(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> check_candidates(s, legal_events(s)) > 0
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from ..cards import Card
from ..game.events import (
    CallUno,
    Challenge,
    ChooseColor,
    Cut,
    Deal,
    Draw,
    Event,
    Overtake,
    Pass,
    Play,
    PlayerEvent,
)
from ..game.state import GameState
from ..game.verdict import Verdict
from ..rules.referee import apply, legal_events
from ..variant import Variant
from ..variant.ops import draw_count
from .invariants import _fail, candidate_events, expected_mistake, penalty_count

__all__ = [
    "check_agreement",
    "check_candidates",
    "check_judgement",
    "check_rejection_and_penalty",
    "check_round_end",
    "check_turn_order",
]


def _same_except(before: GameState, after: GameState, allowed: set[str]) -> list[str]:
    return [
        f.name
        for f in attrs.fields(GameState)
        if f.name not in allowed and getattr(before, f.name) != getattr(after, f.name)
    ]


def _check_penalty_draw(
    before: GameState, event: PlayerEvent, after: GameState, count: int
) -> set[str]:
    """The offender drew ``count`` (what there was) from the draw pile, reshuffled if need be;
    the fields that may therefore differ."""
    seat = before.players.index(event.player)
    got = len(after.hands[seat]) - len(before.hands[seat])
    available = len(before.draw_pile) + max(len(before.discard) - 1, 0)
    if got != min(count, available):
        raise _fail("penalty", before, f"{event!r}: drew {got}, the variant says {count}")
    if after.hands[seat][: len(before.hands[seat])] != before.hands[seat]:
        raise _fail("penalty", before, f"{event!r}: the offender's own cards changed")
    allowed = {"hands", "draw_pile", "uno_exposed", "blind"}  # blind: HR-BLIND-DRAW
    if len(before.draw_pile) >= count:
        if after.hands[seat][len(before.hands[seat]) :] != before.draw_pile[:count]:
            raise _fail("penalty", before, f"{event!r}: the cards did not come from the draw pile")
        if after.draw_pile != before.draw_pile[count:]:
            raise _fail("penalty", before, f"{event!r}: the draw pile changed otherwise")
    else:
        allowed |= {"discard", "shuffles"}  # a reshuffle (TURN-RESHUFFLE) refilled the pile
        if after.top != before.top:
            raise _fail("penalty", before, f"{event!r}: the top card changed in a reshuffle")
    return allowed


def _check_penalty(before: GameState, event: PlayerEvent, verdict: Verdict, kind: str) -> None:
    after = verdict.state
    v = before.variant
    seat = before.players.index(event.player)
    allowed = _check_penalty_draw(before, event, after, penalty_count(v, kind))
    for i, h in enumerate(after.hands):
        if i != seat and h != before.hands[i]:
            raise _fail("penalty", before, f"{event!r}: {before.players[i]}'s hand changed")
    passes = (
        kind == "wrong_card" and v.penalties.wrong_card_turn == "pass" and before.phase != "owe"
    )
    # the offender leaves the catch list if the penalty took them off one card; when the turn
    # passes (PEN-WRONG-OFF) the offender's turn is spent, a turn action that closes the catch
    # windows on the others (UNO-WINDOW)
    exposed = tuple(
        x
        for x in before.uno_exposed
        if (x != seat and not passes) or (x == seat and len(after.hands[seat]) == 1)
    )
    if after.uno_exposed != exposed:
        raise _fail("penalty", before, f"{event!r}: the UNO catch list changed otherwise")
    if passes:  # PEN-WRONG-OFF: play continues with the next player
        allowed |= {"turn", "phase", "drawn", "reveal"}
        nxt = (seat + before.direction) % len(before.players)
        if (after.turn, after.phase, after.drawn) != (nxt, "play", None):
            raise _fail("penalty", before, f"{event!r}: the turn did not pass to the next player")
    changed = _same_except(before, after, allowed)
    if changed:
        raise _fail("penalty", before, f"{event!r} ({kind}) also changed {changed}")


def _effects_model(
    before: GameState, seat: int, card: Card, *, stack: bool
) -> tuple[int, int, int, bool, int]:
    """(direction, next seat, victim, draw stays pending, draw count) of ``card`` from ``seat``."""
    v = before.variant
    n = len(before.players)
    d = before.direction
    skips = draws = 0
    ops = [e.op for e in v.rank_of(card).effects]
    for eff in v.rank_of(card).effects:
        if eff.op == "skip":
            skips += eff.count
        elif eff.op == "skip_all":
            skips += n - 1
        elif eff.op == "reverse":
            if n == 2 and v.actions.two_player_reverse == "skip":
                skips += 1
            else:
                d = -d
        elif eff.op == "draw":
            draws += eff.count
    own = draws
    p = before.pending
    if draws and stack and p is not None:
        revenge = v.play.revenge and seat == p.victim  # HR-REVENGE: the victim's answer
        draws = (2 * draws if revenge else draws) + p.count
        if v.stacking.growth == "double":  # MAU-SEVEN: the answer doubles what is owed
            draws = 2 * p.count
    r = v.rank(card.rank)
    stays = (
        card.rank in v.stacking.overtake
        or bool(dict(v.stacking.answer).get(card.rank))
        or (v.stacking.by_value != "off" and draw_count(r) > 0)  # NM-STACK: any draw card
        or card.rank in v.play.deflect_back
        or card.rank in v.play.deflect_on
        or (own > 0 and v.stacking.by_value != "off")  # NM-STACK: a draw answers its value
    ) or r.challengeable
    if "draw_until_color" in ops and v.draw_color.chooser == "victim":
        stays, draws = True, 0  # DRAW-COLOR: the victim owes a draw to a colour they name
    # D-NM-SKIP-ALL-TWO: skips beyond the other players pass over each of them once
    return d, (seat + d * (1 + min(skips, n - 1))) % n, (seat + d) % n, stays, draws


def _owes_to_color(before: GameState, card: Card) -> bool:
    """DRAW-COLOR, FLIP2-WDC: a card whose draw to a colour is owed, not drawn at once: its
    victim names the colour (``draw_color.chooser = "victim"``) or may challenge it."""
    v = before.variant
    rank = v.rank_of(card)
    return any(e.op == "draw_until_color" for e in rank.effects) and (
        v.draw_color.chooser == "victim" or rank.challengeable
    )


def _deflect_model(before: GameState, seat: int, card: Card) -> tuple[int, int, int] | None:
    """HR-DEFLECT-REVERSE / HR-DEFLECT-SKIP: (direction, new victim, count owed) when ``card``
    played on a draw owed deflects it; ``None`` when it does not."""
    v = before.variant
    p = before.pending
    ops = [e.op for e in v.rank_of(card).effects]
    if before.phase != "owe" or p is None or "draw" in ops:
        return None
    n = len(before.players)
    d = before.direction
    if "reverse" in ops and p.rank in v.play.deflect_back:
        if n > 2 or v.actions.two_player_reverse != "skip":
            d = -d
        sender = before.last_player
        return d, (seat - d) % n if sender is None else sender, p.count
    if "skip" in ops and p.rank in v.play.deflect_on:
        return d, (seat + d) % n, p.count
    return None


def _check_deflection(
    before: GameState, event: PlayerEvent, verdict: Verdict, model: tuple[int, int, int]
) -> None:
    after = verdict.state
    d, victim, count = model
    got = (after.direction, after.turn, after.phase, after.pending.count if after.pending else 0)
    if got != (d, victim, "owe", count):
        raise _fail("turn order", before, f"{event!r}: deflected to {got}, not {model}")


def _check_card_turn(
    before: GameState, event: Play | Overtake, verdict: Verdict, seat: int
) -> None:
    """After an accepted play or overtake: the card's effects (the last card of several,
    HR-MULTI-PLAY), or a deflection (HR-DEFLECT-*), decide the direction and who is due."""
    after = verdict.state
    p = before.pending
    card = event.more[-1] if isinstance(event, Play) and event.more else event.card
    deflected = _deflect_model(before, seat, card) if isinstance(event, Play) else None
    if deflected is not None:
        _check_deflection(before, event, verdict, deflected)
        return
    if isinstance(event, Play):
        stack = before.phase == "owe"
    else:
        stack = (
            p is not None
            and p.rank in before.variant.stacking.overtake
            and event.card.rank == p.rank
        )
    d, nxt, victim, stays, draws = _effects_model(before, seat, card, stack=stack)
    if after.direction != d:
        raise _fail("turn order", before, f"{event!r}: direction {after.direction}, not {d}")
    owed = (draws and stays) or _owes_to_color(before, card)
    want = (victim, "owe", draws) if owed else (nxt, "play", 0)
    if not draws and before.variant.skip_answers(card.rank):  # MAU-EIGHT-ANSWER: held
        want = (victim, "owe", 0)
    if any(e.op == "draw_until_color" for e in before.variant.rank_of(card).effects):
        want = want if owed else _draw_color_model(before, after, victim, want)
    got = (after.turn, after.phase, after.pending.count if after.pending else 0)
    if got == (victim, "play", 0) and _kept_turn(before, verdict, card):
        return  # DRAW-COLOR (draw_color.exhausted = keep_turn): nothing of it could be drawn
    if got != want:
        raise _fail("turn order", before, f"{event!r}: (due, phase, owed) {got}, not {want}")


def _kept_turn(before: GameState, verdict: Verdict, card: Card) -> bool:
    """DRAW-COLOR: a draw to a colour that found none, where the victim keeps the turn."""
    v = before.variant
    ops = [e.op for e in v.rank_of(card).effects]
    return (
        "draw_until_color" in ops
        and v.draw_color.exhausted == "keep_turn"
        and any(n.key == "draw_color.exhausted" for n in verdict.notes)
    )


def _draw_color_model(
    before: GameState, after: GameState, victim: int, want: tuple[int, str, int]
) -> tuple[int, str, int]:
    """DRAW-COLOR: (due, phase, owed) after a draw to a colour: the victim due to name it
    (``draw_color.chooser = "victim"``); else, the piles exhausted before a card of the colour
    in force came, the victim keeps the turn where ``draw_color.exhausted = "keep_turn"``."""
    dc = before.variant.draw_color
    if dc.chooser == "victim":
        return victim, "owe", 0
    got = after.hands[victim][len(before.hands[victim]) :]
    found = any(c.color == after.color or (dc.wild_counts and c.color is None) for c in got)
    if not found and dc.exhausted == "keep_turn":
        return victim, "play", 0
    return want


def _check_turn_order(before: GameState, event: PlayerEvent, verdict: Verdict) -> None:
    """After an accepted play, overtake, draw or pass: direction and the player due follow the
    card's effects (skips, reverse, draws) from the player's seat, in the direction of play."""
    after = verdict.state
    if after.phase in ("deal", "over") or after.players != before.players:
        return  # NM-MERCY: a player left mid-round (the seats moved: tests/test_no_mercy.py)
    n = len(before.players)
    seat = before.players.index(event.player)
    if isinstance(event, (Play, Overtake)):
        _check_card_turn(before, event, verdict, seat)
    elif isinstance(event, (Draw, Pass)) and before.phase == "owe":
        assert before.pending is not None
        if (after.turn, after.phase) != (before.pending.after, "play"):
            raise _fail("turn order", before, f"{event!r}: the owed draw did not end the turn")
    elif isinstance(event, Draw):
        nxt = (seat + before.direction) % n
        if not (after.phase == "drawn" and after.turn == seat) and after.turn != nxt:
            raise _fail("turn order", before, f"{event!r}: the turn went to seat {after.turn}")
    elif isinstance(event, Pass) and after.turn != (seat + before.direction) % n:
        raise _fail("turn order", before, f"{event!r}: the turn went to seat {after.turn}")


def _round_points(v: Variant, winner: int, values: list[int]) -> list[int]:
    """SCORE-OFF, SCORE-ENA, HOUSE-ROUNDS, HR-TEAMS, HR-DOUBLE-SCORE: each seat's points."""
    n = len(values)
    mine = {winner}
    if v.players.teams != "off":  # HR-TEAMS (D-TEAMS-SCORE): partners opposite, as a team
        half = n // 2
        mine = {winner % half, winner % half + half}
    if v.scoring.mode == "own_hand":
        team = [sum(values[j] for j in range(n) if j % (n // 2) == i % (n // 2)) for i in range(n)]
        own = team if v.players.teams != "off" else values
        points = [0 if i in mine else own[i] for i in range(n)]
    elif v.scoring.mode == "winner_collects":
        won = sum(x for i, x in enumerate(values) if i not in mine)
        points = [won if i in mine else 0 for i in range(n)]
    else:
        points = [1 if i in mine else 0 for i in range(n)]
    factor = v.scoring.winner_factor  # HR-DOUBLE-SCORE: the winner's points, else the others'
    if points[winner]:
        return [x * factor if i in mine else x for i, x in enumerate(points)]
    return [x * factor for x in points]


def _check_round_end(before: GameState, verdict: Verdict) -> None:
    """At the end of a round the points are the variant's hand values (SCORE-*)."""
    after = verdict.state
    if after.round == before.round or after.last_round is None:
        return
    if len(after.players) != len(before.players):
        # HR-ELIMINATION: a player left with the round's end; the seats of the hands and the
        # scores are the players left (the round's points: tests/test_house_rules*.py)
        return
    v = before.variant
    res = after.last_round
    if after.hands[res.winner]:
        raise _fail("scores", before, "the round's winner still holds cards")
    values = [sum(v.rank(c.rank).score for c in h) for h in after.hands]
    points = _round_points(v, res.winner, values)
    if list(res.points) != points:
        raise _fail("scores", before, f"round points {res.points}, hand values say {points}")
    totals = [a + b for a, b in zip(before.scores, points, strict=True)]
    if list(after.scores) != totals:
        raise _fail("scores", before, f"totals {after.scores}, expected {totals}")


def check_rejection_and_penalty(
    before: GameState, event: Event, verdict: Verdict, legal: Iterable[Event] | None = None
) -> None:
    """Penalty correctness: a rejected event changes nothing; a penalised event is a mistake the
    rules name, costs exactly the variant's count from the draw pile, and changes nothing but
    the offender's hand and the draw pile (and the turn, where the variant passes it)."""
    if verdict.rejected:
        if verdict.state is not before:
            raise _fail("rejection", before, f"{event!r} was rejected but the state changed")
        return
    if not verdict.penalised:
        return
    legal_set = set(legal_events(before) if legal is None else legal)
    kind = None
    if isinstance(event, (Play, Overtake, Draw, Pass, CallUno, Challenge, ChooseColor)):
        kind = expected_mistake(before, event)
    if kind is None or event in legal_set:
        raise _fail("penalty", before, f"{event!r} is no mistake the rules punish: {verdict}")
    if penalty_count(before.variant, kind) <= 0:
        raise _fail("penalty", before, f"{event!r} ({kind}) costs nothing here: {verdict}")
    assert isinstance(event, (Play, Overtake, Draw, CallUno))
    _check_penalty(before, event, verdict, kind)


def check_agreement(
    before: GameState, event: Event, verdict: Verdict, legal: Iterable[Event] | None = None
) -> None:
    """``legal_events`` and ``apply`` agree on this event: accepted if and only if listed."""
    if isinstance(event, (Cut, Deal)):
        return  # chance is never listed
    legal_set = set(legal_events(before) if legal is None else legal)
    if verdict.accepted != (event in legal_set):
        raise _fail(
            "legal_events vs apply",
            before,
            f"{event!r} is {'' if event in legal_set else 'not '}listed but was {verdict}",
        )


def check_turn_order(before: GameState, event: Event, verdict: Verdict) -> None:
    """After an accepted play, overtake, draw or pass the direction and the player due follow
    the rules (see :func:`_check_turn_order`)."""
    if verdict.accepted and isinstance(event, (Play, Overtake, Draw, Pass)):
        _check_turn_order(before, event, verdict)


def check_round_end(before: GameState, verdict: Verdict) -> None:
    """At the end of a round the points and totals are the variant's hand values (SCORE-*)."""
    if verdict.accepted:
        _check_round_end(before, verdict)


def check_judgement(
    before: GameState,
    event: Event,
    verdict: Verdict,
    legal: Iterable[Event] | None = None,
) -> None:
    """One event's verdict agrees with the rules' model: all four checks above.

    ``legal`` is ``legal_events(before)`` when the caller has it already.
    """
    legal_set = set(legal_events(before) if legal is None else legal)
    check_agreement(before, event, verdict, legal_set)
    check_rejection_and_penalty(before, event, verdict, legal_set)
    check_turn_order(before, event, verdict)
    check_round_end(before, verdict)


def check_candidates(state: GameState, legal: Sequence[PlayerEvent]) -> int:
    """Judge every candidate event in ``state``: accepted iff legal, else penalised as the model
    says or rejected. Returns how many events were judged."""
    legal_set = set(legal)
    n = 0
    for event in candidate_events(state):
        verdict = apply(state, event)
        n += 1
        if event in legal_set:
            if not verdict.accepted:
                raise _fail("legal_events vs apply", state, f"legal {event!r} was {verdict}")
            continue
        if verdict.accepted:
            raise _fail("legal_events vs apply", state, f"{event!r} was accepted but not listed")
        kind = expected_mistake(state, event)
        punishes = kind is not None and penalty_count(state.variant, kind) > 0
        if punishes != verdict.penalised:
            raise _fail("penalty", state, f"{event!r}: expected {kind or 'a rejection'}: {verdict}")
        check_judgement(state, event, verdict, legal_set)
    return n


# -- exhaustive exploration ---------------------------------------------------------------------
