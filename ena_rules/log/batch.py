"""Validating many logs: on every core of one machine, or on a Dask cluster.

:func:`validate_many` judges each log as :func:`ena_rules.log.validate.validate` does and gives its
:class:`~ena_rules.log.summary.SummaryRow`, in input order, whatever ran it: ``jobs=None`` or ``1``
in this process; ``jobs=N`` in ``N`` worker processes (``0``: one per CPU this process may
use); ``client=`` a :class:`dask.distributed.Client` on its cluster's workers (the optional
``[dask]`` extra). The rows are the same in every case. Logs go to the workers in chunks, so a
thousand small logs cost a few dozen round trips, not a thousand; at most a few chunks per
worker are in flight, so an endless stream of paths runs in bounded memory
(:func:`iter_validate_many` yields each row as soon as those before it are done).

Several jobs are never slower than one: workers start by ``fork`` where the platform has it
(Linux and the BSDs; this process then runs one thread), already holding the imported package
and the loaded variants, instead of starting a Python each (``spawn``, elsewhere); and logs
whose files add up to less than :data:`SMALL_WORK` bytes are judged here, in one process,
since starting workers would cost more than they save.

A log that cannot be used (unreadable, bad JSON, an unknown variant ...) gives a row with exit
code 2 and its reason in ``error``: it never raises. Workers open each log by its path, so on a
cluster the paths must name the same files on every worker (a shared file system), unless the
logs travel with the work: :func:`read_logs` reads each file here as a :class:`LogText`.

>>> from pathlib import Path
>>> rows = validate_many(sorted(Path("docs/examples").glob("*-*.jsonl")), jobs=2)
>>> [(Path(r.path).name, r.result) for r in rows if "clean" in r.path or "mistake" in r.path]
[('crazy-eights-clean.jsonl', 'consistent'), ('crazy-eights-mistake.jsonl', 'inconsistent'),
 ('ena-clean.jsonl', 'consistent')]
>>> sorted({r.exit_code for r in rows})  # consistent (0) and inconsistent (1): none unusable
[0, 1]
"""

from __future__ import annotations

import io
import multiprocessing
import os
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context
from typing import Any, Protocol, TypeVar

import attrs

from ..errors import EnaRulesError, LogError, typed_arguments
from ..game.event_fields import wrong_type
from ..variant import Variant
from ..variant.io import load_variant
from .access import Resolver
from .reader import check_log_path, source_name
from .summary import SummaryRow, row_from_error, row_from_log_error, row_from_report
from .validate import log_lines, validator_for

__all__ = [
    "MAX_CHUNK",
    "SMALL_WORK",
    "LogText",
    "cpu_count",
    "iter_validate_many",
    "ordered_map",
    "read_logs",
    "start_method",
    "validate_log",
    "validate_many",
]

#: The most logs sent to a worker at once.
MAX_CHUNK = 16

#: Logs (paths or texts) adding up to fewer bytes than this are judged in this process whatever
#: ``jobs`` says: about 50 ms of judging, what starting the workers costs.
SMALL_WORK = 64 * 1024

#: Chunks in flight per worker: enough to keep each busy while the next result travels.
IN_FLIGHT = 4

T = TypeVar("T")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


@attrs.frozen
class LogText:
    """A log held in memory, named ``source`` in its row and its messages.

    For workers that cannot see the caller's files: :func:`read_logs` reads them here. A
    header may name its variant by a TOML path only inside ``folder`` (or the caller's
    ``allow_paths``), on the machine that judges it; else give ``variant=`` or ``resolver=``.

    >>> text = ('{"ena_log": 1, "variant": "official", "players": ["ana", "bor"], "seed": 7}\\n'
    ...         '{"type": "pass", "player": "ana"}\\n')
    >>> row = validate_log(LogText("upload-17", text))
    >>> row.path, row.exit_code, row.rejected, row.first_wrong_line
    ('upload-17', 1, 1, 2)
    """

    source: str
    text: str | bytes = attrs.field(repr=False)
    #: where the header's ``.toml`` variant may be (none: names only)
    folder: str | None = None
    #: why the log could not be read (its row is then unusable, with this as its error)
    error: str = ""

    def lines(self) -> Iterator[str] | Iterator[bytes]:
        """The log's lines (split at ``\\n`` only, as a file is read)."""
        if isinstance(self.text, bytes):
            return iter(io.BytesIO(self.text))
        return iter(io.StringIO(self.text))


