"""The words of a paragraph are made once a game: the rule texts of a game's cards are new
combinations of a few lines, and a fit tries the text at many sizes. What making them
noted (markup not understood, icons the game lacks, characters no font draws) is noted
in every fit that uses them, as when each fit makes its own."""

from __future__ import annotations

import itertools

from cardstock.core.markup import Heading
from cardstock.layout.ops import SymbolPart
from cardstock.layout.text import fit as textfit
from cardstock.layout.text.fit import Paragraphs, Raw, fit_blocks, plain_blocks
from cardstock.layout.text.words import Fit, IconRef, TextStyle

LINES = (
    "Draw 1 **card**.",
    "Each other player loses 1 :coin:.",
    "Then score *2* points and [more]{colour=teal}.",
    "Reveal a :gem: ☃ then discard it.",
)
COIN = IconRef("coin", (SymbolPart((("M", 0.0, 0.0), ("L", 1.0, 1.0), ("Z",))),), None)
STYLE = TextStyle(size=9.0, min_size=5.0, fallback=("serif",))
BOX = (0.0, 0.0, 70.0, 40.0)  # small: the fit tries several sizes


def icons(name: str) -> IconRef | None:
    return COIN if name == "coin" else None  # :gem: is an icon the game lacks


def texts() -> list[str]:
    """Every ordering of three of the lines: 24 texts, each line in 18 of them."""
    return ["\n\n".join(t) for t in itertools.permutations(LINES, 3)]


def _seen(fit: Fit) -> tuple[object, ...]:
    return (
        fit.ops,
        fit.size,
        fit.lines,
        fit.fits,
        fit.height,
        fit.width_overflow,
        fit.missing,
        fit.unknown_icons,
        fit.markup,
        fit.unstyled,
    )


def test_each_paragraph_is_made_into_words_once_however_many_texts_and_sizes(monkeypatch):
    made: list[str] = []
    real = textfit.words_of

    def counted(spans, *args, **kwargs):
        made.append("".join(getattr(s, "text", "") or f":{s.icon}:" for s in spans))
        return real(spans, *args, **kwargs)

    monkeypatch.setattr(textfit, "words_of", counted)
    alone = [fit_blocks(plain_blocks(t), BOX, STYLE, icons) for t in texts()]
    assert len(made) > 2 * len(texts())  # each fit makes each of its lines at each size tried
    made.clear()
    paragraphs = Paragraphs()
    shared = [fit_blocks(plain_blocks(t), BOX, STYLE, icons, paragraphs) for t in texts()]
    assert len(made) == len(LINES)
    assert [_seen(f) for f in shared] == [_seen(f) for f in alone]
    # what making the words noted is noted again on every fit that uses them
    assert all(f.unknown_icons == ["gem"] for t, f in zip(texts(), shared) if LINES[3] in t)
    assert all(f.markup for t, f in zip(texts(), shared) if LINES[2] in t)


def test_what_the_words_depend_on_besides_the_text_makes_them_again(monkeypatch):
    made: list[object] = []
    real = textfit.words_of
    monkeypatch.setattr(textfit, "words_of", lambda *a, **k: made.append(a) or real(*a, **k))
    paragraphs = Paragraphs()
    line = LINES[0]
    fit_blocks([textfit.Paragraph(line)], BOX, STYLE, icons, paragraphs)
    fit_blocks([Heading(1, line)], BOX, STYLE, icons, paragraphs)  # a bold font
    fit_blocks([Raw(line)], BOX, STYLE, icons, paragraphs)  # its stars are letters
    red = TextStyle(**{**STYLE.__dict__, "color": "#c0392b"})
    fit_blocks([textfit.Paragraph(line)], BOX, red, icons, paragraphs)
    assert len(made) == 4
    fit_blocks([textfit.Paragraph(line)], BOX, red, icons, paragraphs)
    assert len(made) == 4


def test_a_paragraph_right_to_left_is_made_each_time(monkeypatch):
    made: list[object] = []
    real = textfit.words_of
    monkeypatch.setattr(textfit, "words_of", lambda *a, **k: made.append(a) or real(*a, **k))
    paragraphs = Paragraphs()
    line = "اسحب بطاقة :coin: واحدة"
    first = fit_blocks(plain_blocks(line), BOX, STYLE, icons, paragraphs)
    again = fit_blocks(plain_blocks(line), BOX, STYLE, icons, paragraphs)
    assert len(made) == 2 and _seen(first) == _seen(again)
