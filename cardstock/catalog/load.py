"""Catalog folders → validated `Catalog`s, every problem collected as an `Issue` first.

A game is `catalog/<id>/game.toml` plus the tables its sets name. Loading never stops at
the first problem: it reads everything it can and returns all issues together.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ..core.files import present
from ..core.files import shown as shown_path
from ..core.issues import Issues, grouped
from ..core.patterns import safe_format
from ..core.project import discover
from ..core.tomlpos import Path as KeyPath
from ..core.tomlpos import line_for, read_toml
from ..core.units import in_points
from ..core.validation import dotted, issues_from, toml_loc
from .art import art_problem, icon_files
from .fields import BACK_COLUMN, REFERENCE_TYPES, RESERVED_COLUMNS, FieldSpec, row_model, slugify
from .kinds import KINDS
from .schema import Clean, Component, ComponentSet, Game, Icon
from .tables import Row, read_table

ART_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
INLINE_ICON = re.compile(r":([a-z][a-z0-9-]*):")  # an icon named in text: `:fire:`


@dataclass
class Catalog:
    """A validated game: its file model, its components, and where it lives."""

    game: Game
    folder: Path
    root: Path
    components: list[Component]
    rules: Any = None  # the game's rules model (see cardstock.rules), when it has one
    sources: list[Path] = field(default_factory=list)  # every file the catalog was read from
    lines: Mapping[KeyPath, int] = field(
        default_factory=dict, repr=False
    )  # game.toml's key paths -> lines
    # an id rows of several sets share → the ids it became ("<set>-<id>"), for messages
    shared_ids: dict[str, list[str]] = field(default_factory=dict)

    def id_hint(self, wanted: str) -> str:
        """A hint for an id that names no component because several sets share it."""
        found = self.shared_ids.get(wanted)
        if not found:
            return ""
        return f" (several sets have a row {wanted!r}, so each has its set's id in front; name one of: {', '.join(found)})"

    def line(self, *path: Any) -> int | None:
        """The line of game.toml that writes this key path (messages point there)."""
        return line_for(self.lines, path)

    @property
    def id(self) -> str:
        return self.game.id

    def display(self, path: Path) -> str:
        return _display(self.root, path)

    def set(self, set_id: str) -> ComponentSet:
        return next(s for s in self.game.sets if s.id == set_id)

    def field_specs(self, set_id: str) -> dict[str, FieldSpec]:
        return self.game.fields_of(self.set(set_id))

    def total(self, **match: str) -> int:
        return sum(
            c.count for c in self.components if all(getattr(c, k) == v for k, v in match.items())
        )

    def totals(self) -> dict[str, Any]:
        by_kind: dict[str, int] = {}
        by_group: dict[str, int] = {}
        for c in self.components:
            by_kind[c.kind] = by_kind.get(c.kind, 0) + c.count
            by_group[c.group] = by_group.get(c.group, 0) + c.count
        return {"all": sum(by_kind.values()), "by_kind": by_kind, "by_group": by_group}

    def reading(self) -> list[str]:
        """How the game file says its tables are read, one line each (`cardstock catalog`):
        the clean-up, the pixel resolution, and each set's column paths, back column and
        id pattern."""
        g = self.game
        out: list[str] = []
        if g.clean.replace:
            out.append(
                "replace: " + ", ".join(f"{k!r} → {v!r}" for k, v in g.clean.replace.items())
            )
        if g.clean.emoji:
            out.append("emoji: " + ", ".join(f"{k} → :{v}:" for k, v in g.clean.emoji.items()))
        if g.print.dpi is not None:
            out.append(f"px: 1/{g.print.dpi:g} in ([print] dpi)")
        for s in g.sets:
            parts = [f"{name} ← {header!r}" for name, header in s.columns.items()]
            if s.back_column:
                parts.append(f"back chosen by the column {s.back_column!r}")
            parts += [f"{value!r} → back {back!r}" for value, back in s.back_values.items()]
            if s.ids:
                parts.append(f"ids {s.ids!r}")
            if s.layout_file:
                parts.append(f"layouts from {s.layout_file}")
            if parts:
                out.append(f"set {s.id!r}: " + "; ".join(parts))
        for bare, ids in self.shared_ids.items():
            out.append(f"id {bare!r} is in several sets: {', '.join(ids)}")
        return out

    def public(self) -> dict[str, Any]:
        """The documented, stable JSON shape (see README: "Catalog JSON")."""
        g = self.game
        return {
            "id": g.id,
            "title": g.title,
            "version": g.version,
            "players": {"min": g.players.min, "max": g.players.max},
            "description": g.description,
            "print": g.print.model_dump(),
            "components": [c.public() for c in self.components],
            "totals": self.totals(),
            "designer_choices": [d.model_dump() for d in g.designer_choices],
            "tables": {k: t.model_dump() for k, t in g.tables.items()},
            "clean": g.clean.model_dump(),
            "reading": self.reading(),
        }


def _display(root: Path, path: Path) -> str:
    return shown_path(path, root)


# Reads a game's rules.toml once its game file and tables are read (the rules checker's
# `cardstock.rules.model.load_rules`, handed in by validation: the catalog does not know
# the rules' format): (path, shown path, project root, game, components, issues) -> the rules or None.
RulesReader = Callable[[Path, str, Path, Game, list[Component], Issues], Any]


def load_game(
    root: Path, game_id: str, issues: Issues, rules_reader: RulesReader | None = None
) -> Catalog | None:
    """Load and validate one game; return None when it has errors (they are in `issues`).
    A game file with errors is read as far as it can be, so the problems of its tables
    and rules are found in the same pass."""
    folder = root / "catalog" / game_id
    path = folder / "game.toml"
    shown = _display(root, path)
    before = len(issues.errors)
    if not present(path):
        issues.add(_display(root, folder), None, "", f"no game.toml: expected {shown}")
        return None
    read, problem = read_toml(path, shown, root)
    if read is None:
        issues.extend([problem])
        return None
    data, lines = read
    _pixels_in_points(data)
    dropped: set[str] = set()
    try:
        game = Game.model_validate(data)
    except ValidationError as exc:
        issues.extend(
            issues_from(
                exc,
                shown,
                lambda loc: line_for(lines, toml_loc(loc)),
                lambda loc: dotted(toml_loc(loc)),
                Game,
            )
        )
        # Keep reading the game's other files: without the broken parts, the game file may
        # still say enough (its sets) to check the tables and rules in the same run.
        salvaged = _salvage(data, exc, game_id, dropped)
        if salvaged is None:
            return None
        game = salvaged

    def at(*loc: Any) -> int | None:
        return line_for(lines, loc)

    _own_icons(game, folder)
    if game.id != game_id:
        issues.add(
            shown, at("id"), "id", f"the id {game.id!r} must match the folder name {game_id!r}"
        )
    if not dropped:  # names the dropped parts declared would all look unknown
        _check_references(game, folder, root, shown, at, issues)

    components: list[Component] = []
    sources = [path]
    seen_sets: set[str] = set()
    for index, s in enumerate(game.sets):
        if s.id in seen_sets:
            issues.add(
                shown, at("sets", index, "id"), f"sets[{index}].id", f"duplicate set id {s.id!r}"
            )
        seen_sets.add(s.id)
        if s.layout_file is not None:
            problem = _layout_file_problem(root, s.layout_file)
            if problem:
                issues.add(
                    shown, at("sets", index, "layout_file"), f"sets[{index}].layout_file", problem
                )
        fields = game.fields_of(s)
        start = len(issues.items)
        rows = _rows_of(s, index, fields, folder, root, shown, lines, issues, sources)
        model = row_model(f"Row_{s.id}", fields)  # one model per set, not per row
        seen_ids: dict[str, str] = {}  # ids are unique within a set
        for row in rows:
            comp = _component(game, s, model, row, folder, root, issues, references=not dropped)
            if comp is None:
                continue
            if comp.id in seen_ids:
                hint = f" (the set's ids come from its pattern {s.ids!r})" if s.ids else ""
                issues.add(
                    row.file,
                    row.line,
                    "id",
                    f"duplicate id {comp.id!r} in set {s.id!r}; first defined at {seen_ids[comp.id]}{hint}",
                )
                continue
            seen_ids[comp.id] = f"{row.file}:{row.line}"
            components.append(comp)
        issues.items[start:] = grouped(issues.items[start:])
    shared_ids = _qualify_shared_ids(components, issues)
    rules = None
    rules_path = folder / "rules.toml"
    if (
        rules_reader is not None
        and present(rules_path)
        and not dropped & {"sets", "schemas", "players"}
    ):
        sources.append(rules_path)
        rules = rules_reader(rules_path, _display(root, rules_path), root, game, components, issues)
    if len(issues.errors) > before:
        return None
    return Catalog(
        game=game,
        folder=folder,
        root=root,
        components=components,
        rules=rules,
        sources=sources,
        lines=lines,
        shared_ids=shared_ids,
    )


def _qualify_shared_ids(components: list[Component], issues: Issues) -> dict[str, list[str]]:
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
            components[n] = c.model_copy(update={"id": new})
    first: dict[str, Component] = {}
    for n, c in enumerate(list(components)):
        other = first.setdefault(c.id, c)
        if other is not c:
            issues.add(
                c.file,
                c.line,
                "id",
                f"duplicate id {c.id!r}: set {other.set!r} has it too ({other.file}:{other.line}); an id several sets share becomes '<set>-<id>', so give one of these rows another id",
            )
    return renamed


def _pixels_in_points(data: dict[str, Any]) -> None:
    """The game file's sizes and lengths with `px` at its `[print] dpi` written in points
    (in `data`, before it is validated), so every later reader parses plain lengths."""
    settings = data.get("print")
    dpi = settings.get("dpi") if isinstance(settings, dict) else None
    if not isinstance(dpi, (int, float)) or isinstance(dpi, bool) or not 0 < dpi <= 10_000:
        return
    assert isinstance(settings, dict)
    for key in ("card_size", "bleed", "safe", "card_thickness"):
        if isinstance(settings.get(key), str):
            settings[key] = in_points(settings[key], dpi)
    for s in data.get("sets") or []:
        if isinstance(s, dict) and isinstance(s.get("size"), str):
            s["size"] = in_points(s["size"], dpi)


def _own_icons(game: Game, folder: Path) -> None:
    """Every `icons/NAME.svg` of the game is an icon `:NAME:` unless game.toml declares it
    itself; a declared icon without a symbol or label takes its id for both."""
    for path in icon_files(folder):
        if re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", path.stem) and path.stem not in game.icons:
            game.icons[path.stem] = Icon()
    for key, icon in game.icons.items():
        if icon.symbol is None:
            icon.symbol = key
        if icon.label is None:
            icon.label = key.replace("-", " ").capitalize()


# Placeholders for required game-file values that are broken, so the rest of the game can
# still be read (the game is reported as failed either way).
_STAND_INS: dict[str, Any] = {"title": "?", "version": "0.0", "players": {"min": 1, "max": 1000}}


def _salvage(
    data: dict[str, Any], exc: ValidationError, game_id: str, dropped: set[str]
) -> Game | None:
    """The game file without the parts `exc` found broken (a broken set or table entry is
    left out, a broken top-level value falls back to its default), or None when what is
    left is not a game either. `dropped` receives the top-level keys that were changed."""
    data = dict(data)
    gone: dict[str, set[Any]] = {}  # key -> the list indexes or table keys left out
    for err in exc.errors(include_url=False):
        loc = toml_loc(tuple(err.get("loc", ())))
        if not loc or not isinstance(loc[0], str):
            return None
        key = loc[0]
        dropped.add(key)
        value = data.get(key)
        if len(loc) > 1 and isinstance(value, (list, dict)) and key not in ("print", "players"):
            gone.setdefault(key, set()).add(loc[1])
        elif key == "id":
            data[key] = game_id
        elif key in _STAND_INS:
            data[key] = _STAND_INS[key]
        else:
            data.pop(key, None)
    for key, parts in gone.items():
        value = data[key]
        if isinstance(value, list):
            data[key] = [v for i, v in enumerate(value) if i not in parts]
        else:
            data[key] = {k: v for k, v in value.items() if k not in parts}
    try:
        return Game.model_validate(data)
    except (ValidationError, RecursionError):
        return None


def _check_references(
    game: Game,
    folder: Path,
    root: Path,
    shown: str,
    at: Callable[..., int | None],
    issues: Issues,
) -> None:
    """Names that must point at something the game file or folder defines."""
    icons = sorted(game.icons)
    for key, back in game.backs.items():
        if back.icon and back.icon not in game.icons:
            issues.add(
                shown,
                at("backs", key, "icon"),
                f"backs.{key}.icon",
                _unknown("icon", back.icon, icons),
            )
        if back.art:
            problem = _art_problem(folder, root, back.art)
            if problem:
                issues.add(shown, at("backs", key, "art"), f"backs.{key}.art", problem)
    for i, s in enumerate(game.sets):
        kind = KINDS[s.kind]
        where = f"sets[{i}]"
        if s.back is None and kind.needs_back and not s.double_sided and s.back_column is None:
            issues.add(
                shown,
                at("sets", i),
                f"{where}.back",
                f"a set of {s.kind}s needs a 'back'; the game declares backs: {', '.join(sorted(game.backs)) or 'none'}",
            )
        if s.back is not None and s.back not in game.backs:
            issues.add(
                shown,
                at("sets", i, "back"),
                f"{where}.back",
                _unknown("back", s.back, sorted(game.backs)),
            )
        if s.schema_name is not None and s.schema_name not in game.schemas:
            issues.add(
                shown,
                at("sets", i, "schema"),
                f"{where}.schema",
                _unknown("schema", s.schema_name, sorted(game.schemas)),
            )
            continue
        for value, chosen in s.back_values.items():
            if chosen not in game.backs:
                issues.add(
                    shown,
                    at("sets", i, "back_values", value),
                    f"{where}.back_values",
                    _unknown("back", chosen, sorted(game.backs)),
                )
        fields = game.fields_of(s)
        for name in s.group_fields():
            if name not in fields:
                issues.add(
                    shown,
                    at("sets", i, "group"),
                    f"{where}.group",
                    f"the group names the field {{{name}}}, which the set does not declare; its fields are: {', '.join(fields) or 'none'}",
                )
        for name in s.id_fields():
            if name not in fields and name not in ("set", "id", "name"):
                issues.add(
                    shown,
                    at("sets", i, "ids"),
                    f"{where}.ids",
                    f"the id pattern names {{{name}}}, which is neither 'set', 'id', 'name' nor a field of the set; its fields are: {', '.join(fields) or 'none'}",
                )
    for text, icon in game.clean.emoji.items():
        if icon not in game.icons:
            issues.add(
                shown,
                at("clean", "emoji", text),
                "clean.emoji",
                f"maps {text!r} to the icon {icon!r}, which the game does not declare; it declares: {', '.join(icons) or 'none'}",
            )


def _unknown(what: str, name: str, known: list[str]) -> str:
    return f"unknown {what} {name!r}; the game declares: {', '.join(known) or 'none'}"


def resolved(path: Path) -> tuple[Path | None, str | None]:
    """`path` with its symbolic links followed, or why it cannot be (a loop, say)."""
    try:
        return path.resolve(), None
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop (Python < 3.13)
        return (
            None,
            f"cannot follow the file's symbolic links ({getattr(exc, 'strerror', None) or 'a symbolic link loop'})",
        )


def _layout_file_problem(root: Path, value: str) -> str | None:
    """Why a set's `layout_file` (a path from the project folder) cannot be read, or None."""
    name = value.strip()
    if not name.lower().endswith(".toml"):
        return f"expected a layout file (.toml) of the project, such as 'layouts/shared/cards.toml', got {value!r}"
    target, problem = resolved(root / name)
    if target is None:
        return f"{problem}: {name}"
    try:
        target.relative_to(root.resolve())
    except ValueError:
        return f"the layout file {value!r} leaves the project folder"
    if not present(target):
        return f"layout file not found: {name} (a path from the project folder, where catalog/ is)"
    return None


