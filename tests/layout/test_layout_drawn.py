"""A layout drawn in a drawing program: an SVG file named by a layout's `drawn` key, whose
marked elements (an `inkscape:label` or `id` written like a field name) become the
layout's boxes and whose unmarked drawing is drawn as drawn. Read from real Inkscape
output (layers, transforms on groups, `<use>` clones, flowed and `shape-inside` text)
and from an Illustrator-style export (plain ids, `Layer_1`, `matrix(..)`, CSS classes).
Every mistake is bad input at the drawing's line: exit 2, nothing written."""

from __future__ import annotations

import shutil

import pytest
from helpers_drawn import (
    DRAWN,
    NAVY,
    RED,
    boxes,
    built_fails,
    drawn_project,
    edit_drawing,
    element_line,
    share,
)

from cardstock.catalog.load import load_game
from cardstock.core.issues import Issues
from cardstock.layout.drawings.marks import read_mark
from cardstock.layout.faces import Faces
from cardstock.layout.language.load import box_texts, load_layouts

# ---------------------------------------------------------------- the mark rule


@pytest.mark.parametrize(
    "name", ["rect123", "path4567-8", "g12", "layer1", "text89", "tspan3", "flowRoot12"]
)
def test_the_ids_a_drawing_program_writes_itself_are_not_marks(name):
    assert read_mark(name) is None


@pytest.mark.parametrize("name", ["Layer 1", "Background", "Layer_1", "_x31_", "My title"])
def test_names_with_capitals_spaces_or_a_leading_underscore_are_the_designers_own(name):
    assert read_mark(name) is None


def test_a_lowercase_field_like_name_is_a_mark_and_says_what_it_binds():
    assert read_mark("title").field == "title"
    paint = read_mark("card_bg[fill]")
    assert (paint.field, paint.prop) == ("card_bg", "fill")
    assert read_mark("cost-2").field == "cost"
    shown = read_mark("suit=fire")
    assert (shown.field, shown.value) == ("suit", "fire")


# ---------------------------------------------------------------- Inkscape


def test_inkscape_marks_become_boxes_placed_through_the_layers_transforms(tmp_path):
    found = boxes(drawn_project(tmp_path))
    art = found["art"]  # a <rect> in a layer moved by translate(4,14), bound to an art field
    assert art["type"] == "art" and art["art"] == "{{ art }}"
    assert (art["left"], art["top"], art["width"], art["height"]) == (
        "4.000mm",
        "14.000mm",
        "55.500mm",
        "40.000mm",
    )
    assert art["frame"] == "trim"


def test_an_inkscape_text_keeps_its_drawn_font_size_colour_and_alignment(tmp_path):
    name = boxes(drawn_project(tmp_path))["name"]
    assert name["type"] == "text" and name["text"] == "{{ name }}"
    assert name["font"] == "serif-bold"
    assert name["size"] == "12.00pt"  # 4.23333 mm
    assert name["color"] == "#1d3557"
    assert name["align"] == "center"


def test_shape_inside_and_flowed_text_take_the_shape_they_flow_in_as_their_box(tmp_path):
    found = boxes(drawn_project(tmp_path))
    rules = found["text"]  # SVG 2 shape-inside:url(#rect5)
    assert (rules["left"], rules["top"], rules["width"], rules["height"]) == (
        "8.000mm",
        "58.000mm",
        "47.500mm",
        "22.000mm",
    )
    assert rules["leading"] == 1.25
    suit = found["suit"]  # <flowRoot> with a <flowRegion>
    assert (suit["left"], suit["top"], suit["align"]) == ("29.500mm", "82.000mm", "right")


def test_a_marked_layer_is_shown_by_its_field_and_a_marked_clone_painted_by_one(tmp_path):
    found = boxes(drawn_project(tmp_path))
    shown = [b for b in found.values() if b.get("when") == "(bonus)"]
    assert len(shown) == 1 and shown[0]["type"] == "drawing"
    band = found["accent_fill"]  # a <use> clone labelled accent[fill]
    assert band["type"] == "drawing" and band["fill"] == "{{ accent }}"


