"""The vector symbol library (`layouts/symbols.toml`): names → one-colour vector parts.

Each symbol is drawn in a 0..100 square from SVG path data (every command of the SVG path
syntax, arcs included, is normalised to absolute moves, lines and cubic curves) plus
optional circles, rectangles and stars. A part is filled (nonzero or evenodd, so holes are
possible) or stroked with round ends. Both backends draw the same parts.

    [symbols.drop]
    label = "Drop"
    parts = [
      { d = "M50 6 C…Z", rule = "evenodd", circles = [[40, 60, 6]] },
      { d = "M20 80 L80 80", stroke = 6 },
    ]

    [aliases]
    fire = "flame"
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path as FsPath
from typing import TYPE_CHECKING

from ...core.files import Unreadable, read_bytes
from ...core.issues import Issue
from ...core.project import SHIPPED_NAME, shared_layout
from ...core.tomlpos import line_for
from ...core.validation import read_model
from ..ops import Cmd, PathData, Point, SymbolPart, ellipse_path, polygon_path, r, rect_path

if TYPE_CHECKING:  # named in type hints only
    from .symbolfile import PartSpec as PartSpec


class PathError(ValueError):
    pass


# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
_TOKEN = r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def parse_path(text: str) -> PathData:
    """SVG path data → absolute M/L/C/Z commands (arcs and quadratics become cubics)."""
    leftover = re.compile(_TOKEN).sub(" ", text).replace(",", " ").strip()
    if leftover:
        raise PathError(f"unexpected characters in path data: {leftover[:20]!r}")
    tokens = re.compile(_TOKEN).findall(text)
    out: list[Cmd] = []
    i = 0
    cmd = None
    pen = _Pen()
    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            cmd = tok
            i += 1
            if cmd in "Zz":
                pen.close(out)
                continue
        elif cmd is None:
            raise PathError("path data must start with a command such as 'M'")
        elif cmd in "Zz":
            raise PathError("numbers after 'Z'")
        up = cmd.upper()
        rel = cmd.islower()
        n = _ARGS[up]
        vals = tokens[i : i + n]
        if len(vals) < n or any(v.isalpha() for v in vals):
            raise PathError(f"command {cmd!r} needs {n} numbers")
        i += n
        pen.step(up, rel, [float(v) for v in vals], out)
        if up == "M":
            cmd = "l" if rel else "L"  # following pairs are line-tos
    if out and out[0][0] != "M":
        raise PathError("path data must start with 'M'")
    return tuple((c[0], *(r(v) for v in c[1:])) for c in out)


class _Pen:
    """Where a path's drawing has got to: the current point, where the subpath started,
    and the last control points (which S and T reflect)."""

    __slots__ = ("x", "y", "sx", "sy", "last_c", "last_q")

    def __init__(self) -> None:
        self.x = self.y = self.sx = self.sy = 0.0
        self.last_c: tuple[float, float] | None = None  # last cubic control point (for S)
        self.last_q: tuple[float, float] | None = None  # last quadratic control point (for T)

    def close(self, out: list[Cmd]) -> None:
        """Z: back to where the subpath started."""
        out.append(("Z",))
        self.x, self.y = self.sx, self.sy
        self.last_c = self.last_q = None

    def step(self, up: str, rel: bool, a: list[float], out: list[Cmd]) -> None:
        """One command (`up`, its arguments `a`, relative when `rel`) as absolute ones."""
        x, y, sx, sy = self.x, self.y, self.sx, self.sy
        last_c, last_q = self.last_c, self.last_q
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if up == "M":
            x, y = a[0] + ox, a[1] + oy
            sx, sy = x, y
            out.append(("M", x, y))
            last_c = last_q = None
        elif up == "L":
            x, y = a[0] + ox, a[1] + oy
            out.append(("L", x, y))
            last_c = last_q = None
        elif up == "H":
            x = a[0] + (x if rel else 0.0)
            out.append(("L", x, y))
            last_c = last_q = None
        elif up == "V":
            y = a[0] + (y if rel else 0.0)
            out.append(("L", x, y))
            last_c = last_q = None
        elif up == "C":
            x1, y1, x2, y2 = a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy
            x, y = a[4] + ox, a[5] + oy
            out.append(("C", x1, y1, x2, y2, x, y))
            last_c, last_q = (x2, y2), None
        elif up == "S":
            x1, y1 = (2 * x - last_c[0], 2 * y - last_c[1]) if last_c else (x, y)
            x2, y2 = a[0] + ox, a[1] + oy
            x, y = a[2] + ox, a[3] + oy
            out.append(("C", x1, y1, x2, y2, x, y))
            last_c, last_q = (x2, y2), None
        elif up in ("Q", "T"):
            if up == "Q":
                qx, qy = a[0] + ox, a[1] + oy
                ex, ey = a[2] + ox, a[3] + oy
            else:
                qx, qy = (2 * x - last_q[0], 2 * y - last_q[1]) if last_q else (x, y)
                ex, ey = a[0] + ox, a[1] + oy
            out.append(
                (
                    "C",
                    x + 2 / 3 * (qx - x),
                    y + 2 / 3 * (qy - y),
                    ex + 2 / 3 * (qx - ex),
                    ey + 2 / 3 * (qy - ey),
                    ex,
                    ey,
                )
            )
            x, y = ex, ey
            last_q, last_c = (qx, qy), None
        elif up == "A":
            ex, ey = a[5] + ox, a[6] + oy
            out += _arc(x, y, a[0], a[1], a[2], a[3] != 0, a[4] != 0, ex, ey)
            x, y = ex, ey
            last_c = last_q = None
        self.x, self.y, self.sx, self.sy = x, y, sx, sy
        self.last_c, self.last_q = last_c, last_q


def _arc(
    x1: float,
    y1: float,
    rx: float,
    ry: float,
    phi_deg: float,
    large: bool,
    sweep: bool,
    x2: float,
    y2: float,
) -> list[Cmd]:
    """An SVG elliptical arc as cubic curves (SVG 1.1 implementation notes, F.6)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(phi_deg % 360)
    cp, sp = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cp * dx + sp * dy, -sp * dx + cp * dy
    lam = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cp * cxp - sp * cyp + (x1 + x2) / 2
    cy = sp * cxp + cp * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / n
    k = 4 / 3 * math.tan(step / 4)
    out = []
    t = t1
    for _ in range(n):
        c1, s1 = math.cos(t), math.sin(t)
        c2, s2 = math.cos(t + step), math.sin(t + step)
        p1 = (c1 - k * s1, s1 + k * c1)
        p2 = (c2 + k * s2, s2 - k * c2)
        p3 = (c2, s2)

        def tr(p: tuple[float, float]) -> tuple[float, float]:
            px, py = p[0] * rx, p[1] * ry
            return cp * px - sp * py + cx, sp * px + cp * py + cy

        a1, a2, a3 = tr(p1), tr(p2), tr(p3)
        out.append(("C", a1[0], a1[1], a2[0], a2[1], a3[0], a3[1]))
        t += step
    return out