Log = str | os.PathLike[str]


class _Future(Protocol[R_co]):
    def result(self) -> R_co: ...  # pragma: no cover - a protocol


class _Done:
    """A result computed here, standing in the queue of futures."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def result(self) -> Any:
        return self.value


@typed_arguments
def validate_log(
    log: Log | LogText,
    *,
    variant: Variant | str | None = None,
    strict: bool = False,
    allow_paths: Sequence[str | os.PathLike[str]] = (),
    resolver: Resolver | None = None,
) -> SummaryRow:
    """Judge one log (a path, ``-`` for standard input, or a :class:`LogText`); its row.

    ``variant`` re-judges the game under other rules; ``strict`` stops at the first unusable
    line (the row then has exit code 2 and only that line's reason); ``allow_paths`` and
    ``resolver`` say what a header may open, as for :func:`~ena_rules.log.validate.validate`.
    Never raises for bad input.

    >>> row = validate_log("docs/examples/ena-disputed.jsonl")
    >>> row.exit_code, row.variant, row.players, row.disagreeing > 0
    (1, 'ena', 3, True)
    >>> validate_log("no/such.jsonl").error
    'cannot read the log: No such file or directory'
    """
    options: dict[str, Any] = {"allow_paths": allow_paths, "resolver": resolver}
    if isinstance(log, LogText):
        if log.error:
            return row_from_error(log.source, log.error)
        options.update(source=log.source, folder=log.folder)
        lines: Iterable[str | bytes] = log.lines()
    else:
        lines = log_lines(log)
    v = validator_for(log, variant=variant, strict=strict, keep=False, **options)
    try:
        for _ in v.run(lines):
            pass
    except LogError as exc:
        return row_from_log_error(v.source, exc)
    except OSError as exc:  # pragma: no cover - the reader turns these into LogError
        return row_from_error(v.source, f"cannot read: {exc.strerror or exc}")
    return row_from_report(v.report())


@typed_arguments
def read_logs(paths: Iterable[Log]) -> Iterator[LogText]:
    """Each log file read here, in order, as a :class:`LogText` named by its path (lazily).

    ``validate_many(read_logs(paths), client=client)`` judges logs on workers that cannot see
    them. A file that cannot be read gives a :class:`LogText` that says so, as a row will.

    >>> [t.source for t in read_logs(["docs/examples/ena-clean.jsonl"])]
    ['docs/examples/ena-clean.jsonl']
    """
    for path in paths:
        check_log_path("read_logs(): paths[...]", path)  # never a file descriptor (1: stdout)
        name = source_name(path)
        try:
            if name == "<stdin>":
                yield LogText(name, sys.stdin.buffer.read())
            else:
                with open(path, "rb") as f:
                    yield LogText(name, f.read())
        except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
            reason = getattr(exc, "strerror", None) or exc
            yield LogText(name, b"", error=f"cannot read the log: {reason}")


@typed_arguments
def cpu_count() -> int:
    """How many CPUs this process may run on (what ``jobs=0`` uses).

    >>> cpu_count() >= 1
    True
    """
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)  # pragma: no cover - platforms without affinity


def _workers(jobs: int | None) -> int:
    if jobs is None:
        return 1
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise EnaRulesError(f"jobs must be a whole number >= 0 (0: every CPU), not {jobs!r}")
    return jobs or cpu_count()


def _chunk_size(items: Iterable[Any], workers: int, chunksize: int | None) -> int:
    if chunksize is not None:
        if chunksize < 1:
            raise EnaRulesError(f"chunksize must be at least 1, not {chunksize!r}")
        return chunksize
    if isinstance(items, Sized):  # several chunks per worker, so that all finish together
        return max(1, min(MAX_CHUNK, -(-len(items) // (workers * IN_FLIGHT * 2))))
    return MAX_CHUNK


def _work_bytes(items: Sequence[Any]) -> int | None:
    """The bytes of the logs ``items`` names (paths' file sizes, texts' lengths), if known."""
    total = 0
    for item in items:
        if isinstance(item, LogText):
            total += len(item.text)
        elif isinstance(item, str | os.PathLike) and not _local(item):
            try:
                total += os.stat(item).st_size
            except (OSError, ValueError):
                continue  # an unreadable path: its row is an error, made at once
        else:
            return None
        if total >= SMALL_WORK:
            return total
    return total


def start_method() -> str:
    """How worker processes start: ``fork`` where the platform offers it and this process
    runs a single thread (forking a threaded process is unsafe), else ``spawn``.

    >>> start_method() in ("fork", "spawn")
    True
    """
    if (
        "fork" in multiprocessing.get_all_start_methods()
        and sys.platform != "darwin"  # macOS: system libraries may not survive a fork
        and threading.active_count() == 1
    ):
        return "fork"
    return "spawn"


def _run_chunk(fn: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [fn(item) for item in chunk]


def _local(item: object) -> bool:
    """Only this process can read standard input (``-``)."""
    return isinstance(item, str | os.PathLike) and os.fspath(item) == "-"


@typed_arguments
def ordered_map(
    fn: Callable[[T], R],
    items: Iterable[T],
    *,
    jobs: int | None = None,
    client: Any = None,
    chunksize: int | None = None,
) -> Iterator[R]:
    """``fn`` of every item, in input order, run by ``jobs`` processes or a Dask ``client``.

    ``fn`` and the items must pickle (a module-level function, or a :func:`functools.partial`
    of one). An item ``"-"`` (standard input) is always run here. An exception in ``fn``
    is raised here when its item's turn comes, and the work still queued is cancelled. Bad
    ``jobs`` or ``chunksize`` raise :class:`ValueError` at once; processes start when the first
    result is asked for.

    >>> list(ordered_map(abs, [-3, 1, -2], jobs=2))
    [3, 1, 2]
    """
    if client is not None and not callable(getattr(client, "nthreads", None)):
        raise wrong_type("ordered_map(): client", "a Dask client (distributed.Client)", client)
    if client is not None:
        workers = max(1, sum(client.nthreads().values()))
        return _dask_map(fn, items, client, workers, _chunk_size(items, workers, chunksize))
    workers = _workers(jobs)
    if isinstance(items, Sized):  # no more processes than logs
        workers = max(1, min(workers, len(items)))
    if workers > 1 and isinstance(items, Sequence) and chunksize is None:
        size = _work_bytes(items)
        if size is not None and size < SMALL_WORK:  # less work than starting the workers
            workers = 1
    if workers == 1:
        return map(fn, items)
    return _pool_map(fn, items, workers, _chunk_size(items, workers, chunksize))


def _pool_map(fn: Callable[[T], R], items: Iterable[T], workers: int, size: int) -> Iterator[R]:
    """:func:`ordered_map` on worker processes, started when the first result is asked for."""
    pool = ProcessPoolExecutor(workers, mp_context=get_context(start_method()))

    def submit(chunk: list[T]) -> _Future[list[R]]:
        return pool.submit(_run_chunk, fn, chunk)

    try:
        yield from _pipeline(fn, items, submit, workers, size)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _dask_map(
    fn: Callable[[T], R], items: Iterable[T], client: Any, workers: int, size: int
) -> Iterator[R]:
    """:func:`ordered_map` on a Dask cluster: as many chunks in flight as its worker threads."""

    def submit(chunk: list[T]) -> _Future[list[R]]:
        future: _Future[list[R]] = client.submit(_run_chunk, fn, chunk, pure=False)
        return future

    yield from _pipeline(fn, items, submit, workers, size)


def _pipeline(
    fn: Callable[[T], R],
    items: Iterable[T],
    submit: Callable[[list[T]], _Future[list[R]]],
    workers: int,
    size: int,
) -> Iterator[R]:
    """Keep up to ``IN_FLIGHT`` chunks per worker submitted; yield their results in order."""
    queue: deque[_Future[list[R]] | _Done] = deque()
    chunk: list[T] = []
    for item in items:
        if _local(item):
            if chunk:
                queue.append(submit(chunk))
                chunk = []
            queue.append(_Done([fn(item)]))
        else:
            chunk.append(item)
            if len(chunk) == size:
                queue.append(submit(chunk))
                chunk = []
        while len(queue) >= workers * IN_FLIGHT:
            yield from queue.popleft().result()
    if chunk:
        queue.append(submit(chunk))
    while queue:
        yield from queue.popleft().result()


@typed_arguments
def iter_validate_many(
    logs: Iterable[Log | LogText],
    *,
    jobs: int | None = None,
    client: Any = None,
    variant: Variant | str | None = None,
    strict: bool = False,
    chunksize: int | None = None,
    allow_paths: Sequence[str | os.PathLike[str]] = (),
    resolver: Resolver | None = None,
) -> Iterator[SummaryRow]:
    """The summary row of every log, in input order, each as soon as those before it are done.

    The arguments are those of :func:`validate_many`; ``logs`` may be an endless iterator.
    A ``variant`` given by name or path is loaded once, here (a bad one raises
    :class:`~ena_rules.errors.VariantError` before any log is judged).

    >>> rows = iter_validate_many(["docs/examples/ena-clean.jsonl", "no/such.jsonl"])
    >>> [row.exit_code for row in rows]
    [0, 2]
    """
    if isinstance(variant, str):  # once, here: a bad name fails now, and workers need no file
        variant = load_variant(variant)
    fn = partial(
        validate_log,
        variant=variant,
        strict=strict,
        allow_paths=tuple(allow_paths),
        resolver=resolver,
    )
    return ordered_map(fn, logs, jobs=jobs, client=client, chunksize=chunksize)


@typed_arguments
def validate_many(
    logs: Iterable[Log | LogText],
    *,
    jobs: int | None = None,
    client: Any = None,
    variant: Variant | str | None = None,
    strict: bool = False,
    chunksize: int | None = None,
    allow_paths: Sequence[str | os.PathLike[str]] = (),
    resolver: Resolver | None = None,
) -> list[SummaryRow]:
    """Judge every log and give their summary rows, in input order.

    ``jobs``: ``None`` or ``1`` runs here, ``N`` runs ``N`` worker processes, ``0`` one per
    CPU. ``client``: a :class:`dask.distributed.Client`; its cluster does the work instead
    (``jobs`` is then ignored). ``variant``, ``strict``, ``allow_paths`` and ``resolver`` are
    those of :func:`~ena_rules.log.validate.validate` (a ``resolver`` must pickle to reach the
    workers: a module-level function, or e.g. a dict's ``__getitem__``); ``chunksize`` is how
    many logs a worker gets at once (default: enough chunks for every worker to finish
    together, at most :data:`MAX_CHUNK`).

    >>> rows = validate_many(["docs/examples/ena-clean.jsonl"], variant="official")
    >>> rows[0].variant, rows[0].exit_code
    ('official', 1)
    """
    rows = iter_validate_many(
        logs,
        jobs=jobs,
        client=client,
        variant=variant,
        strict=strict,
        chunksize=chunksize,
        allow_paths=allow_paths,
        resolver=resolver,
    )
    return list(rows)
