"""Every way a mark binds, read from real exports: Inkscape's (labels, layers, a `<use>`
clone), Illustrator's (a layer's name as its id, `[`, `]` and `=` escaped as `_x5B_`,
`_x5D_`, `_x3D_`, a name given twice as `name_1_`) and Affinity's (a layer's name in
`serif:id`, its id made of it). A group shown for a value its choice field never holds
is bad input at its line."""

from __future__ import annotations

import pytest
from helpers_drawn import boxes, built_fails, drawn_project, edit_drawing, element_line, share

from cardstock.layout.drawings.marks import exported_id

FIRE = (0xC0, 0x39, 0x2B)
WATER = (0x24, 0x71, 0xA3)


# ---------------------------------------------------------------- Inkscape, each form


@pytest.mark.parametrize(
    ("old", "new", "box", "keys"),
    [
        # a shape bound to an icon field: the icon, in the shape's box
        ('"art"', '"icon"', "icon", {"type": "icon", "icon": "{{ icon }}"}),
        # a shape bound to a colour: a rectangle of that colour
        ('"art"', '"accent"', "accent", {"type": "rect", "fill": "{{ accent }}"}),
        # a suffix: a second element showing one field
        ('"suit"', '"name-2"', "name-2", {"type": "text", "text": "{{ name }}"}),
        # a clone's stroke and opacity set from fields
        ('"accent[fill]"', '"accent[stroke]"', "accent_stroke", {"stroke": "{{ accent }}"}),
        (
            '"accent[fill]"',
            '"strength[opacity]"',
            "strength_opacity",
            {"opacity": "{{ strength }}"},
        ),
    ],
)
def test_each_mark_on_inkscape_output_makes_its_box(tmp_path, old, new, box, keys):
    root = drawn_project(tmp_path)
    edit_drawing(root, f"inkscape:label={old}", f"inkscape:label={new}")
    found = boxes(root)[box]
    assert {k: found.get(k) for k in keys} == keys


def test_an_inkscape_layer_marked_with_a_value_is_shown_for_that_value(tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'inkscape:label="bonus"', 'inkscape:label="suit=Water"')
    shown = [b["when"] for b in boxes(root).values() if b.get("when")]
    assert shown == ["(suit | string == 'Water')"]


def test_a_group_shown_for_a_value_no_choice_holds_is_bad_input_at_its_line(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'inkscape:label="bonus"', 'inkscape:label="suit=Fyre"')
    err = built_fails(cli, root)
    line = element_line(root, 'inkscape:label="suit=Fyre"')
    assert (
        f"layouts/mini/card.svg:{line}: suit=Fyre: 'Fyre' is none of the choices of 'suit' "
        "(Fire, Water), so the group would never print (did you mean Fire?)"
    ) in err, err


# ---------------------------------------------------------------- Illustrator


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("card_bg_x5B_fill_x5D_", "card_bg[fill]"),
        ("suit_x3D_Water", "suit=Water"),
        ("name_1_", "name"),
        ("_x31_", "1"),
        ("Layer_1", "Layer_1"),
        ("title", "title"),
    ],
)
def test_an_illustrator_id_is_read_as_the_name_it_was_exported_from(written, read):
    assert exported_id(written) == read


def illustrator_marked(tmp_path):
    root = drawn_project(tmp_path, "illustrator.svg")
    edit_drawing(root, '<g id="_x31_">', '<g id="accent_x5B_fill_x5D_">')
    edit_drawing(
        root,
        '<circle id="strength"',
        '<g id="suit_x3D_Water">\n\t<rect class="st1" x="150" y="8" width="20" height="20"/>\n'
        '</g>\n<text id="name_1_" transform="matrix(1 0 0 1 90 246)" class="st1 st2" '
        'text-anchor="middle">Name</text>\n<circle id="strength"',
    )
    return root


def test_illustrators_escaped_ids_bind_paint_values_and_a_second_element(tmp_path):
    found = boxes(illustrator_marked(tmp_path))
    assert found["accent_fill"]["fill"] == "{{ accent }}"
    assert [b["when"] for b in found.values() if b.get("when")] == ["(suit | string == 'Water')"]
    assert found["name_2"]["text"] == "{{ name }}"


def test_an_illustrator_export_prints_its_marks(cli, tmp_path):
    root = illustrator_marked(tmp_path)
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    png = root / "output" / "mini" / "cards" / "png"
    ground = (50, 700, 100, 800)  # the background, left of the rules, painted the accent
    assert share(png / "ember-front.png", FIRE, ground) > 0.9
    assert share(png / "spring-front.png", WATER, ground) > 0.9
    corner = (830, 70, 890, 120)  # the white square shown on Water cards only
    assert share(png / "spring-front.png", (255, 255, 255), corner) > 0.5
    assert share(png / "ember-front.png", (255, 255, 255), corner) < 0.1


# ---------------------------------------------------------------- Affinity


def test_affinitys_layer_names_in_serif_id_are_marks(tmp_path):
    root = drawn_project(tmp_path, "affinity.svg", "dpi = 300\n")
    edit_drawing(root, '<g id="Background"', '<g id="accent-fill-" serif:id="accent[fill]"')
    edit_drawing(root, '<g id="Card-frame" serif:id="Card frame">', '<g id="bonus">')
    found = boxes(root)
    assert found["accent_fill"]["fill"] == "{{ accent }}"
    assert found["art"]["when"] == "(bonus)"
