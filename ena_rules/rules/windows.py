"""The timing windows: each row of the table in docs/timing-windows.md, and its openings and
closings, each a function here (the only code that opens or closes a window).

A window is a moment of the table kept in the state ("before the next player takes their
turn"): it opens on one event and closes on others. :data:`WINDOWS` is the table itself;
tests/test_windows.py checks that docs/timing-windows.md lists the same rows in the same order.

>>> [w.name for w in WINDOWS][:3]
['overtaking', 'UNO', 'Mau-Mau']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from . import sight

if TYPE_CHECKING:  # no state import at run time: the variant schema imports the effects
    from ..game.state import ChallengeWindow, Pending, Reveal
    from .work import Work

__all__ = [
    "WINDOWS",
    "Window",
    "call_out",
    "close_overtaking",
    "close_pending",
    "expose_uno",
    "hand_change",
    "open_challenge",
    "open_overtaking",
    "open_pending",
    "reveal_hand",
    "round_end",
    "round_start",
    "turn_taken",
    "uno_closes_off_one_card",
    "uno_closes_on",
]


@attrs.frozen
class Window:
    """One row of the windows table: its name, the state fields, what opens and closes it."""

    name: str
    fields: tuple[str, ...]
    opens: str
    closes: str


#: The windows, in the order of the table in docs/timing-windows.md.
WINDOWS: tuple[Window, ...] = (
    Window(
        "overtaking",
        ("overtake_open", "last_player"),
        "a card put on the discard pile (open_overtaking)",
        "the due player's turn's draw, pass or challenge (close_overtaking); the end of the "
        "round (round_end)",
    ),
    Window(
        "UNO",
        ("uno_exposed",),
        "a Play or Overtake that leaves its player with one card (expose_uno)",
        "the player's own call, a catch (uno_closes_on), the next turn action of another "
        "player (turn_taken), the hand no longer being one card (uno_closes_off_one_card)",
    ),
    Window(
        "Mau-Mau",
        ("out_called",),
        "the own call of a player holding one card of a rank uno.out_call lists (call_out)",
        "the player going out; the hand no longer being one card (uno_closes_off_one_card); "
        "the end of the round (round_end)",
    ),
    Window(
        "pending draw",
        ("pending", "phase"),
        "a draw card whose draw may still be answered (open_pending)",
        "the victim draws, stacks or challenges; a non-stacking overtake (close_pending)",
    ),
    Window(
        "challenge",
        ("challenge",),
        "a challengeable card put down with its draw pending (open_challenge)",
        "with the pending draw (close_pending), another card put down, the challenge itself",
    ),
    Window(
        "shown hand",
        ("reveal",),
        "a challenge, with challenge.show_hand (reveal_hand)",
        "the next turn action of anyone (turn_taken)",
    ),
    Window(
        "drawn card",
        ("drawn", "phase"),
        "the player due draws a playable card on their turn",
        "they play it or pass (Work.set_turn)",
    ),
    Window(
        "turned-up wild",
        ("phase",),
        "a wild turned up: the dealer or the first player names its colour",
        "the ChooseColor",
    ),
)


# -- overtaking (OVT-IDENT, OVT-SELF) --------------------------------------------------------


def open_overtaking(w: Work, seat: int) -> None:
    """OVT-IDENT: a card put down by ``seat`` opens the window on the new top card; the old
    window, the drawn card and any challenge window on the card below close."""
    w.last_player = seat
    w.overtake_open = True
    w.drawn = None
    w.challenge = None


def turn_taken(w: Work, actor: int) -> None:
    """A turn action by ``actor``: an accepted Play, Overtake, Draw, Pass or Challenge, or a
    wrong card that passes the turn (docs/decisions.md D-UNO-WINDOW). UNO-WINDOW
    (``uno.window``): the catch windows on other players close; CHAL-SHOW: a shown hand is
    hidden again."""
    if w.uno_exposed:
        w.uno_exposed = tuple(x for x in w.uno_exposed if x == actor)
    w.reveal = None


def close_overtaking(w: Work) -> None:
    """OVT-IDENT: the player due takes their turn without putting a card down (a turn's draw,
    a pass, a challenge): overtaking the top card is over. A victim drawing a pending count
    does not close it: that is the draw card's effect, as when it is drawn at once
    (docs/decisions.md D-OVT-AFTER-DRAW)."""
    w.overtake_open = False


# -- UNO (UNO-CALL, UNO-CATCH, UNO-SAFE, UNO-WINDOW) ------------------------------------------


def expose_uno(w: Work, seat: int) -> None:
    """UNO-CALL: a player who sheds their second-to-last card must call UNO: catchable;
    HR-SILENT-UNO (``uno.calls = "none"``): nobody calls, nobody is ever catchable."""
    if w.v.uno.calls == "none":
        return
    if seat not in w.uno_exposed:
        w.uno_exposed = (*w.uno_exposed, seat)
        w.note("uno.catch_penalty", f"{w.name(seat)} has one card left and must call UNO.")


def uno_closes_on(w: Work, seat: int) -> None:
    """UNO-SAFE / UNO-CATCH: the player's own call, or a catch, closes their window."""
    w.uno_exposed = tuple(x for x in w.uno_exposed if x != seat)


