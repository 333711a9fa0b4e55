"""The rulebook's component list captions every face in one style, "2× Transform to Air":
the count (when more than one) in bold, then what the face is. A face that is a group of
its own is named by its group ("15× Element: Air"), not by a second style
("Element: Air — 15 tiles") that reads like a heading."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import render_book
from conftest import load_games

ROOT = Path(__file__).resolve().parent.parent
HEADING = re.compile(r"\u2014 \d+ [a-z]")  # "— 15 tiles": the style of group headings


def captions(game: str) -> list[str]:
    """The small text under the thumbnails of the rulebook's component pages."""
    (cat,), issues = load_games(ROOT, [game])
    assert not issues.errors
    book = render_book(cat)
    assert book.reading is not None
    reader = PdfReader(io.BytesIO(book.reading.data))
    lines: list[str] = []
    for page in reader.pages:
        small: dict[tuple[int, int], list[str]] = {}  # (baseline, column) -> runs

        def visit(t, cm, tm, font, size, small=small):
            x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
            if t.strip() and size * abs(tm[0] or 1) * abs(cm[0] or 1) < 7.5:  # the caption size (7 pt; nothing else is under 8 pt)
                small.setdefault((round(y), round(x / 40)), []).append(t.strip())

        page.extract_text(visitor_text=visit)
        lines += [" ".join(runs) for _, runs in sorted(small.items(), key=lambda kv: (-kv[0][0], kv[0][1]))]
    return lines


@pytest.mark.parametrize("game", ["alpha-omega-tiles", "atmosfear"])
def test_every_caption_is_a_count_and_a_name(game):
    found = captions(game)
    assert found
    assert not [c for c in found if HEADING.search(c)]
    counted = [c for c in found if re.match(r"\d+\u00d7 ", c)]
    assert counted or game == "atmosfear"  # Atmosfear's cards are one of each


def test_one_face_groups_are_captioned_like_the_rest():
    found = " ".join(captions("alpha-omega-tiles"))
    assert found.count("15\u00d7 Element:") == 4  # a caption may wrap: "15× Element:" above "Water"
    for element in ("Air", "Earth", "Fire", "Water"):
        assert element in found
    assert "2\u00d7 Transform to Air" in found
