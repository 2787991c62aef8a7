"""The rule keys of a variant, section by section: each an attrs field carrying its default,
clause ids, description and allowed values (docs/variant-keys.md is generated from them).
:mod:`ena_rules.variant` re-exports every class; import them from there.

>>> Turn().draw, attrs.fields(Turn).draw.metadata["clause"]
('one', 'TURN-DRAW HOUSE-DRAW-UNTIL')
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = [
    "Actions",
    "Challenge",
    "Deal",
    "Deck",
    "Effect",
    "FirstCard",
    "Overtake",
    "Penalties",
    "Players",
    "Rank",
    "Scoring",
    "Stacking",
    "Turn",
    "Uno",
    "View",
]


def _key(
    default: Any,
    clause: str,
    doc: str,
    *,
    choices: tuple[str, ...] = (),
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """An attrs field that is a rule key: default, clause id(s), description, allowed values."""
    meta = {"clause": clause, "doc": doc, "choices": choices, "min": minimum, "max": maximum}
    if isinstance(default, (list, tuple, dict)):
        value = default
        return attrs.field(factory=lambda: value, metadata=meta)
    return attrs.field(default=default, metadata=meta)


@attrs.frozen
class Effect:
    """One effect primitive of a card, e.g. ``{op = "draw", count = 2}``."""

    op: str
    count: int = 1


@attrs.frozen
class Rank:
    """What one rank is and does: its effects, score and play restrictions."""

    effects: tuple[Effect, ...] = _key(
        (),
        "ACT-SKIP ACT-REV ACT-D2 ACT-WILD ACT-WD4 DECK-WC",
        "the effect primitives the card applies, in order",
    )
    score: int = _key(
        0,
        "SCORE-VALUES",
        "points the card is worth in a hand at the end of a round",
        minimum=0,
        maximum=1000,
    )
    only_without_color_match: bool = _key(
        False,
        "TURN-WD4-LEGAL",
        "may be played only by a player holding no card of the current colour",
    )
    challengeable: bool = _key(
        False, "CHAL-WHO", "its victim may challenge it (CHAL-*) instead of drawing"
    )
    kind: str = _key(
        "auto",
        "DECK-DECLARE C8-WILD MAU-JACK",
        "what the rank is: a number card, an action card, or a wild (a wild plays on any card; "
        "a coloured rank of kind wild, like Crazy Eights' eights, is a suited wild); auto: a "
        "rank of digits is a number, a rank starting with W a wild, any other an action",
        choices=("auto", "number", "action", "wild"),
    )
    name: str = _key(
        "",
        "DECK-DECLARE",
        "the rank's name in words (ace, queen, skip): pictures and messages; empty: its code",
    )
    not_on_same_rank: bool = _key(
        False,
        "MAU-JACK-ON-JACK",
        "a card of this rank may not be played on a card of the same rank (no jack on a jack)",
    )
    turned_up: str = _key(
        "unless_number",
        "FLIP-ACTION",
        "turned up at the deal, its effects apply as if the dealer had played it (acts), never "
        "(inert), or unless it is a number card, its rank a number (unless_number)",
        choices=("unless_number", "acts", "inert"),
    )


@attrs.frozen
class Players:
    """How many may play."""

    min: int = _key(2, "SETUP-PLAYERS", "fewest players", minimum=2, maximum=10)
    max: int = _key(10, "SETUP-PLAYERS", "most players", minimum=2, maximum=20)
    seated: str = _key(
        "only",
        "SETUP-PLAYERS",
        "events come from the seated players only: one naming anyone else is rejected "
        "(a fixed rule, cited by verdicts)",
        choices=("only",),
    )
    teams: str = _key(
        "off",
        "HR-TEAMS",
        "everyone plays alone (off), or in partnerships of the players sitting opposite "
        "(opposite: an even number of players; a team wins when one partner goes out, and each "
        "partner's total is the team's)",
        choices=("off", "opposite"),
    )


@attrs.frozen
class Deck:
    """The deck's composition; its canonical order is colours, then ranks as listed, then wilds."""

    colors: tuple[str, ...] = _key(
        ("R", "Y", "G", "B"), "DECK-108", "the colours in the deck, in canonical order"
    )
    colored: tuple[tuple[str, int], ...] = _key(
        (), "DECK-108", "copies of each coloured rank per colour (rank = copies)", minimum=0
    )
    wild: tuple[tuple[str, int], ...] = _key(
        (),
        "DECK-108 DECK-112 DECK-WSH DECK-WC",
        "copies of each wild rank (rank = copies)",
        minimum=0,
    )
    color_names: tuple[tuple[str, str], ...] = _key(
        (),
        "DECK-DECLARE",
        "the name of each colour or suit (code = name: R = red, S = spades), as events and "
        "messages write it; a colour left out keeps the notation's name (the UNO colours, the "
        "suits S H D C)",
    )
    color_symbols: tuple[tuple[str, str], ...] = _key(
        (),
        "DECK-DECLARE",
        "the symbol of each suit (code = symbol: S = \u2660), read as its letter in card codes and "
        "drawn on the cards",
    )
    sides: tuple[str, ...] = _key(
        (),
        "FLIP2-DECK",
        "the names of a two-sided deck's sides, the side the game starts on first (light, "
        "dark); empty: a deck of one-sided cards",
    )
    back_colors: tuple[str, ...] = _key(
        (),
        "FLIP2-DECK FLIP2-COLORS",
        "a two-sided deck: the colours of its second side, in canonical order (deck.colors are "
        "the first side's)",
    )
    pairs: tuple[str, ...] = _key(
        (),
        "FLIP2-DECK",
        "a two-sided deck: every physical card, as its first-side face | its second-side face "
        "(R1|P3, a wild face its rank alone); the deck is these cards (deck.colored and "
        "deck.wild are not read)",
    )
    cut_order: tuple[str, ...] = _key(
        (),
        "DECK-DECLARE DEAL-CUT-OFF",
        "the ranks the cut counts, lowest first (the first counts 0, the next 1, ...); a rank "
        "not listed is a non-number card (deal.cut_non_number); empty: the number ranks count "
        "their number",
    )


