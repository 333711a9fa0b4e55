#!/usr/bin/env python3
"""Build every game in catalog/ into output/ (same as the `cardstock` command), from a
checkout of cardstock, installed or not.

The package beside this file is imported from this folder; then this folder (where Python's
own entry for a script points too) and the current folder are taken off the import path
before anything else is imported (`cardstock.core.importpath`), so a project's `jinja2.py`
or `reportlab_mods.py` in either is never imported."""

import os
import sys

if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
    from cardstock.core.importpath import confine

    confine()
    from cardstock.cli import run

    run()
