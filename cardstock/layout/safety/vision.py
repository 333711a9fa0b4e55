"""Colour vision: faces as colour-blind players see them, and the `colour-vision` check.

The simulation is the physiologically-based model of Machado, Oliveira and Fernandes,
"A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE
Transactions on Visualization and Computer Graphics 15(6), 2009, pp. 1291–1298: one 3 × 3
matrix per deficiency, applied to linear RGB. `MACHADO` holds the paper's matrices for
full severity (1.0) of protanopia, deuteranopia and tritanopia.

Colour differences are CIEDE2000 (Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference
Formula: Implementation Notes, Supplementary Test Data, and Mathematical Observations",
Color Research and Application 30(1), 2005), from sRGB through CIE Lab under D65.

The check compares what faces show apart from their colours: two looks whose drawings are
the same once every colour is left out (the same shapes, icons and words in the same
places) are told apart by colour alone; when every colour that differs between them comes
within `MERGED` (ΔE2000) of its counterpart in one of the simulations, colour-blind
players cannot tell them apart. The looks compared are each set's common frame (the
drawing every front of the set shares), each distinct card front, and each deck back.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...core.issues import Issue
from ..ops import (
    Ellipse,
    Face,
    Group,
    Icon,
    Path,
    Rect,
    Text,
    field_names,
    plain,
    plain_key,
    values,
)

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ...catalog.schema import Component
    from ..faces import KeptFaces

MERGED = 10.0  # ΔE2000 below which two colours read as one
DEFICIENCIES = ("protanopia", "deuteranopia", "tritanopia")
Matrix3 = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

# Machado et al. 2009, table of simulation matrices, severity 1.0 (linear RGB).
MACHADO: dict[str, Matrix3] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

RGB = tuple[float, float, float]  # sRGB, each 0..1
HEX = re.compile(r"^#([0-9a-fA-F]{6})$")


def parse(color: str) -> RGB | None:
    """'#rrggbb' → sRGB in 0..1 (None for anything else)."""
    m = HEX.match(color.strip())
    if not m:
        return None
    v = m.group(1)
    return (int(v[0:2], 16) / 255, int(v[2:4], 16) / 255, int(v[4:6], 16) / 255)


def to_hex(rgb: RGB) -> str:
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02x}" for c in rgb)


def linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(rgb: RGB, deficiency: str) -> RGB:
    """An sRGB colour as seen with the deficiency (Machado 2009, in linear RGB)."""
    m = MACHADO[deficiency]
    lin = [linear(c) for c in rgb]
    return (
        encoded(sum(m[0][i] * lin[i] for i in range(3))),
        encoded(sum(m[1][i] * lin[i] for i in range(3))),
        encoded(sum(m[2][i] * lin[i] for i in range(3))),
    )


def simulator(deficiency: str) -> Callable[[float, float, float], tuple[float, float, float]]:
    """The simulation as a function of r, g, b in 0..1 (for a colour lookup table)."""
    return lambda r, g, b: simulate((r, g, b), deficiency)


def lab(rgb: RGB) -> tuple[float, float, float]:
    """sRGB → CIE L*a*b* (D65)."""
    r, g, b = (linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(one: RGB, two: RGB) -> float:
    """CIEDE2000 between two sRGB colours."""
    return delta_e_lab(lab(one), lab(two))


def delta_e_lab(one: tuple[float, float, float], two: tuple[float, float, float]) -> float:
    """CIEDE2000 between two CIE Lab colours (Sharma, Wu and Dalal 2005)."""
    l1, a1, b1 = one
    l2, a2, b2 = two
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm**7 / (cm**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cmp_ = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hm - 30))
        + 0.24 * math.cos(math.radians(2 * hm))
        + 0.32 * math.cos(math.radians(3 * hm + 6))
        - 0.20 * math.cos(math.radians(4 * hm - 63))
    )
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = (
        -2
        * math.sqrt(cmp_**7 / (cmp_**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((hm - 275) / 25) ** 2))))
    )
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


# ---------------------------------------------------------------- looks told apart by colour alone

_COLOURED = {
    Rect: ("fill", "stroke"),
    Ellipse: ("fill", "stroke"),
    Path: ("fill", "stroke"),
    Text: ("color",),
    Icon: ("color",),
}


def _colours(ops: Iterable[Any], out: list[str | None]) -> list[str | None]:
    """Every colour the ops paint with, in drawing order."""
    for op in ops:
        if isinstance(op, Group):
            _colours(op.ops, out)
        for name in _COLOURED.get(type(op), ()):
            out.append(getattr(op, name))
    return out


# an op class -> the positions of its colour fields among its field values (`ops.values`)
_AT = {
    cls: tuple(i for i, k in enumerate(field_names(cls)) if k in names)
    for cls, names in _COLOURED.items()
}


def _blank(op: Any) -> Any:
    """The op as plain data (`ops.plain`) with its colours left out (a colour it paints
    with as "", one it does not as None): equal for two ops that differ only by colour.
    Made as tuples, not as new ops: a look is taken of every face of a game."""
    if isinstance(op, Group):
        return ("Group", tuple(_blank(o) for o in op.ops), op.clip, op.transform)
    if type(op) not in _COLOURED:
        return plain(op)
    if isinstance(op, Icon):  # its parts are ops of their own
        return plain(replace(op, color=None if op.color is None else ""))
    found = list(values(op))
    for i in _AT[type(op)]:
        if found[i] is not None:
            found[i] = ""
    return (type(op).__name__, *found)


def shape_key(ops: Sequence[Any]) -> str:
    """What the ops draw with their colours left out."""
    return plain_key(tuple(_blank(op) for op in ops))


BLANKS_MAX = 4096  # ops `_Blanks` remembers before it starts again


class _Blanks:
    """`shape_key` and `_colours` for the faces of one game, each op read once: the boxes
    its faces share are drawn once (`memo`), and generated art's ground and rays once a
    turn and palette (`boxtypes.art`), so their ops are the same objects on every face
    that draws them, even inside a group made anew for each face. Ops are remembered by
    identity, each with the op itself (so an id is never reused)."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[Any, Any, tuple[str | None, ...]]] = {}

    def _one(self, op: Any) -> tuple[Any, Any, tuple[str | None, ...]]:
        """(op, `_blank(op)`, the colours it paints with): a group's from its ops'."""
        known = self._known
        hit = known.get(id(op))
        if hit is not None and hit[0] is op:
            return hit
        if isinstance(op, Group):
            inner = [self._one(o) for o in op.ops]
            blank: Any = ("Group", tuple(i[1] for i in inner), op.clip, op.transform)
            colours = tuple(c for i in inner for c in i[2])
        else:
            blank, colours = _blank(op), tuple(_colours((op,), []))
        if len(known) >= BLANKS_MAX:
            known.clear()
        hit = known[id(op)] = (op, blank, colours)
        return hit

    def look(self, ops: Sequence[Any]) -> tuple[str, tuple[str | None, ...]]:
        """(`shape_key(ops)`, the colours the ops paint with, in drawing order)."""
        known = self._known
        one = self._one
        out = []
        colours: list[str | None] = []
        for op in ops:
            hit = known.get(id(op))
            if hit is None or hit[0] is not op:
                hit = one(op)
            out.append(hit[1])
            colours += hit[2]
        return plain_key(tuple(out)), tuple(colours)


