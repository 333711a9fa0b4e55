"""Writing files safely: every artifact is written to a temporary file, then renamed."""

from __future__ import annotations

from dataclasses import dataclass

import hashlib
import os
import tempfile

from pathlib import Path
from typing import Callable, Iterable, Iterator, Optional, Sequence, Union


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


class Spooled:
    """A file's bytes written as they are made into an unnamed temporary file, their size
    and sha256 taken on the way: a large sheet file is never whole in memory. Read back a
    block at a time by `blocks`; `close` when done (`artifact` closes what it writes)."""

    BLOCK = 1 << 20

    def __init__(self) -> None:
        self._file = tempfile.TemporaryFile()
        self._hash = hashlib.sha256()
        self.size = 0

    def write(self, data: Union[bytes, bytearray, memoryview]) -> None:
        self._file.write(data)
        self._hash.update(data)
        self.size += len(memoryview(data))

    @property
    def digest(self) -> str:
        return self._hash.hexdigest()

    def blocks(self) -> Iterator[bytes]:
        self._file.flush()
        self._file.seek(0)
        while True:
            chunk = self._file.read(self.BLOCK)
            if not chunk:
                return
            yield chunk

    def close(self) -> None:
        self._file.close()


# What a file is written from: its bytes; its bytes in pieces written one after the other
# (views into a large buffer with a few small pieces between them: a sheet file whose font
# tags were rewritten, `render.pdf.retagged`, without a copy of the whole file); or a
# `Spooled` file.
Payload = Union[bytes, bytearray, Sequence[Union[bytes, bytearray, memoryview]], Spooled]


def _pieces(data: Payload) -> Iterable[Union[bytes, bytearray, memoryview]]:
    if isinstance(data, Spooled):
        return data.blocks()
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


# (output folder, holding folder) while this process holds back what it writes (`hold`)
_HOLD: list[Optional[tuple[Path, Path]]] = [None]


class hold:
    """`with hold(out, folder):` — files this process writes under the output folder `out`
    go to the same place under `folder` instead, and the output folder is not touched (a
    file whose bytes are already the ones written is left alone there, and none is held).
    The build moves the held files in with `release` once it may write (a stage that
    started before the rules check passed), or drops the folder."""

    def __init__(self, out: Path, folder: Path) -> None:
        self.pair = (Path(out).resolve(), Path(folder))

    def __enter__(self) -> "hold":
        _HOLD[0] = self.pair
        return self

    def __exit__(self, *exc: object) -> None:
        _HOLD[0] = None


def release(folder: Path, out: Path) -> None:
    """Move the files held in `folder` into the output folder `out`: renamed into place
    where both are on one file system, else copied a block at a time through a temporary
    file and a rename, as any write (a large sheet file is never whole in memory)."""
    import errno

    if not folder.is_dir():
        return
    for held in sorted(p for p in folder.rglob("*") if p.is_file()):
        target = Path(out) / held.relative_to(folder)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(held, target)
            continue
        except OSError as exc:
            if exc.errno != errno.EXDEV:  # another file system is the one expected failure
                raise WriteError(target, exc.strerror or str(exc)) from exc
        copy = Spooled()
        try:
            with open(held, "rb") as source:
                for chunk in iter(lambda: source.read(Spooled.BLOCK), b""):
                    copy.write(chunk)
            write_atomic(target, copy)
        finally:
            copy.close()
        held.unlink()


def _held(path: Path) -> Optional[Path]:
    """Where a write to `path` goes while this process holds its writes (None: to `path`)."""
    pair = _HOLD[0]
    if pair is None:
        return None
    out, folder = pair
    try:
        return folder / path.resolve().relative_to(out)
    except ValueError:  # not under the output folder
        return None


def _write_atomic(path: Path, data: Payload) -> tuple[int, str]:
    """Write `data` to `path` through a temporary file in the same folder and a rename,
    so a crash or an error never leaves a half-written file. A file whose bytes would not
    change is not touched. Returns (size, sha256)."""
    if isinstance(data, Spooled):
        size, digest = data.size, data.digest
    else:
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
    path = _held(path) or path
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
    """Write `data` atomically and describe the result (a `Spooled` file is closed)."""
    try:
        size, digest = write_atomic(path, data)
    finally:
        if isinstance(data, Spooled):
            data.close()
    return Artifact(game, kind, path, paper, pages, size, digest)


# ---------------------------------------------------------------- one build per output folder

LOCK_NAME = Path(".cache") / "build.lock"  # under the output folder, beside the build cache
_HELD: dict[Path, int] = {}  # output folder -> descriptor of its lock file, in this process


def lock(out: Path, notice: Callable[[str], None]) -> None:
    """Hold the output folder `out` for this build (creating it), so two builds into one
    folder run one after the other: when another process holds it, say so through
    `notice` and wait. Holding it again is a no-op; `unlock` lets go."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: builds are not serialised there
        return
    out = out.resolve()
    if out in _HELD:
        return
    try:
        (out / LOCK_NAME).parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(out / LOCK_NAME, os.O_RDWR | os.O_CREAT, file_mode())
    except OSError as exc:  # the output folder cannot be made or written into
        raise WriteError(out, exc.strerror or str(exc)) from exc
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
            notice(f"{out}: another cardstock build{f' (process {holder})' if holder.isdigit() else ''} "
                   "is writing into this folder; waiting for it to finish")
            fcntl.flock(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
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
            if tmp.is_file():
                tmp.unlink()
        except OSError:
            pass


def unlock(out: Path) -> None:
    """Let go of the output folder (closing the lock file releases the lock)."""
    fd = _HELD.pop(out.resolve(), None)
    if fd is not None:
        os.close(fd)
