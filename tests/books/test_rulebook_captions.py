"""The rulebook's component list captions every face in one style, "2× Transform to Air":
the count (when more than one) in bold, then what the face is. A face that is a group of
its own is named by its group ("15× Element: Air"), not by a second style
("Element: Air — 15 tiles") that reads like a heading."""

from __future__ import annotations

import functools
import io
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import load_games, render_book
from pypdf import PdfReader

from cardstock.books.document import margins

ROOT = Path(__file__).resolve().parents[2]
HEADING = re.compile(r"\u2014 \d+ [a-z]")  # "— 15 tiles": the style of group headings


@functools.cache
def small_runs(game: str) -> tuple[tuple[tuple[int, int, float, str], ...], ...]:
    """The text runs under 7.5 pt of each page of the game's rulebook within its text frame
    (above the bottom margin: not the running footer), laid out once per module:
    (baseline, column, size, text), in the order they are drawn."""
    (cat,), issues = load_games(ROOT, [game])
    assert not issues.errors
    book = render_book(cat)
    assert book.reading is not None
    reader = PdfReader(io.BytesIO(book.reading.data))
    bottom = margins()[3]
    pages: list[tuple[tuple[int, int, float, str], ...]] = []
    for page in reader.pages:
        runs: list[tuple[int, int, float, str]] = []

        def visit(t, cm, tm, font, size, runs=runs):
            x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
            drawn = size * abs(tm[0] or 1) * abs(cm[0] or 1)
            # the caption size (7 pt; nothing else in the text frame is under 8 pt)
            if t.strip() and drawn < 7.5 and y >= bottom:
                runs.append((round(y), round(x / 40), drawn, t.strip()))

        page.extract_text(visitor_text=visit)
        pages.append(tuple(runs))
    return tuple(pages)


def captions(game: str, smallest: float = 0.0, by_page: bool = False) -> Any:
    """The small text under the thumbnails of the rulebook's component pages (with
    `smallest`, only text at least that size: not the words drawn on the thumbnails), line
    by line; with `by_page`, the lines of each page as a list of its own."""
    pages: list[list[str]] = []
    for runs in small_runs(game):
        small: dict[tuple[int, int], list[str]] = {}  # (baseline, column) -> runs
        for y, column, size, text in runs:
            if smallest <= size:
                small.setdefault((y, column), []).append(text)
        pages.append(
            [
                " ".join(runs)
                for _, runs in sorted(small.items(), key=lambda kv: (-kv[0][0], kv[0][1]))
            ]
        )
    return pages if by_page else [line for lines in pages for line in lines]


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


def label_words(game: str) -> set[str]:
    """Every word a caption may show: the components' names and groups, and the counts."""
    (cat,), _ = load_games(ROOT, [game])
    words = {w for c in cat.components for text in (c.name, c.group) for w in text.split()}
    return words | {f"{c.count}\u00d7" for c in cat.components}


def unbroken(lines: list[str], words: set[str]) -> list[str]:
    """The caption lines of one page holding a piece of a word that is not a whole word:
    a piece may only be the head of a word hyphenated at its line's end ("San-") or the
    rest of such a word on the next line ("dalphon")."""
    tokens = [t for line in lines for t in line.split()]
    heads = {t[:-1] for t in tokens if t.endswith("-") and t not in words}

    def whole(t: str) -> bool:
        return (
            t in words
            or (t.endswith("-") and any(w.startswith(t[:-1]) and w != t[:-1] for w in words))
            or any(h + t in words for h in heads)
        )

    return [line for line in lines if not all(whole(t) for t in line.split())]


@pytest.mark.parametrize(
    "game", ["alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex"]
)
def test_a_caption_breaks_a_word_only_with_a_hyphen(game):
    """ "San-" above "dalphon" under a card too narrow for "Sandalphon", never "Sandalph"
    above "on": a caption wraps between words, and a word wider than its line is
    hyphenated where English breaks it."""
    words = label_words(game)
    pages = captions(game, smallest=7.0, by_page=True)
    assert any(pages)
    assert [unbroken(lines, words) for lines in pages if unbroken(lines, words)] == []


def test_a_word_wider_than_its_line_is_hyphenated():
    from conftest import faces_of

    from cardstock.books.art import Thumbs, _grid
    from cardstock.books.story import Styles, accent_color

    (cat,), _ = load_games(ROOT / "tests" / "fixtures", ["mini"])
    long_word = "Incomprehensibilities"
    cards = [
        c for c in cat.components if c.kind == "card" and c.count == 1
    ]  # no count before the name
    comps = [replace(c, name=long_word) if i == 0 else c for i, c in enumerate(cards)]
    styles = Styles(accent_color(cat.game))
    grid = _grid(
        cat, comps, styles, 6 * 40.0, [], Thumbs(faces_of(cat))
    )  # six cells of 40 pt (a grid of six cards)
    assert grid.widths == [40.0] * 6
    caption = grid.row(0)[0][1]  # the first row's first cell: the face, then its caption
    line = 40.0 - 6  # the cell less its padding
    caption.wrap(line, 1000)
    pieces = [
        "".join(words) for _, words in caption.blPara.lines
    ]  # "Incompre-", "hensibili-", "ties"
    assert len(pieces) > 1 and all(p.endswith("-") for p in pieces[:-1])
    assert (
        "".join(p.removesuffix("-") for p in pieces) == long_word
    )  # no soft hyphen left in what is printed
    assert all(width <= line for width in caption.getActualLineWidths0())
