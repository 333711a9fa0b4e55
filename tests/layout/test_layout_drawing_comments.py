"""`cardstock drawing` names the layout and its boxes in the drawing's XML comments: a
name with hyphens in a row (`x--y`, which layout names may hold) is written so the
drawing stays well-formed XML, as every drawing program must read it."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import FIXTURES


def _project(tmp_path: Path, faces: str) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "faces.toml").write_text(faces, encoding="utf-8")
    return root


@pytest.mark.parametrize("name", ["x--y", "x---y", "x-", "y--"])
def test_a_layout_named_with_hyphens_in_a_row_is_drawn_as_well_formed_xml(cli, tmp_path, name):
    faces = (
        f'[layouts."{name}"]\nextends = "card"\n'
        f'[layouts."{name}".boxes.note]\ntype = "text"\ntext = "a -- b"\n'
        'left = "10%"\ntop = "10%"\nwidth = "50%"\nheight = "10%"\nwhen = "bonus"\n'
    )
    root = _project(tmp_path, faces)
    written = cli("--root", str(root), "drawing", "mini", name)
    assert written.code == 0, written.err
    svg = root / "layouts" / "mini" / f"{name}.svg"
    text = svg.read_text(encoding="utf-8")
    ET.fromstring(text.encode("utf-8"))  # well-formed: a drawing program can open it
    head = text.split("\n")[1]
    assert head.startswith("<!-- The layout '") and "written as a drawing" in head, head
    for comment in text.split("<!--")[1:]:
        assert "--" not in comment.split("-->")[0]
