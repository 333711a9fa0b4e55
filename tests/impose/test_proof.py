"""`cardstock proof` writes a contact sheet of every face (PDF and PNG) with each problem
outlined and labelled where it is, and fit-report.csv; `--strict` fails when a problem is
found. `--cvd` adds the sheets as colour-blind players see them."""

from __future__ import annotations

import csv

import pytest
from helpers_pixels import pixels_near
from PIL import Image
from playtest_project import GAME, edit_row, project
from pypdf import PdfReader

from cardstock.cli import main
from cardstock.impose.proof import PROBLEM
from cardstock.layout.text.continued import PROBLEM as PART

LONG = " ".join(["Then draw a card, pass it to the left and say its name aloud."] * 30)


def proof(root, *args):
    return main(["--root", str(root), "proof", *args])


def problems(row):
    """A fit-report row's problems: its notes but the mark of a part of text that continues
    (a continued card, which proofs clean, has them)."""
    return [p for p in row["problems"].split("; ") if p and not PART.match(p)]


def problem_pixels(png):
    """How many pixels are the outline colour."""
    want = tuple(int(PROBLEM[i : i + 2], 16) for i in (1, 3, 5))
    return pixels_near(Image.open(png), want, 39)  # within 40, not at it


@pytest.mark.parametrize("card", ["Dawn", "Tide"])
def test_a_card_whose_text_is_too_long_is_outlined_and_reported(tmp_path, capsys, card):
    root = project(tmp_path / "p")
    assert proof(root, "--strict") == 0  # the starter proofs clean
    out = root / "output" / GAME / "proof"
    clean = problem_pixels(out / f"{GAME}-proof-1.png")
    edit_row(root, card, "text", LONG)
    capsys.readouterr()
    assert proof(root) == 0
    assert proof(root, "--strict") == 1
    rows = list(csv.DictReader((out / "fit-report.csv").open()))
    body = [r for r in rows if r["card"] == card.lower() and r["box"] == "card.body"]
    assert len(body) == 1 and body[0]["size_pt"] == body[0]["min_size_pt"]
    assert "minimum size" in body[0]["problems"] or "overflow" in body[0]["problems"]
    others = [r for r in rows if r["card"] != card.lower() and problems(r)]
    assert others == []
    assert problem_pixels(out / f"{GAME}-proof-1.png") > clean + 100  # the outline, drawn
    text = PdfReader(out / f"{GAME}-proof.pdf").pages[0].extract_text()
    assert f"{card.lower()}  (1 problem)" in text and "minimum size" in text or "overflow" in text


def test_every_face_is_on_the_contact_sheet(tmp_path):
    root = project(tmp_path / "p")
    assert proof(root) == 0
    out = root / "output" / GAME / "proof"
    text = " ".join(p.extract_text() for p in PdfReader(out / f"{GAME}-proof.pdf").pages)
    for label in ("dawn", "noon", "eclipse", "dusk", "tide", "midnight", "back-deck"):
        assert label in text
    rows = list(csv.DictReader((out / "fit-report.csv").open()))
    assert {"card", "box", "size_pt", "min_size_pt", "overflow_mm", "problems"} == set(rows[0])
    assert {r["card"] for r in rows} >= {"dawn", "midnight"}


def test_the_colour_vision_sheets_are_the_same_sheet_seen_otherwise(tmp_path):
    root = project(tmp_path / "p")
    assert proof(root, "--cvd") == 0
    out = root / "output" / GAME / "proof"
    plain = Image.open(out / f"{GAME}-proof-1.png").convert("RGB")
    seen = {}
    for d in ("protanopia", "deuteranopia", "tritanopia"):
        image = Image.open(out / f"{GAME}-proof-{d}-1.png").convert("RGB")
        assert image.size == plain.size
        pages = len(PdfReader(out / f"{GAME}-proof.pdf").pages)
        assert len(PdfReader(out / f"{GAME}-proof-{d}.pdf").pages) == pages
        seen[d] = image
    # white stays white, a saturated red does not stay red for protanopes
    assert seen["protanopia"].getpixel((2, 2)) == plain.getpixel((2, 2)) == (255, 255, 255)
    assert len({im.tobytes() for im in seen.values()} | {plain.tobytes()}) == 4
