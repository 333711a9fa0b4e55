"""PDF document plumbing for ReportLab canvases: the settings and canvas a cardstock PDF
is made with, PDF/X output intents, font subset tags made unique, and finished pages and
forms sealed (compressed at once, the pages optionally spilled to a temporary file).

Finished pages and forms are compressed as soon as they are complete (`show_page`, and
`render.pdf.PdfFaces` for the forms it makes): ReportLab would otherwise keep each one's
content as text until the document is saved, so a sheet file of thousands of pages would
hold all of their drawing operators at once. The bytes written are the same either way.

ReportLab has no public way to reach a finished page or form, the next page's name, or
the document a text run's font subsets belong to: they are read through the canvas's
document (`_doc`), in this module only (`_doc_object`, `_next_page_name`,
`font_document`, `_info_entry`). The version range is pinned in pyproject.toml, and
`tests/test_library_internals.py` fails when they move.
"""

from __future__ import annotations

import hashlib
import re
import tempfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFResourceDictionary,
    PDFStream,
    PDFString,
    PDFZCompress,
    xObjectName,
)
from reportlab.pdfgen.canvas import Canvas

from .. import fonts

_SUBSET_TAG = re.compile(rb"/([A-Z]{6})\+([A-Za-z0-9._-]+)")


def unique_subset_tags(pdf: bytes) -> bytes:
    """The PDF with every embedded font subset named by a tag of its own.

    ReportLab tags the n-th subset of every font with the same six letters (the first
    subset of each font is `AAAAAA+…`), so two different fonts in one file share a tag,
    which the PDF standard asks to be unique per subset. Each `/TAG+FontName` is rewritten
    to six letters taken from a hash of the font's name and its old tag: the same length,
    so no byte offset in the file moves, and the same input still gives the same bytes.
    Font dictionaries are not compressed in ReportLab's output, so the names are found
    in the plain bytes."""
    parts = retagged(pdf)
    return pdf if len(parts) == 1 else b"".join(parts)


def retagged(pdf: bytes) -> list[bytes | memoryview]:
    """`unique_subset_tags` as pieces to write one after the other: views into `pdf` (not
    copies: a sheet file can be large) and the new tags between them."""
    view = memoryview(pdf)
    parts: list[bytes | memoryview] = []
    at = 0
    for m in _SUBSET_TAG.finditer(pdf):
        digest = hashlib.sha256(m.group(1) + b"+" + m.group(2)).digest()
        parts += [view[at : m.start(1)], bytes(65 + b % 26 for b in digest[:6])]
        at = m.end(1)
    parts.append(view[at:] if parts else pdf)
    return parts


@contextmanager
def pdf_settings() -> Iterator[None]:
    """ReportLab's process-wide settings, as cardstock makes a PDF: Flate streams without
    ASCII85 (smaller, the same run to run) and invariant mode (no dates, a fixed document
    id). Set for as long as a document is made and put back after, so that importing or
    calling cardstock leaves the process's ReportLab as it found it."""
    before = (rl_config.useA85, rl_config.invariant)
    rl_config.useA85, rl_config.invariant = 0, 1
    try:
        yield
    finally:
        rl_config.useA85, rl_config.invariant = before


def new_canvas(
    buffer: Any,
    size: tuple[float, float],
    title: str,
    *,
    author: str = "cardstock",
    font: str = "sans",
) -> Any:
    """A canvas for a cardstock PDF: deterministic (invariant mode), its pages compressed,
    and the embedded `font` as its first font, so no unembedded Helvetica is ever named.
    Draw and save it inside `pdf_settings()`."""
    c = Canvas(
        buffer,
        pagesize=size,
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.register(font),
        initialFontSize=6,
    )
    c.setTitle(title)
    c.setAuthor(author)
    c.setCreator("cardstock")
    c.setProducer("cardstock")
    c.setSubject(title)
    return c