def star_points(
    cx: float, cy: float, outer: float, inner: float, n: int, rotation: float = -90.0
) -> list[Point]:
    pts = []
    for i in range(2 * n):
        rad = outer if i % 2 == 0 else inner
        a = math.radians(rotation + 180.0 * i / n)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


# ---------------------------------------------------------------- the library file


@dataclass(frozen=True)
class Symbol:
    """A vector symbol of the library: its name, its label and its parts."""

    name: str
    label: str
    parts: tuple[SymbolPart, ...]


Contents = tuple[dict[str, Symbol], dict[str, str], list[Issue]]  # symbols, aliases, issues


class Library:
    """The symbols a face may draw, by name (`aliases`: other names of some of them), from
    the library file `file`, with the problems found reading it. Made from what was read,
    or by `Library.reading`, which reads the file when something first asks for a symbol
    or for its problems: a build whose faces draw no symbol never reads it."""

    def __init__(
        self, symbols: dict[str, Symbol], aliases: dict[str, str], file: str, issues: list[Issue]
    ) -> None:
        self.file = file
        self._contents: Contents | None = (symbols, aliases, issues)
        self._read: Callable[[], Contents] | None = None

    @classmethod
    def reading(cls, file: str, read: Callable[[], Contents]) -> Library:
        """The library `read()` gives, read when first needed."""
        lib = cls({}, {}, file, [])
        lib._contents, lib._read = None, read
        return lib

    def problems(self) -> list[Issue]:
        """The problems a build reports of the library: those of a project's own file, read
        for them; of the library cardstock ships only once something read it (its tests
        check that it has none), so a build that draws no symbol never reads it."""
        if self._contents is None and self.file.startswith(f"{SHIPPED_NAME}:"):
            return []
        return self.issues

    def _got(self) -> Contents:
        if self._contents is None:
            assert self._read is not None
            self._contents, self._read = self._read(), None
        return self._contents

    @property
    def symbols(self) -> dict[str, Symbol]:
        return self._got()[0]

    @property
    def aliases(self) -> dict[str, str]:
        return self._got()[1]

    @property
    def issues(self) -> list[Issue]:
        return self._got()[2]

    def get(self, name: str) -> Symbol | None:
        name = self.aliases.get(name, name)
        return self.symbols.get(name)

    def names(self) -> list[str]:
        return sorted(set(self.symbols) | set(self.aliases))

    def fallback(self) -> Symbol:
        return self.symbols.get("unknown") or Symbol(
            "unknown", "Unknown", (SymbolPart(ellipse_path(50, 50, 40, 40)),)
        )


