"""Fuzz targets for hostile input: the log reader and validator, the variant loader, the position
parser (docs/reliability.md).

Each target takes one input and returns what became of it, a verdict or a library error, after
checking the properties every outcome must have: nothing but an
:class:`~ena_rules.EnaRulesError` escapes (any other exception propagates to the caller, who
counts it as a failure); the forgiving and the strict reader agree on what is unusable; the
same input judged twice gives the same report (determinism); no player's view of a state that
parsed shows a card hidden from that player (secrecy). The mutators make inputs from samples,
byte by byte; :func:`run` drives them for the long profile::

    python -m ena_rules.testing.fuzz --inputs 1000000 --seed 1

This module gathers them, by kind: the targets of a log, a variant file and a position
(``fuzz_judge.py``), the wrong-typed calls of the public functions (``fuzz_calls.py``), the
mutators (``fuzz_mutate.py``), the samples they start from (``fuzz_samples.py``) and the long
profile's runner and command line (``fuzz_run.py``).

>>> judge_log([b'{"ena_log": 1, "variant": "official", "players": ["a", "b"], "seed": 1}'])
'consistent'
>>> judge_log([b"null"])
'unusable'
"""

from __future__ import annotations

from .fuzz_calls import PUBLIC_MODULES as PUBLIC_MODULES
from .fuzz_calls import WRONG_VALUES as WRONG_VALUES
from .fuzz_calls import good_arguments as good_arguments
from .fuzz_calls import judge_call as judge_call
from .fuzz_calls import public_functions as public_functions
from .fuzz_calls import wrong_call as wrong_call
from .fuzz_judge import check_pictures as check_pictures
from .fuzz_judge import judge_log, judge_position, judge_variant
from .fuzz_mutate import INTERESTING, mutate, mutate_position
from .fuzz_run import HOSTILE_FILES as HOSTILE_FILES
from .fuzz_run import KINDS as KINDS
from .fuzz_run import WEIGHTS as WEIGHTS
from .fuzz_run import main as main
from .fuzz_run import run
from .fuzz_samples import HOUSE_RULES as HOUSE_RULES
from .fuzz_samples import _positions as _positions
from .fuzz_samples import house_variants as house_variants

__all__ = [
    "INTERESTING",
    "judge_log",
    "judge_position",
    "judge_variant",
    "mutate",
    "mutate_position",
    "run",
]

if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
