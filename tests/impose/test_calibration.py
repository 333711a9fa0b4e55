"""The duplex calibration sheet: one sheet per paper whose back rulers sit at the mirror
image of the front's reference lines, so the reading where a line shows through is the
back offset to use."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_sheets import read_pdf

from cardstock.core.stage import BuildJob, BuildOptions
from cardstock.core.units import parse_length, parse_size
from cardstock.impose.calibration import build_calibration, calibration_pdf, reference_lines

MM = parse_length("1mm")
TOL = 0.01


def zero_ticks(lines, vertical: bool):
    """Per ruler, the position of its zero tick (its longest tick)."""
    ticks = [
        (a, b)
        for a, b in lines
        if (abs(a[0] - b[0]) < TOL) == vertical and (abs(a[1] - b[1]) < TOL) != vertical
    ]
    out = []
    for i in range(0, len(ticks), 25):  # 25 ticks per ruler: -6 mm to +6 mm by 0.5 mm
        ruler = ticks[i : i + 25]
        longest = max(ruler, key=lambda s: abs(s[0][1] - s[1][1]) + abs(s[0][0] - s[1][0]))
        out.append(round(longest[0][0] if vertical else longest[0][1], 2))
        steps = sorted(round(t[0][0] if vertical else t[0][1], 3) for t in ruler)
        assert all(abs((b - a) - 0.5 * MM) < TOL for a, b in zip(steps, steps[1:])), (
            "ticks every half millimetre"
        )
    return out


def test_build_writes_one_two_page_sheet_per_paper(tmp_path: Path):
    result = build_calibration(BuildJob(tmp_path, BuildOptions(out=tmp_path)))
    assert [(a.kind, a.paper, a.pages, a.game) for a in result.artifacts] == [
        ("calibration", "letter", 2, None),
        ("calibration", "a4", 2, None),
    ]
    for a in result.artifacts:
        assert a.path == tmp_path / f"calibration-{a.paper}.pdf" and a.path.is_file()
        _, pages = read_pdf(a.path.read_bytes())
        assert [(p.width, p.height) for p in pages] == [
            pytest.approx(parse_size(str(a.paper)), abs=TOL)
        ] * 2


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_back_rulers_sit_at_the_mirror_image_of_the_front_lines(duplex):
    W, H = parse_size("letter")
    _, (front, back) = read_pdf(calibration_pdf("letter", duplex, (0.0, 0.0)))
    xs, ys = reference_lines(W, H)
    drawn_x = sorted(
        {round(a[0], 2) for a, b in front.lines["Reference"] if abs(a[0] - b[0]) < TOL}
    )
    drawn_y = sorted(
        {round(a[1], 2) for a, b in front.lines["Reference"] if abs(a[1] - b[1]) < TOL}
    )
    assert drawn_x == pytest.approx(sorted(xs)) and drawn_y == pytest.approx(sorted(ys))
    mirrored_x = [W - x for x in xs] if duplex == "long" else xs
    mirrored_y = ys if duplex == "long" else [H - y for y in ys]
    assert sorted(set(zero_ticks(back.lines["RulerX"], vertical=True))) == pytest.approx(
        sorted(mirrored_x), abs=TOL
    )
    assert sorted(set(zero_ticks(back.lines["RulerY"], vertical=False))) == pytest.approx(
        sorted(mirrored_y), abs=TOL
    )


def test_a_back_offset_moves_the_rulers_so_zero_confirms_it():
    W, H = parse_size("a4")
    dx, dy = 1.2 * MM, -0.5 * MM
    _, (front, back) = read_pdf(calibration_pdf("a4", "long", (dx, dy)))
    xs, ys = reference_lines(W, H)
    assert sorted(set(zero_ticks(back.lines["RulerX"], vertical=True))) == pytest.approx(
        sorted(W - x + dx for x in xs), abs=TOL
    )
    assert sorted(set(zero_ticks(back.lines["RulerY"], vertical=False))) == pytest.approx(
        sorted(y + dy for y in ys), abs=TOL
    )


def test_the_sheet_is_deterministic_and_carries_the_scale_bars():
    data = calibration_pdf("letter", "long", (0.0, 0.0))
    assert calibration_pdf("letter", "long", (0.0, 0.0)) == data
    _, pages = read_pdf(data, text=True)
    for page in pages:
        assert (
            "print at 100% / actual size" in page.text
            and "1 in" in page.text
            and "25 mm" in page.text
        )
    assert "--back-offset" in pages[0].text
