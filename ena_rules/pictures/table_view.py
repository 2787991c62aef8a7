"""What a picture of the table shows: every hand (the arbiter) or one player's view.

A :class:`TableView` is the drawing's data, shared by the SVG pictures
(:mod:`ena_rules.pictures.svg`) and the HTML replay (:mod:`ena_rules.pictures.replay_html`): each
seat's cards, where ``None`` stands for a card whose face this view does not show (drawn as a
card back), the top card, the colour in force, the direction, what is owed and which windows
are open, and the scores.

>>> from ena_rules import load_variant, new_game, apply
>>> from ena_rules.rules.chance import deal_event
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> s = apply(s, deal_event(s, seed=3)).state
>>> t = table_view(s, "bor")
>>> [seat.count for seat in t.seats], t.seats[0].cards[0], t.seats[1].cards[0] is None
([7, 7], None, False)
"""

from __future__ import annotations

from typing import Any

import attrs

from ..cards import Card
from ..cards.notation import color_name
from ..errors import typed_arguments
from ..game.state import GameState
from ..game.view import PlayerView
from ..rules.unseen import open_points
from ..rules.view import view

__all__ = ["SeatView", "TableView", "public_windows", "table_from_view", "table_view"]

_DOING = {
    "play": "plays or draws",
    "drawn": "plays the drawn card or passes",
    "owe": "draws what is owed, or answers it",
    "color": "names the colour",
}


@attrs.frozen
class SeatView:
    """One seat as a view shows it: ``None`` in ``cards`` is a card shown face down."""

    name: str
    cards: tuple[Card | None, ...]
    due: bool = False
    dealer: bool = False
    catchable: bool = False
    backs: tuple[Card, ...] = ()
    """FLIP2-SIGHT (a two-sided deck): the other side of each card, seen by the viewer; empty
    when the view shows none (a one-sided deck, the viewer's own hand, the arbiter's table)."""

    @property
    def count(self) -> int:
        """How many cards the seat holds."""
        return len(self.cards)


@attrs.frozen
class TableView:
    """The table at one moment, as the arbiter (``viewer`` ``None``) or one player sees it."""

    seats: tuple[SeatView, ...]
    viewer: str | None
    phase: str
    rounds_done: int
    top: Card | None
    color: str | None
    direction: str
    draw_pile: int
    windows: tuple[str, ...] = ()
    pending: int = 0
    drawn: Card | None = None
    shown: tuple[str, tuple[Card, ...]] | None = None
    scores: tuple[tuple[str, int], ...] = ()
    last_round: tuple[str, tuple[tuple[str, int], ...]] | None = None
    open_points: tuple[str, ...] = ()
    """A table record: the players whose last-round points count cards nobody saw as 0."""
    side: str = ""
    """FLIP2-SIDE: a two-sided deck's side in play (``light``, ``dark``); empty otherwise."""
    pile_back: Card | None = None
    """FLIP2-SIGHT: the other side of the draw pile's top card, as a player's view shows it."""

    @property
    def status(self) -> str:
        """Whose turn it is and what they do, in words."""
        due = next((s.name for s in self.seats if s.due), None)
        if self.phase == "over":
            return "the game is over"
        if self.phase == "deal":
            if not self.rounds_done:
                return "the first deal is due"
            return f"round {self.rounds_done} is over: the next deal is due"
        if self.phase == "cut":
            return "the players cut for the dealer"
        if due is None:
            return self.phase
        return f"{due} {_DOING.get(self.phase, self.phase)}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data; a card is its code, a face-down card ``null``."""

        def code(c: Card | None) -> str | None:
            return None if c is None else str(c)

        def seat(s: SeatView) -> dict[str, Any]:
            out: dict[str, Any] = {
                "name": s.name,
                "cards": [code(c) for c in s.cards],
                "count": s.count,
                "due": s.due,
                "dealer": s.dealer,
                "catchable": s.catchable,
            }
            if s.backs:  # FLIP2-SIGHT: a two-sided deck's other sides, seen
                out["backs"] = [str(c) for c in s.backs]
            return out

        sight = {} if self.pile_back is None else {"pile_back": str(self.pile_back)}
        return {
            "viewer": self.viewer,
            "phase": self.phase,
            "status": self.status,
            "rounds_done": self.rounds_done,
            "seats": [seat(s) for s in self.seats],
            "top": code(self.top),
            "side": self.side,
            "color": self.color,
            "direction": self.direction,
            "draw_pile": self.draw_pile,
            "pending": self.pending,
            "windows": list(self.windows),
            "drawn": code(self.drawn),
            "shown": None
            if self.shown is None
            else {"owner": self.shown[0], "cards": [str(c) for c in self.shown[1]]},
            "scores": [[n, p] for n, p in self.scores],
            "last_round": None
            if self.last_round is None
            else {"winner": self.last_round[0], "points": [[n, p] for n, p in self.last_round[1]]},
            "open_points": list(self.open_points),
            **sight,
        }


