"""A project's symbol library (`layouts/symbols.toml`) is bounded: a star has at most
`MOST_STAR_POINTS` points, and every number of a part is finite and at most `MOST_UNITS`
either side of 0, so no part fills the memory or writes `inf` or `nan` into a drawing. A
part past a bound is one error at its line (exit 2), and nothing is written
(docs/catalog-format.md, *Limits*)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_edits import starter

from cardstock.cli import main

REPO = Path(__file__).resolve().parents[2]
SUN = '[symbols.sun]\nlabel = "Sun"\nparts = ['


def _with_part(tmp_path: Path, part: str) -> tuple[Path, int]:
    """The starter with the library cardstock ships as its own, `part` first in the sun its
    cards draw; and the line of that part."""
    root = starter(tmp_path)
    text = (REPO / "layouts" / "symbols.toml").read_text(encoding="utf-8")
    assert SUN in text
    text = text.replace(SUN, f"{SUN}\n  {part},", 1)
    (root / "layouts" / "symbols.toml").write_text(text, encoding="utf-8")
    return root, text.splitlines().index(f"  {part},") + 1


def _build(root: Path) -> int:
    return main(["--root", str(root), "build", "--only", "svg", "--jobs", "1"])


@pytest.mark.parametrize(
    "part, said",
    [
        ("{ stars = [[50, 50, 40, 20, 361]] }", "a star of 361 points: a star has from 2 to 360"),
        ("{ stars = [[50, 50, 40, 20, inf]] }", "a star of inf points"),
        ("{ stars = [[50, 50, 40, 20, 5, nan]] }", "a star holds nan"),
        ("{ circles = [[50, 50, 1e308]] }", "a circle holds 1e+308"),
        ("{ rects = [[1e308, 0, 10, 10]] }", "a rectangle holds 1e+308"),
        ("{ polygons = [[0, 0, 10, -inf, 20, 0]] }", "a polygon holds -inf"),
        ('{ d = "M0 0 L1e400 10 Z" }', "the path data 'd' holds inf"),
        ('{ d = "M0 0 L10 10", stroke = inf }', "stroke holds inf"),
    ],
)
def test_a_part_past_a_bound_is_refused_at_its_line_and_nothing_is_written(
    tmp_path, capsys, part, said
):
    root, line = _with_part(tmp_path, part)
    assert _build(root) == 2
    err = capsys.readouterr().err
    assert f"layouts/symbols.toml:{line}: symbols.sun.parts[0]: {said}" in err, err
    assert "internal error" not in err
    assert not (root / "output").exists()


def test_a_star_at_the_bound_and_numbers_within_it_are_drawn(tmp_path, capsys):
    root, _line = _with_part(
        tmp_path, "{ stars = [[50, 50, 40, 20, 360, 10000]], circles = [[50, 50, -10000]] }"
    )
    assert _build(root) == 0, capsys.readouterr().err
    drawn = (root / "output" / "moon-race" / "svg" / "dawn.svg").read_text(encoding="utf-8")
    assert "inf" not in drawn and "nan" not in drawn
