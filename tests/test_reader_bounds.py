"""Every reader is bounded, not only by the size of the file: a small file that would make a
reader hang or fill memory (an SVG whose `<use>` elements multiply, a million elements, a
sea of CSS, a workbook that inflates to a gigabyte or holds too many cells, YAML aliases,
TOML keys and nesting, a font too large) is refused with one located message naming the
limit, exit status 2, within 10 s of processor time and 500 MB, nothing written."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers_bounds import (
    MEMORY_MB,
    SECONDS,
    bounded_build,
    deep_toml,
    dotted_toml_keys,
    first_error,
    inflating_xlsx,
    many_cells_xlsx,
    many_css_rules_svg,
    many_elements_svg,
    nested_use_svg,
    yaml_alias_bomb,
)


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
    assert result.seconds < SECONDS, result.seconds
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
