"""`cardstock --changed-since REF` reprints only the cards whose print changed since REF — a
git revision of the project, or a build's saved manifest — on sheets of their own with
their backs, and lists them in changed.csv; with nothing changed it writes no sheet."""

from __future__ import annotations

import csv
import json
import shutil
import stat

import pytest
from playtest_project import GAME, build, edit_row, git, project
from pypdf import PdfReader

NAMES = ("Dawn", "Noon", "Eclipse", "Dusk", "Tide", "Midnight")


def reprinted(root):
    out = root / "output" / GAME
    sheet = out / f"{GAME}-reprint-letter.pdf"
    rows = (
        list(csv.DictReader((out / "changed.csv").open())) if (out / "changed.csv").exists() else []
    )
    if not sheet.exists():
        return None, rows
    pages = [p.extract_text() for p in PdfReader(sheet).pages]
    return pages, rows


def names_on(text):
    return {n for n in NAMES if n in text}


@pytest.mark.parametrize(
    "card, column, value, count",
    [
        ("Dawn", "text", "Play on any Sun card, then draw one.", 3),
        ("Midnight", "power", "8", 2),
        ("Tide", "art", "art/dusk.svg", 3),
    ],
)
def test_one_edited_card_is_reprinted_alone_with_its_back(
    tmp_path, capsys, card, column, value, count
):
    root = project(tmp_path / "p")
    assert build(root, "--only", "pnp") == 0
    edit_row(root, card, column, value)
    capsys.readouterr()
    assert build(root, "--changed-since", "HEAD", "--only", "pnp") == 0
    said = capsys.readouterr().out
    pages, rows = reprinted(root)
    assert [r["id"] for r in rows] == [card.lower()]
    assert column in rows[0]["changed"] and rows[0]["sides"] == "front"
    assert len(pages) == 2  # the fronts, and their backs behind them
    assert names_on(pages[0]) == {card}
    assert pages[0].count(card) >= count  # every copy of it
    assert names_on(pages[1]) == set()  # the backs page holds backs only
    assert "1 card changed since HEAD" in said
    assert "v0.1.0" in pages[0]  # each reprinted card carries its version mark
    listed = {
        e["path"] for e in json.loads((root / "output" / "manifest.json").read_text())["artifacts"]
    }
    assert {
        f"{GAME}/{GAME}-pnp-letter.pdf",
        f"{GAME}/{GAME}-reprint-letter.pdf",
        f"{GAME}/changed.csv",
    } <= listed  # the full sheets stay


def test_a_changed_shared_icon_reprints_every_card_that_shows_it_and_no_other(tmp_path):
    root = project(tmp_path / "p")
    toml = root / "catalog" / GAME / "game.toml"
    toml.write_text(
        toml.read_text().replace('icon = "spark"', 'icon = "moon"', 1)
    )  # the back no longer shows the spark
    git(root, "commit", "-qam", "moon on the back")
    icon = root / "catalog" / GAME / "icons" / "spark.svg"
    icon.write_text(icon.read_text().replace("<path ", '<path transform="rotate(20 50 50)" ', 1))
    assert build(root, "--changed-since", "HEAD", "--only", "pnp") == 0
    pages, rows = reprinted(root)
    shows_spark = {"noon", "eclipse", "midnight"}  # their text names :spark:
    assert {r["id"] for r in rows} == shows_spark
    assert all("icon :spark:" in r["changed"] for r in rows)
    assert names_on(pages[0]) == {"Noon", "Eclipse", "Midnight"}


def test_nothing_changed_writes_no_sheet_and_says_so(tmp_path, capsys):
    root = project(tmp_path / "p")
    edit_row(root, "Dusk", "text", "Play on any Moon card now.")
    assert build(root, "--changed-since", "HEAD", "--only", "pnp") == 0
    assert reprinted(root)[0] is not None
    git(root, "checkout", "-q", "--", ".")  # the edit undone: nothing differs from HEAD
    capsys.readouterr()
    assert build(root, "--changed-since", "HEAD", "--only", "pnp") == 0
    pages, rows = reprinted(root)
    assert pages is None and rows == []  # the earlier reprint is gone too
    assert "nothing it prints changed since HEAD; no sheet was written" in capsys.readouterr().out


def test_a_row_edit_that_prints_nothing_new_reprints_nothing(tmp_path):
    root = project(tmp_path / "p")
    path = root / "catalog" / GAME / "cards.csv"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(
        "".join([lines[0], "# a new note\n", *lines[1:]])
    )  # every row moves down a line
    assert build(root, "--changed-since", "HEAD", "--only", "pnp") == 0
    assert reprinted(root) == (None, [])


def test_a_saved_manifest_stands_in_for_git(tmp_path, capsys):
    root = project(tmp_path / "p")
    shutil.rmtree(root / ".git")  # a project without git
    assert build(root, "--only", "pnp,printed") == 0
    shutil.copytree(root / "output", root / "playtest-1")
    edit_row(root, "Noon", "power", "4")
    assert build(root, "--changed-since", "playtest-1/manifest.json", "--only", "pnp") == 0
    pages, rows = reprinted(root)
    assert [r["id"] for r in rows] == ["noon"] and names_on(pages[0]) == {"Noon"}
    # a revision where there is no repository is bad input, said at the option
    capsys.readouterr()
    assert build(root, "--changed-since", "HEAD~3", "--only", "pnp") == 2
    err = capsys.readouterr().err
    assert "--changed-since: HEAD~3:" in err and "Traceback" not in err


def test_git_is_read_without_running_the_repositorys_programs(tmp_path):
    root = project(tmp_path / "p")
    trap = tmp_path / "ran"
    script = tmp_path / "hook.sh"
    script.write_text(f"#!/bin/sh\ntouch {trap}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    git(root, "config", "core.fsmonitor", str(script))
    git(root, "config", "core.pager", str(script))
    for hook in ("post-checkout", "pre-commit", "post-index-change", "reference-transaction"):
        shutil.copy(script, root / ".git" / "hooks" / hook)
    edit_row(root, "Dawn", "power", "3")
    assert build(root, "--changed-since", "HEAD", "--only", "pnp") == 0
    assert not trap.exists()
    assert (
        build(root, "--changed-since=--output=/tmp/x", "--only", "pnp") == 2
    )  # an option is no revision
