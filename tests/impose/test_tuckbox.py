"""Tuck boxes (`--only tuckbox`): a box for each deck (the cards sharing a back) of at least
`[print] tuckbox_min_cards` cards, as a net whose inside is the cards' size and the deck's
thickness with 1 mm of room on every side (read back from the PDF's fold marks), more for
sleeved cards; cut line closed, folds marked outside the net, every page portrait with the
net and its bleed inside the printer's margins."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from conftest import GAMES, ROOT, copy_project, load_games, spread, stage, validate
from helpers_sheets import PageRead, read_pdf

from cardstock.core.stage import BuildOptions
from cardstock.core.units import POINTS_PER, parse_length, parse_size

MM = POINTS_PER["mm"]
CARD_GAMES = [g for g in GAMES if g != "alpha-omega-tiles"]
PAPERS = ("letter", "a4")


def pages(path: Path) -> list[PageRead]:
    """Each page of a tuck-box PDF: its size, the segments of each tagged group of
    lines (/CutLine, /FoldMarks) in page coordinates, and its text."""
    return read_pdf(path.read_bytes(), text=True)[1]


def tagged_segments(
    page: PageRead, tag: str
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight segments drawn inside `/<tag> BMC … EMC`, in page coordinates."""
    return page.lines.get(tag, [])


def distinct(values: list[float], tol: float = 0.05) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > tol:
            out.append(v)
    return out


def inner_size(page) -> tuple[float, float, float]:
    """(width, height, depth) of a box's inside, in mm, from where its fold lines run:
    across the walls the folds are W, D, W apart; along them D, H, D."""
    marks = tagged_segments(page, "FoldMarks")
    xs = distinct([a[0] for a, b in marks if abs(a[0] - b[0]) < 0.01])
    ys = distinct([a[1] for a, b in marks if abs(a[1] - b[1]) < 0.01])
    assert len(xs) == 4 and len(ys) == 4, (xs, ys)
    gx = [(b - a) / MM for a, b in zip(xs, xs[1:])]
    gy = [(b - a) / MM for a, b in zip(ys, ys[1:])]
    walls, along = (gx, gy) if abs(gx[1] - gy[0]) < 0.05 else (gy, gx)
    assert abs(walls[0] - walls[2]) < 0.05 and abs(along[0] - along[2]) < 0.05
    return walls[0], along[1], walls[1]


@pytest.fixture(scope="module")
def shipped_build(default_tuckboxes: tuple[Path, str]) -> tuple[Path, str]:
    """The shipped games' tuck boxes with the default settings: the output folder and what
    the build printed to stderr (shared with the other test files that read them)."""
    return default_tuckboxes


@pytest.fixture(scope="module")
def boxes(shipped_build: tuple[Path, str]) -> Path:
    return shipped_build[0]


SIDE = 1.0  # mm of room between the deck and each wall, at the least (docs/sheets.md)
AIR = 0.05  # a stack of cards takes this much more depth than its cards' sum


def decks(game: str, boxed_only: bool = True) -> list[tuple[int, float, float, float]]:
    """(cards, card width mm, card height mm, thickness mm) of each deck, from the catalog;
    only the decks big enough for a box unless `boxed_only` is False."""
    (catalog,), _ = load_games(ROOT, [game])
    thickness = parse_length(catalog.game.print.card_thickness) / MM
    least = catalog.game.print.tuckbox_min_cards
    count: Counter = Counter()
    size = {}
    for c in catalog.components:
        if c.kind == "card" and c.count:
            count[c.back] += c.count
            size[c.back] = parse_size(c.size)
    return [
        (n, size[b][0] / MM, size[b][1] / MM, thickness)
        for b, n in count.items()
        if n >= least or not boxed_only
    ]


def footer_counts(page) -> tuple[int, int, int]:
    """(cards, box i, of n) as the footer states them."""
    text = page.text
    m = re.search(r"(\d+) cards at", text)
    assert m, text
    part = re.search(r"box (\d+) of (\d+)", text)
    return int(m.group(1)), int(part.group(1)) if part else 1, int(part.group(2)) if part else 1


