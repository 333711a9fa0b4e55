"""Rulebooks and quick-reference content, read back from real PDFs with pypdf.

Each shipped game's rulebook template renders with the catalog's names and counts; the
book laid out on the booklet's page is half-letter (A5 for A4-only builds; the reading PDF
of a game in two columns is a whole Letter or A4 page), has a cover, a table of contents whose
page numbers point at the headings, PDF bookmarks, embedded fonts, the component list with
the catalog's counts, and the booklets hold every reading page. Template mistakes and text
that cannot fit come back as Issues, never as tracebacks or lost text.
"""

from __future__ import annotations

import dataclasses
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import job_of, load_games, render_book
from helpers_text import page_texts
from jinja2.exceptions import UndefinedError
from pypdf import PdfReader

from cardstock.books.booklet import booklet_order, padded
from cardstock.books.check import lint
from cardstock.books.content import sides
from cardstock.books.quickref import check as check_quickref
from cardstock.books.rulebook import build_rulebook
from cardstock.catalog.context import template_context
from cardstock.catalog.ruletext import render_quickref
from cardstock.catalog.schema import RulebookSettings
from cardstock.core.stage import BuildOptions

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(
    p.parent.name
    for p in (ROOT / "layouts").glob("*/rulebook.md.j2")
    if (ROOT / "catalog" / p.parent.name / "game.toml").is_file()
)
SMALL = "alpha-omega-tiles" if "alpha-omega-tiles" in GAMES else GAMES[0]  # fewest faces
HALF_LETTER = (396.0, 612.0)
A5 = (419.5, 595.3)
A4 = (595.3, 841.9)


_CATALOGS: dict[str, object] = {}


def _catalog(game: str, root: Path = ROOT):
    """A loaded catalog; the shipped ones once per session (their faces are laid out once)."""
    if root == ROOT and game in _CATALOGS:
        return _CATALOGS[game]
    catalogs, issues = load_games(root, [game])
    assert not issues.errors, [i.render() for i in issues]
    if root == ROOT:
        _CATALOGS[game] = catalogs[0]
    return catalogs[0]


_RENDERED: dict[str, object] = {}


def rendered(game: str):
    """Each game's rulebook, rendered once per test session (reading PDF and booklets).
    Thumbnails are outlines here (the same layout, far faster); one test below draws the
    real faces."""
    if game not in _RENDERED:
        _RENDERED[game] = render_book(_catalog(game))
    return _RENDERED[game]


def reading(game: str) -> PdfReader:
    r = rendered(game)
    assert r.reading is not None, [i.render() for i in r.issues]
    return PdfReader(io.BytesIO(r.reading.data))


def reading_texts(game: str) -> list[str]:
    """Each page's text of the game's reading rulebook (read with PDFium, helpers_text)."""
    r = rendered(game)
    assert r.reading is not None, [i.render() for i in r.issues]
    return page_texts(r.reading.data)


