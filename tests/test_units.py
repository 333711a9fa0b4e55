"""Units: every length in a catalog or layout is parsed here, to PDF points."""

import pytest

from cardstock.core.units import UnitError, fmt_mm, parse_length, parse_offset, parse_size


@pytest.mark.parametrize(
    "text, points",
    [("72pt", 72.0), ("1in", 72.0), ("25.4mm", 72.0), ("2.54cm", 72.0), ("6pc", 72.0), ("96px", 72.0), ("0", 0.0), (" 3 mm ", 3 * 72 / 25.4)],
)
def test_lengths_convert_to_points(text, points):
    assert parse_length(text) == pytest.approx(points)


@pytest.mark.parametrize(
    "text, message",
    [
        ("3", "expected a unit (mm, cm, in, pt, pc, px) after the number in '3'"),
        ("three mm", "expected a length such as '63.5mm', '2.5in' or '9pt', got 'three mm'"),
        ("3 furlongs", "unknown unit 'furlongs' in '3 furlongs'; expected one of pt, in, mm, cm, pc, px"),
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
