"""Rulebooks in scripts other than Latin: a paragraph of Japanese breaks between characters
(kinsoku kept), a paragraph of Arabic is shaped, in visual order and aligned right, each in
the project's font for its script, as the faces draw them; a character no font of the
project has is a warning naming the fonts tried.

The books are the rulebooks of the two test games of tests/fixtures/scripts
(layouts/<game>/rulebook.md.j2); the paragraphs are also laid out alone
(`cardstock.books.scripts.ScriptParagraph`) to read their lines.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from bidi import get_display
from helpers_fonts import page_resources
from helpers_shaping import hb_glyphs, page_runs
from pypdf import PdfReader
from reportlab.lib.enums import TA_RIGHT
from reportlab.platypus import Paragraph

from cardstock import fonts
from cardstock.books.marks import unwrapped
from cardstock.books.scripts import ScriptEntry, ScriptParagraph
from cardstock.books.story import Builder, Styles
from cardstock.core import markup
from cardstock.core.bidi import rtl_paragraph
from cardstock.layout.ops import Rect, Text
from cardstock.layout.text.scripts import NO_END, NO_START

FIXTURE = Path(__file__).parents[1] / "fixtures" / "scripts"
JAPANESE = (
    "各プレイヤーはカードを五枚引いてから始める。手番では、手札から一枚を出して、その効果を使う。"
)
ARABIC = "يبدأ كل لاعب بخمس بطاقات في يده. في دوره، يلعب بطاقة واحدة من يده ثم يسحب بطاقة جديدة."


def copy(root: Path) -> Path:
    for part in ("catalog", "layouts", "fonts"):
        shutil.copytree(FIXTURE / part, root / part)
    return root


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both games' rulebooks built in this process: the output folder."""
    from cardstock.cli import main

    root = copy(tmp_path_factory.mktemp("books"))
    out = root / "out"
    assert main(["--root", str(root), "--jobs", "1", "--only", "rulebook", "--out", str(out)]) == 0
    return out


def lines_of(text: str, width: float) -> list[list[Text]]:
    """The text runs of `text` laid out as a rulebook's body paragraph `width` points wide,
    line by line (top first), each line's runs left to right as drawn."""
    para = ScriptParagraph(text, Styles("#2f3640").body)
    para.wrap(width, 1000)
    runs = [op for op in para.ops if isinstance(op, Text)]
    by_line: dict[float, list[Text]] = {}
    for run in runs:
        by_line.setdefault(run.y, []).append(run)
    return [sorted(by_line[y], key=lambda r: r.x) for y in sorted(by_line)]


def test_the_rulebooks_are_checked_with_every_character_drawn(books, tmp_path, cli):
    for game in ("japanese", "arabic"):
        assert (books / game / f"{game}-rulebook.pdf").is_file()
    result = cli("--root", str(copy(tmp_path)), "check")
    assert "Rulebook consistency" in result.out  # the books were laid out and checked
    assert "glyph" not in result.out + result.err


def test_a_japanese_paragraph_breaks_between_characters_and_keeps_kinsoku(books):
    _fonts_of(books)
    lines = ["".join(r.text for r in line) for line in lines_of(JAPANESE, 160)]
    assert len(lines) >= 3, lines  # no space in it, yet several lines
    assert "".join(lines) == JAPANESE  # every character, in order, nothing added
    for before, after in zip(lines, lines[1:]):
        assert after[0] not in NO_START and before[-1] not in NO_END, (before, after)


def test_japanese_is_drawn_in_the_projects_cjk_font(books):
    _fonts_of(books)
    runs = [r for line in lines_of(JAPANESE, 160) for r in line]
    assert {r.font for r in runs} == {"NotoSansCJKjp-Subset"}


def test_the_japanese_rulebook_prints_its_text_in_order(books):
    reader = PdfReader(books / "japanese" / "japanese-rulebook.pdf")
    text = re.sub(r"\s+", "", "".join(page.extract_text() for page in reader.pages))
    assert JAPANESE in text
    assert "「火の玉」か「水の泉」を一枚出す。" in text


def test_an_arabic_paragraph_is_in_visual_order_line_by_line(books):
    _fonts_of(books)
    assert rtl_paragraph(ARABIC)
    lines = lines_of(ARABIC, 200)
    assert len(lines) >= 2
    logical = ARABIC.split(" ")
    taken = 0
    for line in lines:
        # a right-to-left run keeps its logical text (HarfBuzz shapes it as drawn): its
        # characters reversed are what python-bidi puts on the line, left to right
        drawn = "".join(r.text[::-1] if _rtl(r.text) else r.text for r in line).strip()
        count = len(drawn.split())
        expected = get_display(" ".join(logical[taken : taken + count]), base_dir="R")
        assert drawn == expected, (drawn, expected)
        taken += count
    assert taken == len(logical)  # every word once, the lines in order


