"""ena-log: game logs as JSON Lines (docs/log-format.md).

:mod:`~ena_rules.log.lines` holds the header and line types, :mod:`~ena_rules.log.reader` the
streaming reader (forgiving or strict), :mod:`~ena_rules.log.writer` the writer; all go through
the log's converter, :mod:`ena_rules.log.convert`.

>>> from ena_rules.log import LogReader
>>> for problem in LogReader(['{"type": "draw", "player": "ana"}'], source="x"):
...     print(problem)
x:1: no header: a 'draw' line has no 'ena_log' key; a log starts with {"ena_log": 1, ...} @ $
"""

from .game import GameRecorder, round_deal, start
from .lines import (
    CLAIM_TYPES,
    EVENT_TYPES,
    FORMAT_VERSION,
    LINE_TYPES,
    TYPE_OF,
    Claim,
    DrawnClaim,
    Header,
    Line,
    PenaltyClaim,
    RoundClaim,
    RoundStart,
    WinnerClaim,
    load_schema,
)
from .reader import MAX_LINE, Entry, LogReader, Problem, open_lines, source_name
from .writer import LogWriter, dump_header, dump_line

__all__ = [
    "CLAIM_TYPES",
    "EVENT_TYPES",
    "FORMAT_VERSION",
    "LINE_TYPES",
    "MAX_LINE",
    "TYPE_OF",
    "Claim",
    "DrawnClaim",
    "Entry",
    "GameRecorder",
    "Header",
    "Line",
    "LogReader",
    "LogWriter",
    "PenaltyClaim",
    "Problem",
    "RoundClaim",
    "RoundStart",
    "WinnerClaim",
    "dump_header",
    "dump_line",
    "load_schema",
    "open_lines",
    "round_deal",
    "source_name",
    "start",
]
