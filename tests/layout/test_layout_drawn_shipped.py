"""Done when for drawn layouts: a shipped game's card faces (Alter Ego's hero cards,
drawn with the shipped `card` layout) drawn instead from an SVG written in Inkscape's
format (tests/fixtures/drawn/alter-ego-heroes.svg: ids and `inkscape:label`s only,
layers, a layer moved to the safe line, `shape-inside` and `<flowRoot>` text) print the
same pictures at 300 dpi in every output: the PNG export, the faces PDF read by pdftoppm,
and the svg stage's files drawn by headless Chromium.

What the drawing cannot say is written in its layout file
(tests/fixtures/drawn/alter-ego-heroes.toml): boxes named by a mark of the drawing get
their colour from a template there (`tint(accent, 0.82)`).

The measure, one for every output, is tests/helpers_pictures.py's `differing`: a pixel
differs when it fails both a shape test (its value more than 8 of 256 outside the other
picture's values within 1 px) and an ink test (its 3×3 square's mean further from the
other picture's than one edge moved by 1 px accounts for); the module says why both. Its
own tests here render one face moved by a fraction of a pixel (it passes) and with one
box moved by 2 px, one box in another colour and one letter changed (each fails), in
each output. Only the version mark may differ between the twins: its digest names what
the face draws, and a face drawn from a drawing draws other operations (paths where the
written layout has rectangles)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from io import BytesIO
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers_pictures import SvgPictures, differences, needs_chromium
from PIL import Image

from cardstock import fonts
from cardstock.catalog.load import load_game
from cardstock.core.issues import Issues
from cardstock.layout.faces import Faces
from cardstock.layout.language.load import load_layouts
from cardstock.layout.ops import Face, Group, Op, Rect, Text
from cardstock.render.png import face_pngs, faces_pdf
from cardstock.render.svg import FaceSvg

REPO = Path(__file__).resolve().parents[2]
GAME = "alter-ego"
DPI = 300
PX_PER_MM = DPI / 25.4
PT_PER_PX = 72 / DPI
SIZE = (821, 1121)  # 63.5 x 88.9 mm with 3 mm bleed at 300 dpi
# the version mark's box, from the bleed's top left corner in mm (layouts/default.toml:
# bottom 0.7mm, right 1.3mm, 60% wide, 2.8mm tall in the safe frame 3mm inside the trim)
MARK_MM = (3 + 3 + 57.5 - 1.3 - 34.5, 3 + 3 + 82.9 - 0.7 - 2.8, 3 + 3 + 57.5 - 1.3, 3 + 3 + 82.2)
MARK = tuple(round(v * PX_PER_MM) for v in MARK_MM)


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


def heroes(root: Path) -> list[str]:
    issues = Issues()
    catalog = load_game(root, GAME, issues)
    assert catalog is not None, [i.render() for i in issues]
    return [c.id for c in catalog.components if c.set == "heroes"]


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


def found(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    """Where the pictures differ (`differences`), the version mark's box left out."""
    assert a.size == b.size == SIZE
    mask = differences(a, b)
    x0, y0, x1, y1 = MARK
    mask.paste(0, (x0 - 1, y0 - 1, x1 + 1, y1 + 1))
    return mask.getbbox()


def assert_alike(a: Image.Image, b: Image.Image, what: str) -> None:
    assert found(a, b) is None, (what, found(a, b))


# ---- the faces in each output, at 300 dpi


def png_pictures(faces: Sequence[Face], folder: Path) -> list[Image.Image]:
    return [Image.open(BytesIO(p)).convert("RGB") for p in face_pngs(faces, DPI)]


def pdf_pictures(faces: Sequence[Face], folder: Path) -> list[Image.Image]:
    pdf = folder / "faces.pdf"
    pdf.write_bytes(faces_pdf(faces, title="faces"))
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-png", str(pdf), str(folder / "page")],
        check=True,
        timeout=120,
    )
    return [Image.open(p).convert("RGB") for p in sorted(folder.glob("page-*.png"))]


@pytest.fixture(scope="module")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SvgPictures]:
    running = SvgPictures(tmp_path_factory.mktemp("chromium-profile"), DPI)
    yield running
    running.close()


def svg_pictures(chromium: SvgPictures) -> Callable[[Sequence[Face], Path], list[Image.Image]]:
    """Faces written as the svg stage writes them (`FaceSvg`, the fonts in `fonts/`
    beside), drawn by Chromium."""

    def draw(faces: Sequence[Face], folder: Path) -> list[Image.Image]:
        (folder / "fonts").mkdir(parents=True, exist_ok=True)
        files = []
        for i, face in enumerate(faces):
            drawn = FaceSvg(face)
            files.append(folder / f"face-{i}.svg")
            files[-1].write_bytes(drawn.svg())
            for name in drawn.fonts:
                font = fonts.FACES[name]
                (folder / "fonts" / font.file).write_bytes(font.read())
        return chromium.pictures(files)

    return draw


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
        (tmp_path / name).mkdir()
        pictures[name] = pdf_pictures(faces, tmp_path / name)
    assert len(pictures["drawn"]) == len(pictures["written"]) == 5
    for i, (a, b) in enumerate(zip(pictures["drawn"], pictures["written"], strict=True)):
        assert_alike(a, b, f"page {i + 1}")


