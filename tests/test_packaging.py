"""A new project needs only its catalog: the shared layouts (default faces, symbol library,
print sheets, the downloads page template) come with cardstock, and a project's own file
replaces cardstock's. The wheel carries them as the package `cardstock.shipped`."""

from __future__ import annotations

import json
import shutil
import tomllib
from fnmatch import fnmatch
from pathlib import Path

from conftest import FIXTURES, ROOT
from pypdf import PdfReader

from cardstock.core.project import SHARED, shared_layout, shipped_layouts


def only_a_catalog(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    return tmp_path


def test_a_project_with_only_a_catalog_builds_with_the_shipped_layouts(cli, tmp_path):
    root = only_a_catalog(tmp_path)
    result = cli("--root", str(root), "build", "--jobs", "1", "--paper", "letter")
    assert result.code == 0, result.err
    out = root / "output"
    listed = {e["path"]: e for e in json.loads((out / "manifest.json").read_text())["artifacts"]}
    pnp = listed["mini/mini-pnp-letter.pdf"]
    assert len(PdfReader(out / pnp["path"]).pages) == pnp["pages"] >= 2
    assert any(p.startswith("mini/svg/") and p.endswith(".svg") for p in listed)
    assert "mini/mini-pnp-letter.pdf" in (out / "index.html").read_text()
    assert not (root / "layouts").exists()  # nothing was copied into the project


def test_the_projects_own_file_replaces_the_shipped_one(cli, tmp_path):
    root = only_a_catalog(tmp_path)
    assert shared_layout(root, "default.toml") == (
        shipped_layouts() / "default.toml",
        "cardstock:layouts/default.toml",
    )
    own = root / "layouts" / "default.toml"
    own.parent.mkdir()
    own.write_text('[theme]\npaper = "not a colour"\n')
    assert shared_layout(root, "default.toml") == (own, "layouts/default.toml")
    result = cli("--root", str(root), "check", "mini")
    assert result.code != 0
    assert result.code == 2  # bad input, found before the rules check runs
    assert "layouts/default.toml" in result.err and "cardstock:layouts" not in result.err


def test_a_projects_sheets_folder_replaces_the_shipped_sheets(cli, tmp_path):
    root = only_a_catalog(tmp_path)
    sheets = root / "layouts" / "sheets"
    sheets.mkdir(parents=True)
    shutil.copy(ROOT / "layouts" / "sheets" / "cards.toml", sheets / "cards.toml")
    result = cli("--root", str(root), "build", "--jobs", "1", "--paper", "letter", "--only", "pnp")
    # the fixture game has pieces only the shipped pieces.toml takes: with a sheets folder
    # of its own, the project must bring that sheet too, and the error names its folder
    assert result.code != 0
    assert "layouts/sheets: token: no sheet takes token pieces" in result.err


def test_the_build_key_follows_the_shipped_files_a_project_uses(tmp_path):
    from cardstock.build import Keys
    from cardstock.core.project import shipped_in_use
    from cardstock.core.stage import BuildOptions
    from cardstock.stages import BY_NAME

    root = only_a_catalog(tmp_path)
    used = {p.relative_to(shipped_layouts()).as_posix() for p in shipped_in_use(root)}
    assert {"default.toml", "symbols.toml", "site/index.html.j2", "sheets/cards.toml"} <= used
    before = Keys(root, BuildOptions(out=root / "output")).unit(
        "mini", "pnp", BY_NAME["pnp"].options
    )
    (root / "layouts").mkdir()
    shutil.copy(shipped_layouts() / "symbols.toml", root / "layouts" / "symbols.toml")
    assert "symbols.toml" not in {p.name for p in shipped_in_use(root)}
    assert (
        Keys(root, BuildOptions(out=root / "output")).unit("mini", "pnp", BY_NAME["pnp"].options)
        != before
    )


def test_the_wheel_lists_every_package_and_ships_every_shared_layout():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    on_disk = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "cardstock").rglob("__init__.py")
    }
    assert set(config["packages"]) == on_disk | {"cardstock.shipped"}
    assert config["package-dir"]["cardstock.shipped"] == "layouts"
    patterns = config["package-data"]["cardstock.shipped"]
    layouts = ROOT / "layouts"
    for name in SHARED:
        files = (
            [p for p in (layouts / name).rglob("*") if p.is_file()]
            if (layouts / name).is_dir()
            else [layouts / name]
        )
        assert files, name
        for f in files:
            rel = f.relative_to(layouts).as_posix()
            assert any(fnmatch(rel, pat) for pat in patterns), (
                f"{rel} would be left out of the wheel"
            )
    games = [p.name for p in layouts.iterdir() if p.is_dir() and p.name not in SHARED]
    assert games and not any(fnmatch(f"{g}/faces.toml", pat) for g in games for pat in patterns)


def test_the_wheel_carries_every_file_of_the_starter_project():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["cardstock"]
    starter = ROOT / "cardstock" / "starter"
    files = [
        p.relative_to(ROOT / "cardstock").as_posix() for p in starter.rglob("*") if p.is_file()
    ]
    assert {
        "starter/catalog/_game_/game.toml",
        "starter/catalog/_game_/rules.toml",
        "starter/layouts/_game_/rulebook.md.j2",
    } <= set(files)
    for rel in files:
        # setuptools' "**" crosses folders; fnmatch's "*" does too, so this is the same test
        assert any(fnmatch(rel, pat) for pat in patterns), f"{rel} would be left out of the wheel"
