"""Playtesters' notes as data: one row a note, keyed by the card and the version it was read
from (docs/playtest.md, "Playtest notes").

A project keeps its notes in `playtest/feedback/` (CSV, TSV, YAML or JSON, read by the same
readers as a game's tables, every row knowing its line). `cardstock feedback import` reads a
form's export with the headers `[playtest] columns` maps, keeps the rows that hold up and
writes them there in the fields below; the changelog, the downloads page and proof sheets
show each card's notes beside it.

    read_notes(root, catalogs)           every kept note, and what is wrong with the files
    notes_from(table, catalogs, ...)     the notes of one table (a kept file or a form's export)
    past_bounds(root, kept, ...)         why notes added to a kept file would stop its folder's read
    notes_csv(notes)                     notes as a kept file holds them
    stale(note, versions)                whether a note was made on an older version of its card
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.csv_cells import csv_bytes, unguarded
from ..core.files import MAX_BYTES, TooLarge, Unreadable, issue, read_bytes
from ..core.issues import Issue, Issues, Level
from ..core.project import FEEDBACK, discover
from .cells import control_problem, unread_problem
from .schema import FEEDBACK_FIELDS
from .tables import READERS, Ask

if TYPE_CHECKING:
    from .cells import Row, Table
    from .load import Catalog
    from .streamed import Streamed

FOLDER = FEEDBACK  # below the project's root
SUFFIXES = (".csv", ".tsv", ".yaml", ".yml", ".json")
MAX_FILES = 200  # note files read from the folder; more is refused
MAX_ROWS = 20_000  # notes in one file
MAX_NOTE = 4_000  # characters of one note
# What the folder's files may hold together, so the notes a build keeps fit in memory: their
# sizes (from the folder, before any is read: a hard-linked or sparse file counts in full;
# then counted again as each is read, a file read only up to what the ones before left, so
# one that grows after its size was told stops there) and their rows (counted as each file
# is read; the read stops at the first row past them). An import that would take the folder
# past them is refused (`past_bounds`). A real campaign's thousands of notes are a few MB.
MAX_ALL_BYTES = 16 * 1024 * 1024
MAX_ALL_ROWS = 100_000
STATUSES = ("open", "done")
VERSION = re.compile(r"^[0-9a-f]{6}$")
TAG = re.compile(r"^[\w][\w' -]{0,39}$")
REQUIRED = ("card", "note")


@dataclass(frozen=True)
class Note:
    """One playtester's note on one card."""

    game: str
    card: str
    version: str  # the six hex digits of the card's version mark ("" when not given)
    who: str
    when: str  # an ISO date, YYYY-MM-DD ("" when not given)
    text: str
    tags: tuple[str, ...]
    status: str  # open | done
    file: str
    line: int

    @property
    def open(self) -> bool:
        return self.status == "open"


def _when(value: str) -> str | None:
    """An ISO 8601 date or date and time, as its date; None when it is neither."""
    text = value.strip()
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    try:
        return datetime.fromisoformat(text).date().isoformat()
    except ValueError:
        return None


def _headers(columns: Sequence[str], mapping: Mapping[str, str]) -> dict[str, str]:
    """Each notes field → the table's column holding it: the mapped header, else a column
    named as the field, matched whatever its case."""
    by_lower = {c.strip().lower(): c for c in columns}
    out: dict[str, str] = {}
    for name in FEEDBACK_FIELDS:
        wanted = mapping.get(name, name)
        found = by_lower.get(wanted.strip().lower())
        if found is not None:
            out[name] = found
    return out


class Unknown(Exception):
    """A note about a card or game this project has not (a card removed, a game renamed)."""


class Elsewhere(Exception):
    """A note about a game this read did not load (a build of other games)."""


@dataclass(frozen=True)
class Scope:
    """What a table of notes is read against: the one game every row is about (None: each
    row's own, or the game holding its card), the project's games not loaded (whose notes
    are passed over), and how a note on a card or game the project lacks is reported."""

    game: str | None = None
    others: frozenset[str] = frozenset()
    unknown: Level = "error"


