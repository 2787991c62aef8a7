"""Notebook pictures of a game's values, drawn by the layer that knows how.

:class:`~ena_rules.game.state.GameState`, :class:`~ena_rules.game.view.PlayerView` and
:class:`~ena_rules.game.verdict.Verdict` show themselves in notebooks (``_repr_svg_``,
``_repr_html_``), but the pictures (:mod:`ena_rules.pictures.svg`) sit above the values: they
read states, views and verdicts. So the values draw through this hook, which
:mod:`ena_rules.pictures.svg` fills when it is imported (``import ena_rules`` imports it), and
the dependency runs one way. Without it a value has no picture and notebooks print its repr.

>>> import ena_rules
>>> from ena_rules import load_variant, new_game
>>> svg(new_game(load_variant("ena"), ["ana", "bor"])).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["html", "install", "svg"]

_drawers: dict[str, Callable[[Any], str]] = {}


def install(*, svg: Callable[[Any], str], html: Callable[[Any], str]) -> None:
    """Set the drawers: ``svg`` for a state or a view, ``html`` for a verdict."""
    _drawers["svg"] = svg
    _drawers["html"] = html


def svg(value: Any) -> str | None:
    """The SVG picture of a state or a view, or ``None`` when no drawer is installed."""
    draw = _drawers.get("svg")
    return None if draw is None else draw(value)


def html(value: Any) -> str | None:
    """The HTML fragment of a verdict, or ``None`` when no drawer is installed."""
    draw = _drawers.get("html")
    return None if draw is None else draw(value)
