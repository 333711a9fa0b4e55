"""A build recalls each game's validation from the output's cache while nothing that
validation reads has changed: an edit to one game's table loads and checks that game only,
an edit to a shared layout or a different option checks every game again, and a damaged
or foreign cache entry is never trusted. Counted through `Validated.fresh` (the games
loaded and checked afresh), never by timing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import copy_project
from cardstock import validcache
from cardstock.stage import BuildOptions
from cardstock.validate import validate

GAMES = ("alpha-omega-tiles", "atmosfear")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "proj", GAMES)


def options(root: Path, **kw) -> BuildOptions:
    return BuildOptions(out=root / "output", **kw)


def run(root: Path, opts: BuildOptions) -> validcache.Validated:
    found = validcache.validate_games(root, None, opts)
    assert not found.issues.errors, [i.render() for i in found.issues]
    validcache.remember(opts.out, found)
    return found


def edit_cell(root: Path) -> None:
    """Change one cell of atmosfear's realms table (a new value, same shape)."""
    path = root / "catalog" / "atmosfear" / "realms.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header = lines[0].rstrip("\n").split(",")
    cells = lines[1].rstrip("\n").split(",")
    col = header.index("name")
    cells[col] = cells[col] + " Edited"
    lines[1] = ",".join(cells) + "\n"
    path.write_text("".join(lines), encoding="utf-8")


def test_a_second_build_recalls_every_game_and_gets_what_validation_gets(project: Path) -> None:
    opts = options(project)
    first = run(project, opts)
    assert first.fresh == list(GAMES)
    second = run(project, opts)
    assert second.fresh == []
    catalogs, issues = validate(project, None, opts)
    assert [c.public() for c in second.catalogs] == [c.public() for c in catalogs]
    assert [i.render() for i in second.issues] == [i.render() for i in issues]
    assert [str(s) for c in second.catalogs for s in c.sources] == [str(s) for c in catalogs for s in c.sources]


def test_an_edit_to_one_table_revalidates_that_game_only(project: Path) -> None:
    opts = options(project)
    run(project, opts)
    edit_cell(project)
    after = run(project, opts)
    assert after.fresh == ["atmosfear"]
    names = {c.name for cat in after.catalogs if cat.id == "atmosfear" for c in cat.components}
    assert any(n.endswith(" Edited") for n in names)
    assert run(project, opts).fresh == []


def test_a_shared_layout_or_another_option_revalidates_every_game(project: Path) -> None:
    opts = options(project)
    run(project, opts)
    default = project / "layouts" / "default.toml"
    default.write_text(default.read_text(encoding="utf-8") + "\n# a comment is a change too\n", encoding="utf-8")
    assert run(project, opts).fresh == list(GAMES)
    assert run(project, options(project, papers=("a4",))).fresh == list(GAMES)


def test_a_damaged_or_foreign_entry_is_not_trusted(project: Path) -> None:
    opts = options(project)
    run(project, opts)
    cache = opts.out / ".cache" / "validated"
    (cache / "atmosfear.pickle").write_bytes(b"not a pickle")
    assert run(project, opts).fresh == ["atmosfear"]
    # another game's entry under this game's name: its key does not match
    shutil.copy(cache / "alpha-omega-tiles.pickle", cache / "atmosfear.pickle")
    assert run(project, opts).fresh == ["atmosfear"]


def test_a_game_with_an_error_is_reported_and_never_remembered(project: Path) -> None:
    opts = options(project)
    run(project, opts)
    toml = project / "catalog" / "atmosfear" / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("title =", "title = 5\nnot_title =", 1), encoding="utf-8")
    found = validcache.validate_games(project, None, opts)
    assert found.fresh == ["atmosfear"]
    assert found.issues.errors and all("atmosfear" in i.file for i in found.issues.errors)
    assert "atmosfear" not in found.pending
    again = validcache.validate_games(project, None, opts)
    assert again.fresh == ["atmosfear"] and again.issues.errors
