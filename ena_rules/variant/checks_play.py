"""The consistency checks of the ``[play]`` table (the HR-* house rules of play, issue 14):
deflected draws, a drawn card that must be played, the hand limit, the bomb, and the bound on
the plays of several cards (docs/variants.md, Checks). :mod:`ena_rules.variant.checks` runs
them, by name, in its order.

>>> from ena_rules import load_variant
>>> _has_op(load_variant("official"), "reverse"), _has_op(load_variant("official"), "draw")
(True, False)
"""

from __future__ import annotations

from .checks_deck import Fail, _absent, _draws, _in_deck
from .limits import MAX_MULTI_GROUPS
from .schema import Variant

__all__: list[str] = []


def _has_op(v: Variant, op: str) -> bool:
    """Whether the deck holds a card whose effects include ``op`` and no draw."""
    for rank in _in_deck(v):
        ops = [e.op for e in v.rank(rank).effects]
        if op in ops and "draw" not in ops:
            return True
    return False


def _deflect(v: Variant, fail: Fail) -> None:
    """HR-DEFLECT-REVERSE, HR-DEFLECT-SKIP: a deflected rank is a draw rank of the deck, and
    the deck has a card that deflects it (a reverse, resp. skip, effect without a draw)."""
    in_deck = _in_deck(v)
    for key, op in (("deflect_back", "reverse"), ("deflect_on", "skip")):
        ranks = getattr(v.play, key)
        for i, rank in enumerate(ranks):
            if rank not in in_deck:
                raise fail(
                    f"play.{key}[{i}]",
                    _absent(v, rank),
                )
            if not _draws(v, rank):
                raise fail(
                    f"play.{key}[{i}]",
                    f"rank {rank!r} has no draw effect (ranks.{rank}.effects): "
                    "only an owed draw can be deflected",
                )
        if ranks and not _has_op(v, op):
            raise fail(
                f"play.{key}",
                f"no card of the deck (deck.colored, deck.wild) has a {op} effect without a "
                "draw to deflect with",
            )


def _drawn_card(v: Variant, fail: Fail) -> None:
    """HR-FORCED-DRAWN, HR-DEATH-DRAW: a drawn card that must be played may be played."""
    for key in ("must_play_drawn", "death_draw"):
        if getattr(v.play, key) and not v.turn.play_drawn:
            raise fail(
                f"play.{key}",
                f"play.{key} = true needs turn.play_drawn = true: a drawn card that must be "
                "played may not be played",
            )


def _hand_limit(v: Variant, fail: Fail) -> None:
    """HR-HAND-LIMIT: the limit is not below the deal."""
    limit = v.play.hand_limit
    if limit and limit < v.deal.hand_size:
        raise fail(
            "play.hand_limit",
            f"a hand limit of {limit} is below the deal (deal.hand_size = {v.deal.hand_size})",
        )


def _bomb(v: Variant, fail: Fail) -> None:
    """HR-BOMB: a bomb is several cards in one play, so it needs HR-MULTI-PLAY; one card is no
    bomb."""
    if v.play.bomb and not v.play.multi:
        raise fail("play.bomb", "play.bomb needs play.multi = true (several cards in one play)")
    if v.play.bomb == 1:
        raise fail("play.bomb", "a bomb is at least 2 cards in one play (0: no bomb)")


def _multi_bound(v: Variant, fail: Fail) -> None:
    """HR-MULTI-PLAY: no number rank that goes down several at once has more groups of cards
    than :data:`MAX_MULTI_GROUPS` (the plays ``legal_events`` lists stay bounded)."""
    if not v.play.multi:
        return
    copies: dict[str, dict[str | None, int]] = {}
    for card in v.cards:
        copies.setdefault(card.rank, {}).setdefault(card.color, 0)
        copies[card.rank][card.color] += 1
    for rank, by_color in copies.items():
        if not rank.isdigit() or v.rank(rank).effects:
            continue  # played alone (HR-MULTI-PLAY: numbers without effects go together)
        groups = 1
        for n in by_color.values():
            groups *= n + 1
        if groups > MAX_MULTI_GROUPS:
            counts = ", ".join(f"{n} {c}" for c, n in by_color.items())
            raise fail(
                "play.multi",
                f"the deck's {rank}s ({counts}) go down together in {groups} groups: at most "
                f"{MAX_MULTI_GROUPS} (MAX_MULTI_GROUPS; fewer copies, or no play.multi)",
            )
