"""The print-safety lint measures what a face really draws: text runs and icons must sit
inside the safe zone of the face's own outline (slanted hex edges included) and stand out
at least 4.5:1 from what is printed under them (WCAG 2). The shipped games pass; faults
put into copies of them are caught and located."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import job_of, load_games

from cardstock.layout.checks.drawn import lint
from cardstock.layout.safety import measures as printsafe

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex")
PRINT_SAFETY = re.compile(r"safe zone|:1, below the 4\.5:1")


def copy_game(tmp_path: Path, game: str) -> Path:
    shutil.copytree(ROOT / "catalog" / game, tmp_path / "catalog" / game)
    shutil.copytree(ROOT / "layouts" / game, tmp_path / "layouts" / game)
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def findings(root: Path, game: str) -> list:
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return [i for i in lint(job_of(cat)) if PRINT_SAFETY.search(i.message)]


def test_the_wcag_formula():
    assert printsafe.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert printsafe.contrast("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert printsafe.contrast("#777777", "#ffffff") == pytest.approx(
        4.48, abs=0.01
    )  # the classic near miss
    assert printsafe.contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_games_keep_text_and_icons_in_the_safe_zone_and_legible(game):
    assert findings(ROOT, game) == []


def test_hex_border_icons_on_the_slanted_cut_are_caught(tmp_path):
    """The tiles' border icons as they were: 3.2 mm symbols centred 2.1 mm from the cut,
    against a 3 mm safe zone."""
    root = copy_game(tmp_path, "alpha-omega-tiles")
    edit(
        root / "layouts" / "alpha-omega-tiles" / "faces.toml",
        "[layouts.tile.boxes.ornament]\n",
        '[layouts.tile.boxes.ornament]\nsize = "3.2mm"\ninset = "2.1mm"\n',
    )
    found = [i for i in findings(root, "alpha-omega-tiles") if "safe zone" in i.message]
    assert found and all(
        i.field == "layouts.tile.boxes.ornament" and i.level == "warning" for i in found
    )
    assert found[0].file == "layouts/alpha-omega-tiles/faces.toml"
    reach = max(float(re.search(r"reaches ([\d.]+)mm", i.message).group(1)) for i in found)
    assert 2.0 <= reach <= 3.0  # within a millimetre of the cut
    assert "hex face" in found[0].message


def test_an_icon_drawn_near_a_straight_edge_is_caught_by_where_it_lands(tmp_path):
    root = copy_game(tmp_path, "atmosfear")
    edit(
        root / "layouts" / "atmosfear" / "faces.toml",
        "[layouts.realms.boxes.badge]\n",
        '[layouts.realms.boxes.badge]\nframe = "trim"\ntop = "0.4mm"\n',
    )
    found = [i for i in findings(root, "atmosfear") if "safe zone" in i.message]
    assert found and {i.field for i in found} == {"layouts.realms.boxes.badge"}


def test_a_pale_icon_colour_is_caught_where_the_icon_is_drawn(tmp_path):
    """Alter Ego's Senior icon in its old grey, about 3:1 on the cards' paper."""
    root = copy_game(tmp_path, "alter-ego")
    game = root / "catalog" / "alter-ego" / "game.toml"
    text = game.read_text(encoding="utf-8")
    senior = re.search(r'\[icons\.senior\][^\[]*?color = "(#[0-9a-f]{6})"', text).group(1)
    edit(game, f'symbol = "cane"\ncolor = "{senior}"', 'symbol = "cane"\ncolor = "#8d8d8d"')
    found = findings(root, "alter-ego")
    assert found and all("#8d8d8d on " in i.message for i in found)
    ratios = [float(re.search(r"is ([\d.]+):1", i.message).group(1)) for i in found]
    assert min(ratios) < 3.5 and max(ratios) < 4.5


def test_pale_text_is_caught_at_the_key_that_set_it(tmp_path):
    root = copy_game(tmp_path, "vortex")
    faces = root / "layouts" / "vortex" / "faces.toml"
    text = faces.read_text(encoding="utf-8")
    line = text[: text.index('color = "muted"')].count("\n") + 1  # the Vortex cards' legend
    edit(faces, 'color = "muted"', 'color = "#a0a0a0"')
    found = findings(root, "vortex")
    assert found and all(
        i.field.endswith(".boxes.legend") and "#a0a0a0 on " in i.message for i in found
    )
    assert {(i.file, i.line) for i in found} == {("layouts/vortex/faces.toml", line)}
