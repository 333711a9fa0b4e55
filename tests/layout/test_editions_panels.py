"""A die net and a standee in the ink-saver edition: each of their panels is repainted as
a face of its own, so a panel's full-bleed ground is dropped like a card's background,
and the panel layout's boxes choose their own `ink`. Read back as ink on the rendered
face (`render.ink`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from helpers_faces import comp, load, make_project

from cardstock.layout.faces import Faces
from cardstock.layout.ops import Face
from cardstock.render.ink import page_coverage
from cardstock.render.png import face_pngs, faces_pdf

DPI = 60

# every die face on a dark blue ground, as a designer's die might be
DARK_DIE = """
[layouts.die-face.boxes.ground]
fill = "#1e3a6e"
"""


def ink(face: Face) -> float:
    """The share of the face's page its ink covers, read from its rendered pixels."""
    (coverage,) = page_coverage(faces_pdf([face], title="ink"))
    return coverage


def lightness_at(face: Face, x: float, y: float) -> int:
    """The face's rendered pixel at (x, y) points from its trim's corner, its darkest
    channel (255: paper)."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(next(face_pngs([face], DPI)))).convert("RGB")
    px = image.getpixel((round((x + face.bleed) * DPI / 72), round((y + face.bleed) * DPI / 72)))
    assert isinstance(px, tuple)
    return int(min(px))


def paper_at(face: Face, x: float, y: float) -> bool:
    return lightness_at(face, x, y) > 235


def drawn(root: Path, edition: str | None, component: str) -> Face:
    cat = load(root)
    faces = Faces(replace(cat, edition=edition))
    face = faces.face(faces.records.of(comp(cat, component)), "front")
    assert face is not None
    return face


def test_an_ink_saver_die_net_drops_each_panels_ground(tmp_path: Path) -> None:
    root = make_project(tmp_path, DARK_DIE)
    colour, saver = drawn(root, None, "d6"), drawn(root, "ink-saver", "d6")
    assert saver.shape == colour.shape == "net"
    assert ink(colour) > 0.25  # six dark squares on the page
    assert ink(saver) <= ink(colour) / 3
    side = colour.width / 3  # the net is three die faces wide
    # above the word of the sixth face (the cross's foot), inside its edge
    spot = (1.5 * side, 3.2 * side)
    assert not paper_at(colour, *spot) and paper_at(saver, *spot)


def test_an_ink_saver_die_keeps_its_pips_as_dark_as_its_text(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    saver = drawn(root, "ink-saver", "d6")
    side = saver.width / 3
    assert lightness_at(saver, 1.5 * side, 1.5 * side) < 80  # the one pip, at the centre


def test_a_panel_box_s_ink_key_is_heard_on_a_die_net(tmp_path: Path) -> None:
    root = make_project(tmp_path, DARK_DIE + 'ink = "keep"\n')
    colour, saver = drawn(root, None, "d6"), drawn(root, "ink-saver", "d6")
    assert abs(ink(saver) - ink(colour)) < 0.02
    root = make_project(tmp_path / "lighten", DARK_DIE + 'ink = "lighten"\n')
    lightened = drawn(root, "ink-saver", "d6")
    side = lightened.width / 3
    assert not paper_at(lightened, 1.5 * side, 3.2 * side)  # a pale ground, not paper
    assert ink(lightened) < ink(colour) / 2


def test_an_ink_saver_standee_prints_at_most_a_third_of_its_colour_ink(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    colour, saver = drawn(root, None, "red-pawn"), drawn(root, "ink-saver", "red-pawn")
    assert saver.shape == colour.shape == "standee"
    assert ink(saver) <= ink(colour) / 3
