"""A box a drawn layout's drawing places is held to the room a written one is
(`layout.checks.room`): a marked rectangle drawn 0 wide or 0 high, bound to a field the
box shows as text, is refused by validation at the element's line of the drawing, naming
the box's key in the layout the drawing makes: exit 2, nothing written. A key the layout
file writes for a drawn box that leaves it no room is refused at the file's line."""

from __future__ import annotations

import pytest
from helpers_drawn import built_fails, drawn_project, edit_drawing, element_line

# the marked rectangle `art`, marked instead with `strength`: a field shown as text
MARKED = 'inkscape:label="art"\n       width="55.5"\n       height="40"'


@pytest.mark.parametrize(
    "drawn, key",
    [
        ('inkscape:label="strength"\n       width="0"\n       height="40"', "width"),
        ('inkscape:label="strength"\n       width="55.5"\n       height="0"', "height"),
    ],
    ids=["0-wide", "0-high"],
)
def test_a_marked_rectangle_drawn_without_room_is_refused_at_its_element(cli, tmp_path, drawn, key):
    root = drawn_project(tmp_path)
    edit_drawing(root, MARKED, drawn)
    line = element_line(root, 'id="rect3"')
    checked = cli("--root", str(root), "check", "mini")
    assert checked.code == 2, checked.out + checked.err
    frame = "63.50mm wide" if key == "width" else "88.90mm high"
    assert [row for row in checked.err.splitlines() if "no " + key in row] == [
        f"layouts/mini/card.svg:{line}: layouts.cards.boxes.strength.{key}: the drawn element "
        f"leaves the box 'strength' no {key} (0.00mm, in a trim frame {frame} on a 63.50mm x "
        f"88.90mm face); draw the element with a {key} above 0"
    ], checked.err
    assert "no " + key in built_fails(cli, root)


def test_a_written_key_leaving_a_drawn_box_no_room_is_refused_at_its_line(cli, tmp_path):
    root = drawn_project(tmp_path, faces='\n[layouts.cards.boxes.suit]\nwidth = "0mm"\n')
    checked = cli("--root", str(root), "check", "mini")
    assert checked.code == 2, checked.out + checked.err
    assert (
        "layouts/mini/faces.toml:5: layouts.cards.boxes.suit.width: width '0mm' leaves the box "
        "'suit' no width (0.00mm, in a trim frame 63.50mm wide on a 63.50mm x 88.90mm face); "
        "give it a width above 0"
    ) in checked.err, checked.err
