"""A set's `group` made of a field alone (`group = "{faction}"`, as a porter's card
database writes it) is said in the edition's language as a worded pattern
(`"Class: {faction}"`) is: its choice's value translated, on the faces and wherever a
template prints the group."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_languages import GAME, fill_po, french_demo

from cardstock.catalog.context import template_context
from cardstock.catalog.translations import Entry, Translation
from cardstock.catalog.variants import load_with_languages, refused_patterns
from cardstock.cli import main
from cardstock.layout.labels import layout_words
from cardstock.rules.model import load_rules

SUITS = {"choice.suit.Sun": "Soleil", "choice.suit.Moon": "Lune"}


def project(tmp_path: Path, group: str, given: dict[str, str]) -> Path:
    root = french_demo(tmp_path / "proj")
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('group = "Suit: {suit}"', f'group = "{group}"'), "utf-8")
    assert main(["--root", str(root), "translate", "update", GAME, "--lang", "fr"]) == 0
    fill_po(root, given, lambda msgid: "FR " + msgid)
    return root


def said_groups(root: Path) -> dict[str, str]:
    """Each deck card's group as the French edition prints it, by the card's source group."""
    catalogs, _ = load_with_languages(
        root, [f"{GAME}-fr"], load_rules, {f"{GAME}-fr": (GAME, "fr")}, layout_words
    )
    context = template_context(catalogs[0])
    cards = context["select"](set="deck")
    return {card["group"]: context["group_of"](card) for card in cards}


@pytest.mark.parametrize(
    ("group", "given", "want"),
    [
        ("{suit}", {}, {"Sun": "Soleil", "Moon": "Lune"}),
        ("Suit: {suit}", {"set.deck.group": "Couleur : {suit}"},
         {"Suit: Sun": "Couleur : Soleil", "Suit: Moon": "Couleur : Lune"}),
    ],
)  # fmt: skip
def test_a_group_pattern_is_said_in_the_language_bare_or_worded(
    tmp_path: Path, group: str, given: dict[str, str], want: dict[str, str]
) -> None:
    assert said_groups(project(tmp_path, group, SUITS | given)) == want


def test_the_french_faces_print_a_bare_groups_translated_value(tmp_path: Path) -> None:
    root = project(tmp_path, "{suit}", SUITS)
    code = main(["--root", str(root), "build", GAME, "--lang", "fr", "--only", "svg"])
    assert code == 0
    faces = "".join(p.read_text("utf-8") for p in (root / "output" / f"{GAME}-fr").rglob("*.svg"))
    assert ">Soleil<" in faces and ">Lune<" in faces
    assert ">Sun<" not in faces and ">Moon<" not in faces


@pytest.mark.parametrize("written", ["Couleur : {suit!r}", "Couleur : {suit:>5}", "{suit.x}"])
def test_a_translated_group_the_formatter_refuses_is_an_error_at_its_line(written: str):
    # even where a translator accepts other placeholders (`# numbers changed:`), a group
    # the one bounded formatter refuses is an error, not the source's group printed instead
    entry = Entry("set.deck.group", "Suit: {suit}", written, False, 12, numbers_changed="why")
    translation = Translation("fr", "catalog/demo/translations/fr.po", {entry.key: entry})
    (issue,) = refused_patterns(translation)
    assert (issue.file, issue.line, issue.field) == (translation.file, 12, "set.deck.group")
    assert issue.level == "error" and issue.message.startswith("[fr] ")


def test_a_translated_group_of_names_alone_is_no_error():
    entry = Entry("set.deck.group", "Suit: {suit}", "Couleur : {suit}", False, 12)
    assert refused_patterns(Translation("fr", "fr.po", {entry.key: entry})) == []
