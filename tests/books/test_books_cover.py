"""A rulebook's cover: the game's title and player count over a few of its faces, those its
`cover()` names, else the first face of each card or tile set."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER, starter
from pypdf import PdfReader

from cardstock.cli import main


def _filled_shapes(page) -> int:
    ops = page.get_contents().get_data().split()
    return sum(ops.count(op) for op in (b"f", b"f*", b"B", b"B*"))


def test_a_cover_that_names_no_faces_shows_the_first_face_of_each_set(tmp_path: Path) -> None:
    # the starter of `cardstock init` opens its rulebook with `{{ cover() }}`
    root = starter(tmp_path)
    book = (root / "layouts" / STARTER / "rulebook.md.j2").read_text(encoding="utf-8")
    assert "{{ cover() }}" in book
    out = tmp_path / "out"
    args = ["--root", str(root), "build", "--out", str(out), "--only", "rulebook"]
    assert main([*args, "--paper", "letter"]) == 0
    cover = PdfReader(out / STARTER / f"{STARTER}-rulebook.pdf").pages[0]
    # the faces are drawn in vector, each of many filled shapes: a bare cover has none
    assert _filled_shapes(cover) >= 10
