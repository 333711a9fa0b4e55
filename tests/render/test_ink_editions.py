"""The ink-saver edition prints at most a third of the colour edition's ink on every
shipped game's print-and-play sheets: read back from the pages as pdftoppm renders them,
and as the build reports it (`render.ink`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import GAMES, spread
from PIL import Image

from cardstock.render.ink import page_coverage

DPI = 12  # coverage is a mean over the page: a coarse raster is enough, and quick


def pdftoppm_coverage(pdf: Path, scratch: Path) -> list[float]:
    """Each page's ink, (3 - (R + G + B) / 255) / 3 averaged over its pixels, as pdftoppm
    renders it (another renderer than the build's)."""
    scratch.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-png", str(pdf), str(scratch / "page")], check=True
    )
    out = []
    for png in sorted(scratch.glob("page-*.png")):
        with Image.open(png) as image:
            counts = image.convert("RGB").histogram()
            pixels = image.width * image.height
        out.append(1.0 - sum((i % 256) * n for i, n in enumerate(counts)) / (3 * 255 * pixels))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_ink_saver_sheets_print_a_third_of_the_colour_sheets_ink_or_less(
    game: str, edition_build: Path, tmp_path: Path
) -> None:
    out = edition_build / "out"
    colour = pdftoppm_coverage(out / game / f"{game}-pnp-letter.pdf", tmp_path / "colour")
    saver = f"{game}-ink-saver"
    light = pdftoppm_coverage(out / saver / f"{saver}-pnp-letter.pdf", tmp_path / "saver")
    assert len(colour) == len(light) > 0
    # the whole file's ink (each page's mean times its area, the pages all one size)
    assert sum(light) <= sum(colour) / 3, (sum(light), sum(colour))


# the editions' folder names' endings (the colour edition's folder is the game's own)
EDITIONS = ("", "-ink-saver", "-high-contrast")


def test_the_build_reports_each_sheets_ink_as_its_pages_measure(edition_build: Path) -> None:
    """Every sheet's ink is reported; the figure is held to the sheet measured again for
    each game once by default, the games taking the editions in turn (`spread`), and for
    every game in every edition in the full run."""
    said = (edition_build / "said.txt").read_text(encoding="utf-8")
    out = edition_build / "out"
    for game in GAMES:
        for edition in EDITIONS:
            made = f"{game}{edition}"
            assert f"{made}/{made}-pnp-letter.pdf: ink " in said, (made, said)
    for game, edition in spread(GAMES, EDITIONS):
        made = f"{game}{edition}"
        pages = page_coverage((out / made / f"{made}-pnp-letter.pdf").read_bytes())
        line = f"{made}/{made}-pnp-letter.pdf: ink {100 * sum(pages) / len(pages):.1f}% "
        assert line in said, (line, said)
