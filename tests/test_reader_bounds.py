"""Every reader is bounded, not only by the size of the file: a small file that would make a
reader hang or fill memory (an SVG whose `<use>` elements multiply, as art or as a drawn
layout no set uses, a rulebook `{% set %}` line that loops, a million elements, a
sea of CSS, a workbook that inflates to a gigabyte or holds too many cells, YAML aliases,
TOML keys and nesting, a font too large) is refused with one located message naming the
limit, exit status 2, nothing written, by a build that runs under a 10 s processor-time
limit and a 500 MB address-space limit (`helpers_bounds.bounded_build`: a build killed at
its processor limit fails the test) and peaks under 500 MB. No test times the build."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers_bounds import (
    MEMORY_MB,
    bounded_build,
    deep_toml,
    dotted_toml_keys,
    first_error,
    many_css_rules_svg,
    many_elements_svg,
    nested_use_svg,
    yaml_alias_bomb,
)
from helpers_workbooks import inflating_xlsx, many_cells_xlsx

from cardstock.init import init_project


def _table(root: Path, name: str) -> Path:
    """Make `name` the fixture game's card table (in place of cards.csv)."""
    game = root / "catalog" / "mini" / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8").replace('table = "cards.csv"', f'table = "{name}"'),
        encoding="utf-8",
    )
    (root / "catalog" / "mini" / "cards.csv").unlink()
    return root / "catalog" / "mini" / name


def _icon(root: Path, data: bytes) -> None:
    (root / "catalog" / "mini" / "icons").mkdir()
    (root / "catalog" / "mini" / "icons" / "fire.svg").write_bytes(data)


def _outline(root: Path, data: bytes) -> None:
    (root / "catalog" / "mini" / "outline.svg").write_bytes(data)
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "faces.toml").write_text(
        '[layouts.card]\nshape = "path"\noutline = "outline.svg"\n', encoding="utf-8"
    )


def _font(root: Path, size: int) -> None:
    (root / "fonts").mkdir()
    with (root / "fonts" / "Huge.ttf").open("wb") as f:
        f.write(b"\x00\x01\x00\x00")
        f.truncate(size)
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "faces.toml").write_text(
        '[layouts.card.boxes.body]\nfont = "Huge"\n', encoding="utf-8"
    )


def _game_toml(root: Path, text: str) -> None:
    game = root / "catalog" / "mini" / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("[print]", text + "[print]"), encoding="utf-8"
    )


# what is planted, where the message is, and the words that name the limit
BOMBS: dict[str, tuple[Callable[[Path], object], str, str]] = {
    "an icon of 1.6 KB whose <use> elements draw 10**8 circles": (
        lambda r: _icon(r, nested_use_svg()),
        "catalog/mini/icons/fire.svg:",
        "draws more than 20,000 elements",
    ),
    "art whose <use> elements draw 10**8 circles": (
        lambda r: (r / "catalog/mini/art/blaze.svg").write_bytes(nested_use_svg()),
        "catalog/mini/cards.csv:3: art:",
        "draws more than 20,000 elements",
    ),
    "art of a million elements": (
        lambda r: (r / "catalog/mini/art/blaze.svg").write_bytes(many_elements_svg()),
        "catalog/mini/cards.csv:3: art:",
        "more than 50,000 elements",
    ),
    "art with 200,000 CSS rules": (
        lambda r: (r / "catalog/mini/art/blaze.svg").write_bytes(many_css_rules_svg()),
        "catalog/mini/cards.csv:3: art:",
        "more than 1,000,000 characters of CSS",
    ),
    "an icon with 200,000 CSS rules": (
        lambda r: _icon(r, many_css_rules_svg()),
        "catalog/mini/icons/fire.svg:",
        "more than 1,000,000 characters of CSS",
    ),
    "an outline file of a million elements": (
        lambda r: _outline(r, many_elements_svg()),
        "layouts/mini/faces.toml",
        "more than 50,000 elements",
    ),
    # twice the address space the build may have (MEMORY_MB): a reader that kept the whole
    # sheet could not hold it, and the bomb is made in a third of the time 3 GiB took
    "a workbook whose sheet inflates to 1 GiB": (
        lambda r: inflating_xlsx(_table(r, "cards.xlsx"), 1 << 30),
        "catalog/mini/cards.xlsx:",
        "more than the 64 MB cardstock reads from one workbook",
    ),
    "a workbook of 120,000 cells": (
        lambda r: many_cells_xlsx(_table(r, "cards.xlsx"), rows=12_000),
        "catalog/mini/cards.xlsx[Cards]:10001:",
        "more than 100,000 cells",
    ),
    "YAML aliases that make 10**9 values": (
        lambda r: _table(r, "cards.yaml").write_text(yaml_alias_bomb(), encoding="utf-8"),
        "catalog/mini/cards.yaml:",
        "aliases make more than 1,000,000 values",
    ),
    "YAML nested 100 deep": (
        lambda r: _table(r, "cards.yaml").write_text(
            "- id: a\n  name: A\n  count: 1\n  text: " + "[" * 100 + "]" * 100 + "\n",
            encoding="utf-8",
        ),
        "catalog/mini/cards.yaml:",
        "nest more than 32 deep",
    ),
    "JSON nested 100,000 deep": (
        lambda r: _table(r, "cards.json").write_text(
            '[{"id": "a", "name": "A", "count": 1, "text": ' + "[" * 100_000 + "]" * 100_000 + "}]",
            encoding="utf-8",
        ),
        "catalog/mini/cards.json:1:",
        "nest more deeply than cardstock reads",
    ),
    "100,000 TOML keys": (
        lambda r: _game_toml(r, dotted_toml_keys()),
        "catalog/mini/game.toml:",
        "more than 50,000 keys",
    ),
    "a TOML key of 100,000 dotted parts": (
        lambda r: _game_toml(
            r, "description." + ".".join(f"k{i}" for i in range(100_000)) + " = 1\n"
        ),
        "catalog/mini/game.toml:7:",
        "more than 64 dotted parts",
    ),
    "TOML arrays nested 100,000 deep": (
        lambda r: _game_toml(r, deep_toml()),
        "catalog/mini/game.toml:7:",
        "nest more than 64 deep",
    ),
    "a TOML file of 5 MB": (
        lambda r: _game_toml(r, "# " + "x" * (5 << 20) + "\n"),
        "catalog/mini/game.toml:",
        "more than the 4.0 MB cardstock reads from one file",
    ),
    "a font of 40 MB": (
        lambda r: _font(r, 40 << 20),
        "fonts/Huge.ttf",
        "more than the 32.0 MB cardstock reads from one file",
    ),
}


