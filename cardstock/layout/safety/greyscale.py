"""The `greyscale` check: the values a player must tell apart stay apart when printed in
black and white, and in each colour-vision view.

A field whose values a player tells apart (a suit, a colour, a faction: a field of type
`choice`, `icon`, `color`, `str` or `bool` with at most `FEW` values in a set) often
chooses a panel's colour, an icon or a back. For each such field of each set, the fronts
holding each value are gathered into what they all draw alike (their common drawing, as
`vision.Looks` gathers a set's), and each pair of values is compared:

- the two drawings differ by a shape (an icon, a pattern, a word in the same place drawn
  differently, a box one draws and the other not): told apart, whatever the colours;
- they are the same drawing with the same colours: the field chooses nothing the faces
  show (a card's cost), nothing to tell apart;
- they differ only by colour: each colour that differs must differ from its counterpart
  by `GREY_STEP` or more in CIE L* (D65; the lightness a black-and-white print keeps),
  else the pair reads as one in greyscale; and in each colour-vision view (Machado 2009,
  `vision`) by `vision.MERGED` or more in ΔE2000, else it reads as one in that view.

Deck backs are compared the same way, two by two, as the values of the backs.

A pair that reads as one is a warning at the field's line in game.toml naming the field,
the two values, a face of each and where they read as one. A game accepts one on purpose
with `[[acknowledge]] check = "greyscale"` in its rules.toml (docs/rules-format.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.issues import Issue
from .vision import DEFICIENCIES, MERGED, _Blanks, _shared, delta_e, lab, parse, simulate

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ...catalog.schema import Component
    from ..ops import Face

GREY_STEP = 15.0  # ΔL* two colours need to read apart on a black-and-white print
FEW = 16  # a field with more values than this in a set is no category a player sorts by
KINDS = frozenset({"choice", "icon", "color", "str", "bool"})  # the types of such fields
BACKS = "backs"  # the deck backs, compared as the values of one field


class Values:
    """The common drawing of the fronts holding each value of each categorical field,
    gathered as the layout step hands each face (`layout.step`), and the deck backs."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        # (set, field) -> value -> (common ops, the first face holding it); None: too many
        self._values: dict[tuple[str, str], dict[str, tuple[tuple[Any, ...], str]] | None] = {}
        self._kinds: dict[str, list[str]] = {}  # set -> its categorical fields
        self._backs: dict[str, tuple[Any, ...]] = {}

    def _fields(self, set_id: str) -> list[str]:
        if set_id not in self._kinds:
            try:
                specs = self.catalog.field_specs(set_id)
            except StopIteration:
                specs = {}
            self._kinds[set_id] = [n for n, s in specs.items() if s.type in KINDS]
        return self._kinds[set_id]

    def front(self, comp: Component, face: Face) -> None:
        """A component's front, with its drawing."""
        for name in self._fields(comp.set):
            value = comp.fields.get(name)
            if value is None or value == "":
                continue
            key = (comp.set, name)
            table = self._values.setdefault(key, {})
            if table is None:
                continue
            shown = str(value)
            if shown not in table and len(table) >= FEW:
                self._values[key] = None  # too many values: no category
                continue
            was = table.get(shown)
            table[shown] = (_shared(was[0] if was else None, face.ops), was[1] if was else comp.id)

    def wants_back(self, comp: Component) -> bool:
        """Whether the component's deck back is still to be gathered (each back's drawing
        is read once)."""
        return comp.back is not None and comp.back not in self._backs

    def back(self, comp: Component, face: Face) -> None:
        """A deck back, with its drawing (each back once)."""
        if comp.back is not None and comp.back not in self._backs:
            self._backs[comp.back] = tuple(face.ops)

    def warnings(self) -> list[Issue]:
        """A warning for each pair of values that reads as one (see the module's docstring)."""
        out: list[Issue] = []
        blanks = _Blanks()
        catalog = self.catalog
        game_file = catalog.display(catalog.folder / "game.toml")
        index = {s.id: i for i, s in enumerate(catalog.game.sets)}
        for (set_id, name), table in self._values.items():
            if not table or len(table) < 2:
                continue
            i = index.get(set_id)
            line = catalog.line("sets", i, "fields", name) or catalog.line("sets", i)
            where = (game_file, line, f"sets[{i}].fields.{name}")
            looks = [(v, blanks.look(ops), first) for v, (ops, first) in table.items()]
            out += _pairs(where, f"field {name!r} of set {set_id!r}", looks)
        if len(self._backs) > 1:
            looks = [(b, blanks.look(ops), f"back {b!r}") for b, ops in self._backs.items()]
            out += _pairs((game_file, catalog.line("backs"), BACKS), "the backs", looks)
        return out


Look = tuple[str, tuple[str, tuple[str | None, ...]], str]  # value, (shape, colours), face


def _pairs(where: tuple[str, int | None, str], what: str, looks: Sequence[Look]) -> list[Issue]:
    out: list[Issue] = []
    for j, (value, (shape, colours), face) in enumerate(looks):
        for other, (other_shape, other_colours), other_face in looks[:j]:
            if other_shape != shape:
                continue  # told apart by a shape
            merged = merged_views(other_colours, colours)
            if merged:
                out.append(_warning(where, what, (other, value), (other_face, face), merged))
    return out


def merged_views(one: Sequence[str | None], two: Sequence[str | None]) -> list[str]:
    """The views ("greyscale", then each deficiency) in which two colourings of the same
    drawing read as one; none when they are the same, or a colour is no '#rrggbb'."""
    pairs = sorted({(a, b) for a, b in zip(one, two) if a and b and a.lower() != b.lower()})
    parsed = [(parse(a), parse(b)) for a, b in pairs]
    rgb = [(p, q) for p, q in parsed if p is not None and q is not None]
    if not pairs or len(rgb) < len(parsed):
        return []
    views = []
    if all(abs(lab(p)[0] - lab(q)[0]) < GREY_STEP for p, q in rgb):
        views.append("greyscale")
    views += [
        d
        for d in DEFICIENCIES
        if all(delta_e(simulate(p, d), simulate(q, d)) < MERGED for p, q in rgb)
    ]
    return views


def lightness_step(one: str, two: str) -> float:
    """ΔL* of two '#rrggbb' colours (CIE L*, D65): how far apart a greyscale print keeps them."""
    p, q = parse(one), parse(two)
    if p is None or q is None:
        raise ValueError(f"expected '#rrggbb' colours, got {one!r} and {two!r}")
    return abs(lab(p)[0] - lab(q)[0])


def _warning(
    where: tuple[str, int | None, str],
    what: str,
    values: tuple[str, str],
    faces: tuple[str, str],
    views: list[str],
) -> Issue:
    shown = " and ".join(views)
    return Issue(
        *where,
        f"{what}: {values[0]!r} ({faces[0]}) and {values[1]!r} ({faces[1]}) differ only by "
        f"colour, which reads as one in {shown} (ΔL* below {GREY_STEP:g} in greyscale, "
        f"ΔE2000 below {MERGED:g} in a colour-vision view); give each value an icon, a "
        "pattern or a word of its own, or acknowledge it (`[[acknowledge]] check = "
        '"greyscale"` in rules.toml, with the reason)',
        "warning",
    )


__all__ = ["BACKS", "FEW", "GREY_STEP", "KINDS", "Values", "lightness_step", "merged_views"]
