"""What one player may see (DESIGN: view): :func:`view` makes a :class:`PlayerView`.

>>> from ena_rules import load_variant, new_game, apply
>>> from ena_rules.rules.chance import deal_event
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> s = apply(s, deal_event(s, seed=3)).state
>>> v = view(s, "bor")
>>> len(v.hand), v.hand_sizes
(7, (('ana', 7), ('bor', 7)))
"""

from __future__ import annotations

from ..cards.notation import color_name
from ..errors import EventError
from ..game import guards
from ..game.names import player_name
from ..game.state import GameState
from ..game.view import PlayerView
from . import sight
from .unseen import forget

__all__ = ["PlayerView", "view"]


def view(state: GameState, player: str) -> PlayerView:
    """The view of ``player``: own hand, others' hand sizes, the table, a hand shown to them;
    on a two-sided deck the other side of the others' cards and of the draw pile's top card
    (FLIP2-SIGHT).

    ``legal_events(view(state, player))`` lists what that player may do now, from the view
    alone (its :attr:`PlayerView.state`, a partial state).
    """

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
    # HR-BLIND-DRAW: a card drawn blind is among the unseen ones (whatever the seen cards equal)
    drawn = s.drawn if s.turn == seat and s.drawn not in unseen else None
    shown_to_all = sight.open_hands(s, seat)
    return PlayerView(
        player=player,
        hand=hand,
        hand_sizes=tuple((p, len(h)) for p, h in zip(s.players, hands, strict=True)),
        top=s.top,
        color=color_name(s.color) if s.color else None,
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
        backs=sight.backs(s, seat),  # FLIP2-SIGHT
        pile_back=sight.pile_back(s),
        state=forget(s, keep=(seat, *(s.players.index(p) for p, _ in shown_to_all)), viewer=seat),
    )
