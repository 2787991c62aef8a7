"""Reinforcement learning on the real rules (the ``[rl]`` extra: pettingzoo, gymnasium, numpy).

Nothing is imported here: the modules are loaded on use, so ``import ena_rules`` never needs
numpy. The PettingZoo environment is :mod:`ena_rules.agents.env` (``env()``, ``raw_env``; the
parallel API: :mod:`ena_rules.agents.parallel`), its
action and observation layouts :mod:`ena_rules.agents.actions` and
:mod:`ena_rules.agents.observations`, the single-agent Gymnasium wrapper
:mod:`ena_rules.agents.gym`, and the numpy learning example :mod:`ena_rules.agents.train`
(docs/rl.md).
"""
