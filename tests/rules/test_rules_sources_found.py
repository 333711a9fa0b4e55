"""A cite is checked wherever its source is present, with no option and no environment
variable: in the project's own `sources/` folder, or in the `shared/seeds/` folder kept
beside the project's checkout (`cardstock.rules.sources.FOLDERS`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import SEEDS, copy_project

pytestmark = pytest.mark.needs_seeds

SEED = "003_1b021a8c980fb258.txt"
CITE = 'cite = { line = 49, says = "after the lead, play moves round the table clockwise" }'


def _project(root: Path) -> Path:
    """A copy of Atmosfear, its trick-order fact cited to a line that does not say
    'clockwise' (line 3)."""
    copy_project(root, ("atmosfear",))
    rules = root / "catalog" / "atmosfear" / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    assert CITE in text
    rules.write_text(text.replace(CITE, CITE.replace("line = 49", "line = 3")), "utf-8")
    return root


def _check(cli, root: Path):
    return cli("--root", str(root), "check", "atmosfear", "--only", "facts")


def test_a_seed_in_the_projects_sources_folder_is_read_without_being_named(
    tmp_path, cli, monkeypatch
) -> None:
    monkeypatch.delenv("CARDSTOCK_SOURCES", raising=False)
    root = _project(tmp_path / "proj")
    assert _check(cli, root).code == 0  # nowhere to read the source: the cite is not held
    (root / "sources").mkdir()
    shutil.copy(SEEDS / SEED, root / "sources" / SEED)
    result = _check(cli, root)
    assert result.code == 1
    assert f"the source {SEED}:3 does not say 'clockwise'" in result.out


def test_a_seed_in_the_shared_seeds_beside_the_project_is_read_without_being_named(
    tmp_path, cli, monkeypatch
) -> None:
    monkeypatch.delenv("CARDSTOCK_SOURCES", raising=False)
    root = _project(tmp_path / "proj")
    (tmp_path / "shared" / "seeds").mkdir(parents=True)
    shutil.copy(SEEDS / SEED, tmp_path / "shared" / "seeds" / SEED)
    result = _check(cli, root)
    assert result.code == 1
    assert f"the source {SEED}:3 does not say 'clockwise'" in result.out


def test_a_shipped_game_checked_in_place_holds_its_cites_to_the_seeds(cli, monkeypatch) -> None:
    monkeypatch.delenv("CARDSTOCK_SOURCES", raising=False)
    result = cli("check", "vortex", "--only", "facts")
    assert result.code == 0
    assert "the source 004_ac253e6d7088f8d2.txt:46 says so" in result.out
