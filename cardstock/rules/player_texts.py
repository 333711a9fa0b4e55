"""Where a player reads a game's words: the text regions of its files, which `--mutate` edits
and `provenance` lists (so the check loads this module, never the mutation test's).

A region is a stretch of one file's text (its offsets in the file, its line) that ends up in
front of a player:

- a cell of a component table (CSV or TSV) in a column a player reads (every column but
  `id` and the hidden ones `rule_words.toml` lists);
- a value of game.toml or rules.toml at a key path `rule_words.toml` lists as visible
  (tables' cells, titles and notes, set names, designer's choices, setup steps' counts and
  `say` texts, rule facts' values), a string's words or a number as written;
- a value of the game's face layout (`layouts/<game>/faces.toml`) that decides what a box
  prints: its text, field, icons and their count, and when it is drawn;
- the text of a rulebook or quick-reference template (`layouts/<game>/**/*.md.j2`) outside
  its Jinja tags, and the words inside them that gettext prints (`_("…")`).

Regions are listed in file order, then text order, so the edits made from them come in the
same order on every run.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..catalog.languages import colour_id
from ..core.files import Unreadable, read_text
from ..core.patterns import compiled
from ..core.template_words import read_spans
from ..core.tomlpos import read_toml
from .rule_words import vocabulary

if TYPE_CHECKING:
    from ..catalog.load import Catalog


@dataclass(frozen=True, slots=True)
class Region:
    """One stretch of player-visible text: `text` is `path`'s text from `start` to `end`."""

    path: Path
    shown: str  # how the report names the file: "catalog/vortex/game.toml"
    line: int
    start: int
    end: int
    text: str
    where: str  # what it is: "tables.round.rows[1][2]", "column text", "template text"
    number: bool = False  # the whole region is a number literal (a TOML number, a number cell)
    column: str | None = None  # a table cell's column
    row: int | None = None  # … and its row (0 = the first row after the header)
    row_id: str | None = None  # … and the row's `id` cell (else its `name` cell), if any
    quoted: bool = False  # … and the cell is in quotes (its text inside them, `""` for `"`)


# ---------------------------------------------------------------- tables


def records(text: str, sep: str) -> list[list[tuple[int, int]]]:
    """A delimited table's records, each the spans of its cells in `text` (a quoted cell's
    span is inside its quotes; a quoted cell may hold line breaks)."""
    return list(each_record(text, sep))


def each_record(text: str, sep: str) -> Iterator[list[tuple[int, int]]]:
    """`records`, one record at a time."""
    cells: list[tuple[int, int]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] == '"':
            j = i + 1
            while j < n and not (text[j] == '"' and text[j + 1 : j + 2] != '"'):
                j += 2 if text[j] == '"' else 1
            cells.append((i + 1, j))
            i = j + 1
            while i < n and text[i] not in (sep, "\n"):
                i += 1
        else:
            j = i
            while j < n and text[j] not in (sep, "\n"):
                j += 1
            end = j - 1 if j > i and text[j - 1] == "\r" else j
            cells.append((i, end))
            i = j
        if i >= n or text[i] == "\n":
            yield cells
            cells = []
        i += 1
    if cells:
        yield cells


def table_regions(
    path: Path, shown: str, root: Path, hidden: set[str], text: str | None = None
) -> list[Region]:
    """Every visible cell of a CSV or TSV table, one region each (`text`: the table's, when
    the caller has read it)."""
    text = _text(path, root) if text is None else text
    return [] if text is None else list(table_cells(path, shown, hidden, text))


