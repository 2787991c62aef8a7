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

import attrs

from ..cards import Card, color_from_name
from ..cards.notation import color_name, known_color
from ..game.events import Cut, Deal, Event, Overtake, Play
from ..game.phases import CHANCE_PHASES
from ..game.state import GameState
from ..variant import Variant
from .unknown import deck_in_play, fits, is_unknown, may_hold, unseen, unseen_copies

__all__ = [
    "ALLOWED",
    "REFUSED",
    "Judgement",
    "Kind",
    "accept",
    "card_args",
    "color_list",
    "deck_key",
    "held_face",
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
        "accepted",
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
        self.accepted = kind == "accept"
        """True for a legal move."""
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
    def words(self) -> str | Callable[[], str]:
        """The reason as the judge gave it: the words, or the function that builds them (a
        note may keep it, to build the words only when read)."""
        return self._why

    def __repr__(self) -> str:
        return f"Judgement({self.kind!r}, {self.key!r}, {self.reason!r})"


def accept(key: str, reason: str, clause: str | None = None) -> Judgement:
    """A legal move, decided by ``key``."""
    return Judgement("accept", key, reason, clause)


def reject(key: str, reason: str | Callable[[], str], clause: str | None = None) -> Judgement:
    """An event that cannot happen here: the state stays as it was."""
    return Judgement("reject", key, reason, clause)


#: The refusal a check returns when asked yes or no only (``why=False``: ``legal_events``
#: judges every distinct card of a hand and reads no reason): no key, no words built.
REFUSED = Judgement("reject", "", "refused (asked yes or no only)")
#: Its answer of yes, where building the acceptance would cost words (a stacked card).
ALLOWED = Judgement("accept", "", "allowed (asked yes or no only)")


def cname(code: str | None) -> str:
    """A colour's name (``"no colour"`` for none)."""
    return color_name(code) if code and known_color(code) else "no colour"


def color_list(colors: tuple[str, ...]) -> str:
    """Colours in words: ``red, yellow, green or blue`` (the side in play's, FLIP2-COLORS)."""
    names = [color_name(c) for c in colors]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def deck_key(v: Variant, card: Card) -> str:
    """The deck key a card's copies are counted by: ``deck.colored`` or ``deck.wild``
    (``deck.pairs`` for a two-sided deck, FLIP2-DECK)."""
    if v.two_sided:
        return "deck.pairs"
    return "deck.colored" if card.color is not None else "deck.wild"


def held_face(s: GameState, e: Event) -> Event:
    """FLIP2-SIDE: on a two-sided deck a player names the face in play (``R1``): the event
    is the same with the physical card they hold showing it (``R1|P3``), the first such card
    of their hand (on a partial state, else the first unseen one the hand may hold, FLIP2-SIGHT);
    any other event is itself."""
    if not s.variant.two_sided or not isinstance(e, (Play, Overtake)) or e.card.other is not None:
        return e
    if e.player not in s.players:
        return e
    face = e.card
    hand = s.hands[s.players.index(e.player)]
    for c in hand:
        if c.rank == face.rank and c.color == face.color and c.other is not None:
            return attrs.evolve(e, card=c)
    if s.partial and any(is_unknown(c) for c in hand):  # a card nobody saw: an unseen one
        seat = s.players.index(e.player)
        showing = [c for c, n in unseen(s).items() if n > 0 and c.other and c.face == face]
        held = [c for c in showing if may_hold(s, seat, c)]  # FLIP2-SIGHT: its back fits
        drawn = s.drawn
        if s.phase == "drawn" and s.turn == seat and drawn is not None and is_unknown(drawn):
            held = [c for c in held if fits(drawn, c)] or held  # the drawn card, if it may be
        if held or showing:
            return attrs.evolve(e, card=(held or showing)[0])
    return e


def _wrong_side(s: GameState, seat: int, card: Card) -> Judgement | None:
    """FLIP2-SIDE: a card named by a face not in play, or held the wrong way round; FLIP2-DECK:
    a face no card of the deck has."""
    v = s.variant
    here, there = v.side_name(s.side), v.side_name(1 - s.side)
    if card.other is None:
        if card in {c.other if s.side == 0 else c.face for c in v.cards}:
            return reject(
                "deck.sides", f"{card} is a {there} face: the {here} side is in play", "FLIP2-SIDE"
            )
        if card in {c.face if s.side == 0 else c.other for c in v.cards}:
            return reject("turn.from_hand", f"{s.players[seat]} holds no card showing {card}")
        return (
            None
            if card.rank == "?"
            else reject("deck.pairs", f"{card} is not a card of the {v.name} deck")
        )
    if not v.shows_side(card, s.side):
        return reject(
            "deck.sides", f"{card} shows its {there} face: the {here} side is in play", "FLIP2-SIDE"
        )
    return None


def _taken_out(v: Variant, player: str) -> Judgement:
    """NM-MERCY, HR-ELIMINATION: an event of a player the game took out (``GameState.out``)."""
    if v.mercy.limit:
        return reject(
            "mercy.limit",
            f"{player} is out of the game: the mercy rule took them out when their hand "
            f"reached {v.mercy.limit} cards",
            "NM-MERCY",
        )
    return reject(
        "scoring.elimination",
        f"{player} is out of the game: eliminated at the end of a round ({v.scoring.elimination})",
        "HR-ELIMINATION",
    )


def judge_common(s: GameState, e: Event) -> Judgement | None:
    """The checks before any other, in this order (docs/events-and-verdicts.md): the game is
    over (SCORE-OFF, ``scoring.after_game``); a chance event is judged as chance (``None``); a
    player taken out (NM-MERCY ``mercy.limit``, HR-ELIMINATION ``scoring.elimination``); an
    unknown player (SETUP-PLAYERS, ``players.seated``); a player event before the deal
    (DEAL-SEVEN). ``None``: go on to the event's own judge."""
    if s.phase == "over":
        winner = s.players[s.winner or 0]
        return reject("scoring.after_game", f"the game is over ({winner} won): no event may follow")
    if isinstance(e, (Cut, Deal)):
        return None
    if e.player in s.out:
        return _taken_out(s.variant, e.player)
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
    if v.two_sided:
        wrong = _wrong_side(s, seat, card)
        if wrong is not None:
            return wrong
    kind = v.kinds.get(card)  # every card of the deck, on either side
    if kind is None:  # a rank the variant lacks, or a card the deck has no copy of
        return reject(deck_key(v, card), f"{card} is not a card of the {v.name} deck")
    if card not in s.hands[seat]:
        if not s.partial:
            return reject("turn.from_hand", f"{s.players[seat]} does not hold {card}")
        if not may_hold(s, seat, card):  # a partial state: an unknown card may be this one
            return not_held(s, seat, card)
    chooses, swaps, effects = kind.chooses, kind.swaps, kind.effects_key
    code = None if color is None else color_from_name(color)
    if chooses and code is None:
        return reject(effects, f"{card} needs a colour: name {color_list(s.colors)}", "ACT-WILD")
    if chooses and code not in s.colors:
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
    hand = s.hands[seat]
    if not s.partial or not any(is_unknown(c) for c in hand):
        return reject("turn.from_hand", f"{name} does not hold {card}")
    if card.other is not None and unseen_copies(s, card) > 0:
        return reject("deck.pairs", lambda: _backs_refuse(s, seat, card), "FLIP2-SIGHT")
    copies = deck_in_play(s).count(card)
    return reject(
        deck_key(s.variant, card),
        f"{name} cannot hold {card}: all {copies} of the deck's {card} are in sight",
    )


def _backs_refuse(s: GameState, seat: int, card: Card) -> str:
    """FLIP2-SIGHT in words: the card's other side is not among the backs seen in the hand,
    and any unknown card whose back nobody saw cannot be it either (:func:`may_hold`)."""
    name = s.players[seat]
    hand = s.hands[seat]
    backs = sorted({str(c.other) for c in hand if is_unknown(c) and c.other is not None})
    text = (
        f"{name} cannot hold {card}: every player sees the other side of {name}'s cards "
        f"({', '.join(backs) or 'none seen'}), and {card}'s other side, {card.other}, is not "
        "among them"
    )
    if any(c.rank == "?" and c.other is None for c in hand):
        text += f"; every unseen card with the other side {card.other} is seen in another place"
    return text
