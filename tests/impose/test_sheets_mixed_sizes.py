"""Cards of different sizes share sheets: the room under the last, part-filled page of one
size takes the next size's first cards, as a block of their own that keeps the sheets'
guarantees (at least 2 mm of bleed on every cut it does not share, no cut shared by
cards of different sizes or backs, crop marks outside every card, backs mirrored behind
their own fronts). Checked on the page plans and on the written PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import job_of, load_games
from helpers_sheets import edge_bleeds
from pypdf import PdfReader

from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_length
from cardstock.impose.pnp import build_pnp, impose
from cardstock.impose.sheets import load_sheets
from cardstock.init import init_project

MM = parse_length("1mm")
GAME = "demo"

MINIS = """
[backs.minis]
title = "Minis"
color = "#7a4b2c"

[[sets]]
id = "minis"
name = "Minis"
kind = "card"
group = "Minis"
size = "mini"
back = "minis"
table = "minis.csv"
fields.text = { type = "text" }
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The starter cut to 12 printed poker cards, its designer's note and the note's
    continued part included (8 on a Letter page, so the second page holds one row), plus 5
    mini cards of another back."""
    root = tmp_path_factory.mktemp("mixed") / "proj"
    init_project(root, "Demo")
    game = root / "catalog" / GAME
    (game / "game.toml").write_text(
        (game / "game.toml").read_text(encoding="utf-8") + MINIS, encoding="utf-8"
    )
    table = (game / "cards.csv").read_text(encoding="utf-8")
    for name in ("Dawn", "Noon", "Dusk"):
        table = table.replace(f"{name},3,", f"{name},1,")
    (game / "cards.csv").write_text(table, encoding="utf-8")
    (game / "minis.csv").write_text(
        "name,count,text\nSpark,3,Take one.\nEmber,2,Give one.\n", encoding="utf-8"
    )
    return root


def plan(root: Path, paper: str, **opts):
    """The page plan of the printed cards: each card whose text continues followed by its
    other parts, as the print-and-play file holds them."""
    (game,), issues = load_games(root, [GAME])
    assert not issues.errors, [i.render() for i in issues]
    sheets, _ = load_sheets(root)
    options = BuildOptions(out=root / "output", **opts)
    job = job_of(game, options).printing()
    cat = job.catalog
    pages, findings = impose(
        cat,
        cat.components,
        lambda c, side, bleed: job.faces.face(job.faces.records.of(c), side, bleed=bleed),
        sheets,
        paper,
        options,
        (0.0, 0.0),
    )
    return cat, pages


def sizes(page) -> set[tuple[float, float]]:
    return {(round(p.trim.w / MM, 1), round(p.trim.h / MM, 1)) for p in page.placements}


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_mini_cards_go_under_the_last_poker_page_instead_of_starting_a_page(project, paper):
    cat, pages = plan(project, paper)
    fronts = [p for p in pages if p.role == "fronts"]
    poker = sum(c.count for c in cat.components if c.size == "poker")
    minis = sum(c.count for c in cat.components if c.size == "mini")
    assert sum(len(p.placements) for p in fronts) == poker + minis
    # 8 poker cards a page on Letter, 9 on A4: without sharing, the minis would start a page
    # of their own after the last, part-filled poker page
    per_page = 8 if paper == "letter" else 9
    full, rest = divmod(poker, per_page)
    assert rest and minis
    assert [len(p.placements) for p in fronts] == [per_page] * full + [rest + minis]
    shared = [p for p in fronts if len(sizes(p)) == 2]
    assert shared, [sizes(p) for p in fronts]
    page = shared[0]
    big = [p for p in page.placements if max(p.trim.w, p.trim.h) > 80 * MM]
    small = [p for p in page.placements if max(p.trim.w, p.trim.h) < 70 * MM]

    # the minis' block sits wholly beside the poker block (under it as planned, on a page
    # turned onto portrait paper to its side), bleed and marks included
    def bounds(ps):
        return (
            min(p.trim.x for p in ps),
            min(p.trim.y for p in ps),
            max(p.trim.x1 for p in ps),
            max(p.trim.y1 for p in ps),
        )

    (sx0, sy0, sx1, sy1), (bx0, by0, bx1, by1) = bounds(small), bounds(big)
    assert max(by0 - sy1, sy0 - by1, bx0 - sx1, sx0 - bx1) > 4 * MM
    # every cut edge a card does not share keeps 2 mm of bleed, and shared edges join like
    # cards only
    for edge in edge_bleeds(page):
        if edge.shared_with is None:
            assert edge.bleed >= 2 * MM - 1e-6
        else:
            assert edge.shared_with.back.key == edge.placement.back.key
            assert edge.shared_with.trim.h == pytest.approx(edge.placement.trim.h)
    # crop marks stay outside every card and there are marks at the minis' block
    for (ax, ay), (bx, by) in page.crop:
        for t in (p.trim for p in page.placements):
            assert not (
                t.x + 0.01 < max(ax, bx)
                and min(ax, bx) < t.x1 - 0.01
                and t.y + 0.01 < max(ay, by)
                and min(ay, by) < t.y1 - 0.01
            )
    assert any(
        sx0 - 0.01 <= (a[0] + b[0]) / 2 <= sx1 + 0.01
        or sy0 - 0.01 <= (a[1] + b[1]) / 2 <= sy1 + 0.01
        for a, b in page.crop
        if not (bx0 - 5 * MM < a[0] < bx1 + 5 * MM and by0 - 5 * MM < a[1] < by1 + 5 * MM)
    )
    # the backs page that follows mirrors each front's own back
    backs = pages[pages.index(page) + 1]
    assert backs.role == "backs"
    mirrored = {
        (round(page.width - p.trim.x1, 2), round(p.trim.y, 2)): p.back.key for p in page.placements
    }
    assert {
        (round(b.trim.x, 2), round(b.trim.y, 2)): b.face.key for b in backs.placements
    } == mirrored


def test_the_written_file_holds_both_sizes_on_one_sheet(project):
    (cat,), _ = load_games(project, [GAME])
    result = build_pnp(job_of(cat, BuildOptions(out=project / "output", papers=("letter",))))
    (made,) = result.artifacts
    reader = PdfReader(made.path)
    printed, pages = plan(project, "letter")
    poker = [c for c in printed.components if c.size == "poker"]
    sheets = -(-sum(c.count for c in poker) // 8)  # the poker cards' own sheets, 8 a page
    assert len(reader.pages) == len(pages) == 2 * sheets  # each sheet fronts and backs
    text = reader.pages[-2].extract_text()
    # a mini card and the last poker card on one sheet
    assert "Spark" in text and poker[-1].name in text, text
