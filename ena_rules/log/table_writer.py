"""Writing table records: from the moves a table calls out, or from a full log.

:class:`TableRecorder` writes a table record (``"deck": "unknown"``) one called-out move at a
time and judges each line as it is written, from the same rules as the validator (a
:class:`~ena_rules.log.table_record.TableReplay`). :func:`to_table_record` turns a log with its
decks into the record the table would have kept: the turned-up cards, the moves, and (with
``draws=True``) each draw's cards as the drawer's own notes.

>>> import io
>>> from ena_rules import load_variant
>>> out = io.StringIO()
>>> rec = TableRecorder(out, load_variant("official"), ["ana", "bor"], dealer="ana", turned=["R5"])
>>> rec.play("bor", "R7").outcome
'accepted'
>>> rec.draw("ana", cards=["G2"]).outcome
'accepted'
>>> print(out.getvalue(), end="")  # doctest: +ELLIPSIS
{"ena_log": 1, "variant": "official", ..., "dealer": "ana", "deck": "unknown", "turned": ["R5"]}
{"type": "play", "player": "bor", "card": "R7"}
{"type": "draw", "player": "ana", "cards": ["G2"]}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from ..cards import Card, parse_card
from ..errors import LogError, typed_arguments
from ..game.events import CallUno, Challenge, ChooseColor, Draw, Overtake, Pass, Play, PlayerEvent
from ..rules.mercy import held_after
from ..variant import Variant
from .convert import unstructure_header, unstructure_line
from .lines import FORMAT_VERSION, Header, RoundClaim, RoundStart, WinnerClaim
from .reader import Entry, LogReader
from .report import LineResult
from .table_record import TableReplay

__all__ = ["TableRecorder", "to_table_record", "turned_cards"]


@typed_arguments
def turned_cards(variant: Variant, deck: Sequence[Card], players: int) -> tuple[Card, ...]:
    """The cards a deal from ``deck`` turns up, in order (FLIP-WD4-OFF: returned ones first).

    >>> from ena_rules import load_variant
    >>> from ena_rules.rules.referee import canonical_deck
    >>> [str(c) for c in turned_cards(load_variant("official"), canonical_deck(load_variant(
    ...     "official")), 2)]
    ['R7']
    """
    pile = list(deck[variant.hand_size(players) * players :])
    out: list[Card] = []
    for card in pile:
        out.append(card)
        if card.rank not in variant.first_card.return_ranks:
            break
    return tuple(out)


def _cards(codes: Iterable[Card | str]) -> list[str]:
    return [str(parse_card(c) if isinstance(c, str) else c) for c in codes]


class TableRecorder:
    """Writes a table record to ``stream`` from the moves a table calls out, judging each line.

    Each method writes one line and returns the validator's :class:`LineResult` for it (an
    inconsistent move is written too: the record is what the table saw).
    """

    @typed_arguments
    def __init__(
        self,
        stream: TextIO,
        variant: Variant,
        players: Sequence[str],
        *,
        dealer: str,
        turned: Sequence[Card | str],
    ) -> None:
        cards = tuple(parse_card(c) if isinstance(c, str) else c for c in turned)
        self.header = Header(
            FORMAT_VERSION, variant.name, tuple(players), dealer=dealer, turned=cards
        )
        self.stream = stream
        self.replay = TableReplay()
        self.line = 1
        record = unstructure_header(self.header)
        self._write(record)
        self.start = self.replay.start(1, self.header, variant, record)
        if self.replay.state is None:
            raise LogError(self.start.message, line=1)

    def _write(self, record: dict[str, Any]) -> None:
        self.stream.write(json.dumps(record, ensure_ascii=False) + "\n")

    def event(self, e: PlayerEvent, **seen: Any) -> LineResult:
        """Write and judge one event; ``seen`` adds ``cards`` (a draw) or ``shown`` (a
        challenge), as card codes."""
        record = unstructure_line(e)
        record.update({k: _cards(v) for k, v in seen.items() if v is not None})
        self.line += 1
        self._write(record)
        return self.replay.event(self.line, e, record)

    def play(
        self, player: str, card: str, color: str | None = None, target: str | None = None
    ) -> LineResult:
        """``player`` plays ``card`` (``color`` for a wild, ``target`` for a hand swap)."""
        return self.event(Play(player, card, color=color, target=target))

    def overtake(self, player: str, card: str, color: str | None = None) -> LineResult:
        """``player`` overtakes with ``card``."""
        return self.event(Overtake(player, card, color=color))

    def draw(self, player: str, cards: Sequence[str] | None = None) -> LineResult:
        """``player`` draws; ``cards``: the cards drawn, if the drawer noted them."""
        return self.event(Draw(player), cards=cards)

    def pass_turn(self, player: str) -> LineResult:
        """``player`` keeps the card just drawn."""
        return self.event(Pass(player))

    def call_uno(self, player: str, target: str | None = None) -> LineResult:
        """``player`` calls UNO, or catches ``target``."""
        return self.event(CallUno(player, target))

    def challenge(self, player: str, shown: Sequence[str] | None = None) -> LineResult:
        """``player`` challenges; ``shown``: the challenged hand as shown, if recorded."""
        return self.event(Challenge(player), shown=shown)

    def choose_color(self, player: str, color: str) -> LineResult:
        """``player`` names the colour of a wild turned up."""
        return self.event(ChooseColor(player, color))

    def new_round(self, turned: Sequence[str]) -> LineResult:
        """A new round whose deal turned up ``turned``."""
        line = RoundStart(turned=tuple(parse_card(c) for c in turned))
        record = unstructure_line(line)
        self.line += 1
        self._write(record)
        return self.replay.round_line(self.line, line, record)

    def claim_round(
        self,
        round: int,
        *,
        winner: str | None = None,
        points: dict[str, int] | None = None,
        totals: dict[str, int] | None = None,
        hands: dict[str, Sequence[str]] | None = None,
    ) -> LineResult:
        """The table's record of a round: its winner, points, totals and the hands counted."""
        claim = RoundClaim(round, winner=winner, points=points, totals=totals)
        record = unstructure_line(claim)
        if hands is not None:
            record["hands"] = {name: _cards(cards) for name, cards in hands.items()}
        self.line += 1
        self._write(record)
        return self.replay.claim(self.line, claim, record)

    def claim_winner(self, player: str) -> LineResult:
        """The table's record that ``player`` won the game."""
        claim = WinnerClaim(player)
        record = unstructure_line(claim)
        self.line += 1
        self._write(record)
        return self.replay.claim(self.line, claim, record)


