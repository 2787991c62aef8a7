"""Programs that play: the simulator's players and figures, and reinforcement learning.

============  ===================================================================================
module        its one concern
============  ===================================================================================
simulation    seeded games between automatic players, and the figures of many games
              (``ena-rules simulate``)
env           the PettingZoo AEC environment (``env()``, ``raw_env``) and its out-of-turn offers
parallel      the same windows in PettingZoo's parallel API
actions       the fixed action space of a variant
observations  the observation vector of a player's view
gym           the single-agent Gymnasium wrapper
train         the numpy learning example (docs/rl.md)
layout        the generated tables of docs/rl.md
============  ===================================================================================

The reinforcement-learning modules need the ``[rl]`` extra (pettingzoo, gymnasium, numpy);
nothing is imported here, so ``import ena_rules`` never needs numpy. ``ena_rules.env`` is
:mod:`ena_rules.agents.env`.
"""
