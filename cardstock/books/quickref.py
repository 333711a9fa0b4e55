"""Quick-reference card content: `layouts/<game>/quickref/<name>.md.j2`.

A game's reference components (kind `reference`) name a template for each side in their
`front` and `reverse` fields. The card renderer lays the text out on the card; this module
renders the templates (with the same context as the rulebook, `template_context`) and
estimates whether each side fits, so overflowing text is reported rather than cut.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.platypus import Flowable, NextPageTemplate, PageBreak
from reportlab.platypus.doctemplate import LayoutError

from ..catalog.context import template_context
from ..catalog.load import Catalog
from ..catalog.ruletext import quickref_template, render_quickref
from ..catalog.schema import Component
from ..core import markup
from ..core.cache import key_of_each
from ..core.issues import Issue
from ..core.stage import Job
from ..core.units import parse_length, parse_size
from .content import SIDES, BookSize, Side, book_meta, sides  # noqa: F401  (the sides are read without typesetting)
from .document import BookDoc, Built, build
from .scripts import icon_resolver
from .story import Builder, Styles, accent_color

CARD_TEXT_SCALE = 0.7  # quick-reference text is set at 70% of the rulebook's sizes
REVERSE = "{name} (reverse)"  # a reading edition's heading of a card's reverse side (cardstock.pot)


def text_box(catalog: Catalog, component: Component) -> tuple[float, float]:
    """The card's text area estimate: the trim size less the safe margin on every side."""
    w, h = parse_size(component.size)
    safe = parse_length(catalog.game.print.safe)
    return w - 2 * safe, h - 2 * safe


def fit_issues(catalog: Catalog, side: Side, blocks: list[markup.Block]) -> list[Issue]:
    """Lay the side's text out at card size with Platypus; report when it does not fit."""
    where = catalog.display(quickref_template(catalog, side.name))
    width, height = text_box(catalog, side.component)
    styles = Styles(accent_color(catalog.game), scale=CARD_TEXT_SCALE, card=True)
    b = Builder(styles, width, height, set(catalog.game.icons), where)
    flowables = b.blocks(blocks)
    used = 0.0
    for f in flowables:
        _, h = f.wrap(width, height)
        used += h + f.getSpaceBefore() + f.getSpaceAfter()
    issues = list(b.issues)
    if used > height:
        issues.append(
            Issue(
                where,
                None,
                f"quickref.{side.name}",
                f"the {side.side} of {side.component.id!r} needs {used:.0f}pt of height but the "
                f"card's text area is {height:.0f}pt ({width:.0f}pt wide) at "
                f"{styles.body.fontSize:.1f}pt text; shorten it or move some to the other side",
                "warning",
            )
        )
    return issues


def check(catalog: Catalog, job: Job | None = None) -> list[Issue]:
    """Every quick-reference side renders and fits; with a `job`, a side laid out before
    from the same inputs is not laid out again (`_fitted`)."""
    issues: list[Issue] = []
    seen: set[Issue] = set()  # a template's problem, once however many sides render it
    ctx = template_context(catalog)
    done: set[tuple[str, str]] = set()
    for side in sides(catalog):
        text, problems = render_quickref(catalog, side.name, ctx)
        issues += [p for p in problems if p not in seen]
        seen.update(problems)
        if text is None or (side.component.id, side.name) in done:
            continue
        done.add((side.component.id, side.name))
        issues += _fitted(catalog, side, text, job)
    return issues


def _fitted(catalog: Catalog, side: Side, text: str, job: Job | None) -> list[Issue]:
    """`fit_issues` of a side's rendered `text`, kept in the cache (kind "quickref-fit")
    under a key of all it reads: the text, the side (its template's name and where it is
    shown, its card's id and size) and everything of the game but its tables
    (`Faces.common_key`: the game file with its margins, colours and icons, the project's
    and cardstock's fonts, the layouts, the code). An edit the side does not print leaves
    its findings to be read back; one it prints lays it out again."""
    if job is None:
        return fit_issues(catalog, side, markup.parse(text))
    where = catalog.display(quickref_template(catalog, side.name))
    c = side.component
    parts = (job.faces.common_key()[0], text, side.side, side.name, where, c.id, c.size)
    key = key_of_each(("quickref-fit", *parts))
    return job.cache.findings(
        "quickref-fit", key, lambda: fit_issues(catalog, side, markup.parse(text))
    )


def reference_sheets(
    catalog: Catalog, styles: Styles, size: BookSize, painter: Callable[[Any, str, str], None]
) -> Built | None:
    """The quick references as pages for reading rather than cards: each side the catalog
    names, under a heading of its card's name and side, on pages of `size` in `styles`
    (a large-print or reading-font edition). None when the game has no reference card
    or a side cannot be rendered (the check reports why)."""
    ctx = template_context(catalog)
    parts: list[tuple[str, list[markup.Block]]] = []
    for side in sides(catalog):
        text, _ = render_quickref(catalog, side.name, ctx)
        if text is None:
            return None
        name = side.component.name
        title = name if side.side == "front" else catalog.tool_words(REVERSE, name=name)
        parts.append((title, markup.parse(text)))
    if not parts:
        return None
    where = catalog.display(quickref_template(catalog, sides(catalog)[0].name))

    def story(doc: BookDoc) -> list[Flowable]:
        width, height = doc.frame_size
        b = Builder(styles, width, height, set(catalog.game.icons), where)
        library = getattr(painter, "library", None)  # an art.IconPainter's symbols
        if library is not None:
            b.icon_refs = icon_resolver(catalog.game, library)
        out: list[Flowable] = [NextPageTemplate("body")]
        for n, (title, blocks) in enumerate(parts):
            if n:
                out.append(PageBreak())
            out += b.heading(1, title)
            out += b.blocks([blk for blk in blocks if not _same_title(blk, title)])
        return out

    meta = {**book_meta(catalog), "title": f"{catalog.game.title} \u2014 Quick reference"}
    try:
        return build(story, size, styles, catalog.game.title, catalog.game.title, painter, meta)
    except LayoutError:
        return None


def _same_title(block: markup.Block, title: str) -> bool:
    """A side's own first heading that only repeats its card's name."""
    return isinstance(block, markup.Heading) and markup.plain(block.text) == title
