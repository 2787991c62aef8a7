"""The consistency check of a state that comes from outside (a position, JSON data).

A state made by the engine is consistent by construction; one parsed from a position
(:func:`~ena_rules.game.position.parse_position`) or structured from JSON by the converter
(:func:`~ena_rules.game.convert.structure_state`) is checked here first, so that a state that
parses is a state :func:`~ena_rules.apply` and :func:`~ena_rules.legal_events` accept:
seats inside the table, a hand per player once dealt, a top card to play on, a pending draw
in the phase that owes it, cards the variant's deck has...
Each fault raises :class:`~ena_rules.PositionError` naming the field.

>>> from ena_rules import load_variant
>>> from ena_rules.game.state import GameState
>>> check_state(GameState(load_variant("official"), ("ana", "bor"), "play", scores=(0, 0)))
Traceback (most recent call last):
...
ena_rules.errors.PositionError: dealer: phase 'play' needs a dealer
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..cards import Card
from ..errors import PositionError
from ..variant import Variant
from .state import PHASES, GameState

__all__ = ["check_state"]

#: Phases in which the round has been dealt: a hand per player and a discard pile.
_DEALT = ("color", "play", "drawn", "owe")
#: Cards of a hand an error message shows (the rest counted).
_SHOWN = 12


def _fail(field: str, message: str) -> PositionError:
    return PositionError(f"{field}: {message}")


def check_state(s: GameState) -> None:
    """Raise :class:`PositionError` naming the first field that the engine could not accept."""
    n = len(s.players)
    _check_players(s)
    if s.phase not in PHASES:
        raise _fail("phase", f"unknown phase {s.phase!r}; expected one of {', '.join(PHASES)}")
    if len(s.scores) != n or any(x < 0 for x in s.scores):
        raise _fail("scores", f"{len(s.scores)} scores for {n} players, each at least 0")
    _check_seats(s, n)
    _check_numbers(s)
    _check_cards(s, n)
    _check_phase(s, n)
    _check_windows(s, n)


def _check_players(s: GameState) -> None:
    v, names = s.variant, s.players
    if any(not name or not isinstance(name, str) for name in names) or len(set(names)) != len(
        names
    ):
        raise _fail("players", f"{list(names)!r}: players are distinct non-empty names")
    out = s.out  # NM-MERCY, HR-ELIMINATION: the players taken out are no longer seated
    if len(set(out)) != len(out) or set(out) & set(names) or not all(out):
        raise _fail("out", f"{list(out)!r}: distinct names of players no longer seated")
    low = v.players.min
    if v.scoring.elimination != "off" or v.mercy.limit:
        # D-ELIMINATION-FINAL (HR-ELIMINATION), D-NM-MERCY-SEATS (NM-MERCY): the seats shrink
        # as players leave; the game's final state holds its winner alone
        low = 1 if s.phase == "over" else min(low, 2)
    if not low <= len(names) <= v.players.max:
        raise _fail(
            "players",
            f"{len(names)} players: variant {v.name!r} allows {v.players.min} to {v.players.max}",
        )


def _seat(field: str, value: int | None, n: int) -> None:
    if value is not None and not 0 <= value < n:
        raise _fail(field, f"seat {value} is outside 0..{n - 1}")


def _check_seats(s: GameState, n: int) -> None:
    for field in ("turn", "dealer", "last_player", "winner"):
        _seat(field, getattr(s, field), n)
    for field in ("uno_exposed", "out_called", "cutters"):
        seats = getattr(s, field)
        for x in seats:
            _seat(field, x, n)
        if len(set(seats)) != len(seats):
            raise _fail(field, f"{list(seats)!r}: a seat appears twice")


def _check_numbers(s: GameState) -> None:
    if s.direction not in (1, -1):
        raise _fail("direction", f"{s.direction!r}: expected 1 or -1")
    for field in ("round", "shuffles"):
        if getattr(s, field) < 0:
            raise _fail(field, f"{getattr(s, field)}: expected at least 0")
    if not 0 <= s.seed < 1 << 64:
        raise _fail("seed", f"{s.seed}: expected 0 to 2**64 - 1")


def _cards(s: GameState) -> Iterable[tuple[str, Card]]:
    for hand in s.hands:
        for c in hand:
            yield "hands", c
    for field in ("draw_pile", "discard"):
        for c in getattr(s, field):
            yield field, c


def _check_cards(s: GameState, n: int) -> None:
    v = s.variant
    if s.hands and len(s.hands) != n:
        raise _fail("hands", f"{len(s.hands)} hands for {n} players")
    if s.side not in (0, 1) or (s.side and not v.two_sided):
        raise _fail("side", f"{s.side!r}: expected 0{' or 1' if v.two_sided else ''} (FLIP2-SIDE)")
    for field, card in _cards(s):  # a hand-made position may hold more copies than a deck
        if not v.in_deck(card):
            raise _fail(field, f"{card} is not a card of the {v.name} deck")
        if v.two_sided and not v.shows_side(card, s.side):
            raise _fail(
                field, f"{card} shows its other face: the {v.side_name(s.side)} side is in play"
            )
    if s.color is not None and s.color not in s.colors:
        raise _fail("color", f"{s.color!r} is not a colour of the {v.name} deck")
    if s.drawn is not None and not v.in_deck(s.drawn):
        raise _fail("drawn", f"{s.drawn} is not a card of the {v.name} deck")
    _check_blind(s, n)


def _check_blind(s: GameState, n: int) -> None:
    """HR-BLIND-DRAW: the unseen cards, per seat, are the last cards of that seat's hand (drawn
    last; ``blind`` names them by value, so only their places say which copies they are, and
    the view's order of the seen cards must not depend on them)."""
    if not s.blind:
        return
    if len(s.blind) != n or len(s.hands) != n:
        raise _fail("blind", f"{len(s.blind)} sets of unseen cards for {n} players")
    for i, unseen in enumerate(s.blind):
        hand = s.hands[i]
        if Counter(unseen) - Counter(hand):
            raise _fail("blind", f"seat {i}: unseen cards {_capped(unseen)} not all held")
        if unseen and Counter(hand[len(hand) - len(unseen) :]) != Counter(unseen):
            raise _fail(
                "blind",
                f"seat {i}: unseen cards {_capped(unseen)} are not the last cards of the hand "
                f"{_capped(hand)}: cards drawn blind are drawn last",
            )


