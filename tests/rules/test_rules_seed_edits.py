"""Seed-breaking edits of every kind, generated across the five shipped games
(`tests/seed_edits.py`: setup numbers, player ranges, every number of every table, row names
the source gives, neighbouring rows swapped, a scoring row given to one player, names and
numbers of the cards the source names, swapped timings, a cited fact's number), each caught
by `cardstock check` with a message that names the rule, its file and both values.

Each edit is applied to a copy of its game and the checker runs in-process (counts,
constraints, facts, examples and the source; no simulation). The suite runs a spread of the
edits — the first of every kind in every game, and every 25th beyond (67 of 629) — and
`CARDSTOCK_FULL=1` (or its older name, `CARDSTOCK_ALL_EDITS=1`) runs all of them
(`python tests/seed_edits_report.py` prints the tally and the misses).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import FULL, GAMES, load_games, run_checks
from seed_edits import ROOT, SEEDS, Edit, edits

PARTS = {"counts", "constraints", "facts", "examples", "source"}
pytestmark = pytest.mark.needs_seeds


def spread(all_edits: list[Edit]) -> list[Edit]:
    """The first edit of every kind in every game, and every 25th of the rest."""
    if FULL:
        return all_edits
    seen: dict[tuple[str, str], int] = {}
    out = []
    for i, e in enumerate(all_edits):
        k = seen.get((e.game, e.kind), 0)
        seen[(e.game, e.kind)] = k + 1
        if k < 1 or i % 25 == 0:
            out.append(e)
    return out


ALL = [e for g in GAMES for e in edits(g)] if SEEDS.is_dir() else []
CASES = spread(ALL)


def outcome(root: Path, e: Edit) -> tuple[bool, list[str]]:
    """(the check passed, every failing finding as one line of text) for the edited game."""
    path = root / "catalog" / e.game / e.file
    text = path.read_text(encoding="utf-8")
    assert e.old in text, f"{e.id}: the text to change is not in {e.file}: the generator is stale"
    path.write_text(text.replace(e.old, e.new, 1), encoding="utf-8")
    catalogs, issues = load_games(root, [e.game])
    if issues.errors:  # the edit is bad input: validation names it (exit 2), which also stops it
        return False, [i.render() for i in issues]
    report = run_checks(catalogs, only=PARTS, sources=SEEDS).game(e.game)
    lines = []
    for c in report.checks:
        if c.status == "fail":
            lines += [f"{c.rule}: {i.render()}" for i in c.findings] or [f"{c.rule}: {c.summary}"]
    return report.ok, lines


WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]


def _said(value: str, line: str) -> bool:
    """Does the line state the value (a number as a number, not inside another, or as a word)?"""
    v = value.strip()
    if re.fullmatch(r"-?\d+(\.\d+)?", v):
        if (
            re.fullmatch(r"\d+", v)
            and int(v) < len(WORDS)
            and re.search(rf"\b{WORDS[int(v)]}\b", line, re.I)
        ):
            return True
        return re.search(rf"(?<![\d.]){re.escape(v)}(?![\d])", line) is not None
    if "–" in v:  # a player range: both ends
        return all(_said(x, line) for x in v.split("–"))
    return v.lower() in line.lower()


def names_both(e: Edit, lines: list[str]) -> bool:
    """Some failing finding names a rule and a catalog file, with the value before and after
    the edit (for a swap, the two cells of any column it changed). A number a worked
    example depends on may be caught by the example instead: its claim names the value the
    rulebook claims and the one the catalog now gives, with the edited value among its inputs."""
    for line in lines:
        if f"catalog/{e.game}/" not in line:
            continue
        if any(_said(b, line) and _said(a, line) for b, a in ((e.before, e.after), *e.pairs)):
            return True
        if (
            "the rulebook claims" in line
            and "the catalog gives" in line
            and _said(e.after, line.rsplit("the catalog gives", 1)[1])
        ):
            return True
        pairs = ((e.before, e.after), *e.pairs)
        if e.kind == "row swap":  # either row may be the one a finding is about
            pairs += tuple((a, b) for b, a in pairs)
        if any(_stated_and_found(b, a, line) for b, a in pairs):
            return True
    return False


def _squash(text: str) -> str:
    return " ".join(re.sub(r"[^\w$+-]+", " ", text.lower()).split())


STATED = re.compile(
    r"the rulebook states (?P<stated>.+?)[,;] .*?(?:has|says|does not state it:) (?P<found>.+)"
)


def _stated_and_found(before: str, after: str, line: str) -> bool:
    """A finding about words rather than one value: "the rulebook states 'a Ruling Realm card',
    the table says 'the player who deals…'" — what the rule states is part of the cell before
    the edit, and what the catalog has now is the start of the cell after it."""
    m = STATED.search(line)
    if not m:
        return False
    stated, found = (
        _squash(m.group("stated")),
        _squash(re.split(r"'?; |'? \(", m.group("found"))[0]),
    )
    b, a = _squash(before), _squash(after)
    if not stated or not found or len(b) < 8:
        return False
    forms = {
        stated,
        re.sub(r"^(\d+)-(\d+)$", r"\1 or \2", stated),
    }  # a range 1-2 is written "1 or 2"
    if stated.isdigit() and int(stated) < len(WORDS):
        forms.add(WORDS[int(stated)])  # 2 is written "two"
    return any(f in b for f in forms) and (found[:30] in a or a[:30] in found)


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("seed-edits")
    for game in GAMES:
        shutil.copytree(ROOT / "catalog" / game, root / "catalog" / game)
    yield root


@pytest.mark.parametrize("e", CASES, ids=[e.id for e in CASES])
def test_a_seed_breaking_edit_fails_the_check_naming_the_rule_its_file_and_both_values(
    copies: Path, e: Edit
) -> None:
    path = copies / "catalog" / e.game / e.file
    original = path.read_text(encoding="utf-8")
    try:
        ok, lines = outcome(copies, e)
    finally:
        path.write_text(original, encoding="utf-8")
    assert not ok, f"{e.id}: the check passed"
    assert names_both(e, lines), (
        f"{e.id}: no failing finding names {e.before!r} and {e.after!r} with its file:\n"
        + "\n".join(lines[:8])
    )


def test_the_edits_are_many_of_every_kind_across_the_five_games() -> None:
    if not ALL:
        pytest.skip("the source rulebooks are not beside this checkout")
    kinds = {e.kind for e in ALL}
    assert {
        "setup number",
        "player range",
        "table number",
        "row name",
        "row swap",
        "card name",
        "card number",
        "card timing",
        "fact value",
        "scoring row",
    } <= kinds
    assert {e.game for e in ALL} == set(GAMES)
    assert len(ALL) >= 500 and len(CASES) >= 60
