"""What a table saw, put into a reading of a table record (docs/table-records.md).

A draw's ``cards`` (the drawer's notes: on a ``draw``, a victim's ``choose_color``, a
``challenge``) fill the draw pile before the line is judged and the hand after it; a Discard
All's ``discarded`` and a challenged hand's ``shown`` make the hand's cards known.

>>> from ena_rules import load_variant, new_game
>>> s = new_game(load_variant("official"), ["ana", "bor"], dealer="ana")
>>> fill_pile(s, ())  # doctest: +ELLIPSIS
GameState(...)
"""

from __future__ import annotations

from typing import Any

import attrs

from ..cards import Card
from ..game.events import Challenge, ChooseColor, Draw, Play, PlayerEvent
from ..game.state import GameState, replace
from ..game.verdict import REJECTED, Note, Verdict
from ..rules.unseen import UNKNOWN, decide_challenge, decide_discarded, discarded_mismatch, unseen

__all__ = ["fill_hand", "fill_pile", "seen_before"]


def _rejected(s: GameState, e: Any, clause: str, key: str, text: str) -> Verdict:
    return Verdict(outcome=REJECTED, state=s, event=e, notes=(Note(clause, key, text),))


def seen_before(r: GameState, e: PlayerEvent, seen: dict[str, Any]) -> GameState | Verdict:
    """What the table saw, put into the state before the line is judged: a draw's cards
    (a victim's draw to a colour too, DRAW-COLOR), the cards a Discard All put down
    (NM-DISCARD-ALL), a challenged hand as shown (CHAL-SHOW); a rejection if they cannot be."""
    cards: tuple[Card, ...] | None = seen.get("cards")
    shown: tuple[Card, ...] | None = seen.get("shown")
    discarded: tuple[Card, ...] | None = seen.get("discarded")
    s = r
    if cards is not None and isinstance(e, Draw | ChooseColor | Challenge):
        filled = fill_pile(r, cards)
        if isinstance(filled, str):
            return _rejected(r, e, "DECK-108", "deck.colored", filled)
        s = filled
    if discarded is not None and isinstance(e, Play) and e.player in r.players:
        told = decide_discarded(s, r.players.index(e.player), discarded, (e.card, *e.more))
        if not isinstance(told, str):
            told = discarded_mismatch(told, e, discarded) or told
        if isinstance(told, str):
            return _rejected(r, e, "NM-DISCARD-ALL", f"ranks.{e.card.rank}.effects", told)
        s = told
    if shown is not None and isinstance(e, Challenge):
        decided = decide_challenge(r, shown)
        if isinstance(decided, str):
            return _rejected(r, e, "CHAL-SHOW", "challenge.show_hand", decided)
        s = decided
    return s


def fill_pile(s: GameState, cards: tuple[Card, ...]) -> GameState | str:
    pile = list(s.draw_pile)
    pool = unseen(s)
    for i, c in enumerate(cards[: len(pile)]):
        if pile[i] != UNKNOWN:
            continue
        if pool[c] <= 0:
            return f"{c} cannot be drawn: every copy of it is in sight"
        pool[c] -= 1
        pile[i] = c
    # TURN-RESHUFFLE: the cards past the pile come off the pile the draw reshuffles
    return replace(s, draw_pile=tuple(pile), next_reshuffle=cards[len(pile) :])


def fill_hand(v: Verdict, player: str, cards: tuple[Card, ...]) -> Verdict:
    """Cards drawn past a reshuffle: the hand's last unknown ones are the listed cards."""
    s = v.state
    if player not in s.players:  # NM-MERCY: the hand left the game, under the discard pile
        return v
    seat = s.players.index(player)
    hand = list(s.hands[seat])
    start = len(hand) - len(cards)
    pool = unseen(s)
    for i, c in enumerate(cards):
        if hand[start + i] == UNKNOWN and pool[c] > 0:
            hand[start + i] = c
            pool[c] -= 1
    hands = list(s.hands)
    hands[seat] = tuple(hand)
    return attrs.evolve(v, state=replace(s, hands=tuple(hands)))
