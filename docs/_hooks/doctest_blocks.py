"""MkDocs hook: show the ``>>>`` examples of docstrings as code in the API reference.

Docstrings hold doctests as plain paragraphs (``>>> f(x)`` then the output); Markdown would
read them as text (``['R9']`` even as a link). This hook adds a Markdown preprocessor that
wraps each run of doctest lines outside a fenced block in a ``pycon`` fence. It runs for the
pages and for the docstrings mkdocstrings renders (both use the configured extensions).
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

_FENCE = re.compile(r"^\s*(```|~~~)")


class _DoctestFences(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fenced = False
        i = 0
        while i < len(lines):
            line = lines[i]
            if _FENCE.match(line):
                fenced = not fenced
            if fenced or not line.lstrip().startswith(">>> "):
                out.append(line)
                i += 1
                continue
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(f"{indent}```")
        return out


class DoctestFences(Extension):
    """The Markdown extension: doctest runs become ``pycon`` code blocks."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_DoctestFences(md), "doctest_fences", 40)


def on_config(config: Any) -> Any:
    """Add the extension to the site's Markdown extensions."""
    config.markdown_extensions.append(DoctestFences())
    return config
