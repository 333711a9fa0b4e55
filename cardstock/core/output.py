"""Writing files safely: every artifact is written to a temporary file, then renamed;
below the output folder a build holds, nothing is written, removed or read back through
a link (`docs/architecture.md`, "Writes only where cardstock made the folder")."""

from __future__ import annotations

import errno
import fnmatch
import hashlib
import os
import re
import stat
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Protocol

from .files import settled


@dataclass(frozen=True, slots=True)
class Artifact:
    """One file the build wrote, as listed in output/manifest.json."""

    game: str | None  # None for files that belong to no single game (calibration, index)
    kind: str  # svg | pnp | rulebook | booklet | quickref | calibration | page | manifest
    path: Path
    paper: str | None = None
    pages: int | None = None
    bytes: int = 0
    sha256: str = ""

    def relative(self, out: Path) -> str:
        """The artifact's path under the output folder `out`, with forward slashes."""
        # the usual case, as strings: the path spelled from `out` (what `relative_to` finds,
        # without splitting both into parts; the build asks it of every file several times)
        path, folder = str(self.path), str(out)
        if path.startswith(folder) and path[len(folder) : len(folder) + 1] == os.sep:
            return path[len(folder) + 1 :].replace(os.sep, "/")
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
    so written files are set to this before they are renamed into place. The umask is read
    once a process (a build writes thousands of files, and nothing in it sets the umask)."""
    if not _UMASK:
        _UMASK.append(_read_umask())
    return 0o666 & ~_UMASK[0]


_UMASK: list[int] = []  # the process's umask, read at the first file written


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
    def __reduce__(self) -> tuple[type[WriteError], tuple[Path, str]]:
        return (WriteError, (self.path, self.reason))


# What a file is written from: its bytes, or its bytes in pieces written one after the
# other (views into a large buffer with a few small pieces between them: a sheet file whose
# font tags were rewritten, `render.pdf.retagged`, without a copy of the whole file).
Payload = bytes | bytearray | Sequence[bytes | bytearray | memoryview]


def _pieces(data: Payload) -> Iterable[bytes | bytearray | memoryview]:
    return [data] if isinstance(data, (bytes, bytearray)) else data


def write_atomic(path: Path, data: Payload) -> tuple[int, str]:
    """`_write_atomic`; an OS error becomes a WriteError naming `path`."""
    try:
        return _write_atomic(path, data)
    except OSError as exc:
        raise WriteError(path, exc.strerror or str(exc)) from exc


# ---------------------------------------------------------------- folders cardstock made
#
# Below an output folder the build holds (`lock`), a folder or file is reached one name at
# a time from the folder's own descriptor, and no name is followed when it is a link: a
# link planted in `output/` (a folder linked elsewhere, a file linked to another) is never
# written through, deleted through, read back or swept. A folder that is a link stops the
# write with a WriteError naming it. Writes anywhere else (`cardstock init`, the generated
# docs) go where their path says.

_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
LINKED = (
    "a link or not a folder: cardstock writes only into folders it made (remove it, or name "
    "the real folder with --out)"
)


def _root_of(path: Path) -> Path | None:
    """The held output folder `path` is inside (the innermost, should two be held)."""
    path = path.absolute()
    best: Path | None = None
    for root in _HELD:
        if path.is_relative_to(root) and (best is None or len(root.parts) > len(best.parts)):
            best = root
    return best


def _walk(root: Path, parts: Sequence[str], create: bool) -> int | None:
    """A descriptor of the folder `root/parts…`, each name opened without following a link
    (made when missing, with `create`); None when a part is missing and not `create`.
    Raises WriteError at the first part that is a link or not a folder."""
    fd = os.open(root, _DIR_FLAGS | _NOFOLLOW)
    here = root
    try:
        for name in parts:
            here = here / name
            if create:
                try:
                    os.mkdir(name, 0o777, dir_fd=fd)
                except FileExistsError:
                    pass
            try:
                nfd = os.open(name, _DIR_FLAGS | _NOFOLLOW, dir_fd=fd)
            except FileNotFoundError:
                if create:
                    raise
                os.close(fd)
                return None
            except (NotADirectoryError, OSError) as exc:
                if isinstance(exc, NotADirectoryError) or exc.errno in (errno.ELOOP, errno.ENOTDIR):
                    raise WriteError(here, LINKED) from None
                raise
            os.close(fd)
            fd = nfd
    except BaseException:
        os.close(fd)
        raise
    return fd


def _folder_fd(folder: Path, create: bool) -> int | None:
    """A descriptor of `folder`: reached without links below a held output folder, else
    opened as its path says (made first, with `create`)."""
    root = _root_of(folder)
    if root is not None:
        return _walk(root, folder.relative_to(root).parts, create)
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    try:
        return os.open(folder, _DIR_FLAGS)
    except FileNotFoundError:
        if create:
            raise
        return None


def refuse_links(folders: Iterable[Path]) -> None:
    """Raise the WriteError a write into one of `folders` would raise (a folder on the way
    below the held output folder that is a link or not a folder), making and writing
    nothing: a stage whose files cost time to make asks it of their folders first, so a
    refused write is refused before any of them is made. A folder not yet made passes."""
    for folder in folders:
        root = _root_of(folder)
        fd = None if root is None else _walk(root, folder.relative_to(root).parts, False)
        if fd is not None:
            os.close(fd)


def _open_in(folder: int, name: str, seen: os.stat_result) -> int | None:
    """A descriptor of the regular file `name` of the open `folder`, which `seen` says
    it is (a device, a pipe or a link is not even opened); None when it is not that file."""
    if not stat.S_ISREG(seen.st_mode):
        return None
    f = os.open(
        name, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0), dir_fd=folder
    )
    st = os.fstat(f)
    if not stat.S_ISREG(st.st_mode) or (st.st_dev, st.st_ino) != (seen.st_dev, seen.st_ino):
        os.close(f)
        return None
    return f


# The folders `checking` holds open while `holds` looks at many files, by the output folder
# and the names below it (None: no check under way; each file's folder is walked to).
_FOLDERS: dict[tuple[str, ...], int | None] | None = None


@contextmanager
def checking() -> Iterator[None]:
    """While it lasts, `holds` reaches each folder once (without following a link, as
    ever) and looks at the files in it from there: a unit's files (a game's SVG faces) are
    checked in one folder opened once, not walked to from the output folder file by file."""
    global _FOLDERS
    if _FOLDERS is not None:
        yield
        return
    _FOLDERS = {}
    try:
        yield
    finally:
        for fd in _FOLDERS.values():
            if fd is not None:
                os.close(fd)
        _FOLDERS = None


def _folder_for(out: Path, parts: Sequence[str]) -> tuple[int | None, bool]:
    """A descriptor of the folder `out/parts…` (reached without links) and whether the
    caller closes it (not when `checking` holds it)."""
    if _FOLDERS is None:
        try:
            return _walk(out, parts, create=False), True
        except (OSError, WriteError):
            return None, True
    key = (str(out), *parts)
    if key not in _FOLDERS:
        try:
            _FOLDERS[key] = _walk(out, parts, create=False)
        except (OSError, WriteError):
            _FOLDERS[key] = None
    return _FOLDERS[key], False


# The files this process has read whole and found to hold a sha256, by what the system
# says of each (`_status`): a file is read again only when any of it changed. A build looks
# at every file of the output folder several times (what it keeps, the manifest it merges,
# the page); a `--watch` process at every rebuild. Any write to a file changes its change
# time (`st_ctime_ns`, which no program can set back), a replaced file has another inode;
# a file is remembered only when its last change came well before it was read, so that a
# write in the same tick of the system's clock cannot go unseen (git's "racily clean" rule).
_READ: dict[tuple[int, ...], str] = {}
_READ_MAX = 100_000
# The statuses `holds` found in `_READ` or put there since the reads were last kept
# (`keep_reads`): what the next process is handed, so a file no build looks at is dropped.
_USED: set[tuple[int, ...]] = set()
# The output folders whose kept reads this process has taken up (`recall_reads`), each with
# what it was last kept as (a build that used those alone writes nothing).
_RECALLED: dict[str, dict[str, str]] = {}
READS_KIND = "output-reads"  # the cache's kind for the reads kept for an output folder


class _Kept(Protocol):
    """The cache as the kept reads use it (`core.cache.Cache`)."""

    def get_json(self, kind: str, key: str) -> Any: ...
    def put_json(self, kind: str, key: str, value: Any) -> None: ...


def _reads_key(out: Path) -> str:
    return hashlib.sha256(str(out.resolve()).encode("utf-8", "surrogatepass")).hexdigest()


def recall_reads(cache: _Kept, out: Path) -> None:
    """Take up, once a process, the reads of `out`'s files a process before kept
    (`keep_reads`): a new process then reads none of the output folder's unchanged files
    again to check them (a one-cell edit of the five games read 22 MB). An entry is a
    file's status as `_status` gives it, which no write leaves as it was (see `_READ`),
    and the sha256 the file was read to hold."""
    where = _reads_key(out)
    if where in _RECALLED:
        return
    kept = cache.get_json(READS_KIND, where)
    _RECALLED[where] = kept if isinstance(kept, dict) else {}
    if not isinstance(kept, dict):
        return
    for status, sha in kept.items():
        parts = status.split(":") if isinstance(status, str) else []
        if len(parts) != 5 or not all(p.isdigit() for p in parts) or not isinstance(sha, str):
            continue
        if len(_READ) >= _READ_MAX:
            return
        _READ.setdefault(tuple(map(int, parts)), sha)


def keep_reads(cache: _Kept, out: Path) -> None:
    """Keep for the next process the reads this one found or made since it last kept them
    (`recall_reads`); an entry no build used since is dropped."""
    kept = {":".join(map(str, s)): _READ[s] for s in sorted(_USED) if s in _READ}
    _USED.clear()
    where = _reads_key(out)
    if _RECALLED.get(where) != kept:
        cache.put_json(READS_KIND, where, kept)
        _RECALLED[where] = kept


def _status(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def holds(out: Path, rel: Sequence[str], size: object, sha256: object) -> bool:
    """Does the plain file `out/rel…` (every name below `out` reached without following a link)
    hold exactly `size` bytes with this sha256? A file unchanged since this process last
    read it (`_READ`: the same status, which no write leaves as it was) is not opened;
    another is opened once and checked on its descriptor, so no file swapped in after a
    look is read, and never more than `size` bytes are read."""
    if not isinstance(size, int) or not isinstance(sha256, str) or size < 0 or not rel:
        return False
    folder, owned = _folder_for(out, rel[:-1])
    if folder is None:
        return False
    try:
        seen = os.stat(rel[-1], dir_fd=folder, follow_symlinks=False)
        if not stat.S_ISREG(seen.st_mode) or seen.st_size != size:
            return False
        status = _status(seen)
        if _READ.get(status) == sha256:
            _USED.add(status)
            return True
        fd = _open_in(folder, rel[-1], seen)
    except OSError:
        return False
    finally:
        if owned:
            os.close(folder)
    return fd is not None and _hashed(fd, size, sha256)


def _hashed(fd: int, size: int, sha256: str) -> bool:
    """Whether the open file `fd` (closed here) holds exactly `size` bytes of this sha256;
    a file that had settled when it was read is remembered in `_READ`."""
    try:
        st = os.fstat(fd)
        if st.st_size != size:
            return False
        status = _status(st)
        reading = time.time_ns()
        h = hashlib.sha256()
        left = size
        while left > 0:
            block = os.read(fd, min(left, 1 << 20))
            if not block:
                return False
            h.update(block)
            left -= len(block)
        if os.read(fd, 1) != b"" or h.hexdigest() != sha256:
            return False
        if settled(st.st_mtime_ns, st.st_ctime_ns, reading):
            if len(_READ) >= _READ_MAX:
                _READ.clear()
            _READ[status] = sha256
            _USED.add(status)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)


def _same_as(fd: int, pieces: Iterable[bytes | bytearray | memoryview]) -> bool:
    """Whether the open file `fd` holds exactly the pieces, read a block at a time."""
    block = 1 << 20
    with os.fdopen(fd, "rb", closefd=False) as handle:
        for piece in pieces:
            view = memoryview(piece)
            for at in range(0, len(view), block):
                if handle.read(min(block, len(view) - at)) != view[at : at + block]:
                    return False
        return handle.read(1) == b""


def _unchanged(
    dfd: int, name: str, size: int, pieces: Iterable[bytes | bytearray | memoryview]
) -> bool:
    try:
        fd = os.open(
            name, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0), dir_fd=dfd
        )
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        return stat.S_ISREG(st.st_mode) and st.st_size == size and _same_as(fd, pieces)
    finally:
        os.close(fd)


def _write_atomic(path: Path, data: Payload) -> tuple[int, str]:
    """Write `data` to `path` through a temporary file in the same folder and a rename,
    so a crash or an error never leaves a half-written file. A file whose bytes would not
    change is not touched. Below a held output folder no link is followed: a link at
    `path` is replaced by the file, never written through. Returns (size, sha256)."""
    hashed = hashlib.sha256()
    size = 0
    for piece in _pieces(data):
        hashed.update(piece)
        size += len(memoryview(piece))
    digest = hashed.hexdigest()
    dfd = _folder_fd(path.parent, create=True)
    assert dfd is not None
    try:
        _leftovers_of(dfd, path)
        if _unchanged(dfd, path.name, size, _pieces(data)):
            return size, digest  # unchanged: leave the file (and its mtime) alone
        with _temporary(dfd, path.name, os.O_WRONLY) as (tmp, fd):
            with os.fdopen(fd, "wb") as handle:
                for piece in _pieces(data):
                    handle.write(piece)
                os.fchmod(handle.fileno(), file_mode())
                handle.flush()
                # renamed while it is open, so its lock is held until it is in place
                os.replace(tmp, path.name, src_dir_fd=dfd, dst_dir_fd=dfd)
    finally:
        os.close(dfd)
    return size, digest


# a temporary file's name: `.<the file's name>.<12 hex digits>.tmp` (`_temporary`)
_TMP = re.compile(r"\.(?P<name>.+)\.[0-9a-f]{12}\.tmp")


def _lock_file(fd: int, wait: bool) -> bool:
    """Take the exclusive lock on the open file `fd` (without waiting unless `wait`):
    whether it was taken. Without POSIX locks, as if taken."""
    try:
        import fcntl
    except ImportError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except OSError:
        return False
    return True


def _leftovers_of(dfd: int, path: Path) -> None:
    """Before `path` is written: the leftovers of its earlier writes removed
    (`_sweep_leftovers`), unless it is below a held output folder, whose lock swept
    them all when it was taken."""
    if _root_of(path.parent) is None:
        _sweep_leftovers(dfd, path.name)


def _sweep_leftovers(dfd: int, name: str) -> None:
    """Remove the temporary files of `name` in the folder `dfd` that a write killed
    between making one and renaming it left: each is locked for as long as its write
    runs (`_temporary`), so one whose lock can be taken is no write's any more. A link or
    anything but a plain file of that name is left alone."""
    with os.scandir(dfd) as entries:
        found = [e.name for e in entries if (m := _TMP.fullmatch(e.name)) and m["name"] == name]
    for tmp in found:
        try:
            fd = os.open(tmp, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW, dir_fd=dfd)
        except OSError:
            continue
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode) and _lock_file(fd, wait=False):
                os.unlink(tmp, dir_fd=dfd)
        except OSError:
            pass
        finally:
            os.close(fd)


@contextmanager
def _temporary(dfd: int, name: str, mode: int) -> Iterator[tuple[str, int]]:
    """A new temporary file beside `name` in the folder `dfd` (its name and descriptor),
    locked while it is open and removed when the block it is used in fails; the block
    renames or removes it before closing it."""
    flags = mode | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    while True:
        tmp = f".{name}.{os.urandom(6).hex()}.tmp"
        try:
            fd = os.open(tmp, flags, 0o600, dir_fd=dfd)
            break
        except FileExistsError:
            continue
    _lock_file(fd, wait=True)  # a new file no one else has open: taken at once
    try:
        yield tmp, fd
    except BaseException:
        try:
            os.unlink(tmp, dir_fd=dfd)
        except FileNotFoundError:
            pass
        raise


def _blocks(handle: BinaryIO) -> Iterator[bytes]:
    """A file's bytes from its start, a block at a time."""
    handle.seek(0)
    while block := handle.read(1 << 20):
        yield block


