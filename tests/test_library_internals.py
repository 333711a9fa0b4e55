"""cardstock uses its libraries through their public APIs. Where an internal has no public
equivalent, it is read in one place, its library's version range is pinned in
pyproject.toml, and it is exercised here, so a release that moves it fails these tests by
name. Three are named with a leading underscore:

- ReportLab's canvas document (`canvas._doc`, in `cardstock/render/pdfdoc.py`): a finished
  page's or form's object (to give a form its transparency states, and to compress a
  finished page at once), the next page's name, and the document a text run's font
  subsets belong to;
- the text position an `<onDraw>` callback is called at (`canvas._curr_tx_info`, in
  `cardstock/books/story.py`; `books/document.py` gives its page-number canvas the same
  attribute);
- pypdf's `PdfWriter._add_object`, with which the booklet adds imposed pages
  (`cardstock/books/booklet.py`).

ReportLab's PDF objects also carry a few attributes named like Python's own (`__x__`) that
are no part of Python: the keys a catalog writes (`PDFCatalog.__NoDefault__`, extended by
`make_pdfx`), the comment written beside an object (`__Comment__`, on each sealed stream)
and the glyphs HarfBuzz shaped (`ShapedStr.__shapeData__`, read by `fonts.shaped_width`).
They are internals as much as `_doc` is: listed below with the files that name them, and
exercised here. So is every class cardstock derives from another library's: the
extension points a library documents (Platypus flowables and templates, pydantic models,
Jinja2's loaders, sandbox and compiler), and one class that is not one, ReportLab's low-level
`PDFStream` (`render/pdfdoc.py: _SpilledStream`, which reads its content back from the
document's spill file as it is written).

Jinja2's sandbox is extended through its compiler's visitor (`CodeGenerator.visit_For`,
`visit_Concat`): Jinja2 is pinned below 3.2 and the bounds are tested in test_sandbox.py.
Importing cardstock leaves ReportLab's process-wide settings alone; making a PDF sets them
only for as long as it takes. The cache knows the versions of the libraries that draw."""

from __future__ import annotations

import importlib
import inspect
import io
import pkgutil
import re
import subprocess
import sys
import tomllib
import types

import pytest
from conftest import ROOT
from helpers_sheets import held_content
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from cardstock.books.story import text_position
from cardstock.core.cache import LIBRARIES, installed_versions
from cardstock.render.pdfdoc import (
    PdfX,
    _doc_object,
    _form_resources,
    make_pdfx,
    pdf_settings,
    seal,
    show_page,
)

# Attributes of other libraries that are not public, and the only files allowed to name them.
INTERNALS = {
    "_curr_tx_info": {"cardstock/books/story.py", "cardstock/books/document.py"},
    "_doc": {"cardstock/render/pdfdoc.py"},
    "_add_object": {"cardstock/books/booklet.py"},
    "__NoDefault__": {"cardstock/render/pdfdoc.py"},
    "__Comment__": {"cardstock/render/pdfdoc.py"},
    "__shapeData__": {"cardstock/fonts/__init__.py"},
}
# Python's own double-underscore names (the data model, a module's and a function's
# attributes), which any object may be read for: not a library's internals.
PYTHON_DUNDERS = {
    name
    for kind in (
        object,
        type,
        types.FunctionType,
        types.MethodType,
        types.ModuleType,
        BaseException,
        dict,
        list,
    )
    for name in dir(kind)
} | {"__wrapped__", "__file__", "__path__", "__all__", "__version__", "__traceback__"}
# Every class of another library that a class of cardstock derives from, by its full name:
# the extension points each library documents, and (the last) one internal.
DERIVED = {
    "pydantic.main.BaseModel",
    "jinja2.loaders.BaseLoader",
    "jinja2.ext.Extension",
    "jinja2.exceptions.SecurityError",
    "jinja2.exceptions.TemplateError",
    # the sandbox's bounds (test_sandbox.py): Jinja2's documented way to change what a
    # template may do is its environment's and its compiler's classes, pinned below 3.2
    "jinja2.sandbox.SandboxedEnvironment",
    "jinja2.environment.Template",
    "jinja2.compiler.CodeGenerator",
    "reportlab.platypus.flowables.Flowable",
    "reportlab.platypus.flowables.KeepTogether",
    # a public flowable whose height a subclass sets from the page (`books/breaks.py`), so a
    # template's page break is told apart from the book's own
    "reportlab.platypus.flowables.CondPageBreak",
    "reportlab.platypus.paragraph.Paragraph",
    "reportlab.platypus.doctemplate.BaseDocTemplate",
    # beforeDrawPage / afterDrawPage: the page template's documented hooks (the user guide's
    # "PageTemplate"), where the tagged books open and close a page's marked content
    "reportlab.platypus.doctemplate.PageTemplate",
    "reportlab.platypus.tableofcontents.TableOfContents",
    "reportlab.pdfgen.canvas.Canvas",
    "reportlab.pdfbase.pdfdoc.PDFStream",  # internal: `render/pdfdoc.py: _SpilledStream`
}
# Internals earlier versions took over or copied: none of them may come back.
FORMER = [
    "_code",
    "_doSave",
    "_fillColorObj",
    "_strokeColorObj",
    "_enforceColorSpace",
    "_escape",
    "_doctemplate",
    "_rowHeights",
    "_reset",
    "_fillMode",
    "Pages.pages",
    "_lastEntries",
    "__accum__",
    "_ttf_data",
    "_pdfScale",
    "_asciiReadable",
    "plugin._loader",
]


