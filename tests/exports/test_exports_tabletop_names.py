"""The Tabletop Simulator and Tabletop Playground exports read a project as untrusted input.
Every text of it reaches their JSON through the JSON encoder (quotes, backslashes, line
breaks, `</script>` and `../` come back as they were written, and name no file); every
file name made from a game's ids is a plain name (`core.names.child`), refused at the id's
line when it would be longer than a file system takes; a set named as another set's sheet,
pile or part, or as a die's template, is refused instead of overwriting the other's files;
and a card's thickness in a package is bounded (`exports.ttpg.MOST_THICKNESS_MM`). A
refused build writes nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, job_of, load_games
from helpers_bounds import files_below

from cardstock.cli import main
from cardstock.core.names import NotPlain
from cardstock.core.stage import BuildOptions
from cardstock.exports.tts import build_tts

TITLE = 'Mi\\"ni\\\\ ../../etc \\n</script> \\u00e9'  # as TOML writes it
TITLE_READ = 'Mi"ni\\ ../../etc \n</script> é'  # as the game holds it
SAVED = Path("tts") / "Saves" / "Saved Objects" / "mini.json"


def project(tmp_path: Path, more: str = "", title: str = TITLE) -> Path:
    """The mini game with a hostile title and what `more` adds to its game file."""
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    game = root / "catalog" / "mini" / "game.toml"
    text = game.read_text(encoding="utf-8").replace('title = "Mini"', f'title = "{title}"')
    game.write_text(text + more, encoding="utf-8")
    return root


def build(root: Path, capsys, only: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["--root", str(root), "--only", only, "--dpi", "30", "--jobs", "1"])
    said = capsys.readouterr()
    assert "internal error" not in said.out + said.err
    return code, said.err


def refused(root: Path, capsys, only: str) -> str:
    """The messages of a build that must exit 2 having written nothing anywhere."""
    before = files_below(root.parent)
    code, err = build(root, capsys, only)
    assert code == 2, err
    assert files_below(root.parent) == before
    return err


def line_of(root: Path, text: str) -> int:
    game = (root / "catalog" / "mini" / "game.toml").read_text(encoding="utf-8")
    return next(i for i, row in enumerate(game.splitlines(), 1) if text in row)


# ---------------------------------------------------------------- texts

HOSTILE_SET = """
[[sets]]
id = "odd"
name = "Od\\"d\\\\ ../x\\n"
kind = "token"
group = "Odd"
rows = [ { id = "odd-one", name = "O\\"ne\\\\/../<b>", count = 2 } ]
"""


def test_hostile_texts_reach_the_json_as_written_and_name_no_file(tmp_path, capsys):
    root = project(tmp_path, HOSTILE_SET)
    code, err = build(root, capsys, "tts,ttpg")
    assert code == 0, err
    out = root / "output" / "mini"
    save = json.loads((out / SAVED).read_text(encoding="utf-8"))
    assert save["SaveName"] == TITLE_READ
    (bag,) = save["ObjectStates"]
    assert bag["Nickname"] == TITLE_READ
    odd = next(o for o in bag["ContainedObjects"] if o["Nickname"].startswith("Od"))
    assert odd["Nickname"] == 'Od"d\\ ../x\n'
    assert {o["Nickname"] for o in odd["ContainedObjects"]} == {'O"ne\\/../<b>'}
    manifest = json.loads((out / "ttpg" / "Manifest.json").read_text(encoding="utf-8"))
    assert manifest["Name"] == TITLE_READ
    state = json.loads((out / "ttpg" / "States" / "mini.vts").read_text(encoding="utf-8"))
    assert state["gameState"]["notes"] == TITLE_READ
    template = json.loads((out / "ttpg" / "Templates" / "mini-odd.json").read_text("utf-8"))
    assert template["Name"] == 'Od"d\\ ../x\n'
    assert template["CardNames"] == {"0": 'O"ne\\/../<b>'}
    written = list((root / "output").rglob("*"))
    assert all(p.resolve().is_relative_to((root / "output").resolve()) for p in written)
    assert not any(".." in p.name or "\n" in p.name or '"' in p.name for p in written)


# ---------------------------------------------------------------- file names

LONG = "x" * 300
LONG_TOKEN = f"""
[[sets]]
id = "more"
name = "More"
kind = "token"
group = "More"
rows = [ {{ id = "{LONG}", name = "Long", count = 1 }} ]
"""


def test_a_pieces_id_too_long_for_a_file_name_is_refused_at_its_row(tmp_path, capsys):
    """(The package names no file after a piece but a die; its pieces' ids are data.)"""
    root = project(tmp_path, LONG_TOKEN, "Mini")
    err = refused(root, capsys, "tts")
    line = line_of(root, LONG)
    assert f"catalog/mini/game.toml:{line}: id: the export would name a file 'mini-tile-" in err
    assert "a name of 320 bytes (at most 255); give it a shorter id" in err, err


def test_a_long_set_id_is_refused_at_its_line_by_the_package(tmp_path, capsys):
    root = project(tmp_path, LONG_TOKEN.replace('id = "more"', f'id = "{"s" * 250}"'), "Mini")
    err = refused(root, capsys, "ttpg")
    line = line_of(root, "s" * 250)
    said = f"catalog/mini/game.toml:{line}: sets[3].id: the export would name a file 'mini-sss"
    assert said in err and "a name of 273 bytes (at most 255)" in err, err


def test_a_name_no_check_refused_still_cannot_become_a_path(tmp_path):
    """Should a long id slip past validation, the one door refuses to join it."""
    root = project(tmp_path, LONG_TOKEN, "Mini")
    (cat,), issues = load_games(root, ["mini"])
    assert not issues.errors
    with pytest.raises(NotPlain):
        build_tts(job_of(cat, BuildOptions(out=root / "output", dpi=30)))
    assert not list((root / "output").rglob("*tile-xxx*"))


# ---------------------------------------------------------------- names that clash

# cards on two backs: the tts deck has a back sheet per face sheet (`deck-refs-1-back.png`)
REFS = """
[backs.alt]
title = "Alt"
color = "#225522"

[[sets]]
id = "refs"
name = "Refs"
kind = "card"
back = "deck"
group = "Refs"
rows = [
  { id = "r1", name = "Reference one", count = 1, back = "alt" },
  { id = "r2", name = "Reference two", count = 1 },
]
"""
REFS_1 = """
[[sets]]
id = "refs-1"
name = "Refs one"
kind = "card"
back = "deck"
group = "Refs one"
rows = [ { id = "s1", name = "Plain one", count = 2 } ]
"""


def test_a_deck_named_as_another_decks_sheet_is_refused_by_tts(tmp_path, capsys):
    root = project(tmp_path, REFS + REFS_1, "Mini")
    err = refused(root, capsys, "tts")
    line = line_of(root, 'id = "refs-1"')
    assert (
        f"catalog/mini/game.toml:{line}: sets[4].id: the tts export names the files of the "
        "sheets of the deck 'refs' 'mini-deck-refs-<n>…', so this deck's back would "
        "overwrite one of them ('mini-deck-refs-1-back.png')"
    ) in err, err


def test_a_deck_named_as_a_sheet_of_a_deck_of_one_back_keeps_files_of_its_own(tmp_path, capsys):
    root = project(tmp_path, REFS.replace(', back = "alt"', "") + REFS_1, "Mini")
    code, err = build(root, capsys, "tts")
    assert code == 0, err
    folder = root / "output" / "mini" / "tts"
    save = json.loads((folder / SAVED.relative_to("tts")).read_text(encoding="utf-8"))
    urls = {}
    for obj in save["ObjectStates"][0]["ContainedObjects"]:
        for entry in obj.get("CustomDeck", {}).values():
            urls[obj["Nickname"]] = (entry["FaceURL"], entry["BackURL"])
    assert urls["Refs"] == ("mini-deck-refs-1.png", "mini-deck-refs-back.png")
    assert urls["Refs one"] == ("mini-deck-refs-1-1.png", "mini-deck-refs-1-back.png")
    named = [name for pair in urls.values() for name in pair]
    assert len(set(named)) == len(named)
    assert all((folder / "Mods" / "Images" / name).is_file() for name in named)


DIE_TOKENS = """
[[sets]]
id = "die-d6"
name = "Die tokens"
kind = "token"
group = "Die tokens"
rows = [ { id = "dt", name = "Die token", count = 3 } ]
"""


def test_a_set_named_as_a_dies_template_is_refused_by_the_package(tmp_path, capsys):
    root = project(tmp_path, DIE_TOKENS, "Mini")
    err = refused(root, capsys, "ttpg")
    line = line_of(root, 'id = "d6"')
    assert (
        f"catalog/mini/game.toml:{line}: id: the package names this die's template "
        "'mini-die-d6.json', the name of a set's template"
    ) in err, err


def test_a_package_refusal_is_found_before_the_other_stages_write(tmp_path, capsys):
    """The package's checks are its stage's validation (`stages`' `inputs`): asked with
    the sheets, the refused set stops the build before a sheet is written."""
    root = project(tmp_path, DIE_TOKENS, "Mini")
    err = refused(root, capsys, "pnp,ttpg")
    assert "mini-die-d6.json" in err, err


@pytest.mark.parametrize("clash", ["tokens-2", "tokens-size2", "tokens-size2-1"])
def test_a_set_named_as_another_sets_pile_or_part_is_refused_by_the_package(
    tmp_path, capsys, clash
):
    root = project(tmp_path, DIE_TOKENS.replace("die-d6", clash), "Mini")
    err = refused(root, capsys, "ttpg")
    line = line_of(root, f'id = "{clash}"')
    assert (
        f"catalog/mini/game.toml:{line}: sets[3].id: the package names the templates of the "
        "set 'tokens' 'mini-tokens-<n>' and 'mini-tokens-size<k>' when they are several"
    ) in err, err


# ---------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    "thickness, ok", [("5mm", True), ("5.01mm", False), ("99999999999mm", False)]
)
def test_a_cards_thickness_in_a_package_is_bounded(tmp_path, capsys, thickness, ok):
    root = project(tmp_path, "", "Mini")
    game = root / "catalog" / "mini" / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(
        text.replace('bleed = "3mm"', f'bleed = "3mm"\ncard_thickness = "{thickness}"'),
        encoding="utf-8",
    )
    if ok:
        code, err = build(root, capsys, "ttpg")
        assert code == 0, err
        template = root / "output" / "mini" / "ttpg" / "Templates" / "mini-cards.json"
        assert json.loads(template.read_text(encoding="utf-8"))["Thickness"] == 0.5
        return
    err = refused(root, capsys, "ttpg")
    line = line_of(root, "card_thickness")
    assert (
        f"catalog/mini/game.toml:{line}: print.card_thickness: a card of the package is at "
        f"most 5mm thick, got '{thickness}'"
    ) in err, err
