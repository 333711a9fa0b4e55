"""Two renderings of one card compared "within 1 px", and SVG files drawn to pixels by
headless Chromium, for the tests that hold a card printed two ways to the same picture.

The measure (`differing`): a pixel of one picture differs from the other picture when, in
some channel, both of these hold:

- the shape test: its value lies more than `TOLERANCE` (8 of 256) outside the range of
  the other picture's values within 1 px of it (its 3×3 square). An edge moved by up to
  1 px stays inside that range; a box moved by 2 px, a wrong colour or another word does
  not.
- the ink test: the mean of its 3×3 square differs from the other picture's mean over
  the same square by more than a third of the square's contrast (the larger of the two
  pictures' max − min there) plus `TOLERANCE`. A third of the contrast is the ink one
  edge moves through the square when it moves by 1 px.

The shape test alone is what "within 1 px" says of edges, but not of a feature thinner
than about two pixels (a 1-px gap between two stripes of an icon, a letter's crossbar):
anti-aliasing gives its pixels other values when it lies at another sub-pixel offset, and
a gap that fills one pixel row in one picture is spread over two half-grey rows in the
other, so its brightest pixel lies outside the other picture's range. Such a change moves
little ink, and the ink test lets it pass. A box moved by 2 px moves two thirds of its
edge's contrast through the squares along that edge, a wrong colour moves all of its
difference, another word moves whole strokes: they fail both tests. The tests of the
measure (tests/layout/test_layout_drawn_shipped.py) show both sides on real renderings: a
face moved by a quarter pixel, or half a pixel along one axis, passes; a box moved by
2 px, a box in another colour, one changed letter fail."""

from __future__ import annotations

import base64
import os
from collections.abc import Callable, Sequence
from io import BytesIO
from pathlib import Path

import pytest
from conftest import CHROMIUM
from PIL import Image, ImageChops, ImageFilter

TOLERANCE = 8  # of 256, in one channel
CSS_DPI = 96  # a CSS pixel is 1/96 in; an SVG sized in mm is laid out in CSS pixels

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"),
    reason="chromium is installed by tests/run; never skipped in CI",
)


class Seen:
    """What the measure reads of one RGB picture: each pixel's 3×3 square's least and
    greatest value and mean, per channel."""

    def __init__(self, picture: Image.Image) -> None:
        self.picture = picture
        self.low = _square(picture, ImageChops.darker)
        self.high = _square(picture, ImageChops.lighter)
        self.mean = picture.filter(ImageFilter.BoxBlur(1))
        self.contrast = ImageChops.subtract(self.high, self.low)


def _square(
    picture: Image.Image, pick: Callable[[Image.Image, Image.Image], Image.Image]
) -> Image.Image:
    """Each pixel's least (`pick` darker) or greatest (lighter) value in its 3×3 square,
    per channel, as PIL's MinFilter(3) and MaxFilter(3) find them (a pixel at the border
    has only the neighbours it has), taken along the rows and then the columns."""
    w, h = picture.size
    for step in ((1, 0), (0, 1)):
        dx, dy = step
        before, after = picture.copy(), picture.copy()
        before.paste(picture.crop((0, 0, w - dx, h - dy)), step)
        after.paste(picture.crop((dx, dy, w, h)), (0, 0))
        picture = pick(pick(before, after), picture)
    return picture


def differing(a: Seen, b: Seen) -> Image.Image:
    """A mask (mode L, 255 where set) of `a`'s pixels that differ from `b` (see the
    module); both of one size."""
    outside = ImageChops.lighter(
        ImageChops.subtract(b.low, a.picture), ImageChops.subtract(a.picture, b.high)
    )
    shape = outside.point(lambda v: 255 if v > TOLERANCE else 0)
    moved = ImageChops.difference(a.mean, b.mean)
    allowed = ImageChops.lighter(a.contrast, b.contrast).point(lambda v: v // 3 + TOLERANCE)
    ink = ImageChops.subtract(moved, allowed).point(lambda v: 255 if v > 0 else 0)
    red, green, blue = ImageChops.darker(shape, ink).split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def differences(a: Image.Image, b: Image.Image) -> Image.Image:
    """The pixels where either RGB picture differs from the other (`differing`, both
    ways)."""
    seen_a, seen_b = Seen(a), Seen(b)
    return ImageChops.lighter(differing(seen_a, seen_b), differing(seen_b, seen_a))


class SvgPictures:
    """Standalone SVG files drawn to pixels at a given dpi in one headless Chromium (driven
    over the DevTools protocol, tests/helpers_preview.py's `Browser`), each after its web
    fonts have loaded, on a white page, the picture cut to the SVG's own width and height."""

    def __init__(self, profile: Path, dpi: float) -> None:
        from helpers_preview import Browser

        self.browser = Browser(profile)
        self.browser.open("about:blank")
        metrics = {"width": 800, "height": 800, "deviceScaleFactor": dpi / CSS_DPI}
        self.browser.send("Emulation.setDeviceMetricsOverride", {**metrics, "mobile": False})
        white = {"color": {"r": 255, "g": 255, "b": 255, "a": 1}}
        self.browser.send("Emulation.setDefaultBackgroundColorOverride", white)

    def picture(self, svg: Path) -> Image.Image:
        from helpers_preview import wait_for

        browser, url = self.browser, svg.as_uri()
        browser.send("Page.navigate", {"url": url})
        ready = (
            f"location.href === {url!r} && document.readyState === 'complete' ? "
            "document.fonts.ready.then(() => { const r = "
            "document.documentElement.getBoundingClientRect(); return [r.width, r.height]; })"
            " : null"
        )
        size = wait_for(lambda: browser.evaluate(ready))
        assert size, f"{svg} did not load"
        clip = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}
        shot = browser.send("Page.captureScreenshot", {"format": "png", "clip": clip})
        return Image.open(BytesIO(base64.b64decode(shot["data"]))).convert("RGB")

    def pictures(self, svgs: Sequence[Path]) -> list[Image.Image]:
        return [self.picture(svg) for svg in svgs]

    def close(self) -> None:
        self.browser.close()
