"""Shared fixtures: variants derived from a shipped one by a few lines of TOML."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from functools import cache

import pytest

from ena_rules import Variant, load_variant_text


@cache
def _derived(base: str, body: str) -> Variant:
    name = f"{base}-test-{zlib.crc32(body.encode()):08x}"
    return load_variant_text(f'name = "{name}"\nextends = "{base}"\n{body}')


@pytest.fixture(scope="session")
def derive() -> Callable[..., Variant]:
    """``derive("[deal]\\nhand_size = 3")``: a variant extending official (or ``base=``) by TOML."""

    def make(body: str, base: str = "official") -> Variant:
        return _derived(base, body)

    return make
