"""A face's SVG is drawn in one pass over its ops: the fonts its style sheet loads and the
guides it draws on request are those found anywhere in the ops, groups included, and the
memos the faces of a build share (printed numbers, the elements of the ops they share)
change no face's bytes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardstock.layout.ops import Face, Group, Guide, Rect, Text
from cardstock.render import svg
from cardstock.render.svg import svg_bytes

SVG = "{http://www.w3.org/2000/svg}"
FRAME = (("M", 0.0, 0.0), ("L", 180.0, 0.0), ("L", 180.0, 252.0), ("Z",))


def face(shift: float) -> Face:
    """A card whose text (one line in a clipped group) and safe guide sit deep in groups."""
    inner = Group(
        (Text(20.5 + shift, 40.25, "Deep", "serif-bold", 11.0), Guide(FRAME, "safe")),
        clip=FRAME,
    )
    ops = (
        Rect(0.0, 0.0, 180.0, 252.0, fill="#f0e0c0"),
        Text(12.125 + shift, 200.0, "Top", "sans", 9.5),
        Group((inner,), transform=(1.0, 0.0, 0.0, 1.0, 3.0, 4.0)),
    )
    return Face.build(180.0, 252.0, 9.0, "rect", ops)


def test_the_style_sheet_loads_the_fonts_of_text_inside_groups_too():
    css = ET.fromstring(svg_bytes(face(0.0))).find(f"{SVG}defs/{SVG}style")
    assert css is not None and css.text is not None
    assert "LiberationSans-Regular" in css.text and "LiberationSerif-Bold" in css.text


def test_guides_inside_groups_are_drawn_only_on_request():
    def guides(data: bytes) -> list[str]:
        root = ET.fromstring(data)
        return [el.get("class") or "" for el in root.iter() if "guide" in (el.get("class") or "")]

    assert guides(svg_bytes(face(0.0))) == []
    assert guides(svg_bytes(face(0.0), guides=True)) == ["guide guide-safe"]


def test_a_shared_memo_of_numbers_leaves_each_face_as_drawn_alone():
    a, b = face(0.0), face(0.3337)
    nums: dict[float, str] = {}
    shared = [svg_bytes(a, nums=nums), svg_bytes(b, nums=nums), svg_bytes(a, nums=nums)]
    assert shared == [svg_bytes(a), svg_bytes(b), svg_bytes(a)]
    assert nums[12.125] == "12.125" and nums[12.125 + 0.3337] == "12.459"


def test_a_full_memo_takes_no_more_numbers_and_the_face_still_prints_them(monkeypatch):
    monkeypatch.setattr(svg, "NUMS_KEPT", 3)
    nums: dict[float, str] = {}
    assert svg_bytes(face(0.0), nums=nums) == svg_bytes(face(0.0))
    assert len(nums) == 3


def test_every_copy_of_a_face_holds_the_one_drawing_as_a_fresh_copy_would():
    from cardstock.render.svg import FaceSvg

    drawn = FaceSvg(face(0.0))
    copies = [
        drawn.svg(title="Deep card"),
        drawn.svg(font_url="../fonts/", bleed=0.0),
        drawn.svg(guides=True, title="Deep card (guides)"),
    ]
    assert copies == [
        FaceSvg(face(0.0)).svg(title="Deep card"),
        FaceSvg(face(0.0)).svg(font_url="../fonts/", bleed=0.0),
        FaceSvg(face(0.0)).svg(guides=True, title="Deep card (guides)"),
    ]
    for data in copies:
        root = ET.fromstring(data)
        order = [el.get("id") or el.tag.removeprefix(SVG) for el in root]
        assert order[-2:] in (["defs", "face"], ["face", "guides"]), order
        drawing = root.find(f"{SVG}g[@id='face']")
        assert drawing is not None
        assert [t.text for t in drawing.iter(f"{SVG}text")] == ["Top", "Deep"]


def test_a_text_that_reads_like_markup_is_drawn_as_its_words():
    words = "<cardstock-face-drawing /> & <b>"
    card = Face.build(180.0, 252.0, 9.0, "rect", (Text(10.0, 20.0, words, "sans", 9.0),))
    root = ET.fromstring(svg_bytes(card))
    assert [t.text for t in root.iter(f"{SVG}text")] == [words]


def _sharing() -> list[Face]:
    """Five cards drawing one background and one rules text (the same objects, as the
    faces of a build share them), each with a name of its own, the rules text also inside
    a clipped group."""
    ground = Rect(0.0, 0.0, 180.0, 252.0, fill="#f0e0c0")
    rules = Text(12.0, 200.0, "Draw a card & <win>", "serif-bold", 9.5)
    out = []
    for n, name in enumerate(("Ash", "Birch", "Cedar", "Dogwood", "Elm")):
        ops = (
            ground,
            Text(12.0 + n, 30.0, name, "sans", 11.0),
            Group((rules,), clip=FRAME),
            rules,
        )
        out.append(Face.build(180.0, 252.0, 9.0, "rect", ops))
    return out


def test_an_op_the_faces_of_a_build_share_is_written_once_for_all_but_the_first(monkeypatch):
    faces = _sharing()
    alone = [svg_bytes(f) for f in faces]
    built: list[int] = []
    element = svg._Writer._element

    def counted(self, op):
        built.append(id(op))
        return element(self, op)

    monkeypatch.setattr(svg._Writer, "_element", counted)
    written = svg.Written()
    shared = [svg_bytes(f, written=written) for f in faces]
    assert shared == alone
    ground, _, _, rules = faces[0].ops
    # drawn by the first face, written once for the other four
    assert built.count(id(ground)) == 2 and built.count(id(rules)) == 2
    assert all(built.count(id(f.ops[1])) == 1 for f in faces)  # each name, its own
    for data in shared:  # the rules text's font, though its element was written before
        css = ET.fromstring(data).find(f"{SVG}defs/{SVG}style")
        assert css is not None and css.text is not None and "LiberationSerif-Bold" in css.text


def test_a_full_memo_of_elements_takes_no_more_and_the_faces_are_still_drawn(monkeypatch):
    monkeypatch.setattr(svg, "OPS_KEPT", 1)
    written = svg.Written()
    faces = _sharing()
    assert [svg_bytes(f, written=written) for f in faces] == [svg_bytes(f) for f in faces]
    assert len(written.text) == 1


def test_copies_of_faces_of_one_size_and_fonts_share_the_root_written_once(monkeypatch):
    faces = _sharing()
    wide = Face.build(252.0, 180.0, 9.0, "rect", faces[0].ops)  # another size: its own root

    def copies(written: svg.Written | None = None) -> list[bytes]:
        out = []
        for n, f in enumerate([*faces, wide]):
            drawn = svg.FaceSvg(f, written=written)
            out += [drawn.svg(title=f"Card {n} & <Co>"), drawn.svg(font_url="../f/", bleed=0.0)]
        return out

    alone = copies()
    made: list[tuple[object, ...]] = []
    root = svg.FaceSvg._root

    def counted(self, *args):
        made.append(args)
        return root(self, *args)

    monkeypatch.setattr(svg.FaceSvg, "_root", counted)
    assert copies(svg.Written()) == alone
    assert len(made) == 4  # titled and not, of each size
    titles = [ET.fromstring(data).findtext(f"{SVG}title") for data in alone[::2]]
    assert titles == [f"Card {n} & <Co>" for n in range(6)]
