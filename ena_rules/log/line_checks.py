"""What a line after the header must be, beyond its JSON: the reader's checks of a line's meaning.

:func:`read_line` turns a line's JSON object into its line type (an event, a round line, a
claim, an arbiter's line) and checks what the header fixes: the names are the log's players,
the cards are cards of its deck (:class:`LogDeck`), a round line carries what its header asks
for, a claim claims something. Each failure is a :class:`~ena_rules.log.line_json.LineProblem`.

>>> from ena_rules import load_variant
>>> from ena_rules.log.lines import Header
>>> header = Header(1, "official", ("ana", "bor"), seed=7)
>>> deck = LogDeck(load_variant("official"))
>>> read_line({"type": "play", "player": "ana", "card": "R9"}, header, deck)
Play(player='ana', card='R9', color=None, target=None)
>>> read_line({"type": "play", "player": "eve", "card": "R9"}, header, deck)
Traceback (most recent call last):
...
ena_rules.log.line_json.LineProblem: 'eve' is not a player of this log (ana, bor) @ $.player
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from ..cards import COLORS, Card
from ..game.events import CallUno, Overtake, Play
from ..rules.referee import canonical_deck
from ..variant import Variant
from . import convert as _conv
from .line_json import LineProblem
from .line_time import TIME_KEY, line_time
from .lines import DrawnClaim, Header, Imposed, Line, PenaltyClaim, RoundClaim, RoundStart
from .table_form import seen_fields

__all__ = ["LogDeck", "not_player", "read_line"]


class LogDeck:
    """The deck of a log's variant, as the reader checks cards and whole decks against it."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.counts: Counter[Card] = Counter(canonical_deck(variant))

    def check_deck(self, deck: tuple[Card, ...], path: str) -> None:
        """``deck`` is the whole deck, each card as many times as the variant has it."""
        got = Counter(deck)
        if got == self.counts:
            return
        missing = self.counts - got
        extra = got - self.counts
        raise LineProblem(
            f"the deck does not fit variant {self.variant.name!r} "
            f"({len(deck)} cards; missing: {', '.join(map(str, missing.elements())) or '-'}; "
            f"extra: {', '.join(map(str, extra.elements())) or '-'}): a deck lists the whole "
            f"{sum(self.counts.values())}-card deck, top first @ {path}"
        )

    def in_deck(self, card: Card, path: str) -> None:
        """``card`` is a card of the deck (or a face of one: FLIP2-SIDE)."""
        if card not in self.counts and not self.variant.has_face(card):
            raise LineProblem(
                f"{str(card)!r}: no such card in the {self.variant.name} deck @ {path}"
            )


def not_player(name: str, players: tuple[str, ...], what: str = "") -> str:
    """The words for a name that is not one of the log's players."""
    role = f" ({what})" if what else ""
    return f"{name!r}{role} is not a player of this log ({', '.join(players)})"


def read_line(
    obj: Any, header: Header | None, deck: LogDeck | None, variant: Variant | None = None
) -> Line:
    """A line after the header, read from its JSON object; with no usable ``header`` only the
    line's own form is checked. ``variant`` (``deck``'s by default) words a card code that does
    not parse."""
    if variant is None and deck is not None:
        variant = deck.variant
    try:
        extras = seen_fields(obj)  # what a table saw: a draw's cards, a shown hand, hands
        line_time(obj)  # the moment of the move (HR-TIME-LIMIT), its order checked later
        if isinstance(obj, dict) and (extras or TIME_KEY in obj):
            obj = {k: v for k, v in obj.items() if k not in extras and k != TIME_KEY}
        line = _conv.structure_line(obj)
    except _conv.FormatError as exc:
        raise LineProblem(_deck_words(str(exc), variant)) from None
    if header is None or deck is None:  # no usable header: only the line's own form is checked
        return line
    if extras:
        _check_seen(extras, header, deck)
    for path, name in _names(line):
        if name not in header.players:
            raise LineProblem(f"{not_player(name, header.players)} @ {path}")
    for path, card in _cards(line):
        deck.in_deck(card, path)
    if isinstance(line, RoundStart):
        _check_round(line, header, deck)
    elif not (isinstance(line, RoundClaim) and "hands" in extras and line.round >= 1):
        _check_claim_form(line)  # a claim_round of the hands alone claims them
    return line


