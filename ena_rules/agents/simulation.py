"""Simulated games between random legal players: how a variant plays, in numbers.

:func:`play_game` plays one game from a seed and returns its :class:`GameStats`;
:func:`simulate` plays many and sums them up in a :class:`SimStats` (``ena-rules simulate``
prints it). A player is a function from a state and a random stream to an event
(:data:`Chooser`); the default, :func:`random_legal_event`, picks among ``legal_events``, so a
simulated game only ever sees events the referee accepts, unless ``mistakes`` asks for random
cards now and then (which the variant then penalises or rejects).

Everything is reproducible: game ``g`` of a run seeded with ``seed`` is seeded with
``derive_seed(seed, g)`` (its cut and decks, docs/shuffle.md), and its players' choices come
from a SplitMix64 stream derived from that seed.

>>> from ena_rules import load_variant
>>> game = play_game(load_variant("ena"), ["ana", "bor", "cene"], seed=3)
>>> game.finished, game.winner in ("ana", "bor", "cene")
(True, True)
>>> stats = simulate(load_variant("official"), players=2, games=3, seed=1)
>>> stats.finished, len(stats.rounds)
(3, 3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..cards.notation import color_name
from ..cards.shuffle import derive_seed, splitmix64
from ..errors import EnaRulesError, typed_arguments
from ..game.events import CallUno, Challenge, ChooseColor, Draw, Overtake, Play, PlayerEvent
from ..game.state import GameState
from ..game.verdict import Verdict
from ..rules.chance import cut_for_dealer, drive_chance
from ..rules.deal import seat_order
from ..rules.discard import asks_color
from ..rules.referee import apply, legal_events, new_game
from ..variant import Variant

__all__ = [
    "POLICIES",
    "Chooser",
    "GameStats",
    "Rng",
    "SimStats",
    "play_game",
    "random_legal_event",
    "simulate",
    "uniform_legal_event",
]

#: The seed path of the players' choices within a game's seed.
CHOICE_PATH = 0x5EA7


class Rng:
    """SplitMix64 draws (docs/shuffle.md): the same seed gives the same choices everywhere.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(6) for _ in range(8)] == [b.below(6) for _ in range(8)]
    True
    """

    @typed_arguments
    def __init__(self, seed: int) -> None:
        self.state = seed

    def below(self, n: int) -> int:
        """A uniform integer from 0 to ``n - 1`` (rejection sampling, no modulo bias)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.state, x = splitmix64(self.state)
            if x < limit:
                return x % n

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        return p > 0 and self.below(1 << 30) < p * (1 << 30)


#: A simulated player: the event to try now, given the state and the game's random stream.
Chooser = Callable[[GameState, Rng, float], PlayerEvent]


@typed_arguments
def random_legal_event(s: GameState, rng: Rng, mistakes: float = 0.0) -> PlayerEvent:
    """A random legal player: usually the player due (playing when they can), sometimes an
    out-of-turn one (an overtake, an UNO call or catch); with chance ``mistakes`` a random
    card of a random player's hand instead, legal or not.

    >>> from ena_rules import load_variant, new_game
    >>> from ena_rules.testing import start_round
    >>> s = start_round(load_variant("official"), ["ana", "bor"], dealer="ana",
    ...                 hands=[["R1"], ["R9", "G2"]], turned="R5")
    >>> e = random_legal_event(s, Rng(1))
    >>> e.player, e in legal_events(s)
    ('bor', True)
    """
    if mistakes and rng.chance(mistakes) and s.hands:
        mistake = _random_card(s, rng)
        if mistake is not None:
            return mistake
    legal = legal_events(s)
    own = [e for e in legal if e.player == s.due]
    others = [e for e in legal if e.player != s.due]
    if others and (not own or rng.below(4) == 0):
        return others[rng.below(len(others))]
    plays = [e for e in own if isinstance(e, Play | Challenge)]
    pick = plays or own
    return pick[rng.below(len(pick))]


def uniform_legal_event(s: GameState, rng: Rng, mistakes: float = 0.0) -> PlayerEvent:
    """A uniform random legal player: any event of ``legal_events`` (of any player, in turn
    or out of it), each as likely; with chance ``mistakes`` a random card instead, as
    :func:`random_legal_event`.

    >>> from ena_rules import load_variant
    >>> from ena_rules.testing import start_round
    >>> s = start_round(load_variant("official"), ["ana", "bor"], dealer="ana",
    ...                 hands=[["R1"], ["R9", "G2"]], turned="R5")
    >>> uniform_legal_event(s, Rng(1)) in legal_events(s)
    True
    """
    if mistakes and rng.chance(mistakes) and s.hands:
        mistake = _random_card(s, rng)
        if mistake is not None:
            return mistake
    legal = legal_events(s)
    return legal[rng.below(len(legal))]


