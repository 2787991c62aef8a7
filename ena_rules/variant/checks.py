"""The named consistency checks and the limits of a variant file (docs/variants.md, Checks).

Every key of a variant is checked on its own by the converter (type, range, allowed values);
what is checked here are the **contradictions between keys** (a stacking rule on a rank the
deck lacks, a wild that chooses no colour, ...) and the **limits** that keep a file from
making the referee hang (a deck of a million cards, an endless ``extends`` chain). Each check
has a name (:data:`CHECKS`) and raises a :class:`~ena_rules.VariantError` naming the key path
at fault.

>>> [name for name, _ in CHECKS][:3]
['deck-colours', 'deck-ranks-defined', 'deck-pairs']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..cards import COLORS
from ..cards.notation import (
    builtin_color,
    color_name,
    color_symbol,
    known_color,
    parse_card,
    register_color,
)
from ..errors import CardError, VariantError
from .schema import Variant

__all__ = [
    "CHECKS",
    "MAX_DECK",
    "MAX_EFFECTS",
    "MAX_EXTENDS",
    "MAX_FILE_BYTES",
    "MAX_MULTI_GROUPS",
    "MAX_RANKS",
    "check_limits",
    "check_variant",
]

#: The most cards a deck may have (the 108-card deck nine times over).
MAX_DECK = 1000
#: The most ranks a variant may define (``[ranks.*]``) or put in its deck.
MAX_RANKS = 100
#: The most effect primitives one card may compose.
MAX_EFFECTS = 8
#: The longest ``extends`` chain (a file, its parent, the parent's parent, ...).
MAX_EXTENDS = 16
#: The largest variant file read, in bytes.
MAX_FILE_BYTES = 1 << 20
#: HR-MULTI-PLAY: the most groups of cards of one number rank a hand may put down together
#: (the product over the colours of the deck's copies + 1; 4 copies a colour give 625), so
#: that ``legal_events`` lists every play of several cards in bounded time.
MAX_MULTI_GROUPS = 1024

Fail = Callable[[str, str], VariantError]
Check = Callable[[Variant, Fail], None]

#: Every consistency check, by name, in the order they run.
CHECKS: list[tuple[str, Check]] = []


def _check(name: str) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        CHECKS.append((name, fn))
        return fn

    return register


def check_variant(v: Variant, source: str) -> None:
    """Run every check of :data:`CHECKS` on a built variant; the first fault raises.

    >>> from ena_rules import load_variant
    >>> check_variant(load_variant("ena"), "ena.toml")
    """

    def fail(path: str, msg: str) -> VariantError:
        return VariantError(msg, source=source, path=path)

    for _, fn in CHECKS:
        fn(v, fail)


def check_limits(raw: Mapping[str, Any], source: str) -> None:
    """The limits of :data:`MAX_RANKS`, :data:`MAX_EFFECTS` and :data:`MAX_DECK`, checked on
    the raw tables before anything is built from them (so nothing large is ever made).

    >>> check_limits({"ranks": {str(i): {} for i in range(101)}}, "big.toml")
    Traceback (most recent call last):
    ...
    ena_rules.errors.VariantError: big.toml: ranks: 101 ranks: at most 100 (MAX_RANKS) ...
    """
    for item, most in (("ranks", MAX_RANKS), ("cards", MAX_DECK)):  # DECK-CARD: per card
        tables = raw.get(item)
        if not isinstance(tables, Mapping):
            continue
        if len(tables) > most:
            limit = "MAX_RANKS" if item == "ranks" else "MAX_DECK"
            raise VariantError(
                f"{len(tables)} {item}: at most {most} ({limit}) may be defined",
                source=source,
                path=item,
            )
        for code, table in tables.items():
            effects = table.get("effects") if isinstance(table, Mapping) else None
            if isinstance(effects, list) and len(effects) > MAX_EFFECTS:
                raise VariantError(
                    f"{len(effects)} effects: a card composes at most {MAX_EFFECTS} (MAX_EFFECTS)",
                    source=source,
                    path=f"{item}.{code}.effects",
                )
    deck = raw.get("deck")
    if isinstance(deck, Mapping):
        _check_deck_size(deck, source)


def _copies(table: Any) -> tuple[int, int]:
    """How many ranks a deck table lists and how many copies in all (bad values count 0)."""
    if not isinstance(table, Mapping):
        return 0, 0
    counts = [n for n in table.values() if type(n) is int and n > 0]
    return len(table), sum(counts)


def _check_deck_size(deck: Mapping[str, Any], source: str) -> None:
    colors = deck.get("colors", COLORS)
    n_colors = len(colors) if isinstance(colors, list | tuple) else 0
    ranks_c, colored = _copies(deck.get("colored"))
    ranks_w, wild = _copies(deck.get("wild"))
    if ranks_c + ranks_w > MAX_RANKS:
        raise VariantError(
            f"{ranks_c + ranks_w} ranks in the deck: at most {MAX_RANKS} (MAX_RANKS)",
            source=source,
            path="deck",
        )
    pairs = deck.get("pairs")
    size = colored * n_colors + wild + (len(pairs) if isinstance(pairs, list) else 0)
    if size > MAX_DECK:
        raise VariantError(
            f"a deck of {size} cards: at most {MAX_DECK} (MAX_DECK)", source=source, path="deck"
        )


# -- the checks, in order ---------------------------------------------------------------------


def _absent(v: Variant, rank: str) -> str:
    """The message for a rank a key names and the deck lacks: it names the deck's keys too (a
    two-sided deck lists its cards in ``deck.pairs``, FLIP2-DECK)."""
    keys = "deck.pairs" if v.deck.pairs else "deck.colored, deck.wild"
    return f"rank {rank!r} is not in the deck ({keys})"


def _in_deck(v: Variant) -> set[str]:
    if v.deck.pairs:  # FLIP2-DECK: the ranks of both faces
        return {c.rank for card in v.cards for c in (card, card.flipped)}
    return {rank for rank, n in (*v.deck.colored, *v.deck.wild) if n}


@_check("deck-colours")
def _colours(v: Variant, fail: Fail) -> None:
    """Colours are known to the notation (R Y G B, the suits S H D C) or declared with a name
    (``deck.color_names``), each once, at least one; a declared name or symbol agrees with the
    notation's (a code names one colour in every deck; a file extending another may leave some
    of its colours out); the declared colours become known."""
    names, symbols = dict(v.deck.color_names), dict(v.deck.color_symbols)
    for c in symbols:
        if c not in names and not builtin_color(c):
            raise fail(f"deck.color_symbols.{c}", f"colour {c!r} has no name in deck.color_names")
    for c in (*v.deck.colors, *v.deck.back_colors):
        if c not in names and not builtin_color(c):
            key = "deck.colors" if c in v.deck.colors else "deck.back_colors"
            raise fail(
                key,
                f"unknown colour {c!r}; expected some of R, Y, G, B (or the suits S, H, D, C), "
                f"or declare its name in deck.color_names",
            )
    if len(set(v.deck.colors)) != len(v.deck.colors) or not v.deck.colors:
        raise fail("deck.colors", "expected at least one colour, each once")
    for c in dict.fromkeys(
        [*v.deck.colors, *v.deck.back_colors, *names]
    ):  # a name of a colour left out still agrees
        name = names.get(c, color_name(c) if known_color(c) else "")
        symbol = symbols.get(c, color_symbol(c) if known_color(c) else "")
        try:
            register_color(c, name, symbol)
        except CardError as exc:
            key = "color_symbols" if c in symbols and "symbol" in str(exc) else "color_names"
            raise fail(f"deck.{key}.{c}", str(exc)) from None


@_check("deck-ranks-defined")
def _ranks_defined(v: Variant, fail: Fail) -> None:
    """Coloured ranks do not start with W, wild ranks do; each rank in the deck is defined, in
    one table only."""
    both = {r for r, _ in v.deck.colored} & {r for r, _ in v.deck.wild}
    if both:
        rank = sorted(both)[0]
        raise fail(f"deck.wild.{rank}", f"rank {rank!r} is both in deck.colored and deck.wild")
    for table, wild in (("colored", False), ("wild", True)):
        for rank, n in getattr(v.deck, table):
            if not wild and (rank.startswith("W") or not rank):
                raise fail(
                    f"deck.{table}.{rank}", "a coloured rank may not start with W (wilds do)"
                )
            if wild and not rank.startswith("W"):
                raise fail(
                    f"deck.{table}.{rank}", "a wild rank must start with W (W, W+4, WS, ...)"
                )
            if n and not v.has_rank(rank):
                raise fail(
                    f"deck.{table}.{rank}",
                    f"rank {rank!r} is in the deck but has no [ranks.{rank}]",
                )


@_check("deck-pairs")
def _pairs(v: Variant, fail: Fail) -> None:
    """FLIP2-DECK: a two-sided deck names its two sides and the second side's colours, each
    once; each of ``deck.pairs`` is two faces, its first of a colour of ``deck.colors`` (or a
    wild), its second of ``deck.back_colors`` (or a wild), each rank defined."""
    d = v.deck
    if not (d.pairs or d.sides or d.back_colors):
        return
    if len(d.sides) != 2 or len(set(d.sides)) != 2:
        raise fail("deck.sides", f"a two-sided deck names its two sides, got {list(d.sides)}")
    if not d.back_colors or len(set(d.back_colors)) != len(d.back_colors):
        raise fail("deck.back_colors", "expected at least one colour, each once")
    if not d.pairs:
        raise fail("deck.pairs", "a two-sided deck lists its cards (R1|P3, ...)")
    for i, code in enumerate(d.pairs):
        faces = code.split("|")
        if len(faces) != 2:
            raise fail(f"deck.pairs[{i}]", f"{code!r}: expected two faces, as R1|P3")
        for face, colors, side in (
            (faces[0], d.colors, d.sides[0]),
            (faces[1], d.back_colors, d.sides[1]),
        ):
            _check_face(v, fail, f"deck.pairs[{i}]", face.strip().upper(), colors, side)


def _check_face(
    v: Variant, fail: Fail, path: str, face: str, colors: tuple[str, ...], side: str
) -> None:
    wild = face.startswith("W")
    rank = face if wild else face[1:]
    if not wild and face[:1] not in colors:
        raise fail(
            path, f"{face!r}: its {side} face is not of a {side} colour ({', '.join(colors)})"
        )
    if not rank or not v.has_rank(rank):
        raise fail(path, f"{face!r}: rank {rank!r} has no [ranks.{rank}]")


@_check("deck-not-empty")
def _not_empty(v: Variant, fail: Fail) -> None:
    """The deck has at least one card."""
    if not _in_deck(v):
        if not v.extends:  # the usual cause: a house-rule file that forgot where it starts
            raise fail(
                "deck",
                "the deck has no cards: the file has no extends, so it starts from nothing; "
                'start it from a variant with extends = "ena" (or "official", ...)',
            )
        raise fail("deck", "the deck has no cards")


@_check("deck-rank-declared")
def _rank_declared(v: Variant, fail: Fail) -> None:
    """A rank declared with a kind has copies in the deck (it is listed in deck.colored or
    deck.wild); ``deck.cut_order`` lists ranks of the deck, each once."""
    listed = {rank for rank, _ in (*v.deck.colored, *v.deck.wild)} | _in_deck(v)
    for rank, r in v.ranks:
        if r.kind != "auto" and rank not in listed:
            raise fail(
                f"ranks.{rank}.kind",
                f"rank {rank!r} is declared ({r.kind}) but has no copies: list it in "
                + ("deck.pairs" if v.deck.pairs else "deck.colored or deck.wild"),
            )
    in_deck = _in_deck(v)
    for i, rank in enumerate(v.deck.cut_order):
        if rank not in in_deck:
            raise fail(f"deck.cut_order[{i}]", _absent(v, rank))
    if len(set(v.deck.cut_order)) != len(v.deck.cut_order):
        raise fail("deck.cut_order", "each rank once")


@_check("players-range")
def _players(v: Variant, fail: Fail) -> None:
    """players.min is at most players.max."""
    if v.players.min > v.players.max:
        raise fail("players.min", f"{v.players.min} is more than players.max ({v.players.max})")


@_check("deal-fits-deck")
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


@_check("card-tables")
def _card_tables(v: Variant, fail: Fail) -> None:
    """DECK-CARD: a ``[cards.CODE]`` table names a coloured card by its code as the notation
    writes it (``SQ``, not ``♠Q`` or ``sq``), of a colour and a rank the variant declares (like
    a rank's table, it may have no copies in the deck)."""
    for code, _ in v.card_rules:
        try:
            card = parse_card(code)
        except CardError:
            card = None
        if card is None or card.color is None:
            what = "a wild is its rank: write its effects in [ranks.RANK]" if card else "no card"
            raise fail(f"cards.{code}", f"{code!r}: {what}; expected {v.describe_cards()}")
        if str(card) != code:
            raise fail(f"cards.{code}", f"write the card's code as {str(card)!r}")
        if card.color not in v.deck.colors and card.color not in dict(v.deck.color_names):
            raise fail(
                f"cards.{code}",
                f"{code!r}: {card.color!r} is not a colour of this deck; expected "
                f"{v.describe_cards()}",
            )
        if not v.has_rank(card.rank):
            raise fail(f"cards.{code}", f"{code!r}: rank {card.rank!r} has no [ranks.{card.rank}]")


def _definitions(v: Variant) -> list[tuple[str, str, Any]]:
    """Every rank's and card's definition: its table, its rank, its keys (DECK-CARD)."""
    cards = [parse_card(code) for code, _ in v.card_rules]
    return [
        *((f"ranks.{rank}", rank, r) for rank, r in v.ranks),
        *((f"cards.{c}", c.rank, v.rank_of(c)) for c in cards),
    ]


@_check("wild-chooses-colour")
def _wild_colour(v: Variant, fail: Fail) -> None:
    """A wild (a rank starting with W, or of kind wild) chooses a colour (or has its victim
    name one: DRAW-COLOR, ``draw_color.chooser = "victim"``); no other rank does; a rank
    starting with W is of kind wild. A card's own effects (DECK-CARD) follow its rank."""
    victim_names = v.draw_color.chooser == "victim"
    for table, rank, r in _definitions(v):
        ops = [e.op for e in r.effects]
        wild = rank.startswith("W") or r.kind == "wild"
        if rank.startswith("W") and r.kind not in ("auto", "wild"):
            raise fail(f"{table}.kind", f"a rank starting with W is a wild, not {r.kind}")
        named = "choose_color" in ops or (victim_names and "draw_until_color" in ops)
        if wild and not named:
            raise fail(f"{table}.effects", 'a wild must include {op = "choose_color"}')
        if not wild and "choose_color" in ops:
            raise fail(
                f"{table}.effects",
                "only a wild (a rank starting with W) chooses a colour",
            )


@_check("challenge-has-restriction")
def _challenge(v: Variant, fail: Fail) -> None:
    """A challengeable card has a restriction for the challenge to test."""
    for rank, r in v.ranks:
        if r.challengeable and not r.only_without_color_match:
            raise fail(
                f"ranks.{rank}.challengeable",
                "a challenge needs a restriction to test: set only_without_color_match",
            )


@_check("one-swap-per-card")
def _one_swap(v: Variant, fail: Fail) -> None:
    """A card swaps hands at most once (it names one target)."""
    for table, _, r in _definitions(v):
        if [e.op for e in r.effects].count("swap_hands") > 1:
            raise fail(f"{table}.effects", "one swap_hands per card (it names one target)")


@_check("return-ranks-in-deck")
def _return_ranks(v: Variant, fail: Fail) -> None:
    """Every rank returned when turned up is in the deck."""
    in_deck = _in_deck(v)
    for i, rank in enumerate(v.first_card.return_ranks):
        if rank not in in_deck:
            raise fail(f"first_card.return_ranks[{i}]", _absent(v, rank))


def _draws(v: Variant, rank: str) -> bool:
    return "draw" in [e.op for e in v.rank(rank).effects]


@_check("stacking-by-overtake")
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


@_check("overtake-skips-between")
def _skip_between(v: Variant, fail: Fail) -> None:
    """OVT-SKIP: play always continues from the overtaker."""
    if not v.overtake.skip_between:
        raise fail(
            "overtake.skip_between",
            "OVT-SKIP: play always continues from the overtaker; false is no reading of a source",
        )


@_check("stacking-answers")
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


@_check("stacking-skip-answers")
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


@_check("uno-out-call")
def _out_call(v: Variant, fail: Fail) -> None:
    """MAU-CALL-OUT: the ranks whose last card is called are in the deck."""
    in_deck = _in_deck(v)
    for i, rank in enumerate(v.uno.out_call):
        if rank not in in_deck:
            raise fail(f"uno.out_call[{i}]", _absent(v, rank))


@_check("scoring-mode-winner")
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


# -- the [play] table (issue 14's play rules: HR-*) ---------------------------------------------


def _has_op(v: Variant, op: str) -> bool:
    """Whether the deck holds a card whose effects include ``op`` and no draw."""
    for rank in _in_deck(v):
        ops = [e.op for e in v.rank(rank).effects]
        if op in ops and "draw" not in ops:
            return True
    return False


@_check("play-deflect")
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


@_check("play-drawn-card")
def _drawn_card(v: Variant, fail: Fail) -> None:
    """HR-FORCED-DRAWN, HR-DEATH-DRAW: a drawn card that must be played may be played."""
    for key in ("must_play_drawn", "death_draw"):
        if getattr(v.play, key) and not v.turn.play_drawn:
            raise fail(
                f"play.{key}",
                f"play.{key} = true needs turn.play_drawn = true: a drawn card that must be "
                "played may not be played",
            )


@_check("play-hand-limit")
def _hand_limit(v: Variant, fail: Fail) -> None:
    """HR-HAND-LIMIT: the limit is not below the deal."""
    limit = v.play.hand_limit
    if limit and limit < v.deal.hand_size:
        raise fail(
            "play.hand_limit",
            f"a hand limit of {limit} is below the deal (deal.hand_size = {v.deal.hand_size})",
        )


@_check("play-bomb")
def _bomb(v: Variant, fail: Fail) -> None:
    """HR-BOMB: a bomb is several cards in one play, so it needs HR-MULTI-PLAY; one card is no
    bomb."""
    if v.play.bomb and not v.play.multi:
        raise fail("play.bomb", "play.bomb needs play.multi = true (several cards in one play)")
    if v.play.bomb == 1:
        raise fail("play.bomb", "a bomb is at least 2 cards in one play (0: no bomb)")


@_check("play-multi-bound")
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


# -- house rules of the table (HR-TEAMS, HR-ELIMINATION) --------------------------------------


@_check("teams-even")
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


@_check("teams-elimination")
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


@_check("flip-colors")
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


@_check("time-limit-cost")
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
