"""Units: every length in a catalog or layout is parsed here, to PDF points."""

import pytest

from cardstock.core.units import UnitError, fmt_mm, parse_length, parse_offset, parse_size


@pytest.mark.parametrize(
    "text, points",
    [
        ("72pt", 72.0),
        ("1in", 72.0),
        ("25.4mm", 72.0),
        ("2.54cm", 72.0),
        ("6pc", 72.0),
        ("96px", 72.0),
        ("0", 0.0),
        (" 3 mm ", 3 * 72 / 25.4),
    ],
)
def test_lengths_convert_to_points(text, points):
    assert parse_length(text) == pytest.approx(points)


@pytest.mark.parametrize(
    "text, message",
    [
        ("3", "expected a unit (mm, cm, in, pt, pc, px) after the number in '3'"),
        ("three mm", "expected a length such as '63.5mm', '2.5in' or '9pt', got 'three mm'"),
        (
            "3 furlongs",
            "unknown unit 'furlongs' in '3 furlongs'; expected one of pt, in, mm, cm, pc, px",
        ),
        ("3ft", "unknown unit 'ft' in '3ft'; expected one of pt, in, mm, cm, pc, px"),
        ("-2mm", "expected a length of zero or more, got '-2mm'"),
        (12, "expected a length with a unit such as '3mm', got the bare number 12"),
    ],
)
def test_a_bad_length_says_what_was_expected(text, message):
    with pytest.raises(UnitError) as err:
        parse_length(text)
    assert str(err.value) == message


def test_named_sizes_and_explicit_sizes():
    w, h = parse_size("poker")
    assert (fmt_mm(w), fmt_mm(h)) == ("63.5mm", "88.9mm")
    assert parse_size("2.5in x 3.5in") == pytest.approx((180.0, 252.0))
    assert parse_size("a4") == pytest.approx((595.2756, 841.8898), rel=1e-6)
    with pytest.raises(UnitError):
        parse_size("huge")


def test_offsets_may_be_negative():
    dx, dy = parse_offset("1.2mm,-0.5mm")
    assert fmt_mm(dx) == "1.2mm" and fmt_mm(dy) == "-0.5mm"
    with pytest.raises(UnitError):
        parse_offset("1.2mm")


# ---------------------------------------------------------------- pixels at a stated resolution


def test_a_pixel_is_a_css_pixel_unless_a_resolution_is_given():
    assert parse_length("96px") == pytest.approx(72.0)
    assert parse_length("300px", dpi=300) == pytest.approx(72.0)
    assert parse_length("825px", dpi=300) == pytest.approx(2.75 * 72)
    assert parse_size("825px x 1125px", 300) == pytest.approx((198.0, 270.0))


@pytest.mark.parametrize(
    "text", ["825px x 1125px", "825pxx1125px", "825px×1125px", "825 px x 1125 px"]
)
def test_the_x_of_px_is_not_read_as_the_sizes_separator(text):
    assert parse_size(text, 300) == pytest.approx((198.0, 270.0))


def test_pixels_are_written_in_points_at_the_stated_resolution():
    from cardstock.core.units import in_points

    assert in_points("825px x 1125px", 300) == "198pt x 270pt"
    assert in_points("37.5px", 300) == "9pt"
    assert in_points("3mm", 300) == "3mm" and in_points("825px", None) == "825px"


SQUIB_GAME = """id = "squib"
title = "Squib"
version = "1.0"
players = { min = 1, max = 2 }

[print]
dpi = DPI
card_size = "825px x 1125px"
bleed = "37.5px"
safe = "75px"

[backs.deck]
title = "Squib"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Cards"
back = "deck"
size = "SIZE"
fields = { gap = { type = "length" } }
rows = [ { name = "Ember", gap = "150px" } ]
"""

SQUIB_LAYOUT = """[layouts.card.boxes.title]
left = "75px"
top = "150px"
width = "600px"
height = "60px"
size = "48px"
"""


@pytest.mark.parametrize(
    "dpi, size", [(300, "825px x 1125px"), (150, "412.5px x 562.5px"), (600, "1650px x 2250px")]
)
def test_a_games_pixel_numbers_carry_over_at_its_resolution(tmp_path, dpi, size):
    from conftest import lay_out, load_games

    from cardstock.layout.ops import Text

    folder = tmp_path / "catalog" / "squib"
    folder.mkdir(parents=True)
    scale = dpi / 300
    game = SQUIB_GAME.replace("DPI", str(dpi)).replace("SIZE", size)
    game = (
        game.replace('"37.5px"', f'"{37.5 * scale}px"')
        .replace('"75px"', f'"{75 * scale}px"')
        .replace('"150px"', f'"{150 * scale}px"')
    )
    (folder / "game.toml").write_text(game)
    (tmp_path / "layouts" / "squib").mkdir(parents=True)
    layout = SQUIB_LAYOUT
    for px in ("75", "150", "600", "60", "48"):
        layout = layout.replace(f'"{px}px"', f'"{float(px) * scale}px"')
    (tmp_path / "layouts" / "squib" / "faces.toml").write_text(layout)
    catalogs, issues = load_games(tmp_path)
    assert not issues.errors, [i.render() for i in issues]
    cat = catalogs[0]
    comp = cat.components[0]
    assert parse_size(comp.size) == pytest.approx(
        (198.0, 270.0)
    )  # 2.75 in x 3.75 in, whatever the dpi
    assert parse_length(cat.game.print.bleed) == pytest.approx(9.0) and parse_length(
        cat.game.print.safe
    ) == pytest.approx(18.0)
    assert parse_length(comp.fields["gap"]) == pytest.approx(36.0)
    face = lay_out(cat, comp, "front")
    assert (face.width, face.height, face.bleed) == pytest.approx((198.0, 270.0, 9.0))
    title = next(op for op in face.walk() if isinstance(op, Text) and op.text == "Ember")
    assert title.size == pytest.approx(11.52)  # 48px at 300 dpi
    assert 36.0 <= title.x < 180.0  # inside the box, 75px from the safe frame (itself 75px in)
