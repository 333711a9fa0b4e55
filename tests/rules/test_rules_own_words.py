"""Words a designer types that are no rule (advice, flavour) are accepted in one written
line where they stand: the typed lint reports every word of a line in one run, each finding
printing the `{# own: … #}` comment that lists them all; with it, the line passes, and a
word edited there later is found again."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures, failures_edited, starter

BOOK = f"layouts/{GAME}/rulebook.md.j2"
ADVICE = "Keep your first card for two rounds; a player can wait."
ENDS = "and sparks break ties.\n"
OWN = "{# own: Keep, first, can, two #}"


def _advised(tmp_path: Path) -> Path:
    root = starter(tmp_path, full=True)
    book = root / BOOK
    text = book.read_text(encoding="utf-8")
    assert ENDS in text
    book.write_text(text.replace(ENDS, ENDS + "\n# Advice\n\n" + ADVICE + "\n", 1), "utf-8")
    return root


def test_every_word_of_an_advice_line_is_found_in_one_run(tmp_path: Path) -> None:
    found = failures(_advised(tmp_path), GAME, {"facts"})
    said = [f for f in found if ADVICE not in f]
    assert len(said) == 4, found  # 'Keep', 'first', 'can', 'two': each its own finding
    for word in ("'Keep'", "'first'", "'can'", "'two'"):
        assert any(word in f for f in said), (word, found)
    assert all(f"write {OWN} at the start of {BOOK}:" in f for f in said), said


def test_the_printed_line_accepts_them_all(tmp_path: Path) -> None:
    root = _advised(tmp_path)
    assert failures_edited(root, GAME, [(BOOK, ADVICE, OWN + ADVICE)], {"facts"}) == []


def test_a_word_edited_on_an_accepted_line_is_found_again(tmp_path: Path) -> None:
    root = _advised(tmp_path)
    edited = OWN + ADVICE.replace("first", "last")
    (found,) = failures_edited(root, GAME, [(BOOK, ADVICE, edited)], {"facts"})
    assert "types the rule word 'last'" in found, found
    assert "{# own: can, first, keep, two, last #}" in found, found
