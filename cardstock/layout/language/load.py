"""Layout files: `layouts/default.toml` (shared) and `layouts/<game>/faces.toml` (a game's
overrides and its own layouts), validated with Pydantic (`extra="forbid"`), merged, and
every problem reported as an Issue with the file and line of the key.

A layout is a set of named boxes drawn in order (then by `z`). A game file may change any
key of any box of any layout (`[layouts.card.boxes.title] top = "6mm"`), add boxes, add
layouts (`[layouts.realms] extends = "card"`), and override theme colours and text styles.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ...catalog.text import Text
from ...catalog.wording import has_words, worded_layouts
from ...core.colors import named_color
from ...core.files import present
from ...core.issues import Issue
from ...core.names import child, plain_name
from ...core.project import shared_layout
from ...core.tomlpos import Read, line_for, read_toml
from ...core.validation import dotted, issues_from
from ..art.shapes import custom_outline
from ..boxtypes import names as box_type_names
from ..resolved import At, Box, Layout
from ..text.fit import written_size_problem
from .schema import BoxSpec, LayoutFile, LayoutSpec, StyleSpec

if TYPE_CHECKING:
    from ...catalog.load import Catalog


class LayoutSet:
    """The layouts one game sees: the shared defaults with the game's file merged in (a
    holder filled as the files are merged, never compared: a plain class)."""

    __slots__ = (
        "theme",
        "theme_origins",
        "styles",
        "style_origins",
        "raw",
        "issues",
        "files",
        "_resolved",
    )

    def __init__(self) -> None:
        self.theme: dict[str, str] = {}
        self.theme_origins: dict[str, At] = {}
        self.styles: dict[str, dict[str, Any]] = {}
        self.style_origins: dict[str, At] = {}
        # layout name -> merged raw dict (with origins inside)
        self.raw: dict[str, dict[str, Any]] = {}
        self.issues: list[Issue] = []
        self.files: tuple[str, ...] = ()
        self._resolved: dict[str, Layout | None] = {}

    def names(self) -> list[str]:
        return list(self.raw)

    def has(self, name: str) -> bool:
        return name in self.raw

    def changed(self) -> None:
        """Forget the layouts resolved so far (their boxes' keys were changed: a drawn
        layout's boxes take their types from the game's fields, `drawings.bind`)."""
        self._resolved.clear()

    def resolve(self, name: str) -> Layout | None:
        """The merged layout `name` (None when unknown or in an `extends` circle).

        Resolved once per set and shared: every face of a game draws the same few layouts,
        and nothing changes a resolved layout (a set is replaced when its files change)."""
        if name not in self._resolved:
            self._resolved[name] = _resolve(self, name, ())
        return self._resolved[name]


# The models a layout file holds, innermost first. Each is built on its own anyway, as the
# file is merged (`_merge_file` dumps every style, layout and box); built before the file's
# model, they are not made a second time inside it: Pydantic reuses a built model's schema
# in a model that holds it (each is built when first used, `defer_build`).
_HELD = (BoxSpec, StyleSpec, LayoutSpec)


def _read(
    path: Path, shown: str, issues: list[Issue], root: Path | None, reader: Read = read_toml
) -> tuple[LayoutFile | None, Mapping[Any, int]]:
    read, problem = reader(path, shown, root)
    if read is None:
        issues.append(problem)
        return None, {}
    data, lines = read

    for held in _HELD:
        held.model_rebuild()  # builds it the first time; then returns at once
    try:
        model = LayoutFile.model_validate(data)
    except ValidationError as exc:
        issues.extend(
            issues_from(
                exc, shown, lambda loc: line_for(lines, loc), lambda loc: dotted(loc), LayoutFile
            )
        )
        return None, lines
    return model, lines


def _merge_file(into: LayoutSet, model: LayoutFile, shown: str, lines: Mapping[Any, int]) -> None:
    for k, v in model.theme.items():
        into.theme[k] = named_color(v)  # "crimson" is its "#dc143c" from here on
        into.theme_origins[k] = At(shown, lines, ("theme", k))
    for name, st in model.styles.items():
        cur = into.styles.setdefault(name, {})
        cur.update(st.model_dump(exclude_none=True))
        for key in ("size", "min_size"):  # a style is a text's: past the largest, refused
            problem = written_size_problem(key, getattr(st, key))
            if problem is not None:
                f, line = At(shown, lines, ("styles", name, key)).origin()
                into.issues.append(Issue(f, line, f"styles.{name}.{key}", problem))
        into.style_origins.setdefault(name, At(shown, lines, ("styles", name)))
    for name, lay in model.layouts.items():
        cur = into.raw.setdefault(name, {"values": {}, "origins": {}, "boxes": {}})
        cur["origins"].setdefault("", At(shown, lines, ("layouts", name)))
        for k, v in lay.model_dump(exclude_none=True, exclude={"boxes"}).items():
            cur["values"][k] = v
            cur["origins"][k] = At(shown, lines, ("layouts", name, k))
        for bname, box in lay.boxes.items():
            b = cur["boxes"].get(bname)
            if b is None:
                b = cur["boxes"][bname] = {
                    "values": {},
                    "origins": {"": At(shown, lines, ("layouts", name, "boxes", bname))},
                }
            for k, v in box.model_dump(exclude_none=True).items():
                b["values"][k] = v
                b["origins"][k] = At(shown, lines, ("layouts", name, "boxes", bname, k))


def _resolve(ls: LayoutSet, name: str, seen: tuple[str, ...]) -> Layout | None:
    raw = ls.raw.get(name)
    if raw is None:
        return None
    if name in seen:
        return None
    parent_name = raw["values"].get("extends")
    base: Layout | None = None
    if parent_name:
        base = _resolve(ls, parent_name, seen + (name,))
    values: dict[str, Any] = {}
    origins: dict[str, At] = {}
    boxes: dict[str, Box] = {}
    if base is not None:
        values.update(base.values)
        origins.update(base.origins)
        for b in base.boxes:
            boxes[b.name] = Box(b.name, dict(b.values), dict(b.origins), b.order)
    values.update({k: v for k, v in raw["values"].items() if k != "extends"})
    origins.update(raw["origins"])
    n = len(boxes)
    for bname, b in raw["boxes"].items():
        if bname in boxes:
            boxes[bname].values.update(b["values"])
            boxes[bname].origins.update({k: v for k, v in b["origins"].items() if k})
        else:
            boxes[bname] = Box(bname, dict(b["values"]), dict(b["origins"]), n)
            n += 1
    ordered = sorted(boxes.values(), key=lambda b: (b.get("z", 0), b.order))
    chain = (name,) + (base.chain if base else ())
    return Layout(name, values, origins, ordered, chain)


def layout_name_problem(name: str) -> str | None:
    """What keeps `name` from naming a layout, in words a message can quote; None when it
    can. A layout's name is a plain name (`core.names`: `cardstock drawing` writes the
    layout as `<name>.svg` beside the game's faces.toml) that starts with no dot (a file
    hidden in the folder)."""
    bad = plain_name(name)
    if bad is None and name.startswith("."):
        return "a name may not start with '.' (its drawing would be a hidden file)"
    return bad


def _check(ls: LayoutSet) -> None:
    """Checks that need the merged view: names, extends names, cycles, box types."""
    for name, raw in ls.raw.items():
        bad = layout_name_problem(name)
        if bad is not None:
            f, line = raw["origins"][""].origin()
            ls.issues.append(Issue(f, line, f"layouts.{name}", f"not a layout's name: {bad}"))
        parent = raw["values"].get("extends")
        if parent and parent not in ls.raw:
            f, line = raw["origins"].get("extends", raw["origins"][""]).origin()
            ls.issues.append(
                Issue(
                    f,
                    line,
                    f"layouts.{name}.extends",
                    f"unknown layout {parent!r}; the layouts are: {', '.join(sorted(ls.raw))}",
                )
            )
        seen = [name]
        cur = parent
        while cur and cur in ls.raw:
            if cur in seen:
                f, line = raw["origins"].get("extends", raw["origins"][""]).origin()
                ls.issues.append(
                    Issue(
                        f,
                        line,
                        f"layouts.{name}.extends",
                        f"layouts extend each other in a circle: {' -> '.join(seen + [cur])}",
                    )
                )
                break
            seen.append(cur)
            cur = ls.raw[cur]["values"].get("extends")
    told: set[int] = set()  # the keys whose sizes are refused, each once (`_text_sizes`)
    for name in ls.raw:
        lay = ls.resolve(name)
        if lay is None:
            continue
        for box in lay.boxes:
            if box.get("type") is None:
                f, line = box.where("")
                ls.issues.append(
                    Issue(
                        f,
                        line,
                        f"layouts.{name}.boxes.{box.name}.type",
                        "a box needs a 'type': " + ", ".join(box_type_names()),
                    )
                )
            if box.get("type") == "text":
                ls.issues += _text_sizes(ls, lay, box, told)
            st = box.get("style")
            if st is not None and st not in ls.styles:
                f, line = box.where("style")
                ls.issues.append(
                    Issue(
                        f,
                        line,
                        f"layouts.{name}.boxes.{box.name}.style",
                        f"unknown style {st!r}; the styles are: {', '.join(sorted(ls.styles))}",
                    )
                )


def _text_sizes(ls: LayoutSet, lay: Layout, box: Box, told: set[int]) -> list[Issue]:
    """A text box's `size` and `min_size` past the largest text a box sets, refused at the
    line that writes it, once however many layouts extend the one that writes it."""
    out = []
    for key in ("size", "min_size"):
        at = box.origins.get(key)
        problem = written_size_problem(key, box.values.get(key)) if at is not None else None
        if at is None or problem is None or id(at) in told:
            continue
        told.add(id(at))
        writer = next(
            (
                name
                for name in lay.chain
                if ls.raw[name]["boxes"].get(box.name, {}).get("origins", {}).get(key) is at
            ),
            lay.name,
        )
        f, line = at.origin()
        out.append(Issue(f, line, f"layouts.{writer}.boxes.{box.name}.{key}", problem))
    return out


def _alone(path: Path, shown: str, root: Path | None, reader: Read = read_toml) -> LayoutSet:
    """One layout file read and merged into an empty set."""
    ls = LayoutSet()
    model, lines = _read(path, shown, ls.issues, root, reader)
    if model is not None:
        _merge_file(ls, model, shown, lines)
        ls.files = (shown,)
    return ls


def shared_files(catalog: Catalog) -> list[str]:
    """The project's layout files a game's sets name with `layout_file` (paths from the
    project folder, each once, in the order the sets name them)."""
    return list(
        dict.fromkeys(
            s.layout_file.strip()
            for s in catalog.game.sets
            if s.layout_file and s.layout_file.strip()
        )
    )


_TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)


def box_texts(layouts: LayoutSet) -> list[Text]:
    """Each layout box's `text` that writes words of its own (not only `{{ name }}`), where
    it is written, as a text of the game (`layout.<layout>.<box>`, `catalog.wording`): a
    box that changes a text another file wrote has its own key. Read with the labels a
    list of facts prints by `layout.labels.layout_words`."""
    out: list[Text] = []
    for lname, raw in layouts.raw.items():
        for bname, box in raw["boxes"].items():
            text = box["values"].get("text")
            if isinstance(text, str) and has_words(_TAGS.sub("", text)):
                shown, line = box["origins"].get("text", box["origins"][""]).origin()
                out.append(Text(f"layout.{lname}.{bname}", text, shown, line))
    return out


def load_layouts(
    root: Path,
    game_id: str | None,
    shared: Sequence[str] = (),
    reader: Read = read_toml,
    wording: Mapping[str, str] | None = None,
) -> LayoutSet:
    """The shared defaults, then the project's layout files the game's sets name (`shared`,
    paths from the project folder, which several sets or games may name), then the game's
    faces.toml (when it has one): each may change what the one before it set. `reader`
    reads each file (a validation pass reads a file the games share once: `TomlReads`).
    `wording`: a language's layout words (`catalog.wording`), put in each box they name."""
    path, shown = shared_layout(root, "default.toml")
    if present(path):
        ls = _alone(path, shown, root, reader)
    else:
        ls = LayoutSet()
        ls.issues.append(Issue(shown, None, "", "the default layouts are missing"))
    files = [(root / name, name) for name in shared]
    if game_id:
        faces = child(root / "layouts", game_id) / "faces.toml"
        files.append((faces, f"layouts/{game_id}/faces.toml"))
    for own, shown in files:
        if not present(own):
            continue  # a set's layout_file that is missing is reported where the set names it
        model, lines = _read(own, shown, ls.issues, root, reader)
        if model is not None:
            _merge_file(ls, model, shown, lines)
            ls.files = (*ls.files, shown)
    if any(raw["values"].get("drawn") for raw in ls.raw.values()):
        from ..drawings.load import add_drawn  # read only for a game with a drawn layout

        add_drawn(ls.raw, ls.issues, root, ls.files)
    if wording:
        worded_layouts(ls.raw, dict(wording))
    _check(ls)
    _check_outlines(ls, child(root / "catalog", game_id) if game_id else None)
    return ls


def _check_outlines(ls: LayoutSet, folder: Path | None) -> None:
    """Each `outline` of a path-shaped layout reads (a file only when the game folder is
    known), so a broken outline is bad input found before any face is drawn."""
    for name, raw in ls.raw.items():
        value = raw["values"].get("outline")
        if value is None:
            continue
        if folder is None and str(value).strip().lower().endswith(".svg"):
            continue
        try:
            custom_outline(value, folder or Path("."), 10.0, 10.0)
        except ValueError as exc:
            f, line = raw["origins"].get("outline", raw["origins"][""]).origin()
            ls.issues.append(Issue(f, line, f"layouts.{name}.outline", str(exc)))
