"""Faces → standalone SVG (svgwrite). Draws the same ops as the PDF backend.

The SVG's viewBox is the bleed box in points with the origin at the trim box's top-left
corner, so face coordinates are used as they are. Text keeps the positions the layout
fitted; kerning and ligatures are switched off so a browser advances glyphs exactly as the
font metrics the layout measured with. Fonts are named by family (Liberation, which is
metric-compatible with Arial / Times New Roman) and loaded with @font-face from
`font_url` (the build writes the font files to `svg/fonts/`).
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any

from .. import fonts
from ..core.bidi import rtl_run
from ..core.cache import code_key, key_of
from ..core.files import read_again
from ..core.units import POINTS_PER
from ..layout.art.shapes import bleed_outline, shape_of
from ..layout.ops import (
    GUIDE_COLORS,
    Ellipse,
    Face,
    Group,
    Guide,
    Icon,
    Image,
    Op,
    Path,
    PathData,
    Rect,
    Text,
)
from .pdf import pdf_num

if TYPE_CHECKING:
    import svgwrite

    from ..catalog.load import Catalog


def num(v: float) -> str:
    """A short, stable number: no exponent, no trailing zeros, no -0 (equal numbers such as
    1 and 1.0 print the same). Not remembered here: a face's writer keeps its own memo."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


@lru_cache(maxsize=50_000)
def path_d(d: PathData) -> str:
    """SVG path data for path commands; cached per path (frames, clips and symbols repeat
    from face to face)."""
    out = []
    for cmd in d:
        out.append(cmd[0] + " ".join(num(v) for v in cmd[1:]))
    return " ".join(out)


def _font_css(used: list[str], font_url: str) -> str:
    rules = []
    for name in used:
        f = fonts.FACES[name]
        suffix = " ".join(p.capitalize() for p in (f.weight, f.style) if p != "normal")
        full = f"{f.family} {suffix}".strip()
        rules.append(
            f'@font-face{{font-family:"{f.family}";font-weight:{f.weight};font-style:{f.style};'
            f'src:local("{full}"),url("{font_url}{f.file}") format("{f.css_format}")}}'
        )
    rules.append(
        "text{font-kerning:none;font-variant-ligatures:none;"
        "text-rendering:geometricPrecision;white-space:pre}"
    )
    return "".join(rules)


NUMS_KEPT = 1 << 16  # at most this many printed numbers kept in a build's memo
OPS_KEPT = 1 << 12  # at most this many ops' written elements kept in a build's memo
ROOTS_KEPT = 64  # at most this many roots of copies kept in a build's memo


class Written:
    """The faces of a build share one object for an op they draw alike (a frame, a
    background, an icon, a rules text: `layout.painting.memo`): the element of an op drawn a
    second time is written then, and that text is used for it from then on. By the op's
    identity, the op itself kept beside it (so its id is not given to another object
    while the memo lives). At most `OPS_KEPT` ops are written, and as many noted as seen
    once: when that note is full it is emptied (an op shared by many faces is soon seen
    again)."""

    def __init__(self) -> None:
        self.seen: dict[int, Op] = {}
        self.text: dict[int, tuple[Op, str]] = {}
        # a copy's root, split where its title and drawing go, by what it is made of
        # (`FaceSvg.svg`): at most `ROOTS_KEPT`
        self.roots: dict[tuple[Any, ...], tuple[str, ...]] = {}


# The element standing in a face's tree for an op whose element is already written
# (`_Writer.op`): the drawing's text is made with these, then each is replaced by
# its op's text, in the order the ops were drawn.
_OP_MARK = "cardstock-written-op"


class _Placed:
    """Where an op already written goes in svgwrite's tree (the `_OP_MARK` element)."""

    __slots__ = ()
    elementname = _OP_MARK

    def get_xml(self) -> Any:
        from svgwrite.etree import etree

        return etree.Element(_OP_MARK)


_PLACED = _Placed()


