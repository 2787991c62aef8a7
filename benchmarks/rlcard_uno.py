"""The same workload on RLCard 1.2.0's UNO (``rlcard.games.uno.game.UnoGame``).

One RLCard game is one round: ``init_game`` deals and turns up the first card, then the player
due takes a uniformly random action of ``get_legal_actions`` (RLCard lists plays, or ``draw``
when there is none) through ``step`` until ``is_over``. As for ena_rules, an *action* is the
``get_legal_actions`` call plus the ``step`` (and ``is_over``) call, timed as in :mod:`playouts`:
CPU time of the loop, the random choice included (:func:`choice_cpu_ns` measures it apart).
RLCard mutates its game in place and checks nothing it is given.
"""

from __future__ import annotations

import random
import time
from typing import Any

from playouts import Tally

VERSION = "1.2.0"


def available() -> str | None:
    """None when RLCard 1.2.0 can be imported, else why not."""
    try:
        import rlcard
        from rlcard.games.uno.game import UnoGame  # noqa: F401
    except ImportError as exc:  # pragma: no cover - depends on the machine
        return f"rlcard is not installed ({exc}); install the extra: pip install -e '.[bench]'"
    version = getattr(rlcard, "__version__", None)
    if version is not None and version != VERSION:
        return f"rlcard {version} is installed; the benchmark pins {VERSION}"
    return None


def _game(players: int, seed: int) -> Any:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game: Any = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    return game


def run_rounds(players: int, rounds: int, *, seed: int) -> Tally:
    """``rounds`` RLCard UNO games (each one round) with a seeded random legal player."""
    game = _game(players, seed)
    rng = random.Random(seed)
    cpu = time.thread_time_ns
    tally = Tally()
    for _ in range(rounds):
        t0 = cpu()
        game.init_game()
        t1 = cpu()
        n = 0
        try:
            while not game.is_over():
                game.step(rng.choice(game.get_legal_actions()))
                n += 1
        except IndexError:
            # RLCard 1.2.0 pops from an empty deck when the draw and discard piles are both
            # exhausted (possible with many players); such a round is left out.
            tally.aborted += 1
            continue
        tally.cpu_ns += cpu() - t1
        tally.deal_cpu_ns += t1 - t0
        tally.actions += n
        tally.rounds += 1
    return tally


def choice_cpu_ns(players: int, rounds: int, *, seed: int) -> float:
    """CPU time of one random choice among RLCard's legal actions, on recorded rounds."""
    game = _game(players, seed)
    rng = random.Random(seed)
    recorded: list[list[str]] = []
    for _ in range(rounds):
        game.init_game()
        try:
            while not game.is_over():
                legal = game.get_legal_actions()
                recorded.append(legal)
                game.step(rng.choice(legal))
        except IndexError:
            continue
    best = float("inf")
    for _ in range(3):
        t0 = time.thread_time_ns()
        for legal in recorded:
            rng.choice(legal)
        best = min(best, (time.thread_time_ns() - t0) / len(recorded))
    return best
