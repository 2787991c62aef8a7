"""The fuzz run's mutators: an input made from a sample byte by byte (a log, a table record, a
variant file, a position), and a position's tokens reshuffled (docs/reliability.md).
:mod:`ena_rules.testing.fuzz` re-exports them.

>>> mutate(b'{"ena_log": 1}', random.Random(3)) != b'{"ena_log": 1}'
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

__all__ = ["INTERESTING", "mutate", "mutate_position"]


#: Byte strings a mutation may splice in: JSON edge cases, odd white space, huge numbers, paths.
INTERESTING: tuple[bytes, ...] = (
    b"null",
    b"[]",
    b"{}",
    b'"',
    b"\\u0000",
    b"\xc2\xa0",
    b"\x0c",
    b"\xff",
    b"\n",
    b"-1",
    b"1e999",
    b"9" * 30,
    b"NaN",
    b'"/etc/passwd"',
    b'"../../x.toml"',
    b'"' + b"y" * 300 + b'"',
    b"true",
    b'"W+4"',
    b'"type": "round"',
    b'"ena_log": 1',
    b"=",
    b"[[",
    b"]]",
    b"phase=",
    b"/",
    b".",
    b"_",
    # issue 24: lone surrogates and other odd strings, bare file names, big hands of one rank
    b'"\\ud800"',
    b'"\\udfff"',
    b'"a\\udc00b"',
    b"\\ud83d",
    b"\xed\xa0\x80",
    b"\xe2\x80\xae",
    b"\xcc\x81",
    b"\xef\xbb\xbf",
    b'"official.toml"',
    b'"ena.toml"',
    b'"crazy.toml"',
    b'"./official.toml"',
    b'"' + b"R5." * 40 + b'"',
    b"R5.R5.R5.R5.G5.G5.G5.G5.B5.B5.B5.B5.Y5.Y5.Y5.Y5",
    b"blind=",
    b"drawn=",
    b"%ED%A0%80",
)


def mutate(data: bytes, rng: random.Random, rounds: int = 3) -> bytes:
    """``data`` changed by up to ``rounds`` byte-level edits: flip, insert, delete, splice, cut.

    >>> mutate(b"abc", random.Random(1)) != b"abc"
    True
    """
    buf = bytearray(data)
    for _ in range(rng.randint(1, rounds)):
        op = rng.randrange(6)
        i = rng.randrange(len(buf) + 1)
        if op == 0 and buf:
            buf[min(i, len(buf) - 1)] = rng.randrange(256)
        elif op == 1:
            buf[i:i] = rng.choice(INTERESTING)
        elif op == 2 and buf:
            del buf[i : i + rng.randint(1, 8)]
        elif op == 3 and buf:
            j = rng.randrange(len(buf))
            buf[i:i] = buf[j : j + rng.randint(1, 32)]
        elif op == 4:
            buf[i:i] = bytes([rng.choice(b'{}[]":,0123456789 ')])
        else:
            del buf[i:]
    return bytes(buf)


def mutate_position(text: str, pool: Sequence[str], rng: random.Random) -> str:
    """A position with tokens dropped, added, or given another position's value for the field.

    >>> mutate_position("official players=a,b phase=play", ["official turn=1"], random.Random(2))
    'official phase=play'
    """
    tokens = text.split()
    others = [t for p in pool for t in p.split()[1:]]
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(3)
        if op == 0 and len(tokens) > 2:
            del tokens[rng.randrange(1, len(tokens))]
        elif op == 1 and others:
            tokens.insert(rng.randrange(1, len(tokens) + 1), rng.choice(others))
        elif len(tokens) > 1 and others:
            j = rng.randrange(1, len(tokens))
            field = tokens[j].partition("=")[0] + "="
            same = [t for t in others if t.startswith(field)]
            tokens[j] = rng.choice(same) if same else tokens[j]
    return " ".join(tokens)
