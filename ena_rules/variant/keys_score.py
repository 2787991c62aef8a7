"""The rule keys of a round's reckoning and of what players see: the ``[penalties]``,
``[scoring]`` and ``[view]`` tables, each key an attrs field carrying its default, clause ids,
description and allowed values. :mod:`ena_rules.variant` re-exports every class; import them
from there.

>>> View().open_below, attrs.fields(View).open_below.metadata["clause"]
(0, 'HR-OPEN-HAND')
"""

from __future__ import annotations

import attrs

from .keys_field import _key

__all__ = ["Penalties", "Scoring", "View"]


@attrs.frozen
class Penalties:
    """Mistakes and what they cost (0: the event is rejected, not penalised)."""

    out_of_turn: int = _key(
        0, "PEN-ENA PEN-EFFECT", "cards drawn for playing out of turn", minimum=0, maximum=20
    )
    bad_overtake: int = _key(
        0, "PEN-ENA PEN-EFFECT", "cards drawn for overtaking incorrectly", minimum=0, maximum=20
    )
    wrong_card: int = _key(
        2,
        "PEN-WRONG-OFF PEN-ENA",
        "cards drawn for playing a card that may not be played now",
        minimum=0,
        maximum=20,
    )
    wrong_card_turn: str = _key(
        "pass",
        "PEN-WRONG-OFF PEN-EFFECT",
        "after a wrong card (taken back), the turn passes or stays",
        choices=("pass", "keep"),
    )
    draw_too_many: int = _key(
        0, "PEN-ENA", "cards drawn for drawing again in the same turn", minimum=0, maximum=20
    )
    misdeal: int = _key(
        0,
        "PEN-ENA",
        "cards a misdealing dealer draws (a misdeal line)",
        minimum=0,
        maximum=20,
    )
    advice: int = _key(
        2,
        "PEN-ADVICE",
        "cards a player who gives advice draws (a log's penalty line: the referee cannot see it)",
        minimum=0,
        maximum=20,
    )


@attrs.frozen
class Scoring:
    """The end of a round and of the game."""

    mode: str = _key(
        "winner_collects",
        "SCORE-OFF SCORE-ENA HOUSE-ROUNDS",
        "the winner scores the others' hands, each scores their own hand, or a point per round won",
        choices=("winner_collects", "own_hand", "rounds_won"),
    )
    target: int = _key(
        500, "SCORE-OFF SCORE-ENA", "the total that ends the game", minimum=1, maximum=100000
    )
    winner: str = _key(
        "first_to_target",
        "SCORE-OFF SCORE-ENA",
        "the first to reach the target wins, or the lowest total when someone does",
        choices=("first_to_target", "lowest_total"),
    )
    after_game: str = _key(
        "nothing",
        "SCORE-OFF SCORE-ENA",
        "once the game has a winner no event may follow: any is rejected (a fixed rule, cited "
        "by verdicts)",
        choices=("nothing",),
    )
    last_draw_counts: bool = _key(
        True, "END-LAST-DRAW END-ROUND", "a draw card played last is still drawn and scored"
    )
    elimination: str = _key(
        "off",
        "HR-ELIMINATION",
        "at each round's end the player holding the most cards leaves the game (most_cards); "
        "the last one left wins",
        choices=("off", "most_cards"),
    )
    elimination_tie: str = _key(
        "hand_value",
        "HR-ELIMINATION",
        "several hold the most cards: the one whose hand is worth most leaves (still tied: "
        "nobody), all of them leave, or nobody does",
        choices=("hand_value", "all", "nobody"),
    )
    winner_factor: int = _key(
        1,
        "HR-DOUBLE-SCORE",
        "the round's winner's points are multiplied by this (2: doubled); where the winner "
        "scores 0 (own_hand) the others' points are (docs/decisions.md D-DOUBLE-SCORE-OWN-HAND)",
        minimum=1,
        maximum=10,
    )


@attrs.frozen
class View:
    """What the players see of each other's cards (``view``)."""

    open_below: int = _key(
        0,
        "HR-OPEN-HAND",
        "a hand of fewer than this many cards is shown to every player (0: hands stay hidden)",
        minimum=0,
        maximum=30,
    )
    blind_draw: bool = _key(
        False,
        "HR-BLIND-DRAW",
        "a card drawn is not seen by its drawer until it is played (or the hand changes owner)",
    )
