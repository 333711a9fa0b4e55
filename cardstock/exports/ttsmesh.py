"""The custom models of the `tts` stage (`exports/tts.py`): Wavefront OBJ meshes written
here, so their texture layouts are known, and the faces their textures show, cut from the
nets cardstock.layout.faces lays out. A six-sided die is a cube with one texture cell per
side; a standee is an upright board on a flat base, its texture the front panel, the back
panel and the base flap in a row.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.units import POINTS_PER
from ..layout.ops import Face, Group, rect_path

MM = POINTS_PER["mm"]  # points per millimetre
STANDEE_THICKNESS_MM = 1.0  # two sheets of card glued back to back

# ---------------------------------------------------------------- meshes

Point3 = tuple[float, float, float]
Quad = tuple[tuple[Point3, Point3, Point3, Point3], tuple[float, float, float, float]]
UV_INSET = 0.002  # keeps texture filtering from sampling the next cell at a face's edge


def cell_uv(col: int, row: int, columns: int, rows: int) -> tuple[float, float, float, float]:
    """Texture cell (col, row), counted from the top left, as (u0, v0, u1, v1) in OBJ's
    coordinates (v runs up), pulled in by UV_INSET."""
    u0, u1 = col / columns + UV_INSET, (col + 1) / columns - UV_INSET
    v0, v1 = 1 - (row + 1) / rows + UV_INSET, 1 - row / rows - UV_INSET
    return u0, v0, u1, v1


def obj_text(comment: str, name: str, quads: list[Quad]) -> str:
    """A Wavefront OBJ of quads, each given by its corners as seen from outside (bottom
    left, bottom right, top right, top left) and the texture rectangle it shows."""
    lines = [f"# {comment}", f"o {name}"]
    for corners, _ in quads:
        lines += [f"v {x:g} {y:g} {z:g}" for x, y, z in corners]
    for _, (u0, v0, u1, v1) in quads:
        lines += [f"vt {u:.4f} {v:.4f}" for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))]
    for i in range(len(quads)):
        a = 4 * i + 1
        lines.append("f " + " ".join(f"{a + k}/{a + k}" for k in range(4)))
    return "\n".join(lines) + "\n"


def box_quads(
    x0: float,
    x1: float,
    y0: float,
    y1: float,
    z0: float,
    z1: float,
    uv: Callable[[str], tuple[float, float, float, float]],
) -> list[Quad]:
    """The six sides of a box (y up), each with the texture rectangle `uv(side)` gives
    ("+z" the front, "-z" the back, "+x", "-x", "+y" the top, "-y" the bottom)."""
    sides: dict[str, tuple[Point3, Point3, Point3, Point3]] = {
        "+z": ((x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)),
        "-z": ((x1, y0, z0), (x0, y0, z0), (x0, y1, z0), (x1, y1, z0)),
        "+x": ((x1, y0, z1), (x1, y0, z0), (x1, y1, z0), (x1, y1, z1)),
        "-x": ((x0, y0, z0), (x0, y0, z1), (x0, y1, z1), (x0, y1, z0)),
        "+y": ((x0, y1, z1), (x1, y1, z1), (x1, y1, z0), (x0, y1, z0)),
        "-y": ((x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1)),
    }
    return [(corners, uv(side)) for side, corners in sides.items()]


# ---------------------------------------------------------------- dice

# A six-sided die as a custom model of Tabletop Simulator's dice type (CustomMesh.TypeIndex
# 2): the mesh is a cube one unit a side written here, so the texture layout is ours and
# certain: face k (1..6) in cell ((k - 1) % 3, (k - 1) // 3) of a 3 x 2 grid, read from the
# top left. Opposite faces add up to 7 as on a common die. Each side: (value, corners as
# seen from outside: bottom left, bottom right, top right, top left), centred on 0.
DIE_SIDES: tuple[tuple[int, tuple[Point3, Point3, Point3, Point3]], ...] = (
    (1, ((-0.5, 0.5, 0.5), (0.5, 0.5, 0.5), (0.5, 0.5, -0.5), (-0.5, 0.5, -0.5))),  # +Y, up
    (2, ((-0.5, -0.5, 0.5), (0.5, -0.5, 0.5), (0.5, 0.5, 0.5), (-0.5, 0.5, 0.5))),  # +Z
    (3, ((0.5, -0.5, 0.5), (0.5, -0.5, -0.5), (0.5, 0.5, -0.5), (0.5, 0.5, 0.5))),  # +X
    (4, ((-0.5, -0.5, -0.5), (-0.5, -0.5, 0.5), (-0.5, 0.5, 0.5), (-0.5, 0.5, -0.5))),  # -X
    (5, ((0.5, -0.5, -0.5), (-0.5, -0.5, -0.5), (-0.5, 0.5, -0.5), (0.5, 0.5, -0.5))),  # -Z
    (6, ((-0.5, -0.5, -0.5), (0.5, -0.5, -0.5), (0.5, -0.5, 0.5), (-0.5, -0.5, 0.5))),  # -Y
)
# The turn (Euler degrees x, y, z) that brings each value's side up, for TTS's
# RotationValues (what a roll reports)
DIE_UP = {
    1: (0.0, 0.0, 0.0),
    2: (270.0, 0.0, 0.0),
    3: (0.0, 0.0, 90.0),
    4: (0.0, 0.0, 270.0),
    5: (90.0, 0.0, 0.0),
    6: (180.0, 0.0, 0.0),
}
DIE_COLUMNS, DIE_ROWS = 3, 2


def die_cell(value: int) -> tuple[int, int]:
    """The (column, row) of a value's face in the die texture, from the top left."""
    return (value - 1) % DIE_COLUMNS, (value - 1) // DIE_COLUMNS