def table_cells(path: Path, shown: str, hidden: set[str], text: str) -> Iterator[Region]:
    """`table_regions`, one cell at a time: a reader that keeps only some cells (the rules
    check) never holds a region for every cell of a large table."""
    sep = "\t" if path.suffix.lower() in (".tsv", ".tab") else ","
    found = each_record(text, sep)
    head = next(found, None)
    if head is None:
        return
    header = [text[a:b].strip() for a, b in head]
    where = [f"column {name}" for name in header]  # made once a column, not once a cell
    breaks = [m.start() for m in _BREAK.finditer(text)]  # a cell's line: the breaks before it
    # a row is named by its id, or by its name where the table has no id column (as the
    # catalog names it): a row moved or added does not rename the rows after it
    id_col = next((header.index(c) for c in ("id", "name") if c in header), None)
    row = -1
    for spans in found:
        first = text[spans[0][0] : spans[0][1]] if spans else ""
        if all(a == b for a, b in spans) or first.lstrip().startswith("#"):
            continue  # an empty line, or a note to oneself
        row += 1
        row_id = (
            text[spans[id_col][0] : spans[id_col][1]].strip()
            if id_col is not None and id_col < len(spans)
            else None
        )
        for col, (a, b) in enumerate(spans):
            name = header[col] if col < len(header) else ""
            cell = text[a:b]
            if not cell.strip() or name.lower() in hidden:
                continue
            yield Region(
                path,
                shown,
                bisect_left(breaks, a) + 1,
                a,
                b,
                cell,
                where[col] if col < len(header) else "column ",
                number=bool(_NUMBER.fullmatch(cell.strip())),
                column=name,
                row=row,
                row_id=row_id,
                quoted=a > 0 and text[a - 1] == '"',
            )


# ---------------------------------------------------------------- TOML values

_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
_BREAK = re.compile("\n")
# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
_TOKEN = (
    r'(?P<basic>"(?:[^"\\]|\\.)*")|(?P<literal>\'[^\']*\')|(?P<comment>#.*)'
    r"|(?P<punct>[\[\]{},=.])|(?P<bare>[^\s\[\]{},=.#\"']+(?:\.\d+)?)|(?P<space>\s+)"
)


def _scalars(line: str) -> list[tuple[int, int, bool]]:
    """The values a TOML line writes, in order: (start, end, is a string), less keys."""
    tokens = [(m.lastgroup, m.start(), m.end()) for m in re.compile(_TOKEN).finditer(line)]
    tokens = [t for t in tokens if t[0] not in ("space", "comment")]
    out: list[tuple[int, int, bool]] = []
    for k, (kind, a, b) in enumerate(tokens):
        if kind not in ("basic", "literal", "bare"):
            continue
        after = tokens[k + 1][0:1] if k + 1 < len(tokens) else ()
        nxt = line[tokens[k + 1][1]] if after else ""
        if nxt in ("=", "."):  # a key (or a dotted key's part)
            continue
        if (
            kind == "bare"
            and not _NUMBER.fullmatch(line[a:b])
            and line[a:b] not in ("true", "false")
        ):
            continue  # a date or a stray word: not a value this edits
        if kind == "basic" or kind == "literal":
            out.append((a + 1, b - 1, True))
        else:
            out.append((a, b, False))
    return out


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, (*path, i))
    else:
        yield path


# a key path's keys joined for matching: no TOML key the visible paths name holds it
_SEP = "\x1f"


def _shown_paths(visible: list[str]) -> re.Pattern[str]:
    """One pattern for the key paths at or below any of `visible` (`sets.*.name`: a `*`
    is any one key or index), matched against a path's keys joined by `_SEP`."""
    if not visible:
        return compiled("(?!)")  # nothing is shown
    alternatives = (
        _SEP.join(f"[^{_SEP}]*" if key == "*" else re.escape(key) for key in v.split("."))
        for v in visible
    )
    return compiled(f"(?:{'|'.join(alternatives)})(?:{_SEP}|\\Z)")  # \Z: no line end


def _visible(path: tuple[Any, ...], shown: re.Pattern[str]) -> bool:
    return shown.match(_SEP.join(map(str, path))) is not None


