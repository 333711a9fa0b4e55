"""What every key of the layout language means: the registry `docs/layouts.md` is generated
from (`python -m cardstock.docs`), kept beside the models it describes.

Every field of `schema.LayoutSpec` and `schema.BoxSpec` (and so of
`schema.StyleSpec`) has an entry here and every box type of `schema.BoxType` a
description; the tests fail when one is missing, so the reference cannot drift from the code.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..art.shapes import AUTO, SHAPES
from ..boxtypes import box_kind
from ..boxtypes import names as box_type_names
from ..boxtypes.icons import MOST_ICONS
from ..boxtypes.pattern import MOST_CELLS
from ..text.continued import GAME_PARTS_MAX, PARTS_MAX
from ..text.fit import MOST_SIZE

BOX_TYPES: dict[str, str] = {name: box_kind(name).doc for name in box_type_names()}

ALL = box_type_names()
PAINTED = ("rect", "ellipse", "line", "outline", "art")
TEXT = ("text",)


@dataclass(frozen=True)
class Key:
    kind: str  # what a value is
    default: str  # the value used when the key is not given
    doc: str
    example: str
    types: tuple[str, ...] = ALL  # the box types that read it


LAYOUT_KEYS: dict[str, Key] = {
    "extends": Key(
        "layout name",
        "none",
        "start from another layout's boxes and keys, then change or add some",
        '"card"',
    ),
    "shape": Key(
        ", ".join((AUTO, *SHAPES)),
        "auto",
        "the face's shape (see the shapes above): auto is a circle for tokens, a "
        "hexagon for hex-sized tiles, else a rectangle",
        '"circle"',
    ),
    "outline": Key(
        "SVG path data or an .svg file",
        "none",
        "shape `path`: the outline, stretched to the component's size; a file is "
        "a path inside the game folder and its first <path> is used. Bleed, cut "
        "line and safe zone follow it",
        '"M 0 0 H 10 V 7 Q 5 12 0 7 Z"',
    ),
    "corner_radius": Key(
        "length", "0mm", "rounded corners of a rectangular face's cut line", '"3mm"'
    ),
    "panel": Key(
        "layout name",
        "die-face (nets), pawn-panel (standees)",
        "die nets and standees: the layout of one die face or one standee side",
        '"die-face"',
    ),
    "tab": Key("length", "5mm", "die nets: the depth of the glue tabs", '"5mm"'),
    "base": Key("length", "12mm", "standees: the depth of each base flap", '"10mm"'),
    "drawn": Key(
        "an .svg file",
        "none",
        "a drawn layout: an SVG file drawn in Inkscape, Affinity or Illustrator (a path "
        "from the folder of the layout file that names it), whose marked elements become "
        "this layout's boxes and whose unmarked drawing is drawn as it is drawn "
        "(docs/draw-your-card.md); boxes written here change or add to them",
        '"devotee.svg"',
    ),
    "page": Key(
        "trim or bleed",
        "trim",
        "a drawn layout: whether the drawing's page is the card's trimmed size or its "
        "size with the bleed around it; a page of another size is an error",
        '"bleed"',
    ),
    "dpi": Key(
        "number",
        "96",
        "a drawn layout: the pixels to the inch of a drawing whose size is in px or not "
        "stated at all (an Affinity export's `100%`); a size in mm or in is read as it is",
        "300",
    ),
    "boxes": Key(
        "table of boxes",
        "none",
        "the boxes, by name, drawn in the order written (then by `z`)",
        "[layouts.card.boxes.title]",
    ),
}

BOX_KEYS: dict[str, Key] = {
    # placement
    "type": Key(
        "box type",
        "none (a box without a type draws nothing)",
        "what the box draws: see the box types above",
        '"text"',
    ),
    "when": Key(
        "Jinja2 expression",
        "always",
        "draw the box only when this is true for the component; a choice field compared "
        "with a value none of its choices is bad input (`suit == 'Star'`)",
        '"stat is not none"',
    ),
    "frame": Key(
        "bleed, trim, safe",
        "safe",
        "the rectangle `left`, `top`, `right`, `bottom` measure from",
        '"trim"',
    ),
    "left": Key("length or percentage", "0", "distance from the frame's left edge", '"3mm"'),
    "top": Key("length or percentage", "0", "distance from the frame's top edge", '"10%"'),
    "right": Key("length or percentage", "0", "distance from the frame's right edge", '"3mm"'),
    "bottom": Key("length or percentage", "0", "distance from the frame's bottom edge", '"52%"'),
    "width": Key(
        "length or percentage",
        "from left and right",
        "the box's width (above 0; a line may be 0 thick, not 0 wide and 0 high: a point "
        "draws nothing); given alone it centres the box",
        '"20mm"',
    ),
    "height": Key(
        "length or percentage",
        "from top and bottom",
        "the box's height (above 0; a line may be 0 thick, not 0 wide and 0 high: a point "
        "draws nothing); given alone it centres the box",
        '"8mm"',
    ),
    "z": Key(
        "whole number",
        "0",
        "drawing order among the boxes (higher on top); equal values keep the written order",
        "5",
    ),
    "rotate": Key(
        "0, 90, 180, 270", "0", "turn the box's content about its centre, in degrees", "90"
    ),
    # painting
    "fill": Key(
        "colour",
        "none",
        "fill colour: #rrggbb, a CSS colour name (crimson), a theme colour name, or none",
        '"{{ accent }}"',
        PAINTED + ("text",),
    ),
    "stroke": Key("colour", "none", "outline colour", '"#333333"', PAINTED + ("text",)),
    "stroke_width": Key(
        "length",
        "0.75pt when a stroke is given",
        "outline width",
        '"0.6pt"',
        PAINTED + ("text", "pattern"),
    ),
    "radius": Key(
        "length",
        "0mm",
        "rounded corners (0 or more)",
        '"1.4mm"',
        ("rect", "text", "art", "pattern"),
    ),
    "dash": Key(
        "lengths",
        "solid",
        "dash pattern: lengths of dashes and gaps, 0 or more and not all 0 (to 0.001pt)",
        '"2pt 1pt"',
        ("rect", "ellipse", "line", "outline"),
    ),
    "ink": Key(
        "keep, lighten, drop, outline",
        "by what the box paints: a fill covering most of the face (or of a die net's or "
        "standee's panel) dropped, other fills lightened, art and die pips kept; on a back, "
        "fills outlined",
        "what the ink-saver edition does to the fills and art the box draws (its text and "
        "icons are always inked to read; `outline` traces a PNG or JPEG picture as line "
        "art; docs/editions.md)",
        '"outline"',
    ),
    "opacity": Key(
        "number above 0, at most 1",
        "1 (0.15 for patterns)",
        "how opaque the box's drawing is, art included",
        "0.5",
        ("rect", "ellipse", "line", "outline", "icon", "icons", "art", "pattern"),
    ),
    "inset": Key(
        'length or "bleed"',
        "0",
        "outline: shrink (positive) or grow (negative) the cut shape; pattern: keep off the edge",
        '"bleed"',
        ("outline", "pattern"),
    ),
    # text
    "text": Key(
        "template",
        "empty",
        "the text; Jinja2 over the component's fields; markup per `markup` (qr: what the "
        "code holds)",
        '"{{ name }}"',
        ("text", "qr"),
    ),
    "style": Key(
        "style name", "none", "take every key not given here from `[styles.NAME]`", '"body"', TEXT
    ),
    "padding": Key(
        "length", "0", "space kept inside the box's edges (0 or more)", '"1mm"', ("text", "icon")
    ),
    "rule": Key(
        "colour",
        "the text colour",
        "colour of table rules and note bars in the text",
        '"muted"',
        TEXT,
    ),
    "field": Key(
        "template",
        "guessed from `text`",
        "the catalog field the box shows, named in messages",
        '"text"',
        TEXT,
    ),
    "font": Key(
        "font name",
        "sans",
        "sans, sans-bold, sans-italic, serif, serif-bold, serif-italic, mono, or "
        "a file stem from the project's fonts/ folder",
        '"serif"',
        TEXT,
    ),
    "fallback": Key(
        "font name or list of them",
        "none",
        "fonts that draw the characters `font` has no glyph for (◎, ⊘, →), tried "
        "in order; a character none has is reported",
        '["sans", "Symbols"]',
        TEXT,
    ),
    "size": Key(
        "length",
        "9pt (text); as large as fits (icons); 6mm (pattern cells)",
        f"text size (at most {MOST_SIZE:,.0f}pt); for icon rows the largest icon; for patterns "
        f"the cell size (at most {MOST_CELLS:,} cells cover the box)",
        '"11pt"',
        ("text", "icons", "pattern"),
    ),
    "min_size": Key(
        "length",
        "6pt or `size` when smaller",
        f"text shrinks down to this size to fit, then is reported (at most {MOST_SIZE:,.0f}pt)",
        '"7pt"',
        TEXT,
    ),
    "leading": Key(
        "number above 0.5, at most 3", "1.2", "line height as a multiple of the size", "1.05", TEXT
    ),
    "color": Key(
        "colour",
        "ink (text); the icon's own colour (icons)",
        "text colour; icons: overrides the icon's colour; art: the placeholder's accent; "
        "qr: the dark modules",
        '"#ffffff"',
        ("text", "icon", "icons", "pips", "pattern", "art", "qr"),
    ),
    "align": Key(
        "left, center, right",
        "left (right for a paragraph that starts right to left)",
        "horizontal alignment of the lines",
        '"center"',
        TEXT,
    ),
    "valign": Key(
        "top, middle, bottom, baseline",
        "top",
        "vertical alignment of the text block; baseline: set from the top, and a text shrunk "
        "to fit moves down so that its first line's baseline stays where it is at `size` "
        "(what a drawn layout's plain text has, so it keeps the baseline it was drawn on)",
        '"middle"',
        TEXT,
    ),
    "wrap": Key(
        "true or false",
        "true",
        "break lines to the box's width (false: one line, shrunk to fit)",
        "false",
        TEXT,
    ),
    "max_lines": Key("whole number", "0 (no limit)", "at most this many lines", "2", TEXT),
    "shrink_first": Key(
        "true or false",
        "false",
        "shrink the text down to `min_size` on as few lines as it can before breaking it "
        "onto another line (up to `max_lines`): a line that fits one line in one language "
        "stays one line, and a longer language's text takes a second line only when it must",
        "true",
        TEXT,
    ),
    "markup": Key(
        "none, inline, blocks",
        "inline",
        "none: the text as it is; inline: **bold**, *italic*, :icon: and "
        "[text]{color=#c0392b size=120%}; blocks: also paragraphs, lists, tables "
        "and notes",
        '"blocks"',
        TEXT,
    ),
    "para_space": Key(
        "number, 0 to 3", "0.4", "space between paragraphs, as a multiple of the size", "0.6", TEXT
    ),
    "overflow": Key(
        "report, continue",
        "report",
        "what becomes of text that does not fit at `min_size`. report: the lines that fit are "
        "drawn and the rest is reported. continue: the text is split into parts, between "
        "paragraphs and then between words, each part set at `min_size` on a card of its "
        "own with the same layout (or the one `continue_layout` names), marked with its "
        "number, the count and the card's name "
        '("2/3 · Long Rule"); the parts print together in every output, and the rules '
        f"check counts the card once; a text needing more than {PARTS_MAX} parts, or parts "
        f"past the {GAME_PARTS_MAX:,} cards a game's continued texts may add, is an error at "
        "its row (see *Text that continues*)",
        '"continue"',
        TEXT,
    ),
    "continue_on": Key(
        "cards, back",
        "cards",
        'where text that continues (`overflow = "continue"`) goes. cards: onto cards of '
        "its own after the card, as many as it needs. back: onto the card's back, for the "
        "cards of a set with `single_sided = true` (any other set prints a back already, "
        "which is an error): two parts at most, and what the back cannot hold is reported",
        '"back"',
        TEXT,
    ),
    "continue_layout": Key(
        "layout name",
        "the card's own",
        'the layout the parts after the first of text that continues (`overflow = "continue"`) '
        "are drawn on, a plain text card for instance: the text goes into its text box of the "
        "same name as this box (whose own `text` is not read), set at that box's `min_size`; "
        "a layout that does not exist or has no such text box is an error",
        '"reminder-more"',
        TEXT,
    ),
    "underline": Key(
        "template",
        "false",
        "when true, every line of the text is underlined (a 6 or a 9 that can be read upside down)",
        '"{{ rank in (6, 9) }}"',
        TEXT,
    ),
    # icons and pips
    "icon": Key(
        "template",
        "none",
        "an icon id of the game (`[icons]` or `icons/NAME.svg`); art: the placeholder's symbol",
        '"{{ accent_icon }}"',
        ("icon", "icons", "art"),
    ),
    "symbol": Key(
        "template", "none", "a symbol of the shared library, by name", '"star"', ("icon", "icons")
    ),
    "count": Key(
        "template",
        "one per listed icon",
        f"icons: how many copies of `icon` (at most {MOST_ICONS:,}), or at most this many of "
        "`icons`; "
        "pips: the number shown",
        '"{{ cost }}"',
        ("icons", "pips"),
    ),
    "icons": Key(
        "template",
        "none",
        "icon ids, one per item: an icons field, or ids separated by spaces, commas or |",
        '"{{ cost }}"',
        ("icons",),
    ),
    "arrange": Key(
        "grid, row, column, edges, corners", "grid", "how the icons are placed", '"row"', ("icons",)
    ),
    # art
    "art": Key(
        "template",
        "none",
        "a file inside the game folder (PNG, JPEG or SVG)",
        '"{{ art_file }}"',
        ("art",),
    ),
    "fit": Key(
        "cover, contain, stretch",
        "cover (PNG, JPEG); contain (SVG)",
        "cover fills the box and crops; contain shows all of it; stretch fills "
        "the box and changes the proportions",
        '"contain"',
        ("art",),
    ),
    "position": Key(
        "keywords or two percentages",
        "center",
        "where the picture sits in a crop or in spare room: left, center, right, "
        'top, bottom, or "30% 0%" (horizontal, vertical)',
        '"top"',
        ("art",),
    ),
    "placeholder": Key(
        "true or false",
        "true",
        "draw the generated placeholder when `art` is empty",
        "false",
        ("art",),
    ),
    # pattern
    "pattern": Key(
        "lattice, rings, rays, dots, stripes",
        "lattice",
        "the texture drawn",
        '"dots"',
        ("pattern",),
    ),
    # drawing
    "drawn": Key(
        "an .svg file",
        "none",
        "the drawn layout's SVG file (a path from the project folder); a drawn layout "
        "sets it on the boxes it makes",
        '"layouts/vortex/devotee.svg"',
        ("drawing",),
    ),
    "part": Key(
        "whole number",
        "0",
        "which stretch of the unmarked drawing the box draws, counted from 0 in drawing "
        "order; a drawn layout sets it on the boxes it makes",
        "2",
        ("drawing",),
    ),
}


def _with_registered_readers(keys: dict[str, Key]) -> dict[str, Key]:
    """The keys with every registered box type that declares it reads them (`BoxKind.keys`)
    added to their `types`: a new box type documents the keys it uses where it is made."""
    out = dict(keys)
    for name in box_type_names():
        for key in box_kind(name).keys:
            if key in out and name not in out[key].types:
                out[key] = replace(out[key], types=out[key].types + (name,))
    return out


BOX_KEYS = _with_registered_readers(BOX_KEYS)
