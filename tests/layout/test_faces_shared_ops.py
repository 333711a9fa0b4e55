"""The drawings a game keeps hold each distinct op once (`BoxMemo.share`, `BoxMemo.notes`,
`BoxMemo.findings`): an op a box draws afresh is exchanged for the equal op another face
drew before, and a face's notes and findings for the equal ones of a face before. The
faces come out equal to faces drawn box by box; only how many objects hold them changes."""

from __future__ import annotations

from collections import defaultdict

from helpers_generated import generated_catalog

from cardstock.core.cache import memory_cache
from cardstock.core.issues import Issue
from cardstock.layout.faces import Faces
from cardstock.layout.ops import Group, Image, Note, Path, Rect, Text
from cardstock.layout.painting import memo as boxmemo
from cardstock.layout.painting.memo import BoxMemo

N = 40


def _faces(tmp_path) -> Faces:
    return Faces(generated_catalog(tmp_path, N), memory_cache())


def _rect() -> Rect:
    return Rect(1.0, 2.0, 30.0, 40.0, fill="#336699", radius=3.0)


def test_an_op_drawn_again_is_the_one_drawn_first():
    memo = BoxMemo()
    first, second = _rect(), _rect()
    assert first is not second
    assert memo.share([first])[0] is first
    assert memo.share([second])[0] is first


def test_ops_that_differ_in_one_field_stay_apart():
    memo = BoxMemo()
    red = Text(5.0, 6.0, "Sun 1", "serif", 9.5, color="#ff0000")
    blue = Text(5.0, 6.0, "Sun 1", "serif", 9.5, color="#0000ff")
    assert memo.share([red, blue]) == [red, blue]
    assert memo.share([blue])[0] is blue


def test_a_group_is_shared_whole_and_its_ops_with_the_same_ops_outside_it():
    memo = BoxMemo()
    outside = memo.share([_rect()])[0]
    clip = (("M", 0.0, 0.0), ("L", 9.0, 9.0), ("Z",))
    one = memo.share([Group((_rect(),), clip)])[0]
    assert isinstance(one, Group) and one.ops[0] is outside
    assert memo.share([Group((_rect(),), clip)])[0] is one


def test_an_image_is_shared_only_with_an_image_of_the_same_file():
    memo = BoxMemo()
    a = Image(0.0, 0.0, 10.0, 10.0, "/art/a.png", sha256="same")
    b = Image(0.0, 0.0, 10.0, 10.0, "/art/b.png", sha256="same")
    assert a == b  # equal as ops: the path is left out of the comparison
    got = memo.share([a, b])
    assert got[0] is a and got[1] is b
    again = memo.share([Image(0.0, 0.0, 10.0, 10.0, "/art/b.png", sha256="same")])[0]
    assert again is b


def test_a_group_holding_an_image_is_shared_only_with_one_naming_the_same_files():
    memo = BoxMemo()
    a = Image(0.0, 0.0, 10.0, 10.0, "/art/a.png", sha256="same")
    b = Image(0.0, 0.0, 10.0, 10.0, "/art/b.png", sha256="same")
    with_a = memo.share([Group((a, _rect()))])[0]
    with_b = memo.share([Group((b, _rect()))])[0]
    assert isinstance(with_b, Group) and with_b.ops[0] is b
    assert with_b is not with_a
    assert memo.share([Group((b, _rect()))])[0] is with_b
    assert memo.share([Group((Group((a,)),))])[0] is not memo.share([Group((Group((b,)),))])[0]


def test_equal_notes_of_two_faces_are_one_tuple():
    memo = BoxMemo()
    note = Note("card.name", 1.0, 2.0, 3.0, 4.0, 9.0, 6.0, 0.0, ())
    first = (note,)
    again = (Note("card.name", 1.0, 2.0, 3.0, 4.0, 9.0, 6.0, 0.0, ()),)
    assert memo.notes(first) is first
    assert memo.notes(again) is first


def _contrast(bad_input: bool = False) -> Issue:
    return Issue(
        "layouts/x.toml",
        3,
        "layouts.card.boxes.text",
        "#777 on #666 is 1.2:1",
        "warning",
        bad_input,
    )


def test_equal_findings_of_two_faces_are_one_tuple_of_the_same_issues():
    memo = BoxMemo()
    first = memo.findings((_contrast(),))
    again = memo.findings((_contrast(),))
    assert again is first
    mixed = memo.findings((Issue("f", 1, "x", "other"), _contrast()))
    assert mixed[1] is first[0]


def test_a_finding_that_is_bad_input_is_not_taken_for_an_equal_one_that_is_not():
    memo = BoxMemo()
    plain = memo.findings((_contrast(),))
    bad = memo.findings((_contrast(bad_input=True),))
    assert bad == plain  # `bad_input` is not compared
    assert bad is not plain and bad[0].bad_input and not plain[0].bad_input


def test_the_shared_ops_are_bounded(monkeypatch):
    monkeypatch.setattr(boxmemo, "SHARED_MAX", 8)
    memo = BoxMemo()
    for i in range(30):
        memo.share([Path((("M", float(i), 0.0),))])
        assert len(memo._shared) <= 8


def test_an_op_met_again_stays_one_object_while_the_shared_ops_fill(monkeypatch):
    monkeypatch.setattr(boxmemo, "SHARED_MAX", 8)
    memo = BoxMemo()

    def label() -> Text:  # drawn afresh on every face, as a fact's label in a rules text
        return Text(13.0, 182.0, "Number", "sans-bold", 9.0, "#23232b")

    first_label = memo.share([label()])[0]
    first_title = memo.share([Text(10.0, 5.0, "Title 0", "serif-bold", 11.0)])[0]
    for i in range(1, 60):  # each face's own title fills the table again and again
        title, again = memo.share([Text(10.0, 5.0, f"Title {i}", "serif-bold", 11.0), label()])
        assert again is first_label
        assert len(memo._shared) <= 8
    assert len(memo._before) <= 8
    # a value met once is let go: an equal one met much later is kept anew
    assert memo.share([Text(10.0, 5.0, "Title 0", "serif-bold", 11.0)])[0] is not first_title


def test_no_two_faces_of_a_game_hold_equal_ops_as_two_objects(tmp_path):
    faces = _faces(tmp_path)
    held: dict[object, set[int]] = defaultdict(set)
    notes: dict[object, set[int]] = defaultdict(set)
    for _, _, face in faces.each():
        for op in face.ops:  # an image by its file too: its path is not compared
            held[(op, op.path) if isinstance(op, Image) else op].add(id(op))
        notes[face.notes].add(id(face.notes))
    assert len(held) < sum(len(f.ops) for _, _, f in faces.each())  # ops repeat
    assert all(len(ids) == 1 for ids in held.values())
    assert all(len(ids) == 1 for ids in notes.values())


def test_faces_with_shared_ops_equal_faces_drawn_box_by_box(tmp_path):
    faces = _faces(tmp_path)
    shared = [(c.id, side, f) for c, side, f in faces.each()]
    plain = Faces(faces.catalog, memory_cache())
    plain.boxes = None  # every box drawn for every face, nothing shared
    assert shared == [(c.id, side, f) for c, side, f in plain.each()]
