"""What a player observes: a fixed-length vector built from their ``view`` only.

The vector is a concatenation of named segments (:attr:`ObservationLayout.segments`; the
table in docs/rl.md is generated from them). Seats are relative to the observer, as in the
action layout: seat ``+0`` is the observer, ``+k`` the player ``k`` seats clockwise; segments by
seat are sized for the most seats the variant allows, and seats not at the table are 0.

:meth:`ObservationLayout.encode` takes a :class:`~ena_rules.PlayerView`. The environment uses
:meth:`ObservationLayout.encode_state`, which reads the same public facts and the player's own
hand straight from the state (no partial state is built: several times faster) and uses the
view where the variant hides part of a player's own hand (HR-BLIND-DRAW); tests/test_rl_env.py
checks that both give the same vector.

>>> from ena_rules import load_variant, view
>>> from ena_rules.game.position import parse_position
>>> layout = ObservationLayout(load_variant("ena"))
>>> s = parse_position(
...     "ena players=ana,bor,cene phase=play dealer=0 scores=0,0,0 hands=R1.R5.G4/R9.W/G3.Y7 "
...     "draw=R0.Y8.B5.G1.B7 discard=G5.R5 color=R turn=1 last=0 open=1")
>>> obs = layout.encode(view(s, "bor"))
>>> layout.size, obs.dtype.name, float(obs[layout.offset("hand") + layout.kind_index["R9"]])
(290, 'float32', 1.0)
>>> layout.read(obs, "hand_sizes").tolist()[:4]
[2.0, 2.0, 3.0, 0.0]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple, cast

import numpy as np
import numpy.typing as npt

from ..cards import Card
from ..errors import EnaRulesError
from ..game.state import GameState
from ..game.view import PlayerView
from ..rules.view import view
from ..variant import Variant
from .actions import MAX_SEATS, card_kinds

__all__ = [
    "PHASE_ORDER",
    "ObservationLayout",
    "Seen",
    "Segment",
    "seen_from_view",
]

Vector = npt.NDArray[np.float32]

#: The phases an observation can be in (a player is never asked in cut, deal or over).
PHASE_ORDER = ("color", "play", "drawn", "owe")

#: The bound of a score (the observation space must be bounded).
SCORE_BOUND = 1_000_000.0


class Segment(NamedTuple):
    """One named run of the vector: where it starts, how long it is, its bound, what it holds."""

    name: str
    offset: int
    size: int
    high: float
    doc: str


class Seen(NamedTuple):
    """The facts of a view the vector holds (seats relative to the observer: 0 is them)."""

    hand: tuple[Card, ...]
    sizes: tuple[int, ...]
    top: Card | None
    color: str | None
    clockwise: bool
    phase: str
    due: int | None
    pending: int
    draw_pile: int
    scores: tuple[int, ...]
    catchable: tuple[int, ...]
    drawn: Card | None
    shown: tuple[Card, ...]
    overtake_open: bool
    last_player: int | None
    challenge: bool
    unseen: int


def _turns(n: int, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats from ``seat`` on (relative seat ``+k`` is ``order[k]``) and the relative seat
    of each seat (``rel[x]``), for ``n`` players."""
    return tuple((seat + k) % n for k in range(n)), tuple((x - seat) % n for x in range(n))


def _relative(seat: int, n: int, of: int | None) -> int | None:
    return None if of is None else (of - seat) % n


