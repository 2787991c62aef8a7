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
from ..game.events import Deal, PlayerEvent
from ..game.state import GameState, replace
from ..game.verdict import REJECTED, UNDETERMINED, Note, Verdict
from ..game.words import plural
from ..rules.referee import apply, new_game
from ..rules.unseen import (
    forget,
    known,
    most_more,
    one_more,
    overfull,
    pile_drawn,
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
from .table_claims import bounded_claim, may_have_ended, open_points_of
from .table_draws import (
    drawn_fits,
    draws_text,
    drew,
    moved,
    open_draw,
    opened,
    ruling,
    same_ruling,
    until,
)
from .table_form import seen_fields
from .table_seen import fill_hand, seen_before

__all__ = ["MAX_READINGS", "TableReplay", "table_deal"]

#: The most readings of an undetermined point kept at once (the first ones, in order).
MAX_READINGS = 8
#: The longest counts read one by one where a line's ruling depends on an open count.
OPEN_DEPTH = 3


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
        #: each reading's seats whose count is open (:mod:`ena_rules.log.table_draws`)
        self.open_of: dict[GameState, frozenset[int]] = {}
        self.counted_open = False  # the line judged last drew a count nobody saw
        self.open_rulings: list[Verdict] = []  # its rulings had the pile run out on it

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
        self.readings, self.open_of = [self.state], {}
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
            self.readings, self.open_of = [v.state], {}
        return self._after(line, ROUND, "round", record, s, v)

    # -- events --------------------------------------------------------------------------------

    def _judge(
        self, e: PlayerEvent | Arbiter, seen: dict[str, Any], took: float | None = None
    ) -> Verdict:
        open_of, self.open_of = self.open_of, {}
        self.counted_open, self.open_rulings = False, []
        each = [
            self._open_one(r, open_of.get(r, frozenset()), e, seen, took, OPEN_DEPTH)
            for r in self.readings
        ]
        # the counts as they are first, then each one card longer, ...: the readings kept
        raw = [x[k] for k in range(max(map(len, each), default=0)) for x in each if k < len(x)]
        out = [a for v in raw for a in (v.alternatives if v.undetermined else (v,))]
        keep = [v for v in out if not v.rejected]
        shown = [*keep, *self.open_rulings]  # the rulings; the readings are keep's
        if not keep:
            self.open_of = open_of  # a refused line changes nothing
            return out[0]
        states = list(dict.fromkeys(v.state for v in keep))[:MAX_READINGS]
        self.readings = states
        first = keep[0]
        if self.counted_open:  # a draw whose count the unseen cards decide
            text = (
                f"Undetermined: how many cards the draw took ({first.message}); the cards "
                "nobody saw decide it (a 'cards' list on the line or a claim_drawn says)."
            )
            notes: tuple[Note, ...] = (Note(first.clause, first.key, text),)
        elif len({ruling(v) for v in shown}) == 1:
            return attrs.evolve(first, state=states[0])
        elif len(raw) == 1 and raw[0].undetermined:
            notes = raw[0].notes  # one reading, one open point: its own words
        else:
            text = "Undetermined (an earlier point is open): " + " Or: ".join(
                f"{v.outcome} [{v.clause} {v.key}] {v.message}" for v in shown[:MAX_READINGS]
            )
            notes = (Note(first.clause, first.key, text),)
        return Verdict(
            outcome=UNDETERMINED,
            state=states[0],
            event=first.event,
            notes=notes,
            alternatives=tuple(keep),
        )

    def _open_one(
        self,
        r: GameState,
        open_: frozenset[int],
        e: PlayerEvent | Arbiter,
        seen: dict[str, Any],
        took: float | None,
        depth: int,
    ) -> list[Verdict]:
        """The line judged in reading ``r`` whose ``open_`` seats hold at least their cards:
        read with one more card in each (:func:`~ena_rules.rules.unseen.one_more`), the same
        ruling keeps the count open; another splits the reading into the count as it is
        (closed) and a count one card longer (still open), up to ``depth`` cards."""
        v = self._one(r, e, seen, took)
        still: set[int] = set()
        split: tuple[GameState, Verdict] | None = None
        emptied: list[Verdict] = []
        for seat in sorted(x for x in open_ if x < len(r.hands)):
            probe = self._longer(r, seat, v, e, seen, took)
            if probe is None:
                still.add(seat)
                continue
            longer, w = probe
            if split is None and not same_ruling(v, w):
                split = (longer, w)
            else:
                still |= moved(v, w)
            # the longest count (NM-MERCY: the most a hand in the game holds); the open
            # draws emptied the pile, before the reshuffle or after it (TURN-RESHUFFLE)
            # (only where no count short of it allows the line: readings stay few)
            most = [one_more(r, seat, most_more(r, seat))] if r.variant.mercy.limit else []
            if v.rejected and w.rejected:
                most += [pile_drawn(r, reshuffled=False), pile_drawn(r)]
            for out in most:
                x = self._one(out, e, seen, took) if out is not None else w
                if not same_ruling(v, x) and not same_ruling(w, x):
                    self._keep_open(x, open_ | frozenset(opened(x)))
                    emptied.append(x)
        if open_ and not v.rejected:  # the pile may run out on this very line: its ruling
            out = pile_drawn(r, reshuffled=False)  # is open, not a reading of its own
            x = self._one(out, e, seen, took) if out is not None else v
            if not x.rejected and not same_ruling(v, x):
                self.open_rulings.append(x)
        new = opened(v) if "cards" not in seen and not v.rejected else ()
        self.counted_open = self.counted_open or bool(new)
        emptied += self._left(r, new, v, e, seen, took)
        self._keep_open(v, frozenset(still | set(new)))
        if split is None:
            return [v, *emptied]
        if depth <= 0:  # as long as the line allows: one reading for every longer count
            self._keep_open(split[1], open_ | frozenset(opened(split[1])))
            return [v, split[1], *emptied]
        return [v, *self._open_one(split[0], open_, e, seen, took, depth - 1), *emptied]

    def _longer(
        self,
        r: GameState,
        seat: int,
        v: Verdict,
        e: PlayerEvent | Arbiter,
        seen: dict[str, Any],
        took: float | None,
    ) -> tuple[GameState, Verdict] | None:
        """Reading ``r`` with the open hand of ``seat`` one card longer (from a reshuffled
        pile if the pile holds no unseen card), and the line judged in it; where the line is
        refused both ways, longer still (a play of several cards), up to :data:`OPEN_DEPTH`."""
        longer = one_more(r, seat)
        if longer is None:  # no unseen card left in the pile: it ran out sooner
            emptied = pile_drawn(r)
            longer = one_more(emptied, seat) if emptied is not None else None
        if longer is None:
            return None
        w = self._one(longer, e, seen, took)
        for k in range(2, OPEN_DEPTH + 2):
            more = one_more(r, seat, k) if v.rejected and w.rejected else None
            if more is None:
                break
            longer, w = more, self._one(more, e, seen, took)
        return longer, w

    def _left(
        self,
        r: GameState,
        drawers: tuple[int, ...],
        v: Verdict,
        e: PlayerEvent | Arbiter,
        seen: dict[str, Any],
        took: float | None,
    ) -> list[Verdict]:
        """NM-MERCY: a draw whose count is open may have taken its drawer to the mercy limit
        (read with the hand as long as it may be before the line): that reading too."""
        out = []
        for seat in drawers if r.variant.mercy.limit else ():
            most = one_more(r, seat, most_more(r, seat)) if seat < len(r.hands) else None
            x = self._one(most, e, seen, took) if most is not None else v
            if not x.rejected and not same_ruling(v, x):
                self._keep_open(x, frozenset(opened(x)))
                out.append(x)
        return out

    def _keep_open(self, v: Verdict, seats: frozenset[int]) -> None:
        if not seats or v.rejected:
            return
        for a in v.alternatives or (v,):
            self.open_of[a.state] = self.open_of.get(a.state, frozenset()) | seats

    def _one(
        self, r: GameState, e: PlayerEvent | Arbiter, seen: dict[str, Any], took: float | None
    ) -> Verdict:
        if isinstance(e, Misdeal | Imposed):
            return arbiter_line(r, e)
        cards: tuple[Card, ...] | None = seen.get("cards")
        s = seen_before(r, e, seen)
        if isinstance(s, Verdict):
            return s
        v = apply(s, e, took=took)
        if v.rejected:
            return v
        if cards is not None and v.undetermined:
            # the table saw the cards drawn: the readings in which the draw took them
            took_them = [a for a in v.alternatives if not a.rejected and drew(a) == len(cards)]
            if took_them:
                v = took_them[0]
        if cards is not None:
            if drew(v) != len(cards):
                return _rejected(
                    r,
                    e,
                    "TURN-DRAW",
                    "turn.draw",
                    f"the record lists {len(cards)} cards drawn; by the rules "
                    f"{draws_text(v, e.player)} here ({v.message})",
                )
            if v.drawn:
                v = fill_hand(v, v.drawn[0][0], cards)
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
            open_points = open_points_of(self)
            if open_points:
                return bounded_claim(self, line, c, record, open_points)
        if isinstance(c, DrawnClaim) and self.last is not None and open_draw(self.last[2], c):
            return self._drawn_of_readings(line, c, record)
        if isinstance(c, WinnerClaim) and may_have_ended(self):
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
        options = v.alternatives or tuple(attrs.evolve(v, state=r) for r in self.readings)
        pairs = [(a, x) for a in options for x in (until(a, c),) if x is not None]
        fits = [x for _, x in pairs if drawn_fits(x, c)]
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
        open_of, self.open_of = self.open_of, {}
        for a, x in pairs:  # the claim counts the draw: its count is no longer open
            if x in fits and c.player in x.state.players:
                seat = frozenset({x.state.players.index(c.player)} if c.count is not None else ())
                self._keep_open(x, open_of.get(a.state, frozenset()) - seat)
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
