"""Player names: one player whatever the Unicode spelling; any name survives the position."""

from __future__ import annotations

import unicodedata

import pytest

from ena_rules import Play, apply, load_variant, new_game, view
from ena_rules.game.names import escape_name, unescape_name
from ena_rules.game.position import format_position, parse_position
from ena_rules.testing import start_round

COMPOSED = "Žiga"
DECOMPOSED = unicodedata.normalize("NFD", COMPOSED)


def test_SETUP_PLAYERS_a_decomposed_name_is_the_same_player() -> None:
    """SETUP-PLAYERS: "Žiga" typed decomposed (Z + combining caron) plays as the seated Žiga,
    in events, as the dealer and in a view."""
    assert DECOMPOSED != COMPOSED
    s = start_round(
        load_variant("official"), [COMPOSED, "bor"], dealer="bor", hands=[["R9"]], turned="R5"
    )
    verdict = apply(s, Play(DECOMPOSED, "R9"))
    assert verdict.accepted, verdict
    assert view(s, DECOMPOSED).player == COMPOSED
    game = new_game(load_variant("official"), [DECOMPOSED, "bor"], dealer=DECOMPOSED)
    assert game.players == (COMPOSED, "bor") and game.dealer == 0


def test_SETUP_PLAYERS_two_spellings_of_one_name_are_not_two_players() -> None:
    """SETUP-PLAYERS: seats named by both spellings of one name are not distinct."""
    with pytest.raises(ValueError, match="distinct"):
        new_game(load_variant("official"), [COMPOSED, DECOMPOSED])


@pytest.mark.parametrize(
    "name", ["ana marija", "smith, jr.", "a/b", "x=y", "100%", "tab\there", COMPOSED]
)
def test_a_name_with_separators_survives_the_position_notation(name: str) -> None:
    """A name with spaces, commas, ``/``, ``=`` or ``%`` is escaped in a position and parses
    back to an equal state."""
    s = start_round(load_variant("ena"), [name, "bor"], dealer="bor", hands=[["R9"]], turned="R5")
    text = format_position(s)
    players = next(t for t in text.split() if t.startswith("players="))
    assert players.count(",") == 1 and players.count("=") == 1
    assert parse_position(text) == s
    assert unescape_name(escape_name(name)) == name


def test_plain_names_are_written_as_they_are() -> None:
    """Names without special characters are not escaped: older positions read the same."""
    assert escape_name("cene") == "cene" and escape_name(COMPOSED) == COMPOSED