@pytest.mark.parametrize("game, paper", spread(CARD_GAMES, PAPERS))
def test_each_box_holds_its_deck_with_a_millimetre_of_room_on_every_side(boxes, game, paper):
    expected = decks(game)
    boxed: Counter = Counter()
    for page in pages(boxes / game / f"{game}-tuckbox-{paper}.pdf"):
        w, h, d = inner_size(page)
        cards, _, _ = footer_counts(page)
        # at least 1 mm a side, and no sloppier than 1.5 mm a side
        match = [
            x
            for x in expected
            if 2 * SIDE - 0.05 <= w - x[1] <= 3 and 2 * SIDE - 0.05 <= h - x[2] <= 3
        ]
        assert match, (w, h)
        thickness = match[0][3]
        stack = cards * thickness
        assert 2 * SIDE - 0.05 <= d - stack <= 2 * SIDE + AIR * stack + 0.05, (d, cards)
        boxed[(round(match[0][1], 1), round(match[0][2], 1))] += cards
    # every card of a boxed deck is in a box: a deck too thick for one box is shared out
    assert sum(boxed.values()) == sum(n for n, *_ in expected)


@pytest.mark.parametrize("game", CARD_GAMES)
def test_a_deck_under_the_threshold_gets_no_box(boxes, game):
    """Decks of fewer than `[print] tuckbox_min_cards` (10 unless set) cards get no page;
    the shipped games have 1-, 4-, 6- and 8-card decks."""
    small = [n for n, *_ in decks(game, boxed_only=False) if n < 10]
    counts = [footer_counts(p)[0] for p in pages(boxes / game / f"{game}-tuckbox-letter.pdf")]
    assert all(n >= 10 for n in counts), counts
    assert sum(counts) == sum(n for n, *_ in decks(game))
    if game != "vortex":
        assert small, game  # every other shipped card game has a deck too small to box


@pytest.mark.parametrize("paper", PAPERS)
def test_every_page_is_portrait_with_the_net_and_its_bleed_inside_the_margins(boxes, paper):
    for game in CARD_GAMES:
        for page in pages(boxes / game / f"{game}-tuckbox-{paper}.pdf"):
            w, h = page.width, page.height
            assert w < h
            cut = tagged_segments(page, "CutLine")
            folds = tagged_segments(page, "FoldMarks")
            margin = 6 * MM
            for segments, bleed in ((cut, 3 * MM), (folds, 0.0)):  # the art runs 3 mm past the cut
                xs = [p[0] for s in segments for p in s]
                ys = [p[1] for s in segments for p in s]
                assert min(xs) - bleed >= margin - 0.01 and max(xs) + bleed <= w - margin + 0.01
                assert min(ys) - bleed >= margin - 0.01 and max(ys) + bleed <= h - margin + 0.01


def _inside(pt, polygon) -> bool:
    x, y = pt
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_the_cut_line_is_closed_and_no_fold_mark_falls_on_the_box(boxes):
    for game in CARD_GAMES:
        for page in pages(boxes / game / f"{game}-tuckbox-letter.pdf"):
            cut = tagged_segments(page, "CutLine")
            polygon = [a for a, _ in cut]
            assert len(cut) >= 20
            # closed: the last point drawn meets the first (ReportLab closes with `h`)
            assert all(
                abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) < 0.01
                for (_, a), (b, _) in zip(cut, cut[1:])
            )
            for a, b in tagged_segments(page, "FoldMarks"):
                for t in (0.0, 0.5, 1.0):
                    p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                    assert not _inside(p, polygon), (game, p)


def test_a_thicker_card_stock_makes_a_deeper_box(tmp_path):
    for page in _build_atmosfear(tmp_path, 'card_thickness = "0.5mm"'):
        _, _, d = inner_size(page)
        cards, _, _ = footer_counts(page)
        stack = cards * 0.5
        assert 2 * SIDE - 0.05 <= d - stack <= 2 * SIDE + AIR * stack + 0.05


