"""The fonts a PDF embeds are parsed by ReportLab once per font file, then made from the
parse kept in the user cache (`cardstock.fonts.kept`), keyed by the file's content: a
changed file and a damaged entry are parsed again. Counted, never timed; that the kept
font is the parsed one is checked in tests/test_library_internals.py."""

from __future__ import annotations

import shutil

from cardstock.fonts import FONT_DIR, kept


def counts() -> tuple[int, int]:
    return kept.STATS.parsed, kept.STATS.read


def test_a_font_is_parsed_once_then_made_from_its_kept_parse_until_the_file_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    font = tmp_path / "fonts" / "Gloria-Regular.ttf"
    font.parent.mkdir()
    shutil.copyfile(FONT_DIR / "LiberationSans-Regular.ttf", font)
    parsed, read = counts()

    first = kept.ttfont("Probe-Gloria", font)
    assert counts() == (parsed + 1, read)
    assert len(list((tmp_path / "cache" / "fonts").glob("*.face"))) == 1
    again = kept.ttfont("Probe-Gloria", font)
    assert counts() == (parsed + 1, read + 1)
    assert again.face.charWidths == first.face.charWidths and again.face.name == b"LiberationSans"

    shutil.copyfile(FONT_DIR / "LiberationSerif-Regular.ttf", font)  # same name, other contents
    other = kept.ttfont("Probe-Gloria", font)
    assert counts() == (parsed + 2, read + 1)
    assert other.face.name == b"LiberationSerif"
    assert len(list((tmp_path / "cache" / "fonts").glob("*.face"))) == 2


def test_a_damaged_entry_is_parsed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    path = FONT_DIR / "LiberationMono-Regular.ttf"
    kept.ttfont("Probe-Mono", path)
    (entry,) = (tmp_path / "cache" / "fonts").glob("*.face")
    for damage in (b"not marshal", b"\xe9\x00\x00\x00"):  # not marshal; marshal of a number
        entry.write_bytes(damage)
        parsed = kept.STATS.parsed
        font = kept.ttfont("Probe-Mono", path)
        assert kept.STATS.parsed == parsed + 1
        assert font.face.name == b"LiberationMono"
