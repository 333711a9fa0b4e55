"""Done when for drawn layouts: a shipped game's card faces (Alter Ego's hero cards,
drawn with the shipped `card` layout) drawn instead from an SVG written in Inkscape's
format (tests/fixtures/drawn/alter-ego-heroes.svg: ids and `inkscape:label`s only,
layers, a layer moved to the safe line, `shape-inside` and `<flowRoot>` text) print the
same pictures at 300 dpi, read from the faces PDF by pdftoppm and in the PNG export.

What the drawing cannot say is written in its layout file
(tests/fixtures/drawn/alter-ego-heroes.toml): boxes named by a mark of the drawing get
their colour from a template there (`tint(accent, 0.82)`).

The measure: a pixel of one picture differs when, in some channel, it lies more than 8 of
256 outside the range of the other picture's pixels within 1 px of it; both ways. Only
the version mark may differ: its digest names what the face draws, and a face drawn
from a drawing draws other operations (paths where the written layout has rectangles)."""

from __future__ import annotations

import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
from conftest import FIXTURES
from PIL import Image, ImageChops, ImageFilter

from cardstock.catalog.load import load_game
from cardstock.core.issues import Issues
from cardstock.layout.faces import Faces
from cardstock.layout.language.load import load_layouts
from cardstock.layout.ops import Face
from cardstock.render.png import face_pngs, faces_pdf

REPO = Path(__file__).resolve().parents[2]
GAME = "alter-ego"
DPI = 300
PX_PER_MM = DPI / 25.4
# the version mark's box, from the bleed's top left corner in mm (layouts/default.toml:
# bottom 0.7mm, right 1.3mm, 60% wide, 2.8mm tall in the safe frame 3mm inside the trim)
MARK_MM = (3 + 3 + 57.5 - 1.3 - 34.5, 3 + 3 + 82.9 - 0.7 - 2.8, 3 + 3 + 57.5 - 1.3, 3 + 3 + 82.2)


def project(root: Path, drawn: bool) -> Path:
    """The shipped game and layouts; with `drawn`, its heroes drawn from the drawing."""
    shutil.copytree(REPO / "catalog" / GAME, root / "catalog" / GAME)
    shutil.copytree(REPO / "layouts", root / "layouts")
    if drawn:
        shutil.copy(
            FIXTURES / "drawn" / "alter-ego-heroes.svg", root / "layouts" / GAME / "heroes.svg"
        )
        faces = root / "layouts" / GAME / "faces.toml"
        extra = (FIXTURES / "drawn" / "alter-ego-heroes.toml").read_text(encoding="utf-8")
        faces.write_text(faces.read_text(encoding="utf-8") + "\n" + extra, encoding="utf-8")
    return root


def hero_faces(root: Path) -> list[Face]:
    issues = Issues()
    catalog = load_game(root, GAME, issues)
    assert catalog is not None, [i.render() for i in issues]
    faces = Faces(catalog, layouts=load_layouts(root, GAME))
    assert not faces.layouts.issues, [i.render() for i in faces.layouts.issues]
    made = [
        faces.face(faces.records.of(c), "front") for c in catalog.components if c.set == "heroes"
    ]
    assert len(made) == 5 and all(f is not None for f in made)
    return [f for f in made if f is not None]


def differing(a: Image.Image, b: Image.Image, tolerance: int = 8) -> Image.Image:
    """A mask of `a`'s pixels no pixel of `b` within 1 px matches (see the module)."""
    low = b.filter(ImageFilter.MinFilter(3))
    high = b.filter(ImageFilter.MaxFilter(3))
    worst = ImageChops.lighter(ImageChops.subtract(low, a), ImageChops.subtract(a, high))
    return worst.convert("L").point(lambda v: 255 if v > tolerance else 0)


def assert_alike(a: Image.Image, b: Image.Image, what: str) -> None:
    assert a.size == b.size == (821, 1121), what  # 63.5 x 88.9 mm with 3 mm bleed
    found = ImageChops.lighter(differing(a, b), differing(b, a))
    box = found.getbbox()
    if box is None:
        return
    x0, y0, x1, y1 = (round(v * PX_PER_MM) for v in MARK_MM)
    assert x0 - 1 <= box[0] and y0 - 1 <= box[1] and box[2] <= x1 + 1 and box[3] <= y1 + 1, (
        what,
        box,
    )


@pytest.fixture(scope="module")
def twins(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Face], list[Face]]:
    base = tmp_path_factory.mktemp("heroes")
    drawn = hero_faces(project(base / "drawn", True))
    written = hero_faces(project(base / "written", False))
    return drawn, written


def test_hero_cards_drawn_in_inkscape_export_as_the_written_layouts_pngs(twins):
    drawn, written = twins
    for i, (a, b) in enumerate(zip(face_pngs(drawn, DPI), face_pngs(written, DPI), strict=True)):
        assert_alike(
            Image.open(BytesIO(a)).convert("RGB"), Image.open(BytesIO(b)).convert("RGB"), str(i)
        )


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_hero_cards_drawn_in_inkscape_print_as_the_written_layouts_pdf(twins, tmp_path):
    pictures = {}
    for name, faces in zip(("drawn", "written"), twins, strict=True):
        pdf = tmp_path / f"{name}.pdf"
        pdf.write_bytes(faces_pdf(faces, title=name))
        subprocess.run(
            ["pdftoppm", "-r", str(DPI), "-png", str(pdf), str(tmp_path / name)],
            check=True,
            timeout=120,
        )
        pictures[name] = sorted(tmp_path.glob(f"{name}-*.png"))
    assert len(pictures["drawn"]) == len(pictures["written"]) == 5
    for a, b in zip(pictures["drawn"], pictures["written"], strict=True):
        assert_alike(Image.open(a).convert("RGB"), Image.open(b).convert("RGB"), a.name)