def _art_problem(folder: Path, root: Path, value: str) -> str | None:
    target, problem = resolved(folder / value)
    if target is None:
        return f"{problem}: {value}"
    try:
        target.relative_to(folder.resolve())
    except ValueError:
        return f"the art path {value!r} leaves the game folder; expected a file inside {_display(root, folder)}/"
    if target.suffix.lower() not in ART_SUFFIXES:
        return f"art must be PNG, JPEG or SVG, got {value!r}"
    if not present(target):
        return f"art file not found: {_display(root, target)}"
    problem = art_problem(target, root)
    return f"{_display(root, target)}: {problem}" if problem else None


def _rows_of(
    s: ComponentSet,
    index: int,
    fields_of_set: dict[str, FieldSpec],
    folder: Path,
    root: Path,
    shown: str,
    lines: Mapping[KeyPath, int],
    issues: Issues,
    sources: list[Path],
) -> list[Row]:
    """The set's rows, from its table file or inline in the game file."""
    by_header: dict[str, str] = {}
    for key in s.columns:
        where = (line_for(lines, ("sets", index, "columns", key)), f"sets[{index}].columns.{key}")
        if key not in RESERVED_COLUMNS and key != BACK_COLUMN and key not in fields_of_set:
            issues.add(
                shown,
                *where,
                f"maps the header {s.columns[key]!r} to {key!r}, which is not a field; the set has: {', '.join(list(RESERVED_COLUMNS) + list(fields_of_set))}",
            )
        first = by_header.setdefault(_header_key(s.columns[key]), key)
        if first != key:
            hint = ""
            if BACK_COLUMN in (first, key):
                other = key if first == BACK_COLUMN else first
                hint = f"; to choose backs by the column that fills {other!r}, write back_column = {s.columns[key]!r} instead of mapping 'back'"
            issues.add(
                shown,
                *where,
                f"the header {s.columns[key]!r} is mapped to both {first!r} and {key!r}; a header fills one field{hint}",
            )
    if s.back_column is not None and BACK_COLUMN in s.columns:
        issues.add(
            shown,
            line_for(lines, ("sets", index, "back_column")),
            f"sets[{index}].back_column",
            f"the set chooses backs both by back_column ({s.back_column!r}) and by columns.back ({s.columns[BACK_COLUMN]!r}); keep one",
        )
    if s.rows is not None:
        inline = []
        for i, r in enumerate(s.rows):
            cells = {"count": 1, **r}
            chooser = next((k for k in r if _is_back_column(s, k)), None)
            if chooser is not None and BACK_COLUMN not in r:
                cells[BACK_COLUMN] = r[chooser] if chooser in fields_of_set else cells.pop(chooser)
            inline.append(Row(shown, line_for(lines, ("sets", index, "rows", i)) or 0, cells))
        return inline
    assert s.table is not None
    path, problem = resolved(folder / s.table)
    if path is None:
        issues.add(
            shown,
            line_for(lines, ("sets", index, "table")),
            f"sets[{index}].table",
            f"{problem}: {s.table}",
        )
        return []
    try:
        path.relative_to(folder.resolve())
    except ValueError:
        issues.add(
            shown,
            line_for(lines, ("sets", index, "table")),
            f"sets[{index}].table",
            f"the table path {s.table!r} leaves the game folder",
        )
        return []
    display = _display(root, path)
    if not present(path):
        issues.add(
            shown,
            line_for(lines, ("sets", index, "table")),
            f"sets[{index}].table",
            f"table file not found: {display}",
        )
        return []
    try:
        table = read_table(path, display, s.sheet, issues, root)
    except Exception as exc:  # noqa: BLE001 - a damaged file (a truncated XLSX part, say) the reader did not expect
        issues.add(
            display,
            None,
            "",
            f"the table cannot be read, the file looks damaged ({type(exc).__name__}: {exc})",
        )
        return []
    if table is None:
        return []
    sources.append(path)
    return _check_header(
        s, fields_of_set, table.columns, table.file, table.header_line, table.rows, issues
    )


