"""Line breaks in a layout's text template behave as the designer's text: a backslash at a
line's end is a line break and never prints, whatever follows it (a blank line, the end
of the text, spaces, a block tag that printed nothing), in inline and block markup alike
(and in a box without markup, whose line breaks are spaces);
and a cell line holding only spaces (what `%n %n` becomes after `[clean] replace`, as
nanDECK and Squib writers leave it) parts paragraphs as an empty line does. Read back from
the SVG faces a build writes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

GAME = """id = "notes"
title = "Notes"
version = "1.0"
players = { min = 2, max = 4 }

[clean]
replace = { "%n" = "\\n" }

[backs.deck]
title = "Notes"
color = "#223344"
"""

SET = """
[[sets]]
id = "{id}"
name = "{id}"
kind = "card"
group = "Cards"
back = "deck"
layout = "{layout}"
table = "{id}.csv"
fields.power = {{ type = "int" }}
fields.text = {{ type = "text" }}
"""

# each case: the text box's template (a TOML literal string, as the docs write them), its
# markup, and the lines the card prints
CASES = {
    "before-a-blank-line": ("Heroes answer\\\n\nAlways.", "inline", ["Heroes answer", "Always."]),
    "at-the-end": ("Heroes answer\\\n", "inline", ["Heroes answer"]),
    "at-the-end-unended": ("Heroes answer\\", "inline", ["Heroes answer"]),
    "spaces-after-it": ("Heroes answer\\   \nAlways.\\  ", "inline", ["Heroes answer", "Always."]),
    "before-a-tag-that-prints-nothing": (
        "Heroes answer\\\n{% if power > 5 %}\nStrong.\n{% endif %}\n",
        "inline",
        ["Heroes answer"],
    ),
    "a-tag-that-prints": (
        "Heroes answer\\\n{% if power > 1 %}\nStrong.\\\n{% endif %}\n",
        "inline",
        ["Heroes answer", "Strong."],
    ),
    "a-tag-ending-a-line-eats-its-break": (
        "{% if power > 1 %}Strong.{% endif %}\nPlay it.",
        "inline",
        ["Strong.Play it."],
    ),
    "a-kept-break-after-a-tag": (
        "{% if power > 1 %}Strong.\\{% endif +%}\nPlay it.",
        "inline",
        ["Strong.", "Play it."],
    ),
    "blocks-before-a-blank-line": (
        "Draw two.\\\n\nDiscard one.\\\n",
        "blocks",
        ["Draw two.", "Discard one."],
    ),
    "blocks-list-item": ("- Draw two.\\\n- Discard one.\\", "blocks", None),
    # no markup: every line break is a space, and the mark still never prints
    "no-markup": ("Heroes\\\n\nanswer.\\", "none", ["Heroes answer."]),
}


def _literal(text: str) -> str:
    return "'''\n" + text + "'''" if "\n" in text else "'" + text + "'"


@pytest.fixture(scope="module")
def built(tmp_path_factory, cli_module) -> Path:
    root = tmp_path_factory.mktemp("breaks")
    folder = root / "catalog" / "notes"
    folder.mkdir(parents=True)
    (root / "layouts" / "notes").mkdir(parents=True)
    game, faces = [GAME], []
    for n, (case, (template, markup, _)) in enumerate(CASES.items()):
        game.append(SET.format(id=f"case{n}", layout=f"case{n}"))
        (folder / f"case{n}.csv").write_text(f"name,power\n{case},3\n", encoding="utf-8")
        faces.append(
            f'[layouts.case{n}.boxes.words]\ntype = "text"\ntext = {_literal(template)}\n'
            f'markup = "{markup}"\nsize = "9pt"\n'
        )
    # the same paragraphs, once apart by an empty line and once by a line of one space
    game.append(SET.format(id="cells", layout="cells"))
    faces.append('[layouts.cells.boxes.words]\ntype = "text"\ntext = "{{ text }}"\nsize = "9pt"\n')
    (folder / "cells.csv").write_text(
        "name,text\nEmpty,First paragraph.%n%nSecond paragraph.\n"
        "Spaced,First paragraph.%n %nSecond paragraph.\n"
        "Tabbed,First paragraph.%n\t %nSecond paragraph.\n"
        "Joined,First paragraph.%nSecond paragraph.\n",
        encoding="utf-8",
    )
    (folder / "game.toml").write_text("".join(game), encoding="utf-8")
    (root / "layouts" / "notes" / "faces.toml").write_text("\n".join(faces), encoding="utf-8")
    done = cli_module("--root", str(root), "--out", str(root / "out"), "--only", "svg")
    assert done.code == 0, done.err
    return root / "out" / "notes" / "svg"


@pytest.fixture(scope="module")
def cli_module():
    from cardstock.cli import main

    class Result:
        def __init__(self, code: int) -> None:
            self.code, self.err = code, ""

    return lambda *args: Result(main(list(args)))


def printed(svg: Path) -> list[tuple[float, str]]:
    """The face's text lines, top to bottom: (baseline y, text)."""
    found = re.findall(r'<text[^>]* y="([\d.]+)"[^>]*>(.*?)</text>', svg.read_text(), re.S)
    return [(float(y), re.sub(r"<[^>]+>", "", t)) for y, t in found]


@pytest.mark.parametrize("n, case", list(enumerate(CASES)))
def test_a_line_end_backslash_breaks_the_line_and_never_prints(built, n, case):
    lines = [t for _, t in printed(built / f"{case}.svg")]
    assert not any("\\" in t for t in lines), lines
    expected = CASES[case][2]
    if expected is not None:
        assert lines == expected
    else:
        # a list item's mark is a text of its own
        assert [t for t in lines if t.strip("• –-")] == ["Draw two.", "Discard one."]


def test_a_cell_line_of_only_spaces_is_an_empty_line(built):
    empty = printed(built / "empty.svg")
    assert [t for _, t in empty] == ["First paragraph.", "Second paragraph."]
    assert printed(built / "spaced.svg") == empty
    assert printed(built / "tabbed.svg") == empty
    joined = printed(built / "joined.svg")  # a line break alone: no paragraph's space
    assert [t for _, t in joined] == [t for _, t in empty]
    assert joined[1][0] - joined[0][0] < empty[1][0] - empty[0][0]
