"""Live tables: games held by the server, a secret token per seat, events judged in arrival
order, every event the referee accepts or penalises stored before the answer.

A table is a :class:`~ena_rules.log.GameRecorder` (the game and its ena-log) behind a lock.
The server deals each round itself, from the game's seed. A player acts and sees only through
their own token; a token is 32 random bytes from :mod:`secrets`, kept in the store only as its
SHA-256 hash.

A variant with a turn's time limit (``time.limit``, HR-TIME-LIMIT) is timed by the server's own
clock: every line a timed table stores carries its ``"time"`` (seconds since the game began on
this server), and the referee judges a late move from it as the validator judges a log. A
client never gives a time (an event with a ``"time"`` key is refused); after a restart the clock
goes on from the last stored time (the time the server was down is not counted).

>>> from ena_rules.service.store import Store
>>> tables = Tables(Store(":memory:"))
>>> game, tokens = tables.new_game("ena", ["ana", "bor"], seed=7)
>>> table, player = tables.seat(tokens["bor"])
>>> player, table.state.phase
('bor', 'play')
"""

from __future__ import annotations

import hashlib
import io
import json
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..errors import EnaRulesError
from ..game.events import PlayerEvent
from ..game.serialize import event_from_json, to_json
from ..game.state import GameState
from ..game.verdict import Verdict
from ..log import GameRecorder
from ..log.line_time import TIME_KEY, line_time
from ..rules.referee import legal_events
from ..rules.view import view
from ..variant.io import load_variant
from .errors import RpcError
from .store import Store, StoredGame

__all__ = ["Clock", "Listener", "Table", "Tables", "token_hash"]

#: The server's clock: seconds from any fixed moment (``time.monotonic``; tests give their own).
Clock = Callable[[], float]

#: Called after every verdict at a table: the table, the player who acted, the verdict.
Listener = Callable[["Table", str, Verdict], None]


def token_hash(token: str) -> str:
    """The hash under which a token is stored (the token itself is never kept).

    >>> len(token_hash("x"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Table:
    """One live game: its recorder, its stored lines, a lock that orders its events."""

    def __init__(
        self,
        game: str,
        params: dict[str, Any],
        store: Store,
        *,
        clock: Clock = time.monotonic,
    ) -> None:
        self.id = game
        self.params = params
        self._store = store
        self._sink = io.StringIO()
        self.lock = threading.Lock()
        variant = load_variant(params["variant"])
        self._clock = clock
        self._began = clock()
        self.timed = variant.time.limit > 0
        self.recorder = GameRecorder(
            self._sink,
            variant,
            params["players"],
            seed=params["seed"],
            dealer=params.get("dealer"),
        )
        self.lines: list[str] = [self._take()]
        self._legal: tuple[GameState, tuple[PlayerEvent, ...]] | None = None
        self._answers: tuple[GameState | None, dict[str, dict[str, Any]]] = (None, {})

    @property
    def state(self) -> GameState:
        """The game's state now."""
        return self.recorder.state

    def answer(self, player: str) -> dict[str, Any]:
        """What ``player`` is told of the table now: the game, its count of lines, the round,
        the winner, their own view (worked out once a state; do not change it)."""
        state = self.recorder.state
        if self._answers[0] is not state:
            self._answers = (state, {})
        cached = self._answers[1].get(player)
        if cached is None:
            winner = state.players[state.winner] if state.winner is not None else None
            # the view without its partial state (to_json leaves it out: not worked out)
            seen = to_json(attrs.evolve(view(state, player), state=None))
            cached = {
                "game": self.id,
                "player": player,
                "seq": self.seq,
                "round": state.round,
                "winner": winner,
                "view": seen,
            }
            self._answers[1][player] = cached
        return cached

    def legal(self) -> tuple[PlayerEvent, ...]:
        """Every legal event now, for every player (worked out once a state)."""
        state = self.recorder.state
        if self._legal is None or self._legal[0] is not state:
            self._legal = (state, tuple(legal_events(state)))
        return self._legal[1]

    @property
    def seq(self) -> int:
        """The lines of the game's log after its header: every event stored, every deal."""
        return len(self.lines) - 1

    @property
    def log(self) -> str:
        """The game's ena-log as text: the header, then every line stored."""
        return "".join(line + "\n" for line in self.lines)

    def _take(self) -> str:
        text = self._sink.getvalue()
        self._sink.seek(0)
        self._sink.truncate()
        return text.rstrip("\n")

    def now(self) -> float | None:
        """The moment on the game's clock (seconds since it began here, to the millisecond);
        ``None`` for a table whose variant has no time limit."""
        if not self.timed:
            return None
        return round(max(0.0, self._clock() - self._began), 3)

    def act(self, event: dict[str, Any], *, store: bool = True, at: float | None = None) -> Verdict:
        """Judge a player's event (its log form) and store it unless rejected; then deal the
        next round when one is due. ``at``: the event's moment (a stored line's time), else
        the clock's. Call it holding :attr:`lock`."""
        moment = at if at is not None else self.now()
        verdict = self.recorder.apply(event_from_json(event), time=moment)
        line = self._take()
        if verdict.outcome != "rejected":
            self._keep(line, store)
            if self.recorder.state.phase == "deal":  # a round ended, the game goes on
                self.recorder.new_round(time=moment)
                self._keep(self._take(), store)
        return verdict

    def _keep(self, line: str, store: bool) -> None:
        if store:
            self._store.append(self.id, len(self.lines), line)
        self.lines.append(line)

    def replay(self, lines: Sequence[str]) -> None:
        """Drive the game through its stored lines (after a restart): the same states. A round
        line is the deal :meth:`act` makes by itself after the event that ended a round."""
        for text in lines:
            if json.loads(text).get("type") == "round":
                if self.lines[-1] != text:
                    raise EnaRulesError(f"game {self.id}: a stored deal where none is due")
                continue
            obj = json.loads(text)
            at = line_time(obj)
            obj.pop(TIME_KEY, None)
            self.act(obj, store=False, at=at)
            if at is not None:  # the clock goes on from the last stored moment
                self._began = self._clock() - at
        if self.lines[1:] != list(lines):
            raise EnaRulesError(f"game {self.id}: its stored lines do not replay as stored")


