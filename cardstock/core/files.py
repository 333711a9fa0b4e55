"""Every input file is read through here: one door, one policy, one kind of message.

A project folder may come from someone else, so a file it names or holds is read only when:

- it is a regular file (not a pipe, a device, a socket or a folder), opened without
  waiting (a pipe never blocks the build);
- it is inside the project, links resolved (a link that leads out of the project is
  refused), or one of cardstock's own files (its package and the layouts it ships);
- it is no larger than its limit (`MAX_BYTES` unless the reader says otherwise), counted
  as it is read, so a file that says it is small and is not stops at the limit too
  (`TooLarge`, an `Unreadable` a reader can tell from the others).

Text is UTF-8, with or without a byte-order mark, and normalised to NFC (a letter typed as
a base letter and a combining accent becomes the one letter the fonts draw).

A refusal raises `Unreadable`, whose message says why in plain words; the caller reports it
as an Issue at the file (`issue`).
"""

from __future__ import annotations

import errno
import io
import json
import os
import re
import stat
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from itertools import accumulate
from pathlib import Path
from typing import Any, BinaryIO

from .issues import Issue

MAX_BYTES = 64 * 1024 * 1024  # a table, a layout, a template, a picture: far above any real one
KIB = 1024
# What no text of a project may hold (a table's cell, a TOML file's value): the C0 controls
# other than tab and line feed, DEL and the C1 controls, and what XML cannot hold either
# (U+FFFE, U+FFFF, a lone surrogate). Never meant, and the SVG, HTML and EPUB files made
# from them would not be well-formed.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def control_named(char: str) -> str:
    """One character `CONTROL` matches, as a message names it."""
    if char == "\x00":
        return "a NUL byte"
    return f"the {'control ' if ord(char) <= 0x9F else ''}character U+{ord(char):04X}"


class Unreadable(Exception):
    """A file the door refused (see the module's docstring); the message says why."""


class TooLarge(Unreadable):
    """A file longer than the limit its reader gave (`read_bytes`, `read_lines`): a reader
    that gives one file what is left of a budget several files share tells this refusal
    from the others (the playtest notes, `catalog.feedback`)."""


def _inside(real: str, base: str) -> bool:
    return real == base or real.startswith(base.rstrip(os.sep) + os.sep)


def _size(n: int) -> str:
    return f"{n / KIB / KIB:,.1f} MB" if n >= KIB * KIB else f"{n / KIB:,.0f} KB"


# cardstock's own folders: its package (fonts, the starter project) and, in a source
# checkout, the layouts it ships (in a wheel they are the package `cardstock.shipped`)
OWN = (Path(__file__).resolve().parents[1], Path(__file__).resolve().parents[2] / "layouts")
_OWN_REAL = tuple(
    os.path.realpath(b) for b in OWN
)  # resolved once: they do not move while cardstock runs


def allowed(path: Path, root: Path | None) -> bool:
    """Is `path`, links resolved, inside the project `root` or one of cardstock's own folders?"""
    return _inside_bases(os.path.realpath(path), root)


def _inside_bases(real: str, root: Path | None) -> bool:
    """Is the resolved path `real` inside the project `root` or one of cardstock's own
    folders (`OWN`)?"""
    bases = [*_OWN_REAL, *([os.path.realpath(root)] if root is not None else [])]
    return any(_inside(real, b) for b in bases)


# files read as other bytes than they hold (`placed`), by resolved path
_PLACED: dict[str, bytes] = {}


@contextmanager
def placed(texts: Mapping[Path, bytes]) -> Iterator[None]:
    """While the context lasts, reading one of these files gives these bytes instead of
    what it holds: the mutation test (`rules.mutation`) checks an edited project without
    writing it. Only files that exist and the door admits are placed."""
    real = {os.path.realpath(p): data for p, data in texts.items()}
    _PLACED.update(real)
    try:
        yield
    finally:
        for key in real:
            _PLACED.pop(key, None)


def placing() -> bool:
    """Whether some files read as other bytes than they hold just now (`placed`): what
    was kept of a file's bytes on disk may not be what reading it gives."""
    return bool(_PLACED)


