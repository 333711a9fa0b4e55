"""Where a project's parts are, and hashes of its files — light enough for the no-op build,
which decides from file contents alone that nothing needs loading."""

from __future__ import annotations

import hashlib
import os
import stat
import time
from collections.abc import Iterable
from pathlib import Path

from .files import Unreadable, placing, present, read_bytes, settled


def discover(root: Path) -> list[str]:
    """Game ids: every folder under catalog/ holding a game.toml, sorted."""
    base = root / "catalog"
    if not base.is_dir():
        return []
    return sorted(p.name for p in base.iterdir() if p.is_dir() and present(p / "game.toml"))


FEEDBACK = "playtest/feedback"  # playtesters' notes, below the project's root (docs/playtest.md)


def keeps_notes(root: Path) -> bool:
    """Whether the project has a folder of playtesters' notes (`FEEDBACK`): the notes'
    module (`catalog.feedback`) is imported only for a project that has one."""
    return (root / FEEDBACK).is_dir()


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
    if present(own):
        return own, f"layouts/{relative}"
    return shipped_layouts() / relative, f"{SHIPPED_NAME}:layouts/{relative}"


SHARED = (
    "default.toml",
    "symbols.toml",
    "sheets",
    "site",
    "print-shops.toml",
    "profiles",
    "cut-machines.toml",
)


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
    return [
        p
        for p in folder.rglob("*")
        if not p.is_dir() and "__pycache__" not in p.parts and not p.name.startswith(".")
    ]


# A file's sha256 kept by what the door's answer and the bytes depend on (`_status`), for
# a file that had settled when it was read (`core.files.settled`).
DIGESTS_MAX = 100_000
_DIGESTS: dict[tuple[object, ...], bytes] = {}


def _status(f: Path, root: Path, real: dict[str, str] | None = None) -> tuple[object, ...] | None:
    """What the door's answer for `f` and its bytes depend on: where it really is (its
    folder's links resolved) and the project's real folder, its device, inode, size, type
    and permissions, and the times of its last change of content (mtime) and of anything
    (ctime: a rename, a `chmod`, a write, whatever it says its mtime is). None when it
    cannot be told (a file that cannot be looked at, a link, or bytes read in place of its
    own, `placed`). `real`: the folders resolved so far in one look at many files."""
    if placing():
        return None
    real = {} if real is None else real
    try:
        st = os.lstat(f)
        if not stat.S_ISREG(st.st_mode):  # a link is read through the door each time
            return None
        folder, root_at = os.path.dirname(os.fspath(f)), os.fspath(root)
        for at in (folder, root_at):
            if at not in real:
                real[at] = os.path.realpath(at)
    except (OSError, ValueError):
        return None
    where = (os.path.join(real[folder], f.name), real[root_at])
    return (*where, st.st_dev, st.st_ino, st.st_size, st.st_mode, st.st_mtime_ns, st.st_ctime_ns)


def _settled(status: tuple[object, ...], reading: int) -> bool:
    """Whether the file of `status` had settled when it was read at `reading`."""
    mtime, ctime = status[-2:]
    return isinstance(mtime, int) and isinstance(ctime, int) and settled(mtime, ctime, reading)


def digest(f: Path, root: Path, real: dict[str, str] | None = None) -> bytes:
    """A file's sha256, read through the door (core/files) with `root` as the project; a
    file the door refuses is hashed by the reason (the build reports it where it reads it).
    A file's hash is kept by its status (`_status`) once the file had settled when it was
    read, so a file is read once a process while it does not change. `real`: the folders
    resolved so far in one look at many files (`hash_files`)."""
    status = _status(f, root, real)
    if status is not None and status in _DIGESTS:
        return _DIGESTS[status]
    reading = time.time_ns()
    try:
        found = hashlib.sha256(read_bytes(f, root)).digest()
    except Unreadable as exc:
        return hashlib.sha256(f"unreadable: {exc}".encode()).digest()
    if status is not None and _settled(status, reading) and _status(f, root, real) == status:
        if len(_DIGESTS) >= DIGESTS_MAX:
            _DIGESTS.clear()
        _DIGESTS[status] = found
    return found


def hash_files(files: Iterable[Path], base: Path) -> str:
    """One hash of the files' paths (relative to `base`, the folder they are read in) and
    contents."""
    h = hashlib.sha256()
    real: dict[str, str] = {}  # each folder's links resolved once for its files
    for f in sorted(files):
        h.update(f.relative_to(base).as_posix().encode())
        h.update(b"\0")
        h.update(digest(f, base, real))
    return h.hexdigest()
