"""Recorded chance (Cut, Deal), the card turned up at the deal, and ChooseColor.

>>> from ena_rules import load_variant
>>> cut_value(load_variant("official"), Card("R", "7")), cut_value(load_variant("ena"),
...     Card("R", "S"))
(7, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from ..cards import Card, color_from_name
from ..cards.notation import color_name
from ..cards.shuffle import derive_seed, shuffled
from ..game.events import ChooseColor, Cut, Deal
from ..game.state import GameState
from ..game.words import plural
from ..variant import Variant
from . import discard, windows
from .effects import acts_turned_up, card_needs, resolve
from .judgement import Judgement, accept, deck_key, reject
from .work import Work

__all__ = [
    "SEATS_PATH",
    "cut_value",
    "judge_choose",
    "judge_cut",
    "judge_deal",
    "perform_choose",
    "perform_cut",
    "perform_deal",
    "seat_order",
    "turn_up",
]

#: The first path element of the seed that seats the players (HR-SHUFFLE-SEATS).
SEATS_PATH = 0x5EA75

_CUT = accept("deal.cut", "the cut")
_DEAL = accept("deal.hand_size", "the deal")


def cut_value(v: Variant, card: Card) -> int | None:
    """DEAL-CUT-OFF, DEAL-CUT-ENA (``deal.cut_non_number``): a number card counts its number;
    any other counts zero or goes back (``None``: cut again)."""
    value = v.cut_value(card.rank)  # DECK-DECLARE deck.cut_order, else the number ranks
    if value is not None:
        return value
    return 0 if v.deal.cut_non_number == "zero" else None


def seat_order(v: Variant, players: Sequence[str], seed: int) -> tuple[str, ...]:
    """HR-SHUFFLE-SEATS (``deal.shuffle_seats``): the players in the order they sit, clockwise,
    for a game seeded with ``seed``: ``shuffled(players, derive_seed(seed, SEATS_PATH))``
    (docs/shuffle.md), or as listed when the key is off.

    >>> from ena_rules import load_variant
    >>> seat_order(load_variant("official"), ["ana", "bor", "cene"], 7)
    ('ana', 'bor', 'cene')
    """
    if not v.deal.shuffle_seats:
        return tuple(players)
    return shuffled(tuple(players), derive_seed(seed, SEATS_PATH))


def judge_cut(s: GameState, e: Cut) -> Judgement:
    """DEAL-CUT-OFF: a cut only in phase ``cut``, a card per player still cutting, each a card
    of the deck (DECK-108) no more often than the deck has it."""
    v = s.variant
    if s.phase != "cut":
        return reject("deal.cut", "no cut is due now", "DEAL-CUT-OFF")
    if len(e.cards) != len(s.cutters):
        cutting = ", ".join(s.players[i] for i in s.cutters)
        return reject(
            "deal.cut", f"{len(s.cutters)} players cut now ({cutting}), got {len(e.cards)} cards"
        )
    deck = Counter(v.cards)
    for c in e.cards:
        if deck[c] <= 0:
            return reject(deck_key(v, c), f"{c} is not (or not so often) in the {v.name} deck")
        deck[c] -= 1
    return _CUT


def perform_cut(w: Work, e: Cut) -> None:
    """DEAL-CUT-OFF, DEAL-CUT-ENA (``deal.cut``): the highest or lowest deals; DEAL-CUT-TIE
    (``deal.cut_tie``): on a tie the tied players, or all, cut again."""
    s, v = w.s, w.v
    values = list(s.cut_values)
    for seat, card in zip(s.cutters, e.cards, strict=True):
        values[seat] = cut_value(v, card)
        shown = "goes back: cut again" if values[seat] is None else f"counts {values[seat]}"
        w.note("deal.cut_non_number", f"{w.name(seat)} cuts {card}: {shown}.")
    again = tuple(i for i, x in enumerate(values) if x is None)
    if not again:
        nums = [x for x in values if x is not None and x >= 0]  # -1: out after a tie
        best = max(nums) if v.deal.cut == "highest" else min(nums)
        tied = tuple(i for i, x in enumerate(values) if x == best)
        if len(tied) == 1:
            w.note("deal.cut", f"{w.name(tied[0])} cut the {v.deal.cut} card and deals.")
            w.s = attrs.evolve(s, dealer=tied[0], cutters=(), cut_values=())
            w.phase = "deal"
            return
        again = tied if v.deal.cut_tie == "recut_tied" else tuple(range(w.n))
        w.note("deal.cut_tie", f"A tie: {', '.join(w.name(i) for i in again)} cut again.")
        values = [x if i in again else -1 for i, x in enumerate(values)]
    for i in again:
        values[i] = None
    w.s = attrs.evolve(s, cutters=again, cut_values=tuple(values))


def judge_deal(s: GameState, e: Deal) -> Judgement:
    """DEAL-SEVEN: a deal only in phase ``deal``; DECK-108, DECK-112: the deck must be the
    variant's deck exactly (``deck.colored``, ``deck.wild``)."""
    v = s.variant
    if s.phase != "deal" or s.dealer is None:
        return reject("deal.hand_size", "no deal is due now", "DEAL-SEVEN")
    # as plain dicts: their == runs in C, Counter's in Python (half a deal's cost)
    if dict(Counter(e.deck)) == dict(Counter(v.cards)):
        return _DEAL
    missing = Counter(v.cards) - Counter(e.deck)
    extra = Counter(e.deck) - Counter(v.cards)
    off = [*missing.elements(), *extra.elements()]
    key = "deck.colored" if any(c.color is not None for c in off) else "deck.wild"
    key = "deck.pairs" if v.two_sided else key  # FLIP2-DECK
    return reject(
        key,
        f"the deck is not the {v.name} deck "
        f"(missing: {', '.join(map(str, missing.elements())) or '-'}; "
        f"extra: {', '.join(map(str, extra.elements())) or '-'})",
    )


