"""How a sheet's footer fits its band, and what is said when it does not.

A footer is parts joined by "  ·  " (the game and version, "page 3/20", the paper, "print
at 100% / actual size", the page's note, the bleed). Some parts must never go: the page's
number, and its note, which tells a duplex printer's user how to turn the sheet ("backs of
page 2: print on its reverse, flip on the long edge"). A footer too long for its line
(a long language, the pseudo-language) is fitted in this order:

1. the whole footer on one line, shrunk down to the least footer size (`MIN_SIZE`), or on
   two lines (broken between parts) when the band is tall enough for two lines of at
   least that size (a sheet whose `[footer] font_size` is 7.2pt or more) and two lines
   can be set larger than one;
2. the parts that may go left off, least needed first (the bleed, the paper, the game's
   name, "print at 100%"), trying 1 again after each;
3. else the page number and note at the least size on one line, running past their room:
   the footer cannot fit, and the build says so.

Every footer that loses a part or cannot fit is reported (`FooterReport`): a warning per
sheet file and PDF, naming the file, the footer, the pages and what was left off.

The one-line footers of tuck boxes, board tiles and cut sheets (`one_line`) are fitted the
same way on one line, from their own size down to their own least size: they carry no
note, and each keeps the part that says which page it is (the box and deck, the tile, the
cut sheet's page and file); a cut sheet's footer that would lose a part takes two lines
where its band holds them (`impose.cut.footer_fit`, through `fit_footer`). Their report is
located at the game file's `title` (what makes them long), and says what to change there or
on the command line (`advice`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .. import fonts
from ..core.files import Unreadable, read_text
from ..core.issues import Issue

if TYPE_CHECKING:
    from ..catalog.load import Catalog

SEP = "  ·  "
MIN_SIZE = 4.5  # the least footer size (points): smaller does not print legibly
LEADING = 1.0  # two lines of size s take 2 s of the band


class Fitted:
    """A footer as drawn: its lines, their size, what was left off, and whether it fits.
    Never compared: a plain class."""

    __slots__ = ("lines", "size", "left_off", "fits")

    def __init__(
        self, lines: tuple[str, ...], size: float, left_off: tuple[str, ...] = (), fits: bool = True
    ) -> None:
        self.lines = lines
        self.size = size
        self.left_off = left_off
        self.fits = fits


def _one_line(text: str, font: str, size: float, room: float, smallest: float) -> float | None:
    """The largest size from `size` down to `smallest` (in quarter points) at which `text`
    fits `room` on one line; None when none does."""
    while size >= smallest - 1e-9:
        if fonts.string_width(text, font, size) <= room:
            return size
        size -= 0.25
    return None


def _two_lines(
    parts: Sequence[str], font: str, size: float, room: float, smallest: float
) -> tuple[tuple[str, str], float] | None:
    """The parts on two lines, broken between parts, at the largest size both fit (from
    `size` down to `smallest`); None when no break and size fit."""
    while size >= smallest - 1e-9:
        for cut in range(1, len(parts)):
            first, second = SEP.join(parts[:cut]), SEP.join(parts[cut:])
            width = max(fonts.string_width(x, font, size) for x in (first, second))
            if width <= room:
                return (first, second), size
        size -= 0.25
    return None


def one_line(
    parts: Sequence[str], drop: Sequence[int], font: str, size: float, room: float, smallest: float
) -> Fitted:
    """`parts` on one line `room` points long, from `size` down to `smallest`, `drop` left
    off (first the one to go first) if it must: `fit_footer` in a band of one line."""
    return fit_footer(parts, drop, font, size, room, 0.0, smallest)


def fit_footer(
    parts: Sequence[str],
    drop: Sequence[int],
    font: str,
    size: float,
    room: float,
    height: float,
    smallest: float = MIN_SIZE,
) -> Fitted:
    """`parts` fitted to a line `room` points long in a band `height` points tall, at
    `size` or less: `drop` names the parts that may be left off (by index), first the one
    to go first; every other part is always drawn."""
    kept = [i for i in range(len(parts))]
    left: list[str] = []
    order = [i for i in drop if 0 <= i < len(parts)]
    two_size = min(size, height / (2 * LEADING))
    while True:
        shown = [parts[i] for i in kept]
        one = _one_line(SEP.join(shown), font, size, room, smallest)
        two = None
        if (one is None or one < two_size) and two_size >= smallest and len(shown) > 1:
            two = _two_lines(shown, font, two_size, room, max(smallest, one or 0.0))
        if two is not None and (one is None or two[1] > one):
            return Fitted(two[0], two[1], tuple(left))  # two lines set larger than one
        if one is not None:
            return Fitted((SEP.join(shown),), one, tuple(left))
        if not order:
            return Fitted((SEP.join(shown),), smallest, tuple(left), fits=False)
        gone = order.pop(0)
        kept.remove(gone)
        left.append(parts[gone])


class FooterReport:
    """The footers of one PDF (`document`) that lost parts or did not fit, by the sheet file
    whose footer they are (`Style.sheet`): a warning each (`issues`). One a PDF, filled as
    its pages are drawn, never compared: a plain class."""

    __slots__ = (
        "document",
        "smallest",
        "line",
        "advice",
        "kept",
        "alone",
        "shortened",
        "unfit",
        "left_off",
        "notes",
    )

    def __init__(
        self,
        document: str,
        smallest: float = MIN_SIZE,
        line: int | None = None,
        advice: str = (
            "Give it room: a larger [footer] font_size (7.2pt or more lets it take two "
            "lines), or a shorter game title"
        ),
        kept: str = "its page number and note are kept",
        alone: str = "its page number",
    ) -> None:
        self.document = document
        self.smallest = smallest  # the footers' least size
        self.line = line  # where the footers' file is told about (None: its [footer])
        self.advice = advice
        self.kept = kept  # what a shortened footer keeps
        self.alone = alone  # what an unfit footer without a note is left with
        self.shortened: dict[str, list[int]] = {}
        self.unfit: dict[str, list[int]] = {}
        self.left_off: dict[str, dict[str, None]] = {}
        self.notes: dict[str, str] = {}

    def add(self, sheet: str, page: int, fitted: Fitted, note: str) -> None:
        if fitted.fits and not fitted.left_off:
            return
        where = sheet or "layouts/sheets"
        (self.shortened if fitted.fits else self.unfit).setdefault(where, []).append(page)
        self.left_off.setdefault(where, {}).update(dict.fromkeys(fitted.left_off))
        if note and not fitted.fits:
            self.notes.setdefault(where, note)

    def issues(self, root: Path | None = None) -> list[Issue]:
        """A warning per sheet file, at its `[footer]` table's line when the file is
        under `root` (a project's own sheet)."""
        out = []
        least = f"{self.smallest:g}pt"
        for where, pages in self.unfit.items():
            note = self.notes.get(where)
            what = f"its note ({note!r}) and the page number" if note else self.alone
            out.append(
                Issue(
                    where,
                    self.line or _footer_line(root, where),
                    "footer",
                    f"{self.document}: {_pages(pages)}: the footer does not fit its line, "
                    f"not even at {least} with only {what} left; it runs past its room. "
                    f"{self.advice}",
                    "warning",
                )
            )
        for where, pages in self.shortened.items():
            gone = ", ".join(repr(x) for x in self.left_off.get(where, {}))
            out.append(
                Issue(
                    where,
                    self.line or _footer_line(root, where),
                    "footer",
                    f"{self.document}: {_pages(pages)}: the footer does not fit its line at "
                    f"{least}; left off: {gone} ({self.kept})",
                    "warning",
                )
            )
        return out


def _footer_line(root: Path | None, file: str) -> int | None:
    """The line of a sheet file's `[footer]` table (None: no such file or table, or a file
    the one reading door refuses: a link out of the project, a pipe, one too large)."""
    if root is None:
        return None
    try:
        text = read_text(root / file, root)
    except Unreadable:
        return None
    for n, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith("[footer]"):
            return n
    return None


def _pages(pages: list[int]) -> str:
    """ "page 3", "12 pages, first 2"."""
    return f"page {pages[0]}" if len(pages) == 1 else f"{len(pages)} pages, first {pages[0]}"


def title_report(catalog: Catalog, document: str, smallest: float, advice: str) -> FooterReport:
    """A report of one PDF's one-line footers (`one_line`), located at the game file's
    `title`: add each page with `title_file(catalog)` as its sheet."""
    return FooterReport(
        document,
        smallest,
        catalog.line("title"),
        advice,
        kept="the part naming its page is kept",
        alone="the part naming its page",
    )


def title_file(catalog: Catalog) -> str:
    """The game file, as messages name it: where a one-line footer's report points."""
    return str(catalog.display(catalog.folder / "game.toml"))