def _game_of(card: str, asked: str, ids: Mapping[str, frozenset[str]], scope: Scope) -> str:
    """The game a note's card belongs to: the row's own `game`, else the one game the
    import is about, else the only game holding the card."""
    if asked:
        if asked not in ids:
            if asked in scope.others:
                raise Elsewhere()
            raise Unknown(f"no game {asked!r} in this project")
        if card not in ids[asked]:
            raise Unknown(f"{asked} has no card {card!r}")
        return asked
    if scope.game is not None:
        if card not in ids[scope.game]:
            raise Unknown(f"{scope.game} has no card {card!r}")
        return scope.game
    holding = sorted(g for g, cards in ids.items() if card in cards)
    if len(holding) == 1:
        return holding[0]
    if not holding:
        if scope.others:
            raise Elsewhere()
        raise Unknown(f"no game of this project has a card {card!r}")
    raise Unknown(f"the card {card!r} is in {', '.join(holding)}: name the game in a `game` column")


def notes_from(
    table: Table | Streamed,
    ids: Mapping[str, frozenset[str]],
    issues: Issues,
    mapping: Mapping[str, str] | None = None,
    scope: Scope = Scope(),
) -> list[Note]:
    """The notes of one table, its rows read one at a time (a form's export is streamed,
    `catalog.streamed`), at most `MAX_ROWS` of them; each row that does not hold up is
    reported once, located, and left out. `ids`: each game's card ids. A cell cardstock
    guarded from spreadsheets when it kept the note (`core.csv_cells`) reads as written."""
    heads = _headers(table.columns, mapping or {})
    missing = [f for f in REQUIRED if f not in heads]
    if missing:
        wanted = (mapping or {}).get(missing[0], missing[0])
        issues.add(
            table.file,
            table.header_line,
            missing[0],
            f"no column {wanted!r} for the notes' {missing[0]} (columns: "
            + ", ".join(table.columns)
            + "); map it in game.toml's [playtest] columns",
        )
        return []
    out: list[Note] = []
    rows = iter(table.rows)
    for row in itertools.islice(rows, MAX_ROWS):
        unfit = _unfit(row, heads.values())
        if unfit is not None:
            issues.add(row.file, row.line, *unfit)
            continue
        cell = {f: unguarded(str(row.cells.get(col) or "").strip()) for f, col in heads.items()}
        if not cell["card"]:
            issues.add(row.file, row.line, heads["card"], "a note names the card it is about")
            continue
        try:
            owner = _game_of(cell["card"], cell.get("game", ""), ids, scope)
        except Elsewhere:
            continue
        except Unknown as exc:
            issues.add(row.file, row.line, heads["card"], str(exc), scope.unknown)
            continue
        problem = _row_problem(cell)
        if problem is not None:
            fld, message = problem
            issues.add(row.file, row.line, heads.get(fld, fld), message)
            continue
        out.append(
            Note(
                owner,
                cell["card"],
                cell.get("version", "").lower(),
                cell.get("who", ""),
                _when(cell["when"]) or "" if cell.get("when") else "",
                cell["note"],
                _tags(cell.get("tags", "")),
                (cell.get("status") or "open").lower(),
                row.file,
                row.line,
            )
        )
    if next(rows, None) is not None:
        issues.add(table.file, None, "", f"more than {MAX_ROWS} notes in one file")
    return out


def _unfit(row: Row, columns: Iterable[str]) -> tuple[str, str] | None:
    """(column, why) for the first of the row's `columns` that cannot give a note: a value
    no cell holds (`cells.unread_problem`), or a control character (a carriage return in a
    JSON or YAML value), refused as a game's table refuses one (`cells.control_problem`):
    a kept file never holds a line break a spreadsheet would start a row at."""
    for column in columns:
        problem = unread_problem(row, column) or control_problem(str(row.cells.get(column) or ""))
        if problem:
            return column, problem
    return None


def _row_problem(cell: Mapping[str, str]) -> tuple[str, str] | None:
    """(field, what is wrong with it), or None when the row holds up."""
    if not cell["note"]:
        return ("note", "the note is empty")
    if len(cell["note"]) > MAX_NOTE:
        return ("note", f"a note of {len(cell['note'])} characters (at most {MAX_NOTE})")
    version = cell.get("version", "").lower()
    if version and not VERSION.match(version):
        return (
            "version",
            f"expected the six letters and digits after the card's version mark "
            f"(v1.0 · 3f9a1c: 3f9a1c), got {cell['version']!r}",
        )
    when = cell.get("when", "")
    if when and _when(when) is None:
        return ("when", f"expected a date as YYYY-MM-DD, got {when!r}")
    status = (cell.get("status") or "open").lower()
    if status not in STATUSES:
        return ("status", f"expected {' or '.join(STATUSES)}, got {cell['status']!r}")
    for tag in _tags(cell.get("tags", "")):
        if not TAG.match(tag):
            return ("tags", f"a tag is a word or a few (at most 40 characters), got {tag!r}")
    return None


