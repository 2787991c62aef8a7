"""A judgement of an event, and the checks every event shares.

Judging is pure: a judge looks at a state and an event and says **accept**, **mistake** (one
the variant punishes: it names the penalty key and what it costs) or **reject**, with the
variant key, the clause and the reason. :func:`ena_rules.apply` acts on the judgement;
:func:`ena_rules.legal_events` keeps the candidates judged ``accept``; so they never disagree.

>>> from ena_rules import load_variant, new_game, Draw
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> print(judge_common(s, Draw("ana")).reason)
the round has not been dealt yet: Draw(player='ana') cannot happen
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from ..cards import Card, color_from_name
from ..cards.notation import color_name, known_color
from ..game.events import Cut, Deal, Event
from ..game.phases import CHANCE_PHASES
from ..game.state import GameState
from ..variant import Variant
from ..variant.ops import card_needs
from .unknown import UNKNOWN, may_hold

__all__ = [
    "Judgement",
    "Kind",
    "accept",
    "card_args",
    "color_list",
    "deck_key",
    "judge_card",
    "judge_common",
    "not_held",
    "reject",
]

Kind = Literal["accept", "mistake", "reject"]


class Judgement:
    """What the rules say of one event, before anything is applied (a value: never changed).

    ``key``, ``clause`` (``None``: the variant's clause for ``key``) and ``reason`` name the
    rule that decided; the reason's words are built only when read (``legal_events`` judges
    many candidates and reads none). A ``mistake`` also carries its ``penalty`` key, the
    ``count`` of cards it costs (always more than 0: a mistake the variant does not punish is
    a ``reject``), the ``charge`` (the penalty note's words), whether the rule's own note
    follows it (``detail``) and whether the offender's turn passes (``passes_turn``,
    PEN-WRONG-OFF; ``turn_key`` is the key that says so: HR-TIME-LIMIT's ``time.late``).
    """

    __slots__ = (
        "_why",
        "charge",
        "clause",
        "count",
        "detail",
        "key",
        "kind",
        "passes_turn",
        "penalty",
        "turn_key",
    )

    def __init__(
        self,
        kind: Kind,
        key: str,
        why: str | Callable[[], str],
        clause: str | None = None,
        penalty: str = "",
        count: int = 0,
        charge: str = "",
        detail: bool = False,
        passes_turn: bool = False,
        turn_key: str = "penalties.wrong_card_turn",
    ) -> None:
        self.kind: Kind = kind
        self.key = key
        self._why = why
        self.clause = clause
        self.penalty = penalty
        self.count = count
        self.charge = charge
        self.detail = detail
        self.passes_turn = passes_turn
        self.turn_key = turn_key

    @property
    def reason(self) -> str:
        """The reason in words."""
        why = self._why
        return why if isinstance(why, str) else why()

    @property
    def accepted(self) -> bool:
        """True for a legal move."""
        return self.kind == "accept"

    def __repr__(self) -> str:
        return f"Judgement({self.kind!r}, {self.key!r}, {self.reason!r})"


def accept(key: str, reason: str, clause: str | None = None) -> Judgement:
    """A legal move, decided by ``key``."""
    return Judgement("accept", key, reason, clause)


def reject(key: str, reason: str | Callable[[], str], clause: str | None = None) -> Judgement:
    """An event that cannot happen here: the state stays as it was."""
    return Judgement("reject", key, reason, clause)


def cname(code: str | None) -> str:
    """A colour's name (``"no colour"`` for none)."""
    return color_name(code) if code and known_color(code) else "no colour"


def color_list(v: Variant) -> str:
    """The deck's colours in words: ``red, yellow, green or blue``."""
    names = [color_name(c) for c in v.deck.colors]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def deck_key(card: Card) -> str:
    """The deck key a card's copies are counted by: ``deck.colored`` or ``deck.wild``."""
    return "deck.colored" if card.color is not None else "deck.wild"


def judge_common(s: GameState, e: Event) -> Judgement | None:
    """The checks before any other, in this order (docs/events-and-verdicts.md): the game is
    over (SCORE-OFF, ``scoring.after_game``); a chance event is judged as chance (``None``); an
    unknown player (SETUP-PLAYERS, ``players.seated``); a player event before the deal
    (DEAL-SEVEN). ``None``: go on to the event's own judge."""
    if s.phase == "over":
        winner = s.players[s.winner or 0]
        return reject("scoring.after_game", f"the game is over ({winner} won): no event may follow")
    if isinstance(e, (Cut, Deal)):
        return None
    if e.player not in s.players:
        return reject(
            "players.seated", f"{e.player!r} is not a player of this game ({', '.join(s.players)})"
        )
    if s.phase in CHANCE_PHASES:
        return reject(
            "deal.hand_size", f"the round has not been dealt yet: {e!r} cannot happen", "DEAL-SEVEN"
        )
    return None


def card_args(
    s: GameState, card: Card, color: str | None, target: str | None
) -> tuple[str | None, int | None]:
    """The colour code and the target seat a card event names (checked by :func:`judge_card`)."""
    code = None if color is None else color_from_name(color)
    return code, None if target is None else s.players.index(target)


def judge_card(
    s: GameState, seat: int, card: Card, color: str | None, target: str | None
) -> Judgement | None:
    """A card a player puts down (Play, Overtake): DECK-108 it is a card of the deck;
    ``turn.from_hand`` (TURN-MATCH) its player holds it; ACT-WILD a wild names one of the
    deck's colours and only a wild names one; HOUSE-SEVEN-ZERO a hand swap names another
    player and only a swap names one. ``None``: all is well."""
    v = s.variant
    if not v.has_rank(card.rank) or not v.in_deck(card):
        return reject(deck_key(card), f"{card} is not a card of the {v.name} deck")
    if card not in s.hands[seat]:
        if not s.partial:
            return reject("turn.from_hand", f"{s.players[seat]} does not hold {card}")
        if not may_hold(s, seat, card):  # a partial state: an unknown card may be this one
            return not_held(s, seat, card)
    chooses, swaps = card_needs(v.rank_of(card))
    effects = v.effects_key(card)
    code = None if color is None else color_from_name(color)
    if chooses and code is None:
        return reject(effects, f"{card} needs a colour: name {color_list(v)}", "ACT-WILD")
    if chooses and code not in v.deck.colors:
        return reject("deck.colors", f"{color} is not a colour of this deck", "ACT-WILD")
    if not chooses and code is not None:
        return reject(effects, f"{card} does not name a colour (drop color={color!r})", "ACT-WILD")
    if swaps and (target is None or target not in s.players or target == s.players[seat]):
        return reject(
            effects, f"{card} swaps hands: name another player as target", "HOUSE-SEVEN-ZERO"
        )
    if not swaps and target is not None:
        return reject(effects, f"{card} takes no target (drop target=)", "TURN-MATCH")
    return None


def not_held(s: GameState, seat: int, card: Card) -> Judgement:
    """The rejection of a card a hand cannot hold: not known in it, and no unknown card left
    or every copy of it in sight (DECK-108: the deck has only so many)."""
    name = s.players[seat]
    if not s.partial or UNKNOWN not in s.hands[seat]:
        return reject("turn.from_hand", f"{name} does not hold {card}")
    copies = s.variant.cards.count(card)
    return reject(
        deck_key(card),
        f"{name} cannot hold {card}: all {copies} of the deck's {card} are in sight",
    )
