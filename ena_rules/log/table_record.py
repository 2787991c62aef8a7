"""Replaying a table record: a game whose deck order nobody knows (docs/table-records.md).

A :class:`TableReplay` is a :class:`~ena_rules.log.replay.Replay` on partial states
(:mod:`ena_rules.rules.unseen`): each deal is the one whose turned-up cards the record lists,
with every other card unknown; a ``draw``'s ``cards``, a ``challenge``'s ``shown`` hand and a
``claim_round``'s ``hands`` make cards known. Where a ruling needs a card nobody saw the line
is **undetermined**, and the replay keeps every reading the rules allow (at most
:data:`MAX_READINGS`): a later line that fits none of them is inconsistent.

>>> from ena_rules import Draw, load_variant
>>> from ena_rules.cards import parse_card
>>> from ena_rules.log.lines import Header
>>> replay = TableReplay()
>>> h = Header(1, "official", ("ana", "bor"), dealer="ana", turned=(parse_card("R5"),))
>>> replay.start(1, h, load_variant("official")).outcome
'accepted'
>>> replay.event(2, Draw("bor"), {"type": "draw", "player": "bor", "cards": ["G7"]}).outcome
'accepted'
>>> [str(c) for c in replay.state.hands[1] if c.rank != "?"]
['G7']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from ..cards import Card
from ..game.events import Challenge, ChooseColor, Deal, Draw, Play, PlayerEvent
from ..game.state import GameState, replace
from ..game.verdict import REJECTED, UNDETERMINED, Note, Verdict
from ..game.words import plural
from ..rules.effects import draws_to_color
from ..rules.referee import apply, new_game
from ..rules.unseen import (
    UNKNOWN,
    decide_challenge,
    decide_discarded,
    discarded_mismatch,
    forget,
    known,
    open_points,
    overfull,
    rescore,
    unseen,
)
from ..variant import Variant
from .claims import check_claim
from .line_time import line_time
from .lines import (
    TYPE_OF,
    Arbiter,
    Claim,
    DrawnClaim,
    Header,
    Imposed,
    Misdeal,
    RoundClaim,
    RoundStart,
    WinnerClaim,
)
from .replay import Replay, arbiter_line
from .report import CLAIM, EVENT, HEADER, PROBLEM, ROUND, LineResult
from .table_form import seen_fields

__all__ = ["MAX_READINGS", "TableReplay", "table_deal"]

#: The most readings of an undetermined point kept at once (the first ones, in order).
MAX_READINGS = 8


def _rejected(s: GameState, e: Any, clause: str, key: str, text: str) -> Verdict:
    return Verdict(outcome=REJECTED, state=s, event=e, notes=(Note(clause, key, text),))


def table_deal(s: GameState, turned: tuple[Card, ...]) -> Verdict:
    """The deal of a round whose turned-up cards were ``turned`` (in order) and whose other
    cards nobody saw: a partial state. Rejected when the variant's first-card rules
    (FLIP-WD4-OFF, ``first_card.return_ranks``) would not turn up exactly those cards."""
    v = s.variant
    returns = v.first_card.return_ranks
    bad = [c for c in turned[:-1] if c.rank not in returns]
    if bad or turned[-1].rank in returns:
        why = (
            f"{bad[0]} stays turned up: only {', '.join(returns) or 'no rank'} goes back"
            if bad
            else f"{turned[-1]} goes back under the pile: another card is turned up"
        )
        return _rejected(s, Deal(()), "FLIP-WD4-OFF", "first_card.return_ranks", why)
    pool = Counter(v.cards)
    for c in turned:
        if pool[c] <= 0:
            return _rejected(
                s,
                Deal(()),
                "DECK-108",
                "deck.colored",
                f"{c} is turned up more often than the deck has it",
            )
        pool[c] -= 1
    rest = list(pool.elements())
    dealt = v.hand_size(len(s.players)) * len(s.players)
    deck = (*rest[:dealt], *turned, *rest[dealt:])
    verdict = apply(replace(s, partial=False), Deal(deck))
    if verdict.rejected:
        return verdict
    return attrs.evolve(verdict, state=forget(verdict.state))


class TableReplay(Replay):
    """The game a table record's lines drive, on partial states."""

    def __init__(self) -> None:
        super().__init__()
        self.readings: list[GameState] = []

    def start(
        self, line: int, h: Header, variant: Variant, record: dict[str, Any] | None = None
    ) -> LineResult:
        """Round 1's deal from the header's dealer and turned-up cards."""
        self.header, self.variant = h, variant
        assert h.dealer is not None and h.turned is not None  # checked by the reader
        s = new_game(variant, h.players, dealer=h.dealer)
        v = table_deal(s, h.turned)
        self.state = v.state if not v.rejected else table_deal(s, h.turned[-1:]).state
        if self.state.phase == "deal":  # even the last card cannot be turned up
            return LineResult(line, PROBLEM, message=f"the header's deal fails: {v.message}")
        self.readings = [self.state]
        return LineResult(
            line,
            HEADER,
            "header",
            record,
            v.outcome,
            v.clause,
            v.key,
            v.message,
            drawn=v.drawn,
            rules="the round starts from its last turned-up card" if v.rejected else "",
            since=line if v.rejected else None,
        )

    def event(self, line: int, e: PlayerEvent, record: dict[str, Any] | None = None) -> LineResult:
        """Judge a player event against every reading the record leaves open."""
        s = self.state
        assert s is not None
        playing = [r for r in self.readings if r.phase not in ("over", "deal")]
        if not playing:
            return super().event(line, e, record)
        if len(playing) < len(self.readings):  # in some readings the round went on
            self.readings = playing
            self.state = s = playing[0]
        seen = seen_fields(record) if record else {}
        verdict = self._judge(e, seen, self.took(line_time(record)))  # HR-TIME-LIMIT
        return self._after(line, EVENT, TYPE_OF[type(e)], record, s, verdict)

    def arbiter(self, line: int, x: Arbiter, record: dict[str, Any] | None = None) -> LineResult:
        """An arbiter's line, judged in every reading the record leaves open."""
        s = self.state
        assert s is not None
        if not [r for r in self.readings if r.phase not in ("over", "deal")]:
            return super().arbiter(line, x, record)
        return self._after(line, EVENT, TYPE_OF[type(x)], record, s, self._judge(x, {}))

    def round_line(
        self, line: int, r: RoundStart, record: dict[str, Any] | None = None
    ) -> LineResult:
        """The next round's deal from the line's turned-up cards."""
        dealing = [x for x in self.readings if x.phase == "deal"]
        if dealing:  # in these readings the round has ended
            self.state = dealing[0]
        s = self.state
        assert s is not None
        if s.phase == "over":
            return super().round_line(line, r, record)
        assert r.turned is not None  # checked by the reader
        v = table_deal(s, r.turned) if s.phase == "deal" else apply(s, Deal(()))
        if not v.rejected:
            self.readings = [v.state]
        return self._after(line, ROUND, "round", record, s, v)

    # -- events --------------------------------------------------------------------------------

    def _judge(
        self, e: PlayerEvent | Arbiter, seen: dict[str, Any], took: float | None = None
    ) -> Verdict:
        raw = [self._one(r, e, seen, took) for r in self.readings]
        out = [a for v in raw for a in (v.alternatives if v.undetermined else (v,))]
        keep = [v for v in out if not v.rejected]
        if not keep:
            return out[0]
        states = list(dict.fromkeys(v.state for v in keep))[:MAX_READINGS]
        self.readings = states
        first = keep[0]
        if len(out) == 1 or len({_ruling(v) for v in keep}) == 1:
            return attrs.evolve(first, state=states[0])
        if len(raw) == 1 and raw[0].undetermined:
            notes = raw[0].notes  # one reading, one open point: its own words
        else:
            text = "Undetermined (an earlier point is open): " + " Or: ".join(
                f"{v.outcome} [{v.clause} {v.key}] {v.message}" for v in keep[:MAX_READINGS]
            )
            notes = (Note(first.clause, first.key, text),)
        return Verdict(
            outcome=UNDETERMINED,
            state=states[0],
            event=first.event,
            notes=notes,
            alternatives=tuple(keep),
        )

    def _one(
        self, r: GameState, e: PlayerEvent | Arbiter, seen: dict[str, Any], took: float | None
    ) -> Verdict:
        if isinstance(e, Misdeal | Imposed):
            return arbiter_line(r, e)
        cards: tuple[Card, ...] | None = seen.get("cards")
        s = _seen_before(r, e, seen)
        if isinstance(s, Verdict):
            return s
        v = apply(s, e, took=took)
        if v.rejected:
            return v
        if cards is not None and v.undetermined:
            # the table saw the cards drawn: the readings in which the draw took them
            took_them = [a for a in v.alternatives if not a.rejected and _drew(a) == len(cards)]
            if took_them:
                v = took_them[0]
        if cards is not None:
            if _drew(v) != len(cards):
                return _rejected(
                    r,
                    e,
                    "TURN-DRAW",
                    "turn.draw",
                    f"the record lists {len(cards)} cards drawn; by the rules "
                    f"{_draws_text(v, e.player)} here ({v.message})",
                )
            if v.drawn:
                v = _fill_hand(v, v.drawn[0][0], cards)
        over = overfull(v.state)
        if over:
            c, n, d = over[0]
            return _rejected(
                r,
                e,
                "DECK-108",
                "deck.colored",
                f"{n} copies of {c} would be in sight; the deck has {d}",
            )
        return v

    # -- claims --------------------------------------------------------------------------------

    def claim(self, line: int, c: Claim, record: dict[str, Any] | None = None) -> LineResult:
        """A claim: the revealed ``hands`` of a ``claim_round`` decide the round's points; a
        claim that needs unseen cards is undetermined, unless the cards in sight rule it out."""
        seen = seen_fields(record) if record else {}
        hands = seen.get("hands")
        known_round = self.finished
        if isinstance(c, RoundClaim) and known_round is not None and c.round == known_round[0]:
            if hands is not None:
                bad = self._reveal_hands(hands)
                if bad is not None:
                    return LineResult(
                        line,
                        CLAIM,
                        "claim_round",
                        record,
                        message=bad,
                        agrees=False,
                        rules=bad,
                        since=line,
                    )
            open_points = _open_points(self)
            if open_points:
                return _bounded_claim(self, line, c, record, open_points)
        if isinstance(c, DrawnClaim) and self.last is not None and _open_draw(self.last[2], c):
            return self._drawn_of_readings(line, c, record)
        if isinstance(c, WinnerClaim) and _may_have_ended(self):
            text = "undetermined: the last round's points count cards nobody saw"
            return LineResult(line, CLAIM, "claim_winner", record, UNDETERMINED, message=text)
        listed = hands is not None and isinstance(c, RoundClaim)
        return check_claim(self, line, c, record, listed=listed)

    def _drawn_of_readings(
        self, line: int, c: DrawnClaim, record: dict[str, Any] | None
    ) -> LineResult:
        """An undetermined line (a challenge nobody's hand decided, a draw of unseen cards)
        bounds what may follow: a ``claim_drawn`` that fits one of its outcomes is consistent
        and keeps only the readings it fits (the table saw it); one that fits none disagrees."""
        assert self.last is not None
        at, before, v = self.last
        options = v.alternatives or (v,)
        fits = [x for a in options for x in (_until(a, c),) if x is not None and _drawn_fits(x, c)]
        counts = sorted({dict(a.drawn).get(c.player, 0) for a in options})
        if not fits:
            text = (
                f"by the rules {c.player} drew "
                + " or ".join(map(str, counts))
                + f" at line {at}, whichever way the open point goes"
            )
            return LineResult(
                line,
                CLAIM,
                "claim_drawn",
                record,
                message=text,
                agrees=False,
                rules=text,
                since=line,
            )
        states = [a.state for a in fits]
        self.readings = list(dict.fromkeys(states))
        self.state = states[0]
        self.last = (at, before, fits[0] if len(fits) == 1 else v)
        text = f"{c.player} drew {dict(fits[0].drawn).get(c.player, 0)} at line {at}"
        if len(fits) < len(options) or fits[0] not in options:
            text += " (the claim decides the open point)"
        return LineResult(line, CLAIM, "claim_drawn", record, message=text, agrees=True)

    def _reveal_hands(self, hands: dict[str, tuple[Card, ...]]) -> str | None:
        s = self.state
        assert s is not None and self.last is not None and self.finished is not None
        pre = self.last[1]
        winner = self.finished[1].winner
        revealed = list(s.hands)
        pool = unseen(s)
        for i, name in enumerate(s.players):
            cards = hands.get(name, () if i == winner else None)
            if cards is None:
                continue
            hand = s.hands[i]
            if len(cards) != len(hand):
                return (
                    f"{name} holds {plural(len(hand), 'card')} at the round's end, "
                    f"but {len(cards)} are listed"
                )
            lacking = Counter(known(hand)) - Counter(cards)
            if lacking:
                seen_there = ", ".join(map(str, lacking.elements()))
                return f"{name}'s listed hand lacks {seen_there}, seen in it"
            new = Counter(cards) - Counter(known(hand))
            for card, k in new.items():
                if pool[card] < k:
                    return (
                        f"{name}'s hand cannot hold {card}: the cards in sight "
                        f"leave {pool[card]} unseen"
                    )
                pool[card] -= k
            revealed[i] = cards
        new_state = rescore(pre, s, tuple(revealed), winner)
        self.state = new_state
        self.readings = [new_state]
        ended_on = self.finished[3]
        self.finished = (self.finished[0], new_state.last_round, new_state.scores, ended_on)  # type: ignore[assignment]
        if new_state.phase == "over":  # the revealed points end the game, on the round's line
            self.over_line = ended_on
        return None


