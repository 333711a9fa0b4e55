#!/usr/bin/env python3
"""Build every game in catalog/ into output/ (same as the `cardstock` command)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cardstock.cli import run  # noqa: E402

if __name__ == "__main__":
    run()
