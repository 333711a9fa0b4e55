"""Quick-reference card content: `layouts/<game>/quickref/<name>.md.j2`.

A game's reference components (kind `reference`) name a template for each side in their
`front` and `reverse` fields. The card renderer lays the text out on the card; this module
renders the templates (with the same context as the rulebook, `template_context`) and
estimates whether each side fits, so overflowing text is reported rather than cut.
"""

from __future__ import annotations

from ..core import markup
from ..core.issues import Issue
from ..catalog.load import Catalog
from ..render.pdf import pdf_settings
from ..catalog.schema import Component
from ..core.units import parse_length, parse_size
from ..catalog.context import template_context
from .recall import SIDES, Side, sides  # noqa: F401  (the sides are read without typesetting)
from ..catalog.ruletext import quickref_template, render_quickref
from .story import Builder, Styles, accent_color

CARD_TEXT_SCALE = 0.7  # quick-reference text is set at 70% of the rulebook's sizes


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
        issues.append(Issue(
            where, None, f"quickref.{side.name}",
            f"the {side.side} of {side.component.id!r} needs {used:.0f}pt of height but the card's text area is "
            f"{height:.0f}pt ({width:.0f}pt wide) at {styles.body.fontSize:.1f}pt text; shorten it or move some to the other side",
            "warning",
        ))
    return issues


# quick-reference checks made by this process (for tests to count; `bookcache.quickref_findings`
# keeps their findings across builds)
STATS: dict[str, int] = {"checks": 0}


def check(catalog: Catalog) -> list[Issue]:
    """Every quick-reference side renders and fits."""
    STATS["checks"] += 1
    issues: list[Issue] = []
    ctx = template_context(catalog)
    done: set[tuple[str, str]] = set()
    for side in sides(catalog):
        text, problems = render_quickref(catalog, side.name, ctx)
        issues += [p for p in problems if p not in issues]
        if text is None or (side.component.id, side.name) in done:
            continue
        done.add((side.component.id, side.name))
        issues += fit_issues(catalog, side, markup.parse(text))
    return issues


@pdf_settings()
def preview_pdf(catalog: Catalog) -> bytes:
    """Every quick-reference side on a page of its card's size, text in the estimated text
    area (trim less the safe margin): a proof to look at, not a print file."""
    import io

    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Frame, KeepInFrame

    from ..render.pdf import unique_subset_tags
    from .art import IconPainter
    from .story import ICON_CALLBACK

    buf = io.BytesIO()
    styles = Styles(accent_color(catalog.game), scale=CARD_TEXT_SCALE, card=True)
    canv = Canvas(buf, invariant=1, initialFontName=styles.f.regular)
    canv.setNamedCB(ICON_CALLBACK, IconPainter(catalog, styles))
    ctx = template_context(catalog)
    safe = parse_length(catalog.game.print.safe)
    for side in sides(catalog):
        text, _ = render_quickref(catalog, side.name, ctx)
        w, h = parse_size(side.component.size)
        canv.setPageSize((w, h))
        canv.setStrokeColorRGB(0.8, 0.8, 0.8)
        canv.rect(safe, safe, w - 2 * safe, h - 2 * safe)
        if text is not None:
            tw, th = text_box(catalog, side.component)
            b = Builder(styles, tw, th, set(catalog.game.icons), "")
            frame = Frame(safe, safe, tw, th, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
            frame.addFromList([KeepInFrame(tw, th, b.blocks(markup.parse(text)), mode="overflow")], canv)
        canv.showPage()
    canv.save()
    return unique_subset_tags(buf.getvalue())
