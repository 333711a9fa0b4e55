"""Art files a catalog names, checked when the catalog is loaded, before anything draws
them: a raster image's pixel count is read from its header (never decoded) and refused
above `MAX_PIXELS`; an SVG must have a finite, positive size and finite geometry."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Optional

MAX_PIXELS = 50_000_000  # 50 megapixels: about 20 × 28 cm at 600 dpi, far more than a card needs
RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")

_CHECKED: dict[tuple[str, int, int], Optional[str]] = {}


def art_problem(path: Path) -> Optional[str]:
    """What is wrong with the art file at `path` (which exists), or None."""
    st = path.stat()
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _CHECKED:
        suffix = path.suffix.lower()
        if suffix in RASTER_SUFFIXES:
            _CHECKED[key] = raster_problem(path)
        elif suffix == ".svg":
            from ..layout.svgart import svg_problem

            _CHECKED[key] = svg_problem(path)
        else:
            _CHECKED[key] = None
    return _CHECKED[key]


# the first bytes of each raster type, so a file named .png that is something else is told apart
MAGIC = {".png": (b"\x89PNG\r\n\x1a\n",), ".jpg": (b"\xff\xd8\xff",), ".jpeg": (b"\xff\xd8\xff",)}


def raster_problem(path: Path) -> Optional[str]:
    """A PNG or JPEG that cannot be read, is not the type its name says, or has more than
    `MAX_PIXELS` pixels."""
    from PIL import Image, UnidentifiedImageError

    suffix = path.suffix.lower()
    try:
        with path.open("rb") as f:
            head = f.read(16)
    except OSError as exc:
        return f"the art file cannot be read: {getattr(exc, 'strerror', None) or exc}"
    if not head.startswith(MAGIC[suffix]):
        return f"the art file is not a {suffix[1:].upper()} image (its first bytes say otherwise)"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as im:  # reads the header only
                width, height = im.size
    except Image.DecompressionBombError:
        return f"the image has more than {MAX_PIXELS // 1_000_000} megapixels (the limit for art); scale it down"
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as exc:
        reason = str(exc).replace(str(path), path.name)  # messages name the file themselves
        return f"not a readable {suffix[1:].upper()} image ({reason})"
    if width * height > MAX_PIXELS:
        return (f"the image is {width} × {height} pixels ({width * height / 1e6:.0f} megapixels); "
                f"art may have at most {MAX_PIXELS // 1_000_000} megapixels: scale it down")
    return None
