"""The layouts one game draws with, checked before any face is drawn: the layout and symbol
files, the values the layout files write literally (lengths, colours, fonts) and the syntax
of the templates they write, the text fields written as templates, and a layout for every
component and back. A mistake here would be made on every face; each is reported once, at
the line that writes it, with the number of components it hits."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...catalog.fields import REFERENCE_TYPES
from ...catalog.load import Catalog
from ...core.colors import named_color
from ...core.files import present
from ...core.issues import Issue
from ...core.project import SHIPPED_NAME, shared_layout, shipped_layouts
from ...core.templating import syntax_problem
from ...core.tomlpos import Read, line_for, read_toml
from ...core.units import UnitError
from ...fonts import FACES, refused_fonts
from ..context import component_context, make_env
from ..faces import Faces, back_layout_name, front_layout_name
from ..language.load import LayoutSet, shared_files
from ..ops import r
from ..painting.painter import SIZE_KEYS, dash_problem, length_value
from ..text import continued
from .conditions import unknown_choices
from .room import boxes_without_room

# Layout keys whose values are lengths; the edges may also be percentages of the frame.
EDGE_KEYS = frozenset({"left", "right", "width", "top", "bottom", "height"})
LENGTH_KEYS = EDGE_KEYS | {"stroke_width", "radius", "padding", "size", "min_size"}
LAYOUT_LENGTH_KEYS = frozenset({"corner_radius", "tab", "base"})
COLOR_KEYS = frozenset({"fill", "stroke", "color", "rule"})
COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _is_template(value: Any) -> bool:
    return isinstance(value, str) and ("{{" in value or "{%" in value)


def check(faces: Faces, reader: Read = read_toml) -> list[Issue]:
    """Every problem of the layouts one game draws with (see the module's docstring);
    `reader` reads the layout files again (`TomlReads`: as the pass read them before)."""
    catalog, ls = faces.catalog, faces.layouts
    found: list[Issue] = list(faces.static_issues())
    found += _layout_values(catalog, ls, reader)
    found += _catalog_text(catalog, ls)
    found += _svg_art(catalog)
    if ls.issues:
        return found  # the layouts named below may be in the part that did not load
    found += continued.back_problems(catalog, ls, front_layout_name)
    found += unknown_choices(catalog, ls)
    found += continued.layout_problems(ls)
    found += boxes_without_room(catalog, ls)
    tally = _Tally({})
    where = ls.files[0] if ls.files else "layouts/default.toml"
    for comp in catalog.components:
        name = front_layout_name(catalog, comp, ls)
        if not ls.has(name):
            tally.add(Issue(where, None, "", f"there is no layout {name!r}"), comp.id)
        if comp.back is not None and comp.back in catalog.game.backs and comp.kind != "reference":
            back = back_layout_name(catalog, comp, ls)
            if not ls.has(back):
                tally.add(
                    Issue(
                        where, None, "", f"there is no layout {back!r} for the back {comp.back!r}"
                    ),
                    comp.id,
                )
    return found + tally.issues()


def _svg_art(catalog: Catalog) -> list[Issue]:
    """Every SVG art file the catalog names, read as it will be drawn: one with a size or
    geometry that is not finite (or that cannot be read at all) is refused at the row (or
    the back) that names it."""
    seen: dict[Path, str | None] = {}

    def problem(value: Any) -> str | None:
        if not isinstance(value, str) or not value.lower().endswith(".svg"):
            return None
        path = catalog.folder / value
        if not present(path):
            return None  # reported by the loader
        if path not in seen:
            from ..art.svgart import svg_problem  # SVG art: read only when a game names some

            found = svg_problem(path, catalog.root)
            seen[path] = f"{catalog.display(path)}: {found}" if found else None
        return seen[path]

    out: list[Issue] = []
    for key, back in catalog.game.backs.items():
        p = problem(back.art)
        if p:
            out.append(
                Issue(catalog.display(catalog.folder / "game.toml"), None, f"backs.{key}.art", p)
            )
    for comp in catalog.components:
        for name, spec in catalog.field_specs(comp.set).items():
            if REFERENCE_TYPES.get(spec.type) == "art":
                p = problem(comp.fields.get(name))
                if p:
                    out.append(Issue(comp.file, comp.line, name, p))
    return out


class _Tally:
    """Problems that depend on a component, counted: (issue) -> the components it hit."""

    def __init__(self, hits: dict[Issue, list[str]]) -> None:
        self.hits = hits

    def add(self, issue: Issue, who: str) -> None:
        self.hits.setdefault(issue, []).append(who)

    def issues(self) -> list[Issue]:
        out = []
        for issue, who in self.hits.items():
            if len(who) > 1:
                more = f"{len(who)} components, first {who[0]!r}"
            else:
                more = f"component {who[0]!r}"
            out.append(
                Issue(
                    issue.file,
                    issue.line,
                    issue.field,
                    f"{issue.message} (needed by {more})",
                    issue.level,
                )
            )
        return out


def _catalog_text(catalog: Catalog, ls: LayoutSet) -> list[Issue]:
    """Text fields written as templates ("{{ strength * 2 }}"), rendered as their faces
    will render them: a template that cannot be rendered is a problem of the catalog."""
    env = make_env()
    out: list[Issue] = []
    for comp in catalog.components:
        specs = catalog.field_specs(comp.set)
        if any(s.type == "text" and _is_template(comp.fields.get(k)) for k, s in specs.items()):
            _, problems = component_context(catalog, comp, ls.theme, env, "front")
            out += [p for p in problems if p.level == "error"]
    return out


# ---------------------------------------------------------------- layout values


def _layout_values(catalog: Catalog, ls: LayoutSet, reader: Read) -> list[Issue]:
    """The values the game's layout files write literally (lengths, colours, fonts) and
    the syntax of the templates they write: a mistake here would be made on every face.
    Each file is read on its own, so a problem is placed at the line that writes it. The
    defaults cardstock ships (a project without its own `layouts/default.toml`) are not
    read again in every build: cardstock's tests check them (`shipped_value_problems`)."""
    out: list[Issue] = []
    files = [
        shared_layout(catalog.root, "default.toml"),
        *((catalog.root / name, name) for name in shared_files(catalog)),
        (
            catalog.root / "layouts" / catalog.game.id / "faces.toml",
            f"layouts/{catalog.game.id}/faces.toml",
        ),
    ]
    for path, shown in files:
        if shown not in ls.files:
            continue  # missing, or its own problems are already listed
        if shown.startswith(f"{SHIPPED_NAME}:"):
            continue  # the defaults cardstock ships: the same in every build, its tests check them
        out += _file_values(path, shown, ls.theme, catalog.root, reader)
    return out


def shipped_value_problems() -> list[Issue]:
    """The problems `_layout_values` would find in the defaults cardstock ships, with their
    own theme: none (the tests hold it), so a build does not look for them."""
    path, shown = shipped_layouts() / "default.toml", f"{SHIPPED_NAME}:layouts/default.toml"
    read, problem = read_toml(path, shown, None)
    if read is None:
        return [problem]
    theme = {k: str(named_color(v)) for k, v in (read[0].get("theme") or {}).items()}
    return _file_values(path, shown, theme, path.parent, read_toml)


def _file_values(
    path: Path, shown: str, theme: dict[str, str], root: Path, reader: Read
) -> list[Issue]:
    """The problems of the values one layout file writes literally (see `_layout_values`)."""
    out: list[Issue] = []
    read, _ = reader(path, shown, root)
    refused = refused_fonts()  # each a problem at its file already: not an unknown font too
    if read is not None:
        data, lines = read

        def check(loc: tuple[Any, ...], values: Any, keys: frozenset[str] | None = None) -> None:
            for key, value in (values or {}).items():
                if keys is not None and key not in keys:
                    continue
                problem = _value_problem(key, value, theme, FACES, refused)
                if problem:
                    out.append(
                        Issue(shown, line_for(lines, (*loc, key)), ".".join((*loc, key)), problem)
                    )

        for key, value in (data.get("theme") or {}).items():
            if not COLOR.match(str(named_color(value))):
                out.append(
                    Issue(
                        shown,
                        line_for(lines, ("theme", key)),
                        f"theme.{key}",
                        f"expected a colour like '#a83232' or a CSS colour name such as "
                        f"'crimson', got {value!r}",
                    )
                )
        for name, style in (data.get("styles") or {}).items():
            check(("styles", name), style)
        for name, layout in (data.get("layouts") or {}).items():
            for key in sorted(LAYOUT_LENGTH_KEYS & set(layout)):
                problem = None if _is_template(layout[key]) else _length_problem(layout[key], None)
                if problem:
                    out.append(
                        Issue(
                            shown,
                            line_for(lines, ("layouts", name, key)),
                            f"layouts.{name}.{key}",
                            problem,
                        )
                    )
            for bname, box in (layout.get("boxes") or {}).items():
                check(("layouts", name, "boxes", bname), box)
    return out


def _value_problem(
    key: str, value: Any, theme: dict[str, str], fonts: Any, refused: frozenset[str] = frozenset()
) -> str | None:
    if key == "when" and isinstance(value, str):
        return syntax_problem("e", value, make_env())
    if _is_template(value):  # read by the environment the faces render it with
        return syntax_problem("t", value, make_env())
    if key == "font" and value not in fonts and value not in refused:
        return f"unknown font {value!r}; the fonts are: {', '.join(fonts)}"
    if key == "fallback":
        unknown = [
            n
            for n in (
                [value] if isinstance(value, str) else value if isinstance(value, list) else []
            )
            if n not in fonts and n not in refused
        ]
        if unknown:
            return f"unknown font {unknown[0]!r}; the fonts are: {', '.join(fonts)}"
    if key in LENGTH_KEYS:
        problem = _length_problem(value, 1.0 if key in EDGE_KEYS else None)
        if problem is None and key in SIZE_KEYS and _negative(value):
            return f"a box's {key} is 0 or more, got {str(value).strip()!r}"
        return problem
    if key == "inset" and str(value).strip() not in ("bleed", "safe"):
        return _length_problem(value, None)
    if key == "dash":
        parts = str(value).split()
        problem = next((p for p in (_length_problem(part, None) for part in parts) if p), None)
        try:
            return problem or dash_problem(tuple(r(length_value(part)) for part in parts))
        except UnitError:  # "none": read as no dash here
            return None
    if key in COLOR_KEYS:
        text = str(value).strip()
        if text in ("", "none", "None") or text in theme or COLOR.match(named_color(text)):
            return None
        return (
            "expected a colour '#rrggbb', a CSS colour name ('crimson'), a theme colour "
            f"({', '.join(sorted(theme))}) or 'none', got {text!r}"
        )
    return None


def _negative(value: Any) -> bool:
    """Whether a length `_length_problem` accepts is below zero."""
    if isinstance(value, str) and value.strip() in ("", "none"):
        return False
    return length_value(str(value), 1.0) < 0


def _length_problem(value: Any, extent: float | None) -> str | None:
    if isinstance(value, str) and value.strip() in ("", "none"):
        return None
    try:
        length_value(str(value), extent)
    except UnitError as exc:
        return str(exc) + (" or a percentage such as '50%'" if extent is not None else "")
    return None