def _underscore_reads() -> dict[str, set[str]]:
    """Every `.name` read of an attribute that starts with one underscore, on an object that
    is not the module's own (`self`, `cls`), in cardstock's source: name -> files."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "cardstock").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"(\w+)\.(_[a-z][A-Za-z0-9_]*|__[A-Za-z]\w*__)(?!\w)", text):
            owner, name = m.group(1), m.group(2)
            if name in PYTHON_DUNDERS:
                continue
            if (
                owner in ("self", "cls", "os", "sys", "st", "job", "faces", "found", "other", "it")
                or owner[0].isupper()
                and owner.isupper()
            ):
                continue
            found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def _sources() -> dict[str, str]:
    return {
        str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
        for p in sorted((ROOT / "cardstock").rglob("*.py"))
    }


def test_each_library_internal_is_named_in_one_place():
    for name, allowed in INTERNALS.items():
        users = {f for f, text in _sources().items() if re.search(rf"\.{name}\b", text)}
        assert users == allowed, name
    for name in FORMER:
        users = [f for f, text in _sources().items() if re.search(rf"\.{re.escape(name)}\b", text)]
        assert users == [], f"{name} is used again in {users}"


def test_the_package_reads_no_other_library_internal():
    """Every underscore attribute read on another object is one of cardstock's own (a
    name defined in the package) or one of the three internals above."""
    own = set()
    for path in (ROOT / "cardstock").rglob("*.py"):
        for m in re.finditer(
            r"(?:def|class)\s+(_\w+)|(?:self\.|^\s*)(_\w+)\s*(?::[^=\n]*)?=",
            path.read_text(encoding="utf-8"),
            re.M,
        ):
            own.add(m.group(1) or m.group(2))
    foreign = {
        name: files
        for name, files in _underscore_reads().items()
        if name not in own and name not in INTERNALS
    }
    assert foreign == {}


def test_the_pins_hold_the_versions_these_tests_ran_with():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "dependencies"
    ]
    pins = {re.split(r"[<>=!~ ;\[]", d, maxsplit=1)[0].lower(): d for d in deps}
    assert "<5.2" in pins["reportlab"] and "<8" in pins["pypdf"] and "<3.2" in pins["jinja2"]


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
names = [m.name for m in pkgutil.walk_packages(cardstock.__path__, "cardstock.")]
for name in names:
    importlib.import_module(name)
print(json.dumps({"same": snapshot() == before, "modules": len(names)}))
"""
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
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


def test_the_cache_keys_know_every_drawing_library_as_installed():
    import reportlab

    versions = dict(v.rsplit("-", 1) for v in installed_versions())
    assert versions["reportlab"] == reportlab.Version
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {
        re.split(r"[<>=!~ ;\[]", d, maxsplit=1)[0].lower().replace("-", "_")
        for d in project["dependencies"]
    }
    # watchfiles notices edits and httpx downloads for `pull`: neither decides a build's bytes
    assert names <= set(LIBRARIES) | {"watchfiles", "httpx"}
    assert all(versions[n] != "missing" for n in LIBRARIES)


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


def test_a_pdfx_document_gets_its_output_intent_and_version_through_reportlabs_document():
    """`make_pdfx` lists OutputIntents among the keys ReportLab's catalog writes and adds
    GTS_PDFXVersion to its information dictionary: both read back."""
    profile = (ROOT / "layouts" / "profiles" / "cgats-tr005.icc").read_bytes()
    buffer = io.BytesIO()
    with pdf_settings():
        canvas = Canvas(buffer, pagesize=(100, 100))
        make_pdfx(
            canvas, PdfX("PDF/X-1a:2003", "CGATS TR 005", "http://www.color.org", "SWOP", profile)
        )
        canvas.drawString(10, 10, "x")
        canvas.showPage()
        canvas.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    assert intent.get_object()["/DestOutputProfile"].get_object().get_data() == profile
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003" and reader.metadata["/Title"]