def write_streamed(path: Path, fill: Callable[[BinaryIO], None]) -> tuple[int, str]:
    """`write_atomic` for a file written as it is made: `fill` writes it to a temporary
    file beside `path` (which it may seek in), so it is never held whole in memory; the
    file is then renamed into place, or dropped when the file at `path` already holds the
    same bytes. Returns (size, sha256); an OS error becomes a WriteError naming `path`."""
    try:
        return _write_streamed(path, fill)
    except OSError as exc:
        raise WriteError(path, exc.strerror or str(exc)) from exc


def _write_streamed(path: Path, fill: Callable[[BinaryIO], None]) -> tuple[int, str]:
    dfd = _folder_fd(path.parent, create=True)
    assert dfd is not None
    try:
        _leftovers_of(dfd, path)
        with _temporary(dfd, path.name, os.O_RDWR) as (tmp, fd):
            with os.fdopen(fd, "w+b") as handle:
                fill(handle)
                handle.flush()
                hashed = hashlib.sha256()
                size = 0
                for block in _blocks(handle):
                    hashed.update(block)
                    size += len(block)
                if _unchanged(dfd, path.name, size, _blocks(handle)):
                    os.unlink(tmp, dir_fd=dfd)  # unchanged: leave the file (and its mtime) alone
                else:
                    os.fchmod(handle.fileno(), file_mode())
                    # renamed while it is open, so its lock is held until it is in place
                    os.replace(tmp, path.name, src_dir_fd=dfd, dst_dir_fd=dfd)
    finally:
        os.close(dfd)
    return size, hashed.hexdigest()


