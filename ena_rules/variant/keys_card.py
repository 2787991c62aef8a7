"""The ``[cards.CODE]`` tables: what one card does when it differs from its rank (DECK-CARD).

A rank's table (``[ranks.Q]``) says what every card of the rank does; a card's table
(``[cards.SQ]``, keyed by the card's code: the queen of spades) says what that one card does
instead. The keys a card's table gives replace its rank's for that card; the others are the
rank's (:meth:`ena_rules.variant.Variant.rank_of`). The referee applies a card's effects
through the same primitives (:mod:`ena_rules.variant.ops`) and cites ``cards.CODE.effects``.
:mod:`ena_rules.variant` re-exports the class.

>>> CardRule().turned_up, attrs.fields(CardRule).effects.metadata["clause"]
('rank', 'DECK-CARD C8-QUEEN')
"""

from __future__ import annotations

import attrs

from .keys_deck import Effect
from .keys_field import _key

__all__ = ["CardRule"]


@attrs.frozen
class CardRule:
    """One card's own rules: its effects instead of its rank's, and when it acts turned up."""

    effects: tuple[Effect, ...] = _key(
        (),
        "DECK-CARD C8-QUEEN",
        "the effect primitives this one card applies, in order, instead of its rank's (a "
        "card's table always gives them: an empty array is a card with no effect)",
    )
    turned_up: str = _key(
        "rank",
        "DECK-CARD FLIP-ACTION",
        "turned up at the deal: as its rank says (rank: ranks.*.turned_up), its own effects "
        "apply as if the dealer had played it (acts), or never (inert)",
        choices=("rank", "acts", "inert"),
    )