class Tables:
    """Every live table of a server, found by a player's token; games come back from the
    store when the server starts."""

    def __init__(
        self, store: Store, *, max_games: int = 1000, clock: Clock = time.monotonic
    ) -> None:
        self.store = store
        self.max_games = max_games
        self.clock = clock
        self._tables: dict[str, Table] = {}
        self._seats: dict[str, tuple[str, str]] = {}  # token hash -> (game, player)
        self._lock = threading.Lock()
        self.listeners: list[Listener] = []
        for stored in store.games():
            self._restore(stored)

    def _restore(self, stored: StoredGame) -> None:
        table = Table(stored.id, stored.params, self.store, clock=self.clock)
        if table.lines[0] != stored.lines[0]:
            raise EnaRulesError(f"game {stored.id}: its stored header is not its own")
        table.replay(stored.lines[1:])
        self._tables[stored.id] = table
        for h, player in stored.seats.items():
            self._seats[h] = (stored.id, player)

    def live(self) -> int:
        """How many games are not over (the cap counts these)."""
        return sum(1 for t in self._tables.values() if t.state.phase != "over")

    def new_game(
        self, variant: str, players: Sequence[str], *, seed: int, dealer: str | None = None
    ) -> tuple[str, dict[str, str]]:
        """Start a game; its id and each player's token (given out once, never again)."""
        params: dict[str, Any] = {"variant": variant, "players": list(players), "seed": seed}
        if dealer is not None:
            params["dealer"] = dealer
        with self._lock:
            if self.live() >= self.max_games:
                raise RpcError.limit(
                    f"this server holds {self.max_games} unfinished games, "
                    "its cap: try again when one ends"
                )
            game = secrets.token_hex(8)
            table = Table(game, params, self.store, clock=self.clock)
            tokens = {p: secrets.token_urlsafe(32) for p in table.state.players}
            seats = {p: token_hash(t) for p, t in tokens.items()}
            self.store.add_game(game, params, seats, table.lines[0])
            self._tables[game] = table
            for p, h in seats.items():
                self._seats[h] = (game, p)
        return game, tokens

    def seat(self, token: str) -> tuple[Table, str]:
        """The table and the player a token is the seat of; an unknown token is an error."""
        found = self._seats.get(token_hash(token))
        if found is None:
            raise RpcError.token()
        game, player = found
        return self._tables[game], player

    def act(self, token: str, event: dict[str, Any]) -> tuple[Table, str, Verdict]:
        """Judge the token's player's event at its table, in arrival order."""
        table, player = self.seat(token)
        if "player" in event and event["player"] != player:
            raise RpcError.forbidden(
                f"this token is {player}'s seat: it cannot act for {event['player']!r}"
            )
        with table.lock:
            verdict = table.act({**event, "player": player})
        for listener in list(self.listeners):
            listener(table, player, verdict)
        return table, player, verdict
