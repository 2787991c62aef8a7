"""What one player may see (DESIGN: view).

>>> from ena_rules import load_variant, new_game, apply
>>> from ena_rules.chance import deal_event
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> s = apply(s, deal_event(s, seed=3)).state
>>> v = view(s, "bor")
>>> len(v.hand), v.hand_sizes
(7, (('ana', 7), ('bor', 7)))
"""

from __future__ import annotations

import attrs

from . import guards
from .cards import COLOR_NAMES, Card
from .errors import EventError
from .names import player_name
from .rules import sight
from .state import GameState, Phase

__all__ = ["PlayerView", "view"]


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
    state: GameState | None = attrs.field(default=None, eq=False, repr=False)
    """The same view as a partial state (:mod:`ena_rules.rules.unseen`): others' hands and the
    draw pile are unknown cards; ``legal_events`` and ``apply`` take the view itself."""

    def _repr_svg_(self) -> str:  # notebooks draw the view, other hands face down
        from .svg import position

        return str(position(self))


def view(state: GameState, player: str) -> PlayerView:
    """The view of ``player``: own hand, others' hand sizes, the table, a hand shown to them.

    ``legal_events(view(state, player))`` lists what that player may do now, from the view
    alone (its :attr:`PlayerView.state`, a partial state).
    """
    from .rules.unseen import forget  # the rules package imports this module

    guards.check_view(state, player)
    player = player_name(player)
    if player not in state.players:
        raise EventError(f"{player!r} is not a player of this game ({', '.join(state.players)})")
    seat = state.players.index(player)
    s = state
    hands = s.hands or tuple(() for _ in s.players)
    shown = None
    if s.reveal is not None and s.reveal.viewer == seat:
        shown = (s.players[s.reveal.owner], s.reveal.cards)
    unseen = sight.own_unseen(s, seat) if s.hands else ()  # HR-BLIND-DRAW
    hand = sight.seen(hands[seat], unseen) if unseen else hands[seat]
    drawn = s.drawn if s.turn == seat and (s.drawn is None or s.drawn in hand) else None
    shown_to_all = sight.open_hands(s, seat)
    return PlayerView(
        player=player,
        hand=hand,
        hand_sizes=tuple((p, len(h)) for p, h in zip(s.players, hands, strict=True)),
        top=s.top,
        color=COLOR_NAMES.get(s.color or ""),
        direction="clockwise" if s.direction == 1 else "counter-clockwise",
        due=s.due,
        phase=s.phase,
        pending=s.pending.count if s.pending else 0,
        draw_pile_size=len(s.draw_pile),
        discard=s.discard,
        scores=tuple(zip(s.players, s.scores, strict=True)),
        catchable=tuple(s.players[x] for x in s.uno_exposed),
        drawn=drawn,
        shown_hand=shown,
        dealer=None if s.dealer is None else s.players[s.dealer],
        open_hands=shown_to_all,  # HR-OPEN-HAND
        unseen=len(unseen),
        state=forget(s, keep=(seat, *(s.players.index(p) for p, _ in shown_to_all)), viewer=seat),
    )
