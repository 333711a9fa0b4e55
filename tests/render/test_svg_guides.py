"""SVG faces carry their trim and safe lines only on request (`--guides`), and then as
separate files: the faces the downloads page shows never have them."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def guide_elements(path: Path) -> list[ET.Element]:
    root = ET.fromstring(path.read_bytes())
    layers = root.findall(f".//{SVG}g[@id='guides']")
    lines = [el for el in root.iter() if "guide" in (el.get("class") or "").split()]
    return layers + lines


def project(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "catalog" / "atmosfear", tmp_path / "catalog" / "atmosfear")
    shutil.copytree(ROOT / "layouts" / "atmosfear", tmp_path / "layouts" / "atmosfear")
    return tmp_path


def test_svg_faces_have_no_guides_by_default(cli, tmp_path):
    root = project(tmp_path)
    assert cli("--root", str(root), "build", "atmosfear", "--only", "svg").code == 0
    faces = sorted((root / "output" / "atmosfear" / "svg").glob("*.svg"))
    assert len(faces) > 50
    assert all(guide_elements(f) == [] for f in faces)
    assert not (root / "output" / "atmosfear" / "svg" / "guides").exists()


def test_guides_on_request_go_to_their_own_files_and_never_to_the_page(cli, tmp_path):
    root = project(tmp_path)
    assert (
        cli("--root", str(root), "build", "atmosfear", "--only", "svg,page", "--guides").code == 0
    )
    svg = root / "output" / "atmosfear" / "svg"
    marked = sorted((svg / "guides").glob("*.svg"))
    assert len(marked) == len(list(svg.glob("*.svg"))) > 50
    for f in marked:
        kinds = {el.get("class") for el in guide_elements(f)}
        if f.stem.endswith("-die"):  # a die net is all cut and fold lines: it has no safe zone
            continue
        assert "guide guide-trim" in kinds or "guide guide-corner" in kinds
        assert "guide guide-safe" in kinds
    html = (root / "output" / "index.html").read_text(encoding="utf-8")
    shown = set(re.findall(r'<img src="([^"]+\.svg)"', html))
    assert shown and not any("guides/" in s for s in shown)
    for src in shown:
        assert guide_elements(root / "output" / src) == []
    # a build without --guides takes the guide files away again
    assert cli("--root", str(root), "build", "atmosfear", "--only", "svg").code == 0
    assert list((svg / "guides").glob("*.svg")) == []
