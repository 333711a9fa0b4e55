"""`cardstock drawing` writes a layout's drawing only into the game's own layouts folder:
never through a link (which may lead anywhere), and never for a layout whose name is a
path. Either is bad input: exit 2, one located message, nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES


def mini_project(tmp_path: Path, faces: str = "") -> Path:
    """The mini fixture game with its own faces.toml holding `faces`."""
    root = tmp_path / "proj"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "faces.toml").write_text(faces, encoding="utf-8")
    return root


def test_a_drawing_is_never_written_through_a_linked_layouts_folder(cli, tmp_path):
    root = mini_project(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(root / "layouts" / "mini")
    (root / "layouts" / "mini").symlink_to(elsewhere, target_is_directory=True)
    written = cli("--root", str(root), "drawing", "mini", "card")
    assert written.code == 2, written.out
    assert (
        "layouts/mini: is a link: cardstock writes drawings only into the game's own folder"
        in written.err
    ), written.err
    assert list(elsewhere.iterdir()) == []


def test_a_drawing_of_a_layout_named_with_a_path_is_not_written(cli, tmp_path):
    root = mini_project(tmp_path, '[layouts."../../../elsewhere/evil"]\nextends = "card"\n')
    written = cli("--root", str(root), "drawing", "mini", "../../../elsewhere/evil")
    assert written.code == 2, written.out
    assert (
        "layouts/mini/faces.toml:1: layouts.../../../elsewhere/evil: not a layout's name: "
        "a name may not hold '/' or '\\'" in written.err
    ), written.err
    assert not (tmp_path / "elsewhere").exists()
