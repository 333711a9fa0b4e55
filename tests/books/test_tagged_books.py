"""Tagged PDFs (issue 76): the rulebook, its large-print edition and the quick references
as pages to read carry a structure tree a screen reader follows. Each is checked by
`pdfua`, an independent checker of the machine-checkable PDF/UA-1 rules (built on
pikepdf); the reading order is read back from the structure tree with each element's
own text; the booklets stay the untagged drawing, byte for byte."""

from __future__ import annotations

import gc
import html
import io
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from conftest import FULL, GAMES, ROOT, load_games, render_book, stage
from golden.snapshot import project
from pdfua import validate
from pypdf import PdfReader

from cardstock.books import tagging
from cardstock.books.art import picture_words
from cardstock.books.marks import Recorder, unemptied
from cardstock.core.markup import spans
from cardstock.core.stage import BuildOptions

# every shipped game in the full run; by default the fixture, the game with the most kinds
# of content, and one whose large print keeps headings with what follows them across pages
# (a wrapper that lost Platypus's keep-with-next mark looped there)
SHIPPED = list(GAMES) if FULL else ["atmosfear", "vortex"]
READING = ("rulebook.pdf", "rulebook-large-print.pdf", "quickref-large-print.pdf")


def _build(root: Path, game: str, out: Path, **options: Any) -> Path:
    (catalog,), _ = load_games(root, [game])
    opts = BuildOptions(out=out, **options)
    stage("svg")(catalog, opts)
    stage("rulebook")(catalog, opts)
    return out / game


@pytest.fixture(scope="module")
def mini_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture game as the golden build has it (with its reference card)."""
    return project(tmp_path_factory.mktemp("mini"))


@pytest.fixture(scope="module")
def mini_books(mini_root: Path) -> Path:
    """The fixture game's rulebook stage with the large print, and with the reading font."""
    _build(mini_root, "mini", mini_root / "reading", reading_font="atkinson-hyperlegible")
    return _build(mini_root, "mini", mini_root / "large", large_print=True)


def _unchecked(path: Path) -> list[str]:
    report = validate(str(path))
    found = [f"{f.rule_id} page {f.location.page}: {f.message}" for f in report.findings]
    skipped = [f"{o.rule_id} not evaluated" for o in report.skipped]
    return found + skipped


def test_the_fixtures_reading_pdfs_pass_every_pdfua_check(mini_books: Path) -> None:
    reading = mini_books.parent.parent / "reading" / "mini" / "mini-quickref-reading.pdf"
    for path in [mini_books / f"mini-{name}" for name in READING] + [reading]:
        assert path.is_file(), path
        assert _unchecked(path) == [], path.name


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """A shipped game's rulebook stage with the large print, built once for the file."""
    made: dict[str, Path] = {}

    def books(game: str) -> Path:
        if game not in made:
            made[game] = _build(ROOT, game, tmp_path_factory.mktemp(game), large_print=True)
        return made[game]

    return books


@pytest.mark.parametrize("game", SHIPPED)
def test_a_shipped_games_reading_pdfs_pass_every_pdfua_check(
    game: str, shipped: Callable[[str], Path]
) -> None:
    folder = shipped(game)
    for name in READING:
        path = folder / f"{game}-{name}"
        if name.startswith("quickref") and not path.exists():
            continue  # a game without a reference card
        assert _unchecked(path) == [], path.name


def test_pdfinfo_says_tagged(mini_books: Path) -> None:
    if shutil.which("pdfinfo") is None:
        pytest.skip("pdfinfo (poppler-utils) is not installed")
    for name in READING:
        said = subprocess.run(
            ["pdfinfo", str(mini_books / f"mini-{name}")], capture_output=True, text=True
        ).stdout
        assert "Tagged:          yes" in said, name


# ----------------------------------------------------------------------- reading order


def _texts(path: Path) -> dict[tuple[int, int], str]:
    """(page index, marked-content id) -> the text drawn in that marked content."""
    out: dict[tuple[int, int], list[str]] = {}
    for n, page in enumerate(PdfReader(path).pages):
        open_ids: list[int | None] = []

        def before(
            op: bytes, args: Any, cm: Any, tm: Any, open_ids: list[int | None] = open_ids
        ) -> None:
            if op == b"BDC":
                props = args[1]
                open_ids.append(props.get("/MCID") if hasattr(props, "get") else None)
            elif op == b"BMC":
                open_ids.append(None)
            elif op == b"EMC":
                open_ids.pop()

        def text(t: str, *_: Any, n: int = n, open_ids: list[int | None] = open_ids) -> None:
            if open_ids and open_ids[-1] is not None:
                out.setdefault((n, int(open_ids[-1])), []).append(t)

        page.extract_text(visitor_operand_before=before, visitor_text=text)
    return {k: " ".join(" ".join(v).split()) for k, v in out.items()}


