"""Room for a longer language: the shipped games' layouts hold the pseudo-language (every
text about 35 % longer) with no box overflowing and no type below its piece's least size,
and a box too small for a longer text is still reported.

A one-line box (a die face's label, the default card's type line) keeps its one line while
it fits at `min_size` (`shrink_first`), so the source language prints as before, and takes a
second line only when a longer text must. The shipped card games give their type line a
band of two lines at its own size instead: a longer line wraps before it shrinks, and the
pseudo-language's type lines are set above their least size.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from conftest import GAMES, ROOT, copy_project, lay_out
from helpers_faces import drawn_text

from cardstock.catalog.pseudo import pseudo
from cardstock.catalog.variants import load_with_languages
from cardstock.cli import main
from cardstock.layout.labels import layout_words
from cardstock.layout.text.fit import fit_blocks, plain_blocks
from cardstock.layout.text.words import TextStyle
from cardstock.rules.model import load_rules


def no_icons(_name: str) -> None:
    return None


def check_qps(root: Path, game: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["--root", str(root), "check", game, "--lang", "qps"])
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.parametrize("game", GAMES)
def test_a_shipped_game_holds_the_pseudo_language(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = check_qps(ROOT, game, capsys)
    assert code == 0, out
    safety = out[out.index("Print safety") :]
    assert "ok    text fits, bleed holds only art, safe zone respected: no findings" in safety
    assert "does not fit in layout" not in out and "below the" not in out


def test_the_pseudo_language_proof_lists_no_box_that_overflows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["--root", str(ROOT), "proof", "atmosfear", "--lang", "qps", "--out", str(tmp_path)]
    )
    out = capsys.readouterr().out
    assert code == 0 and "proof: atmosfear-qps/proof/fit-report.csv" in out, out
    report = tmp_path / "atmosfear-qps" / "proof" / "fit-report.csv"
    with report.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert any(r["box"] == "realms.type_line" for r in rows)  # the pseudo-language's faces
    assert [r for r in rows if r["overflow_mm"] or "overflow" in r["problems"]] == []
    assert all(float(r["size_pt"]) >= float(r["min_size_pt"]) for r in rows)


# The sets whose type line is the longest of a shipped card game (a requirement or four
# facts on one line), each laid out in the pseudo-language: a few faces of each, not a build.
LONG_TYPE_LINES = [
    ("atmosfear", "realms", 12),
    ("atmosfear", "keys", 1),
    ("vortex", "rogations", 4),
    ("alter-ego", "sadists", 2),
    ("alter-ego", "anarchists", 2),
    ("alpha-omega-cards", "objectives", 1),
]
LEAST_CARD_TEXT = 6.5  # points: the least size a shipped card's text may shrink to


@pytest.mark.parametrize(("game", "set_id", "faces"), LONG_TYPE_LINES)
def test_a_shipped_type_line_sets_the_pseudo_language_above_its_minimum(
    game: str, set_id: str, faces: int
) -> None:
    variant = f"{game}-qps"
    catalogs, issues = load_with_languages(
        ROOT, [variant], load_rules, {variant: (game, "qps")}, layout_words
    )
    assert not issues.errors
    (catalog,) = catalogs
    comps = [c for c in catalog.components if c.set == set_id][:faces]
    assert comps
    notes = [
        n
        for c in comps
        for n in lay_out(catalog, c, "front").notes
        if n.box == f"{set_id}.type_line"
    ]
    assert len(notes) == len(comps)
    for note in notes:
        assert note.min_size >= LEAST_CARD_TEXT and not note.problems, note
        assert note.size > note.min_size, note  # room to spare, not shrunk to the floor


def test_a_type_line_too_narrow_for_the_pseudo_language_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path / "proj", ("atmosfear",))
    faces = root / "layouts" / "atmosfear" / "faces.toml"
    # the Realm cards' type line with room for one line only, down to 6pt: English fits it
    box = "[layouts.realms.boxes.type_line]\n"
    text = faces.read_text(encoding="utf-8")
    assert box in text
    one_line = 'height = "2.6mm"\nmin_size = "6pt"\n'
    faces.write_text(text.replace(box, box + one_line), encoding="utf-8")
    assert main(["--root", str(root), "check", "atmosfear", "--only", "print-safety"]) == 0
    capsys.readouterr()
    code, out = check_qps(root, "atmosfear", capsys)
    assert code == 1, out
    assert "layout box type_line: the text of box 'type_line' does not fit in layout" in out
    assert "'realms' even at the minimum size 6pt, at most 2 lines" in out
    assert main(["--root", str(root), "proof", "atmosfear", "--lang", "qps"]) == 0
    report = root / "output" / "atmosfear-qps" / "proof" / "fit-report.csv"
    with report.open(encoding="utf-8") as f:
        over = {r["box"] for r in csv.DictReader(f) if "overflow" in r["problems"]}
    assert over == {"realms.type_line"}


STYLE = TextStyle(size=8.0, min_size=6.0, leading=1.0, max_lines=2)
WIDTH = 100.0  # points
TEXT = "Rogation · needs three Devotees · more than every rival"


def lines_and_size(text: str, style: TextStyle) -> tuple[int, float, bool]:
    fit = fit_blocks(plain_blocks(text), (0.0, 0.0, WIDTH, 40.0), style, no_icons)
    return fit.lines, fit.size, fit.fits


def test_shrink_first_keeps_one_line_while_the_least_size_allows_it() -> None:
    wrapped = lines_and_size(TEXT[:34], STYLE)
    kept = lines_and_size(TEXT[:34], TextStyle(**{**STYLE.__dict__, "shrink_first": True}))
    assert wrapped[0] == 2 and wrapped[1] == STYLE.size  # the largest size, on two lines
    assert kept[0] == 1 and STYLE.min_size <= kept[1] < STYLE.size and kept[2]


def test_shrink_first_wraps_a_text_one_line_cannot_hold() -> None:
    longer = pseudo(TEXT[:34])
    lines, size, fits = lines_and_size(
        longer, TextStyle(**{**STYLE.__dict__, "shrink_first": True})
    )
    assert lines == 2 and fits
    assert (lines, size) == lines_and_size(longer, STYLE)[:2]  # as without shrink_first


def test_pseudo_lengthens_each_item_of_a_list_apart() -> None:
    made = pseudo("Headstone 7 | Relic 8 | :crown: Harbinger 12", " | ")
    items = made.split(" | ")
    assert len(items) == 3
    assert all(i.startswith("[") and i.endswith("]") for i in items)
    assert "7" in items[0] and "8" in items[1] and ":crown:" in items[2] and "12" in items[2]
    # the whole list as one text puts all its growth on the last item
    assert len(pseudo("Headstone 7 | Relic 8 | :crown: Harbinger 12").split(" | ")[2]) > len(
        items[2]
    )


@pytest.mark.parametrize(("game", "set_id"), [("vortex", "frenzies"), ("alter-ego", "sadists")])
def test_a_type_line_prints_the_group_in_the_build_language(game: str, set_id: str) -> None:
    """`{{ group_said }}`: the group a player reads, in the edition's language; `group`
    stays the source's, which templates find components by."""
    variant = f"{game}-qps"
    catalogs, issues = load_with_languages(
        ROOT, [variant], load_rules, {variant: (game, "qps")}, layout_words
    )
    assert not issues.errors
    (catalog,) = catalogs
    card = next(c for c in catalog.components if c.set == set_id)
    text = drawn_text(lay_out(catalog, card, "front").ops)
    said = pseudo(card.group)
    assert said != card.group and said.strip("[]").split()[0] in text, text
