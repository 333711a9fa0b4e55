"""What a book read, remembered with what it made, so an edit it never saw does not lay it
out again.

A rulebook (or any book made from a game's rule templates) depends on:

- the game's inputs other than its component tables — game.toml, rules.toml, art, icons,
  the layouts, the project's fonts, the code (`cardstock.layout.faces` hashes these once
  per catalog for the faces: the same "common" key);
- the text its templates rendered to. The template is rendered again on every build (a
  few milliseconds): whatever rows, fields, facts or examples of play it reads, a change
  to any of them that changes the book's words changes this text;
- the rows' outline that the generated parts show (ids, names, kinds, groups, sets,
  counts, backs, sizes, and where each row was read from);
- the faces it drew (covers, galleries, the component list): recorded while it is laid
  out, each with the content key of its drawing (an edit to a cell the face does not
  show leaves that key as it was).

An entry is kept in `output/.cache/books/<game>--<book>.json` with the files the book's
stage wrote. It is used only when the first three hash to the same key and every face it
recorded still draws the same — so an edit that changes a face the book shows, or its
words, lays it out again, and an edit to a cell it neither printed nor drew does not.

The entry's findings (what the rules check's lint reports) are kept by less: a thumbnail
takes the room of its face's trim size whatever the face draws, so where the key is the
same and every recorded face still has the same *shape* — its size, or the outline that
stands in for it with the warning that says why — the book paginates as it did and finds
the same problems, even though a face it shows draws differently. Then the check reports
the stored findings without a layout and only the stage lays the book out again
(`Kept.stale`).

The folder is set by the build (`use`) for the time a game's check or stages run; with
none set (`cardstock check`, a library call) nothing is read or written.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional

from . import books_kept_in, books_staged_in, keep_books_in
from ..core.issues import Issue
from ..catalog.load import Catalog
from ..core.output import Artifact, WriteError, write_atomic

# Bumped when the entry's shape or meaning changes (old entries are then misses).
VERSION = 2  # 2: the faces' shapes, which keep the findings

def use(out: Optional[Path]) -> None:
    """Keep entries under `out/.cache/books/` from now on (None: keep none)."""
    keep_books_in(out)


def folder() -> Optional[Path]:
    return books_kept_in()


def outline(catalog: Catalog) -> str:
    """The rows as the generated parts of a book see them: no cell of a row's fields."""
    rows = [[c.id, c.name, c.kind, c.group, c.set, c.count, c.back, c.size, c.file, c.line] for c in catalog.components]
    return json.dumps(rows, ensure_ascii=False)


def book_key(catalog: Catalog, book: str, rendered_text: str, *settings: str) -> str:
    """The key of a book's entry, before its faces are compared."""
    from ..layout.faces import _input_keys

    common, _tables = _input_keys(catalog)
    parts = [f"v{VERSION}", book, common, outline(catalog), *settings, rendered_text]
    return hashlib.sha256("\n\x00".join(parts).encode()).hexdigest()