def seen_from_view(v: PlayerView) -> Seen:
    """The facts of a player's view.

    >>> from ena_rules import load_variant, view
    >>> from ena_rules.testing import start_round
    >>> s = start_round(load_variant("ena"), ["ana", "bor", "cene"], dealer="ana")
    >>> seen = seen_from_view(view(s, "bor"))
    >>> seen.sizes, seen.due, seen.last_player
    ((7, 7, 7), 0, 2)
    """
    names = [p for p, _ in v.hand_sizes]
    seat, n = names.index(v.player), len(names)
    order = [names[(seat + k) % n] for k in range(n)]
    sizes = dict(v.hand_sizes)
    scores = dict(v.scores)
    s = v.state
    return Seen(
        hand=v.hand,
        sizes=tuple(sizes[p] for p in order),
        top=v.top,
        color=v.color,
        clockwise=v.direction == "clockwise",
        phase=v.phase,
        due=None if v.due is None else order.index(v.due),
        pending=v.pending,
        draw_pile=v.draw_pile_size,
        scores=tuple(scores[p] for p in order),
        catchable=tuple(order.index(p) for p in v.catchable),
        drawn=v.drawn,
        shown=v.shown_hand[1] if v.shown_hand is not None else (),
        overtake_open=bool(s is not None and s.overtake_open),
        last_player=None if s is None else _relative(seat, n, s.last_player),
        challenge=bool(s is not None and s.challenge is not None),
        unseen=v.unseen,
    )


