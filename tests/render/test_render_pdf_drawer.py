"""The PDF face drawer writes a face's operators itself instead of calling the canvas once
per operator. What it writes must be what ReportLab's canvas writes: its numbers are
ReportLab's numbers (compared with ReportLab's own formatter over many values and edge
cases), and whole documents of every shipped game's faces, plus faces made to reach every
kind of op, come out byte for byte the same as from a drawer made of canvas calls."""

from __future__ import annotations

import io
import math
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, distinct_faces, load_games
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cardstock import fonts
from cardstock.layout.art.shapes import bleed_outline
from cardstock.layout.ops import (
    GUIDE_COLORS,
    Ellipse,
    Face,
    Group,
    Guide,
    Icon,
    Image,
    Op,
    Rect,
    SymbolPart,
    Text,
)
from cardstock.layout.ops import (
    Path as PathOp,
)
from cardstock.render.pdf import (
    STATS,
    PdfFaces,
    Programs,
    clip_path,
    cmyk_color,
    draw_path,
    ellipse_code,
    form_name,
    pdf_color,
    pdf_path,
    rect_code,
    rl_num,
    rl_nums,
)
from cardstock.render.pdfdoc import _doc_object, _form_resources, _xobject_name, pdf_settings, seal

# ---------------------------------------------------------------- numbers


def _edge_values() -> list[float]:
    values: list[float] = [
        0,
        0.0,
        -0.0,
        1,
        -1,
        2,
        10,
        100,
        1000,
        10000,
        100000,
        999999,
        1000000,
        10**7,
        10**12,
        612,
        792,
    ]
    for k in range(-9, 13):  # around every power of ten, where the digit count changes
        p = 10.0**k
        values += [
            p,
            -p,
            math.nextafter(p, 0),
            math.nextafter(p, math.inf),
            p * 0.9999995,
            p * 1.0000005,
        ]
    for tiny in (
        1e-7,
        1.0000001e-7,
        0.99e-7,
        1.5e-7,
        4e-7,
        4.9999e-7,
        5e-7,
        5.0001e-7,
        9.9e-7,
        1e-6,
    ):
        values += [tiny, -tiny]  # near the zero cut-off and the sixth decimal's rounding
    for base in (
        0.0000005,
        0.0000015,
        0.5,
        1.5,
        2.5,
        0.125,
        0.1234565,
        9.9999995,
        99.999995,
        999.99995,
        9999.9995,
        99999.995,
    ):
        values += [base, -base, math.nextafter(base, 0), math.nextafter(base, math.inf)]
    values += [
        1 / 3,
        2 / 3,
        0.1,
        0.2,
        0.3,
        0.7,
        1.2,
        8.504,
        188.504,
        0.105882,
        254 / 255,
        1 / 255,
        0.35,
        0.6,
    ]
    return values


def test_numbers_are_written_exactly_as_reportlab_writes_them():
    rnd = random.Random(19)
    values = _edge_values()
    for _ in range(20000):  # random magnitudes from 1e-9 to 1e9, both signs
        values.append(rnd.choice((-1, 1)) * 10 ** rnd.uniform(-9, 9))
    for _ in range(20000):  # what faces hold: coordinates rounded to 1/1000 pt
        values.append(round(rnd.uniform(-1000, 1000), 3))
    values += [rnd.randint(-(10**7), 10**7) for _ in range(2000)]
    values += [i / 255 for i in range(256)]  # colour components
    for v in values:
        assert rl_num(v) == fp_str(v), v
        assert rl_num(v) == fp_str(v), v  # and again, from memory
    for i in range(0, len(values) - 6, 97):
        assert rl_nums(*values[i : i + 6]) == fp_str(*values[i : i + 6])
    assert (
        rl_num(0.5) == ".5"
        and rl_num(-0.5) == "-0.5"
        and rl_num(-4e-7) == "-0"
        and rl_num(1000) == "1000"
    )


# ---------------------------------------------------------------- the drawer, as canvas calls

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_UNSET = object()


