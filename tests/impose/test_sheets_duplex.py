"""Backs that land right: every two-sided file cardstock writes, printed by a simulated
duplex printer (tests/helpers_printer.py). Every page is portrait, as the paper goes
through; the sheet is turned over on the edge its backs page's footer names, and every
back must land behind its own front, upright when the piece is turned over side to side,
within 0.1 mm: for the print-and-play and quick-reference files of the five games and a
double-sided test deck, and their rulebook booklets, on Letter and A4, long and short
edge, with one flip setting for the whole file; and a printer whose backs land off is
corrected by the offset its calibration sheet reads. The default run checks a sample of
the files (every game, kind, paper and flip at least once; `conftest.spread`), and builds
only those; CARDSTOCK_FULL=1 checks every one."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    FIXTURES,
    GAMES,
    ROOT,
    Rulebooks,
    job_of,
    load_games,
    spread,
    stage,
)
from helpers_printer import (
    TOLERANCE,
    Printer,
    Sheet,
    check_pieces,
    face_sizes,
    form_size,
    land,
    one_flip,
    read,
)
from helpers_sheets import read_pdf

from cardstock.books.booklet import booklet_order
from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_length
from cardstock.impose.calibration import calibration_pdf
from cardstock.impose.pnp import build_pnp, build_quickref

PAPERS = ("letter", "a4")
FLIPS = ("long", "short")
MM = parse_length("1mm")


@pytest.fixture(scope="module")
def catalogs():
    cats, issues = load_games(ROOT, list(GAMES))
    assert not issues.errors
    return {c.id: c for c in cats}


# A deck whose cards differ side by side (double-sided, each back saying whose it is), of
# two sizes, one of them wider than tall, beside the mini game's own deck, tokens and die.
DOUBLE_SIDED = (
    """
[[sets]]
id = "pairs"
name = "Pairs"
kind = "card"
group = "Pairs"
double_sided = true
fields = { secret = { type = "text" } }
rows = [
"""
    + "".join(
        f'  {{ id = "pair-{k}", name = "Pair {k}", count = {1 + k % 2}, secret = "the back of pair '
        f'{k}" }},\n'
        for k in range(1, 12)
    )
    + """]

[[sets]]
id = "wide"
name = "Wide"
kind = "card"
group = "Wide"
double_sided = true
size = "88.9mm x 63.5mm"
fields = { secret = { type = "text" } }
rows = [
"""
    + "".join(
        f'  {{ id = "wide-{k}", name = "Wide {k}", secret = "the back of wide {k}" }},\n'
        for k in range(1, 6)
    )
    + """]