@pytest.mark.parametrize("bomb", BOMBS)
def test_a_small_file_that_would_hang_or_exhaust_a_reader_is_refused_naming_the_limit(
    tmp_path, bomb
):
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    plant, where, limit = BOMBS[bomb]
    plant(root)
    result = bounded_build(root)
    assert result.code == 2, result.err
    assert result.peak_mb < MEMORY_MB, result.peak_mb
    error = first_error(result.err)
    assert error.startswith(where), result.err
    assert limit in error, result.err
    assert "Traceback" not in result.err and "internal error" not in result.err
    assert (
        not (root / "output").exists()
        or [p for p in (root / "output").rglob("*") if p.is_file() and ".cache" not in p.parts]
        == []
    )


def _appended(path: Path, text: str) -> int:
    """Append `text` to the file at `path` as its last line; that line's number."""
    with path.open("a", encoding="utf-8") as f:
        f.write(text + "\n")
    return len(path.read_text(encoding="utf-8").splitlines())


def _use_bomb_drawing(path: Path) -> int:
    """The starter's drawn layout (which no set uses) with groups whose `<use>` copies
    measure 10**10 rects, one of them marked as a field: the `<svg>` element's line."""
    rects = "".join(f'<rect x="{i}" y="0" width="1" height="1"/>' for i in range(10))
    groups = [f'<g id="b0">{rects}</g>']
    groups += [f'<g id="b{k}">' + f'<use href="#b{k - 1}"/>' * 10 + "</g>" for k in range(1, 10)]
    text = path.read_text(encoding="utf-8")
    text = text.replace("</defs>", "".join(groups) + "</defs>", 1)
    path.write_text(
        text.replace("</svg>", '<use inkscape:label="art" href="#b9"/>\n</svg>'), encoding="utf-8"
    )
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith("<svg"))


# planted in the starter of `cardstock init`: what is planted (returning the line of the
# message) in which file, and the words that name the limit
STARTER_BOMBS: dict[str, tuple[str, Callable[[Path], int], str]] = {
    "a rulebook {% set %} line that loops 10**10 times": (
        "rulebook.md.j2",
        lambda p: _appended(
            p,
            "{% set x = 1 %}{% for i in range(100000) %}{% for j in range(100000) %}"
            "{% endfor %}{% endfor %}",
        ),
        "rulebook: the text goes over a limit: the template runs more than 1,000,000 steps",
    ),
    "a rulebook {% set %} line that keeps making lists": (
        "rulebook.md.j2",
        lambda p: _appended(
            p,
            "{% set ns = namespace(l=[]) %}{% for i in range(100000) %}"
            "{% set ns.l = ns.l + [range(100000)|list] %}{% endfor %}",
        ),
        "rulebook: the text goes over a limit: the template ",
    ),
    "a drawn layout no set uses whose <use> copies measure 10**10 rects": (
        "deck.svg",
        _use_bomb_drawing,
        "draws more than 20,000 elements (copies made by <use> included)",
    ),
}


@pytest.mark.parametrize("bomb", STARTER_BOMBS)
def test_a_starter_layout_file_that_would_hang_its_check_is_refused_at_its_line(tmp_path, bomb):
    root = tmp_path / "project"
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    name, plant, limit = STARTER_BOMBS[bomb]
    where = f"layouts/moon-race/{name}:{plant(root / 'layouts' / 'moon-race' / name)}: "
    result = bounded_build(root)
    assert result.code == 2, result.err
    assert result.peak_mb < MEMORY_MB, result.peak_mb
    errors = [line for line in result.err.splitlines() if line.startswith("layouts/")]
    assert len(errors) == 1, result.err
    assert errors[0].startswith(where) and limit in errors[0], result.err
    assert "Traceback" not in result.err and "internal error" not in result.err
    assert not (root / "output").exists() or not any(
        p.is_file() and ".cache" not in p.parts for p in (root / "output").rglob("*")
    )