class CanvasCalls:
    """A face drawn with one ReportLab canvas call per operator (colours, widths, dashes,
    transforms, text objects), tracking the same graphics state as `PdfFaces` so that it
    asks for the same settings: the reference the drawer's bytes are compared with."""

    def __init__(self, canvas: Canvas, *, guides: bool = False, cmyk: bool = False) -> None:
        self.c, self.guides, self.cmyk = canvas, guides, cmyk
        self.forms: set[str] = set()
        self.gs: dict[str, object] = {}
        self.saved: list[dict[str, object]] = []

    def draw(self, face: Face, x: float, y: float, *, reuse: bool = False) -> None:
        c = self.c
        if reuse:
            name = form_name(face)
            if name not in self.forms:
                b = face.bleed
                c.beginForm(name, -b, -b, face.width + b, face.height + b)
                self.face(face)
                c.endForm()
                _form_resources(c, name)  # as the drawer finishes a form
                seal(_doc_object(c, _xobject_name(name)), "xobject form stream")
                self.forms.add(name)
            c.saveState()
            c.translate(x, y)
            c.doForm(name)
            c.restoreState()
            return
        c.saveState()
        c.translate(x, y)
        self.face(face)
        c.restoreState()

    def save(self) -> None:
        self.c.saveState()
        self.saved.append(dict(self.gs))

    def restore(self) -> None:
        self.c.restoreState()
        self.gs = self.saved.pop()

    def color(self, which: str, color: str, alpha: float) -> None:
        c, gs, fill = self.c, self.gs, which == "fill"
        if gs.get(which, _UNSET) != color:
            value = cmyk_color(color) if self.cmyk else pdf_color(color)
            (c.setFillColor if fill else c.setStrokeColor)(value)
            gs[which], gs[which + "a"] = color, 1
        if gs.get(which + "a", _UNSET) != alpha:
            (c.setFillAlpha if fill else c.setStrokeAlpha)(alpha)
            gs[which + "a"] = alpha

    def stroke(
        self,
        color: str,
        alpha: float,
        width: float,
        dash: Iterable[float] = (),
        cap: str = "butt",
        join: str = "miter",
    ) -> None:
        c, gs = self.c, self.gs
        self.color("stroke", color, alpha)
        dash = tuple(dash)
        for key, value, call in (
            ("w", width, lambda: c.setLineWidth(width)),
            ("d", dash, lambda: c.setDash(list(dash))),
            ("J", cap, lambda: c.setLineCap(_CAPS.get(cap, 0))),
            ("j", join, lambda: c.setLineJoin(_JOINS.get(join, 0))),
        ):
            if gs.get(key, _UNSET) != value:
                call()
                gs[key] = value

    def paint(
        self,
        fill: str | None,
        stroke: str | None,
        width: float,
        dash: Iterable[float] = (),
        opacity: float = 1.0,
        cap: str = "butt",
        join: str = "miter",
    ) -> tuple[int, int]:
        if fill:
            self.color("fill", fill, opacity)
        s = 1 if stroke and width > 0 else 0
        if stroke and s:
            self.stroke(stroke, opacity, width, dash, cap, join)
        return (1 if fill else 0), s

    def face(self, face: Face) -> None:
        c, outer = self.c, self.gs
        c.saveState()
        self.gs = {}
        c.transform(1, 0, 0, -1, 0, face.height)
        clip_path(
            c, pdf_path(bleed_outline(face.width, face.height, face.bleed, face.shape, face.cut))
        )
        self.ops(face.ops)
        if self.guides:
            for op in face.walk():
                if isinstance(op, Guide):
                    self.stroke(GUIDE_COLORS.get(op.kind, "#00a0c6"), 1.0, 0.35)
                    draw_path(c, pdf_path(op.d), stroke=1, fill=0)
        c.restoreState()
        self.gs = outer

    def ops(self, ops: Iterable[Op]) -> None:
        c = self.c
        for op in ops:
            if isinstance(op, Rect):
                f, s = self.paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
                if f or s:
                    draw_path(c, rect_code(op.x, op.y, op.w, op.h, op.radius), stroke=s, fill=f)
            elif isinstance(op, Ellipse):
                f, s = self.paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
                if f or s:
                    draw_path(c, ellipse_code(op.cx, op.cy, op.rx, op.ry), stroke=s, fill=f)
            elif isinstance(op, PathOp):
                f, s = self.paint(
                    op.fill, op.stroke, op.stroke_width, op.dash, op.opacity, op.cap, op.join
                )
                if f or s:
                    draw_path(
                        c, pdf_path(op.d), stroke=s, fill=f, even_odd=op.fill_rule == "evenodd"
                    )
            elif isinstance(op, Text):
                self.color("fill", op.color, op.opacity)
                t = c.beginText()
                t.setTextTransform(1, 0, 0, -1, op.x, op.y)
                t.setFont(fonts.pdf_font(op.font).fontName, op.size)
                t.textOut(op.text)
                c.drawText(t)
            elif isinstance(op, Icon):
                self.save()
                c.translate(op.x, op.y)
                c.scale(op.size / 100.0, op.size / 100.0)
                for part in op.parts:
                    if part.stroke_width > 0:
                        self.stroke(
                            op.color,
                            op.opacity * part.opacity,
                            part.stroke_width,
                            (),
                            "round",
                            "round",
                        )
                        draw_path(c, pdf_path(part.d), stroke=1, fill=0)
                    else:
                        self.color("fill", op.color, op.opacity * part.opacity)
                        draw_path(
                            c,
                            pdf_path(part.d),
                            stroke=0,
                            fill=1,
                            even_odd=part.fill_rule == "evenodd",
                        )
                self.restore()
            elif isinstance(op, Image):
                self.save()
                c.translate(op.x, op.y + op.h)
                c.scale(1, -1)
                if op.opacity < 1:
                    c.setFillAlpha(op.opacity)
                c.drawImage(
                    ImageReader(op.path), 0, 0, op.w, op.h, mask="auto"
                )  # named by its pixels, as cardstock draws it
                self.restore()
            elif isinstance(op, Group):
                self.save()
                if op.transform is not None:
                    c.transform(*op.transform)
                if op.clip is not None:
                    clip_path(c, pdf_path(op.clip))
                self.ops(op.ops)
                self.restore()


