"""Atmosfear in French: the shipped translation is complete, its texts still fit their boxes,
and a French build prints the French names where the English ones were.

The names are read from the `.po` file by key, so the test follows the translation when a
translator rewords it; what it pins is that every text is translated and used.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import ROOT, copy_project
from pypdf import PdfReader

from cardstock.cli import main

GAME = "atmosfear"
PO = ROOT / "catalog" / GAME / "translations" / "fr.po"
# names printed once on their own card; the source names must be nowhere in the French
# build (its quick reference and type lines are French too)
KEYS = ("gatekeeper.name", "red-fear.name", "blue-relic.name", "key-3.name", "green-lair.name")
SOURCE_ONLY = ("red-fear.name", "blue-relic.name", "key-3.name", "green-lair.name")


def entries() -> dict[str, tuple[str, str]]:
    """Each text's key: (source text, French text)."""
    with PO.open("rb") as f:
        catalog = read_po(f)
    return {str(m.context): (str(m.id), str(m.string)) for m in catalog if m.id and m.context}


def every_text() -> int:
    """How many texts the file holds: the keyed ones and the templates' sentences (not
    its own words for one of cardstock's messages, msgctxt "cardstock")."""
    with PO.open("rb") as f:
        return sum(1 for m in read_po(f) if m.id and m.context != "cardstock")


def flat(text: str) -> str:
    """Text with every run of white space (line breaks of a wrapped name) one space."""
    return " ".join(text.split())


def test_the_french_translation_is_complete_and_fits(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--root", str(ROOT), "check", GAME, "--lang", "fr", "--strict"])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    found = re.search(r"\[fr\] (\d+) of (\d+) texts translated(.*)", out)
    assert found, out
    done, total, rest = found.groups()
    assert done == total and int(total) == every_text()
    assert rest.strip() == "", rest  # no missing, stale, fuzzy or identical text
    assert "text fits" in out


def test_a_french_build_prints_the_french_names(tmp_path: Path) -> None:
    root = copy_project(tmp_path / "proj", (GAME,))
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    if not re.search(r"(?m)^languages\s*=", text):  # the shipped file may name it already
        text = text.replace('version = "0.1.0"', 'version = "0.1.0"\nlanguages = ["fr"]', 1)
        game.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    args = ["--root", str(root), "build", GAME, "--lang", "fr", "--only", "pnp", "--out", str(out)]
    assert main(args) == 0
    pdfs = sorted((out / f"{GAME}-fr").glob(f"{GAME}-fr-pnp-*.pdf"))
    assert pdfs, sorted(p.name for p in out.rglob("*.pdf"))
    printed = flat(" ".join(page.extract_text() for page in PdfReader(pdfs[0]).pages))
    words = entries()
    for key in KEYS:
        assert flat(words[key][1]) in printed, key
    for key in SOURCE_ONLY:
        assert flat(words[key][0]) not in printed, key


def test_the_french_quick_reference_prints_the_french_words(tmp_path: Path) -> None:
    """The quick reference's sentences (template), its table's title (the game's [tables])
    and the dice's purposes are read from the .po file: the French card prints them."""
    root = copy_project(tmp_path / "proj", (GAME,))
    out = tmp_path / "out"
    args = ["--root", str(root), "build", GAME, "--lang", "fr", "--only", "quickref"]
    assert main([*args, "--out", str(out)]) == 0
    pdf = next((out / f"{GAME}-fr").glob(f"{GAME}-fr-quickref-*.pdf"))
    printed = flat(" ".join(page.extract_text() for page in PdfReader(pdf).pages))
    with PO.open("rb") as f:
        catalog = read_po(f)
    title = next(m for m in catalog if m.context == "table.hierarchy.title")
    players = catalog.get("Players")
    assert players is not None
    purpose = next(m for m in catalog if m.context == "ruling-die.purpose")
    for message in (title, players, purpose):
        assert flat(str(message.string)) in printed, message.id
        assert flat(str(message.id)) not in printed, message.id
