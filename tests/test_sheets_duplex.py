"""Backs that land right: every two-sided file cardstock writes, printed by a simulated
duplex printer (tests/helpers_printer.py). Each fronts page goes on portrait paper (a
landscape page turned a quarter, either way), the sheet is turned over on the edge its
backs page's footer names, and every back must land behind its own front, upright when the
piece is turned over side to side, within 0.1 mm: for the print-and-play and
quick-reference files of the five games and their rulebook booklets, on Letter and A4,
with one flip setting for the whole file."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardstock.books.booklet import booklet_order
from cardstock.core.stage import BuildOptions
from cardstock.impose.pnp import build_pnp, build_quickref
from conftest import GAMES, ROOT, faces_of, load_games, stage
from helpers_printer import TOLERANCE, Printer, Sheet, form_size, land, read

PAPERS = ("letter", "a4")


@pytest.fixture(scope="module")
def catalogs():
    cats, issues = load_games(ROOT, list(GAMES))
    assert not issues.errors
    return {c.id: c for c in cats}


@pytest.fixture(scope="module")
def built(catalogs, tmp_path_factory):
    """(game, kind, paper) -> the file's bytes, built by the stages with default options."""
    out = tmp_path_factory.mktemp("out")
    options = BuildOptions(out=out)
    found = {}
    for gid, cat in catalogs.items():
        from conftest import job_of

        for make, kind in ((build_pnp, "pnp"), (build_quickref, "quickref")):
            for a in make(job_of(cat, options)).artifacts:
                found[(gid, kind, a.paper)] = a.path.read_bytes()
        for a in stage("rulebook")(cat, options).artifacts:
            if a.kind == "booklet":
                found[(gid, "booklet", a.paper)] = a.path.read_bytes()
    return found


def face_sizes(catalog) -> tuple[dict[str, tuple[float, float]], dict[str, str]]:
    """Face key -> trim size, and component -> the key of the back it must show."""
    faces = faces_of(catalog)
    sizes: dict[str, tuple[float, float]] = {}
    backs: dict[str, str] = {}
    for comp in catalog.components:
        for side in ("front", "back"):
            f = faces.outline(comp, side, bleed=True)
            if f is not None:
                sizes[f.key] = (f.width, f.height)
                if side == "back":
                    backs[comp.id] = f.key
    return sizes, backs


def one_flip(sheets: list[Sheet]) -> str:
    """The flip the file's backs pages name: every one names it, and names the same."""
    named = [s.flip() for s in sheets if any(f.side == "back" for f in s.faces)]
    assert named and None not in named, "every backs page names the flip in its footer"
    assert len(set(named)) == 1, f"one setting for the whole file, not {set(named)}"
    return named[0]


def check_pieces(sheets: list[Sheet], sizes, backs, printer: Printer) -> int:
    """Every front with a back has its backs page next, and there each back lands behind
    its own front and shows the component's back; no back is left over. Returns how many
    backs landed."""
    landed = 0
    for n, sheet in enumerate(sheets):
        fronts = [f for f in sheet.faces if f.side == "front" and f.component in backs]
        if not fronts:
            continue
        behind = sheets[n + 1]
        landings, stray = land(sheet, behind, printer, lambda f: sizes[f.key], pairs=lambda f: f.component in backs)
        assert not stray, f"page {behind.number}: backs behind no front of their own: {[b.component for b in stray]}"
        for one in landings:
            assert one.back is not None, f"page {sheet.number}: {one.front.component} has no back behind it"
            assert one.miss <= TOLERANCE, f"page {sheet.number}: the back of {one.front.component} lands {one.miss / 2.835:.2f} mm off"
            assert one.back.key == backs[one.front.component]
            landed += 1
    return landed


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", ["pnp", "quickref"])
@pytest.mark.parametrize("game", GAMES)
def test_every_back_of_a_shipped_sheet_file_lands_behind_its_own_front(catalogs, built, game, kind, paper):
    sheets = read(built[(game, kind, paper)])
    sizes, backs = face_sizes(catalogs[game])
    edge = one_flip(sheets)
    assert edge == "long"  # the default
    landed = sum(check_pieces(sheets, sizes, backs, Printer(edge, turn)) for turn in (90, -90))
    expected = sum(c.count for c in catalogs[game].components if c.id in backs and (kind == "pnp" or c.kind == "reference"))
    assert landed == 2 * expected


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_leaf_of_a_shipped_booklet_carries_the_next_page_behind_it(built, game, paper):
    sheets = read(built[(game, "booklet", paper)])
    edge = one_flip_of_booklet(sheets)
    printer = Printer(edge)
    where = {f.key: n for n, s in enumerate(sheets) for f in s.faces}
    pages = len(where)
    assert sorted(where) == sorted(f"/ReadingPage{k}" for k in range(1, pages + 1))
    turned = 0
    for k in range(1, pages, 2):  # page k and k + 1 are the two sides of one leaf
        n = where[f"/ReadingPage{k}"]
        other = n + 1 if n % 2 == 0 else n - 1  # the other side of the same paper
        assert where[f"/ReadingPage{k + 1}"] == other
        landings, _ = land(sheets[n], sheets[other], printer, form_size, pairs=lambda f: f.key == f"/ReadingPage{k}",
                           same=lambda f, b: b.key == f"/ReadingPage{k + 1}")
        (one,) = landings
        assert one.miss <= TOLERANCE, (k, one.miss)
        turned += 1
    assert turned == pages // 2


def one_flip_of_booklet(sheets: list[Sheet]) -> str:
    """A booklet's back sides each name the flip (at their top edge), all the same one."""
    order = booklet_order(len([f for s in sheets for f in s.faces]))
    named = [s.flip() for s, side in zip(sheets, order) if side.face == "back"]
    assert named and None not in named and len(set(named)) == 1, named
    return named[0]
