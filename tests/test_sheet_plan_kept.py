"""A `--watch` process keeps each sheet file's page plan (`impose.planned`): after an edit
that changes what a card shows and nothing planning reads, the sheets are drawn from the
plan kept, and the file is the one a build from nothing writes; an edit of what planning
reads (a count, the cards' size or bleed) plans the file again."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers_generated import generated_game
from pypdf import PdfReader

from cardstock.build import Request
from cardstock.build import build as run_build
from cardstock.core.stage import BuildOptions
from cardstock.impose import planned
from cardstock.layout.faces import KeptFaces

PDF = Path("gen") / "gen-pnp-letter.pdf"


def options(out: Path) -> BuildOptions:
    return BuildOptions(out=out, papers=("letter",), only=frozenset({"pnp"}))


def cold_sheets(root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """The sheet file a one-process build from nothing writes of the project as it is."""
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cold-cache"))
    out = tmp_path / "cold"
    assert not run_build(Request(root, (), options(out), jobs=1)).failed
    return (out / PDF).read_bytes()


def watched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, old: str, new: str
) -> tuple[tuple[int, int], bytes, bytes, bytes]:
    """A game built twice by one `--watch`-like process, `old` replaced by `new` in its file
    `name` between the builds: the sheet files the second build planned and took as kept,
    the sheets before the edit and after it, and the sheets a build from nothing writes
    after it."""
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    generated_game(tmp_path, 12)
    out = tmp_path / "output"
    kept = KeptFaces()
    request = Request(tmp_path, (), options(out), jobs=1)
    assert not run_build(request, kept=kept).failed
    before = (out / PDF).read_bytes()
    edited = tmp_path / "catalog" / "gen" / name
    text = edited.read_text(encoding="utf-8")
    assert old in text
    edited.write_text(text.replace(old, new), encoding="utf-8")
    plans, reused = planned.STATS.planned, planned.STATS.kept
    assert not run_build(request, kept=kept).failed
    counts = (planned.STATS.planned - plans, planned.STATS.kept - reused)
    return counts, before, (out / PDF).read_bytes(), cold_sheets(tmp_path, tmp_path, monkeypatch)


def pages(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def test_an_edit_of_a_cards_text_draws_the_sheets_from_the_plan_kept(tmp_path, monkeypatch):
    counts, _, made, cold = watched(
        tmp_path, monkeypatch, "cards.csv", "c7,Card 7,", "c7,Card Seven,"
    )
    assert counts == (0, 1)
    assert made == cold
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(made)).pages)
    assert "Card Seven" in text and "Card 7" not in text


def test_an_edit_of_a_count_plans_the_sheets_again(tmp_path, monkeypatch):
    counts, before, made, cold = watched(
        tmp_path, monkeypatch, "cards.csv", "c7,Card 7,1,", "c7,Card 7,12,"
    )
    assert counts == (1, 0)
    assert made == cold
    assert pages(made) > pages(before)  # 23 cards: a third fronts page and its backs


def test_an_edit_of_the_cards_size_plans_the_sheets_again(tmp_path, monkeypatch):
    counts, before, made, cold = watched(
        tmp_path, monkeypatch, "game.toml", 'kind = "card"\n', 'kind = "card"\nsize = "mini"\n'
    )
    assert counts == (1, 0)
    assert made == cold
    assert pages(made) < pages(before)  # twelve mini cards fit on one page


def test_an_edit_of_the_faces_bleed_plans_the_sheets_again(tmp_path, monkeypatch):
    """The bleed is the faces' own (`[print] bleed`): no component's field changes."""
    last = 'fields.text = { type = "text" }\n'
    counts, before, made, cold = watched(
        tmp_path, monkeypatch, "game.toml", last, f'{last}\n[print]\nbleed = "1mm"\n'
    )
    assert counts == (1, 0)
    assert made == cold and made != before
