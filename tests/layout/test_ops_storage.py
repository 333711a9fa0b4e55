"""A face's drawing is kept for the whole build (below `RETAIN_MAX`), so its ops are stored
lean: slotted dataclasses with no `__dict__`, whose fields are read in declared order by
`values` wherever a face is keyed, cached, linted or fingerprinted."""

from __future__ import annotations

import json
import pickle
from dataclasses import fields, replace

from cardstock.layout.ops import (
    Face,
    FaceLines,
    Group,
    Icon,
    Note,
    Path,
    Rect,
    SymbolPart,
    Text,
    content_key,
    field_names,
    rect_path,
    values,
)

PART = SymbolPart((("M", 0.0, 0.0), ("L", 100.0, 100.0), ("Z",)), 2.0)
OPS = (
    Rect(1.0, 2.0, 30.0, 40.0, fill="#ff0000", radius=3.0),
    Text(5.0, 6.0, "Sun 1", "serif", 9.5, color="#123456"),
    Group((Path((("M", 0.0, 0.0), ("L", 5.0, 5.0)), stroke="#000000"),), clip=None),
    Icon(3.0, 4.0, 12.0, "star", "#c9a227", (PART,)),
)


def a_face() -> Face:
    face = Face.build(63.0, 88.0, 9.0, "rect", OPS)
    return replace(face, notes=(Note("card.name", 1.0, 2.0, 3.0, 4.0, 9.0, 6.0, 0.0, ()),))


def test_no_op_of_a_face_has_a_dict_even_after_it_is_keyed_and_cached():
    face = a_face()
    content_key(face.ops)
    FaceLines().dumps(face)
    for obj in (face, *face.walk(), PART, *face.notes):
        assert not hasattr(obj, "__dict__"), type(obj).__name__


def test_values_are_the_fields_in_their_declared_order():
    for op in (*OPS, PART, *a_face().notes):
        assert values(op) == tuple(getattr(op, f.name) for f in fields(op))
        assert field_names(type(op)) == tuple(f.name for f in fields(op))


def test_a_face_comes_back_from_its_cached_data_equal_and_with_the_same_key():
    face = a_face()
    again = FaceLines().loads(FaceLines().dumps(face))
    assert again == face
    assert again is not None and content_key(again.ops) == content_key(face.ops)


def test_a_cached_face_is_lines_of_json_one_for_each_op_and_each_note():
    face = a_face()
    lines = FaceLines().dumps(face).decode().split("\n")
    assert len(lines) == 1 + len(face.ops) + len(face.notes)
    assert [json.loads(line)[0] for line in lines[1:-1]] == ["Rect", "Text", "Group", "Icon"]
    assert json.loads(lines[-1])[0] == "card.name"


def test_an_op_repeated_from_face_to_face_is_read_back_once_and_shared():
    lines = FaceLines()
    first = lines.loads(FaceLines().dumps(a_face()))
    moved = replace(a_face(), ops=(OPS[0], Text(5.0, 7.0, "Moon 2", "serif", 9.5)))
    second = lines.loads(FaceLines().dumps(moved))
    assert first is not None and second is not None
    assert second.ops[0] is first.ops[0]  # the same frame: one op for both faces
    assert second.ops[1] == moved.ops[1] and second.ops[1] is not first.ops[1]
    assert second.notes[0] is first.notes[0]


def test_the_ops_and_notes_faces_share_are_written_once_for_every_face(monkeypatch):
    from cardstock.layout import ops

    written: list[object] = []
    real = ops._json
    monkeypatch.setattr(ops, "_json", lambda value: written.append(value) or real(value))
    note = Note("card.frame", 1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0, ())
    lines = FaceLines()
    first = replace(a_face(), notes=(note,))
    for n in range(5):  # the same frame and its note on each face, each face's own title
        title = Text(5.0, 6.0, f"Sun {n}", "serif", 9.5)
        face = replace(first, ops=(OPS[0], title), notes=(note,))
        assert lines.dumps(face) == FaceLines().dumps(face)
    written.clear()
    lines.dumps(replace(first, ops=(OPS[0], Text(5.0, 6.0, "Moon", "serif", 9.5))))
    assert [w[0] for w in written[1:]] == ["Text"]  # the head and the new title only


def test_a_damaged_cached_face_reads_as_none():
    good = FaceLines().dumps(a_face())
    for damaged in (b"", b"[1, 2]", good[:-9], good.replace(b'"Rect"', b'"Box"'), b"\xff\n"):
        assert FaceLines().loads(damaged) is None, damaged


def test_a_slotted_face_survives_the_trip_to_a_worker():
    face = a_face()
    assert pickle.loads(pickle.dumps(face)) == face


def test_equal_rectangles_share_one_outline_and_unequal_ones_do_not():
    rounded = rect_path(10.0, 20.0, 30.0, 40.0, 4.0)
    assert rect_path(10.0, 20.0, 30.0, 40.0, 4.0) is rounded
    assert rect_path(10.0, 20.0, 30.0, 40.0) is rect_path(10.0, 20.0, 30.0, 40.0)
    other = rect_path(10.0, 20.0, 30.0, 41.0, 4.0)
    assert other is not rounded and other != rounded
    assert rounded[1] == ("L", 36.0, 20.0)  # the right edge (40) less the corner (4)


def test_a_faces_outline_is_the_face_without_its_drawing_and_notes():
    face = a_face()
    assert face.outline() == replace(face, ops=(), notes=())
    assert face.outline().key == face.key and face.ops and face.notes
