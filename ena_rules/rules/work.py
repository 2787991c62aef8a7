"""The working copy an accepted (or penalised) event is applied to, frozen once at the end.

A :class:`Work` holds the fields an event may change as plain attributes (hands as a list),
collects the verdict's notes, the cards each player drew and the players skipped, and turns
back into a new frozen :class:`~ena_rules.game.state.GameState` once, in :meth:`Work.finish`. The
state it was made from is never mutated, so a rejection can always answer with it.

>>> from ena_rules import load_variant, new_game
>>> w = Work(new_game(load_variant("official"), ["ana", "bor"], dealer="ana"))
>>> w.name(w.step(0)), w.finish() == w.s
('bor', True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import Card
from ..cards.shuffle import derive_seed, shuffled
from ..game.events import Event
from ..game.fastbuild import updater
from ..game.phases import Phase
from ..game.state import GameState, replace
from ..game.verdict import Note, Outcome, Verdict, make_lazy_note, make_note, make_verdict
from . import sight
from .unknown import unknown_slot

__all__ = ["Work", "evolve"]

#: The fields an event may change, in :meth:`Work.finish`'s order: the new state takes them from
#: the Work, every other field (the game's own: variant, players, seed, dealer, ...) from the old
#: state, with no keyword parsing (:func:`ena_rules.game.fastbuild.updater`).
_FINISH_FIELDS = (
    "hands",
    "draw_pile",
    "discard",
    "color",
    "direction",
    "turn",
    "phase",
    "pending",
    "drawn",
    "last_player",
    "overtake_open",
    "uno_exposed",
    "out_called",
    "challenge",
    "reveal",
    "shuffles",
    "scores",
    "blind",
    "side",
    "next_reshuffle",
)
_finish: Callable[..., GameState] = updater(GameState, _FINISH_FIELDS)

_UNKNOWN = Card(None, "?")  # ena_rules.rules.unseen.UNKNOWN: a card nobody saw


def evolve(s: GameState, **changes: Any) -> GameState:
    """``attrs.evolve(s, **changes)`` for a GameState, without its ``__init__``
    (:func:`ena_rules.game.state.replace`: an action builds one state)."""
    return replace(s, **changes)


class Work:
    """A mutable working copy of a state, turned back into a frozen state by :meth:`finish`."""

    def __init__(self, s: GameState) -> None:
        self.s = s
        self.v = s.variant
        self.n = len(s.players)
        self.hands = list(s.hands)
        self.draw_pile = s.draw_pile
        self.discard = s.discard
        self.color = s.color
        self.direction = s.direction
        self.turn = s.turn
        self.phase: Phase = s.phase
        self.pending = s.pending
        self.drawn = s.drawn
        self.last_player = s.last_player
        self.overtake_open = s.overtake_open
        self.uno_exposed = s.uno_exposed
        self.out_called = s.out_called  # MAU-CALL-OUT
        self.challenge = s.challenge
        self.reveal = s.reveal
        self.shuffles = s.shuffles
        self.scores = s.scores
        self.blind = s.blind  # HR-BLIND-DRAW (rules/sight.py)
        self.side = s.side  # FLIP2-SIDE
        self.notes: list[Note] = []
        self.drawn_counts: dict[str, int] = {}  # a plain dict: Counter() costs ~1 us an action
        self.skipped: list[str] = []

    # -- notes and seats ---------------------------------------------------------------------
    def note(self, key: str, text: str, clause: str | None = None) -> None:
        """Record a rule applied: the variant key, what it did, the clause (else the key's)."""
        v = self.v
        self.notes.append(make_note(clause or v.clauses.get(key) or v.clause(key), key, text))

    def note_when_read(self, key: str, words: Callable[[], str], clause: str | None = None) -> None:
        """:meth:`note` with its words built when first read (``words()``, a hot note whose
        words call code): ``words`` reads only values that do not change, never the Work."""
        v = self.v
        clause = clause or v.clauses.get(key) or v.clause(key)
        self.notes.append(make_lazy_note(clause, key, words))

    def name(self, seat: int) -> str:
        """The name of the player at ``seat``."""
        return self.s.players[seat]

    def step(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places from ``seat`` in the direction of play (TURN-NEXT)."""
        return (seat + self.direction * steps) % self.n

    def lose_turn(self, seat: int) -> None:
        """The player at ``seat`` loses a turn (a skip, a draw that costs the turn, an overtake
        that passes over them): the one record of it, the verdict's ``skipped``."""
        self.skipped.append(self.name(seat))

    def set_turn(self, seat: int, key: str = "turn.next") -> None:
        """TURN-NEXT: ``seat`` is due to play (``turn.next``: in the direction of play)."""
        self.turn = seat
        self.phase = "play"
        self.drawn = None
        way = "clockwise" if self.direction == 1 else "counter-clockwise"
        self.note(key, f"{self.s.players[seat]} is next ({way}).")

    # -- cards -------------------------------------------------------------------------------
    def take(self, seat: int, count: int, key: str, why: str, *, say: bool = True) -> int:
        """``seat`` draws ``count`` cards (reshuffling as needed); returns how many it got.
        ``say=False`` leaves the note of the draw to the caller (a draw until playable).

        TURN-RESHUFFLE: an empty draw pile is refilled from the discard pile but its top card
        (``turn.reshuffle``); with nothing left, a draw takes what there is (``turn.empty``).
        """
        got: list[Card] = []
        while len(got) < count:
            if not self.draw_pile and not self._reshuffle():
                break
            need = count - len(got)
            got.extend(self.draw_pile[:need])
            self.draw_pile = self.draw_pile[need:]
        self.hands[seat] = self.hands[seat] + tuple(got)
        if self.v.view.blind_draw:  # HR-BLIND-DRAW: the drawer does not see them
            sight.drawn(self, seat, got)
        who = self.name(seat)
        if got:
            self.drawn_counts[who] = self.drawn_counts.get(who, 0) + len(got)
        short = "" if len(got) == count else (f" (only {len(got)}: nothing left to reshuffle)")
        if say:
            self.note(key, f"{who} draws {count} ({why}){short}.")
        if len(got) < count:
            self.note(
                "turn.empty",
                "The draw pile and the discard pile are exhausted: a draw takes what there is.",
            )
        return len(got)

    def _reshuffle(self) -> bool:
        if len(self.discard) <= 1:
            return False
        rest, top = self.discard[:-1], self.discard[-1]
        self.shuffles += 1
        if self.s.partial:  # nobody knows the new order: the recycled cards are unseen again,
            # but for those a table record's draw line names (GameState.next_reshuffle)
            first = self.shuffles == self.s.shuffles + 1  # the draw's first reshuffle
            named = self.s.next_reshuffle[: len(rest)] if first else ()
            self.draw_pile = named + (_UNKNOWN,) * (len(rest) - len(named))
        else:
            self.draw_pile = shuffled(rest, derive_seed(self.s.seed, self.shuffles))
        self.discard = (top,)
        self.note(
            "turn.reshuffle",
            f"The draw pile is empty: the discard pile but its top card "
            f"({top}) is shuffled into a new draw pile of "
            f"{len(self.draw_pile)}.",
        )
        return True

    def show(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Cards ``seat`` showed the table and took back (a wrong card, a play out of turn):
        on a partial state, each is known in the hand from now on (an unknown card becomes it,
        unless the hand already shows a copy)."""
        if not self.s.partial:
            return
        hand = list(self.hands[seat])
        for card in cards:
            at = None if card in hand else unknown_slot(tuple(hand), card)
            if at is not None:
                hand[at] = card
        self.hands[seat] = tuple(hand)

    def remove(self, seat: int, card: Card) -> None:
        """Take one copy of ``card`` out of ``seat``'s hand."""
        hand = self.hands[seat]
        if not self.s.partial or card in hand:
            i = hand.index(card)
        else:  # a card nobody saw (FLIP2-SIGHT: one whose back is the card's first)
            at = unknown_slot(hand, card)
            assert at is not None, card
            i = at
        self.hands[seat] = hand[:i] + hand[i + 1 :]
        if self.blind:  # HR-BLIND-DRAW: a card put down is seen
            sight.put_down(self, seat, card, hand)

    # -- the result --------------------------------------------------------------------------
    def finish(self) -> GameState:
        """The new frozen state."""
        return _finish(
            self.s,
            tuple(self.hands),
            self.draw_pile,
            self.discard,
            self.color,
            self.direction,
            self.turn,
            self.phase,
            self.pending,
            self.drawn,
            self.last_player,
            self.overtake_open,
            self.uno_exposed,
            self.out_called,
            self.challenge,
            self.reveal,
            self.shuffles,
            self.scores,
            self.blind,
            self.side,
            (),
        )

    def verdict(self, outcome: Outcome, event: Event) -> Verdict:
        """The verdict: the outcome, the new state, and what was noted, drawn and skipped."""
        return make_verdict(
            outcome,
            self.finish(),
            event,
            tuple(self.notes),
            tuple(sorted(self.drawn_counts.items())) if self.drawn_counts else (),
            tuple(self.skipped) if self.skipped else (),
        )
