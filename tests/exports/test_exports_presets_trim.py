"""DriveThruCards files put every card's cut exactly where their boxes say: each page of
every deck PDF of the five games is the service's trim plus its 1/8 in bleed (MediaBox =
BleedBox), its TrimBox the card's size inset by exactly that bleed, read back with pypdf;
and the face drawn on the page has its trim on the TrimBox (within 0.1 mm), however the
game's own bleed differs from the service's, its bleed filled to the page's edge."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdf
import pytest
from conftest import FIXTURES, GAMES, ROOT, job_of, load_games
from PIL import Image, ImageChops, ImageStat

from cardstock.core.stage import BuildOptions
from cardstock.core.units import POINTS_PER, parse_length, parse_size
from cardstock.exports.presets import build_print_shop, decks, load_presets
from cardstock.exports.shopcheck import output_intent
from cardstock.layout.ops import Face, Group
from cardstock.render.pdfdoc import PdfX
from cardstock.render.png import faces_pdf, rasterise

MM = POINTS_PER["mm"]
IN = POINTS_PER["in"]
DPI = 600  # the service's 1/8 in bleed is 75 pixels: its TrimBox falls on whole pixels


def load(root: Path, game: str):
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return cat


def _boxes(page) -> dict[str, list[float]]:
    return {
        name: [float(v) for v in getattr(page, name)]
        for name in ("mediabox", "bleedbox", "trimbox")
    }


@pytest.mark.parametrize("game", GAMES)
def test_every_drivethru_page_has_the_services_trim_and_bleed_boxes(drivethru_files, game):
    presets, _ = load_presets(ROOT)
    service = presets["drivethru"]
    bleed = parse_length("0.125in")
    trims = [parse_size(s.trim) for s in service.sizes]
    files = drivethru_files[game]  # built once per run (tests/conftest.py)
    assert files
    for path in files:
        for n, page in enumerate(pypdf.PdfReader(path).pages):
            box = _boxes(page)
            x0, y0, x1, y1 = box["trimbox"]
            w, h = x1 - x0, y1 - y0
            assert any(abs(w - tw) < 0.1 * MM and abs(h - th) < 0.1 * MM for tw, th in trims), (
                path.name,
                n,
                w / MM,
                h / MM,
            )
            assert box["bleedbox"] == box["mediabox"]
            assert box["mediabox"] == pytest.approx([0, 0, w + 2 * bleed, h + 2 * bleed], abs=0.01)
            assert (x0, y0) == pytest.approx((bleed, bleed), abs=0.01)


def _render(face: Face, intent: PdfX | None) -> Image.Image:
    """A face alone on a page of its bleed box, as the service's PDF/X draws it, at DPI."""
    pdf = faces_pdf([face], title="t", pdfx=intent)
    size = (
        round((face.width + 2 * face.bleed) / IN * DPI),
        round((face.height + 2 * face.bleed) / IN * DPI),
    )
    (image,) = rasterise(pdf, DPI, [size], [False])
    return image.convert("RGB")


def _trim(image: Image.Image, inset: int) -> Image.Image:
    return image.crop((inset, inset, image.width - inset, image.height - inset))


def _difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_the_cut_drawn_on_a_drivethru_page_is_on_its_trim_box(tmp_path):
    """The mini game's 3 mm bleed against the service's 1/8 in. Within its TrimBox the page
    is, pixel for pixel at 600 dpi, the game's face at its own size with its trim's corner
    on the TrimBox's, so the drawn cut is the TrimBox (0.16 mm off was 3.8 pixels); the
    face scaled until its bleed box fills the page (0.5 %, which put the cut 0.16 mm
    outside the TrimBox) is told apart by the same measure; and the band beyond the
    game's bleed is filled to the page's edge, not left white."""
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    cat = load(root, "mini")
    out = tmp_path / "out"
    build_print_shop(job_of(cat, BuildOptions(out=out, services=("drivethru",))))
    presets, _ = load_presets(root)
    spec = presets["drivethru"].pdfx
    assert spec is not None
    intent, _ = output_intent(root, spec)
    path = out / "mini" / "print-shop" / "drivethru" / "deck.pdf"
    reader = pypdf.PdfReader(path)
    card = decks(job_of(cat).faces, bleed=True)["deck"][0]
    assert card.front.bleed == pytest.approx(3 * MM, abs=0.001)
    for n, face in ((0, card.back), (1, card.front)):
        assert face is not None
        x0, y0, x1, y1 = _boxes(reader.pages[n])["trimbox"]
        bleed = x0
        inset = round(bleed / IN * DPI)
        assert abs(bleed / IN * DPI - inset) < 1e-3 and y0 == pytest.approx(bleed)
        media = reader.pages[n].mediabox
        size = (round(float(media.width) / IN * DPI), round(float(media.height) / IN * DPI))
        (page,) = rasterise(path.read_bytes(), DPI, [size] * (n + 1), [False] * (n + 1), pages=[n])
        page = page.convert("RGB")
        got = _trim(page, inset)
        at_trim = Face.build(face.width, face.height, bleed, face.shape, face.ops)
        exact = _difference(got, _trim(_render(at_trim, intent), inset))
        sx = (face.width + 2 * bleed) / (face.width + 2 * face.bleed)
        sy = (face.height + 2 * bleed) / (face.height + 2 * face.bleed)
        m = (sx, 0.0, 0.0, sy, face.width / 2 * (1 - sx), face.height / 2 * (1 - sy))
        scaled = Face.build(face.width, face.height, bleed, face.shape, (Group(face.ops, None, m),))
        off = _difference(got, _trim(_render(scaled, intent), inset))
        assert exact < 0.05 and off > 1.0, (exact, off)
        for x, y in ((0, page.height // 2), (page.width // 2, 0), (page.width - 1, 7)):
            assert page.getpixel((x, y)) != (255, 255, 255), (n, x, y)
