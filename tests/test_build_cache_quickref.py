"""A rebuild of the reference cards after an edit: a quick-reference face is keyed by the text its
template renders to, not by every table of the game, so a one-card edit the text does not
print lays out that card's face alone. Counted by the build itself (`Outcome.laid_out`),
and checked against the PDF read back and a build made from nothing."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from conftest import copy_project
from pypdf import PdfReader

from cardstock.build import build as run_build
from cardstock.core.stage import BuildOptions
from cardstock.plan import Request

GAME = "alpha-omega-cards"
TABLE = "good.csv"
QUICKREF = f"{GAME}/{GAME}-quickref-letter.pdf"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = copy_project(tmp_path / "proj", (GAME,))
    return root


def build(root: Path, out: Path) -> int:
    """One build of the quick reference (the check lays out every face); faces laid out."""
    outcome = run_build(
        Request(
            root,
            (),
            BuildOptions(out=out, papers=("letter",), only=frozenset({"quickref"})),
            jobs=1,
        )
    )
    assert not outcome.failed
    return outcome.laid_out.get(GAME, 0)


def first_card(root: Path) -> dict[str, str]:
    raw = (root / "catalog" / GAME / TABLE).read_text(encoding="utf-8")
    return next(
        r
        for r in csv.DictReader(io.StringIO(raw))
        if r["text"] and '"' not in r["text"] and raw.count(r["name"]) == 1
    )


def replace_in_table(root: Path, old: str, new: str) -> None:
    path = root / "catalog" / GAME / TABLE
    raw = path.read_text(encoding="utf-8")
    assert raw.count(old) == 1
    path.write_text(raw.replace(old, new), encoding="utf-8")


def text_of(pdf: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_an_edit_the_reference_text_does_not_print_keeps_the_reference_faces(
    project: Path, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    out = project / "output"
    build(project, out)
    card = first_card(project)
    replace_in_table(project, card["text"], card["text"] + " (edited)")
    assert build(project, out) == 1  # that card's front; the reference card's sides are kept
    fresh = tmp_path / "fresh"
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "fresh-cache"))
    build(project, fresh)
    assert (out / QUICKREF).read_bytes() == (fresh / QUICKREF).read_bytes()


def test_an_edit_the_reference_text_prints_lays_its_side_out_again(
    project: Path, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    card = first_card(project)
    template = project / "layouts" / GAME / "quickref" / "scoring.md.j2"
    template.write_text(
        template.read_text(encoding="utf-8")
        + f"\n\nAlso in the deck: {{{{ component('{card['id']}').name }}}}\n",
        encoding="utf-8",
    )
    out = project / "output"
    build(project, out)
    assert f"Also in the deck: {card['name']}" in text_of(out / QUICKREF)
    replace_in_table(project, card["name"], "Renamed Card")
    assert build(project, out) == 2  # the card's front and the reference side that prints its name
    assert "Also in the deck: Renamed Card" in text_of(out / QUICKREF)
    fresh = tmp_path / "fresh"
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "fresh-cache"))
    build(project, fresh)
    assert (out / QUICKREF).read_bytes() == (fresh / QUICKREF).read_bytes()