def remove_stale(
    folder: Path, keep: AbstractSet[str], patterns: Sequence[str] = ("*",), *, deep: bool = False
) -> None:
    """Delete the files in `folder` whose name matches one of `patterns` (with `deep`, in
    its subfolders too, matched and kept by their path below `folder`, as `a/b.png`) and
    is not in `keep`. Below a held output folder nothing is followed: a link is removed
    as a link (what it points to is untouched) and a linked folder is neither entered
    nor emptied. With `deep`, the folder and its subfolders are the stage's own, so a
    link in them that is neither kept nor holds a kept path is stale whatever its name
    (cardstock makes no links; a link to a folder stands where a stale folder would):
    it is removed as a link too. A missing folder has nothing to remove."""
    _sweep(folder, keep, patterns, deep, links=deep)


def _sweep(
    folder: Path, keep: AbstractSet[str], patterns: Sequence[str], deep: bool, links: bool
) -> None:
    """`remove_stale`; with `links`, every link not kept (nor holding a kept path) goes."""
    try:
        fd = _folder_fd(folder, create=False)
    except OSError as exc:
        raise WriteError(folder, exc.strerror or str(exc)) from exc
    if fd is None:
        return
    try:
        _remove_in(fd, folder, "", keep, patterns, deep, links)
    except OSError as exc:
        raise WriteError(folder, exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)