def merged_in(
    one: Sequence[str | None], two: Sequence[str | None]
) -> tuple[list[str], list[tuple[str, str]]]:
    """The deficiencies in which two lists of colours (of the same drawing) read as one,
    and the pairs that differ; no deficiency when they read as one to everyone."""
    pairs = sorted({(a, b) for a, b in zip(one, two) if a and b and a.lower() != b.lower()})
    parsed = [(parse(a), parse(b)) for a, b in pairs]
    if not pairs or any(p is None or q is None for p, q in parsed):
        return [], []
    if max(delta_e(p, q) for p, q in parsed if p and q) < MERGED:
        return [], []  # the same to everyone: not told apart by colour
    hit = [
        d
        for d in DEFICIENCIES
        if all(delta_e(simulate(p, d), simulate(q, d)) < MERGED for p, q in parsed if p and q)
    ]
    return hit, pairs


def _shared(common: tuple[Any, ...] | None, ops: Sequence[Any]) -> tuple[Any, ...]:
    """The ops of `common` that `ops` draws too (each as often as both draw it, in
    `common`'s order); `ops` itself when there is nothing in common yet."""
    if common is None:
        return tuple(ops)
    # The ops the boxes of a set's faces share are the same objects on every face
    # (`memo`): when each op of `common` is found among `ops` by identity, it is kept
    # whole, and no op is hashed (an op's hash walks all its fields).
    mine: dict[int, int] = {}
    for op in ops:
        mine[id(op)] = mine.get(id(op), 0) + 1
    for op in common:
        n = mine.get(id(op), 0)
        if not n:
            break
        mine[id(op)] = n - 1
    else:
        return common
    pool = Counter(ops)
    keep = []
    for op in common:
        if pool[op] > 0:
            pool[op] -= 1
            keep.append(op)
    return tuple(keep)