def _document(drawer_class: Any, faces: list[Face], **options: Any) -> bytes:
    """Every face drawn twice on pages of their own (once as a reused form, once inline,
    the second time at another spot), the way sheets and rulebooks draw them."""
    buf = io.BytesIO()
    with pdf_settings():
        c = Canvas(buf, pagesize=(800, 800), invariant=1)
        drawer = drawer_class(c, **options)
        for i, face in enumerate(faces):
            drawer.draw(face, 20.5, 30.25, reuse=True)
            drawer.draw(face, 400 + i % 7 * 0.125, 410.0 - i / 3, reuse=False)
            drawer.draw(face, 0.0000004, -0.5, reuse=i % 2 == 0)
            if i % 3 == 2:
                c.showPage()
        c.showPage()
        c.save()
    return buf.getvalue()


@pytest.fixture(scope="module")
def shipped_faces() -> list[Face]:
    catalogs, issues = load_games(ROOT)
    assert not issues.errors
    return [face for cat in catalogs for _, face in distinct_faces(cat)]


def _made_faces(art: Path) -> list[Face]:
    """Faces that reach what the shipped ones may not: opacity on every kind of op, images
    (opaque and translucent), dashes, caps and joins, even-odd fills, nested groups with
    transforms and clips, text of several subsets (more than 256 distinct characters)."""
    from PIL import Image as PILImage

    png = art / "art.png"
    PILImage.new("RGBA", (8, 4), (200, 40, 40, 128)).save(png)
    square = (("M", 0.0, 0.0), ("L", 10.0, 0.0), ("L", 10.0, 10.0), ("L", 0.0, 10.0), ("Z",))
    ring = square + (("M", 2.0, 2.0), ("L", 8.0, 2.0), ("L", 8.0, 8.0), ("L", 2.0, 8.0), ("Z",))
    symbol = (SymbolPart(ring, 0.0, "evenodd", 0.5), SymbolPart(square, 4.5), SymbolPart(square))
    many = "".join(chr(c) for c in range(0x21, 0x17F) if chr(c) in fonts.coverage("sans"))
    ops: tuple[Op, ...] = (
        Rect(
            1.0,
            2.0,
            30.0,
            40.0,
            fill="#123456",
            stroke="#abcdef",
            stroke_width=1.5,
            radius=3.0,
            dash=(2.0, 1.0),
        ),
        Rect(1.0, 2.0, 30.0, 40.0, fill="#123456", opacity=0.25),
        Rect(5.0, 5.0, 3.0, 3.0, stroke="#000000", stroke_width=0.0),
        Ellipse(
            20.0, 20.0, 7.5, 3.25, fill="#00ff00", stroke="#ff00ff", stroke_width=0.75, opacity=0.6
        ),
        PathOp(
            ring,
            fill="#ffffff",
            fill_rule="evenodd",
            stroke="#101010",
            stroke_width=2.0,
            cap="round",
            join="bevel",
        ),
        PathOp(
            square,
            stroke="#101010",
            stroke_width=2.0,
            cap="square",
            join="round",
            dash=(0.5, 0.25, 1.0),
        ),
        Text(3.0, 12.0, "Plain text (with) \\ escapes", "sans", 9.0),
        Text(3.0, 24.0, many, "sans", 7.3, "#336699", 0.8),
        Text(3.0, 36.0, "", "sans-bold", 8.0),
        Icon(4.0, 40.0, 12.0, "x", "#aa0000", symbol, 0.9),
        Image(2.0, 50.0, 16.0, 8.0, str(png), "x", "image/png"),
        Image(2.0, 60.0, 16.0, 8.0, str(png), "x", "image/png", 0.5),
        Group(
            (
                Rect(0.0, 0.0, 5.0, 5.0, fill="#0000ff"),
                Group(
                    (Text(1.0, 1.0, "in", "sans", 6.0, "#0000ff"),),
                    square,
                    (0.5, 0.0, 0.0, 0.5, 1.0, 2.0),
                ),
            ),
            ring,
            (1.0, 0.0, 0.0, -1.0, 3.0, 90.0),
        ),
        Rect(40.0, 40.0, 2.0, 2.0, fill="#0000ff"),
        Guide(square, "trim"),
    )
    return [
        Face.build(63.5, 88.9, 8.5, "rect", ops),
        Face.build(60.0, 60.0, 0.0, "circle", ops[::-1]),
    ]


