"""What the print-safety check of a box costs a face through the box memo
(`cardstock.layout.boxmemo`): a box drawn afresh (a card's own title) is checked as it is,
with no key made for its findings; a box drawn from the memo finds its findings again by
the drawing it was kept as and the fills under it. The tests count the work, never its
time, and compare every face's findings with the check run on every box."""

from __future__ import annotations

from collections import Counter

from conftest import load_games
from helpers_generated import generated_game

from cardstock.core.cache import memory_cache
from cardstock.layout import boxmemo
from cardstock.layout.faces import Faces

N = 40


def _game(tmp_path):
    generated_game(tmp_path, N)
    (cat,), issues = load_games(tmp_path, ["gen"])
    assert not issues.errors
    return cat


def _faces(cat) -> list[tuple[object, ...]]:
    return [(c.id, side, f) for c, side, f in Faces(cat, memory_cache()).each()]


def test_a_box_drawn_afresh_on_every_card_keeps_no_findings_and_measures_once(
    tmp_path, monkeypatch
):
    cat = _game(tmp_path)
    kept: list[tuple[int, object]] = []
    real_keep = boxmemo._Table.keep

    def keep(self, key, value, again=None):
        kept.append((id(self), key))
        return real_keep(self, key, value, again)

    extents = Counter[str]()
    real_extent = boxmemo._extent

    def extent(box, drawn):
        extents[box.name] += 1
        return real_extent(box, drawn)

    monkeypatch.setattr(boxmemo._Table, "keep", keep)
    monkeypatch.setattr(boxmemo, "_extent", extent)
    faces = Faces(cat, memory_cache())
    got = [(c.id, side, f) for c, side, f in faces.each()]
    assert faces.boxes is not None
    checked = [key for table, key in kept if table == id(faces.boxes.checked)]
    # every card's title is its own: its drawing is kept by its name, its findings
    # under no key (they could only be met again on the card the title is drawn for);
    # the boxes every card shares, and the stat and the rules text (10 values each), are
    # kept the second time they are met
    assert [key for table, key in kept if table == id(faces.boxes.drawn)]
    assert len(checked) < N
    assert extents["title"] == 0
    # the check still runs on each title and finds what the check of every box finds
    assert faces.boxes.checks >= N
    plain = Faces(cat, memory_cache())
    plain.boxes = None
    assert got == [(c.id, side, f) for c, side, f in plain.each()]
