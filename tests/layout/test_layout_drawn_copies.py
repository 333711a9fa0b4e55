"""A drawn layout's boxes are measured by walking what they draw, every `<use>` copy again
(`cardstock.layout.drawings.geometry.Placed`), so a drawing is bounded as SVG art is: at most
20,000 elements drawn, copies included, and each text counts the shape it flows in
(`shape-inside`) as one more copy. A drawing past it is one error at its `<svg>` line,
worked out before anything is measured."""

from __future__ import annotations

from pathlib import Path

from cardstock.layout.art.svgparse import MAX_DRAWN
from cardstock.layout.drawings.read import read_drawing

HEAD = (
    '<svg xmlns="http://www.w3.org/2000/svg"\n'
    '     xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"\n'
    '     width="63.5mm" height="88.9mm" viewBox="0 0 63.5 88.9">\n'
)
LIMIT = f"it draws more than {MAX_DRAWN:,} elements (copies made by <use> included)"


def _groups(levels: int, fanout: int = 10) -> str:
    """Groups b0…b(levels): b0 holds `fanout` rects, each later one `fanout` uses of the
    one before, so b(levels) draws fanout**(levels + 1) rects."""
    rects = "".join(f'<rect x="{i}" y="0" width="1" height="1"/>' for i in range(fanout))
    found = [f'<g id="b0">{rects}</g>']
    for k in range(1, levels + 1):
        found.append(f'<g id="b{k}">' + f'<use href="#b{k - 1}"/>' * fanout + "</g>")
    return "<defs>" + "".join(found) + "</defs>\n"


def _errors(svg: str) -> list[tuple[int | None, str]]:
    reading = read_drawing(svg.encode(), "trim")
    return [(line, message) for _, line, message, level in reading.problems if level == "error"]


def test_a_marked_use_whose_copies_multiply_is_refused_at_the_svg_line_at_once() -> None:
    svg = HEAD + _groups(9) + '<use inkscape:label="art" href="#b9"/>\n</svg>\n'
    assert _errors(svg) == [(1, LIMIT + ", cardstock's limit for one SVG file")]


def test_copies_past_the_bound_are_refused_though_each_is_cheap_to_measure() -> None:
    svg = HEAD + _groups(4) + '<use inkscape:label="art" href="#b4"/>\n</svg>\n'  # 100,000
    ((line, message),) = _errors(svg)
    assert line == 1 and message.startswith(LIMIT)


def test_each_text_flowing_in_a_shape_counts_the_shape_as_a_copy() -> None:
    texts = "".join(
        f'<text inkscape:label="name" style="shape-inside:url(#b3)" y="{i}">x</text>'
        for i in range(2)
    )
    one = HEAD + _groups(3) + texts[: len(texts) // 2] + "\n</svg>\n"  # 10,000 rects
    assert _errors(one) == []
    ((line, message),) = _errors(HEAD + _groups(3) + texts + "\n</svg>\n")
    assert line == 1 and message.startswith(LIMIT)


def test_the_starters_drawing_is_far_within_the_bound() -> None:
    starter = Path(__file__).parents[2] / "cardstock/starter/layouts/_game_/deck.svg"
    reading = read_drawing(starter.read_bytes(), "trim")
    assert reading.problems == [] and reading.boxes


def _nested(levels: int, depth: int) -> str:
    """Groups d0…d(levels), each nested `depth` deep around a `<use>` of the one before."""
    found = []
    for k in range(levels + 1):
        inner = '<rect width="1" height="1"/>' if k == 0 else f'<use href="#d{k - 1}"/>'
        found.append(f'<g id="d{k}">' + "<g>" * depth + inner + "</g>" * depth + "</g>")
    return "<defs>" + "".join(found) + "</defs>\n"


def test_uses_that_nest_past_what_measuring_recurses_through_are_refused_at_the_svg_line() -> None:
    use = '<use inkscape:label="art" href="#d7"/>\n</svg>\n'
    assert _errors(HEAD + _nested(7, 35) + use) == []  # 298 deep
    ((line, message),) = _errors(HEAD + _nested(7, 150) + use)
    assert line == 1
    assert message.startswith("its elements nest more than 300 deep"), message
