"""The rules check lays a quick-reference side out to find whether it fits its card, and
keeps what it found in the cache under a key of all that layout reads: the side's rendered
text, its card and the game's files but its tables. So an edit of a card the side does not
print (a row of a table) reads the findings back; an edit the side prints, or of the
game's margins, lays it out again and finds what the edit caused; and what is read back is
what a check with an empty cache finds."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from conftest import copy_project

from cardstock.books import quickref
from cardstock.books.content import sides
from cardstock.catalog.load import load_games
from cardstock.core.cache import open_cache
from cardstock.core.stage import Job
from cardstock.layout.faces import Faces

GAME = "alter-ego"


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    return copy_project(tmp_path / "project", (GAME,))


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The sides laid out, by name, one entry a layout."""
    made: list[str] = []
    fit = quickref.fit_issues

    def counted(catalog, side, blocks):
        made.append(side.name)
        return fit(catalog, side, blocks)

    monkeypatch.setattr(quickref, "fit_issues", counted)
    return made


def check(root: Path, cache: str = "cache") -> list[str]:
    """The quick-reference check as a build's rules check runs it, in a new process's
    state (the catalog loaded again, its cache opened again)."""
    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors
    job = Job(catalog, Faces(catalog, open_cache(root.parent / cache)))
    found = [i.render() for i in quickref.check(catalog, job)]
    job.cache.close()
    return found


def edit_a_card(root: Path) -> None:
    path = next((root / "catalog" / GAME).glob("*.csv"))
    raw = path.read_text(encoding="utf-8")
    row = next(r for r in csv.DictReader(io.StringIO(raw)) if r.get("name"))
    path.write_text(raw.replace(row["name"], row["name"] + " Prime", 1), encoding="utf-8")


def overflow(root: Path) -> str:
    """One side's template made far too long for its card; the side's name."""
    (catalog,), _ = load_games(root, [GAME])
    name = sides(catalog)[0].name
    path = root / "layouts" / GAME / "quickref" / f"{name}.md.j2"
    text = path.read_text(encoding="utf-8") + "\n" + "Far too much text for one card. " * 60
    path.write_text(text + "\n", encoding="utf-8")
    return name


def test_an_edit_no_side_prints_reads_the_findings_back(root: Path, layouts: list[str]) -> None:
    first = check(root)
    laid_out = len(layouts)
    assert laid_out > 0
    edit_a_card(root)
    assert check(root) == first
    assert len(layouts) == laid_out


def test_an_edit_a_side_prints_is_laid_out_and_its_overflow_found(
    root: Path, layouts: list[str]
) -> None:
    assert not any("needs" in i for i in check(root))
    name = overflow(root)
    found = check(root)
    assert layouts.count(name) == 2
    assert any(name in i and "needs" in i for i in found)


def test_a_change_of_the_games_margins_lays_the_sides_out_again(
    root: Path, layouts: list[str]
) -> None:
    check(root)
    laid_out = len(layouts)
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    assert 'safe = "' in text
    game.write_text(text.replace('safe = "', 'safe = "1', 1), encoding="utf-8")
    check(root)
    assert len(layouts) == 2 * laid_out


def test_findings_read_back_are_those_of_an_empty_cache(root: Path, layouts: list[str]) -> None:
    overflow(root)
    check(root)
    assert check(root) == check(root, cache="empty")