def _remove_in(
    fd: int,
    folder: Path,
    prefix: str,
    keep: AbstractSet[str],
    patterns: Sequence[str],
    deep: bool,
    links: bool,
) -> None:
    with os.scandir(fd) as entries:
        found = sorted((e.name, e.is_dir(follow_symlinks=False), e.is_symlink()) for e in entries)
    for name, is_dir, is_link in found:
        rel = prefix + name
        if is_dir:
            if deep:
                try:
                    sub = os.open(name, _DIR_FLAGS | _NOFOLLOW, dir_fd=fd)
                except OSError:
                    continue  # replaced by a link since it was listed: not entered
                try:
                    _remove_in(sub, folder, rel + "/", keep, patterns, deep, links)
                finally:
                    os.close(sub)
            continue
        if rel in keep:
            continue
        if any(fnmatch.fnmatchcase(name, p) for p in patterns) or (
            links and is_link and not any(k.startswith(rel + "/") for k in keep)
        ):
            try:
                os.unlink(name, dir_fd=fd)  # a link is removed itself; never what it names
            except FileNotFoundError:
                pass
            except IsADirectoryError:
                pass


def artifact(
    game: str | None,
    kind: str,
    path: Path,
    data: Payload,
    paper: str | None = None,
    pages: int | None = None,
) -> Artifact:
    """Write `data` atomically and describe the result."""
    size, digest = write_atomic(path, data)
    return Artifact(game, kind, path, paper, pages, size, digest)


