"""A sheet file's page plan kept by a `--watch` process, keyed by what planning reads.

Planning a sheet file's pages (`impose.pnp.impose`) reads the sheets, the paper, the
build's options, the printer's back offset, the game's id and tool words, each
component's id, kind, size, count, set, row and whether its back is its own, and of each
face its outline alone: size, bleed, shape, cut and folds. Of a face's drawing it reads
only whether two faces are the same (a deck's backs share a cut when their back is one
face), never what it draws. `plan_key` is a key of all of that, each face standing as
the first place its content key was met; an edit that changes what a card shows and
nothing of its outline leaves the key as it was.

A process that keeps its faces from one build to the next (`Faces.kept`) keeps the last
plan of each sheet file here; a build with the same key takes its pages with each face
put back by its place in the components' order (`_swapped`), instead of planning them
again. A page is drawn from its plan alone, so the file written is the file a plan
made afresh would give (`tests/test_sheet_plan_kept.py`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ..core.cache import code_key, key_of_each
from ..core.issues import Issue
from .plan import Page

# The plans kept: one a sheet file (project, game, kind, paper), the last build's.
KEPT_MAX = 32
Faces = list[Any]  # each component's front and back, in order (None: no printed back)


class _Kept:
    """One sheet file's plan as its build made it (a plain class)."""

    __slots__ = ("key", "faces", "pages", "findings")

    def __init__(self, key: str, faces: Faces, pages: list[Page], findings: list[Issue]):
        self.key = key
        self.faces = faces
        self.pages = pages
        self.findings = findings


_KEPT: dict[tuple[str, ...], _Kept] = {}


class PlanStats:
    """Sheet files planned and plans taken as kept by this process (for tests to count)."""

    __slots__ = ("planned", "kept")

    def __init__(self) -> None:
        self.planned = 0
        self.kept = 0


STATS = PlanStats()


def _outline_words(faces: Faces) -> Iterator[str]:
    """Each face as planning reads it: the first place its content key was met, then its
    outline's fields."""
    first: dict[str, int] = {}
    for face in faces:
        if face is None:
            yield "None"
            continue
        same = first.setdefault(str(face.key), len(first))
        yield repr((same, face.width, face.height, face.bleed, face.shape, face.cut, face.folds))


def plan_key(
    catalog: Any,
    components: Sequence[Any],
    faces: Faces,
    own_backs: Sequence[bool],
    sheets: Sequence[Any],
    paper: str,
    options: Any,
    offset: tuple[float, float],
) -> str | None:
    """The key of everything planning a sheet file reads (see the module); None when a
    value in it cannot be told by its words."""
    head = (
        "sheet-plan",
        code_key(),
        str(catalog.root),
        catalog.id,
        repr(catalog.tool_words),
        paper,
        repr(offset),
        options.fingerprint(),
        *(repr((s.file, s.stem, s.sheet)) for s in sheets),
    )
    rows = (
        repr((c.id, c.kind, c.size, c.count, c.set, c.file, c.line, own))
        for c, own in zip(components, own_backs)
    )
    words = [*head, *rows, *_outline_words(faces)]
    # an object told by its address could be another one at that address later
    return None if any(" at 0x" in w for w in words) else key_of_each(words)


def _swapped(pages: list[Page], was: Faces, now: Faces) -> list[Page] | None:
    """Copies of `pages` with each face `was` placed replaced by the face `now` holds at
    its place (a placement, frozen, is shared when its faces are the same objects); None
    when a page places a face `was` does not hold."""
    by_id = {id(old): new for old, new in zip(was, now) if old is not None}
    out: list[Page] = []
    for page in pages:
        placed = []
        for p in page.placements:
            face = by_id.get(id(p.face))
            back = None if p.back is None else by_id.get(id(p.back))
            if face is None or (p.back is not None and back is None):
                return None
            same = face is p.face and back is p.back  # a face the process kept (`KeptFaces`)
            placed.append(p if same else dataclasses.replace(p, face=face, back=back))
        out.append(dataclasses.replace(page, placements=placed))
    return out


def planned(
    where: tuple[str, ...],
    key: str | None,
    faces: Faces,
    plan: Callable[[], tuple[list[Page], list[Issue]]],
) -> tuple[list[Page], list[Issue]]:
    """The pages and findings of the sheet file `where`: those kept under `key` with this
    build's `faces` in them, else `plan()`'s, kept under `key` (None: nothing is kept)."""
    kept = _KEPT.get(where) if key is not None else None
    if kept is not None and kept.key == key:
        pages = _swapped(kept.pages, kept.faces, faces)
        if pages is not None:
            STATS.kept += 1
            kept.faces = faces  # the next build swaps from these
            kept.pages = list(pages)
            return pages, list(kept.findings)
    STATS.planned += 1
    pages, findings = plan()
    if key is not None:
        _KEPT.pop(where, None)
        while len(_KEPT) >= KEPT_MAX:
            del _KEPT[next(iter(_KEPT))]
        _KEPT[where] = _Kept(key, faces, list(pages), list(findings))
    return pages, findings


def slot(root: Path, game: str, kind: str, paper: str) -> tuple[str, ...]:
    """Where a sheet file's plan is kept."""
    return (str(root), game, kind, paper)