def _header_key(text: str) -> str:
    """Headers match ignoring case and surrounding spaces: " Name " is `name`."""
    return " ".join(text.split()).casefold()


def header_map(
    s: ComponentSet, fields: dict[str, FieldSpec], columns: list[str]
) -> dict[str, str | None]:
    """Each header of a table → the field it fills (None: no field reads it). The set's
    `columns` mapping comes first; otherwise a header names a field or reserved column."""
    known = list(RESERVED_COLUMNS) + [BACK_COLUMN] + list(fields)
    mapped = {_header_key(header): name for name, header in s.columns.items()}
    by_name = {_header_key(name): name for name in known if name not in s.columns}
    return {col: mapped.get(_header_key(col), by_name.get(_header_key(col))) for col in columns}


def _is_back_column(s: ComponentSet, header: str) -> bool:
    return s.back_column is not None and _header_key(header) == _header_key(s.back_column)


def _check_header(
    s: ComponentSet,
    fields: dict[str, FieldSpec],
    columns: list[str],
    file: str,
    line: int,
    rows: list[Row],
    issues: Issues,
) -> list[Row]:
    """Check a table's header once, so a misspelt column is one message, not one per row."""
    allowed = list(RESERVED_COLUMNS) + list(fields)
    mapping = header_map(s, fields, columns)
    chooser = next((c for c in columns if _is_back_column(s, c)), None)
    if s.back_column is not None and chooser is None:
        issues.add(
            file,
            line,
            "back",
            f"the set chooses backs by the column {s.back_column!r} (back_column), which the header does not have; its columns are: {', '.join(columns)}",
        )
    unknown = [c for c, name in mapping.items() if name is None and c != chooser]
    if s.extra_columns == "error":
        for col in unknown:
            issues.add(file, line, col, f"unknown column; set {s.id!r} has: {', '.join(allowed)}")
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
    present = set(first)
    missing = [c for c in ("name",) if c not in present]
    missing += [k for k, spec in fields.items() if spec.required and k not in present]
    for col in missing:
        header = s.columns.get(col)
        hint = f" (mapped from the header {header!r})" if header else ""
        issues.add(file, line, col, f"the header has no such column{hint}, and every row needs it")
    if missing:
        return []
    renamed: list[Row] = []
    for r in rows:
        cells: dict[str, Any] = {"count": "1"}  # no count column (or key, in YAML): one of each
        for col, value in r.cells.items():
            name = mapping.get(col)
            if name is not None:
                cells[name] = value
            if col == chooser and BACK_COLUMN not in cells:
                cells[BACK_COLUMN] = value
        renamed.append(Row(r.file, r.line, cells))
    return renamed