def test_a_written_key_changes_a_drawn_box(tmp_path):
    root = drawn_project(tmp_path, faces='\n[layouts.cards.boxes.name]\nmin_size = "9pt"\n')
    name = boxes(root)["name"]
    assert name["min_size"] == "9pt" and name["font"] == "serif-bold"


def test_a_drawn_card_prints_its_drawing_with_its_fields(cli, tmp_path):
    root = drawn_project(tmp_path)
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    png = root / "output" / "mini" / "cards" / "png"
    # the drawn background, unmarked, inside the trim at the top left
    assert share(png / "blaze-front.png", NAVY, (60, 50, 90, 80)) > 0.9
    # the `bonus` layer: shown on Blaze (bonus yes), hidden on Ember (bonus no)
    corner = (800, 100, 900, 170)
    assert share(png / "blaze-front.png", RED, corner) > 0.3
    assert share(png / "ember-front.png", RED, corner) == 0


# ---------------------------------------------------------------- Illustrator


def test_an_illustrator_export_reads_plain_ids_classes_and_matrix_transforms(tmp_path):
    found = boxes(drawn_project(tmp_path, "illustrator.svg"))
    assert "Layer_1" not in found and not any(n.startswith("_x") for n in found)
    name = found["name"]  # <text id="name" transform="matrix(1 0 0 1 90 30)" class="st1 st2">
    assert name["font"] == "sans-bold" and name["align"] == "center"
    assert name["size"] == "14.00pt" and name["color"] == "#ffffff"
    art = found["art"]  # 1 pt a user unit: a rect at (14.17, 42.52) pt is at (5, 15) mm
    assert (art["left"], art["top"], art["type"]) == ("5.000mm", "15.000mm", "art")
    strength = found["strength"]  # a circle bound to a number: its text in a box its size
    assert strength["type"] == "text" and strength["text"] == "{{ strength }}"


# ---------------------------------------------------------------- mistakes


def test_a_mark_naming_no_field_is_bad_input_at_its_line(cli, tmp_path):
    root = drawn_project(tmp_path)
    line = edit_drawing(root, 'inkscape:label="name"', 'inkscape:label="nmae"')
    err = built_fails(cli, root)
    line = element_line(root, 'inkscape:label="nmae"')
    assert f"layouts/mini/card.svg:{line}: nmae: names no field (did you mean name?)" in err, err


def test_a_text_bound_to_an_art_field_is_bad_input(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'inkscape:label="suit"', 'inkscape:label="art"')
    err = built_fails(cli, root)
    line = element_line(root, 'id="flowRoot1"')
    assert f"layouts/mini/card.svg:{line}: art: a text cannot show the art field 'art'" in err, err


def test_a_page_of_another_size_than_the_cards_is_bad_input(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'width="63.5mm"', 'width="60mm"')
    err = built_fails(cli, root)
    line = element_line(root, 'width="60mm"')
    assert f"layouts/mini/card.svg:{line}: width: the drawing's page is 60.00 x 88.90 mm" in err, (
        err
    )


def test_a_page_drawn_with_the_bleed_is_the_cards_size_and_bleed(cli, tmp_path):
    root = drawn_project(tmp_path, faces='page = "bleed"\n')
    err = built_fails(cli, root)
    assert "'cards' cards are 69.50 x 94.90 mm with their bleed" in err, err


def test_a_drawing_declaring_an_entity_is_refused(cli, tmp_path):
    root = drawn_project(tmp_path)
    path = root / "layouts" / "mini" / "card.svg"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("<!-- Created", '<!DOCTYPE svg [<!ENTITY big "xxxxxxxx">]>\n<!-- Created', 1),
        encoding="utf-8",
    )
    err = built_fails(cli, root)
    assert "layouts/mini/card.svg:2: it declares an XML entity" in err, err


def test_an_unmarked_text_holding_another_tools_placeholder_is_warned_of(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'inkscape:label="name"', 'inkscape:label="Title"')
    edit_drawing(root, ">Card name<", ">%VAR_power%<")
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    line = element_line(root, 'id="text1"')
    assert f"layouts/mini/card.svg:{line}: text1: warning: the text holds '%VAR_power%'" in (
        built.err + built.out
    ), built.err


# ---------------------------------------------------------------- backs


