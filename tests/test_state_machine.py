"""The referee's state machine over every shipped variant and over generated variants.

CI runs a bounded, derandomised profile (repeatable). ``ENA_RULES_PROFILE=long`` runs many more
examples and longer games (docs/verification.md).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from ena_rules.testing.state_machine import make_machine
from ena_rules.testing.strategies import (
    no_mercy_variants,
    pack_variants,
    two_sided_variants,
    variants,
)
from ena_rules.variant.io import shipped_variants

LONG = os.environ.get("ENA_RULES_PROFILE") == "long"

SHIPPED = settings(
    derandomize=not LONG,
    database=None,
    deadline=None,
    max_examples=200 if LONG else 6,
    stateful_step_count=80 if LONG else 25,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
GENERATED = settings(SHIPPED, max_examples=500 if LONG else 25)


def _test_class_name(variant: str) -> str:
    return "TestMachine_" + "".join(ch if ch.isalnum() else "_" for ch in variant)


for _name in shipped_variants():
    _case = make_machine(_name).TestCase
    _case.settings = SHIPPED
    globals()[_test_class_name(_name)] = type(_test_class_name(_name), (_case,), {})
del _case  # only the named classes are tests

TestMachine_generated_variants = make_machine(variants()).TestCase
TestMachine_generated_variants.settings = GENERATED

# DECK-DECLARE: the games of a pack of playing cards, with generated rules
TestMachine_generated_pack_variants = make_machine(pack_variants()).TestCase
TestMachine_generated_pack_variants.settings = GENERATED


# NM-*, DRAW-COLOR: UNO Show 'Em No Mercy, every disputed point read at random
TestMachine_generated_no_mercy_variants = make_machine(no_mercy_variants()).TestCase
TestMachine_generated_no_mercy_variants.settings = GENERATED

# FLIP2-*: UNO Flip's two-sided deck with the house rules (issue 27 point 6)
TestMachine_generated_two_sided_variants = make_machine(two_sided_variants()).TestCase
TestMachine_generated_two_sided_variants.settings = GENERATED


def test_every_shipped_variant_has_a_machine() -> None:
    """Each shipped variant file gets its own state-machine test case in this module."""
    missing = [n for n in shipped_variants() if _test_class_name(n) not in globals()]
    assert not missing
