"""The card-text check's guesses, measured on a corpus of card texts typical of real
projects (tests/fixtures/card-texts-corpus.csv: joke titles, cards that boost another
card, and true slips, each with what a reader says of it): each guess is made only where
it is right at least 9 times in 10, and finds every slip; and `check --strict` passes a
project with no rules file whose titles repeat field values in jest and whose cards boost
other cards."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from cardstock.core.cache import memory_cache
from cardstock.core.stage import Job
from cardstock.init import init_project
from cardstock.rules.checks.card_texts import card_texts
from cardstock.validate import validate

CORPUS = Path(__file__).parent.parent / "fixtures" / "card-texts-corpus.csv"
GAME = "corpus"
FIELDS = (
    'fields.trash = { type = "choice", choices = ["Wood", "Clay", "Grain", "Stone", "Ore"] }\n'
    'fields.attack = { type = "int", min = 0, max = 9 }\n'
)
HEADER = "name,count,suit,suit_icon,power,trash,attack,text\n"


def _corpus() -> dict[str, list[dict[str, str]]]:
    lines = [x for x in CORPUS.read_text(encoding="utf-8").splitlines() if not x.startswith("#")]
    decks: dict[str, list[dict[str, str]]] = {}
    for row in csv.DictReader(lines):
        decks.setdefault(row["deck"], []).append(row)
    return decks


def _project(root: Path, rows: list[dict[str, str]]) -> Path:
    """The starter of `cardstock init` with the deck's rows as its cards and no rules file."""
    written, issues = init_project(root, "Corpus")
    assert written and not issues
    folder = root / "catalog" / GAME
    (folder / "rules.toml").unlink()
    game = (folder / "game.toml").read_text(encoding="utf-8")
    (folder / "game.toml").write_text(game.replace("fields.art = ", FIELDS + "fields.art = ", 1))
    cards = "".join(
        f'"{r["name"]}",1,Sun,sun,5,{r["trash"]},{r["attack"]},"{r["text"]}"\n' for r in rows
    )
    (folder / "cards.csv").write_text(HEADER + cards, encoding="utf-8")
    rulebook = root / "layouts" / GAME / "rulebook.md.j2"  # the starter's names its own cards
    rulebook.write_text("{{ cover() }}\n\n# Overview\n\n{{ game.title }} is a card game.\n")
    return root


@pytest.fixture(scope="module")
def judged(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str, str]]:
    """(the guess, the card, what a reader says of it) for each finding on the corpus, and
    ("missed", card, "slip") for each slip no finding names."""
    out: list[tuple[str, str, str]] = []
    for deck, rows in _corpus().items():
        root = _project(tmp_path_factory.mktemp(deck) / GAME, rows)
        found = validate(root, [GAME], memory_cache())
        assert not found.issues.errors, [i.render() for i in found.issues.errors]
        issues = card_texts(Job(found.catalogs[0], found.faces[GAME]))
        named: set[str] = set()
        for issue in issues:
            row = rows[(issue.line or 0) - 2]  # the table's first row is line 2
            named.add(row["name"])
            out.append((issue.field, row["name"], row["truth"]))
        out += [("missed", r["name"], "slip") for r in rows if r["truth"] == "slip"]
        out = [o for o in out if not (o[0] == "missed" and o[1] in named)]
    return out


@pytest.mark.parametrize("guess", ["name", "text"])
def test_each_guess_is_right_at_least_nine_times_in_ten(
    judged: list[tuple[str, str, str]], guess: str
) -> None:
    made = [truth for g, _, truth in judged if g == guess]
    assert made, f"the corpus holds no slip the {guess} guess finds"
    right = sum(1 for t in made if t == "slip")
    assert right >= 0.9 * len(made), [j for j in judged if j[0] == guess]


def test_every_slip_of_the_corpus_is_found(judged: list[tuple[str, str, str]]) -> None:
    assert [j for j in judged if j[0] == "missed"] == []


def test_strict_passes_jest_titles_and_boosts_of_other_cards_with_no_rules_file(
    tmp_path: Path,
) -> None:
    decks = _corpus()
    rows = [r for r in decks["harvest"] + decks["skirmish"] if r["truth"] != "slip"]
    root = _project(tmp_path / GAME, rows)
    out = subprocess.run(
        [sys.executable, "-m", "cardstock", "check", GAME, "--strict", "--runs", "20"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout + out.stderr
