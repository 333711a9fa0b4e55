"""What a book needs to be recalled without being laid out, in a module that imports no
typesetting (no ReportLab Platypus): the book page sizes, the rulebook template's
context and text, the faces a book shows as thumbnails, the quick reference's sides. The
rules check's way to kept findings (`bookcache.rulebook_findings`,
`bookcache.quickref_findings`) is built on these.

The rules check runs before the stages; when an earlier build kept the rulebook's
findings (`cardstock.books.bookcache`), the check reports them without importing the
typesetting at all, and the rulebook stage — in a worker beside the sheets — is the only
one to import it and lay the book out.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Optional

from jinja2.exceptions import UndefinedError

from ..core.issues import Issue
from ..catalog.load import Catalog
from ..catalog.schema import Component
from ..core.units import parse_size


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
    from ..catalog.context import template_context

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


def laid_out(catalog: Catalog, component: Component, findings: list[Issue], cache: Optional[dict[str, Any]] = None) -> Any:
    """The component's front from the face renderer, shown to its trim (the same laid-out
    face the sheets and SVGs use, with its bleed cut away), or None when it cannot be
    laid out or has errors (the faces stage reports those)."""
    if cache is None:  # one cache per catalog object: a face is laid out once per process
        cache = catalog.__dict__.setdefault("_books_faces", {})
    if component.id in cache:
        return cache[component.id]
    from ..layout.faces import lay_out

    face = None
    try:
        face = lay_out(catalog, component, "front")
    except Exception as exc:  # noqa: BLE001 - a face that cannot be laid out still gets a box
        findings.append(Issue(component.file, component.line, "thumbnail", f"the face of {component.id!r} could not be drawn for the rulebook ({type(exc).__name__}: {exc}); an outline stands in", "warning"))
        face = None
    if face is not None and (not face.ops or any(i.level == "error" for i in face.findings)):
        face = None
    if face is not None and face.bleed:
        face = dataclasses.replace(face, key=face.key + "-trim", bleed=0.0)
    cache[component.id] = face
    return face


def rulebook_text(catalog: Catalog) -> tuple[Optional[str], list[Issue]]:
    """The rulebook template rendered (None and the problems when it cannot be)."""
    from ..catalog.ruletext import render_file, rulebook_template

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


__all__ = ["SIDES", "Side", "sides", "BookSize", "BOOK_FOR_PAPER", "wanted", "reading_size", "rulebook_context", "face_size", "laid_out", "rulebook_text"]
