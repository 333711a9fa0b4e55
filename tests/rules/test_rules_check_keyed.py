"""Each rules check is kept in the cache by what it declares it reads (`cardstock.rules.keyed`):
run again on the same input, nothing is checked anew and the report is the same, byte for
byte; an edit of one card's text checks again only what reads the cards' texts; an edit of
one fact checks that fact again and not the facts beside it; a damaged entry is checked
anew."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from conftest import copy_project, load_games

from cardstock.core.cache import open_cache
from cardstock.core.stage import Job
from cardstock.layout.faces import Faces
from cardstock.rules import keyed
from cardstock.rules.report import CheckReport, check_game, render

GAME = "alter-ego"


def project(root: Path) -> Path:
    copy_project(root, (GAME,))
    return root


def checked(root: Path, cache_dir: Path) -> tuple[str, set[str]]:
    """The game's rules check (its own checks and the rules file's) read anew from `root`
    with the cache in `cache_dir`: the report as printed, and the checks that ran rather
    than were read back."""
    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors
    cache = open_cache(cache_dir)
    keyed.RUNS.clear()
    try:
        report = check_game(Job(catalog, Faces(catalog, cache)), ())
    finally:
        cache.close()
    return render(CheckReport([report], 1, None)), set(keyed.RUNS)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


def fact_line(root: Path, fact_id: str) -> int:
    lines = (root / "catalog" / GAME / "rules.toml").read_text(encoding="utf-8").splitlines()
    at = lines.index(f'id = "{fact_id}"')
    return next(n for n in range(at, 0, -1) if lines[n - 1] == "[[facts]]")


def test_a_second_check_of_the_same_game_reads_every_verdict_back_and_prints_the_same(tmp_path):
    root = project(tmp_path / "p")
    first, ran = checked(root, tmp_path / "cache")
    assert {"card-texts", "distinct-names", "setup-says", "texts"} <= ran
    assert any(name.startswith("facts ") for name in ran)
    again, ran_again = checked(root, tmp_path / "cache")
    assert ran_again == set()
    assert again == first


def test_an_edit_of_one_cards_text_checks_again_only_what_reads_the_texts(tmp_path):
    root = project(tmp_path / "p")
    checked(root, tmp_path / "cache")
    edit(
        root / "catalog" / GAME / "equipment.csv",
        "it counts as one :might: icon this turn.",
        "it counts as one :might: icon for this turn.",
    )
    report, ran = checked(root, tmp_path / "cache")
    assert "card-texts" in ran  # it reads the cards' texts
    # what reads no card text is read back: the set names, the setup's words, the counts
    # the game file's prose states, the facts of a table of the game file
    assert not ran & {"distinct-names", "setup-says", "setup-who", "prose-counts"}
    table = fact_line(root, "display-job")
    assert f"facts catalog/{GAME}/rules.toml:{table}" not in ran
    fresh, _ = checked(root, tmp_path / "fresh")
    assert report == fresh


def test_an_edit_of_one_fact_checks_that_fact_again_and_not_its_neighbours(tmp_path):
    root = project(tmp_path / "p")
    checked(root, tmp_path / "cache")
    edited, beside = fact_line(root, "display-job"), fact_line(root, "display-family")
    edit(
        root / "catalog" / GAME / "rules.toml",
        'contains = "$1"\ncite = { line = 41',
        'contains = "$2"\ncite = { line = 41',
    )
    report, ran = checked(root, tmp_path / "cache")
    assert f"facts catalog/{GAME}/rules.toml:{edited}" in ran
    assert f"facts catalog/{GAME}/rules.toml:{beside}" not in ran
    assert "distinct-names" not in ran
    assert "FAIL  the display table: a Job card gives $1" in report  # it now states $2
    fresh, _ = checked(root, tmp_path / "fresh")
    assert report == fresh


def test_a_damaged_entry_is_checked_anew(tmp_path):
    root = project(tmp_path / "p")
    first, _ = checked(root, tmp_path / "cache")
    db = sqlite3.connect(tmp_path / "cache" / "cache.sqlite")
    with db:  # every kept verdict's data made into a list of what no verdict is
        damaged = db.execute("UPDATE entries SET data = ? WHERE kind = ?", (b"[{}]", keyed.KIND))
        assert damaged.rowcount > 0
    db.close()
    again, ran = checked(root, tmp_path / "cache")
    assert {"card-texts", "distinct-names", "texts"} <= ran
    assert again == first


KEYS = """
import sys
from pathlib import Path
from cardstock.catalog.load import load_games
from cardstock.core.cache import key_of, memory_cache
from cardstock.core.stage import Job
from cardstock.layout.faces import Faces
from cardstock.rules import keyed
from cardstock.rules.model import load_rules

(catalog,), _ = load_games(Path(sys.argv[1]), [sys.argv[2]], load_rules)
reads = keyed.Reads(Job(catalog, Faces(catalog, memory_cache())), "", None)
rules = catalog.rules
entries = [*rules.counts, *rules.constraints, *rules.facts, *rules.examples]
print(key_of(*(reads.digest(s) for s in keyed.SCOPES),
             *(k for loc in entries for k in keyed.entry_key(loc, rules.file, rules.seed,
                                                             keyed.stable(loc.rule)))))
"""


def test_the_keys_are_the_same_in_every_process(tmp_path):
    """A set's order follows the process's string hashes: a key made from it would miss
    the entries of every earlier process."""
    root = project(tmp_path / "p")
    keys = {
        subprocess.run(
            [sys.executable, "-c", KEYS, str(root), GAME],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(keys) == 1 and len(next(iter(keys)).strip()) == 64


def test_the_rules_scope_reads_the_rules_files_bytes_and_its_model_but_not_its_lines(tmp_path):
    """The model's table of lines is fixed by the file's bytes, which the scope hashes: a
    model edited in memory changes the scope's digest, its lines alone do not, and a line
    added to the file does."""
    from cardstock.core.cache import memory_cache

    root = project(tmp_path / "p")

    def digest() -> str:
        reads = keyed.Reads(Job(catalog, Faces(catalog, memory_cache())), "", None)
        return reads.digest("rules")

    (catalog,), _ = load_games(root, [GAME])
    first = digest()
    catalog.rules.lines = {}
    assert digest() == first
    catalog.rules.hidden = [*catalog.rules.hidden, "a column no player reads"]
    assert digest() != first
    path = root / "catalog" / GAME / "rules.toml"
    path.write_text("# a comment on a line of its own\n" + path.read_text("utf-8"), "utf-8")
    (catalog,), _ = load_games(root, [GAME])
    assert digest() != first
