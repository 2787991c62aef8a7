"""``ena-rules serve --stdio | --http HOST:PORT`` and ``ena-rules mcp``: the referee as a
service (docs/server.md). They need the ``[server]`` extra.

Live tables are kept in ``--store`` (SQLite; ``:memory:`` keeps nothing): a server started
again on the same store has every game back, event for event.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..errors import EnaRulesError
from ._common import YES, error, positive

__all__ = ["LOOPBACK", "add_parser", "host_port"]

#: Where ``--http PORT`` listens: this machine only.
LOOPBACK = "127.0.0.1"

_EXTRA = "needs the [server] extra: python3 -m pip install 'ena_rules[server]'"


def host_port(text: str) -> tuple[str, int]:
    """An argparse type: ``HOST:PORT``, or ``PORT`` alone for 127.0.0.1 (``[::1]:8080`` for
    IPv6; port 0: any free one).

    >>> host_port("0.0.0.0:8080"), host_port("8080"), host_port(":0"), host_port("[::1]:9")
    (('0.0.0.0', 8080), ('127.0.0.1', 8080), ('127.0.0.1', 0), ('::1', 9))
    """
    host, _, port = text.rpartition(":")
    host = host.strip("[]") or LOOPBACK
    if not port.isdigit() or int(port) > 65535:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected HOST:PORT or PORT, e.g. 127.0.0.1:8080 or 8080"
        )
    return host, int(port)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text}: expected a positive number of seconds")
    return value


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--store",
        default="ena-rules-games.db",
        metavar="FILE",
        help="the SQLite file of the live tables (default ena-rules-games.db; "
        ":memory: keeps nothing)",
    )
    p.add_argument(
        "--variants",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder of variant files to offer, besides ENA_RULES_PATH's and the "
        "shipped ones (repeatable)",
    )
    p.add_argument(
        "--max-games",
        type=positive,
        default=1000,
        metavar="N",
        help="unfinished games held at once (default 1000)",
    )
    p.add_argument(
        "--max-message",
        type=positive,
        default=2_000_000,
        metavar="BYTES",
        help="the largest request or message (default 2000000)",
    )
    p.add_argument(
        "--time-limit",
        type=_seconds,
        default=10.0,
        metavar="SECONDS",
        help="the longest validation or replay of a record (default 10)",
    )


def add_parser(sub: Any) -> None:
    """Add ``serve`` and ``mcp`` to the subcommands."""
    serve = sub.add_parser(
        "serve", help="the referee as a JSON-RPC service: stdio, or HTTP and WebSocket"
    )
    how = serve.add_mutually_exclusive_group(required=True)
    how.add_argument(
        "--stdio",
        action="store_true",
        help="JSON-RPC 2.0, one message a line on standard input and output",
    )
    how.add_argument(
        "--http",
        type=host_port,
        metavar="HOST:PORT",
        help="POST /rpc and a WebSocket /ws; PORT alone listens on 127.0.0.1 only",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web page origin allowed to call (CORS) and to open WebSockets",
    )
    _common(serve)
    serve.set_defaults(run=_serve)
    mcp = sub.add_parser("mcp", help="the referee as MCP tools, over stdio (for assistants)")
    _common(mcp)
    mcp.set_defaults(run=_mcp)


def _service(args: argparse.Namespace) -> Any:
    """The service the options describe; raises ImportError without the extra."""
    from ..service import Limits, Service

    if args.variants:
        folders = [os.path.abspath(d) for d in args.variants]
        old = os.environ.get("ENA_RULES_PATH")
        os.environ["ENA_RULES_PATH"] = os.pathsep.join([*folders, *([old] if old else [])])
    limits = Limits(max_message=args.max_message, seconds=args.time_limit, max_games=args.max_games)
    return Service(args.store, limits=limits)


def _start(args: argparse.Namespace) -> Any:
    try:
        return _service(args)
    except ImportError as exc:
        return error(f"ena-rules {args.command} {_EXTRA} ({exc.name} is missing)")
    except EnaRulesError as exc:
        return error(f"--store {args.store}: {exc}")
    except Exception as exc:  # sqlite3 errors: a store that cannot be opened
        return error(f"--store {args.store}: cannot open: {exc}")


def _serve(args: argparse.Namespace) -> int:
    service = _start(args)
    if isinstance(service, int):
        return service
    if args.stdio:
        from ..service.stdio import serve_lines

        serve_lines(service, sys.stdin, sys.stdout)
        return YES
    try:
        from ..service.http import serve_http
    except ImportError as exc:
        return error(f"ena-rules serve --http {_EXTRA} ({exc.name} is missing)")
    host, port = args.http
    try:
        serve_http(service, host, port, allow_origins=args.allow_origin)
    except OSError as exc:
        return error(f"--http {host}:{port}: {exc.strerror or exc}")
    return YES


def _mcp(args: argparse.Namespace) -> int:
    service = _start(args)
    if isinstance(service, int):
        return service
    try:
        from ..service.mcp_server import build_mcp
    except ImportError as exc:
        return error(f"ena-rules mcp {_EXTRA} ({exc.name} is missing)")
    build_mcp(service).run("stdio")
    return YES
