"""Short helpers for rule tests: a derived variant, an arranged deal, events that must be
accepted, hands and verdicts as plain values.

>>> from ena_rules import Play
>>> v = derived("official", 3)
>>> s = deal(v, [["R1", "G2", "Y3"], ["B1", "B2", "B3"]], "R5")
>>> s.players, s.due
(('ana', 'bor'), 'ana')
>>> after = run(s, Play("ana", "R1"))
>>> hand(after.state, "ana"), transcript(after)[0]
(['G2', 'Y3'], 'TURN-MATCH turn.match: ana plays R1: it matches.')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import Card
from ..game.events import Event
from ..game.state import GameState
from ..game.verdict import Verdict
from ..rules.referee import apply, judge, legal_events
from ..variant import Variant
from ..variant.io import load_variant_text

__all__ = [
    "NAMES",
    "all_cards",
    "deal",
    "derived",
    "hand",
    "held",
    "ok",
    "rejected",
    "run",
    "transcript",
]

#: Seat names, clockwise: ``deal`` seats the first ``len(hands)`` of them.
NAMES = ("ana", "bor", "cene", "dan", "eva", "fran", "gal", "hana", "iva", "jan")


def derived(base: str, hand_size: int, extra: str = "", *, name: str | None = None) -> Variant:
    """``base`` with ``hand_size`` cards a hand (so arranged hands are given whole), plus the
    TOML lines ``extra``; named ``name`` (default ``"<base>-<hand_size>"``)."""
    title = name or f"{base}-{hand_size}"
    return load_variant_text(
        f'name = "{title}"\nextends = "{base}"\n[deal]\nhand_size = {hand_size}\n' + extra
    )


def deal(
    variant: Variant,
    hands: Sequence[Sequence[str]],
    turned: str | Sequence[str],
    *,
    draw: Sequence[str] = (),
    seed: int = 0,
    scores: Sequence[int] | None = None,
    dealer: int | None = None,
) -> GameState:
    """A round dealt from an arranged deck, seats ``NAMES[:len(hands)]``; the last seat deals
    (or seat ``dealer``), so seat 0 goes first."""
    from . import start_round

    players = list(NAMES[: len(hands)])
    d = players[-1] if dealer is None else players[dealer]
    return start_round(
        variant,
        players,
        dealer=d,
        hands=hands,
        turned=turned,
        draw=draw,
        seed=seed,
        scores=scores,
    )


def run(state: GameState, *events: Event) -> Verdict:
    """Apply ``events`` in order, each of which must be accepted; the last verdict."""
    verdict: Verdict | None = None
    for e in events:
        verdict = apply(state, e)
        assert verdict.accepted, str(verdict)
        state = verdict.state
    assert verdict is not None, "no event given"
    return verdict


def ok(state: GameState, *events: object) -> GameState:
    """Apply ``events`` in order, each of which must be accepted; the state after the last."""
    for e in events:
        verdict = apply(state, e)  # type: ignore[arg-type]
        assert verdict.accepted, str(verdict)
        state = verdict.state
    return state


def rejected(state: GameState, event: object, *words: str) -> Verdict:
    """``event`` is rejected: the very same state, nothing drawn or skipped, a clause, a key and
    a reason naming each of ``words``; and ``legal_events`` does not list it."""
    v = apply(state, event)  # type: ignore[arg-type]
    assert v.rejected, str(v)
    assert v.state is state
    assert v.drawn == () and v.skipped == ()
    assert v.clause and v.key and v.message
    for w in words:
        assert w in v.message, (w, v.message)
    assert event not in legal_events(state)
    return v


def judged(state: GameState, event: Event) -> tuple[str, str, str | None, str]:
    """The pure judgement of ``event`` that ``apply`` and ``legal_events`` share, as
    ``(kind, key, clause, reason)`` (``clause`` ``None``: the variant's clause for ``key``).

    >>> from ena_rules import Draw
    >>> s = deal(derived("official", 1), [["R1"], ["B2"]], "R5")
    >>> judged(s, Draw("ana"))
    ('accept', 'turn.draw', None, "their turn's draw")
    >>> judged(s, Draw("bor"))[0]
    'reject'
    """
    j = judge(state, event)
    return (j.kind, j.key, j.clause, j.reason)


def hand(state: GameState, name: str) -> list[str]:
    """The cards ``name`` holds, as codes, in the order received."""
    return [str(c) for c in state.hands[state.seat(name)]]


def held(state: GameState, name: str) -> Counter[str]:
    """The cards ``name`` holds, as a multiset of codes."""
    return Counter(str(c) for c in state.hands[state.seat(name)])


def transcript(verdict: Verdict) -> list[str]:
    """Every note of a verdict as ``"CLAUSE key: text"``, the decisive one first."""
    return [f"{n.clause} {n.key}: {n.text}" for n in verdict.notes]


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of the round: the hands, the draw pile and the discard pile."""
    out: Counter[Card] = Counter(state.draw_pile) + Counter(state.discard)
    for h in state.hands:
        out += Counter(h)
    return out
