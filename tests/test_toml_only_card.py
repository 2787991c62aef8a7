"""Rules need no Python: cards defined only in TOML (tests/variants/) are refereed correctly.

``wild-draw-six.toml`` adds a "Wild Draw Six" (W+6: name a colour, the next player draws 6 and
is skipped; it stacks by overtaking) to Ena; ``skip-everyone.toml`` extends it by a relative path
with a coloured "Skip Everyone" (SA: every other player is skipped). Neither card appears in any
Python file of ena_rules.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from ena_rules import (
    Draw,
    GameState,
    Overtake,
    Play,
    apply,
    canonical_deck,
    legal_events,
    load_variant,
    load_variant_text,
    new_game,
)
from ena_rules.rules.chance import cut_event, deal_event
from ena_rules.testing import start_round

HERE = Path(__file__).parent / "variants"
SIX = load_variant(HERE / "wild-draw-six.toml")
ALL = load_variant(HERE / "skip-everyone.toml")
NAMES = ("ana", "bor", "cene", "dan")

#: The scores the two files give, written out here independently of the loader.
VALUES = {"S": 20, "R": 20, "+2": 20, "W": 50, "W+4": 50, "W+6": 60, "SA": 30}


def value(rank: str) -> int:
    return int(rank) if rank.isdigit() else VALUES[rank]


def small(path: Path, hand_size: int) -> object:
    return load_variant_text(
        f'name = "t"\nextends = "{path.name}"\n[deal]\nhand_size = {hand_size}\n', base_dir=HERE
    )


def ok(state: GameState, event: object) -> GameState:
    v = apply(state, event)  # type: ignore[arg-type]
    assert v.accepted, str(v)
    return v.state


def test_DECK_WC_the_new_cards_are_in_the_deck_and_nowhere_in_the_code() -> None:
    """DECK-WC: the deck is built from the files alone: 108 Ena cards + 2 W+6 + 4 SA."""
    deck = Counter(str(c) for c in canonical_deck(ALL))
    assert sum(deck.values()) == 114 and deck["W+6"] == 2
    assert all(deck[f"{c}SA"] == 1 for c in "RYGB")
    source = "".join(
        p.read_text() for p in (Path(__file__).parent.parent / "ena_rules").rglob("*.py")
    )
    assert "W+6" not in source and '"SA"' not in source and "skip-everyone" not in source
    assert sum(Counter(str(c) for c in canonical_deck(SIX)).values()) == 110


def test_DECK_WC_wild_draw_six_draws_six_skips_and_stacks_by_overtaking() -> None:
    """DECK-WC: a W+6 names a colour; the next player owes 6 (they may stack another W+6 or
    draw) and loses the turn; an overtaking W+6 stacks to 12 (OVT-STACK from the file)."""
    six = small(HERE / "wild-draw-six.toml", 3)
    hands = [["W+6", "G1", "Y1"], ["B1", "B2", "B3"], ["W+6", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = start_round(six, list(NAMES), dealer="dan", hands=hands, turned="R5")  # type: ignore
    assert apply(s, Play("ana", "W+6")).rejected  # a wild names its colour
    s = ok(s, Play("ana", "W+6", color="yellow"))
    assert s.color == "Y" and s.pending is not None and s.pending.count == 6 and s.due == "bor"
    v = apply(s, Draw("bor"))
    assert v.drawn == (("bor", 6),) and v.skipped == ("bor",) and v.state.due == "cene"
    v = apply(s, Overtake("cene", "W+6", color="green"))
    assert v.accepted and v.state.pending is not None and v.state.pending.count == 12
    assert v.state.due == "dan"
    # an out-of-turn W+6 is an Ena mistake like any other
    s = start_round(six, list(NAMES), dealer="dan", hands=hands, turned="R5")  # type: ignore
    v = apply(s, Play("cene", "W+6", color="red"))
    assert v.penalised and v.drawn == (("cene", 2),) and v.key == "penalties.out_of_turn"


def test_DECK_WC_skip_everyone_gives_its_player_another_turn() -> None:
    """DECK-WC: a Skip Everyone skips every other player: its player is due again; it matches by
    colour or by its own symbol like any coloured card."""
    every = small(HERE / "skip-everyone.toml", 3)
    hands = [["RSA", "G1", "Y1"], ["GSA", "B2", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = start_round(every, list(NAMES), dealer="dan", hands=hands, turned="R5")  # type: ignore
    v = apply(s, Play("ana", "RSA"))
    assert v.accepted and v.skipped == ("bor", "cene", "dan") and v.state.due == "ana"
    wrong = apply(v.state, Play("ana", "Y1"))
    assert wrong.penalised and wrong.key == "penalties.wrong_card"


def test_SCORE_ENA_a_round_ended_by_the_new_cards_scores_their_values() -> None:
    """SCORE-ENA: the new cards left in hands score what the files say (W+6 60, SA 30), and a
    W+6 played last is still drawn by the next player (END-LAST-DRAW)."""
    one = small(HERE / "skip-everyone.toml", 2)
    s = start_round(
        one,
        ["ana", "bor", "cene"],
        dealer="cene",  # type: ignore[arg-type]
        hands=[["W+6", "R1"], ["W+6", "BSA"], ["YSA", "G7"]],
        turned="R5",
        draw=["G2", "G3", "G4", "G5", "G6", "G8", "G9", "Y2"],
    )
    s = ok(s, Play("ana", "R1"))
    s = ok(s, Draw("bor"))  # G2 does not match R1: the turn passes
    s = ok(s, Draw("cene"))  # G3 neither
    v = apply(s, Play("ana", "W+6", color="green"))
    assert v.accepted and v.state.last_round is not None
    assert v.drawn == (("bor", 6),)
    points = v.state.last_round.points
    assert points == (0, 60 + 30 + 2 + 4 + 5 + 6 + 8 + 9 + 2, 30 + 7 + 3)
    for seat in (1, 2):
        assert points[seat] == sum(value(c.rank) for c in v.state.hands[seat])


def test_DECK_WC_a_whole_game_with_the_new_cards_is_refereed_correctly() -> None:
    """DECK-WC: a whole 4-player game with W+6 and Skip Everyone, from the cut to the end of the
    game through legal_events + apply: every W+6 makes its victim owe 6 more, every Skip
    Everyone gives its player the next turn, mistakes with the new cards cost 2, and every
    round scores the new cards at their values."""
    rng = random.Random(4)
    s = new_game(ALL, NAMES)
    attempt = 0
    seen: Counter[str] = Counter()
    for _ in range(200_000):
        if s.phase == "over":
            break
        if s.phase == "cut":
            s = ok(s, cut_event(s, 4, attempt))
            attempt += 1
            continue
        if s.phase == "deal":
            s = ok(s, deal_event(s, 4))
            continue
        holders = [
            (i, c)
            for i, h in enumerate(s.hands)
            for c in h
            if c.rank in ("W+6", "SA") and i != s.turn
        ]
        if holders and s.phase == "play" and rng.random() < 0.05:
            seat, card = rng.choice(holders)
            color = "red" if card.color is None else None
            v = apply(s, Play(s.players[seat], card, color=color))
            supply = len(s.draw_pile) + len(s.discard) - 1
            got = min(2, supply)
            assert v.penalised and v.drawn == (((s.players[seat], got),) if got else ())
            seen["penalty"] += 1
            s = v.state
            continue
        events = legal_events(s)
        special = [
            e for e in events if isinstance(e, (Play, Overtake)) and e.card.rank in ("W+6", "SA")
        ]
        event = rng.choice(special) if special and rng.random() < 0.8 else rng.choice(events)
        v = apply(s, event)
        assert v.accepted, str(v)
        t = v.state
        ended = t.last_round is not None and t.round != s.round
        if isinstance(event, (Play, Overtake)) and not ended:
            seat = s.seat(event.player)
            if event.card.rank == "W+6":
                before = s.pending.count if s.pending is not None else 0
                assert t.pending is not None and t.pending.count == before + 6
                assert t.due == t.players[(seat + t.direction) % 4]
                seen["W+6"] += 1
            elif event.card.rank == "SA":
                assert t.due == event.player
                assert set(v.skipped) >= set(NAMES) - {event.player}
                seen["SA"] += 1
        p = s.pending
        if isinstance(event, Draw) and s.phase == "owe" and p is not None and p.rank == "W+6":
            supply = len(s.draw_pile) + len(s.discard) - 1
            got = min(p.count, supply)
            assert v.drawn == (((event.player, got),) if got else ())
            seen["drew W+6"] += 1
        if ended:
            assert t.last_round is not None
            w = t.last_round.winner
            for i, h in enumerate(t.hands):
                expect = 0 if i == w else sum(value(c.rank) for c in h)
                assert t.last_round.points[i] == expect
            seen["rounds"] += 1
        s = t
    assert s.phase == "over" and s.winner is not None
    assert s.scores[s.winner] == min(s.scores) and max(s.scores) >= 500
    assert seen["W+6"] > 0 and seen["SA"] > 0 and seen["drew W+6"] > 0
    assert seen["penalty"] > 0 and seen["rounds"] >= 2, seen


def test_DECK_WC_the_test_files_resolve_through_their_extends_chain() -> None:
    """DECK-WC: skip-everyone.toml extends wild-draw-six.toml (a relative path), which extends
    the shipped ena, which extends official: each level's keys arrive, with their citations."""
    assert ALL.extends == "wild-draw-six.toml" and SIX.extends == "ena"
    assert ALL.rank("W+6").score == 60 and ALL.rank("SA").score == 30
    assert ALL.overtake.enabled and ALL.deal.cut == "lowest"  # from ena
    assert ALL.rank("W+4").challengeable  # from official
    cite = ALL.citation("stacking.overtake")
    assert cite is not None and cite.clause == ("OVT-STACK",)
    assert not load_variant("ena").has_rank("W+6")