# A look the check compares: (label, file, line, field, the colours its drawing paints with)
Look = tuple[str, str, int | None, str, tuple[str | None, ...]]


class Looks:
    """The looks of one game's faces the check compares, gathered as the layout step
    (`cardstock.layout.step`) hands it each face: each look kept as the shape of its
    drawing and its colours, not as the drawing (a big game keeps only its faces'
    outlines in memory). `kept`: each face's look from the build before (`--watch`)."""

    def __init__(self, catalog: Catalog, kept: KeptFaces | None) -> None:
        self.catalog = catalog
        self.kept = kept
        self._blanks = _Blanks()
        # what every face of a set draws alike (`common`, by set), and each distinct front
        # and deck back as a look of its own, in the catalog's order
        self._common: dict[str, tuple[Any, ...]] = {}
        self._count: dict[str, int] = {}
        self._looks: list[tuple[str, Look] | None] = []
        self._seen: set[str] = set()

    def _look(
        self, label: str, file: str, line: int | None, fld: str, ops: Sequence[Any], key: str = ""
    ) -> tuple[str, Look] | None:
        """A drawing kept as its shape and its colours (None: it draws nothing). A face's
        (`key`: its content key) is worked out once a `--watch` process (`KeptFaces.made`)."""
        if not ops:
            return None
        blanks, kept = self._blanks, self.kept
        if kept is None or not key:
            shape, colours = blanks.look(ops)
            return shape, (label, file, line, fld, colours)

        def made() -> bytes:
            return json.dumps(blanks.look(ops)).encode()

        shape, colours = json.loads(kept.made(f"vision-look\0{key}", made))
        return shape, (label, file, line, fld, tuple(colours))

    def front(self, comp: Component, face: Face) -> None:
        """A component's front, with its drawing."""
        ops = face.ops
        self._common[comp.set] = _shared(self._common.get(comp.set), ops)
        self._count[comp.set] = self._count.get(comp.set, 0) + 1
        if face.key not in self._seen:
            self._seen.add(face.key)
            self._looks.append(
                self._look(f"card {comp.id!r}", comp.file, comp.line, "", ops, face.key)
            )

    def back(self, comp: Component, face: Face, drawing: Callable[[Face], Face]) -> None:
        """A component's back as an outline; `drawing` gives its drawing, asked for once
        for a deck back many cards share."""
        if comp.back is None or face.key in self._seen:
            return
        self._seen.add(face.key)
        catalog = self.catalog
        self._looks.append(
            self._look(
                f"back {comp.back!r}",
                catalog.display(catalog.folder / "game.toml"),
                catalog.line("backs", comp.back),
                f"backs.{comp.back}",
                drawing(face).ops,
                face.key,
            )
        )

    def warnings(self) -> list[Issue]:
        """Warnings for looks colour-blind players cannot tell apart (see the module's
        docstring): the sets' looks first, then the faces'."""
        catalog = self.catalog
        game_file = catalog.display(catalog.folder / "game.toml")
        sets = [
            self._look(
                f"set {s.id!r}",
                game_file,
                catalog.line("sets", index),
                f"sets[{index}]",
                self._common[s.id],
            )
            for index, s in enumerate(catalog.game.sets)
            if self._count.get(s.id, 0) > 1
        ]
        by_shape: dict[str, list[Look]] = {}
        for found in (*sets, *self._looks):
            if found is not None:
                by_shape.setdefault(found[0], []).append(found[1])
        return _colour_only(by_shape)


