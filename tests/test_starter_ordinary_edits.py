"""A designer's ordinary day with the project `cardstock init` writes: ten edits (a card
retitled, a typo fixed, a card added, a rules section moved, …), each followed by
`cardstock check --strict`, the check the generated CI runs; none fails it, and no file
needs rewriting after any of them. An edit of a number a fact holds fails naming the fact,
its source line and both values. `check --since` then lists what a player reads that
changed, with where each text comes from and the facts that hold it.

Each edit is checked by the CLI's entry in this process; the day's last check runs as the
CI runs it, `python -m cardstock check` in a process of its own in the project's folder."""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers_edits import STARTER as GAME
from helpers_edits import starter

from cardstock.cli import main

CARDS = f"catalog/{GAME}/cards.csv"
GAME_TOML = f"catalog/{GAME}/game.toml"
RULES = f"catalog/{GAME}/rules.toml"
BOOK = f"layouts/{GAME}/rulebook.md.j2"

# (what the designer does, the file, the words there, what replaces them)
EDITS = [
    ("retitle a card", CARDS, "Dawn,3,Sun", "Daybreak,3,Sun"),
    ("fix a typo in a card's text", CARDS, "Play on any Moon card.", "Play it on any Moon card."),
    (
        "add a card, one copy fewer of another so each suit keeps its eight",
        CARDS,
        "Dusk,3,Moon,moon,3,Play it on any Moon card.,art/dusk.svg\n",
        "Dusk,2,Moon,moon,3,Play it on any Moon card.,art/dusk.svg\n"
        "Owl,1,Moon,moon,4,Look at the top card of the draw pile.,\n",
    ),
    (
        "move a rules section",
        BOOK,
        "# Components\n\n{{ component_list() }}\n\n# Setup\n",
        "# Setup\n",
    ),
    (
        "… to after the setup",
        BOOK,
        "# Playing\n",
        "# Components\n\n{{ component_list() }}\n\n# Playing\n",
    ),
    (
        "reword the overview",
        BOOK,
        "Play cards that match in suit, and collect",
        "Match the suit of the card before yours and gather",
    ),
    (
        "rewrite the game's description",
        GAME_TOML,
        "A small starter deck: play",
        "A quick deck: lay",
    ),
    (
        "retitle the card backs",
        GAME_TOML,
        'subtitle = "starter deck"',
        'subtitle = "first edition"',
    ),
    (
        "reword a setup step",
        RULES,
        'say = "Shuffle every card into a draw pile."',
        'say = "Shuffle the cards into one draw pile."',
    ),
    (
        "change a card's power, the designer's own value",
        CARDS,
        "Noon,3,Sun,sun,5,",
        "Noon,3,Sun,sun,7,",
    ),
    (
        "add a paragraph of advice",
        BOOK,
        "and sparks break ties.\n",
        "and sparks break ties.\n\n# Advice\n\nHold a strong card back for the end.\n",
    ),
]


def run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`cardstock check` of the game, in a process of its own started in the project's
    folder, as the generated CI runs it."""
    return subprocess.run(
        [sys.executable, "-m", "cardstock", "check", GAME, "--runs", "20", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
    )


def check(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The same check by the CLI's entry in this process (`--root`), its exit status and
    what it printed as `run` gives them: the edits' checks, without starting Python and
    importing cardstock each time."""
    out, err = io.StringIO(), io.StringIO()
    argv = ["--root", str(root), "check", GAME, "--runs", "20", *args]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def edit(root: Path, file: str, old: str, new: str) -> None:
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=d", "-c", "user.email=d@example.org", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The starter, committed, then edited ten times, `check --strict` after each edit."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = starter(tmp_path_factory.mktemp("ordinary"))
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "as cardstock init wrote it")
    for what, file, old, new in EDITS:
        edit(root, file, old, new)
        out = check(root, "--strict")
        assert out.returncode == 0, f"{what}:\n{out.stdout}{out.stderr}"
    return root


def test_ten_ordinary_edits_fail_neither_check_nor_check_strict(edited: Path) -> None:
    assert len(EDITS) == 10 + 1  # the section moved is one edit in two places
    assert run(edited).returncode == 0
    assert not list(edited.rglob("signed.toml"))


def test_an_edit_of_a_number_a_fact_holds_fails_with_the_fact_its_line_and_both_values(
    edited: Path,
) -> None:
    game = edited / GAME_TOML
    kept = game.read_text(encoding="utf-8")
    try:
        edit(edited, GAME_TOML, "max = 4 }", "max = 5 }")
        out = check(edited)
    finally:
        game.write_text(kept, encoding="utf-8")
    assert out.returncode == 1, out.stdout
    assert (
        f"{GAME_TOML}:9: facts[0]: two to four players: the rulebook states 2–4 players, "
        "game.toml players allows 2–5 (fact 'two to four players', "
        f"{RULES}:22; source rules.md:8)" in out.stdout
    ), out.stdout


def test_since_lists_each_changed_text_with_its_provenance_and_its_facts(edited: Path) -> None:
    out = check(edited, "--since", "HEAD")
    assert out.returncode == 0, out.stdout + out.stderr
    text = out.stdout
    # a card's text the designer wrote: their own, held by no fact
    assert f"{CARDS}:7: Dusk: text: 'Play it on any Moon card.'" in text, text
    # the setup step's words: the designer's own; the new card: its row
    assert "'Shuffle the cards into one draw pile.'" in text, text
    assert "Owl: text: 'Look at the top card of the draw pile.'" in text, text
    # the retitled card: its row under the new name, the old one removed
    assert f"{CARDS}:3: Daybreak: text: 'Play on any Sun card.'" in text, text
    assert f"{CARDS}:3: Dawn: text: removed: 'Play on any Sun card.'" in text, text
    # the moved section's heading, the overview line reworded, the paragraph added
    assert f"{BOOK}:16: '# Components'" in text, text
    assert "Match the suit of the card before yours and gather" in text, text
    assert f"{BOOK}:28: 'Hold a strong card back for the end.'" in text, text
    # a line unchanged is not listed: the Playing sentence restates rules.md 6 and 7
    assert "play one card whose suit matches" not in text, text
    assert "the designer's own" in text and "held by: no fact" in text, text


def test_since_names_the_source_lines_and_the_facts_of_a_changed_rule_line(edited: Path) -> None:
    book = edited / BOOK
    kept = book.read_text(encoding="utf-8")
    try:
        edit(edited, BOOK, "take a token (or a coin)", "take a token")
        out = check(edited, "--since", "HEAD")
    finally:
        book.write_text(kept, encoding="utf-8")
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    at = next(
        i
        for i, line in enumerate(lines)
        if "take a token, then" in line or "take a token. The" in line
    )
    assert "restates rules.md lines 6, 7" in lines[at + 1], lines[at : at + 3]
    assert lines[at + 2].strip() == "held by: match-last", lines[at : at + 3]


def test_since_an_unknown_revision_is_bad_input(edited: Path) -> None:
    out = check(edited, "--since", "no-such-tag")
    assert out.returncode == 2
    assert "moon-race: --since no-such-tag: " in out.stdout + out.stderr
