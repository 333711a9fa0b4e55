"""A worked example's cards beside its steps (`{{ beside('id', …) }}`), read back from the
books a default build writes: each step that names its cards has their faces to the left
of its text, beginning level with it (not in a row between paragraphs), in English and in
French; the web page and the e-book set the same figures beside the same step."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, Rulebooks, load_games
from pypdf import PdfReader

from cardstock.books.content import Directive, rulebook_text, split
from cardstock.core import markup

_BESIDE = r'<div class="beside"><div class="faces">(.*?)</div><div class="step">(.*?)</div></div>'


def _steps(game: str) -> list[tuple[list[str], str]]:
    """Each step the English template sets beside cards: the cards' ids and the first
    words of the step, read from the rendered template."""
    (catalog,), _ = load_games(ROOT, [game])
    text, _ = rulebook_text(catalog)
    assert text is not None
    chunks = split(text)
    out = []
    for ch, after in zip(chunks, chunks[1:]):
        if isinstance(ch, Directive) and ch.name == "beside" and isinstance(after, str):
            first = markup.parse(after)[0]
            assert isinstance(first, markup.ListItem | markup.Paragraph)
            out.append((list(ch.args), markup.plain(first.text)))
    return out


def _runs(path: Path) -> list[list[tuple[str, float, float, float]]]:
    """Each page's text runs: (text, x, y, scale), in the page's own points (a face's own
    lettering, drawn shrunk to a thumbnail, has a scale well under 1)."""
    pages: list[list[tuple[str, float, float, float]]] = []
    for page in PdfReader(path).pages:
        pages.append([])
        page.extract_text(visitor_text=partial(_seen, pages[-1]))
    return pages


def _seen(
    runs: list[tuple[str, float, float, float]], text: str, cm: Any, tm: Any, *_: Any
) -> None:
    if text.strip():
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        runs.append((text.strip(), x, y, abs(cm[0] * tm[0])))


@pytest.fixture(scope="module")
def steps() -> dict[str, list[tuple[list[str], str]]]:
    made = {game: _steps(game) for game in ("vortex", "atmosfear")}
    assert all(made.values()), made
    return made


def test_each_steps_cards_stand_left_of_its_text_level_with_it(
    default_rulebooks: Rulebooks, steps: dict[str, list[tuple[list[str], str]]]
) -> None:
    for game in ("vortex", "atmosfear"):
        (catalog,), _ = load_games(ROOT, [game])
        names = {c.id: c.name for c in catalog.components}
        pages = _runs(default_rulebooks.out / game / f"{game}-rulebook.pdf")
        for ids, words in steps[game]:
            found = [
                (p, r)
                for p, runs in enumerate(pages)
                for r in runs
                if r[3] == 1 and len(r[0]) > 6 and words.startswith(r[0])
            ]
            # the step (its words may be said elsewhere too): the one its cards stand by
            placed = [(p, r) for p, r in found if _caption(pages[p], names[ids[0]], r)]
            assert len(placed) == 1, (game, words, found)
            page, step = placed[0]
            _, sx, sy, _ = step
            runs = pages[page]
            for i in ids:
                # its caption, left of the step and under its face
                caption = _caption(runs, names[i], step)
                assert caption, (game, words, names[i])
                cy = caption[0][1]
            # the faces' own lettering: left of the text, its top level with the first line
            drawn = [(x, y) for _, x, y, s in runs if s < 0.75 and x < sx and cy < y < sy + 6]
            assert drawn, (game, words)
            assert max(y for _, y in drawn) > sy - 15, (game, words)


def _caption(
    runs: list[tuple[str, float, float, float]], name: str, step: tuple[str, float, float, float]
) -> list[tuple[float, float]]:
    """Where a face's caption `name` is drawn left of the step and under its first line, no
    lower than a face's height."""
    _, sx, sy, _ = step
    return [(x, y) for t, x, y, s in runs if t == name and s == 1 and x < sx and 0 < sy - y < 170]


def test_the_french_examples_set_the_same_cards_beside_their_steps(
    default_rulebooks: Rulebooks, steps: dict[str, list[tuple[list[str], str]]]
) -> None:
    """The French steps' words differ, so the steps are counted: as many numbered steps
    have a face to their left, level with their first line, as the English edition has."""
    out = default_rulebooks.out
    english = _steps_beside_faces(out / "atmosfear" / "atmosfear-rulebook.pdf")
    french = _steps_beside_faces(out / "atmosfear-fr" / "atmosfear-fr-rulebook.pdf")
    assert french == english == len(steps["atmosfear"])


def _steps_beside_faces(path: Path) -> int:
    """How many numbered steps have a face's lettering to their left, its top level with
    their first line."""
    count = 0
    for runs in _runs(path):
        for text, sx, sy, scale in runs:
            if scale == 1 and re.fullmatch(r"\d+\.", text):
                faces = [y for _, x, y, s in runs if s < 0.75 and x < sx and sy - 170 < y < sy + 6]
                count += bool(faces) and max(faces) > sy - 15
    return count


def test_the_web_page_and_the_ebook_set_the_figures_beside_the_step(
    default_rulebooks: Rulebooks, steps: dict[str, list[tuple[list[str], str]]]
) -> None:
    import zipfile

    for game in ("vortex", "atmosfear"):
        (catalog,), _ = load_games(ROOT, [game])
        names = {c.id: c.name for c in catalog.components}
        folder = default_rulebooks.out / game
        web = (folder / "rules" / "index.html").read_text("utf-8")
        with zipfile.ZipFile(folder / f"{game}-rulebook.epub") as book:
            chapter = book.read("EPUB/rules.xhtml").decode("utf-8")
        for page in (web, chapter):
            sets = re.findall(_BESIDE, page, re.S)
            assert len(sets) == len(steps[game]), game
            for (ids, words), (faces, step) in zip(steps[game], sets):
                shown = re.findall(r"<figcaption>(.*?)</figcaption>", faces)
                assert shown == [markup_escape(names[i]) for i in ids], (game, words)
                assert " ".join(words.split()[:3]) in re.sub(r"<[^>]+>", "", step)


def markup_escape(text: str) -> str:
    import html

    return html.escape(text, quote=True)
