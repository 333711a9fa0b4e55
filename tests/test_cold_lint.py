"""The print-safety lint measures each text run's contrast at five points, testing every
fill under the run at all five at once (`printsafe.backgrounds`), and bounds an
untransformed path from its coordinates without making points (`printsafe._path_box`).
Both must say exactly what the point-by-point reading says (`printsafe.background`,
`_bounds(_path_points(...))`): compared here on thousands of generated shapes, transforms,
opacities and points."""

from __future__ import annotations

import random

from cardstock.layout.ops import Ellipse, Group, Image, Path, Rect, ellipse_path, polygon_path, rect_path
from cardstock.rules import printsafe
from cardstock.rules.printsafe import IDENTITY, SAMPLES, Mark, background, backgrounds, fills, least_contrast

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
        return Path(rect_path(x, y, abs(w), abs(h), rng.choice((0.0, 4.0))), fill=fill, opacity=opacity,
                    fill_rule=rng.choice(("nonzero", "evenodd")))
    if kind == 3:
        pts = [(round(rng.uniform(-10, 110), 3), round(rng.uniform(-10, 110), 3)) for _ in range(rng.randrange(3, 8))]
        return Path(polygon_path(pts) + ellipse_path(x, y, 10, 6), fill=fill, opacity=opacity, fill_rule=rng.choice(("nonzero", "evenodd")))
    return Image(x, y, abs(w), abs(h), path="/nowhere.png", sha256="0" * 64)


def _ops(rng: random.Random) -> list[object]:
    ops: list[object] = []
    for _ in range(rng.randrange(1, 7)):
        shape = _shape(rng)
        if rng.random() < 0.3:
            a = rng.choice((1.0, 0.0, 0.8, -1.0))
            transform = (a, rng.choice((0.0, 0.6, -1.0)), rng.choice((0.0, -0.6, 1.0)), rng.choice((1.0, 0.5, 0.0)), rng.uniform(-30, 30), rng.uniform(-30, 30))
            clip = rect_path(0, 0, rng.uniform(10, 100), rng.uniform(10, 100)) if rng.random() < 0.5 else None
            ops.append(Group((shape,), clip, transform))  # type: ignore[arg-type]
        else:
            ops.append(shape)
    return ops


def test_many_points_at_once_read_the_same_backgrounds_as_one_point_at_a_time():
    rng = random.Random(19)
    compared = 0
    for _ in range(3000):
        below = list(fills(_ops(rng)))
        x0, y0 = rng.uniform(-30, 120), rng.uniform(-30, 120)
        x1, y1 = x0 + rng.uniform(0, 60), y0 + rng.uniform(0, 20)
        points = [(x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)) for fx, fy in SAMPLES]
        assert backgrounds(below, points) == [background(below, x, y) for x, y in points]
        mark = Mark(None, (x0, y0, x1, y1), rng.choice(COLOURS), rng.choice((1.0, 0.6)))
        found = least_contrast(mark, below)
        one_by_one = [background(below, x, y) for x, y in points]
        if any(u is None for u in one_by_one):
            assert found is None
        else:
            compared += 1
            ratios = [(printsafe.contrast(mark.color if mark.opacity >= 1 else printsafe.blend(mark.color, u, mark.opacity), u), u)
                      for u in one_by_one if u is not None]
            assert found == min(ratios, key=lambda ru: ru[0])
    assert compared > 1000


def test_a_path_is_bounded_by_its_coordinates_as_its_points_bound_it():
    rng = random.Random(7)
    for _ in range(2000):
        shape = _shape(rng)
        if isinstance(shape, Path):
            d = shape.d
        else:
            d = polygon_path([(rng.uniform(-50, 50), rng.randrange(-50, 50)) for _ in range(rng.randrange(1, 6))])
        assert printsafe._path_box(d) == printsafe._bounds(printsafe._path_points(d), IDENTITY)
    assert printsafe._path_box((("Z",),)) is None
