"""Render: the same faces drawn by the SVG backend (standalone, parsed back as XML) and the
PDF backend (vector text read back with pypdf, fonts embedded as subsets, reused faces
stored once as Form XObjects); and the `svg` stage, whose files are each titled with what a
player calls the face. (That a build's PDFs are the same bytes from one run of the command
to the next is test_build.py's.)"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pypdf
import pytest
from conftest import distinct_faces, job_of, lay_out, load_games
from helpers_faces import comp, load, make_project  # the fixture game
from reportlab.pdfgen.canvas import Canvas

from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_length
from cardstock.layout.ops import Face, Rect, Text
from cardstock.render.pdf import PdfFaces, form_name
from cardstock.render.stage import build_svgs
from cardstock.render.svg import svg_bytes
from cardstock.stages import BY_NAME

SVG = "{http://www.w3.org/2000/svg}"
MM = parse_length("1mm")


@pytest.fixture(scope="module")
def cat(tmp_path_factory):
    return load(make_project(tmp_path_factory.mktemp("render")))


def pdf_of(faces: list[Face], *, reuse: bool = False) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(612, 792), invariant=1)
    pf = PdfFaces(c)
    x = 30.0
    for f in faces:
        pf.draw(f, x, 400, reuse=reuse)
        x += f.width + 2 * f.bleed + 10
    c.showPage()
    c.save()
    return buf.getvalue()


# ---------------------------------------------------------------- SVG


def test_svg_is_standalone_xml_sized_to_the_bleed_box(cat):
    face = lay_out(cat, comp(cat, "fish"), "front")
    root = ET.fromstring(svg_bytes(face))
    assert root.tag == f"{SVG}svg"
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    assert (x, y) == pytest.approx((-3 * MM, -3 * MM), abs=0.01)
    assert (w, h) == pytest.approx(((63.5 + 6) * MM, (88.9 + 6) * MM), abs=0.01)
    assert root.get("width") == "69.5mm" and root.get("height") == "94.9mm"
    style = root.find(f"{SVG}defs/{SVG}style").text
    assert (
        '@font-face{font-family:"Liberation Sans"' in style
        and "fonts/LiberationSans-Regular.ttf" in style
    )


def test_catalog_text_is_escaped_in_svg(cat):
    data = svg_bytes(lay_out(cat, comp(cat, "fish"), "front"))
    assert b"Fish &amp; &lt;Chips&gt;" in data
    root = ET.fromstring(data)
    names = [t.text for t in root.iter(f"{SVG}text")]
    assert 'Fish & <Chips> "1"' in names


def test_svg_text_keeps_the_fitted_positions(cat):
    face = lay_out(cat, comp(cat, "long"), "front")
    runs = [op for op in face.walk() if isinstance(op, Text)]
    root = ET.fromstring(svg_bytes(face))
    els = list(root.iter(f"{SVG}text"))
    assert len(els) == len(runs)
    for op, el in zip(runs, els):
        assert float(el.get("x")) == pytest.approx(op.x, abs=0.001)
        assert float(el.get("y")) == pytest.approx(op.y, abs=0.001)
        assert float(el.get("font-size")) == pytest.approx(op.size, abs=0.001)
        assert el.text == op.text


def test_guides_are_a_separate_layer_that_can_be_left_out(cat):
    face = lay_out(cat, comp(cat, "fish"), "front")
    with_guides = ET.fromstring(svg_bytes(face, guides=True))
    assert with_guides.find(f"{SVG}g[@id='guides']") is not None
    assert ET.fromstring(svg_bytes(face)).find(f"{SVG}g[@id='guides']") is None  # only on request


def test_every_distinct_face_is_valid_svg_and_identical_twice(cat):
    for stem, face in distinct_faces(cat):
        a, b = svg_bytes(face), svg_bytes(face)
        assert a == b, stem
        ET.fromstring(a)


# ---------------------------------------------------------------- PDF


def test_the_pdf_face_is_vector_text_in_embedded_subset_fonts(cat):
    face = lay_out(cat, comp(cat, "fish"), "front")
    reader = pypdf.PdfReader(io.BytesIO(pdf_of([face])))
    page = reader.pages[0]
    text = page.extract_text()
    assert 'Fish & <Chips> "1"' in text
    assert "Deal 3" in text and "damage." in text
    fonts = page["/Resources"]["/Font"]
    names = [f.get_object()["/BaseFont"] for f in fonts.values()]
    embedded = [n for n in names if "Liberation" in n]
    assert embedded and all("+" in n for n in embedded)  # subset prefix: AAAAAA+LiberationSans
    for f in fonts.values():
        f = f.get_object()
        if "Liberation" in f["/BaseFont"]:
            assert "/FontFile2" in f["/FontDescriptor"]
    assert "/XObject" not in page["/Resources"] or not any(
        x.get_object()["/Subtype"] == "/Image" for x in page["/Resources"]["/XObject"].values()
    )


def test_the_face_is_placed_by_its_trim_lower_left_corner():
    face = Face.build(
        100,
        50,
        10,
        "rect",
        (Rect(0, 0, 100, 50, fill="#ff0000"), Text(5, 20, "Hi", "sans", 10, "#000000")),
    )
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(300, 300), invariant=1)
    PdfFaces(c).draw(face, 40, 60)
    c.showPage()
    c.save()
    content = (
        pypdf.PdfReader(io.BytesIO(buf.getvalue()))
        .pages[0]
        .get_contents()
        .get_data()
        .decode("latin-1")
    )
    assert "1 0 0 1 40 60 cm" in content  # trim lower-left at (40, 60)
    assert "1 0 0 -1 0 50 cm" in content  # then face space: origin top-left, y down


def test_reused_faces_are_one_form_xobject_drawn_twice(cat):
    face = lay_out(cat, comp(cat, "fish"), "back")
    data = pdf_of([face, face, face], reuse=True)
    page = pypdf.PdfReader(io.BytesIO(data)).pages[0]
    forms = {k: v.get_object() for k, v in page["/Resources"]["/XObject"].items()}
    assert list(forms) == [f"/FormXob.{form_name(face)}"]
    form = next(iter(forms.values()))
    assert form["/Subtype"] == "/Form"
    b = face.bleed
    assert [float(v) for v in form["/BBox"]] == pytest.approx(
        [-b, -b, face.width + b, face.height + b], abs=0.01
    )
    assert page.get_contents().get_data().count(b" Do") == 3
    assert "Fixture" in page.extract_text()


def test_forms_that_use_opacity_carry_their_transparency_states(cat):
    face = lay_out(cat, comp(cat, "fish"), "front")  # the placeholder art uses opacity
    page = pypdf.PdfReader(io.BytesIO(pdf_of([face], reuse=True))).pages[0]
    form = next(iter(page["/Resources"]["/XObject"].values())).get_object()
    stream = form.get_data().decode("latin-1")
    used = {tok for tok in stream.split() if tok.startswith("/gRLs")}
    assert used and used <= {
        f"/{k[1:]}" if not k.startswith("/") else k for k in form["/Resources"]["/ExtGState"].keys()
    }


def test_every_kind_draws_in_pdf(cat):
    faces = [f for _, f in distinct_faces(cat)]
    reader = pypdf.PdfReader(io.BytesIO(pdf_of(faces, reuse=True)))
    assert len(reader.pages[0]["/Resources"]["/XObject"]) == len({f.key for f in faces})


# ---------------------------------------------------------------- the stage


def test_the_svg_stage_is_registered():
    assert BY_NAME["svg"].run_game is build_svgs


def test_the_svg_stage_writes_every_distinct_face_and_the_fonts(cat, tmp_path):
    result = build_svgs(job_of(cat, BuildOptions(out=tmp_path)))
    folder = tmp_path / "fixture" / "svg"
    names = sorted(p.name for p in folder.glob("*.svg"))
    assert names == sorted(f"{stem}.svg" for stem, _ in distinct_faces(cat))
    assert {
        "fish.svg",
        "back-deck.svg",
        "ref.svg",
        "ref-reverse.svg",
        "d6.svg",
        "red-pawn.svg",
    } <= set(names)
    assert (folder / "fonts" / "LiberationSans-Regular.ttf").is_file()
    assert (folder / "fonts" / "OFL.txt").is_file()
    kinds = {a.kind for a in result.artifacts}
    assert kinds == {"svg", "font"}
    # the game file's unknown symbol is found by cardstock.validate before any stage runs
    assert not any(i.field == "icons.odd.symbol" for i in result.findings)
    assert any(i.field == "text" and "does not fit" in i.message for i in result.findings)
    first = {p.name: p.read_bytes() for p in folder.glob("*.svg")}
    (folder / "stale.svg").write_text("<svg/>")
    build_svgs(job_of(cat, BuildOptions(out=tmp_path)))
    assert {
        p.name: p.read_bytes() for p in folder.glob("*.svg")
    } == first  # same bytes, stale file gone


def test_every_svg_face_is_titled_with_its_name_not_its_id(cli, mini):
    out = mini.root / "out"
    r = cli("--root", str(mini.root), "build", "mini", "--only", "svg", "--out", str(out))
    assert r.code == 0, r.err
    (cat,), _ = load_games(mini.root, ["mini"])
    names = {c.id: c.name for c in cat.components}
    titles = {}
    for svg in sorted((out / "mini" / "svg").glob("*.svg")):
        title = ET.parse(svg).getroot().find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text, svg.name
        titles[svg.stem] = title.text
    for cid, name in names.items():
        assert titles[cid] == f"{name} — {cat.game.title}"
    backs = [t for stem, t in titles.items() if stem.startswith("back-")]
    assert backs and all(t.startswith("Back of ") and t.endswith(cat.game.title) for t in backs)
    assert all(t.split(" — ")[0] != stem for stem, t in titles.items())  # never a bare id
