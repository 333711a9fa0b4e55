"""The edit loop's validation: after a build, an edit to one game's table checks that game
again, but neither the inputs every game shares (symbols, sheets, the page template,
printers) nor a rule template whose text did not change. Counted through
`Validated.fresh`, `Validated.shared_fresh` and `validate.TEMPLATE_STATS.parsed`, never
by timing; the problems found are the ones a validation from nothing finds."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardstock import validate as validation
from cardstock import validcache
from cardstock.stage import BuildOptions
from cardstock.validate import validate
from conftest import copy_project

GAMES = ("alpha-omega-tiles", "atmosfear")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "proj", GAMES)


def run(root: Path) -> tuple[validcache.Validated, int]:
    """A build's validation (remembered, as a build that goes on does); the templates parsed."""
    opts = BuildOptions(out=root / "output")
    before = validation.TEMPLATE_STATS.parsed
    found = validcache.validate_games(root, None, opts)
    assert not found.issues.errors, [i.render() for i in found.issues]
    validcache.remember(opts.out, found)
    return found, validation.TEMPLATE_STATS.parsed - before


def edit_cell(root: Path) -> None:
    path = root / "catalog" / "atmosfear" / "realms.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header = lines[0].rstrip("\n").split(",")
    cells = lines[1].rstrip("\n").split(",")
    cells[header.index("name")] += " Edited"
    lines[1] = ",".join(cells) + "\n"
    path.write_text("".join(lines), encoding="utf-8")


def same_as_from_nothing(root: Path, found: validcache.Validated) -> None:
    _, issues = validate(root, None, BuildOptions(out=root / "output"))
    assert [i.render() for i in found.issues] == [i.render() for i in issues]


def test_a_table_edit_checks_neither_the_shared_inputs_nor_unchanged_templates(project: Path) -> None:
    first, parsed = run(project)
    assert first.shared_fresh and parsed >= 3  # the page template and each game's rule templates
    edit_cell(project)
    again, parsed = run(project)
    assert again.fresh == ["atmosfear"]  # the edited game is loaded and checked again …
    assert not again.shared_fresh and parsed == 0  # … but nothing it shares, and no template
    same_as_from_nothing(project, again)


def test_an_edited_template_is_checked_again_and_only_it(project: Path) -> None:
    run(project)
    template = project / "layouts" / "atmosfear" / "rulebook.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + "\n{{ no_such_name }}\n", encoding="utf-8")
    opts = BuildOptions(out=project / "output")
    before = validation.TEMPLATE_STATS.parsed
    found = validcache.validate_games(project, None, opts)
    assert validation.TEMPLATE_STATS.parsed - before == 1
    assert any("no_such_name" in i.message and i.file == "layouts/atmosfear/rulebook.md.j2" for i in found.issues)
    same_as_from_nothing(project, found)


def test_an_edit_to_a_shared_input_checks_them_again(project: Path) -> None:
    run(project)
    symbols = project / "layouts" / "symbols.toml"
    symbols.write_text(symbols.read_text(encoding="utf-8") + "\n# a note\n", encoding="utf-8")
    again, _ = run(project)
    assert again.shared_fresh
    again, _ = run(project)
    assert not again.shared_fresh


def test_a_damaged_memo_is_not_trusted(project: Path) -> None:
    run(project)
    for name in (validcache.SHARED_FILE, validcache.TEMPLATES_FILE):
        (project / "output" / ".cache" / "validated" / name).write_text("[not json", encoding="utf-8")
    edit_cell(project)
    again, parsed = run(project)
    assert again.shared_fresh and parsed >= 1
    same_as_from_nothing(project, again)


def test_a_rebuild_in_the_same_process_takes_an_unchanged_games_catalog_as_it_is(project: Path) -> None:
    """As `--watch` rebuilds: the unchanged game's catalog object (and what hangs on it) is
    the same object, the edited game's is new, and an entry changed on disk is read again."""
    first, _ = run(project)
    edit_cell(project)
    again, _ = run(project)
    by_id = {c.id: c for c in first.catalogs}
    assert {c.id: c is by_id[c.id] for c in again.catalogs} == {"alpha-omega-tiles": True, "atmosfear": False}
    entry = project / "output" / ".cache" / "validated" / "alpha-omega-tiles.pickle"
    entry.write_bytes(entry.read_bytes() + b"\0")  # not the bytes this process wrote: unsealed again, and refused
    third, _ = run(project)
    assert third.fresh == ["alpha-omega-tiles"]
