"""Catalog folders → validated `Catalog`s, every problem collected as an `Issue` first.

A game is `catalog/<id>/game.toml` plus the tables its sets name. Loading never stops at
the first problem: it reads everything it can and returns all issues together.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ..core.files import present
from ..core.files import shown as shown_path
from ..core.issues import Issues, grouped
from ..core.names import child, plain_name
from ..core.patterns import fill
from ..core.project import discover
from ..core.tomlpos import Path as KeyPath
from ..core.tomlpos import line_for, read_toml
from ..core.toolwords import ENGLISH, ToolWords
from ..core.units import in_points
from ..core.validation import dotted, issues_from, toml_loc
from .art import icon_files
from .cells import MAX_CELL, Row, TooLong, cleaned
from .choosing import describe
from .fields import (
    BACK_COLUMN,
    REFERENCE_TYPES,
    RESERVED_COLUMNS,
    FieldSpec,
    row_model,
    slugify,
    spelled_slug,
)
from .kinds import KINDS
from .printing import Prints
from .references import art_path_problem, check_references, layout_file_problem, unknown
from .rows import qualify_shared_ids, rows_of
from .schema import Component, ComponentSet, Game, Icon
from .set_index import SetIndex, index_field

INLINE_ICON = re.compile(r":([a-z][a-z0-9-]*):")  # an icon named in text: `:fire:`
RULES_FILE = "rules.toml"  # beside game.toml: the game's rules (`cardstock.rules`)
# physical components in one game: the largest game built with a flat cost per card
# (docs/performance.md); counted while its rows are read, so a larger table stops there
MAX_COMPONENTS = 50_000


@dataclass
class Catalog:
    """A validated game: its file model, its components, and where it lives."""

    game: Game
    folder: Path
    root: Path
    components: list[Component]
    rules: Any = None  # the game's rules model (see cardstock.rules), when it has one
    sources: list[Path] = field(default_factory=list)  # every file the catalog was read from
    lines: Mapping[KeyPath, int] = field(default_factory=dict, repr=False)  # game.toml's lines
    # an id rows of several sets share → the ids it became ("<set>-<id>"), for messages
    shared_ids: dict[str, list[str]] = field(default_factory=dict)
    # what the sets' row rules left out, one line a rule (`catalog.choosing`): the build says it
    notes: list[str] = field(default_factory=list)
    # the language its texts are in when it is a translation (`catalog.translations`), and
    # the words its templates print in that language (msgid → translation)
    lang: str | None = None
    edition: str | None = None  # its faces' edition (`layout.editions`); None: the colour one
    words: dict[str, str] = field(default_factory=dict)
    # the forms of its templates' words said of a count (singular msgid → forms), and the
    # translation's Plural-Forms header that picks the form of a count
    plurals: dict[str, tuple[str, ...]] = field(default_factory=dict)
    plural_forms: str = ""
    # what it prints besides (backs, choices, tables, layout words: `catalog.wording`), by key
    wording: dict[str, str] = field(default_factory=dict)
    # where each text a translation gives was written, by its key (`dawn.text` → the `.po`
    # file and the entry's line): a problem of the text is the translator's, reported there
    written_at: dict[str, tuple[str, int]] = field(default_factory=dict, repr=False)
    # a translation's designer's choices' topics as the game file writes them, in order: the
    # templates look a choice up by them in every language (its `key`, `catalog.context`)
    source_topics: tuple[str, ...] = ()
    # the words cardstock itself prints on its files (footers, print instructions) in its
    # language (`core.toolwords`): English until `catalog.variants` gives the language's
    tool_words: ToolWords = ENGLISH
    # each art path a face names, followed once per load (`layout.boxtypes.art.art_target`)
    art_targets: dict[tuple[Path, str], Path | None] = field(
        default_factory=dict, repr=False, compare=False
    )
    _set_index: SetIndex[ComponentSet] = index_field()
    # each set's part of what its faces print (`catalog.printing`), made as faces ask; not
    # an argument, so a copy of the catalog in another language makes its own
    prints: Prints = field(default_factory=Prints, init=False, repr=False, compare=False)

    def line(self, *path: Any) -> int | None:
        """The line of game.toml that writes this key path (messages point there)."""
        return line_for(self.lines, path)

    @property
    def id(self) -> str:
        """The game's id, the language's code after it in a translation (`atmosfear-de`)
        and then its edition's name (`atmosfear-de-ink-saver`): the name every file a build
        writes for it carries."""
        return "-".join(x for x in (self.game.id, self.lang, self.edition) if x)

    def display(self, path: Path) -> str:
        return _display(self.root, path)

    def set(self, set_id: str) -> ComponentSet:  # StopIteration when there is none
        return self._set_index.find(self.game.sets, set_id)

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
            parts += [f"rows skipped where {describe(r, False)}" for r in s.skip_rows]
            parts += [f"rows kept where {describe(r, False)}" for r in s.keep_rows]
            if s.layout_file:
                parts.append(f"layouts from {s.layout_file}")
            if parts:
                out.append(f"set {s.id!r}: " + "; ".join(parts))
        for bare, ids in self.shared_ids.items():
            out.append(f"id {bare!r} is in several sets: {', '.join(ids)}")
        return out + self.notes

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
# the rules' format): (path, shown path, project root, game, components, issues) -> the
# rules or None.
RulesReader = Callable[[Path, str, Path, Game, list[Component], Issues], Any]


def load_game(
    root: Path, game_id: str, issues: Issues, rules_reader: RulesReader | None = None
) -> Catalog | None:
    """Load and validate one game; return None when it has errors (they are in `issues`).
    A game file with errors is read as far as it can be, so the problems of its tables
    and rules are found in the same pass."""
    folder = child(root / "catalog", game_id)
    path = folder / "game.toml"
    before = len(issues.errors)
    read = _game_file(root, game_id, issues)
    if read is None:
        return None
    game, lines, dropped = read
    reading = _Reading(game, folder, root, _display(root, path), lines, issues, not dropped, [path])
    _own_icons(game, folder)
    if game.id != game_id:
        issues.add(
            reading.shown,
            reading.at("id"),
            "id",
            f"the id {game.id!r} must match the folder name {game_id!r}",
        )
    if not dropped:  # names the dropped parts declared would all look unknown
        check_references(game, folder, root, reading.shown, reading.at, issues)
    seen_sets: set[str] = set()
    for index, s in enumerate(game.sets):
        if reading.full:
            break  # past the most components of a game: the other sets are not read
        _read_set(reading, index, s, seen_sets)
    components = reading.components
    shared_ids = qualify_shared_ids(components, issues)
    rules = None
    rules_path = folder / RULES_FILE
    if (
        rules_reader is not None
        and not reading.full
        and present(rules_path)
        and not dropped & {"sets", "schemas", "players"}
    ):
        reading.sources.append(rules_path)
        rules = rules_reader(rules_path, _display(root, rules_path), root, game, components, issues)
    if len(issues.errors) > before:
        return None
    return Catalog(
        game=game,
        folder=folder,
        root=root,
        components=components,
        rules=rules,
        sources=reading.sources,
        lines=lines,
        shared_ids=shared_ids,
        notes=reading.notes,
    )


def _game_file(
    root: Path, game_id: str, issues: Issues
) -> tuple[Game, Mapping[KeyPath, int], set[str]] | None:
    """The game file as a `Game`, its key paths' lines, and the top-level keys left out
    because they are broken (their problems are in `issues`); None when there is no game
    to read further."""
    folder = child(root / "catalog", game_id)
    path = folder / "game.toml"
    shown = _display(root, path)
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
    return game, lines, dropped


@dataclass
class _Reading:
    """One game as it is loaded: where it is, what has been read of it so far, and how many
    physical components its sets have made (`MAX_COMPONENTS` at most)."""

    game: Game
    folder: Path
    root: Path
    shown: str  # the game file, as messages name it
    lines: Mapping[KeyPath, int]  # game.toml's key paths -> lines
    issues: Issues
    references: bool  # check the icons and art rows name (not when parts were dropped)
    sources: list[Path]
    components: list[Component] = field(default_factory=list)
    total: int = 0  # physical components made so far (each copy counts)
    full: bool = False  # past MAX_COMPONENTS, or a cell too long: nothing more is read
    # what each art path the rows name was found to be (a problem or None): a deck of
    # thousands of rows names a few files, each checked once a load
    art_checked: dict[str, str | None] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # what the sets' row rules left out

    def at(self, *loc: Any) -> int | None:
        return line_for(self.lines, loc)

    def too_many(self, file: str, line: int) -> None:
        """Stop reading at the row that takes the game past `MAX_COMPONENTS`."""
        self.full = True
        self.issues.add(
            file,
            line,
            "count",
            f"the game passes the most cardstock prints in one game ({MAX_COMPONENTS:,} "
            "components) at this row; split it into several games",
        )

    def too_long(self, exc: TooLong, row: Row) -> None:
        """Stop reading at the row whose cell a `[clean]` entry would make too long
        (reported once, at the entry: it is the game file's mistake, not the row's)."""
        self.full = True
        self.issues.add(
            self.shown,
            self.at(*exc.entry),
            ".".join(exc.entry[:2]),
            f"replacing {exc.entry[2]!r} would make a cell of {row.file}:{row.line} "
            f"{exc.length:,} characters long, more than the {MAX_CELL:,} a cell may hold "
            "(each replacement reads what the ones before it made)",
        )


def _read_set(reading: _Reading, index: int, s: ComponentSet, seen_sets: set[str]) -> None:
    """One set of the game: its own keys checked, then its rows made into components, as
    many as the game still has room for."""
    shown, issues = reading.shown, reading.issues
    if s.id in seen_sets:
        issues.add(
            shown,
            reading.at("sets", index, "id"),
            f"sets[{index}].id",
            f"duplicate set id {s.id!r}",
        )
    seen_sets.add(s.id)
    if s.layout_file is not None:
        problem = layout_file_problem(reading.root, s.layout_file)
        if problem:
            issues.add(
                shown,
                reading.at("sets", index, "layout_file"),
                f"sets[{index}].layout_file",
                problem,
            )
    fields = reading.game.fields_of(s)
    start = len(issues.items)
    rows, stopped = rows_of(
        s,
        index,
        fields,
        reading.folder,
        reading.root,
        shown,
        reading.lines,
        issues,
        reading.sources,
        MAX_COMPONENTS - reading.total,  # each row makes one component at least
        reading.notes,
    )
    _add_components(reading, s, fields, rows)
    if stopped is not None and not reading.full:
        reading.too_many(*stopped)
    names = {(r.file, r.line): str(r.cells.get("name") or r.cells.get("id") or "") for r in rows}
    issues.items[start:] = grouped(issues.items[start:], names)


def _add_components(
    reading: _Reading, s: ComponentSet, fields: dict[str, FieldSpec], rows: list[Row]
) -> None:
    """The set's rows as components, each id once in the set; stops at the row whose
    copies take the game past `MAX_COMPONENTS`."""
    model = row_model(f"Row_{s.id}", fields)  # one model per set, not per row
    seen_ids: dict[str, str] = {}  # ids are unique within a set
    for row in rows:
        try:
            comp = _component(
                reading.game,
                s,
                model,
                row,
                reading.folder,
                reading.root,
                reading.issues,
                references=reading.references,
                art_checked=reading.art_checked,
            )
        except TooLong as exc:
            reading.too_long(exc, row)
            return
        if comp is None:
            continue
        if comp.id in seen_ids:
            hint = f" (the set's ids come from its pattern {s.ids!r})" if s.ids else ""
            if not s.ids and not str(row.cells.get("id") or "").strip():
                hint = (
                    f" (made from the name {comp.name!r}; give the rows an id column, or the "
                    'set an ids pattern naming the field that tells them apart: "{name}-{suit}")'
                )
            reading.issues.add(
                row.file,
                row.line,
                "id",
                f"duplicate id {comp.id!r} in set {s.id!r}; first defined at "
                f"{seen_ids[comp.id]}{hint}",
            )
            continue
        seen_ids[comp.id] = f"{row.file}:{row.line}"
        reading.components.append(comp)
        reading.total += comp.count
        if reading.total > MAX_COMPONENTS:
            reading.too_many(row.file, row.line)
            return


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


def _component(
    game: Game,
    s: ComponentSet,
    model: type[BaseModel],
    row: Row,
    folder: Path,
    root: Path,
    issues: Issues,
    references: bool = True,
    art_checked: dict[str, str | None] | None = None,
) -> Component | None:
    """One row as a Component; `references` also checks the icons and art it names
    (each art path once when `art_checked` keeps what the load found so far), and its
    texts equal to another row's are that row's (`_interned`)."""
    fields = game.fields_of(s)
    values = _row_values(game, s, model, row, issues)
    if values is None:
        return None
    ok = not references or _references_ok(
        game, fields, values, row, folder, root, issues, {} if art_checked is None else art_checked
    )
    chosen = values.get("designer_choice") or []
    ok = _choices_ok(chosen, fields, row, issues) and ok
    try:
        group = fill(s.group, _pattern_values(values))
    except (KeyError, IndexError, ValueError):
        group = s.group  # reported once by check_references
    ok = _group_fields_ok(s, fields, values, row, issues) and ok
    back, back_ok = _back_of(game, s, values, row, issues)
    ok = back_ok and ok
    given = _given_id(s, values)
    if not ok:
        return None
    size = s.size or (
        game.print.card_size if s.kind in ("card", "reference") else KINDS[s.kind].default_size
    )
    # Every value here is checked already (the row by its set's model, the rest by the
    # catalog's own checks above): a component is made without checking them again.
    return Component(
        id=given or _slug(values["name"]),
        name=values["name"],
        kind=s.kind,
        group=_interned(group),
        count=values["count"],
        fields={k: _interned(values.get(k)) for k in fields},
        set=s.id,
        back=back,
        size=size,
        designer_choice=chosen,
        file=row.file,
        line=row.line,
    )


def _interned(value: Any) -> Any:
    """`value` with each text in it (itself, or a list's items) interned (`sys.intern`):
    validating makes a new string of every cell, and a game's rows repeat many (a suit, an
    icon's name, an art file, a group made from them); held for the whole build, each copy
    would cost about 50 bytes a card. Lists are made anew (a component's are its own)."""
    if type(value) is str:
        return sys.intern(value)
    if type(value) is list:
        return [sys.intern(v) if type(v) is str else v for v in value]
    return value


def _row_values(
    game: Game, s: ComponentSet, model: type[BaseModel], row: Row, issues: Issues
) -> dict[str, Any] | None:
    """The row's cells cleaned up, its unknown columns left out (reported when the set
    says so), and validated by the set's row model; None when they are not valid."""
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
                    f"unknown column; set {s.id!r} has: "
                    f"{', '.join(list(RESERVED_COLUMNS) + list(fields))}",
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
    values: dict[str, Any] = parsed.model_dump()
    return values


def _references_ok(
    game: Game,
    fields: dict[str, FieldSpec],
    values: dict[str, Any],
    row: Row,
    folder: Path,
    root: Path,
    issues: Issues,
    art_checked: dict[str, str | None],
) -> bool:
    """Whether every icon and art file the row's values name exists (each one that does
    not is reported), icons named inline in text (`:fire:`) included. `art_checked` keeps
    what each art path was found to be, so a path many rows name is checked once."""
    ok = True
    for key, spec in fields.items():
        value = values.get(key)
        ref = REFERENCE_TYPES.get(spec.type)
        if value is None:
            continue
        if ref == "icon":
            for name in value if isinstance(value, list) else [value]:
                if name not in game.icons:
                    issues.add(row.file, row.line, key, unknown("icon", name, sorted(game.icons)))
                    ok = False
        elif ref == "art":
            if value not in art_checked:
                art_checked[value] = art_path_problem(folder, root, value)
            problem = art_checked[value]
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
                        f"the text names the icon :{name}:, which the game does not declare; "
                        f"it declares: {', '.join(sorted(game.icons)) or 'none'}",
                    )
                    ok = False
    return ok


def _choices_ok(chosen: list[str], fields: dict[str, FieldSpec], row: Row, issues: Issues) -> bool:
    """Whether each name of the row's `designer_choice` is 'all', 'name', 'count' or a field."""
    ok = True
    for name in chosen:
        if name not in ("all", "name", "count") and name not in fields:
            issues.add(
                row.file,
                row.line,
                "designer_choice",
                f"names {name!r}, which is not a field; expected 'all' or field names: "
                f"{', '.join(fields)}",
            )
            ok = False
    return ok


def _group_fields_ok(
    s: ComponentSet, fields: dict[str, FieldSpec], values: dict[str, Any], row: Row, issues: Issues
) -> bool:
    """Whether the row fills every field its set's group pattern names."""
    ok = True
    for name in s.group_fields():
        if name in fields and values.get(name) is None:
            issues.add(
                row.file,
                row.line,
                name,
                f"the set's group {s.group!r} needs this field, but it is empty",
            )
            ok = False
    return ok


def _back_of(
    game: Game, s: ComponentSet, values: dict[str, Any], row: Row, issues: Issues
) -> tuple[str | None, bool]:
    """The row's back (its back column's choice, else the set's) and whether it is one the
    game declares, or none where none is needed."""
    back = s.back
    ok = True
    if values.get(BACK_COLUMN):
        back = back_for(game, s, values[BACK_COLUMN])
        if back is None:
            source = f"the column {s.back_column!r}" if s.back_column else "the back column"
            issues.add(
                row.file,
                row.line,
                BACK_COLUMN,
                unknown("back", values[BACK_COLUMN], sorted(game.backs))
                + f" (a value of {source} names a back by its id, ignoring case, spaces and "
                "hyphens; the set's back_values maps other values)",
            )
            ok = False
    if (
        back is None
        and s.back_column is not None
        and KINDS[s.kind].needs_back
        and not s.double_sided
        and not s.single_sided
    ):
        issues.add(
            row.file,
            row.line,
            BACK_COLUMN,
            f"the row has no back: its {s.back_column!r} cell is empty and the set names no "
            "'back' for such rows",
        )
        ok = False
    return back, ok


def _pattern_values(values: dict[str, Any]) -> dict[str, Any]:
    """A row's values as a `group` or `ids` pattern prints them: an empty cell as nothing,
    a list (a `list` or `icons` field, a JSON array) as its items joined by ", ", never
    as Python's ['a', 'b']."""
    return {
        k: ("" if v is None else ", ".join(map(str, v)) if isinstance(v, list | tuple) else v)
        for k, v in values.items()
    }


def _given_id(s: ComponentSet, values: dict[str, Any]) -> str:
    """The row's id: from the set's id pattern, else its `id` cell, else its name."""
    if not s.ids:
        return str(values["id"] or _slug(values["name"]))
    try:
        return slugify(fill(s.ids or "", {**_pattern_values(values), "set": s.id}))
    except (KeyError, IndexError, ValueError):
        return ""  # reported once by check_references


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


def _slug(name: str) -> str:
    """A row's id made from its name: its symbols spelled (`9♣` is `9-clubs`)."""
    return spelled_slug(name) or "component"


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
        bad = plain_name(gid)  # a folder's name the game's id could never match
        if bad is not None:
            issues.add(f"catalog/{gid}", None, "", f"a game's folder cannot be named so: {bad}")
            continue
        cat = load_game(root, gid, issues, rules_reader)
        if cat is not None:
            catalogs.append(cat)
    return catalogs, issues
