"""Every SVG file a project gives (art, icons, an outline, a drawn layout) is read through
one door (`cardstock.layout.art.svgparse.parse_svg`): a file declaring an XML entity is
refused at its line, whatever reads it, before its entities could be expanded; and what a
file draws is bounded by its path segments as well as its elements: at most
`MAX_SEGMENTS` segments drawn, each copy a `<use>` makes and each cut by a clip path
included, counted before anything is drawn. A file over it is one located message, exit
2, nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers_drawn import built_fails, drawn_project, edit_drawing

from cardstock.layout.art.svgparse import (
    MAX_SEGMENTS,
    SvgLimit,
    count_drawn,
    parse_svg,
    segments,
)

OVER = f"its paths have more than {MAX_SEGMENTS:,} segments"
ENTITY = (
    "it declares an XML entity, which cardstock does not read (Illustrator declares them "
    "when it saves with its editing capabilities: export the SVG instead)"
)
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
# an entity expanded many times over, as the art that exhausted memory had it (kept small)
ENTITIES = (
    '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "' + "a" * 100 + '">'
    '<!ENTITY b "' + "&a;" * 10 + '">]>\n' + HEAD + '<text x="1" y="5" font-size="2">'
    "&b;" * 100 + "</text>\n</svg>\n"
)


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    return root


def _refused(cli, root: Path, *only: str) -> list[str]:
    result = cli("--root", str(root), "build", "--jobs", "1", *only)
    assert result.code == 2, result.err
    assert "Traceback" not in result.err and "internal error" not in result.err, result.err
    assert not (root / "output").exists() or not [
        p for p in (root / "output").rglob("*") if p.is_file() and ".cache" not in p.parts
    ]
    return result.err.splitlines()


def _lines(n: int) -> str:
    """Path data of `n` segments: a move and n - 1 line-tos."""
    return "M 0 0" + " L 1 1" * (n - 1)


# ---------------------------------------------------------------- entities


def test_art_declaring_an_entity_is_refused_at_its_row_and_the_files_line(cli, tmp_path):
    root = _project(tmp_path)
    (root / "catalog" / "mini" / "art" / "blaze.svg").write_text(ENTITIES, encoding="utf-8")
    assert _refused(cli, root) == [
        "catalog/mini/cards.csv:3: art: catalog/mini/art/blaze.svg: not a readable SVG file: "
        f"line 2: {ENTITY}",
        "1 error; nothing was written.",
    ]


def test_an_icon_declaring_an_entity_is_refused_at_the_icon_file(cli, tmp_path):
    root = _project(tmp_path)
    (root / "catalog" / "mini" / "icons").mkdir()
    (root / "catalog" / "mini" / "icons" / "fire.svg").write_text(ENTITIES, encoding="utf-8")
    err = _refused(cli, root)
    assert f"catalog/mini/icons/fire.svg: not a readable SVG file: line 2: {ENTITY}" in err, err


def test_an_outline_file_declaring_an_entity_is_refused_at_the_layout_naming_it(cli, tmp_path):
    root = _project(tmp_path)
    (root / "catalog" / "mini" / "outline.svg").write_text(
        ENTITIES.replace("</svg>", '<path d="M 0 0 L 9 0 L 9 9 Z"/></svg>'), encoding="utf-8"
    )
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "faces.toml").write_text(
        '[layouts.card]\nshape = "path"\noutline = "outline.svg"\n', encoding="utf-8"
    )
    err = "\n".join(_refused(cli, root))
    assert err.startswith("layouts/mini/faces.toml"), err
    assert f"the outline file cannot be read as SVG (line 2): {ENTITY}" in err, err


def test_every_svg_door_refuses_an_entity_a_drawn_layout_refuses():
    with pytest.raises(ValueError, match="declares an XML entity") as caught:
        parse_svg(ENTITIES.encode())
    assert caught.value.line == 2


# ---------------------------------------------------------------- path segments


def test_art_with_one_path_just_over_the_segment_bound_is_refused_at_its_line(cli, tmp_path):
    root = _project(tmp_path)
    (root / "catalog" / "mini" / "art" / "blaze.svg").write_text(
        HEAD + f'<path d="{_lines(MAX_SEGMENTS + 1)}"/>\n</svg>\n', encoding="utf-8"
    )
    err = _refused(cli, root)
    assert err[0] == (
        "catalog/mini/cards.csv:3: art: catalog/mini/art/blaze.svg: not a readable SVG file: "
        f"line 2: {OVER} (copies made by <use> and clip paths included), cardstock's limit "
        "for one SVG file"
    ), err


def test_a_path_the_bound_holds_is_counted_and_not_refused():
    root, _ = parse_svg((HEAD + f'<path d="{_lines(MAX_SEGMENTS)}"/></svg>').encode())
    count_drawn(root, {})


def test_segments_written_without_command_letters_are_counted_as_a_program_writes_them():
    root, _ = parse_svg(
        (
            HEAD + '<path d="M 0,0 1,1 2,2 3,3"/>'  # implicit line-tos: four segments
            '<path d="m 1,1 c 1,2 3,4 5,6 1,2 3,4 5,6 z"/>'  # Inkscape's implicit curves
            '<path d="M.5.5.5.5h1 2 3"/><polygon points="0,0 1,0 1,1"/><rect width="1"/>'
            '<g><circle r="1"/></g></svg>'
        ).encode()
    )
    path, curves, packed, polygon, rect, group = root
    found = [segments(el, MAX_SEGMENTS) for el in (path, curves, packed, polygon, rect, group)]
    assert found == [4, 4, 5, 3, 1, 0]


def test_implicit_line_tos_past_the_bound_are_refused(cli, tmp_path):
    root = _project(tmp_path)
    (root / "catalog" / "mini" / "art" / "blaze.svg").write_text(
        HEAD + '<path d="M 0 0 ' + "1 1 " * MAX_SEGMENTS + '"/>\n</svg>\n', encoding="utf-8"
    )
    assert OVER in _refused(cli, root)[0]


def test_copies_a_use_makes_of_a_path_count_its_segments_again(cli, tmp_path):
    root = _project(tmp_path)
    each = MAX_SEGMENTS // 10 + 1
    (root / "catalog" / "mini" / "art" / "blaze.svg").write_text(
        HEAD
        + f'<defs><path id="p" d="{_lines(each)}"/></defs>\n<g>\n'
        + '<use href="#p"/>' * 10
        + "\n</g>\n</svg>\n",
        encoding="utf-8",
    )
    err = _refused(cli, root)
    assert "not a readable SVG file: line 3: " + OVER in err[0], err  # the <g> that holds them


def test_a_clip_path_counts_its_segments_again_for_each_element_it_cuts(cli, tmp_path):
    root = _project(tmp_path)
    cuts = MAX_SEGMENTS // 1000 + 1
    (root / "catalog" / "mini" / "art" / "blaze.svg").write_text(
        HEAD
        + f'<defs><clipPath id="c"><path d="{_lines(1000)}"/></clipPath></defs>\n'
        + '<rect width="5" height="5" style="clip-path:url(#c)"/>' * cuts
        + "\n</svg>\n",
        encoding="utf-8",
    )
    err = _refused(cli, root)
    assert "not a readable SVG file: line 1: " + OVER in err[0], err  # the whole drawing


HIDDEN = {
    "display": '<g style="display:none">{}</g>',
    "visibility": '<g visibility="hidden">{}</g>',
    "class": '<style>.off {{ display: none }}</style><g class="off">{}</g>',
}


@pytest.mark.parametrize("how", sorted(HIDDEN))
def test_a_hidden_layer_of_art_is_read_but_not_counted_as_drawn(cli, tmp_path, how):
    """A layer the picture hides (Inkscape keeps a traced original so) draws nothing: its
    segments are not the picture's, however many."""
    root = _project(tmp_path)
    over = f'<path d="{_lines(MAX_SEGMENTS + 1)}"/>'
    (root / "catalog" / "mini" / "art" / "blaze.svg").write_text(
        HEAD + HIDDEN[how].format(over) + '<rect width="5" height="5"/>\n</svg>\n',
        encoding="utf-8",
    )
    result = cli("--root", str(root), "build", "--jobs", "1", "--only", "svg")
    assert result.code == 0, result.err
    face = root / "output" / "mini" / "svg" / "blaze.svg"
    assert face.stat().st_size < 100_000  # the hidden layer's segments are not drawn


