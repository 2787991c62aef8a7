"""The values of a game: states, events, verdicts, views, positions, and their JSON.

============  ===================================================================================
module        its one concern
============  ===================================================================================
phases        the phases a state can be in (a ``Literal`` mypy checks)
state         :class:`GameState`, an immutable value, and its parts
events        the events (a **contract**: Play, Overtake, Draw, Pass, CallUno, Challenge, ...)
event_fields  an event's fields checked: player names, cards, colours
verdict       :class:`Verdict` and :class:`Note`: what the referee says of an event
view          :class:`PlayerView`: what one player may see (made by :mod:`ena_rules.rules.view`)
names         player names: what a name may be
words         plain words: plurals and lists
fastbuild     building attrs values without ``__init__`` (values the referee has checked)
guards        the library's own argument checks at the public entry points
state_check   the consistency check of a state built from outside (JSON, a position)
position      the one-line position notation (docs/position.md)
convert       the converter of events and states (strict, with key paths)
serialize     JSON for apps: states, views, verdicts and events, and back
display       the notebook pictures' hook (drawn by :mod:`ena_rules.pictures`)
============  ===================================================================================

Nothing here judges a move: the rules (:mod:`ena_rules.rules`) sit above these values.
"""