def toc_entries(reader: PdfReader) -> list[tuple[str, int]]:
    """(title, page) from the contents pages: lines ending in dot leaders and a number, as
    poppler lays the text out (the leaders and numbers are forms the pages draw, which
    pypdf's layout mode leaves out)."""
    entries = []
    text = subprocess.run(
        ["pdftotext", "-layout", "-f", "2", "-l", "4", "-", "-"],
        input=reader.stream.getvalue(),  # type: ignore[union-attr]  # read from bytes
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    for line in text.splitlines():
        m = re.match(r"^\s*(\S.*?)\s+(?:\.\s*)+(\d+)\s*$", line)
        if m:
            entries.append((m.group(1).strip(), int(m.group(2))))
    return entries


def squash(text: str) -> str:
    return " ".join(text.split())


def test_every_shipped_game_has_a_rulebook_template():
    shipped = sorted(p.parent.name for p in (ROOT / "catalog").glob("*/game.toml"))
    assert GAMES == shipped


# ------------------------------------------------------------------ the reading PDF


@pytest.mark.parametrize("game", GAMES)
def test_rulebook_renders_without_errors(game):
    r = rendered(game)
    assert [i.render() for i in r.issues if i.level == "error"] == []
    assert r.reading is not None and r.reading.pages >= 4


@pytest.mark.parametrize("game", GAMES)
def test_reading_pdf_is_half_letter_with_a_cover(game):
    reader = reading(game)
    for page in reader.pages:
        assert (
            round(float(page.mediabox.width), 1),
            round(float(page.mediabox.height), 1),
        ) == HALF_LETTER
    cat = _catalog(game)
    cover = squash(reader.pages[0].extract_text())
    assert squash(cat.game.title) in cover
    p = cat.game.players
    assert (f"For {p.min} to {p.max} players" if p.min != p.max else f"For {p.min} player") in cover


@pytest.mark.parametrize("game", GAMES)
def test_table_of_contents_points_at_each_heading(game):
    reader = reading(game)
    texts = [squash(t) for t in reading_texts(game)]
    entries = toc_entries(reader)
    assert len(entries) >= 5
    for title, page in entries:
        assert 1 <= page <= len(texts), (title, page)
        assert title in texts[page - 1], f"{title!r} is not on page {page}"
    # the page numbers printed in the footers are the PDF's own page numbers
    for number, text in enumerate(reading_texts(game)[1:], start=2):
        assert re.search(rf"(^|\n){number}(\s|$)|(^|\s){number}(\n|$)", text), (
            f"page {number} has no footer number"
        )


@pytest.mark.parametrize("game", GAMES)
def test_bookmarks_follow_the_top_level_contents(game):
    reader = reading(game)
    top = [
        (o.title, reader.get_destination_page_number(o) + 1)
        for o in reader.outline
        if not isinstance(o, list)
    ]
    toc = toc_entries(reader)
    for title, page in top:
        assert (title, page) in toc


@pytest.mark.parametrize("game", GAMES)
def test_component_counts_in_the_text_equal_the_catalog(game):
    cat = _catalog(game)
    text = squash(" ".join(reading_texts(game)))
    totals = cat.totals()
    assert f"In the box: {totals['all']} components" in text
    for group, n in totals["by_group"].items():
        # a heading ("Snake — 1 tile"), or the caption of a one-face group in its set's grid
        # ("15× Element: Air")
        assert re.search(rf"{re.escape(group)} — {n} \w|\b{n}\u00d7 {re.escape(group)}\b", text), (
            f"{group} — {n} not printed"
        )


@pytest.mark.parametrize("game", GAMES)
def test_fonts_are_embedded(game):
    reader = reading(game)
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font["/BaseFont"]


@pytest.mark.parametrize("game", GAMES)
def test_booklets_hold_every_reading_page_in_folding_order(game):
    r = rendered(game)
    words = [set(re.findall(r"\w{4,}", t)) for t in reading_texts(game)]
    for paper, built in r.booklets.items():
        sheet = PdfReader(io.BytesIO(built.data))
        sheet_texts = page_texts(built.data)
        if paper == "letter":  # same page size as the reading PDF: same pages
            assert built.pages == len(words)
            sides = booklet_order(built.pages)
            assert len(sheet.pages) == padded(built.pages) // 2 == len(sides)
            for index, side in enumerate(sides):
                side_words = set(re.findall(r"\w{4,}", sheet_texts[index]))
                for k in (side.left, side.right):
                    if k is not None:
                        # every word of reading page k is on this sheet side
                        assert words[k - 1] <= side_words, (
                            k,
                            index,
                            sorted(words[k - 1] - side_words)[:8],
                        )
        w, h = sheet.pages[0].mediabox.width, sheet.pages[0].mediabox.height
        assert w < h  # portrait sides, each spread turned a quarter onto its paper


def test_a4_only_builds_an_a4_reading_pdf_and_an_a5_booklet(tmp_path):
    cat = _catalog(SMALL)
    result = build_rulebook(job_of(cat, BuildOptions(out=tmp_path, papers=("a4",))))
    kinds = {a.kind: a for a in result.artifacts}
    assert set(kinds) == {"rulebook", "booklet", "rulebook-html", "rulebook-epub"}
    assert kinds["rulebook"].paper == "a4"  # two columns on a whole page
    reader = PdfReader(kinds["rulebook"].path)
    assert (
        round(float(reader.pages[0].mediabox.width), 1),
        round(float(reader.pages[0].mediabox.height), 1),
    ) == A4
    assert kinds["rulebook"].pages == len(reader.pages)
    assert kinds["booklet"].path.name == f"{cat.id}-rulebook-booklet-a4.pdf"
    assert kinds["booklet"].pages == len(PdfReader(kinds["booklet"].path).pages)


def test_a_one_column_rulebook_reads_on_the_booklets_own_a5_pages(tmp_path):
    cat = _catalog(SMALL)
    game = cat.game.model_copy(update={"rulebook": RulebookSettings(columns=1)})
    one = dataclasses.replace(cat, game=game)
    result = build_rulebook(job_of(one, BuildOptions(out=tmp_path, papers=("a4",))))
    kinds = {a.kind: a for a in result.artifacts}
    assert kinds["rulebook"].paper == "a5"
    reader = PdfReader(kinds["rulebook"].path)
    assert (
        round(float(reader.pages[0].mediabox.width), 1),
        round(float(reader.pages[0].mediabox.height), 1),
    ) == A5
    # the booklet imposes the reading PDF's own pages: as many as it has, padded to four
    assert kinds["booklet"].pages == padded(len(reader.pages)) // 2


def test_stage_writes_both_outputs_and_is_deterministic(tmp_path):
    cat = _catalog(SMALL)
    first = build_rulebook(job_of(cat, BuildOptions(out=tmp_path / "a")))
    second = build_rulebook(job_of(cat, BuildOptions(out=tmp_path / "b")))
    names = sorted(a.path.name for a in first.artifacts)
    assert names == sorted(
        [
            f"{cat.id}-rulebook.pdf",
            f"{cat.id}-rulebook-booklet-letter.pdf",
            f"{cat.id}-rulebook-booklet-a4.pdf",
            f"{cat.id}-rulebook.epub",
            "index.html",
        ]
    )
    for a, b in zip(first.artifacts, second.artifacts):
        assert a.path.read_bytes() == b.path.read_bytes()
        assert a.sha256 == b.sha256


def _fills(reader: PdfReader, pages: range) -> int:
    count = 0
    for i in pages:
        ops = reader.pages[i].get_contents().get_data().split()  # type: ignore[union-attr]  # pypdf: a page it wrote has contents
        count += sum(1 for op in ops if op in (b"f", b"f*", b"B", b"B*"))
    return count


def test_component_thumbnails_are_the_vector_faces():
    book = reading(SMALL)
    listed = range(2, len(book.pages))
    shown = len({c.id for c in _catalog(SMALL).components})
    # each face is drawn from its many vector shapes, not one outline box a face
    assert _fills(book, listed) > 3 * shown


# ------------------------------------------------------------------ the template context


def test_context_counts_and_names_come_from_the_catalog():
    cat = _catalog("atmosfear")
    ctx = template_context(cat)
    assert ctx["count"]() == cat.totals()["all"]
    assert ctx["count"](kind="die") == cat.total(kind="die")
    assert ctx["count"](set="realms", group="Realm: Red") == cat.total(
        set="realms", group="Realm: Red"
    )
    assert ctx["component"]("gatekeeper")["name"] == "The Gatekeeper"
    assert ctx["icon"]("key") == ":key:"
    assert ctx["players"]["counts"] == list(range(cat.game.players.min, cat.game.players.max + 1))
    first = next(iter(cat.game.tables))
    assert ctx["table"](first).splitlines()[0].startswith("| ")


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c["component"]("no-such-card"),
        lambda c: c["count"](group="No such group"),
        lambda c: c["count"](set="nope"),
        lambda c: c["table"]("nope"),
        lambda c: c["icon"]("nope"),
        lambda c: c["cell"]("hierarchy", "no such row"),
        lambda c: c["setup_step"]("teleport"),
    ],
)
def test_context_helpers_refuse_unknown_names(call):
    with pytest.raises(UndefinedError):
        call(template_context(_catalog("atmosfear")))


