"""Names a reader looks up are ordered, and numbers written, as the build's language does
(core/localized.py; docs/languages.md, "Order and numbers")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from helpers_languages import french_demo
from pypdf import PdfReader

from cardstock.cli import main
from cardstock.core.localized import collated, number, percent

GAME = "demo"
LISTED = """{{ cover() }}

# Overview

{% for face in by_name(select(set='deck')) %}
- {{ face.name }}
{% endfor %}

Half: {{ number(0.5, 1) }}. Often: {{ percent(0.125, 1) }}. Many: {{ number(12345) }}.
"""
# the French names, chosen so that code point order and a reader's order differ; no two
# differ only in case, as each component has a name of its own (rules/checks/distinct_names.py)
NAMES = {
    "dawn.name": "Zèbre",
    "noon.name": "Éclair",
    "eclipse.name": "Eau",
    "dusk.name": "ébène",
    "tide.name": "Ours",
    "midnight.name": "Écho",
}


def test_accents_and_case_only_break_ties() -> None:
    names = ["Zèbre", "Éclair", "Eau", "eau", "écho", "zebra", "Ours"]
    assert sorted(names)[-1] == "écho"  # code points: every accented letter after z
    assert collated(names, str) == ["eau", "Eau", "écho", "Éclair", "Ours", "zebra", "Zèbre"]


@pytest.mark.parametrize(
    ("lang", "half", "share", "many"),
    [
        ("en", "0.5", "12.5%", "12,345"),
        ("fr", "0,5", "12,5\u00a0%", "12\u202f345"),
        ("de", "0,5", "12,5\u00a0%", "12.345"),
    ],
)
def test_numbers_are_written_with_the_languages_marks(
    lang: str, half: str, share: str, many: str
) -> None:
    assert number(0.5, lang, 1) == half
    assert percent(0.125, lang, 1) == share
    assert number(12345, lang) == many


def test_a_code_cldr_does_not_know_writes_numbers_as_english() -> None:
    assert number(1234.5, "qps", 1) == "1,234.5"


@pytest.mark.parametrize(
    "value",
    [0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.05, 0.15, 2.675, 999.95, -0.04, 1234567.891, -1e7, 3e-9],
)
@pytest.mark.parametrize("digits", [0, 1, 2, 3])
@pytest.mark.parametrize("lang", [None, "en"])
def test_the_source_language_writes_numbers_as_babel_writes_english(
    value: float, digits: int, lang: str | None
) -> None:
    # a build that names no language writes its numbers without Babel's locale data:
    # the same marks and the same rounding (half to even, from the shortest decimal form)
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    assert number(value, lang, digits) == format_decimal(value, format=pattern, locale="en")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = french_demo(tmp_path / "proj")
    (root / "layouts" / GAME / "rulebook.md.j2").write_text(LISTED, encoding="utf-8")
    return root


def run(root: Path, *args: str) -> int:
    return main(["--root", str(root), *args])


def book_lines(root: Path, game: str) -> list[str]:
    """The lines of the rulebook's pages after its cover (which shows a few faces)."""
    book = root / "output" / game / f"{game}-rulebook.pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(book).pages[1:])
    return [line.strip() for line in text.splitlines() if line.strip()]


def test_a_french_rulebook_lists_by_name_and_writes_french_numbers(project: Path) -> None:
    assert run(project, "translate", "update", GAME) == 0
    po = project / "catalog" / GAME / "translations" / "fr.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    for m in catalog:
        if m.id and isinstance(m.id, str):
            m.string = NAMES.get(m.context or "", "FR " + m.id)
    with po.open("wb") as f:
        write_po(f, catalog)
    assert run(project, "build", "--only", "rulebook") == 0
    lines = book_lines(project, "demo-fr")
    listed = [line.lstrip("•· ").strip() for line in lines if line.lstrip("•· ") in NAMES.values()]
    assert listed == ["Eau", "ébène", "Écho", "Éclair", "Ours", "Zèbre"]
    text = "\n".join(lines)
    # French sets a no-break space before the colon (`core.punctuation`); the PDF's text
    # layer gives the no-break spaces back as spaces (the unit test above holds the
    # characters themselves)
    assert re.search(r"Half\s: 0,5\.", text)
    assert re.search(r"Often\s: 12,5\s%\.", text)
    assert re.search(r"Many\s: 12\s345\.", text)
    english = "\n".join(book_lines(project, "demo"))
    assert "Half: 0.5. Often: 12.5%. Many: 12,345." in english