def test_a_symbol_no_use_draws_is_not_counted_and_a_used_one_is(cli, tmp_path):
    root = _project(tmp_path)
    symbol = f'<symbol id="s"><path d="{_lines(MAX_SEGMENTS + 1)}"/></symbol>'
    art = root / "catalog" / "mini" / "art" / "blaze.svg"
    art.write_text(HEAD + symbol + '<rect width="5" height="5"/>\n</svg>\n', encoding="utf-8")
    result = cli("--root", str(root), "build", "--jobs", "1", "--only", "svg")
    assert result.code == 0, result.err
    shutil.rmtree(root / "output")
    art.write_text(HEAD + symbol + '\n<use href="#s"/>\n</svg>\n', encoding="utf-8")
    assert "not a readable SVG file: line 2: " + OVER in _refused(cli, root)[0]


def test_a_drawn_layout_counts_its_hidden_elements_as_it_may_draw_them():
    """A drawn layout draws a marked element it finds hidden (a field's place kept on a
    hidden layer): its count holds every element; a picture's, what it draws."""
    root, _ = parse_svg(
        (
            HEAD + HIDDEN["display"].format(f'<path d="{_lines(MAX_SEGMENTS + 1)}"/>') + "</svg>"
        ).encode()
    )
    count_drawn(root, {}, as_drawn=True)
    with pytest.raises(SvgLimit):
        count_drawn(root, {})


def test_a_drawn_layout_with_a_path_over_the_bound_is_refused_at_the_paths_line(cli, tmp_path):
    root = drawn_project(tmp_path)
    line = edit_drawing(root, "</svg>", f'<path d="{_lines(MAX_SEGMENTS + 1)}"/>\n</svg>')
    err = built_fails(cli, root)
    assert f"layouts/mini/card.svg:{line}: {OVER}" in err, err
