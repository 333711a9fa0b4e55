"""The ink-saver edition as one repaint of a face's ops: the background dropped, panels
lightened, a back reduced to outlines and the game's mark, every text run inked to read,
and a box's `ink` key choosing what happens to its own fills."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from helpers_faces import comp, load, make_project

from cardstock.layout.faces import Faces
from cardstock.layout.ops import Face, Rect, Text, walk
from cardstock.layout.ops import Path as PathOp
from cardstock.layout.safety.ground import IDENTITY, fills
from cardstock.layout.safety.measures import least_contrast, marks


def filled(face: Face) -> list[str]:
    return [op.fill for op in walk(face.ops) if getattr(op, "fill", None)]


def faces(root: Path, edition: str | None) -> tuple[Faces, object]:
    cat = load(root)
    return Faces(replace(cat, edition=edition)), cat


def test_the_ink_saver_drops_the_background_and_lightens_the_panels(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    colour, cat = faces(root, None)
    saver, _ = faces(root, "ink-saver")
    card = comp(cat, "fish")
    before, after = (
        colour.face(colour.records.of(card), "front"),
        saver.face(saver.records.of(card), "front"),
    )
    assert before is not None and after is not None
    assert after.key != before.key
    # the same ops, one for one: the version marks keep their places
    assert len(after.ops) == len(before.ops)
    frame_before, frame_after = before.ops[0], after.ops[0]
    assert getattr(frame_before, "fill", None) and getattr(frame_after, "fill", "x") is None
    from cardstock.layout.context import luminance

    lighter = [
        luminance(b.fill) < luminance(a.fill)
        for b, a in zip(before.ops[1:], after.ops[1:])
        if isinstance(b, Rect) and b.fill and isinstance(a, Rect) and a.fill and b.fill != a.fill
    ]
    assert lighter and all(lighter)


def test_an_ink_saver_back_keeps_outlines_and_its_words_and_no_fill(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    saver, cat = faces(root, "ink-saver")
    back = saver.face(saver.records.of(comp(cat, "fish")), "back")
    assert back is not None
    assert filled(back) == []
    words = [op.text for op in walk(back.ops) if isinstance(op, Text)]
    assert "Fixture" in words
    trim = back.ops[-1]
    assert isinstance(trim, PathOp) and trim.stroke and not trim.fill


def test_every_ink_saver_text_run_reads_at_4_5_to_1(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    saver, cat = faces(root, "ink-saver")
    for side in ("front", "back"):
        face = saver.face(saver.records.of(comp(cat, "fish")), side)
        assert face is not None
        drawn: list[object] = []
        for op in face.ops:
            if isinstance(op, Text):
                for mark in marks((op,), IDENTITY):
                    got = least_contrast(mark, drawn)  # type: ignore[arg-type]
                    assert got is None or got[0] >= 4.5, (side, op.text, got)
            drawn.extend(fills((op,), IDENTITY))


def test_a_box_s_ink_key_keeps_its_fill_in_the_ink_saver(tmp_path: Path) -> None:
    kept = """
    [layouts.card.boxes.frame]
    ink = "keep"
    """
    root = make_project(tmp_path, kept)
    colour, cat = faces(root, None)
    saver, _ = faces(root, "ink-saver")
    card = comp(cat, "fish")
    before, after = (
        colour.face(colour.records.of(card), "front"),
        saver.face(saver.records.of(card), "front"),
    )
    assert before is not None and after is not None
    assert getattr(after.ops[0], "fill", None) == getattr(before.ops[0], "fill", None)


def test_a_box_s_ink_outline_draws_its_shape_as_a_line(tmp_path: Path) -> None:
    outlined = """
    [layouts.card.boxes.panel]
    ink = "outline"
    """
    root = make_project(tmp_path, outlined)
    saver, cat = faces(root, "ink-saver")
    face = saver.face(saver.records.of(comp(cat, "fish")), "front")
    assert face is not None
    panel = face.ops[1]
    assert getattr(panel, "fill", "x") is None and getattr(panel, "stroke", None)


def test_an_ink_that_is_none_is_a_located_problem(tmp_path: Path) -> None:
    from cardstock.layout.checks.layouts import check

    root = make_project(tmp_path, '[layouts.card.boxes.panel]\nink = "pale"\n')
    found = check(faces(root, None)[0])
    assert any(
        i.field.endswith("panel.ink") and "outline" in str(i.message) and i.line == 2 for i in found
    ), [i.render() for i in found]
