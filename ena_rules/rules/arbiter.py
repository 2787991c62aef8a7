"""The arbiter's lines: mistakes the table saw and punished that no event shows.

A misdeal (PEN-ENA, ``penalties.misdeal``) and a penalty the table imposed for an offence the
rules name but the referee cannot see (PEN-ADVICE, ``penalties.advice``) are judged against
the variant: which rule, how many cards. The offender draws them (penalised); a variant that
does not punish the offence (a key of 0) accepts the line and changes nothing. The deal after
a misdeal stands as dealt (docs/decisions.md, misdealing): no redeal.

>>> from ena_rules import load_variant, new_game, apply
>>> from ena_rules.rules.chance import deal_event
>>> s = new_game(load_variant("ena"), ["ana", "bor"], dealer="ana")
>>> s = apply(s, deal_event(s, seed=3)).state
>>> v = arbiter_verdict(s, "ana", "misdeal")
>>> v.outcome, v.clause, v.key, v.drawn
('penalised', 'PEN-ENA', 'penalties.misdeal', (('ana', 2),))
"""

from __future__ import annotations

from typing import Any

from ..game.phases import CHANCE_PHASES
from ..game.state import GameState
from ..game.verdict import ACCEPTED, PENALISED, REJECTED, Note, Verdict
from ..game.words import plural
from . import windows
from .work import Work

__all__ = ["OFFENCES", "arbiter_verdict"]

#: Each offence an arbiter's line may name: its penalty key, its clause, what the offender did.
OFFENCES: dict[str, tuple[str, str, str]] = {
    "misdeal": ("penalties.misdeal", "PEN-ENA", "misdealt"),
    "advice": ("penalties.advice", "PEN-ADVICE", "gave advice"),
}


def _cost(s: GameState, key: str) -> int:
    count: int = getattr(s.variant.penalties, key.rpartition(".")[2])
    return count


def arbiter_verdict(s: GameState, player: str, offence: str, line: Any = None) -> Verdict:
    """The verdict of an arbiter's line: ``player`` committed ``offence`` (``misdeal``: only
    this round's dealer; any offence only while a round is played). ``line`` is the verdict's
    event (the log line)."""
    event: Any = line if line is not None else (player, offence)
    key, clause, did = OFFENCES[offence]

    def refuse(text: str) -> Verdict:
        return Verdict(REJECTED, s, event, (Note(clause, key, text),))

    if s.phase in CHANCE_PHASES or s.phase == "over":
        return refuse(f"no round is being played: {player} cannot be penalised now")
    if player not in s.players:
        return refuse(f"{player!r} is not a player of this game")
    seat = s.players.index(player)
    if offence == "misdeal" and seat != s.dealer:
        dealer = "nobody" if s.dealer is None else s.players[s.dealer]
        return refuse(f"{player} did not deal this round ({dealer} did): only the dealer misdeals")
    count = _cost(s, key)
    if count <= 0:
        text = f"{player} {did}: the {s.variant.name} rules give no penalty for it ({key} = 0)."
        return Verdict(ACCEPTED, s, event, (Note(clause, key, text),))
    w = Work(s)
    w.note(key, f"{player} {did}: the rules' penalty is {plural(count, 'card')}.", clause)
    if offence == "misdeal":
        w.note(key, "The deal stands as dealt (no redeal).", clause)
    w.take(seat, count, key, "penalty")
    windows.uno_closes_off_one_card(w)
    return w.verdict(PENALISED, event)
