"""Helpers for tests (this project's and other implementations'): arranged decks and rounds,
and the short helpers the rule tests share (:mod:`ena_rules.testing.rules`).

>>> from ena_rules import load_variant
>>> s = start_round(load_variant("official"), ["ana", "bor"], dealer="ana",
...                 hands=[["R1", "R2"], ["G1"]], turned="R9")
>>> [str(c) for c in s.hands[0][:2]], str(s.top)
(['R1', 'R2'], 'R9')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import Card, parse_card
from ..errors import EnaRulesError
from ..game.events import Deal
from ..game.state import GameState
from ..rules.referee import apply, canonical_deck, new_game
from ..variant import Variant

__all__ = [
    "NAMES",
    "all_cards",
    "arrange_deck",
    "deal",
    "derived",
    "hand",
    "held",
    "judged",
    "ok",
    "rejected",
    "run",
    "start_round",
    "transcript",
]


def _take(variant: Variant, pool: Counter[Card], card: Card) -> Card:
    """Reserve ``card`` in ``pool``; on a two-sided deck a light face alone (``R1``) names the
    first card of the pool showing it (FLIP2-DECK)."""
    if variant.two_sided and card.other is None:
        card = next((c for c in pool if c.face == card and pool[c] > 0), card)
    if pool[card] <= 0:
        raise EnaRulesError(f"{card} is not available in the {variant.name} deck any more")
    pool[card] -= 1
    return card


def arrange_deck(
    variant: Variant,
    players: int,
    dealer: int,
    hands: Sequence[Sequence[str]],
    turned: str | Sequence[str] = (),
    draw: Sequence[str] = (),
) -> tuple[Card, ...]:
    """A whole deck, top first, whose deal gives each seat the listed cards first.

    Hands may be shorter than the variant's hand size: the rest of every hand, and the draw pile
    after the listed ``draw`` cards, are filled from the unused cards in canonical order. ``turned``
    is the card (or the cards, for returned ones) turned up after the deal.
    """
    size = variant.hand_size(players)
    pool = Counter(canonical_deck(variant))
    want = [[parse_card(c) for c in h] for h in hands] + [[] for _ in range(players - len(hands))]
    turned_cards = (
        [parse_card(turned)] if isinstance(turned, str) else [parse_card(c) for c in turned]
    )
    draw_cards = [parse_card(c) for c in draw]
    want = [[_take(variant, pool, c) for c in h] for h in want]
    turned_cards = [_take(variant, pool, c) for c in turned_cards]
    draw_cards = [_take(variant, pool, c) for c in draw_cards]
    if any(len(h) > size for h in want):
        raise EnaRulesError(f"a hand lists more than the {size} cards dealt")
    rest: list[Card] = []
    for c in canonical_deck(variant):
        if pool[c] > 0:
            pool[c] -= 1
            rest.append(c)
    # fill the hands, keeping wilds and action cards out of the filler where possible
    rest.sort(key=lambda c: (variant.plays_as_wild(c), variant.rank_kind(c.rank) != "number"))
    fill = iter(rest)
    deck: list[Card] = []
    for i in range(size):
        for k in range(1, players + 1):
            seat = (dealer + k) % players
            h = want[seat]
            deck.append(h[i] if i < len(h) else next(fill))
    if not turned_cards:
        turned_cards = [next(fill)]
    deck.extend(turned_cards)
    deck.extend(draw_cards)
    deck.extend(fill)
    return tuple(deck)


def start_round(
    variant: Variant,
    players: Sequence[str],
    *,
    dealer: str,
    hands: Sequence[Sequence[str]] = (),
    turned: str | Sequence[str] = (),
    draw: Sequence[str] = (),
    seed: int = 0,
    scores: Sequence[int] | None = None,
) -> GameState:
    """A game dealt from an arranged deck (see :func:`arrange_deck`): the state after the Deal.

    ``hands`` gives the *first* cards of each player's hand, by seat; the deal then **fills
    every hand to the variant's deal size** (``deal.hand_size``, 7 in Ena) from the rest of
    the deck in a fixed order, so ``hands=[["R1"], ["R9"], []]`` gives each player 7 cards,
    of which ana's first is R1 and bor's R9. ``turned`` is the card (or cards) turned up,
    ``draw`` the top of the draw pile after the deal; ``scores`` the totals before the round.
    Raises :class:`~ena_rules.errors.EnaRulesError` if the arranged deal is rejected.

    >>> from ena_rules import load_variant
    >>> s = start_round(load_variant("ena"), ["ana", "bor", "cene"], dealer="ana",
    ...                 hands=[["R1"], ["R9"], []], turned="R5")
    >>> [len(h) for h in s.hands], str(s.hands[0][0]), str(s.hands[1][0]), str(s.top)
    ([7, 7, 7], 'R1', 'R9', 'R5')
    """
    state = new_game(variant, players, dealer=dealer)
    if scores is not None:
        import attrs

        state = attrs.evolve(state, scores=tuple(scores))
    deck = arrange_deck(variant, len(players), players.index(dealer), hands, turned, draw)
    verdict = apply(state, Deal(deck, seed=seed))
    if not verdict.accepted:
        raise EnaRulesError(f"arranged deal rejected: {verdict}")
    return verdict.state


from .rules import (  # noqa: E402
    NAMES,
    all_cards,
    deal,
    derived,
    hand,
    held,
    judged,
    ok,
    rejected,
    run,
    transcript,
)
