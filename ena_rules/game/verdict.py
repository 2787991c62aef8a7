"""Verdicts: what the referee decided about one event, and why.

>>> from ena_rules import apply, new_game, load_variant, Draw
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> v = apply(s, Draw("ana"))
>>> v.outcome, v.clause
('rejected', 'DEAL-SEVEN')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Literal

import attrs

from . import display, fastbuild

if TYPE_CHECKING:
    from .events import Event
    from .state import GameState

__all__ = ["ACCEPTED", "PENALISED", "REJECTED", "UNDETERMINED", "Note", "Outcome", "Verdict"]

#: What the referee decided about one event.
Outcome = Literal["accepted", "penalised", "rejected", "undetermined"]

ACCEPTED: Final = "accepted"
PENALISED: Final = "penalised"
REJECTED: Final = "rejected"
UNDETERMINED: Final = "undetermined"


@attrs.frozen(weakref_slot=False)  # weakref_slot: see ena_rules.game.fastbuild
class Note:
    """One rule applied: its clause id, the variant key path, and what it did in words."""

    clause: str
    key: str
    text: str


@attrs.frozen(weakref_slot=False)
class Verdict:
    """The outcome of :func:`~ena_rules.apply`: accepted, penalised, rejected, or (on a partial
    state only) undetermined.

    ``state`` is the new state (the unchanged one when rejected); ``notes`` lists every rule
    applied, the first being the one that decided the outcome; ``drawn`` counts the cards each
    player drew; ``skipped`` names the players who lost a turn.
    """

    outcome: Outcome
    state: GameState = attrs.field(repr=False)
    event: Event
    notes: tuple[Note, ...]
    drawn: tuple[tuple[str, int], ...] = ()
    skipped: tuple[str, ...] = ()
    alternatives: tuple[Verdict, ...] = attrs.field(default=(), repr=False)
    """An undetermined verdict (a partial state: a check needs a card nobody saw): the
    verdict under each reading the rules allow; ``state`` is the first one's."""

    @property
    def accepted(self) -> bool:
        """True if the event was accepted as a legal move."""
        return self.outcome == ACCEPTED

    @property
    def penalised(self) -> bool:
        """True if the event was a mistake the variant punishes."""
        return self.outcome == PENALISED

    @property
    def rejected(self) -> bool:
        """True if the event cannot happen; the state is unchanged."""
        return self.outcome == REJECTED

    @property
    def undetermined(self) -> bool:
        """True if the ruling needs a card nobody saw (see :attr:`alternatives`)."""
        return self.outcome == UNDETERMINED

    @property
    def clause(self) -> str:
        """The clause id of the rule that decided the outcome."""
        return self.notes[0].clause

    @property
    def key(self) -> str:
        """The variant key path of the rule that decided the outcome."""
        return self.notes[0].key

    @property
    def message(self) -> str:
        """What happened, in words."""
        return " ".join(n.text for n in self.notes)

    def __str__(self) -> str:
        return f"{self.outcome} [{self.clause} {self.key}] {self.message}"

    def _repr_html_(self) -> str | None:  # notebooks show the verdict and the table after it
        return display.html(self)


#: ``Note(clause, key, text)`` and ``Verdict(...)`` without ``__init__``
#: (:mod:`ena_rules.game.fastbuild`): how the referee builds them, once per rule and once per event.
make_note: Callable[[str, str, str], Note] = fastbuild.builder(Note)
make_verdict: Callable[..., Verdict] = fastbuild.builder(Verdict)
