"""A face's version mark is drawn once, with the face's hash: the boxes showing it come
last in the shipped layouts, so the other boxes are drawn first, hashed, and the mark drawn
with the hash in place and checked as drawn. A layout that draws a box after its mark
still prints an honest mark (drawn with a stand-in, then again with the hash). Marks whose
digits measure alike are laid out once, each face's digits written into that drawing. The
ops of a face are made plain once, for the mark's hash and the face's content key both.
The tests count calls and compare faces, never a time."""

from __future__ import annotations

from collections import Counter

from conftest import load_games
from helpers_generated import generated_catalog, generated_game

from cardstock import fonts
from cardstock.core.cache import memory_cache
from cardstock.layout import context, ops
from cardstock.layout.faces import Faces
from cardstock.layout.ops import Text
from cardstock.layout.painting import painter as boxes
from cardstock.layout.painting import version_mark as marked

N = 6

# a box drawn after the mark, on top of it: the mark is no longer the layout's last box
AFTER_THE_MARK = """\
[layouts.card.boxes.stamp]
type = "rect"
fill = "%s"
left = "2mm"
top = "2mm"
width = "4mm"
height = "4mm"
"""


PALE_TITLE = '[layouts.card.boxes.title]\ncolor = "#f4f4f4"\n'


def _game(tmp_path, faces_toml: str | None = None):
    return generated_catalog(tmp_path, N, faces_toml)


def _fronts(cat) -> list:
    made = Faces(cat, memory_cache())
    return [made.face(made.records.of(c), "front") for c in cat.components]


def _printed_mark(face) -> str:
    (mark,) = [op.text for op in face.walk() if isinstance(op, Text) and " · " in op.text]
    return mark


def _mark_draws(monkeypatch) -> Counter[str]:
    """The marks the mark box is drawn with, counted (each face's `version_mark`)."""
    drawn: Counter[str] = Counter()
    real = boxes.Painter.box

    def box(self, lay, box, ctx, geo):
        if box.name == "mark":
            drawn[ctx["version_mark"]] += 1
        return real(self, lay, box, ctx, geo)

    monkeypatch.setattr(boxes.Painter, "box", box)
    return drawn


def test_a_mark_drawn_last_is_never_drawn_with_a_stand_in(tmp_path, monkeypatch):
    cat = _game(tmp_path)
    drawn = _mark_draws(monkeypatch)
    fronts = _fronts(cat)
    assert context.version_mark(cat) not in drawn
    assert set(drawn) <= {_printed_mark(f) for f in fronts} and set(drawn.values()) == {1}
    for face in fronts:
        assert _printed_mark(face) == f"v{cat.game.version} · {face.version}"


def test_marks_whose_digits_measure_alike_are_laid_out_once(tmp_path, monkeypatch):
    generated_game(tmp_path, 40)
    (cat,), _ = load_games(tmp_path, ["gen"])
    drawn = _mark_draws(monkeypatch)
    fronts = _fronts(cat)
    widths = {fonts.string_width(f.version, "sans", 1.0) for f in fronts}
    assert len(widths) < len(fronts) and sum(drawn.values()) == len(widths)
    monkeypatch.setattr(marked.MarkDrawings, "_keep", lambda *args: None)  # none kept
    drawn.clear()
    assert _fronts(cat) == fronts  # each drawn: the same faces, findings and notes
    assert sum(drawn.values()) == len(fronts)


def test_a_mark_box_reading_more_than_the_mark_is_drawn_on_every_face(tmp_path, monkeypatch):
    cat = _game(tmp_path, '[layouts.card.boxes.mark]\ncolor = "{{ accent }}"\n')
    drawn = _mark_draws(monkeypatch)
    fronts = _fronts(cat)
    assert sum(drawn.values()) == len(fronts) == N


def test_drawing_the_mark_once_makes_the_face_drawing_it_twice_makes(tmp_path, monkeypatch):
    # the shipped card, and one whose title reads badly (findings to compare)
    games = [_game(tmp_path / "shipped"), _game(tmp_path / "pale", PALE_TITLE)]
    once = [_fronts(cat) for cat in games]
    monkeypatch.setattr(marked, "_marks_last", lambda lay: None)  # the stand-in first
    assert [_fronts(cat) for cat in games] == once
    assert all(f.version and f.marks for fronts in once for f in fronts)
    assert any(f.findings for f in once[1])


def test_a_box_drawn_after_the_mark_is_in_its_hash(tmp_path):
    red, blue = (_game(tmp_path / c, AFTER_THE_MARK % c) for c in ("#cc0000", "#0000cc"))
    card = Faces(red, memory_cache()).layouts.resolve("card")
    assert card is not None and card.boxes[-1].name == "stamp"
    assert marked._marks_last(card) is None  # drawn with a stand-in, then again
    for r, b in zip(_fronts(red), _fronts(blue)):
        assert r.version != b.version
        assert _printed_mark(r) == f"v{red.game.version} · {r.version}"
        ((start, count),) = r.marks
        assert count == 1 and r.ops[start].text == _printed_mark(r)


def test_each_op_of_a_face_is_made_plain_once(tmp_path, monkeypatch):
    games = [_game(tmp_path / "last"), _game(tmp_path / "after", AFTER_THE_MARK % "#cc0000")]
    given: Counter[int] = Counter()
    real = ops.plain

    def plain(obj):
        if not isinstance(obj, (tuple, list)):
            given[id(obj)] += 1
        return real(obj)

    for module in (ops, marked):
        monkeypatch.setattr(module, "plain", plain)
    for cat in games:  # the mark drawn once, and drawn with a stand-in first
        made = Faces(cat, memory_cache())
        for component in cat.components:
            given.clear()
            face = made.face(made.records.of(component), "front")
            assert face is not None and face.marks
            held = Counter(id(op) for op in face.ops)
            assert {id(op): given[id(op)] for op in face.ops} == held
