"""Faces: one layout definition lays out every component, with text fitted by real font
metrics, geometry in points from the top-left of the trim box, and problems as Issues.

Each test builds a small fixture game (tests/helpers_faces.py) in a temporary project that
uses the shipped layouts/default.toml and layouts/symbols.toml, so the tests exercise the
real defaults.
"""

from __future__ import annotations

import pytest
from conftest import distinct_faces, job_of, lay_out
from helpers_faces import GAME, comp, load, make_project  # the fixture game

from cardstock import fonts
from cardstock.core.units import parse_length
from cardstock.layout.checks.drawn import lint
from cardstock.layout.ops import (
    Face,
    Group,
    Icon,
    Rect,
    Text,
    point_in_polygon,
    walk,
)
from cardstock.layout.ops import (
    Path as PathOp,
)

MM = parse_length("1mm")


@pytest.fixture(scope="module")
def cat(tmp_path_factory):
    return load(make_project(tmp_path_factory.mktemp("faces")))


def texts(face: Face) -> list[Text]:
    return [op for op in walk(face.ops) if isinstance(op, Text)]


def text_extent(t: Text) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a text run from the font metrics."""
    w = fonts.string_width(t.text, t.font, t.size)
    return t.x, t.y - fonts.ascent(t.font) * t.size, t.x + w, t.y - fonts.descent(t.font) * t.size


# ---------------------------------------------------------------- geometry


def test_a_poker_card_is_laid_out_in_points_from_the_trim_top_left_with_bleed(cat):
    face = lay_out(cat, comp(cat, "fish"), "front")
    assert face.shape == "rect" and face.cut is None
    assert face.width == pytest.approx(63.5 * MM, abs=0.01)
    assert face.height == pytest.approx(88.9 * MM, abs=0.01)
    assert face.bleed == pytest.approx(3 * MM, abs=0.01)
    # the first op paints the accent colour over the whole bleed box
    frame = face.ops[0]
    assert isinstance(frame, PathOp) and frame.fill == "#c0392b"
    xs = [c[1] for c in frame.d if c[0] in "ML"]
    ys = [c[2] for c in frame.d if c[0] in "ML"]
    assert min(xs) == pytest.approx(-3 * MM, abs=0.01) and max(xs) == pytest.approx(
        (63.5 + 3) * MM, abs=0.01
    )
    assert min(ys) == pytest.approx(-3 * MM, abs=0.01) and max(ys) == pytest.approx(
        (88.9 + 3) * MM, abs=0.01
    )


def test_without_bleed_nothing_is_painted_outside_the_trim(cat):
    face = lay_out(cat, comp(cat, "fish"), "front", bleed=False)
    assert face.bleed == 0
    frame = face.ops[0]
    assert min(c[1] for c in frame.d if c[0] in "ML") == pytest.approx(0, abs=0.01)


def test_every_text_run_stays_inside_the_safe_zone(cat):
    safe = 3 * MM
    for stem, face in distinct_faces(cat):
        if face.shape != "rect" or stem.startswith("huge"):
            continue
        for t in texts(face):
            left, top, right, bottom = text_extent(t)
            assert left >= safe - 0.5 and right <= face.width - safe + 0.5, (stem, t.text)
            assert top >= safe - 0.5 and bottom <= face.height - safe + 0.5, (stem, t.text)


def test_the_title_box_sits_where_the_layout_puts_it(cat):
    face = lay_out(cat, comp(cat, "fish"), "front")
    title = next(t for t in texts(face) if t.font == "serif-bold")
    # layouts/default.toml: the title band is 1.3mm below the safe line, 8.6mm tall, text
    # centred in it
    band_top, band_h = (3 + 1.3) * MM, 8.6 * MM
    _, top, _, bottom = text_extent(title)
    assert band_top <= top and bottom <= band_top + band_h
    assert abs((top + bottom) / 2 - (band_top + band_h / 2)) < 1.0
    left, _, right, _ = text_extent(title)
    assert abs((left + right) / 2 - face.width / 2) < 0.5  # centred


def test_a_game_moves_a_box_by_changing_its_layout_file_not_python(tmp_path):
    moved = load(
        make_project(
            tmp_path,
            """
        [layouts.card.boxes.title]
        top = "20mm"
    """,
        )
    )
    face = lay_out(moved, comp(moved, "fish"), "front")
    title = next(t for t in texts(face) if t.font == "serif-bold")
    _, top, _, bottom = text_extent(title)
    assert abs((top + bottom) / 2 - (3 + 20 + 4.3) * MM) < 1.0


def test_hex_tiles_are_cut_as_hexagons_with_the_border_element_in_the_ornament(cat):
    face = lay_out(cat, comp(cat, "fire-tile"), "front")
    assert face.shape == "hex" and len(face.cut) == 6
    assert face.width == pytest.approx(60 * MM, abs=0.01)
    assert face.height == pytest.approx(51.96 * MM, abs=0.01)
    icons = [op for op in walk(face.ops) if isinstance(op, Icon)]
    assert sum(1 for i in icons if i.symbol == "drop") == 6  # the border element on every edge
    assert any(i.symbol == "flame" and i.size > 20 * MM for i in icons)  # the element in the middle
    for i in icons:
        assert point_in_polygon(i.x + i.size / 2, i.y + i.size / 2, face.cut)


def test_tokens_are_round(cat):
    face = lay_out(cat, comp(cat, "five"), "front")
    assert face.shape == "circle" and len(face.cut) >= 36
    assert any(t.text == "5" for t in texts(face))


def test_a_die_is_a_net_of_six_faces_with_seven_glue_tabs_and_folds(cat):
    face = lay_out(cat, comp(cat, "d6"), "front")
    s = 16 * MM
    assert face.shape == "net"
    assert face.width == pytest.approx(3 * s, abs=0.01)
    assert len(face.folds) == 5 + 7  # five folds between faces, one at each tab
    tabs = [op for op in face.ops if isinstance(op, PathOp) and op.fill and op.stroke is None]
    assert len(tabs) == 7
    panels = [op for op in face.ops if isinstance(op, Group)]
    assert len(panels) == 6
    words = {t.text for t in texts(face)}
    assert {"Fire", "Water", "Six"} <= words
    pips = [op for op in walk(face.ops) if type(op).__name__ == "Ellipse" and op.fill == "#23232b"]
    assert len(pips) == 1 + 2 + 3


def test_a_pawn_is_a_folding_standee_in_the_player_colour(cat):
    face = lay_out(cat, comp(cat, "red-pawn"), "front")
    assert face.shape == "standee" and len(face.folds) == 3
    w, h = 25 * MM, 40 * MM
    assert face.width == pytest.approx(w, abs=0.01)
    assert face.height == pytest.approx(2 * h + 2 * 12 * MM, abs=0.01)
    sides = [op for op in face.ops if isinstance(op, Group)]
    assert len(sides) == 2
    assert sides[0].transform[0] == -1 and sides[1].transform[0] == 1  # one side turned over
    assert any(
        isinstance(op, Icon) and op.symbol == "meeple" and op.color == "#b3261e"
        for op in walk(face.ops)
    )


def test_cards_have_their_deck_back_and_others_none(cat):
    back = lay_out(cat, comp(cat, "fish"), "back")
    assert any(t.text == "Fixture" for t in texts(back))
    assert lay_out(cat, comp(cat, "fire-tile"), "back") is None
    stems = [s for s, _ in distinct_faces(cat)]
    assert "back-deck" in stems and "ref-reverse" in stems and "back-ref" not in stems


# ---------------------------------------------------------------- text


def test_catalog_text_is_rendered_with_its_values_icons_and_emphasis(cat):
    face = lay_out(cat, comp(cat, "fish"), "front")
    runs = texts(face)
    joined = " ".join(t.text for t in runs)
    assert "Deal 3" in joined and "damage." in joined
    assert any(t.text == "Bold" and t.font == "sans-bold" for t in runs)
    assert any(t.text == "italic" and t.font == "sans-italic" for t in runs)
    inline = [
        op
        for op in walk(face.ops)
        if isinstance(op, Icon) and op.symbol == "flame" and op.size < 12
    ]
    assert inline and inline[0].color == "#c0392b"


def test_a_long_text_shrinks_to_fit_and_is_not_reported(cat):
    face = lay_out(cat, comp(cat, "long"), "front")
    body = [t for t in texts(face) if t.font == "sans" and "discards" in t.text]
    assert body
    size = body[0].size
    assert 6.0 <= size < 9.0  # the body style is 9pt, minimum 6pt
    assert not [i for i in face.findings if i.field == "text"]
    # everything is still drawn: every sentence's words are there
    assert sum(t.text.count("discards") for t in texts(face)) == 9


def test_text_that_cannot_fit_at_its_minimum_size_is_an_issue_not_a_crash(cat):
    c = comp(cat, "huge")
    face = lay_out(cat, c, "front")
    found = [i for i in face.findings if i.field == "text"]
    assert len(found) == 1
    issue = found[0]
    assert issue.file == "catalog/fixture/game.toml" and issue.line == c.line
    assert "does not fit" in issue.message and "6pt" in issue.message
    # what is drawn stays inside the box
    body_bottom = face.height - 3 * MM - 3 * MM
    assert all(
        text_extent(t)[3] <= body_bottom + 0.5
        for t in texts(face)
        if t.font == "sans" and not t.text.startswith("v1.2.3 · ")
    )
    assert issue in lint(job_of(cat))


def test_an_undefined_name_in_catalog_text_is_reported_where_the_row_is(cat):
    c = comp(cat, "typo")
    face = lay_out(cat, c, "front")
    found = [i for i in face.findings if i.field == "text"]
    assert found and "powr" in found[0].message and found[0].line == c.line


def test_escaping_is_left_to_the_backends_so_names_stay_literal(cat):
    face = lay_out(cat, comp(cat, "fish"), "front")
    assert any(t.text == 'Fish & <Chips> "1"' for t in texts(face))


# ---------------------------------------------------------------- reference cards


def test_reference_cards_lay_out_their_templates_with_ruled_tables(cat):
    c = comp(cat, "ref")
    front = lay_out(cat, c, "front")
    words = " ".join(t.text for t in texts(front))
    assert "Fixture turn" in words and "Play up to 4 tokens." in words
    assert "Tiles" in words and "six" in words
    rules = [
        op
        for op in front.ops
        if isinstance(op, PathOp) and op.stroke and len(op.d) == 2 and op.d[0][2] == op.d[1][2]
    ]
    assert len(rules) >= 4  # under the header and under each of the three rows
    assert any(
        isinstance(op, Rect) and op.fill and op.h < 20 for op in front.ops
    )  # the header band
    back = lay_out(cat, c, "back")
    assert "Scoring" in " ".join(t.text for t in texts(back))
    assert not front.findings and not back.findings


def test_a_missing_quickref_template_is_reported_at_the_row(tmp_path):
    root = make_project(tmp_path)
    (root / "layouts" / "fixture" / "quickref" / "back.md.j2").unlink()
    c2 = load(root)
    face = lay_out(c2, comp(c2, "ref"), "back")
    assert any(i.field == "reverse" and "back.md.j2" in i.message for i in face.findings)


# ---------------------------------------------------------------- layouts and lint


def validated(catalog) -> list:
    """What the validation stage finds in the catalog's project, before any face is drawn."""
    from conftest import validate

    return list(validate(catalog.root, [catalog.id])[1])


