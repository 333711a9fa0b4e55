"""A rebuild after a one-cell edit writes the bytes a build from nothing writes: what it
reuses (the faces a `--watch` process keeps, the cache's faces, the game files' languages
and row models a process made before) never shows in the output. On the starter of
`cardstock init`, every default output for Letter paper."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest

from cardstock.build import build as run_build
from cardstock.core.stage import BuildOptions
from cardstock.init import init_project
from cardstock.layout import fingerprints as printed
from cardstock.layout.faces import KeptFaces
from cardstock.layout.safety import vision
from cardstock.plan import Request

GAME = "moon-race"  # the starter's game, for the title "Moon Race"
FONT = "fonts/LiberationSans-Regular.ttf"  # a font every e-book carries


def files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}


def edit_one_cell(root: Path) -> str:
    """The first card's text of the starter's table, with words added; the card's id."""
    table = root / "catalog" / GAME / "cards.csv"
    lines = table.read_text(encoding="utf-8").splitlines(keepends=True)
    header = lines[0].rstrip("\n").split(",")
    at = header.index("text")
    row = next(n for n, line in enumerate(lines[1:], 1) if line.count(",") == len(header) - 1)
    cells = lines[row].rstrip("\n").split(",")
    cells[at] = f"{cells[at]} Then rest." if cells[at] else "Rest."
    lines[row] = ",".join(cells) + "\n"
    table.write_text("".join(lines), encoding="utf-8")
    return cells[header.index("name")].lower()


def spy_deflated(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the zip members written from now on (`ZipFile.writestr`)."""
    names: list[str] = []
    writestr = zipfile.ZipFile.writestr

    def spied(z: zipfile.ZipFile, info: Any, data: Any, *more: Any, **named: Any) -> None:
        names.append(info.filename if isinstance(info, zipfile.ZipInfo) else str(info))
        writestr(z, info, data, *more, **named)

    monkeypatch.setattr(zipfile.ZipFile, "writestr", spied)
    return names


def members(epub: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(epub)) as z:
        return {name: z.read(name) for name in z.namelist()}


def test_an_edited_then_rebuilt_project_is_byte_identical_to_a_cold_build_of_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "proj"
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    options = BuildOptions(out=root / "output", papers=("letter",))
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    kept = KeptFaces()  # as `--watch` keeps them from one build to the next
    looked: list[int] = []  # the drawings whose colours the colour-vision check read
    colours = vision._colours

    def read_colours(ops, out):
        if not out:
            looked.append(1)
        return colours(ops, out)

    monkeypatch.setattr(vision, "_colours", read_colours)
    first = run_build(Request(root, (), options, jobs=1), kept=kept)
    assert not first.failed and first.reports
    before = files(root / "output")
    looked_first, looked[:] = len(looked), []

    card = edit_one_cell(root)
    fingerprinted: list[str] = []  # the cards whose printed fingerprint was made
    card_of = printed._card

    def fingerprint(f, comp, *more):
        fingerprinted.append(comp.id)
        return card_of(f, comp, *more)

    monkeypatch.setattr(printed, "_card", fingerprint)
    deflated = spy_deflated(monkeypatch)  # what the rebuild's zips deflate
    again = run_build(Request(root, (), options, jobs=1), kept=kept)
    assert not again.failed
    # the e-book's head (mimetype and fonts) is taken from the cache; its text is deflated
    assert f"EPUB/{FONT}" not in deflated and "EPUB/rules.xhtml" in deflated
    # what the build before worked out of each unchanged face is taken as it was
    assert fingerprinted == [card]
    assert 1 <= len(looked) < looked_first
    rebuilt = files(root / "output")
    changed = {name for name in rebuilt if rebuilt[name] != before.get(name)}
    # the edit reached the outputs that show the card, and only its own face's SVG
    assert {f"{GAME}/{GAME}-printed.json", f"{GAME}/{GAME}-rulebook.epub"} <= changed
    assert {n for n in changed if n.startswith(f"{GAME}/svg/")} == {f"{GAME}/svg/{card}.svg"}
    # the e-book's SVGs are kept by face (`KeptFaces.made`): the edited face's is made again
    book = f"{GAME}/{GAME}-rulebook.epub"
    old, new = members(before[book]), members(rebuilt[book])
    faces = {n for n in new if n.startswith("EPUB/faces/")}
    assert {n for n in faces if new[n] != old.get(n)} == {f"EPUB/faces/{card}.svg"}

    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "empty-cache"))
    cold = tmp_path / "cold"
    deflated[:] = []
    run_build(Request(root, (), BuildOptions(out=cold, papers=("letter",)), jobs=1))
    assert f"EPUB/{FONT}" in deflated  # the cold build deflates the fonts itself
    made = files(cold)
    assert sorted(made) == sorted(rebuilt)
    assert [name for name in made if made[name] != rebuilt[name]] == []
