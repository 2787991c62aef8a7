"""ena_rules: a referee for UNO-family card games whose rules are TOML data.

>>> from ena_rules import load_variant, new_game, apply, legal_events
>>> from ena_rules.rules.chance import deal_event
>>> state = new_game(load_variant("ena.toml"), ["ana", "bor", "cene"], dealer="ana")
>>> state = apply(state, deal_event(state, seed=1)).state
>>> state.phase in ("play", "owe", "color")
True
"""

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType

from .cards import COLORS, Card, format_cards, parse_card, parse_cards
from .errors import CardError, EnaRulesError, EventError, LogError, PositionError, VariantError
from .game.events import (
    CallUno,
    Challenge,
    ChooseColor,
    Cut,
    Deal,
    Draw,
    Event,
    Overtake,
    Pass,
    Play,
)
from .game.state import GameState
from .game.verdict import Note, Verdict
from .game.view import PlayerView
from .pictures import svg as _svg  # noqa: F401  (the values' notebook pictures: game.display)
from .rules.chance import cut_event, cut_for_dealer, deal_event
from .rules.referee import apply, canonical_deck, legal_events, new_game, who_may_act
from .rules.view import view
from .variant import Variant
from .variant.io import diff_variants, dump_variant, load_variant, load_variant_text

#: The module paths of the layout before the package was arranged by concept (docs/architecture.md,
#: "Module paths"), and ``ena_rules.env``: each imports as the module it now is.
#: ``import ena_rules.chance`` gives :mod:`ena_rules.rules.chance` itself (the same object).
MOVED: dict[str, str] = {
    "batch": "log.batch",
    "batch_cli": "cli.batch",
    "chance": "rules.chance",
    "clauses": "variant.clauses",
    "converter": "log.convert",
    "event_fields": "game.event_fields",
    "events": "game.events",
    "fastbuild": "game.fastbuild",
    "finder": "variant.finder",
    "guards": "game.guards",
    "names": "game.names",
    "position": "game.position",
    "reference": "variant.reference",
    "replay_html": "pictures.replay_html",
    "replay_steps": "pictures.replay_steps",
    "rule_keys": "variant.keys",
    "rule_keys_play": "variant.keys_play",
    "rule_keys_time": "variant.keys_time",
    "rules.phases": "game.phases",
    "serialize": "game.serialize",
    "shuffle": "cards.shuffle",
    "simulation": "agents.simulation",
    "state": "game.state",
    "state_check": "game.state_check",
    "summary": "log.summary",
    "svg": "pictures.svg",
    "table_view": "pictures.table_view",
    "validate": "log.validate",
    "variant_checks": "variant.checks",
    "variant_hooks": "variant.hooks",
    "variant_io": "variant.io",
    "variant_write": "variant.write",
    "verdict": "game.verdict",
    "view": "rules.view",
    "words": "game.words",
    # a short path of its own: the PettingZoo environment (docs/rl.md), loaded only when used
    "env": "agents.env",
}


class _MovedModule(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``ena_rules.<old path>`` of :data:`MOVED` and loads it as the module it now is."""

    def __init__(self) -> None:
        self._own_specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        old = fullname.removeprefix(__name__ + ".")
        if old == fullname or old not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self._target(spec.name))
        self._own_specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # the import system gave the module the old path's spec: it gets its own back
        module.__spec__ = self._own_specs.pop(module.__name__, module.__spec__)

    @staticmethod
    def _target(fullname: str) -> str:
        return f"{__name__}.{MOVED[fullname.removeprefix(__name__ + '.')]}"


if not any(isinstance(f, _MovedModule) for f in sys.meta_path):
    sys.meta_path.append(_MovedModule())
# ``ena_rules.view`` is also the function: a first ``import ena_rules.view`` through the finder
# would set the package's attribute to the module, so that path is registered now, as it was
# when view.py stood here (importing it again finds it and sets nothing)
sys.modules.setdefault(f"{__name__}.view", sys.modules[f"{__name__}.rules.view"])


def _compiled_build() -> bool:
    """Whether the rules run as compiled extension modules (the hot path's ``turn`` module)."""
    from .rules import turn

    return not str(turn.__file__).endswith(".py")


__all__ = [
    "COLORS",
    "COMPILED",
    "CallUno",
    "Card",
    "CardError",
    "Challenge",
    "ChooseColor",
    "Cut",
    "Deal",
    "Draw",
    "EnaRulesError",
    "Event",
    "EventError",
    "GameState",
    "LogError",
    "Note",
    "Overtake",
    "Pass",
    "Play",
    "PlayerView",
    "PositionError",
    "Variant",
    "VariantError",
    "Verdict",
    "apply",
    "canonical_deck",
    "cut_event",
    "cut_for_dealer",
    "deal_event",
    "diff_variants",
    "dump_variant",
    "format_cards",
    "legal_events",
    "load_variant",
    "load_variant_text",
    "new_game",
    "parse_card",
    "parse_cards",
    "view",
    "who_may_act",
]

#: True in the compiled build (``ENA_RULES_COMPILE=1 python3 -m pip install .``: the rules'
#: modules are mypyc extension modules), False in the pure-Python package.
COMPILED: bool = _compiled_build()

#: The package version: its one source (pyproject.toml reads it from here).
__version__ = "0.1.0"