def _real_inside(path: Path, root: Path | None) -> str:
    """`path`'s real path, when it lies inside the project `root` or one of cardstock's own
    folders; Unreadable otherwise."""
    real = os.path.realpath(path)
    if not _inside_bases(real, root):
        raise Unreadable(
            "it leads out of the project (a link to a file elsewhere); cardstock reads only the "
            "project's own files"
        )
    return real


def _opened(real: str) -> int:
    """A descriptor of the file at the real path `real`, opened for reading without
    following a link or waiting on a pipe."""
    try:
        return os.open(
            real,
            os.O_RDONLY
            | os.O_NONBLOCK
            | getattr(os, "O_CLOEXEC", 0)
            | getattr(os, "O_NOFOLLOW", 0),
        )
    except OSError as exc:
        raise Unreadable(_reason(exc)) from None


def read_bytes(path: Path, root: Path | None, *, limit: int = MAX_BYTES) -> bytes:
    """The bytes of `path`, which must be a regular file of at most `limit` bytes inside the
    project `root` or one of cardstock's own folders (`root` None: only those)."""
    real = _real_inside(path, root)
    if real in _PLACED:
        return _PLACED[real]
    fd = _opened(real)
    try:
        _regular(fd, limit)
        chunks = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise TooLarge(
                    f"it holds more than the {_size(limit)} cardstock reads from one file"
                )
        return b"".join(chunks)
    except OSError as exc:
        raise Unreadable(_reason(exc)) from None
    finally:
        os.close(fd)


def _regular(fd: int, limit: int) -> None:
    """Unreadable unless the open file `fd` is a regular file of at most `limit` bytes."""
    st = os.fstat(fd)
    if stat.S_ISDIR(st.st_mode):
        raise Unreadable("it is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise Unreadable("it is not a regular file (a pipe, a device or a socket)")
    if st.st_size > limit:
        raise TooLarge(
            f"it is {_size(st.st_size)}, more than the {_size(limit)} cardstock reads from one file"
        )


@contextmanager
def read_lines(
    path: Path, root: Path | None, *, limit: int = MAX_BYTES
) -> Iterator[Iterator[bytes]]:
    """The lines of `path` (each with its line feed, the last one's if it has one), read
    one at a time while the context lasts, under `read_bytes`'s rules: a file as long as
    a million rows is never held whole. Reading past `limit` bytes raises Unreadable."""
    real = _real_inside(path, root)
    if real in _PLACED:
        yield iter(io.BytesIO(_PLACED[real]))  # split at line feeds alone, as a file is
        return
    fd = _opened(real)
    try:
        try:
            _regular(fd, limit)
        except OSError as exc:
            raise Unreadable(_reason(exc)) from None
        with os.fdopen(fd, "rb", closefd=False) as file:
            yield _counted_lines(file, limit)
    finally:
        os.close(fd)


def _counted_lines(file: BinaryIO, limit: int) -> Iterator[bytes]:
    """The file's lines, their bytes counted as they are read (Unreadable past `limit`)."""
    size = 0
    while True:
        try:
            line = file.readline(limit + 1 - size)
        except OSError as exc:
            raise Unreadable(_reason(exc)) from None
        if not line:
            return
        size += len(line)
        if size > limit:
            raise TooLarge(f"it holds more than the {_size(limit)} cardstock reads from one file")
        yield line


def read_head(path: Path, root: Path | None, size: int) -> bytes:
    """The first `size` bytes of `path` (all of a shorter file), under `read_bytes`'s
    rules: a regular file inside the project `root` or one of cardstock's own folders,
    reached without a link."""
    fd = _opened(_real_inside(path, root))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Unreadable("it is not a regular file")
        return os.read(fd, size)
    except OSError as exc:
        raise Unreadable(_reason(exc)) from None
    finally:
        os.close(fd)


MAX_JSON_DEPTH = 64  # arrays and objects within each other; what cardstock writes nests < 40
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_JSON_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}.__getitem__


class TooDeep(ValueError):
    """JSON whose arrays and objects nest deeper than `MAX_JSON_DEPTH`."""

    def __init__(self) -> None:
        super().__init__(
            f"its arrays and objects nest more than {MAX_JSON_DEPTH} deep, cardstock's limit"
        )