def test_one_drawing_draws_a_sets_fronts_and_its_deck_back(cli, tmp_path):
    root = drawn_project(tmp_path, "plain.svg", '\n[layouts.card-back]\ndrawn = "card.svg"\n')
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    png = root / "output" / "mini" / "cards" / "png"
    band = (200, 90, 800, 140)  # the rectangle labelled accent[fill]
    for face in ("ember-front.png", "back-deck.png"):
        assert share(png / face, NAVY, (60, 50, 90, 80)) > 0.9, face
    assert share(png / "ember-front.png", (0xC0, 0x39, 0x2B), band) > 0.9  # fire's colour
    assert share(png / "back-deck.png", (0x33, 0x33, 0x33), band) > 0.9  # the back's colour


def test_a_deck_back_drawing_marking_a_sets_field_is_bad_input(cli, tmp_path):
    root = drawn_project(tmp_path, faces='\n[layouts.card-back]\ndrawn = "back.svg"\n')
    shutil.copy(DRAWN / "inkscape.svg", root / "layouts" / "mini" / "back.svg")
    shutil.copy(DRAWN / "plain.svg", root / "layouts" / "mini" / "card.svg")
    err = built_fails(cli, root)
    assert "layouts/mini/back.svg:" in err and "suit: names no field" in err, err


# ---------------------------------------------------------------- what every layout gets


def test_print_safety_measures_a_drawn_text_on_the_drawing(cli, tmp_path):
    root = drawn_project(tmp_path)
    checked = cli("--root", str(root), "check", "mini")
    line = element_line(root, 'id="flowRoot1"')
    assert (
        f"layouts/mini/card.svg:{line}: layouts.cards.boxes.suit: warning: #457b9d on #f1faee"
        in checked.out + checked.err
    ), checked.out


def test_a_drawn_text_too_long_for_its_box_shrinks_to_fit(tmp_path):
    root = drawn_project(tmp_path)
    cards = root / "catalog" / "mini" / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        text.replace("ember,Ember,", "ember,Ember of the Long Unending Fire Storm,"),
        encoding="utf-8",
    )
    issues = Issues()
    catalog = load_game(root, "mini", issues)
    assert catalog is not None
    faces = Faces(catalog, layouts=load_layouts(root, "mini"))
    sizes = {}
    for cid in ("ember", "blaze"):
        comp = next(c for c in catalog.components if c.id == cid)
        face = faces.face(faces.records.of(comp), "front")
        assert face is not None
        sizes[cid] = {op.size for op in texts(face.ops) if op.font == "serif-bold"}
    assert sizes["blaze"] == {12.0}
    assert max(sizes["ember"]) < 12.0


def texts(ops):
    for op in ops:
        if hasattr(op, "font") and hasattr(op, "size"):
            yield op
        yield from texts(getattr(op, "ops", ()))


def test_what_is_drawn_past_a_trim_sized_page_fills_the_bleed(cli, tmp_path):
    root = drawn_project(tmp_path, "plain.svg")  # its background runs 3 mm past the page
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    corner = (0, 0, 30, 20)  # the bleed at the top left
    assert share(root / "output" / "mini" / "cards" / "png" / "ember-front.png", NAVY, corner) > 0.9


# ---------------------------------------------------------------- the starter


