"""Sheets a designer can trust, checked on every shipped game's print-and-play file on both
papers: the whole file prints duplex (each fronts page has its backs or a blank reverse),
cards with different backs never share a cut, every card and tile keeps at least 2 mm of
bleed beyond each cut edge it does not share, every cut line has its crop marks outside the
cards, and the footer says what bleed and margin the page achieved."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from conftest import job_of, lay_out, load_games, spread
from helpers_sheets import edge_bleeds, read_page
from pypdf import PdfReader

from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_length
from cardstock.impose.bleed import outline_of
from cardstock.impose.plan import Page
from cardstock.impose.pnp import build_pnp, impose
from cardstock.impose.sheets import load_sheets

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex")
PAPERS = ("letter", "a4")
MM = parse_length("1mm")
TOL = 0.01


@pytest.fixture(scope="module")
def catalogs():
    cats, issues = load_games(ROOT, list(GAMES))
    assert not issues.errors
    return {c.id: c for c in cats}


@pytest.fixture(scope="module")
def plans(catalogs):
    """(game, paper) -> the page plans of the game's PnP file, real faces, default options."""
    sheets, issues = load_sheets(ROOT)
    assert not issues
    out = {}
    for gid, cat in catalogs.items():
        cache: dict = {}

        def face_of(comp, side, bleed, cat=cat, cache=cache):
            key = (comp.id, side, bleed)
            if key not in cache:
                cache[key] = lay_out(cat, comp, side, bleed=bleed)
            return cache[key]

        for paper in PAPERS:
            pages, _ = impose(
                cat,
                cat.components,
                face_of,
                sheets,
                paper,
                BuildOptions(out=Path("unused")),
                (0.0, 0.0),
            )
            out[(gid, paper)] = pages
    return out


class Built:
    """One built PnP file, its pages read back on demand (reading every page of 400 is slow)."""

    def __init__(self, data: bytes):
        self.reader = PdfReader(io.BytesIO(data))
        self.sides = [set(SIDE.findall(p.get_contents().get_data())) for p in self.reader.pages]  # type: ignore[union-attr]  # pypdf: a page it wrote has contents
        self._read: dict[int, object] = {}

    def page(self, n: int):
        """Page n (from 0): its faces, tagged lines and text."""
        if n not in self._read:
            self._read[n] = read_page(self.reader, self.reader.pages[n], text=True)
        return self._read[n]

    def text(self, n: int) -> str:
        return " ".join(self.page(n).text.split())


SIDE = re.compile(rb"/Face <<[^>]*/S /(front|back)>> BDC")


@pytest.fixture(scope="module")
def pdfs(default_sheets):
    """(game, paper) -> the built PnP PDF (default options, built once per test run)."""
    return {(g, p): Built(data) for (g, kind, p), data in default_sheets.items() if kind == "pnp"}


def pattern(built: Built) -> str:
    """F: a page of fronts, B: a page of backs, -: a page with nothing but its footer."""
    return "".join("-" if not s else "B" if s == {b"back"} else "F" for s in built.sides)


@pytest.mark.parametrize("game, paper", spread(GAMES, PAPERS))
def test_the_whole_file_prints_duplex_each_fronts_page_with_its_backs_or_a_blank_reverse(
    pdfs, game, paper
):
    built = pdfs[(game, paper)]
    order = pattern(built)
    assert re.fullmatch(r"(FB|F-)+", order), order
    for n in range(0, len(order), 2):
        if order[n + 1] == "-":  # a single-sided page says so, and so does its blank reverse
            assert f"single-sided: page {n + 2} is its blank reverse" in built.text(n)
            assert f"blank reverse of page {n + 1}" in built.text(n + 1)
    first_backs = order.index("B")
    assert f"backs of page {first_backs}: print on its reverse" in built.text(first_backs)
    sizes = {(p.mediabox.width, p.mediabox.height) for p in built.reader.pages[:2]}
    assert len(sizes) == 1  # a page and its reverse are the same way round


def test_the_shipped_tiles_and_tokens_get_blank_reverses_not_the_backs_of_other_pieces(pdfs):
    order = pattern(pdfs[("alpha-omega-tiles", "letter")])
    assert (
        order.startswith("FB" * 4) and "F-" in order
    )  # hex tiles with backs, then tokens and standees alone


