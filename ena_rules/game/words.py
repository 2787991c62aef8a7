"""Counting in words: ``1 card``, ``2 cards``; the one place messages make plurals.

>>> plural(1, "card"), plural(2, "card"), plural(1, "unusable line"), plural(0, "claim")
('1 card', '2 cards', '1 unusable line', '0 claims')
>>> plural(2, "key differs", "keys differ")
'2 keys differ'
>>> a_word("orange"), a_word("teal")
('an orange', 'a teal')
"""

from __future__ import annotations

__all__ = ["a_word", "plural"]


def a_word(word: str) -> str:
    """The word with its indefinite article: ``a_word("red")`` is ``'a red'``, ``an orange``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def plural(count: int, one: str, many: str | None = None) -> str:
    """``count`` and the noun phrase, singular for exactly 1 (``many``: ``one + "s"``)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"