class Seen(dict[str, Any]):
    """The faces cache a book draws through (`art.laid_out`), recording each component id
    asked for; it stores nothing itself but in the cache it wraps."""

    def __init__(self, inner: dict[str, Any]) -> None:
        super().__init__()
        self.inner = inner
        self.ids: list[str] = []

    def _saw(self, key: object) -> None:
        if isinstance(key, str) and key not in self.ids:
            self.ids.append(key)

    def __contains__(self, key: object) -> bool:
        self._saw(key)
        return key in self.inner

    def __getitem__(self, key: str) -> Any:
        self._saw(key)
        return self.inner[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self._saw(key)
        self.inner[key] = value

    def __iter__(self) -> Iterator[str]:
        return iter(self.inner)

    def __len__(self) -> int:
        return len(self.inner)


def face_keys(catalog: Catalog, ids: Iterable[str]) -> dict[str, str]:
    """What each component's thumbnail shows, by component id: the content key of its
    front as the book draws it (`art.laid_out`), or "outline" where a labelled outline
    stands in. Faces come from the face store, so an unchanged face is not laid out."""
    return _faces(catalog, ids)[0]


def face_shapes(catalog: Catalog, ids: Iterable[str]) -> dict[str, str]:
    """What each component's thumbnail means to the book's layout and findings, by
    component id: the face's size, or for an outline its size and the warnings that put
    it there (a face that could not be laid out)."""
    return _faces(catalog, ids)[1]


def _faces(catalog: Catalog, ids: Iterable[str]) -> tuple[dict[str, str], dict[str, str]]:
    from .recall import face_size, laid_out

    by_id = {c.id: c for c in catalog.components}
    keys: dict[str, str] = {}
    shapes: dict[str, str] = {}
    for i in ids:
        if i in by_id:
            said: list[Issue] = []
            face = laid_out(catalog, by_id[i], said, {})
            keys[i] = face.key if face is not None else "outline"
            if face is not None:
                shapes[i] = f"{face.width!r}x{face.height!r}"
            else:
                w, h = face_size(by_id[i])
                shapes[i] = json.dumps([f"{w!r}x{h!r}", [asdict(f) for f in said]], sort_keys=True)
    return keys, shapes


@dataclass(frozen=True)
class Kept:
    """A remembered book: its findings and the files its stage wrote (relative paths)."""

    key: str
    findings: tuple[Issue, ...]
    artifacts: tuple[dict[str, Any], ...]
    stale: bool = False  # only the findings hold: a face it shows draws differently now

    def files(self, out: Path) -> Optional[list[Artifact]]:
        """The artifacts, when every file is still there with the bytes it was written
        with; None otherwise (and always for a stale entry: its files show old faces)."""
        if self.stale:
            return None
        found = []
        for a in self.artifacts:
            p = Path(out) / a["path"]
            try:
                data = p.read_bytes()
            except OSError:
                return None
            if len(data) != a["bytes"] or hashlib.sha256(data).hexdigest() != a["sha256"]:
                return None
            found.append(Artifact(a["game"], a["kind"], p, a["paper"], a["pages"], a["bytes"], a["sha256"]))
        return found


# entries used whole, used for their findings only (stale), and missed in this process
# (for tests to count)
STATS: dict[str, int] = {"hits": 0, "stale": 0, "misses": 0}


def _path(catalog: Catalog, book: str) -> Optional[Path]:
    where = books_kept_in()
    return where / f"{catalog.id}--{book}.json" if where is not None else None


def _entry(path: Path, key: str) -> Any:
    """The kept entry at `path`; ValueError (or OSError) unless it is of this format and
    kept under `key`."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("key") != key or data.get("version") != VERSION:
        raise ValueError("another key")
    return data


def recall(catalog: Catalog, book: str, key: str) -> Optional[Kept]:
    """The entry of `book` when its key matches and every face it drew is unchanged; a
    `stale` entry (its findings only) when the faces it drew changed their drawing but not
    their shape."""
    path = _path(catalog, book)
    if path is None:
        return None
    try:
        data = _entry(path, key)
        faces = data["faces"]
        keys, shapes = _faces(catalog, faces)
        stale = keys != faces
        if stale and shapes != data["shapes"]:
            raise ValueError("a face it drew changed its size or became an outline")
        kept = Kept(key, tuple(Issue(**f) for f in data["findings"]), () if stale else tuple(data["artifacts"]), stale)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):  # missing, stale or damaged
        STATS["misses"] += 1
        return None
    STATS["stale" if kept.stale else "hits"] += 1
    return kept


def remember(catalog: Catalog, book: str, key: str, drew: Iterable[str], findings: Iterable[Issue], artifacts: Iterable[Artifact], out: Path) -> None:
    """Store the entry of a book its stage just wrote into `out`."""
    path = _path(catalog, book)
    if path is None:
        return
    keys, shapes = _faces(catalog, drew)
    entry = {
        "version": VERSION,
        "key": key,
        "faces": keys,
        "shapes": shapes,
        "findings": [asdict(f) for f in findings],
        "artifacts": [{**asdict(a), "path": a.relative(Path(out))} for a in artifacts],
    }
    try:
        write_atomic(path, json.dumps(entry, sort_keys=True).encode())
    except (OSError, WriteError):  # a cache that cannot be written costs time, not output
        pass


def recall_findings(catalog: Catalog, name: str, key: str) -> Optional[list[Issue]]:
    """The findings a check kept under `name` (`remember_findings`) when their key is
    `key`; None when missing, stale or damaged."""
    path = _path(catalog, name)
    if path is None:
        return None
    try:
        found = [Issue(**f) for f in _entry(path, key)["findings"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        STATS["misses"] += 1
        return None
    STATS["hits"] += 1
    return found


def remember_findings(catalog: Catalog, name: str, key: str, findings: Iterable[Issue]) -> None:
    """Keep a check's findings under `key`: written to the staging folder the build set
    for the check (`books.stage_books_in`), which the build moves into the output's
    books folder once every check has passed; with none set, nothing is kept."""
    where = books_staged_in()
    if where is None or books_kept_in() is None:
        return
    entry = {"version": VERSION, "key": key, "findings": [asdict(f) for f in findings]}
    try:
        write_atomic(where / f"{catalog.id}--{name}.json", json.dumps(entry, sort_keys=True).encode())
    except (OSError, WriteError):  # a cache that cannot be written costs time, not output
        pass


# A rulebook a rules check laid out, handed to its stage: the check and the stage of a
# game may run in different worker processes, and the stage would lay the book out again.
LAID = "rulebook-laid"
STATS["handed"] = 0  # laid-out rulebooks a stage took from its check (for tests to count)


def hand_over(catalog: Catalog, key: str, drew: Iterable[str], findings: Iterable[Issue], reading: bytes, pages: int) -> None:
    """A check that laid a rulebook out leaves it for the stage: the reading PDF, its page
    count, its findings and the faces it drew (with their content keys), written to the
    staging folder the build moves into the output's books folder once every check has
    passed (`remember_findings`). Nothing is written outside a build's check."""
    where = books_staged_in()
    if where is None or books_kept_in() is None:
        return
    ids = list(drew)
    entry = {"version": VERSION, "key": key, "drew": ids, "faces": _faces(catalog, ids)[0], "pages": pages,
             "findings": [asdict(f) for f in findings], "pdf": base64.b64encode(reading).decode("ascii")}
    try:
        write_atomic(where / f"{catalog.id}--{LAID}.json", json.dumps(entry, sort_keys=True).encode())
    except (OSError, WriteError):  # a cache that cannot be written costs time, not output
        pass


def taken_over(catalog: Catalog, key: str) -> Optional[tuple[bytes, int, list[Issue], tuple[str, ...]]]:
    """What `hand_over` left for this rulebook (the reading PDF, its pages, findings and the
    faces it drew), when its key holds and every face it drew still draws the same: the
    book the stage would lay out, byte for byte. None in a check (it lays out itself)."""
    path = _path(catalog, LAID)
    if path is None or books_staged_in() is not None:
        return None
    try:
        data = _entry(path, key)
        drew = tuple(str(i) for i in data["drew"])
        if _faces(catalog, drew)[0] != data["faces"]:
            raise ValueError("a face it drew draws differently now")
        found = (base64.b64decode(data["pdf"], validate=True), int(data["pages"]), [Issue(**f) for f in data["findings"]], drew)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):  # missing, stale or damaged
        return None
    STATS["handed"] += 1
    return found