def shared_cuts(page):
    """Pairs of placements that share a cut: rectangles touching along an edge, hexes with
    a common edge."""
    placed = [(p, outline_of(p)) for p in page.placements if p.side == "front"]
    pairs = []
    for i, (a, pa) in enumerate(placed):
        for b, pb in placed[i + 1 :]:
            if pa is None or pb is None:
                continue
            if a.face.shape == "rect" and b.face.shape == "rect":
                ta, tb = a.trim, b.trim
                side_by_side = (abs(ta.x1 - tb.x) < TOL or abs(tb.x1 - ta.x) < TOL) and min(
                    ta.y1, tb.y1
                ) - max(ta.y, tb.y) > TOL
                stacked = (abs(ta.y1 - tb.y) < TOL or abs(tb.y1 - ta.y) < TOL) and min(
                    ta.x1, tb.x1
                ) - max(ta.x, tb.x) > TOL
                if side_by_side or stacked:
                    pairs.append((a, b))
            else:
                ea = {
                    frozenset(
                        (round(p[0], 1), round(p[1], 1)) for p in (pa[k], pa[(k + 1) % len(pa)])
                    )
                    for k in range(len(pa))
                }
                eb = {
                    frozenset(
                        (round(p[0], 1), round(p[1], 1)) for p in (pb[k], pb[(k + 1) % len(pb)])
                    )
                    for k in range(len(pb))
                }
                if ea & eb:
                    pairs.append((a, b))
    return pairs


@pytest.mark.parametrize("paper", PAPERS)
def test_cards_whose_backs_differ_never_share_a_cut(plans, paper):
    shared_same = 0
    for game in GAMES:
        for page in plans[(game, paper)]:
            for a, b in shared_cuts(page):
                assert a.back is not None and b.back is not None and a.back.key == b.back.key, (
                    game,
                    page.note,
                )
                shared_same += 1
    assert shared_same > 100  # same-back neighbours still share their cuts


@pytest.mark.parametrize("game, paper", spread(GAMES, PAPERS))
def test_every_card_and_tile_keeps_two_millimetres_of_bleed_beyond_each_cut_it_does_not_share(
    plans, game, paper
):
    measured = 0
    for page in plans[(game, paper)]:
        if page.role == "backs":
            continue
        for edge in edge_bleeds(page):
            if edge.shared_with is None:
                assert edge.bleed >= 2 * MM - 1e-6, (
                    game,
                    paper,
                    edge.placement.component,
                    edge.bleed / MM,
                )
                measured += 1
    assert measured > 0


def test_the_measured_bleed_of_a_grid_card_is_its_clip_box_beyond_the_trim(plans):
    """The measure itself, checked by hand on one card: the first card of Atmosfear's first
    page on A4 (3 x 3, top left) shows its clip box beyond its left and top edges: 2.0 mm
    across 210 mm less 5 mm margins, the full 3 mm down the page."""
    page = plans[("atmosfear", "a4")][0]
    first = page.placements[0]
    xs, ys = [q[0] for q in first.clip], [q[1] for q in first.clip]
    left, top = first.trim.x - min(xs), max(ys) - first.trim.y1
    assert left == pytest.approx(2.0 * MM, abs=0.05 * MM) and top == pytest.approx(3 * MM, abs=0.01)
    edges = {e.edge: e.bleed for e in edge_bleeds(page) if e.placement is first}
    t = first.trim
    assert edges[((t.x, t.y1), (t.x, t.y))] == pytest.approx(left, abs=0.01)  # the left edge
    assert edges[((t.x1, t.y1), (t.x, t.y1))] == pytest.approx(top, abs=0.01)  # the top edge


def cut_lines(page):
    """Every straight cut of a page of cards, from the trim boxes: (vertical, at, lo, hi),
    running along every trim edge that lies on it."""
    lines: dict[tuple[bool, float], tuple[float, float]] = {}
    for p in page.placements:
        t = p.trim
        for vertical, at, lo, hi in (
            (True, t.x, t.y, t.y1),
            (True, t.x1, t.y, t.y1),
            (False, t.y, t.x, t.x1),
            (False, t.y1, t.x, t.x1),
        ):
            key = (vertical, round(at, 2))
            old = lines.get(key, (lo, hi))
            lines[key] = (min(old[0], lo), max(old[1], hi))
    return [(v, at, lo, hi) for (v, at), (lo, hi) in sorted(lines.items())]


