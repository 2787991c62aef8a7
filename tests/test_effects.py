"""What cards do: ACT-SKIP, ACT-REV, ACT-REV-2P, ACT-D2, ACT-WILD, ACT-WD4, DECK-WSH, DECK-WC,
HOUSE-SEVEN-ZERO (the effect primitives).

Every test's name starts with the clause id of ../shared/RULES.md it proves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest

from ena_rules import (
    CallUno,
    Card,
    Challenge,
    Draw,
    GameState,
    Overtake,
    Play,
    Variant,
    Verdict,
    apply,
    legal_events,
    load_variant,
    load_variant_text,
    parse_card,
)
from ena_rules.cards.shuffle import derive_seed, shuffled
from ena_rules.testing import (
    all_cards,
    deal,
    derived,
    hand,
    held,
    ok,
    rejected,
    run,
    start_round,
    transcript,
)

V3 = derived("official", 3)


PLAYERS = ["ana", "bor", "cene"]


def table() -> GameState:
    hands = [["Y1", "Y2", "Y3"], ["R1", "W", "W+4"], ["G1", "G2", "G3"]]
    return start_round(V3, PLAYERS, dealer="ana", hands=hands, turned="R5")


PLAYERS_OFF = ("ana", "bor", "cene", "dan")


SMALL = "[deal]\nhand_size = 3"


def table_off(
    variant: Variant,
    hands: Sequence[Sequence[str]] = (),
    turned: str | Sequence[str] = "R5",
    draw: Sequence[str] = (),
    players: Sequence[str] = PLAYERS_OFF,
    dealer: str = "ana",
) -> GameState:
    """A round dealt from an arranged deck through the real Deal event."""
    return start_round(variant, list(players), dealer=dealer, hands=hands, turned=turned, draw=draw)


def cards(codes: Sequence[str]) -> Counter[Card]:
    return Counter(parse_card(c) for c in codes)


def plays(state: GameState, name: str) -> set[str]:
    return {str(e.card) for e in legal_events(state) if isinstance(e, Play) and e.player == name}


def clauses(v: Verdict) -> list[str]:
    return [n.clause for n in v.notes]


def wd4_table(bor: list[str]) -> GameState:
    """bor (first to play) holds ``bor``; cene, who would draw the four, holds yellows."""
    return table_off(V3, [[], bor, ["Y7", "Y8", "Y9"]])


SEVEN_JUMP = derived("seven-zero", 3, "[overtake]\nenabled = true\n")


SEVEN = derived("seven-zero", 3)


NAMES = ("ana", "bor", "cene", "dan", "eva")


SEVEN_EXEMPT = derived("seven-zero", 2)


@pytest.mark.parametrize("card", ["W", "W+4"])
def test_ACT_WILD_a_wild_without_a_colour_is_rejected(card: str) -> None:
    """ACT-WILD: a wild must name its colour."""
    v = rejected(table(), Play("bor", card), card, "needs a colour")
    assert v.clause == "ACT-WILD"


def test_ACT_WILD_a_colour_on_a_coloured_card_is_rejected() -> None:
    """ACT-WILD: a coloured card names no colour: the contradictory event is rejected."""
    rejected(table(), Play("bor", "R1", color="green"), "R1", "does not name a colour")


def test_DECK_WSH_wild_shuffle_hands_collects_shuffles_and_deals_from_the_next_player(
    derive: Callable[..., Variant],
) -> None:
    """DECK-WSH: a colour is named; all hands are shuffled and dealt from the next player."""
    v = derive(f"{SMALL}\n[deck.wild]\nWS = 1\nWC = 3")
    s = table_off(
        v, [["Y1", "Y2", "Y3"], ["WS", "R1", "R2"], ["G1", "G2", "G3"]], players=PLAYERS_OFF[:3]
    )
    before = Counter(c for h in s.hands for c in h) - cards(["WS"])
    v2 = run(s, Play("bor", "WS", color="green"))
    after = v2.state
    assert after.color == "G" and str(after.top) == "WS"
    assert Counter(c for h in after.hands for c in h) == before
    # 8 cards dealt one at a time from cene (next): cene 3, ana 3, bor 2
    assert [len(h) for h in after.hands] == [3, 2, 3]
    assert after.turn == 2 and "DECK-WSH" in clauses(v2)
    assert all_cards(after) == all_cards(s)


def test_DECK_WC_a_variant_file_defines_the_wild_customizable_effect(
    derive: Callable[..., Variant],
) -> None:
    """DECK-WC: a house file composes the Wild Customizable's effect from primitives."""
    plain = derive(f"{SMALL}\n[deck.wild]\nWC = 3")
    house = derive(
        f"{SMALL}\n[deck.wild]\nWC = 3\n[ranks.WC]\n"
        'effects = [{op = "choose_color"}, {op = "draw", count = 3}, {op = "skip"}]'
    )
    hands = [[], ["WC", "R1", "R2"], ["G1", "G2", "G3"]]
    as_wild = run(table_off(plain, hands), Play("bor", "WC", color="blue"))
    assert as_wild.state.color == "B" and as_wild.state.turn == 2 and as_wild.drawn == ()
    custom = run(table_off(house, hands), Play("bor", "WC", color="blue"))
    assert custom.state.color == "B"
    assert custom.drawn == (("cene", 3),) and custom.skipped == ("cene",)
    assert custom.state.turn == 3 and len(custom.state.hands[2]) == 6


