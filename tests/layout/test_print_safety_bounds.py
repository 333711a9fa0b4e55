"""The print-safety lint bounds each untransformed filled path from its coordinates
without making points (`paints._path_box`): it must give exactly the box the points
give (`points_box(path_points(...))`), compared here on thousands of generated paths."""

from __future__ import annotations

import random

from cardstock.layout.ops import Ellipse, Image, Path, Rect, ellipse_path, polygon_path, rect_path
from cardstock.layout.safety import ground as paints
from cardstock.layout.safety import measures as printsafe
from cardstock.layout.safety.ground import IDENTITY

COLOURS = ("#ffffff", "#000000", "#3d4250", "#f5a623", "#d9dadd", "#7a1f1f")


def _shape(rng: random.Random) -> object:
    x, y, w, h = (round(rng.uniform(-20, 120), 3) for _ in range(4))
    fill = rng.choice(COLOURS)
    opacity = rng.choice((1.0, 1.0, 0.5, 0.25))
    kind = rng.randrange(5)
    if kind == 0:
        return Rect(x, y, abs(w), abs(h), fill=fill, opacity=opacity)
    if kind == 1:
        return Ellipse(x, y, abs(w) / 2, rng.choice((0.0, abs(h) / 2)), fill=fill, opacity=opacity)
    if kind == 2:
        return Path(
            rect_path(x, y, abs(w), abs(h), rng.choice((0.0, 4.0))),
            fill=fill,
            opacity=opacity,
            fill_rule=rng.choice(("nonzero", "evenodd")),
        )
    if kind == 3:
        pts = [
            (round(rng.uniform(-10, 110), 3), round(rng.uniform(-10, 110), 3))
            for _ in range(rng.randrange(3, 8))
        ]
        return Path(
            polygon_path(pts) + ellipse_path(x, y, 10, 6),
            fill=fill,
            opacity=opacity,
            fill_rule=rng.choice(("nonzero", "evenodd")),
        )
    return Image(x, y, abs(w), abs(h), path="/nowhere.png", sha256="0" * 64)


def test_a_path_is_bounded_by_its_coordinates_as_its_points_bound_it():
    rng = random.Random(7)
    for _ in range(2000):
        shape = _shape(rng)
        if isinstance(shape, Path):
            d = shape.d
        else:
            d = polygon_path(
                [(rng.uniform(-50, 50), rng.randrange(-50, 50)) for _ in range(rng.randrange(1, 6))]
            )
        assert paints._path_box(d) == paints.points_box(paints.path_points(d), IDENTITY)
    assert paints._path_box((("Z",),)) is None


def _corner_points(op: object) -> list[tuple[float, float]]:
    """The points the lint bounds a shape by, one by one (its corners, or its path's points)."""
    if isinstance(op, (Rect, Image)):
        return [(op.x, op.y), (op.x + op.w, op.y), (op.x, op.y + op.h), (op.x + op.w, op.y + op.h)]
    if isinstance(op, Ellipse):
        return [
            (op.cx - op.rx, op.cy - op.ry),
            (op.cx + op.rx, op.cy - op.ry),
            (op.cx - op.rx, op.cy + op.ry),
            (op.cx + op.rx, op.cy + op.ry),
        ]
    assert isinstance(op, Path)
    return paints.path_points(op.d)


def test_an_untransformed_shape_is_bounded_by_its_numbers_as_by_its_points():
    rng = random.Random(11)
    for _ in range(3000):
        shape = _shape(rng)
        if isinstance(shape, Rect) and rng.random() < 0.3:
            shape = Rect(
                shape.x, shape.y, -shape.w, -shape.h, fill=shape.fill
            )  # drawn from the far corner
        assert paints._op_bounds(shape, IDENTITY) == paints.points_box(
            _corner_points(shape), IDENTITY
        )


def test_an_untransformed_text_run_is_marked_by_its_box_as_by_its_corners():
    from cardstock.layout.ops import Text

    rng = random.Random(5)
    for _ in range(500):
        run = Text(
            round(rng.uniform(-20, 100), 3),
            round(rng.uniform(-20, 100), 3),
            rng.choice(("Deal 3", "x", "Ünïcode — ok")),
            rng.choice(("sans", "serif-bold", "sans-italic")),
            rng.choice((4.5, 9.0, 11.0)),
            "#23232b",
        )
        (mark,) = printsafe.marks([run])
        x0, y0, x1, y1 = printsafe.text_box(run)
        assert mark.box == paints.points_box(((x0, y0), (x1, y0), (x0, y1), (x1, y1)), IDENTITY)
