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
from pypdf import PdfReader
from reportlab.platypus import Paragraph

from cardstock import fonts
from cardstock.books.scripts import ScriptParagraph
from cardstock.books.story import Builder, Styles
from cardstock.core.bidi import rtl_paragraph
from cardstock.layout.ops import Rect, Text
from cardstock.layout.scripts import NO_END, NO_START

FIXTURE = Path(__file__).parent / "fixtures" / "scripts"
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
    assert titles["japanese"] == ["遊び方", "手番の流れ", "カード"]
    assert titles["arabic"] == ["طريقة اللعب", "الدور"]


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
        "(U+9F8D) (tried 'serif-bold', 'DejaVuSans-Arabic', 'NotoSansCJKjp-Subset'); it "
        "would print as a box"
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
