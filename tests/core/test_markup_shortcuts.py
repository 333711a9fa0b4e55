"""Text with nothing Markdown could read as markup (or only `**strong**` runs whose reading
is certain) is taken without markdown-it: on many thousands of generated strings, plain and
marked, the shortcuts give exactly what the parser gives, and a build whose texts need no
parser never imports it."""

from __future__ import annotations

import random
import subprocess
import sys

from cardstock.core import markup

PIECES = list("abcXYZ019 ,.;'\"()?%/-+=#|>*_\\:`[]<>&!~\n\t é—’") + [
    "  ",
    "1. ",
    "- ",
    "# ",
    "**",
    ":fire:",
    "\n\n",
]


def generated(n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 14))) for _ in range(n)]


def test_the_shortcut_reads_text_exactly_as_markdown_it_does():
    inline = blocks = 0
    for text in generated(20_000, 19) + [
        "Deal 3 damage, then draw a card.",
        "  Card 7  ",
        "Ünïcode — fine",
    ]:
        if markup._plain_inline(text):
            inline += 1
            assert markup.spans(text) == list(markup._spans(text)), text
        if markup._simple_paragraph(text):
            blocks += 1
            assert markup.parse(text) == list(markup._parse(text)), text
    # both shortcuts were really exercised, and text with markup was not taken by them
    assert inline > 1_000 and blocks > 300
    assert not markup._plain_inline("**Strength** 3") and not markup._simple_paragraph("- an item")
    assert not markup._simple_paragraph("1) first") and not markup._simple_paragraph("| a | b |")


WORDS = [
    "Deal",
    "3",
    "damage,",
    "then",
    "draw.",
    "Strength",
    "(x)",
    "—",
    "é",
    "a",
    "b.",
    "'q'",
    "-",
    "1.",
    "#",
    "*",
    "_",
    "x_y",
    ":fire:",
    "\u00a0",
    "!",
]


def strong_texts(n: int, seed: int) -> list[str]:
    """Words with `**` put before, after or around some of them, joined by spaces, nothing,
    line breaks or blank lines: the cases where a `**` may or may not open or close."""
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        words = []
        for _ in range(rnd.randint(1, 7)):
            w, roll = rnd.choice(WORDS), rnd.random()
            words.append(
                "**" + w
                if roll < 0.25
                else w + "**"
                if roll < 0.5
                else "**" + w + "**"
                if roll < 0.6
                else w
            )
        text = words[0]
        for w in words[1:]:
            text += rnd.choice([" ", " ", " ", "", "  ", "\n", "\n\n"]) + w
        out.append((" " if rnd.random() < 0.2 else "") + text + (" " if rnd.random() < 0.2 else ""))
    return out


def test_strong_runs_and_paragraphs_are_read_exactly_as_markdown_it_reads_them():
    strong = paragraphs = 0
    for text in strong_texts(40_000, 5) + ["Deal 1 damage, then draw a card.\n\n**Strength** 4"]:
        fast = markup._strong_spans(text) if "**" in text else None
        if fast is not None:
            strong += 1
            assert fast == list(markup._spans(text)) == markup.spans(text), text
        if all(markup._simple_paragraph(c) for c in text.split("\n\n")):
            paragraphs += 1
            assert markup.parse(text) == list(markup._parse(text)), text
    assert strong > 500 and paragraphs > 500
    assert markup.parse("Deal 1 damage.\n\n**Strength** 4") == [
        markup.Paragraph("Deal 1 damage."),
        markup.Paragraph("**Strength** 4"),
    ]
    assert markup.spans("**Strength** 4") == [markup.Span("Strength", bold=True), markup.Span(" 4")]
    for unsure in ("a**b**", "**a **", "** a**", "**a****b**", "***a***", "**a**b"):
        assert markup._strong_spans(unsure) is None, unsure


