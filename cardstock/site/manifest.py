"""output/manifest.json: every artifact with game, kind, paper, pages, bytes and sha256.

A build never makes the manifest list a hash its file does not have, even when it is
killed: it takes a unit's old files out before the unit rewrites them (`forget`) and adds
the new ones as soon as the unit is done (`add`), each time through a rename. Its last
write (`merged`, then `save`) checks every entry against its file: one whose file no
longer holds the bytes it lists (a build stopped in an unlucky instant, a hand edit, a
file swapped for another of the same size) is dropped.

`recall` turns what the cache says a unit wrote back into artifacts, when every file still
holds exactly those bytes: the build then keeps the files instead of making them again.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Iterator
from json.encoder import encode_basestring
from pathlib import Path
from typing import Any, BinaryIO

from ..core.files import Unreadable, parse_json, read_text
from ..core.output import Artifact, checking, holds, write_streamed

MANIFEST = "manifest.json"


def entry(out: Path, a: Artifact) -> dict[str, Any]:
    return {
        "path": a.relative(out),
        "game": a.game,
        "kind": a.kind,
        "paper": a.paper,
        "pages": a.pages,
        "bytes": a.bytes,
        "sha256": a.sha256,
    }


def read(out: Path) -> list[dict[str, Any]]:
    """The entries of the output folder's manifest, each of the shape `entry` writes (an
    entry of any other is passed over); none when it is missing or cannot be read (not
    JSON, nested too deeply, not an object with a list of artifacts): the output folder
    may come with the project, and the build then makes the manifest anew."""
    try:  # each entry kept is flat (`_entry_shaped`): nothing deep is kept to walk
        data = parse_json(read_text(out / MANIFEST, out), bounded=False)
    except (Unreadable, ValueError):
        return []
    found = data.get("artifacts") if isinstance(data, dict) else None
    return [e for e in found if _entry_shaped(e)] if isinstance(found, list) else []


_FIELDS = frozenset(("path", "game", "kind", "paper", "pages", "bytes", "sha256"))
_TEXT_OR_NULL = (str, type(None))


def _entry_shaped(e: Any) -> bool:
    """Whether `e` is an entry as `entry` writes it: its fields and no other, each of its
    type (text, a number or null). One expression: it is asked of every entry each time
    the manifest is read."""
    return (
        isinstance(e, dict)
        and e.keys() == _FIELDS
        and isinstance(e["path"], str)
        and isinstance(e["kind"], str)
        and isinstance(e["sha256"], str)
        and isinstance(e["bytes"], int)
        and isinstance(e["game"], _TEXT_OR_NULL)
        and isinstance(e["paper"], _TEXT_OR_NULL)
        and (e["pages"] is None or isinstance(e["pages"], int))
    )


def _parts(rel: Any) -> list[str] | None:
    """The names of a manifest path below the output folder (a relative path without
    `..`); None for anything else (a manifest someone else wrote may say anything)."""
    if not isinstance(rel, str) or not rel or rel.startswith("/") or "\\" in rel or "\0" in rel:
        return None
    parts = rel.split("/")
    if any(p in ("", ".", "..") for p in parts):
        return None
    return parts


def _still_true(out: Path, e: dict[str, Any]) -> bool:
    """Does the entry still describe its file (by its bytes)? The file is reached without
    following a link and read only when it is a plain file of the listed size
    (`core.output.holds`): an entry naming a device or a link never is."""
    parts = _parts(e.get("path"))
    return parts is not None and holds(out, parts, e.get("bytes"), e.get("sha256"))


def recall(out: Path, data: Any) -> list[Artifact] | None:
    """The artifacts a unit wrote, from what the cache kept of it (`{"artifacts": [entry,
    …]}`), when every file still holds exactly those bytes; None otherwise."""
    if not isinstance(data, dict) or not isinstance(data.get("artifacts"), list):
        return None
    with checking():  # the unit's folders opened once for all its files
        return _recalled(out, data["artifacts"])


def _recalled(out: Path, entries: list[Any]) -> list[Artifact] | None:
    found = []
    for e in entries:
        try:
            parts = _parts(e["path"])
            if parts is None or not holds(out, parts, e["bytes"], e["sha256"]):
                return None
            found.append(
                Artifact(
                    e["game"],
                    e["kind"],
                    out.joinpath(*parts),
                    e["paper"],
                    e["pages"],
                    e["bytes"],
                    e["sha256"],
                )
            )
        except (KeyError, TypeError):
            return None
    return found


class ManifestStats:
    """Manifest writes made by this process (for tests to count): a plain counter."""

    __slots__ = ("saves",)

    def __init__(self) -> None:
        self.saves = 0


STATS = ManifestStats()


# The manifest's JSON gathered before one write into the file, in characters (about 130
# entries): its pieces are an entry each, or a few hundred entries (`_compact`).
TEXT_A_WRITE = 32 * 1024


def _save(out: Path, entries: dict[str, dict[str, Any]], *, running: bool = False) -> Path:
    """Write the manifest as its JSON is made (an entry at a time, the same text
    `json.dumps` makes, written some 32 KB at a time): a game of 50,000 faces lists
    50,000 entries, and the build writes the manifest after each unit, so its whole text is
    never held (nor its UTF-8 bytes). The build's last write is indented (two spaces); the
    writes while it `running` (`add`, `forget`), which the next one replaces and a killed
    build leaves, are the same JSON without the spaces (`_compact`); the last write's text
    is `_indented`'s."""
    STATS.saves += 1
    rows = [entries[k] for k in sorted(entries)]
    path = out / MANIFEST

    def fill(handle: BinaryIO) -> None:
        text = io.TextIOWrapper(handle, encoding="utf-8", newline="")
        pieces: list[str] = []
        size = 0
        made = _compact(rows) if running else _indented(rows)
        for piece in made:
            pieces.append(piece)
            size += len(piece)
            if size >= TEXT_A_WRITE:
                text.write("".join(pieces))
                pieces.clear()
                size = 0
        pieces.append("\n")
        text.write("".join(pieces))
        text.flush()
        text.detach()  # the file stays open for `write_streamed`

    write_streamed(path, fill)
    return path


