"""A short arranged Ena game the log tests share (not a test module).

ana deals to ana, bor, cene (2 cards each, R5 turned up); bor plays R4, calls UNO, cene and
ana draw, and bor goes out with R6 on the log's line 6: by SCORE-ENA with a target of 5 that
round ends the game.
"""

from __future__ import annotations

from typing import Any

from ena_rules import load_variant_text
from ena_rules.testing import arrange_deck

SHORT = load_variant_text(
    'name = "short"\nextends = "ena"\n[deal]\nhand_size = 2\n[scoring]\ntarget = 5\n'
)
HEAD: dict[str, Any] = {
    "ena_log": 1,
    "variant": "ena",
    "players": ["ana", "bor", "cene"],
    "dealer": "ana",
    "deck": [
        str(c)
        for c in arrange_deck(
            SHORT, 3, 0, [["R1", "G9"], ["R4", "R6"], ["B1", "BS"]], turned="R5", draw=["Y7", "Y8"]
        )
    ],
}
EVENTS: list[dict[str, Any]] = [
    {"type": "play", "player": "bor", "card": "R4"},
    {"type": "call_uno", "player": "bor"},
    {"type": "draw", "player": "cene"},
    {"type": "draw", "player": "ana"},
    {"type": "play", "player": "bor", "card": "R6"},
]