def _tags(text: str) -> tuple[str, ...]:
    return tuple(t.strip().lower() for t in re.split(r"[,;]", text) if t.strip())


def card_ids(catalogs: Iterable[Catalog]) -> dict[str, frozenset[str]]:
    """Each game's card ids."""
    return {cat.id: frozenset(c.id for c in cat.components) for cat in catalogs}


def note_files(root: Path) -> list[Path]:
    """The project's note files (`playtest/feedback/`), in the order they are read; none
    when the folder is missing or a link."""
    folder = root / FOLDER
    if not folder.is_dir() or folder.is_symlink():
        return []
    return sorted(
        p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES and not p.name.startswith(".")
    )


def read_notes(root: Path, catalogs: Sequence[Catalog]) -> tuple[list[Note], list[Issue]]:
    """Every note kept in the project's `playtest/feedback/`, in file and line order, and
    what is wrong with the files (each row that does not hold up, once)."""
    issues = Issues()
    files = note_files(root)
    if len(files) > MAX_FILES:
        issues.add(FOLDER, None, "", f"{len(files)} note files (at most {MAX_FILES})")
        return [], list(issues)
    ids = card_ids(catalogs)
    # a note on a card or game the project no longer has (removed, renamed) is passed over
    # with a warning: an ordinary edit of the game never stops a build for its notes
    scope = Scope(None, frozenset(discover(root)) - set(ids), "warning")
    if _too_large(root, files, issues):
        return [], list(issues)
    notes: list[Note] = []
    reading = _Reading(root, issues)
    for path in files:
        table = reading.table(path)
        if reading.over:
            return [], list(issues)
        if table is not None:
            notes += notes_from(table, ids, issues, scope=scope)
    # a control character is reported by the file's reader and by `_unfit` alike: once
    return notes, list(dict.fromkeys(issues))


class _Reading:
    """The folder's note files read one after the other within what they may hold in all:
    each file's bytes up to what the files before left of `MAX_ALL_BYTES` (at most that and
    one byte more is read, whatever its size said), its rows up to what they left of
    `MAX_ALL_ROWS`. The first file that passes either is reported (at its row past the
    rows) and `over` is set; what the files read hold is counted (`size`, `rows`). Never
    compared: a plain class."""

    __slots__ = ("root", "issues", "size", "rows", "over")

    def __init__(self, root: Path, issues: Issues) -> None:
        self.root = root
        self.issues = issues
        self.size = 0
        self.rows = 0
        self.over = False

    def table(self, path: Path) -> Table | None:
        """The file at `path` read as a table (None when it cannot be, said in `issues`)."""
        display = path.relative_to(self.root).as_posix()
        room = MAX_ALL_ROWS - self.rows  # rows this file and those after may hold
        try:
            data = read_bytes(path, self.root, limit=min(MAX_BYTES, MAX_ALL_BYTES - self.size))
        except TooLarge:
            self.issues.add(
                display,
                None,
                "",
                f"the note files hold more than the {MAX_ALL_BYTES / 2**20:,.0f} MB cardstock "
                f"reads from {FOLDER}/ in all, counted as this one was read",
            )
            self.size, self.over = MAX_ALL_BYTES + 1, True
            return None
        except Unreadable as exc:
            self.issues.extend([issue(display, exc)])
            return None
        self.size += len(data)
        suffix = path.suffix.lower()
        asked = Ask(None, min(MAX_ROWS, room) + 1)
        table = READERS[suffix](data, suffix, display, asked, self.issues)
        if table is None:
            return None
        self.rows += len(table.rows)
        if room < MAX_ROWS and len(table.rows) > room:
            self.issues.add(
                display,
                table.rows[room].line,
                "",
                f"the note files hold more than {MAX_ALL_ROWS:,} rows in all, the most "
                f"cardstock reads from {FOLDER}/",
            )
            self.over = True
            return None
        return table