class _Writer:
    """Draws one face's ops into `dwg`, noting on the way what the drawing needs besides:
    the fonts its text uses and its guides (so the ops are walked once). Numbers and a
    font's text attributes, which repeat, are made once: the attributes once per face, the
    numbers once per `nums` (a memo the faces of one build share: their coordinates repeat
    from face to face; kept to `NUMS_KEPT` numbers)."""

    def __init__(self, dwg: svgwrite.Drawing, nums: dict[float, str], written: Written):
        self.dwg = dwg
        self.written = written
        self.clip_keys: list[tuple[str, str]] = []  # each clip path's id and outline
        self.texts: list[str] = []  # the text of each `_PLACED` in the tree, in order
        self.clip_count = 0
        self.fonts: set[str] = set()
        self.guides: list[Guide] = []
        self._nums = nums
        # svgwrite's element builders, looked up once (the drawing makes one per lookup)
        self._g, self._new_path, self._new_rect = dwg.g, dwg.path, dwg.rect
        self._new_ellipse, self._new_text = dwg.ellipse, dwg.text
        self._font_attrs: dict[str, dict[str, str]] = {}

    def num(self, v: float) -> str:
        """`num(v)`, remembered in the writer's memo while it has room."""
        s = self._nums.get(v)
        if s is None:
            s = num(v)
            if len(self._nums) < NUMS_KEPT:
                self._nums[v] = s
        return s

    def font_attrs(self, name: str) -> dict[str, str]:
        """The family (the family quoted when it is one of cardstock's own fonts, then the
        font's fallbacks), weight and style attributes of a text in font `name`."""
        attrs = self._font_attrs.get(name)
        if attrs is None:
            f = fonts.FACES[name]
            family = f"'{f.family}'" if f.own else f.family
            attrs = {"font-family": family + f", {f.fallback}".replace('"', "'")}
            if f.weight != "normal":
                attrs["font-weight"] = f.weight
            if f.style != "normal":
                attrs["font-style"] = f.style
            self._font_attrs[name] = attrs
        return attrs

    def paint(
        self,
        el: Any,
        fill: str | None,
        stroke: str | None,
        stroke_width: float,
        dash: tuple[float, ...] = (),
        opacity: float = 1.0,
    ) -> Any:
        el.attribs["fill"] = fill or "none"
        if stroke and stroke_width > 0:
            el.attribs["stroke"] = stroke
            el.attribs["stroke-width"] = self.num(stroke_width)
            if dash:
                el.attribs["stroke-dasharray"] = " ".join(self.num(v) for v in dash)
        if opacity < 1:
            el.attribs["opacity"] = self.num(opacity)
        return el

    def ops(self, parent: Any, ops: Iterable[Op]) -> None:
        for op in ops:
            self.op(parent, op)

    def op(self, parent: Any, op: Op) -> None:
        """Add the element that draws `op` to `parent`. Guides are only noted: `svg_bytes`
        draws them in a layer of their own. An op other faces of the build drew (`Written`)
        is written once: here it is a mark that its text replaces (`filled`). A group (its
        clip paths are numbered a face at a time), a guide and a picture (its bytes are
        large) are not kept."""
        if isinstance(op, (Group, Guide, Image)):
            el = self._element(op)
            if el is not None:
                parent.add(el)
            return
        memo, key = self.written, id(op)
        kept = memo.text.get(key)
        if kept is not None and kept[0] is op:
            text = kept[1]
            if isinstance(op, Text):
                self.fonts.add(op.font)
        elif memo.seen.get(key) is op and len(memo.text) < OPS_KEPT:
            from svgwrite.etree import etree  # seen before: written, for it from now on

            text = etree.tostring(self._element(op).get_xml(), encoding="unicode")
            memo.text[key] = (op, text)
            del memo.seen[key]
        else:  # the first face to draw it
            if len(memo.seen) >= OPS_KEPT:
                memo.seen.clear()
            memo.seen[key] = op
            parent.add(self._element(op))
            return
        if parent.elements and parent.elements[-1] is _PLACED:
            self.texts[-1] += text  # the op before was written too: one mark holds both
        else:
            self.texts.append(text)
            parent.add(_PLACED)

    def filled(self, text: str) -> str:
        """`text`, the drawing written with its marks, with the text of the ops each
        mark stands for in its place. Ops written one after another in one parent share
        a mark: a parent whose last element is a mark was given nothing since, as a
        group is added to its parent only once what it holds is drawn."""
        if not self.texts:
            return text
        parts = text.split(f"<{_OP_MARK} />")
        assert len(parts) == len(self.texts) + 1
        out = [parts[0]]
        for made, after in zip(self.texts, parts[1:]):
            out += (made, after)
        return "".join(out)

    def _element(self, op: Op) -> Any:
        """The element that draws `op` (None for a guide, which is noted)."""
        if isinstance(op, Rect):
            return self._rect(op)
        elif isinstance(op, Ellipse):
            return self._ellipse(op)
        elif isinstance(op, Path):
            return self._path(op)
        elif isinstance(op, Text):
            return self._text(op)
        elif isinstance(op, Icon):
            return self._icon(op)
        elif isinstance(op, Image):
            return self._image(op)
        elif isinstance(op, Group):
            return self._group(op)
        elif isinstance(op, Guide):
            self.guides.append(op)  # drawn by svg_bytes in its own layer
            return None
        raise TypeError(f"unknown op {type(op).__name__}")  # pragma: no cover - a new op type

    def _rect(self, op: Rect) -> Any:
        el = self._new_rect(insert=(0, 0), size=(0, 0))
        el.attribs.clear()
        el.attribs.update(
            {
                "x": self.num(op.x),
                "y": self.num(op.y),
                "width": self.num(op.w),
                "height": self.num(op.h),
            }
        )
        if op.radius > 0:
            el.attribs["rx"] = self.num(op.radius)
        return self.paint(el, op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)

    def _ellipse(self, op: Ellipse) -> Any:
        el = self._new_ellipse()
        el.attribs.clear()
        el.attribs.update(
            {
                "cx": self.num(op.cx),
                "cy": self.num(op.cy),
                "rx": self.num(op.rx),
                "ry": self.num(op.ry),
            }
        )
        return self.paint(el, op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)

    def _path(self, op: Path) -> Any:
        el = self._new_path(d=path_d(op.d))
        self.paint(el, op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
        if op.fill and op.fill_rule == "evenodd":
            el.attribs["fill-rule"] = "evenodd"
        if op.stroke and op.cap != "butt":
            el.attribs["stroke-linecap"] = op.cap
        if op.stroke and op.join != "miter":
            el.attribs["stroke-linejoin"] = op.join
        return el

    def _text(self, op: Text) -> Any:
        """A line of text in its font's family, weight and style (the family quoted when it
        is one of cardstock's own fonts, then the font's fallbacks)."""
        self.fonts.add(op.font)
        el = self._new_text(op.text)
        el.attribs.update(self.font_attrs(op.font))
        el.attribs.update(
            {"x": self.num(op.x), "y": self.num(op.y), "font-size": self.num(op.size)}
        )
        el.attribs["fill"] = op.color
        if op.opacity < 1:
            el.attribs["opacity"] = self.num(op.opacity)
        if rtl_run(op.text):  # a run right to left: the viewer shapes it and lays it out
            el.attribs.update({"direction": "rtl", "text-anchor": "end"})  # leftward to x
        return el

    def _icon(self, op: Icon) -> Any:
        """A symbol: a group moved to the icon's place and scaled from the symbols' 100-unit
        box, with one path per part (stroked parts with round caps and joins)."""
        scale = op.size / 100.0
        g = self._g()
        g.attribs["transform"] = (
            f"translate({self.num(op.x)} {self.num(op.y)}) scale({pdf_num(scale)})"
        )
        g.attribs["class"] = f"icon icon-{op.symbol}"
        if op.opacity < 1:
            g.attribs["opacity"] = self.num(op.opacity)
        for part in op.parts:
            el = self._new_path(d=path_d(part.d))
            if part.stroke_width > 0:
                el.attribs.update(
                    {
                        "fill": "none",
                        "stroke": op.color,
                        "stroke-width": self.num(part.stroke_width),
                        "stroke-linecap": "round",
                        "stroke-linejoin": "round",
                    }
                )
            else:
                el.attribs["fill"] = op.color
                if part.fill_rule == "evenodd":
                    el.attribs["fill-rule"] = "evenodd"
            if part.opacity < 1:
                el.attribs["opacity"] = self.num(part.opacity)
            g.add(el)
        return g

    def _image(self, op: Image) -> Any:
        """A picture embedded as a data URL, stretched to its box."""
        data = read_again(FsPath(op.path))
        href = f"data:{op.mime};base64," + base64.b64encode(data).decode("ascii")
        el = self.dwg.image(href=href)
        el.attribs.update(
            {
                "x": self.num(op.x),
                "y": self.num(op.y),
                "width": self.num(op.w),
                "height": self.num(op.h),
                "preserveAspectRatio": "none",
            }
        )
        if op.opacity < 1:
            el.attribs["opacity"] = self.num(op.opacity)
        return el

    def _group(self, op: Group) -> Any:
        """A group with its transform; a clipped group's ops go in an inner group that
        refers to a clip path numbered in the drawing's defs."""
        dwg = self.dwg
        g = self._g()
        if op.transform is not None:
            g.attribs["transform"] = "matrix(" + " ".join(self.num(v) for v in op.transform) + ")"
        target = g
        if op.clip is not None:
            self.clip_count += 1
            cid = f"clip{self.clip_count}"
            cp = dwg.clipPath(id=cid)
            d = path_d(op.clip)
            cp.add(dwg.path(d=d))
            self.clip_keys.append((cid, d))
            dwg.defs.add(cp)
            inner = dwg.g(clip_path=f"url(#{cid})")
            g.add(inner)
            target = inner
        self.ops(target, op.ops)
        return g


# Where the e-book's copy of a face's SVG finds its fonts (from EPUB/faces/), and the
# cache kind it is kept under: the svg stage writes the copy when it draws the face, so
# the e-book reads it rather than drawing the face again (`books.epub`).
BOOK_FONT_URL = "../fonts/"
BOOK_KIND = "epub-svg"


def book_key(face: Face) -> str:
    """The cache key of the e-book's SVG of `face` (a thumbnail: the face trimmed)."""
    return key_of(BOOK_KIND, code_key(), face.key)


class FaceSvg:
    """One face drawn into svgwrite's elements once, then written as standalone SVGs: the
    svg folder's file, its copy with guides, the e-book's copy without the bleed (`svg`).
    They differ only in the root's size and viewBox, the title, the fonts' folder and the
    bleed's clip path; the drawing inside (`<g id="face">`, the clip paths of its groups)
    is made once, as svgwrite's elements and then as ElementTree's, and each copy's root
    takes the same tree. `written`: the ops' elements the faces of one build share
    (`Written`; left out, the face has a memo of its own)."""

    def __init__(
        self, face: Face, nums: dict[float, str] | None = None, written: Written | None = None
    ) -> None:
        import svgwrite  # imported when a face is first serialised (a rebuild may keep every file)

        self.face = face
        maker = svgwrite.Drawing(profile="full", debug=False)  # the drawing's element factory
        writer = _Writer(
            maker, {} if nums is None else nums, Written() if written is None else written
        )
        self._writer = writer
        self._art = maker.g(id="face")
        follows = face.cut is not None and shape_of(face.shape).bleed_follows_cut
        if follows:  # the bleed follows the outline
            self._art.attribs["clip-path"] = "url(#bleed)"
        self._follows = follows
        writer.ops(self._art, face.ops)
        self._clips = list(maker.defs.elements)  # the groups' clip paths, numbered in order
        self._css: dict[str, str] = {}
        self._art_text: str | None = None  # the drawing serialised, once for every copy

    @property
    def fonts(self) -> set[str]:
        """The fonts the face's texts are set in, groups included."""
        return self._writer.fonts

    def svg(
        self,
        *,
        font_url: str = "fonts/",
        guides: bool = False,
        title: str | None = None,
        bleed: float | None = None,
    ) -> bytes:
        """The face as a standalone SVG (see `svg_bytes`); `bleed` (the face's own when
        None) is how much of the drawing around the trim it shows: 0 for a thumbnail."""
        # svgwrite.etree is the ElementTree svgwrite patched to write its style sheet as
        # CDATA; its `tostring` writes text straight to a string (svgwrite's own encodes to
        # UTF-8 and decodes again)
        from svgwrite.base import Title
        from svgwrite.etree import etree

        face = self.face
        b = face.bleed if bleed is None else bleed
        css = self._css.get(font_url)
        if css is None:
            css = self._css[font_url] = _font_css(sorted(self._writer.fonts), font_url)
        outline = None
        if self._follows:
            outline = path_d(bleed_outline(face.width, face.height, b, face.shape, face.cut))
        # the root's text around the title and the drawing, the same for every face of one
        # size, fonts and clip paths: made once a build (`Written.roots`)
        key = (face.width, face.height, b, css, bool(title), outline, *self._writer.clip_keys)
        roots = self._writer.written.roots
        parts = None if guides else roots.get(key)
        if parts is None:
            parts = self._root(b, css, bool(title), outline, guides)
            if not guides and len(roots) < ROOTS_KEPT:
                roots[key] = parts
        if self._art_text is None:
            art = etree.tostring(self._art.get_xml(), encoding="unicode")
            self._art_text = self._writer.filled(art)
        head, *rest = parts
        if title:
            said = etree.tostring(Title(title).get_xml(), encoding="unicode")
            head, rest = head + said + rest[0], rest[1:]
        text = head + self._art_text + rest[0]
        return ('<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n").encode("utf-8")

    def _root(
        self, b: float, css: str, titled: bool, outline: str | None, guides: bool
    ) -> tuple[str, ...]:
        """The root's text split where its title (when `titled`) and the drawing go."""
        import svgwrite
        from svgwrite.etree import etree

        face = self.face
        w, h = face.width + 2 * b, face.height + 2 * b
        mm = POINTS_PER["mm"]
        dwg = svgwrite.Drawing(
            size=(f"{num(w / mm)}mm", f"{num(h / mm)}mm"), profile="full", debug=False
        )
        dwg.attribs["viewBox"] = f"{num(-b)} {num(-b)} {num(w)} {num(h)}"
        style = dwg.style()
        style.append(css)
        dwg.defs.add(style)
        if outline is not None:  # the bleed follows the outline
            cp = dwg.clipPath(id="bleed")
            cp.add(dwg.path(d=outline))
            dwg.defs.add(cp)
        for clip in self._clips:
            dwg.defs.add(clip)
        xml = dwg.get_xml()
        if titled:  # the title first, as svgwrite's `set_desc` puts it
            xml.insert(0, etree.Element(_TITLE_MARK))
        xml.append(etree.Element(_ART_MARK))  # where the drawing goes (below)
        if guides and self._writer.guides:
            layer = dwg.g(id="guides", fill="none")
            for g in self._writer.guides:
                el = dwg.path(d=path_d(g.d))
                el.attribs.update(
                    {
                        "stroke": GUIDE_COLORS.get(g.kind, "#00a0c6"),
                        "stroke-width": "0.35",
                        "stroke-dasharray": "2 1.5" if g.kind == "safe" else "none",
                        "class": f"guide guide-{g.kind}",
                    }
                )
                layer.add(el)
            xml.append(layer.get_xml())
        text: str = etree.tostring(xml, encoding="unicode")
        # the title's and the drawing's text where their marks are: ElementTree writes an
        # element the same alone as inside its root (no namespace prefixes: svgwrite's
        # names are plain); the root holds no text of the project's, only numbers and
        # cardstock's style sheet, so each mark is found once
        marks = ([f"<{_TITLE_MARK} />"] if titled else []) + [f"<{_ART_MARK} />"]
        parts: list[str] = []
        for mark in marks:
            before, text = text.split(mark)
            parts.append(before)
        return (*parts, text)


# The elements standing in a copy's tree for the face's drawing and its title until the
# copy is written (`FaceSvg.svg`): the drawing is serialised once and set in each copy's
# text, and the root's text around them is kept for the faces of the build that share it.
_ART_MARK = "cardstock-face-drawing"
_TITLE_MARK = "cardstock-face-title"


def svg_bytes(
    face: Face,
    *,
    font_url: str = "fonts/",
    guides: bool = False,
    title: str | None = None,
    nums: dict[float, str] | None = None,
    written: Written | None = None,
) -> bytes:
    """A standalone SVG of `face` (bleed included). Identical faces give identical bytes.

    guides: draw the non-printing guides (trim, safe zone, rounded corners) in a layer of
    their own (`<g id="guides">`) above the art.
    nums, written: memos of printed numbers and of the ops' written elements for the faces
    of one build to share (empty to start); left out, the face has memos of its own."""
    return FaceSvg(face, nums, written).svg(font_url=font_url, guides=guides, title=title)


def face_titles(catalog: Catalog) -> Callable[[str], str]:
    """The `<title>` of a face's SVG, by `stem` as the svg stage names its file: what a
    player calls the face, then the game, "Penance — The Vortex", "Back of Realm cards,
    Key cards — Atmosfear: The Card Game"; never a bare component id. The names are
    gathered once, so titling every face of a game takes time linear in its faces."""
    game = catalog.game
    names = {c.id: c.name for c in catalog.components}

    def title(stem: str) -> str:
        reverse = stem.removesuffix("-reverse")
        if stem in names:
            what = names[stem]
        elif reverse != stem and reverse in names:
            what = f"{names[reverse]} (back)"
        elif stem.startswith("back-"):
            rest = stem.removeprefix("back-")
            ids = sorted(
                (b for b in game.backs if rest == b or rest.startswith(f"{b}-")),
                key=len,
                reverse=True,
            )
            sets = [s.name for s in game.sets if ids and s.back == ids[0]]
            what = f"Back of {', '.join(sets)}" if sets else "Card back"
        else:
            what = stem.replace("-", " ")
        return f"{what} — {game.title}"

    return title