def perform_deal(w: Work, e: Deal) -> None:
    """DEAL-SEVEN (``deal.hand_size``): one card at a time from the top, clockwise from the
    dealer's left; then a card is turned up (FLIP-WD4-OFF, NM-FIRST
    ``first_card.return_ranks``: some go back under the pile; C8-FIRST: an eight is buried
    so) and acts (:func:`turn_up`; MAU-FIRST: as played by the dealer). C8-HAND, MAU-HAND:
    the hand size may depend on the number of players (``deal.hand_size_by_players``)."""
    s, v = w.s, w.v
    n, dealer = w.n, s.dealer
    assert dealer is not None
    pile = list(e.deck)
    hands: list[list[Card]] = [[] for _ in range(n)]
    size = v.hand_size(n)  # C8-HAND: by the number of players
    for _ in range(size):
        for k in range(1, n + 1):
            hands[(dealer + k) % n].append(pile.pop(0))
    w.s = attrs.evolve(s, seed=e.seed, last_round=None)
    w.hands = [tuple(h) for h in hands]
    w.shuffles = 0
    w.side = 0  # FLIP2-SIDE: a round starts on the first side (the deck is listed so)
    w.note(
        "deal.hand_size",
        f"{w.name(dealer)} deals {plural(size, 'card')} to each player.",
    )
    turned = pile.pop(0)
    tries = 0
    while turned.rank in v.first_card.return_ranks and tries < len(pile):
        w.note(
            "first_card.return_ranks",
            f"{turned} is turned up: it goes back under the "
            "draw pile and the next card is turned up.",
        )
        pile.append(turned)
        turned = pile.pop(0)
        tries += 1
    w.draw_pile = tuple(pile)
    w.discard = (turned,)
    w.color = turned.color
    w.direction = 1
    windows.round_start(w, dealer)
    w.note("first_card.apply_action", f"{turned} is turned up.")
    first = w.step(dealer)  # DEAL-FIRST (deal.first_player): the dealer's left goes first
    if card_needs(v.rank_of(turned))[0] and v.first_card.wild_color == "nobody":
        # HR-WILD-FIRST (first_card.wild_color = "nobody"): kept as a plain first card
        w.note(
            "first_card.wild_color",
            f"Nobody names a colour for the {turned} turned up: any card may be played on it.",
            "HR-WILD-FIRST",
        )
    elif card_needs(v.rank_of(turned))[0]:
        # FLIP-WILD (first_card.wild_color): the dealer or the first player names the colour
        # (MAU-FIRST: a suited wild too, a jack: its suit is not the colour until named)
        w.color = None
        w.phase = "color"
        w.turn = first
        chooser = w.name(dealer if v.first_card.wild_color == "dealer" else first)
        who = (
            f"The dealer {chooser}"
            if v.first_card.wild_color == "dealer"
            else (f"{chooser}, the first player,")
        )
        w.note("first_card.wild_color", f"{who} names the colour.")
        return
    turn_up(w, turned)


