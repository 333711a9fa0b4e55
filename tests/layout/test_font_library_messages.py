"""The font library's own messages (fontTools logs through `logging`) are located findings
at the font file, never bare lines in the build's output: the case that failed was a CFF
font whose `hmtx` table was longer than its glyphs, printed as "too much 'hmtx' table
data" twice, unformatted, above the build's report."""

from __future__ import annotations

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables.DefaultTable import DefaultTable
from helpers_fonts import cff_font

FINDING = (
    "fonts/Odd-Regular.otf: warning: the font library (fontTools) says: too much 'hmtx' table data"
)


def _odd_font(mini) -> None:
    (mini.root / "fonts").mkdir()
    path = cff_font(mini.root / "fonts" / "Odd-Regular.otf", "Odd")
    font = TTFont(path)
    padded = DefaultTable("hmtx")
    padded.data = font.getTableData("hmtx") + bytes(8)
    font["hmtx"] = padded
    font.save(path)
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True)
    (layouts / "faces.toml").write_text('[layouts.card.boxes.body]\nfont = "Odd-Regular"\n')


def test_a_font_library_message_is_a_located_warning_in_check_and_build(cli, mini):
    _odd_font(mini)
    checked = cli("--root", str(mini.root), "check", "mini")
    lines = (checked.out + checked.err).splitlines()
    assert FINDING in lines
    assert "too much 'hmtx' table data" not in lines  # never the bare line
    built = cli("--root", str(mini.root), "build", "mini", "--only", "svg,pnp", "--jobs", "2")
    assert built.code == 0, built.err
    lines = (built.out + built.err).splitlines()
    assert lines.count(FINDING) == 1
    assert "too much 'hmtx' table data" not in lines
