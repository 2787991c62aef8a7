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


@attrs.frozen(weakref_slot=False, eq=False, repr=False)  # weakref_slot: see game/fastbuild.py
class Note:
    """One rule applied: its clause id, the variant key path, and what it did in words.

    A value (frozen, compared and hashed by its three fields). The referee notes every rule it
    applies, on every action, and most callers never read the words: it may give them as a
    function (:func:`make_lazy_note`), called once, when ``text`` is first read; the words, the
    equality, the hash, the ``repr``, a copy or a pickle are the same either way.

    >>> n = Note("TURN-MATCH", "turn.match", "ana plays R5: it matches.")
    >>> n == make_lazy_note("TURN-MATCH", "turn.match", lambda: "ana plays R5: it matches."), n.key
    (True, 'turn.match')
    """

    clause: str
    key: str
    text: str

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Note):
            return NotImplemented
        return (self.clause, self.key, self.text) == (other.clause, other.key, other.text)

    def __hash__(self) -> int:
        return hash((self.clause, self.key, self.text))

    def __repr__(self) -> str:
        return f"Note(clause={self.clause!r}, key={self.key!r}, text={self.text!r})"


class _LazyNote(Note):
    """A :class:`Note` whose words are built when first read (:func:`make_lazy_note`); a copy
    or a pickle is a plain ``Note`` holding the words."""

    __slots__ = ("_words",)
    _words: str | Callable[[], str]

    def __init__(self, clause: str, key: str, text: str | Callable[[], str]) -> None:
        _set(self, "clause", clause)  # attrs.evolve builds a note through __init__
        _set(self, "key", key)
        _set(self, "_words", text)

    @property
    def text(self) -> str:
        """What the rule did, in words (built once, on the first read)."""
        words = self._words
        if not isinstance(words, str):
            words = words()
            _set(self, "_words", words)  # the value does not change: its words are cached
        return words

    def __reduce__(self) -> tuple[type[Note], tuple[str, str, str]]:
        return (Note, (self.clause, self.key, self.text))


_set = object.__setattr__
_new = object.__new__

#: ``Note(clause, key, text)`` without ``__init__`` (:mod:`ena_rules.game.fastbuild`): the
#: referee builds several an action.
make_note: Callable[[str, str, str], Note] = fastbuild.builder(Note)


def make_lazy_note(clause: str, key: str, words: Callable[[], str]) -> Note:
    """A note whose words ``words()`` builds when ``text`` is first read (once).

    >>> make_lazy_note("TURN-NEXT", "turn.next", lambda: "bor is next (clockwise).").text
    'bor is next (clockwise).'
    """
    note = _new(_LazyNote)
    _set(note, "clause", clause)
    _set(note, "key", key)
    _set(note, "_words", words)
    return note


def note_of(clause: str, key: str, text: str | Callable[[], str]) -> Note:
    """A note with its words, or with the function that builds them when read.

    >>> note_of("X", "k", "words") == note_of("X", "k", lambda: "words")
    True
    """
    return (
        make_note(clause, key, text) if isinstance(text, str) else make_lazy_note(clause, key, text)
    )


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


#: ``Verdict(...)`` without ``__init__`` (:mod:`ena_rules.game.fastbuild`): how the referee
#: builds one, once per event.
make_verdict: Callable[..., Verdict] = fastbuild.builder(Verdict)
