"""Shared fixtures: variants derived from a shipped one by a few lines of TOML."""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable
from functools import cache

import pytest

import ena_rules
from ena_rules import Variant, load_variant_text

#: Set by .ci/run for the run against the installed compiled wheel: the suite must then import
#: that package, never a checkout's pure-Python one.
EXPECT_COMPILED = os.environ.get("ENA_RULES_EXPECT_COMPILED") == "1"


def pytest_configure(config: pytest.Config) -> None:
    """With ENA_RULES_EXPECT_COMPILED=1, refuse to run unless ena_rules is the compiled build
    installed in site-packages."""
    if EXPECT_COMPILED and not (ena_rules.COMPILED and "site-packages" in ena_rules.__file__):
        raise pytest.UsageError(
            f"ENA_RULES_EXPECT_COMPILED=1 but ena_rules is {ena_rules.__file__} "
            f"(COMPILED={ena_rules.COMPILED}): not the installed compiled build"
        )


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
