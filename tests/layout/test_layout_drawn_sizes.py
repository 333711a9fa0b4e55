"""A drawing's page is the card's size: read in any unit a drawing program writes, as the
trimmed card (`page = "trim"`) or the card with its bleed (`page = "bleed"`); a page of
another size is bad input at the drawing's `<svg>` line, and nothing is written."""

from __future__ import annotations

from helpers_drawn import boxes, built_fails, drawn_project, edit_drawing, element_line


def test_a_page_in_inches_is_the_poker_cards_size(tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'width="63.5mm"', 'width="2.5in"')
    edit_drawing(root, 'height="88.9mm"', 'height="3.5in"')
    art = boxes(root)["art"]
    assert (art["left"], art["top"], art["width"]) == ("4.000mm", "14.000mm", "55.500mm")


def test_a_page_drawn_with_its_bleed_places_boxes_in_the_bleed_frame(cli, tmp_path):
    root = drawn_project(tmp_path, faces='page = "bleed"\n')
    edit_drawing(root, 'width="63.5mm"', 'width="69.5mm"')
    edit_drawing(root, 'height="88.9mm"', 'height="94.9mm"')
    edit_drawing(root, 'viewBox="0 0 63.5 88.9"', 'viewBox="-3 -3 69.5 94.9"')
    art = boxes(root)["art"]
    assert (art["frame"], art["left"], art["top"]) == ("bleed", "7.000mm", "17.000mm")
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "svg")
    assert built.code == 0, built.err


def test_a_page_a_little_too_tall_is_bad_input_at_the_svg_lines_height(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'height="88.9mm"', 'height="89.5mm"')
    err = built_fails(cli, root)
    line = element_line(root, 'height="89.5mm"')
    assert f"layouts/mini/card.svg:{line}: height: the drawing's page is 63.50 x 89.50 mm" in err
    assert "'cards' cards are 63.50 x 88.90 mm trimmed" in err, err