def test_an_unknown_symbol_is_reported_at_its_game_toml_line(cat):
    found = [i for i in validated(cat) if i.field == "icons.odd.symbol"]
    assert len(found) == 1
    lines = (cat.folder / "game.toml").read_text().splitlines()
    assert lines[found[0].line - 1].strip() == 'symbol = "no-such-symbol"'


def test_layout_file_mistakes_are_issues_with_file_and_line(tmp_path):
    bad = load(
        make_project(
            tmp_path,
            """
        [layouts.card.boxes.title]
        colour = "#ff0000"

        [layouts.card.boxes.body]
        size = "9 points"
    """,
        )
    )
    found = validated(bad)
    typo = [i for i in found if i.file == "layouts/fixture/faces.toml" and "colour" in i.field]
    assert typo and typo[0].line == 3 and "unknown key" in typo[0].message


def test_a_bad_length_in_a_layout_is_reported_at_its_line(tmp_path):
    bad = load(
        make_project(
            tmp_path,
            """
        [layouts.card.boxes.body]
        size = "9 points"
    """,
        )
    )
    found = [i for i in validated(bad) if i.file == "layouts/fixture/faces.toml"]
    assert found and found[0].line == 3 and "layouts.card.boxes.body.size" == found[0].field


def test_content_pushed_outside_the_safe_zone_is_a_warning_for_print_safety(tmp_path):
    bad = load(
        make_project(
            tmp_path,
            """
        [layouts.card.boxes.title]
        frame = "trim"
        top = "0.3mm"
        height = "2.6mm"
        valign = "top"
    """,
        )
    )
    found = [
        i
        for i in lint(job_of(bad))
        if i.field == "layouts.card.boxes.title" and "safe zone" in i.message
    ]
    assert found and found[0].level == "warning"
    assert (
        found[0].file == "layouts/fixture/faces.toml" and found[0].line == 3
    )  # the key that moved it


