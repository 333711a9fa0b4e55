"""The layout files' schema: the Pydantic models a layout file (`layouts/default.toml`,
`layouts/<game>/faces.toml`) is validated with (`extra="forbid"`). Imported only when a
file is read (`cardstock.layout.language.load`): the defaults cardstock ships come back from the
user cache already read and merged, so a build of a game without its own layout file
never makes these classes. `cardstock.layout.language.load` still names them (`load.BoxSpec`).
"""

# No `from __future__ import annotations`: Pydantic is handed this module's annotations as
# objects (as text, each field's would be compiled and evaluated as its model is made).
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..art.shapes import AUTO
from ..art.shapes import names as shape_names
from ..boxtypes import names as box_type_names

# The box type names come from the registry (cardstock.layout.boxtypes), as a Literal so
# the validation messages and the JSON Schema list them.
# The shape names likewise come from cardstock.layout.art.shapes ("auto" picks one by kind).
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

    font: str | None = None
    fallback: str | list[str] | None = None  # fonts for the characters `font` lacks
    size: str | None = None
    min_size: str | None = None
    leading: float | None = Field(default=None, gt=0.5, le=3)
    color: str | None = None
    align: Literal["left", "center", "right"] | None = None
    valign: Literal["top", "middle", "bottom", "baseline"] | None = None
    wrap: bool | None = None
    max_lines: int | None = Field(default=None, ge=0)
    shrink_first: bool | None = None  # as few lines as min_size allows, then a smaller size
    markup: Literal["none", "inline", "blocks"] | None = None
    para_space: float | None = Field(default=None, ge=0, le=3)


class BoxSpec(StyleSpec):
    """One named box of a layout. Every key is optional so a game file can change one."""

    type: BoxType | None = None
    when: str | None = None  # a Jinja2 expression; the box is drawn when it is true
    frame: Literal["bleed", "trim", "safe"] | None = None  # what left/top/… measure from
    left: str | None = None
    top: str | None = None
    right: str | None = None
    bottom: str | None = None
    width: str | None = None
    height: str | None = None
    z: int | None = None
    rotate: Literal[0, 90, 180, 270] | None = None
    # painting
    fill: str | None = None
    stroke: str | None = None
    stroke_width: str | None = None
    radius: str | None = None
    dash: str | None = None
    opacity: float | None = Field(default=None, gt=0, le=1)
    inset: str | None = None  # outline: grow (negative) or shrink the face's outline
    # what the ink-saver edition does to the box's fills and art (`layout.editions`)
    ink: Literal["keep", "lighten", "drop", "outline"] | None = None
    # text
    text: str | None = None
    style: str | None = None
    padding: str | None = None
    rule: str | None = None  # colour of table rules and note bars in text boxes
    field: str | None = None  # the catalog field shown, for messages (guessed from text)
    # a template; when true, each line of text is underlined (a 6 or 9 that may be read
    # upside down)
    underline: str | None = None
    # text that does not fit at min_size: reported, or continued onto further cards
    overflow: Literal["report", "continue"] | None = None
    continue_on: Literal["cards", "back"] | None = None  # where text that continues goes
    continue_layout: str | None = None  # the layout the parts after the first are drawn on
    # icons and pips
    icon: str | None = None  # an icon id of the game (template)
    symbol: str | None = None  # a library symbol name (template)
    count: str | None = None  # how many (template → whole number)
    icons: str | None = None  # icon ids separated by spaces (template)
    arrange: Literal["grid", "row", "column", "edges", "corners"] | None = None
    # art
    art: str | None = None  # a path inside the game folder (template)
    fit: Literal["cover", "contain", "stretch"] | None = None
    position: str | None = None  # art: where a cropped or letterboxed picture sits
    placeholder: bool | None = None
    # pattern
    pattern: Literal["lattice", "rings", "rays", "dots", "stripes"] | None = None
    # drawing: a part of a drawn layout's SVG file (a path from the project folder)
    drawn: str | None = None
    part: int | None = Field(default=None, ge=0)


class LayoutSpec(Strict):
    extends: str | None = None
    shape: ShapeName | None = None
    outline: str | None = None  # shape "path": SVG path data or an SVG file in the game folder
    corner_radius: str | None = None
    panel: str | None = None  # die nets and standees: the layout of one die face / one panel
    tab: str | None = None  # die nets: glue tab depth
    base: str | None = None  # standees: depth of each base flap
    # an SVG file drawn in a drawing program (a path from the layout file's folder), its
    # marked elements read as boxes; `page`: the card's frame its page is
    drawn: str | None = None
    page: Literal["trim", "bleed"] | None = None
    dpi: float | None = Field(default=None, gt=0, le=10_000)  # a drawing measured in pixels
    boxes: dict[str, BoxSpec] = {}


class LayoutFile(Strict):
    theme: dict[str, str] = {}
    styles: dict[str, StyleSpec] = {}
    layouts: dict[str, LayoutSpec] = {}
