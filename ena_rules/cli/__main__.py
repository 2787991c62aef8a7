"""``python -m ena_rules.cli``: the same as ``ena-rules``."""

from . import main

if __name__ == "__main__":
    raise SystemExit(main())
