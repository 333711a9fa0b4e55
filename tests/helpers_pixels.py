"""How many pixels of a picture are near a colour, counted by Pillow's own per-pixel code
(a channel table and a histogram) rather than a Python loop over every pixel: a loop over
a card at 300 dpi reads about a million values one at a time."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageChops


def pixels_within(picture: Image.Image, low: Sequence[int], high: Sequence[int]) -> int:
    """How many pixels of `picture` (as RGB) have every channel within `low`..`high`,
    both ends included."""
    bands = picture.convert("RGB").split()
    masks = [
        band.point([255 if lo <= v <= hi else 0 for v in range(256)])
        for band, lo, hi in zip(bands, low, high)
    ]
    both = ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2])
    return both.histogram()[255]


def pixels_near(picture: Image.Image, colour: Sequence[int], tolerance: int) -> int:
    """How many pixels of `picture` are within `tolerance` of `colour` in every channel
    (both ends included)."""
    low = [max(0, c - tolerance) for c in colour]
    high = [min(255, c + tolerance) for c in colour]
    return pixels_within(picture, low, high)


def share_near(picture: Image.Image, colour: Sequence[int], tolerance: int) -> float:
    """The share of `picture`'s pixels `pixels_near` counts."""
    return pixels_near(picture, colour, tolerance) / (picture.width * picture.height)
