"""What a book is made of, before any typesetting: the book page sizes, the rulebook
template's context and text, the faces a book shows as thumbnails, the quick reference's
sides. Nothing here imports ReportLab's Platypus."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jinja2.exceptions import UndefinedError

from ..catalog.context import template_context
from ..catalog.load import Catalog
from ..catalog.ruletext import render_file, rulebook_template
from ..catalog.schema import Component
from ..core.issues import Issue
from ..core.units import parse_size

if TYPE_CHECKING:
    from ..layout.faces import Faces


@dataclass(frozen=True)
class BookSize:
    """A book page size and the sheet two of its pages are imposed on."""

    name: str  # "half-letter" | "a5"
    sheet_paper: str  # "letter" | "a4"

    @property
    def page(self) -> tuple[float, float]:
        return parse_size(self.name)

    @property
    def sheet(self) -> tuple[float, float]:
        w, h = parse_size(self.sheet_paper)
        return h, w  # landscape


BOOK_FOR_PAPER = {"letter": BookSize("half-letter", "letter"), "a4": BookSize("a5", "a4")}


def wanted(papers: tuple[str, ...]) -> list[str]:
    """The papers a rulebook is imposed for (letter when none of them takes a booklet)."""
    return [p for p in papers if p in BOOK_FOR_PAPER] or ["letter"]


def reading_size(papers: list[str]) -> BookSize:
    """The reading PDF's page: half-letter when letter is asked for, else the first's."""
    return BOOK_FOR_PAPER["letter"] if "letter" in papers else BOOK_FOR_PAPER[papers[0]]


def rulebook_context(catalog: Catalog) -> dict[str, Any]:
    """`template_context` plus the helpers that place generated parts of a rulebook
    (each writes a directive line that `cardstock.books.rulebook.split` reads)."""
    ctx = template_context(catalog)
    component = ctx["component"]

    def _line(name: str, ids: tuple[str, ...] = ()) -> str:
        for i in ids:
            component(i)  # raises UndefinedError for an unknown id
        return "\n::" + name + (" " + " ".join(ids) if ids else "") + "\n"

    def cover(*ids: str) -> str:
        return _line("cover", ids)

    def faces(*ids: str) -> str:
        if not ids:
            raise UndefinedError("faces() needs at least one component id")
        return _line("faces", ids)

    ctx.update(
        cover=cover,
        faces=faces,
        contents=lambda: _line("contents"),
        component_list=lambda: _line("components"),
        page_break=lambda: _line("page-break"),
    )
    return ctx


def face_size(component: Component) -> tuple[float, float]:
    try:
        return parse_size(component.size)
    except Exception:  # noqa: BLE001 - sizes are validated on load; be safe in books
        return (180.0, 252.0)


def laid_out(faces: Faces, component: Component, findings: list[Issue]) -> Any:
    """The component's front as a book shows it: the face the sheets and SVGs use, with
    its bleed cut away; None when it cannot be laid out or has errors (the rules check
    reports those)."""
    face = None
    try:
        face = faces.face(component, "front")
    except Exception as exc:  # noqa: BLE001 - a face that cannot be laid out still gets a box
        findings.append(
            Issue(
                component.file,
                component.line,
                "thumbnail",
                f"the face of {component.id!r} could not be drawn for the rulebook "
                f"({type(exc).__name__}: {exc}); an outline stands in",
                "warning",
            )
        )
        face = None
    if face is not None and (not face.ops or any(i.level == "error" for i in face.findings)):
        face = None
    if face is not None and face.bleed:
        face = dataclasses.replace(face, key=face.key + "-trim", bleed=0.0)
    return face


def rulebook_text(catalog: Catalog) -> tuple[str | None, list[Issue]]:
    """The rulebook template rendered (None and the problems when it cannot be)."""
    path = rulebook_template(catalog)
    return render_file(catalog, path, rulebook_context(catalog), "rulebook")


SIDES = ("front", "reverse")


@dataclass(frozen=True)
class Side:
    component: Component
    side: str  # "front" | "reverse"
    name: str  # the template name


def sides(catalog: Catalog) -> list[Side]:
    """Every (reference component, side, template name) the catalog asks for."""
    out: list[Side] = []
    for c in catalog.components:
        if c.kind != "reference":
            continue
        for side in SIDES:
            name = c.fields.get(side)
            if isinstance(name, str) and name.strip():
                out.append(Side(c, side, name.strip()))
    return out


__all__ = [
    "SIDES",
    "Side",
    "sides",
    "BookSize",
    "BOOK_FOR_PAPER",
    "wanted",
    "reading_size",
    "rulebook_context",
    "face_size",
    "laid_out",
    "rulebook_text",
]
