"""`cardstock check GAME --since REV`: the texts a player reads that changed since a git
revision, each with where it comes from and the facts that hold it.

What is listed, and each text's provenance, is `cardstock.rules.provenance`'s; the old
files are read through git (`core.files.git_show`), never written.
"""

from __future__ import annotations

import argparse

from .common import EXIT_INPUT, EXIT_OK, load_catalogs


def cmd_since(args: argparse.Namespace) -> int:
    """Print, per game asked, each text changed since `args.since`."""
    from ..rules.since import changed, render

    catalogs, code = load_catalogs(args, args.games or None)
    if code != EXIT_OK:
        return code
    for catalog in catalogs:
        if catalog.lang is not None:
            continue
        found, problem = changed(catalog, args.since)
        if problem is not None:
            print(problem)
            return EXIT_INPUT
        print(render(catalog, args.since, found))
    return EXIT_OK
