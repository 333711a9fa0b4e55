"""The mutation test's rule words (`rule_words.toml`): the kinds of pair a rule turns round
are edited, and the check catches each edit. A small project of this test's own (the
starter of `cardstock init`, with a table of who sees what and a source line for it):

- an **answer** ("yes" alone in a cell) is turned to "no", while a "no" inside a sentence
  is left alone;
- **open / hidden**: "Hands are open" turned to "hidden";
- **who**: a setup step's "each player" turned to "the active player" (the setup's data
  deals to every player: `setup-who`);
- **less / more**, a word in two pairs: "less" is turned to "greater" and to "more", one
  edit each.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import load_games
from helpers_edits import full_rules, judged, starter

from cardstock.catalog.load import Catalog
from cardstock.init import init_project
from cardstock.rules.mutation.edits import (
    Edit,
    Opposites,
    edits,
    game_files,
    number_edits,
    word_edits,
)
from cardstock.rules.mutation.report import render
from cardstock.rules.player_texts import Region

GAME = "moon-race"
TABLE = """
[tables.sight]
title = "Who sees what"
columns = ["What", "Seen by all"]
rows = [
  ["your hand", "yes"],
  ["a Moon card's power", "one less than printed"],
]
note = "Hands are open: no card in a hand is kept from the table."
"""
SOURCE = """6. Hands are open: yes, everyone sees them.
7. A Moon card counts one less than printed.
"""
FACTS = """
[[facts]]
kind = "rule"
id = "hand-seen"
name = "every hand is seen by all"
value = "yes"
synonyms = ["open"]
opposites = ["no"]
typed = ["Seen by all: {value}"]
at = [{ table = "sight", row = "your hand", column = "Seen by all" }]
cite = { line = 6, says = "hands are open" }

[[facts]]
kind = "rule"
id = "hands-open"
name = "hands are open"
value = "open"
opposites = ["hidden"]
says = "Hands are {value}"
at = [{ table = "sight" }]
cite = { line = 6, says = "hands are open" }

[[facts]]
kind = "rule"
id = "moon-less"
name = "a Moon card counts one less than printed"
value = "less"
opposites = ["more", "greater"]
says = "one {value} than"
at = [{ table = "sight", row = "a Moon card's power", column = "Seen by all" }]
cite = { line = 7, says = "a Moon card's power is lowered by one" }
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("words") / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    full_rules(root)
    folder = root / "catalog" / GAME
    for name, extra in (("game.toml", TABLE), ("rules.md", SOURCE), ("rules.toml", FACTS)):
        with (folder / name).open("a", encoding="utf-8") as f:
            f.write(extra)
    return root


def word_edits_of(root: Path) -> tuple[Catalog, list[Edit]]:
    catalogs, issues = load_games(root, [GAME])
    assert not issues.errors, [i.render() for i in issues.errors]
    return catalogs[0], [e for e in edits(catalogs[0]) if e.kind == "word"]


def one(found: list[Edit], description: str) -> Edit:
    hits = [e for e in found if e.describe().startswith(description)]
    assert len(hits) == 1, (description, [e.describe() for e in found])
    return hits[0]


def test_a_word_in_two_pairs_is_turned_to_each_of_its_opposites() -> None:
    text = "Deal one less card, or more."
    region = Region(Path("t.md"), "t.md", 1, 0, len(text), text, "template text")
    opposites = Opposites.of([["greater", "less"], ["less", "more"], ["more", "fewer"]])
    made = [(e.before, e.after) for e in word_edits(region, opposites)]
    # in the order the pairs are listed: "more" meets "less" before "fewer"
    assert made == [("less", "greater"), ("less", "more"), ("more", "less"), ("more", "fewer")]


def test_no_word_inside_an_idiom_is_edited_but_a_pair_holding_it_whole_is() -> None:
    # "at once" is immediately and "no one" nobody: "at twice" and "no two" state nothing
    text = "Roll at once; no one may call. All at once, take one card, once a round."
    region = Region(Path("t.md"), "t.md", 1, 0, len(text), text, "template text")
    opposites = Opposites.of([["once", "twice"], ["all at once", "in turn order"]])
    words = [(e.before, e.context) for e in word_edits(region, opposites)]
    assert [w for w, _ in words] == ["All at once", "once"]
    assert words[1][1].endswith("once a round.")
    numbers = [(e.before, e.after) for e in number_edits(region)]
    assert numbers == [("one", "two")] and "take one card" in next(
        e.context for e in number_edits(region)
    )


def test_an_answer_is_edited_only_when_it_is_the_whole_value() -> None:
    opposites = Opposites.of([], [["yes", "no"]])
    cell = Region(Path("t.csv"), "t.csv", 2, 0, 3, "Yes", "column wild", column="wild", row=0)
    prose = "no card is kept; yes, all"
    sentence = Region(Path("t.md"), "t.md", 1, 0, len(prose), prose, "template text")
    assert [(e.before, e.after) for e in word_edits(cell, opposites)] == [("Yes", "No")]
    assert list(word_edits(sentence, opposites)) == []


def test_each_new_kind_of_rule_word_is_edited_and_caught(project: Path) -> None:
    catalog, found = word_edits_of(project)
    chosen = [
        one(found, "word: tables.sight.rows[0][1]: 'yes' -> 'no'"),
        one(found, "word: tables.sight.note: 'open' -> 'hidden'"),
        one(found, "word: setup.steps[2].say: 'each player' -> 'the active player'"),
        one(found, "word: tables.sight.rows[1][1]: 'less' -> 'greater'"),
        one(found, "word: tables.sight.rows[1][1]: 'less' -> 'more'"),
    ]
    assert not any(e.before.lower() == "no" for e in found)  # "no card" is not an answer
    sources = game_files(catalog)
    report = judged(project, GAME, chosen, sources.texts, runs=5)
    assert [o.caught for o in report.outcomes] == [True] * len(chosen), render(report)
    assert any("setup.steps[2].say" in f.text for f in report.outcomes[2].facts())


def test_the_template_vocabulary_is_turned_in_templates_only(tmp_path: Path) -> None:
    # discard / keep is a pair of `template_opposites`: turned in the rulebook, where the
    # word lint holds it, but not in a card's text, where no fact holds every such word
    root = starter(tmp_path, cards=("Play on any Sun card.", "Discard a card and play."), full=True)
    book = root / "layouts" / GAME / "rulebook.md.j2"
    book.write_text(book.read_text(encoding="utf-8") + "\nKeep your hand.\n", encoding="utf-8")
    _, found = word_edits_of(root)
    turned = [(e.shown, e.before, e.after) for e in found]
    assert (f"layouts/{GAME}/rulebook.md.j2", "Keep", "Discard") in turned, turned
    assert not [t for t in turned if t[0].endswith("cards.csv") and t[1] == "Discard"], turned