def test_the_starter_ships_a_drawn_deck_that_builds_and_passes_the_check(cli, tmp_path):
    folder = tmp_path / "moon"
    assert cli("init", str(folder), "--name", "Moon").code == 0
    assert (folder / "layouts" / "moon" / "deck.svg").is_file()
    game = folder / "catalog" / "moon" / "game.toml"
    text = game.read_text(encoding="utf-8")
    on = text.replace('table = "cards.csv"', 'table = "cards.csv"\nlayout = "deck-drawn"', 1)
    assert on != text
    game.write_text(on, encoding="utf-8")
    checked = cli("--root", str(folder), "check")
    assert checked.code == 0, checked.out + checked.err
    assert "deck.svg" not in checked.out + checked.err  # no finding about the drawing
    built = cli("--root", str(folder), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    png = folder / "output" / "moon" / "cards" / "png" / "noon-front.png"
    assert share(png, (0x9C, 0x64, 0x0C), (200, 90, 700, 140)) > 0.5  # the Sun's band


def test_words_drawn_around_a_field_are_a_text_to_translate(tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'inkscape:label="name"', 'inkscape:label="Title"')
    edit_drawing(root, ">Card name<", ">Power {{ strength }}<")
    line = element_line(root, 'id="text1"')
    words = {t.key: t for t in box_texts(load_layouts(root, "mini"))}
    said = words["layout.cards.text1"]
    assert (said.source, said.file, said.line) == (
        "Power {{ strength }}",
        "layouts/mini/card.svg",
        line,
    )
    french = load_layouts(root, "mini", wording={"layout.cards.text1": "Force {{ strength }}"})
    lay = french.resolve("cards")
    assert lay is not None
    assert next(b for b in lay.boxes if b.name == "text1").values["text"] == "Force {{ strength }}"


def test_a_drawn_text_too_long_for_the_card_continues_on_another(cli, tmp_path):
    root = drawn_project(tmp_path, faces='\n[layouts.cards.boxes.text]\noverflow = "continue"\n')
    cards = root / "catalog" / "mini" / "cards.csv"
    long = " ".join(["Deal 1 damage to a rival of your choice and then draw a card."] * 14)
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("Deal 1 damage. :fire:", long), encoding="utf-8")
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    png = root / "output" / "mini" / "cards" / "png"
    parts = sorted(p.name for p in png.iterdir() if p.name.startswith("ember-"))
    assert "ember-2of" in " ".join(parts), parts  # the rest of the text on further cards


# ---------------------------------------------------------------- the round trip


def test_a_written_layout_is_written_as_a_drawing_that_reads_back_as_its_boxes(cli, tmp_path):
    root = drawn_project(tmp_path)
    (root / "layouts" / "mini" / "card.svg").unlink()
    written = cli("--root", str(root), "drawing", "mini", "card")
    assert written.code == 0, written.err
    assert (root / "layouts" / "mini" / "card.svg").is_file()
    title = boxes(root)["name"]  # the shipped card's title box: {{ name }} in the `title` style
    assert (title["left"], title["top"], title["width"], title["height"]) == (
        "12.300mm",
        "4.300mm",
        "38.900mm",
        "8.600mm",
    )
    assert (title["font"], title["size"], title["align"]) == ("serif-bold", "11.00pt", "center")
    assert boxes(root)["art_file"]["type"] == "art"
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err


def test_a_drawing_is_never_written_over_a_file_that_is_there(cli, tmp_path):
    root = drawn_project(tmp_path)
    before = (root / "layouts" / "mini" / "card.svg").read_bytes()
    written = cli("--root", str(root), "drawing", "mini", "card")
    assert written.code == 2
    assert "card.svg: is there already; name another file with --out" in written.err
    assert (root / "layouts" / "mini" / "card.svg").read_bytes() == before


def test_a_paint_mark_bound_to_a_field_that_is_no_colour_is_bad_input(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'inkscape:label="accent[fill]"', 'inkscape:label="strength[fill]"')
    err = built_fails(cli, root)
    line = element_line(root, 'id="use1"')
    assert (
        f"layouts/mini/card.svg:{line}: strength[fill]: [fill] needs a color field; "
        "'strength' is a field of type int" in err
    ), err


def test_a_drawing_that_is_not_well_formed_is_bad_input_at_its_line(cli, tmp_path):
    root = drawn_project(tmp_path)
    line = edit_drawing(root, "<flowRoot", "<flowRoot <")
    err = built_fails(cli, root)
    assert f"layouts/mini/card.svg:{line}: not well-formed XML" in err, err


def test_a_drawing_that_is_missing_or_outside_the_layouts_folder_is_bad_input(cli, tmp_path):
    root = drawn_project(tmp_path, "plain.svg")
    faces = root / "layouts" / "mini" / "faces.toml"
    for drawn, message in (
        ("gone.svg", "there is no drawing 'layouts/mini/gone.svg'"),
        ("../../catalog/mini/art/blaze.svg", "is outside the layouts folder"),
    ):
        faces.write_text(f'[layouts.cards]\ndrawn = "{drawn}"\n', encoding="utf-8")
        err = built_fails(cli, root)
        assert "layouts/mini/faces.toml:2: layouts.cards.drawn: " in err and message in err, err


