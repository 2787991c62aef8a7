"""The fixed action space of a variant: one integer per move a player may ever make.

Every seat has the same ``Discrete(layout.size)`` space. A card kind is one action, or one per
colour for a wild (the colour it names), or one per other seat for a hand swap (its target);
then draw, pass, call UNO, a catch of each other seat, challenge, naming the colour of a
turned-up wild, and ``wait`` (let an out-of-turn chance go by). Other seats are *relative*:
seat ``+k`` is the player ``k`` seats clockwise (further along the list of players), so the
same action means the same move from every seat. The space is sized for the most seats the
variant allows (at most 10), so it does not change with the number of players; actions naming
a seat that is not at the table are never legal. A card action is a ``Play`` on the player's
turn and an ``Overtake`` out of turn (a jump-in): the referee decides which one is legal.

>>> from ena_rules import load_variant
>>> layout = ActionLayout(load_variant("official"))
>>> layout.size, layout.name(0), layout.name(layout.index("draw"))
(78, 'play R0', 'draw')
>>> layout.name(layout.index("play", card="W", color="green"))
'play W naming green'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import attrs

from ..cards import Card, parse_card
from ..errors import EnaRulesError
from ..game.events import CallUno, Challenge, ChooseColor, Draw, Event, Overtake, Pass, Play
from ..variant import Variant

__all__ = ["MAX_SEATS", "Action", "ActionLayout", "card_kinds"]

#: The most players the environment seats (the variant's own maximum may be lower).
MAX_SEATS = 10

_CARD_MOVES = (Play, Overtake)

ActionKey = tuple[str, Card | None, str | None, int]
"""(kind, card, colour name, relative seat): 0 where no seat is named."""


@attrs.frozen
class Action:
    """One action of the layout: what kind of move, with which card, colour or seat."""

    index: int
    kind: str
    """``play``, ``draw``, ``pass``, ``uno``, ``catch``, ``challenge``, ``color`` or ``wait``."""
    card: Card | None = None
    color: str | None = None
    """The colour named (a wild's, or the turned-up wild's), as its name (``red``)."""
    seat: int = 0
    """The seat named, relative to the player (``+k``: ``k`` seats clockwise); 0 for none."""

    @property
    def name(self) -> str:
        """The action in words: ``play W naming red``, ``catch seat+2``, ``wait``."""
        words = {"uno": "call UNO", "color": "name"}.get(self.kind, self.kind)
        if self.card is not None:
            words += f" {self.card}"
        if self.kind == "catch":
            words += f" seat+{self.seat}"
        elif self.seat:
            words += f" targeting seat+{self.seat}"
        if self.color is not None:
            words += f" {self.color}" if self.kind == "color" else f" naming {self.color}"
        return words


def card_kinds(variant: Variant) -> tuple[Card, ...]:
    """The distinct cards of the variant's deck, in the deck's canonical order.

    >>> from ena_rules import load_variant
    >>> kinds = card_kinds(load_variant("official"))
    >>> len(kinds), str(kinds[0]), str(kinds[-1])
    (54, 'R0', 'W+4')
    """
    cards = variant.cards
    if variant.two_sided:  # FLIP2-SIDE: a card may show either face
        cards = (*cards, *(c.flipped for c in cards))
    return tuple(dict.fromkeys(cards))


def _ops(variant: Variant, card: Card) -> set[str]:
    return {e.op for e in variant.rank_of(card).effects}


class ActionLayout:
    """The actions of a variant, for ``seats`` seats at most (default: the variant's maximum,
    at most :data:`MAX_SEATS`); :meth:`index` finds one, :meth:`of_event` maps an event.

    >>> from ena_rules import load_variant
    >>> party = ActionLayout(load_variant("party"))
    >>> party.name(party.index("play", card="R7", seat=2))
    'play R7 targeting seat+2'
    """

    def __init__(self, variant: Variant, seats: int | None = None) -> None:
        self.variant = variant
        self.seats = min(variant.players.max, MAX_SEATS) if seats is None else seats
        if not 2 <= self.seats <= MAX_SEATS:
            raise EnaRulesError(f"seats: {self.seats}: the layout takes 2 to {MAX_SEATS} seats")
        self.kinds = card_kinds(variant)
        self.colors = tuple(variant.color_word(c) for c in variant.all_colors)
        actions = list(self._generate())
        self.actions: tuple[Action, ...] = tuple(
            attrs.evolve(a, index=i) for i, a in enumerate(actions)
        )
        self.size = len(self.actions)
        self._index: dict[ActionKey, int] = {
            (a.kind, a.card, a.color, a.seat): a.index for a in self.actions
        }
        self.wait = self._index[("wait", None, None, 0)]
        # event_index's tables, keyed by what an event carries
        self._play: dict[tuple[Card, str | None, int], int] = {
            (a.card, a.color, a.seat): a.index for a in self.actions if a.card is not None
        }
        self._plain: dict[Card, int] = {  # a card played without a colour or a target
            card: index
            for (card, color, seat), index in self._play.items()
            if color is None and seat == 0
        }
        self._catch = {a.seat: a.index for a in self.actions if a.kind == "catch"}
        self._uno = self._index[("uno", None, None, 0)]
        self._named = {a.color: a.index for a in self.actions if a.kind == "color"}
        self._simple: dict[type, int] = {
            Draw: self._index[("draw", None, None, 0)],
            Pass: self._index[("pass", None, None, 0)],
            Challenge: self._index[("challenge", None, None, 0)],
        }

    def _generate(self) -> Iterator[Action]:
        others = range(1, self.seats)
        for card in self.kinds:
            ops = _ops(self.variant, card)
            colors: Sequence[str | None] = self.colors if "choose_color" in ops else (None,)
            seats: Sequence[int] = others if "swap_hands" in ops else (0,)
            for color in colors:
                for seat in seats:
                    yield Action(0, "play", card, color, seat)
        yield Action(0, "draw")
        yield Action(0, "pass")
        yield Action(0, "uno")
        for seat in others:
            yield Action(0, "catch", seat=seat)
        yield Action(0, "challenge")
        for color in self.colors:
            yield Action(0, "color", color=color)
        yield Action(0, "wait")

    def index(
        self, kind: str, *, card: str | Card | None = None, color: str | None = None, seat: int = 0
    ) -> int:
        """The index of an action (``EnaRulesError`` if the layout has none such).

        >>> from ena_rules import load_variant
        >>> ActionLayout(load_variant("ena")).index("catch", seat=1)
        63
        """
        code = parse_card(card) if isinstance(card, str) else card
        found = self._index.get((kind, code, color, seat))
        if found is None:
            raise EnaRulesError(
                f"no action {kind!r} (card {card}, colour {color}, seat {seat}) "
                f"in the action layout of {self.variant.name!r}"
            )
        return found

    def name(self, index: int) -> str:
        """The action ``index`` in words."""
        return self.actions[index].name

    def of_event(self, event: Event, players: Sequence[str]) -> int | None:
        """The action of a player event, ``None`` for one the layout cannot express (several
        cards at once, HR-MULTI-PLAY; a chance event).

        >>> from ena_rules import load_variant
        >>> layout = ActionLayout(load_variant("crazy"))
        >>> layout.name(layout.of_event(Play("b", "Y7", target="a"), ["a", "b", "c"]))
        'play Y7 targeting seat+2'
        >>> layout.of_event(CallUno("b", target="c"), ["a", "b", "c"])
        95
        """
        return self.event_index(event, {p: i for i, p in enumerate(players)})

    def event_index(self, event: Event, seats: Mapping[str, int]) -> int | None:
        """:meth:`of_event` with the players as a map of name to seat (the environment keeps
        one per table, so no list is searched per event).

        >>> from ena_rules import load_variant
        >>> layout = ActionLayout(load_variant("crazy"))
        >>> layout.name(layout.event_index(CallUno("b", target="a"), {"a": 0, "b": 1, "c": 2}))
        'catch seat+2'
        """
        if isinstance(event, _CARD_MOVES):  # most events (a tuple: cheaper than a union)
            if isinstance(event, Play) and event.more:
                return None
            target, color = event.target, event.color
            if target is None:
                if color is None:
                    return self._plain.get(event.card)
                return self._play.get((event.card, color, 0))
            seat = (seats[target] - seats[event.player]) % len(seats)
            return self._play.get((event.card, color, seat))
        if isinstance(event, CallUno):
            target = event.target
            if target is None or target == event.player:
                return self._uno
            return self._catch.get((seats[target] - seats[event.player]) % len(seats))
        if isinstance(event, ChooseColor):
            return self._named.get(event.color)
        return self._simple.get(type(event))
