"""Player names: compared after Unicode NFC normalisation, escaped in the position notation.

The same name typed on two keyboards may arrive composed (``"Žiga"``, one code point for ``Ž``)
or decomposed (``"Z\\u030ciga"``, a ``Z`` and a combining caron). Every name that enters the
library (the seats of a game, the player of an event, a view's player) goes through
:func:`player_name`, so both spellings are one player.

>>> player_name("Z\\u030ciga") == "Žiga"
True
>>> escape_name("ana marija, jr."), unescape_name("ana%20marija%2C%20jr.")
('ana%20marija%2C%20jr.', 'ana marija, jr.')
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import unquote

__all__ = ["escape_name", "player_name", "unescape_name"]

#: What a name may not hold as it is in the position notation: whitespace separates fields,
#: ``,`` names, ``/`` hands, ``=`` a field from its value; ``%`` starts an escape.
_SPECIAL = re.compile(r"[\s,/=%]")


def player_name(name: str) -> str:
    """The name in Unicode NFC form (a ``str`` that is not one is returned unchanged, for the
    caller's own type check to report)."""
    return unicodedata.normalize("NFC", name) if isinstance(name, str) else name


def escape_name(name: str) -> str:
    """The name with each special character as ``%XX`` (its UTF-8 bytes), the rest as it is."""
    return _SPECIAL.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), name)


def unescape_name(text: str) -> str:
    """The name an :func:`escape_name` text stands for."""
    return player_name(unquote(text))
