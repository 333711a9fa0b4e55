"""output/manifest.json: every artifact with game, kind, paper, pages, bytes and sha256.

The manifest never lists a hash its file does not have, even when a build is killed: the
build takes a unit's old files out of it before the unit rewrites them (`forget`) and adds
the new ones as soon as the unit is done (`write`), each time through a rename. An entry
whose file changed after the manifest was written (a build stopped in an unlucky instant,
a hand edit) is checked against the file and dropped when it no longer matches.
"""

from __future__ import annotations

from dataclasses import dataclass

import hashlib
import json

from pathlib import Path
from typing import Any, Iterable

from ..core.output import Artifact, write_atomic

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
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        return list(data.get("artifacts", []))
    except (FileNotFoundError, ValueError, AttributeError):
        return []


def _still_true(out: Path, e: dict[str, Any], written_ns: int) -> bool:
    """Does the entry still describe its file? Size always; the hash when the file was
    changed after the manifest was written."""
    try:
        st = (out / e["path"]).stat()
    except (OSError, KeyError, TypeError):
        return False
    if st.st_size != e.get("bytes"):
        return False
    if st.st_mtime_ns < written_ns:
        return True
    return hashlib.sha256((out / e["path"]).read_bytes()).hexdigest() == e.get("sha256")


@dataclass
class ManifestStats:
    """Manifest writes made by this process (for tests to count)."""

    saves: int = 0


STATS = ManifestStats()


def _save(out: Path, entries: dict[str, dict[str, Any]]) -> Path:
    STATS.saves += 1
    data = {"artifacts": [entries[k] for k in sorted(entries)]}
    path = out / MANIFEST
    write_atomic(path, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return path


def _current(out: Path, replaced: frozenset[str] = frozenset()) -> dict[str, dict[str, Any]]:
    """The manifest's entries that still hold (those about to be replaced are not checked)."""
    try:
        written_ns = (out / MANIFEST).stat().st_mtime_ns
    except OSError:
        return {}
    return {e["path"]: e for e in read(out) if e.get("path") in replaced or _still_true(out, e, written_ns)}


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


def forget(out: Path, paths: Iterable[str]) -> None:
    """Take these files (paths relative to `out`) out of the manifest, before they are
    rewritten. Nothing is written when none of them is listed."""
    drop = set(paths)
    listed = read(out)
    if not any(e.get("path") in drop for e in listed):
        return
    _save(out, {k: v for k, v in _current(out).items() if k not in drop})
