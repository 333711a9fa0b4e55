"""Double-sided cards pack as tightly as cards with a deck back (issue #45): each card's
reverse is its own, but all are drawn from the set's one design, so they share cuts as a
deck's backs do. 24 double-sided poker cards take 3 sheets of Letter (8 a page) or A4 (9,
9 and 6), fronts and backs paired position for position; a simulated duplex printer
(tests/helpers_printer.py) finds every back behind its own front under long- and
short-edge flips; and a gutter still opens where two different back designs meet."""

from __future__ import annotations

import pytest
from conftest import ROOT, faces_of, job_of
from helpers_printer import TOLERANCE, Printer, land, read
from helpers_probe import probe_catalog

from cardstock.core.stage import BuildOptions
from cardstock.impose.grid import Item, fill_pages, plan_grid
from cardstock.impose.pnp import build_pnp
from cardstock.impose.sheets import load_sheets

PAPERS = ("letter", "a4")


@pytest.fixture(scope="module")
def probe(tmp_path_factory):
    return probe_catalog(tmp_path_factory.mktemp("probe"))


@pytest.fixture(scope="module")
def built(probe, tmp_path_factory):
    """(paper, flip) -> the PnP file of the probe set alone."""
    found = {}
    for flip in ("long", "short"):
        options = BuildOptions(
            out=tmp_path_factory.mktemp(f"out-{flip}"), duplex=flip, select_sets=("probe",)
        )
        for a in build_pnp(job_of(probe, options)).artifacts:
            found[(a.paper, flip)] = a.path.read_bytes()
    return found


def _sizes_and_backs(catalog):
    faces = faces_of(catalog)
    sizes: dict[str, tuple[float, float]] = {}
    backs: dict[str, str] = {}
    for comp in catalog.components:
        for side in ("front", "back"):
            f = faces.outline(faces.records.of(comp), side, bleed=True)
            if f is not None:
                sizes[f.key] = (f.width, f.height)
                if side == "back":
                    backs[comp.id] = f.key
    return sizes, backs


@pytest.mark.parametrize("paper", PAPERS)
def test_24_double_sided_poker_cards_take_three_sheets(built, paper):
    sheets = read(built[(paper, "long")])
    assert [s.faces and s.faces[0].side for s in sheets] == ["front", "back"] * 3
    fronts = [len(s.faces) for s in sheets[0::2]]
    assert fronts == ([8, 8, 8] if paper == "letter" else [9, 9, 6])
    assert [len(s.faces) for s in sheets[1::2]] == fronts


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("paper", PAPERS)
def test_every_reverse_lands_behind_its_own_front(probe, built, paper, flip):
    sizes, backs = _sizes_and_backs(probe)
    sheets = read(built[(paper, flip)])
    landed = 0
    for front, behind in zip(sheets[0::2], sheets[1::2]):
        landings, stray = land(
            front, behind, Printer(flip), lambda f: sizes[f.key], pairs=lambda f: True
        )
        assert not stray
        for one in landings:
            assert one.back is not None and one.miss <= TOLERANCE, (front.number, one)
            assert one.back.key == backs[one.front.component]
            landed += 1
    assert landed == 24


class _Face:
    def __init__(self, key: str) -> None:
        self.key = key


def test_a_gutter_opens_only_where_the_back_design_changes():
    """Cards whose reverses are of one design fill the page's grid; a card of another
    design after them moves on past a gap (or to a new row), as a new deck back would."""
    sheets, _ = load_sheets(ROOT)
    cards = next(s for s in sheets if "card" in s.sheet.kinds)
    layout = plan_grid(63.5 * 72 / 25.4, 88.9 * 72 / 25.4, 3 * 72 / 25.4, cards.sheet, "a4")
    assert layout is not None and layout.capacity == 9
    one = [Item(_Face(f"f{k}"), _Face(f"r{k}"), f"c{k}", "reverse of set a") for k in range(9)]
    pages = fill_pages(one, layout)
    assert len(pages) == 1 and pages[0][1:] == (frozenset(), frozenset())
    other = [Item(_Face("g"), _Face("s"), "g", "reverse of set b")]
    pages = fill_pages(one[:4] + other, layout)
    assert pages[0][1] or pages[0][2] or len(pages) > 1  # a gap, or a page of its own
    # the same reverses without a shared design: every card its own back, gaps everywhere
    alone = [Item(i.front, i.back, i.component) for i in one]
    assert sum(len(p[0]) for p in fill_pages(alone, layout)[:1]) < 9
