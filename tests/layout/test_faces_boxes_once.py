"""Each distinct box of a game's faces is drawn and print-safety checked once a build
(`cardstock.layout.painting.memo`): a frame or a back every card shares is laid out once, a box
that reads a card's own fields once per distinct value, and the faces come out as if every
box had been drawn for each of them. The tests count the work, never its time."""

from __future__ import annotations

from collections import Counter

from helpers_generated import generated_catalog

from cardstock.core.cache import memory_cache
from cardstock.layout.faces import Faces
from cardstock.layout.painting import memo as boxmemo
from cardstock.layout.painting import painter as boxes_module
from cardstock.layout.painting.painter import Painter
from cardstock.layout.safety import measures as printsafe

N = 40


def _game(tmp_path):
    return generated_catalog(tmp_path, N)


def _count_boxes(monkeypatch) -> Counter[str]:
    """Every box really drawn, by `layout.box`."""
    drawn: Counter[str] = Counter()
    real = Painter.box

    def box(self, lay, box, ctx, geo):
        drawn[f"{lay.name}.{box.name}"] += 1
        return real(self, lay, box, ctx, geo)

    monkeypatch.setattr(boxes_module.Painter, "box", box)
    return drawn


def _count_checks(monkeypatch) -> Counter[str]:
    """Every box's print-safety check really run, by box name (`FaceCheck`)."""
    checked: Counter[str] = Counter()
    real = printsafe.FaceCheck.__call__

    def call(self, box, before, drawn):
        checked[box.name] += 1
        return real(self, box, before, drawn)

    monkeypatch.setattr(printsafe.FaceCheck, "__call__", call)
    return checked


def _templated(box, styles) -> bool:
    named = styles.get(box.values.get("style") or "", {})
    return any(
        isinstance(v, str) and ("{{" in v or "{%" in v)
        for v in (*box.values.values(), *named.values())
    )


def test_a_box_every_card_shares_is_drawn_once(tmp_path, monkeypatch):
    cat = _game(tmp_path)
    drawn = _count_boxes(monkeypatch)
    faces = Faces(cat, memory_cache())
    got = [f for _, _, f in faces.each()]
    assert len(got) == N + N  # every front, and the back each card shows
    front = faces.layouts.resolve("card")
    assert front is not None
    static = [b for b in front.boxes if not _templated(b, faces.layouts.styles)]
    assert static, "the shipped card has boxes that read no field"
    for b in static:  # drawn for the first card only, whatever the number of cards
        assert drawn[f"card.{b.name}"] <= 1, b.name
    # boxes whose templates give the same on every card (the game's accent, the set's
    # group) are drawn once; the stat (strength: 10 values) and the rules text (5 texts,
    # with the strength among its facts) once for each value they show
    for name in ("frame", "title_band", "stat_disc", "rule", "type_line"):
        assert drawn[f"card.{name}"] == 1, name
    assert drawn["card.stat"] <= 10 and drawn["card.body"] <= 10
    assert drawn["card.title"] == N  # each card's own name
    assert faces.boxes is not None
    assert faces.boxes.draws < sum(len(front.boxes) for _ in range(N))


def test_faces_drawn_once_a_box_equal_faces_drawn_box_by_box(tmp_path, monkeypatch):
    cat = _game(tmp_path)
    once = Faces(cat, memory_cache())
    shared = [(c.id, side, f) for c, side, f in once.each()]
    plain = Faces(cat, memory_cache())
    plain.boxes = None  # every box drawn for every face
    each = [(c.id, side, f) for c, side, f in plain.each()]
    assert shared == each  # the same ops, findings and notes, face by face


def test_a_frame_is_checked_once_for_print_safety(tmp_path, monkeypatch):
    cat = _game(tmp_path)
    checked = _count_checks(monkeypatch)
    faces = Faces(cat, memory_cache())
    list(faces.each())
    front = faces.layouts.resolve("card")
    assert front is not None
    frames = [
        b
        for b in front.boxes
        if not printsafe.draws_content(b.get("type")) and not _templated(b, faces.layouts.styles)
    ]
    assert frames
    for b in frames:
        assert checked[b.name] <= 1, b.name


def test_art_that_differs_on_every_card_and_the_text_below_it_are_checked_once(
    tmp_path, monkeypatch
):
    cat = _game(tmp_path)
    drawn = _count_boxes(monkeypatch)
    checked = _count_checks(monkeypatch)
    faces = Faces(cat, memory_cache())
    list(faces.each())
    # the placeholder art above it is drawn for each card (its rays turn by the card's
    # id); the type line below it reads the same on every card, and the art's fills do
    # not reach what it draws, so its findings are worked out once
    assert drawn["card.art"] == N
    assert checked["type_line"] == 1
    # the art's frame is measured by its clip, the same on every card, and its frame line
    assert checked["art"] == 1
    assert checked["title"] >= N  # each card's own name, measured on each


def test_the_fills_under_a_face_s_text_are_measured_once_for_each_op_faces_share(
    tmp_path, monkeypatch
):
    cat = _game(tmp_path)
    measured: Counter[int] = Counter()
    real = boxmemo.fills

    def counted(ops, *args):
        for op in ops:
            measured[id(op)] += 1
        return real(ops, *args)

    monkeypatch.setattr(boxmemo, "fills", counted)
    faces = Faces(cat, memory_cache())
    got = list(faces.each())
    assert got and measured
    # the frame, the panel, the bands every card draws are the same ops on each card:
    # what they paint is worked out on the first card only
    assert max(measured.values()) == 1
    assert len(measured) < N * 6


def test_a_box_whose_values_recur_further_apart_than_the_memo_holds_is_drawn_twice_a_value(
    tmp_path, monkeypatch
):
    """With a memo too small for the boxes between two cards of one rules text (each
    card's own name among them), the rules text is drawn and checked the first time a
    value is met and once more when it is met again; then it is kept, and the faces are
    the same."""
    monkeypatch.setattr(boxmemo, "MEMO_MAX", 4)
    cat = _game(tmp_path)
    drawn = _count_boxes(monkeypatch)
    checked = _count_checks(monkeypatch)
    faces = Faces(cat, memory_cache())
    shared = [(c.id, side, f) for c, side, f in faces.each()]
    values = len({(c.fields.get("text"), c.fields.get("strength")) for c in cat.components})
    assert values < N // 3  # each value on several cards, met again after many others
    assert drawn["card.body"] <= 2 * values and checked["body"] <= 2 * values
    assert drawn["card.title"] == N
    plain = Faces(cat, memory_cache())
    plain.boxes = None
    assert shared == [(c.id, side, f) for c, side, f in plain.each()]
