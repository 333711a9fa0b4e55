"""Page boxes and font subset tags on the PDFs cardstock writes: rulebook pages say they
are cut at their edge (TrimBox = BleedBox = MediaBox), booklet sheets likewise, and no two
different fonts in one PDF share a subset tag."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

ROOT = Path(__file__).resolve().parents[2]


def fonts_of(reader: pypdf.PdfReader) -> set[str]:
    """Every embedded font's BaseFont, pages and forms (faces stored once) included."""
    seen: set[str] = set()

    def walk(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for ref in (resources.get("/Font") or {}).values():
            seen.add(str(ref.get_object()["/BaseFont"]))
        for ref in (resources.get("/XObject") or {}).values():
            x = ref.get_object()
            if x.get("/Subtype") == "/Form":
                walk(x.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return seen


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    from cardstock.cli import main

    out = tmp_path_factory.mktemp("out")
    assert (
        main(
            [
                "--root",
                str(ROOT),
                "build",
                "atmosfear",
                "--only",
                "rulebook,pnp,quickref,calibration,cards",
                "--paper",
                "letter",
                "--dpi",
                "10",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    return out


def test_every_pdf_names_each_font_subset_with_a_tag_of_its_own(built: Path):
    pdfs = sorted(built.rglob("*.pdf"))
    assert {p.name for p in pdfs} >= {
        "atmosfear-rulebook.pdf",
        "atmosfear-pnp-letter.pdf",
        "atmosfear-cards.pdf",
        "calibration-letter.pdf",
    }
    for pdf in pdfs:
        names = fonts_of(pypdf.PdfReader(pdf))
        assert len(names) >= 2, pdf.name
        tags = [n.lstrip("/").split("+")[0] for n in names]
        assert all(len(t) == 6 and t.isupper() for t in tags), names
        assert len(set(tags)) == len(tags), f"{pdf.name}: {sorted(names)}"


@pytest.mark.parametrize(
    "name", ["atmosfear-rulebook.pdf", "atmosfear-rulebook-booklet-letter.pdf"]
)
def test_book_pages_are_trimmed_at_their_edge(built: Path, name: str):
    reader = pypdf.PdfReader(built / "atmosfear" / name)
    for page in reader.pages:
        assert "/TrimBox" in page  # written, not pypdf's default
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [float(v) for v in page.mediabox], abs=0.01
        )
