"""A rebuild of the SVG faces after an edit rewrites only the files of the faces whose drawing
changed and leaves the others as they are (their times unchanged), which stay exactly what
a build from nothing writes."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import ROOT

from cardstock.cli import main

GAME = "atmosfear"


def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "catalog" / GAME, root / "catalog" / GAME)
    shutil.copytree(ROOT / "layouts" / GAME, root / "layouts" / GAME)
    return root


def build(root: Path, out: Path) -> int:
    """Build the SVG faces in the game's own language (its French faces are another
    build's); the number of SVG files written (made or rewritten)."""
    before = {
        p: (p.stat().st_mtime_ns, p.stat().st_ino) for p in (out / GAME / "svg").glob("*.svg")
    }
    args = ["--root", str(root), "build", "--out", str(out), "--jobs", "1", "--only", "svg"]
    assert main([*args, "--lang", "en"]) == 0
    after = {p: (p.stat().st_mtime_ns, p.stat().st_ino) for p in (out / GAME / "svg").glob("*.svg")}
    return sum(1 for p, stamp in after.items() if before.get(p) != stamp)


def svgs(out: Path) -> dict[str, bytes]:
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted((out / GAME / "svg").rglob("*"))
        if p.is_file()
    }


def rename_first_realm(root: Path) -> str:
    path = root / "catalog" / GAME / "realms.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header = lines[0].rstrip("\n").split(",")
    cells = lines[1].rstrip("\n").split(",")
    cells[header.index("name")] += " Edited"
    lines[1] = ",".join(cells) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    return cells[header.index("id")]


def test_a_one_card_edit_serialises_one_svg_and_keeps_the_rest(tmp_path: Path) -> None:
    root = project(tmp_path)
    out = root / "output"
    total = build(root, out)
    assert total > 50
    card = rename_first_realm(root)
    mtimes = {p: p.stat().st_mtime_ns for p in (out / GAME / "svg").glob("*.svg")}
    assert build(root, out) == 1
    changed = {p.name for p, t in mtimes.items() if p.stat().st_mtime_ns != t}
    assert changed == {f"{card}.svg"}
    assert b"Edited" in (out / GAME / "svg" / f"{card}.svg").read_bytes()
    fresh = tmp_path / "fresh"
    assert build(root, fresh) == total
    assert svgs(out) == svgs(fresh)


def test_a_damaged_svg_file_is_written_again(tmp_path: Path) -> None:
    root = project(tmp_path)
    out = root / "output"
    build(root, out)
    card = rename_first_realm(root)  # something to rebuild: one face
    victim = next(p for p in sorted((out / GAME / "svg").glob("*.svg")) if p.name != f"{card}.svg")
    good = victim.read_bytes()
    victim.write_bytes(good.replace(b"<svg", b"<SVG", 1))  # the same size, other bytes
    assert build(root, out) == 2
    assert victim.read_bytes() == good


def test_a_one_card_edit_draws_only_that_card_into_svg_again(tmp_path: Path, monkeypatch) -> None:
    import cardstock.render.stage as svg_stage

    # a cache of the test's own from the start: the patch below would otherwise move the
    # second build to an empty one (conftest's `monkeypatch`), and it must find the first's
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    root = project(tmp_path)
    out = root / "output"
    build(root, out)
    drawn: list[str] = []
    real = svg_stage.FaceSvg.svg  # type: ignore[attr-defined]

    def counting(self, **kw):
        drawn.append(kw.get("title") or "")
        return real(self, **kw)

    monkeypatch.setattr(svg_stage.FaceSvg, "svg", counting)  # type: ignore[attr-defined]
    rename_first_realm(root)
    build(root, out)
    assert len(drawn) == 1 and "Edited" in drawn[0]  # no e-book copy: only svg is asked


def test_an_svg_changed_in_the_output_folder_is_drawn_and_written_again(tmp_path: Path) -> None:
    root = project(tmp_path)
    out = root / "output"
    build(root, out)
    card = rename_first_realm(root)  # something else changed, so the stage runs again
    first = next(p for p in sorted((out / GAME / "svg").glob("*.svg")) if p.name != f"{card}.svg")
    good = first.read_bytes()
    first.write_bytes(b"x" * len(good))  # same size, other bytes: the kept hash no longer holds
    build(root, out)
    assert first.read_bytes() == good


def test_the_e_book_takes_its_faces_from_the_svg_stage_and_is_the_same_without_it(
    tmp_path: Path, monkeypatch
) -> None:
    from cardstock.books import epub

    root = project(tmp_path)
    books = []
    made: list[str] = []
    real = epub.svg_bytes  # type: ignore[attr-defined]

    def counting(face, **kw):
        made.append(face.key)
        return real(face, **kw)

    monkeypatch.setattr(epub, "svg_bytes", counting)
    for parts in ("svg,rulebook", "rulebook"):  # each build cold: its own cache and output
        monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / f"cache-{parts}"))
        made.clear()
        out = tmp_path / f"out-{parts}"
        args = ["--root", str(root), "build", "--out", str(out), "--jobs", "1"]
        assert main([*args, "--only", parts, "--lang", "en"]) == 0
        books.append((out / GAME / f"{GAME}-rulebook.epub").read_bytes())
        if parts == "svg,rulebook":
            assert made == []  # every face's copy was written by the svg stage
        else:
            assert len(made) > 50  # the e-book drew its faces itself
    assert books[0] == books[1]


def test_the_fonts_of_a_face_drawn_are_found_as_it_is_drawn(tmp_path: Path, monkeypatch) -> None:
    """The svg folder's fonts are those of every face's texts: of a face drawn, found as
    its drawing is made (its ops are not walked once more for them); of a face kept from
    the build before, read from its ops."""
    from cardstock.layout import ops

    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    root = project(tmp_path)
    out = root / "output"
    walked: list[str] = []
    real = ops.Face.walk

    def counting(self):
        walked.append(self.key)
        return real(self)

    # after the faces are laid out: only the stage's own walks are counted
    build(root, tmp_path / "first")
    monkeypatch.setattr(ops.Face, "walk", counting)
    assert build(root, out) > 20  # every face drawn
    assert walked == []
    fonts = {p.name for p in (out / GAME / "svg" / "fonts").iterdir()}
    assert fonts == {p.name for p in (tmp_path / "first" / GAME / "svg" / "fonts").iterdir()}
    rename_first_realm(root)
    assert build(root, out) == 1 and len(walked) > 20  # the others kept: their ops read
    assert fonts == {p.name for p in (out / GAME / "svg" / "fonts").iterdir()}