def rulebook_findings(catalog: Catalog, papers: tuple[str, ...]) -> Optional[list[Issue]]:
    """The findings an earlier build kept for this rulebook, when its key still holds and
    its faces kept their shapes (`recall`, whole or stale); None when it must be
    laid out. Needs the build's books folder (`use`)."""
    from .recall import reading_size, rulebook_text, wanted

    if folder() is None:
        return None
    text, _ = rulebook_text(catalog)
    if text is None:
        return None  # the template's problems come from the full path
    key = book_key(catalog, "rulebook", text, reading_size(wanted(papers)).name)
    kept = recall(catalog, "rulebook", key)
    return list(kept.findings) if kept is not None else None


def quickref_check_key(catalog: Catalog) -> str:
    """What the quick-reference check reads: every side asked for (its card, size and
    template) with the text its template renders to and the problems found on the way,
    and what every face of the game reads besides the tables (game.toml with its safe
    margin, icons and colours; the layouts; the fonts; the code)."""
    from ..layout.faces import _input_keys
    from ..catalog.ruletext import render_quickref
    from ..catalog.context import template_context
    from .recall import sides

    common, _tables = _input_keys(catalog)
    ctx = template_context(catalog)
    parts: list[Any] = []
    for side in sides(catalog):
        text, problems = render_quickref(catalog, side.name, ctx)
        parts.append([side.component.id, side.component.size, side.side, side.name, text, [repr(p) for p in problems]])
    return hashlib.sha256((common + "\n\x00" + json.dumps(parts, ensure_ascii=False)).encode()).hexdigest()


def quickref_findings(catalog: Catalog) -> list[Issue]:
    """The quick-reference check's findings (`cardstock.books.quickref.check`), kept by
    `quickref_check_key` across builds, so an edit the reference texts do not print
    neither lays them out nor imports the typesetting."""
    if folder() is None:
        from .quickref import check

        return check(catalog)
    key = quickref_check_key(catalog)
    found = recall_findings(catalog, "quickref-check", key)
    if found is None:
        from .quickref import check

        found = check(catalog)
        remember_findings(catalog, "quickref-check", key, found)
    return found


__all__ = ["use", "folder", "book_key", "outline", "Seen", "face_keys", "face_shapes", "Kept", "recall", "remember", "recall_findings", "remember_findings", "rulebook_findings", "quickref_check_key", "quickref_findings", "hand_over", "taken_over", "STATS"]
