"""Make the sample logs of docs/examples/ with the real engine, and the validator's results.

Each game is played through ``ena_rules.apply`` (via :class:`ena_rules.log.GameRecorder`) from
arranged decks (``ena_rules.testing.arrange_deck``) that make its situations happen; every event
is checked to get the verdict the story needs, so a change in the engine that alters a sample
fails here instead of silently rewriting it. Beside each ``NAME.jsonl`` it writes

- ``NAME.expected.json``: the validator's report (``validate(...).to_dict()``), exit code first;
- ``NAME.expected.txt``: what ``ena-rules validate NAME.jsonl`` prints;

and the output block of README.md's Quick start (the disputed game's verdicts). The logs of
``HAND_WRITTEN`` (Crazy Eights, No Mercy) are written by hand: only their expected results are
made here.

Run from the repository root::

    python3 docs/make_examples.py          # write the files
    python3 docs/make_examples.py --check  # exit 1 if any file is out of date
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ena_rules import (
    CallUno,
    Card,
    Challenge,
    ChooseColor,
    Draw,
    GameState,
    Overtake,
    Pass,
    Play,
    Verdict,
    canonical_deck,
    legal_events,
    load_variant,
)
from ena_rules.cards.shuffle import shuffled
from ena_rules.game.events import PlayerEvent
from ena_rules.log import DrawnClaim, GameRecorder, PenaltyClaim, RoundClaim, WinnerClaim
from ena_rules.log.table_writer import TableRecorder
from ena_rules.testing import arrange_deck
from ena_rules.variant import Variant

HERE = Path(__file__).resolve().parent / "examples"
PLAYERS = ("ana", "bor", "cene")


class Story:
    """A game being written: every event must get the outcome (and clause) the story expects."""

    def __init__(self, variant: Variant, *, dealer: str, deck: Sequence[Card]) -> None:
        self.out = io.StringIO()
        self.v = variant
        self.rec = GameRecorder(self.out, variant, PLAYERS, dealer=dealer, deck=deck)

    @property
    def state(self) -> GameState:
        return self.rec.state

    def do(self, event: PlayerEvent, outcome: str = "accepted", clause: str = "") -> Verdict:
        """Apply and write one event, checking its verdict."""
        verdict = self.rec.apply(event)
        if verdict.outcome != outcome or (clause and verdict.clause != clause):
            raise AssertionError(f"{event!r}: expected {outcome} {clause}, got {verdict}")
        return verdict

    def hand(self, player: str) -> tuple[Card, ...]:
        return self.state.hands[PLAYERS.index(player)]

    def turn(self, *, passive: Sequence[str] = (), avoid: Sequence[Card] = ()) -> None:
        """One turn by the player due, the plain way: play the first playable card of the hand
        (none of ``avoid``), else draw (and keep a playable drawn card); a player in
        ``passive`` always draws. A player left with one card calls UNO at once."""
        s = self.state
        due = s.due
        assert due is not None
        if s.phase == "color":
            self.do(next(e for e in legal_events(s) if isinstance(e, ChooseColor)))
            return
        plays = [
            e
            for e in legal_events(s)
            if isinstance(e, Play) and e.player == due and e.card not in avoid
        ]
        plays.sort(key=lambda e: e.card.is_wild)  # wilds last
        if plays and due not in passive and s.phase != "owe":
            self.do(plays[0])
            if len(self.hand(due)) == 1 and self.state.phase not in ("deal", "over"):
                self.do(CallUno(due))
            return
        self.do(Draw(due))
        if self.state.phase == "drawn" and self.state.due == due:
            self.do(Pass(due))

    def play_out(self, *, passive: Sequence[str] = (), avoid: Sequence[Card] = ()) -> None:
        """Turns until the round ends."""
        for _ in range(2000):
            if self.state.phase in ("deal", "over"):
                return
            self.turn(passive=passive, avoid=avoid)
        raise AssertionError("the round does not end")

    def round_claim(self, *, totals: bool = True, fudge: dict[str, int] | None = None) -> None:
        """The table's record of the round just ended (``fudge`` adds its counting mistakes)."""
        s = self.state
        result = s.last_round
        assert result is not None
        points = dict(zip(PLAYERS, result.points, strict=True))
        running = dict(zip(PLAYERS, s.scores, strict=True))
        for name, delta in (fudge or {}).items():
            points[name] += delta
            running[name] += delta
        self.rec.claim(
            RoundClaim(
                s.round,
                winner=PLAYERS[result.winner],
                points=points,
                totals=running if totals else None,
            )
        )

    def text(self) -> str:
        return self.out.getvalue()


