"""DriveThruCards files are PDF/X-1a:2003, read back as a preflight check reads them: an
output intent with an embedded CMYK profile, the version in the information dictionary,
trim and bleed boxes, every font embedded, nothing see-through (no soft masks, no
transparency groups, no opacity below 1) and nothing in RGB. The CMYK inks follow the
documented recipe: rich black for large near-black areas, the black plate alone for small
neutral text. Flattening keeps what the page looks like."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from conftest import ROOT, job_of, load_games
from PIL import Image, ImageChops
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

from cardstock.core.stage import BuildOptions
from cardstock.exports.presets import build_print_shop, decks, load_presets
from cardstock.exports.shopcheck import output_intent
from cardstock.layout.ops import Face, Rect, Text, rect_path
from cardstock.layout.ops import Path as PathOp
from cardstock.render import prepress
from cardstock.render.pdf import cmyk_color
from cardstock.render.png import faces_pdf

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GAMES = ["alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex"]


def load(root: Path, game: str):
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return cat


@pytest.fixture(scope="module")
def drivethru(drivethru_files) -> dict[str, list[Path]]:
    """Every shipped game's DriveThruCards files (built once per run, shared with
    tests/exports/test_exports_presets_trim.py)."""
    return drivethru_files


def pdfx_of() -> object:
    presets, _ = load_presets(ROOT)
    spec = presets["drivethru"].pdfx
    assert spec is not None
    intent, problem = output_intent(ROOT, spec)
    assert not problem
    return intent


def objects(reader: pypdf.PdfReader):
    """Every dictionary and stream reachable from the catalog (each object once)."""
    seen: set[int] = set()
    stack = [reader.trailer["/Root"]]
    while stack:
        item = stack.pop()
        if isinstance(item, IndirectObject):
            if item.idnum in seen:
                continue
            seen.add(item.idnum)
            item = item.get_object()  # type: ignore[assignment]
        if isinstance(item, DictionaryObject):  # streams are dictionaries too
            yield item
            stack += [v for k, v in item.items() if k != "/Parent"]
        elif isinstance(item, ArrayObject):
            stack += list(item)


def content_of(reader: pypdf.PdfReader) -> str:
    """Every page's and form's drawing operators, one text."""
    parts = [
        page.get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]  # pypdf: a page it wrote has contents
        for page in reader.pages
        if page.get_contents() is not None
    ]
    parts += [
        o.get_data().decode("latin-1")
        for o in objects(reader)
        if isinstance(o, StreamObject) and o.get("/Subtype") == "/Form"
    ]
    return "\n".join(parts)


def text_inks(ops: str) -> list[tuple[str, str]]:
    """(the CMYK fill, the font size) of each text object whose fill (`c m y k k`) is set
    just before it begins (`BT`) and whose font (`/F… size Tf`) is set on its first line,
    found at each ` k` + newline + `BT ` of `ops`: one regular expression tried at every
    number of the text finds the same pairs in about twenty times the time."""
    parts = ops.split(" k\nBT ")
    found = []
    for before, after in zip(parts, parts[1:]):
        tail = before[len(before.rstrip("0123456789. ")) :]  # what the numbers can be in
        ink = re.search(r"[\d.]+ [\d.]+ [\d.]+ [\d.]+\Z", tail)
        size = re.match(r"[^\n]*?/F\S+ ([\d.]+) Tf", after)
        if ink and size:
            found.append((ink.group(0), size.group(1)))
    return found


# An operator that sets an RGB colour or a graphics state (`rg`, `RG`, `gs`): the two letters,
# then a space after them and none (or the text's start) before. Matched letters first, the
# space before them looked back at: `(^|\s)(rg|RG|gs)\s` finds the same operators, but tried
# at every character of the 47 MB of the games' files it took six times as long.
OPACITY_OR_RGB = re.compile(r"(?:rg|RG|gs)(?<=(?<!\S)..)\s")


def test_every_drivethru_file_of_every_game_passes_the_pdfx_1a_structure_check(drivethru):
    files = [f for fs in drivethru.values() for f in fs]
    assert len(files) >= 5 and all(drivethru.values())
    for path in files:
        reader = pypdf.PdfReader(path)
        assert reader.pdf_header <= "%PDF-1.4", path  # PDF/X-1a:2003 is PDF 1.4 at most
        assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003", path
        assert (
            reader.metadata["/Trapped"] == "/False"
            and reader.metadata.title
            and reader.trailer.get("/ID")
        ), path
        (intent,) = [i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"]]
        assert (
            intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "CGATS TR 005"
        ), path
        profile = intent["/DestOutputProfile"].get_object()
        icc = profile.get_data()
        assert profile["/N"] == 4 and icc[12:20] == b"prtrCMYK" and icc[36:40] == b"acsp", path
        for page in reader.pages:
            trim, bleed, media = (page[k] for k in ("/TrimBox", "/BleedBox", "/MediaBox"))
            assert float(trim[0]) > float(bleed[0]) >= float(media[0]), (
                path
            )  # bleed all round the trim
            assert float(trim[2]) < float(bleed[2]) <= float(media[2]), path
        kinds = set()
        for o in objects(reader):
            assert "/SMask" not in o and o.get("/S") != "/Transparency", path
            assert float(o.get("/CA", 1)) == 1 and float(o.get("/ca", 1)) == 1, path
            assert "RGB" not in str(o.get("/ColorSpace", "")), path
            if o.get("/Type") == "/FontDescriptor":
                assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(o), (
                    path,
                    o.get("/FontName"),
                )
            if o.get("/Type") == "/Font":
                kinds.add(o["/Subtype"])
        assert kinds and kinds <= {"/TrueType", "/Type1", "/Type0"}, (path, kinds)
        ops = content_of(reader)
        assert not OPACITY_OR_RGB.search(ops), path  # no RGB colour, no graphics state


def test_a_face_with_see_through_drawing_looks_the_same_flattened(drivethru):
    """Flattening paints each see-through shape as opaque pieces in the inks it shows over
    what lies beneath; rendered, every pixel of every face of the five games is within a
    few levels of the same face drawn with real transparency."""
    intent = pdfx_of()
    checked = 0
    for game in GAMES:
        faces = {}
        for cards in decks(job_of(load(ROOT, game)).faces, bleed=True).values():
            for c in cards:
                for f in (c.front, c.back):
                    if (
                        len(faces) < 12
                        and f is not None
                        and f.key not in faces
                        and prepress.flatten(prepress.inks(f)) is not f
                    ):
                        faces[f.key] = f  # the first twelve distinct faces that draw see-through
        faces_list = list(faces.values())
        if not faces_list:
            continue
        see = pdfium.PdfDocument(faces_pdf(faces_list, title="see-through", cmyk=True))
        flat = pdfium.PdfDocument(faces_pdf(faces_list, title="flat", pdfx=intent))
        for i in range(len(faces_list)):
            a = see[i].render(scale=100 / 72).to_pil().convert("RGB")
            b = flat[i].render(scale=100 / 72).to_pil().convert("RGB")
            worst = ImageChops.difference(a, b).convert("L").histogram()
            off = sum(worst[24:]) / (a.width * a.height)
            assert off < 0.001, (game, i, off)
            checked += 1
    assert checked >= 20  # the shipped games' backs and fronts do draw see-through textures


def _plain(color: str) -> tuple[float, ...]:
    c = cmyk_color(color)
    return float(c.cyan), float(c.magenta), float(c.yellow), float(c.black)


SWATCH, TITLE = _plain("#141417"), _plain("#23232b")  # as the plain conversion gives them


def _near(values: str, expect: tuple[float, ...]) -> bool:
    return all(abs(float(v) - e) < 0.002 for v, e in zip(values.split(), expect))


def test_large_dark_areas_print_rich_black_and_small_text_the_black_plate_alone():
    """The recipe on a face of its own: a near-black ground of one card (several square
    inches) becomes C40 M30 Y30 K100; a near-black swatch smaller than a square inch keeps
    its plain conversion; 9 pt text in the body-text grey #23232b prints as K100, 9 pt
    grey #5c5752 on the black plate at its own K, 14 pt text and coloured text keep
    their inks."""
    ops = (
        PathOp(rect_path(-9, -9, 198, 270), fill="#1b1b1f"),
        Rect(10, 10, 20, 20, fill="#141417"),
        Text(20, 100, "Body", "sans", 9.0, "#23232b"),
        Text(20, 120, "Flavour", "sans", 9.0, "#5c5752"),
        Text(20, 140, "Title", "sans", 14.0, "#23232b"),
        Text(20, 160, "Red", "sans", 9.0, "#a01010"),
    )
    face = Face.build(180.0, 252.0, 9.0, "rect", ops, None, ())
    for pdfx in (None, pdfx_of()):
        data = faces_pdf([face], title="inks", cmyk=True, pdfx=pdfx)
        text = content_of(pypdf.PdfReader(io.BytesIO(data)))
        fills = re.findall(r"([\d.]+ [\d.]+ [\d.]+ [\d.]+) k", text)
        assert any(_near(f, (0.4, 0.3, 0.3, 1.0)) for f in fills), fills  # the card's ground
        assert any(_near(f, SWATCH) for f in fills)  # the small swatch: as converted
        assert any(_near(f, (0, 0, 0, 1)) for f in fills)  # 9 pt body text
        assert any(
            _near(f, (0, 0, 0, _plain("#5c5752")[3])) for f in fills
        )  # 9 pt grey text, one plate
        assert any(_near(f, TITLE) for f in fills)  # 14 pt text keeps its inks
        # every fill is either one plate, the rich black, or a colour with no near-black neutral
        for f in fills:
            c, m, y, k = (float(v) for v in f.split())
            if k >= 0.75 and max(c, m, y) <= 0.25 and (c, m, y) != (0, 0, 0):
                assert _near(f, SWATCH) or _near(f, TITLE), f


def test_the_shipped_games_body_text_is_on_one_plate_and_their_dark_backs_are_rich_black(drivethru):
    """Every game: the 9 pt rules text of the cards is set K100 (no C, M or Y with it), and
    every game whose backs have a near-black ground prints it rich black."""
    for game, files in drivethru.items():
        text = "\n".join(content_of(pypdf.PdfReader(f)) for f in files)
        runs = text_inks(text)
        small = [ink for ink, size in runs if float(size) < prepress.SMALL_TEXT]
        assert "0 0 0 1" in small, game
        for ink in small:
            c, m, y, k = (float(v) for v in ink.split())
            assert not (
                k >= prepress.GREY_TEXT and max(c, m, y) <= prepress.NEUTRAL and max(c, m, y) > 0
            ), (game, ink)
    atmosfear = "\n".join(content_of(pypdf.PdfReader(f)) for f in drivethru["atmosfear"])
    assert re.search(r"\.4 \.3 \.3 1 k", atmosfear)  # the dark backs


def test_a_face_with_a_see_through_picture_is_drawn_as_a_cmyk_picture(tmp_path):
    """A picture with an alpha channel cannot be flattened as vectors: that face becomes a
    CMYK picture of itself (no soft mask), the other faces stay vectors."""
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    art = root / "catalog" / "mini" / "art" / "glow.png"
    picture = Image.new("RGBA", (40, 40), (200, 40, 40, 0))
    picture.paste((200, 40, 40, 160), (10, 10, 30, 30))
    picture.save(art)
    table = root / "catalog" / "mini" / "cards.csv"
    table.write_text(
        table.read_text().replace(
            "ember,Ember,2,Fire,3,fire,Deal 1 damage. :fire:,,no,",
            "ember,Ember,2,Fire,3,fire,Deal 1 damage. :fire:,art/glow.png,no,",
        )
    )
    out = root / "out"
    build_print_shop(job_of(load(root, "mini"), BuildOptions(out=out, services=("drivethru",))))
    reader = pypdf.PdfReader(out / "mini" / "print-shop" / "drivethru" / "deck.pdf")
    pictures = [o for o in objects(reader) if o.get("/Subtype") == "/Image"]
    assert pictures and all(
        p["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in p for p in pictures
    )
    front = reader.pages[1].get_contents().get_data().decode("latin-1")  # ember's front: a picture
    back = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert re.search(r"\sDo\s", front) and not re.search(r"\bBT\b", front)
    assert re.search(r"\bBT\b", back) and not re.search(
        r"\sDo\s", back
    )  # the back is still drawn as vectors
    assert "RGB" not in str([p.get("/ColorSpace") for p in pictures])


def test_a_profile_that_is_not_a_cmyk_output_profile_is_refused_at_validation(tmp_path):
    layouts = tmp_path / "layouts"
    (layouts / "profiles").mkdir(parents=True)
    text = (ROOT / "layouts" / "print-shops.toml").read_text()
    (layouts / "print-shops.toml").write_text(
        text.replace("profiles/cgats-tr005.icc", "profiles/srgb.icc")
    )
    icc = bytearray((ROOT / "layouts" / "profiles" / "cgats-tr005.icc").read_bytes())
    icc[12:20] = b"mntrRGB "
    (layouts / "profiles" / "srgb.icc").write_bytes(bytes(icc))
    presets, problems = load_presets(tmp_path)
    (problem,) = problems
    assert (
        problem.field == "services.drivethru.pdfx.profile"
        and "CMYK" in problem.message
        and problem.line
    )
