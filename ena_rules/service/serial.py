"""Which messages take long: a record's validation or replay runs off the event loop.

>>> is_slow('{"jsonrpc": "2.0", "id": 1, "method": "record.validate", "params": {}}')
True
>>> is_slow('{"jsonrpc": "2.0", "id": 1, "method": "game.act"}')
False
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["SLOW_METHODS", "is_slow"]

#: The methods a transport may run in a worker thread (they touch no live table).
SLOW_METHODS = frozenset({"record.validate", "record.replay"})


def _slow(message: Any) -> bool:
    return isinstance(message, dict) and message.get("method") in SLOW_METHODS


def is_slow(text: str | bytes) -> bool:
    """Whether a message (or a batch) holds a slow method; text that is not JSON is not."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return False
    if isinstance(message, list):
        return any(_slow(m) for m in message)
    return _slow(message)