def reading_order(path: Path) -> list[tuple[int, str, str]]:
    """The structure tree in reading order: (depth, role, the element's own text or a
    figure's alternative text), the document element left out."""
    texts = _texts(path)
    pdf = pikepdf.open(path)
    pages = {p.objgen: i for i, p in enumerate(pdf.pages)}
    rows: list[tuple[int, str, str]] = []

    def kids(e: Any) -> list[Any]:
        k = e.get("/K")
        return [] if k is None else list(k) if isinstance(k, pikepdf.Array) else [k]

    def visit(e: Any, depth: int) -> None:
        words = [
            texts.get((pages[k.Pg.objgen], int(k.MCID)), "")  # type: ignore[index]
            for k in kids(e)
            if isinstance(k, pikepdf.Dictionary) and k.get("/Type") == "/MCR"
        ]
        said = str(e.Alt) if "/Alt" in e else " ".join(w for w in words if w)
        rows.append((depth, str(e.S)[1:], said))
        for k in kids(e):
            if isinstance(k, pikepdf.Dictionary) and k.get("/Type") == "/StructElem":
                visit(k, depth + 1)

    document = pdf.Root.StructTreeRoot.K
    assert str(document.S) == "/Document"
    for k in kids(document):
        visit(k, 0)
    return rows


Rows = list[tuple[int, str, str]]


@pytest.fixture(scope="module")
def read() -> Callable[[Path], Rows]:
    """`reading_order` of a tagged PDF, read once for the file (the tests only read it)."""
    orders: dict[Path, Rows] = {}

    def order(path: Path) -> Rows:
        if path not in orders:
            orders[path] = reading_order(path)
        return orders[path]

    return order


def test_the_rulebooks_reading_order_is_its_text_in_order(
    mini_books: Path, read: Callable[[Path], Rows]
) -> None:
    rows = read(mini_books / "mini-rulebook.pdf")
    top = [(role, said) for depth, role, said in rows if depth == 0]
    headings = [said for role, said in top if role.startswith("H")]
    assert headings == [
        "Mini",
        "Contents",
        "About the game",
        "Components",
        "Setting up",
        "Playing",
        "The suits",
        "Ending the game",
    ]
    roles = [role for role, _ in top]
    assert roles[:2] == ["H1", "Figure"]  # the cover: its title, then its faces
    assert "TOC" in roles and roles.index("TOC") == roles.index("H2") + 1
    # under "Playing": a paragraph, the table with its header cells, then the note
    playing = roles.index("H2", [s for _, s in top].index("Playing"))
    assert roles[playing + 1 : playing + 4] == ["P", "Table", "BlockQuote"]
    table = rows.index(next(r for r in rows if r[1] == "Table"))
    assert [r[1:] for r in rows[table + 1 : table + 4]] == [
        ("TR", ""),
        ("TH", "Step"),
        ("TH", "Do this"),
    ]
    steps = [said for _, role, said in rows if role == "LBody"]
    assert steps[0].startswith("Shuffle all 6 cards together")
    labels = [said for _, role, said in rows if role == "Lbl"]
    assert labels == ["1.", "2.", "3.", "\u2022", "\u2022"]
    assert len(steps) == 5  # the setup's three steps and the suits' two bullets
    toc = [said for _, role, said in rows if role == "TOCI"]
    assert all(title in entry for title, entry in zip(headings[2:], toc))