def _cards(text: str) -> list[str]:
    return text.split()


def ena_clean() -> str:
    """A whole Ena game, clean: two short rounds, every claim right, the lowest total wins.

    cene is dealt every wild card in both rounds and never plays one, so the game reaches 500
    in two rounds; round 2 turns up a Wild, whose colour the dealer names (choose_color).
    """
    ena = load_variant("ena")
    deck = arrange_deck(
        ena,
        3,
        0,
        [
            _cards("R1 R2 G2 G3 Y3 Y4 B4"),
            _cards("R6 R7 G7 G8 Y8 Y9 B9"),
            _cards("W W W W W+4 W+4 W+4"),
        ],
        turned="R5",
    )
    st = Story(ena, dealer="ana", deck=deck)
    st.turn()  # bor
    st.turn(passive=["cene"])
    v = st.rec.state
    assert v.due == "ana"
    st.play_out(passive=["cene"])
    st.round_claim()
    # round 2: bor deals, cene goes first; cene again holds the wilds, a Wild is turned up
    deck2 = arrange_deck(
        ena,
        3,
        1,
        [
            _cards("R3 G4 G5 Y5 Y6 B6 B7"),
            _cards("R8 R9 G9 G1 Y1 Y2 B2"),
            _cards("W W W W+4 W+4 W+4 W+4"),
        ],
        turned="W",
    )
    st.rec.new_round(deck2)
    st.do(ChooseColor("bor", "yellow"))
    st.turn(passive=["cene"])
    st.do(Draw("ana"))  # ana draws instead of playing: no offence (TURN-DRAW)
    drawn = st.hand("ana")[-1]
    st.rec.claim(DrawnClaim("ana", count=1, cards=(drawn,)))
    if st.state.phase == "drawn":
        st.do(Pass("ana"))
    st.play_out(passive=["cene"])
    st.round_claim()
    assert st.state.phase == "over" and st.state.winner is not None
    st.rec.claim(WinnerClaim(PLAYERS[st.state.winner]))
    return st.text()


def ena_disputed() -> str:
    """A disputed Ena game: an out-of-turn play, a valid overtake, a missed UNO catch that the
    table punished the wrong way (so its score claim for round 1 follows a wrong state), and a
    miscounted score in round 2.
    """
    ena = load_variant("ena")
    deck = arrange_deck(
        ena,
        3,
        0,
        [
            _cards("R3 Y1 Y2 B1 B3 G6 GS"),
            _cards("R3 R8 R9 Y9 Y7 Y5 G2"),
            _cards("R7 G1 B8 B9 Y4 G8 BS"),
        ],
        turned="R5",
    )
    st = Story(ena, dealer="ana", deck=deck)
    # bor is due; cene plays out of turn: a 2-card mistake, the card stays in cene's hand
    st.do(Play("cene", "R7"), "penalised", "PEN-ENA")
    st.rec.claim(PenaltyClaim("cene", 2))
    st.do(Play("bor", "R3"))
    # ana holds the other red 3: she overtakes, cene (due) is skipped, bor goes next
    st.do(Overtake("ana", "R3"), "accepted", "OVT-IDENT")
    while not (st.state.due == "bor" and len(st.hand("bor")) == 2 and _can_play(st, "bor")):
        st.turn()
    play = next(e for e in legal_events(st.state) if isinstance(e, Play) and e.player == "bor")
    st.do(play)  # bor is down to one card and does not call UNO
    st.turn()  # cene takes her turn: the catch window on bor closes (UNO-WINDOW)
    before = len(st.hand("ana"))
    st.do(CallUno("ana", target="bor"), "penalised", "UNO-FALSE")
    late = st.hand("ana")[before:]
    st.rec.claim(PenaltyClaim("bor", 2))  # the table made bor draw instead
    # the round goes on; at the table ana and bor just draw, cene goes out
    st.play_out(passive=["ana", "bor"], avoid=late)
    # the table's score claim follows its own ruling: the two cards sit in bor's hand, not ana's
    value = sum(ena.rank(c.rank).score for c in late)
    st.round_claim(fudge={"ana": -value, "bor": +value})
    # round 2, from a shuffled deck: played cleanly, but the table miscounts one hand
    st.rec.new_round(shuffled(canonical_deck(ena), 2024), seed=2024)
    st.play_out()
    result = st.state.last_round
    assert result is not None
    loser = next(p for p in PLAYERS if p != PLAYERS[result.winner])
    st.round_claim(totals=False, fudge={loser: -10})
    return st.text()