@needs_chromium
def test_hero_cards_drawn_in_inkscape_show_as_the_written_layouts_svg_files(
    cli, chromium, tmp_path
):
    pictures = {}
    for name in ("drawn", "written"):
        root = project(tmp_path / name, name == "drawn")
        built = cli("--root", str(root), "build", "--only", "svg", "--jobs", "1")
        assert built.code == 0, built.err
        folder = root / "output" / GAME / "svg"
        ids = heroes(root)
        assert len(ids) == 5
        pictures[name] = chromium.pictures([folder / f"{i}.svg" for i in ids])
    for i, (a, b) in enumerate(zip(pictures["drawn"], pictures["written"], strict=True)):
        assert_alike(a, b, f"hero {i}")


# ---- the measure can fail: one face changed, in each output


def moved_by(face: Face, dx: float, dy: float) -> Face:
    """`face` with everything but its bleed background moved by (dx, dy) pixels."""
    shift = (1.0, 0.0, 0.0, 1.0, dx * PT_PER_PX, dy * PT_PER_PX)
    moved = Group(ops=face.ops[1:], transform=shift)
    return replace(face, key=f"{face.key}-moved-{dx}-{dy}", ops=(face.ops[0], moved))


def changed(face: Face, index: int, op: Op, what: str) -> Face:
    ops = list(face.ops)
    ops[index] = op
    return replace(face, key=f"{face.key}-{what}", ops=tuple(ops))


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def mutants(face: Face) -> dict[str, tuple[Face, Box]]:
    """One box of the hero's face moved by 2 px, drawn in another colour, one letter of its
    text changed; each with the part of the face (in points) the change touches."""
    ops = list(face.ops)
    band = next(
        i for i, op in enumerate(ops) if isinstance(op, Rect) and op.fill and op.h < 30
    )  # the title band, a pale tint on the paper: the faintest edge of the face
    frame = next(i for i, op in enumerate(ops) if isinstance(op, Rect) and op.stroke)
    last = max(i for i, op in enumerate(ops) if isinstance(op, Text) and "Henchmen" in op.text)
    two = 2 * PT_PER_PX
    b, f, line = ops[band], ops[frame], ops[last]
    assert isinstance(b, Rect) and isinstance(f, Rect) and isinstance(line, Text)
    edge = f.stroke_width / 2
    return {
        "title band 2 px lower": (
            changed(face, band, replace(b, y=b.y + two), "b"),
            (b.x, b.y, b.x + b.w, b.y + b.h + two),
        ),
        "art frame 2 px right": (
            changed(face, frame, replace(f, x=f.x + two), "f"),
            (f.x - edge, f.y - edge, f.x + f.w + two + edge, f.y + f.h + edge),
        ),
        "title band in Intellect's tint": (
            changed(face, band, replace(b, fill="#e6e1d2"), "c"),
            (b.x, b.y, b.x + b.w, b.y + b.h),
        ),
        "one letter changed": (
            changed(face, last, replace(line, text=line.text.replace("Henchmen", "Henchman")), "w"),
            (line.x, line.y - line.size, face.width, line.y + line.size / 3),
        ),
    }


def pixels(face: Face, box: Box, grown: int = 3) -> tuple[int, int, int, int]:
    """`box` (points from the trim's corner) in the picture's pixels, `grown` px each way."""
    x0, y0, x1, y1 = ((v + face.bleed) / PT_PER_PX for v in box)
    return (int(x0) - grown, int(y0) - grown, int(x1) + 1 + grown, int(y1) + 1 + grown)


SHIFTS = ((0.25, 0.25), (0.5, 0.0), (0.0, 0.5))  # px: a fraction of a pixel


@pytest.fixture(
    scope="module",
    params=[
        "png",
        pytest.param(
            "pdf",
            marks=pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm"),
        ),
        pytest.param("svg", marks=needs_chromium),
    ],
)
def rendered(request, twins, tmp_path_factory) -> dict[str, tuple[Image.Image, Box | None]]:
    """The written Might hero's face, moved by fractions of a pixel and changed
    (`mutants`), in one output at 300 dpi, by what was done to it: each picture with the
    pixels a change touches."""
    face = twins[1][0]
    assert face.ops and isinstance(face.ops[2], Rect) and face.ops[2].fill == "#f0dad8"
    variants: dict[str, tuple[Face, Box | None]] = {"as written": (face, None)}
    variants |= {f"moved by {dx},{dy} px": (moved_by(face, dx, dy), None) for dx, dy in SHIFTS}
    variants |= mutants(face)
    draw: Callable[[Sequence[Face], Path], list[Image.Image]]
    if request.param == "svg":
        draw = svg_pictures(request.getfixturevalue("chromium"))
    else:
        draw = png_pictures if request.param == "png" else pdf_pictures
    made = draw([f for f, _ in variants.values()], tmp_path_factory.mktemp(request.param))
    assert len(made) == len(variants)
    return {
        name: (picture, None if box is None else pixels(face, box))
        for (name, (_, box)), picture in zip(variants.items(), made, strict=True)
    }


@pytest.mark.parametrize("shift", SHIFTS)
def test_a_face_moved_by_a_fraction_of_a_pixel_is_alike(rendered, shift):
    dx, dy = shift
    assert_alike(rendered["as written"][0], rendered[f"moved by {dx},{dy} px"][0], str(shift))


@pytest.mark.parametrize(
    "change",
    [
        "title band 2 px lower",
        "art frame 2 px right",
        "title band in Intellect's tint",
        "one letter changed",
    ],
)
def test_a_face_with_one_box_moved_recoloured_or_reworded_differs_there(rendered, change):
    picture, touched = rendered[change]
    where = found(rendered["as written"][0], picture)
    assert where is not None and touched is not None
    x0, y0, x1, y1 = touched
    assert x0 <= where[0] and y0 <= where[1] and where[2] <= x1 and where[3] <= y1, (where, touched)
