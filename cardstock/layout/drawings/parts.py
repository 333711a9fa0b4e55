"""A drawn layout's elements in drawing order, cut into what becomes boxes: the marked
elements (`Marked`) and, between them, the stretches of unmarked drawing (`Part`), each
drawn as one `drawing` box so that what is drawn above a marked box stays above it.

The same cut is made when the layout is read (`cardstock.layout.drawings.read`, which makes the
boxes) and when a `drawing` box draws its part (`part_svg`): a part is named by its
place in this order.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from ..art.svgparse import SKIP, SVG_NS, local_name, viewbox
from .marks import Mark, mark_of, marks_of

CONTAINERS = frozenset({"g", "a", "switch"})
TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


@dataclass
class Part:
    """A stretch of unmarked drawing shown under the same conditions (`whens`), or one
    element whose paint a field sets (`mark` with a `prop`)."""

    leaves: list[ET.Element]
    whens: tuple[str, ...]
    mark: Mark | None = None
    element: ET.Element | None = None  # where the part starts, for its line
    index: int = field(default=0)
    more: tuple[Mark, ...] = ()  # the other properties fields set (`a[fill] b[stroke]`)


@dataclass
class Marked:
    """A marked element that becomes a box of its own (`mark` None: an unmarked `<text>`
    holding `{{ … }}`, read as the template it looks like)."""

    element: ET.Element
    mark: Mark | None
    whens: tuple[str, ...]


def condition(mark: Mark) -> str:
    """The `when` a marked group is shown under."""
    if mark.value is None:
        return mark.field
    return f"{mark.field} | string == {mark.value!r}"


def words(el: ET.Element) -> str:
    """The text an element holds, its children's included."""
    return "".join(el.itertext())


def cut(
    root: ET.Element,
    groups: list[tuple[ET.Element, Mark]] | None = None,
    problems: list[tuple[ET.Element, str]] | None = None,
) -> list[Part | Marked]:
    """The drawing's boxes-to-be in drawing order (see the module's docstring); each
    marked group is added to `groups` (its mark becomes the `when` of what it holds), and
    each label holding several marks that cannot go together to `problems`."""
    out: list[Part | Marked] = []

    def visit(el: ET.Element, whens: tuple[str, ...]) -> None:
        for child in el:
            tag = local_name(child)
            if tag is None or tag in SKIP:
                continue
            marks = marks_of(child)
            if marks and problems is not None and (problem := _together(marks, tag)):
                problems.append((child, problem))
            mark = marks[0] if marks else None
            if mark is not None and mark.prop is not None:
                out.append(Part([child], whens, mark, child, more=marks[1:]))
            elif mark is not None and tag in CONTAINERS:
                if groups is not None:
                    groups.extend((child, m) for m in marks)
                visit(child, (*whens, *(condition(m) for m in marks)))
            elif mark is not None:
                out.append(Marked(child, mark, whens))
            elif tag in CONTAINERS:
                visit(child, whens)
            elif tag in ("text", "flowRoot") and TEMPLATE.search(words(child)):
                out.append(Marked(child, None, whens))
            else:
                last = out[-1] if out else None
                if isinstance(last, Part) and last.mark is None and last.whens == whens:
                    last.leaves.append(child)
                else:
                    out.append(Part([child], whens, None, child))

    visit(root, ())
    n = 0
    for item in out:
        if isinstance(item, Part):
            item.index = n
            n += 1
    return out


def _together(marks: tuple[Mark, ...], tag: str) -> str | None:
    """What is wrong with several marks on one element (None: they go together): they
    must all set properties, each a different one, or all be a group's conditions."""
    if len(marks) < 2:
        return None
    props = [m.prop for m in marks if m.prop is not None]
    if len(props) == len(marks):
        twice = sorted({p for p in props if props.count(p) > 1})
        if twice:
            return f"the label sets [{twice[0]}] more than once"
        return None
    if not props and tag in CONTAINERS:
        return None
    return (
        "a label of several words holds several marks, which go together only as "
        "properties (`card_bg[fill] edge[stroke]`) or as a group's conditions (`bonus "
        "suit=Fire`); a name of your own needs a capital letter (`Card front`)"
    )


def parts(root: ET.Element) -> list[Part]:
    return [p for p in cut(root) if isinstance(p, Part)]


_HIDDEN = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?=;|$)")


def part_svg(root: ET.Element, part: Part, grow: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """The drawing with only `part`'s elements left to draw: every other element that has
    an id is kept in a `<defs>` (a `<use>` may still copy it), the rest left out. A marked
    group hidden in the drawing (a designer hides the alternatives while drawing) is shown
    here: its field decides. `grow`: how much wider and taller the page is made on each
    side, as fractions of its width and height (what is drawn past a trim-sized page's
    edge shows in the bleed)."""
    keep = {id(el) for el in part.leaves}
    spare = ET.Element(f"{{{SVG_NS}}}defs")

    def copy(el: ET.Element) -> ET.Element | None:
        if id(el) in keep:
            return el
        tag = local_name(el)
        if tag is None or tag in SKIP:
            return el
        if el.get("id") and el is not root:
            spare.append(el)
        if tag not in CONTAINERS and el is not root:
            return None
        kids = [k for k in (copy(c) for c in el) if k is not None]
        if not kids and el is not root:
            return None
        new = ET.Element(el.tag, dict(el.attrib))
        new.text = el.text
        if mark_of(el) is not None:
            new.set("style", _HIDDEN.sub("", new.get("style", "")))
            new.attrib.pop("display", None)
        new.extend(kids)
        return new

    top = copy(root)
    assert top is not None  # the root is always copied
    top.append(spare)
    if grow != (0.0, 0.0):
        vx, vy, vw, vh = viewbox(root)
        gx, gy = grow[0] * vw, grow[1] * vh
        top.set("viewBox", f"{vx - gx} {vy - gy} {vw + 2 * gx} {vh + 2 * gy}")
    return ET.tostring(top)
