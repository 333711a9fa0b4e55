"""What is wrong with a `.po` entry's translation is located at its `msgstr` line, where the
translator fixes it, however many lines its msgid takes (Babel locates an entry by its
msgid alone): a translation that is the source word for word, one that drops an icon of
its source, a text left empty. What is wrong with the entry itself, a source text changed
since it was translated, stays at its msgid."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from helpers_languages import GAME, fill_po, french_demo

from cardstock.catalog.translations import msgstr_lines
from cardstock.cli import main

PO = f"catalog/{GAME}/translations/fr.po"
ECLIPSE = "**Swap** hands with another player.\nThen take a :spark:."  # its msgid: 3 lines


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "update", GAME, "--lang", "fr"]) == 0
    return root


def lines_of(root: Path, key: str) -> tuple[int, int]:
    """The lines of the msgid and the msgstr of the entry whose msgctxt is `key`."""
    lines = (root / PO).read_text(encoding="utf-8").splitlines()
    msgid = lines.index(f'msgctxt "{key}"') + 1  # 0-based: the next line, its msgid's
    msgstr = next(n for n in range(msgid, len(lines)) if lines[n].startswith("msgstr"))
    return msgid + 1, msgstr + 1


def test_what_is_wrong_with_a_translation_is_at_its_msgstr_line(project, capsys):
    fill_po(
        project,
        {"eclipse.text": ECLIPSE, "noon.text": "Prenez une étincelle."},
        rest=lambda source: f"« {source} »",
    )
    cards = project / "catalog" / GAME / "cards.csv"
    cards.write_text(cards.read_text().replace("any Moon card", "any Moon or Sun card"))
    eclipse, noon, dusk = (lines_of(project, f"{k}.text") for k in ("eclipse", "noon", "dusk"))
    assert eclipse[1] - eclipse[0] == 3 and noon[1] - noon[0] == 1
    capsys.readouterr()
    build = ["--root", str(project), "build", "--lang", "fr", "--only", "pnp"]
    assert main(build) == 2  # an icon dropped is bad input: nothing is written
    assert not (project / "output").exists()
    said = capsys.readouterr()
    told = (said.out + said.err).replace(f"{project}/", "").splitlines()

    def at(key: str, start: str) -> list[str]:
        return [line.split(": ", 1)[0] for line in told if f": {key}: " in line and start in line]

    assert at("eclipse.text", "word for word") == [f"{PO}:{eclipse[1]}"], told
    assert at("noon.text", "the translation states") == [f"{PO}:{noon[1]}"], told
    assert at("dusk.text", "the source text changed") == [f"{PO}:{dusk[0]}"], told


def test_each_entrys_msgstr_line_follows_its_msgid_line_as_babel_gives_it() -> None:
    data = (
        b'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'  # the header, lines 1-3
        b'msgctxt "a"\nmsgid ""\n"two\\n"\n"lines"\n\nmsgstr "deux"\n\n'  # msgid 6, msgstr 10
        b'msgid "one die"\r\nmsgid_plural "{n} dice"\r\n  msgstr[0] "un"\r\nmsgstr[1] "des"\n'
    )
    babel = [m.lineno for m in read_po(io.BytesIO(data), abort_invalid=True) if m.id]
    assert babel == [6, 12]
    assert msgstr_lines(data, [*babel, None]) == {6: (10,), 12: (14, 15)}
