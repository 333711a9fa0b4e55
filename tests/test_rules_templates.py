"""Rulebook and quick-reference templates type no facts: the numbers, card names and
properties they print come from the catalog, its `[[facts]]` and its `[[examples]]`.

The scan blanks out the Jinja code of every template (keeping line breaks, so lines stay
true) and then looks at the text a reader gets for two things that should have come from
data: a number (list and heading numbering aside) and the name of a component in the
catalog (names that are also the value of a category — an element, a card type, a colour —
are words of the game, not one card's name).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_texts import GAMES, ROOT, catalog

_JINJA = re.compile(r"{{.*?}}|{%.*?%}|{#.*?#}", re.S)
_NUMBER = re.compile(r"(?<![\w:-])[-+]?\d+(?:[.,]\d+)?(?![\w:])")
_NUMBERING = re.compile(r"^\s*(?:#+\s*)?\d+\.\s")  # "1. a step", "## 4. Crusade"


def prose(text: str) -> list[str]:
    """The template's text with Jinja code blanked out, line by line."""
    return _JINJA.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text).splitlines()


def card_names(game: str) -> set[str]:
    cat = catalog(game)
    categories = {str(v) for c in cat.components for v in c.fields.values() if isinstance(v, str) and len(v) < 30}
    categories |= {c.group for c in cat.components} | {s.name for s in cat.game.sets}
    return {c.name for c in cat.components if c.kind != "reference" and len(c.name) >= 4 and c.name not in categories}


def literals(path: Path, names: set[str]) -> list[str]:
    found = []
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b") if names else None
    for number, line in enumerate(prose(path.read_text(encoding="utf-8")), start=1):
        text = _NUMBERING.sub("", line)
        for m in _NUMBER.finditer(text):
            found.append(f"{path.relative_to(ROOT)}:{number}: the number {m.group(0)!r} is typed in: {line.strip()[:80]}")
        for m in pattern.finditer(text) if pattern else []:
            found.append(f"{path.relative_to(ROOT)}:{number}: the card name {m.group(0)!r} is typed in: {line.strip()[:80]}")
    return found


def test_the_scan_sees_a_typed_number_and_a_typed_card_name(tmp_path) -> None:
    t = tmp_path / "x.md.j2"
    t.write_text("{{ cover() }}\n1. Deal {{ deal }} cards.\nAzrael hits for 8.\n{% set n = 3 %}\n", encoding="utf-8")
    t = t.rename(ROOT / "tests" / "_scan_probe.md.j2") if False else t
    found = literals_for(t, {"Azrael"})
    assert any("the number '8'" in f for f in found)
    assert any("the card name 'Azrael'" in f for f in found)
    assert not any("'1'" in f or "'3'" in f for f in found)


def literals_for(path: Path, names: set[str]) -> list[str]:
    found = []
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")
    for number, line in enumerate(prose(path.read_text(encoding="utf-8")), start=1):
        text = _NUMBERING.sub("", line)
        found += [f"{number}: the number {m.group(0)!r}" for m in _NUMBER.finditer(text)]
        found += [f"{number}: the card name {m.group(0)!r}" for m in pattern.finditer(text)]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_templates_take_numbers_and_card_names_from_data(game: str) -> None:
    folder = ROOT / "layouts" / game
    names = card_names(game)
    found: list[str] = []
    for path in [folder / "rulebook.md.j2", *sorted((folder / "quickref").glob("*.md.j2"))]:
        found += literals(path, names)
    assert not found, "\n".join(found)
