"""A damaged file in a project is named with what is wrong in a designer's words: never a
Python exception's text (`unpack requires a buffer of 2 bytes`), never an absolute path."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

FONT = ROOT / "cardstock" / "fonts" / "LiberationSans-Regular.ttf"


@pytest.mark.parametrize(
    "cut",
    [200, 5_000, "half"],
    ids=["before its table directory ends", "inside its tables", "halfway"],
)
def test_a_truncated_font_is_called_damaged_and_located(mini, cli, cut):
    data = FONT.read_bytes()
    end = len(data) // 2 if cut == "half" else cut
    (mini.root / "fonts").mkdir()
    (mini.root / "fonts" / "Broken-Regular.ttf").write_bytes(data[:end])
    result = cli("--root", str(mini.root), "check", "mini")
    assert result.code == 2
    (line,) = [x for x in result.err.splitlines() if "Broken-Regular.ttf" in x]
    assert line.startswith("fonts/Broken-Regular.ttf: ")
    assert "damaged or incomplete" in line
    assert str(mini.root) not in line and not re.search(r"unpack|buffer|Error\b|Corrupt", line)


def test_a_damaged_png_is_called_damaged_and_located(mini, cli):
    """A PNG whose signature is right but whose header is not: Pillow's words would name
    an in-memory object (`<_io.BytesIO object at 0x…>`)."""
    header = b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + b"IHDR" + bytes(13) + bytes(4)
    (mini.folder / "art" / "broken.png").write_bytes(header)
    mini.replace("cards.csv", "art/blaze.svg", "art/broken.png")
    result = cli("--root", str(mini.root), "check", "mini")
    assert result.code == 2
    (line,) = [x for x in result.err.splitlines() if "broken.png" in x]
    assert line.startswith("catalog/mini/cards.csv:3: art: catalog/mini/art/broken.png: ")
    assert line.endswith("not a readable PNG image: the file is damaged or incomplete")
    assert "0x" not in line and "_io" not in line
