"""The consistency checks of the rule tables beside the deck and ``[play]``: ``[players]`` and
``[deal]``, ``[first_card]``, ``[stacking]`` and ``[overtake]``, ``[uno]``, ``[scoring]``, the
table's house rules (HR-TEAMS, HR-ELIMINATION), ``[actions]`` (a two-sided deck's Flip) and
``[time]`` (docs/variants.md, Checks). :mod:`ena_rules.variant.checks` runs them, by name, in
its order.

>>> from ena_rules import load_variant
>>> from ena_rules.errors import VariantError
>>> _players(load_variant("official"), lambda path, msg: VariantError(msg, path=path))
"""

from __future__ import annotations

from .checks_deck import Fail, _absent, _draws, _each_in_deck, _in_deck
from .schema import Variant

__all__: list[str] = []


# -- the players and the deal -------------------------------------------------------------------


def _players(v: Variant, fail: Fail) -> None:
    """players.min is at most players.max."""
    if v.players.min > v.players.max:
        raise fail("players.min", f"{v.players.min} is more than players.max ({v.players.max})")


def _deal_fits(v: Variant, fail: Fail) -> None:
    """The most players, each dealt a hand, leave a card to turn up."""
    size = len(v.cards)
    for count, _ in v.deal.hand_size_by_players:
        if not count.isdigit() or not v.players.min <= int(count) <= v.players.max:
            raise fail(
                f"deal.hand_size_by_players.{count}",
                f"expected a number of players from {v.players.min} to {v.players.max}",
            )
    for n in range(v.players.max, v.players.min - 1, -1):  # the most players first
        if n * v.hand_size(n) >= size:
            key = "deal.hand_size"
            if v.hand_size(n) != v.deal.hand_size:
                key = f"deal.hand_size_by_players.{n}"
            raise fail(
                key,
                f"{n} players with {v.hand_size(n)} cards each "
                f"leave no card to turn up from a deck of {size}",
            )


# -- the first card, stacking, overtaking, the last card's call, scoring ------------------------


def _return_ranks(v: Variant, fail: Fail) -> None:
    """Every rank returned when turned up is in the deck."""
    _each_in_deck(v, fail, "first_card.return_ranks", v.first_card.return_ranks)


def _stack_overtake(v: Variant, fail: Fail) -> None:
    """Ranks stacked by overtaking are in the deck, draw, and overtaking is on."""
    in_deck = _in_deck(v)
    for i, rank in enumerate(v.stacking.overtake):
        if rank not in in_deck:
            raise fail(f"stacking.overtake[{i}]", _absent(v, rank))
        if not _draws(v, rank):
            raise fail(f"stacking.overtake[{i}]", f"rank {rank!r} has no draw effect to stack")
    if v.stacking.overtake and not v.overtake.enabled:
        raise fail("stacking.overtake", "stacking by overtaking needs overtake.enabled = true")


def _skip_between(v: Variant, fail: Fail) -> None:
    """OVT-SKIP: play always continues from the overtaker."""
    if not v.overtake.skip_between:
        raise fail(
            "overtake.skip_between",
            "OVT-SKIP: play always continues from the overtaker; false is no reading of a source",
        )


def _stack_answers(v: Variant, fail: Fail) -> None:
    """A pending draw and its answers are ranks in the deck that draw."""
    in_deck = _in_deck(v)
    for pending, answers in v.stacking.answer:
        for rank in (pending, *answers):
            if rank not in in_deck:
                raise fail(f"stacking.answer.{pending}", _absent(v, rank))
            if not _draws(v, rank):
                raise fail(
                    f"stacking.answer.{pending}", f"rank {rank!r} has no draw effect to stack"
                )


def _skip_answers(v: Variant, fail: Fail) -> None:
    """MAU-EIGHT-ANSWER: a pending skip and its answers are ranks in the deck that skip and
    do not draw (a draw is answered by stacking.answer)."""
    in_deck = _in_deck(v)
    for pending, answers in v.stacking.skip_answer:
        for rank in (pending, *answers):
            if rank not in in_deck:
                raise fail(f"stacking.skip_answer.{pending}", _absent(v, rank))
            ops = [e.op for e in v.rank(rank).effects]
            if "skip" not in ops or "draw" in ops:
                raise fail(
                    f"stacking.skip_answer.{pending}",
                    f"rank {rank!r} must skip and not draw "
                    f"(its effects: {', '.join(ops) or 'none'})",
                )