#: The simulated players by name (``ena-rules simulate --policy``), and what each does.
POLICIES: dict[str, tuple[Chooser, str]] = {
    "prefer-plays": (
        random_legal_event,
        "the player due plays a playable card when there is one, else draws or passes; "
        "one time in four an out-of-turn player acts instead: an overtake, an UNO call or "
        "catch, a challenge",
    ),
    "uniform": (uniform_legal_event, "any legal event of any player, each as likely"),
}
_SHORT = {"prefer-plays": "the player due plays when they can", "uniform": "any legal event"}


def _random_card(s: GameState, rng: Rng) -> Play | None:
    seat = rng.below(len(s.players))
    hand = s.hands[seat]
    if not hand:
        return None
    card = hand[rng.below(len(hand))]
    colors = s.colors
    color = color_name(colors[rng.below(len(colors))])
    names = [p for i, p in enumerate(s.players) if i != seat]
    swaps = any(e.op == "swap_hands" for e in s.variant.rank_of(card).effects)
    return Play(
        s.players[seat],
        card,
        color=color if card.is_wild else None,
        target=names[rng.below(len(names))] if swaps else None,
    )


@attrs.frozen
class GameStats:
    """What one simulated game measured.

    ``owed`` counts the owed draws taken, by their size (a draw to a colour by the cards it
    drew, FLIP2-WDC); ``stacks`` only those that grew by
    an answer (a draw card on a draw card, by stacking or overtaking), by their size;
    ``round_events`` the events of each round played; ``rules`` how many times each rule was
    applied, as ``("CLAUSE key", times)`` (every note of every verdict); ``draws`` and
    ``drawn`` the draws not owed (a draw of one, or until playable) and the cards they took.
    ``winner`` is ``None`` when the game was stopped after ``max_events`` events.
    """

    seed: int
    rounds: int
    events: int
    penalised: int
    catches: int
    overtakes: int
    stacks: tuple[tuple[int, int], ...]
    winner: str | None
    final: GameState = attrs.field(repr=False, eq=False)
    owed: tuple[tuple[int, int], ...] = ()
    round_events: tuple[int, ...] = ()
    rules: tuple[tuple[str, int], ...] = ()
    draws: int = 0
    drawn: int = 0
    mercy_out: int = 0
    """NM-MERCY: the players the mercy rule took out of the game (``mercy.limit``)."""

    @property
    def finished(self) -> bool:
        """Whether the game reached its end (a winner)."""
        return self.winner is not None


def _start(variant: Variant, names: Sequence[str], seed: int) -> GameState:
    """A new game past its cut for the dealer (cut again until one dealer is found)."""
    seats = seat_order(variant, names, seed)  # HR-SHUFFLE-SEATS: recorded chance, from the seed
    state, _ = cut_for_dealer(new_game(variant, list(seats)), seed)
    return state


@typed_arguments
def play_game(
    variant: Variant,
    names: Sequence[str],
    seed: int,
    *,
    mistakes: float = 0.0,
    max_events: int = 20000,
    choose: Chooser = random_legal_event,
) -> GameStats:
    """Play one game from ``seed`` between players ``choose`` drives, up to ``max_events``.

    The cut and every deal come from ``seed`` (docs/shuffle.md), the choices from
    ``Rng(derive_seed(seed, CHOICE_PATH))``: the same arguments give the same game.

    >>> from ena_rules import load_variant
    >>> a = play_game(load_variant("ena"), ["ana", "bor"], seed=5)
    >>> a == play_game(load_variant("ena"), ["ana", "bor"], seed=5)
    True
    """
    _check_players(variant, len(names))
    rng = Rng(derive_seed(seed, CHOICE_PATH))
    s = _start(variant, names, seed)
    counts: Counter[str] = Counter()
    stacks: Counter[int] = Counter()
    owed: Counter[int] = Counter()
    rules: Counter[str] = Counter()
    round_events: list[int] = []
    in_round = 0
    first_owed = 0  # the count of the owed draw as it began, before any answer
    while s.phase != "over" and counts["events"] < max_events:
        if s.phase == "deal":
            s, _ = drive_chance(s, seed)
            first_owed = s.pending.count if s.pending is not None else 0  # a draw card turned up
            continue
        e = choose(s, rng, mistakes)
        v = apply(s, e)
        counts["events"] += 1
        in_round += 1
        counts["penalised"] += v.penalised
        rules.update(f"{n.clause} {n.key}" for n in v.notes)
        counts["mercy_out"] += sum(n.key == "mercy.limit" for n in v.notes)
        if v.accepted:
            counts["catches"] += isinstance(e, CallUno) and bool(e.target and v.drawn)
            counts["overtakes"] += isinstance(e, Overtake)
            if s.pending is not None and _takes_owed(s, e):
                owed[_owed_size(s, v)] += 1
                if s.pending.count > first_owed:
                    stacks[s.pending.count] += 1
            elif s.pending is None and isinstance(e, Draw):
                counts["draws"] += 1
                counts["drawn"] += sum(n for name, n in v.drawn if name == e.player)
            if s.pending is None and v.state.pending is not None:
                first_owed = v.state.pending.count
        s = v.state
        if s.phase in ("deal", "over"):
            round_events.append(in_round)
            in_round = 0
    over = s.phase == "over" and s.winner is not None
    return GameStats(
        seed=seed,
        rounds=s.round,
        events=counts["events"],
        penalised=counts["penalised"],
        catches=counts["catches"],
        overtakes=counts["overtakes"],
        stacks=tuple(sorted(stacks.items())),
        winner=s.players[s.winner] if over and s.winner is not None else None,
        final=s,
        owed=tuple(sorted(owed.items())),
        round_events=tuple(round_events),
        rules=tuple(sorted(rules.items())),
        draws=counts["draws"],
        drawn=counts["drawn"],
        mercy_out=counts["mercy_out"],
    )