@pytest.mark.parametrize("game", SHIPPED)
def test_a_shipped_rulebooks_reading_order_is_its_web_pages(
    game: str, shipped: Callable[[str], Path], read: Callable[[Path], Rows]
) -> None:
    """What a screen reader follows in a shipped game's rulebook: its headings, at their
    levels, are the web page's in the web page's order; every figure has words; every
    table opens on a row of header cells; every list item has a body."""
    folder = shipped(game)
    rows = read(folder / f"{game}-rulebook.pdf")
    headings = [(role, said) for _, role, said in rows if re.fullmatch(r"H[1-6]", role)]
    web = (folder / "rules" / "index.html").read_text("utf-8")
    on_web = [
        (f"H{level}", html.unescape(re.sub(r"<[^>]+>", "", said)).strip())
        for level, said in re.findall(r"<h([1-6])[^>]*>(.*?)</h\1>", web, re.S)
    ]
    assert len(headings) > 5 and headings == on_web
    assert all(said.strip() for _, role, said in rows if role == "Figure")
    for i, (depth, role, _) in enumerate(rows):
        if role == "Table":
            assert rows[i + 1][1] == "TR" and rows[i + 2][1] == "TH", rows[i : i + 3]
        if role == "LI":
            assert any(r[1] == "LBody" and r[0] == depth + 1 for r in rows[i + 1 : i + 3])


def test_each_contents_link_is_a_link_element_of_its_row_named_by_its_words(
    mini_books: Path,
) -> None:
    pdf = pikepdf.open(mini_books / "mini-rulebook.pdf")
    nums = list(pdf.Root.StructTreeRoot.ParentTree.Nums)
    owners = dict(zip(nums[::2], nums[1::2]))
    links = [
        annot
        for page in pdf.pages
        for annot in page.obj.get("/Annots", [])
        if annot.get("/Subtype") == "/Link"
    ]
    assert links
    for annot in links:
        element = owners[int(annot.StructParent)]  # type: ignore[index]
        assert element.S == "/Link" and element.P.S == "/TOCI"
        assert element.K.Obj.objgen == annot.objgen
        assert str(annot.Contents).strip()
        # a reader says where it leads from the element itself, and it prints as shown
        assert str(element.Alt) == str(annot.Contents)
        assert int(annot.F) & 4 and not int(annot.F) & (1 | 2 | 32)  # Print; not hidden


def test_each_face_is_a_figure_with_the_words_of_its_picture(
    mini_root: Path, mini_books: Path, read: Callable[[Path], Rows]
) -> None:
    (catalog,), _ = load_games(mini_root, ["mini"])
    rows = read(mini_books / "mini-rulebook.pdf")
    figures = [alt for _, role, alt in rows if role == "Figure"]
    # a face's figure says the words it prints (books.cardwords), as the web page's alt does
    assert figures and all(alt.strip() for alt in figures)
    ember = [alt for alt in figures if "Deal 1 damage." in alt]
    assert ember and all("Strength" in alt and "3" in alt for alt in ember)
    # a face that prints no words of its own is described by name, group and count
    assert picture_words(catalog, catalog.components[0]) == "Ember (Deck: Fire), 2 cards"
    captions = [text for _, role, text in rows if role == "Caption"]
    assert "2× Ember" in captions


def test_the_only_text_outside_the_structure_is_the_page_footer(mini_books: Path) -> None:
    """Every text a page draws is content except its footer and the contents' dot leaders
    (decoration a reader skips)."""
    for name in READING:
        path = mini_books / f"mini-{name}"
        for n, page in enumerate(PdfReader(path).pages):
            marks: list[str] = []
            loose: list[str] = []
            footer: list[str] = []

            def before(op: bytes, args: Any, cm: Any, tm: Any, marks: list[str] = marks) -> None:
                if op in (b"BDC", b"BMC"):
                    props = args[1] if op == b"BDC" else None
                    kind = "pagination" if props is not None and "/Type" in props else str(args[0])
                    marks.append(kind)
                elif op == b"EMC":
                    marks.pop()

            def text(t: str, *_: Any, marks=marks, loose=loose, footer=footer) -> None:
                if not t.strip():
                    return
                if (not marks or marks[-1] == "/Artifact") and t.strip(" .\n"):
                    loose.append(t)
                elif marks[-1] == "pagination":
                    footer.append(t)

            page.extract_text(visitor_operand_before=before, visitor_text=text)
            assert loose == [], f"{name} page {n + 1}: text in no element: {loose}"
            if n:  # every page after the first (the cover, or a first page without one)
                assert footer, f"{name} page {n + 1} has no footer artifact"


def test_no_page_opens_an_artifact_it_closes_with_nothing_drawn(mini_books: Path) -> None:
    """Each page's decoration is marked where something is drawn: no `/Artifact BMC`
    closed at once by `EMC`, and every sequence opened is closed."""
    for name in READING:
        with pikepdf.open(mini_books / f"mini-{name}") as pdf:
            for n, page in enumerate(pdf.pages):
                ops = [str(op.operator) for op in pikepdf.parse_content_stream(page)]
                pairs = list(zip(ops, ops[1:]))
                assert ("BMC", "EMC") not in pairs, f"{name} page {n + 1}"
                assert ops.count("BMC") + ops.count("BDC") == ops.count("EMC"), name
                assert "BMC" in ops  # the page's decoration is still marked


