"""Where cardstock keeps caches that belong to no project (font metrics, compiled
templates): `$CARDSTOCK_CACHE`, else `$XDG_CACHE_HOME/cardstock`, else
`~/.cache/cardstock`. Everything kept there is keyed by a hash of what made it, so a stale
entry is never read; deleting the folder only costs time."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    own = os.environ.get("CARDSTOCK_CACHE")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cardstock"


__all__ = ["cache_dir"]
