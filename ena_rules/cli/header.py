"""``ena-rules header``: a log's first line written from what the table saw, without Python.

A log with an explicit deck needs the whole deck, top first. At a table the players know their
hands and the card turned up, not the deck: this command builds the deck whose deal gives each
player the hand listed (dealt one card at a time from the top, clockwise from the dealer's
left), then turns up the card given, then the draw pile's top cards if given, then every other
card of the variant's deck in a fixed order. It checks the deal with the referee and prints the
header line (or, with ``--round``, a ``round`` line for a later round).

With ``--table`` it writes a table record's header instead (``"deck": "unknown"``: the players,
the dealer and the cards turned up, nothing more; docs/table-records.md), checked by the
validator as the log's first line.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..cards import parse_cards
from ..errors import EnaRulesError
from ..game.events import Deal
from ..log.validate import validate
from ..rules.referee import apply, new_game
from ..testing import arrange_deck
from ..variant import Variant
from ._common import YES, error, variant_arg

__all__ = ["add_parser", "header_deck", "run"]


def add_parser(sub: Any) -> None:
    """Add ``header`` to the subcommands."""
    h = sub.add_parser(
        "header",
        help="write a log's header from the hands and the turned card (the deck completed)",
        description="Print the first line of a log whose deck is completed from each player's "
        "hand and the card turned up: the deal gives exactly those hands. Every hand lists all "
        "the cards dealt (the variant's hand size) unless --fill is given. With --table, the "
        'header of a table record instead ("deck": "unknown": players, dealer and the cards '
        "turned up; no hands).",
    )
    h.add_argument("--variant", required=True, help="a variant name or a TOML file")
    h.add_argument(
        "--players", required=True, metavar="A,B,C", help="the seats, clockwise, comma-separated"
    )
    h.add_argument("--dealer", required=True, metavar="NAME", help="who dealt")
    h.add_argument(
        "--hand",
        action="append",
        default=[],
        metavar="NAME=CARDS",
        help='a player\'s hand: --hand "ana=R1 G7 W ..." (once per player)',
    )
    h.add_argument(
        "--turned",
        required=True,
        metavar="CARDS",
        help="the card turned up (several, in order, when one went back: 'W+4 R5')",
    )
    h.add_argument("--draw", default="", metavar="CARDS", help="the top cards of the draw pile")
    h.add_argument(
        "--fill",
        action="store_true",
        help="complete shorter hands with other cards of the deck (the log then says more "
        "than the table saw)",
    )
    h.add_argument(
        "--round", action="store_true", help="print a round line (a later round) instead"
    )
    h.add_argument(
        "--table",
        action="store_true",
        help='a table record\'s header: "deck": "unknown", the players, the dealer and '
        "--turned only (the deck's order unknown; no --hand, --draw or --fill)",
    )
    h.set_defaults(run=run)


def _hands(specs: list[str], players: list[str]) -> dict[str, str]:
    hands: dict[str, str] = {}
    for spec in specs:
        name, sep, cards = spec.partition("=")
        name = name.strip()
        if not sep or name not in players:
            raise EnaRulesError(
                f"--hand {spec!r}: expected NAME=CARDS with NAME one of {', '.join(players)}"
            )
        if name in hands:
            raise EnaRulesError(f"--hand {spec!r}: {name}'s hand is given twice")
        hands[name] = cards
    return hands


def header_deck(
    variant: Variant,
    players: list[str],
    dealer: str,
    hands: dict[str, str],
    turned: str,
    draw: str = "",
    *,
    fill: bool = False,
) -> list[str]:
    """The whole deck, top first, whose deal gives these hands and turns up ``turned``.

    >>> from ena_rules import load_variant
    >>> deck = header_deck(load_variant("ena"), ["ana", "bor"], "ana",
    ...                    {"ana": "R1 R2 R3 R4 R5 R6 R7", "bor": "G1 G2 G3 G4 G5 G6 G7"}, "B5")
    >>> deck[:4], deck[14], len(deck)
    (['G1', 'R1', 'G2', 'R2'], 'B5', 108)
    """
    if dealer not in players:
        raise EnaRulesError(f"--dealer {dealer!r}: not one of the players {', '.join(players)}")
    ranks = [rank for rank, _ in variant.ranks]
    size = variant.deal.hand_size
    listed = [parse_cards(hands.get(p, ""), ranks) for p in players]
    short = [f"{p} ({len(h)})" for p, h in zip(players, listed, strict=True) if len(h) != size]
    if short and not fill:
        raise EnaRulesError(
            f"each hand lists the {size} cards dealt; not so for {', '.join(short)} "
            "(give --fill to complete them from the deck)"
        )
    deck = arrange_deck(
        variant,
        len(players),
        players.index(dealer),
        [[str(c) for c in h] for h in listed],
        [str(c) for c in parse_cards(turned, ranks)],
        [str(c) for c in parse_cards(draw, ranks)],
    )
    state = new_game(variant, players, dealer=dealer)
    verdict = apply(state, Deal(deck))
    if verdict.outcome == "rejected":
        raise EnaRulesError(f"the deal of this deck is rejected: {verdict}")
    return [str(c) for c in deck]


def run(args: argparse.Namespace) -> int:
    """Print the header (or round) line."""
    variant = variant_arg(args.variant)
    if isinstance(variant, int):
        return variant
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    if args.table:
        return _table(args, variant, players)
    try:
        hands = _hands(args.hand, players)
        deck = header_deck(
            variant, players, args.dealer, hands, args.turned, args.draw, fill=args.fill
        )
    except EnaRulesError as exc:
        return error(str(exc))
    line: dict[str, Any]
    if args.round:
        line = {"type": "round", "deck": deck}
    else:
        line = {"ena_log": 1, "variant": variant.name, "players": players}
        line.update({"dealer": args.dealer, "deck": deck})
    print(json.dumps(line, ensure_ascii=False))
    return YES


def _table(args: argparse.Namespace, variant: Variant, players: list[str]) -> int:
    """A table record's header (or round line): checked as the first line of a log."""
    if args.hand or args.draw or args.fill:
        return error("--table: a table record lists no hands: give no --hand, --draw or --fill")
    try:
        turned = [str(c) for c in parse_cards(args.turned, [r for r, _ in variant.ranks])]
    except EnaRulesError as exc:
        return error(f"--turned: {exc}")
    head = {"ena_log": 1, "variant": variant.name, "players": players, "dealer": args.dealer}
    head.update({"deck": "unknown", "turned": turned})
    report = validate([json.dumps(head, ensure_ascii=False)], variant=variant)
    if report.problems:
        return error(report.findings[0].message)
    if report.exit_code:  # the turned-up cards are the first deal: rejected by the rules
        r = report.findings[0]
        return error(f"the deal of these turned-up cards is rejected: [{r.clause}] {r.message}")
    line = {"type": "round", "turned": turned} if args.round else head
    print(json.dumps(line, ensure_ascii=False))
    return YES