def test_a_deck_too_thick_for_one_box_is_shared_out_over_boxes_that_fit(tmp_path):
    parts = [
        footer_counts(p) for p in _build_atmosfear(tmp_path, 'card_thickness = "1.2mm"', "letter")
    ]
    split = [p for p in parts if p[2] > 1]
    assert split, parts  # 73 cards of 1.2 mm do not fit one box on Letter
    assert sum(c for c, _, _ in split) == 73
    assert max(c for c, _, _ in split) - min(c for c, _, _ in split) <= 1  # shared out evenly


def _build_atmosfear(tmp_path: Path, settings: str, paper: str = "a4") -> list[PageRead]:
    """Atmosfear's tuck boxes on `paper` with `settings` added to its game file's [print]
    table: the game read as a build reads it, then the tuck-box stage (the build's rules
    check, which the boxes do not read, left out)."""
    game = copy_project(tmp_path, ("atmosfear",)) / "catalog" / "atmosfear" / "game.toml"
    text = game.read_text(encoding="utf-8")
    assert "[print]" in text
    game.write_text(text.replace("[print]", f"[print]\n{settings}", 1), encoding="utf-8")
    out = tmp_path / "out"
    (catalog,), issues = validate(tmp_path, ["atmosfear"], BuildOptions(out=out, papers=(paper,)))
    assert not issues.errors, [i.render() for i in issues.errors]
    stage("tuckbox")(catalog, BuildOptions(out=out, papers=(paper,)))
    return pages(out / "atmosfear" / f"atmosfear-tuckbox-{paper}.pdf")


@pytest.mark.parametrize("sleeves,wall", [("thin", 0.04), ("thick", 0.12)])
def test_sleeved_cards_get_a_wider_taller_and_deeper_box(tmp_path, sleeves, wall):
    """A sleeve is about 3 mm wider and taller than its card and adds two layers of film
    to every card; the box keeps its 1 mm of room around the sleeved deck."""
    found = _build_atmosfear(tmp_path, f'sleeves = "{sleeves}"')
    for page in found:  # 73 sleeved cards may take two boxes on A4
        w, h, d = inner_size(page)
        cards, _, _ = footer_counts(page)
        assert f"in {sleeves} sleeves" in page.text
        assert w == pytest.approx(63.5 + 3 + 2 * SIDE, abs=0.06)
        assert h == pytest.approx(88.9 + 3 + 2 * SIDE, abs=0.06)
        stack = cards * (0.32 + 2 * wall)
        assert d == pytest.approx(stack * (1 + AIR) + 2 * SIDE, abs=0.06)
    assert sum(footer_counts(p)[0] for p in found) == 73


def test_the_threshold_is_the_games_to_set(tmp_path, shipped_build):
    """`tuckbox_min_cards = 1` boxes the 6-card Key deck too; the default (the shipped
    build's) names it in a warning instead."""
    boxed = [footer_counts(p)[0] for p in _build_atmosfear(tmp_path, "tuckbox_min_cards = 1")]
    assert sorted(boxed) == [6, 73]
    out, err = shipped_build
    assert [footer_counts(p)[0] for p in pages(out / "atmosfear" / "atmosfear-tuckbox-a4.pdf")] == [
        73
    ]
    assert "no tuck box for Key (6 cards)" in err


def test_the_footer_writes_each_unit_once(boxes):
    for game in CARD_GAMES:
        for page in pages(boxes / game / f"{game}-tuckbox-a4.pdf"):
            text = " ".join(page.text.split())
            assert "mm mm" not in text and not re.search(r"\dmm", text), text
            assert re.search(
                r"cards at 0\.32 mm, unsleeved · inside [\d.]+ x [\d.]+ x [\d.]+ mm", text
            )
