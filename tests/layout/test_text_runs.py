"""A line of text is drawn as runs of one font each: a space between two words of one font
that is itself in another font (the plain space between two bold phrases,
`**Heroes win.** **Villains win:**`) still separates them, in the drawing as in the
measure."""

from __future__ import annotations

from cardstock import fonts
from cardstock.layout.text.fit import _emit_line
from cardstock.layout.text.words import break_lines, rich_spans, words_of

SIZE = 10.0


def runs(text: str) -> list[tuple[float, str, str]]:
    """(x, text, font) of each text run the line draws, left-aligned at 0."""
    words = words_of(rich_spans(text), "sans", "#000000", lambda name: None)
    lines, _ = break_lines(words, 1000.0, SIZE)
    drawn, _ = _emit_line(lines[0], 0.0, 1000.0, 0.0, SIZE, 1.2, "left", "sans")
    return [(d.args[0], d.args[2], d.args[3]) for d in drawn if d.kind == "text"]


def test_two_bold_phrases_apart_by_a_plain_space_are_drawn_apart() -> None:
    (x1, t1, f1), (x2, t2, f2), *_ = runs("**Heroes win.** **Villains win:** a hostage")
    assert (t1, t2) == ("Heroes win.", "Villains win:")
    assert f1 == f2 != "sans"  # both bold
    gap = x2 - (x1 + fonts.string_width(t1, f1, SIZE))
    assert abs(gap - fonts.string_width(" ", "sans", SIZE)) < 0.01


def test_words_of_one_font_and_their_spaces_are_one_run() -> None:
    drawn = runs("**Heroes win when the last villain falls.** Then play on")
    assert [t for _, t, _ in drawn] == ["Heroes win when the last villain falls.", "Then play on"]