# A part's numbers, in the units of the 0..100 square a symbol is drawn in: each is finite
# and at most this far from 0 (a coordinate, a size, a radius, a stroke, a rotation), so no
# `inf` or `nan` reaches a drawing; a star has at most `MOST_STAR_POINTS` points (the
# library cardstock ships draws 8 at most; 10^9 filled the memory).
MOST_UNITS = 10_000.0
MOST_STAR_POINTS = 360


def _bounded(what: str, values: Iterable[float]) -> None:
    """PathError unless each of `values` (of `what`) is finite and within `MOST_UNITS`."""
    for v in values:
        if not math.isfinite(v) or abs(v) > MOST_UNITS:
            raise PathError(
                f"{what} holds {v:g}: a part's numbers are finite and at most "
                f"{MOST_UNITS:,.0f} either side of 0 (a symbol is drawn in a 0..100 square)"
            )


def _part(spec: PartSpec) -> SymbolPart:
    _bounded("stroke", [spec.stroke])
    d: list[Cmd] = list(parse_path(spec.d)) if spec.d else []
    _bounded("the path data 'd'", (v for c in d for v in c[1:]))
    for c in spec.circles:
        if len(c) not in (3, 4):
            raise PathError("a circle is [cx, cy, r] or [cx, cy, rx, ry]")
        _bounded("a circle", c)
        d += ellipse_path(c[0], c[1], c[2], c[3] if len(c) == 4 else c[2])
    for rc in spec.rects:
        if len(rc) not in (4, 5):
            raise PathError("a rectangle is [x, y, w, h] or [x, y, w, h, radius]")
        _bounded("a rectangle", rc)
        d += rect_path(rc[0], rc[1], rc[2], rc[3], rc[4] if len(rc) == 5 else 0.0)
    for st in spec.stars:
        if len(st) not in (5, 6):
            raise PathError(
                "a star is [cx, cy, outer, inner, points] or with a rotation in degrees"
            )
        if not 2 <= st[4] < MOST_STAR_POINTS + 1:  # nan is refused too
            raise PathError(
                f"a star of {st[4]:g} points: a star has from 2 to {MOST_STAR_POINTS} points"
            )
        _bounded("a star", st)
        d += polygon_path(
            star_points(st[0], st[1], st[2], st[3], int(st[4]), st[5] if len(st) == 6 else -90.0)
        )
    for pg in spec.polygons:
        if len(pg) < 6 or len(pg) % 2:
            raise PathError("a polygon needs at least three x, y pairs")
        _bounded("a polygon", pg)
        d += polygon_path(list(zip(pg[0::2], pg[1::2])))
    if not d:
        raise PathError("a part needs 'd' path data or a shape (circles, rects, stars, polygons)")
    return SymbolPart(tuple(d), r(spec.stroke), spec.rule, spec.opacity)