def test_every_shipped_face_is_drawn_to_the_same_bytes_as_with_canvas_calls(shipped_faces):
    assert len(shipped_faces) > 300
    assert _document(PdfFaces, shipped_faces) == _document(CanvasCalls, shipped_faces)


@pytest.mark.parametrize("options", [{}, {"guides": True}, {"cmyk": True}])
def test_faces_with_every_kind_of_op_are_drawn_to_the_same_bytes(tmp_path, shipped_faces, options):
    faces = _made_faces(tmp_path) + shipped_faces[:40]
    made = _document(PdfFaces, faces, **options)
    assert made == _document(CanvasCalls, faces, **options)
    assert b"/Image" in made and b"/FormXob" in made


def test_a_face_drawn_again_by_the_same_process_is_replayed_in_a_document_of_another_stage(
    shipped_faces,
):
    """The rulebook's pictures and the sheets (or the next build of a `--watch` process)
    draw the same faces in documents of their own: the second replays the first's programs."""
    faces = shipped_faces[100:130]
    first = _document(PdfFaces, faces)
    before = dict(STATS)
    assert _document(PdfFaces, faces) == first
    assert STATS["recorded"] == before["recorded"]
    assert STATS["replayed"] > before["replayed"]


def test_a_trimmed_face_replays_the_program_of_the_face_it_was_cut_from(shipped_faces):
    """A book's thumbnail is the sheets' face with its bleed cut away: its ops are drawn
    from the program the whole face recorded, inside its own (trimmed) frame, to the same
    bytes as the canvas calls make."""
    faces = [f for f in shipped_faces[:20] if f.bleed]
    trimmed = [f.trimmed() for f in faces]
    programs = Programs()
    _document(PdfFaces, faces, programs=programs)
    before = dict(STATS)
    made = _document(PdfFaces, trimmed, programs=programs)
    assert STATS["recorded"] - before["recorded"] == 0
    assert {t.key for t in trimmed}.isdisjoint(f.key for f in faces)
    assert made == _document(CanvasCalls, trimmed)
    assert made != _document(CanvasCalls, faces)  # the frames differ: the bleed is cut


