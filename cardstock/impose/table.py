"""What the shipped sheets achieve, per paper and piece kind: how many pieces a page holds,
how they are arranged, the margin and the least bleed beyond any cut edge a piece does not
share. docs/sheets.md shows this table; a test compares the two, so they cannot drift.

    python -m cardstock.impose.table      # print the table (Markdown)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.units import PAPER_LABELS, POINTS_PER, parse_size
from ..layout.art.shapes import shape_of
from ..layout.ops import Face, Rect
from .bleed import least_bleed
from .grid import Item, frame, grid_pages, plan_grid
from .pack import honeycomb_pages, pack_pages, plan_honeycomb
from .plan import Page
from .render import bleed_text
from .sheets import DEFAULT_MARGIN, SheetFile, choose, load_sheets

MM = POINTS_PER["mm"]
BLEED = 3 * MM  # what the shipped games ask for ([print] bleed)
PIECES = (  # (what, kind, size, shape)
    ("poker cards", "card", "poker", "rect"),
    ("hex tiles", "tile", "60mm x 52mm", "hex"),
    ("round tokens", "token", "25mm x 25mm", "circle"),
)
HEADER = (
    "| paper | pieces | arranged | per page | laid out | margin | least bleed |\n"
    "|---|---|---|---|---|---|---|"
)


@dataclass(frozen=True)
class Row:
    paper: str
    pieces: str
    arranged: str
    per_page: int
    landscape: bool
    margin: float  # points
    bleed: float | None  # points

    def markdown(self) -> str:
        bleed = "—" if self.bleed is None else f"{bleed_text(self.bleed)} mm"
        return (
            f"| {PAPER_LABELS.get(self.paper, self.paper)} | {self.pieces} | {self.arranged} "
            f"| {self.per_page} "
            f"| {'landscape, turned onto the portrait page' if self.landscape else 'portrait'} "
            f"| {self.margin / MM:.1f} mm | {bleed} |"
        )


def _page_margin(page: Page) -> float:
    a = page.area
    return 0.0 if a is None else min(a.x, a.y, page.width - a.x1, page.height - a.y1)


def _row(sheet: SheetFile, paper: str, pieces: str, size: str, shape: str) -> Row | None:
    w, h = parse_size(size)
    face = Face.build(w, h, BLEED, shape, ())
    s = sheet.sheet
    arranged = shape_of(shape).arrange  # as the sheets arrange the shape under `auto`
    if arranged == "grid":
        layout = plan_grid(w, h, BLEED, s, paper)
        if layout is None:
            return None
        page = grid_pages(
            [Item(face, face, "x")] * layout.capacity,
            layout,
            s,
            bleed=BLEED,
            cut_lines=s.marks.cut_lines,
        )[0]
        # and the tightest case: every row a different back, a gutter between each two
        other = Face.build(w, h, BLEED, shape, (Rect(0, 0, w, h, fill="#000000"),))
        mixed = [
            Item(face, face if (k // layout.cols) % 2 else other, "x")
            for k in range(layout.capacity)
        ]
        tight = grid_pages(mixed, layout, s, bleed=BLEED, cut_lines=s.marks.cut_lines)
        least = min(b for b in (least_bleed(p) for p in [page] + tight) if b is not None)
        return Row(
            paper,
            pieces,
            f"{layout.cols} x {layout.rows} grid",
            layout.capacity,
            layout.width > layout.height,
            _page_margin(page),
            least,
        )
    if arranged == "honeycomb":
        fr, slots = plan_honeycomb(w, h, s, paper, False, BLEED)
        if fr is None:
            return None
        page = honeycomb_pages(
            [Item(face, face, "x")] * len(slots), fr, slots, bleed=BLEED, style=None
        )[0]
        return Row(
            paper,
            pieces,
            "honeycomb",
            len(slots),
            fr.width > fr.height,
            _page_margin(page),
            least_bleed(page),
        )
    fr = frame(
        s,
        paper,
        "portrait" if s.orientation == "auto" else s.orientation,
        None,
        "bottom" if s.footer.edge == "auto" else s.footer.edge,
    )
    pages, _ = pack_pages(
        [[Item(face, None, "x")] * 400],
        fr,
        bleed=BLEED,
        gap=s.pack.gap,
        rotate=s.pack.rotate,
        style=None,
    )
    page = pages[0]
    return Row(
        paper,
        pieces,
        "lattice",
        len(page.placements),
        fr.width > fr.height,
        _page_margin(page),
        least_bleed(page),
    )


def rows(root: Path) -> list[Row]:
    """The table for the sheets of the project at `root` (the shipped ones by default)."""
    sheets, _ = load_sheets(root)
    sheets = [
        SheetFile(
            sf.sheet.model_copy(update={"margin": sf.sheet.margin or DEFAULT_MARGIN}),
            sf.file,
            sf.stem,
        )
        for sf in sheets
    ]
    out = []
    for paper in ("letter", "a4"):
        for pieces, kind, size, shape in PIECES:
            sheet = choose(sheets, game="", kind=kind, size=size, paper=paper)
            if sheet is not None:
                row = _row(sheet, paper, pieces, size, shape)
                if row is not None:
                    out.append(row)
    return out


def markdown(root: Path) -> str:
    return "\n".join([HEADER] + [r.markdown() for r in rows(root)])


if __name__ == "__main__":  # pragma: no cover
    print(markdown(Path(__file__).resolve().parents[2]))
