"""A `.po` file is bounded as a table is: each text of an entry (its msgctxt, msgid,
msgstr, every plural form) at most as long as a CSV cell may be, and the file at most
`MAX_ENTRIES` entries. Past a bound the entry (or the file) is refused at its line, in
the form every bad input takes, and its text is never laid out."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from helpers_languages import GAME, fill_po, french_demo

from cardstock.catalog import translations
from cardstock.cli import main

PO = f"catalog/{GAME}/translations/fr.po"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "update", GAME, "--lang", "fr"]) == 0
    return root


def run(capsys, root: Path, *args: str) -> tuple[int, str]:
    code = main(["--root", str(root), *args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def _first_key(root: Path) -> str:
    """The key (msgctxt) of the file's first entry that is a text of the game."""
    with (root / PO).open("rb") as f:
        return next(m.context for m in read_po(f) if m.id and m.context)


def test_a_text_as_long_as_a_table_cell_may_be_is_the_bound():
    assert translations.MAX_TEXT == csv.field_size_limit()  # Python's own, the tables'


@pytest.mark.parametrize("part", ["msgstr", "msgid", "msgctxt"])
def test_an_entry_longer_than_a_table_cell_is_refused_at_its_line(project, capsys, part):
    key = _first_key(project)
    long = "Long " * (translations.MAX_TEXT // 5 + 1)
    path = project / PO
    with path.open("rb") as f:
        po = read_po(f)
    source = next(m.id for m in po if m.context == key)
    po.delete(source, context=key)
    given = {"msgstr": (source, long, key), "msgid": (long, "Aube", key)}
    entry_id, string, context = given.get(part, (source, "Aube", long))
    po.add(entry_id, string, context=context)
    with path.open("wb") as f:
        write_po(f, po, width=0)
    with path.open("rb") as f:
        line = next(m.lineno for m in read_po(f) if m.context == context)
    if part == "msgstr":  # at the msgstr, not the msgid Babel locates the entry by
        lines = path.read_text(encoding="utf-8").splitlines()
        line = next(n for n, text in enumerate(lines, 1) if text.startswith('msgstr "Long '))
    where = f"{PO}:{line}: {'msgctxt' if part == 'msgctxt' else key}: "
    told = f"{where}the entry's {part} holds {len(long):,} characters; a text may hold at most"
    done, said = run(capsys, project, "check", "--lang", "fr")
    assert done == 2, said
    assert said.replace(str(project) + "/", "").count(told) == 1, said
    done, said = run(capsys, project, "build", "--only", "pnp", "--paper", "letter")
    assert done == 2, said
    assert told in said.replace(str(project) + "/", "")
    assert not (project / "output").exists()


def test_a_plural_form_longer_than_a_table_cell_is_refused_at_its_own_msgstr(project, capsys):
    path = project / PO
    text = path.read_text(encoding="utf-8")
    long = "y" * (translations.MAX_TEXT + 1)
    path.write_text(
        text
        + f'\nmsgid "one die"\nmsgid_plural "{{n}} dice"\nmsgstr[0] "un dé"\nmsgstr[1] "{long}"\n',
        encoding="utf-8",
    )
    done, said = run(capsys, project, "check", "--lang", "fr")
    assert done == 2, said
    at = len(text.splitlines()) + 5  # the long form's own msgstr[1], not the msgid
    assert f"{PO}:{at}: the entry's msgstr holds {len(long):,} characters" in said.replace(
        str(project) + "/", ""
    )


def test_a_file_of_more_entries_than_the_bound_is_refused_before_it_is_parsed(
    project, capsys, monkeypatch
):
    fill_po(project, {}, rest=lambda source: f"« {source} »")
    with (project / PO).open("rb") as f:
        entries = 1 + sum(1 for m in read_po(f) if m.id)  # the header is an entry too
    parsed: list[bytes] = []
    real = translations._parse
    monkeypatch.setattr(
        translations, "_parse", lambda data, *a: parsed.append(data) or real(data, *a)
    )
    monkeypatch.setattr(translations, "MAX_ENTRIES", entries)
    done, said = run(capsys, project, "check", "--lang", "fr")
    assert "entries; at most" not in said and parsed  # as many as the bound: read
    parsed.clear()
    monkeypatch.setattr(translations, "MAX_ENTRIES", entries - 1)
    done, said = run(capsys, project, "check", "--lang", "fr")
    assert done == 2, said  # bad input, as a build finds it
    assert "Traceback" not in said and "texts translated" not in said
    assert f"{PO}: the file holds {entries:,} entries; at most {entries - 1:,}" in said.replace(
        str(project) + "/", ""
    )
    assert parsed == []
