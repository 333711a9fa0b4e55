"""Drawn layouts merged into a game's layouts: each layout whose `drawn` key names an SVG
file gets the boxes read from the drawing (`cardstock.layout.drawings.read`) before the boxes its
layout files write, so a written key changes a drawn box (`[layouts.x.boxes.title]
min_size = "6pt"`) and a written box is added to the drawn ones. Each drawn key remembers
the drawing's file and the line of its element, for messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.files import Unreadable, present, read_bytes
from ...core.issues import Issue
from ..resolved import At
from .read import Reading, read_drawing

DRAWN = "drawn"  # the key of a merged layout that holds (drawing shown, Reading)


def element_at(shown: str, line: int | None) -> At:
    """Where a drawn box's keys were set: the drawing's file and its element's line."""
    return At(shown, {("element",): line} if line is not None else {}, ("element",))


def add_drawn(
    layouts: dict[str, dict[str, Any]], issues: list[Issue], root: Path, files: tuple[str, ...]
) -> None:
    """Read the drawing of every merged layout (`LayoutSet.raw`) with a `drawn` key into
    its boxes; each problem of a drawing joins `issues`. `files`: the layout files in the
    order they were merged. The boxes a file before the one naming the drawing wrote for
    the layout (a shipped `card-back`'s) are not drawn: the drawing replaces them."""
    for name, raw in layouts.items():
        if raw["values"].get("drawn"):
            at = raw["origins"].get("drawn") or raw["origins"][""]
            later = set(files[files.index(at.file) :]) if at.file in files else set(files)
            raw["boxes"] = _written_from(raw["boxes"], later)
            _add(issues, name, raw, root)


def _written_from(boxes: dict[str, Any], files: set[str]) -> dict[str, Any]:
    """The boxes with only the keys `files` wrote for them (none: the box is dropped)."""
    out: dict[str, Any] = {}
    for name, box in boxes.items():
        keys = [k for k, at in box["origins"].items() if k and at.file in files]
        if not keys and box["origins"][""].file not in files:
            continue
        first = box["origins"][""] if box["origins"][""].file in files else box["origins"][keys[0]]
        out[name] = {
            "values": {k: box["values"][k] for k in keys if k in box["values"]},
            "origins": {"": first, **{k: box["origins"][k] for k in keys}},
        }
    return out


def drawing_path(root: Path, layout_file: str, drawn: str) -> tuple[Path, str] | None:
    """The drawing a layout file names (a path from its folder) and its path from the
    project folder; None when it leaves the project's layouts folder."""
    target = (root / layout_file).parent / drawn
    layouts = (root / "layouts").resolve()
    if not target.resolve().is_relative_to(layouts):
        return None
    return target, target.resolve().relative_to(root.resolve()).as_posix()


def _add(issues: list[Issue], name: str, raw: dict[str, Any], root: Path) -> None:
    at = raw["origins"].get("drawn") or raw["origins"][""]
    key = f"layouts.{name}.drawn"
    drawn = str(raw["values"]["drawn"])
    found = drawing_path(root, at.file, drawn)
    if found is None:
        issues.append(
            Issue(at.file, at.line, key, f"the drawing {drawn!r} is outside the layouts folder")
        )
        return
    target, shown = found
    if not present(target):
        issues.append(Issue(at.file, at.line, key, f"there is no drawing {shown!r}"))
        return
    try:
        data = read_bytes(target, root)
    except Unreadable as exc:
        issues.append(Issue(at.file, at.line, key, f"cannot read {shown!r}: {exc}"))
        return
    values = raw["values"]
    reading = read_drawing(data, str(values.get("page", "trim")), float(values.get("dpi", 96)))
    for fld, line, message, level in reading.problems:
        issues.append(Issue(shown, line, fld, message, level))  # type: ignore[arg-type]
    if any(level == "error" for *_, level in reading.problems):
        return
    raw[DRAWN] = (shown, reading)
    raw["boxes"] = _merged(raw["boxes"], reading, shown)


def _merged(written: dict[str, Any], reading: Reading, shown: str) -> dict[str, Any]:
    """The drawn boxes, each with the keys a layout file writes for it on top, then the
    boxes only the layout files write."""
    out: dict[str, Any] = {}
    for bname, values, line in reading.boxes:
        origin = element_at(shown, line)
        values = dict(values)
        if values.get("type") == "drawing":
            values["drawn"] = shown
        box = {"values": values, "origins": {"": origin, **{k: origin for k in values}}}
        own = written.get(bname)
        if own is not None:
            box["values"].update(own["values"])
            box["origins"].update({k: v for k, v in own["origins"].items() if k})
        out[bname] = box
    for bname, box in written.items():
        out.setdefault(bname, box)
    return out
