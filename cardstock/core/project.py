"""Where a project's parts are, and hashes of its files — light enough for the no-op build,
which decides from file contents alone that nothing needs loading."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Iterable


def discover(root: Path) -> list[str]:
    """Game ids: every folder under catalog/ holding a game.toml, sorted."""
    base = root / "catalog"
    if not base.is_dir():
        return []
    return sorted(p.parent.name for p in base.glob("*/game.toml"))


# The layouts cardstock ships: the wheel carries the checkout's layouts/ shared files as
# the package `cardstock.shipped` (see pyproject.toml); a source checkout uses layouts/.
_PACKAGED = Path(__file__).resolve().parents[1] / "shipped"
_CHECKOUT = Path(__file__).resolve().parents[2] / "layouts"
SHIPPED_NAME = "cardstock"  # how a shipped file is named in messages: cardstock:layouts/...


def shipped_layouts() -> Path:
    """The folder of the shared layouts cardstock ships (default.toml, symbols.toml,
    sheets/, site/)."""
    return _PACKAGED if _PACKAGED.is_dir() else _CHECKOUT


def shared_layout(root: Path, relative: str) -> tuple[Path, str]:
    """A shared layout file or folder — `default.toml`, `symbols.toml`, `sheets`, `site` —
    and how messages name it: the project's own `layouts/<relative>` when it has one (it
    replaces cardstock's whole), else the one cardstock ships, so a new project needs only
    its catalog."""
    own = root / "layouts" / relative
    if own.exists():
        return own, f"layouts/{relative}"
    return shipped_layouts() / relative, f"{SHIPPED_NAME}:layouts/{relative}"


SHARED = ("default.toml", "symbols.toml", "sheets", "site", "print-shops.toml")


def shipped_in_use(root: Path) -> list[Path]:
    """The shipped layout files a project uses (those it does not replace with its own):
    the build keys of its units depend on them too."""
    out: list[Path] = []
    for rel in SHARED:
        path, _ = shared_layout(root, rel)
        if path.is_relative_to(root / "layouts"):
            continue
        out += files_in(path) if path.is_dir() else [path] if path.is_file() else []
    return out


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


TREE_FORMAT = 1  # bump when what `tree_hash` keeps changes


def _tree(folder: str, prefix: str, out: list[tuple[str, os.stat_result]]) -> None:
    """`files_in` of a folder as (path relative to the top, with "/"; status), by one walk
    with plain strings (a package's hundred files are listed many times a second)."""
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir():
                if entry.name != "__pycache__":
                    _tree(entry.path, f"{prefix}{entry.name}/", out)
            elif entry.is_file() and not entry.name.startswith("."):
                out.append((prefix + entry.name, entry.stat()))


def tree_hash(folder: Path) -> str:
    """`hash_files(files_in(folder), folder)` for a folder of cardstock's own (its package):
    remembered in the user cache (`cardstock.core.usercache`) under a hash of every file's
    path, size, modification and change times and inode, so a process that finds the
    same files does not read and hash them again (the package with its fonts is about
    3 MB). Any edit, reinstall or added file changes that key. Not for a project's files:
    a game's own content is always hashed afresh."""
    files: list[tuple[str, os.stat_result]] = []
    if folder.is_dir():
        _tree(str(folder), "", files)
    files.sort()
    stamp = hashlib.sha256(f"tree {TREE_FORMAT}\0{folder}\0".encode())
    stamp.update("".join(f"{rel}\0{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}:{st.st_ino}\n" for rel, st in files).encode())
    from .usercache import cache_dir

    kept = cache_dir() / "trees" / f"{stamp.hexdigest()}.sha256"
    try:
        found = kept.read_text(encoding="ascii")
        if len(found) == 64 and all(c in "0123456789abcdef" for c in found):
            TREE_STATS.read += 1
            return found
    except (OSError, UnicodeDecodeError):
        pass  # not kept yet, or damaged: hash the files
    found = hash_files([folder / rel for rel, _ in files], folder)
    TREE_STATS.hashed += 1
    try:
        from .output import write_atomic

        write_atomic(kept, found.encode("ascii"))
    except Exception:  # noqa: BLE001 - a cache that cannot be written costs time, not output
        pass
    return found


class TreeStats:
    """How this process got each `tree_hash` (for tests to count)."""

    def __init__(self) -> None:
        self.hashed = 0
        self.read = 0


TREE_STATS = TreeStats()
