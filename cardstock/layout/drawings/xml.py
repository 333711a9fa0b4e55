"""A drawn layout's SVG file read into an element tree that keeps each element's line, so
a problem with a mark is reported at `file:line` (ElementTree forgets lines).

Read through the one door every SVG file of a project is read through
(`svgparse.parse_svg`): expat and nothing else, no entity declared or expanded (a file
declaring one is refused, as defusedxml refuses it), no external file or address fetched,
at most `svgparse.MAX_ELEMENTS` elements nested at most `svgparse.MAX_DEPTH` deep (what reads the
tree walks it by recursion); and a drawn layout is bounded by `MAX_BYTES` as well.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..art.svgparse import SvgXmlError, parse_svg

MAX_BYTES = 16 * 1024 * 1024  # a drawn card is a few hundred kilobytes at most

# a file that is not a drawing cardstock reads: `line` is where it went wrong
DrawnXmlError = SvgXmlError


def parse_drawing(data: bytes) -> tuple[ET.Element, dict[int, int]]:
    """The root element of a drawing and the line of each element (by `id()` of the
    element). Raises DrawnXmlError for a file that is too large, declares entities or is
    not well-formed XML."""
    if len(data) > MAX_BYTES:
        raise DrawnXmlError(
            f"it is larger than {MAX_BYTES // (1024 * 1024)} MB, cardstock's limit for a "
            "drawn layout",
            None,
        )
    return parse_svg(data)
