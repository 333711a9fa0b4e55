"""Where cardstock keeps caches that belong to no project (font metrics, compiled
templates): `$CARDSTOCK_CACHE`, else `$XDG_CACHE_HOME/cardstock`, else
`~/.cache/cardstock`. Everything kept there is keyed by a hash of what made it, so a stale
entry is never read; deleting the folder only costs time."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path
from typing import Optional


def cache_dir() -> Path:
    own = os.environ.get("CARDSTOCK_CACHE")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cardstock"


_KEY: list[bytes] = []
MAC_SIZE = 32  # bytes of HMAC-SHA256 in front of a sealed blob


def _secret() -> bytes:
    """This user's key for sealing cache entries, made once (32 random bytes, mode 0600 in
    a folder of mode 0700); a project folder can hold a cache file, never this key."""
    if _KEY:
        return _KEY[0]
    folder = cache_dir()
    path = folder / "seal.key"
    try:
        key = path.read_bytes()
    except OSError:
        key = b""
    if len(key) != 32:
        key = secrets.token_bytes(32)
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(key)
        except OSError:  # no writable cache folder: sealed entries last this process only
            pass
    _KEY.append(key)
    return key


def seal(data: bytes) -> bytes:
    """`data` with this user's HMAC in front, for a cache entry kept where others may write
    (a project's `output/.cache/`)."""
    return hmac.new(_secret(), data, hashlib.sha256).digest() + data


def unseal(blob: bytes) -> Optional[bytes]:
    """The data of a sealed entry, or None when the seal is not this user's: a cache file
    that came with a downloaded project is never unpickled, so it cannot run code."""
    mac, data = blob[:MAC_SIZE], blob[MAC_SIZE:]
    if len(mac) != MAC_SIZE or not hmac.compare_digest(mac, hmac.new(_secret(), data, hashlib.sha256).digest()):
        return None
    return data


__all__ = ["cache_dir", "seal", "unseal"]
