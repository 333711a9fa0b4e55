"""docs/sheets.md shows, per paper and piece kind, the grid, margin and bleed the shipped
sheets achieve: the table is the one the code computes, so the two cannot drift."""

from __future__ import annotations

from pathlib import Path

from cardstock.impose.table import markdown, rows

ROOT = Path(__file__).resolve().parents[2]


def test_the_sheets_table_in_the_docs_is_what_the_code_achieves():
    doc = (ROOT / "docs" / "sheets.md").read_text(encoding="utf-8")
    shown = doc.split("<!-- sheets-table -->\n", 1)[1].split("\n<!-- /sheets-table -->", 1)[0]
    assert shown == markdown(ROOT)


# Every paper and piece kind keeps its bleed: packed pieces go inside the paint area inset
# by the bleed they paint (issue #45). A shortfall found later is held here, so it is seen.
SHORT_OF_BLEED: set[tuple[str, str]] = set()


def test_every_paper_and_piece_kind_keeps_two_millimetres_of_bleed_inside_the_margin():
    found = rows(ROOT)
    assert {(r.paper, r.pieces) for r in found} == {
        (p, k) for p in ("letter", "a4") for k in ("poker cards", "hex tiles", "round tokens")
    }
    short = set()
    for r in found:
        assert r.bleed is not None
        if r.bleed < 2 * 72 / 25.4 - 1e-6:
            short.add((r.paper, r.pieces))
        assert r.margin >= 5 * 72 / 25.4 - 1e-6, r
        assert r.per_page >= 8, r
    assert short == SHORT_OF_BLEED
