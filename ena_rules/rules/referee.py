"""The referee's entry points: :func:`apply`, :func:`legal_events`, :func:`new_game`.

``apply(state, event)`` never raises for a rules question: it judges the event
(:mod:`~ena_rules.rules.judgement`) and returns a :class:`~ena_rules.game.verdict.Verdict` that is
accepted, penalised or rejected, naming the clause and the variant key it applied.
``legal_events(state)`` lists every event ``apply`` would accept now, for every player; it
keeps the candidates the same judges accept, so the two never disagree.

>>> from ena_rules import load_variant, new_game, Deal, Draw
>>> from ena_rules.rules.chance import deal_event
>>> s = new_game(load_variant("official"), ["ana", "bor", "cene"], dealer="ana")
>>> s = apply(s, deal_event(s, seed=7)).state
>>> s.phase, len(s.hands[1])
('play', 7)
>>> all(apply(s, e).accepted for e in legal_events(s))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..errors import EventError
from ..game import guards
from ..game.events import Event, PlayerEvent
from ..game.guards import EVENT_TYPES as _EVENT_TYPES
from ..game.names import player_name
from ..game.state import GameState
from ..game.verdict import Verdict
from ..game.view import PlayerView
from ..variant import Variant
from . import clock
from .dispatch import apply_untimed, judge, legal

__all__ = ["apply", "canonical_deck", "judge", "legal_events", "new_game", "who_may_act"]


def canonical_deck(variant: Variant) -> tuple[Card, ...]:
    """The variant's deck in canonical order: per colour the coloured ranks, then the wilds
    (DECK-DECLARE: No Mercy's 168 cards, NM-DECK, are ``deck.colored`` and ``deck.wild`` too).

    >>> from ena_rules import load_variant
    >>> len(canonical_deck(load_variant("official")))
    108
    """
    guards.check_variant("canonical_deck", variant)
    return variant.cards


def new_game(variant: Variant, players: Sequence[str], *, dealer: str | None = None) -> GameState:
    """A new game: seats clockwise in ``players``; without ``dealer`` the game starts with the cut.

    >>> from ena_rules import load_variant
    >>> new_game(load_variant("ena.toml"), ["ana", "bor"]).phase
    'cut'
    """
    guards.check_new_game(variant, players, dealer)
    names = tuple(player_name(p) for p in players)  # NFC: one spelling of each name
    dealer = None if dealer is None else player_name(dealer)
    if not all(isinstance(p, str) and p for p in names) or len(set(names)) != len(names):
        raise EventError(f"{list(players)!r}: players must be distinct non-empty names")
    if not variant.players.min <= len(names) <= variant.players.max:
        raise EventError(
            f"{len(names)} players: variant {variant.name!r} allows {variant.players.min} to "
            f"{variant.players.max} (players.min, players.max; SETUP-PLAYERS)"
        )
    if variant.players.teams != "off" and len(names) % 2:  # HR-TEAMS: partners sit opposite
        raise EventError(
            f"{len(names)} players: variant {variant.name!r} plays in partnerships "
            f'(players.teams = "{variant.players.teams}"), which needs an even number (HR-TEAMS)'
        )
    n = len(names)
    if dealer is None:
        return GameState(
            variant=variant,
            players=names,
            phase="cut",
            scores=(0,) * n,
            cutters=tuple(range(n)),
            cut_values=(None,) * n,
        )
    if dealer not in names:
        raise EventError(f"{dealer!r}: the dealer must be one of the players {list(names)!r}")
    return GameState(
        variant=variant, players=names, phase="deal", scores=(0,) * n, dealer=names.index(dealer)
    )


def apply(state: GameState | PlayerView, event: Event, *, took: float | None = None) -> Verdict:
    """Judge ``event`` in ``state``: accepted, penalised or rejected, with the rule it applied.

    A rejected verdict carries the unchanged state. Raises :class:`EventError` only for a value
    that is not an event at all. On a partial state (unknown cards: a table record, a player's
    view, :mod:`~ena_rules.rules.unseen`) a ruling that needs a card nobody saw is
    ``undetermined``, with the verdict of each reading in ``alternatives``.

    ``took``: the seconds since the turn began, as the caller measured them (HR-TIME-LIMIT,
    ``time.limit``; :class:`~ena_rules.rules.clock.TurnClock` works them out from a log's
    times). ``None``, the default, is a move not timed: :func:`legal_events` lists the moves
    accepted in time, and a move judged late is penalised whatever it is.
    """
    if type(state) is GameState and type(event) in _EVENT_TYPES:  # the usual call: checked
        s = state
    else:
        s = _as_state(state)
        guards.check_apply(s, event)
    if took is not None:
        guards.check_took(took)
        return clock.apply_timed(s, event, took, apply_untimed)
    return apply_untimed(s, event)


def _as_state(state: GameState | PlayerView) -> GameState:
    """A player's view is used as the partial state it holds (its ``state``)."""
    if isinstance(state, PlayerView) and state.state is not None:
        return state.state
    return state  # type: ignore[return-value]  # anything else: the guards name it


def legal_events(state: GameState | PlayerView) -> tuple[PlayerEvent, ...]:
    """Every event :func:`apply` would accept now, for every player (out-of-turn ones too).

    On a player's view (:func:`~ena_rules.rules.view`, or a state :func:`forget` made for a viewer):
    what that player may do now, from the same rules. On a partial state only events whose
    legality the visible facts decide are listed (applied, each is accepted or undetermined).

    Chance (the cut and the deal) is not listed: at those points the tuple is empty and the
    caller supplies a :class:`Cut` or :class:`Deal` (see :mod:`ena_rules.rules.chance`).
    """
    if type(state) is GameState:  # the usual call: checked
        s = state
    else:
        s = _as_state(state)
        guards.check_state("legal_events", s)
    if s.viewer is not None:  # a player's view: that player's events only
        mine = s.players[s.viewer]
        return tuple(e for e in legal(s) if e.player == mine)
    return legal(s)


def who_may_act(state: GameState | PlayerView) -> tuple[str, ...]:
    """The names of the players who may act now: the player due first, if they may, then each
    player with an out-of-turn move (an overtake, an UNO call or catch, a challenge) in seat
    order. A player's view answers for its viewer only (``()`` or their name).

    Each of them may send a move at once; ``legal_events(view(state, name))`` lists that
    player's own. Empty at a cut or a deal (chance: see :mod:`ena_rules.rules.chance`) and
    when the game is over.

    >>> from ena_rules import Play, load_variant, view
    >>> from ena_rules.testing import start_round
    >>> s = start_round(load_variant("ena"), ["ana", "bor", "cene"], dealer="ana",
    ...                 hands=[["R9"], ["R9", "G2"], []], turned="R5")
    >>> s = apply(s, Play("bor", "R9")).state
    >>> who_may_act(s)                       # cene is due; ana may overtake with her R9
    ('cene', 'ana')
    >>> who_may_act(view(s, "ana")), who_may_act(view(s, "bor"))
    (('ana',), ())
    """
    acting = {e.player for e in legal_events(state)}
    s = _as_state(state)
    first = (s.due,) if s.due in acting else ()
    return (*first, *(name for name in s.players if name in acting and name != s.due))