@typed_arguments
def public_windows(state: GameState, *, arbiter: bool = True) -> tuple[str, ...]:
    """The open windows and owed draws in words; ``arbiter`` adds what only the referee knows.

    >>> from ena_rules import load_variant, new_game
    >>> public_windows(new_game(load_variant("official"), ["ana", "bor"], dealer="ana"))
    ()
    """
    s, names = state, state.players
    out: list[str] = []
    if s.pending is not None:
        p = s.pending
        out.append(
            f"{names[p.victim]} owes {p.count} cards ({p.rank}): draw them, or answer "
            "(stack or challenge, where the rules allow)"
        )
    if s.challenge is not None:
        c = s.challenge
        top = f"'s {s.top}" if s.top is not None else ""
        text = f"challenge window: {names[c.victim]} may challenge {names[c.offender]}{top}"
        if arbiter:
            text += " (the play was illegal)" if c.guilty else " (the play was legal)"
        out.append(text)
    if s.overtake_open and s.top is not None:
        out.append(f"overtake window: a player holding a {s.top} may play it out of turn")
    if s.uno_exposed:
        who = ", ".join(names[x] for x in s.uno_exposed)
        out.append(f"UNO window: {who} may be caught (one card, no call)")
    if s.phase == "drawn" and s.drawn is not None and s.due is not None:
        card = str(s.drawn) if arbiter else "a playable card"
        out.append(f"{s.due} drew {card}: play it or pass")
    if arbiter and s.reveal is not None:
        r = s.reveal
        out.append(f"{names[r.owner]}'s hand is shown to {names[r.viewer]}")
    return tuple(out)


def _last_round(state: GameState) -> tuple[str, tuple[tuple[str, int], ...]] | None:
    r = state.last_round
    if r is None:
        return None
    return state.players[r.winner], tuple(zip(state.players, r.points, strict=True))


def _open_points(state: GameState) -> tuple[str, ...]:
    return tuple(state.players[i] for i in sorted(open_points(state.variant, state.last_round)))


@typed_arguments
def table_view(state: GameState, player: str | None = None) -> TableView:
    """The table as the arbiter sees it (every hand), or as ``player`` does (:func:`view`).

    >>> from ena_rules import load_variant, new_game
    >>> table_view(new_game(load_variant("official"), ["ana", "bor"], dealer="ana")).status
    'the first deal is due'
    """
    if player is not None:
        seen = table_from_view(view(state, player), windows=public_windows(state, arbiter=False))
        return attrs.evolve(
            seen,
            rounds_done=state.round,
            last_round=_last_round(state),
            open_points=_open_points(state),
            side=_side(state),
        )
    s = state
    hands = s.hands or tuple(() for _ in s.players)
    seats = tuple(
        SeatView(
            name,
            tuple(hand),
            due=s.due == name,
            dealer=s.dealer == seat,
            catchable=seat in s.uno_exposed,
        )
        for seat, (name, hand) in enumerate(zip(s.players, hands, strict=True))
    )
    shown = None
    if s.reveal is not None:
        shown = (s.players[s.reveal.owner], s.reveal.cards)
    return TableView(
        seats=seats,
        viewer=None,
        phase=s.phase,
        rounds_done=s.round,
        top=s.top,
        color=color_name(s.color) if s.color else None,
        direction="clockwise" if s.direction == 1 else "counter-clockwise",
        draw_pile=len(s.draw_pile),
        windows=public_windows(s),
        pending=s.pending.count if s.pending else 0,
        drawn=s.drawn,
        shown=shown,
        scores=tuple(zip(s.players, s.scores, strict=True)),
        last_round=_last_round(s),
        open_points=_open_points(s),
        side=_side(s),
    )


def _side(state: GameState) -> str:
    """FLIP2-SIDE: the name of the side in play of a two-sided deck, else empty."""
    v = state.variant
    return v.side_name(state.side) if v.two_sided else ""


@typed_arguments
def table_from_view(v: PlayerView, *, windows: tuple[str, ...] = ()) -> TableView:
    """The table as one player's :class:`~ena_rules.game.view.PlayerView` shows it.

    Other players' cards are ``None`` (face down): the view holds only their counts, and on a
    two-sided deck the other side of each (``backs``, FLIP2-SIGHT), as of the draw pile's top.
    """
    backs = dict(v.backs)
    seats = tuple(
        SeatView(
            name,
            v.hand if name == v.player else (None,) * count,
            due=v.due == name,
            dealer=v.dealer == name,
            catchable=name in v.catchable,
            backs=backs.get(name, ()),  # the viewer's own seat is not among them
        )
        for name, count in v.hand_sizes
    )
    if not windows and v.pending:
        windows = (f"{v.due} owes {v.pending} cards",)
    return TableView(
        seats=seats,
        viewer=v.player,
        phase=v.phase,
        rounds_done=0,
        top=v.top,
        color=v.color,
        direction=v.direction,
        draw_pile=v.draw_pile_size,
        windows=windows,
        pending=v.pending,
        drawn=v.drawn,
        shown=v.shown_hand,
        scores=v.scores,
        pile_back=v.pile_back,
    )