def test_a_component_list_names_a_set_of_one_by_its_one_name_and_the_others_by_their_name():
    cat = _catalog("alpha-omega-cards")
    listed = {s["id"]: (s["count"], s["listed"]) for s in template_context(cat)["sets"]}
    one = {s.id: s.one for s in cat.game.sets}
    assert one["objectives"] is not None
    assert listed["objectives"] == (1, one["objectives"])
    for sid, (count, name) in listed.items():
        st = next(s for s in cat.game.sets if s.id == sid)
        assert name == (st.one if count == 1 and st.one else st.name)
    assert any(count > 1 for count, _ in listed.values())


@pytest.fixture
def copy_game(tmp_path):
    """A copy of a shipped game's catalog and layouts under tmp_path, to break."""

    def make(game: str) -> Path:
        shutil.copytree(ROOT / "catalog" / game, tmp_path / "catalog" / game)
        shutil.copytree(ROOT / "layouts" / game, tmp_path / "layouts" / game)
        if (ROOT / "layouts" / "symbols.toml").is_file():
            shutil.copy(ROOT / "layouts" / "symbols.toml", tmp_path / "layouts" / "symbols.toml")
        return tmp_path

    return make


def test_an_unknown_component_id_is_an_issue_at_its_template_line(copy_game, tmp_path):
    root = copy_game("atmosfear")
    path = root / "layouts" / "atmosfear" / "rulebook.md.j2"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.insert(25, "Typo: {{ component('red-feer').name }}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = build_rulebook(job_of(_catalog("atmosfear", root), BuildOptions(out=tmp_path / "out")))
    assert result.artifacts == []
    [issue] = result.findings
    assert issue.file == "layouts/atmosfear/rulebook.md.j2"
    assert issue.line == 26
    assert "red-feer" in issue.message and issue.level == "error"
    assert not (tmp_path / "out").exists()


def test_a_helper_called_wrongly_is_an_issue_not_a_traceback(copy_game):
    root = copy_game("atmosfear")
    path = root / "layouts" / "atmosfear" / "rulebook.md.j2"
    path.write_text(
        path.read_text(encoding="utf-8") + "\n{{ count(colour='red') }}\n", encoding="utf-8"
    )
    [issue] = lint(job_of(_catalog("atmosfear", root)))
    assert "TypeError" in issue.message and issue.line is not None


def test_an_unknown_icon_in_the_text_is_reported(copy_game):
    root = copy_game("atmosfear")
    path = root / "layouts" / "atmosfear" / "rulebook.md.j2"
    path.write_text("# Beware\n\nBeware the :ghoul: card, and the :key: one.\n", encoding="utf-8")
    issues = lint(job_of(_catalog("atmosfear", root)))
    assert [i.message for i in issues if "ghoul" in i.message] == [
        "the text names :ghoul:, which the game does not declare; its icons are: "
        + ", ".join(sorted(_catalog("atmosfear").game.icons))
    ]


def test_a_table_row_too_tall_for_a_page_is_reported_and_still_printed(copy_game):
    root = copy_game("atmosfear")
    path = root / "layouts" / "atmosfear" / "rulebook.md.j2"
    long_cell = " ".join(f"word{i}" for i in range(900)) + " THE-LAST-WORD"
    path.write_text(
        f"# A long table\n\n| A | B |\n|---|---|\n| x | {long_cell} |\n", encoding="utf-8"
    )
    r = render_book(_catalog("atmosfear", root), booklets=False)
    assert any("table row" in i.message and i.level == "warning" for i in r.issues)
    text = " ".join(page_texts(r.reading.data))
    assert "THE-LAST-WORD" in text and "word899" in text


# ------------------------------------------------------------------ quick-reference cards


@pytest.mark.parametrize("game", GAMES)
def test_quickref_sides_render_and_fit_their_cards(game):
    cat = _catalog(game)
    assert sides(cat), "the game has no reference card naming quick-reference templates"
    for side in sides(cat):
        text, issues = render_quickref(cat, side.name)
        assert issues == [] and text and text.strip()
    assert [i.render() for i in check_quickref(cat)] == []


def test_quickref_overflow_is_reported(copy_game):
    root = copy_game("atmosfear")
    cat = _catalog("atmosfear", root)
    side = sides(cat)[0]
    path = root / "layouts" / "atmosfear" / "quickref" / f"{side.name}.md.j2"
    path.write_text(
        path.read_text(encoding="utf-8") + "\n" + "Far too much text for one card. " * 60 + "\n",
        encoding="utf-8",
    )
    issues = check_quickref(_catalog("atmosfear", root))
    assert any(f"the {side.side} of" in i.message and "needs" in i.message for i in issues)


@pytest.mark.parametrize("game", GAMES)
def test_lint_finds_no_errors_in_shipped_games(game):
    assert [i.render() for i in lint(job_of(_catalog(game))) if i.level == "error"] == []


def test_a_count_typed_into_a_template_is_a_warning(copy_game):
    root = copy_game("atmosfear")
    path = root / "layouts" / "atmosfear" / "rulebook.md.j2"
    path.write_text(
        "# Cards\n\nThe pack has {{ count(set='realms') }} Realm cards.\nDeal 10 cards to each of "
        "3 players.\n",
        encoding="utf-8",
    )
    typed = [
        i
        for i in lint(job_of(_catalog("atmosfear", root)))
        if "typed into the template" in i.message
    ]
    assert [(i.line, i.level, i.message.split(" is typed")[0]) for i in typed] == [
        (4, "warning", "'10 cards'"),
        (4, "warning", "'3 players'"),
    ]


def _footers(book: PdfReader) -> list[str]:
    """Each page's last line as poppler lays the page out: its footer."""
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"],
        input=book.stream.getvalue(),  # type: ignore[union-attr]  # read from bytes
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    pages = text.split("\f")
    return [next((ln for ln in reversed(p.splitlines()) if ln.strip()), "") for p in pages]


@pytest.mark.parametrize("game", GAMES)
def test_a_right_hand_pages_running_head_names_the_chapter_it_begins_in(game):
    # a left-hand page's footer names the book; a right-hand page's the chapter (`#`)
    # whose heading was laid out last before it, as the bookmarks list them, or one whose
    # heading is on the page (when it opens the page: tests/books/test_rulebook_columns.py)
    book = reading(game)
    chapters = [
        (book.get_destination_page_number(item), str(item.title))
        for item in book.outline
        if not isinstance(item, list)
    ]
    footers = _footers(book)
    title = squash(_catalog(game).game.title)
    heads = []
    for index in range(2, len(book.pages), 2):  # page 3, 5, …: right-hand pages of the body
        started = [name for page, name in chapters if page < index]
        here = [name for page, name in chapters if page == index][:1]
        if started:
            heads.append((index + 1, [started[-1], *here], footers[index]))
    assert heads
    for page, named, footer in heads:
        assert any(squash(c)[:16] in squash(footer) for c in named), (page, named, footer)
    assert title in squash(footers[1])  # page 2: the book's title
    assert any(squash(named[0]) != title for _, named, _ in heads)
