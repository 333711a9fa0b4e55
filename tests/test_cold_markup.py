"""Text with nothing Markdown could read as markup is taken as it is, without markdown-it:
on thousands of generated strings, plain and marked, the shortcut gives exactly what the
parser gives, and text that has no markup never imports the parser."""

from __future__ import annotations

import random
import subprocess
import sys

from cardstock import markup

PIECES = list("abcXYZ019 ,.;'\"()?%/-+=#|>*_\\:`[]<>&!~\n\t é—’") + ["  ", "1. ", "- ", "# ", "**", ":fire:", "\n\n"]


def generated(n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 14))) for _ in range(n)]


def test_the_shortcut_reads_text_exactly_as_markdown_it_does():
    inline = blocks = 0
    for text in generated(20_000, 19) + ["Deal 3 damage, then draw a card.", "  Card 7  ", "Ünïcode — fine"]:
        if markup._plain_inline(text):
            inline += 1
            assert markup.spans(text) == list(markup._spans(text)), text
        if markup._plain_block(text):
            blocks += 1
            assert markup.parse(text) == list(markup._parse(text)), text
    # both shortcuts were really exercised, and text with markup was not taken by them
    assert inline > 1_000 and blocks > 300
    assert not markup._plain_inline("**Strength** 3") and not markup._plain_block("- an item")
    assert not markup._plain_block("1) first") and not markup._plain_block("| a | b |")


def test_text_without_markup_needs_no_parser():
    code = (
        "import sys\n"
        "from cardstock import markup\n"
        "assert markup.spans('Card 12') == [markup.Span('Card 12')]\n"
        "assert markup.parse('Deal 1 damage, then draw.') == [markup.Paragraph('Deal 1 damage, then draw.')]\n"
        "print('markdown_it' in sys.modules)\n"
        "markup.spans('**bold**')\n"
        "print('markdown_it' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True"]
