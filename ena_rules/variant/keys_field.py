"""A rule key's field: an attrs field carrying the key's default, clause ids, description and
allowed values, which docs/variant-keys.md, the strict converter (``hooks.py``) and the
clauses (``clauses.py``) read. Every table of rule keys (``keys*.py``) declares its keys with it.

>>> @attrs.frozen
... class Example:
...     size: int = _key(7, "DEAL-SEVEN", "cards dealt to each player", minimum=1)
>>> Example().size, attrs.fields(Example).size.metadata["clause"]
(7, 'DEAL-SEVEN')
"""

from __future__ import annotations

from typing import Any

import attrs

__all__: list[str] = []


def _key(
    default: Any,
    clause: str,
    doc: str,
    *,
    choices: tuple[str, ...] = (),
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """An attrs field that is a rule key: default, clause id(s), description, allowed values."""
    meta = {"clause": clause, "doc": doc, "choices": choices, "min": minimum, "max": maximum}
    if isinstance(default, (list, tuple, dict)):
        value = default
        return attrs.field(factory=lambda: value, metadata=meta)
    return attrs.field(default=default, metadata=meta)