_ALL_SET = set(
    Component.model_fields
)  # every field of a Component is set when it is made (`_component`)


def _component(
    game: Game,
    s: ComponentSet,
    model: type[BaseModel],
    row: Row,
    folder: Path,
    root: Path,
    issues: Issues,
    references: bool = True,
) -> Component | None:
    """One row as a Component; `references` also checks the icons and art it names."""
    fields = game.fields_of(s)
    known = set(RESERVED_COLUMNS) | {BACK_COLUMN} | set(fields)
    cells = cleaned(game.clean, row.cells, fields, game.print.dpi)
    for col in list(cells):
        if col not in known:
            if s.extra_columns == "error":
                issues.add(
                    row.file,
                    row.line,
                    col,
                    f"unknown column; set {s.id!r} has: {', '.join(list(RESERVED_COLUMNS) + list(fields))}",
                )
            del cells[col]
    try:
        parsed: BaseModel = model.model_validate(cells)
    except ValidationError as exc:
        issues.extend(
            issues_from(
                exc, row.file, lambda loc: row.line, lambda loc: str(loc[0]) if loc else "", model
            )
        )
        return None
    values = parsed.model_dump()
    ok = True
    for key, spec in fields.items():
        value = values.get(key)
        ref = REFERENCE_TYPES.get(spec.type)
        if value is None or not references:
            continue
        if ref == "icon":
            for name in value if isinstance(value, list) else [value]:
                if name not in game.icons:
                    issues.add(row.file, row.line, key, _unknown("icon", name, sorted(game.icons)))
                    ok = False
        elif ref == "art":
            problem = _art_problem(folder, root, value)
            if problem:
                issues.add(row.file, row.line, key, problem)
                ok = False
        if spec.type == "text":
            for name in INLINE_ICON.findall(value):
                if name not in game.icons:
                    issues.add(
                        row.file,
                        row.line,
                        key,
                        f"the text names the icon :{name}:, which the game does not declare; it declares: {', '.join(sorted(game.icons)) or 'none'}",
                    )
                    ok = False
    chosen = values.get("designer_choice") or []
    for name in chosen:
        if name not in ("all", "name", "count") and name not in fields:
            issues.add(
                row.file,
                row.line,
                "designer_choice",
                f"names {name!r}, which is not a field; expected 'all' or field names: {', '.join(fields)}",
            )
            ok = False
    try:
        group = safe_format(s.group, {k: ("" if v is None else v) for k, v in values.items()})
    except (KeyError, IndexError, ValueError):
        group = s.group  # reported once by _check_references
    for name in s.group_fields():
        if name in fields and values.get(name) is None:
            issues.add(
                row.file,
                row.line,
                name,
                f"the set's group {s.group!r} needs this field, but it is empty",
            )
            ok = False
    back = s.back
    if values.get(BACK_COLUMN):
        back = back_for(game, s, values[BACK_COLUMN])
        if back is None:
            source = f"the column {s.back_column!r}" if s.back_column else "the back column"
            issues.add(
                row.file,
                row.line,
                BACK_COLUMN,
                _unknown("back", values[BACK_COLUMN], sorted(game.backs))
                + f" (a value of {source} names a back by its id, ignoring case, spaces and hyphens; the set's back_values maps other values)",
            )
            ok = False
    if (
        back is None
        and s.back_column is not None
        and KINDS[s.kind].needs_back
        and not s.double_sided
    ):
        issues.add(
            row.file,
            row.line,
            BACK_COLUMN,
            f"the row has no back: its {s.back_column!r} cell is empty and the set names no 'back' for such rows",
        )
        ok = False
    if s.ids:
        try:
            given = slugify(
                safe_format(
                    s.ids or "",
                    {**{k: ("" if v is None else v) for k, v in values.items()}, "set": s.id},
                )
            )
        except (KeyError, IndexError, ValueError):
            given = ""  # reported once by _check_references
    else:
        given = values["id"] or _slug(values["name"])
    if not ok:
        return None
    size = s.size or (
        game.print.card_size if s.kind in ("card", "reference") else KINDS[s.kind].default_size
    )
    # Every value here is checked already (the row by its set's model, the rest by the
    # catalog's own checks above), so the component is made without checking them again,
    # and all components share one set of the names they set: a game of 50,000 cards
    # would otherwise hold a copy of that set per card (about 0.7 KB each).
    return Component.model_construct(
        _ALL_SET,
        id=given or _slug(values["name"]),
        name=values["name"],
        kind=s.kind,
        group=group,
        count=values["count"],
        fields={k: values.get(k) for k in fields},
        set=s.id,
        back=back,
        size=size,
        designer_choice=chosen,
        file=row.file,
        line=row.line,
    )


