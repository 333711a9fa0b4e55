"""What the shipped games print, as plain text, built once per test session.

`rulebook_text(game)` is the reading PDF's text read back with pypdf; `quickref_text(game)`
is every quick-reference side's rendered markup; `svg_text(game)` is the text of every face
as SVG. The originality scan (test_text_originality.py) and the rule-text tests read these.
"""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path
from typing import Any

from conftest import load_games, render_book
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex")


@cache
def catalog(game: str) -> Any:
    catalogs, issues = load_games(ROOT, [game])
    assert not issues.errors, [i.render() for i in issues]
    return catalogs[0]


def squash(text: str) -> str:
    """Whitespace collapsed, soft hyphenation undone: text as a reader sees it."""
    text = text.replace("\u00ad", "")
    text = re.sub(r"-\n(?=[a-z])", "", text)
    return " ".join(text.split())


@cache
def rulebook_text(game: str) -> str:

    rendered = render_book(catalog(game))
    assert rendered.reading is not None, [i.render() for i in rendered.issues]
    reader = PdfReader(io.BytesIO(rendered.reading.data))
    return squash("\n".join(without_footer(page.extract_text() or "") for page in reader.pages))


def without_footer(text: str) -> str:
    """A rulebook page's text less its running footer, which the page draws as it ends (an
    artifact, no text of the book): its number, then the name of the game or of the chapter
    the page's first line is in."""
    lines = text.rstrip("\n").split("\n")
    if len(lines) >= 2 and lines[-2].strip().isdigit():
        return "\n".join(lines[:-2])
    return text


@cache
def quickref_text(game: str) -> str:
    from cardstock.books.content import sides
    from cardstock.catalog.ruletext import render_quickref

    parts = []
    for side in sides(catalog(game)):
        text, issues = render_quickref(catalog(game), side.name)
        assert text is not None, [i.render() for i in issues]
        parts.append(text)
    return squash("\n".join(parts))


@cache
def svg_text(game: str) -> str:
    from conftest import distinct_faces

    from cardstock.render.svg import svg_bytes

    parts = []
    for _stem, face in distinct_faces(catalog(game)):
        svg = svg_bytes(face).decode("utf-8")
        parts.append(" ".join(re.findall(r">([^<>]+)<", svg)))
    return squash("\n".join(parts))
