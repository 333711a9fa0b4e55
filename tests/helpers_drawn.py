"""The drawn-layout tests' project: the mini fixture game whose cards are drawn with one
of the drawings in tests/fixtures/drawn, and ways to edit that drawing, find an element's
line in it, read the layout's boxes back and look at the printed faces."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES
from helpers_pixels import share_near
from PIL import Image

from cardstock.catalog.load import load_game
from cardstock.core.issues import Issues
from cardstock.layout.faces import Faces
from cardstock.layout.language.load import load_layouts

DRAWN = FIXTURES / "drawn"
NAVY = (0x1D, 0x35, 0x57)
RED = (0xE6, 0x39, 0x46)


def drawn_project(tmp_path: Path, svg: str = "inkscape.svg", faces: str = "") -> Path:
    """The mini game whose cards are drawn with `svg` (its `cards` layout)."""
    root = tmp_path / "proj"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    (root / "layouts" / "mini").mkdir(parents=True)
    shutil.copy(DRAWN / svg, root / "layouts" / "mini" / "card.svg")
    (root / "layouts" / "mini" / "faces.toml").write_text(
        '[layouts.cards]\ndrawn = "card.svg"\n' + faces, encoding="utf-8"
    )
    return root


def edit_drawing(root: Path, old: str, new: str) -> int:
    """Change the drawing's text; the line the change is on."""
    path = root / "layouts" / "mini" / "card.svg"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def element_line(root: Path, text: str) -> int:
    """The line of the element whose attribute line holds `text` (its `<tag` line)."""
    lines = (root / "layouts" / "mini" / "card.svg").read_text(encoding="utf-8").splitlines()
    n = next(i for i, line in enumerate(lines) if text in line)
    while not lines[n].lstrip().startswith("<"):
        n -= 1
    return n + 1


def boxes(root: Path) -> dict[str, dict]:
    """The `cards` layout's boxes (after the game's fields typed them), by name."""
    issues = Issues()
    catalog = load_game(root, "mini", issues)
    assert catalog is not None, [i.render() for i in issues]
    faces = Faces(catalog, layouts=load_layouts(root, "mini"))
    assert not [i for i in faces.layouts.issues if i.level == "error"], [
        i.render() for i in faces.layouts.issues
    ]
    lay = faces.layouts.resolve("cards")
    assert lay is not None
    return {b.name: b.values for b in lay.boxes}


def share(path: Path, color: tuple[int, int, int], box: tuple[int, int, int, int]) -> float:
    """The share of the pixels of `box` (fractions of the picture ×1000) near `color`."""
    img = Image.open(path).convert("RGB")
    w, h = img.size
    area = img.crop(
        (box[0] * w // 1000, box[1] * h // 1000, box[2] * w // 1000, box[3] * h // 1000)
    )
    return share_near(area, color, 24)


def built_fails(cli, root: Path) -> str:
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 2, built.err
    assert not (root / "output").exists()
    assert "Traceback" not in built.err and "internal error" not in built.err
    return built.err
