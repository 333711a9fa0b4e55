"""The card-text check on the shapes real spreadsheets have: joke names, names with numbers
and colours, names that repeat another field's words, and no rules at all. What it reads is
words, so what it finds is a warning and a guess: `check` and `check --strict` pass and name
each finding, and one `[[acknowledge]]` entry a finding accepts it with the reason."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import load_games

from cardstock.init import init_project

GAME = "mill-town"
FIELDS = (
    'fields.trash = { type = "choice", choices = ["Wood", "Clay", "Stone"] }\n'
    'fields.colour = { type = "choice", choices = ["Red", "Blue", "Green"] }\n'
)
HEADER = "name,count,suit,suit_icon,power,trash,colour,text\n"
ROWS = [
    # names that state their own `trash` and `colour`, as such a sheet's names mostly do
    ("Clay Pit", "Sun", 3, "Clay", "Red", "Trash a card of your choice."),
    ("Stone Quarry", "Moon", 4, "Stone", "Green", "Trash a card, then draw one."),
    ("Blue Lagoon", "Moon", 2, "Wood", "Blue", "Every player draws a card."),
    ("Green Man", "Sun", 5, "Wood", "Green", "Draw two cards and keep one."),
    # a name repeating another field's word: The Wood Mill's own trash is Clay
    ("The Wood Mill", "Sun", 2, "Clay", "Green", "Trash a card, then draw one."),
    # a joke name holding a colour (not its own) and a number
    ("Red Herring 2", "Moon", 4, "Stone", "Blue", "Nothing happens, twice over."),
    ("Catch-22", "Moon", 5, "Stone", "Red", "You may play it only if you cannot."),
    ("Route 66 Diner", "Sun", 6, "Clay", "Green", "Every player draws a card."),
]


def spreadsheet(tmp_path: Path, rows: list[tuple[str, str, int, str, str, str]] = ROWS) -> Path:
    """A project as a designer brings one: a table of their own and no rules.toml."""
    root = tmp_path / GAME
    written, issues = init_project(root, "Mill Town")
    assert written and not issues
    folder = root / "catalog" / GAME
    (folder / "rules.toml").unlink()
    game = (folder / "game.toml").read_text(encoding="utf-8")
    (folder / "game.toml").write_text(
        game.replace("fields.art = ", FIELDS + "fields.art = ", 1), encoding="utf-8"
    )
    table = "".join(
        f'"{n}",1,{suit},{suit.lower()},{power},{trash},{colour},"{text}"\n'
        for n, suit, power, trash, colour, text in rows
    )
    (folder / "cards.csv").write_text(HEADER + table, encoding="utf-8")
    rulebook = root / "layouts" / GAME / "rulebook.md.j2"
    rulebook.write_text("{{ cover() }}\n\n# Overview\n\n{{ game.title }} is a card game.\n")
    return root


def check(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardstock", "check", GAME, "--runs", "20", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_a_spreadsheet_of_joke_names_and_no_rules_passes_the_check(tmp_path: Path) -> None:
    out = check(spreadsheet(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "the game declares its rules: no catalog/mill-town/rules.toml" in out.stdout
    # the one reading that can be wrong here is reported as a warning, never a failure
    assert "cards.csv:6: name: warning: 'The Wood Mill' states trash Wood" in out.stdout
    assert "cards.csv:7: name: warning: 'Red Herring 2' states colour Red" in out.stdout
    assert "FAIL" not in out.stdout


def test_strict_passes_a_guess_names_it_and_one_acknowledgment_accepts_it(tmp_path: Path) -> None:
    root = spreadsheet(tmp_path)
    strict = check(root, "--strict")
    assert strict.returncode == 0, strict.stdout + strict.stderr  # a guess proves nothing
    found = [line.strip() for line in strict.stdout.splitlines() if ": warning: " in line]
    assert found and all(line.startswith(f"catalog/{GAME}/cards.csv:") for line in found), found
    names = [row[0] for row in ROWS if any(f"'{row[0]}'" in line for line in found)]
    assert names == ["The Wood Mill", "Red Herring 2"]
    accepts = "".join(
        f'[[acknowledge]]\ncheck = "card-texts"\ncontains = "{name}"\n'
        f'reason = "a joke name: {name} is no statement of its fields"\n\n'
        for name in names
    )
    (root / "catalog" / GAME / "rules.toml").write_text(accepts, encoding="utf-8")
    accepted = check(root, "--strict")
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "a joke name: The Wood Mill is no statement of its fields" in accepted.stdout


def test_an_acknowledgment_accepts_only_the_finding_it_names(tmp_path: Path) -> None:
    root = spreadsheet(tmp_path)
    (root / "catalog" / GAME / "rules.toml").write_text(
        '[[acknowledge]]\ncheck = "card-texts"\ncontains = "Sawyer"\nreason = "a pun"\n',
        encoding="utf-8",
    )
    out = check(root, "--strict")
    assert out.returncode == 1
    assert "'The Wood Mill' states trash Wood" in out.stdout  # still reported
    assert "acknowledgment of 'card-texts' is still needed" in out.stdout  # Sawyer says nothing


def set_totals(root: Path) -> str:
    """Each set of the game with its copies, in the game file's order: "Deck 6, …"."""
    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors, [i.render() for i in issues]
    return ", ".join(
        f"{s.name} {sum(c.count for c in catalog.components if c.set == s.id)}"
        for s in catalog.game.sets
    )


def test_strict_passes_a_project_with_no_rules_and_nothing_to_check(tmp_path: Path) -> None:
    plain = [r for r in ROWS if r[0] not in ("The Wood Mill", "Red Herring 2")]
    root = spreadsheet(tmp_path, plain)
    out = check(root, "--strict")
    assert out.returncode == 0, out.stdout + out.stderr
    totals = set_totals(root)
    # the designer's own table is the deck, one copy a row; the starter's other sets follow
    assert totals.startswith(f"Deck {len(plain)}"), totals
    assert (
        "ok    the game declares its rules: no catalog/mill-town/rules.toml, nothing to check; "
        f"given rules it could check the totals of its sets ({totals}), the range of power, "
        "the player count (2–4)" in out.stdout
    ), out.stdout
