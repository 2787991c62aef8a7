"""The protocol's errors: JSON-RPC 2.0 error objects, the library's own errors carried whole.

Every error a request can meet is an :class:`RpcError` (an
:class:`~ena_rules.EnaRulesError`, so also a ``ValueError``) with its JSON-RPC ``code``; an
error of the library becomes one with :func:`from_library`, its ``data`` naming the library's
error class, message and where (file, key path, line).

>>> from ena_rules import VariantError
>>> err = from_library(VariantError("expected a table", source="house.toml", path="deal"))
>>> err.code, err.to_json()["data"]["where"]
(-32000, {'source': 'house.toml', 'path': 'deal'})
"""

from __future__ import annotations

from typing import Any

from .. import errors as library_errors
from ..errors import EnaRulesError

__all__ = [
    "FORBIDDEN",
    "INTERNAL_ERROR",
    "INVALID_PARAMS",
    "INVALID_REQUEST",
    "LIBRARY_ERROR",
    "LIMIT",
    "METHOD_NOT_FOUND",
    "PARSE_ERROR",
    "UNKNOWN_TOKEN",
    "RpcError",
    "from_library",
]

# JSON-RPC 2.0's own codes
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
# this protocol's (the range JSON-RPC leaves to servers)
LIBRARY_ERROR = -32000  #: the library refused the input (data: error, message, where)
UNKNOWN_TOKEN = -32001  #: no seat has this token
FORBIDDEN = -32002  #: the token's player may not do this (act for another, read the log early)
LIMIT = -32003  #: a size, time or game cap of the server


class RpcError(EnaRulesError):
    """A JSON-RPC error: ``code``, ``message`` and optional ``data``."""

    def __init__(self, code: int, message: str, data: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def to_json(self) -> dict[str, Any]:
        """The error object of a JSON-RPC response.

        >>> RpcError(METHOD_NOT_FOUND, "no method 'x'").to_json()
        {'code': -32601, 'message': "no method 'x'"}
        """
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            out["data"] = self.data
        return out

    @classmethod
    def token(cls) -> RpcError:
        """An unknown (stolen from nowhere, mistyped or stale) token."""
        return cls(UNKNOWN_TOKEN, "unknown token: no seat at any table of this server has it")

    @classmethod
    def forbidden(cls, message: str) -> RpcError:
        """What the token's player may not do."""
        return cls(FORBIDDEN, message)

    @classmethod
    def limit(cls, message: str) -> RpcError:
        """A cap of the server."""
        return cls(LIMIT, message)

    @classmethod
    def params(cls, message: str) -> RpcError:
        """Params that do not fit the method's schema."""
        return cls(INVALID_PARAMS, f"invalid params: {message}")


def _where(exc: EnaRulesError) -> dict[str, Any]:
    where: dict[str, Any] = {}
    for attr in ("source", "path", "line"):
        value = getattr(exc, attr, None)
        if value:
            where[attr] = value
    return where


def _public_name(exc: EnaRulesError) -> str:
    """The first class of the error's that :mod:`ena_rules.errors` names (a private subclass
    is reported as the public class it is)."""
    public = set(library_errors.__all__)
    return next(c.__name__ for c in type(exc).__mro__ if c.__name__ in public)


def from_library(exc: EnaRulesError) -> RpcError:
    """The JSON-RPC error for an error of the library (an RpcError is returned as it is)."""
    if isinstance(exc, RpcError):
        return exc
    data = {"error": _public_name(exc), "message": str(exc), "where": _where(exc)}
    return RpcError(LIBRARY_ERROR, str(exc), data)