# The libraries this process read, each with the bytes it was read from: a `--watch`
# process reads the same file at every rebuild. One is given again only for the same file
# (and name, and project) holding the same bytes.
_READ: dict[tuple[str, str, str], tuple[bytes, Contents]] = {}


def _file_bytes(path: FsPath, root: FsPath | None) -> bytes | None:
    try:
        return read_bytes(path, root)
    except Unreadable:
        return None


def load_library(path: FsPath, shown: str, root: FsPath | None = None) -> Library:
    """Read a symbol file; every problem becomes an Issue (a bad symbol is left out). Read
    again only when the file's bytes changed since this process read it (`_READ`); the file
    is read before and after, and a library is kept only when both give the same bytes."""
    if not path.is_file():
        return _read_library(path, shown, root)
    at = (str(path), shown, str(root))
    before = _file_bytes(path, root)
    kept = _READ.get(at)
    if before is not None and kept is not None and kept[0] == before:
        symbols, aliases, issues = kept[1]
        return Library(dict(symbols), dict(aliases), shown, list(issues))
    lib = _read_library(path, shown, root)
    if before is not None and _file_bytes(path, root) == before:
        _READ[at] = (before, (dict(lib.symbols), dict(lib.aliases), list(lib.issues)))
    return lib


def _read_library(path: FsPath, shown: str, root: FsPath | None) -> Library:
    issues: list[Issue] = []
    if not path.is_file():
        return Library({}, {}, shown, [Issue(shown, None, "", "the symbol library is missing")])
    from .symbolfile import SymbolFile  # its models are made only when a library is read

    found, problems = read_model(path, shown, root, SymbolFile)
    if found is None:
        return Library({}, {}, shown, problems)
    spec, lines = found
    symbols: dict[str, Symbol] = {}
    for name, s in spec.symbols.items():
        parts = []
        ok = True
        for i, p in enumerate(s.parts):
            try:
                parts.append(_part(p))
            except PathError as exc:
                issues.append(
                    Issue(
                        shown,
                        line_for(lines, ("symbols", name, "parts", i)),
                        f"symbols.{name}.parts[{i}]",
                        str(exc),
                    )
                )
                ok = False
        if ok:
            symbols[name] = Symbol(
                name, s.label or name.replace("-", " ").capitalize(), tuple(parts)
            )
    aliases: dict[str, str] = {}
    for alias, target in spec.aliases.items():
        if target not in symbols:
            issues.append(
                Issue(
                    shown,
                    line_for(lines, ("aliases", alias)),
                    f"aliases.{alias}",
                    f"names the symbol {target!r}, which the library does not define",
                )
            )
            continue
        aliases[alias] = target
    return Library(symbols, aliases, shown, issues)


def library(root: FsPath) -> Library:
    """The project's symbol library (`layouts/symbols.toml`, else the one cardstock
    ships)."""
    path, shown = shared_layout(root, "symbols.toml")

    def read() -> Contents:
        lib = load_library(path, shown, root)
        return lib.symbols, lib.aliases, lib.issues

    return Library.reading(shown, read)