def _too_large(root: Path, files: Sequence[Path], issues: Issues) -> bool:
    """Whether `files` (the folder's note files, in order) are more than `MAX_ALL_BYTES` in
    all, told from their sizes before any is read; when they are, the one that passes the
    bound is reported."""
    total = 0
    for path in files:
        total += _size(path)
        if total > MAX_ALL_BYTES:
            issues.add(
                path.relative_to(root).as_posix(),
                None,
                "",
                f"the note files hold {total / 2**20:,.1f} MB up to this one, more than the "
                f"{MAX_ALL_BYTES / 2**20:,.0f} MB cardstock reads from {FOLDER}/ in all",
            )
            return True
    return False


def _size(path: Path) -> int:
    """The file's size as the folder tells it; 0 when it cannot be told (its reader says
    why it cannot be read)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def past_bounds(root: Path, kept: Path, head: int, rows: int, new: Sequence[Note]) -> Issue | None:
    """Why the folder, with the notes `new` added to its file `kept`, would no longer be
    read (`read_notes`): one file too many (`MAX_FILES`), its files' sizes or rows past
    what they may hold in all (`MAX_ALL_BYTES`, `MAX_ALL_ROWS`), or `kept`'s rows past
    `MAX_ROWS`; said at the note of `new` that passes the bound (its row of the export),
    None when none does. `head`: the bytes `kept` will hold before the new rows (its rows
    now, or an import's header); `rows`: the rows it holds now. The other files are read
    as a read of the folder reads them, and counted as it counts them."""
    if not new:
        return None
    kept_shown = f"{FOLDER}/{kept.name}"
    others = [p for p in note_files(root) if p.name != kept.name]
    done = f"move the notes that are done out of {FOLDER}/"
    if len(others) >= MAX_FILES:
        said = (
            f"{FOLDER}/ holds {len(others)} note files besides {kept_shown}, and cardstock "
            f"reads at most {MAX_FILES}"
        )
        return _refused(new[0], None, said, kept_shown, f"add the notes to a file there, or {done}")
    reading = _Reading(root, Issues())  # what is wrong with them is the folder's read's to say
    for path in others:
        reading.table(path)
        if reading.over:
            break
    size = max(sum(map(_size, others)), reading.size) + head
    blank = len(notes_csv([]))
    for n, note in enumerate(new, 1):
        size += len(notes_csv([note])) - blank
        hint = done
        if size > MAX_ALL_BYTES:
            said = (
                f"with this row, the note files of {FOLDER}/ would hold {size / 2**20:,.1f} MB, "
                f"more than the {MAX_ALL_BYTES / 2**20:,.0f} MB cardstock reads from it in all"
            )
        elif reading.rows + rows + n > MAX_ALL_ROWS:
            said = (
                f"with this row, the note files of {FOLDER}/ would hold more than "
                f"{MAX_ALL_ROWS:,} rows, the most cardstock reads from it in all"
            )
        elif rows + n > MAX_ROWS:
            said = (
                f"with this row, {kept_shown} would hold more than {MAX_ROWS:,} notes, the "
                "most cardstock reads from one file"
            )
            hint = "import the rows from here on as an export of another name"
        else:
            continue
        return _refused(note, note.line, said, kept_shown, hint)
    return None


def _refused(note: Note, line: int | None, said: str, kept_shown: str, hint: str) -> Issue:
    """An import refused at the export's `note` (at `line`): what it `said`, that nothing
    was written, and the `hint` of what to do."""
    return Issue(
        note.file,
        line,
        "",
        f"{said}: nothing was imported, and {kept_shown} is left as it is; {hint}",
    )


def notes_csv(notes: Iterable[Note]) -> bytes:
    """Notes as a kept file holds them: a header of the fields, a row a note."""
    head = ["game", "card", "version", "who", "when", "note", "tags", "status"]
    rows = [
        [n.game, n.card, n.version, n.who, n.when, n.text, ", ".join(n.tags), n.status]
        for n in notes
    ]
    return csv_bytes([head, *rows])


def stale(note: Note, versions: Mapping[tuple[str, str], str]) -> bool:
    """Whether the note was made on an older version of its card than the one it prints
    now (`versions`: (game, card) → the version its mark prints)."""
    now = versions.get((note.game, note.card), "")
    return bool(note.version and now and note.version != now)
