"""cardstock uses its libraries through their public APIs. The ReportLab internals that
have no public equivalent (an onDraw callback's text position; a finished page's or
form's document object, for its resources and to compress it at once) are each read in
one place, pinned in pyproject.toml, and exercised here, so a ReportLab that moves them fails these tests by name; so is the one
pypdf internal the booklet needs. Importing
cardstock leaves ReportLab's process-wide settings alone; making a PDF sets them only for
as long as it takes. The build cache knows the versions of the libraries that draw."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tomllib

from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from conftest import ROOT
from cardstock.books.story import text_position
from cardstock.pipeline import DRAWING_LIBRARIES, code_key, library_versions
from cardstock.render.pdf import _doc_object, _form_resources, pdf_settings, held_content, seal, show_page

# ReportLab attributes that are not public, and the only files allowed to name them
# (books/document.py gives its stand-in canvas the position ReportLab's own
# `drawPageNumbers` reads, on an object of its own).
INTERNALS = {"_curr_tx_info": {"cardstock/books/story.py", "cardstock/books/document.py"}, "_doc": {"cardstock/render/pdf.py"},
             "__accum__": {"cardstock/render/pdf.py"}}
FORMER = ["_code", "_doSave", "_fillColorObj", "_strokeColorObj", "_enforceColorSpace", "_escape",
          "_doctemplate", "_rowHeights", "_reset", "_fillMode", "_cardstock_faces", "Pages.pages", "_lastEntries"]


def _sources() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
            for p in sorted((ROOT / "cardstock").rglob("*.py")) if p.name != "warm.py"}


def test_reportlab_internals_are_named_in_one_place_each():
    for name, allowed in INTERNALS.items():
        users = {f for f, text in _sources().items() if re.search(rf"\.{name}\b", text)}
        assert users == allowed, name
    for name in FORMER:
        users = [f for f, text in _sources().items() if re.search(rf"\.{re.escape(name)}\b", text)]
        assert users == [], f"{name} is used again in {users}"


def test_the_text_position_of_an_ondraw_callback_is_where_the_text_got_to():
    seen: list[tuple[float, float]] = []
    canvas = Canvas(io.BytesIO())
    canvas.setNamedCB("spot", lambda canv, kind, label: seen.append(text_position(canv)))
    style = ParagraphStyle("t", fontName="Helvetica", fontSize=10, leading=12)
    para = Paragraph('Four <onDraw name="spot" label="x"/>words', style)
    para.wrap(300, 100)
    para.drawOn(canvas, 50, 200)
    [(x, y)] = seen
    assert abs(x - canvas.stringWidth("Four ", "Helvetica", 10)) < 0.5
    assert 0 < y < 12  # on the first line's baseline, in the paragraph's own space


def test_a_form_that_sets_an_opacity_names_its_transparency_in_its_resources():
    buf = io.BytesIO()
    with pdf_settings():
        c = Canvas(buf, invariant=1)
        c.beginForm("Half")
        c.setFillAlpha(0.5)
        c.rect(0, 0, 50, 50, stroke=0, fill=1)
        c.endForm()
        _form_resources(c, "Half")
        c.doForm("Half")
        c.showPage()
        c.save()
    page = PdfReader(io.BytesIO(buf.getvalue())).pages[0]
    form = page["/Resources"]["/XObject"]["/FormXob.Half"].get_object()
    assert "/ExtGState" in form["/Resources"]
    assert b"gs" in form.get_data()


def _document(sealed: bool) -> tuple[bytes, list[int]]:
    """Three pages that draw one form, the form and pages sealed as they are finished
    (`seal`, `show_page`) or left to ReportLab; the bytes, and what the document held
    uncompressed after each page."""
    from reportlab.pdfbase.pdfdoc import xObjectName

    buf = io.BytesIO()
    held = []
    with pdf_settings():
        c = Canvas(buf, invariant=1, pageCompression=1)
        c.beginForm("Half", 0, 0, 50, 50)
        c.setFillAlpha(0.5)
        c.rect(0, 0, 50, 50, stroke=0, fill=1)
        c.endForm()
        _form_resources(c, "Half")
        if sealed:
            assert seal(_doc_object(c, xObjectName("Half")), "xobject form stream")
        for n in range(3):
            c.doForm("Half")
            c.drawString(60, 60, f"page {n}")
            show_page(c) if sealed else c.showPage()
            held.append(held_content(c)[0])
        c.save()
    return buf.getvalue(), held


def test_a_finished_page_and_form_are_compressed_at_once_into_the_same_bytes():
    """`show_page` and the forms `PdfFaces` makes are sealed through the document's
    objects (`_doc_object`: the canvas's `_doc.idToObject` and `thisPageName`), compressed
    the way ReportLab compresses them as it saves: the file is byte for byte the one
    ReportLab writes on its own, and nothing finished is held as text."""
    sealed, held = _document(sealed=True)
    plain, held_plain = _document(sealed=False)
    assert sealed == plain
    assert held == [0, 0, 0]
    assert held_plain[0] > 0 and held_plain == sorted(held_plain) and held_plain[2] > held_plain[0]
    reader = PdfReader(io.BytesIO(sealed))
    assert len(reader.pages) == 3 and "page 2" in reader.pages[2].extract_text()


def test_a_spilled_document_is_written_into_the_spool_as_reportlab_saves_it():
    """`Spill(out)` takes over ReportLab's file collector (the document's `__accum__`, a
    `PDFFile` whose `write` and `strings` it replaces) at the first spilled page: every
    object goes into the `Spooled` file as it is formatted, nothing is left for
    `getpdfdata` to join, and the file is the one ReportLab writes on its own, with
    cardstock's unique font-subset tags."""
    from cardstock.core.output import Spooled
    from cardstock.render.pdf import Spill, unique_subset_tags

    plain, _ = _document(sealed=False)
    out = Spooled()
    with pdf_settings(), Spill(out) as spill:
        c = Canvas(io.BytesIO(), invariant=1, pageCompression=1)
        c.beginForm("Half", 0, 0, 50, 50)
        c.setFillAlpha(0.5)
        c.rect(0, 0, 50, 50, stroke=0, fill=1)
        c.endForm()
        _form_resources(c, "Half")
        for n in range(3):
            c.doForm("Half")
            c.drawString(60, 60, f"page {n}")
            show_page(c, spill)
        rest = c.getpdfdata()
        assert spill.collector is not None and rest == b""
        assert out.size == spill.collector.offset
    written = b"".join(out.blocks())
    out.close()
    assert written == unique_subset_tags(plain)