def _back_key(text: str) -> str:
    """Back ids and the values that name them match ignoring case, accents, spaces and
    hyphens: "Starting Player", "starting-player" and "STARTINGPLAYER" are one key."""
    return slugify(text).replace("-", "")


def back_for(game: Game, s: ComponentSet, value: str) -> str | None:
    """The back a row's value chooses: the set's `back_values` first, then a back whose id
    matches it; None when none does."""
    key = _back_key(value)
    for given, back in s.back_values.items():
        if _back_key(given) == key:
            return back
    return next((b for b in game.backs if _back_key(b) == key), None)


def cleaned(
    clean: Clean, cells: dict[str, Any], fields: dict[str, FieldSpec], dpi: float | None = None
) -> dict[str, Any]:
    """A row's cells with the game's clean-up applied (`[clean]`): each replacement in
    order, then each emoji → `:icon:` (the bare icon id in an `icon` or `icons` field);
    a `length` field's pixels in points at the game's `dpi`."""
    if dpi:
        cells = {
            k: in_points(v, dpi)
            if isinstance(v, str) and k in fields and fields[k].type == "length"
            else v
            for k, v in cells.items()
        }
    if not clean.replace and not clean.emoji:
        return dict(cells)
    emoji = sorted(
        ((k.replace("\ufe0f", ""), v) for k, v in clean.emoji.items()), key=lambda kv: -len(kv[0])
    )

    def fix(text: str, bare: bool) -> str:
        for old, new in clean.replace.items():
            text = text.replace(old, new)
        for old, icon in emoji:
            if old and old in text:
                new = f" {icon} " if bare else f":{icon}:"
                text = text.replace(old + "\ufe0f", new).replace(old, new)
        return text.strip() if bare else text

    out: dict[str, Any] = {}
    for key, value in cells.items():
        spec = fields.get(key)
        bare = spec is not None and spec.type in ("icon", "icons")
        if isinstance(value, str):
            out[key] = fix(value, bare)
        elif isinstance(value, list):
            out[key] = [fix(v, bare) if isinstance(v, str) else v for v in value]
        else:
            out[key] = value
    return out


def _slug(name: str) -> str:
    return slugify(name) or "component"


def load_games(
    root: Path, game_ids: list[str] | None = None, rules_reader: RulesReader | None = None
) -> tuple[list[Catalog], Issues]:
    """Load the named games (all by default); every problem of every game is collected."""
    issues = Issues()
    known = discover(root)
    ids = known if not game_ids else game_ids
    catalogs: list[Catalog] = []
    for gid in ids:
        if gid not in known:
            issues.add(
                "catalog",
                None,
                "",
                f"unknown game {gid!r}; the catalog has: {', '.join(known) or 'no games'}",
            )
            continue
        cat = load_game(root, gid, issues, rules_reader)
        if cat is not None:
            catalogs.append(cat)
    return catalogs, issues