def _open_draw(v: Verdict, c: DrawnClaim) -> bool:
    """Whether the last line left open what a ``claim_drawn`` says: an undetermined line, or
    a draw until playable (HOUSE-DRAW-UNTIL) that stopped at a card nobody saw."""
    return bool(v.alternatives) or _until(v, c) is not v


def _until(v: Verdict, c: DrawnClaim) -> Verdict | None:
    """HOUSE-DRAW-UNTIL, HR-DEATH-DRAW on unseen cards: a turn's draw until playable stops at
    its first card nobody saw (phase ``drawn``: the next line says whether it plays); a claim
    of ``count`` cards says how many came, the ones before the last unplayable. The verdict
    with them drawn, ``v`` itself if the claim adds nothing, ``None`` if the pile is short."""
    s = v.state
    count = dict(v.drawn).get(c.player, 0)
    if c.count is None or c.count <= count or not count or not _stopped_unseen(v, c):
        return v
    more = c.count - count
    pile, pile_of, shuffles = s.draw_pile, s.discard, s.shuffles
    if len(pile) < more and len(pile_of) > 1:  # TURN-RESHUFFLE: the recycled cards, unseen
        pile = (*pile, *(UNKNOWN,) * (len(pile_of) - 1))
        pile_of, shuffles = pile_of[-1:], shuffles + 1
    if len(pile) < more or any(x != UNKNOWN for x in pile[:more]):
        return None
    seat = s.players.index(c.player)
    hands = list(s.hands)
    hands[seat] = (*hands[seat], *pile[:more])
    state = replace(
        s, hands=tuple(hands), draw_pile=pile[more:], discard=pile_of, shuffles=shuffles
    )
    drawn = tuple((p, n + more if p == c.player else n) for p, n in v.drawn)
    return attrs.evolve(v, state=state, drawn=drawn)


