"""A set's rows: read from its table file or written inline in the game file, each
header mapped to the field it fills and checked once (a misspelt column is one message).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace as dc_replace
from pathlib import Path
from typing import Any

from ..core.files import present
from ..core.files import shown as shown_path
from ..core.issues import Issues
from ..core.tomlpos import Path as KeyPath
from ..core.tomlpos import line_for
from .cells import Row
from .choosing import Choice
from .fields import BACK_COLUMN, RESERVED_COLUMNS, SKIP_COLUMN, FieldSpec
from .references import resolved
from .remote import is_remote, pinned_table
from .schema import Component, ComponentSet
from .tables import HEADERLESS, KEYED, Ask, read_table


def rows_of(
    s: ComponentSet,
    index: int,
    fields_of_set: dict[str, FieldSpec],
    folder: Path,
    root: Path,
    shown: str,
    lines: Mapping[KeyPath, int],
    issues: Issues,
    sources: list[Path],
    max_rows: int | None = None,
    notes: list[str] | None = None,
) -> tuple[list[Row], tuple[str, int] | None]:
    """The set's rows, from its table file or inline in the game file, and where its table
    was left unread: the file and line of the first row past `max_rows`, if it has one.
    A set that chooses its rows by data (`skip_rows`, `keep_rows`) reads its whole table
    and chooses from it, saying in `notes` what each rule left out."""
    _check_columns(s, index, fields_of_set, shown, lines, issues)
    if s.rows is not None:
        return _unskipped(
            _inline_rows(s, index, fields_of_set, shown, lines), fields_of_set, issues
        ), None
    assert s.table is not None
    table_line = line_for(lines, ("sets", index, "table"))
    where = f"sets[{index}].table"
    if is_remote(s.table):  # a table that lives online: its pinned copy (`catalog.remote`)
        path, problem, edited = pinned_table(s, folder, root)
        if path is None:
            issues.add(shown, table_line, where, str(problem))
            return [], None
        if edited is not None:  # read as it is, said once at the copy itself
            issues.add(shown_path(path, root), None, "", edited, "warning")
    else:
        path, problem = resolved(folder / s.table)
    if path is None:
        issues.add(shown, table_line, where, f"{problem}: {s.table}")
        return [], None
    try:
        path.relative_to(folder.resolve())
    except ValueError:
        issues.add(shown, table_line, where, f"the table path {s.table!r} leaves the game folder")
        return [], None
    display = shown_path(path, root)
    if not present(path):
        issues.add(shown, table_line, where, f"table file not found: {display}")
        return [], None
    if not _asks_fit(s, index, path.suffix.lower(), display, shown, lines, issues):
        return [], None
    choice = Choice(s, index, shown, lines)
    if choice:
        max_rows = None  # rows left out are not made: the game's limit counts those kept
    try:
        ask = Ask(header=s.header, key=s.table_key)
        table = read_table(path, display, s.sheet, issues, root, max_rows, ask)
    except Exception as exc:  # noqa: BLE001 - a damaged file (a truncated XLSX part, say) the reader did not expect
        issues.add(
            display,
            None,
            "",
            f"the table cannot be read, the file looks damaged ({type(exc).__name__}: {exc})",
        )
        return [], None
    if table is None:
        return [], None
    sources.append(path)
    chosen, ruled = table.rows, set[str]()
    if choice:
        chosen, said = choice.choose(table, issues)
        ruled = choice.columns(table)
        if notes is not None:
            notes.extend(said)
    rows = _check_header(
        s, fields_of_set, table.columns, table.file, table.header_line, chosen, issues, ruled
    )
    rows = _unskipped(rows, fields_of_set, issues)
    return rows, None if table.stopped is None else (table.file, table.stopped)


def _asks_fit(
    s: ComponentSet,
    index: int,
    suffix: str,
    display: str,
    shown: str,
    lines: Mapping[KeyPath, int],
    issues: Issues,
) -> bool:
    """Whether what the set asks of its table fits the table's type: no header row for
    CSV, TSV and XLSX, a key the rows are under for YAML and JSON (said in `issues`)."""
    ok = True
    if not s.header and suffix not in HEADERLESS:
        issues.add(
            shown,
            line_for(lines, ("sets", index, "header")),
            f"sets[{index}].header",
            f"header = false is for CSV, TSV and XLSX tables; each row of {display} names "
            "its own keys",
        )
        ok = False
    if s.table_key is not None and suffix not in KEYED:
        issues.add(
            shown,
            line_for(lines, ("sets", index, "table_key")),
            f"sets[{index}].table_key",
            "table_key is for YAML and JSON tables, whose rows may sit under a key; "
            f"{display} is read from its first row",
        )
        ok = False
    return ok


def _check_columns(
    s: ComponentSet,
    index: int,
    fields_of_set: dict[str, FieldSpec],
    shown: str,
    lines: Mapping[KeyPath, int],
    issues: Issues,
) -> None:
    """The set's `columns` mapping: each key a field, each header mapped once, and backs
    chosen one way only."""
    by_header: dict[str, str] = {}
    for key in s.columns:
        where = (line_for(lines, ("sets", index, "columns", key)), f"sets[{index}].columns.{key}")
        if key not in (*RESERVED_COLUMNS, BACK_COLUMN, SKIP_COLUMN) and key not in fields_of_set:
            issues.add(
                shown,
                *where,
                f"maps the header {s.columns[key]!r} to {key!r}, which is not a field; the set "
                f"has: {', '.join(list(RESERVED_COLUMNS) + list(fields_of_set))}",
            )
        first = by_header.setdefault(_header_key(s.columns[key]), key)
        if first != key:
            hint = ""
            if BACK_COLUMN in (first, key):
                other = key if first == BACK_COLUMN else first
                hint = (
                    f"; to choose backs by the column that fills {other!r}, write "
                    f"back_column = {s.columns[key]!r} instead of mapping 'back'"
                )
            issues.add(
                shown,
                *where,
                f"the header {s.columns[key]!r} is mapped to both {first!r} and {key!r}; a "
                f"header fills one field{hint}",
            )
    if s.back_column is not None and BACK_COLUMN in s.columns:
        issues.add(
            shown,
            line_for(lines, ("sets", index, "back_column")),
            f"sets[{index}].back_column",
            f"the set chooses backs both by back_column ({s.back_column!r}) and by columns.back "
            f"({s.columns[BACK_COLUMN]!r}); keep one",
        )


def _inline_rows(
    s: ComponentSet,
    index: int,
    fields_of_set: dict[str, FieldSpec],
    shown: str,
    lines: Mapping[KeyPath, int],
) -> list[Row]:
    """The rows written in the game file (`rows = [...]`), each located at its entry; a
    row without a count is one copy."""
    assert s.rows is not None
    inline = []
    for i, r in enumerate(s.rows):
        cells = {"count": 1, **r}
        chooser = next((k for k in r if _is_back_column(s, k)), None)
        if chooser is not None and BACK_COLUMN not in r:
            cells[BACK_COLUMN] = r[chooser] if chooser in fields_of_set else cells.pop(chooser)
        inline.append(Row(shown, line_for(lines, ("sets", index, "rows", i)) or 0, cells))
    return inline


SKIP_WORDS = {"true": True, "yes": True, "y": True, "x": True, "1": True}
KEEP_WORDS = {"": False, "false": False, "no": False, "n": False, "0": False}


def skips(value: Any) -> bool | None:
    """Whether a `skip` cell leaves its row out: true, yes, y, x or 1 (in any case) or a
    YAML/JSON/TOML true do; empty, false, no, n or 0 do not. None: not a yes or a no."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return bool(value) if value in (0, 1) else None
    if isinstance(value, str):
        return {**SKIP_WORDS, **KEEP_WORDS}.get(value.strip().casefold())
    return None


