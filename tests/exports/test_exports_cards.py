"""The `cards` export: one PNG per distinct face at the asked resolution with bleed, a
list of the files with counts and backs, and a PDF with one face per page whose page boxes
say where to cut. The pixels are the sheets' own drawing."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from conftest import job_of, lay_out, load_games
from PIL import Image, ImageChops, ImageStat

from cardstock.core.stage import BuildOptions
from cardstock.core.units import NAMED_SIZES, parse_length, parse_size
from cardstock.exports.cards import build_cards
from cardstock.render.png import face_pngs
from cardstock.stages import BY_NAME

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GAMES = ("alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex")
PT = 72.0


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("project")
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    return root


def load(root: Path, game: str):
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return cat


@pytest.fixture(scope="module")
def built(project: Path, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    build_cards(job_of(load(project, "mini"), BuildOptions(out=out, dpi=100)))
    return out / "mini" / "cards"


def _alpha(image, xy: tuple[int, int]) -> int:
    pixel = image.getpixel(xy)
    assert isinstance(pixel, tuple)
    return int(pixel[3])


def test_the_stage_is_registered():
    assert BY_NAME["cards"].run_game is build_cards


def test_every_face_is_a_png_listed_with_its_count_and_back(built: Path):
    rows = list(csv.DictReader(io.StringIO((built / "cards.csv").read_text())))
    assert [r["file"] for r in rows] == [
        "png/ember-front.png",
        "png/blaze-front.png",
        "png/spring-front.png",
        "png/flood-front.png",
        "png/damage-front.png",
        "png/d6-front.png",
        "png/back-deck.png",
    ]
    by_file = {r["file"]: r for r in rows}
    assert by_file["png/ember-front.png"]["count"] == "2"
    assert by_file["png/ember-front.png"]["back"] == "png/back-deck.png"
    assert by_file["png/damage-front.png"]["back"] == ""  # tokens have no printed back
    assert by_file["png/back-deck.png"]["count"] == "6"  # the shared back, once, for 6 cards
    assert sorted(p.name for p in (built / "png").iterdir()) == sorted(
        Path(r["file"]).name for r in rows
    )


def test_png_size_is_trim_plus_bleed_at_the_asked_dpi(built: Path):
    w, h = parse_size("poker")
    b = parse_length("3mm")
    card = Image.open(built / "png" / "ember-front.png")
    assert card.size == (round((w + 2 * b) / PT * 100), round((h + 2 * b) / PT * 100))
    assert card.info["dpi"] == pytest.approx((100, 100), abs=0.01)


def test_a_round_token_is_transparent_outside_its_cut_line_and_bleed(built: Path):
    token = Image.open(built / "png" / "damage-front.png")
    assert token.mode == "RGBA"
    w, h = token.size
    assert _alpha(token, (0, 0)) == 0  # the corner is outside the circle
    assert _alpha(token, (w // 2, h // 2)) == 255
    assert _alpha(token, (w // 2, 1)) == 255  # the top of the circle's bleed is painted
    card = Image.open(built / "png" / "ember-front.png")
    assert card.mode == "RGB"  # rectangular cards stay opaque


def test_the_cards_pdf_has_one_face_per_page_with_trim_and_bleed_boxes(built: Path):
    reader = pypdf.PdfReader(built / "mini-cards.pdf")
    assert len(reader.pages) == 7
    b = parse_length("3mm")
    w, h = parse_size("poker")
    page = reader.pages[0]
    assert [float(v) for v in page.mediabox] == pytest.approx(
        [0, 0, w + 2 * b, h + 2 * b], abs=0.01
    )
    assert [float(v) for v in page.bleedbox] == pytest.approx(
        [0, 0, w + 2 * b, h + 2 * b], abs=0.01
    )
    assert [float(v) for v in page.trimbox] == pytest.approx([b, b, b + w, b + h], abs=0.01)
    token = reader.pages[4]
    t = parse_size("token")[0]
    assert [float(v) for v in token.trimbox] == pytest.approx([b, b, b + t, b + t], abs=0.01)


def test_a_front_png_matches_the_same_face_on_the_pnp_sheet(
    project: Path, built: Path, tmp_path: Path
):
    """Rasterise the PnP page where the first Ember is placed and the Ember PNG at the same
    resolution: the card's central patch is the same picture. (A4, where poker cards stand
    upright 3 x 3; on Letter they are turned a quarter onto the page.)"""
    from cardstock.impose.pnp import build_pnp

    build_pnp(job_of(load(project, "mini"), BuildOptions(out=tmp_path, papers=("a4",))))
    pdf = tmp_path / "mini" / "mini-pnp-a4.pdf"
    reader = pypdf.PdfReader(pdf)
    content = reader.pages[0].get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]  # pypdf: a page it wrote has contents
    m = re.search(
        r"/Face <</K \(\w+\) /C \(ember\) /S /front>> BDC.*?1 0 0 1 ([\d.]+) ([\d.]+) cm",
        content,
        re.S,
    )
    assert m, "the first Ember is placed on page 1"
    x, y = float(m.group(1)), float(m.group(2))  # the trim box's lower-left corner
    w, h = parse_size("poker")
    page_h = float(reader.pages[0].mediabox.height)
    dpi = 100
    sheet = pdfium.PdfDocument(str(pdf))[0].render(scale=dpi / PT).to_pil().convert("RGB")
    cx, cy = (x + w / 2) / PT * dpi, (page_h - y - h / 2) / PT * dpi
    card = Image.open(built / "png" / "ember-front.png").convert("RGB")
    half = 30
    on_sheet = sheet.crop((round(cx) - half, round(cy) - half, round(cx) + half, round(cy) + half))
    alone = card.crop(
        (
            card.width // 2 - half,
            card.height // 2 - half,
            card.width // 2 + half,
            card.height // 2 + half,
        )
    )
    diff = ImageStat.Stat(ImageChops.difference(on_sheet, alone)).mean
    assert max(diff) < 6, diff
    assert ImageStat.Stat(alone).stddev[0] > 5  # the patch holds a picture, not a flat fill


def test_png_sizes_for_every_size_the_shipped_games_use():
    """One face of each kind and size in the five games, at a low resolution: the PNG is
    exactly (trim + 2 × bleed) × dpi."""
    dpi = 40
    seen = {}
    for game in GAMES:
        cat = load(ROOT, game)
        for comp in cat.components:
            seen.setdefault((comp.kind, comp.size), (cat, comp))
    assert {size for _, size in seen} >= {"poker", "hex", "token"} & set(NAMED_SIZES)
    faces, expected = [], []
    for (kind, size), (cat, comp) in sorted(seen.items()):
        face = lay_out(cat, comp, "front")
        b = parse_length(cat.game.print.bleed)
        if face.shape in ("net", "standee"):  # printed as a whole net: its own outline
            w, h = face.width, face.height
        else:
            w, h = parse_size(size)
        faces.append(face)
        expected.append((kind, size, round((w + 2 * b) / PT * dpi), round((h + 2 * b) / PT * dpi)))
    got = [
        (k, s, *Image.open(io.BytesIO(png)).size)
        for (k, s, _, _), png in zip(expected, face_pngs(faces, dpi))
    ]
    assert got == expected


def test_a_second_build_writes_identical_bytes(project: Path, built: Path, tmp_path: Path):
    build_cards(job_of(load(project, "mini"), BuildOptions(out=tmp_path, dpi=100)))
    again = tmp_path / "mini" / "cards"
    for f in sorted(built.rglob("*.*")):
        assert (again / f.relative_to(built)).read_bytes() == f.read_bytes(), f.name


def test_cmyk_writes_the_cards_pdf_in_devicecmyk(project: Path, tmp_path: Path):
    build_cards(job_of(load(project, "mini"), BuildOptions(out=tmp_path, dpi=30, cmyk=True)))
    reader = pypdf.PdfReader(tmp_path / "mini" / "cards" / "mini-cards.pdf")
    content = reader.pages[0].get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]  # pypdf: a page it wrote has contents
    assert re.search(r"\d k\b", content) and not re.search(r"\d rg\b", content)
    # the PNGs stay sRGB
    assert Image.open(tmp_path / "mini" / "cards" / "png" / "ember-front.png").mode == "RGB"


def test_only_cards_from_the_command_line(cli, mini):
    out = mini.root / "out"
    r = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--only",
        "cards",
        "--dpi",
        "30",
        "--out",
        str(out),
    )
    assert r.code == 0, r.err
    assert (out / "mini" / "cards" / "mini-cards.pdf").is_file()
    assert not (out / "mini" / "mini-pnp-letter.pdf").exists()
    r = cli("--root", str(mini.root), "build", "mini", "--dpi", "5", "--out", str(mini.root / "o2"))
    assert r.code == 2 and "--dpi" in r.err


def test_the_cmyk_conversion_puts_greys_on_black_alone_and_caps_the_ink():
    from cardstock.render.pdf import TOTAL_INK, cmyk_color

    grey = cmyk_color("#808080")
    assert (grey.cyan, grey.magenta, grey.yellow) == (0, 0, 0) and grey.black == pytest.approx(
        0.498, abs=0.001
    )
    red = cmyk_color("#c0392b")  # r 192 g 57 b 43: K = 1 - 192/255
    assert (red.cyan, red.magenta, red.yellow, red.black) == pytest.approx(
        (0, 0.7031, 0.776, 0.2471), abs=1e-4
    )
    for color in ("#000080", "#800000", "#101010", "#2471a3"):
        c = cmyk_color(color)
        assert c.cyan + c.magenta + c.yellow + c.black <= TOTAL_INK + 1e-3