"""
)


@pytest.fixture(scope="module")
def test_deck(tmp_path_factory):
    """The mini game with the double-sided decks, loaded."""
    root = tmp_path_factory.mktemp("deck")
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    path = root / "catalog" / "mini" / "game.toml"
    path.write_text(path.read_text(encoding="utf-8") + DOUBLE_SIDED, encoding="utf-8")
    (cat,), issues = load_games(root, ["mini"])
    assert not issues.errors, [i.render() for i in issues]
    return cat


class Built:
    """(game, kind, paper, flip) -> the file's bytes, built by the stages when first asked
    for: the five games and the test deck, with default options (flip on the long edge) and
    with --duplex short; `kind` is pnp, quickref or booklet (the rulebook's booklets: every
    game's on the long edge, Atmosfear's on the short edge too)."""

    def __init__(
        self, catalogs: dict[str, Any], folder: Path, shared: dict, books: Rulebooks
    ) -> None:
        self.catalogs = catalogs
        self.folder = folder
        # the shipped games' files with default options are the suite's shared builds
        self.found: dict[tuple[str, str, str, str], bytes] = {
            (g, kind, paper, "long"): data for (g, kind, paper), data in shared.items()
        }
        self.made = {(g, "sheets", "long") for g, _, _ in shared}
        for g, made in books.artifacts.items():
            for kind, paper, path in made:
                if kind == "booklet":
                    self.found[(g, "booklet", paper, "long")] = path.read_bytes()
            self.made.add((g, "booklet", "long"))

    def _make(self, gid: str, kind: str, duplex: str) -> None:
        part = "booklet" if kind == "booklet" else "sheets"
        if (gid, part, duplex) in self.made:
            return
        self.made.add((gid, part, duplex))
        cat = self.catalogs[gid]
        options = BuildOptions(out=self.folder / duplex, duplex=duplex)
        if part == "sheets":
            for make, name in ((build_pnp, "pnp"), (build_quickref, "quickref")):
                for a in make(job_of(cat, options)).artifacts:
                    self.found[(gid, name, str(a.paper), duplex)] = a.path.read_bytes()
        elif duplex == "long" or gid == "atmosfear":
            for a in stage("rulebook")(cat, options).artifacts:
                if a.kind == "booklet":
                    self.found[(gid, "booklet", str(a.paper), duplex)] = a.path.read_bytes()

    def __contains__(self, key: tuple[str, str, str, str]) -> bool:
        self._make(key[0], key[1], key[3])
        return key in self.found

    def __getitem__(self, key: tuple[str, str, str, str]) -> bytes:
        self._make(key[0], key[1], key[3])
        return self.found[key]


@pytest.fixture(scope="module")
def built(catalogs, test_deck, default_sheets, default_rulebooks, tmp_path_factory) -> Built:
    return Built(
        {**catalogs, "test-deck": test_deck},
        tmp_path_factory.mktemp("out"),
        default_sheets,
        default_rulebooks,
    )


@pytest.mark.parametrize(
    "game, kind, paper, flip", spread(["test-deck", *GAMES], ["pnp", "quickref"], PAPERS, FLIPS)
)
def test_every_back_of_a_sheet_file_lands_behind_its_own_front(
    catalogs, test_deck, built, game, kind, paper, flip
):
    key = (game, kind, paper, flip)
    catalog = test_deck if game == "test-deck" else catalogs[game]
    if key not in built:  # the test deck has no reference cards
        assert game == "test-deck" and kind == "quickref"
        return
    sheets = read(built[key])
    assert all(not s.landscape for s in sheets)  # every page portrait, as the paper goes through
    sizes, backs = face_sizes(catalog)
    assert one_flip(sheets) == flip
    landed = check_pieces(sheets, sizes, backs, Printer(flip))
    assert landed == sum(
        c.count
        for c in catalog.components
        if c.id in backs and (kind == "pnp" or c.kind == "reference")
    )


def test_the_test_deck_is_double_sided_in_both_shapes(test_deck):
    """What the test above prints: each pair's back is its own, wide cards among them."""
    sizes, backs = face_sizes(test_deck)
    pairs = [c for c in test_deck.components if c.set in ("pairs", "wide")]
    assert len({backs[c.id] for c in pairs}) == len(pairs) == 16
    assert any(sizes[backs[c.id]][0] > sizes[backs[c.id]][1] for c in pairs)


@pytest.mark.parametrize("game, paper", spread(GAMES, PAPERS))
def test_every_leaf_of_a_shipped_booklet_carries_the_next_page_behind_it(built, game, paper):
    flips = [flip for flip in FLIPS if (game, "booklet", paper, flip) in built]
    # what `Built` makes: every game's booklet on the long edge, Atmosfear's on the short
    # edge too; a booklet missing is a failure, not a test with nothing to look at
    assert flips == (["long", "short"] if game == "atmosfear" else ["long"])
    for flip in flips:
        leaves_land(read(built[(game, "booklet", paper, flip)]), flip)


def leaves_land(sheets: list[Sheet], flip: str) -> None:
    assert all(not s.landscape for s in sheets)
    edge = one_flip_of_booklet(sheets)
    assert edge == flip
    printer = Printer(edge)
    where = {f.key: n for n, s in enumerate(sheets) for f in s.faces}
    pages = len(where)
    assert sorted(where) == sorted(f"/ReadingPage{k}" for k in range(1, pages + 1))
    turned = 0
    for k in range(1, pages, 2):  # page k and k + 1 are the two sides of one leaf
        n = where[f"/ReadingPage{k}"]
        other = n + 1 if n % 2 == 0 else n - 1  # the other side of the same paper
        assert where[f"/ReadingPage{k + 1}"] == other
        landings, _ = land(
            sheets[n],
            sheets[other],
            printer,
            form_size,
            pairs=lambda f, k=k: f.key == f"/ReadingPage{k}",  # type: ignore[misc]
            same=lambda f, b, k=k: b.key == f"/ReadingPage{k + 1}",  # type: ignore[misc]
        )
        (one,) = landings
        assert one.miss <= TOLERANCE, (k, one.miss)
        turned += 1
    assert turned == pages // 2


