"""``python -m ena_rules``: the ``ena-rules`` command line."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
