"""A sentence said of a count (`{% trans count=n %}…{% pluralize %}…{% endtrans %}`) is
extracted as a plural entry, and each language prints the form its `.po` file gives for
the count, chosen by the file's Plural-Forms (docs/languages.md, "Plural forms")."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from helpers_languages import french_demo
from pypdf import PdfReader

from cardstock.cli import main

GAME = "demo"
COUNTED = """{{ cover() }}

# Overview

{% for n in [0, 1, 2] %}
- {% trans count=n %}{{ count }} card is dealt{% pluralize %}{{ count }} cards are dealt
{%- endtrans %}
{% endfor %}
"""
SINGULAR = "%(count)s card is dealt"
PLURAL = "%(count)s cards are dealt"
FRENCH = ("%(count)s carte distribuée", "%(count)s cartes distribuées")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = french_demo(tmp_path / "proj")
    (root / "layouts" / GAME / "rulebook.md.j2").write_text(COUNTED, encoding="utf-8")
    return root


def run(root: Path, *args: str) -> int:
    return main(["--root", str(root), *args])


def po_path(root: Path, name: str = "fr.po") -> Path:
    return root / "catalog" / GAME / "translations" / name


def fill(root: Path, forms: tuple[str, ...]) -> None:
    """Translate every entry of fr.po; the counted sentence with `forms`."""
    with po_path(root).open("rb") as f:
        catalog = read_po(f)
    for m in catalog:
        if isinstance(m.id, tuple):
            m.string = forms
        elif m.id:
            m.string = f"FR {m.id}"
    with po_path(root).open("wb") as f:
        write_po(f, catalog)


def book_text(root: Path, game: str) -> str:
    book = root / "output" / game / f"{game}-rulebook.pdf"
    return " ".join(p.extract_text() for p in PdfReader(book).pages)


def test_extraction_writes_a_plural_entry_for_a_counted_sentence(project: Path) -> None:
    assert run(project, "translate", "extract", GAME) == 0
    with po_path(project, "messages.pot").open("rb") as f:
        plural = [m for m in read_po(f) if isinstance(m.id, tuple)]
    assert [m.id for m in plural] == [(SINGULAR, PLURAL)]
    text = po_path(project, "messages.pot").read_text(encoding="utf-8")
    assert f'msgid_plural "{PLURAL}"' in text


def test_update_writes_one_form_per_plural_form_of_the_language(project: Path) -> None:
    assert run(project, "translate", "update", GAME) == 0
    text = po_path(project).read_text(encoding="utf-8")
    assert "Plural-Forms: nplurals=2; plural=(n > 1);" in text
    assert 'msgstr[0] ""' in text and 'msgstr[1] ""' in text


def test_french_prints_the_singular_for_0_and_1_and_the_plural_for_2(project: Path) -> None:
    assert run(project, "translate", "update", GAME) == 0
    fill(project, FRENCH)
    assert run(project, "check", "--lang", "fr", "--strict") == 0
    assert run(project, "build", "--only", "rulebook") == 0
    text = book_text(project, "demo-fr")
    assert "0 carte distribuée" in text and "1 carte distribuée" in text
    assert "2 cartes distribuées" in text
    assert "cards are dealt" not in text
    source = book_text(project, "demo")  # English: 1 is singular, 0 and 2 plural
    assert "0 cards are dealt" in source and "1 card is dealt" in source
    assert "2 cards are dealt" in source


def test_the_po_files_plural_rule_chooses_the_form(project: Path) -> None:
    """A file whose Plural-Forms says another rule is followed: here every count but 2
    takes the first form."""
    assert run(project, "translate", "update", GAME) == 0
    fill(project, ("%(count)s AUTRE", "%(count)s DEUX"))
    path = po_path(project)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("plural=(n > 1);", "plural=(n == 2);"), encoding="utf-8")
    assert run(project, "build", "--only", "rulebook") == 0
    text = book_text(project, "demo-fr")
    assert "0 AUTRE" in text and "1 AUTRE" in text and "2 DEUX" in text


def test_a_plural_entry_missing_a_form_is_reported_and_the_source_printed(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(project, "translate", "update", GAME) == 0
    fill(project, (FRENCH[0], ""))
    capsys.readouterr()
    assert run(project, "build", "--only", "rulebook") == 0
    err = capsys.readouterr().err
    assert "fr.po:" in err and f"{SINGULAR}: warning: [fr] not translated" in err
    text = book_text(project, "demo-fr")
    assert "2 cards are dealt" in text and "carte" not in text


def test_a_changed_source_plural_makes_the_entry_stale(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(project, "translate", "update", GAME) == 0
    fill(project, FRENCH)
    layout = project / "layouts" / GAME / "rulebook.md.j2"
    edited = layout.read_text(encoding="utf-8").replace("cards are dealt", "cards are given")
    layout.write_text(edited, encoding="utf-8")
    capsys.readouterr()
    assert run(project, "check", "--lang", "fr") == 0
    out = capsys.readouterr()
    assert "the source text changed since this translation was made" in out.out + out.err


def test_a_game_written_in_french_says_0_in_the_singular(project: Path) -> None:
    """The game's own language follows its own plural rule too (CLDR's: 0 and 1 are
    singular in French), where English says 0 in the plural."""
    game = project / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8").replace('languages = ["fr"]', 'language = "fr"')
    game.write_text(text, encoding="utf-8")
    layout = project / "layouts" / GAME / "rulebook.md.j2"
    french = COUNTED.replace("card is dealt", "carte distribuée").replace(
        "cards are dealt", "cartes distribuées"
    )
    layout.write_text(french, encoding="utf-8")
    assert run(project, "build", "--only", "rulebook") == 0
    text = book_text(project, "demo")
    assert "0 carte distribuée" in text and "1 carte distribuée" in text
    assert "2 cartes distribuées" in text