def die_obj() -> str:
    """The cube mesh (Wavefront OBJ): one quad per side, each with its own texture cell."""
    quads = [
        (corners, cell_uv(*die_cell(value), DIE_COLUMNS, DIE_ROWS)) for value, corners in DIE_SIDES
    ]
    return obj_text(
        "a six-sided die: face k in cell ((k-1) % 3, (k-1) // 3) of a 3 x 2 texture", "die", quads
    )


def die_faces(net: Face) -> list[Face]:
    """The six faces of a die net laid out by cardstock.layout.faces, in value order: the
    net's first six groups are its panels, each moved to its place on the net."""
    panels = [op for op in net.ops if isinstance(op, Group) and op.transform is not None][:6]
    side = net.width / 3
    square = rect_path(0.0, 0.0, side, side)
    return [Face.build(side, side, 0.0, "rect", (Group(p.ops, square),)) for p in panels]


# ---------------------------------------------------------------- standees

# A pawn printed as a folding standee (two panels back to back on a base folded out both
# ways) is a custom model of the figurine type (TypeIndex 1): a thin upright board (the
# panels, front on +Z) on a flat base as deep as the two base flaps together. The mesh is
# one unit high at the panels, so its scale is the panel height in units; its texture is
# three cells in a row: the front panel, the back panel, the base flap.
STANDEE_CELLS = 3


def standee_parts(net: Face) -> tuple[Face, Face, Face, float]:
    """The front panel, the back panel (upright) and the base flap of a standee laid out by
    cardstock.layout.faces (each a face of the panel's size), and the flap's depth."""
    back, front = [op for op in net.ops if isinstance(op, Group) and op.transform is not None][:2]
    w = net.width
    ys = [float(v) for cmd in (front.clip or ()) for v in cmd[2::2]]
    panel_h = (
        (max(ys) - min(ys)) if ys else net.height / 2
    )  # a panel is drawn clipped to its own height
    base = max((net.height - 2 * panel_h) / 2, 0.01)
    box = rect_path(0.0, 0.0, w, panel_h)
    flap = Group(net.ops, rect_path(0.0, 0.0, w, base), (1.0, 0.0, 0.0, panel_h / base, 0.0, 0.0))
    return (
        Face.build(w, panel_h, 0.0, "rect", (Group(front.ops, box),)),
        Face.build(w, panel_h, 0.0, "rect", (Group(back.ops, box),)),
        Face.build(w, panel_h, 0.0, "rect", (Group((flap,), box),)),
        base,
    )


def standee_obj(w: float, h: float, base: float) -> str:
    """The standee's mesh for panels w x h on flaps `base` deep (all in points), one unit
    high at the panels."""
    k = 1.0 / h
    half_w, half_t = w * k / 2, STANDEE_THICKNESS_MM * MM * k / 2
    foot, depth = half_t, base * k  # the base: one card thick, a flap deep on each side
    cells = [cell_uv(i, 0, STANDEE_CELLS, 1) for i in range(STANDEE_CELLS)]
    front, back, flap = cells
    board = box_quads(
        -half_w,
        half_w,
        foot,
        foot + 1.0,
        -half_t,
        half_t,
        lambda side: front if side == "+z" else back if side == "-z" else flap,
    )
    stand = box_quads(-half_w, half_w, 0.0, foot, -depth, depth, lambda side: flap)
    return obj_text(
        "a standee: the front in the first of three texture cells, the back in the second, "
        "the base in the third",
        "standee",
        board + stand,
    )
