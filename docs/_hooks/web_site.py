"""MkDocs hook: put the referee's web page (``ena-rules site``) into the docs site as ``app/``.

Publishing the docs publishes the referee. The folder is $ENA_RULES_SITE when set (.ci/run
builds it once); otherwise it is built here by ``ena_rules.cli.site_build.build_site`` (the wheel
from this checkout, Pyodide from ``web/node_modules`` or ``npm pack``). Each of its files
becomes a file of the docs, so a page links to ``app/index.html`` and the strict build checks
the link (docs/app/index.html, a placeholder in the repository, is replaced).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

_BUILT: list[Path] = []


def _site() -> Path:
    given = os.environ.get("ENA_RULES_SITE")
    if given:
        return Path(given)
    if not _BUILT:
        from ena_rules.cli.site_build import build_site

        out = Path(tempfile.mkdtemp(prefix="ena-docs-app-")) / "app"
        _BUILT.append(build_site(out).folder)
    return _BUILT[0]


def on_files(files: Files, config: Any) -> Files:
    folder = _site()
    if not (folder / "manifest.json").is_file():
        raise FileNotFoundError(f"{folder}: not a site built by ena-rules site")
    for old in [f for f in files if f.src_uri.startswith("app/")]:
        files.remove(old)
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            uri = "app/" + path.relative_to(folder).as_posix()
            files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files
