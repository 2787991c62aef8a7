"""Doctests see the public API without importing it in every example."""

from typing import Any

import pytest

import ena_rules


@pytest.fixture(autouse=True)
def _public_api_in_doctests(doctest_namespace: dict[str, Any]) -> None:
    for name in ena_rules.__all__:
        doctest_namespace[name] = getattr(ena_rules, name)
