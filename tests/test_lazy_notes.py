"""A note whose words are built when read is a Note like any other (docs/architecture.md,
"Building states"): equal, hashed, printed, copied, pickled and introspected by its words."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from ena_rules import Note, Play, apply, load_variant
from ena_rules.game.verdict import make_lazy_note
from ena_rules.testing import start_round


def _played() -> Note:
    s = start_round(
        load_variant("ena"), ["ana", "bor"], dealer="ana", hands=[["R1"], ["R9"]], turned="R5"
    )
    return apply(s, Play("bor", "R9")).notes[0]


def test_a_lazy_note_is_a_note_with_its_words() -> None:
    lazy = make_lazy_note("TURN-MATCH", "turn.match", lambda: "bor plays R9: it matches.")
    eager = Note("TURN-MATCH", "turn.match", "bor plays R9: it matches.")
    assert isinstance(lazy, Note)
    assert lazy == eager and eager == lazy and hash(lazy) == hash(eager)
    assert (
        repr(lazy)
        == repr(eager)
        == ("Note(clause='TURN-MATCH', key='turn.match', text='bor plays R9: it matches.')")
    )
    assert attrs.asdict(lazy) == attrs.asdict(eager)
    assert attrs.evolve(lazy, key="k") == attrs.evolve(eager, key="k")
    for twin in (copy.copy(lazy), copy.deepcopy(lazy), pickle.loads(pickle.dumps(lazy))):
        assert type(twin) is Note and twin == eager


def test_a_lazy_note_builds_its_words_once() -> None:
    calls: list[int] = []

    def words() -> str:
        calls.append(1)
        return "built"

    note = make_lazy_note("X", "k", words)
    assert calls == []
    assert note.text == "built" and note.text == "built"
    assert calls == [1]


def test_a_lazy_note_is_frozen() -> None:
    note = _played()
    for field in ("clause", "key", "text"):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(note, field, "x")
    assert note.text == "bor plays R9: it matches."


def test_the_referees_notes_read_as_before() -> None:
    note = _played()
    assert (note.clause, note.key, note.text) == (
        "TURN-MATCH",
        "turn.match",
        "bor plays R9: it matches.",
    )
