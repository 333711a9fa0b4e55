"""Every game's rules check finishes before any stage of any game writes a file.

Some bad input is found only while faces are laid out (here a layout template that reads
an undefined name for some cards only). With two games, one good and one broken, the build
exits 2, prints the problem once and leaves the output folder as it was (absent, or every
file unchanged), whether the games run in one process or in a pool of two."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from cardstock.init import init_project

FIXTURES = Path(__file__).resolve().parent / "fixtures"

# the demo game's card layout fails only for the three "Dusk" cards
SOME_CARDS_FAIL = (
    "[layouts.card.boxes.title]\ntext = \"{% if name == 'Dusk' %}{{ nosuch.attr }}{% "
    'else %}{{ name }}{% endif %}"\n'
)
WORDS = "'nosuch' is undefined"


@pytest.fixture
def project(tmp_path) -> Path:
    """Two games: the starter game 'demo' and the tiny fixture game 'mini'."""
    root = tmp_path / "proj"
    init_project(root, "Demo")
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    return root


def break_demo(root: Path) -> str:
    """Add the failing box after the starter's own layouts (which its sets use); returns the
    layout file as it was."""
    faces = root / "layouts" / "demo" / "faces.toml"
    kept = faces.read_text(encoding="utf-8")
    faces.write_text(kept + "\n" + SOME_CARDS_FAIL, encoding="utf-8")
    return kept


def broken_line(kept: str) -> int:
    """The line of the failing template: the kept lines, an empty one, the box's header."""
    return len(kept.splitlines()) + 3


def snapshot(out: Path) -> dict[str, str]:
    """Every file under the output folder and its hash (the build lock aside: holding the
    folder writes the holder's process id into it)."""
    if not out.exists():
        return {}
    return {
        p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file()
    }


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_layout_error_in_one_game_leaves_no_file_of_either_game(project, cli, jobs):
    at = broken_line(break_demo(project))
    built = cli("--root", str(project), "--jobs", jobs, "--paper", "letter")
    assert built.code == 2, built.err
    lines = [line for line in built.err.splitlines() if WORDS in line]
    assert len(lines) == 1, built.err  # once, not once per card nor once per game
    assert lines[0].startswith(f"layouts/demo/faces.toml:{at}: layouts.card.boxes.title.text: ")
    assert "'Dusk'" in lines[0] or "dusk" in lines[0], lines[0]
    assert "nothing was written" in built.err
    assert not (project / "output").exists()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_previous_build_is_left_exactly_as_it_was(project, cli, jobs):
    assert cli("--root", str(project), "--jobs", jobs, "--paper", "letter").code == 0
    out = project / "output"
    before = snapshot(out)
    assert any(name.startswith("mini/") and name.endswith(".pdf") for name in before)
    assert not any(name.startswith(".cache/") for name in before)  # the cache is not in output/

    # both games change, so both would rebuild; the demo game is now broken
    csv = project / "catalog" / "mini" / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Heal 2.", "Heal 3."), encoding="utf-8")
    break_demo(project)
    built = cli("--root", str(project), "--jobs", jobs, "--paper", "letter")
    assert built.code == 2, built.err
    assert sum(WORDS in line for line in built.err.splitlines()) == 1, built.err
    assert snapshot(out) == before


def test_after_the_error_is_fixed_the_build_writes_both_games(project, cli):
    kept = break_demo(project)
    assert cli("--root", str(project), "--jobs", "2", "--paper", "letter").code == 2
    (project / "layouts" / "demo" / "faces.toml").write_text(kept, encoding="utf-8")
    built = cli("--root", str(project), "--jobs", "2", "--paper", "letter")
    assert built.code == 0, built.err
    out = project / "output"
    for game in ("demo", "mini"):
        assert any((out / game).rglob("*.pdf")), game
    assert not (out / ".cache").exists()  # the output folder holds only what a designer hands out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_input_errors_of_every_game_are_reported_together(project, cli, jobs):
    break_demo(project)
    (project / "layouts" / "mini").mkdir()
    (project / "layouts" / "mini" / "faces.toml").write_text(
        "\n[layouts.card.boxes.title]\nfont = \"{% if name == 'Spring' %}NoSuchFont{% else "
        '%}sans{% endif %}"\n',
        encoding="utf-8",
    )
    built = cli("--root", str(project), "--jobs", jobs, "--paper", "letter")
    assert built.code == 2, built.err
    lines = built.err.splitlines()
    assert sum(WORDS in line for line in lines) == 1, built.err
    mini = [line for line in lines if "unknown font 'NoSuchFont'" in line]
    assert len(mini) == 1, built.err
    assert mini[0].startswith("layouts/mini/faces.toml:3: layouts.card.boxes.title.font: ")
    assert not (project / "output").exists()
    assert (
        lines.index(mini[0]) > [i for i, line in enumerate(lines) if WORDS in line][0]
    )  # games in order
