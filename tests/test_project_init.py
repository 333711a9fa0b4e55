"""`cardstock init` writes a project a newcomer can build at once: the starter game loads,
passes its own rules check and builds every PDF, in a fresh process as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from cardstock.cli import main; sys.exit(main())",
            *args,
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def in_two_parts(whole: str, printed: str) -> bool:
    """Whether `printed` holds `whole` as two runs of words, the first part's and the
    second's, whitespace and line breaks aside."""
    words, seen = whole.split(), " ".join(printed.split())
    return any(
        " ".join(words[:k]) in seen and " ".join(words[k:]) in seen for k in range(1, len(words))
    )


def test_init_then_check_and_build_succeed(tmp_path):
    project = tmp_path / "cafe"
    made = run("init", str(project), "--name", "Café Brawl", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    game = project / "catalog" / "cafe-brawl"
    assert {p.name for p in game.iterdir()} == {
        "game.toml",
        "cards.csv",
        "rules.toml",
        "rules.md",
        "art",
        "icons",
    }
    assert {p.name for p in (project / "layouts" / "cafe-brawl").iterdir()} == {
        "rulebook.md.j2",
        "faces.toml",
        "deck.svg",  # the deck drawn, for docs/draw-your-card.md
    }
    assert 'title = "Café Brawl"' in (game / "game.toml").read_text()

    checked = run("check", "--runs", "200", cwd=project)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "cafe-brawl passes" in checked.stdout
    covered = run(
        "check", "--runs", "50", "--coverage", cwd=project
    )  # the designer's own rules.md is the source
    assert covered.returncode == 0, covered.stdout + covered.stderr
    assert "cafe-brawl — catalog/cafe-brawl/rules.md: coverage full" in covered.stdout

    built = run("--jobs", "1", "--paper", "letter", cwd=project)
    assert built.returncode == 0, built.stdout + built.stderr
    assert (
        "warning" not in built.stderr
    )  # a newcomer's first build is clean (contrast, glyphs, fit)
    out = project / "output"
    listed = {e["path"] for e in json.loads((out / "manifest.json").read_text())["artifacts"]}
    for name in (
        "cafe-brawl-pnp-letter.pdf",
        "cafe-brawl-rulebook.pdf",
        "cafe-brawl-rulebook-booklet-letter.pdf",
    ):
        assert f"cafe-brawl/{name}" in listed
    pnp = PdfReader(out / "cafe-brawl" / "cafe-brawl-pnp-letter.pdf")
    text = " ".join(page.extract_text() for page in pnp.pages)
    for card in ("Dawn", "Noon", "Eclipse", "Dusk", "Tide", "Midnight"):
        assert card in text
    # the designer's note, the starter's example of text that continues, prints as a card
    # and a plain card after it, each part marked
    assert "1/2 · From the Designer" in text and "2/2 · From the Designer" in text, text
    assert "From the Designer, continued" in text, text
    # and the two parts, read back from the sheets, hold the note's whole text in order
    with (game / "game.toml").open("rb") as f:
        (note,) = [r for s in tomllib.load(f)["sets"] if s["id"] == "note" for r in s["rows"]]
    assert in_two_parts(note["text"], text), text
    book = PdfReader(out / "cafe-brawl" / "cafe-brawl-rulebook.pdf")
    rulebook = " ".join(p.extract_text() for p in book.pages)
    assert "Deal 3 cards to each player" in rulebook  # the count comes from rules.toml
    # each `#` line of the template is a heading of its own, never run into the paragraph
    # after it (a comment's whitespace control can join them)
    template = (project / "layouts" / "cafe-brawl" / "rulebook.md.j2").read_text()
    headings = [line[2:] for line in template.splitlines() if line.startswith("# ")]
    assert [entry.title for entry in book.outline] == headings


def test_init_refuses_to_overwrite_a_project(tmp_path, cli):
    assert cli("init", str(tmp_path), "--name", "Twice").code == 0
    again = cli("init", str(tmp_path), "--name", "Twice")
    assert again.code == 2
    assert "a project is already there (catalog/twice/" in again.err


@pytest.mark.parametrize("linked", ["catalog", "catalog/moon", "layouts", "catalog/moon/cards.csv"])
def test_init_never_writes_through_a_link_in_its_folder(tmp_path, cli, linked):
    folder, outside = tmp_path / "project", tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine")
    link = folder / linked
    link.parent.mkdir(parents=True)
    link.symlink_to(
        outside / "missing.csv" if linked.endswith(".csv") else outside,
        target_is_directory=not linked.endswith(".csv"),
    )
    result = cli("init", str(folder), "--name", "Moon")
    assert result.code == 2
    assert f"{link}: is a link" in result.err
    assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]


def test_init_names_the_game_after_the_folder(tmp_path, cli):
    folder = tmp_path / "moon-race"
    result = cli("init", str(folder))
    assert result.code == 0, result.err
    text = (folder / "catalog" / "moon-race" / "game.toml").read_text()
    assert 'id = "moon-race"' in text and 'title = "Moon race"' in text


def test_the_next_step_init_prints_runs_without_activating_the_environment(tmp_path):
    """The command init names works in a shell whose PATH holds no cardstock: the
    environment's own script, by a path that works from the project folder."""
    import os
    import shlex

    script = Path(sys.executable).parent / "cardstock"
    made = subprocess.run(
        [str(script), "init", "moon", "--name", "Moon Race"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    step = next(line for line in made.stdout.splitlines() if line.startswith("next: "))
    command = step.removeprefix("next: ").split("   (")[0]
    assert (
        command.startswith("cd moon && ")
        and shlex.split(command.split(" && ")[1])[0] != "cardstock"
    )
    path = os.pathsep.join(
        p
        for p in os.environ.get("PATH", "").split(os.pathsep)
        if not (Path(p) / "cardstock").exists()
    )
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"} | {"PATH": path}
    built = subprocess.run(
        ["sh", "-c", command + " --jobs 1 --paper letter --only pnp"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "moon" / "output" / "moon-race" / "moon-race-pnp-letter.pdf").exists()


def test_a_gitignore_that_is_not_a_file_is_left_alone(tmp_path, cli):
    """A folder named .gitignore is neither read nor replaced: init writes the game."""
    (tmp_path / ".gitignore").mkdir()
    result = cli("init", str(tmp_path), "--name", "Moon")
    assert result.code == 0, result.err
    assert (tmp_path / ".gitignore").is_dir() and (tmp_path / "catalog" / "moon").is_dir()
