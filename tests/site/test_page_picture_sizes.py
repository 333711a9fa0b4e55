"""The downloads page gives each picture its size, read from the picture's file. A process
that builds again (`--watch`) reads again only the pictures whose bytes changed: a size
is kept by the hash of the bytes the manifest lists. The page it writes is the page a
build in a fresh process writes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardstock.build import build as run_build
from cardstock.core.stage import BuildOptions
from cardstock.init import init_project
from cardstock.layout.faces import KeptFaces
from cardstock.plan import Request
from cardstock.site import page

GAME = "moon-race"


def edit_first_text(root: Path) -> str:
    """Words added to the first card's text of the starter's table; the card's id."""
    table = root / "catalog" / GAME / "cards.csv"
    lines = table.read_text(encoding="utf-8").splitlines(keepends=True)
    header = lines[0].rstrip("\n").split(",")
    row = next(n for n, line in enumerate(lines[1:], 1) if line.count(",") == len(header) - 1)
    cells = lines[row].rstrip("\n").split(",")
    cells[header.index("text")] += " Then rest."
    lines[row] = ",".join(cells) + "\n"
    table.write_text("".join(lines), encoding="utf-8")
    return cells[header.index("name")].lower()


def test_a_rebuilt_page_reads_the_size_of_only_the_pictures_that_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "proj"
    assert not init_project(root, "Moon Race")[1]
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(page, "_SIZES", {}, raising=False)
    read: list[str] = []  # the pictures whose file the page opened
    head = page.read_head  # type: ignore[attr-defined]

    def spied(path: Path, base: Path, size: int) -> bytes:
        read.append(path.relative_to(base).as_posix())
        return head(path, base, size)

    monkeypatch.setattr(page, "read_head", spied)
    options = BuildOptions(out=root / "output", papers=("letter",), only=frozenset({"svg", "page"}))
    kept = KeptFaces()

    run_build(Request(root, (), options, jobs=1), kept=kept)
    faces = {p for p in read if p.startswith(f"{GAME}/svg/")}
    assert len(faces) > 2  # every face's picture was read once

    card = edit_first_text(root)
    read[:] = []
    run_build(Request(root, (), options, jobs=1), kept=kept)
    assert read == [f"{GAME}/svg/{card}.svg"]
    rebuilt = (root / "output" / "index.html").read_bytes()
    shown = re.search(rf'<img src="{GAME}/svg/{card}.svg"[^>]*>', rebuilt.decode())
    assert shown is not None and re.search(r'width="[1-9]\d*" height="[1-9]\d*"', shown[0])

    # a fresh process: no size kept, every picture read from its file
    monkeypatch.setattr(page, "_SIZES", {}, raising=False)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "empty-cache"))
    cold = tmp_path / "cold"
    run_build(
        Request(root, (), BuildOptions(out=cold, papers=("letter",), only=options.only), jobs=1)
    )
    assert (cold / "index.html").read_bytes() == rebuilt


def test_pictures_without_a_known_hash_are_each_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page, "_SIZES", {}, raising=False)
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="{w}pt" height="90pt"></svg>'
    for name, width in (("a.svg", 30), ("b.svg", 60)):
        (tmp_path / name).write_text(svg.format(w=width), encoding="utf-8")
    assert page.picture_size(tmp_path, "a.svg", "") == (40, 120)
    assert page.picture_size(tmp_path, "b.svg", "") == (80, 120)
    assert page.picture_size(tmp_path, "b.svg", None) == (80, 120)
    # with its hash known, a picture is read once: its size is kept by that hash
    assert page.picture_size(tmp_path, "a.svg", "hash-of-a") == (40, 120)
    (tmp_path / "a.svg").unlink()
    assert page.picture_size(tmp_path, "a.svg", "hash-of-a") == (40, 120)
    assert page.picture_size(tmp_path, "a.svg", "") is None