@attrs.frozen
class Deal:
    """Choosing the dealer, dealing, and who starts."""

    cut: str = _key(
        "highest",
        "DEAL-CUT-OFF DEAL-CUT-ENA",
        "who deals after the cut",
        choices=("highest", "lowest"),
    )
    cut_non_number: str = _key(
        "redraw",
        "DEAL-CUT-OFF DEAL-CUT-ENA",
        "a non-number card in the cut: go back and cut again, or count as zero",
        choices=("redraw", "zero"),
    )
    cut_tie: str = _key(
        "recut_tied",
        "DEAL-CUT-TIE",
        "a tie for the deal in the cut",
        choices=("recut_tied", "recut_all"),
    )
    hand_size: int = _key(7, "DEAL-SEVEN", "cards dealt to each player", minimum=1, maximum=30)
    hand_size_by_players: tuple[tuple[str, int], ...] = _key(
        (),
        "C8-HAND",
        "cards dealt to each player by the number of players (players = cards, e.g. 2 = 7); a "
        "count not listed is dealt deal.hand_size",
        minimum=1,
    )
    first_player: str = _key(
        "left_of_dealer",
        "DEAL-FIRST",
        "the player to the dealer's left takes the first turn (a fixed rule, cited by verdicts)",
        choices=("left_of_dealer",),
    )
    rotate: str = _key("left", "DEAL-ROTATE", "who deals the next round", choices=("left", "same"))
    shuffle_seats: bool = _key(
        False,
        "HR-SHUFFLE-SEATS",
        "the players are seated in a random order before the cut (recorded chance: drawn from "
        "the game's seed; a log with a deck lists the players as seated)",
    )


@attrs.frozen
class FirstCard:
    """The card turned up to start the discard pile."""

    apply_action: bool = _key(
        True,
        "FLIP-ACTION FLIP-SKIP FLIP-D2",
        "an action card turned up acts as if the dealer had played it",
    )
    return_ranks: tuple[str, ...] = _key(
        ("W+4",),
        "FLIP-WD4-OFF FLIP-WD4-ENA",
        "ranks that go back into the deck (another card is turned up) when turned up",
    )
    wild_color: str = _key(
        "first_player",
        "FLIP-WILD HR-WILD-FIRST",
        "who names the colour of a wild turned up; nobody: it stays a plain first card with no "
        "colour named, on which the first player may play any card",
        choices=("first_player", "dealer", "nobody"),
    )
    reverse_first: str = _key(
        "dealer",
        "FLIP-REV",
        "who goes first when a Reverse is turned up",
        choices=("dealer", "dealer_right"),
    )
    draw_loses_turn: bool = _key(
        True,
        "FLIP-D2 FLIP-WD4-ENA",
        "the first player, drawing for a turned-up draw card, loses the turn",
    )


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
