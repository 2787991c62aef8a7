"""``ena-rules header`` (a log's header from the hands) and ``ena-rules explain`` (clauses and
keys), run as the command."""

from __future__ import annotations

import json
from pathlib import Path

from test_cli import cli

from ena_rules import load_variant, new_game
from ena_rules.cli.header import header_deck
from ena_rules.variant.clauses import clause, clauses, explain, keys_applying

HANDS = {
    "ana": "R9 G3 G8 B2 YR W Y1",
    "bor": "R9 R2 G4 Y7 B1 W+4 YS",
    "cene": "R3 G1 B6 B9 Y2 RS G+2",
}


def _header(*extra: str) -> list[str]:
    args = ["header", "--variant", "ena", "--players", "ana,bor,cene", "--dealer", "ana"]
    args += [f"--hand={p}={cards}" for p, cards in HANDS.items()]
    return [*args, "--turned", "R5", *extra]


class TestHeader:
    def test_DEAL_SEVEN_the_deal_of_the_completed_deck_gives_the_hands_listed(
        self, tmp_path: Path
    ) -> None:
        """DEAL-SEVEN: the header's deck, dealt one card at a time clockwise from the dealer's
        left, gives each player the hand listed and turns up the card given; the log of that
        header alone validates (exit 0) and replays with those hands."""
        r = cli(*_header())
        assert r.returncode == 0 and r.stderr == ""
        line = json.loads(r.stdout)
        assert line["dealer"] == "ana" and len(line["deck"]) == 108
        log = tmp_path / "game.jsonl"
        log.write_text(r.stdout, encoding="utf-8")
        assert cli("validate", str(log)).returncode == 0
        replay = cli("replay", str(log)).stdout
        for player, cards in HANDS.items():
            assert f" {player:<4}  7: {cards}" in replay
        assert "top R5 (red)" in replay

    def test_a_round_line_and_the_draw_pile_top(self) -> None:
        """``--round`` prints a round line; ``--draw`` puts cards on top of the draw pile."""
        r = cli(*_header("--round", "--draw", "G9 B7"))
        line = json.loads(r.stdout)
        assert line["type"] == "round" and line["deck"][21:24] == ["R5", "G9", "B7"]

    def test_header_deck_refuses_hands_the_table_cannot_have(self) -> None:
        """Short hands (without --fill), unknown players, a card more often than the deck
        holds it: each a clear error, exit 2."""
        base = ["header", "--variant", "ena", "--players", "ana,bor", "--dealer", "ana"]
        short = cli(*base, "--hand=ana=R1", "--turned", "R5")
        assert short.returncode == 2 and "each hand lists the 7 cards dealt" in short.stderr
        stranger = cli(*_header(), "--hand=eve=R1")
        assert stranger.returncode == 2 and "NAME one of ana, bor, cene" in stranger.stderr
        twice = cli(*_header(), "--hand=ana=R1")
        assert twice.returncode == 2 and "ana's hand is given twice" in twice.stderr
        too_many = cli(*_header("--draw", "R9"))
        assert too_many.returncode == 2 and "R9 is not available" in too_many.stderr
        assert cli(*_header()[:-2], "--turned", "X9").returncode == 2

    def test_fill_completes_short_hands(self) -> None:
        """--fill completes shorter hands from the deck; the listed cards come first."""
        deck = header_deck(
            load_variant("ena"), ["ana", "bor"], "bor", {"ana": "W"}, "R5", fill=True
        )
        assert deck[0] == "W" and len(deck) == 108
        assert new_game(load_variant("ena"), ["ana", "bor"], dealer="bor").phase == "deal"

    def test_table_writes_a_table_records_header_checked_as_a_first_line(
        self, tmp_path: Path
    ) -> None:
        """``--table``: the header of a table record ("deck": "unknown": players, dealer, the
        cards turned up) that validates alone; ``--round`` its round line; hands, a dealer who
        is not a player, a bad card or a turn-up the rules reject: an error, exit 2."""
        base = ["header", "--table", "--variant", "official", "--players", "ana,bor,cene"]
        r = cli(*base, "--dealer", "ana", "--turned", "W+4 R5")
        assert r.returncode == 0 and r.stderr == ""
        assert json.loads(r.stdout) == {
            "ena_log": 1,
            "variant": "official",
            "players": ["ana", "bor", "cene"],
            "dealer": "ana",
            "deck": "unknown",
            "turned": ["W+4", "R5"],
        }
        log = tmp_path / "table.jsonl"
        log.write_text(r.stdout + '{"type": "play", "player": "bor", "card": "R7"}\n', "utf-8")
        assert cli("validate", str(log)).returncode == 0
        again = cli(*base, "--dealer", "ana", "--turned", "G2", "--round")
        assert json.loads(again.stdout) == {"type": "round", "turned": ["G2"]}
        for extra, words in [
            (["--dealer", "ana", "--turned", "R5", "--hand=ana=R1"], "lists no hands"),
            (["--dealer", "zed", "--turned", "R5"], "'zed' (dealer) is not a player"),
            (["--dealer", "ana", "--turned", "QQ"], "--turned: 'QQ': not a card code"),
        ]:
            bad = cli(*base, *extra)
            assert bad.returncode == 2 and words in bad.stderr, bad.stderr
        ena = cli(*base[:3], "ena", *base[4:], "--dealer", "ana", "--turned", "W+4 R5")
        assert ena.returncode == 2 and "[FLIP-WD4-OFF]" in ena.stderr


