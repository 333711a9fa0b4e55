"""ReportLab's reading of a TrueType file, kept in the user cache by the file's content.

Embedding a font starts with ReportLab parsing the whole file (its tables, character map,
advance widths, glyph offsets): a few milliseconds per font in pure Python, paid again by
every process that draws. `ttfont(pdf_name, path)` keeps what the parse found (the face's
attributes: plain numbers, strings, bytes, lists and dicts) as a marshal file under
`fonts/<hash>.face` in cardstock's cache folder (`cardstock.usercache`), keyed by the
font file's content, ReportLab's version and Python's, and later makes the font from it
and the file's bytes without parsing. marshal runs no code, so an entry cannot do more
than describe a font; a damaged or foreign entry is parsed afresh.

This reads and sets ReportLab attributes that are not public (`TTFontFace`'s parsed state,
its `_ttf_data` and `_pdfScale`, the attributes `TTFont.__init__` sets); they are named in
this module only, ReportLab is pinned in pyproject.toml, and
`tests/test_library_internals.py` checks that a kept font is the freshly parsed one and
draws the same PDF.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from pathlib import Path
from typing import Any, Callable, Optional

FORMAT = 1  # bump when what is kept changes
# The ReportLab versions whose TTFont `_made` copies (tests/test_library_internals.py runs
# on the installed one); with any other the font is parsed as ReportLab parses it.
CHECKED_WITH = ("5.",)

# attribute types kept as they are (marshal keeps exactly these); a name string of
# ReportLab's own bytes type is kept as bytes and made again on the way back
_PLAIN = (int, float, str, bytes, bool, list, dict, tuple, type(None))
_NAME_TYPE = "TTFNameBytes"
_NOT_KEPT = ("_ttf_data", "_pdfScale")  # the file's bytes (read again), a function of unitsPerEm


class KeptStats:
    """How this process got each font it embeds (for tests to count)."""

    def __init__(self) -> None:
        self.parsed = 0
        self.read = 0


STATS = KeptStats()


def _key(path: Path) -> str:
    import reportlab

    from ..project import digest

    h = hashlib.sha256(digest(path))
    h.update(f"\0reportlab {reportlab.Version}\0python {sys.version}\0face {FORMAT}".encode())
    return h.hexdigest()


def _entry(path: Path) -> Path:
    from ..usercache import cache_dir

    return cache_dir() / "fonts" / f"{_key(path)}.face"


def _scale(units_per_em: int) -> Callable[[float], float]:
    """What ReportLab's parser sets as the face's `_pdfScale`: font units to 1/1000 em."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def _state(face: Any) -> Optional[dict[str, Any]]:
    """The face's parsed attributes as marshal can keep them, or None when one is of a
    type it cannot keep exactly (the font is then parsed by every process)."""
    names: list[str] = []
    state: dict[str, Any] = {}
    for key, value in vars(face).items():
        if key in _NOT_KEPT:
            continue
        if type(value).__name__ == _NAME_TYPE:
            names.append(key)
            value = bytes(value)
        elif type(value) not in _PLAIN:
            return None
        state[key] = value
    return {"state": state, "names": names}


def _made(pdf_name: str, path: Path, kept: dict[str, Any], data: bytes) -> Any:
    """A TTFont as `TTFont(pdf_name, path)` makes it, from a kept parse and the file's bytes."""
    from weakref import WeakKeyDictionary

    from reportlab import rl_config
    from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

    face = TTFontFace.__new__(TTFontFace)
    state = dict(kept["state"])
    for key in kept["names"]:
        state[key] = TTFNameBytes(state[key])
    vars(face).update(state)
    face._ttf_data = data
    face._pdfScale = _scale(face.unitsPerEm)
    font = TTFont.__new__(TTFont)
    # what TTFont.__init__ sets besides the parsed face (ReportLab 4.x and 5.x)
    font.fontName = pdf_name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = _shapable(pdf_name)
    return font


def _shapable(pdf_name: str) -> bool:
    """TTFont.__init__'s `shapable` for a font made with the default (True)."""
    from fnmatch import fnmatch

    from reportlab.rl_config import unShapedFontGlob

    return not any(fnmatch(pdf_name, pattern) for pattern in unShapedFontGlob)


def ttfont(pdf_name: str, path: Path) -> Any:
    """`reportlab.pdfbase.ttfonts.TTFont(pdf_name, str(path))`, made from the kept parse of
    the file when the user cache has one for its bytes, else parsed (and kept)."""
    import reportlab
    from reportlab.pdfbase.ttfonts import TTFont

    if not reportlab.Version.startswith(CHECKED_WITH):  # a ReportLab this was not checked against
        return TTFont(pdf_name, str(path))
    entry = _entry(path)
    try:
        kept = marshal.loads(entry.read_bytes())
        if not (isinstance(kept, dict) and isinstance(kept.get("state"), dict) and isinstance(kept.get("names"), list)):
            raise ValueError("a damaged entry")
        font = _made(pdf_name, path, kept, path.read_bytes())
        STATS.read += 1
        return font
    except (OSError, ValueError, EOFError, TypeError, KeyError, AttributeError, ImportError):
        pass  # missing, damaged or not this format: parse the file
    font = TTFont(pdf_name, str(path))
    STATS.parsed += 1
    kept = _state(font.face)
    if kept is not None:
        try:
            from ..output import write_atomic

            write_atomic(entry, marshal.dumps(kept))
        except Exception:  # noqa: BLE001 - a cache that cannot be written costs time, not output
            pass
    return font
