"""What a game's drawings add up to is bounded where they are drawn
(`cardstock.layout.painting.budget`): a face draws at most `MAX_FACE_SEGMENTS` path
segments, a game's distinct faces at most `MAX_GAME_SEGMENTS` in all. A drawing within its
own bound (`svgparse.MAX_SEGMENTS`) is drawn again wherever it is shown: an icon named
many times in a text, a picture on many cards. Past either bound the build is refused at
the card whose face passes it, exit 2, nothing written, in the bounds of a hostile
project's build."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES, GAMES, ROOT, distinct_faces, faces_of, load_games
from helpers_bounds import bounded_build
from helpers_drawn import drawn_project, edit_drawing

from cardstock.core.cache import open_cache
from cardstock.core.stage import Job
from cardstock.layout.faces import Faces
from cardstock.layout.ops import Group, Icon, SymbolPart
from cardstock.layout.ops import Path as PathOp
from cardstock.layout.painting import budget
from cardstock.layout.step import lay_out

MINI = FIXTURES / "catalog" / "mini"


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(MINI, root / "catalog" / "mini")
    return root


def _path_data(segments: int) -> str:
    """Path data of `segments` segments: a move and line-tos."""
    return "M 0 0" + " L 9 9 L 0 9" * ((segments - 1) // 2) + " L 9 0" * ((segments - 1) % 2)


def _svg(segments: int) -> str:
    """An SVG of one path of `segments` segments."""
    d = _path_data(segments)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="{d}"/></svg>'


def _edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / "catalog" / "mini" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _written(root: Path) -> list[Path]:
    out = root / "output"
    return [p for p in out.rglob("*") if p.is_file()] if out.exists() else []


# ---------------------------------------------------------------- counting


def test_a_segment_is_a_command_of_a_path_a_clip_or_an_icons_parts():
    line = (("M", 0.0, 0.0), ("L", 1.0, 1.0), ("Z",))
    parts = (SymbolPart(line), SymbolPart(line[:2]))
    ops = [
        PathOp(line),
        Group((PathOp(line[:1]), Icon(0, 0, 5, "x", "#000", parts)), clip=line[:2]),
        Icon(1, 1, 5, "x", "#000", parts),
    ]
    assert budget.segments(ops) == 3 + (1 + 5 + 2) + 5


# ---------------------------------------------------------------- a face


def test_an_icon_named_again_and_again_in_a_text_is_refused_at_its_card(tmp_path):
    """An icon of 100,000 segments (within a file's bound) named six times in a card's text
    draws 600,000 on its face: refused at the card's row."""
    root = _project(tmp_path)
    icons = root / "catalog" / "mini" / "icons"
    icons.mkdir()
    (icons / "blot.svg").write_text(_svg(100_000), encoding="utf-8")
    _edit(root, "cards.csv", "Deal 1 damage. :fire:", "Deal 1 damage. " + ":blot: " * 6)
    built = bounded_build(root)
    assert built.code == 2, built.err
    assert ("catalog/mini/cards.csv:2: the face of component 'ember' draws 600,") in built.err, (
        built.err
    )
    assert f"more than the {budget.MAX_FACE_SEGMENTS:,} cardstock draws on one face" in built.err
    assert "internal error" not in built.err and "Traceback" not in built.err
    assert _written(root) == []


def test_the_same_icon_named_a_few_times_is_drawn(tmp_path):
    root = _project(tmp_path)
    icons = root / "catalog" / "mini" / "icons"
    icons.mkdir()
    (icons / "blot.svg").write_text(_svg(100_000), encoding="utf-8")
    _edit(root, "cards.csv", "Deal 1 damage. :fire:", "Deal 1 damage. " + ":blot: " * 4)
    built = bounded_build(root, "--only", "svg")
    assert built.code == 0, built.err
    assert _written(root)


def test_a_drawn_layouts_own_drawing_counts_on_every_face_it_is_drawn_on(
    cli, tmp_path, monkeypatch
):
    """The unmarked drawing of a drawn layout is drawn on each card of the layout: its
    segments are each face's, as a picture's are."""
    root = drawn_project(tmp_path)
    edit_drawing(root, "</svg>", f'<path d="{_path_data(2_000)}"/>\n</svg>')
    monkeypatch.setattr(budget, "MAX_FACE_SEGMENTS", 1_999)
    result = cli("--root", str(root), "build", "--jobs", "1")
    assert result.code == 2, result.err
    assert "catalog/mini/cards.csv:2: the face of component 'ember' draws " in result.err
    assert "more than the 1,999 cardstock draws on one face" in result.err, result.err
    assert _written(root) == []


# ---------------------------------------------------------------- a game


def _game_drawn(root: Path) -> tuple[int, int]:
    """The segments the game's distinct faces draw, and how many faces they are."""
    (cat,), issues = load_games(root, ["mini"])
    assert not issues.errors
    faces = Faces(cat, open_cache(root.parent / "count-cache"))
    lay_out(Job(cat, faces))
    return faces.drawn, faces.counted


def test_a_game_whose_faces_draw_its_bound_builds_and_one_segment_more_is_refused(
    cli, tmp_path, monkeypatch
):
    root = _project(tmp_path)
    (root / "catalog" / "mini" / "art" / "blaze.svg").write_text(_svg(3_000), encoding="utf-8")
    drawn, faces = _game_drawn(root)
    assert drawn > 3_000 and faces > 1
    monkeypatch.setattr(budget, "MAX_GAME_SEGMENTS", drawn)
    result = cli("--root", str(root), "check", "mini")
    assert result.code == 0, result.err
    monkeypatch.setattr(budget, "MAX_GAME_SEGMENTS", drawn - 1)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cold"))  # every face laid out again
    result = cli("--root", str(root), "build", "--jobs", "1")
    assert result.code == 2, result.err
    assert (
        f"with this face the game's {faces:,} faces draw {drawn:,} path segments in all, "
        f"more than the {drawn - 1:,} cardstock draws for one game"
    ) in result.err, result.err
    assert _written(root) == []


def test_faces_read_back_from_the_cache_count_as_faces_laid_out(cli, tmp_path, monkeypatch):
    root = _project(tmp_path)
    (root / "catalog" / "mini" / "art" / "blaze.svg").write_text(_svg(3_000), encoding="utf-8")
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "kept"))  # found again below
    assert cli("--root", str(root), "check", "mini").code == 0  # the faces kept in the cache
    drawn, _ = _game_drawn(root)
    monkeypatch.setattr(budget, "MAX_GAME_SEGMENTS", drawn - 1)
    laid = Faces.__dict__["_get"]
    fresh: list[int] = []

    def counting(self, record, side, bleed, *, drawing):
        before = self.laid_out
        try:
            return laid(self, record, side, bleed, drawing=drawing)
        finally:
            fresh.append(self.laid_out - before)

    monkeypatch.setattr(Faces, "_get", counting)
    result = cli("--root", str(root), "build", "--jobs", "1")
    assert result.code == 2, result.err
    assert "path segments in all" in result.err, result.err
    assert fresh and not any(fresh)  # every face was read back, none laid out
    assert _written(root) == []


def test_the_shipped_games_draw_a_hundredth_of_the_bounds_or_less():
    """Each face of the shipped games draws a few hundred segments, each game some ten
    thousand in all: the bounds leave them a hundredfold room."""
    catalogs, issues = load_games(ROOT, list(GAMES))
    assert not issues.errors
    for cat in catalogs:
        faces = faces_of(cat)
        most = max(budget.segments(faces.full(f).ops) for _, f in distinct_faces(cat))
        assert most * 100 <= budget.MAX_FACE_SEGMENTS, (cat.id, most)
        lay_out(Job(cat, faces))
        assert faces.drawn * 100 <= budget.MAX_GAME_SEGMENTS, (cat.id, faces.drawn)