def test_every_library_class_cardstock_derives_from_is_listed():
    """A new subclass of another library's class is either one of its documented
    extension points or an internal: either way it is listed in DERIVED."""
    import cardstock

    found: dict[str, set[str]] = {}
    for info in pkgutil.walk_packages(cardstock.__path__, "cardstock."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != info.name:
                continue
            for base in cls.__bases__:
                top = base.__module__.split(".")[0]
                if top in ("cardstock", "builtins") or top in sys.stdlib_module_names:
                    continue
                found.setdefault(f"{base.__module__}.{base.__qualname__}", set()).add(
                    f"{info.name}.{cls.__qualname__}"
                )
    assert set(found) == DERIVED, {k: sorted(v) for k, v in found.items() if k not in DERIVED}


def test_a_catalog_writes_the_keys_its_class_lists_and_pdfx_lists_one_more():
    """`PDFCatalog.__NoDefault__` names the keys ReportLab's catalog writes when set;
    `make_pdfx` lists OutputIntents on its own document's catalog alone."""
    from reportlab.pdfbase.pdfdoc import PDFCatalog

    listed = PDFCatalog.__NoDefault__
    assert isinstance(listed, (list, tuple)) and "Pages" in listed
    assert "OutputIntents" not in listed  # only the PDF/X document's catalog gains it
    profile = (ROOT / "layouts" / "profiles" / "cgats-tr005.icc").read_bytes()
    with pdf_settings():
        canvas = Canvas(io.BytesIO(), pagesize=(100, 100))
        make_pdfx(canvas, PdfX("PDF/X-1a:2003", "CGATS TR 005", "x", "SWOP", profile))
        assert "OutputIntents" in canvas._doc.Catalog.__NoDefault__
    assert PDFCatalog.__NoDefault__ == listed  # the class is left as it was


def test_a_sealed_stream_carries_its_comment_where_reportlab_writes_comments(monkeypatch):
    """`seal` names what each stream is with ReportLab's `__Comment__`, which ReportLab
    writes beside the object when it writes comments (never in cardstock's invariant
    files, whose bytes stay the same)."""
    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc

    buf = io.BytesIO()
    with pdf_settings():
        c = Canvas(buf, invariant=1, pageCompression=1)
        c.drawString(60, 60, "a page")
        name = c._doc.thisPageName()
        c.showPage()
        page = _doc_object(c, name)
        assert seal(page, "page stream")
        monkeypatch.setattr(rl_config, "invariant", 0)
        monkeypatch.setattr(rl_config, "pdfComments", 1)
        assert pdfdoc.format(page.Contents, c._doc, toplevel=1).startswith(b"% page stream\n")
        monkeypatch.setattr(rl_config, "invariant", 1)
        assert not pdfdoc.format(page.Contents, c._doc, toplevel=1).startswith(b"%")


def test_a_page_spilled_to_a_file_is_written_with_the_same_bytes():
    """`_SpilledStream` (a `PDFStream` whose content is read back from the spill file as
    the document is written, through `format`, the method ReportLab writes an object by)
    gives the file byte for byte what a stream held in memory gives."""
    from cardstock.render.pdfdoc import Spill

    def made(spilled: bool) -> bytes:
        buf = io.BytesIO()
        with pdf_settings(), Spill() as spill:
            c = Canvas(buf, invariant=1, pageCompression=1)
            for n in range(3):
                c.drawString(60, 60, f"page {n}")
                show_page(c, spill if spilled else None)
            c.save()
        return buf.getvalue()

    assert made(spilled=True) == made(spilled=False)
    assert "page 2" in PdfReader(io.BytesIO(made(spilled=True))).pages[2].extract_text()


def test_a_shaped_string_holds_the_advance_of_each_glyph_harfbuzz_placed():
    """`fonts.shaped_width` sums `ShapedStr.__shapeData__`'s advances: an Arabic word is
    shaped (its letters joined), and its width is what its glyphs advance."""
    from reportlab.pdfbase.ttfonts import ShapedStr, shapeStr

    from cardstock import fonts

    name = "sans"
    word = "\u0633\u0644\u0627\u0645"  # salaam: four letters, joined by shaping
    shaped = shapeStr(word, fonts.register(name), 1000.0)
    assert isinstance(shaped, ShapedStr)
    glyphs = shaped.__shapeData__
    assert glyphs and all(hasattr(g, "x_advance") for g in glyphs)
    width = fonts.shaped_width(word, name)
    assert width == pytest.approx(sum(g.x_advance for g in glyphs) / 1000.0) and width > 0
