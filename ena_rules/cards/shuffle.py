"""Seeded, language-independent shuffling.

Every deck order in a seeded game is derived from one integer seed (the
``"seed"`` of a game log header) with the algorithm below.  It uses only
64-bit unsigned integer arithmetic, so it can be reimplemented exactly in any
language; ``docs/shuffle.md`` is the normative reference and
``specs/shuffle_vectors.toml`` holds test vectors.

All arithmetic is modulo 2**64 (``MASK64``).  Any Python ``int`` is accepted as
a seed or path element and is first reduced modulo 2**64, so ``-1`` means
``2**64 - 1``.

SplitMix64 step (``splitmix64``), on a 64-bit state::

    state = state + 0x9E3779B97F4A7C15
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    z = z ^ (z >> 31)
    return (state, z)

Sub-seeds (``derive_seed``): ``state = seed``; for each path element ``p``:
``state = output of splitmix64(state ^ p)``; the result is ``state``.

Shuffle (``shuffled``), Fisher–Yates from the end: ``state = seed``; for
``i = n-1`` down to ``1``: let ``bound = i + 1`` and
``limit = 2**64 - (2**64 mod bound)``; repeatedly ``(state, x) =
splitmix64(state)`` until ``x < limit``; then ``j = x mod bound`` and swap the
items at ``i`` and ``j``.

Worked example: ``splitmix64(0)`` gives state ``0x9E3779B97F4A7C15`` and output
``0xE220A8397B1DCDAF``.  Shuffling ``[0, 1, 2, 3, 4]`` with seed 7 draws the
outputs of SplitMix64 started at state 7 (no draw is rejected here)::

    i=4  x=0x63CBE1E459320DD7  j = x mod 5 = 2  ->  [0, 1, 4, 3, 2]
    i=3  x=0x044C3CD7F43C661C  j = x mod 4 = 0  ->  [3, 1, 4, 0, 2]
    i=2  x=0xE6984080BAB12A02  j = x mod 3 = 0  ->  [4, 1, 3, 0, 2]
    i=1  x=0x953AEB70673E29CB  j = x mod 2 = 1  ->  [4, 1, 3, 0, 2]

>>> shuffled(range(5), 7)
(4, 1, 3, 0, 2)
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["MASK64", "derive_seed", "shuffled", "splitmix64"]

T = TypeVar("T")

MASK64 = (1 << 64) - 1
"""Mask for reducing an integer modulo 2**64."""

_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_TWO64 = 1 << 64


def splitmix64(state: int) -> tuple[int, int]:
    """Advance a SplitMix64 generator by one step.

    ``state`` is reduced modulo 2**64.  Returns ``(new_state, output)``.

    >>> new_state, out = splitmix64(0)
    >>> hex(new_state), hex(out)
    ('0x9e3779b97f4a7c15', '0xe220a8397b1dcdaf')
    """
    state = (state + _GOLDEN_GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    z ^= z >> 31
    return state, z


def derive_seed(seed: int, *path: int) -> int:
    """Derive a sub-seed from ``seed`` along ``path`` (e.g. round, reshuffle).

    ``state = seed mod 2**64``; for each ``p`` in ``path``:
    ``state = splitmix64(state ^ (p mod 2**64))[1]``.  With an empty path the
    reduced seed itself is returned.

    >>> derive_seed(7)
    7
    >>> derive_seed(7, 1) == splitmix64(7 ^ 1)[1]
    True
    >>> derive_seed(7, 1, 2) == derive_seed(derive_seed(7, 1), 2)
    True
    """
    state = seed & MASK64
    for p in path:
        state = splitmix64(state ^ (p & MASK64))[1]
    return state


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """Return ``items`` in the order given by a seeded Fisher–Yates shuffle.

    The seed is reduced modulo 2**64; ``items`` is not modified.  Swap indices
    are drawn without modulo bias by rejection sampling (see module docstring).

    >>> shuffled(range(5), 7)
    (4, 1, 3, 0, 2)
    >>> shuffled([], 7), shuffled(["a"], 7)
    ((), ('a',))
    """
    result = list(items)
    n = len(result)
    state = seed & MASK64
    if not 1 < n <= _LANES_MAX:
        _steps(result, state, n - 1)
        return tuple(result)
    # Step i (from n-1 down) uses draw n-1-i unless an earlier draw was rejected: all of them
    # at once (_draws), then the same loop; a rejected draw (probability below n / 2**64 a
    # shuffle) hands over to the step-by-step loop, from the state before that draw.
    for (i, limit), x in zip(_limits(n), _draws(state, n - 1), strict=True):
        if x >= limit:
            _steps(result, (state + (n - 1 - i) * _GOLDEN_GAMMA) & MASK64, i)
            break
        j = x % (i + 1)
        result[i], result[j] = result[j], result[i]
    return tuple(result)


def _steps(result: list[T], state: int, top: int) -> None:
    """The shuffle as defined, one SplitMix64 step a draw, for steps ``i = top`` down to 1,
    from ``state`` (in place)."""
    for i in range(top, 0, -1):
        bound = i + 1
        limit = _TWO64 - (_TWO64 % bound)
        while True:
            state, x = splitmix64(state)
            if x < limit:
                break
        j = x % bound
        result[i], result[j] = result[j], result[i]


#: The longest shuffle whose draws :func:`_draws` makes at once (a longer one steps).
_LANES_MAX = 1024

#: The bits between two draws in :func:`_draws`: a 64-bit lane times a 64-bit constant fits.
_LANE = 128


def _draws(state: int, m: int) -> tuple[int, ...]:
    """The outputs of ``m`` SplitMix64 steps from ``state``, computed together.

    The ``k``-th step's state is ``state + (k+1) * gamma`` (mod 2**64): each draw depends on
    ``k`` alone. So the ``m`` states are lanes of one integer, :data:`_LANE` bits apart,
    and each operation of the step runs on all of them at once: a shift brings the next
    lane's low bits into a lane's high ones, which the mask clears before the products.

    >>> _draws(0, 2) == (splitmix64(0)[1], splitmix64(splitmix64(0)[0])[1])
    True
    """
    ones, mask, gammas, unpack = _lanes(m)
    z = (state * ones + gammas) & mask
    z = (((z ^ (z >> 30)) & mask) * _MIX1) & mask
    z = (((z ^ (z >> 27)) & mask) * _MIX2) & mask
    z = (z ^ (z >> 31)) & mask
    out: tuple[int, ...] = unpack(z.to_bytes(m * _LANE // 8, "little"))
    return out


@functools.lru_cache(maxsize=16)
def _lanes(m: int) -> tuple[int, int, int, Callable[[bytes], tuple[int, ...]]]:
    """For :func:`_draws` of ``m`` lanes: 1 in each lane, 2**64 - 1 in each lane,
    ``(k+1) * gamma`` in lane ``k``, and how to read the lanes' low 64 bits from the bytes."""
    pad = bytes(_LANE // 8 - 8)
    ones = int.from_bytes((b"\x01" + bytes(7) + pad) * m, "little")
    steps = b"".join(
        (((k + 1) * _GOLDEN_GAMMA) & MASK64).to_bytes(8, "little") + pad for k in range(m)
    )
    return (
        ones,
        ones * MASK64,
        int.from_bytes(steps, "little"),
        struct.Struct("<" + f"Q{len(pad)}x" * m).unpack,
    )


@functools.lru_cache(maxsize=16)
def _limits(n: int) -> tuple[tuple[int, int], ...]:
    """For ``i = n-1`` down to ``1``: ``i`` and ``2**64 - (2**64 mod (i + 1))``, the bound below
    which a draw is used (:func:`shuffled`)."""
    return tuple((i, _TWO64 - (_TWO64 % (i + 1))) for i in range(n - 1, 0, -1))