def test_ACT_SKIP_the_next_player_loses_the_turn() -> None:
    """ACT-SKIP: after a Skip the next player is skipped."""
    v = run(table_off(V3, [[], ["RS", "G2", "B3"]]), Play("bor", "RS"))
    assert v.skipped == ("cene",) and v.state.turn == 3 and v.drawn == ()


def test_ACT_REV_the_direction_reverses() -> None:
    """ACT-REV: after a Reverse play runs the other way."""
    s = table_off(V3, [["R7", "Y1", "Y2"], ["RR", "G2", "B3"]])
    v = run(s, Play("bor", "RR"))
    assert v.state.direction == -1 and v.state.turn == 0 and v.skipped == ()
    assert run(v.state, Play("ana", "R7")).state.turn == 3


def test_ACT_REV_2P_with_two_players_reverse_acts_as_skip() -> None:
    """ACT-REV-2P: with two players a Reverse skips the other: its player goes again."""
    s = table_off(V3, [[], ["RR", "G2", "B3"]], players=PLAYERS_OFF[:2])
    v = run(s, Play("bor", "RR"))
    assert v.state.turn == 1 and v.skipped == ("ana",)
    assert "ACT-REV-2P" in clauses(v)


def test_ACT_D2_the_next_player_draws_two_and_loses_the_turn() -> None:
    """ACT-D2: the next player draws 2 at once (no stacking officially) and is skipped."""
    s = table_off(V3, [[], ["R+2", "G2", "B3"], ["R+2", "G4", "B4"]], draw=["Y1", "Y2"])
    v = run(s, Play("bor", "R+2"))
    assert v.drawn == (("cene", 2),) and v.skipped == ("cene",)
    assert hand(v.state, "cene") == ["R+2", "G4", "B4", "Y1", "Y2"]
    assert v.state.turn == 3 and v.state.phase == "play" and v.state.pending is None


def test_ACT_WILD_the_player_names_the_next_colour() -> None:
    """ACT-WILD: a Wild names the colour the next player must follow."""
    s = table_off(V3, [[], ["W", "G2", "B3"], ["R1", "B1", "W"]])
    v = run(s, Play("bor", "W", color="blue"))
    assert v.state.color == "B" and v.state.turn == 2
    assert plays(v.state, "cene") == {"B1", "W"}


def test_ACT_WD4_the_player_names_a_colour_and_the_next_draws_four_and_loses_the_turn() -> None:
    """ACT-WD4: colour named; the next player draws 4 (their Draw) and is skipped."""
    s = wd4_table(["G1", "G2", "W+4"])
    v = run(s, Play("bor", "W+4", color="yellow"))
    owe = v.state
    assert owe.color == "Y" and owe.phase == "owe" and owe.turn == 2
    assert set(legal_events(owe)) == {Draw("cene"), Challenge("cene")}
    d = run(owe, Draw("cene"))
    assert d.drawn == (("cene", 4),) and d.skipped == ("cene",)
    assert d.state.turn == 3 and len(d.state.hands[2]) == 7 and d.state.color == "Y"


