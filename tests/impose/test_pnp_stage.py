"""The pnp and quickref stages with the real faces: the files, their pages, every copy of
every component, repeated faces stored once, identical bytes on a second build."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from conftest import job_of, load_games, validate
from helpers_sheets import read_pdf

from cardstock.core.stage import BuildOptions
from cardstock.impose.pnp import build_pnp, build_quickref
from cardstock.stages import BY_NAME

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The tiny fixture game with the shipped layouts and sheets."""
    root = tmp_path_factory.mktemp("project")
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    shutil.copytree(ROOT / "layouts", root / "layouts")
    return root


def load(root: Path, game: str):
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return cat


def test_the_stages_are_registered():
    assert BY_NAME["pnp"].run_game is build_pnp
    assert BY_NAME["quickref"].run_game is build_quickref


def test_pnp_writes_each_paper_with_every_copy_of_every_component(project: Path, tmp_path: Path):
    cat = load(project, "mini")
    result = build_pnp(job_of(cat, BuildOptions(out=tmp_path)))
    assert [(a.kind, a.paper, a.path) for a in result.artifacts] == [
        ("pnp", "letter", tmp_path / "mini" / "mini-pnp-letter.pdf"),
        ("pnp", "a4", tmp_path / "mini" / "mini-pnp-a4.pdf"),
    ]
    for a in result.artifacts:
        data = a.path.read_bytes()
        reader, pages = read_pdf(data)
        assert a.pages == len(pages) and a.bytes == len(data)
        fronts = Counter(f.component for p in pages for f in p.faces if f.side == "front")
        backs = Counter(f.component for p in pages for f in p.faces if f.side == "back")
        assert fronts == {c.id: c.count for c in cat.components}
        assert backs == {c.id: c.count for c in cat.components if c.kind == "card"}
        # a face placed more than once is a Form XObject; the others are drawn inline
        uses = Counter(f.key for p in pages for f in p.faces)
        assert {f.key for p in pages for f in p.faces if f.form} == {
            k for k, n in uses.items() if n > 1
        }


def test_a_second_build_is_byte_identical_and_passes_qpdf(project: Path, tmp_path: Path):
    cat = load(project, "mini")
    first = build_pnp(job_of(cat, BuildOptions(out=tmp_path / "one", papers=("a4",)))).artifacts[0]
    second = build_pnp(job_of(cat, BuildOptions(out=tmp_path / "two", papers=("a4",)))).artifacts[0]
    assert first.path.read_bytes() == second.path.read_bytes()
    if shutil.which("qpdf"):
        done = subprocess.run(["qpdf", "--check", str(first.path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout


def test_quickref_holds_the_reference_cards_front_and_back(tmp_path: Path):
    cat = load(ROOT, "atmosfear")
    result = build_quickref(job_of(cat, BuildOptions(out=tmp_path, papers=("letter",))))
    (a,) = result.artifacts
    # six tarot cards, four to a letter sheet: two sheets, each front and back
    assert (a.kind, a.paper, a.pages) == ("quickref", "letter", 4)
    assert a.path == tmp_path / "atmosfear" / "atmosfear-quickref-letter.pdf"
    _, pages = read_pdf(a.path.read_bytes())
    fronts = [f for page in pages[0::2] for f in page.faces]
    backs = [f for page in pages[1::2] for f in page.faces]
    copies = sum(c.count for c in cat.components if c.kind == "reference")
    assert [f.side for f in fronts] == ["front"] * copies
    assert [f.side for f in backs] == ["back"] * copies
    assert len({f.form for f in fronts}) == 1  # six copies, one stored face


def test_a_game_without_reference_cards_gets_no_quickref(project: Path, tmp_path: Path):
    assert build_quickref(job_of(load(project, "mini"), BuildOptions(out=tmp_path))).artifacts == []


def test_a_missing_sheet_is_found_by_validation_naming_the_folder(project: Path, tmp_path: Path):
    root = tmp_path / "bare"
    shutil.copytree(project, root)
    (root / "layouts" / "sheets" / "pieces.toml").unlink()
    _, issues = validate(root, ["mini"], BuildOptions(out=tmp_path / "out"))
    messages = [i.render() for i in issues]
    assert (
        "layouts/sheets: token: no sheet takes token pieces of size 'token' on letter; add one to "
        "layouts/sheets/ (see docs/sheets.md) (needed by component 'damage')" in messages
    )


def test_a_piece_too_big_for_the_paper_is_a_warning_naming_it(project: Path, tmp_path: Path):
    root = tmp_path / "big"
    shutil.copytree(project, root)
    game = root / "catalog" / "mini" / "game.toml"
    game.write_text(
        game.read_text().replace('id = "dice"', 'id = "dice"\nsize = "250mm x 250mm"'),
        encoding="utf-8",
    )
    result = build_pnp(
        job_of(load(root, "mini"), BuildOptions(out=tmp_path / "out", papers=("a4",)))
    )
    assert [(f.level, f.field) for f in result.findings] == [("warning", "d6")]
    assert "does not fit on A4 inside the margins" in result.findings[0].message
