"""The proof sheets of an edition (`cardstock proof --edition`) outline what the print-safety
measures found on the edition's own faces: a colour face's low contrast, which the edition
fixed, is not outlined on the edition's sheets (read back from the proof PDFs)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from playtest_project import GAME, project
from pypdf import PdfReader

from cardstock.cli import main

PALE = '\n[layouts.card.boxes.title]\ncolor = "#c8c8c8"\n'  # 1.7:1 on white


def _proofed(root: Path, game: str) -> tuple[str, list[dict[str, str]]]:
    """The words of a game's proof sheets and the rows of its fit report."""
    folder = root / "output" / game / "proof"
    text = "\n".join(p.extract_text() for p in PdfReader(folder / f"{game}-proof.pdf").pages)
    with (folder / "fit-report.csv").open(encoding="utf-8") as f:
        return text, list(csv.DictReader(f))


@pytest.fixture(scope="module")
def proofed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = project(tmp_path_factory.mktemp("proof-editions") / "p")
    faces = root / "layouts" / GAME / "faces.toml"
    faces.write_text(faces.read_text(encoding="utf-8") + PALE, encoding="utf-8")
    args = ["--root", str(root), "proof", "--edition", "ink-saver,high-contrast"]
    assert main(args) == 0
    return root


def test_the_colour_sheets_outline_the_pale_run(proofed: Path) -> None:
    text, rows = _proofed(proofed, GAME)
    assert "contrast" in text
    assert {r["box"] for r in rows if "contrast" in r["problems"]} == {"card.title", "note.title"}


@pytest.mark.parametrize("edition", ["ink-saver", "high-contrast"])
def test_an_editions_sheets_outline_only_what_its_own_faces_lack(
    proofed: Path, edition: str
) -> None:
    text, rows = _proofed(proofed, f"{GAME}-{edition}")
    assert rows and all("contrast" not in r["problems"] for r in rows), edition
    assert "contrast" not in text, edition
    assert "card.title" in {r["box"] for r in rows}  # the box is on the sheets, clean
