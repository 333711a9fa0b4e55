"""`python -m cardstock.cli`: the same program as the `cardstock` command."""

import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