def test_a_drawing_nesting_past_the_bound_is_bad_input_not_a_crash(cli, tmp_path):
    root = drawn_project(tmp_path)
    deep = "<g>" * 2000 + "<rect width='1' height='1'/>" + "</g>" * 2000
    line = edit_drawing(root, "<defs", deep + "\n  <defs")
    err = built_fails(cli, root)
    assert f"layouts/mini/card.svg:{line}: its elements nest more than 200 deep" in err, err


def test_a_marked_clone_of_what_holds_it_is_bad_input_not_a_hang(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, "<use\n", '<g id="loop">\n  <use\n')
    edit_drawing(root, 'style="fill:#a8dadc" />', 'style="fill:#a8dadc" /></g>')
    edit_drawing(root, 'xlink:href="#rect2"', 'xlink:href="#loop"')
    edit_drawing(root, 'inkscape:label="accent[fill]"', 'inkscape:label="name"')
    err = built_fails(cli, root)
    line = element_line(root, 'id="use1"')
    assert f"layouts/mini/card.svg:{line}: name: a <use> with no size cannot hold a field" in err, (
        err
    )


def test_a_text_marked_version_mark_prints_the_cards_version(tmp_path):
    root = drawn_project(tmp_path, "plain.svg")
    edit_drawing(root, 'inkscape:label="name"', 'inkscape:label="version_mark"')
    issues = Issues()
    catalog = load_game(root, "mini", issues)
    assert catalog is not None
    faces = Faces(catalog, layouts=load_layouts(root, "mini"))
    comp = next(c for c in catalog.components if c.id == "ember")
    face = faces.face(faces.records.of(comp), "front")
    assert face is not None
    printed = " ".join(op.text for op in texts(face.ops) if hasattr(op, "text"))
    assert "v1.0 · " in printed, printed


def test_a_box_written_beside_a_drawing_keeps_only_its_own_keys_not_the_shipped_ones(tmp_path):
    written = (
        '\n[layouts.card-back]\ndrawn = "card.svg"\n\n[layouts.card-back.boxes.title]\n'
        'type = "text"\ntext = "Mini"\ntop = "80mm"\nheight = "5mm"\n'
    )
    root = drawn_project(tmp_path, "plain.svg", written)
    lay = load_layouts(root, "mini").resolve("card-back")
    assert lay is not None
    found = {b.name: b.values for b in lay.boxes}
    assert found["title"] == {"type": "text", "text": "Mini", "top": "80mm", "height": "5mm"}
    assert "medallion" not in found  # a shipped back's box the drawing replaces


# ---------------------------------------------------------------- Affinity


def test_an_affinity_export_in_pixels_reads_at_the_dpi_the_layout_states(tmp_path):
    found = boxes(drawn_project(tmp_path, "affinity.svg", "dpi = 300\n"))
    assert "Background" not in found and "Card-frame" not in found
    art = found["art"]  # 300 px to the inch: (47.244, 188.976) px is at (4, 16) mm
    assert (art["left"], art["top"], art["width"], art["type"]) == (
        "4.000mm",
        "16.000mm",
        "55.500mm",
        "art",
    )
    name = found["name"]  # 50 px at 300 dpi in a group moved by matrix(…)
    assert (name["font"], name["size"], name["color"]) == ("sans-bold", "12.00pt", "#ffffff")


def test_a_drawing_in_pixels_at_another_dpi_than_stated_is_the_wrong_size(cli, tmp_path):
    root = drawn_project(tmp_path, "affinity.svg")
    err = built_fails(cli, root)
    assert "the drawing's page is 198.44 x 277.81 mm" in err and "`dpi`" in err, err


def test_a_build_after_the_drawing_is_saved_again_draws_the_new_drawing(cli, tmp_path):
    root = drawn_project(tmp_path, "plain.svg")
    png = root / "output" / "mini" / "cards" / "png" / "ember-front.png"
    first = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert first.code == 0, first.err
    assert share(png, NAVY, (60, 50, 90, 80)) > 0.9
    edit_drawing(root, "fill:#1d3557", "fill:#e63946")  # the unmarked background
    again = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert again.code == 0, again.err
    assert share(png, RED, (60, 50, 90, 80)) > 0.9