class ObservationLayout:
    """The observation vector of a variant for ``seats`` seats at most (default: the
    variant's maximum, at most 10): its segments, :meth:`encode` and :meth:`read`.

    >>> from ena_rules import load_variant
    >>> [s.name for s in ObservationLayout(load_variant("official")).segments][:4]
    ['hand', 'top', 'color', 'direction']
    """

    def __init__(self, variant: Variant, seats: int | None = None) -> None:
        self.variant = variant
        self.seats = min(variant.players.max, MAX_SEATS) if seats is None else seats
        if not 2 <= self.seats <= MAX_SEATS:
            raise EnaRulesError(f"seats: {self.seats}: the layout takes 2 to {MAX_SEATS} seats")
        self.kinds = card_kinds(variant)
        self.kind_index: dict[Card | str, int] = {}
        for i, card in enumerate(self.kinds):
            self.kind_index[card] = i
            self.kind_index[str(card)] = i
        self.colors = tuple(variant.color_word(c) for c in variant.all_colors)
        self._color_index = {c: i for i, c in enumerate(self.colors)}
        self._color_code = {c: i for i, c in enumerate(variant.all_colors)}
        copies = Counter(variant.cards)
        deck = float(len(variant.cards))
        k, m = len(self.kinds), self.seats
        plan: list[tuple[str, int, float, str]] = [
            ("hand", k, 0.0, "own hand: how many of each card kind (in the deck's order)"),
            ("top", k, 1.0, "the top card of the discard pile, one-hot by card kind"),
            ("color", len(self.colors), 1.0, "the colour in force, one-hot"),
            ("direction", 1, 1.0, "1 when play goes counter-clockwise"),
            ("phase", len(PHASE_ORDER), 1.0, "the phase, one-hot: " + ", ".join(PHASE_ORDER)),
            ("due", m, 1.0, "the seat whose input is awaited, one-hot by relative seat"),
            ("hand_sizes", m, deck, "cards held, by relative seat (own hand at +0)"),
            ("seated", m, 1.0, "1 for each relative seat that is at the table"),
            ("catchable", m, 1.0, "UNO window: 1 for a seat at one card that has not called"),
            ("pending", 1, deck, "the draw owed that may still be answered (phase owe)"),
            ("overtake_open", 1, 1.0, "overtaking window: the top card may still be overtaken"),
            ("last_player", m, 1.0, "who put the top card down (the dealer for a turned-up one)"),
            ("challenge", 1, 1.0, "challenge window: a challengeable card's draw is pending"),
            ("drawn", k, 1.0, "the card just drawn that may be played (phase drawn), one-hot"),
            ("shown", k, 0.0, "a hand shown to the observer in a challenge, counts by kind"),
            ("draw_pile", 1, deck, "cards in the draw pile"),
            ("scores", m, SCORE_BOUND, "game totals, by relative seat"),
            ("unseen", 1, deck, "own cards not seen yet (HR-BLIND-DRAW)"),
        ]
        segments: list[Segment] = []
        offset = 0
        for name, size, high, doc in plan:
            segments.append(Segment(name, offset, size, high, doc))
            offset += size
        self.segments: tuple[Segment, ...] = tuple(segments)
        self.size = offset
        self._by_name = {s.name: s for s in self.segments}
        bound = np.zeros(self.size, dtype=np.float32)
        for seg in self.segments:
            bound[seg.offset : seg.offset + seg.size] = seg.high
        for name in ("hand", "shown"):  # at most every copy of a kind
            off = self._by_name[name].offset
            for i, card in enumerate(self.kinds):
                bound[off + i] = copies[card]
        self.high: Vector = bound
        """The upper bound of each value (the observation space's ``high``; 0 is the low)."""
        self._off = {s.name: s.offset for s in self.segments}
        # encode_state's tables: where each card, colour and phase counts, the fixed offsets
        at_hand, at_top = self._off["hand"], self._off["top"]
        self._at_hand = {card: at_hand + i for i, card in enumerate(self.kinds)}
        self._at_top = {card: at_top + i for i, card in enumerate(self.kinds)}
        at_color = self._off["color"]
        self._at_color = {c: at_color + i for c, i in self._color_code.items()}
        self._at_phase = {p: self._off["phase"] + i for i, p in enumerate(PHASE_ORDER)}
        self._at_seated = self._off["seated"]
        self._at_sizes, self._at_scores = self._off["hand_sizes"], self._off["scores"]
        self._at_pending, self._at_pile = self._off["pending"], self._off["draw_pile"]
        self._zero: Vector = np.zeros(self.size, dtype=np.float32)
        # n ones, for the seats at the table; the relative seats of each table of n players
        self._runs = [
            cast("memoryview[float]", np.ones(n, dtype=np.float32).data) for n in range(m + 1)
        ]
        self._turns: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = [
            [_turns(n, seat) for seat in range(n)] for n in range(m + 1)
        ]

    def offset(self, name: str) -> int:
        """Where segment ``name`` starts."""
        return self._off[name]

    def read(self, obs: Vector, name: str) -> Vector:
        """The values of segment ``name`` in an observation vector."""
        seg = self._by_name[name]
        return obs[seg.offset : seg.offset + seg.size]

    def encode(self, v: PlayerView) -> Vector:
        """The observation vector of a player's view."""
        return self.encode_seen(seen_from_view(v))

    def encode_state(self, s: GameState, seat: int) -> Vector:
        """The observation vector of seat ``seat``'s view of ``s``: the same vector as
        ``encode(view(s, s.players[seat]))``, read from the state's public fields and the
        seat's own hand (made from the view where the variant hides own cards).

        >>> from ena_rules import load_variant, view
        >>> from ena_rules.testing import start_round
        >>> s = start_round(load_variant("ena"), ["ana", "bor", "cene"], dealer="ana")
        >>> layout = ObservationLayout(load_variant("ena"))
        >>> bool((layout.encode_state(s, 1) == layout.encode(view(s, "bor"))).all())
        True
        """
        if s.blind and any(s.blind):  # HR-BLIND-DRAW: the view knows which cards are unseen
            return self.encode(view(s, s.players[seat]))
        n = len(s.players)
        hands = s.hands or ((),) * n
        hand = hands[seat]
        order, rel = self._turns[n][seat]
        # one value at a time through a memoryview (a few dozen of them: cheaper than numpy's
        # item assignment, or than building index arrays to add); its values are floats
        obs = self._zero.copy()
        out = cast("memoryview[float]", obs.data)  # the buffer of float32 values
        for at in map(self._at_hand.__getitem__, hand):
            out[at] += 1.0
        self._put_ones(out, s, seat, rel, hand)
        if s.uno_exposed:
            at = self._off["catchable"]
            for x in s.uno_exposed:
                out[at + rel[x]] += 1.0
        if s.reveal is not None and s.reveal.viewer == seat:
            self._count_shown(out, s.reveal.cards)
        at = self._at_sizes
        for k, x in enumerate(order):
            out[at + k] = float(len(hands[x]))
        if s.pending is not None:
            out[self._at_pending] = float(s.pending.count)
        out[self._at_pile] = float(len(s.draw_pile))
        at, scores = self._at_scores, s.scores
        for k, x in enumerate(order if scores and any(scores) else ()):
            if scores[x] > 0:  # the rest stays 0 (a score's bound is 0 below)
                out[at + k] = min(float(scores[x]), SCORE_BOUND)
        return obs

    def _count_shown(self, out: memoryview[float], cards: Sequence[Card]) -> None:
        """The ``shown`` segment: a hand shown to the observer, counted by kind."""
        at, kind = self._off["shown"], self.kind_index
        for c in cards:
            if c in kind:
                out[at + kind[c]] += 1.0

    def _put_ones(
        self,
        out: memoryview[float],
        s: GameState,
        seat: int,
        rel: tuple[int, ...],
        hand: tuple[Card, ...],
    ) -> None:
        """The 1s of ``encode_state`` (one-hots and flags: at most one per segment, but
        ``seated``)."""
        off = self._off
        n = len(rel)
        out[self._at_seated : self._at_seated + n] = self._runs[n]
        if s.discard:
            out[self._at_top[s.discard[-1]]] = 1.0
        color = self._at_color.get(s.color or "")
        if color is not None:
            out[color] = 1.0
        if s.direction != 1:
            out[off["direction"]] = 1.0
        phase = self._at_phase.get(s.phase)
        if phase is not None:
            out[phase] = 1.0
        due = s.due
        if due is not None:
            out[off["due"] + rel[s.players.index(due)]] = 1.0
        if s.overtake_open:
            out[off["overtake_open"]] = 1.0
        if s.last_player is not None:
            out[off["last_player"] + rel[s.last_player]] = 1.0
        if s.challenge is not None:
            out[off["challenge"]] = 1.0
        drawn = s.drawn
        if drawn is not None and s.turn == seat and drawn in hand:
            out[off["drawn"] + self.kind_index[drawn]] = 1.0

    def encode_seen(self, f: Seen) -> Vector:
        """The observation vector of the facts of a view."""
        obs = np.zeros(self.size, dtype=np.float32)
        off, kind = self._off, self.kind_index
        self._counts(obs, off["hand"], f.hand)
        if f.top is not None:
            obs[off["top"] + kind[f.top]] = 1
        if f.color is not None:
            obs[off["color"] + self._color_index[f.color]] = 1
        obs[off["direction"]] = 0 if f.clockwise else 1
        if f.phase in PHASE_ORDER:
            obs[off["phase"] + PHASE_ORDER.index(f.phase)] = 1
        if f.due is not None:
            obs[off["due"] + f.due] = 1
        n = len(f.sizes)
        obs[off["hand_sizes"] : off["hand_sizes"] + n] = f.sizes
        obs[off["seated"] : off["seated"] + n] = 1
        for x in f.catchable:
            obs[off["catchable"] + x] = 1
        obs[off["pending"]] = f.pending
        obs[off["overtake_open"]] = f.overtake_open
        if f.last_player is not None:
            obs[off["last_player"] + f.last_player] = 1
        obs[off["challenge"]] = f.challenge
        if f.drawn is not None:
            obs[off["drawn"] + kind[f.drawn]] = 1
        self._counts(obs, off["shown"], f.shown)
        obs[off["draw_pile"]] = f.draw_pile
        obs[off["scores"] : off["scores"] + n] = [min(max(x, 0), SCORE_BOUND) for x in f.scores]
        obs[off["unseen"]] = f.unseen
        return obs

    def _counts(self, obs: Vector, start: int, cards: Sequence[Card]) -> None:
        kind = self.kind_index
        for card in cards:
            i = kind.get(card)
            if i is not None:  # an unknown card (a partial state) is not counted
                obs[start + i] += 1
