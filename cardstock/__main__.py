"""`python -m cardstock …`: the same program as the `cardstock` command.

The import path is confined (`cardstock.core.importpath`) by the package's `__init__`
before anything else is imported, and again here: Python put the current folder first on
it. What Python imports before the package runs is beyond cardstock's reach: a
`cardstock/` folder in the current folder, and a file there named like a standard-library
module Python loads as it starts; `python -P -m cardstock` does not look there."""

from .core.importpath import confine

if __name__ == "__main__":
    confine()
    from .cli import run

    run()
