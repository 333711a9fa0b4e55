"""The layout files' schema: the Pydantic models a layout file (`layouts/default.toml`,
`layouts/<game>/faces.toml`) is validated with (`extra="forbid"`). Imported only when a
file is read (`cardstock.layout.spec`): the defaults cardstock ships come back from the
user cache already read and merged, so a build of a game without its own layout file
never makes these classes. `cardstock.layout.spec` still names them (`spec.BoxSpec`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from .boxtypes import names as box_type_names
from .shapes import AUTO, names as shape_names

# The box type names come from the registry (cardstock.layout.boxtypes), as a Literal so
# the validation messages and the JSON Schema list them.
# The shape names likewise come from cardstock.layout.shapes ("auto" picks one by kind).
if TYPE_CHECKING:
    BoxType = str
    ShapeName = str
else:
    BoxType = Literal[box_type_names()]
    ShapeName = Literal[(AUTO, *shape_names())]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


class StyleSpec(Strict):
    """A named text style; boxes name it with `style` and may override any key."""

    font: Optional[str] = None
    fallback: Optional[Union[str, list[str]]] = None  # fonts for the characters `font` lacks
    size: Optional[str] = None
    min_size: Optional[str] = None
    leading: Optional[float] = Field(default=None, gt=0.5, le=3)
    color: Optional[str] = None
    align: Optional[Literal["left", "center", "right"]] = None
    valign: Optional[Literal["top", "middle", "bottom"]] = None
    wrap: Optional[bool] = None
    max_lines: Optional[int] = Field(default=None, ge=0)
    markup: Optional[Literal["none", "inline", "blocks"]] = None
    para_space: Optional[float] = Field(default=None, ge=0, le=3)


class BoxSpec(StyleSpec):
    """One named box of a layout. Every key is optional so a game file can change one."""

    type: Optional[BoxType] = None
    when: Optional[str] = None  # a Jinja2 expression; the box is drawn when it is true
    frame: Optional[Literal["bleed", "trim", "safe"]] = None  # what left/top/… measure from
    left: Optional[str] = None
    top: Optional[str] = None
    right: Optional[str] = None
    bottom: Optional[str] = None
    width: Optional[str] = None
    height: Optional[str] = None
    z: Optional[int] = None
    rotate: Optional[Literal[0, 90, 180, 270]] = None
    # painting
    fill: Optional[str] = None
    stroke: Optional[str] = None
    stroke_width: Optional[str] = None
    radius: Optional[str] = None
    dash: Optional[str] = None
    opacity: Optional[float] = Field(default=None, gt=0, le=1)
    inset: Optional[str] = None  # outline: grow (negative) or shrink the face's outline
    # text
    text: Optional[str] = None
    style: Optional[str] = None
    padding: Optional[str] = None
    rule: Optional[str] = None  # colour of table rules and note bars in text boxes
    field: Optional[str] = None  # the catalog field shown, for messages (guessed from text)
    underline: Optional[str] = (
        None  # a template; when true, each line of text is underlined (a 6 or 9 that may be read upside down)
    )
    # icons and pips
    icon: Optional[str] = None  # an icon id of the game (template)
    symbol: Optional[str] = None  # a library symbol name (template)
    count: Optional[str] = None  # how many (template → whole number)
    icons: Optional[str] = None  # icon ids separated by spaces (template)
    arrange: Optional[Literal["grid", "row", "column", "edges", "corners"]] = None
    # art
    art: Optional[str] = None  # a path inside the game folder (template)
    fit: Optional[Literal["cover", "contain", "stretch"]] = None
    position: Optional[str] = None  # art: where a cropped or letterboxed picture sits
    placeholder: Optional[bool] = None
    # pattern
    pattern: Optional[Literal["lattice", "rings", "rays", "dots", "stripes"]] = None


class LayoutSpec(Strict):
    extends: Optional[str] = None
    shape: Optional[ShapeName] = None
    outline: Optional[str] = None  # shape "path": SVG path data or an SVG file in the game folder
    corner_radius: Optional[str] = None
    panel: Optional[str] = None  # die nets and standees: the layout of one die face / one panel
    tab: Optional[str] = None  # die nets: glue tab depth
    base: Optional[str] = None  # standees: depth of each base flap
    boxes: dict[str, BoxSpec] = {}


class LayoutFile(Strict):
    theme: dict[str, str] = {}
    styles: dict[str, StyleSpec] = {}
    layouts: dict[str, LayoutSpec] = {}
