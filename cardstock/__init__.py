"""cardstock: a tabletop game's component catalog in, print-ready files out.

Started as `python -m cardstock…` (`-m cardstock`, `-m cardstock.cli`, any module of the
package), Python imports this file first, while it is still looking for the module to run:
it then names the run `-m` in `sys.argv[0]`, as Python's documentation of `-m` says, and
the import path is confined (`core.importpath`) before any other module is imported, so
that nothing in the current folder is imported after this point."""

import sys

if sys.argv[:1] == ["-m"]:
    from .core.importpath import confine

    confine()

__version__ = "0.1.0"