def test_an_arabic_paragraph_is_aligned_right_and_stays_inside_its_width(books):
    _fonts_of(books)
    width = 200.0
    for line in lines_of(ARABIC, width):
        left = line[0].x
        right = line[-1].x + fonts.string_width(line[-1].text, line[-1].font, line[-1].size)
        assert left >= -0.01
        assert right == pytest.approx(width, abs=0.5)


def test_arabic_is_drawn_in_the_projects_arabic_font_and_embedded(books):
    _fonts_of(books)
    runs = [r for line in lines_of(ARABIC, 200) for r in line if _rtl(r.text)]
    assert runs and {r.font for r in runs} == {"DejaVuSans-Arabic"}
    reader = PdfReader(books / "arabic" / "arabic-rulebook.pdf")
    names = {
        str(f.get_object()["/BaseFont"])
        for page in reader.pages
        for res in page_resources(page)
        for f in res.get("/Font", {}).values()
    }
    assert any(n.endswith("+DejaVuSans") for n in names), names  # the subset's own name


def test_headings_in_these_scripts_are_bookmarked(books):
    titles = {
        game: _titles(PdfReader(books / game / f"{game}-rulebook.pdf").outline)
        for game in ("japanese", "arabic")
    }
    assert titles["japanese"] == ["遊び方", "手番の流れ", "得点", "カード"]
    assert titles["arabic"] == ["طريقة اللعب", "الدور", "النقاط"]


def test_a_note_in_these_scripts_keeps_its_tint_around_its_text():
    style = Styles("#2f3640").note
    para = ScriptParagraph(ARABIC, style)
    _, height = para.wrap(200, 500)
    box = para.ops[0]
    assert isinstance(box, Rect)
    assert box.fill == style.backColor.hexval().replace("0x", "#")
    texts = [op for op in para.ops if isinstance(op, Text)]
    assert texts and all(box.y < t.y < box.y + box.h for t in texts)
    assert box.h >= height  # the padding around the lines


def test_a_paragraph_in_these_scripts_splits_between_lines_across_pages():
    style = Styles("#2f3640").body
    para = ScriptParagraph(JAPANESE, style)
    _, height = para.wrap(120, 1000)
    lines = round(height / style.leading)
    assert lines >= 3
    first, rest = para.split(120, style.leading * 2.5)
    assert first.wrap(120, 1000)[1] == pytest.approx(style.leading * 2)
    assert rest.wrap(120, 1000)[1] == pytest.approx(height - style.leading * 2)
    drawn = [op.text for part in (first, rest) for op in part.ops if isinstance(op, Text)]
    assert "".join(drawn) == JAPANESE  # every character once, the lines in order


def test_latin_text_keeps_reportlabs_paragraph():
    b = Builder(Styles("#2f3640"), 300, 500, set(), "layouts/g/rulebook.md.j2")
    assert isinstance(b.para("Draw **two** cards.", b.styles.body), Paragraph)
    assert not isinstance(b.para("Draw two cards.", b.styles.body), ScriptParagraph)


def test_a_character_no_font_has_in_a_rulebook_is_a_warning_naming_the_fonts(tmp_path, cli):
    root = copy(tmp_path)
    book = root / "layouts" / "japanese" / "rulebook.md.j2"
    book.write_text(
        book.read_text(encoding="utf-8").replace("遊び方", "遊び方\u9f8d"), encoding="utf-8"
    )
    result = cli("--root", str(root), "check", "japanese")
    assert (
        "layouts/japanese/rulebook.md.j2: text: warning: no font has a glyph for '\u9f8d' "
        "(U+9F8D) (tried 'serif-bold', 'DejaVuSans-Arabic', 'NotoSansCJKjp-Subset', "
        "'NotoSansCJKjp-Subset-Bold'); it would print as a box"
    ) in result.out + result.err


def _fonts_of(books: Path) -> None:
    """The project's fonts, as the build registered them (another test may have loaded
    another project's since)."""
    assert not fonts.use_project_fonts(books.parent)


def _titles(outline: list) -> list[str]:
    """The outline's titles, depth first."""
    out: list[str] = []
    for item in outline:
        out += _titles(item) if isinstance(item, list) else [item.title]
    return out


def _rtl(text: str) -> bool:
    return any("\u0590" <= ch <= "\u08ff" for ch in text)


