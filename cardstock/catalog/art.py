"""Art files a catalog names, checked when the catalog is loaded, before anything draws
them: a raster image's pixel count is read from its header (never decoded) and refused
above `MAX_PIXELS`. An SVG is read by the layout room, which draws it
(`cardstock.layout.checks.layouts` refuses one with a size or geometry that is not finite)."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

from ..core.files import Unreadable, read_bytes

MAX_PIXELS = 50_000_000  # 50 megapixels: about 20 × 28 cm at 600 dpi, far more than a card needs
RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")


def art_problem(path: Path, root: Path) -> str | None:
    """What is wrong with the raster art file at `path` (which exists, inside `root`), or
    None (an SVG is the layout room's to read)."""
    if path.suffix.lower() in RASTER_SUFFIXES:
        return raster_problem(path, root)
    return None


# the first bytes of each raster type, so a file named .png that is something else is told apart
MAGIC = {".png": (b"\x89PNG\r\n\x1a\n",), ".jpg": (b"\xff\xd8\xff",), ".jpeg": (b"\xff\xd8\xff",)}


def raster_problem(path: Path, root: Path) -> str | None:
    """A PNG or JPEG that cannot be read, is not the type its name says, or has more than
    `MAX_PIXELS` pixels."""
    from PIL import Image, UnidentifiedImageError

    suffix = path.suffix.lower()
    try:
        data = read_bytes(path, root)
    except Unreadable as exc:
        return f"the art file cannot be read: {exc}"
    head = data[:16]
    if not head.startswith(MAGIC[suffix]):
        return f"the art file is not a {suffix[1:].upper()} image (its first bytes say otherwise)"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as im:  # reads the header only
                width, height = im.size
    except Image.DecompressionBombError:
        return (
            f"the image has more than {MAX_PIXELS // 1_000_000} megapixels (the limit for art); "
            "scale it down"
        )
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        # Pillow's own words name an in-memory file object or the library's internals
        return f"not a readable {suffix[1:].upper()} image: the file is damaged or incomplete"
    if width * height > MAX_PIXELS:
        return (
            f"the image is {width} × {height} pixels ({width * height / 1e6:.0f} megapixels); "
            f"art may have at most {MAX_PIXELS // 1_000_000} megapixels: scale it down"
        )
    return None


ICON_FOLDER = "icons"


def icon_files(folder: Path) -> list[Path]:
    """A game's own icon files (`icons/*.svg` in its catalog folder), sorted by name."""
    base = folder / ICON_FOLDER
    if not base.is_dir():
        return []
    return sorted(p for p in base.iterdir() if p.suffix.lower() == ".svg")
