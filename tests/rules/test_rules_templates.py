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
    categories = {
        str(v)
        for c in cat.components
        for v in c.fields.values()
        if isinstance(v, str) and len(v) < 30
    }
    categories |= {c.group for c in cat.components} | {s.name for s in cat.game.sets}
    return {
        c.name
        for c in cat.components
        if c.kind != "reference" and len(c.name) >= 4 and c.name not in categories
    }


_CODE = re.compile(r"{{.*?}}|{%.*?%}", re.S)
_STRING = re.compile(r"'[^']*'|\"[^\"]*\"")
# a number used as a rule in template code: compared or computed with (subscripts aside)
_CODE_NUMBER = re.compile(
    r"(?:==|!=|<=?|>=?|[-+*/%]|\bset\s+\w+\s*=)\s*-?\d+(?:\.\d+)?(?![\w\]])|(?<![\w.\[])\d+(?:\.\d+)?\s*(?:==|!=|<=?|>=?|[-+*/%])"
)


def literals(path: Path, names: set[str]) -> list[str]:
    """Every number and card name typed into the template, as 'line: what'."""
    text = path.read_text(encoding="utf-8")
    found = []
    pattern = (
        re.compile(
            r"\b(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b"
        )
        if names
        else None
    )
    for number, line in enumerate(prose(text), start=1):
        plain = _NUMBERING.sub("", line)
        found += [
            f"{number}: the number {m.group(0)!r} is typed in: {line.strip()[:70]}"
            for m in _NUMBER.finditer(plain)
        ]
        found += [
            f"{number}: the card name {m.group(0)!r} is typed in: {line.strip()[:70]}"
            for m in (pattern.finditer(plain) if pattern else [])
        ]
    for m in _CODE.finditer(text):
        code = _STRING.sub("''", m.group(0))
        number = text.count("\n", 0, m.start()) + 1
        found += [
            f"{number}: the number in {c.group(0).strip()!r} is a rule typed into code: "
            f"{m.group(0)[:70]}"
            for c in _CODE_NUMBER.finditer(code)
        ]
        for s in _STRING.findall(m.group(0)):
            if s[1:-1] in names:
                found.append(f"{number}: the card name {s} is typed into code: {m.group(0)[:70]}")
    return found


def test_the_scan_sees_typed_numbers_and_card_names(tmp_path) -> None:
    t = tmp_path / "x.md.j2"
    t.write_text(
        "{{ cover() }}\n1. Deal {{ deal }} cards.\nAzrael hits for 8.\n{% if lead >= 3 %}x{% endif "
        "%}\n{{ row[0] }} {{ n - 1 }}\n{{ select(name='Azrael') }}\n",
        encoding="utf-8",
    )
    found = literals(t, {"Azrael"})
    assert any(f.startswith("3: the number '8'") for f in found)
    assert any(f.startswith("3: the card name 'Azrael'") for f in found)
    assert any(f.startswith("4: the number in '>= 3'") for f in found)
    assert any(f.startswith("5: the number in '- 1'") for f in found)
    assert any(f.startswith("6: the card name 'Azrael'") for f in found)
    assert not any(f.startswith("2:") for f in found)  # list numbering and a value from data


@pytest.mark.parametrize("game", GAMES)
def test_templates_take_numbers_and_card_names_from_data(game: str) -> None:
    folder = ROOT / "layouts" / game
    names = card_names(game)
    found: list[str] = []
    for path in [folder / "rulebook.md.j2", *sorted((folder / "quickref").glob("*.md.j2"))]:
        found += [f"{path.relative_to(ROOT)}:{f}" for f in literals(path, names)]
    assert not found, "\n".join(found)


def test_a_missing_face_is_reported_in_words_not_as_a_python_list() -> None:
    from jinja2 import Environment
    from jinja2.exceptions import UndefinedError

    from cardstock.catalog.context import template_context

    ctx = template_context(catalog("alpha-omega-cards"))
    template = Environment().from_string("{{ select(set='dice')[1].name }}")
    with pytest.raises(UndefinedError) as err:
        template.render(**ctx)
    assert str(err.value) == "select(set='dice') asks for face number 2, but the catalog has only 1"
    assert "list object" not in str(err.value)
