"""``ena-rules site OUT``: build the referee's web page, a static folder (docs/web.md).

The folder holds the page, the Pyodide runtime (the npm package ``pyodide``) and the wheels of
ena_rules and its dependencies; serve it from any web server (``python3 -m http.server -d
OUT``) and open it. Exit 0 when it was written, 2 when it could not be (no wheel, no npm, a
folder in the way).
"""

from __future__ import annotations

import argparse
from typing import Any

from ._common import YES, error
from .site_build import SiteError, build_site

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Add ``site`` to the subcommands."""
    s = sub.add_parser(
        "site",
        help="build the referee's web page: a static folder that runs it in a browser",
        description="Write the web page that judges records in the browser (Pyodide): the "
        "page, the Pyodide runtime from npm, and the wheels of ena_rules and its dependencies.",
    )
    s.add_argument("out", metavar="OUT", help="the folder to write (absent, empty, or a site)")
    s.add_argument(
        "--wheel", help="the ena_rules wheel to put in it (default: built from this checkout)"
    )
    s.add_argument(
        "--pyodide",
        metavar="DIR",
        help="the npm package pyodide, unpacked (default: web/node_modules/pyodide, or npm pack)",
    )
    s.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Build the folder; print what it holds."""
    try:
        site = build_site(args.out, wheel=args.wheel, pyodide=args.pyodide)
    except SiteError as exc:
        return error(str(exc))
    except OSError as exc:
        return error(f"{exc.filename or args.out}: {exc.strerror or exc}")
    mb = site.size / 1e6
    print(
        f"wrote {args.out}: {len(site.files)} files, {mb:.1f} MB (Pyodide {site.pyodide}; "
        f"{', '.join(site.wheels)})"
    )
    print(
        f"serve it and open it: python3 -m http.server -d {args.out} 8000, then "
        "http://127.0.0.1:8000/"
    )
    return YES
