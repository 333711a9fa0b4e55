"""The markup of rule text, cards and rulebooks is CommonMark (markdown-it-py) with tables
and `:icon:`: every construct the shipped games write, the cases a hand-written reader gets wrong
(wrapped list items, italic inside bold, escaped marks), and what a rulebook prints from it."""

from __future__ import annotations

import io
import re
import shutil

import pytest
from conftest import GAMES, ROOT, load_games, render_book
from pypdf import PdfReader

from cardstock.books.content import sides
from cardstock.catalog.context import template_context
from cardstock.catalog.ruletext import render_quickref
from cardstock.core.markup import (
    Heading,
    ListItem,
    Note,
    Paragraph,
    Span,
    Table,
    parse,
    plain,
    spans,
)

# ---------------------------------------------------------------- the three old bugs


def test_a_list_item_wrapped_over_two_lines_stays_one_item():
    text = "- Draw two cards from the deck,\n  then discard one of them.\n- Pass the turn."
    assert parse(text) == [
        ListItem("Draw two cards from the deck, then discard one of them."),
        ListItem("Pass the turn."),
    ]


def test_italic_nested_in_bold_leaves_no_stray_asterisk():
    assert spans("**bold *and italic***") == [
        Span("bold ", bold=True),
        Span("and italic", bold=True, italic=True),
    ]
    assert plain("**bold *and italic***") == "bold and italic"


def test_a_backslash_escapes_an_asterisk_and_an_icon():
    assert spans(r"2 \* 3 is \*not\* :six:") == [Span("2 * 3 is *not* "), Span("", icon="six")]
    assert spans(r"write \:skull: for the icon") == [Span("write :skull: for the icon")]


# ---------------------------------------------------------------- blocks the games use


def test_headings_of_three_levels_and_deeper_ones_at_the_third():
    assert parse("# One\n## Two\n### Three\n#### Four") == [
        Heading(1, "One"),
        Heading(2, "Two"),
        Heading(3, "Three"),
        Heading(3, "Four"),
    ]


def test_lines_of_a_paragraph_are_joined_and_a_blank_line_ends_it():
    assert parse("First line\nsecond line.\n\nNext paragraph.") == [
        Paragraph("First line second line."),
        Paragraph("Next paragraph."),
    ]


def test_a_line_ending_in_a_backslash_or_two_spaces_breaks_the_line_there():
    assert parse("Discard.\\\nDraw 3.\nThen rest.  \nDone.") == [
        Paragraph("Discard.\nDraw 3. Then rest.\nDone.")
    ]
    assert parse("An escaped \\\\\nbackslash.") == [Paragraph("An escaped \\\\ backslash.")]
    assert plain("An escaped \\\\ backslash.") == "An escaped \\ backslash."


def test_indentation_from_templates_means_nothing():
    assert parse("    An indented paragraph\n        still the same one.\n\n  - an item") == [
        Paragraph("An indented paragraph still the same one."),
        ListItem("an item"),
    ]


def test_numbered_items_keep_the_numbers_written():
    assert parse("1. Shuffle.\n2. Deal.\n\n4. Later step.") == [
        ListItem("Shuffle.", ordered=True, number=1),
        ListItem("Deal.", ordered=True, number=2),
        ListItem("Later step.", ordered=True, number=4),
    ]


def test_a_table_has_its_header_first_and_keeps_inline_marks_in_cells():
    text = "| Players | Cards dealt |\n|---|:-:|\n| 2 | **7** |\n| 3 | :card: 5 |"
    assert parse(text) == [Table(("Players", "Cards dealt"), (("2", "**7**"), ("3", ":card: 5")))]


def test_a_table_directly_after_a_paragraph():
    [para, table] = parse("Deal by player count:\n| Players | Cards |\n|---|---|\n| 2 | 7 |")
    assert para == Paragraph("Deal by player count:")
    assert table == Table(("Players", "Cards"), (("2", "7"),))