def _seen_before(r: GameState, e: PlayerEvent, seen: dict[str, Any]) -> GameState | Verdict:
    """What the table saw, put into the state before the line is judged: a draw's cards
    (a victim's draw to a colour too, DRAW-COLOR), the cards a Discard All put down
    (NM-DISCARD-ALL), a challenged hand as shown (CHAL-SHOW); a rejection if they cannot be."""
    cards: tuple[Card, ...] | None = seen.get("cards")
    shown: tuple[Card, ...] | None = seen.get("shown")
    discarded: tuple[Card, ...] | None = seen.get("discarded")
    s = r
    if cards is not None and isinstance(e, Draw | ChooseColor | Challenge):
        filled = _fill_pile(r, cards)
        if isinstance(filled, str):
            return _rejected(r, e, "DECK-108", "deck.colored", filled)
        s = filled
    if discarded is not None and isinstance(e, Play) and e.player in r.players:
        told = decide_discarded(s, r.players.index(e.player), discarded, (e.card, *e.more))
        if not isinstance(told, str):
            told = discarded_mismatch(told, e, discarded) or told
        if isinstance(told, str):
            return _rejected(r, e, "NM-DISCARD-ALL", f"ranks.{e.card.rank}.effects", told)
        s = told
    if shown is not None and isinstance(e, Challenge):
        decided = decide_challenge(r, shown)
        if isinstance(decided, str):
            return _rejected(r, e, "CHAL-SHOW", "challenge.show_hand", decided)
        s = decided
    return s


