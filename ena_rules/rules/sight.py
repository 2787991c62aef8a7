"""What the players see of the cards (``view``): open hands and blind draws.

HR-OPEN-HAND (``view.open_below``): a hand of fewer than that many cards lies face up, in every
player's view (:func:`open_hands`). HR-BLIND-DRAW (``view.blind_draw``): a card drawn is not
seen by its drawer until it is played.

FLIP2-SIGHT (a two-sided deck, ``deck.pairs``): a player holds their cards with the side in
play towards them, so every other player sees the other side of each (:func:`backs`); the draw
pile lies with the side in play down, so everyone sees the other side of its top card
(:func:`pile_back`).

``GameState.blind`` holds, per seat, the cards of that seat's hand its owner has not seen
(empty when the variant has no blind draws). A card drawn joins it; a card put down leaves
it (a player holding a seen copy of the card puts that one down first); a card taken back
is seen, and goes before the unseen ones, which stay the last cards of the hand (the
consistency check holds a state to it: ``blind`` names cards by value); a hand that changes
owner (a seven-zero swap or rotation, a Wild Shuffle Hands) is picked up and seen; a new deal
is seen. :func:`ena_rules.rules.view.view` leaves the unseen cards out of the player's own hand.

>>> from ena_rules.cards import parse_card as c
>>> seen((c("R1"), c("G2"), c("R1")), (c("R1"),))
(Card(color='R', rank='1'), Card(color='G', rank='2'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import Card

if TYPE_CHECKING:
    from ..game.state import GameState
    from .work import Work

__all__ = [
    "backs",
    "drawn",
    "forget_seats",
    "open_hands",
    "own_unseen",
    "pile_back",
    "put_down",
    "seen",
    "take_back",
]


def seen(hand: Sequence[Card], unseen: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` its owner has seen: ``hand`` less the ``unseen`` copies, taken
    from the end (the cards drawn last)."""
    out = list(hand)
    for card in unseen:
        for i in range(len(out) - 1, -1, -1):
            if out[i] == card:
                del out[i]
                break
    return tuple(out)


def _blind(w: Work) -> list[tuple[Card, ...]]:
    return list(w.blind) if w.blind else [() for _ in range(w.n)]


def drawn(w: Work, seat: int, cards: Sequence[Card]) -> None:
    """HR-BLIND-DRAW: cards drawn by ``seat`` join its unseen cards."""
    if not w.v.view.blind_draw or not cards:
        return
    blind = _blind(w)
    blind[seat] = (*blind[seat], *cards)
    w.blind = tuple(blind)


def put_down(w: Work, seat: int, card: Card, hand: Sequence[Card]) -> None:
    """HR-BLIND-DRAW: ``card`` leaves ``seat``'s ``hand`` (as it was before); an unseen copy
    leaves the unseen cards only if the player held no seen copy of it."""
    if not w.blind or card not in w.blind[seat]:
        return
    if card in seen(hand, w.blind[seat]):
        return
    blind = list(w.blind)
    unseen = list(blind[seat])
    unseen.remove(card)
    blind[seat] = tuple(unseen)
    w.blind = tuple(blind)


def take_back(w: Work, seat: int, card: Card) -> None:
    """``card`` goes back into ``seat``'s hand, seen (CHAL-GUILTY ``card_returns``): before the
    cards its owner has not seen, which stay the last (HR-BLIND-DRAW)."""
    hand = w.hands[seat]
    k = len(w.blind[seat]) if w.blind else 0
    w.hands[seat] = (*hand[: len(hand) - k], card, *hand[len(hand) - k :])


def forget_seats(w: Work, seats: Sequence[int]) -> None:
    """HR-BLIND-DRAW: the hands of ``seats`` changed owner: each is picked up and seen."""
    if not w.blind:
        return
    w.blind = tuple(() if i in seats else b for i, b in enumerate(w.blind))


def own_unseen(s: GameState, seat: int) -> tuple[Card, ...]:
    """HR-BLIND-DRAW: the cards of ``seat``'s hand its owner has not seen; none when the hand
    is open (HR-OPEN-HAND: it lies face up, its owner sees it too, D-OPEN-BLIND)."""
    unseen = s.blind[seat] if s.blind else ()
    if unseen and len(s.hands[seat]) < s.variant.view.open_below:
        return ()
    return unseen


def open_hands(s: GameState, seat: int) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """HR-OPEN-HAND (``view.open_below``): every other player's hand of fewer than that many
    cards, shown to ``seat`` face up.

    >>> from ena_rules.testing import start_round
    >>> from ena_rules.variant.io import load_variant_text
    >>> v = load_variant_text('name = "o"\\nextends = "official"\\n[view]\\nopen_below = 8')
    >>> s = start_round(v, ["ana", "bor"], dealer="bor", hands=[["R5"], ["G7"]])
    >>> [name for name, _ in open_hands(s, 0)]
    ['bor']
    """
    below = s.variant.view.open_below
    if not below or not s.hands:
        return ()
    return tuple(
        (p, h)
        for i, (p, h) in enumerate(zip(s.players, s.hands, strict=True))
        if i != seat and len(h) < below
    )


def _back(card: Card) -> Card:
    """The other side of a two-sided card, as a one-sided face (``P3`` of ``R1|P3``)."""
    return card if card.other is None else card.other


def backs(s: GameState, seat: int) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """FLIP2-SIGHT: the other side of every other player's cards as ``seat`` sees them, in seat
    and hand order; empty for a one-sided deck.

    >>> from ena_rules import load_variant
    >>> from ena_rules.testing import start_round
    >>> s = start_round(load_variant("flip"), ["ana", "bor"], dealer="bor",
    ...                 hands=[["R1|P3"], ["G2|T+5", "B7|O3"]])
    >>> [(p, [str(c) for c in cs][:2]) for p, cs in backs(s, 0)]
    [('bor', ['T+5', 'O3'])]
    """
    if not s.variant.two_sided:
        return ()
    hands = s.hands or tuple(() for _ in s.players)
    return tuple(
        (p, tuple(_back(c) for c in h))
        for i, (p, h) in enumerate(zip(s.players, hands, strict=True))
        if i != seat
    )


def pile_back(s: GameState) -> Card | None:
    """FLIP2-SIGHT: the other side of the draw pile's top card, seen by all (None: a one-sided
    deck, or an empty pile)."""
    if not s.variant.two_sided or not s.draw_pile:
        return None
    return _back(s.draw_pile[0])