def turn_up(w: Work, turned: Card) -> None:
    """FLIP-ACTION (``first_card.apply_action``, ``ranks.*.turned_up``): the turned-up card
    acts as if the dealer had played it. FLIP-REV (``first_card.reverse_first``): after a
    Reverse the dealer or the dealer's right goes first. FLIP-D2, FLIP-WD4-ENA
    (``first_card.draw_loses_turn``): the first player draws and loses the turn (or plays).
    FLIP-SKIP: a Skip skips the first player. FLIP2-FIRST: UNO Flip's Flip turned up acts
    (``ranks.F.turned_up``), turning the game over before the first turn."""
    v = w.v
    dealer = w.s.dealer
    assert dealer is not None
    first = w.step(dealer)  # DEAL-FIRST
    rank = v.rank_of(turned)  # DECK-CARD: a card's own table
    if not v.first_card.apply_action or not acts_turned_up(turned.rank, rank):
        w.set_turn(first, "deal.first_player")
        return
    r = resolve(w, dealer, turned, None, None, flip=True)
    if r.reversed:
        first = dealer if v.first_card.reverse_first == "dealer" else w.step(dealer)
        w.note("first_card.reverse_first", f"{w.name(first)} goes first.")
    if r.count:
        loses = v.first_card.draw_loses_turn
        after = w.step(first, max(r.skips, 1)) if loses else first  # a draw-only card too
        w.note(
            "first_card.draw_loses_turn",
            f"The turned-up {turned} makes {w.name(first)} draw {r.count}"
            + (" and lose the first turn." if loses else "; they still take the first turn."),
        )
        discard.owe(w, first, r.count, turned.rank, after, flip=True, key=r.key)
        return
    if r.skips:
        discard.record_skips(w, w.step(first, -1), r)
        w.note(
            "first_card.apply_action",
            f"The turned-up {turned} skips the first player.",
            "FLIP-SKIP",
        )
    w.set_turn(w.step(first, r.skips))


def judge_choose(s: GameState, seat: int, e: ChooseColor) -> Judgement:
    """FLIP-WILD (``first_card.wild_color``): only the player who names the colour of the wild
    turned up (the dealer, or the first player), only in phase ``color``; one of the deck's
    colours."""
    if discard.asks_color(s) and seat == s.turn:  # DRAW-COLOR: the victim names it
        if color_from_name(e.color) not in s.variant.deck.colors:
            return reject("deck.colors", f"{e.color} is not a colour of this deck", "DRAW-COLOR")
        return accept("draw_color.chooser", "names the colour to draw to")
    if s.phase != "color" or seat != s.chooser:
        return reject("first_card.wild_color", f"{e.player} has no colour to name now", "FLIP-WILD")
    if color_from_name(e.color) not in s.colors:
        return reject("deck.colors", f"{e.color} is not a colour of this deck", "FLIP-WILD")
    return accept("first_card.wild_color", "names the colour", "FLIP-WILD")


def perform_choose(w: Work, seat: int, e: ChooseColor, j: Judgement) -> None:
    """FLIP-WILD: the colour is named; then the turned-up card's other effects apply."""
    code = color_from_name(e.color)
    if w.s.phase == "owe":  # DRAW-COLOR: the victim of a draw to a colour names it
        windows.turn_taken(w, seat)
        discard.draw_to_named_color(w, seat, code)
        return
    w.color = code
    who = f"The dealer {e.player}" if seat == w.s.dealer else f"{e.player}, the first player,"
    w.note("first_card.wild_color", f"{who} names {color_name(code)}.")
    turn_up(w, w.s.discard[-1])