def _drew(v: Verdict) -> int:
    """How many cards the line drew, whoever drew them (a challenge's outcome: the guilty
    player or the victim)."""
    return sum(n for _, n in v.drawn)


def _draws_text(v: Verdict, player: str) -> str:
    """Who draws how many on the line, in each reading: "ana draws 5 or bor draws 2"."""
    said = [
        ", ".join(f"{p} draws {n}" for p, n in a.drawn) or f"{player} draws 0"
        for a in (v.alternatives or (v,))
        if not a.rejected
    ]
    return " or ".join(dict.fromkeys(said))


def _stopped_unseen(v: Verdict, c: DrawnClaim) -> bool:
    """Whether the line's draw of ``c.player`` stopped at a card nobody saw: a turn's draw
    until playable (phase ``drawn``), or a draw to a colour (DRAW-COLOR: a ChooseColor of
    its victim, or the play of a card that makes the next player draw to one; FLIP2-WDC: the
    owed draw of a Wild Draw Color, drawn or the outcome of its challenge) that drew one."""
    s, e = v.state, v.event
    if isinstance(e, Draw) and s.phase == "drawn":
        return (
            e.player == c.player
            and s.drawn == UNKNOWN
            and (s.variant.turn.draw == "until_playable" or s.variant.play.death_draw)
        )
    rank = e.card.rank if isinstance(e, Play) else s.top.rank if s.top is not None else None
    if not isinstance(e, Play | ChooseColor | Draw | Challenge) or rank is None:
        return False
    if c.player not in s.players or not draws_to_color(s.variant, rank):
        return False
    hand = s.hands[s.players.index(c.player)]
    count = dict(v.drawn).get(c.player, 0)
    return UNKNOWN in hand[len(hand) - count :]


