"""`python -m cardstock.cli`: the same program as the `cardstock` command, its import path
confined by `cardstock/__init__.py` before this package is imported."""

import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