def _label(path: tuple[Any, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _key(data: Any, path: tuple[Any, ...]) -> str:
    """A value's key path, an entry of `[[facts]]` named by its `id` (`facts[deal].value`),
    so that a fact added or moved renames no other fact's value."""
    if len(path) > 2 and path[0] == "facts" and isinstance(path[1], int):
        fact = _at(data, path[:2])
        if isinstance(fact, dict) and isinstance(fact.get("id"), str):
            rest = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path[2:])
            return f"facts[{fact['id']}]{rest}"
    return _label(path)


def toml_values(
    path: Path, shown: str, root: Path, visible: list[str]
) -> list[tuple[str, str, int | None]]:
    """Every string value of a TOML file at a visible key path, as read (a multi-line
    string too): (its key path, the value, the line it starts on)."""
    read, _ = read_toml(path, shown, root)
    if read is None:
        return []
    data, lines = read
    patterns = _shown_paths(visible)
    out: list[tuple[str, str, int | None]] = []
    for leaf in _leaves(data):
        value = _at(data, leaf)
        if isinstance(value, str) and value.strip() and _visible(leaf, patterns):
            out.append((_key(data, leaf), value, lines.get(leaf)))
    return out


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        data = data[p]
    return data


def toml_regions(
    path: Path, shown: str, root: Path, visible: list[str], text: str | None = None
) -> list[Region]:
    """Every value of a TOML file at a visible key path, one region each (a line whose
    values cannot be told apart — a multi-line string — is left out). `text`: the file's,
    when the caller has read it."""
    text = _text(path, root) if text is None else text
    read, _ = read_toml(path, shown, root)
    if read is None or text is None:
        return []
    data, lines = read
    by_line: dict[int, list[tuple[Any, ...]]] = {}
    for leaf in _leaves(data):
        at = lines.get(leaf)
        if at is not None:
            by_line.setdefault(at, []).append(leaf)
    patterns = _shown_paths(visible)
    out: list[Region] = []
    offset = 0
    for number, raw in enumerate(text.splitlines(keepends=True), start=1):
        leaves = by_line.get(number, [])
        shown_here = [_visible(leaf, patterns) for leaf in leaves]
        values = _scalars(raw.rstrip("\r\n")) if any(shown_here) else []
        if leaves and len(values) == len(leaves):
            for leaf, shown_leaf, (a, b, string) in zip(leaves, shown_here, values):
                if shown_leaf and raw[a:b].strip():
                    value = raw[a:b]
                    out.append(
                        Region(
                            path,
                            shown,
                            number,
                            offset + a,
                            offset + b,
                            value,
                            _label(leaf),
                            number=not string and bool(_NUMBER.fullmatch(value)),
                        )
                    )
        offset += len(raw)
    return out


# ---------------------------------------------------------------- templates


def template_regions(path: Path, shown: str, root: Path, text: str | None = None) -> list[Region]:
    """The words of a template a player reads, one region per line's stretch: its text
    outside the Jinja tags (a `{% trans %}` block's sentence too) and the literal of each
    `_("…")`, `gettext("…")` and `ngettext("…", "…", n)` (`core.template_words`), less the
    gettext placeholders (`%(more)s`) in them, which are keys. `text`: the template's, when
    the caller has read it."""
    text = _text(path, root) if text is None else text
    if text is None:
        return []
    out: list[Region] = []
    for a, b in read_spans(text):
        start = a
        for piece in re.split(r"(\n|%\(\w+\)[a-z])", text[a:b]):
            if piece != "\n" and piece.strip() and not _PLACEHOLDER.fullmatch(piece):
                line = text.count("\n", 0, start) + 1
                out.append(
                    Region(path, shown, line, start, start + len(piece), piece, "template text")
                )
            start += len(piece)
    return out


# a gettext placeholder, `%(more)s` of `_('%(more)s icon', more=more)`: a key, not words
_PLACEHOLDER = re.compile(r"%\(\w+\)[a-z]")


# ---------------------------------------------------------------- a game's texts


@dataclass
class Sources:
    """The files of one game that `--mutate` reads and edits, and their texts."""

    texts: dict[Path, str]
    regions: list[Region]
    tables: list[tuple[Path, str, str]]  # (path, shown, text) of each CSV table


def _text(path: Path, root: Path) -> str | None:
    """The text of `path`, or None when it cannot be read now: a file the build read and
    that has since gone (an editor replacing it while `--watch` builds) is left out of the
    check, and the next build reads it again."""
    try:
        return read_text(path, root)
    except Unreadable:
        return None


@dataclass(frozen=True)
class GameFile:
    """One file of a game that holds words a player reads: its text as read once, and its
    regions, made when asked (`regions()`), so that a table's are never all held at once
    by a reader that keeps only some."""

    path: Path
    shown: str
    text: str
    kind: str  # "toml", "table" or "template"
    made: Callable[[], Iterable[Region]]

    def regions(self) -> Iterable[Region]:
        return self.made()


def game_texts(catalog: Catalog) -> Iterator[GameFile]:
    """The game's files with player-visible regions, in the order the edits are made (its
    game.toml and rules.toml, its tables, its faces.toml, then its templates); each file
    read once, so its regions and its text agree."""
    words = vocabulary()
    root: Path = catalog.root
    hidden = {h.lower() for h in words["hidden_columns"]}
    if catalog.rules is not None:  # the game's own notes columns (rules.toml hidden_columns)
        hidden |= {h.lower() for h in catalog.rules.hidden}
    visible: dict[str, list[str]] = words["visible"]
    folder = root / "layouts" / colour_id(catalog)
    tables = [
        catalog.folder / s.table
        for s in catalog.game.sets
        if s.table and Path(s.table).suffix.lower() in (".csv", ".tsv", ".tab")
    ]
    for path in (catalog.folder / "game.toml", catalog.folder / "rules.toml"):
        if path.is_file():
            yield from _toml_file(path, catalog.display(path), root, visible)
    for path in tables:
        if (text := _text(path, root)) is not None:
            shown = catalog.display(path)
            made = partial(table_cells, path, shown, hidden, text)
            yield GameFile(path, shown, text, "table", made)
    faces = folder / "faces.toml"
    if faces.is_file():
        yield from _toml_file(faces, catalog.display(faces), root, visible)
    for path in sorted(folder.rglob("*.md.j2")) if folder.is_dir() else []:
        if (text := _text(path, root)) is not None:
            shown = catalog.display(path)
            regions = template_regions(path, shown, root, text)
            yield GameFile(path, shown, text, "template", _given(regions))


def _toml_file(
    path: Path, shown: str, root: Path, visible: dict[str, list[str]]
) -> Iterator[GameFile]:
    if (text := _text(path, root)) is not None:
        regions = toml_regions(path, shown, root, visible.get(path.name, []), text)
        yield GameFile(path, shown, text, "toml", _given(regions))


def _given(regions: list[Region]) -> Callable[[], Iterable[Region]]:
    return lambda: regions


def game_files(catalog: Catalog) -> Sources:
    """The game's player-visible regions, in the order the edits are made, and the texts
    of their files (`game_texts`, every region held)."""
    regions: list[Region] = []
    tables: list[tuple[Path, str, str]] = []
    texts: dict[Path, str] = {}
    for f in game_texts(catalog):
        mine = list(f.regions())
        regions += mine
        if mine or (f.kind == "table" and f.path.suffix.lower() == ".csv"):
            texts[f.path] = f.text
        if f.kind == "table" and f.path.suffix.lower() == ".csv":
            tables.append((f.path, f.shown, f.text))
    return Sources(texts, regions, tables)


__all__ = [
    "Region",
    "GameFile",
    "Sources",
    "game_files",
    "game_texts",
    "table_cells",
    "table_regions",
    "template_regions",
    "toml_regions",
    "toml_values",
    "vocabulary",
]
