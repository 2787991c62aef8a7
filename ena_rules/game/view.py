"""What one player may see (DESIGN: view): the value, :class:`PlayerView`.

:func:`ena_rules.rules.view.view` makes it from a state: the rules decide what each player
sees; this module holds only the value (JSON: :mod:`ena_rules.game.serialize`).

>>> from ena_rules import load_variant, new_game, apply, view
>>> from ena_rules.rules.chance import deal_event
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> s = apply(s, deal_event(s, seed=3)).state
>>> v = view(s, "bor")
>>> isinstance(v, PlayerView), len(v.hand), v.hand_sizes
(True, 7, (('ana', 7), ('bor', 7)))
"""

from __future__ import annotations

import attrs

from ..cards import Card
from . import display
from .state import GameState, Phase

__all__ = ["PlayerView"]


@attrs.frozen
class PlayerView:
    """A player's view: their own hand and everything public; never another hidden card."""

    player: str
    hand: tuple[Card, ...]
    hand_sizes: tuple[tuple[str, int], ...]
    top: Card | None
    color: str | None
    direction: str
    due: str | None
    phase: Phase
    pending: int
    draw_pile_size: int
    discard: tuple[Card, ...]
    scores: tuple[tuple[str, int], ...]
    catchable: tuple[str, ...]
    drawn: Card | None
    shown_hand: tuple[str, tuple[Card, ...]] | None
    dealer: str | None
    open_hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    """HR-OPEN-HAND (``view.open_below``): the other players' hands shown to everyone."""
    unseen: int = 0
    """HR-BLIND-DRAW (``view.blind_draw``): cards of the player's own hand they have not seen
    (counted in ``hand_sizes``, left out of ``hand``)."""
    backs: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    """FLIP2-SIGHT (a two-sided deck): every other player with the other side of each of their
    cards (one-sided faces, ``P3``), in hand order; empty for a one-sided deck."""
    pile_back: Card | None = None
    """FLIP2-SIGHT: the other side of the draw pile's top card (None: one-sided, or no pile)."""
    state: GameState | None = attrs.field(default=None, eq=False, repr=False)
    """The same view as a partial state (:mod:`ena_rules.rules.unseen`): others' hands and the
    draw pile are unknown cards; ``legal_events`` and ``apply`` take the view itself."""

    # Names, not seats: the same four as on a GameState (docs/guide-apps.md)

    @property
    def dealer_name(self) -> str | None:
        """The dealer's name (the same as ``dealer``)."""
        return self.dealer

    @property
    def winner_name(self) -> str | None:
        """The game's winner's name, or None while it goes on."""
        return None if self.state is None else self.state.winner_name

    @property
    def scores_by_name(self) -> dict[str, int]:
        """Each player's total score by name (``scores`` holds the same as pairs)."""
        return dict(self.scores)

    @property
    def hand_sizes_by_name(self) -> dict[str, int]:
        """Each player's number of cards by name (``hand_sizes`` holds the same as pairs)."""
        return dict(self.hand_sizes)

    def _repr_svg_(self) -> str | None:  # notebooks draw the view, other hands face down
        return display.svg(self)