def test_a_face_is_recorded_once_and_replayed_in_every_document(tmp_path, shipped_faces):
    """The second paper's sheets (another document) replay the programs the first one
    recorded, and come out as the canvas calls make them (a face with an image too: the
    canvas names an image by its pixels)."""
    faces = shipped_faces[:60] + _made_faces(tmp_path)[:1]
    programs = Programs()
    _document(PdfFaces, faces, programs=programs)
    before = dict(STATS)
    again = _document(PdfFaces, faces, programs=programs)
    inline = (
        len(faces) + len(faces) // 2
    )  # `_document` draws every face inline once, every other one twice
    assert STATS["replayed"] - before["replayed"] == len(faces) + inline  # and each once as a form
    assert STATS["recorded"] - before["recorded"] == 0
    assert again == _document(CanvasCalls, faces)


def test_programs_pushed_out_of_memory_are_read_back_from_the_spill_not_recorded_again(
    tmp_path, shipped_faces
):
    """With room in memory for two programs only, the second paper's document still
    replays every face the first recorded (read back from the temporary file), to the same
    bytes as the canvas calls make."""
    faces = shipped_faces[:30] + _made_faces(tmp_path)
    programs = Programs(limit=2)
    _document(PdfFaces, faces, programs=programs)
    before = dict(STATS)
    again = _document(PdfFaces, faces, programs=programs)
    assert STATS["recorded"] - before["recorded"] == 0
    assert again == _document(CanvasCalls, faces)


def test_programs_start_the_spill_again_past_its_size_and_record_what_it_lost(shipped_faces):
    """A spill grown past its limit is started again: the programs it held are recorded
    anew when asked for, and still draw the same bytes."""
    faces = shipped_faces[:30]
    programs = Programs(limit=1, spill_max=0)
    _document(PdfFaces, faces, programs=programs)
    before = dict(STATS)
    again = _document(PdfFaces, faces, programs=programs)
    assert STATS["recorded"] - before["recorded"] > 0
    assert again == _document(CanvasCalls, faces)


def test_a_drawer_that_does_not_keep_fills_the_store_only_while_it_has_room(shipped_faces):
    """A rulebook's drawer (`keep=False`) replays what other documents recorded, keeps
    what it records while the store has room in memory, pushes no program out to make
    room, and draws the same bytes as one that keeps everything."""
    seen, unseen = shipped_faces[:10], shipped_faces[10:20]
    programs = Programs(limit=len(seen) + 2)
    _document(PdfFaces, seen, programs=programs)
    before = dict(STATS)
    drawn = _document(PdfFaces, seen + unseen, programs=programs, keep=False)
    assert STATS["recorded"] - before["recorded"] > 0  # what did not fit, recorded each time
    assert all(programs.get((f.key, False, False, False)) is not None for f in seen)
    stored = [f for f in unseen if programs.get((f.key, False, False, False)) is not None]
    assert len({f.key for f in stored}) <= 2
    assert drawn == _document(CanvasCalls, seen + unseen)
