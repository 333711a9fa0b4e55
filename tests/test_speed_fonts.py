"""Font metrics are parsed once per font file and kept on disk, keyed by the file's
content: a later process reads them back instead of parsing the font, a changed file is
parsed again, and text measured from the cache is exactly what ReportLab measures."""

from __future__ import annotations

import shutil
from pathlib import Path

from reportlab.pdfbase.ttfonts import TTFont

from cardstock import fonts

SHIPPED = Path(fonts.__file__).resolve().parent
TEXT = "Deal 3 damage — then draw a card. Ünïcode ok?"


def reportlab_width(path: Path, text: str, size: float) -> float:
    return TTFont("Probe", str(path)).stringWidth(text, size)


def test_metrics_are_parsed_once_then_read_back_and_parsed_again_when_the_file_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "project"
    font = root / "fonts" / "Gloria-Regular.ttf"
    font.parent.mkdir(parents=True)
    shutil.copyfile(SHIPPED / "LiberationSans-Regular.ttf", font)
    try:
        assert fonts.use_project_fonts(root) == []
        fonts._forget()
        start = fonts.METRICS_STATS.parsed, fonts.METRICS_STATS.cached

        sans = fonts.string_width(TEXT, "Gloria-Regular", 9)
        assert sans == reportlab_width(font, TEXT, 9)
        assert (fonts.METRICS_STATS.parsed, fonts.METRICS_STATS.cached) == (start[0] + 1, start[1])
        assert len(list((tmp_path / "cache" / "fonts").glob("*.marshal"))) == 1

        # a new process (the in-memory caches dropped) reads the metrics back
        fonts._forget()
        assert fonts.string_width(TEXT, "Gloria-Regular", 9) == sans
        assert fonts.ascent("Gloria-Regular") == TTFont("P", str(font)).face.ascent / 1000
        assert fonts.missing_glyphs("ok \u4e2d", "Gloria-Regular") == ["\u4e2d"]
        assert (fonts.METRICS_STATS.parsed, fonts.METRICS_STATS.cached) == (start[0] + 1, start[1] + 1)

        # the same file name with other contents: the cached metrics are not used
        shutil.copyfile(SHIPPED / "LiberationSerif-Regular.ttf", font)
        fonts.use_project_fonts(root)
        serif = fonts.string_width(TEXT, "Gloria-Regular", 9)
        assert serif == reportlab_width(font, TEXT, 9) != sans
        assert fonts.METRICS_STATS.parsed == start[0] + 2
        assert len(list((tmp_path / "cache" / "fonts").glob("*.marshal"))) == 2
    finally:
        fonts.use_project_fonts(tmp_path / "no-project")
        fonts._forget()


def test_a_damaged_cache_entry_is_parsed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    fonts._forget()
    try:
        expected = reportlab_width(SHIPPED / "LiberationMono-Regular.ttf", TEXT, 7)
        assert fonts.string_width(TEXT, "mono", 7) == expected
        (entry,) = (tmp_path / "cache" / "fonts").glob("*.marshal")
        entry.write_bytes(b"not marshal")
        fonts._forget()
        parsed = fonts.METRICS_STATS.parsed
        assert fonts.string_width(TEXT, "mono", 7) == expected
        assert fonts.METRICS_STATS.parsed == parsed + 1
    finally:
        fonts._forget()
