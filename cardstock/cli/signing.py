"""`cardstock check GAME --sign`: write each game's `signed.toml` from its texts as they are.

What is signed, and how the check holds the texts to it, is `cardstock.rules.signed`'s.
Writing goes only into the game's own folder, never through a link.
"""

from __future__ import annotations

import argparse

from ..core.output import write_atomic
from .common import EXIT_INPUT, EXIT_OK, load_catalogs, written_through_link


def cmd_sign(args: argparse.Namespace) -> int:
    """Sign every text a player reads of the games asked (all when none is named)."""
    from ..rules.signed import FILE, signed_toml, texts

    catalogs, code = load_catalogs(args, args.games or None)
    if code != EXIT_OK:
        return code
    for catalog in catalogs:
        if catalog.rules is None or catalog.lang is not None:
            continue  # a game without rules.toml has no source to sign against
        target = catalog.folder / FILE
        if written_through_link(catalog, target, "signatures"):
            return EXIT_INPUT
        now = texts(catalog)
        old = catalog.rules.signed
        write_atomic(target, signed_toml(now, old).encode())
        print(f"wrote {catalog.display(target)} ({len(now)} texts)")
    return EXIT_OK
