"""The rule keys of a turn and its answers: the ``[turn]``, ``[actions]``, ``[challenge]``,
``[uno]``, ``[overtake]`` and ``[stacking]`` tables, each key an attrs field carrying its
default, clause ids, description and allowed values. :mod:`ena_rules.variant` re-exports every
class; import them from there.

>>> Turn().draw, attrs.fields(Turn).draw.metadata["clause"]
('one', 'TURN-DRAW HOUSE-DRAW-UNTIL')
"""

from __future__ import annotations

import attrs

from .keys_field import _key

__all__ = ["Actions", "Challenge", "Overtake", "Stacking", "Turn", "Uno"]


@attrs.frozen
class Turn:
    """A player's turn."""

    match: str = _key(
        "color_or_rank",
        "TURN-MATCH",
        "a card matches the current colour, or the top card's number or symbol (a fixed rule, "
        "cited by verdicts)",
        choices=("color_or_rank",),
    )
    from_hand: str = _key(
        "held",
        "TURN-MATCH",
        "a player puts down only a card they hold: any other is rejected (a fixed rule, cited "
        "by verdicts)",
        choices=("held",),
    )
    wild_anytime: bool = _key(
        True, "TURN-WILD", "a wild may be played on any turn, even holding a match"
    )
    draw: str = _key(
        "one",
        "TURN-DRAW HOUSE-DRAW-UNTIL",
        "a player who draws takes one card, or draws until a playable one comes",
        choices=("one", "until_playable"),
    )
    draw_limit: int = _key(
        0,
        "C8-DRAW",
        "with turn.draw = until_playable, the most cards a turn's draw takes (then the turn "
        "ends if none can be played); 0: no limit",
        minimum=0,
        maximum=30,
    )
    play_drawn: bool = _key(True, "TURN-DRAW", "a playable drawn card may be played at once")
    next: str = _key(
        "direction",
        "TURN-NEXT",
        "after a play or a draw the turn passes in the direction of play (a fixed rule, cited "
        "by verdicts)",
        choices=("direction",),
    )
    reshuffle: str = _key(
        "keep_top",
        "TURN-RESHUFFLE",
        "an empty draw pile is refilled from the discard pile but its top card (a fixed rule, "
        "cited by verdicts)",
        choices=("keep_top",),
    )
    empty: str = _key(
        "draw_what_there_is",
        "TURN-RESHUFFLE",
        "nothing left to reshuffle: a draw takes what there is (a fixed rule, cited by verdicts)",
        choices=("draw_what_there_is",),
    )


@attrs.frozen
class Actions:
    """How action primitives behave in special seatings."""

    two_player_reverse: str = _key(
        "skip",
        "ACT-REV-2P",
        "with two players a Reverse acts as a Skip, or only reverses",
        choices=("skip", "reverse"),
    )
    flip_wild_top: str = _key(
        "open",
        "FLIP2-WILD-TOP",
        "a Flip that brings a wild face to the top of the discard pile: no colour is named, "
        "any card may be played on it (open; the sources are silent), or the colour in force "
        "before the Flip (the Flip's own) goes on as its colour of the other side in "
        "actions.flip_colors (keep_color: letsuno's house rule flipKeepColorOnFlip)",
        choices=("open", "keep_color"),
    )
    flip_colors: tuple[tuple[str, str], ...] = _key(
        (),
        "FLIP2-WILD-TOP",
        'with flip_wild_top = "keep_color": each colour of the first side and the colour of '
        "the second side it goes on as (code = code: R = P), read both ways; every colour of "
        "both sides once",
    )


@attrs.frozen
class Challenge:
    """The challenge of a restricted card (Wild Draw Four)."""

    show_hand: bool = _key(
        True, "CHAL-SHOW", "the challenged player shows their hand to the challenger"
    )
    guilty: str = _key(
        "card_stays",
        "CHAL-GUILTY",
        "an illegal card found by a challenge stays (colour stands) or returns to its "
        "player, who must play a correct card",
        choices=("card_stays", "card_returns"),
    )
    guilty_draw: int = _key(
        4, "CHAL-GUILTY", "cards the guilty player draws", minimum=0, maximum=20
    )
    innocent_extra: int = _key(
        2,
        "CHAL-INNOCENT",
        "cards a wrong challenger draws on top of the pending count",
        minimum=0,
        maximum=20,
    )
    after_stack: str = _key(
        "last_card",
        "CHAL-GUILTY OVT-STACK",
        "after a stack, a guilty last player draws for the last card only (the victim still owes "
        "the rest), or takes over the whole stack",
        choices=("last_card", "whole_stack"),
    )


