"""A drawn layout's marks checked against the game's fields, and each marked shape's box
given the type its field needs (a picture for an `art` field, an icon for an `icon`
field, a filled rectangle for a `color` field, else text).

A mark naming no field of the sets drawn with the layout (nor a name every face has,
`CORE`) may name a box the layout file writes for the layout: the drawing then gives that
box only its place and size (and a text its drawn style), the file what it shows. Any
other mark naming no field is an error at its element's line, with the nearest names
offered; so is a mark whose element cannot hold its field (a `<text>` bound to an `art`
field, `[fill]` bound to a field that is not a colour), and a drawing whose page is not
the size of the cards drawn on it (with or without their bleed, as the layout's `page` says).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.issues import Issue
from ...core.units import UnitError, parse_length, parse_size
from .load import DRAWN
from .marks import suggestion
from .read import DrawnMark, Reading

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ..language.load import LayoutSet

# names every face's templates have, which a mark may name as it names a field
CORE = frozenset(
    {
        "name",
        "id",
        "group",
        "group_said",
        "set_name",
        "kind",
        "accent",
        "accent_icon",
        "art_file",
        "version_mark",
        "back_version_mark",
        "version_code",
        "quickref",
        "stat",
    }
)
CORE_TYPES = {"accent": "color", "accent_icon": "icon", "art_file": "art"}
TOLERANCE_MM = 0.2  # a page this close to the card's size is its size
MM_PER_PT = 25.4 / 72


def bind_drawn(ls: LayoutSet, catalog: Catalog) -> None:
    """Check the marks of every drawn layout of `ls` against `catalog`'s fields and type
    their boxes; problems join `ls.issues`."""
    bound = False
    for name, raw in ls.raw.items():
        found = raw.get(DRAWN)
        if found is None or raw.get("bound"):
            continue
        shown, reading = found
        sets, deck = _users(ls, catalog, name)
        fields = _fields(catalog, sets, deck)
        choices = _choices(catalog, sets, deck)
        for dm in reading.marks:
            problem = _bind(dm, fields, raw["boxes"], shown) or _chosen(dm, choices)
            if problem is not None:
                ls.issues.append(Issue(shown, dm.line, dm.mark.written, problem))
        page = raw["values"].get("page", "trim")
        ls.issues.extend(_sizes(catalog, sets + deck, reading, shown, page))
        raw["bound"] = True
        bound = True
    if bound:
        ls.changed()


def _users(ls: LayoutSet, catalog: Catalog, name: str) -> tuple[list[Any], list[Any]]:
    """The sets whose faces are drawn with the layout `name` (or a layout extending it),
    as fronts or as their own backs; and the sets whose deck backs are."""
    sets: list[Any] = []
    deck: list[Any] = []
    for s in catalog.game.sets:
        own = f"{s.layout}-back" if s.layout else None
        reverse = [own, f"{s.id}-back"] if s.double_sided else []
        if _drawn_with(ls, [s.layout, s.id, s.kind], name) or _drawn_with(ls, reverse, name):
            sets.append(s)
        backs = {c.back for c in catalog.components if c.set == s.id and c.back}
        if backs and not s.double_sided:
            names = [
                [own, f"back-{b}", f"{s.id}-back", f"{s.kind}-back", "card-back"] for b in backs
            ]
            if any(_drawn_with(ls, n, name) for n in names):
                deck.append(s)
    return sets, deck


def _drawn_with(ls: LayoutSet, names: list[str | None], name: str) -> bool:
    """Whether the first of `names` that is a layout is `name` or extends it."""
    for cand in names:
        if cand and ls.has(cand):
            lay = ls.resolve(cand)
            return lay is not None and name in lay.chain
    return False


def _fields(catalog: Catalog, sets: list[Any], deck: list[Any]) -> dict[str, str]:
    """Field name -> type: the names every face has, with the fields of `sets` (of no set
    for a layout only deck backs are drawn with; of every set for one nothing uses)."""
    fields: dict[str, str] = {k: CORE_TYPES.get(k, "str") for k in CORE}
    for s in sets or ([] if deck else catalog.game.sets):
        for k, spec in s.fields.items():
            fields.setdefault(k, spec.type)
    return fields


def _choices(catalog: Catalog, sets: list[Any], deck: list[Any]) -> dict[str, set[str]]:
    """Choice field name -> every choice it has in the sets `_fields` reads."""
    out: dict[str, set[str]] = {}
    for s in sets or ([] if deck else catalog.game.sets):
        for k, spec in s.fields.items():
            if spec.type == "choice" and spec.choices:
                out.setdefault(k, set()).update(str(c) for c in spec.choices)
    return out


def _chosen(dm: DrawnMark, choices: dict[str, set[str]]) -> str | None:
    """The problem with a group shown for a value its choice field never holds."""
    mark = dm.mark
    known = choices.get(mark.field)
    if mark.value is None or known is None or mark.value in known:
        return None
    return (
        f"{mark.value!r} is none of the choices of {mark.field!r} ("
        + ", ".join(sorted(known))
        + "), so the group would never print"
        + suggestion(mark.value, sorted(known))
    )


# what a marked shape's box becomes, by its field's type
_SHAPE_BOXES: dict[str, dict[str, str]] = {
    "art": {"type": "art", "art": "{{ %s }}"},
    "icon": {"type": "icon", "icon": "{{ %s }}"},
    "icons": {"type": "icons", "icons": "{{ %s | join(' ') }}", "arrange": "row"},
    "color": {"type": "rect", "fill": "{{ %s }}"},
}
_TEXT_KEYS = ("text", "field", "align", "valign")


def _bind(dm: DrawnMark, fields: dict[str, str], boxes: dict[str, Any], shown: str) -> str | None:
    """Type the box of one mark; the problem with the mark, if any."""
    mark = dm.mark
    if mark.field not in fields:
        box = boxes.get(dm.box) if dm.box is not None else None
        if box is not None and dm.kind in ("text", "shape") and _written(box, shown):
            return _placed_only(box, dm.box or "", shown, dm.kind)
        return "names no field" + suggestion(mark.field, sorted(fields))
    kind = fields[mark.field]
    if dm.kind == "text" and kind in ("art", "icon", "icons"):
        return (
            f"a text cannot show the {kind} field {mark.field!r}; mark a rectangle drawn "
            "where it goes instead"
        )
    if dm.kind == "paint":
        wanted = "number" if mark.prop == "opacity" else "color"
        if kind not in (("number", "int") if wanted == "number" else ("color",)):
            return f"[{mark.prop}] needs a {wanted} field; {mark.field!r} is a field of type {kind}"
        return None
    if dm.kind != "shape" or dm.box is None or kind not in _SHAPE_BOXES:
        return None
    box = boxes[dm.box]
    values, origins = box["values"], box["origins"]
    drawn_here = origins.get("type") is not None and origins["type"].file == shown
    if not drawn_here:
        return None  # a layout file chose the box's type
    for key in _TEXT_KEYS:
        if origins.get(key) is not None and origins[key].file == shown:
            values.pop(key, None)
    for key, value in _SHAPE_BOXES[kind].items():
        values[key] = value % mark.field if "%s" in value else value
        origins[key] = origins[""]
    return None


def _written(box: dict[str, Any], shown: str) -> bool:
    """Whether a layout file writes keys for the box (not only the drawing)."""
    return any(k and at.file != shown for k, at in box["origins"].items())


def _placed_only(box: dict[str, Any], name: str, shown: str, kind: str) -> str | None:
    """A mark naming a box the layout file writes: the drawing gives the box its place
    and size (and a text its drawn style), the layout file what it shows. The problem,
    when the layout file leaves the box nothing to show."""
    values, origins = box["values"], box["origins"]
    drawn = ("text", "field") if kind == "text" else ("type", "text", "field", "align", "valign")
    for key in drawn:
        if origins.get(key) is not None and origins[key].file == shown:
            values.pop(key, None)
            origins.pop(key, None)
    wanted = "text" if kind == "text" else "type"
    if wanted not in values:
        return (
            f"names no field, and the box {name!r} the layout file writes has no "
            f"`{wanted}`: write what the {'text' if kind == 'text' else 'shape'} shows there"
        )
    return None


def _sizes(
    catalog: Catalog, sets: list[Any], reading: Reading, shown: str, page: str
) -> list[Issue]:
    """The drawing's page against the size of each set's cards drawn with it."""
    out: list[Issue] = []
    try:
        bleed = parse_length(catalog.game.print.bleed) * MM_PER_PT if page == "bleed" else 0.0
    except UnitError:
        return out
    dw, dh = reading.size_mm
    for s in sets:
        comp = next((c for c in catalog.components if c.set == s.id), None)
        if comp is None:
            continue
        try:
            w, h = (v * MM_PER_PT + 2 * bleed for v in parse_size(comp.size))
        except UnitError:
            continue
        if abs(w - dw) > TOLERANCE_MM or abs(h - dh) > TOLERANCE_MM:
            out.append(
                Issue(
                    shown,
                    reading.root_line,
                    "width" if abs(w - dw) > TOLERANCE_MM else "height",
                    f"the drawing's page is {dw:.2f} x {dh:.2f} mm, but the {s.id!r} "
                    f"{s.kind}s are {w:.2f} x {h:.2f} mm "
                    + ('with their bleed (page = "bleed")' if page == "bleed" else "trimmed")
                    + "; draw the page at that size, or set the layout's `page` (or its "
                    "`dpi`, for a drawing measured in pixels)",
                )
            )
    return out