def test_a_note_over_two_lines_is_one_note():
    assert parse("> **A note.** Ties are\n> rolled again.") == [
        Note("**A note.** Ties are rolled again.")
    ]


def test_blocks_in_the_order_written():
    text = "## Setup\nSome text.\n- one\n- two\n\nAfter the list.\n> careful"
    assert [type(b) for b in parse(text)] == [
        Heading,
        Paragraph,
        ListItem,
        ListItem,
        Paragraph,
        Note,
    ]


# ---------------------------------------------------------------- inline marks the games use


def test_bold_italic_and_icons_between_words_and_punctuation():
    assert spans("Roll :die:, then **Attack** with *care*: done") == [
        Span("Roll "),
        Span("", icon="die"),
        Span(", then "),
        Span("Attack", bold=True),
        Span(" with "),
        Span("care", italic=True),
        Span(": done"),
    ]


def test_an_icon_inside_bold_is_an_icon():
    assert spans("**:fire: Fire**") == [Span("", bold=True, icon="fire"), Span(" Fire", bold=True)]


def test_text_that_is_not_markup_stays_as_written():
    for text in [
        "Alpha & Omega",
        "at least min_devotees Devotees",
        "5 * 3 = 15",
        "[not a link](x)",
        "`no code`",
        "<b>no html</b>",
        "&amp;",
        "a time of 10:30",
    ]:
        assert spans(text) == [Span(text)], text


def test_a_hyphenated_icon_name_and_a_line_break_kept_in_inline_text():
    assert spans("the :arch-villain:\nappears") == [
        Span("the "),
        Span("", icon="arch-villain"),
        Span("\nappears"),
    ]
    assert spans("one\\\ntwo") == [Span("one\ntwo")]  # a hard break: no backslash left


# ---------------------------------------------------------------- the shipped games


def _texts(game: str) -> list[str]:
    """Every quick-reference side of a shipped game, rendered."""
    (catalog,), _ = load_games(ROOT, [game])
    ctx = template_context(catalog)
    out = []
    for side in sides(catalog):
        text, issues = render_quickref(catalog, side.name, ctx)
        assert text is not None, issues
        out.append(text)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_shipped_quick_references_leave_no_marks_in_their_words(game):
    for text in _texts(game):
        for block in parse(text):
            cells = (
                [*block.header, *(c for r in block.rows for c in r)]
                if isinstance(block, Table)
                else [block.text]
            )
            for cell in cells:
                words = plain(cell)
                assert not re.search(r"\*|(?<![\d\w]):[a-z]", words), (game, cell, words)


def test_a_rulebook_prints_wrapped_items_and_nested_emphasis_as_written(tmp_path):
    game = "atmosfear"
    shutil.copytree(ROOT / "catalog" / game, tmp_path / "catalog" / game)
    shutil.copytree(ROOT / "layouts" / game, tmp_path / "layouts" / game)
    (tmp_path / "layouts" / game / "rulebook.md.j2").write_text(
        "# Marks\n\n"
        "- The first item is long enough that its writer\n  wrapped it onto a second line.\n"
        "- The second item.\n\n"
        "Read **bold *and italic*** and a star \\* kept.\n",
        encoding="utf-8",
    )
    (catalog,), _ = load_games(tmp_path, [game])
    result = render_book(catalog)
    assert result.reading is not None, [i.render() for i in result.issues]
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(result.reading.data)).pages[1:])
    words = " ".join(text.split())
    assert words.count("\u2022") == 2
    assert "its writer wrapped it onto a second line." in words
    assert "Read bold and italic and a star * kept." in words


def test_plain_text_reads_a_coloured_span_as_its_words_and_an_icon_as_its_id() -> None:
    text = "**Take** [two]{color=#a93226 size=120%} :spark:."
    assert plain(text) == "Take two [spark]."
    assert plain(text, ":{}:") == "Take two :spark:."