def _unskipped(rows: list[Row], fields: dict[str, FieldSpec], issues: Issues) -> list[Row]:
    """The rows a true `skip` cell does not leave out, the `skip` cell itself dropped (it
    fills no field); a cell that is not a yes or a no is reported and its row kept. A set
    that declares a field named `skip` keeps its rows: the column fills that field."""
    if SKIP_COLUMN in fields:
        return rows
    kept: list[Row] = []
    for r in rows:
        if SKIP_COLUMN not in r.cells:
            kept.append(r)
            continue
        cells = dict(r.cells)
        value = cells.pop(SKIP_COLUMN)
        leave = skips(value)
        if leave is None:
            issues.add(
                r.file,
                r.line,
                SKIP_COLUMN,
                f"expected a yes or a no to skip the row (true, yes, x, 1 / false, no, 0 or "
                f"empty), got {value!r}",
            )
        if not leave:
            kept.append(Row(r.file, r.line, cells))
    return kept


def _header_key(text: str) -> str:
    """Headers match ignoring case and surrounding spaces: " Name " is `name`."""
    return " ".join(text.split()).casefold()


def header_map(
    s: ComponentSet, fields: dict[str, FieldSpec], columns: list[str]
) -> dict[str, str | None]:
    """Each header of a table → the field it fills (None: no field reads it). The set's
    `columns` mapping comes first; otherwise a header names a field or reserved column."""
    known = list(RESERVED_COLUMNS) + [BACK_COLUMN, SKIP_COLUMN] + list(fields)
    mapped = {_header_key(header): name for name, header in s.columns.items()}
    by_name = {_header_key(name): name for name in known if name not in s.columns}
    out = {col: mapped.get(_header_key(col), by_name.get(_header_key(col))) for col in columns}
    if "count" not in out.values():
        aliases = [c for c, name in out.items() if name is None and _header_key(c) in COUNT_ALIASES]
        if len(aliases) == 1:  # two of them: neither is guessed (see `_alias_hint`)
            out[aliases[0]] = "count"
    return out


# what other tools call a row's copies (Squib reads `qty` and `quantity`): read as `count`
# when the table has one of them, no count column, and no field of that name
COUNT_ALIASES = ("qty", "quantity")