def _loose(p, page: Page) -> bool:
    """A piece cut along its own outline (a leftover card, a token, a die net) rather than
    along the crop marks of a grid: an outline of the page lies inside its trim box."""
    t = p.trim.grow(TOL, TOL, TOL, TOL)
    for o in page.outlines:
        if o.circle is not None:
            x, y, r = o.circle
            xs, ys = [x - r, x + r], [y - r, y + r]
        else:
            xs, ys = [q[0] for q in o.points], [q[1] for q in o.points]
        if xs and t.x <= min(xs) and max(xs) <= t.x1 and t.y <= min(ys) and max(ys) <= t.y1:
            return True
    return False


@pytest.mark.parametrize("paper", PAPERS)
def test_every_cut_line_of_a_card_page_has_a_crop_mark_at_both_ends_and_no_line_crosses_a_card(
    plans, pdfs, paper
):
    checked = 0
    for game in GAMES:
        seen = set()
        for n, plan in enumerate(plans[(game, paper)]):
            grid = [
                p for p in plan.placements if not _loose(p, plan)
            ]  # loose pieces are cut along their outlines
            slots = tuple((round(p.trim.x), round(p.trim.y)) for p in grid)
            if plan.role != "fronts" or not grid or slots in seen:  # each arrangement of cards once
                continue
            seen.add(slots)
            read = pdfs[(game, paper)].page(n)
            assert not plan.cuts and read.paths["CutLines"] == len(
                plan.outlines
            )  # no line drawn over the cards
            marks = read.lines["CropMarks"]
            grid_only = Page(plan.width, plan.height, plan.role, placements=grid)
            for vertical, at, lo, hi in cut_lines(grid_only):
                k, j = (0, 1) if vertical else (1, 0)  # across, along
                on_line = [m for m in marks if abs(m[0][k] - at) < TOL and abs(m[1][k] - at) < TOL]
                assert any(max(m[0][j], m[1][j]) < lo for m in on_line), (
                    game,
                    vertical,
                    at,
                )  # beyond the low end
                assert any(min(m[0][j], m[1][j]) > hi for m in on_line), (
                    game,
                    vertical,
                    at,
                )  # beyond the high end
                checked += 1
            for (ax, ay), (bx, by) in marks:  # outside every card's trim
                for b in (p.trim for p in plan.placements):
                    assert not (
                        b.x + TOL < max(ax, bx)
                        and min(ax, bx) < b.x1 - TOL
                        and b.y + TOL < max(ay, by)
                        and min(ay, by) < b.y1 - TOL
                    )
    assert checked > 100


@pytest.mark.parametrize("paper", PAPERS)
def test_the_footer_prints_the_bleed_and_margin_the_page_achieved(plans, pdfs, paper):
    for game in GAMES:
        seen = set()
        for n, plan in enumerate(plans[(game, paper)]):
            if (
                plan.role not in ("fronts", "pieces")
                or plan.bleed is None
                or round(plan.bleed, 1) in seen
            ):
                continue
            seen.add(round(plan.bleed, 1))
            text = pdfs[(game, paper)].text(n)
            found = re.search(r"bleed (\d+\.\d) mm or more, margin (\d+\.\d) mm", text)
            assert found, text
            assert float(found.group(1)) >= 2.0
            assert (
                plan.bleed / MM - 0.1 < float(found.group(1)) <= plan.bleed / MM + 1e-6
            )  # rounded down: never more than the page has
            assert float(found.group(2)) == pytest.approx(5.0)


@pytest.mark.parametrize("paper", PAPERS)
def test_a_few_leftover_pieces_go_where_there_is_room_instead_of_taking_a_sheet(plans, paper):
    for game in GAMES:
        printed = [p for p in plans[(game, paper)] if p.role in ("fronts", "pieces")]
        assert all(len(p.placements) > 1 for p in printed), (
            game
        )  # no lone tile, card or token on a sheet
    tiles = plans[("alpha-omega-tiles", paper)]
    hexes = [
        (n, p)
        for n, page in enumerate(tiles)
        if page.role in ("fronts", "pieces")
        for p in page.placements
        if p.face.shape == "hex"
    ]
    assert len(hexes) == 73
    # on Letter (18 to a honeycomb) the 73rd tile shares a page with other pieces, and keeps
    # its back
    mixed = [n for n, page in enumerate(tiles) if {p.face.shape for p in page.placements} > {"hex"}]
    if paper == "letter":
        assert mixed
    for n in mixed:
        page, backs = tiles[n], tiles[n + 1]
        assert backs.role == "backs"
        for p in page.placements:
            if p.back is not None:
                assert any(
                    b.face.key == p.back.key and abs(b.trim.x - (page.width - p.trim.x1)) < TOL
                    for b in backs.placements
                )