def test_HOUSE_SEVEN_ZERO_a_jump_in_with_a_seven_names_its_own_target() -> None:
    """HOUSE-SEVEN-ZERO (D-SEVEN-JUMP): a 7 jumped in on a 7 swaps hands like any 7: the jumper
    names the target (without one the event is rejected) and swaps from their own seat."""
    hands = [["R7", "G1", "Y1"], ["B1", "B2", "B3"], ["R7", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(SEVEN_JUMP, hands, "R5"), Play("ana", "R7", target="bor"))
    assert held(s, "ana") == Counter(["B1", "B2", "B3"])
    assert Overtake("cene", "R7", target="dan") in legal_events(s)
    assert Overtake("cene", "R7") not in legal_events(s)
    no_target = apply(s, Overtake("cene", "R7"))
    assert no_target.rejected and no_target.clause == "HOUSE-SEVEN-ZERO"
    assert apply(s, Overtake("cene", "R7", target="cene")).rejected
    v = apply(s, Overtake("cene", "R7", target="dan"))
    assert v.accepted and v.skipped == ("bor",)
    assert held(v.state, "cene") == Counter(["Y5", "Y6", "Y7"])
    assert held(v.state, "dan") == Counter(["G2", "G3"])
    assert v.state.due == "dan"


def test_HOUSE_SEVEN_ZERO_a_zero_with_two_players_exchanges_the_two_hands() -> None:
    """HOUSE-SEVEN-ZERO (D-ZERO-2P): with two players a 0 passes each hand one seat on, which
    exchanges the two hands (whatever the direction); then the other player is due."""
    two = derived("seven-zero", 3)
    s = deal(two, [["R0", "G1", "Y1"], ["B1", "B2", "B3"]], "R5")
    v = apply(s, Play("ana", "R0"))
    assert v.accepted
    assert held(v.state, "ana") == Counter(["B1", "B2", "B3"])
    assert held(v.state, "bor") == Counter(["G1", "Y1"])
    assert v.state.due == "bor"


def test_HOUSE_SEVEN_ZERO_a_seven_swaps_hands_with_the_named_player() -> None:
    """HOUSE-SEVEN-ZERO: a 7 swaps the player's hand with that of a player they name; a 7
    without a target (or naming themselves, or a stranger) is rejected, never a crash."""
    hands = [["R7", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = deal(SEVEN, hands, "R5")
    for bad in (
        Play("ana", "R7"),
        Play("ana", "R7", target="ana"),
        Play("ana", "R7", target="zoe"),
    ):
        v = apply(s, bad)
        assert v.rejected and v.clause == "HOUSE-SEVEN-ZERO", bad
    assert apply(s, Play("ana", "G1", target="bor")).rejected  # only a swap takes a target
    v = apply(s, Play("ana", "R7", target="cene"))
    assert v.accepted and held(v.state, "ana") == Counter(["G4", "G2", "G3"])
    assert held(v.state, "cene") == Counter(["G1", "Y1"]) and v.state.due == "bor"


def test_HOUSE_SEVEN_ZERO_a_zero_passes_every_hand_in_the_direction_of_play() -> None:
    """HOUSE-SEVEN-ZERO: a 0 passes every hand one seat in the direction of play (clockwise:
    to the left; after a Reverse: to the right)."""
    hands = [["R0", "G0", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = ok(deal(SEVEN, hands, "R5"), Play("ana", "R0"))
    assert held(s, "bor") == Counter(["G0", "Y1"])
    assert held(s, "cene") == Counter(["B1", "B2", "B3"])
    assert held(s, "ana") == Counter(["Y5", "Y6", "Y7"])
    hands = [["RR", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["R0", "Y6", "Y7"]]
    s = ok(deal(SEVEN, hands, "R5"), Play("ana", "RR"))
    assert s.due == "dan" and s.direction == -1
    s = ok(s, Play("dan", "R0"))  # counter-clockwise: every hand passes to the right
    assert held(s, "cene") == Counter(["Y6", "Y7"])
    assert held(s, "bor") == Counter(["G4", "G2", "G3"])
    assert held(s, "ana") == Counter(["B1", "B2", "B3"])
    assert held(s, "dan") == Counter(["G1", "Y1"]) and s.due == "cene"


def test_HOUSE_SEVEN_ZERO_a_seven_or_zero_played_last_ends_the_round_moving_no_hand() -> None:
    """HOUSE-SEVEN-ZERO: a 7 (or a 0) that is its player's last card ends the round (END-ROUND)
    before any hand moves: the player went out and keeps no swapped hand."""
    for card, event in (("R7", Play("ana", "R7", target="bor")), ("R0", Play("ana", "R0"))):
        s = deal(derived("seven-zero", 1), [[card], ["B1"], ["G4"]], "R5")
        v = apply(s, event)
        assert v.accepted and v.state.last_round is not None
        assert v.state.last_round.winner == 0 and v.state.hands[0] == ()
        assert held(v.state, "bor") == Counter(["B1"])


def test_HOUSE_SEVEN_ZERO_uno_after_a_swap_is_a_key() -> None:
    """HOUSE-SEVEN-ZERO: a player left with one card by a swap need not call UNO under
    "exempt" (the shipped default) and must under "must_call", where a catch costs 2."""
    hands = [["R7", "G1"], ["B1", "B2"], ["G4", "R9"], ["Y5", "Y6"]]
    two = derived("seven-zero", 2, '[uno]\nafter_hand_change = "must_call"\n')
    s = ok(deal(two, hands, "R5"), Play("ana", "R7", target="bor"))
    assert held(s, "bor") == Counter(["G1"]) and s.uno_exposed == (1,)
    v = apply(s, CallUno("cene", "bor"))
    assert v.accepted and v.drawn == (("bor", 2),)
    ex = derived("seven-zero", 2)
    s = ok(deal(ex, hands, "R5"), Play("ana", "R7", target="bor"))
    assert s.uno_exposed == () and apply(s, CallUno("cene", "bor")).rejected


def test_DECK_WSH_wild_shuffle_hands_deals_all_hands_out_from_the_next_player() -> None:
    """DECK-WSH: the player names a colour; all hands are collected, shuffled and dealt out
    evenly starting with the next player (reproducibly: the shuffle is seeded)."""
    hands = [["WS", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    s = deal(derived("ena-112", 3), hands, "R5")
    v = apply(s, Play("ana", "WS", color="blue"))
    assert v.accepted and v.state.color == "B" and v.state.due == "bor"
    t = v.state
    assert [len(h) for h in t.hands] == [2, 3, 3, 3]
    before = Counter(c for h in s.hands for c in h)
    before[next(c for c in s.hands[0] if str(c) == "WS")] -= 1
    assert Counter(c for h in t.hands for c in h) == +before
    assert apply(s, Play("ana", "WS", color="blue")).state == t  # the same seed, same deal
    assert "DECK-WSH" in [n.clause for n in v.notes]


def test_DECK_WC_a_wild_customizable_composed_from_primitives() -> None:
    """DECK-WC: wild-customizable.toml composes the Wild Customizable from primitives (choose a
    colour, then swap hands with a named player); in official-112 it plays as a plain Wild."""
    hands = [["WC", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["Y5", "Y6", "Y7"]]
    wc = derived("wild-customizable", 3)
    s = deal(wc, hands, "R5")
    assert apply(s, Play("ana", "WC", color="red")).rejected  # it needs a target
    v = apply(s, Play("ana", "WC", color="green", target="dan"))
    assert v.accepted and v.state.color == "G"
    assert held(v.state, "ana") == Counter(["Y5", "Y6", "Y7"])
    assert held(v.state, "dan") == Counter(["G1", "Y1"])
    plain = apply(deal(derived("official-112", 3), hands, "R5"), Play("ana", "WC", color="green"))
    assert plain.accepted and held(plain.state, "dan") == Counter(["Y5", "Y6", "Y7"])
    assert [e.op for e in load_variant("wild-customizable").rank("WC").effects] == [
        "choose_color",
        "swap_hands",
    ]


def test_HOUSE_SEVEN_ZERO_exempt_a_swap_exposes_nobody() -> None:
    """HOUSE-SEVEN-ZERO ("exempt", the shipped default): a 7 swapping a one-card hand for the
    player's own last card leaves neither of them to call UNO: no catch is possible."""
    hands = [["R1", "G1"], ["B1", "B2"], ["R7", "Y1"]]
    s = deal(SEVEN_EXEMPT, hands, "R5", draw=["Y9"])
    s = ok(s, Play("ana", "R1"), CallUno("ana"), Draw("bor"), Play("cene", "R7", target="ana"))
    assert hand(s, "cene") == ["G1"] and hand(s, "ana") == ["Y1"]
    assert s.uno_exposed == ()
    assert apply(s, CallUno("bor", "cene")).rejected


def test_DECK_WSH_hands_are_collected_from_the_player_shuffled_and_dealt_from_the_next() -> None:
    """DECK-WSH (docs/shuffle.md, "Shuffling hands"): the hands are collected seat by seat
    starting with the player of the card, shuffled with ``derive_seed(seed, k + 1)`` for the
    k-th in-round shuffle, and dealt one at a time from the next player on. Here two shuffles
    already happened in the round (k = 2)."""
    hands = [["Y1", "Y2", "Y3"], ["WS", "R1", "R2"], ["G1", "G2", "G3"], ["B7", "B8", "B9"]]
    s = deal(derived("ena-112", 3), hands, "R5", draw=["B1"], seed=99)
    s = attrs.evolve(s, shuffles=2)
    s = ok(s, Draw("ana"))  # ana cannot play: bor is due with the Wild Shuffle Hands
    collected = [c for i in range(4) for c in s.hands[(1 + i) % 4] if str(c) != "WS"]
    mixed = shuffled(collected, derive_seed(s.seed, 3))
    expected: list[list[str]] = [[], [], [], []]
    for i, c in enumerate(mixed):
        expected[(2 + i) % 4].append(str(c))
    v = apply(s, Play("bor", "WS", color="green"))
    assert [hand(v.state, n) for n in NAMES[:4]] == expected
    assert v.state.shuffles == 3
    assert transcript(v)[1:] == [
        "DECK-WSH ranks.WS.effects: bor names green.",
        "DECK-WSH ranks.WS.effects: All hands are shuffled and dealt out from cene.",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]


def test_ACT_REV_the_direction_in_words() -> None:
    """ACT-REV: a Reverse turns the direction; the verdict says which way play now runs."""
    s = deal(V3, [["RR", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "RR"]], "R5")
    v = apply(s, Play("ana", "RR"))
    assert transcript(v)[1:] == [
        "ACT-REV ranks.R.effects: Play now runs counter-clockwise.",
        "TURN-NEXT turn.next: cene is next (counter-clockwise).",
    ]
    v = apply(v.state, Play("cene", "RR"))
    assert transcript(v)[1:] == [
        "ACT-REV ranks.R.effects: Play now runs clockwise.",
        "TURN-NEXT turn.next: ana is next (clockwise).",
    ]


def test_ACT_REV_2P_the_reverse_as_a_skip_in_words() -> None:
    """ACT-REV-2P: with two players the Reverse is a Skip, and the verdict says so."""
    v = apply(deal(V3, [["RR", "G1", "Y1"], ["B1", "B2", "B3"]], "R5"), Play("ana", "RR"))
    assert transcript(v)[1:] == [
        "ACT-REV-2P actions.two_player_reverse: With two players the Reverse acts as a Skip.",
        "ACT-REV ranks.R.effects: Skipped: bor.",
        "TURN-NEXT turn.next: ana is next (clockwise).",
    ]


def test_ACT_D2_and_ACT_WD4_draws_in_words() -> None:
    """ACT-D2 / ACT-WD4: a +2 is drawn at once; a W+4 is owed (it may be challenged) and drawn
    by its victim, who loses the turn; each verdict says who draws what and why."""
    s = deal(V3, [["R+2", "W+4", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(s, Play("ana", "R+2")))[1:] == [
        "ACT-D2 ranks.+2.effects: bor draws 2 (the +2 card).",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]
    v = apply(s, Play("ana", "W+4", color="green"))
    assert transcript(v)[1:] == [
        "ACT-WD4 ranks.W+4.effects: ana names green.",
        "ACT-WD4 ranks.W+4.effects: bor owes 4 cards and may still answer them.",
    ]
    d = apply(v.state, Draw("bor"))
    assert transcript(d) == [
        "ACT-WD4 ranks.W+4.effects: bor draws 4 (the pending +4).",
        "ACT-WD4 ranks.W+4.effects: bor loses the turn.",
        "TURN-NEXT turn.next: cene is next (clockwise).",
    ]
    assert d.state.challenge is None and d.state.pending is None
    # the victim's draw is the card's effect: the window on it stays open (D-OVT-AFTER-DRAW)
    assert d.state.overtake_open is True


def test_DECK_WC_skip_all_in_words() -> None:
    """DECK-WC: a Wild Customizable composed of choose_color and skip_all: every other player is
    skipped and its player goes again."""
    wc = derived(
        "official",
        3,
        '[deck.wild]\nWC = 3\n[ranks.WC]\neffects = [{op = "choose_color"}, {op = "skip_all"}]\n',
    )
    s = deal(wc, [["WC", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    v = apply(s, Play("ana", "WC", color="red"))
    assert transcript(v)[2:] == [
        "DECK-WC ranks.WC.effects: Every other player is skipped: ana plays again.",
        "DECK-WC ranks.WC.effects: Skipped: bor, cene.",
        "TURN-NEXT turn.next: ana is next (clockwise).",
    ]


def test_DECK_WC_skips_on_one_card_add_up() -> None:
    """DECK-WC (docs/variants.md, "Several draws and skips on one card add up"): a card with
    two skips skips the next two players."""
    wc = derived(
        "official",
        3,
        "[deck.wild]\nWC = 3\n[ranks.WC]\n"
        'effects = [{op = "choose_color"}, {op = "skip"}, {op = "skip"}]\n',
    )
    hands = [["WC", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"], ["Y4", "Y5", "Y6"]]
    v = apply(deal(wc, hands, "R5"), Play("ana", "WC", color="red"))
    assert v.skipped == ("bor", "cene") and v.state.due == "dan"


def test_ACT_WILD_card_arguments_are_checked_in_words() -> None:
    """ACT-WILD / DECK-108 / TURN-MATCH / HOUSE-SEVEN-ZERO: a card must be of the deck and held;
    a wild needs a colour of the deck, other cards none; only a swapping card takes a target.
    Each refusal cites its rule."""
    three = derived("official", 3, '[deck]\ncolors = ["R", "Y", "G"]\n')
    s = deal(three, [["W+4", "W", "R1"], ["R2", "R3", "R4"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(s, Play("ana", "W", color="blue"))) == [
        "ACT-WILD deck.colors: blue is not a colour of this deck"
    ]
    assert transcript(apply(s, Play("ana", "W+4"))) == [
        "ACT-WILD ranks.W+4.effects: W+4 needs a colour: name red, yellow or green"
    ]
    assert transcript(apply(s, Play("ana", "R1", target="bor"))) == [
        "TURN-MATCH ranks.1.effects: R1 takes no target (drop target=)"
    ]
    assert transcript(apply(s, Play("ana", "Y1"))) == [
        "TURN-MATCH turn.from_hand: ana does not hold Y1"
    ]
    wc = deal(
        derived("wild-customizable", 3),
        [["WC", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]],
        "R5",
    )
    assert transcript(apply(wc, Play("ana", "WC", color="red"))) == [
        "HOUSE-SEVEN-ZERO ranks.WC.effects: WC swaps hands: name another player as target"
    ]


def test_ACT_WILD_only_a_wild_names_a_colour_and_only_deck_cards_are_played() -> None:
    """ACT-WILD / DECK-108: a colour named with a card that is not a wild is refused; a card
    that is not in the variant's deck is refused."""
    s = deal(V3, [["R1", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]], "R5")
    assert transcript(apply(s, Play("ana", "R1", color="red"))) == [
        "ACT-WILD ranks.1.effects: R1 does not name a colour (drop color='red')"
    ]
    assert transcript(apply(s, Play("ana", "WS", color="red"))) == [
        "DECK-108 deck.wild: WS is not a card of the official-3 deck"
    ]


def test_DECK_WC_draws_on_one_card_add_up() -> None:
    """DECK-WC (docs/variants.md: "Several draws and skips on one card add up"): a card with
    a draw of 1 and a draw of 2 makes the next player draw 3."""
    wc = derived(
        "official",
        3,
        '[deck.wild]\nWC = 3\n[ranks.WC]\neffects = [{op = "choose_color"}, '
        '{op = "draw", count = 1}, {op = "draw", count = 2}, {op = "skip"}]\n',
    )
    v = apply(
        deal(wc, [["WC", "G1", "Y1"], ["B1", "B2", "B3"]], "R5"), Play("ana", "WC", color="red")
    )
    assert v.drawn == (("bor", 3),)


def test_HOUSE_SEVEN_ZERO_swaps_and_rotations_in_words() -> None:
    """HOUSE-SEVEN-ZERO: the verdict says who swapped hands with whom, or that every hand
    passed on; under "must_call" only a player left with one card must call UNO."""
    must = derived("seven-zero", 3, '[uno]\nafter_hand_change = "must_call"\n')
    hands = [["R7", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    v = apply(deal(must, hands, "R5"), Play("ana", "R7", target="bor"))
    assert transcript(v)[1:] == [
        "HOUSE-SEVEN-ZERO ranks.7.effects: ana swaps hands with bor.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]
    hands = [["R0", "G1", "Y1"], ["B1", "B2", "B3"], ["G4", "G2", "G3"]]
    v = apply(deal(must, hands, "R5"), Play("ana", "R0"))
    assert transcript(v)[1:] == [
        "HOUSE-SEVEN-ZERO ranks.0.effects: Every hand passes one seat in the direction of play.",
        "TURN-NEXT turn.next: bor is next (clockwise).",
    ]


def test_DECK_WC_the_limits_of_counts_are_inclusive() -> None:
    """DECK-WC / DECK-108: an effect's count may be 50 and a card's copies 100."""
    v = load_variant_text(
        'name = "h"\nextends = "official"\n[deck]\ncolored = { "1" = 100 }\n[ranks.W]\n'
        'effects = [{op = "choose_color"}, {op = "draw", count = 50}]'
    )
    assert dict(v.deck.colored)["1"] == 100 and v.rank("W").effects[1].count == 50


def test_HOUSE_SEVEN_ZERO_a_swap_does_not_say_one_card_left_when_the_hand_grew() -> None:
    """HOUSE-SEVEN-ZERO: playing a 7 from two cards and swapping for four: no UNO note."""
    sz = load_variant_text('name = "t"\nextends = "seven-zero"\n[deal]\nhand_size = 2\n')
    hands = [["G1", "Y2"], ["R7", "G8"], ["Y5", "Y6"]]
    s = start_round(sz, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="R5")
    v = apply(s, Play("bor", "R7", target="cene"))
    assert v.accepted, str(v)
    assert "one card left" not in v.message and v.state.uno_exposed == ()


def test_DECK_WSH_a_shuffle_does_not_say_one_card_left_when_the_hand_grew() -> None:
    """DECK-WSH: a Wild Shuffle Hands played from two cards: no UNO note for the player."""
    v112 = load_variant_text('name = "t"\nextends = "official-112"\n[deal]\nhand_size = 2\n')
    hands = [["G1", "Y2"], ["WS", "G8"], ["Y5", "Y6"]]
    s = start_round(v112, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="R5")
    v = apply(s, Play("bor", "WS", color="red"))
    assert v.accepted, str(v)
    assert "one card left" not in v.message


def test_DECK_WC_a_toml_wild_draw_six_does_not_cite_the_draw_two() -> None:
    """DECK-WC: a Wild Draw Six defined in TOML without a citation cites DECK-WC, not ACT-D2."""
    six = load_variant_text(
        'name = "six"\nextends = "ena"\n[deck]\nwild = { W = 4, "W+4" = 4, "W+6" = 2 }\n'
        '[ranks."W+6"]\neffects = [{ op = "choose_color" }, { op = "draw", count = 6 },'
        ' { op = "skip" }]\nscore = 60\n'
    )
    hands = [["W+6", "G1"], ["Y1", "Y2"], ["B1", "B2"]]
    s = start_round(six, ["ana", "bor", "cene"], dealer="cene", hands=hands, turned="R5")
    v = apply(s, Play("ana", "W+6", color="red"))
    assert v.accepted, str(v)
    assert "ACT-D2" not in [n.clause for n in v.notes], [str(n) for n in v.notes]


def test_HOUSE_SEVEN_ZERO_a_zero_turned_up_moves_no_hand() -> None:
    """HOUSE-SEVEN-ZERO (issue 16.3): a 0 turned up is a number card: no hand moves, and the
    first player may play a card they were dealt."""
    sz = load_variant("seven-zero")
    hands = [["G1"], ["Y1", "Y2"], ["B1", "B2"]]
    s = start_round(sz, ["ana", "bor", "cene"], dealer="ana", hands=hands, turned="Y0")
    assert [str(c) for c in s.hands[1][:2]] == ["Y1", "Y2"]
    assert apply(s, Play("bor", "Y1")).accepted


# -- the clause a rank's effects cite without a citation; skip_all after a skip ----------------
# (killing survivors of the mutation run, docs/verification.md section 6)

UNCITED = load_variant_text(
    'name = "uncited"\nextends = "official"\n[deal]\nhand_size = 2\n'
    '[deck]\ncolored = { "SR" = 1 }\nwild = { "WW" = 1, "WR" = 1 }\n'
    '[ranks.SR]\neffects = [{ op = "skip" }, { op = "reverse" }]\nscore = 20\n'
    '[ranks.WW]\neffects = [{ op = "choose_color" }]\nscore = 50\n'
    '[ranks.WR]\neffects = [{ op = "choose_color" }, { op = "reverse" }]\nscore = 50\n'
)


def test_DECK_WC_uncited_effects_cite_their_first_primitive_or_the_house_card() -> None:
    """A rank's effects given without a citation cite the clause of their first primitive
    (ACT-SKIP, ACT-WILD); a wild doing more than naming a colour is a house card (DECK-WC), and
    so is a rank without effects."""
    assert UNCITED.clause("ranks.SR.effects") == "ACT-SKIP"
    assert UNCITED.clause("ranks.WW.effects") == "ACT-WILD"
    assert UNCITED.clause("ranks.WR.effects") == "DECK-WC"
    assert UNCITED.clause("ranks.5.effects") == "DECK-WC"


def test_DECK_WC_an_uncited_skip_and_reverse_card_cites_the_skip_in_its_ruling() -> None:
    hands = [["GSR", "G1"], ["Y1", "Y2"], ["B1", "B2"]]
    v = run(deal(UNCITED, hands, "G5"), Play("ana", "GSR"))
    assert "ACT-SKIP ranks.SR.effects: Play now runs counter-clockwise." in transcript(v)


def test_DECK_WC_skip_all_adds_to_the_skips_before_it() -> None:
    """A card that skips the next player and then every other player skips each of the others
    once in a three-player game (more skips than other players: docs/decisions.md
    D-NM-SKIP-ALL-TWO): its player plays again, and both others lose the turn."""
    v = load_variant_text(
        'name = "t"\nextends = "official"\n[deal]\nhand_size = 2\n[deck]\ncolored = { "SS" = 1 }\n'
        '[ranks.SS]\neffects = [{ op = "skip" }, { op = "skip_all" }]\nscore = 20\n'
    )
    hands = [["GSS", "G1"], ["Y1", "Y2"], ["B1", "B2"]]
    after = run(deal(v, hands, "G5"), Play("ana", "GSS"))
    assert after.state.due == "ana" and after.skipped == ("bor", "cene")


def test_ACT_WILD_a_one_colour_deck_names_its_one_colour() -> None:
    """ACT-WILD: a wild played without a colour is told the deck's colours: with one, just it."""
    one = derived("official", 2, '[deck]\ncolors = ["R"]\n')
    s = deal(one, [["W", "R1"], ["R2", "R3"]], "R5")
    v = rejected(s, Play("ana", "W"))
    assert (v.clause, v.key, v.message) == (
        "ACT-WILD",
        "ranks.W.effects",
        "W needs a colour: name red",
    )
