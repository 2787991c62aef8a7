"""Games for the table-record tests: a full game played through the API, as a log with decks.

>>> from ena_rules import load_variant
>>> lines = full_game(load_variant("official"), seed=3, events=20)
>>> lines[0][:40]
'{"ena_log": 1, "variant": "official", "p'
"""

from __future__ import annotations

import io
import random

from ..agents.simulation import Rng, random_legal_event
from ..cards.shuffle import shuffled
from ..game.events import Play
from ..log import GameRecorder
from ..rules.referee import apply, canonical_deck
from ..variant import Variant

__all__ = ["full_game"]

_NAMES = ("ana", "bor", "cene", "dan")


def full_game(
    variant: Variant, *, seed: int, events: int = 200, mistakes: float = 0.05
) -> list[str]:
    """The lines of a game with explicit decks, 2 to 4 players: random legal moves, and with
    chance ``mistakes`` the player due puts down a random card of their hand (right, or a
    mistake the variant punishes): the log is consistent with the rules."""
    rng = random.Random(seed)
    names = _NAMES[: rng.randint(2, 4)]
    out = io.StringIO()
    deck = shuffled(canonical_deck(variant), seed)
    rec = GameRecorder(out, variant, names, dealer=rng.choice(names), deck=deck)
    for _ in range(events):
        s = rec.state
        if s.phase == "over":
            break
        if s.phase == "deal":
            rec.new_round(shuffled(canonical_deck(variant), seed * 7919 + s.round))
            continue
        due = s.due
        if due is not None and s.phase in ("play", "drawn", "owe") and rng.random() < mistakes:
            card = rng.choice(s.hands[s.turn])
            e = Play(due, card, color="red" if card.is_wild else None)
            if not apply(s, e).rejected:  # a penalised mistake is part of a consistent game
                rec.apply(e)
                continue
        rec.apply(random_legal_event(s, Rng(rng.randrange(1 << 30))))
    return out.getvalue().splitlines()
