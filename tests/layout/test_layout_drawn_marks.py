"""Several marks in one label (PnPInk's `id1 id2`): the words of a label, each a mark,
set several properties of one element or show a group under several conditions; marks
that cannot go together are bad input at their line. A label with any word that is no
mark stays the designer's own name."""

from __future__ import annotations

from helpers_drawn import boxes, built_fails, drawn_project, edit_drawing, element_line

from cardstock.layout.drawings.marks import read_marks


def test_a_label_of_words_that_are_each_a_mark_holds_them_all():
    found = read_marks("accent[fill] strength[opacity]")
    assert [(m.field, m.prop) for m in found] == [("accent", "fill"), ("strength", "opacity")]


def test_a_label_with_one_word_that_is_no_mark_holds_no_mark():
    assert read_marks("Layer 1") == ()
    assert read_marks("accent[fill] Border") == ()


def test_one_element_has_two_properties_set_from_two_fields(tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(
        root, 'inkscape:label="accent[fill]"', 'inkscape:label="accent[fill] strength[opacity]"'
    )
    band = boxes(root)["accent_fill"]
    assert band["type"] == "drawing"
    assert band["fill"] == "{{ accent }}" and band["opacity"] == "{{ strength }}"


def test_a_layer_with_two_marks_is_shown_when_both_hold(tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'inkscape:label="bonus"', 'inkscape:label="bonus suit=Fire"')
    shown = [b for b in boxes(root).values() if "bonus" in b.get("when", "")]
    assert len(shown) == 1
    assert shown[0]["when"] == "(bonus) and (suit | string == 'Fire')"


def test_a_typo_in_one_of_several_marks_is_bad_input_at_its_line(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'inkscape:label="bonus"', 'inkscape:label="bonus sute=Fire"')
    err = built_fails(cli, root)
    line = element_line(root, 'inkscape:label="bonus sute=Fire"')
    assert f"layouts/mini/card.svg:{line}: sute=Fire: names no field (did you mean suit?)" in err


def test_a_text_marked_with_two_fields_is_bad_input_at_its_line(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'inkscape:label="name"', 'inkscape:label="name suit"')
    err = built_fails(cli, root)
    line = element_line(root, 'inkscape:label="name suit"')
    assert f"layouts/mini/card.svg:{line}: name suit: a label of several words" in err, err


def test_one_property_set_twice_is_bad_input_at_its_line(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(
        root, 'inkscape:label="accent[fill]"', 'inkscape:label="accent[fill] accent[fill]"'
    )
    err = built_fails(cli, root)
    line = element_line(root, 'id="use1"')
    assert f"layouts/mini/card.svg:{line}: accent[fill] accent[fill]: the label sets [fill]" in err


# ---------------------------------------------------------------- marks naming a written box


def test_a_shape_marked_with_a_written_boxs_name_places_that_box(tmp_path):
    written = '[layouts.cards.boxes.band]\ntype = "rect"\nfill = "{{ tint(accent, 0.82) }}"\n'
    root = drawn_project(tmp_path, faces=written)
    edit_drawing(root, 'inkscape:label="art"', 'inkscape:label="band"')
    band = boxes(root)["band"]
    assert band["type"] == "rect" and band["fill"] == "{{ tint(accent, 0.82) }}"
    assert (band["left"], band["top"], band["width"], band["height"]) == (
        "4.000mm",
        "14.000mm",
        "55.500mm",
        "40.000mm",
    )
    assert "text" not in band and "field" not in band


def test_a_text_marked_with_a_written_boxs_name_keeps_its_drawn_style(tmp_path):
    written = '[layouts.cards.boxes.heading]\ntext = "{{ name | upper }}"\n'
    root = drawn_project(tmp_path, faces=written)
    edit_drawing(root, 'inkscape:label="name"', 'inkscape:label="heading"')
    heading = boxes(root)["heading"]
    assert heading["text"] == "{{ name | upper }}" and "field" not in heading
    assert heading["font"] == "serif-bold" and heading["color"] == "#1d3557"


def test_a_written_box_that_leaves_a_marked_shape_nothing_to_show_is_bad_input(cli, tmp_path):
    root = drawn_project(tmp_path, faces='[layouts.cards.boxes.band]\nradius = "1mm"\n')
    edit_drawing(root, 'inkscape:label="art"', 'inkscape:label="band"')
    err = built_fails(cli, root)
    line = element_line(root, 'inkscape:label="band"')
    assert (
        f"layouts/mini/card.svg:{line}: band: names no field, and the box 'band' the layout "
        "file writes has no `type`"
    ) in err, err


def test_a_written_box_that_leaves_a_marked_text_nothing_to_say_is_bad_input(cli, tmp_path):
    root = drawn_project(tmp_path, faces="[layouts.cards.boxes.heading]\nmax_lines = 1\n")
    edit_drawing(root, 'inkscape:label="name"', 'inkscape:label="heading"')
    err = built_fails(cli, root)
    line = element_line(root, 'inkscape:label="heading"')
    assert (
        f"layouts/mini/card.svg:{line}: heading: names no field, and the box 'heading' the "
        "layout file writes has no `text`"
    ) in err, err