def _out_call(v: Variant, fail: Fail) -> None:
    """MAU-CALL-OUT: the ranks whose last card is called are in the deck."""
    _each_in_deck(v, fail, "uno.out_call", v.uno.out_call)


def _scoring(v: Variant, fail: Fail) -> None:
    """Own-hand scoring is won by the lowest total, winner-collects by the first to the target."""
    s = v.scoring
    if s.mode == "own_hand" and s.winner != "lowest_total":
        raise fail(
            "scoring.winner",
            'with scoring.mode = "own_hand" the lowest total wins: expected "lowest_total"',
        )
    if s.mode != "own_hand" and s.winner != "first_to_target":
        raise fail(
            "scoring.winner",
            f"with scoring.mode = {s.mode!r} the first to the target wins: "
            'expected "first_to_target"',
        )


# -- house rules of the table (HR-TEAMS, HR-ELIMINATION) --------------------------------------


def _teams_even(v: Variant, fail: Fail) -> None:
    """Partnerships (players.teams) need two teams of two or more: players.min at least 4,
    players.min and players.max even."""
    if v.players.teams == "off":
        return
    if v.players.min < 4:
        raise fail(
            "players.teams",
            f'players.teams = "{v.players.teams}" needs two partners a team, at least 4 players, '
            f"but players.min is {v.players.min} (HR-TEAMS)",
        )
    for key, n in (("players.min", v.players.min), ("players.max", v.players.max)):
        if n % 2:
            raise fail(
                "players.teams",
                f'players.teams = "{v.players.teams}" needs an even number of players, '
                f"but {key} is {n} (HR-TEAMS)",
            )


def _teams_elimination(v: Variant, fail: Fail) -> None:
    """Partners sit opposite: a player leaving (scoring.elimination) would break the teams."""
    if v.players.teams != "off" and v.scoring.elimination != "off":
        raise fail(
            "scoring.elimination",
            f'scoring.elimination = "{v.scoring.elimination}" cannot be played with '
            f'players.teams = "{v.players.teams}": a player leaving breaks the partnerships '
            "(HR-ELIMINATION, HR-TEAMS)",
        )


# -- a two-sided deck's Flip (FLIP2-WILD-TOP) -----------------------------------------------


def _flip_colors(v: Variant, fail: Fail) -> None:
    """FLIP2-WILD-TOP: ``actions.flip_wild_top = "keep_color"`` needs a two-sided deck
    (``deck.pairs``) and ``actions.flip_colors`` pairing each colour of ``deck.colors`` with a
    colour of ``deck.back_colors``, every colour of both sides once."""
    a, d = v.actions, v.deck
    pairs = dict(a.flip_colors)
    if a.flip_wild_top != "keep_color":
        if pairs:
            raise fail(
                "actions.flip_colors",
                'actions.flip_colors is read only with actions.flip_wild_top = "keep_color"',
            )
        return
    if not d.pairs:
        raise fail(
            "actions.flip_wild_top",
            'actions.flip_wild_top = "keep_color" needs a deck of two-sided cards (deck.pairs)',
        )
    if sorted(pairs) != sorted(d.colors) or sorted(pairs.values()) != sorted(d.back_colors):
        raise fail(
            "actions.flip_colors",
            'actions.flip_wild_top = "keep_color" goes on in a colour of the other side: '
            f"actions.flip_colors must pair each of {', '.join(d.colors)} (deck.colors) with "
            f"one of {', '.join(d.back_colors)} (deck.back_colors), each once; got "
            + (", ".join(f"{k} = {x}" for k, x in a.flip_colors) or "none"),
        )


# -- a turn's time limit (HR-TIME-LIMIT) -------------------------------------------------------


def _time_cost(v: Variant, fail: Fail) -> None:
    """HR-TIME-LIMIT: a limit costs something: a penalty card, or the turn (time.late)."""
    t = v.time
    if t.limit and not t.penalty and t.late == "stands":
        raise fail(
            "time.limit",
            f"time.limit = {t.limit} costs nothing: time.penalty = 0 with "
            'time.late = "stands" lets a late move stand unpunished; give time.penalty '
            'at least 1 or time.late = "pass" (HR-TIME-LIMIT)',
        )