@dataclass(frozen=True)
class PdfX:
    """What makes a CMYK document PDF/X: the version it claims (`GTS_PDFXVersion`) and its
    output intent, the printing condition it is made for: the condition's identifier in a
    registry of characterized conditions, that registry, a description, and the ICC output
    profile (CMYK, class `prtr`) that characterizes it."""

    version: str  # "PDF/X-1a:2003"
    condition: str  # OutputConditionIdentifier, e.g. "CGATS TR 005"
    registry: str  # RegistryName, e.g. "http://www.color.org"
    info: str  # Info: the condition in words
    profile: bytes  # DestOutputProfile: the ICC profile's bytes


def make_pdfx(canvas: Any, pdfx: PdfX) -> None:
    """Give a canvas's document what PDF/X asks besides its drawing: the output intent in
    its catalog (`/OutputIntents`, one `/GTS_PDFX` intent with the profile embedded) and
    `/GTS_PDFXVersion` in its information dictionary (which ReportLab already gives a
    title, creation and modification dates, and `/Trapped /False`). The drawing itself
    must be CMYK without transparency (`PdfFaces(opaque=True)`, faces through
    `render.prepress.flatten`)."""
    doc = canvas._doc
    profile = doc.Reference(
        PDFStream(PDFDictionary({"N": 4}), pdfx.profile)
    )  # a stream is an object of its own
    intent = PDFDictionary(
        {
            "Type": PDFName("OutputIntent"),
            "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(pdfx.condition),
            "OutputCondition": PDFString(pdfx.info),
            "RegistryName": PDFString(pdfx.registry),
            "Info": PDFString(pdfx.info),
            "DestOutputProfile": profile,
        }
    )
    # ReportLab's catalog writes only the keys its class lists (`setCatalogEntry` sets an
    # attribute it never writes unless listed): this one catalog lists OutputIntents too
    catalog = doc.Catalog
    catalog.OutputIntents = PDFArray([intent])
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    _info_entry(canvas, "GTS_PDFXVersion", pdfx.version)


def _info_entry(canvas: Any, key: str, value: str) -> None:
    """Add `/key (value)` to the document's information dictionary. ReportLab writes that
    dictionary from a fixed list of keys and has no public way to add one: the document's
    info object (`_doc.info`, read here only) is given a subclass whose dictionary ends
    with the entry (tests/test_library_internals.py fails if it moves)."""
    info = canvas._doc.info
    base = type(info)

    class Info(base):  # type: ignore[valid-type,misc]
        def format(self, document: Any) -> bytes:
            text: bytes = super().format(document)
            end = text.rindex(b">>")
            entry: bytes = PDFString(value).format(document)
            return text[:end] + b"/" + key.encode("ascii") + b" " + entry + b"\n" + text[end:]

    info.__class__ = Info


def _doc_object(canvas: Any, name: str) -> Any:
    """The document object ReportLab registered under `name` (a form's `xObjectName`, a
    page's "Page<n>"), or None. ReportLab has no public way to reach a finished page or
    form: this reads the canvas's document (pinned in pyproject.toml, reportlab < 5.2;
    tests/test_library_internals.py fails if it moves). The only place that does."""
    return canvas._doc.idToObject.get(name)


def _next_page_name(canvas: Any) -> str:
    """The name the document gives the page `showPage` is about to add."""
    name: str = canvas._doc.thisPageName()
    return name


class _Deflated:
    """A stream filter for content compressed already (by `seal`): it names FlateDecode
    in the stream's dictionary and passes the bytes through, where ReportLab's own Flate
    filter would compress them as the document is saved."""

    pdfname = "FlateDecode"

    def encode(self, data: bytes) -> bytes:
        return data

    def decode(self, data: bytes) -> bytes:
        return zlib.decompress(data)


_DEFLATED = _Deflated()


