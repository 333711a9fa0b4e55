"""A zip file (the EPUB) written from members deflated once: each member's deflated bytes
are kept in the cache by what decides them, so a rebuild after a one-card edit deflates
the one face and the chapter that changed, not every font and face again.

The bytes are those `zipfile.ZipFile` writes into an empty, seekable file for the same
members (`writestr` of a `ZipInfo` with the given time and attributes, deflated at level 9,
the first member stored): a local header with the CRC-32 and sizes, the data, then the
central directory and its end record. No member is as large as the ZIP64 limits (4 GB);
a name outside ASCII is marked UTF-8, as `zipfile` marks it.

    local header    PK\\3\\4, version 2.0, flags, method, DOS time and date, CRC-32,
                    compressed and plain sizes, the name
    central entry   PK\\1\\2, made by version 2.0 on `CREATED_ON`, the same fields, the
                    member's attributes and where its local header is
    end record      PK\\5\\6, the entry count, the directory's size and offset
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO

from ..core.cache import Cache, key_of

VERSION = 20  # what zipfile says it needs and was made by, for stored and deflated members
CREATED_ON = 3  # unix: the same whatever the machine
LEVEL = 9  # the deflate level of every compressed member
STORED, DEFLATED = 0, 8
UTF8_NAME = 0x800  # the flag of a name outside ASCII
_LOCAL = struct.Struct("<4s2B4HL2L2H")
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")
_END = struct.Struct("<4s4H2LH")
_HEAD = struct.Struct("<2L")  # a kept member's CRC-32 and plain size, before its data
MAX_SIZE = 0x7FFFFFFF  # larger than any member of a book; beyond it, ZIP64 would be needed


@dataclass(frozen=True)
class Member:
    """One file of the zip, as written: its name, method, CRC-32, plain size, data."""

    name: str
    method: int
    crc: int
    size: int
    data: bytes


@dataclass(frozen=True)
class Entry:
    """A member to write: its name, its bytes (or what makes them, called only when the
    cache does not hold the member), and, for made bytes, a key of what decides them
    (bytes given are keyed by their sha256)."""

    name: str
    data: bytes | Callable[[], bytes]
    key: str = ""
    stored: bool = False

    def content(self) -> bytes:
        return self.data if isinstance(self.data, bytes) else self.data()


def stored(name: str, data: bytes) -> Member:
    return Member(name, STORED, zlib.crc32(data), len(data), data)


def deflated(name: str, data: bytes) -> Member:
    """The member as zipfile deflates it: one raw deflate stream at `LEVEL`."""
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    return Member(
        name, DEFLATED, zlib.crc32(data), len(data), packer.compress(data) + packer.flush()
    )


def member(entry: Entry, cache: Cache | None) -> Member:
    """The entry as written: stored, or deflated (read from `cache` when it holds it)."""
    if entry.stored:
        return stored(entry.name, entry.content())
    raw = entry.data if isinstance(entry.data, bytes) else None
    key = entry.key or (hashlib.sha256(raw).hexdigest() if raw is not None else "")
    if cache is None or not key:
        return deflated(entry.name, entry.content())
    # zlib's version too: another zlib may deflate the same bytes to other bytes
    key = key_of("deflated", zlib.ZLIB_RUNTIME_VERSION, str(LEVEL), key)
    kept = cache.get("deflated", key)
    if kept is not None and len(kept) >= _HEAD.size:
        crc, size = _HEAD.unpack_from(kept)
        return Member(entry.name, DEFLATED, crc, size, kept[_HEAD.size :])
    made = deflated(entry.name, entry.content())
    cache.put("deflated", key, _HEAD.pack(made.crc, made.size) + made.data)
    return made


def _name(name: str) -> tuple[bytes, int]:
    try:
        return name.encode("ascii"), 0
    except UnicodeEncodeError:
        return name.encode("utf-8"), UTF8_NAME


def write_zip(
    out: BinaryIO,
    entries: list[Entry],
    cache: Cache | None,
    stamp: tuple[int, int, int, int, int, int],
    attributes: int,
) -> None:
    """Write the zip of `entries` into the empty file `out`, every member with the time
    `stamp` and the external `attributes`."""
    dostime = stamp[3] << 11 | stamp[4] << 5 | (stamp[5] // 2)
    dosdate = (stamp[0] - 1980) << 9 | stamp[1] << 5 | stamp[2]
    central: list[bytes] = []
    at = 0
    for entry in entries:
        m = member(entry, cache)
        if max(m.size, len(m.data), at) > MAX_SIZE:
            raise ValueError(f"{m.name}: too large for a zip without ZIP64")
        name, flags = _name(m.name)
        fields = (flags, m.method, dostime, dosdate, m.crc, len(m.data), m.size, len(name))
        out.write(_LOCAL.pack(b"PK\x03\x04", VERSION, 0, *fields, 0))
        out.write(name)
        out.write(m.data)
        central.append(
            _CENTRAL.pack(
                b"PK\x01\x02", VERSION, CREATED_ON, VERSION, 0, *fields, 0, 0, 0, 0, attributes, at
            )
            + name
        )
        at += _LOCAL.size + len(name) + len(m.data)
    listing = b"".join(central)
    out.write(listing)
    out.write(_END.pack(b"PK\x05\x06", 0, 0, len(central), len(central), len(listing), at, 0))
