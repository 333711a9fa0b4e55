"""A drawn layout's SVG file read with expat (`layout.drawings.xml`): the text expat
reports in many pieces (each character reference is one) is joined once per element, so
reading a file takes time in proportion to its size, however its text is cut up."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardstock.layout.drawings import xml

PIECES = 50_000  # character references: far more than expat's buffer holds at once


class CountedElement(ET.Element):
    """An element that counts how often its text and tail are set."""

    sets = 0

    def __setattr__(self, name: str, value: object) -> None:
        if name in ("text", "tail"):
            CountedElement.sets += 1
        super().__setattr__(name, value)


def test_a_text_in_many_pieces_is_set_once_per_element(monkeypatch):
    monkeypatch.setattr(xml.ET, "Element", CountedElement)
    CountedElement.sets = 0
    data = (
        b'<svg xmlns="http://www.w3.org/2000/svg"><text>'
        + b"&#65;" * PIECES
        + b"<!-- a note -->&amp;"
        + b"<tspan>x</tspan>"
        + b"&#66;\n" * PIECES
        + b"</text></svg>"
    )
    root, _ = xml.parse_drawing(data)
    (text,) = root
    (tspan,) = text
    assert (text.text, tspan.text, tspan.tail) == ("A" * PIECES + "&", "x", "B\n" * PIECES)
    assert CountedElement.sets == 3  # the text's text, the tspan's text and its tail
