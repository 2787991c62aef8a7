"""A log's chance, and recording a game played through the API as a log.

:func:`start` turns a header into the state after round 1's deal (the cut first, for a seeded
header without a dealer); :func:`round_deal` is the Deal a round line stands for.
:class:`GameRecorder` plays events through :func:`~ena_rules.apply` and writes each as a line,
so an app that embeds the referee writes logs the validator reads back.

>>> import io
>>> from ena_rules import load_variant, legal_events
>>> out = io.StringIO()
>>> rec = GameRecorder(out, load_variant("ena.toml"), ["ana", "bor", "cene"], seed=7)
>>> verdict = rec.apply(legal_events(rec.state)[0])
>>> len(out.getvalue().splitlines())
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from ..cards import Card
from ..errors import EnaRulesError, EventError, typed_arguments
from ..game.events import Deal, PlayerEvent
from ..game.guards import check_took
from ..game.state import GameState
from ..game.verdict import Verdict
from ..rules.chance import MAX_CUTS, deal_event, drive_chance
from ..rules.clock import TurnClock
from ..rules.deal import seat_order
from ..rules.referee import apply, new_game
from ..variant import Variant
from .lines import FORMAT_VERSION, Claim, Header, RoundStart
from .writer import LogWriter

__all__ = ["MAX_CUTS", "GameRecorder", "round_deal", "start"]


@typed_arguments
def start(header: Header, variant: Variant) -> tuple[GameState, tuple[Verdict, ...]]:
    """The state after the header: the cut (seeded, no dealer) and round 1's deal.

    Returns the state and the verdicts of the cut and deal events (the deal's last).

    >>> from ena_rules import load_variant
    >>> header = Header(1, "official", ("ana", "bor"), seed=7)
    >>> state, verdicts = start(header, load_variant("official"))
    >>> state.phase, [v.event.__class__.__name__ for v in verdicts]
    ('play', ['Cut', 'Deal'])
    """
    players: tuple[str, ...] = tuple(header.players)
    if header.seed is not None:  # HR-SHUFFLE-SEATS: the seed seats the players
        players = seat_order(variant, players, header.seed)
    state = new_game(variant, players, dealer=header.dealer)
    if header.seed is not None:
        _, verdicts = drive_chance(state, header.seed)
    elif header.deck is not None:
        _, verdicts = drive_chance(state, None, deal=Deal(header.deck, seed=header.deck_seed or 0))
    else:
        raise EnaRulesError("a header gives either 'seed', or 'dealer' and 'deck'")
    return verdicts[-1].state, verdicts


@typed_arguments
def round_deal(header: Header, state: GameState, line: RoundStart) -> Deal:
    """The Deal a round line stands for: from the header's seed, or the line's own deck.

    >>> from ena_rules import load_variant, new_game
    >>> from ena_rules.cards.shuffle import derive_seed
    >>> s = new_game(load_variant("ena.toml"), ["ana", "bor"], dealer="bor")
    >>> deal = round_deal(Header(1, "official", ("ana", "bor"), seed=7), s, RoundStart())
    >>> deal.seed == derive_seed(7, 0)
    True
    """
    return deal_for(header, state, line)


def deal_for(header: Header, state: GameState, line: RoundStart) -> Deal:
    """:func:`round_deal` for values already checked (a validator's replay: once a round; not
    exported, as it checks nothing).

    >>> from ena_rules import load_variant, new_game
    >>> s = new_game(load_variant("ena.toml"), ["ana", "bor"], dealer="bor")
    >>> h = Header(1, "official", ("ana", "bor"), seed=7)
    >>> deal_for(h, s, RoundStart()) == round_deal(h, s, RoundStart())
    True
    """
    if header.seed is not None:
        return deal_event(state, header.seed)
    if line.deck is None:
        raise EnaRulesError("a round line carries its deck when the header has no seed")
    return Deal(line.deck, seed=line.seed or 0)


class GameRecorder:
    """Plays a game through :func:`~ena_rules.apply` and writes it to ``stream`` as a log.

    Give ``seed`` (every deck from it; the cut too unless ``dealer`` is given) or ``dealer`` and
    ``deck`` (round 1's deck, top first; ``deck_seed`` for its reshuffles).
    """

    @typed_arguments
    def __init__(
        self,
        stream: TextIO,
        variant: Variant,
        players: Sequence[str],
        *,
        seed: int | None = None,
        dealer: str | None = None,
        deck: Sequence[Card | str] | None = None,
        deck_seed: int | None = None,
    ) -> None:
        cards = None if deck is None else Deal(deck).deck
        self.header = Header(
            FORMAT_VERSION,
            variant.name,
            tuple(players),
            seed=seed,
            dealer=dealer,
            deck=cards,
            deck_seed=deck_seed,
        )
        state, verdicts = start(self.header, variant)
        if not verdicts[-1].accepted:
            raise EnaRulesError(f"the first deal fails: {verdicts[-1]}")
        self.state = state
        self.clock = TurnClock()  # HR-TIME-LIMIT: round 1's first turn begins at time 0
        self._last_time: float | None = None
        self.start_verdicts = verdicts
        self.writer = LogWriter(stream, self.header)

    def apply(self, event: PlayerEvent, *, time: float | None = None) -> Verdict:
        """Write ``event`` as a line and apply it (a rejected event is written too).

        ``time``: the moment of the move, seconds since the game's start; the turn's time
        limit (HR-TIME-LIMIT) is judged from it as the validator judges the log.
        """
        before = self.state
        verdict = apply(before, event, took=self._took(time))
        self.writer.write(event, time)
        self._moved(before, verdict, time)
        return verdict

    def new_round(
        self,
        deck: Sequence[Card | str] | None = None,
        seed: int | None = None,
        *,
        time: float | None = None,
    ) -> Verdict:
        """Write a round line and deal: nothing with a seeded header, else the round's deck."""
        line = RoundStart() if deck is None else RoundStart(Deal(deck).deck, seed)
        before = self.state
        verdict = apply(before, round_deal(self.header, before, line))
        self.writer.write(line, time)
        self._moved(before, verdict, time)
        return verdict

    def _took(self, time: float | None) -> float | None:
        if time is None:
            return None
        last = self._last_time
        check_took(time)
        if last is not None and time < last:
            raise EventError(f"time {time!r} is earlier than the last line's {last!r}")
        return self.clock.took(time)

    def _moved(self, before: GameState, verdict: Verdict, time: float | None) -> None:
        self.state = verdict.state
        self.clock = self.clock.after(before, verdict, time)
        if time is not None:
            self._last_time = time

    def claim(self, claim: Claim) -> None:
        """Write one of the table's claims."""
        self.writer.write(claim)