def uno_closes_off_one_card(w: Work) -> None:
    """UNO-WINDOW: a player whose hand is no longer one card (drew, went out) is not catchable;
    MAU-CALL-OUT: nor is their call of a last card still standing."""
    if w.uno_exposed:
        w.uno_exposed = tuple(x for x in w.uno_exposed if len(w.hands[x]) == 1)
    if w.out_called:
        w.out_called = tuple(x for x in w.out_called if len(w.hands[x]) == 1)


def call_out(w: Work, seat: int) -> None:
    """MAU-CALL-OUT (``uno.out_call``): ``seat`` calls the last card they hold before playing
    it (Mau-Mau's "Mau-Mau"); it stands while it is their one card."""
    w.out_called = (*w.out_called, seat)


def hand_change(w: Work, seats: tuple[int, ...]) -> None:
    """HOUSE-SEVEN-ZERO (``uno.after_hand_change``): hands swapped, rotated or shuffled. Exempt:
    the changed hands' windows close; must call: each left with one card becomes catchable.
    HR-BLIND-DRAW: each changed hand is picked up, and seen, by its new owner."""
    sight.forget_seats(w, seats)
    if w.v.uno.after_hand_change != "must_call" or w.v.uno.calls == "none":  # HR-SILENT-UNO
        w.uno_exposed = tuple(x for x in w.uno_exposed if x not in seats)
        return
    for x in seats:
        if len(w.hands[x]) == 1 and x not in w.uno_exposed:
            w.uno_exposed = (*w.uno_exposed, x)
            w.note("uno.after_hand_change", f"{w.name(x)} now holds one card and must call UNO.")


# -- pending draw and challenge (ACT-D2, ACT-WD4, CHAL-WHO) -----------------------------------


def open_pending(w: Work, pending: Pending) -> None:
    """A draw that may still be answered (stacked or challenged): the victim is due and owes."""
    w.pending = pending
    w.turn = pending.victim
    w.phase = "owe"


def open_challenge(w: Work, window: ChallengeWindow) -> None:
    """CHAL-WHO: a challengeable card's victim may challenge it while its draw is pending."""
    w.challenge = window


def close_pending(w: Work) -> None:
    """The pending draw is settled (drawn, stacked on, challenged, forced by an overtake):
    the pending window and the challenge window on it close together."""
    w.pending = None
    w.challenge = None


def reveal_hand(w: Work, reveal: Reveal) -> None:
    """CHAL-SHOW (``challenge.show_hand``): the challenged hand is shown to the challenger."""
    w.reveal = reveal


# -- the end of a round ------------------------------------------------------------------------


def round_end(w: Work) -> None:
    """END-ROUND: every window closes with the round."""
    close_pending(w)
    w.overtake_open = False
    w.drawn = None
    w.uno_exposed = ()
    w.out_called = ()


def round_start(w: Work, dealer: int) -> None:
    """DEAL-SEVEN: a new round leaves no window of the last one open; the card turned up opens
    the overtaking window as the dealer's card (OVT-SELF, FLIP-ACTION)."""
    round_end(w)
    w.reveal = None
    w.blind = ()  # HR-BLIND-DRAW: the cards dealt are seen
    open_overtaking(w, dealer)