class TestExplain:
    def test_PEN_ENA_a_clause_with_its_seeds_keys_and_values(self) -> None:
        """PEN-ENA: its title, seeds and every key applying it with the shipped values."""
        r = cli("explain", "PEN-ENA")
        assert r.returncode == 0
        assert r.stdout.startswith(f"PEN-ENA: {clause('PEN-ENA').title}.")
        assert "003 (Ena UNO, English" in r.stdout
        for key in keys_applying("PEN-ENA"):
            assert f"    {key.path}: " in r.stdout
        assert "= 2 (ena, ena-112)" in r.stdout

    def test_an_open_clause_says_its_decision(self) -> None:
        """Every open clause's explanation carries its decision."""
        for c in clauses():
            if c.open:
                assert f"open point, decided: {c.decision}" in explain(c.id)

    def test_a_variant_key_and_a_rank_key(self) -> None:
        """A key path: meaning, type, default, clauses; a rank's key shows that rank only."""
        text = cli("explain", "penalties.out_of_turn", 'ranks."+2".score').stdout
        assert "penalties.out_of_turn: cards drawn for playing out of turn." in text
        assert "  clause PEN-ENA: " in text
        assert "ranks.+2.score: " in text and "    +2: 20 (every shipped variant)" in text
        assert "    W: 50" not in text


