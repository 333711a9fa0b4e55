"""A component is at least `MIN_SIDE_MM` on each side: a smaller `card_size` or set `size`
is an error at its line (exit 2) when the catalog is read, before a sheet is laid out
(a size of nothing once divided by zero while the PnP grid was worked out)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_edits import starter

from cardstock.catalog.schema import MIN_SIDE_MM
from cardstock.cli import main

GAME = "moon-race"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return starter(tmp_path)


def set_card_size(root: Path, size: str) -> int:
    """The starter's card size set to `size`; the line it is on."""
    game = root / "catalog" / GAME / "game.toml"
    lines = game.read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("card_size"))
    lines[at] = f'card_size = "{size}"\n'
    game.write_text("".join(lines))
    return at + 1


def test_a_card_size_smaller_than_the_least_side_is_refused_at_its_line(root, capsys):
    line = set_card_size(root, f"{MIN_SIDE_MM}mm x 20mm")
    main(["--root", str(root), "check"])  # its layout does not fit so small a card: no matter
    out = capsys.readouterr()
    assert "print.card_size" not in out.out + out.err
    set_card_size(root, "0.0001mm x 0.0001mm")
    code = main(["--root", str(root), "build", "--jobs", "1", "--only", "pnp"])
    out = capsys.readouterr()
    text = out.out + out.err
    assert code == 2
    assert f"game.toml:{line}: print.card_size:" in text
    assert f"at least {MIN_SIDE_MM} mm" in text and "internal error" not in text
