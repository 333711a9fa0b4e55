"""A layout file shared by several sets or games: a set names it with `layout_file` (a
path from the project folder), its layouts join the shipped ones before the game's own
faces.toml, and every set and game that names it draws with it. A missing file is bad
input at the line that names it; a mistake inside it is placed in the shared file."""

from __future__ import annotations

import shutil

from conftest import FIXTURES
from helpers_pixels import share_near
from PIL import Image

SHARED = """\
[layouts.squib]
extends = "card"

[layouts.squib.boxes.banner]
type = "rect"
frame = "trim"
left = "0mm"
top = "0mm"
width = "12mm"
height = "12mm"
fill = "#00c040"

[layouts.squib-token]
extends = "token"

[layouts.squib-token.boxes.banner]
type = "ellipse"
frame = "trim"
width = "8mm"
height = "8mm"
fill = "#00c040"
"""

GREEN = (0x00, 0xC0, 0x40)


def two_games(tmp_path):
    """The fixture game twice (mini and mini2), their card sets and mini's tokens naming
    one shared layout file."""
    for game in ("mini", "mini2"):
        shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / game)
        path = tmp_path / "catalog" / game / "game.toml"
        text = path.read_text(encoding="utf-8").replace('id = "mini"', f'id = "{game}"')
        text = text.replace(
            'table = "cards.csv"',
            'table = "cards.csv"\nlayout_file = "layouts/shared/squib.toml"\nlayout = "squib"',
        )
        if game == "mini":
            text = text.replace(
                'group = "Tokens"',
                'group = "Tokens"\nlayout_file = "layouts/shared/squib.toml"\nlayout = '
                '"squib-token"',
            )
        path.write_text(text, encoding="utf-8")
    (tmp_path / "layouts" / "shared").mkdir(parents=True)
    (tmp_path / "layouts" / "shared" / "squib.toml").write_text(SHARED, encoding="utf-8")
    return tmp_path


def green_share(path) -> float:
    return share_near(Image.open(path), GREEN, 30)


def test_sets_of_two_games_draw_with_one_shared_layout_file(cli, tmp_path):
    root = two_games(tmp_path)
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    for game, face in (
        ("mini", "ember"),
        ("mini", "damage"),
        ("mini2", "ember"),
        ("mini2", "flood"),
    ):
        assert green_share(root / "output" / game / "cards" / "png" / f"{face}-front.png") > 0.01, (
            game,
            face,
        )
    # the set that does not name the file keeps the shipped layout
    assert green_share(root / "output" / "mini2" / "cards" / "png" / "damage-front.png") == 0


def test_a_games_faces_toml_changes_a_shared_layout_for_that_game_alone(cli, tmp_path):
    root = two_games(tmp_path)
    (root / "layouts" / "mini2").mkdir()
    (root / "layouts" / "mini2" / "faces.toml").write_text(
        '[layouts.squib.boxes.banner]\nfill = "#ff00ff"\n', encoding="utf-8"
    )
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    assert green_share(root / "output" / "mini" / "cards" / "png" / "ember-front.png") > 0.01
    assert green_share(root / "output" / "mini2" / "cards" / "png" / "ember-front.png") == 0


def test_a_missing_shared_layout_file_is_bad_input_at_the_line_naming_it(cli, tmp_path):
    root = two_games(tmp_path)
    (root / "layouts" / "shared" / "squib.toml").unlink()
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 2 and not (root / "output").exists()
    text = (root / "catalog" / "mini" / "game.toml").read_text(encoding="utf-8")
    line = text.splitlines().index('layout_file = "layouts/shared/squib.toml"') + 1
    assert (
        f"catalog/mini/game.toml:{line}: sets[0].layout_file: layout file not found: "
        "layouts/shared/squib.toml" in built.err
    ), built.err


def test_a_mistake_in_a_shared_layout_file_is_placed_in_that_file(cli, tmp_path):
    root = two_games(tmp_path)
    shared = root / "layouts" / "shared" / "squib.toml"
    shared.write_text(
        SHARED.replace('fill = "#00c040"\n', 'fill = "#00c040"\nfont = "nonesuch"\n', 1),
        encoding="utf-8",
    )
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 2 and not (root / "output").exists()
    assert (
        "layouts/shared/squib.toml:12: layouts.squib.boxes.banner.font: unknown font 'nonesuch'"
        in built.err
    ), built.err


def test_a_layout_file_the_games_share_is_read_once_per_validation_pass(tmp_path, monkeypatch):
    from conftest import copy_project

    from cardstock.core import tomlpos
    from cardstock.core.cache import memory_cache
    from cardstock.validate import validate

    games = ("alpha-omega-tiles", "atmosfear", "vortex")
    root = copy_project(tmp_path / "proj", games)
    texts = {
        name: (root / "layouts" / name).read_text(encoding="utf-8")
        for name in ("default.toml", *(f"{g}/faces.toml" for g in games))
    }
    parsed = []
    real = tomlpos.tomllib.loads
    # a cache of its own: no parse another test left there (`tomlpos._parse` keeps them)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(tomlpos.tomllib, "loads", lambda text: parsed.append(text) or real(text))
    found = validate(root, None, memory_cache())
    assert not found.issues.errors
    assert {name: parsed.count(text) for name, text in texts.items()} == dict.fromkeys(
        texts, 1
    )  # three games draw with default.toml
    parsed.clear()
    validate(root, None, memory_cache())  # a new pass reads the files, parses no same text
    assert parsed.count(texts["default.toml"]) == 0
    edited = texts["default.toml"] + "\n# edited\n"
    (root / "layouts" / "default.toml").write_text(edited, encoding="utf-8")
    assert not validate(root, None, memory_cache()).issues.errors
    assert parsed.count(edited) == 1  # an edited file is parsed again, once