class _Verdicts:
    """`merged_in` for the looks of one check, each distinct colour worked out once (its
    Lab colour, as seen and in each simulation) and each distinct pair of colours compared
    once: the looks of a game paint with a few colours many times over."""

    def __init__(self) -> None:
        self._labs: dict[str, tuple[tuple[float, float, float], ...] | None] = {}
        # (earlier colour, later colour) -> (told apart as seen, deficiencies merging them)
        self._pairs: dict[tuple[str, str], tuple[bool, frozenset[str]] | None] = {}

    def _lab(self, colour: str) -> tuple[tuple[float, float, float], ...] | None:
        """The colour in Lab as seen, then in each simulation (None: not '#rrggbb')."""
        if colour not in self._labs:
            rgb = parse(colour)
            self._labs[colour] = (
                None if rgb is None else (lab(rgb), *(lab(simulate(rgb, d)) for d in DEFICIENCIES))
            )
        return self._labs[colour]

    def _pair(self, one: str, two: str) -> tuple[bool, frozenset[str]] | None:
        if (one, two) not in self._pairs:
            p, q = self._lab(one), self._lab(two)
            self._pairs[(one, two)] = (
                None
                if p is None or q is None
                else (
                    delta_e_lab(p[0], q[0]) >= MERGED,
                    frozenset(
                        d for i, d in enumerate(DEFICIENCIES, 1) if delta_e_lab(p[i], q[i]) < MERGED
                    ),
                )
            )
        return self._pairs[(one, two)]

    def merged_in(
        self, one: Sequence[str | None], two: Sequence[str | None]
    ) -> tuple[list[str], list[tuple[str, str]]]:
        """What `merged_in` gives for the two lists of colours."""
        pairs = sorted({(a, b) for a, b in zip(one, two) if a and b and a.lower() != b.lower()})
        verdicts = [self._pair(a, b) for a, b in pairs]
        if not pairs or any(v is None for v in verdicts):
            return [], []
        if not any(v[0] for v in verdicts if v):
            return [], []  # the same to everyone: not told apart by colour
        return [d for d in DEFICIENCIES if all(d in v[1] for v in verdicts if v)], pairs


def _colour_only(by_shape: dict[str, list[Look]]) -> list[Issue]:
    """A warning for each look that only its colours tell from an earlier look of the
    same shape, when a colour vision deficiency merges those colours. The looks of a shape
    are grouped by the colours they paint with: each distinct pair of colourings is
    compared once, whatever the number of looks that paint with them."""
    out: list[Issue] = []
    verdicts = _Verdicts()
    for group in by_shape.values():
        # each distinct colouring of the group so far -> the looks painting with it, in order
        earlier: dict[tuple[str | None, ...], list[int]] = {}
        for i, (label, file, line, fld, colours) in enumerate(group):
            found: list[tuple[int, list[str], list[tuple[str, str]]]] = []
            for other_colours, indices in earlier.items():
                if other_colours == colours:
                    continue  # the same colours: nothing to tell apart by
                hit, pairs = verdicts.merged_in(other_colours, colours)
                if hit:
                    found += [(j, hit, pairs) for j in indices]
            earlier.setdefault(colours, []).append(i)
            for j, hit, pairs in sorted(found, key=lambda f: f[0]):
                out.append(_warning(label, file, line, fld, group[j][0], hit, pairs))
    return out


def _warning(
    label: str,
    file: str,
    line: int | None,
    fld: str,
    other: str,
    hit: list[str],
    pairs: list[tuple[str, str]],
) -> Issue:
    shown = ", ".join(f"{a} and {b}" for a, b in pairs[:3]) + (" …" if len(pairs) > 3 else "")
    return Issue(
        file,
        line,
        fld,
        f"{label} and {other} differ only by colour ({shown}), which read as "
        f"one with {', '.join(hit)} (ΔE2000 below {MERGED:g} in the Machado "
        "2009 simulation); give each an icon, a shape or a word of its own "
        "(`cardstock proof --cvd` shows them)",
        "warning",
    )


__all__ = [
    "DEFICIENCIES",
    "MACHADO",
    "MERGED",
    "Looks",
    "delta_e",
    "delta_e_lab",
    "lab",
    "merged_in",
    "parse",
    "shape_key",
    "simulate",
    "simulator",
    "to_hex",
]
