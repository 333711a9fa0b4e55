"""Every kind of output, asked for alone (`--only` each part, a reprint, a changelog),
refuses a folder of `output/` it writes into that is a link, and touches nothing where the
link points: no file there is written, replaced, renamed or removed, before the refusal
or after it (the same build again, and with `--force`).

The project is the fixture game with its rulebook and quick-reference templates, a board,
tuck boxes, in a git repository of its own with one card edited since (so a reprint and a
changelog have something to show). It is built once whole; each case then copies it,
replaces one folder by a link to a look-alike folder outside (the same names, other bytes)
and builds one part (for a print-shop folder of one shop's own, that shop's files)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from golden.snapshot import project as fixture_project
from playtest_project import git

from cardstock.stages import PARTS

BOARD = """
[[sets]]
id = "boards"
name = "Boards"
kind = "board"
group = "Board"
size = "300mm x 300mm"
rows = [
  { id = "map", name = "The Map", count = 1 },
]
"""

# What each part is asked for with (besides `build --jobs 1 --paper letter --only PART`);
# a changelog is a command of its own.
ASKED: dict[str, tuple[str, ...]] = {
    "reprint": ("--changed-since", "HEAD"),
    "changed": ("--changed-since", "HEAD"),
    "cut": ("--cut", "silhouette"),
}


def _command(root: Path, part: str) -> list[str]:
    if part == "changelog":
        return ["--root", str(root), "changelog", "HEAD"]
    return ["--root", str(root), "build", "--jobs", "1", "--paper", "letter"] + [
        "--only",
        part,
        *ASKED.get(part, ()),
    ]


def _asked_for(part: str, folder: str) -> tuple[str, ...]:
    """What a case's build adds to `_command`: a print-shop folder of one shop's own
    (`mini/print-shop/<shop>/...`) is written by that shop's preset alone, so its case asks
    for that shop (`--for`), as a build of every shop writes it; a folder every shop writes
    into is asked of them all."""
    shop = folder.split("/")[2:3] if part == "print-shop" else []
    return ("--for", shop[0]) if shop else ()


# The folders below output/ each part writes into ("" is output/ itself), as the build of
# every part writes them (`test_the_folders_listed_are_those_each_part_writes_into`).
GAME = ("", "mini")
FOLDERS: dict[str, tuple[str, ...]] = {
    "calibration": ("",),
    "svg": (*GAME, "mini/svg", "mini/svg/fonts"),
    "rulebook": (*GAME, "mini/rules"),
    "pnp": GAME,
    "reprint": GAME,
    "quickref": GAME,
    "board": GAME,
    "tuckbox": GAME,
    "cards": (*GAME, "mini/cards", "mini/cards/png"),
    "tts": (
        *GAME,
        "mini/tts",
        "mini/tts/Mods",
        "mini/tts/Mods/Images",
        "mini/tts/Mods/Models",
        "mini/tts/Saves",
        "mini/tts/Saves/Saved Objects",
    ),
    "ttpg": (
        *GAME,
        "mini/ttpg",
        "mini/ttpg/Models",
        "mini/ttpg/States",
        "mini/ttpg/Templates",
        "mini/ttpg/Textures",
    ),
    "print-shop": (
        *GAME,
        "mini/print-shop",
        "mini/print-shop/drivethru",
        "mini/print-shop/mpc",
        "mini/print-shop/mpc/poker",
        "mini/print-shop/mpc/poker/back",
        "mini/print-shop/mpc/poker/front",
        "mini/print-shop/printerstudio",
        "mini/print-shop/printerstudio/poker",
        "mini/print-shop/printerstudio/poker/back",
        "mini/print-shop/printerstudio/poker/front",
        "mini/print-shop/tgc",
        "mini/print-shop/tgc/deck",
        "mini/print-shop/tgc/deck/front",
        "mini/print-shop/tgc/quickref",
        "mini/print-shop/tgc/quickref/front",
    ),
    "cut": (*GAME, "mini/cut"),
    "printed": GAME,
    "changed": GAME,
    "proof": (*GAME, "mini/proof"),
    "stats": (*GAME, "mini/stats"),
    "changelog": (*GAME, "mini/changelog", "mini/changelog/img"),
    "page": ("",),
}
CASES = [(part, folder) for part in FOLDERS for folder in FOLDERS[part]]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The fixture project with every part built, a card edited since the commit."""
    from cardstock.cli import main

    root = fixture_project(tmp_path_factory.mktemp("every-kind"))
    game = root / "catalog" / "mini" / "game.toml"
    text = game.read_text(encoding="utf-8").replace(
        'bleed = "3mm"', 'bleed = "3mm"\ntuckbox_min_cards = 1', 1
    )
    game.write_text(text + BOARD, encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first")
    cards = root / "catalog" / "mini" / "cards.csv"
    edited = cards.read_text(encoding="utf-8").replace("Deal 1 damage", "Deal 2 damage", 1)
    cards.write_text(edited, encoding="utf-8")
    for part in FOLDERS:
        assert main(_command(root, part)) == 0, part
    return root


def _written_into(out: Path) -> dict[str, set[str]]:
    """part -> the folders below `out` (and their parents) its files are in, by the
    manifest's kinds."""
    from cardstock.stages import BY_NAME

    part_of = {kind: s.name for s in BY_NAME.values() for kind in s.kinds}
    part_of["page"] = "page"
    found: dict[str, set[str]] = {}
    for entry in json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]:
        folder = Path(entry["path"]).parent
        found.setdefault(part_of[entry["kind"]], set()).update(
            "" if p == Path(".") else p.as_posix() for p in (folder, *folder.parents)
        )
    return found


