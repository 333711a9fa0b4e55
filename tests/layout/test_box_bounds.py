"""A layout box draws a bounded amount: a pattern covers at most `MOST_CELLS` squares of
its size, an icons box draws at most `MOST_ICONS` icons, a dash has a cycle longer than
nothing, and a box's sizes (padding too) are never negative, nor a length other than a
finite one, whether written or made by a template. Past each bound the build stops at the
line that writes it (exit 2) with nothing drawn, instead of hanging, filling the disk or
failing inside the PDF writer; a value a template makes names the first card it was made
for."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_edits import starter

from cardstock.cli import main
from cardstock.layout.boxtypes.icons import MOST_ICONS
from cardstock.layout.boxtypes.pattern import MOST_CELLS

GAME = "moon-race"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return starter(tmp_path)


def add_box(root: Path, lines: str) -> int:
    """The starter's card layout with one more box; the line its first key is on."""
    faces = root / "layouts" / GAME / "faces.toml"
    text = faces.read_text()
    faces.write_text(text + "\n[layouts.card.boxes.extra]\n" + lines)
    return text.count("\n") + 3


def run(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["--root", str(root), *args])
    out = capsys.readouterr()
    return code, out.out + out.err


def build_svg(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    return run(root, capsys, "build", "--jobs", "1", "--only", "svg")


def test_a_pattern_finer_than_its_bound_is_refused_at_its_size(root, capsys):
    line = add_box(root, 'type = "pattern"\npattern = "dots"\nsize = "3mm"\n')
    assert build_svg(root, capsys)[0] == 0  # a usual size is drawn
    faces = root / "layouts" / GAME / "faces.toml"
    faces.write_text(faces.read_text().replace('size = "3mm"', 'size = "1pt"'))
    code, out = build_svg(root, capsys)
    assert code == 2
    assert f"faces.toml:{line + 2}: layouts.card.boxes.extra.size:" in out
    assert f"more than {MOST_CELLS:,}" in out


def test_an_icons_box_draws_up_to_its_bound_and_refuses_more_at_its_count(root, capsys):
    line = add_box(root, 'type = "icons"\nicon = "spark"\ncount = "{{ most + extra }}"\n')
    faces = root / "layouts" / GAME / "faces.toml"
    written = faces.read_text()
    faces.write_text(written.replace("most + extra", str(MOST_ICONS)))
    assert build_svg(root, capsys)[0] == 0
    faces.write_text(written.replace("most + extra", str(MOST_ICONS + 1)))
    code, out = build_svg(root, capsys)
    assert code == 2
    assert f"faces.toml:{line + 2}: layouts.card.boxes.extra.count:" in out
    assert f"at most {MOST_ICONS:,} icons, got {MOST_ICONS + 1:,}" in out


def test_a_dash_that_rounds_to_nothing_is_a_problem_of_its_line(root, capsys):
    line = add_box(root, 'type = "rect"\nstroke = "#000000"\ndash = "0.00001pt 0.00001pt"\n')
    code, out = run(root, capsys, "check")
    assert code == 2
    assert f"faces.toml:{line + 2}: layouts.card.boxes.extra.dash:" in out
    code, out = run(root, capsys, "build", "--jobs", "1", "--only", "pnp", "--paper", "letter")
    assert code == 2 and "internal error" not in out


def test_a_dash_written_by_a_template_that_rounds_to_nothing_is_refused_when_drawn(root, capsys):
    add_box(root, 'type = "rect"\nstroke = "#000000"\ndash = "{{ \'0.0001pt 0\' }}"\n')
    code, out = run(root, capsys, "build", "--jobs", "1", "--only", "pnp", "--paper", "letter")
    assert code == 2
    assert "layouts.card.boxes.extra.dash:" in out and "internal error" not in out


def test_a_box_of_negative_sizes_is_refused_at_each_of_them_and_not_at_its_edges(root, capsys):
    line = add_box(
        root,
        'type = "rect"\nfill = "#000000"\nwidth = "-3mm"\nheight = "-5%"\nradius = "-2mm"\n'
        'left = "-2mm"\n',
    )
    code, out = run(root, capsys, "check")
    assert code == 2
    for offset, key in ((2, "width"), (3, "height"), (4, "radius")):
        assert f"faces.toml:{line + offset}: layouts.card.boxes.extra.{key}:" in out
    assert "boxes.extra.left" not in out  # a box may reach past its frame


def test_a_negative_padding_is_refused_at_its_line_like_the_other_sizes(root, capsys):
    line = add_box(root, 'type = "text"\ntext = "{{ name }}"\npadding = "-1mm"\n')
    code, out = run(root, capsys, "check")
    assert code == 2
    assert (
        f"faces.toml:{line + 2}: layouts.card.boxes.extra.padding: a box's padding is 0 or more"
        in out
    )


RECT = 'type = "rect"\nfill = "#000000"\n'
TEXT = 'type = "text"\ntext = "{{ name }}"\n'


@pytest.mark.parametrize(
    "key, written, box",
    [
        ("width", "{{ power|default(9) - 6 }}mm", RECT),
        ("height", "{{ power|default(9) - 6 }}%", RECT),
        ("radius", "{{ power|default(9) - 6 }}pt", RECT),
        ("stroke_width", "{{ power|default(9) - 6 }}pt", RECT),
        ("padding", "{{ power|default(9) - 6 }}mm", TEXT),
        ("size", "{{ power|default(9) - 6 }}pt", TEXT),
    ],
)
def test_a_size_a_template_makes_negative_is_refused_at_its_line_naming_the_card(
    root, capsys, key, written, box
):
    line = add_box(root, f'{box}{key} = "{written}"\n')
    code, out = run(root, capsys, "build", "--jobs", "1", "--paper", "letter")
    assert code == 2, out
    found = [row for row in out.splitlines() if "faces.toml:" in row]
    assert len(found) == 1, out  # once, however many cards and layouts extending `card`
    assert found[0].startswith(f"layouts/{GAME}/faces.toml:{line + 2}: "), out
    assert f"layouts.card.boxes.extra.{key}: a box's {key} is 0 or more, got '-4" in found[0]
    assert "(drawing " in found[0] and "first component 'dawn')" in found[0]
    assert "Traceback" not in out and "internal error" not in out
    assert not (root / "output").exists()


def test_a_size_a_template_makes_zero_or_more_is_drawn(root, capsys):
    add_box(
        root,
        RECT + 'width = "{{ power|default(1) }}mm"\nradius = "{{ power|default(1) }}pt"\n',
    )
    assert build_svg(root, capsys)[0] == 0


@pytest.mark.parametrize("written", ["{{ 'nan' }}%", "{{ 'inf' }}%", "{{ '9' * 400 }}mm"])
def test_a_length_a_template_makes_not_finite_is_refused_at_its_line(root, capsys, written):
    line = add_box(root, f'type = "rect"\nfill = "#000000"\nwidth = "{written}"\n')
    code, out = run(root, capsys, "build", "--jobs", "1", "--paper", "letter")
    assert code == 2, out
    assert f"faces.toml:{line + 2}: layouts.card.boxes.extra.width: expected a finite length" in out
    assert not (root / "output").exists()


@pytest.mark.parametrize("written", ["nan%", "inf%"])
def test_a_length_written_not_finite_is_refused_by_validation(root, capsys, written):
    line = add_box(root, f'type = "rect"\nfill = "#000000"\nleft = "{written}"\n')
    code, out = run(root, capsys, "check")
    assert code == 2
    assert f"faces.toml:{line + 2}: layouts.card.boxes.extra.left: expected a finite length" in out