def test_text_without_markup_needs_no_parser():
    code = (
        "import sys\n"
        "from cardstock.core import markup\n"
        "assert markup.spans('Card 12') == [markup.Span('Card 12')]\n"
        "assert markup.spans('Draw 1.\\nThen 2.') == [markup.Span('Draw 1.\\nThen 2.')]\n"
        "assert markup.parse('Deal 1 damage, then draw.') == [markup.Paragraph('Deal 1 damage, "
        "then draw.')]\n"
        "assert markup.parse('Draw 1.\\\\\\nThen 2.\\n\\n**Number** 0') == [markup.Paragraph("
        "'Draw 1.\\nThen 2.'), markup.Paragraph('**Number** 0')]\n"
        "print('markdown_it' in sys.modules)\n"
        "markup.spans('*italic*')\n"
        "print('markdown_it' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "True"]


def test_a_paragraph_of_several_plain_lines_is_read_exactly_as_markdown_it_reads_it():
    lines = 0
    for text in (
        strong_texts(40_000, 11)
        + generated(20_000, 23)
        + ["Draw 1 cards.\nEach other player loses 1.\nThen score 1 points."]
    ):
        if "\n\n" not in text and markup._simple_lines(text) is not None:
            lines += 1
            assert markup.parse(text) == list(markup._parse(text)), text
    assert lines > 500
    assert markup.parse("Draw 1 card.\nThen score 2.") == [
        markup.Paragraph("Draw 1 card. Then score 2.")
    ]
    for block in ("Draw 1.\n- an item", "Draw 1.\n# Head", "Draw 1.  \nThen 2.", "Draw\n===="):
        assert markup._simple_lines(block) is None, block


def broken_texts(n: int, seed: int) -> list[str]:
    """Paragraphs of a few lines, each line words plain or marked (`**` before, after or
    around some), ending in a backslash (a line break), a space or nothing, the paragraphs
    apart by one blank line or more."""
    rnd = random.Random(seed)

    def word() -> str:
        w, roll = rnd.choice(WORDS), rnd.random()
        return (
            "**" + w
            if roll < 0.1
            else w + "**"
            if roll < 0.2
            else "**" + w + "**"
            if roll < 0.4
            else w
        )

    out = []
    for _ in range(n):
        paragraphs = []
        for _ in range(rnd.randint(1, 3)):
            lines = [
                " ".join(word() for _ in range(rnd.randint(1, 4)))
                + rnd.choice(["\\", "\\", "\\", "", "", " \\", "\\\\", "  "])
                for _ in range(rnd.randint(1, 4))
            ]
            paragraphs.append("\n".join(lines))
        out.append(rnd.choice(["\n\n", "\n\n", "\n\n\n"]).join(paragraphs))
    return out


def test_paragraphs_of_lines_broken_by_a_backslash_are_read_exactly_as_markdown_it_reads_them():
    taken = 0
    for text in broken_texts(40_000, 31) + [
        "Draw 1 cards.\\\nEach other player loses 1.\\\nThen score 1 points.\n\n**Number** 0"
    ]:
        if all(
            markup._simple_paragraph(c) or markup._simple_lines(c) is not None
            for c in text.split("\n\n")
        ):
            taken += 1
            assert markup.parse(text) == list(markup._parse(text)), text
    assert taken > 100
    assert markup.parse("Draw 1.\\\nThen score 2.\n\n**Number** 0") == [
        markup.Paragraph("Draw 1.\nThen score 2."),
        markup.Paragraph("**Number** 0"),
    ]
    for unsure in ("Draw 1. \\\nThen 2.", "Draw 1.\\\n- an item", "Draw 1.\\", "**a\\\nb**"):
        assert markup._simple_lines(unsure) is None, unsure


def line_texts(n: int, seed: int) -> list[str]:
    """Lines of words (some of them marks), apart by a line break alone or with spaces or a
    tab beside it, or by a blank line, some with a space at the start or the end: a card's
    text of several lines, and what would make markdown-it read its breaks otherwise."""
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        lines = [
            " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 4)))
            for _ in range(rnd.randint(2, 4))
        ]
        text = lines[0]
        for line in lines[1:]:
            text += rnd.choice(["\n"] * 6 + [" \n", "\n ", "  \n", "\t\n", "\n\n"]) + line
        out.append(rnd.choice(["", "", "", " ", "\n"]) + text + rnd.choice(["", "", "", " "]))
    return out


def test_plain_lines_read_exactly_as_markdown_it_reads_them():
    taken = 0
    for text in line_texts(40_000, 37) + generated(20_000, 41):
        if markup._plain_lines(text):
            taken += 1
            assert markup.spans(text) == list(markup._spans(text)), text
    assert taken > 1_000
    assert markup.spans("Draw 1 card.\nThen score 2.") == [
        markup.Span("Draw 1 card.\nThen score 2.")
    ]
    for unsure in ("Draw 1.  \nThen 2.", "Draw 1. \nThen 2.", "Draw 1.\n Then 2.", "a\n\nb", "a\n"):
        assert not markup._plain_lines(unsure), unsure