def _takes_owed(s: GameState, e: PlayerEvent) -> bool:
    """Whether ``e`` takes the draw owed in ``s``: a draw, a challenge, or the colour its
    victim names to draw to (DRAW-COLOR ``draw_color.chooser = "victim"``)."""
    return isinstance(e, Draw | Challenge) or (isinstance(e, ChooseColor) and asks_color(s))


def _owed_size(s: GameState, v: Verdict) -> int:
    """The size of an owed draw taken: its count, or for a draw to a colour (FLIP2-WDC,
    DRAW-COLOR: no count owed) the cards the verdict drew."""
    p = s.pending
    assert p is not None
    if any(e.op == "draw_until_color" for e in s.variant.rank(p.rank).effects):
        return sum(n for _, n in v.drawn)
    return p.count


def _check_players(variant: Variant, players: int) -> None:
    if not variant.players.min <= players <= variant.players.max:
        raise EnaRulesError(
            f"{players} players: variant {variant.name!r} allows "
            f"{variant.players.min} to {variant.players.max}"
        )


@attrs.frozen
class SimStats:
    """What :func:`simulate` measured: one entry per game in each tuple, wins by seat."""

    variant: str
    players: int
    games: int
    seed: int
    finished: int
    rounds: tuple[int, ...]
    events: tuple[int, ...]
    penalised: tuple[int, ...]
    catches: tuple[int, ...]
    overtakes: tuple[int, ...]
    stacks: tuple[tuple[int, int], ...]
    wins: tuple[int, ...]
    owed: tuple[tuple[int, int], ...] = ()
    round_events: tuple[int, ...] = ()
    """The events of every round of every game, in order."""
    rules: tuple[tuple[str, int], ...] = ()
    """How many times each rule was applied in all games: ``("CLAUSE key", times)``, most first."""
    draws: int = 0
    drawn: int = 0
    policy: str = "prefer-plays"
    mercy_out: tuple[int, ...] = ()
    """NM-MERCY: per game, the players the mercy rule took out (empty: no mercy rule)."""

    @classmethod
    def of(
        cls,
        variant: Variant,
        players: int,
        seed: int,
        games: Sequence[GameStats],
        policy: str = "prefer-plays",
    ) -> SimStats:
        """The sums of ``games``, played with ``players`` seats from ``seed``."""
        stacks: Counter[int] = Counter()
        owed: Counter[int] = Counter()
        rules: Counter[str] = Counter()
        wins = [0] * players
        names = [f"p{i + 1}" for i in range(players)]
        for g in games:
            stacks.update(dict(g.stacks))
            owed.update(dict(g.owed))
            rules.update(dict(g.rules))
            if g.finished and g.final.winner is not None:
                # by name: players eliminated on the way (HR-ELIMINATION) left the seat list
                seat = names.index(g.winner) if g.winner in names else g.final.winner
                wins[seat] += 1
        return cls(
            variant=variant.name,
            players=players,
            games=len(games),
            seed=seed,
            finished=sum(g.finished for g in games),
            rounds=tuple(g.rounds for g in games),
            events=tuple(g.events for g in games),
            penalised=tuple(g.penalised for g in games),
            catches=tuple(g.catches for g in games),
            overtakes=tuple(g.overtakes for g in games),
            stacks=tuple(sorted(stacks.items())),
            wins=tuple(wins),
            owed=tuple(sorted(owed.items())),
            round_events=tuple(n for g in games for n in g.round_events),
            rules=tuple(sorted(rules.items(), key=lambda kv: (-kv[1], kv[0]))),
            draws=sum(g.draws for g in games),
            drawn=sum(g.drawn for g in games),
            policy=policy,
            mercy_out=tuple(g.mercy_out for g in games) if variant.mercy.limit else (),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready numbers, with the win rate by seat."""
        out = attrs.asdict(self)
        out["stacks"] = {str(k): n for k, n in self.stacks}
        out["owed"] = {str(k): n for k, n in self.owed}
        out["rules"] = dict(self.rules)
        out["win_rate"] = [round(w / self.finished, 4) if self.finished else 0 for w in self.wins]
        return out

    def text(self) -> str:
        """The summary ``ena-rules simulate`` prints."""

        def stat(xs: tuple[int, ...]) -> str:
            if not xs:
                return "-"
            return f"mean {sum(xs) / len(xs):.2f}  min {min(xs)}  max {max(xs)}"

        penalties = tuple(a + b for a, b in zip(self.penalised, self.catches, strict=True))
        stacks = ", ".join(f"{k} cards: {n}" for k, n in self.stacks) or "none"
        owed = ", ".join(f"{k} cards: {n}" for k, n in self.owed) or "none"
        per_draw = f"{self.drawn / self.draws:.2f}" if self.draws else "-"
        width = max((len(r) for r, _ in self.rules), default=0)
        rules = [f"  {r:<{width}}  {n}" for r, n in self.rules] or ["  none"]
        rate = "  ".join(
            f"seat {i + 1} {100 * w / self.finished:.1f}%" if self.finished else f"seat {i + 1} -"
            for i, w in enumerate(self.wins)
        )
        return "\n".join(
            [
                f"simulate: variant {self.variant}, {self.players} players, {self.games} games, "
                f"seed {self.seed}, policy {self.policy} ({_SHORT[self.policy]})",
                f"games finished      {self.finished} of {self.games}",
                f"rounds per game     {stat(self.rounds)}  (rounds)",
                f"events per game     {stat(self.events)}  (events)",
                f"events per round    {stat(self.round_events)}  (events, every round played)",
                f"penalties per game  {stat(penalties)}  "
                f"(penalised events {sum(self.penalised)}, UNO catches {sum(self.catches)})",
                f"overtakes per game  {stat(self.overtakes)}  (overtakes)",
                f"owed draws taken    {owed}  (by cards owed, a draw to a colour by those drawn: "
                "how many, all games)",
                f"stack sizes         {stacks}  (owed draws grown by an answer, by cards: "
                "how many)",
                f"cards per draw      {per_draw}  (cards, mean of {self.draws} draws not owed)",
                *(
                    [
                        f"mercy rule          {sum(self.mercy_out)} players out in "
                        f"{sum(1 for n in self.mercy_out if n)} games, {stat(self.mercy_out)} "
                        "(NM-MERCY mercy.limit: a hand at the limit is out)"
                    ]
                    if self.mercy_out
                    else []
                ),
                f"win rate by seat    {rate}",
                "rules applied       (clause key: times, all games)",
                *rules,
            ]
        )


@typed_arguments
def simulate(
    variant: Variant,
    players: int,
    games: int,
    seed: int,
    *,
    mistakes: float = 0.0,
    max_events: int = 20000,
    choose: Chooser | None = None,
    policy: str = "prefer-plays",
) -> SimStats:
    """Play ``games`` games between ``players`` random legal players (``p1``, ``p2`` ...).

    ``policy`` names the players (:data:`POLICIES`: ``prefer-plays``, the default, or
    ``uniform``); ``choose``, a player function of your own, overrides it.

    Game ``g`` is :func:`play_game` with seed ``derive_seed(seed, g)``; the same seed gives the
    same numbers. Raises :class:`~ena_rules.errors.EnaRulesError` when the variant does not
    allow ``players`` players.

    >>> from ena_rules import load_variant
    >>> a = simulate(load_variant("ena"), 3, 2, seed=1)
    >>> a == simulate(load_variant("ena"), 3, 2, seed=1), a.finished
    (True, 2)
    >>> simulate(load_variant("official"), 2, 1, seed=1, policy="uniform").policy
    'uniform'
    >>> simulate(load_variant("ena"), 11, 1, seed=1)
    Traceback (most recent call last):
    ...
    ena_rules.errors.EnaRulesError: 11 players: variant 'ena' allows 2 to 10
    """
    _check_players(variant, players)
    if policy not in POLICIES:
        raise EnaRulesError(f"no policy {policy!r}: known are {', '.join(POLICIES)}")
    chooser = choose if choose is not None else POLICIES[policy][0]
    names = [f"p{i + 1}" for i in range(players)]
    played = [
        play_game(
            variant,
            names,
            derive_seed(seed, g),
            mistakes=mistakes,
            max_events=max_events,
            choose=chooser,
        )
        for g in range(games)
    ]
    return SimStats.of(variant, players, seed, played, policy=policy)
