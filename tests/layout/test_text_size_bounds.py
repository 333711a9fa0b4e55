"""A text is set at most `MOST_SIZE` points (an em of 35 cm): a text box's `size` and
`min_size`, a named style's, a drawn text's font size and a size a template makes for one
card. Past it the check stops at the line that writes it (exit 2) with nothing written,
instead of trying every quarter point down to the minimum, which took over a minute and
1.3 GB from 1,000,000pt and never finished from 1e300pt. The sizes a fit tries are a
bounded list however large the size it is handed."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_drawn import built_fails, drawn_project, edit_drawing, element_line
from helpers_edits import starter

from cardstock.cli import main
from cardstock.layout.text.fit import MOST_SIZE, MOST_SIZES, STEP, sizes
from cardstock.layout.text.words import TextStyle

GAME = "moon-race"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return starter(tmp_path)


def add_lines(root: Path, lines: str) -> int:
    """The starter's layout file with `lines` added; the line the first of them is on."""
    faces = root / "layouts" / GAME / "faces.toml"
    text = faces.read_text()
    faces.write_text(text + "\n" + lines)
    return text.count("\n") + 2


def check(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["--root", str(root), "check"])
    out = capsys.readouterr()
    return code, out.out + out.err


def refused(out: str) -> list[str]:
    found = [row for row in out.splitlines() if "faces.toml:" in row and "at most" in row]
    assert "Traceback" not in out and "internal error" not in out
    return found


@pytest.mark.parametrize("key", ["size", "min_size"])
def test_a_text_box_written_larger_than_the_bound_is_refused_at_its_line(root, capsys, key):
    line = add_lines(root, f'[layouts.card.boxes.title]\n{key} = "1000000pt"\n')
    code, out = check(root, capsys)
    assert code == 2, out
    # once, though the layouts extending `card` all draw the box
    assert refused(out) == [
        f"layouts/{GAME}/faces.toml:{line + 1}: layouts.card.boxes.title.{key}: "
        f"a text's {key} is at most 1,000pt, got '1000000pt'"
    ]
    assert not (root / "output").exists()


def test_a_named_style_larger_than_the_bound_is_refused_at_its_line(root, capsys):
    line = add_lines(root, '[styles.huge]\nsize = "2000pt"\n')
    code, out = check(root, capsys)
    assert code == 2, out
    assert f"faces.toml:{line + 1}: styles.huge.size: a text's size is at most 1,000pt" in out


def test_a_text_at_the_bound_is_checked_and_a_pattern_or_icon_size_is_not_a_texts(root, capsys):
    add_lines(
        root,
        f'[layouts.card.boxes.title]\nsize = "{MOST_SIZE:g}pt"\n\n'
        '[layouts.card.boxes.stars]\ntype = "icons"\nicon = "spark"\nsize = "2000pt"\n',
    )
    code, out = check(root, capsys)
    assert code in (0, 1), out  # the title may not fit: a finding, not bad input
    assert refused(out) == []


def test_a_size_in_pixels_is_refused_as_the_faces_are_drawn_at_the_games_dpi(root, capsys):
    line = add_lines(root, '[layouts.card.boxes.title]\nsize = "1000000px"\n')
    code, out = check(root, capsys)
    assert code == 2, out
    found = refused(out)
    assert len(found) == 1, out
    assert found[0].startswith(
        f"layouts/{GAME}/faces.toml:{line + 1}: layouts.card.boxes.title.size: "
        "a text's size is at most 1,000pt, got '1000000px' (drawing "
    )


def test_a_size_a_template_makes_too_large_for_one_card_names_that_card(root, capsys):
    line = add_lines(
        root, "[layouts.card.boxes.title]\nsize = \"{{ 1000000 if name == 'Dawn' else 9 }}pt\"\n"
    )
    code, out = check(root, capsys)
    assert code == 2, out
    assert refused(out) == [
        f"layouts/{GAME}/faces.toml:{line + 1}: layouts.card.boxes.title.size: "
        "a text's size is at most 1,000pt, got '1000000pt' (drawing component 'dawn')"
    ]
    assert not (root / "output").exists()


@pytest.mark.parametrize(
    "written, shown", [("1000000px", "2,834,646pt"), ("1e300px", "2.83e+300pt")]
)
def test_a_drawn_text_larger_than_the_bound_is_refused_at_the_drawings_line(
    cli, tmp_path, written, shown
):
    root = drawn_project(tmp_path)
    edit_drawing(root, "font-size:4.23333px", f"font-size:{written}")
    err = built_fails(cli, root)
    line = element_line(root, f"font-size:{written}")
    assert (
        f"layouts/mini/card.svg:{line}: name: the font size '{written}' sets the text at "
        f"{shown}; a text's size is at most 1,000pt"
    ) in err


def test_the_sizes_a_fit_tries_are_every_quarter_point_down_to_the_least():
    assert sizes(TextStyle(size=10.0, min_size=9.0)) == [10.0, 9.75, 9.5, 9.25, 9.0]
    assert sizes(TextStyle(size=9.1, min_size=9.0)) == [9.1, 9.0]
    assert sizes(TextStyle(size=9.0, min_size=9.0)) == [9.0]
    tried = sizes(TextStyle(size=MOST_SIZE, min_size=1.0))
    assert len(tried) == MOST_SIZES and tried[1] == MOST_SIZE - STEP


@pytest.mark.parametrize("size", [1e6, 1e300, float("inf"), float("nan")])
def test_the_sizes_a_fit_tries_are_bounded_however_large_the_size(size):
    tried = sizes(TextStyle(size=size, min_size=6.0))
    assert len(tried) <= MOST_SIZES
    assert tried == sorted(tried, reverse=True) or len(tried) == 1