# The encoder of the writes while a build runs, and how many entries it encodes at once.
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
ROWS_AN_ENCODE = 256


def _compact(rows: list[dict[str, Any]]) -> Iterator[str]:
    """`{"artifacts": rows}` as `json.dumps` writes it with `separators=(",", ":")`, a few
    hundred entries at a time, each batch encoded as one list by `json`'s encoder written
    in C (its brackets left off), which the pieces of `json.dump` never use: they come from
    its Python encoder, about three times the CPU."""
    yield '{"artifacts":['
    for n in range(0, len(rows), ROWS_AN_ENCODE):
        batch = _COMPACT.encode(rows[n : n + ROWS_AN_ENCODE])
        yield f"{',' if n else ''}{batch[1:-1]}"
    yield "]}"


_INDENTED = json.JSONEncoder(indent=2, ensure_ascii=False)
_SCALARS = (str, int, type(None))  # what an entry holds (bool is an int)


def _indented(rows: list[dict[str, Any]]) -> Iterator[str]:
    """`{"artifacts": rows}` as `json.dumps` writes it with `indent=2`: an entry of only
    strings, numbers and nulls written a line a key, each string by `json`'s escaping
    written in C and each number as `json` writes it (`int.__repr__`); anything else (a
    float, a list, an empty entry, from a manifest written by someone else) by `json`'s
    own encoder. Its Python encoder took about three times the CPU for the whole text."""
    if not rows or not all(
        row and all(type(k) is str and isinstance(v, _SCALARS) for k, v in row.items())
        for row in rows
    ):
        yield from _INDENTED.iterencode({"artifacts": rows})
        return
    yield '{\n  "artifacts": [\n'
    for n, row in enumerate(rows):
        lines = ",\n".join(f"      {encode_basestring(k)}: {_scalar(v)}" for k, v in row.items())
        yield ("" if n == 0 else ",\n") + f"    {{\n{lines}\n    }}"
    yield "\n  ]\n}"


def _scalar(value: str | int | None) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return encode_basestring(value)
    return int.__repr__(value)


def _current(out: Path, replaced: frozenset[str] = frozenset()) -> dict[str, dict[str, Any]]:
    """The manifest's entries that still hold (those about to be replaced are not checked)."""
    return {
        e["path"]: e
        for e in read(out)
        if isinstance(e, dict) and (e.get("path") in replaced or _still_true(out, e))
    }


def merged(out: Path, artifacts: Iterable[Artifact]) -> dict[str, dict[str, Any]]:
    """The manifest's entries with these artifacts merged in (by path), as `write` would
    write them; entries whose file is gone or no longer matches are dropped."""
    new = [entry(out, a) for a in artifacts]
    entries = _current(out, frozenset(e["path"] for e in new))
    for e in new:
        entries[e["path"]] = e
    return entries


def save(out: Path, entries: dict[str, dict[str, Any]]) -> Path:
    """Write these entries (from `merged`) as the manifest. Sorted by path, so identical
    builds give identical manifests."""
    return _save(out, entries)


def write(out: Path, artifacts: Iterable[Artifact]) -> Path:
    """Merge these artifacts into the manifest; entries whose file is gone or no longer
    matches are dropped. Sorted by path, so identical builds give identical manifests."""
    return _save(out, merged(out, artifacts))


def _listed(out: Path) -> dict[str, dict[str, Any]]:
    """The manifest's entries as written, by path (checked against their files or not)."""
    return {
        e["path"]: e for e in read(out) if isinstance(e, dict) and isinstance(e.get("path"), str)
    }


def forget(out: Path, parts: Iterable[tuple[Any, Iterable[str]]]) -> None:
    """Take the files of these (game, kinds) out of the manifest (game None: the build's
    own files), before they are rewritten. Nothing is written when none is listed. The
    other entries stay as they are; the build's last write (`merged`) checks them all."""
    drop = {(game, kind) for game, kinds in parts for kind in kinds}
    listed = _listed(out)
    if not any((e.get("game"), e.get("kind")) in drop for e in listed.values()):
        return
    kept = {k: v for k, v in listed.items() if (v.get("game"), v.get("kind")) not in drop}
    _save(out, kept, running=True)


def add(out: Path, artifacts: Iterable[Artifact]) -> Path:
    """List these artifacts, just written, in the manifest (by path), while a build runs:
    the others are kept as they are; the build's last write (`merged`) checks them all."""
    entries = _listed(out)
    for a in artifacts:
        e = entry(out, a)
        entries[e["path"]] = e
    return _save(out, entries, running=True)
