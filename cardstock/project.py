"""Where a project's parts are, and hashes of its files — light enough for the no-op build,
which decides from file contents alone that nothing needs loading."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Iterable


def discover(root: Path) -> list[str]:
    """Game ids: every folder under catalog/ holding a game.toml, sorted."""
    base = root / "catalog"
    if not base.is_dir():
        return []
    return sorted(p.parent.name for p in base.glob("*/game.toml"))


def files_in(folder: Path) -> list[Path]:
    """Every file under `folder` (not caches, not hidden files)."""
    if not folder.is_dir():
        return []
    return [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")]


_DIGESTS: dict[tuple[str, int, int], bytes] = {}


def digest(f: Path) -> bytes:
    """A file's sha256, remembered per (path, mtime, size) for the life of the process
    (`--watch` and the key of every unit read the same files again)."""
    st = f.stat()
    key = (str(f), st.st_mtime_ns, st.st_size)
    d = _DIGESTS.get(key)
    if d is None:
        d = _DIGESTS[key] = hashlib.sha256(f.read_bytes()).digest()
    return d


def hash_files(files: Iterable[Path], base: Path) -> str:
    """One hash of the files' paths (relative to `base`) and contents."""
    h = hashlib.sha256()
    for f in sorted(files):
        h.update(f.relative_to(base).as_posix().encode())
        h.update(b"\0")
        h.update(digest(f))
    return h.hexdigest()
