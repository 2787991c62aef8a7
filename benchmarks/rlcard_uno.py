"""The same workload on RLCard 1.2.0's UNO (``rlcard.games.uno.game.UnoGame``).

One RLCard game is one round: ``init_game`` deals and turns up the first card, then the player
due takes a uniformly random action of ``get_legal_actions`` (RLCard lists plays, or ``draw``
when there is none) through ``step`` until ``is_over``. As for ena_rules, an *action* is the
``get_legal_actions`` call plus the ``step`` (and ``is_over``) call; the random choice is not
timed. RLCard mutates its game in place and checks nothing it is given.
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
        return (
            f"rlcard is not installed ({exc}); install the bench extra: pip install -e '.[bench]'"
        )
    version = getattr(rlcard, "__version__", None)
    if version is not None and version != VERSION:
        return f"rlcard {version} is installed; the benchmark pins {VERSION}"
    return None


def run_rounds(players: int, rounds: int, *, seed: int) -> Tally:
    """``rounds`` RLCard UNO games (each one round) with a seeded random legal player."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game: Any = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    clock = time.perf_counter_ns
    tally = Tally()
    for _ in range(rounds):
        t0 = clock()
        game.init_game()
        deal_ns = clock() - t0
        n = 0
        legal_ns = apply_ns = 0
        try:
            over = game.is_over()
            while not over:
                t0 = clock()
                legal = game.get_legal_actions()
                t1 = clock()
                action = rng.choice(legal)
                t2 = clock()
                game.step(action)
                over = game.is_over()
                t3 = clock()
                legal_ns += t1 - t0
                apply_ns += t3 - t2
                n += 1
        except IndexError:
            # RLCard 1.2.0 pops from an empty deck when the draw and discard piles are both
            # exhausted (possible with many players); such a round is left out.
            tally.aborted += 1
            continue
        tally.deal_ns += deal_ns
        tally.legal_ns += legal_ns
        tally.apply_ns += apply_ns
        tally.actions += n
        tally.rounds += 1
    return tally
