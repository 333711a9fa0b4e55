"""The words a game prints besides its components' fields — a back's title, a set's name, a
choice's value, a `[tables]` cell, the words a layout file writes — are texts of the `.po`
file like the others: extracted, reported when missing or stale, number-checked, printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from helpers_languages import french_demo

from cardstock.cli import main

GAME = "demo"
TABLE = """
[tables.limits]
title = "The game's numbers"
columns = ["What", "Number"]
rows = [["cards in each hand", 5]]
"""
# a box of a layout of the test's own, drawn for the deck's cards only (the cards with a suit)
LAYOUT = """
[layouts.suit-card]
extends = "card"

[layouts.suit-card.boxes.kind]
type = "text"
top = "50%"
height = "6mm"
text = "Suit card · {{ suit }}"
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = french_demo(tmp_path / "proj")
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    deck = 'table = "cards.csv"\n'
    assert deck in text
    text = text.replace(deck, deck + 'layout = "suit-card"\n')
    game.write_text(text + TABLE, encoding="utf-8")
    faces = root / "layouts" / GAME / "faces.toml"
    faces.write_text(faces.read_text(encoding="utf-8") + LAYOUT, encoding="utf-8")
    return root


def run(root: Path, *args: str) -> int:
    return main(["--root", str(root), *args])


def po_file(root: Path) -> Path:
    return root / "catalog" / GAME / "translations" / "fr.po"


def translate(root: Path, words: dict[str, str]) -> None:
    """Fill every entry of fr.po: from `words` by key, else "FR " and the source text."""
    with po_file(root).open("rb") as f:
        catalog = read_po(f)
    for m in catalog:
        if m.id and isinstance(m.id, str):
            m.string = words.get(m.context or m.id, "FR " + m.id)
    with po_file(root).open("wb") as f:
        write_po(f, catalog)


def entries(root: Path) -> dict[str, str]:
    with po_file(root).open("rb") as f:
        return {m.context: str(m.id) for m in read_po(f) if m.id and m.context}


def test_backs_sets_choices_tables_and_layout_words_are_extracted(project: Path) -> None:
    assert run(project, "translate", "update", GAME) == 0
    found = entries(project)
    assert found["back.deck.subtitle"] == "starter deck"
    assert found["set.deck.name"] == "Deck"
    assert found["choice.suit.Sun"] == "Sun"
    assert found["table.limits.title"] == "The game's numbers"
    assert found["table.limits.0.1"] == "What"
    assert found["table.limits.1.1"] == "cards in each hand"
    assert found["layout.suit-card.kind"] == "Suit card · {{ suit }}"
    assert "table.limits.1.2" not in found  # a number is no text


def test_a_layout_box_that_only_prints_fields_is_not_a_text(project: Path) -> None:
    assert run(project, "translate", "update", GAME) == 0
    assert not [k for k in entries(project) if k == "layout.card.title"]


def test_a_missing_layout_word_is_reported_at_its_entry_and_names_its_layout_line(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(project, "translate", "update", GAME) == 0
    translate(project, {"layout.suit-card.kind": ""})
    assert run(project, "check", "--lang", "fr", "--strict") != 0
    out, err = capsys.readouterr()
    assert "1 missing" in out
    assert re.search(r"fr\.po:\d+: layout\.suit-card\.kind: .*not translated.*'Suit card", err)
    with po_file(project).open("rb") as f:
        entry = read_po(f).get("Suit card · {{ suit }}", context="layout.suit-card.kind")
    layout = LAYOUT.strip().splitlines()
    at = layout.index('text = "Suit card · {{ suit }}"') + 1  # the line in LAYOUT
    faces = (project / "layouts" / GAME / "faces.toml").read_text(encoding="utf-8")
    line = len(faces.splitlines()) - len(layout) + at
    assert entry is not None and entry.locations == [("layouts/demo/faces.toml", line)]


def test_an_edited_table_cell_makes_its_translation_stale(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(project, "translate", "update", GAME) == 0
    translate(project, {})
    assert run(project, "check", "--lang", "fr", "--strict") == 0
    game = project / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("cards in each hand", "cards in a hand"), encoding="utf-8")
    assert run(project, "check", "--lang", "fr", "--strict") != 0
    assert "table.limits.1.1: [fr] the source text changed" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("key", "said"),
    [("table.limits.1.1", "6 cartes par main"), ("layout.suit-card.kind", "Carte 2 · {{ suit }}")],
)
def test_a_table_or_layout_word_cannot_state_another_number(
    project: Path, capsys: pytest.CaptureFixture[str], key: str, said: str
) -> None:
    assert run(project, "translate", "update", GAME) == 0
    translate(project, {key: said})
    assert run(project, "check", "--lang", "fr") != 0
    assert f"{key}: [fr] the translation states" in capsys.readouterr().err


def test_a_name_kept_on_purpose_is_not_reported_identical(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(project, "translate", "update", GAME) == 0
    translate(project, {"back.deck.title": "Demo"})
    assert run(project, "check", "--lang", "fr") == 0
    assert "1 identical" in capsys.readouterr().out
    with po_file(project).open("rb") as f:
        catalog = read_po(f)
    entry = catalog.get("Demo", context="back.deck.title")
    assert entry is not None
    entry.flags.add("same")
    with po_file(project).open("wb") as f:
        write_po(f, catalog)
    assert run(project, "check", "--lang", "fr", "--strict") == 0
    assert "identical" not in capsys.readouterr().out


def test_the_language_prints_its_layout_back_and_choice_words(project: Path) -> None:
    assert run(project, "translate", "update", GAME) == 0
    translate(
        project,
        {
            "layout.suit-card.kind": "Carte de couleur · {{ said.suit }}",
            "choice.suit.Sun": "Soleil",
            "back.deck.subtitle": "paquet de départ",
        },
    )
    assert run(project, "build", "--only", "svg") == 0
    out = project / "output"
    french = (out / "demo-fr" / "svg" / "dawn.svg").read_text(encoding="utf-8")
    english = (out / "demo" / "svg" / "dawn.svg").read_text(encoding="utf-8")
    assert "Carte de couleur" in french and "Soleil" in french
    assert "Suit card" in english and "Suit card" not in french
    backs = " ".join(p.read_text(encoding="utf-8") for p in (out / "demo-fr" / "svg").glob("*.svg"))
    assert "paquet de départ" in backs


def test_the_rulebook_prints_its_own_words_and_groups_in_the_language(project: Path) -> None:
    from pypdf import PdfReader

    assert run(project, "translate", "update", GAME) == 0
    translate(
        project,
        {
            "For %(low)s to %(high)s players": "De %(low)s à %(high)s joueurs",
            "set.deck.group": "Couleur {suit}",
            "choice.suit.Sun": "Soleil",
        },
    )
    assert run(project, "build", "--only", "rulebook") == 0
    out = project / "output"
    french = " ".join(
        p.extract_text() for p in PdfReader(out / "demo-fr" / "demo-fr-rulebook.pdf").pages
    )
    english = " ".join(
        p.extract_text() for p in PdfReader(out / "demo" / "demo-rulebook.pdf").pages
    )
    assert "De 2 à 4 joueurs" in french and "For 2 to 4 players" not in french
    assert "Couleur Soleil \u2014" in french and "Suit: Sun \u2014" not in french  # a gallery
    assert "For 2 to 4 players" in english and "Suit: Sun \u2014" in english