def test_a_sheet_that_cannot_keep_the_bleed_says_so_and_prints_what_it_has(catalogs):
    sheets, _ = load_sheets(ROOT)
    # a 74 mm margin leaves a 67.9 mm wide column on Letter: one card fits, its bleed and crop
    # marks do not
    wide = [
        s
        if s.stem != "cards"
        else type(s)(s.sheet.model_copy(update={"margin": 74 * MM}), s.file, s.stem)
        for s in sheets
    ]
    cat = catalogs["atmosfear"]
    cards = [c for c in cat.components if c.kind == "card"]
    pages, findings = impose(
        cat,
        cards,
        lambda c, side, bleed: lay_out(cat, c, side, bleed=bleed),
        wide,
        "letter",
        BuildOptions(out=Path("unused")),
        (0.0, 0.0),
    )
    warned = [f for f in findings if f.field == "marks.min_bleed"]
    assert warned and warned[0].level == "warning" and warned[0].file == "layouts/sheets/cards.toml"
    printed = [p for p in pages if p.role == "fronts"]
    assert (
        printed and printed[0].bleed is not None and printed[0].bleed < 2 * MM
    )  # and the footer says so


def printer_project(tmp_path: Path, profile: str) -> Path:
    import shutil

    shutil.copytree(ROOT / "catalog" / "atmosfear", tmp_path / "catalog" / "atmosfear")
    shutil.copytree(ROOT / "layouts" / "atmosfear", tmp_path / "layouts" / "atmosfear")
    shutil.copytree(ROOT / "layouts" / "sheets", tmp_path / "layouts" / "sheets")
    (tmp_path / "layouts" / "sheets" / "printers.toml").write_text(profile, encoding="utf-8")
    return tmp_path


def test_a_printer_profile_sets_the_margin_and_the_grid_follows(tmp_path):
    root = printer_project(tmp_path, '[printers.inkjet]\nmargin = "5mm"\ndefault = true\n')
    (cat,), _ = load_games(root, ["atmosfear"])
    (artifact,) = build_pnp(
        job_of(cat, BuildOptions(out=tmp_path / "out", papers=("a4",)))
    ).artifacts
    reader = PdfReader(artifact.path)
    first = reader.pages[0]
    assert float(first.mediabox.width) < float(first.mediabox.height)  # 3 x 3 on a portrait A4 page
    assert len(SIDE.findall(first.get_contents().get_data())) == 9
    assert "margin 5.0 mm" in " ".join(first.extract_text().split())


def test_a_printer_margin_below_three_millimetres_is_bad_input(tmp_path, cli):
    root = printer_project(tmp_path, '[printers.inkjet]\nmargin = "2mm"\ndefault = true\n')
    result = cli("--root", str(root), "build", "atmosfear", "--only", "pnp")
    assert result.code == 2
    assert (
        "layouts/sheets/printers.toml:2: printers.inkjet.margin: expected at least 3mm"
        in result.err
    )
    assert "Traceback" not in result.err


def test_art_cropped_by_its_box_does_not_count_as_the_background_of_the_text_below():
    """Only what a clip lets through is under the next box: a picture whose shapes reach
    past the art box's clip must not make the contrast lint read text below it as sitting
    on the picture's colour."""
    from cardstock.layout.ops import Group, Rect, rect_path
    from cardstock.layout.safety.ground import background, fills

    art = Group((Rect(0.0, 0.0, 100.0, 200.0, fill="#f5a623"),), rect_path(0.0, 0.0, 100.0, 50.0))
    painted = list(fills([Rect(0.0, 0.0, 100.0, 200.0, fill="#ffffff"), art]))
    assert background(painted, 50.0, 25.0) == "#f5a623"  # inside the clip: the picture
    assert background(painted, 50.0, 120.0) == "#ffffff"  # below the clip: the card
