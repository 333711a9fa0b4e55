"""A face's drawing is kept for the whole build (below `RETAIN_MAX`), so its ops are stored
lean: slotted dataclasses with no `__dict__`, whose fields are read in declared order by
`values` wherever a face is keyed, cached, linted or fingerprinted."""

from __future__ import annotations

import pickle
from dataclasses import fields, replace

from cardstock.layout.ops import (
    Face,
    Group,
    Icon,
    Note,
    Path,
    Rect,
    SymbolPart,
    Text,
    content_key,
    face_data,
    face_from_data,
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
    face_data(face)
    for obj in (face, *face.walk(), PART, *face.notes):
        assert not hasattr(obj, "__dict__"), type(obj).__name__


def test_values_are_the_fields_in_their_declared_order():
    for op in (*OPS, PART, *a_face().notes):
        assert values(op) == tuple(getattr(op, f.name) for f in fields(op))
        assert field_names(type(op)) == tuple(f.name for f in fields(op))


def test_a_face_comes_back_from_its_cached_data_equal_and_with_the_same_key():
    face = a_face()
    again = face_from_data(face_data(face))
    assert again == face
    assert again is not None and content_key(again.ops) == content_key(face.ops)


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
