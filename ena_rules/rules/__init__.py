"""The rules: one module per concept, each with one mechanism.

The public entry points are re-exported by :mod:`ena_rules` (``apply``, ``legal_events``,
``new_game``, ``canonical_deck``) from :mod:`ena_rules.rules.referee`. This package's
``__init__`` imports nothing, so that the variant schema can read the effect registry
(:mod:`ena_rules.rules.effects`) without an import cycle.

============  =================================================================================
module        its one concern
============  =================================================================================
phases        the phases a state can be in (a ``Literal`` mypy checks)
judgement     a judgement of an event: accept, a mistake the variant punishes, or reject;
              the checks every event shares (game over, unknown player, not dealt, card args)
penalties     the one penalty path: how many cards a mistake costs, and what paying it does
windows       the timing windows of docs/timing-windows.md: one function per opening/closing
work          the mutable working copy of a state an accepted event is applied to
effects       the registry of effect primitives (one function per op) and a card put down
turn          a turn: matching, Play, Draw, Pass
overtake      Overtake: the identical card out of turn
uno           CallUno: the call and the catch
challenge     Challenge of a Wild Draw Four
deal          chance (Cut, Deal), the turned-up card, ChooseColor
scoring       the end of a round and of the game
elimination   HR-ELIMINATION: the player holding the most cards leaves at a round's end
teams         HR-TEAMS: partners sit opposite; team points and the team that wins the game
sight         what players see: open hands (HR-OPEN-HAND), blind draws (HR-BLIND-DRAW)
clock         HR-TIME-LIMIT: a late move (apply's took), when a turn begins, the turn's clock
referee       the entry points: apply, legal_events, new_game, canonical_deck
============  =================================================================================
"""