def _letters(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# ---------------------------------------------------------------- contents and tables


def _page_fonts(page) -> set[str]:
    """The fonts a page draws with, without their subset tags."""
    return {
        str(f.get_object()["/BaseFont"]).split("+")[-1]
        for res in page_resources(page)
        for f in res.get("/Font", {}).values()
    }


def _rtl_runs(text: str, style) -> list[str]:
    """The right-to-left runs of `text` laid out in `style` (what a PDF should draw shaped)."""
    para = ScriptParagraph(text, style)
    para.wrap(300, 1000)
    return [op.text for op in para.ops if isinstance(op, Text) and _rtl(op.text)]


def test_the_contents_list_japanese_headings_in_the_cjk_font(books):
    reader = PdfReader(books / "japanese" / "japanese-rulebook.pdf")
    toc = reader.pages[1]
    assert "NotoSansCJKjp-Regular" in _page_fonts(toc)  # the subset's own PostScript name
    text = toc.extract_text()
    for title in ("遊び方", "手番の流れ", "得点", "カード"):
        assert title in text, text


def test_the_contents_list_arabic_headings_shaped_as_harfbuzz_shapes_them(books):
    _fonts_of(books)
    toc = PdfReader(books / "arabic" / "arabic-rulebook.pdf").pages[1]
    assert "DejaVuSans" in _page_fonts(toc)
    drawn = page_runs(toc, "DejaVuSans")
    styles = Styles("#2f3640").toc
    expected = [hb_glyphs(run) for run in _rtl_runs("طريقة اللعب", styles[0])]
    expected += [hb_glyphs(run) for t in ("الدور", "النقاط") for run in _rtl_runs(t, styles[1])]
    assert expected
    for glyphs in expected:
        assert glyphs in drawn, glyphs


def test_an_arabic_contents_row_puts_its_leader_and_number_at_the_left():
    ends: list[tuple[float, bool]] = []
    row = ScriptEntry(
        "النقاط", Styles("#2f3640").toc[1], lambda c, x, y, rtl: ends.append((x, rtl))
    )
    row.wrap(300, 100)
    x, _ = row.line_end()
    assert 200 < x < 300  # the title sits at the right; the leader runs up to its left end
    latin_end = ScriptEntry("遊び方", Styles("#2f3640").toc[0], lambda *a: None)
    latin_end.wrap(300, 100)
    assert 0 < latin_end.line_end()[0] < 100  # a left-to-right title ends at its right


def test_a_table_headed_in_arabic_reads_from_the_right():
    b = Builder(Styles("#2f3640"), 300, 500, set(), "layouts/g/rulebook.md.j2")
    table = unwrapped(
        b.table(
            markup.Table(
                ("اللاعبون", "البطاقات", "ملاحظة"), (("2", "5", "يأخذ كل لاعب خمس بطاقات."),)
            )
        )
    )
    header = [unwrapped(cell).text for cell in table._cellvalues[0]]
    assert header == ["ملاحظة", "البطاقات", "اللاعبون"]  # the first column at the right
    number = unwrapped(table._cellvalues[1][2])  # "2", a Latin paragraph, aligned right as the rest
    assert isinstance(number, Paragraph) and number.style.alignment == TA_RIGHT


def test_arabic_table_cells_are_shaped_as_harfbuzz_shapes_them(books):
    _fonts_of(books)
    reader = PdfReader(books / "arabic" / "arabic-rulebook.pdf")
    drawn = [run for page in reader.pages for run in page_runs(page, "DejaVuSans")]
    cell = Styles("#2f3640").cell
    for text in ("يأخذ كل لاعب خمس بطاقات من الكومة.", "بطاقة Flood تبقى في الكومة."):
        for run in _rtl_runs(text, cell):
            assert hb_glyphs(run) in drawn, run


def test_a_japanese_table_cell_breaks_between_characters_in_a_narrow_column():
    _fonts_of_fixture()
    long = "二人で遊ぶときは、山札からカードを五枚ずつ配る。"
    b = Builder(Styles("#2f3640"), 150, 500, set(), "layouts/g/rulebook.md.j2")
    table = unwrapped(b.table(markup.Table(("人数", "説明"), (("2", long),))))
    cell = unwrapped(table._cellvalues[1][1])
    assert isinstance(cell, ScriptParagraph)
    widths = table._colWidths
    assert sum(widths) == pytest.approx(150, abs=0.5)
    # the column is sized by the text as laid out in the CJK font: its header is wide
    # enough for "人数" drawn, not for the book's face's missing-glyph boxes
    assert widths[0] >= ScriptParagraph("人数", b.styles.cell).natural_width()
    cell.wrap(widths[1] - 6, 1000)
    lines = _lines(cell)
    assert len(lines) >= 2 and "".join(lines) == long
    for before, after in zip(lines, lines[1:]):
        assert after[0] not in NO_START and before[-1] not in NO_END, (before, after)


def test_the_japanese_rulebook_prints_its_table(books):
    reader = PdfReader(books / "japanese" / "japanese-rulebook.pdf")
    text = re.sub(r"\s+", "", "".join(page.extract_text() for page in reader.pages))
    assert "手札の枚数" in text
    assert "二人で遊ぶときは、山札からカードを五枚ずつ配る。" in text


def _lines(para: ScriptParagraph) -> list[str]:
    by_line: dict[float, list[Text]] = {}
    for op in para.ops:
        if isinstance(op, Text):
            by_line.setdefault(op.y, []).append(op)
    return ["".join(r.text for r in sorted(by_line[y], key=lambda r: r.x)) for y in sorted(by_line)]


def _fonts_of_fixture() -> None:
    """The fixture's fonts registered as a project's (a test that builds no book)."""
    fonts.use_project_fonts(FIXTURE)


# ---------------------------------------------------------------- bold


WINS = "だれかの手札がなくなったら、**そのプレイヤーが勝つ**。"


def test_a_bold_japanese_run_prints_in_the_projects_cjk_bold(books):
    _fonts_of(books)
    runs = [r for line in lines_of(WINS, 300) for r in line]
    bold = "".join(r.text for r in runs if r.font == "NotoSansCJKjp-Subset-Bold")
    regular = "".join(r.text for r in runs if r.font == "NotoSansCJKjp-Subset")
    assert bold == "そのプレイヤーが勝つ"
    assert regular.startswith("だれかの手札が") and regular.endswith("。")
    reader = PdfReader(books / "japanese" / "japanese-rulebook.pdf")
    assert "NotoSansCJKjp-Bold" in _page_fonts(reader.pages[2])  # the bold subset embedded


def test_japanese_headings_take_the_bold_of_the_cjk_font(books):
    _fonts_of(books)
    heading = ScriptParagraph("手番の流れ", Styles("#2f3640").h2)
    heading.wrap(300, 100)
    assert {op.font for op in heading.ops if isinstance(op, Text)} == {"NotoSansCJKjp-Subset-Bold"}


def test_without_a_cjk_bold_a_bold_run_prints_regular_and_is_a_warning(tmp_path, cli):
    root = copy(tmp_path)
    (root / "fonts" / "NotoSansCJKjp-Subset-Bold.otf").unlink()
    result = cli("--root", str(root), "check", "japanese")
    assert (
        "layouts/japanese/rulebook.md.j2: text: warning: 'NotoSansCJKjp-Subset' has no bold "
        "face, so **bold** prints in the regular weight; add "
        "fonts/NotoSansCJKjp-Subset-Bold.otf beside it"
    ) in result.out + result.err


def test_the_contents_of_a_book_laid_out_by_multibuild_set_these_scripts_too(tmp_path, monkeypatch):
    from cardstock.books import document
    from cardstock.cli import main

    refused: list[int] = []

    def refuse(self, canv, pages):
        refused.append(1)
        raise document.Unsettled("refused for the test")

    root = copy(tmp_path)
    out = tmp_path / "out"
    # (monkeypatch gives the build a cache of its own: the shared one may hold these books
    # laid out in a single pass, and the refusing patch would never run)
    monkeypatch.setattr(document.Contents, "finish", refuse)
    # the Arabic book alone: its contents page is the one read below
    args = ["--root", str(root), "build", "arabic", "--jobs", "1", "--only", "rulebook"]
    code = main([*args, "--out", str(out)])
    assert code == 0 and refused  # the book was laid out, its single pass refused
    assert not fonts.use_project_fonts(root)
    toc = PdfReader(out / "arabic" / "arabic-rulebook.pdf").pages[1]
    expected = [hb_glyphs(run) for run in _rtl_runs("طريقة اللعب", Styles("#2f3640").toc[0])]
    drawn = page_runs(toc, "DejaVuSans")
    assert expected and all(glyphs in drawn for glyphs in expected)
    assert "3" in toc.extract_text()  # the page number its leader leads to


def test_without_a_cjk_bold_a_bold_run_on_a_card_is_a_warning_at_its_row(tmp_path, cli):
    root = copy(tmp_path)
    (root / "fonts" / "NotoSansCJKjp-Subset-Bold.otf").unlink()
    game = root / "catalog" / "japanese" / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("二点のダメージ", "**二点**のダメージ"), encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "二点のダメージ" in row)
    result = cli("--root", str(root), "check", "japanese")
    assert (
        f"catalog/japanese/game.toml:{line}: text: warning: component 'ember': the font "
        "'NotoSansCJKjp-Subset' has no bold face, so **bold** prints in the regular weight"
    ) in result.out + result.err