def test_importing_every_module_leaves_reportlab_settings_alone():
    script = """
import importlib, json, pkgutil, sys
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
def snapshot():
    settings = {k: repr(getattr(rl_config, k)) for k in dir(rl_config) if not k.startswith("_")}
    return settings, sorted(pdfmetrics.getRegisteredFontNames())
before = snapshot()
import cardstock
names = [m.name for m in pkgutil.walk_packages(cardstock.__path__, "cardstock.") if m.name != "cardstock.warm"]
for name in names:
    importlib.import_module(name)
print(json.dumps({"same": snapshot() == before, "modules": len(names)}))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip().endswith("}"), out
    result = __import__("json").loads(out.strip().splitlines()[-1])
    assert result["modules"] > 40
    assert result["same"], "importing cardstock changed ReportLab's process-wide settings"


def test_making_a_pdf_sets_the_settings_it_needs_and_puts_them_back():
    from reportlab import rl_config

    from cardstock.impose.calibration import calibration_pdf

    before = (rl_config.useA85, rl_config.invariant)
    data = calibration_pdf("letter", "long", (0.0, 0.0))
    assert (rl_config.useA85, rl_config.invariant) == before
    assert b"/ASCII85Decode" not in data  # made with plain Flate streams
    assert calibration_pdf("letter", "long", (0.0, 0.0)) == data  # and invariant: no dates


def test_the_code_key_changes_with_the_version_of_a_drawing_library():
    import reportlab

    versions = library_versions()
    assert versions["reportlab"] == reportlab.Version
    assert code_key(versions) == code_key()
    for name in ("reportlab", "pydantic", "markdown-it-py"):
        assert code_key({**versions, name: "0.0.1"}) != code_key(), name


def test_every_runtime_dependency_counts_in_the_code_key():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {re.split(r"[<>=!~ ;\[]", d, maxsplit=1)[0].lower() for d in project["dependencies"]}
    assert names <= set(DRAWING_LIBRARIES)


def test_pypdf_adds_an_object_to_a_writer_through_the_one_internal_the_booklet_uses():
    """pypdf has no public call that adds an indirect object (a page's form, a sheet's
    content stream) to a writer; `impose/booklet.py` uses `PdfWriter._add_object`, pinned
    in pyproject.toml (pypdf < 8). A pypdf that moves it fails here by name."""
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, IndirectObject

    users = {f for f, text in _sources().items() if "._add_object(" in text}
    assert users == {"cardstock/books/booklet.py"}
    writer = PdfWriter()
    stream = DecodedStreamObject()
    stream.set_data(b"0 0 m 1 1 l S\n")
    ref = writer._add_object(stream)
    assert isinstance(ref, IndirectObject) and ref.get_object().get_data() == b"0 0 m 1 1 l S\n"


def _drawn_with(font) -> bytes:
    """A page of text in `font` (registered under its name), as ReportLab writes it."""
    from reportlab.pdfbase import pdfmetrics

    pdfmetrics.registerFont(font)
    buf = io.BytesIO()
    with pdf_settings():
        c = Canvas(buf, invariant=1)
        c.setFont(font.fontName, 12)
        c.drawString(40, 700, "Deal 3 damage, then draw a card. Ünïcode — ok?")
        c.showPage()
        c.save()
    return buf.getvalue()