@attrs.frozen
class Uno:
    """Calling UNO and catching a player who did not."""

    catch_penalty: int = _key(
        2,
        "UNO-CALL UNO-CATCH HR-UNO-COUNT",
        "cards drawn by a player caught not calling UNO (any count: 2, 4, 6 ...)",
        minimum=0,
        maximum=20,
    )
    window: str = _key(
        "next_turn_action",
        "UNO-WINDOW UNO-SAFE",
        "a catch counts until another player's next turn action (play, draw, pass, overtake, "
        "challenge, a wrong card that passes the turn); a call before the catch is safe (a "
        "fixed rule, cited by verdicts)",
        choices=("next_turn_action",),
    )
    false_catch_penalty: int = _key(
        0,
        "UNO-FALSE",
        "cards drawn by a player who calls out someone not catchable (0: the catch is rejected)",
        minimum=0,
        maximum=20,
    )
    after_hand_change: str = _key(
        "exempt",
        "HOUSE-SEVEN-ZERO",
        "a player left with one card by a swap, rotation or shuffle of "
        "hands must call UNO, or is exempt",
        choices=("exempt", "must_call"),
    )
    calls: str = _key(
        "required",
        "UNO-CALL HR-SILENT-UNO",
        "a player down to one card must call UNO and may be caught (required), or nobody calls "
        "and nobody is caught (none: silent UNO; a call or a catch is rejected)",
        choices=("required", "none"),
    )
    out_call: tuple[str, ...] = _key(
        (),
        "MAU-CALL-OUT",
        "ranks whose card, as a player's last, is called before it goes down (Mau-Mau: a "
        "call_uno line of its holder); played uncalled it does not win: its player draws "
        "uno.catch_penalty and play goes on (none listed: no such call)",
    )


@attrs.frozen
class Overtake:
    """Playing an identical card out of turn (Ena overtaking, the jump-in house rule)."""

    enabled: bool = _key(
        False,
        "OVT-IDENT HOUSE-JUMP-IN",
        "a player holding a card identical to the top card may play it out of turn",
    )
    own_card: bool = _key(False, "OVT-SELF", "the player who played the top card may overtake it")
    wilds: str = _key(
        "same_rank",
        "OVT-WILDS",
        "a wild is identical to any wild of its rank (same_rank), or wilds are never identical",
        choices=("same_rank", "never"),
    )
    on_pending: str = _key(
        "draw_first",
        "OVT-PENDING",
        "an overtake while a draw that cannot be stacked is owed: the owed draw "
        "is taken first, or the overtake is refused",
        choices=("draw_first", "forbidden"),
    )
    skip_between: bool = _key(
        True,
        "OVT-SKIP OVT-RACE",
        "players due before the overtaker are skipped; play continues from the overtaker (a "
        "fixed rule, cited by verdicts; false is refused)",
    )


@attrs.frozen
class Stacking:
    """Answering a pending draw with another draw card."""

    overtake: tuple[str, ...] = _key(
        (), "OVT-STACK", "ranks whose pending draw grows when overtaken by an identical card"
    )
    answer: tuple[tuple[str, tuple[str, ...]], ...] = _key(
        (),
        "HOUSE-STACK",
        "pending rank = ranks its victim may answer with on their turn (the count grows)",
    )
    skip_answer: tuple[tuple[str, tuple[str, ...]], ...] = _key(
        (),
        "MAU-EIGHT-ANSWER",
        "skip rank = ranks a player it skips may answer with on their turn, passing the skip "
        "on (spinchat's eight on an eight); the skip is pending until they answer or pass",
    )
    by_value: str = _key(
        "off",
        "NM-STACK",
        "a pending draw may also be answered by any draw card of the same count (same_value) "
        "or of the same or a higher count (equal_or_higher), colour and symbol aside; off: "
        "stacking.answer alone",
        choices=("off", "same_value", "equal_or_higher"),
    )
    growth: str = _key(
        "add",
        "MAU-SEVEN HOUSE-STACK",
        "how a pending draw grows when answered: by the answering card's count (add: 2, 4, 6) "
        "or doubled (double: 2, 4, 8, 16, spinchat's Mau-Mau sevens)",
        choices=("add", "double"),
    )