def one_flip_of_booklet(sheets: list[Sheet]) -> str:
    """A booklet's back sides each name the flip (at their top edge), all the same one."""
    order = booklet_order(len([f for s in sheets for f in s.faces]))
    named = [s.flip() for s, side in zip(sheets, order) if side.face == "back"]
    assert named and None not in named and len(set(named)) == 1, named
    flip = named[0]
    assert flip is not None
    return flip


# ---------------------------------------------------------------- calibration


def calibrate(paper: str, printer: Printer) -> tuple[float, float]:
    """The back offset a user reads off the calibration sheet printed by `printer`: where
    each bold line of the front shows through the back's rulers (the ruler's position
    behind the line, less its zero tick), averaged, X on the horizontal rulers and Y on
    the vertical ones."""
    data = calibration_pdf(paper, printer.edge, (0.0, 0.0))
    _, (front, back) = read_pdf(data)
    (_, paper_back) = read(data)
    xs = sorted({round(a[0], 3) for a, b in front.lines["Reference"] if abs(a[0] - b[0]) < 0.01})
    ys = sorted({round(a[1], 3) for a, b in front.lines["Reference"] if abs(a[1] - b[1]) < 0.01})
    readings: dict[str, list[float]] = {"x": [], "y": []}
    for name, axis, lines in (("RulerX", 0, xs), ("RulerY", 1, ys)):
        ticks = [
            (a, b) for a, b in back.lines[name] if abs(a[axis] - b[axis]) < 0.01
        ]  # across the ruler
        longest = max(abs(a[1 - axis] - b[1 - axis]) for a, b in ticks)
        zeros = [a for a, b in ticks if abs(abs(a[1 - axis] - b[1 - axis]) - longest) < 0.01]
        for zero in zeros:
            # the point of the ruler (along its axis) that lands behind a front line
            def behind(t: float, zero: tuple[float, ...] = zero, axis: int = axis) -> float:
                p = list(zero)
                p[axis] = t
                return printer.behind(paper_back, (p[0], p[1]))[axis]

            slope = behind(1.0) - behind(0.0)
            for line in lines:
                t = (line - behind(0.0)) / slope
                if abs(t - zero[axis]) < 6 * MM:  # within the ruler
                    readings["x" if axis == 0 else "y"].append(t - zero[axis])
    assert len(readings["x"]) == len(readings["y"]) == 4, readings
    return (sum(readings["x"]) / 4, sum(readings["y"]) / 4)


@pytest.mark.parametrize("paper, flip", spread(PAPERS, FLIPS))
def test_a_printer_that_lands_backs_off_is_set_right_by_the_offset_its_calibration_sheet_reads(
    catalogs, test_deck, built, tmp_path, paper, flip
):
    """Letter poker pages are laid out landscape and turned onto the portrait page, A4's
    are not: the offset read on the portrait calibration sheet moves both the right way."""
    shift = (1.5 * MM, -0.8 * MM)  # where this printer puts every back, looking at the back
    printer = Printer(flip, shift=shift)
    reading = calibrate(paper, printer)
    assert reading == pytest.approx((-shift[0], -shift[1]), abs=0.01)
    for catalog in (catalogs["atmosfear"], test_deck):
        sizes, backs = face_sizes(catalog)
        expected = sum(c.count for c in catalog.components if c.id in backs)
        options = BuildOptions(out=tmp_path, papers=(paper,), duplex=flip, back_offset=reading)
        (made,) = build_pnp(job_of(catalog, options)).artifacts
        assert check_pieces(read(made.path.read_bytes()), sizes, backs, printer) == expected
        with pytest.raises(
            AssertionError, match="mm off"
        ):  # the file built without the offset misses
            check_pieces(
                read(
                    built[
                        ("test-deck" if catalog is test_deck else "atmosfear", "pnp", paper, flip)
                    ]
                ),
                sizes,
                backs,
                printer,
            )