def _can_play(st: Story, player: str) -> bool:
    return any(isinstance(e, Play) and e.player == player for e in legal_events(st.state))


def official_challenges() -> str:
    """An official round with a successful and a failed Wild Draw Four challenge, then played
    out, with the table's record of the challenge draws and of the round's score."""
    official = load_variant("official")
    deck = arrange_deck(
        official,
        3,
        0,
        [
            _cards("Y1 Y2 Y3 B1 B2 G1 G2"),
            _cards("W+4 R1 R2 B3 Y4 G3 G4"),
            _cards("W+4 Y5 Y6 B4 B5 R3 R4"),
        ],
        turned="R5",
    )
    st = Story(official, dealer="ana", deck=deck)
    # bor holds red cards yet plays a Wild Draw Four: illegal (TURN-WD4-LEGAL)
    st.do(Play("bor", "W+4", color="green"))
    v = st.do(Challenge("cene"), "accepted", "CHAL-GUILTY")
    assert dict(v.drawn) == {"bor": 4}
    st.rec.claim(DrawnClaim("bor", count=4, cards=st.hand("bor")[-4:]))
    # cene takes the turn; she holds no green card, so her Wild Draw Four is legal
    st.do(Play("cene", "W+4", color="blue"))
    v = st.do(Challenge("ana"), "accepted", "CHAL-INNOCENT")
    assert dict(v.drawn) == {"ana": 6}
    st.rec.claim(DrawnClaim("ana", count=6))
    st.play_out()
    st.round_claim()
    return st.text()


class TableStory:
    """A table record being written as a table calls the moves: each line's result is checked."""

    def __init__(self, variant: str, players: Sequence[str], dealer: str, turned: str) -> None:
        self.out = io.StringIO()
        self.rec = TableRecorder(
            self.out, load_variant(variant), players, dealer=dealer, turned=[turned]
        )

    def check(self, result: Any, outcome: str) -> None:
        got = (
            result.outcome
            if result.kind != "claim"
            else (
                "agrees"
                if result.agrees
                else "disagrees"
                if result.agrees is False
                else result.outcome
            )
        )
        if got != outcome:
            raise AssertionError(f"line {result.line}: expected {outcome}, got {result.text()}")

    def plays(self, *moves: str) -> None:
        """Moves as called out: ``bor R7``, ``ana W+4 green``, ``bor draws``, ``bor uno``."""
        for move in moves:
            player, what, *rest = move.split()
            if what == "draws":
                self.check(self.rec.draw(player, cards=rest or None), "accepted")
            elif what == "uno":
                self.check(self.rec.call_uno(player), "accepted")
            else:
                self.check(self.rec.play(player, what, color=rest[0] if rest else None), "accepted")


def _two_player_round(st: TableStory, *, shown: Sequence[str] | None) -> None:
    """ana deals, R5 turned; ana plays a Wild Draw Four that bor challenges; bor goes out."""
    st.plays("bor R7", "ana R2", "bor G2", "ana G8", "bor G3", "ana W+4 blue")
    st.check(st.rec.challenge("bor", shown=shown), "accepted" if shown else "undetermined")
    st.plays(
        "bor B3", "ana B9", "bor B1", "ana BS", "ana B4", "bor Y4", "bor uno", "ana draws", "bor Y9"
    )