def parse_json(
    data: str | bytes,
    *,
    object_hook: Callable[[dict[str, Any]], Any] | None = None,
    bounded: bool = True,
) -> Any:
    """JSON read from a project or its output folder (a saved build's manifest and
    fingerprints, the output folder's own manifest), parsed: the one JSON reader for such
    a file. A ValueError says it is not JSON (`json.JSONDecodeError`, or a
    UnicodeDecodeError for bytes) or that it nests too deeply (`TooDeep`): deeper than the
    parser's recursion goes, and (`bounded`) deeper than `MAX_JSON_DEPTH`, so that nothing
    that later walks what was read runs out of stack. A caller that keeps only flat values
    of what it reads, and reads a large file often (the manifest, after every unit of a
    build), passes `bounded=False` and skips the scan the bound takes. Bytes are decoded
    as `json.loads` decodes them (UTF-8, -16 or -32, a byte-order mark allowed)."""
    if isinstance(data, bytes):
        data = data.decode(json.detect_encoding(data), "surrogatepass")
    try:
        value = json.loads(data, object_hook=object_hook)
    except RecursionError:
        raise TooDeep() from None
    if bounded and data.count("[") + data.count("{") > MAX_JSON_DEPTH:  # else it cannot be
        # the text is JSON: each string, taken out, closes, and what is left nests as it does
        brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", data))
        if max(accumulate(map(_JSON_STEP, brackets)), default=0) > MAX_JSON_DEPTH:
            raise TooDeep()
    return value


def read_text(path: Path, root: Path | None, *, limit: int = MAX_BYTES) -> str:
    """The text of `path` (see `read_bytes`): UTF-8 with or without a byte-order mark, NFC."""
    raw = read_bytes(path, root, limit=limit)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Unreadable(
            f"it is not UTF-8 text (byte {exc.start + 1} cannot be read); save it as UTF-8"
        ) from None
    return unicodedata.normalize("NFC", text)


# A file whose content (mtime) and status (ctime) last changed at least this long before it
# was read cannot change again within the same tick of the file system's clock and keep
# its status as it was: what was read of it may be kept by that status (`settled`).
SETTLED_NS = 200_000_000


def settled(mtime_ns: int, ctime_ns: int, reading_ns: int) -> bool:
    """Whether a file last changed (`mtime_ns`, `ctime_ns`) at least SETTLED_NS before it
    was read at `reading_ns`, so that what was read may be kept by the file's status (the
    project files' digests, `core.project.digest`; the outputs read, `core.output.holds`)."""
    return max(mtime_ns, ctime_ns) < reading_ns - SETTLED_NS


def present(path: Path) -> bool:
    """Is there anything at `path`: a file, a folder, a pipe, a link (even one that leads
    nowhere or in a loop)? What is there is then read through this door, which says what
    is wrong with it, rather than being taken for a missing file."""
    return os.path.lexists(path)


def shown(path: Path, root: Path) -> str:
    """How messages name `path`: relative to the project `root` as written (links not
    followed, so a link that leads in a loop or out of the project is named where it is)."""
    here, base = os.path.abspath(path), os.path.abspath(root)
    return (
        Path(os.path.relpath(here, base)).as_posix()
        if _inside(here, base)
        else Path(here).as_posix()
    )


def read_again(path: Path) -> bytes:
    """A picture the layout admitted (it read it with the project as `root`; its drawing
    keeps only the absolute path) read again by a renderer: still a regular file within
    the limit, and not a link put in its place since."""
    return read_bytes(path, path.parent)


def issue(shown: str, exc: Unreadable, field: str = "") -> Issue:
    """The message of a refused file, at the file."""
    return Issue(shown, None, field, f"cannot read the file: {exc}")


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "it is a link that leads in a loop (or to another link cardstock does not follow)"
    if exc.errno == errno.ENOENT:
        return "there is no such file"
    return exc.strerror or str(exc)


__all__ = [
    "MAX_BYTES",
    "MAX_JSON_DEPTH",
    "TooDeep",
    "TooLarge",
    "Unreadable",
    "issue",
    "parse_json",
    "placed",
    "present",
    "read_again",
    "read_bytes",
    "read_lines",
    "read_text",
    "shown",
]