class Spill:
    """A temporary file that keeps a document's sealed page streams until it is saved, so
    what a long document holds in memory of its finished pages is a few numbers each.
    When the temporary folder cannot take them (a full or read-only `$TMPDIR`), the
    streams are kept in memory instead: the build needs more memory, and goes on.
    Close it (or use it as a context manager) once the document's bytes are made."""

    def __init__(self) -> None:
        self._memory: bytearray | None = None
        self._file: Any | None = None
        try:
            self._file = tempfile.TemporaryFile(buffering=0)
        except OSError:
            self._memory = bytearray()
        self._end = 0

    def put(self, data: bytes) -> tuple[int, int]:
        at = self._end
        if self._file is not None:
            try:
                self._file.seek(at)
                view = memoryview(data)
                while view:
                    view = view[self._file.write(view) :]
            except OSError:  # the temporary folder is full: what it holds moves to memory
                self._to_memory(at)
        if self._memory is not None:
            del self._memory[at:]
            self._memory += data
        self._end = at + len(data)
        return at, len(data)

    def _to_memory(self, size: int) -> None:
        assert self._file is not None
        self._file.seek(0)
        kept = bytearray()
        while len(kept) < size:
            block = self._file.read(size - len(kept))
            if not block:
                break
            kept += block
        self._file.close()
        self._file, self._memory = None, kept

    def get(self, at: int, size: int) -> bytes:
        if self._memory is not None:
            return bytes(self._memory[at : at + size])
        assert self._file is not None
        self._file.seek(at)
        got = bytearray()
        while len(got) < size:
            block = self._file.read(size - len(got))
            if not block:
                break
            got += block
        return bytes(got)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        self._memory = None

    def __enter__(self) -> Spill:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _SpilledStream(PDFStream):  # type: ignore[misc]
    """ReportLab's PDFStream, made to read its (compressed) content back from a `Spill`
    only while the document writes it."""

    def __init__(self, spill: Spill, at: int, size: int) -> None:
        super().__init__(content=b"", filters=[_DEFLATED])
        self._where = (spill, at, size)

    def format(self, document: Any) -> bytes:
        spill, at, size = self._where
        self.content = spill.get(at, size)
        try:
            out: bytes = super().format(document)
        finally:
            self.content = b""
        return out


def seal(obj: Any, comment: str, spill: Spill | None = None) -> bool:
    """Compress a finished page's or form's content now, exactly as ReportLab would when
    it saves the document (same zlib call, same stream dictionary), so the text of its
    operators is freed: what a document holds of its finished pages is their compressed
    bytes, or with a `spill` where they are in its file. Only compressed objects (the
    canvas's pageCompression) are sealed, and only without ASCII85 (cardstock's
    `pdf_settings`); True when `obj` was sealed."""
    stream = getattr(obj, "stream", None)
    if (
        obj is None
        or not stream
        or not obj.compression
        or rl_config.useA85
        or obj.Contents is not None
    ):
        return False
    data = PDFZCompress.encode(stream)
    if spill is None:
        contents = PDFStream(content=data, filters=[_DEFLATED])
    else:
        contents = _SpilledStream(spill, *spill.put(data))
    contents.__Comment__ = comment
    obj.Contents = contents
    obj.stream = None
    obj.compression = 0  # a form would set ReportLab's own filter again as it is saved
    return True


def show_page(canvas: Any, spill: Spill | None = None) -> None:
    """`canvas.showPage()`, then the finished page sealed (`seal`): a document written
    page by page holds one page's operators as text at a time, not all of them (and with
    a `spill`, its compressed pages in a temporary file rather than in memory)."""
    name = _next_page_name(canvas)
    canvas.showPage()
    seal(_doc_object(canvas, name), "page stream", spill)


def _form_resources(canvas: Any, name: str) -> None:
    """Give a finished form the transparency states (ExtGState) it uses.

    ReportLab writes a form's resources with fonts and XObjects only, so a form that sets
    an opacity would name an ExtGState its resources lack; add them. ReportLab has no
    public way to reach a finished form: this reads the document's objects (pinned in
    pyproject.toml; tests/test_library_internals.py fails if they move)."""
    form = _doc_object(canvas, xObjectName(name))
    states = getattr(form, "ExtGState", None)
    if form is None or not states or form.Resources is not None:
        return
    res = PDFResourceDictionary()
    res.basicFonts()
    res.allProcs()
    if form.XObjects:
        res.XObject = form.XObjects
    res.ExtGState = states
    form.Resources = res


def _xobject_name(name: str) -> str:
    return str(xObjectName(name))


def font_document(canvas: Any) -> Any:
    """The document a text run's TrueType subsets belong to (what a font's `splitString`
    and `getSubsetInternalName` are given), read through the canvas's document."""
    return canvas._doc
