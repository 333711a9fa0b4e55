"""output/manifest.json: every artifact with game, kind, paper, pages, bytes and sha256."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from .output import Artifact, write_atomic

MANIFEST = "manifest.json"


def entry(out: Path, a: Artifact) -> dict:
    return {
        "path": a.relative(out),
        "game": a.game,
        "kind": a.kind,
        "paper": a.paper,
        "pages": a.pages,
        "bytes": a.bytes,
        "sha256": a.sha256,
    }


def read(out: Path) -> list[dict]:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        return list(data.get("artifacts", []))
    except (FileNotFoundError, ValueError, AttributeError):
        return []


def write(out: Path, artifacts: Iterable[Artifact]) -> Path:
    """Merge this build's artifacts into the manifest; entries whose file is gone are dropped.
    Sorted by path, so identical builds give identical manifests."""
    entries = {e["path"]: e for e in read(out) if (out / e["path"]).is_file()}
    for a in artifacts:
        e = entry(out, a)
        entries[e["path"]] = e
    data = {"artifacts": [entries[k] for k in sorted(entries)]}
    path = out / MANIFEST
    write_atomic(path, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return path
