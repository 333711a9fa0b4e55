"""Every piece's bleed, read back from the PDFs as drawn (issue #45): for the print-and-play
and quick-reference files of the five games and of a double-sided probe deck, on Letter
and A4, each face's clip paths are read from its /Face marked content (the page's paint
area and the placement's own clip: polygons, or circles for round tokens), its cut outline
is put where its trim corner lands (the face's own cut, the hexagon of a tile, the circle
of a round token, else its trim rectangle), and the bleed beyond every cut edge no
neighbour shares is how far one goes out from the edge, at right angles, before leaving a
clip. Cards, tiles, tokens, standees, die nets and boards, fronts and backs: none under
2 mm; and each footer's "bleed X mm or more" is that page's least bleed, rounded down to
the tenth of a millimetre it prints."""

from __future__ import annotations

import io
import math
import re
from typing import Any

import pytest
from conftest import GAMES, ROOT, faces_of, job_of, load_games
from helpers_probe import probe_catalog
from helpers_text import page_texts
from pypdf import PdfReader

from cardstock.core.stage import BuildOptions
from cardstock.impose.pnp import build_pnp, build_quickref
from cardstock.layout.art.shapes import shape_of

MM = 72 / 25.4
PAPERS = ("letter", "a4")
CLAIM = re.compile(r"bleed (\d+\.\d) mm or more")
SAMPLES = tuple((k + 0.5) / 8 for k in range(8))  # along each straight cut edge
ROUND_SAMPLES = 64  # directions around a round piece
TOL = 0.02 * MM  # the PDF writes coordinates to a hundredth of a point or so

Point = tuple[float, float]


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory):
    cats, issues = load_games(ROOT, list(GAMES))
    assert not issues.errors
    found = {c.id: c for c in cats}
    found["probe"] = probe_catalog(tmp_path_factory.mktemp("probe"))
    return found


@pytest.fixture(scope="module")
def files(catalogs, default_sheets, tmp_path_factory):
    """(game, kind, paper) -> the file's bytes, default options: the shipped games' from
    the run's shared build (`default_sheets`, made by the same stages), the probe's here."""
    out = tmp_path_factory.mktemp("out")
    found = dict(default_sheets)
    assert {game for game, _kind, _paper in found} == set(GAMES)
    for make, kind in ((build_pnp, "pnp"), (build_quickref, "quickref")):
        for a in make(job_of(catalogs["probe"], BuildOptions(out=out / "probe"))).artifacts:
            found[("probe", kind, a.paper)] = a.path.read_bytes()
    return found


# ---------------------------------------------------------------- reading the PDF


def _mult(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def _apply(m, x: float, y: float) -> Point:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


class Clip:
    """One clip path: a convex polygon, or a circle (a path of curves)."""

    def __init__(self, points: list[Point], curved: bool) -> None:
        self.points = points
        self.circle: tuple[float, float, float] | None = None
        if curved:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            self.circle = (
                (min(xs) + max(xs)) / 2,
                (min(ys) + max(ys)) / 2,
                (max(xs) - min(xs)) / 2,
            )

    def exit(self, p: Point, n: Point) -> float:
        """How far from p along the unit direction n one stays inside the clip."""
        if self.circle is not None:
            cx, cy, r = self.circle
            dx, dy = p[0] - cx, p[1] - cy
            b = dx * n[0] + dy * n[1]
            disc = b * b - (dx * dx + dy * dy - r * r)
            return max(0.0, -b + math.sqrt(max(0.0, disc)))
        poly = self.points
        k = len(poly)
        sign = 1.0 if _area(poly) > 0 else -1.0
        best = math.inf
        for i in range(k):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % k]
            mx, my = sign * (y1 - y0), -sign * (x1 - x0)
            along = mx * n[0] + my * n[1]
            if along <= 1e-12:
                continue
            best = min(best, max(0.0, (mx * (x0 - p[0]) + my * (y0 - p[1])) / along))
        return best


class Drawn:
    """One face as drawn: what the file says it is, the clips around it, and the matrix
    that takes face space (origin at the trim's lower-left corner, y up) to the page."""

    def __init__(self, key: str, component: str, side: str) -> None:
        self.key, self.component, self.side = key, component, side
        self.clips: list[Clip] = []
        self.frame: tuple[float, ...] | None = None