class TestExamples:
    def test_examples_writes_every_sample_log_and_its_results_where_the_guides_look(
        self, tmp_path: Path
    ) -> None:
        """``ena-rules examples`` writes the shipped sample logs and their expected results into
        docs/examples (the guides' paths), byte for byte those of the checkout; run again it
        rewrites nothing different; a different file in the way is kept (exit 2) unless
        ``--force``; a folder given is made."""
        samples = Path(__file__).resolve().parent.parent / "docs" / "examples"
        r = cli("examples", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        assert (
            r.stdout
            == "wrote 36 files to docs/examples (12 sample logs and their expected results)\n"
        )
        for src in samples.glob("*.jsonl"):
            assert (tmp_path / "docs" / "examples" / src.name).read_bytes() == src.read_bytes()
            for suffix in (".expected.json", ".expected.txt"):
                assert (tmp_path / "docs" / "examples" / (src.stem + suffix)).is_file()
        assert not (tmp_path / "docs" / "examples" / "make_examples.py").exists()
        assert (
            cli("validate", "--quiet", "docs/examples/ena-clean.jsonl", cwd=tmp_path).returncode
            == 0
        )
        mine = tmp_path / "docs" / "examples" / "ena-clean.jsonl"
        mine.write_text("mine\n", encoding="utf-8")
        r = cli("examples", cwd=tmp_path)
        assert r.returncode == 2 and "ena-clean.jsonl: exists with other content" in r.stderr
        assert mine.read_text(encoding="utf-8") == "mine\n"
        assert cli("examples", "--force", cwd=tmp_path).returncode == 0
        assert mine.read_bytes() == (samples / "ena-clean.jsonl").read_bytes()
        assert cli("examples", "deep/er", cwd=tmp_path).returncode == 0
        assert (tmp_path / "deep" / "er" / "ena-disputed.jsonl").is_file()


class TestVariantMessages:
    """What a house-rule author reads when a file is not right (variants check, diff, new,
    explain), and the help of every variants action."""

    def test_a_file_without_extends_is_told_so(self, tmp_path: Path) -> None:
        (tmp_path / "x.toml").write_text('name = "x"\n[deal]\nhand_size = 5\n', encoding="utf-8")
        r = cli("variants", "check", "x.toml", cwd=tmp_path)
        assert r.returncode == 1
        assert "the file has no extends" in r.stdout + r.stderr
        assert 'extends = "ena"' in r.stdout + r.stderr

    def test_a_file_with_neither_name_nor_extends_is_told_of_extends_too(
        self, tmp_path: Path
    ) -> None:
        (tmp_path / "x.toml").write_text("[deal]\nhand_size = 5\n", encoding="utf-8")
        r = cli("variants", "check", "x.toml", cwd=tmp_path)
        assert r.returncode == 1 and "the file has no extends either" in r.stdout

    def test_a_rank_with_effects_but_no_copies_warns(self, tmp_path: Path) -> None:
        """A rank the file gives effects that the deck never deals: a warning (exit 0); the
        shipped variants' own undealt ranks (official's WS, WC) are no warning."""
        (tmp_path / "x.toml").write_text(
            'extends = "ena"\n[ranks.X]\neffects = [{op = "skip"}]\nscore = 20\n', "utf-8"
        )
        r = cli("variants", "check", "x.toml", cwd=tmp_path)
        assert r.returncode == 0
        assert (
            "x.toml: warning: ranks.X.effects: rank 'X' has effects but no copies in the deck"
            in r.stdout
        )
        (tmp_path / "y.toml").write_text('extends = "ena"\n[deal]\nhand_size = 5\n', "utf-8")
        for quiet in ("y.toml", "official", "ena"):
            assert "warning" not in cli("variants", "check", quiet, cwd=tmp_path).stdout

    def test_show_cites_a_rank_effects_own_clause_or_none(self) -> None:
        """ranks.7.effects (no effects) cites nothing, ranks.S.effects its own ACT-SKIP; never
        the schema's list of every card's clause."""
        out = cli("variants", "show", "ena").stdout.splitlines()
        seven = next(x for x in out if x.startswith("ranks.7.effects ="))
        skip = next(x for x in out if x.startswith("ranks.S.effects ="))
        assert seven == "ranks.7.effects = []  # the effect primitives the card applies, in order"
        assert "[ACT-SKIP;" in skip and "ACT-REV" not in skip

    def test_a_section_key_at_the_top_level_is_pointed_to_its_section(self, tmp_path: Path) -> None:
        (tmp_path / "x.toml").write_text(
            'name = "x"\nextends = "ena"\nhand_size = 5\n', encoding="utf-8"
        )
        r = cli("variants", "check", "x.toml", cwd=tmp_path)
        assert "unknown key 'hand_size' (did you mean deal.hand_size?)" in r.stdout + r.stderr
        (tmp_path / "y.toml").write_text(
            'name = "y"\nextends = "ena"\ndeall = 5\n', encoding="utf-8"
        )
        r = cli("variants", "check", "y.toml", cwd=tmp_path)
        assert "unknown key 'deall' (did you mean 'deal'?)" in r.stdout + r.stderr

    def test_diff_cites_a_rank_keys_own_clause_or_none(self) -> None:
        """ranks.7.effects under seven-zero cites HOUSE-SEVEN-ZERO, not every card's clause."""
        out = cli("variants", "diff", "ena", "seven-zero").stdout
        line = next(x for x in out.splitlines() if x.startswith("ranks.7.effects:"))
        assert "[HOUSE-SEVEN-ZERO]" in line and "ACT-SKIP" not in line

    def test_explain_shows_an_empty_table_as_diff_does(self) -> None:
        out = cli("explain", "stacking.answer").stdout
        assert "default: {}" in out and "{} (the other shipped variants)" in out
        assert "[]" not in out

    def test_new_writes_no_doubled_quote(self, tmp_path: Path) -> None:
        cli("variants", "new", "zz", "--extends", "ena", cwd=tmp_path)
        text = (tmp_path / "zz.toml").read_text(encoding="utf-8")
        assert "''s" not in text and "its value in 'ena'" in text

    def test_every_variants_action_has_a_description_and_new_its_arguments_help(self) -> None:
        for action in ("list", "show", "check", "diff", "new"):
            out = " ".join(cli("variants", action, "--help").stdout.split())
            usage_end = out.index("positional arguments" if action != "list" else "options")
            assert len(out[:usage_end].split("] ")[-1]) > 40, action  # a description
        new = " ".join(cli("variants", "new", "--help").stdout.split())
        assert "the new variant's name" in new and "the variant it starts from" in new
