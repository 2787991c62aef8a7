"""The immutable game state.

A :class:`GameState` is a value: frozen attrs classes and tuples only, hashable and comparable.
Seats are indices into ``players`` (clockwise); hands are tuples of cards in the order received.
The discard pile's top card is its last element; the draw pile's top card is its first.

>>> from ena_rules import new_game, load_variant
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> s.phase, s.dealer
('deal', 0)
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ..cards import Card
from ..variant import Variant
from . import display, fastbuild
from .phases import PHASES, TURN_PHASES, Phase

__all__ = [
    "PHASES",
    "ChallengeWindow",
    "GameState",
    "Pending",
    "Phase",
    "Reveal",
    "RoundResult",
    "replace",
]


@attrs.frozen
class Pending:
    """A draw owed by ``victim`` that may still be answered (stacked or challenged)."""

    victim: int
    count: int
    rank: str
    after: int
    """The seat whose turn comes once the victim has drawn."""


@attrs.frozen
class ChallengeWindow:
    """A challengeable card was just played at ``victim``; ``guilty`` says if it was illegal."""

    offender: int
    victim: int
    guilty: bool
    count: int
    prev_color: str | None
    unsure: bool = attrs.field(default=False, repr=False)
    """A partial state (ena_rules.rules.unseen): the offender's hand held unseen cards, so
    ``guilty`` (then ``False``) is undetermined until the hand is shown."""


@attrs.frozen
class Reveal:
    """A hand shown to one player (CHAL-SHOW): only ``viewer`` sees it."""

    viewer: int
    owner: int
    cards: tuple[Card, ...]


@attrs.frozen
class RoundResult:
    """How a round ended: its winner and the points each seat scored in it."""

    winner: int
    points: tuple[int, ...]
    unseen: tuple[int, ...] = attrs.field(default=(), repr=False)
    """A partial state: the unseen cards each seat's hand held, scored as 0 (undetermined)."""


@attrs.frozen(cache_hash=True, weakref_slot=False)  # weakref: see ena_rules.game.fastbuild
class GameState:
    """Everything the referee knows about a game at one moment."""

    variant: Variant = attrs.field(repr=False)
    players: tuple[str, ...]
    phase: Phase
    dealer: int | None = None
    round: int = 0
    scores: tuple[int, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    draw_pile: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    color: str | None = None
    direction: int = 1
    turn: int = 0
    pending: Pending | None = None
    drawn: Card | None = None
    last_player: int | None = None
    overtake_open: bool = False
    uno_exposed: tuple[int, ...] = ()
    out_called: tuple[int, ...] = ()
    """MAU-CALL-OUT (``uno.out_call``): the seats that called their last card before playing it
    (Mau-Mau's "Mau-Mau")."""
    challenge: ChallengeWindow | None = None
    reveal: Reveal | None = None
    seed: int = 0
    shuffles: int = 0
    cutters: tuple[int, ...] = ()
    cut_values: tuple[int | None, ...] = ()
    last_round: RoundResult | None = None
    winner: int | None = None
    blind: tuple[tuple[Card, ...], ...] = ()
    """HR-BLIND-DRAW (``view.blind_draw``): per seat, the cards of its hand its owner has not
    seen (empty without blind draws; :mod:`ena_rules.rules.sight`)."""
    out: tuple[str, ...] = ()
    """NM-MERCY, HR-ELIMINATION: the players taken out of the game, in the order they left (an
    event of theirs is rejected naming the rule that took them out)."""
    side: int = 0
    """FLIP2-SIDE: a two-sided deck's side in play (0: the first of ``deck.sides``, 1: the
    other); every card shows its face of this side (a one-sided deck: always 0)."""
    partial: bool = attrs.field(default=False, repr=False)
    """A partial state (a table record, a player's view): hands and the draw pile may hold
    :data:`~ena_rules.rules.unseen.UNKNOWN` cards (docs/table-records.md)."""
    viewer: int | None = attrs.field(default=None, repr=False)
    """The seat a view is made for: ``legal_events`` lists that player's events only."""
    next_reshuffle: tuple[Card, ...] = attrs.field(default=(), repr=False)
    """A partial state only: the cards a table record's draw line names as coming first off
    the pile the draw reshuffles (TURN-RESHUFFLE); every event's new state has none."""

    @property
    def colors(self) -> tuple[str, ...]:
        """The colours of the side in play (FLIP2-COLORS; a one-sided deck: ``deck.colors``)."""
        return self.variant.deck.back_colors if self.side else self.variant.deck.colors

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None

    def seat(self, name: str) -> int:
        """The seat index of a player (``ValueError`` if unknown)."""
        return self.players.index(name)

    @property
    def due(self) -> str | None:
        """The name of the player whose input the state awaits, if any."""
        if self.phase in TURN_PHASES:
            return self.players[self.turn]
        if self.phase == "color":
            return self.players[self.chooser]
        return None

    @property
    def chooser(self) -> int:
        """The seat that names the colour of a wild turned up (FLIP-WILD,
        ``first_card.wild_color``): the dealer, or the first player (``turn``)."""
        if self.variant.first_card.wild_color == "dealer" and self.dealer is not None:
            return self.dealer
        return self.turn

    @property
    def is_over(self) -> bool:
        """True once the game has a winner."""
        return self.phase == "over"

    # Names, not seats: the same four on a state and on a PlayerView (docs/guide-apps.md,
    # "Names, not seats"); ``dealer``, ``winner``, ``scores`` stay the seat-indexed fields.

    @property
    def dealer_name(self) -> str | None:
        """The dealer's name (``dealer`` is the seat), or None before the cut."""
        return None if self.dealer is None else self.players[self.dealer]

    @property
    def winner_name(self) -> str | None:
        """The game's winner's name (``winner`` is the seat), or None while it goes on."""
        return None if self.winner is None else self.players[self.winner]

    @property
    def scores_by_name(self) -> dict[str, int]:
        """Each player's total score by name, in seat order (``scores`` is by seat)."""
        return dict(zip(self.players, self.scores, strict=False))

    @property
    def hand_sizes_by_name(self) -> dict[str, int]:
        """Each player's number of cards by name, in seat order."""
        return {name: len(hand) for name, hand in zip(self.players, self.hands, strict=False)}

    def _repr_svg_(self) -> str | None:  # notebooks draw the table (ena_rules.pictures.svg)
        return display.svg(self)


#: ``attrs.evolve(state, **changes)`` without ``GameState.__init__``
#: (:mod:`ena_rules.game.fastbuild`, ~2-3 x faster): the one way the referee builds its next
#: state, from values it has checked.
#: Its parameters are GameState's fields, read from attrs: a field added above flows through it.
replace: Callable[..., GameState] = fastbuild.replacer(GameState)