def read_faces(page) -> list[Drawn]:
    """Every face of a page with the clip paths set around it (inside its marked content,
    before its drawer moves to the trim corner)."""
    out: list[Drawn] = []
    ctm: tuple[float, ...] = (1, 0, 0, 1, 0, 0)
    stack: list[tuple[float, ...]] = []
    current: Drawn | None = None
    depth = 0
    path: list[Point] = []
    curved = False
    for operands, op in page.get_contents().operations:
        collecting = current is not None and current.frame is None
        if op == b"BDC" and operands[0] == "/Face":
            props = operands[1]
            current = Drawn(str(props["/K"]), str(props["/C"]), str(props["/S"]).lstrip("/"))
            depth = 0
        elif op == b"EMC" and current is not None and depth == 0:
            out.append(current)
            current = None
        elif op == b"q":
            stack.append(ctm)
            depth += 1
        elif op == b"Q":
            ctm = stack.pop()
            depth -= 1
        elif op == b"cm":
            ctm = _mult(tuple(float(v) for v in operands), ctm)
            if current is not None and depth == 2 and current.frame is None:
                current.frame = ctm
        elif collecting and op in (b"m", b"l"):
            path.append(_apply(ctm, float(operands[0]), float(operands[1])))
        elif collecting and op in (b"c", b"v", b"y"):
            vals = [float(v) for v in operands]
            path += [_apply(ctm, vals[i], vals[i + 1]) for i in range(0, len(vals), 2)]
            curved = True
        elif collecting and op == b"re":
            x, y, w, h = (float(v) for v in operands)
            path += [_apply(ctm, *q) for q in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
        elif collecting and op in (b"W", b"W*"):
            assert current is not None
            current.clips.append(Clip(path, curved))
        elif op in (b"n", b"f", b"S", b"B", b"f*", b"b", b"s"):
            path, curved = [], False
    return out


# ---------------------------------------------------------------- cut outlines and bleed


def _area(poly) -> float:
    k = len(poly)
    return sum(
        poly[i][0] * poly[(i + 1) % k][1] - poly[(i + 1) % k][0] * poly[i][1] for i in range(k)
    )


def faces_by_key(catalog) -> dict[str, Any]:
    faces = faces_of(catalog)
    out = {}
    for comp in catalog.components:
        for side in ("front", "back"):
            f = faces.outline(faces.records.of(comp), side, bleed=True)
            if f is not None:
                out[f.key] = f
    return out


def cut_outline(face, frame) -> tuple[list[Point] | None, tuple[float, float, float] | None]:
    """The face's cut on the page: a polygon (counter-clockwise), or a circle."""
    w, h = face.width, face.height
    shape = shape_of(face.shape)
    if shape.round and abs(w - h) < 0.01:
        cx, cy = _apply(frame, w / 2, h / 2)
        return None, (cx, cy, w / 2)
    if face.cut:
        local = [(u, h - v) for u, v in face.cut]
    elif shape.arrange == "honeycomb":
        local = (
            [(w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h), (w / 4, h), (0, h / 2)]
            if w >= h
            else [(w / 2, 0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0, 3 * h / 4), (0, h / 4)]
        )
    else:
        local = [(0, 0), (w, 0), (w, h), (0, h)]
    pts = [_apply(frame, u, v) for u, v in local]
    return (pts if _area(pts) > 0 else pts[::-1]), None


def _room(clips: list[Clip], p: Point, n: Point) -> float:
    return min((c.exit(p, n) for c in clips), default=math.inf)


def _key(a: Point, b: Point):
    ka, kb = (round(a[0], 1), round(a[1], 1)), (round(b[0], 1), round(b[1], 1))
    return (ka, kb) if ka <= kb else (kb, ka)


def page_bleeds(drawn: list[Drawn], faces) -> list[tuple[str, float]]:
    """(component, bleed) for every cut edge of every face no other face of the page shares
    (a round piece: its least bleed all round)."""
    outlines = []
    for d in drawn:
        assert d.frame is not None, d.key
        outlines.append(cut_outline(faces[d.key], d.frame))
    owners: dict[object, int] = {}
    for poly, _ in outlines:
        for k in range(len(poly or [])):
            assert poly is not None
            key = _key(poly[k], poly[(k + 1) % len(poly)])
            owners[key] = owners.get(key, 0) + 1
    out = []
    for d, (poly, circle) in zip(drawn, outlines):
        if circle is not None:
            cx, cy, r = circle
            least = math.inf
            for k in range(ROUND_SAMPLES):
                t = 2 * math.pi * k / ROUND_SAMPLES
                n = (math.cos(t), math.sin(t))
                least = min(least, _room(d.clips, (cx + r * n[0], cy + r * n[1]), n))
            out.append((d.component, least))
            continue
        assert poly is not None
        for k in range(len(poly)):
            a, b = poly[k], poly[(k + 1) % len(poly)]
            if owners[_key(a, b)] > 1:
                continue  # a cut shared with a neighbour
            length = math.hypot(b[0] - a[0], b[1] - a[1])
            if length < 0.5:
                continue
            n = ((b[1] - a[1]) / length, -(b[0] - a[0]) / length)
            least = min(
                _room(d.clips, (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])), n)
                for t in SAMPLES
            )
            out.append((d.component, least))
    return out


# ---------------------------------------------------------------- the test


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", ["pnp", "quickref"])
@pytest.mark.parametrize("game", [*GAMES, "probe"])
def test_every_piece_shows_two_millimetres_of_bleed_and_its_footer_says_how_much(
    catalogs, files, game, kind, paper
):
    if (game, kind, paper) not in files:  # the probe has no reference cards
        assert game == "probe" and kind == "quickref"
        return
    data = files[(game, kind, paper)]
    faces = faces_by_key(catalogs[game])
    reader = PdfReader(io.BytesIO(data))
    texts = [" ".join(t.split()) for t in page_texts(data)]
    measured = 0
    for number, (page, text) in enumerate(zip(reader.pages, texts), start=1):
        drawn = read_faces(page)
        fronts = [d for d in drawn if d.side == "front"]
        claim = CLAIM.search(text)
        for side in (fronts, [d for d in drawn if d.side == "back"]):
            bleeds = page_bleeds(side, faces)
            short = [(c, round(b / MM, 2)) for c, b in bleeds if b < 2 * MM - TOL]
            assert not short, (game, paper, number, short[:5])
            measured += len(bleeds)
        if not fronts:
            assert claim is None, (game, paper, number, "a claim on a page without fronts")
            continue
        assert claim is not None, (game, paper, number, "no bleed in the footer", text[:120])
        least = min(b for _, b in page_bleeds(fronts, faces)) / MM
        said = float(claim.group(1))
        assert said - TOL / MM <= least < said + 0.1 + TOL / MM, (game, paper, number, said, least)
    assert measured > 0