@typed_arguments
def to_table_record(lines: Iterable[str | bytes], *, draws: bool = False) -> list[str]:
    """The table record of a log with explicit decks: the header's and each round line's deck
    become the turned-up cards (``"deck": "unknown"``); with ``draws`` each draw line lists the
    cards it drew (as the drawer's notes). A seeded log has no decks to start from."""
    reader = LogReader(lines)
    out: list[str] = []
    validator = None
    from .validate import Validator

    for item in reader:
        if not isinstance(item, Entry) or item.record is None:
            raise LogError(f"line {getattr(item, 'line', '?')} is unusable: {item}")
        record = dict(item.record)
        x = item.item
        if isinstance(x, Header):
            if x.deck is None or x.dealer is None or reader.variant is None:
                raise LogError("a table record is made from a log with its dealer and deck", line=1)
            record.pop("deck_seed", None)
            record["deck"] = "unknown"
            record["turned"] = _cards(turned_cards(reader.variant, x.deck, len(x.players)))
            validator = Validator()
        elif isinstance(x, RoundStart):
            assert reader.variant is not None and x.deck is not None
            record.pop("seed", None)
            record.pop("deck", None)
            assert reader.header is not None
            record["turned"] = _cards(
                turned_cards(reader.variant, x.deck, len(reader.header.players))
            )
        assert validator is not None
        before = validator.state
        result = validator.feed(item)
        # DRAW-COLOR: a victim's choose_color draws to the colour named; FLIP2-WDC: a
        # challenge's outcome draws to a colour (the guilty player's draw or the victim's)
        drew = isinstance(x, Draw | ChooseColor | Challenge) and result is not None
        if drew and draws and result is not None and before is not None:
            after = validator.state
            if len(result.drawn) == 1 and after is not None and result.outcome != "rejected":
                who, count = result.drawn[0]
                hand = held_after(before, after, dict(result.drawn), who)
                record["cards"] = _cards(hand[len(hand) - count :])
        if isinstance(x, Play) and result is not None and result.outcome != "rejected":
            _discarded(record, before, validator.state, (x.card, *x.more))
        out.append(json.dumps(record, ensure_ascii=False))
    return out


def _discarded(record: dict[str, Any], before: Any, after: Any, played: tuple[Card, ...]) -> None:
    """NM-DISCARD-ALL: the cards a Discard All put down under it, which every player saw: the
    cards that went onto the discard pile, less the ones the line plays (the card and
    HR-MULTI-PLAY's ``more``)."""
    if before is None or after is None:
        return
    old, new = before.discard, after.discard
    if len(new) > len(old) + 1 and new[: len(old)] == old:
        rest = list(new[len(old) :])
        for c in played:
            if c in rest:
                rest.remove(c)
        if rest:
            record["discarded"] = _cards(rest)
