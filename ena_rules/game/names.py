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

from ..errors import EventError

__all__ = ["escape_name", "lone_surrogate", "player_name", "unescape_name"]

#: What a name may not hold as it is in the position notation: whitespace separates fields,
#: ``,`` names, ``/`` hands, ``=`` a field from its value; ``%`` starts an escape.
_SPECIAL = re.compile(r"[\s,/=%]")


def lone_surrogate(text: str) -> str | None:
    """The first lone surrogate in ``text`` (``"U+D800"``), which is not text and cannot be
    written out (UTF-8 has no form for it), or ``None``.

    >>> lone_surrogate("ana"), lone_surrogate("a" + chr(0xD800))
    (None, 'U+D800')
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"U+{ord(text[exc.start]):04X}"
    return None


def player_name(name: str) -> str:
    """The name in Unicode NFC form (a ``str`` that is not one is returned unchanged, for the
    caller's own type check to report). A name holding a lone surrogate is an
    :class:`~ena_rules.EventError`: no output could write it."""
    if not isinstance(name, str):
        return name
    bad = lone_surrogate(name)
    if bad is not None:
        shown = ascii(name) if len(name) <= 40 else ascii(name[:37]) + "..."
        raise EventError(f"{shown}: a name holds a lone surrogate ({bad}), which is not text")
    return unicodedata.normalize("NFC", name)


def escape_name(name: str) -> str:
    """The name with each special character as ``%XX`` (its UTF-8 bytes), the rest as it is."""
    return _SPECIAL.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), name)


def unescape_name(text: str) -> str:
    """The name an :func:`escape_name` text stands for."""
    return player_name(unquote(text))