def test_the_folders_listed_are_those_each_part_writes_into(built):
    assert set(FOLDERS) == set(PARTS)
    assert _written_into(built / "output") == {p: set(f) for p, f in FOLDERS.items()}


def _look_alike(real: Path, outside: Path) -> None:
    """`outside` made with the names of `real`'s files and folders, each file holding
    other bytes, and a half-written file's name besides."""
    for path in sorted(real.rglob("*")):
        twin = outside / path.relative_to(real)
        if path.is_dir() and not path.is_symlink():
            twin.mkdir(parents=True, exist_ok=True)
        else:
            twin.parent.mkdir(parents=True, exist_ok=True)
            twin.write_bytes(f"not cardstock's: {path.name}\n".encode())
    outside.mkdir(parents=True, exist_ok=True)
    (outside / ".old.pdf.0123abcd.tmp").write_bytes(b"not cardstock's either\n")


def _state(folder: Path) -> dict[str, tuple[str, bytes, int, int]]:
    """Every entry below `folder`: its kind, bytes, inode and change time."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        st = path.lstat()
        kind = "link" if path.is_symlink() else "folder" if path.is_dir() else "file"
        data = path.read_bytes() if kind == "file" else b""
        seen[path.relative_to(folder).as_posix()] = (kind, data, st.st_ino, st.st_mtime_ns)
    return seen


@pytest.mark.parametrize("part, folder", CASES, ids=[f"{p}:{f or 'output'}" for p, f in CASES])
def test_a_linked_output_folder_is_refused_and_nothing_where_it_points_changes(
    built, tmp_path, cli, part, folder
):
    root = tmp_path / "project"
    shutil.copytree(built, root, symlinks=True)
    place = root / "output" / folder if folder else root / "output"
    outside = tmp_path / "outside"
    _look_alike(place, outside)
    before = _state(outside)
    shutil.rmtree(place)
    place.symlink_to(outside, target_is_directory=True)
    said = f"output/{folder}: not written: a link or not a folder" if folder else "output: a link"
    again = () if part == "changelog" else ("--force",)  # `changelog` has no --force
    for extra in ((), again):
        result = cli(*_command(root, part), *_asked_for(part, folder), *extra)
        assert result.code == 2, result.err
        assert said in result.err.replace(str(root) + "/", "")
        assert "internal error" not in result.err
        assert _state(outside) == before
    assert place.is_symlink()


# Folders written last by the parts that draw pictures: when every print shop is asked
# (MPC, then PrinterStudio, TGC, DriveThruCards) the last shops' upload folders; the
# Tabletop Simulator object's saved-object folder (written after its deck images); the
# Tabletop Playground package's state and die-mesh folders (after its textures). A link
# at any of them is found before a picture or a PDF is drawn, not after the pictures of the
# folders written before it.
LAST_WRITTEN = (
    ("print-shop", "mini/print-shop/printerstudio/poker/back"),
    ("print-shop", "mini/print-shop/tgc/quickref/front"),
    ("print-shop", "mini/print-shop/drivethru"),
    ("tts", "mini/tts/Saves/Saved Objects"),
    ("ttpg", "mini/ttpg/States"),
    ("ttpg", "mini/ttpg/Models"),
)


def test_a_build_into_a_linked_folder_draws_no_picture_before_refusing(
    built, tmp_path, cli, monkeypatch
):
    from cardstock.exports import presets, ttpg, tts, tuckboxes

    drawn: list[str] = []

    def counted(name: str, real):
        def run(*args, **kw):
            drawn.append(name)
            return real(*args, **kw)

        return run

    for module in (presets, tts, ttpg):
        monkeypatch.setattr(module, "faces_pdf", counted(module.__name__, module.faces_pdf))
    monkeypatch.setattr(tuckboxes, "rasterise", counted("tuck box", tuckboxes.rasterise))
    for n, (part, folder) in enumerate(LAST_WRITTEN):
        root = tmp_path / str(n)
        shutil.copytree(built, root, symlinks=True)
        place = root / "output" / folder
        outside = tmp_path / f"outside-{n}"
        _look_alike(place, outside)
        shutil.rmtree(place)
        place.symlink_to(outside, target_is_directory=True)
        result = cli(*_command(root, part), "--force")
        assert result.code == 2, result.err
        assert f"output/{folder}: not written" in result.err.replace(str(root) + "/", "")
        assert drawn == [], (part, folder)
    # what is counted is what the builds of these parts draw
    for part, shops in (("print-shop", ("--for", "mpc,tgc")), ("tts", ()), ("ttpg", ())):
        assert cli(*_command(tmp_path / "0", part), *shops, "--force").code == 0
    assert {"tuck box", *(m.__name__ for m in (presets, tts, ttpg))} <= set(drawn)