def _deck_words(message: str, v: Variant | None) -> str:
    """A card code that does not parse, in a game whose deck is not UNO's: say what this
    deck allows (DECK-DECLARE), not the UNO notation's default words."""
    head, sep, rest = message.partition("; expected ")
    if v is None or not sep or "not a card code" not in head or v.deck.colors == COLORS:
        return message
    where = rest.rpartition(" @ ")[2] if " @ " in rest else ""
    return f"{head}; expected {v.describe_cards()}" + (f" @ {where}" if where else "")


def _check_round(line: RoundStart, h: Header, deck: LogDeck) -> None:
    if h.is_table:
        if line.deck is not None or line.seed is not None or not line.turned:
            raise LineProblem(
                "in a table record a round line carries 'turned' (the cards turned up at "
                "its deal, in order) and no deck or seed @ $.turned"
            )
        for i, c in enumerate(line.turned):
            deck.in_deck(c, f"$.turned[{i}]")
        return
    if line.turned is not None:
        raise LineProblem(
            '\'turned\' belongs to a table record\'s round line (header "deck": "unknown")'
        )
    if h.seed is not None:
        if line.deck is not None or line.seed is not None:
            raise LineProblem(
                "with a seeded header a round line carries nothing (the seed fixes its deck)"
            )
        return
    if line.deck is None:
        raise LineProblem("a round line carries its deck (the header has no seed) @ $.deck")
    deck.check_deck(line.deck, "$.deck")


def _check_seen(extras: dict[str, Any], h: Header, deck: LogDeck) -> None:
    """The cards a table saw are cards of the deck; ``hands`` names players."""
    for key, value in extras.items():
        if key == "hands":
            for name, cards in value.items():
                if name not in h.players:
                    raise LineProblem(f"{not_player(name, h.players)} @ $.hands")
                for i, c in enumerate(cards):
                    deck.in_deck(c, f"$.hands[{name!r}][{i}]")
        else:
            for i, c in enumerate(value):
                deck.in_deck(c, f"$.{key}[{i}]")


def _check_claim_form(line: Line) -> None:
    """A claim must claim something, with counts that can be; an arbiter's line names an
    offence the rules price."""
    if isinstance(line, Imposed):
        from ..rules.arbiter import OFFENCES

        if line.offence not in OFFENCES:
            raise LineProblem(
                f"{line.offence!r}: no such offence; expected one of {', '.join(OFFENCES)} "
                "@ $.offence"
            )
    if isinstance(line, RoundClaim):
        if line.round < 1:
            raise LineProblem(f"{line.round}: rounds count from 1 @ $.round")
        if line.winner is None and line.points is None and line.totals is None:
            raise LineProblem("a claim_round claims nothing: give winner, points or totals")
    elif isinstance(line, DrawnClaim):
        if line.count is None and line.cards is None:
            raise LineProblem("a claim_drawn claims nothing: give count or cards")
        if line.count is not None and line.count < 0:
            raise LineProblem(f"{line.count}: a count is not negative @ $.count")
        if line.cards is not None and line.count not in (None, len(line.cards)):
            raise LineProblem(f"count {line.count} but {len(line.cards)} cards listed")
    elif isinstance(line, PenaltyClaim) and line.cards < 1:
        raise LineProblem(f"{line.cards}: a penalty is at least one card @ $.cards")


def _names(line: Line) -> Iterator[tuple[str, str]]:
    player = getattr(line, "player", None)
    if player is not None:
        yield "$.player", player
    if isinstance(line, Play | Overtake | CallUno) and line.target is not None:
        yield "$.target", line.target
    if isinstance(line, RoundClaim):
        if line.winner is not None:
            yield "$.winner", line.winner
        for field in ("points", "totals"):
            for name in getattr(line, field) or {}:
                yield f"$.{field}[{name!r}]", name


def _cards(line: Line) -> Iterator[tuple[str, Card]]:
    card = getattr(line, "card", None)
    if isinstance(card, Card):
        yield "$.card", card
    for i, c in enumerate(getattr(line, "more", ())):  # HR-MULTI-PLAY
        yield f"$.more[{i}]", c
    if isinstance(line, DrawnClaim | RoundStart):
        for i, c in enumerate(getattr(line, "cards", None) or getattr(line, "deck", None) or ()):
            yield f"$.{'cards' if isinstance(line, DrawnClaim) else 'deck'}[{i}]", c
