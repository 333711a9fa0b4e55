"""A sheet file whose pages and faces did not change is not drawn again (`impose.kept`): an
edit of one card leaves the quick reference's PDF as the last build wrote it, the same bytes
a build from nothing writes; a file found changed in the output folder is drawn again; a
file whose faces changed is drawn without its whole key worked out; and the key of a page
holds every field of it and of its placements."""

from __future__ import annotations

import csv
import io
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from conftest import copy_project

from cardstock.build import build as run_build
from cardstock.core.cache import code_key, key_of
from cardstock.core.stage import BuildOptions
from cardstock.impose import kept, pnp
from cardstock.impose.kept import KIND, page_key, sheet_key
from cardstock.impose.plan import Box, Page, Placement
from cardstock.impose.render import DocInfo
from cardstock.plan import Request

GAME = "alpha-omega-cards"
QUICKREF = f"{GAME}/{GAME}-quickref-letter.pdf"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    return copy_project(tmp_path / "proj", (GAME,))


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The titles of the sheet files drawn (`write_pdf` called), in order."""
    titles: list[str] = []
    real = pnp.write_pdf  # type: ignore[attr-defined]

    def counting(pages: Any, info: DocInfo, *args: Any, **kwargs: Any) -> Any:
        titles.append(info.title)
        return real(pages, info, *args, **kwargs)

    monkeypatch.setattr(pnp, "write_pdf", counting)
    return titles


def build(root: Path, out: Path) -> None:
    options = BuildOptions(out=out, papers=("letter",), only=frozenset({"quickref"}))
    assert not run_build(Request(root, (), options, jobs=1)).failed


def first_card(root: Path) -> dict[str, str]:
    raw = (root / "catalog" / GAME / "good.csv").read_text(encoding="utf-8")
    return next(r for r in csv.DictReader(io.StringIO(raw)) if r["text"] and '"' not in r["text"])


def edit_first_card(root: Path) -> None:
    path = root / "catalog" / GAME / "good.csv"
    raw = path.read_text(encoding="utf-8")
    card = first_card(root)
    path.write_text(raw.replace(card["text"], card["text"] + " (edited)", 1), encoding="utf-8")


def test_an_edit_the_quick_reference_does_not_show_leaves_its_file_undrawn(
    project: Path, tmp_path: Path, drawn: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = project / "output"
    build(project, out)
    assert len(drawn) == 1
    edit_first_card(project)
    build(project, out)  # the unit runs again (its game changed); its one file is kept
    assert len(drawn) == 1
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "fresh-cache"))
    fresh = tmp_path / "fresh"
    build(project, fresh)
    assert len(drawn) == 2
    assert (out / QUICKREF).read_bytes() == (fresh / QUICKREF).read_bytes()


def test_a_sheet_file_changed_in_the_output_folder_is_drawn_again(
    project: Path, drawn: list[str]
) -> None:
    out = project / "output"
    build(project, out)
    good = (out / QUICKREF).read_bytes()
    (out / QUICKREF).write_bytes(good.replace(b"%PDF", b"%pdf", 1))  # same size, other bytes
    edit_first_card(project)
    build(project, out)
    assert len(drawn) == 2
    assert (out / QUICKREF).read_bytes() == good


def test_a_file_whose_faces_changed_is_drawn_without_working_its_whole_key_out(
    project: Path, drawn: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    keyed: list[str] = []
    real = pnp.sheet_key  # type: ignore[attr-defined]

    def counting(root: Path, path: Path, info: DocInfo, pages: Any) -> Any:
        keyed.append(path.name)
        return real(root, path, info, pages)

    monkeypatch.setattr(pnp, "sheet_key", counting)
    out = project / "output"
    build(project, out)
    assert (len(keyed), len(drawn)) == (1, 1)
    template = project / "layouts" / GAME / "quickref" / "scoring.md.j2"
    card = first_card(project)["id"]
    line = f"\n\nAlso in the deck: {{{{ component('{card}').name }}}}\n"
    template.write_text(template.read_text(encoding="utf-8") + line, encoding="utf-8")
    build(project, out)  # a reference face changed: the file is drawn, its key left alone
    assert (len(keyed), len(drawn)) == (1, 2)
    edit_first_card(project)
    build(project, out)  # the same faces again: keyed (and kept from the next build on)
    assert (len(keyed), len(drawn)) == (2, 3)


class _Face:
    def __init__(self, key: str) -> None:
        self.key = key


def _page(face: str = "a", rotate: int = 0, note: str = "") -> Page:
    placed = Placement(_Face(face), "c1", "front", Box(0.0, 0.0, 63.0, 88.0), rotate=rotate)
    return Page(612.0, 792.0, "fronts", [placed], note=note)


def test_a_page_key_changes_with_a_face_a_placement_and_the_page_itself() -> None:
    same = page_key(_page())
    assert page_key(_page()) == same
    assert page_key(_page(face="b")) != same
    assert page_key(_page(rotate=90)) != same
    assert page_key(_page(note="backs of page 1")) != same


def test_a_page_key_is_the_repr_of_its_fields_whatever_the_pages_before_it_held() -> None:
    crop = [((0.0, 0.0), (0.0, 9.0)), ((612.0, 0.0), (603.0, 0.0))]
    pages = [_page(face=f"face {n}", note="n" * (n % 2)) for n in range(3)]
    for n, page in enumerate(pages):
        page.crop = list(crop) if n < 2 else [*crop, ((1.0, 2.0), (3.0, 4.0))]
        page.style = ("style", 0.5, True)  # another object, an equal value, each page
    said: dict[Any, str] = {}
    for page in pages:
        placed = [
            (p.face.key, None, *(getattr(p, n) for n in kept._PLACED)) for p in page.placements
        ]
        words = repr((tuple(getattr(page, n) for n in kept._PAGE), placed))
        assert page_key(page, said) == page_key(page) == words


def test_a_page_holding_a_value_shown_by_its_address_has_no_key() -> None:
    info = DocInfo("t", "f", "US Letter")
    page = _page()
    assert sheet_key(Path("."), Path("x.pdf"), info, [page]) is not None
    page.style = object()  # a value without words of its own
    assert sheet_key(Path("."), Path("x.pdf"), info, [page]) is None


def test_a_sheet_key_worked_out_page_by_page_is_the_key_of_all_its_words() -> None:
    info = DocInfo("t", "f", "US Letter")
    pages = [_page(face=f"face {n}", rotate=90 * (n % 2)) for n in range(5)]
    words = [repr(info), *(page_key(p) for p in pages)]
    whole = key_of(KIND, code_key(), ".", "x.pdf", *words)
    assert sheet_key(Path("."), Path("x.pdf"), info, pages) == whole


def test_a_sheet_key_does_not_hold_the_words_of_every_page_at_once() -> None:
    info = DocInfo("t", "f", "US Letter")

    def peak(count: int) -> int:
        pages = [_page(face=f"face {n:064d}") for n in range(count)]
        tracemalloc.start()
        try:
            sheet_key(Path("."), Path("x.pdf"), info, pages)
            still, most = tracemalloc.get_traced_memory()
            return most - still  # what was held for a while only
        finally:
            tracemalloc.stop()

    few, many = peak(50), peak(1000)
    assert many - few < 950 * 50  # far below a page's words (250 characters) a page
