"""Pages laid out without a sheet (tuck boxes, boards in tiles, print-then-cut sheets) keep
the printer profile's margin, as the sheets do: with a default printer of 15 mm, no pixel
of any of their pages is inked within 15 mm of the paper's edge. The default (5 mm) keeps
their own 6 mm; a printer whose margin the Silhouette marks would fall inside is bad input."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import FIXTURES, ROOT

from cardstock.cli import main
from cardstock.core.units import POINTS_PER

MM = POINTS_PER["mm"]
MARGIN = 15  # mm
DPI = 72
PRINTERS = f"""
[printers.wide]
description = "A printer that leaves a wide white edge"
margin = "{MARGIN}mm"
default = true
"""


def project(tmp_path: Path, margin: bool = True) -> Path:
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    game = tmp_path / "catalog" / "mini" / "game.toml"
    game.write_text(  # its 6-card deck boxed too (docs/sheets.md, "Tuck boxes")
        game.read_text(encoding="utf-8").replace("[print]\n", "[print]\ntuckbox_min_cards = 1\n")
        + """
[[sets]]
id = "boards"
name = "Boards"
kind = "board"
group = "Board"
size = "420mm x 300mm"
rows = [
  { id = "map", name = "The Map", count = 1 },
]
""",
        encoding="utf-8",
    )
    if margin:
        sheets = tmp_path / "layouts" / "sheets"
        shutil.copytree(ROOT / "layouts" / "sheets", sheets)
        (sheets / "printers.toml").write_text(
            (sheets / "printers.toml").read_text(encoding="utf-8") + PRINTERS, encoding="utf-8"
        )
        # Silhouette's marks moved in past the printer's margin, as the machine's software is set
        text = (ROOT / "layouts" / "cut-machines.toml").read_text(encoding="utf-8")
        (tmp_path / "layouts" / "cut-machines.toml").write_text(
            text.replace('inset = "10mm"', 'inset = "16mm"'), encoding="utf-8"
        )
    return tmp_path


def inked_within(pdf: Path, mm: float) -> list[str]:
    """Where a page has a pixel darker than white within `mm` of its edge."""
    found = []
    doc = pdfium.PdfDocument(str(pdf))
    for n in range(len(doc)):
        image = doc[n].render(scale=DPI / 72).to_pil().convert("L")
        band = int(mm / 25.4 * DPI) - 1  # a pixel inward for antialiasing at the boundary
        w, h = image.size
        for name, box in (
            ("left", (0, 0, band, h)),
            ("right", (w - band, 0, w, h)),
            ("top", (0, 0, w, band)),
            ("bottom", (0, h - band, w, h)),
        ):
            if image.crop(box).getextrema()[0] < 250:
                found.append(f"{pdf.name} page {n + 1} {name}")
    doc.close()
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = project(tmp_path_factory.mktemp("margin"))
    out = root / "out"
    for machine in ("silhouette", "cricut"):
        assert (
            main(
                [
                    "--root",
                    str(root),
                    "build",
                    "mini",
                    "--only",
                    "tuckbox,board,cut",
                    "--cut",
                    machine,
                    "--out",
                    str(out),
                ]
            )
            == 0
        )
    return out / "mini"


@pytest.mark.parametrize(
    "pattern",
    [
        "mini-tuckbox-*.pdf",
        "mini-board-letter.pdf",
        "mini-board-a4.pdf",
        "cut/mini-silhouette-*.pdf",
        "cut/mini-cricut-*.pdf",
    ],
)
def test_nothing_is_printed_inside_the_printer_profiles_margin(built, pattern):
    files = sorted(built.glob(pattern))
    assert files, pattern
    for pdf in files:
        assert inked_within(pdf, MARGIN) == []


def test_the_pages_use_the_room_up_to_the_margin(built):
    """Not merely blank: the art and the footer reach to within a few millimetres of the
    margin, so the margin is where the layout stops (not a page shrunk for another reason)."""
    for pdf in [
        *built.glob("mini-tuckbox-letter.pdf"),
        built / "mini-board-letter.pdf",
        *built.glob("cut/mini-silhouette-letter.pdf"),
    ]:
        assert inked_within(pdf, MARGIN + 4), pdf


def test_without_a_profile_margin_the_pages_keep_their_own_6mm(tmp_path):
    root = project(tmp_path, margin=False)
    out = root / "out"
    assert (
        main(["--root", str(root), "build", "mini", "--only", "tuckbox,board", "--out", str(out)])
        == 0
    )
    pages = [
        p for p in (out / "mini").glob("*.pdf") if p.name != "mini-board-map.pdf"
    ]  # the whole board prints to its edge
    assert len(pages) == 4
    for pdf in pages:
        assert inked_within(pdf, 6) == [], pdf
    assert any(inked_within(pdf, MARGIN) for pdf in pages)  # closer than the wide printer's


def test_silhouette_marks_inside_the_printers_margin_are_bad_input(tmp_path, capsys):
    root = project(tmp_path)
    (root / "layouts" / "cut-machines.toml").unlink()  # the shipped marks, 10 mm in
    assert (
        main(
            [
                "--root",
                str(root),
                "build",
                "mini",
                "--only",
                "cut",
                "--cut",
                "silhouette",
                "--out",
                str(root / "out"),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert (
        "cut-machines.toml: machines.silhouette.inset: the registration marks sit 10.0mm from the "
        "paper's edge, inside the printer's margin of 15.0mm" in err
    )
    assert not (root / "out" / "mini").exists()
