"""``ena-rules serve --stdio``: JSON-RPC 2.0, one message a line on standard input, one
response a line on standard output, for any language's subprocess.

A line longer than the message cap is answered with an error and skipped, never read whole;
an empty line is ignored. Diagnostics go to standard error.

>>> import io
>>> from ena_rules.service.protocol import Service
>>> out = io.StringIO()
>>> serve_lines(Service(), io.StringIO('{"jsonrpc": "2.0", "id": 1, "method": "server.info"}\\n'),
...             out)
>>> '"protocol": 1' in out.getvalue()
True
"""

from __future__ import annotations

import json
from typing import TextIO

from .errors import RpcError
from .protocol import Service

__all__ = ["serve_lines"]


def _too_long(service: Service, stream: TextIO, first: str) -> str:
    """Skip the rest of an over-long line; the error response to it."""
    rest = first
    while rest and not rest.endswith("\n"):
        rest = stream.readline(service.limits.max_message)
    err = RpcError.limit(f"a message longer than {service.limits.max_message} characters")
    return json.dumps({"jsonrpc": "2.0", "id": None, "error": err.to_json()})


def serve_lines(service: Service, stdin: TextIO, stdout: TextIO) -> None:
    """Answer each line of ``stdin`` on ``stdout`` until ``stdin`` ends."""
    cap = service.limits.max_message
    while True:
        line = stdin.readline(cap + 1)
        if not line:
            return
        if len(line) > cap and not line.endswith("\n"):
            answer: str | None = _too_long(service, stdin, line)
        elif not line.strip():
            continue
        else:
            answer = service.handle_text(line)
        if answer is not None:
            stdout.write(answer + "\n")
            stdout.flush()
