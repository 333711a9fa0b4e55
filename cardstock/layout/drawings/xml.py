"""A drawn layout's SVG file read into an element tree that keeps each element's line, so
a problem with a mark is reported at `file:line` (ElementTree forgets lines).

Read with expat and nothing else: no entity is declared or expanded (a file declaring
one is refused, as defusedxml refuses it), no external file or address is fetched, and
the file is bounded by `MAX_BYTES`, by `svgparse.MAX_ELEMENTS` elements and by elements
nested at most `MAX_DEPTH` deep (what reads the tree walks it by recursion).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any
from xml.parsers import expat

from ..art.svgparse import MAX_ELEMENTS

MAX_BYTES = 16 * 1024 * 1024  # a drawn card is a few hundred kilobytes at most
MAX_DEPTH = 200  # elements within elements: a drawing program's layers nest a dozen deep


class DrawnXmlError(ValueError):
    """A file that is not a drawing cardstock reads: `line` is where it went wrong."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.line = line


class _Builder:
    """Builds ElementTree elements from expat's events, each element's line kept. The
    text expat reports in pieces (one for each character reference, each line, each
    buffer) is gathered and joined once, when the next element starts or ends: adding
    each piece to the text made so far would copy it again for every piece."""

    def __init__(self, parser: Any) -> None:
        self.parser = parser
        self.root: ET.Element | None = None
        self.stack: list[ET.Element] = []
        self.last: ET.Element | None = None  # the element that just ended (text is its tail)
        self.lines: dict[int, int] = {}
        self.count = 0
        self.pieces: list[str] = []  # the text since the last start or end, not joined yet

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.flush()
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise DrawnXmlError(
                f"it has more than {MAX_ELEMENTS:,} elements, cardstock's limit for one SVG file",
                self.parser.CurrentLineNumber,
            )
        if len(self.stack) >= MAX_DEPTH:
            raise DrawnXmlError(
                f"its elements nest more than {MAX_DEPTH} deep, cardstock's limit for a drawn "
                "layout",
                self.parser.CurrentLineNumber,
            )
        el = ET.Element(_qualified(name), {_qualified(k): v for k, v in attrs.items()})
        self.lines[id(el)] = self.parser.CurrentLineNumber
        if self.stack:
            self.stack[-1].append(el)
        else:
            self.root = el
        self.stack.append(el)
        self.last = None

    def end(self, name: str) -> None:
        self.flush()
        self.last = self.stack.pop()

    def data(self, text: str) -> None:
        self.pieces.append(text)

    def flush(self) -> None:
        """The text gathered since the last start or end, joined once: the tail of the
        element that just ended, else the text of the element it is in (text before the
        first element belongs to none)."""
        if not self.pieces:
            return
        text = "".join(self.pieces)
        self.pieces = []
        if self.last is not None:
            self.last.tail = text
        elif self.stack:
            self.stack[-1].text = text


def _qualified(name: str) -> str:
    """expat's `uri}local` as ElementTree's `{uri}local`."""
    return "{" + name if "}" in name else name


def _no_entities(*args: object) -> None:
    raise DrawnXmlError("it declares an XML entity, which cardstock does not read", None)


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
    parser = expat.ParserCreate(namespace_separator="}")
    builder = _Builder(parser)
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.buffer_text = True  # adjacent text in one piece where expat's buffer holds it
    parser.EntityDeclHandler = _no_entities
    parser.UnparsedEntityDeclHandler = _no_entities
    parser.ExternalEntityRefHandler = lambda *args: 0  # never fetched
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
    except DrawnXmlError as exc:
        if exc.line is None:
            exc.line = parser.CurrentLineNumber
        raise
    except expat.ExpatError as exc:
        raise DrawnXmlError(
            f"not well-formed XML: {expat.ErrorString(exc.code)}", exc.lineno
        ) from None
    builder.flush()
    if builder.root is None:
        raise DrawnXmlError("it holds no element", None)
    return builder.root, builder.lines
