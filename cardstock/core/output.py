"""Writing files safely: every artifact is written to a temporary file, then renamed."""

from __future__ import annotations

from dataclasses import dataclass

import hashlib
import os
import tempfile

from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence, Union


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


def file_mode() -> int:
    """The mode a new file gets here, as `open()` would give it: 0o666 less the umask
    (0o644 under the usual umask 022). A temporary file starts as 0o600 whatever the umask,
    so written files are set to this before they are renamed into place."""
    return 0o666 & ~_read_umask()


def _read_umask() -> int:
    try:  # Linux shows it without changing it
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)  # elsewhere: read it by setting it, and put it back at once
    os.umask(mask)
    return mask


class WriteError(Exception):
    """A file the build could not write: the artifact's path (not the temporary file's)
    and the operating system's reason (a full disk, a read-only folder, ...)."""

    def __init__(self, path: Path, reason: str):
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{path}: {reason}")

    # keep both when a worker process sends the error back
    def __reduce__(self) -> tuple[type["WriteError"], tuple[Path, str]]:
        return (WriteError, (self.path, self.reason))


# What a file is written from: its bytes, or its bytes in pieces written one after the
# other (views into a large buffer with a few small pieces between them: a sheet file whose
# font tags were rewritten, `render.pdf.retagged`, without a copy of the whole file).
Payload = Union[bytes, bytearray, Sequence[Union[bytes, bytearray, memoryview]]]


def _pieces(data: Payload) -> Iterable[Union[bytes, bytearray, memoryview]]:
    return [data] if isinstance(data, (bytes, bytearray)) else data


def write_atomic(path: Path, data: Payload) -> tuple[int, str]:
    """`_write_atomic`; an OS error becomes a WriteError naming `path`."""
    try:
        return _write_atomic(path, data)
    except OSError as exc:
        raise WriteError(path, exc.strerror or str(exc)) from exc


def _same_as(path: Path, pieces: Iterable[Union[bytes, bytearray, memoryview]]) -> bool:
    """Whether the file at `path` holds exactly the pieces, read a block at a time."""
    block = 1 << 20
    with open(path, "rb") as handle:
        for piece in pieces:
            view = memoryview(piece)
            for at in range(0, len(view), block):
                if handle.read(min(block, len(view) - at)) != view[at:at + block]:
                    return False
        return handle.read(1) == b""


def _write_atomic(path: Path, data: Payload) -> tuple[int, str]:
    """Write `data` to `path` through a temporary file in the same folder and a rename,
    so a crash or an error never leaves a half-written file. A file whose bytes would not
    change is not touched. Returns (size, sha256)."""
    hashed = hashlib.sha256()
    size = 0
    for piece in _pieces(data):
        hashed.update(piece)
        size += len(memoryview(piece))
    digest = hashed.hexdigest()
    try:
        if path.stat().st_size == size and _same_as(path, _pieces(data)):
            return size, digest  # unchanged: leave the file (and its mtime) alone
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            for piece in _pieces(data):
                handle.write(piece)
            os.fchmod(handle.fileno(), file_mode())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return size, digest


def artifact(game: Optional[str], kind: str, path: Path, data: Payload, paper: Optional[str] = None, pages: Optional[int] = None) -> Artifact:
    """Write `data` atomically and describe the result."""
    size, digest = write_atomic(path, data)
    return Artifact(game, kind, path, paper, pages, size, digest)


def discard(path: Path) -> None:
    """Remove a file a build wrote earlier that is now out of date (nothing when it is gone)."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass


# ---------------------------------------------------------------- one build per output folder

_HELD: dict[Path, int] = {}  # output folder -> descriptor this process holds it by


def lock(out: Path, notice: Callable[[str], None]) -> None:
    """Hold the output folder `out` for this build (creating it), so two builds into one
    folder run one after the other: when another process holds it, say so through
    `notice` and wait. The lock is taken on the folder itself (nothing is written for it);
    holding it again is a no-op; `unlock` lets go."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: builds are not serialised there
        return
    out = out.absolute()
    if out in _HELD:
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
        fd = os.open(out, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:  # the output folder cannot be made or opened
        raise WriteError(out, exc.strerror or str(exc)) from exc
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            notice(f"{out}: another cardstock build is writing into this folder; waiting for it to finish")
            fcntl.flock(fd, fcntl.LOCK_EX)
    except BaseException:
        os.close(fd)
        raise
    _HELD[out] = fd
    _sweep(out)


def _sweep(out: Path) -> None:
    """Remove temporary files a killed build left behind (`write_atomic` names them
    `.<name>.<random>.tmp`); with the folder held, no other build is writing one."""
    for tmp in out.rglob(".*.tmp"):
        try:
            if tmp.is_file() and not tmp.is_symlink():
                tmp.unlink()
        except OSError:
            pass


def unlock(out: Path) -> None:
    """Let go of the output folder (closing the descriptor releases the lock)."""
    fd = _HELD.pop(out.absolute(), None)
    if fd is not None:
        os.close(fd)
