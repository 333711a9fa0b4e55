"""`python -m cardstock …`: the same program as the `cardstock` command.

The import path is confined (`cardstock.core.importpath`) before anything else is
imported: Python put the current folder first on it. A `cardstock/` folder in the current
folder is found by Python before this file runs; `python -P -m cardstock` does not look
there."""

from .core.importpath import confine

if __name__ == "__main__":
    confine()
    from .cli import run

    run()
