"""Random game logs, for tests and benchmarks of the validator: all kinds of results.

:func:`random_log` plays a game through :class:`~ena_rules.log.GameRecorder` with a seeded
random player who now and then plays a card from the wrong hand (so some events are penalised
or rejected), writes the table's claims (some of them wrong), and, for a few seeds, a line
written wrongly (so the log is unusable). The same arguments always give the same log.

>>> from ena_rules import load_variant
>>> text = random_log(load_variant("official"), seed=5, events=20)
>>> text.splitlines()[0][:48]
'{"ena_log": 1, "variant": "official", "players":'
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from pathlib import Path

from ..cards import COLOR_NAMES, COLORS
from ..cards.shuffle import shuffled
from ..game.events import Overtake, Play, PlayerEvent
from ..game.state import GameState
from ..log import GameRecorder, PenaltyClaim, RoundClaim, WinnerClaim
from ..rules.referee import canonical_deck, legal_events
from ..variant import Variant

__all__ = ["NAMES", "random_log", "write_random_logs"]

#: The seats of generated logs, clockwise (a log uses the first 2 to 4).
NAMES = ("ana", "bor", "cene", "dan")

#: A line written wrongly, added to some logs: a name that is not one of the players.
BAD_LINE = '{"type": "draw", "player": "nobody"}'


def _event(s: GameState, rng: random.Random, mistakes: float) -> PlayerEvent:
    """A random legal event (mostly a play), or with chance ``mistakes`` any card of any hand."""
    if rng.random() < mistakes:
        seat = rng.randrange(len(s.players))
        hand = s.hands[seat]
        if hand:
            card = rng.choice(hand)
            color = COLOR_NAMES[rng.choice(COLORS)] if card.is_wild else None
            return Play(s.players[seat], card, color=color)
    legal = legal_events(s)
    plays = [e for e in legal if isinstance(e, Play | Overtake)]
    return rng.choice(plays if plays and rng.random() < 0.8 else legal)


def _claims(rec: GameRecorder, before: GameState, rng: random.Random, wrong: float) -> None:
    """The table's claims after the last event: penalties, round results, the winner."""
    verdict_state = rec.state
    names = verdict_state.players
    if verdict_state.round > before.round and verdict_state.last_round is not None:
        result = verdict_state.last_round
        winner = names[result.winner]
        if rng.random() < wrong:
            winner = names[(result.winner + 1) % len(names)]
        rec.claim(RoundClaim(verdict_state.round, winner=winner))
    if verdict_state.phase == "over" and verdict_state.winner is not None:
        rec.claim(WinnerClaim(names[verdict_state.winner]))


def random_log(
    variant: Variant,
    *,
    seed: int,
    events: int = 200,
    mistakes: float = 0.01,
    wrong_claims: float = 0.1,
    bad_lines: float = 0.05,
) -> str:
    """The text of one random log: at most ``events`` events, 2 to 4 players.

    Half of the seeds give a seeded header, the others an explicit dealer and deck.
    """
    rng = random.Random(seed)
    names = NAMES[: rng.randint(2, 4)]
    out = io.StringIO()
    explicit = rng.random() < 0.5
    deck = shuffled(canonical_deck(variant), seed)
    if explicit:
        rec = GameRecorder(out, variant, names, dealer=rng.choice(names), deck=deck, deck_seed=seed)
    else:
        rec = GameRecorder(out, variant, names, seed=seed)
    bad_at = rng.randrange(events) if rng.random() < bad_lines else -1
    for step in range(events):
        s = rec.state
        if s.phase == "over":
            break
        if step == bad_at:
            out.write(BAD_LINE + "\n")
        if s.phase == "deal":
            rec.new_round(shuffled(canonical_deck(variant), seed + s.round) if explicit else None)
            continue
        verdict = rec.apply(_event(s, rng, mistakes))
        e = verdict.event
        if verdict.penalised and isinstance(e, PlayerEvent):
            count = dict(verdict.drawn).get(e.player, 0)
            if count:  # a penalty that found no card to draw has no claim
                rec.claim(PenaltyClaim(e.player, count + (rng.random() < wrong_claims)))
        _claims(rec, s, rng, wrong_claims)
    return out.getvalue()


def write_random_logs(
    folder: Path, variants: Sequence[Variant], count: int, *, seed: int = 0, events: int = 200
) -> list[Path]:
    """Write ``count`` random logs into ``folder`` (``game-00000.jsonl`` ...); their paths.

    Log ``i`` uses ``variants[i % len(variants)]`` and the seed ``seed + i``.

    >>> import tempfile
    >>> from ena_rules import load_variant
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     paths = write_random_logs(Path(tmp), [load_variant("ena")], 2, events=10)
    ...     [p.name for p in paths]
    ['game-00000.jsonl', 'game-00001.jsonl']
    """
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(count):
        path = folder / f"game-{i:05d}.jsonl"
        text = random_log(variants[i % len(variants)], seed=seed + i, events=events)
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths
