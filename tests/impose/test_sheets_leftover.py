"""Pages holding only a few pieces share a sheet with room instead of taking one (and a
blank reverse) of their own: a page's whole block moves beside another page's pieces when
it fits, keeping every guarantee of docs/sheets.md. Checked on the real PDF read back."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from conftest import job_of, load_games
from helpers_sheets import read_pdf

from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_length
from cardstock.impose.pnp import build_pnp

ROOT = Path(__file__).resolve().parents[2]
MM = parse_length("1mm")
DICE = {"duel-die", "ruling-die", "symbol-die"}


@pytest.fixture(scope="module")
def atmosfear(tmp_path_factory):
    """Atmosfear's PnP file on each paper, read back: paper -> (reader, pages)."""
    (cat,), issues = load_games(ROOT, ["atmosfear"])
    assert not issues.errors
    out = tmp_path_factory.mktemp("pnp")
    result = build_pnp(job_of(cat, BuildOptions(out=out, papers=("letter", "a4"))))
    read = {}
    for artifact in result.artifacts:
        paper = "letter" if "letter" in artifact.path.name else "a4"
        read[paper] = read_pdf(artifact.path.read_bytes(), text=True)
    return read


def _overlap(a, b, pad: float = 0.0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_die_nets_share_a_sheet_with_other_pieces(atmosfear, paper):
    """The last two tarot-sized reference cards (four a page) leave room for the three
    nets beside them, on either paper."""
    reader, pages = atmosfear[paper]
    with_dice = [n for n, p in enumerate(pages) if {f.component for f in p.faces} & DICE]
    assert len(with_dice) == 1, with_dice  # all three nets on one page ...
    (n,) = with_dice
    page = pages[n]
    others = [f for f in page.faces if f.component not in DICE]
    assert others, "the nets have a page of their own"  # ... beside other pieces
    assert {f.component for f in page.faces} >= DICE
    # the others have printed backs: the next page is their backs page, not a blank reverse
    assert {f.side for f in pages[n + 1].faces} == {"back"}
    assert all(f.component not in DICE for f in pages[n + 1].faces)  # nothing behind a net
    # each net paints nowhere near another piece (2 mm bleed each side and room to cut)
    for net in (f for f in page.faces if f.component in DICE):
        for other in others:
            assert not _overlap(net.clip(), other.clip(), 2 * MM), (net.component, other.component)
        for (ax, ay), (bx, by) in page.lines.get("CropMarks", []):  # no crop mark runs into a net
            seg = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
            assert not _overlap(seg, net.clip()), (net.component, seg)


def test_the_die_nets_take_no_sheet_more_than_the_cards_need(atmosfear):
    """Once, Letter gave the nets a page and a blank reverse besides the cards' (26
    pages). The cards alone need what their grids hold: the poker cards eight a page on
    Letter and nine on A4, the tarot-sized reference cards four a page on both (their
    pages cannot take poker cards, nor the poker pages a tarot card). The nets take no
    sheet of their own: Letter 10 + 2 sheets, A4 9 + 2."""
    (cat,), _ = load_games(ROOT, ["atmosfear"])
    count = {
        size: sum(
            c.count for c in cat.components if c.kind in ("card", "reference") and c.size == size
        )
        for size in ("poker", "2.75in x 4.75in")
    }
    sheets = {
        paper: math.ceil(count["poker"] / most) + math.ceil(count["2.75in x 4.75in"] / 4)
        for paper, most in (("letter", 8), ("a4", 9))
    }
    letter, a4 = len(atmosfear["letter"][1]), len(atmosfear["a4"][1])
    assert (letter, a4) == (2 * sheets["letter"], 2 * sheets["a4"]) == (24, 22)
    _, pages = atmosfear["letter"]
    cards = [
        len([f for f in p.faces if f.component not in DICE])
        for p in pages
        if p.faces and {f.side for f in p.faces} == {"front"}
    ]
    assert sum(cards) == sum(count.values()) == 85 and len(cards) == 12


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_file_still_prints_duplex_page_by_page(atmosfear, paper):
    """Every printed fronts page is followed by its backs or a blank reverse, so the
    sharing never puts a piece on the back of another."""
    reader, pages = atmosfear[paper]
    assert len(pages) % 2 == 0
    for n in range(0, len(pages), 2):
        front, back = pages[n], pages[n + 1]
        assert front.faces and {f.side for f in front.faces} == {"front"}, n
        behind = {f.component for f in back.faces}
        assert {f.side for f in back.faces} <= {"back"}, n
        assert behind <= {f.component for f in front.faces}, n
        if not back.faces:
            assert "blank reverse" in " ".join(back.text.split()), n


def test_two_part_filled_pages_of_single_sided_tokens_become_one_sheet():
    """Tokens laid out on two pages of their own (each single-sided) go on one page when
    both blocks fit there: one sheet (in a two-sided file, one blank reverse), every token
    still inside its own cut outline and clear of the others."""
    from conftest import lay_out

    from cardstock.impose.leftover import place_blocks
    from cardstock.impose.plan import add_backs
    from cardstock.impose.pnp import doc_info, impose
    from cardstock.impose.render import write_pdf
    from cardstock.impose.sheets import load_sheets
    from cardstock.render.pdf import PdfFaces

    (cat,), issues = load_games(ROOT, ["alpha-omega-tiles"])
    assert not issues.errors
    sheets, _ = load_sheets(ROOT)
    tokens = [c for c in cat.components if c.kind == "token"][:2]
    faces = lambda comp, side, bleed: lay_out(cat, comp, side, bleed=bleed)  # noqa: E731
    opts = BuildOptions(out=Path("unused"))
    apart = [impose(cat, [t], faces, sheets, "letter", opts, (0.0, 0.0))[0] for t in tokens]
    assert [[p.role for p in pages] for pages in apart] == [["pieces"], ["pieces"]]
    shared = place_blocks([pages[0] for pages in apart])
    assert len(shared) == 1
    data = b"".join(
        write_pdf(
            add_backs(shared, None, "long", (0.0, 0.0)), doc_info(cat, "letter", "pnp"), PdfFaces
        )
    )
    _, pages = read_pdf(data)
    assert len(pages) == 2 and not pages[1].faces  # one sheet: the tokens and a blank reverse
    placed = pages[0].faces
    assert sorted(f.component for f in placed) == sorted(
        t.id for t in tokens for _ in range(t.count)
    )
    assert pages[0].paths["CutLines"] >= len(placed)  # each token keeps its cut outline
    boxes = [f.clip() for f in placed]
    for i, a in enumerate(boxes):  # no token paints over another
        for b in boxes[i + 1 :]:
            assert not _overlap(a, b, -0.01)
