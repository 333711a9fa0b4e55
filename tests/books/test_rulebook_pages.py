"""The rulebooks as printed: what a reader sees on the page, read back from the built PDF
with poppler's word boxes (`pdftotext -bbox`)."""

from __future__ import annotations

import functools
import re
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest
from conftest import render_book
from rules_texts import GAMES, catalog, squash

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">')


def caption_gaps(pdf: Path) -> list[float]:
    """Every horizontal gap between neighbouring words on the lines set in the caption size
    (the 7 pt names under the component thumbnails), over the whole book."""
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    lines: dict[tuple[int, float], list[tuple[float, float]]] = defaultdict(list)
    page = 0
    for chunk in html.split("<page ")[1:]:
        page += 1
        for x0, y0, x1, y1 in WORD.findall(chunk):
            if 6.0 < float(y1) - float(y0) < 7.0:  # 7 pt words; 8 pt table cells are 7.5 high
                lines[(page, round(float(y0), 1))].append((float(x0), float(x1)))
    gaps = []
    for words in lines.values():
        words.sort()
        gaps += [b[0] - a[1] for a, b in zip(words, words[1:])]
    return gaps


@pytest.mark.parametrize("game", GAMES)
def test_component_captions_side_by_side_are_kept_apart(game: str, tmp_path: Path) -> None:

    rendered = render_book(catalog(game), booklets=False)
    assert rendered.reading is not None
    pdf = tmp_path / "rulebook.pdf"
    pdf.write_bytes(rendered.reading.data)
    gaps = caption_gaps(pdf)
    assert gaps, "no caption lines found"
    # a gap is a word space inside one caption (about 2 pt at 7 pt) or the room between two
    # captions in neighbouring cells (at least both cells' 3 pt padding)
    squeezed = [round(g, 2) for g in gaps if 2.3 < g < 6.0 or g < 0]
    assert not squeezed


@functools.cache
def page_texts(game: str) -> tuple[str, ...]:
    """Each page's text of the game's reading PDF (no booklets imposed), read once for every
    block looked for in it."""
    import io

    from pypdf import PdfReader

    rendered = render_book(catalog(game), booklets=False)
    assert rendered.reading is not None
    return tuple(
        squash(p.extract_text() or "") for p in PdfReader(io.BytesIO(rendered.reading.data)).pages
    )


@pytest.mark.parametrize(
    "game, first, last",
    [
        # the contents page lists the headings too: each block is found by its own words
        (
            "alpha-omega-cards",
            "A game is a series of rounds",
            "Good minus Opponent Strength Rating",
        ),
        ("alpha-omega-cards", "score your own play", "never having become a Lured Player"),
        ("vortex", "Every round has 6 steps", "Draw up to 7 cards, or discard any number"),
        ("vortex", "It is the Crusade step", "Had Red placed"),
        ("vortex", "The rules leave some things open", "Quick-reference cards: 4 copies"),
    ],
)
def test_a_table_or_example_is_not_split_across_pages(game: str, first: str, last: str) -> None:
    page = next(p for p in page_texts(game) if first in p)
    assert last in page
