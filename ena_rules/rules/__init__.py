"""The rules: one module per concept, each with one mechanism, in layers (top to bottom).

The public entry points are re-exported by :mod:`ena_rules` (``apply``, ``legal_events``,
``new_game``, ``canonical_deck``, ``view``). This package's ``__init__`` imports nothing. Each
layer imports only the layers below it (pyproject.toml's import contract "rules", checked by
``lint-imports``).

=============  ==============================================================================
module         its one concern
=============  ==============================================================================
*entry points*
chance         Cut and Deal events made from a game seed (``cut_event``, ``deal_event``)
referee        the checked entry points: apply, legal_events, new_game, canonical_deck
*dispatch*
dispatch       the entry points' body: each event type's judge and performer
view           what one player may see (``view``), with that view as a partial state
clock          HR-TIME-LIMIT: a late move (apply's took), when a turn begins, the turn's clock
*events*
overtake       Overtake: the identical card out of turn
unseen         partial states: forget, revealed hands, undetermined verdicts
challenge      Challenge of a Wild Draw Four
uno            CallUno: the call and the catch
deal           chance (Cut, Deal), the turned-up card, ChooseColor
*the turn*
turn           a turn: matching, Play, Draw, Pass
answers        a draw owed sent on or back (HR-DEFLECT-REVERSE, HR-DEFLECT-SKIP)
multi          several cards at once, the bomb (HR-MULTI-PLAY, HR-BOMB)
forced         what a player must do about a turn's draw (HR-FORCED-PLAY, HR-HAND-LIMIT)
finish         which card may not be the last (HR-FINISH-ACTION, HR-FINISH-WILD)
discard        a card put down: its effects, a draw owed, the UNO call it makes due
*primitives*
scoring        the end of a round and of the game
penalties      the one penalty path: how many cards a mistake costs, and what paying it does
arbiter        the arbiter's lines: a misdeal, an imposed penalty
elimination    HR-ELIMINATION: the player holding the most cards leaves at a round's end
teams          HR-TEAMS: partners sit opposite; team points and the team that wins the game
effects        one function per effect op of the catalogue (ena_rules.variant.ops), resolve
judgement      a judgement of an event: accept, a mistake the variant punishes, or reject;
               the checks every event shares (game over, unknown player, not dealt, card args)
windows        the timing windows of docs/timing-windows.md: one function per opening/closing
work           the mutable working copy of a state an accepted event is applied to
sight          what players see: open hands, blind draws, a two-sided deck's backs (FLIP2-SIGHT)
unknown        cards nobody saw, counted (``UNKNOWN``, ``?|P3`` with its back seen, ``may_hold``)
revenge        HR-REVENGE: the doubled answer
=============  ==============================================================================
"""