def _capped(cards: tuple[Card, ...]) -> str:
    shown = " ".join(map(str, cards[:_SHOWN]))
    return shown + (f" ... ({len(cards)} cards)" if len(cards) > _SHOWN else "")


def _check_phase(s: GameState, n: int) -> None:
    p = s.phase
    if p == "cut" and (not s.cutters or len(s.cut_values) != n or s.dealer is not None):
        raise _fail(
            "cutters", "phase 'cut' needs the seats still cutting, a value per seat, no dealer"
        )
    if p != "cut" and s.dealer is None:
        raise _fail("dealer", f"phase {p!r} needs a dealer")
    if p in _DEALT:
        if len(s.hands) != n:
            raise _fail("hands", f"phase {p!r} needs a hand for each of the {n} players")
        if not s.discard:
            raise _fail("discard", f"phase {p!r} needs a top card on the discard pile")
    if (p == "over") != (s.winner is not None):
        raise _fail("winner", "a game is over exactly when it has a winner")
    if (p == "owe") != (s.pending is not None):
        raise _fail("pending", "a pending draw is owed exactly in phase 'owe'")
    if (p == "drawn") != (s.drawn is not None):
        raise _fail("drawn", "a drawn card is held exactly in phase 'drawn'")
    if s.drawn is not None and s.drawn not in s.hands[s.turn]:
        raise _fail("drawn", f"{s.drawn} is not in the hand of the player due")
    if p == "color" and s.color is not None:
        raise _fail("color", "in phase 'color' the colour is still to be named")


def _owes_no_count(v: Variant, rank: str) -> bool:
    """A pending of ``rank`` owes no count: a skip that may be passed on (MAU-EIGHT-ANSWER,
    ``stacking.skip_answer``) or a draw to a colour the victim names first (DRAW-COLOR,
    ``draw_color.chooser = "victim"``: No Mercy's Color Roulette)."""
    return bool(v.skip_answers(rank)) or _to_color(v, rank)


def _check_windows(s: GameState, n: int) -> None:
    v = s.variant
    pending = s.pending
    if pending is not None:
        _seat("pending", pending.victim, n)
        _seat("pending", pending.after, n)
        known = v.has_rank(pending.rank)
        least = 0 if known and _owes_no_count(v, pending.rank) else 1
        if pending.victim != s.turn or pending.count < least or not known:
            raise _fail(
                "pending",
                "owed by the player due, at least 1 card (a pending skip or a draw to a colour "
                "still to be named: none), of a rank of the deck",
            )
    c = s.challenge
    if c is not None:
        _seat("challenge", c.offender, n)
        _seat("challenge", c.victim, n)
        least = 0 if s.pending is not None and _to_color(v, s.pending.rank) else 1  # FLIP2-WDC
        if s.phase != "owe" or c.count < least or c.prev_color not in (None, *s.colors):
            raise _fail("challenge", "open only in phase 'owe', with a count and a colour")
    r = s.reveal
    if r is not None:
        _seat("reveal", r.viewer, n)
        _seat("reveal", r.owner, n)
        if any(not v.in_deck(card) for card in r.cards):
            raise _fail("reveal", "the shown hand holds a card not in the deck")
    res = s.last_round
    if res is not None:
        _seat("last_round", res.winner, n)
        if len(res.points) != n or any(x < 0 for x in res.points):
            raise _fail("last_round", f"{len(res.points)} points for {n} players, each at least 0")


def _to_color(v: Variant, rank: str) -> bool:
    """A rank whose draw is until a colour (DRAW-COLOR): it may be owed as 0 cards."""
    return v.has_rank(rank) and any(e.op == "draw_until_color" for e in v.rank(rank).effects)
