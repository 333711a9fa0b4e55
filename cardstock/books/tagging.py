"""A book's structure tree, written after ReportLab has drawn it (`books.marks`).

ReportLab draws the marked content (each page's real content with its marked-content
ids, the rest artifacts) but writes no structure. This pass reads the finished PDF with
pikepdf (QPDF), drops each page's empty artifacts (`marks.unemptied`), and adds, through
pikepdf's public API, what a tagged PDF holds besides:
the structure tree (a `Document` element whose children are the recorded nodes in reading
order, each element's content a list of marked-content references), the parent tree that
leads from a page's ids back to their elements, `/MarkInfo`, the pages' tab order (`/Tabs
/S`), the viewer's window showing the title (`/DisplayDocTitle`) and XMP metadata with
the title, the language and the PDF/UA identification. Identical input gives identical
bytes: QPDF writes no date and the file identifier is made from the content.
"""

from __future__ import annotations

import io
import zlib
from functools import partial

import pikepdf
from pikepdf import Array, Dictionary, Name, String

from .marks import Node, Recorder, unemptied


def tag(data: bytes, marks: Recorder, title: str, lang: str) -> bytes:
    """The PDF `data` with the structure of what `marks` recorded, its title and
    language."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        _unempty(pdf)
        pages = [page.obj for page in pdf.pages]
        root = pdf.make_indirect(Dictionary(Type=Name.StructTreeRoot))
        document = pdf.make_indirect(
            Dictionary(Type=Name.StructElem, S=Name.Document, P=root, K=Array())
        )
        if lang:
            document.Lang = String(lang)
        root.K = document
        elements: dict[int, Dictionary] = {}
        element = partial(_element, pdf, document, elements)
        owners: dict[int, list[Dictionary]] = {}
        for mark in marks.marks:
            made = element(mark.node)
            page = pages[mark.page - 1]
            made.K.append(Dictionary(Type=Name.MCR, Pg=page, MCID=mark.mcid))
            ids = owners.setdefault(mark.page - 1, [])
            ids.extend([document] * (mark.mcid + 1 - len(ids)))
            ids[mark.mcid] = made
        nums = Array()
        for n, page in enumerate(pages):
            page.StructParents = n
            page.Tabs = Name.S
            nums.append(n)
            nums.append(pdf.make_indirect(Array(owners.get(n, []))))
        # each link annotation a `Link` element of the element it was made in, in the order
        # made (ReportLab lists a page's annotations in that order), its alternative text
        # the annotation's words (the heading or page it leads to)
        key = len(pages)
        by_page: dict[int, list[Node]] = {}
        for page_number, node in marks.links:
            by_page.setdefault(page_number - 1, []).append(node)
        for n, nodes in sorted(by_page.items()):
            page = pages[n]
            annots = [a for a in page.get("/Annots", Array()) if a.get("/Subtype") == Name.Link]
            for annot, node in zip(annots, nodes):
                owner = element(node)
                link = pdf.make_indirect(Dictionary(Type=Name.StructElem, S=Name.Link, P=owner))
                link.K = Dictionary(Type=Name.OBJR, Obj=annot, Pg=page)
                if "/Contents" in annot:  # its words, said of the element: where it leads
                    link.Alt = annot.Contents
                owner.K.append(link)
                annot.StructParent = key
                annot.F = 4  # printed as shown: the Print flag, no hidden one
                nums.append(key)
                nums.append(link)
                key += 1
        for made in elements.values():
            if len(made.K) == 1:  # one kid is the kid itself
                made.K = made.K[0]
        root.ParentTree = pdf.make_indirect(Dictionary(Nums=nums))
        root.ParentTreeNextKey = key
        pdf.Root.StructTreeRoot = root
        _entries(pdf, title, lang)
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True)
        return out.getvalue()


def _element(
    pdf: pikepdf.Pdf, document: Dictionary, elements: dict[int, Dictionary], node: Node
) -> Dictionary:
    """The structure element of `node`, made (with its parents) the first time it is asked
    for. A function of the module, not one nested in `tag`: a nested function that calls
    itself is a reference cycle, which would keep the parsed book (QPDF's objects, every
    page's drawing) alive after `tag` returns, until the garbage collector next runs."""
    made = elements.get(id(node))
    if made is not None:
        return made
    parent = document if node.parent is None else _element(pdf, document, elements, node.parent)
    made = pdf.make_indirect(
        Dictionary(Type=Name.StructElem, S=Name("/" + node.role), P=parent, K=Array())
    )
    if node.alt is not None:
        made.Alt = String(node.alt)
    if node.scope is not None:
        made.A = Dictionary(O=Name.Table, Scope=Name("/" + node.scope))
    parent.K.append(made)
    elements[id(node)] = made
    return made


def _unempty(pdf: pikepdf.Pdf) -> None:
    """Each page's drawing without its empty artifacts (`marks.unemptied`). A drawing
    written back waits for the save compressed, as the file stores it (zlib's default
    level, which is QPDF's): QPDF holds every written stream until the save, and a book
    picturing every card of a large game is hundreds of megabytes of drawing unpacked."""
    for page in pdf.pages:
        page.contents_coalesce()
        drawing = page.obj.Contents.read_bytes()
        kept = unemptied(drawing)
        if kept != drawing:
            page.obj.Contents.write(zlib.compress(kept), filter=Name.FlateDecode)


def _entries(pdf: pikepdf.Pdf, title: str, lang: str) -> None:
    """The catalog's entries of a tagged PDF and its XMP metadata: the title, the language
    and the PDF/UA identification."""
    pdf.Root.MarkInfo = Dictionary(Marked=True)
    pdf.Root.ViewerPreferences = Dictionary(DisplayDocTitle=True)
    if lang:
        pdf.Root.Lang = String(lang)
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = title
        if lang:
            meta["dc:language"] = [lang]
        meta["pdfuaid:part"] = "1"


__all__ = ["tag"]
