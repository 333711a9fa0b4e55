"""A game's books in an edition: `build --edition ink-saver --large-print` writes the
edition's reading PDF, booklet, large-print rulebook and quick reference under its own
name, their pictures of the faces the edition's: read back, each prints less ink than
the colour file beside it (the large-print quick reference, words alone, as much)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from conftest import ROOT

from cardstock.cli import main
from cardstock.render.ink import page_coverage

GAME = "alpha-omega-tiles"  # the smallest shipped game: a face on most pages of its book
PICTURED = ("rulebook", "rulebook-booklet-letter", "rulebook-large-print", "quickref-letter")


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("books-editions") / "out"
    args = ["--root", str(ROOT), "build", GAME, "--edition", "ink-saver", "--paper", "letter"]
    args += ["--only", "rulebook,quickref", "--large-print", "--out", str(folder)]
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(args) == 0, err.getvalue()
    return folder


def _ink(path: Path) -> float:
    """The mean ink of a PDF's pages, 0 to 1."""
    pages = page_coverage(path.read_bytes())
    return sum(pages) / len(pages)


@pytest.mark.parametrize("kind", PICTURED)
def test_the_editions_book_prints_less_ink_than_the_colour_one(out: Path, kind: str) -> None:
    colour = out / GAME / f"{GAME}-{kind}.pdf"
    edition = out / f"{GAME}-ink-saver" / f"{GAME}-ink-saver-{kind}.pdf"
    assert _ink(edition) < _ink(colour), kind


def test_the_large_print_quick_reference_is_words_alone_in_either(out: Path) -> None:
    colour = out / GAME / f"{GAME}-quickref-large-print.pdf"
    edition = out / f"{GAME}-ink-saver" / f"{GAME}-ink-saver-quickref-large-print.pdf"
    assert edition.is_file() and _ink(edition) == pytest.approx(_ink(colour), abs=1e-4)
