"""Writing files safely: every artifact is written to a temporary file, then renamed."""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional


@dataclass(frozen=True)
class Artifact:
    """One file the build wrote, as listed in output/manifest.json."""

    game: Optional[str]  # None for files that belong to no single game (calibration, index)
    kind: str  # svg | pnp | rulebook | booklet | quickref | calibration | page | manifest
    path: Path
    paper: Optional[str] = None
    pages: Optional[int] = None
    bytes: int = 0
    sha256: str = ""

    def relative(self, out: Path) -> str:
        """The artifact's path under the output folder `out`, with forward slashes."""
        try:
            return self.path.relative_to(out).as_posix()
        except ValueError:  # a relative or symlinked spelling of the same place
            return self.path.resolve().relative_to(out.resolve()).as_posix()


def fmt_bytes(n: int) -> str:
    """A file size for people: "213 KB", "2.3 MB"."""
    return f"{n / 1024:,.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.1f} MB"


class WriteError(Exception):
    """A file the build could not write: the artifact's path (not the temporary file's)
    and the operating system's reason (a full disk, a read-only folder, ...)."""

    def __init__(self, path: Path, reason: str):
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{path}: {reason}")

    def __reduce__(self):  # keep both when a worker process sends the error back
        return (WriteError, (self.path, self.reason))


def write_atomic(path: Path, data: bytes) -> tuple[int, str]:
    """`_write_atomic`; an OS error becomes a WriteError naming `path`."""
    try:
        return _write_atomic(path, data)
    except OSError as exc:
        raise WriteError(path, exc.strerror or str(exc)) from exc


def _write_atomic(path: Path, data: bytes) -> tuple[int, str]:
    """Write `data` to `path` through a temporary file in the same folder and a rename,
    so a crash or an error never leaves a half-written file. A file whose bytes would not
    change is not touched. Returns (size, sha256)."""
    digest = hashlib.sha256(data).hexdigest()
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return len(data), digest  # unchanged: leave the file (and its mtime) alone
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return len(data), digest


def artifact(game: Optional[str], kind: str, path: Path, data: bytes, paper: Optional[str] = None, pages: Optional[int] = None) -> Artifact:
    """Write `data` atomically and describe the result."""
    size, digest = write_atomic(path, data)
    return Artifact(game, kind, path, paper, pages, size, digest)
