"""The keys a build compares are cheap to make and never stale: a game's inputs are hashed
once per build (`key_scope`) and again in the next, and the drawing libraries' versions are
remembered in the user's cache only while no folder on the import path has changed."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from cardstock import pipeline
from cardstock.core.stage import BuildOptions

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(REPO / "catalog" / "atmosfear", root / "catalog" / "atmosfear")
    shutil.copytree(REPO / "layouts" / "atmosfear", root / "layouts" / "atmosfear")
    shutil.copy(REPO / "layouts" / "default.toml", root / "layouts" / "default.toml")
    return root


def test_a_key_made_in_a_scope_is_the_key_made_without_one_and_the_next_scope_sees_an_edit(project: Path) -> None:
    opts = BuildOptions(out=project / "output")
    plain = pipeline.unit_key(project, "atmosfear", "pnp", opts)
    with pipeline.key_scope():
        assert pipeline.unit_key(project, "atmosfear", "pnp", opts) == plain
        assert pipeline.unit_key(project, "atmosfear", "svg", opts) != plain  # the stage counts
    table = project / "catalog" / "atmosfear" / "realms.csv"
    table.write_text(table.read_text(encoding="utf-8").replace("Red Fear", "Red Dread", 1), encoding="utf-8")
    with pipeline.key_scope():
        edited = pipeline.unit_key(project, "atmosfear", "pnp", opts)
    assert edited != plain
    assert edited == pipeline.unit_key(project, "atmosfear", "pnp", opts)


def test_library_versions_are_remembered_until_a_folder_on_the_import_path_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    site = tmp_path / "site-packages"
    site.mkdir()
    monkeypatch.setattr(sys, "path", [*sys.path, str(site)])
    looked_up = pipeline.library_versions()
    assert looked_up["reportlab"] != "not installed" and looked_up["python"]
    (kept,) = (tmp_path / "cache" / "libraries").glob("*.json")
    assert json.loads(kept.read_text(encoding="utf-8")) == looked_up
    # a remembered entry is what the next start reads (marked here so the read shows)
    kept.write_text(json.dumps({**looked_up, "reportlab": "9.9.9"}), encoding="utf-8")
    assert pipeline.library_versions()["reportlab"] == "9.9.9"
    # "installing" into a folder of the import path changes the folder, so the versions are looked up again
    (site / "somelib-1.0.dist-info").mkdir()
    assert pipeline.library_versions() == looked_up
    # a damaged entry is looked up again, never trusted
    for entry in (tmp_path / "cache" / "libraries").glob("*.json"):
        entry.write_text("{not json", encoding="utf-8")
    assert pipeline.library_versions() == looked_up