def _alias_hint(column: str) -> str:
    """The unknown-column message's hint for a count alias left unread (the table has a
    count column, or both aliases): how to map it."""
    if _header_key(column) not in COUNT_ALIASES:
        return ""
    return (
        f'; to read it as the number of copies, map it: columns = {{ count = "{column}" }} '
        "(it is not read as the count by itself when the table has another count column)"
    )


def _is_back_column(s: ComponentSet, header: str) -> bool:
    return s.back_column is not None and _header_key(header) == _header_key(s.back_column)


def _filled(mapping: dict[str, str | None], file: str, line: int, issues: Issues) -> dict[str, str]:
    """The column that fills each field, the first of the header's; a second column that
    fills the same field is a problem of the header."""
    first: dict[str, str] = {}
    for col, name in mapping.items():
        if name is None:
            continue
        if name in first:
            issues.add(
                file,
                line,
                col,
                f"fills the field {name!r}, as the column {first[name]!r} already does",
            )
        first.setdefault(name, col)
    return first


def _missing(
    s: ComponentSet,
    fields: dict[str, FieldSpec],
    first: dict[str, str],
    file: str,
    line: int,
    issues: Issues,
) -> bool:
    """Whether the header lacks a column every row needs (each a problem of the header)."""
    missing = [c for c in ("name",) if c not in first]
    missing += [k for k, spec in fields.items() if spec.required and k not in first]
    for col in missing:
        header = s.columns.get(col)
        hint = f" (mapped from the header {header!r})" if header else ""
        ids = ""
        if col == "name" and not header and "id" in first:
            ids = (
                "; the rows have ids: name them by their ids with columns = "
                f'{{ name = "{first["id"]}" }}'
            )
        issues.add(
            file, line, col, f"the header has no such column{hint}, and every row needs it{ids}"
        )
    return bool(missing)


def _check_header(
    s: ComponentSet,
    fields: dict[str, FieldSpec],
    columns: list[str],
    file: str,
    line: int,
    rows: list[Row],
    issues: Issues,
    ruled: set[str] | frozenset[str] = frozenset(),
) -> list[Row]:
    """Check a table's header once, so a misspelt column is one message, not one per row.
    The columns in `ruled` are read by the set's row rules, so no unknown column."""
    allowed = list(RESERVED_COLUMNS) + list(fields)
    mapping = header_map(s, fields, columns)
    chooser = next((c for c in columns if _is_back_column(s, c)), None)
    if s.back_column is not None and chooser is None:
        issues.add(
            file,
            line,
            "back",
            f"the set chooses backs by the column {s.back_column!r} (back_column), which the "
            f"header does not have; its columns are: {', '.join(columns)}",
        )
    unknown = [c for c, name in mapping.items() if name is None and c != chooser and c not in ruled]
    if s.extra_columns == "error":
        for col in unknown:
            issues.add(
                file,
                line,
                col,
                f"unknown column; set {s.id!r} has: {', '.join(allowed)}{_alias_hint(col)}",
            )
    first = _filled(mapping, file, line, issues)
    if _missing(s, fields, first, file, line, issues):
        return []
    renamed: list[Row] = []
    for r in rows:
        # a value no cell holds is a problem only in a column a field reads (see `Row.unread`)
        unfit = [(c, m) for c, m in (r.unread or {}).items() if mapping.get(c) or c == chooser]
        for col, message in unfit:
            issues.add(r.file, r.line, col, message)
        if unfit:
            continue
        cells: dict[str, Any] = {"count": "1"}  # no count column (or key, in YAML): one of each
        for col, value in r.cells.items():
            name = mapping.get(col)
            if name is not None:
                cells[name] = value
            if col == chooser and BACK_COLUMN not in cells:
                cells[BACK_COLUMN] = value
        renamed.append(Row(r.file, r.line, cells))
    return renamed


def qualify_shared_ids(components: list[Component], issues: Issues) -> dict[str, list[str]]:
    """Ids need be unique only within a set: an id that rows of several sets share becomes
    `<set>-<id>` in each of them (changed in `components`, in place). Returns each shared
    id → the ids it became, for messages that meet the bare id; a collision left after
    that is an error at the row."""
    sets_of: dict[str, set[str]] = {}
    for c in components:
        sets_of.setdefault(c.id, set()).add(c.set)
    shared = {i for i, sets in sets_of.items() if len(sets) > 1}
    renamed: dict[str, list[str]] = {}
    for n, c in enumerate(components):
        if c.id in shared:
            new = f"{c.set}-{c.id}"
            renamed.setdefault(c.id, []).append(new)
            components[n] = dc_replace(c, id=new)
    first: dict[str, Component] = {}
    for c in list(components):
        other = first.setdefault(c.id, c)
        if other is not c:
            issues.add(
                c.file,
                c.line,
                "id",
                f"duplicate id {c.id!r}: set {other.set!r} has it too ({other.file}:{other.line}); "
                "an id several sets share becomes '<set>-<id>', so give one of these rows another "
                "id",
            )
    return renamed
