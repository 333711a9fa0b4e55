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

The whole key writes out every page, about 4 ms for 60 pages (each value the pages
repeat, a sheet's crop marks, a slot, the style, written out once a file: `page_key`); it
is not worked out when the file's faces (`faces_of`, a key of the face keys alone) are not
those of its last build (`faces_changed`): an edit of a card leaves its game's sheets to be
drawn without that cost. Those pages are then not kept under their whole key, so the file
is kept from the second build over the same faces on.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ..core.cache import Cache, code_key, key_of, key_of_each
from ..core.issues import Issue
from ..core.output import Artifact, holds
from .plan import Page, Placement
from .render import DocInfo

KIND = "sheet-file"


# Every field of a placement and of a page, in their classes' order: a new field is in the
# key as soon as it exists.
_PLACED = tuple(f.name for f in dataclasses.fields(Placement) if f.name not in ("face", "back"))
_PAGE = tuple(f.name for f in dataclasses.fields(Page) if f.name != "placements")


def _key_of(face: Any) -> str | None:
    return None if face is None else str(face.key)


def page_key(page: Page, said: dict[Any, str] | None = None) -> str:
    """What a page draws, in words: every field of it, and of each placement every field,
    its face and back by their content keys. The text is `repr` of
    `(the page's fields, [each placement's (face key, back key, fields)])`, put together
    from the text of each field value: `said` keeps the text of each value met (`_said`),
    so the values pages repeat (crop marks, slots, styles) are written out once a file."""
    memo: dict[Any, str] = {} if said is None else said
    fields = _tuple_text([_said(getattr(page, n), memo) for n in _PAGE])
    placed = ", ".join(
        _tuple_text(
            [
                repr(_key_of(p.face)),
                repr(_key_of(p.back)),
                *(_said(getattr(p, n), memo) for n in _PLACED),
            ]
        )
        for p in page.placements
    )
    return _tuple_text([fields, f"[{placed}]"])


def _tuple_text(parts: list[str]) -> str:
    """`repr` of a tuple, from the `repr` of each item."""
    return f"({parts[0]},)" if len(parts) == 1 else f"({', '.join(parts)})"


def _said(value: Any, said: dict[Any, str]) -> str:
    """`repr(value)`, kept in `said` under the value (a list as a tuple of its items) and
    its type: equal values of a field draw the same, so the text of the first one met
    stands for them all. A value that cannot be a key is written out each time."""
    try:
        key = (list, tuple(value)) if type(value) is list else (type(value), value)
        text = said.get(key)
    except TypeError:  # not hashable
        return repr(value)
    if text is None:
        text = said[key] = repr(value)
    return text


def _by_value(text: str) -> bool:
    """Whether a key's words name only values: an object shown by its address (a value of
    a class without its own repr) could be another object at the same address later."""
    return " at 0x" not in text


def sheet_key(root: Path, path: Path, info: DocInfo, pages: Sequence[Page]) -> str | None:
    """The key of the sheet file `path` of these pages: the code, the project (its
    footers' findings name its files), the file's name (its footers' report does),
    the document's words and every page. None when a page holds a value that cannot be
    told by its words (`_by_value`): such a file is always drawn."""
    told = True

    def words() -> Iterator[str]:  # each page's words made, hashed and let go in turn
        nonlocal told
        yield from (KIND, code_key(), str(root), path.name)
        said: dict[Any, str] = {}
        for w in itertools.chain([repr(info)], (page_key(page, said) for page in pages)):
            told = told and _by_value(w)
            if not told:
                return
            yield w

    key = key_of_each(words())
    return key if told else None


def faces_of(pages: Sequence[Page]) -> str:
    """A short key of the faces and backs the pages place, in order (cheap, unlike
    `sheet_key`): when a file's faces changed since its last build, its whole key cannot
    be one a build kept, and is not worked out."""
    keys = (f"{_key_of(p.face)} {_key_of(p.back)}" for page in pages for p in page.placements)
    return key_of_each(itertools.chain(("faces", str(len(pages))), keys))


def _slot(root: Path, path: Path) -> str:
    return key_of(KIND, "faces", code_key(), str(root), str(path))


def faces_changed(cache: Cache, root: Path, path: Path, faces: str) -> bool:
    """Whether the file at `path` was last built over other faces than `faces`."""
    last = cache.get_json(KIND, _slot(root, path))
    return isinstance(last, str) and last != faces


def built_over(cache: Cache, root: Path, path: Path, faces: str) -> None:
    """Keep the faces the file at `path` is now built over."""
    cache.put_json(KIND, _slot(root, path), faces)


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