def streamed(game: str | None, kind: str, path: Path, fill: Callable[[BinaryIO], None]) -> Artifact:
    """Write a file as it is made (`write_streamed`) and describe the result."""
    size, digest = write_streamed(path, fill)
    return Artifact(game, kind, path, None, None, size, digest)


def discard(path: Path) -> None:
    """Remove a file a build wrote earlier that is now out of date (nothing when it is gone).
    Its folder is reached as a write reaches it (`_folder_fd`): below a held output folder
    a linked folder on the way stops the removal with a WriteError naming it, and a link at
    `path` is removed itself, never what it names."""
    try:
        fd = _folder_fd(path.parent, create=False)
    except OSError as exc:
        raise WriteError(path.parent, exc.strerror or str(exc)) from exc
    if fd is None:
        return
    try:
        os.unlink(path.name, dir_fd=fd)
    except (FileNotFoundError, IsADirectoryError):
        pass
    except OSError as exc:
        raise WriteError(path, exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)


# ---------------------------------------------------------------- one build per output folder

_HELD: dict[Path, int] = {}  # output folder -> descriptor this process holds it by


def lock(out: Path, notice: Callable[[str], None]) -> None:
    """Hold the output folder `out` for this build (creating it), so two builds into one
    folder run one after the other: when another process holds it, say so through
    `notice` and wait. The lock is taken on the folder itself, opened without following a
    link (nothing is written for it); holding it again is a no-op; `unlock` lets go. While
    it is held, every write, removal and read-back below `out` follows no link."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: builds are not serialised there
        return
    out = out.absolute()
    if out in _HELD:
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
        fd = os.open(out, _DIR_FLAGS | _NOFOLLOW)
    except OSError as exc:  # the output folder cannot be made or opened
        if exc.errno in (errno.ELOOP, errno.ENOTDIR) or out.is_symlink():
            raise WriteError(out, LINKED) from exc
        raise WriteError(out, exc.strerror or str(exc)) from exc
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            notice(
                f"{out}: another cardstock build is writing into this folder; waiting for it "
                "to finish"
            )
            fcntl.flock(fd, fcntl.LOCK_EX)
    except BaseException:
        os.close(fd)
        raise
    _HELD[out] = fd
    # the half-written files of a killed build; a linked folder is left for the write to refuse
    try:
        _sweep(out, frozenset(), (".*.tmp",), deep=True, links=False)
    except WriteError:
        pass


def unlock(out: Path) -> None:
    """Let go of the output folder (closing the descriptor releases the lock)."""
    fd = _HELD.pop(out.absolute(), None)
    if fd is not None:
        os.close(fd)