def table_consistent() -> str:
    """A consistent record with undetermined points: a challenge nobody saw the hand of, and
    points counted from hands nobody recorded."""
    st = TableStory("official", ("ana", "bor"), "ana", "R5")
    _two_player_round(st, shown=None)
    st.check(st.rec.claim_round(1, winner="bor", points={"bor": 83}), "undetermined")
    return st.out.getvalue()


def table_score_wrong() -> str:
    """The hands revealed at the end prove the table's score wrong."""
    st = TableStory("official", ("ana", "bor"), "ana", "R5")
    _two_player_round(st, shown=["R1", "G2", "Y7", "B9"])
    hands = {"ana": ["R1", "G2", "Y7", "Y5", "Y6", "W"]}  # worth 71
    st.check(st.rec.claim_round(1, winner="bor", points={"bor": 61}, hands=hands), "disagrees")
    return st.out.getvalue()


def table_impossible() -> str:
    """A card nobody could hold: a third R9 in sight before any reshuffle."""
    st = TableStory("ena", PLAYERS, "ana", "R9")
    st.plays("bor R9", "cene R3")
    st.check(st.rec.play("ana", "R9"), "rejected")
    return st.out.getvalue()


EXAMPLES: dict[str, Callable[[], str]] = {
    "ena-clean": ena_clean,
    "ena-disputed": ena_disputed,
    "official-challenges": official_challenges,
    "table-consistent": table_consistent,
    "table-score-wrong": table_score_wrong,
    "table-impossible": table_impossible,
}


#: Logs written by hand (not by a story above): only their expected results are made here.
HAND_WRITTEN = (
    "crazy-eights-clean",
    "crazy-eights-mistake",
    "no-mercy-stack",
    "no-mercy-same-value-stack",
    "flip-turns",
    "flip-turns-miscount",
)


def dump_report(report: dict[str, Any]) -> str:
    """The report as JSON with one line per log line (readable, and diffs line by line)."""

    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ",\n".join(f"  {one(x)}" for x in report["lines"])
    return (
        f'{{\n "exit_code": {one(report["exit_code"])},\n "summary": {one(report["summary"])},\n'
        f' "lines": [\n{lines}\n ]\n}}\n'
    )


def expected(name: str, folder: Path = HERE) -> tuple[str, str]:
    """The validator's report (JSON) and the CLI's text for ``folder/NAME.jsonl``."""
    from ena_rules.cli import main
    from ena_rules.log.validate import validate

    path = folder / f"{name}.jsonl"
    rel = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
    report = validate(rel)
    data = dump_report(report.to_dict())
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        main(["validate", str(rel)])
    return data, buf.getvalue()


def quick_start(readme: str, output: str) -> str:
    """README.md with its Quick start output block replaced by ``output``."""
    start = readme.index("```text\n", readme.index("## Quick start")) + len("```text\n")
    end = readme.index("```", start)
    return readme[:start] + output + readme[end:]


def _expected_files(name: str) -> Iterator[tuple[Path, str, str]]:
    data, text = expected(name)
    for suffix, content in ((".expected.json", data), (".expected.txt", text)):
        path = HERE / f"{name}{suffix}"
        yield path, content, path.name


def _files() -> Iterator[tuple[Path, str, str]]:
    """Every file made here: (path, content, name in a report), in the order they are made (a
    sample's expected results are read from its log, so the log comes first)."""
    for name, make in EXAMPLES.items():
        log = HERE / f"{name}.jsonl"
        yield log, make(), log.name
        yield from _expected_files(name)
    for name in HAND_WRITTEN:
        yield from _expected_files(name)
    readme = HERE.parent.parent / "README.md"
    fresh = quick_start(readme.read_text(encoding="utf-8"), expected("ena-disputed")[1])
    yield readme, fresh, "README.md (Quick start)"


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or with ``--check`` compare) every sample log and its expected results."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--check", action="store_true", help="exit 1 if a file is out of date")
    args = ap.parse_args(argv)
    stale = []
    for path, content, label in _files():
        if not args.check:
            path.write_text(content, encoding="utf-8")
        elif not path.is_file() or path.read_text(encoding="utf-8") != content:
            stale.append(label)
    if stale:
        print("out of date: " + ", ".join(stale) + " (run python3 docs/make_examples.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