def test_identical_input_gives_identical_faces(cat):
    a = [(s, f.key) for s, f in distinct_faces(cat)]
    b = [(s, f.key) for s, f in distinct_faces(cat)]
    assert a == b
    keys = dict(a)
    assert keys["fish"] != keys["long"]


def test_every_front_carries_a_version_mark_and_no_back_does(cat):
    for stem, face in distinct_faces(cat):
        if face.shape in ("net", "standee", "circle"):  # a round token has no room for it at 6 pt
            continue
        marked = any(t.text.startswith("v1.2.3 · ") for t in texts(face))
        assert marked != stem.startswith("back-"), stem


# ---------------------------------------------------------------- art


def test_art_named_by_a_row_is_drawn_as_an_image_or_as_vectors(tmp_path):
    from PIL import Image as PILImage

    from cardstock.layout.ops import Image as ImageOp

    game = GAME.replace(
        'fields = {{ element = {{ type = "icon" }}, power = {{ type = "int" }}, text = {{ type = '
        '"text" }} }}'.replace("{{", "{").replace("}}", "}"),
        'fields = { element = { type = "icon" }, power = { type = "int" }, text = { type = "text" '
        '}, art = { type = "art" } }',
    )
    game = game.replace(
        '{ id = "long", name = "Long", count = 1,',
        '{ id = "long", name = "Long", count = 1, art = "art/photo.png",',
    )
    game = game.replace(
        '{ id = "typo", name = "Typo", count = 1,',
        '{ id = "typo", name = "Typo", count = 1, art = "art/shape.svg",',
    )
    root = make_project(
        tmp_path,
        """
        [layouts.card.boxes.art]
        art = "{{ art or '' }}"
    """,
        game=game,
    )
    (root / "catalog" / "fixture" / "art").mkdir()
    PILImage.new("RGB", (40, 20), (200, 30, 30)).save(
        root / "catalog" / "fixture" / "art" / "photo.png"
    )
    (root / "catalog" / "fixture" / "art" / "shape.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="1" y="1" width="8" '
        'height="8" fill="#00ff00"/>'
        '<image x="0" y="5" width="2" height="2" href="no.png"/></svg>'
    )
    c = load(root)
    photo = lay_out(c, comp(c, "long"), "front")
    images = [op for op in walk(photo.ops) if isinstance(op, ImageOp)]
    assert (
        len(images) == 1
        and images[0].sha256
        and images[0].w / images[0].h == pytest.approx(2.0, rel=0.01)
    )
    shape = lay_out(c, comp(c, "typo"), "front")
    assert any(isinstance(op, PathOp) and op.fill == "#00ff00" for op in walk(shape.ops))
    assert any("<image> is not drawn" in i.message and i.level == "warning" for i in shape.findings)
    plain = lay_out(c, comp(c, "fish"), "front")  # no art: the generated placeholder
    assert not [op for op in walk(plain.ops) if isinstance(op, ImageOp)]
    assert any(
        isinstance(op, Icon) and op.symbol == "flame" and op.size > 25 for op in walk(plain.ops)
    )
    # both backends draw the picture: embedded in the SVG, an image XObject in the PDF
    import io

    import pypdf
    from reportlab.pdfgen.canvas import Canvas

    from cardstock.render.pdf import PdfFaces
    from cardstock.render.svg import svg_bytes

    assert b'href="data:image/png;base64,' in svg_bytes(photo)
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(300, 400), invariant=1)
    PdfFaces(canvas).draw(photo, 50, 50)
    canvas.showPage()
    canvas.save()
    page = pypdf.PdfReader(io.BytesIO(buf.getvalue())).pages[0]
    assert any(
        x.get_object()["/Subtype"] == "/Image" for x in page["/Resources"]["/XObject"].values()
    )
