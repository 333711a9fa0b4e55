"""Raster art as line art: the edges of a PNG or JPEG traced as filled strokes, for the
ink-saver edition of a box whose `ink` is `outline` (docs/editions.md).

The picture is flattened on white paper, scaled to `TRACE_PX` pixels along its longer
side and blurred a little (noise and paper grain are not edges); Pillow's `FIND_EDGES`
filter then marks where its red, green or blue changes, and the pixels whose edge is
strong enough are the lines: at least `MIN_EDGE` and among the strongest `LINE_SHARE` of
the picture. Each row's run of line pixels is one rectangle of a single `Path`, laid over
the picture's box (so the art box's clip and frame clip it as they clipped the picture).
Every step is Pillow's integer arithmetic on the same bytes: the same picture always
traces to the same ops, and the drawing needs no file of its own.
"""

from __future__ import annotations

import io
from pathlib import Path as FsPath

from ...core.files import read_again
from ..ops import Cmd, Group, Image, Op, Path, r

TRACE_PX = 240  # pixels along the picture's longer side the edges are traced at
BLUR = 1.0  # pixels: the blur before the edges are found
MIN_EDGE = 24  # of 255: the weakest change of lightness drawn as a line
LINE_SHARE = 0.14  # at most this share of the picture's pixels are lines
LINE_INK = "#3a3a3a"  # the lines' colour: a dark grey, as a pencil draws


def line_art(op: Image) -> Op:
    """The picture `op` draws, as its line art in the same box (a `Path` of the traced
    lines; an empty group when the picture has none, or cannot be read again)."""
    try:
        cols, rows, spans = _runs(op.path, op.sha256)
    except (OSError, ValueError):
        return Group(())
    if not spans:
        return Group(())
    sx, sy = op.w / cols, op.h / rows
    d: list[Cmd] = []
    for y, x0, x1 in spans:
        left, right = r(op.x + x0 * sx), r(op.x + x1 * sx)
        top, bottom = r(op.y + y * sy), r(op.y + (y + 1) * sy)
        d += [
            ("M", left, top),
            ("L", right, top),
            ("L", right, bottom),
            ("L", left, bottom),
            ("Z",),
        ]
    return Path(tuple(d), LINE_INK)


Traced = tuple[int, int, tuple[tuple[int, int, int], ...]]
# each picture traced so far, by its content (a deck's faces show a few pictures)
_TRACED: dict[str, Traced] = {}
TRACED_MAX = 64


def _runs(path: str, sha256: str) -> Traced:
    """(columns, rows, each line's (row, first column, column after)) of the picture at
    `path` as traced; `sha256`, its content, keys the pictures traced before."""
    known = _TRACED.get(sha256) if sha256 else None
    if known is None:
        known = _trace(path)
        if len(_TRACED) >= TRACED_MAX:
            _TRACED.clear()
        if sha256:
            _TRACED[sha256] = known
    return known


def _trace(path: str) -> Traced:
    """`_runs` of the picture at `path`, traced."""
    from PIL import Image as PILImage
    from PIL import ImageChops, ImageFilter

    with PILImage.open(io.BytesIO(read_again(FsPath(path)))) as opened:
        picture = opened.convert("RGBA")
    paper = PILImage.new("RGBA", picture.size, (255, 255, 255, 255))
    flat = PILImage.alpha_composite(paper, picture).convert("RGB")
    scale = TRACE_PX / max(flat.size)
    size = (max(1, round(flat.width * scale)), max(1, round(flat.height * scale)))
    flat = flat.resize(size, PILImage.Resampling.BILINEAR).filter(ImageFilter.GaussianBlur(BLUR))
    # an edge in any of red, green and blue (a yellow beside a blue of its lightness)
    channels = [c.filter(ImageFilter.FIND_EDGES) for c in flat.split()]
    found = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    # the filter leaves the outermost pixels as they were: no edge there (the picture's
    # border is the art box's frame, not a line of the art)
    edges = PILImage.new("L", size, 0)
    if size[0] > 2 and size[1] > 2:
        edges.paste(found.crop((1, 1, size[0] - 1, size[1] - 1)), (1, 1))
    level = max(MIN_EDGE, _strongest(edges.histogram(), size[0] * size[1]))
    cols, rows = size
    values = edges.tobytes()
    spans: list[tuple[int, int, int]] = []
    for y in range(rows):
        row = values[y * cols : (y + 1) * cols]
        x = 0
        while x < cols:
            if row[x] >= level:
                start = x
                while x < cols and row[x] >= level:
                    x += 1
                spans.append((y, start, x))
            else:
                x += 1
    return cols, rows, tuple(spans)


def _strongest(histogram: list[int], pixels: int) -> int:
    """The least edge strength among the strongest `LINE_SHARE` of the pixels."""
    allowed = LINE_SHARE * pixels
    seen = 0
    for level in range(255, -1, -1):
        seen += histogram[level]
        if seen > allowed:
            return level + 1
    return 0
