"""A translation never retypes what the catalog holds: a template message's `%(name)s`
placeholders are kept, a fact's rule word is translated once as data (`fact.<id>`), and a
number a template spells out (`spelt(n)`) is said in the build's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from helpers_languages import fill_po, french_demo

from cardstock.catalog.context import template_context
from cardstock.catalog.variants import load_with_languages
from cardstock.cli import main
from cardstock.layout.labels import layout_words
from cardstock.rules.model import load_rules

GAME = "demo"
SENTENCE = "On your turn you %(must)s play one of your %(n)s cards."
RULE = """
[[facts]]
kind = "rule"
id = "match-must"
name = "a player must match the suit"
value = "must"
opposites = ["may"]
"""
TEMPLATE = (
    "\n{% trans must=fact('match-must').value, n=spelt(2) %}"
    "On your turn you {{ must }} play one of your {{ n }} cards.{% endtrans %}\n"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The French demo whose rulebook prints a fact's rule word and a number in words."""
    root = french_demo(tmp_path / "proj")
    with (root / "catalog" / GAME / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(RULE)
    with (root / "layouts" / GAME / "rulebook.md.j2").open("a", encoding="utf-8") as f:
        f.write(TEMPLATE)
    assert run(root, "translate", "update", GAME, "--lang", "fr") == 0
    return root


def run(root: Path, *args: str) -> int:
    return main(["--root", str(root), *args])


def translate(root: Path, words: dict[str, str]) -> None:
    """Fill fr.po: `words` by key (a template message by its msgid), anything else made up."""
    fill_po(root, words, lambda msgid: "FR " + msgid)


def french_context(root: Path) -> dict[str, object]:
    variants = {f"{GAME}-fr": (GAME, "fr")}
    catalogs, _ = load_with_languages(root, [f"{GAME}-fr"], load_rules, variants, layout_words)
    return template_context(catalogs[0])


def test_a_translation_that_retypes_a_placeholder_is_an_error_at_its_entry(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    retyped = "À votre tour, vous devez jouer l'une de vos %(n)s cartes."
    translate(project, {SENTENCE: retyped})
    capsys.readouterr()
    assert run(project, "check", GAME, "--lang", "fr") != 0
    err = capsys.readouterr().err
    assert "fr.po:" in err and "drops %(must)s" in err
    assert "%(n)s" not in err.split("drops", 1)[1].split(":", 1)[0]


def test_a_translation_that_keeps_every_placeholder_passes_strict(project: Path) -> None:
    kept = "À votre tour, vous %(must)s jouer l'une de vos %(n)s cartes."
    translate(project, {SENTENCE: kept, "fact.match-must": "devez"})
    assert run(project, "check", GAME, "--lang", "fr", "--strict") == 0


def test_extract_writes_each_fact_value_a_template_prints(project: Path) -> None:
    assert run(project, "translate", "extract", GAME) == 0
    with (project / "catalog" / GAME / "translations" / "messages.pot").open("rb") as f:
        entries = {m.context: m for m in read_po(f) if m.id}
    assert entries["fact.match-must"].id == "must"
    assert entries["fact.match-must"].locations[0][0].endswith("rules.toml")


def test_a_language_prints_the_fact_word_its_translation_gives(project: Path) -> None:
    translate(project, {"fact.match-must": "devez"})
    fact = french_context(project)["fact"]
    assert callable(fact)
    assert fact("match-must")["value"] == "devez"


def test_a_fact_word_left_untranslated_is_missing_and_prints_the_source(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    translate(project, {"fact.match-must": ""})
    capsys.readouterr()
    run(project, "check", GAME, "--lang", "fr")
    assert "fact.match-must: warning: [fr] not translated" in capsys.readouterr().err
    fact = french_context(project)["fact"]
    assert callable(fact)
    assert fact("match-must")["value"] == "must"


def test_spelt_says_a_number_in_the_build_language(project: Path) -> None:
    spelt = french_context(project)["spelt"]
    assert callable(spelt)
    assert [spelt(0), spelt(2), spelt(12), spelt(13)] == ["zéro", "deux", "douze", "13"]
    variants: dict[str, tuple[str, str]] = {}
    catalogs, _ = load_with_languages(project, [GAME], load_rules, variants, layout_words)
    english = template_context(catalogs[0])["spelt"]
    assert [english(2), english[3]] == ["two", "three"]


def test_the_french_rulebook_prints_french_rule_words_and_numbers(project: Path) -> None:
    kept = "À votre tour, vous %(must)s jouer l'une de vos %(n)s cartes."
    translate(project, {SENTENCE: kept, "fact.match-must": "devez"})
    assert run(project, "build", GAME, "--lang", "fr", "--only", "rulebook") == 0
    page = (project / "output" / f"{GAME}-fr" / "rules" / "index.html").read_text("utf-8")
    assert "vous devez jouer l'une de vos deux cartes" in page.replace("&#x27;", "'")


def test_a_translation_that_names_a_placeholder_its_msgid_has_not_is_an_error(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    added = "À votre tour, vous %(must)s jouer l'une de vos %(n)s cartes %(suit)s."
    translate(project, {SENTENCE: added, "fact.match-must": "devez"})
    capsys.readouterr()
    assert run(project, "check", GAME, "--lang", "fr") != 0
    assert "names %(suit)s, not in the msgid" in capsys.readouterr().err


def test_group_of_prints_a_component_group_as_the_language_says_it(project: Path) -> None:
    """A template names a card's group through `group_of`: the set's `group` pattern as the
    translation gives it, its fields filled; `c.group` stays the source's, for filters."""
    translate(project, {"set.deck.group": "Couleur : {suit}"})
    french = french_context(project)
    card = french["select"](set="deck")[0]  # type: ignore[operator]
    said = french["group_of"](card)  # type: ignore[operator]
    assert said.startswith("Couleur : ") and card["group"].startswith("Suit: ")