# ----------------------------------------------------------------------- bytes


def test_the_booklets_are_the_untagged_drawing_imposed(
    mini_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (catalog,), _ = load_games(mini_root, ["mini"])
    marked = render_book(catalog, fresh=True)
    for name in ("page_begin", "page_end", "enter", "leave", "switch"):
        monkeypatch.setattr(Recorder, name, lambda self, canv, *what: None)
    plain = render_book(catalog, fresh=True)
    assert marked.reading is not None and plain.reading is not None
    assert b"BDC" not in b"".join(
        page.get_contents().get_data()  # type: ignore[union-attr]  # pypdf: a page it wrote has contents
        for page in PdfReader(io.BytesIO(plain.reading.imposed)).pages
    )
    assert marked.reading.imposed != plain.reading.imposed  # the marks are in the drawing
    assert marked.booklets and marked.booklets == plain.booklets


def test_a_tagged_book_is_the_same_bytes_every_time(mini_root: Path) -> None:
    (catalog,), _ = load_games(mini_root, ["mini"])
    first, again = render_book(catalog, fresh=True), render_book(catalog, fresh=True)
    assert first.reading is not None and again.reading is not None
    assert first.reading.data == again.reading.data


def test_each_pages_drawing_waits_for_the_save_compressed(mini_root: Path) -> None:
    """QPDF holds every page's drawing written back (its empty artifacts dropped) until
    the book is saved: each is held compressed, as the file stores it, not unpacked (a
    book picturing every card of a large game is hundreds of megabytes unpacked)."""
    (catalog,), _ = load_games(mini_root, ["mini"])
    book = render_book(catalog, booklets=False, fresh=True)
    assert book.reading is not None
    with pikepdf.open(io.BytesIO(book.reading.imposed)) as pdf:
        drawn = [p.obj.Contents.read_bytes() for p in pdf.pages]
        tagging._unempty(pdf)
        written = [p.obj.Contents for p, d in zip(pdf.pages, drawn) if unemptied(d) != d]
        assert written
        for contents in written:
            assert contents.get("/Filter") == pikepdf.Name.FlateDecode
            assert len(contents.read_raw_bytes()) < len(contents.read_bytes()) / 2


def test_tagging_a_book_leaves_nothing_of_the_parsed_pdf_for_the_garbage_collector(
    mini_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The structure pass parses the whole book (QPDF's objects, every page's drawing):
    all of it is freed when the pass returns, not kept in reference cycles until the
    collector next runs (a book that pictures every card of a large game is hundreds of
    megabytes there)."""
    from cardstock.books import tagging  # imported where a drawn book is tagged

    left: list[int] = []
    tag = tagging.tag

    def watched(*args: Any) -> bytes:
        gc.collect()
        gc.disable()
        try:
            made = tag(*args)
            gc.set_debug(gc.DEBUG_SAVEALL)
            gc.collect()
            left.append(sum(isinstance(o, (pikepdf.Object, pikepdf.Pdf)) for o in gc.garbage))
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
        return made

    monkeypatch.setattr(tagging, "tag", watched)
    (catalog,), _ = load_games(mini_root, ["mini"])
    book = render_book(catalog, booklets=False, fresh=True)
    assert book.reading is not None and book.reading.data.startswith(b"%PDF")
    assert left == [0]


# ------------------------------------------------- what a screen reader hears, rule by rule


@pytest.fixture(scope="module")
def heard(
    mini_books: Path, shipped: Callable[[str], Path], read: Callable[[Path], Rows]
) -> dict[str, Rows]:
    """The reading order of every tagged rulebook and large-print quick reference: the
    fixture's and each shipped game's of this run."""
    found = [mini_books / f"mini-{name}" for name in READING]
    for game in SHIPPED:
        found += [shipped(game) / f"{game}-{name}" for name in READING]
    return {path.name: read(path) for path in found if path.exists()}


def _siblings(rows: list[tuple[int, str, str]], i: int) -> tuple[str | None, str | None]:
    """The roles of row i's element's previous and next sibling (None: it has none)."""
    depth = rows[i][0]

    def near(step: int) -> str | None:
        j = i + step
        while 0 <= j < len(rows) and rows[j][0] > depth:
            j += step
        return rows[j][1] if 0 <= j < len(rows) and rows[j][0] == depth else None

    return near(-1), near(1)


def test_each_contents_entry_reads_its_title_then_its_page(
    heard: dict[str, list[tuple[int, str, str]]],
) -> None:
    """A contents entry says its title, then its page number; the dot leader between them
    is decoration a reader skips."""
    entries = [said for rows in heard.values() for _, role, said in rows if role == "TOCI"]
    assert len(entries) > 10
    for said in entries:
        assert re.fullmatch(r"[^.\s](?:(?! \.).)*\S \d+", said), said


def test_each_list_item_is_its_label_then_its_body(
    heard: dict[str, list[tuple[int, str, str]]],
) -> None:
    """A list item (`LI`) holds a label (`Lbl`: its bullet or number) and a body (`LBody`:
    its words, without the bullet)."""
    items = 0
    for name, rows in heard.items():
        for i, (depth, role, _) in enumerate(rows):
            if role != "LI":
                continue
            items += 1
            kids = [r for r in rows[i + 1 : i + 3] if r[0] == depth + 1]
            assert [r[1] for r in kids] == ["Lbl", "LBody"], (name, rows[i : i + 3])
            label, body = kids[0][2], kids[1][2]
            assert re.fullmatch(r"\u2022|\d+\.", label), (name, label)
            assert body and not re.match(r"\u2022|\d+\.\s", body), (name, body)
    assert items > 10


def test_each_caption_follows_its_figure(heard: dict[str, list[tuple[int, str, str]]]) -> None:
    """A caption is read right after the figure it captions: its element's previous
    sibling is that `Figure`, and no figure has two captions."""
    captions = 0
    for name, rows in heard.items():
        for i, (_, role, said) in enumerate(rows):
            if role == "Caption":
                captions += 1
                assert _siblings(rows, i)[0] == "Figure", (name, said)
    assert captions > 10


def test_no_figures_words_run_together(heard: dict[str, list[tuple[int, str, str]]]) -> None:
    """A figure's alternative text keeps each word apart (a die's faces each a word of
    its own, "Red, Blue", never "RedBlue")."""
    figures = [said for rows in heard.values() for _, role, said in rows if role == "Figure"]
    assert figures
    for said in figures:
        assert not re.search(r"[a-z\u00e0-\u00ff][A-Z\u00c0-\u00de]", said), said


@pytest.mark.parametrize("game", SHIPPED)
def test_a_dies_figure_says_its_faces_apart(
    game: str, heard: dict[str, list[tuple[int, str, str]]]
) -> None:
    """A die's picture says its faces, each apart, in order ("1, 2, 3, 4, 5, 6" for a die
    of pips, "Red, Blue, …" for one that prints them), not its name, group and count."""
    (catalog,), _ = load_games(ROOT, [game])
    dice = [c for c in catalog.components if isinstance(c.fields.get("faces"), list)]
    figures = [said for _, role, said in heard[f"{game}-rulebook.pdf"] if role == "Figure"]
    for die in dice:
        faces = [
            " ".join("".join(s.text for s in spans(str(f)) if s.icon is None).split())
            for f in die.fields["faces"]
        ]
        if all(faces):  # a face of icons only is said by their labels
            assert any(", ".join(faces) in said for said in figures), (die.name, faces)


def test_the_large_print_component_list_with_card_words_is_read_not_skipped(
    mini_root: Path,
) -> None:
    # each face of the list is a Div a reader hears in order: the picture (a Figure named by
    # what it shows), its name, then the words it prints; none of it is decoration
    folder = _build(mini_root, "mini", mini_root / "worded", large_print=True, card_words=True)
    path = folder / "mini-rulebook-large-print.pdf"
    assert _unchecked(path) == []
    rows = reading_order(path)
    (catalog,), _ = load_games(mini_root, ["mini"])
    card = next(c for c in catalog.components if c.kind == "card" and c.count > 1)
    divs = [
        rows[i + 1 : i + 4]
        for i, (_, role, _said) in enumerate(rows)
        if role == "Div" and i + 3 < len(rows) and card.name in rows[i + 2][2]
    ]
    assert divs, f"no Div names {card.name}"
    (figure, name, words) = [(role, said) for _, role, said in divs[0]]
    assert figure[0] == "Figure" and card.name in figure[1]
    assert name == ("P", f"{card.count}\u00d7 {card.name}")
    assert words[0] == "P" and words[1]