def _drawn_fits(v: Verdict, c: DrawnClaim) -> bool:
    """Whether one reading's verdict gives ``c``: the count, and the cards where seen."""
    count = dict(v.drawn).get(c.player, 0)
    if c.count is not None and c.count != count:
        return False
    if c.cards is None:
        return True
    s = v.state
    hand = s.hands[s.players.index(c.player)] if s.hands and c.player in s.players else ()
    got = hand[len(hand) - count :] if count else ()
    if len(got) != len(c.cards):
        return False
    rest = Counter(c.cards) - Counter(x for x in got if x != UNKNOWN)
    return sum(rest.values()) <= sum(1 for x in got if x == UNKNOWN)


def _ruling(v: Verdict) -> tuple[Any, ...]:
    """What a line's verdict says that a record can show: the same in every reading, or the
    line is undetermined."""
    s = v.state
    return (v.outcome, v.clause, v.key, v.drawn, v.skipped, s.round, s.phase, s.turn)


def _fill_pile(s: GameState, cards: tuple[Card, ...]) -> GameState | str:
    pile = list(s.draw_pile)
    pool = unseen(s)
    for i, c in enumerate(cards[: len(pile)]):
        if pile[i] != UNKNOWN:
            continue
        if pool[c] <= 0:
            return f"{c} cannot be drawn: every copy of it is in sight"
        pool[c] -= 1
        pile[i] = c
    # TURN-RESHUFFLE: the cards past the pile come off the pile the draw reshuffles
    return replace(s, draw_pile=tuple(pile), next_reshuffle=cards[len(pile) :])


