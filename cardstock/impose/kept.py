"""A sheet file not drawn again when nothing it draws changed.

A sheet PDF is made from its pages (where each face goes, turned and clipped how, the crop
marks, cut and fold lines, the footer's band, note and style) and its document's words
(`DocInfo`), and it draws each face from its content key (`Face.key`, a hash of the
face's drawing). ReportLab writes the same bytes for the same drawing (invariant mode),
so two builds that plan the same pages over faces of the same keys write the same file.

`sheet_key` is a key of all of that; the cache (kind "sheet-file") keeps, under it, the
size and sha256 of the file written and what its footers found. A later build with the
same key and the same file still in the output folder (`core.output.holds`: opened
without following a link, its bytes hashed unless unchanged since this process read
them) takes the file as it is: an edit of one card's text leaves the quick reference's
sheets and every other game's alone. Should the file be gone or changed, it is drawn and
written again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.cache import Cache, code_key, key_of
from ..core.issues import Issue
from ..core.output import Artifact, holds
from .plan import Page, Placement
from .render import DocInfo

KIND = "sheet-file"


def _placement_key(p: Placement) -> str:
    """One placement in words: its face and back by their content keys, the rest as is."""
    parts = []
    for f in dataclasses.fields(p):
        value = getattr(p, f.name)
        if f.name in ("face", "back"):
            value = None if value is None else value.key
        parts.append(f"{f.name}={value!r}")
    return ";".join(parts)


def page_key(page: Page) -> str:
    """What a page draws, in words: every field of it, each placement by `_placement_key`."""
    parts = []
    for f in dataclasses.fields(page):
        value = getattr(page, f.name)
        if f.name == "placements":
            parts.append("placements=" + "|".join(_placement_key(p) for p in value))
        else:
            parts.append(f"{f.name}={value!r}")
    return "\n".join(parts)


def sheet_key(root: Path, path: Path, info: DocInfo, pages: Sequence[Page]) -> str:
    """The key of the sheet file `path` of these pages: the code, the project (its
    footers' findings name its files), the file's name (its footers' report does),
    the document's words and every page."""
    return key_of(KIND, code_key(), str(root), path.name, repr(info), *(page_key(p) for p in pages))


def recall(
    cache: Cache, key: str, out: Path, path: Path, game: str, kind: str, paper: str
) -> tuple[Artifact, list[Issue]] | None:
    """The file a build wrote for `key` and what its footers found, when the output
    folder `out` still holds it byte for byte at `path`; else None."""
    kept = cache.get_json(KIND, key)
    if not isinstance(kept, dict):
        return None
    try:
        size, digest, pages = kept["bytes"], kept["sha256"], int(kept["pages"])
        found = [Issue.from_data(i) for i in kept["findings"]]
        rel = path.relative_to(out).parts
    except (KeyError, TypeError, ValueError):
        return None
    if not holds(out, rel, size, digest):
        return None
    return Artifact(game, kind, path, paper, pages, size, digest), found


def remember(cache: Cache, key: str, made: Artifact, findings: Sequence[Issue]) -> None:
    """Keep what the file under `key` holds (its size and sha256) and its findings."""
    value: dict[str, Any] = {
        "bytes": made.bytes,
        "sha256": made.sha256,
        "pages": made.pages,
        "findings": [i.data() for i in findings],
    }
    cache.put_json(KIND, key, value)