def _fill_hand(v: Verdict, player: str, cards: tuple[Card, ...]) -> Verdict:
    """Cards drawn past a reshuffle: the hand's last unknown ones are the listed cards."""
    s = v.state
    if player not in s.players:  # NM-MERCY: the hand left the game, under the discard pile
        return v
    seat = s.players.index(player)
    hand = list(s.hands[seat])
    start = len(hand) - len(cards)
    pool = unseen(s)
    for i, c in enumerate(cards):
        if hand[start + i] == UNKNOWN and pool[c] > 0:
            hand[start + i] = c
            pool[c] -= 1
    hands = list(s.hands)
    hands[seat] = tuple(hand)
    return attrs.evolve(v, state=replace(s, hands=tuple(hands)))


def _open_points(replay: Replay) -> dict[int, int]:
    """The unseen cards each seat's points of the last round depend on."""
    if replay.finished is None or replay.variant is None:
        return {}
    return open_points(replay.variant, replay.finished[1])


def _may_have_ended(replay: Replay) -> bool:
    """Whether the last round's unseen points may have ended the game (SCORE-OFF, SCORE-ENA:
    someone's total may reach ``scoring.target``) while the record is between rounds."""
    s, open_points = replay.state, _open_points(replay)
    if s is None or replay.finished is None or not open_points or s.phase not in ("deal", "over"):
        return False
    assert replay.variant is not None
    values = sorted(replay.variant.rank(x.rank).score for x in unseen(s).elements())
    totals = replay.finished[2]
    target = replay.variant.scoring.target
    return (
        any(totals[i] + sum(values[len(values) - k :]) >= target for i, k in open_points.items())
        or s.phase == "over"
    )


def _bounded_claim(
    replay: TableReplay,
    line: int,
    c: RoundClaim,
    record: dict[str, Any] | None,
    open_points: dict[int, int],
) -> LineResult:
    s = replay.state
    assert s is not None and replay.finished is not None and replay.variant is not None
    _, result, totals, _ = replay.finished
    values = sorted(replay.variant.rank(x.rank).score for x in unseen(s).elements())
    names = s.players
    wrong: list[str] = []
    open_: list[str] = []
    if c.winner is not None and c.winner != names[result.winner]:
        wrong.append(f"the winner is {names[result.winner]}, not {c.winner}")
    for label, claimed, actual in (
        ("points", c.points, result.points),
        ("totals", c.totals, totals),
    ):
        for name, value in (claimed or {}).items():
            i = names.index(name)
            k = open_points.get(i, 0)
            low, high = actual[i] + sum(values[:k]), actual[i] + sum(values[len(values) - k :])
            if not low <= value <= high:
                wrong.append(
                    f"{name}'s {label} are between {low} and {high} by the cards in sight, "
                    f"not {value}"
                )
            elif k:
                open_.append(f"{name}'s {label} ({low} to {high}: {plural(k, 'card')} nobody saw)")
            elif value != actual[i]:
                wrong.append(f"{name}'s {label} are {actual[i]}, not {value}")
    if wrong:
        text = "; ".join(wrong)
        return LineResult(
            line, CLAIM, "claim_round", record, message=text, agrees=False, rules=text, since=line
        )
    if open_:
        text = "undetermined: " + "; ".join(open_) + "; a 'hands' list decides"
        return LineResult(line, CLAIM, "claim_round", record, UNDETERMINED, message=text)
    return check_claim(replay, line, c, record)
