"""`cardstock changelog` and `--changed-since REF` read the project's own repository only:
the folder `.git` at its top. A `.git` file naming a repository elsewhere, a `.git` link,
objects borrowed from outside (`objects/info/alternates`, a linked `objects/`, a
`commondir`), configuration included from another file, or a repository above the
project are each refused at the place that says so (exit 2), and nothing of the other
repository reaches the terminal or the output. A partial clone's missing object is not
fetched through a program the repository's settings name."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest
from playtest_project import GAME, edit_row, git, project

from cardstock.cli import main

SECRET = "Whispered only in the other repository."


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A repository beside the project whose last version holds a card text that must never
    be printed."""
    other = project(tmp_path / "elsewhere")
    edit_row(other, "Dawn", "text", SECRET)
    git(other, "commit", "-qam", "the other game's secret")
    return other


def starter(root: Path) -> Path:
    """The starter game at `root`, with no repository of its own."""
    assert main(["init", str(root), "--name", "Moon Race"]) == 0
    return root


def head(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD").strip()


def changelog(root: Path) -> int:
    return main(["--root", str(root), "changelog", "HEAD"])


def changed_since(root: Path) -> int:
    return main(
        ["--root", str(root), "build", "--jobs", "1", "--paper", "letter"]
        + ["--changed-since", "HEAD", "--only", "pnp"]
    )


def assert_refused(root: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    """Both commands refuse the project's repository with `where` in the message (exit 2),
    and nothing of the other repository is printed or written."""
    for command in (changelog, changed_since):
        capsys.readouterr()
        assert command(root) == 2
        out, err = capsys.readouterr()
        assert where in err, err
        assert "Traceback" not in err
        assert SECRET not in out + err
    written = [p for p in (root / "output").rglob("*") if p.is_file()]
    assert not any(SECRET.encode() in p.read_bytes() for p in written)
    assert not (root / "output" / GAME / "changelog").exists()
    assert not (root / "output" / GAME / "changed.csv").exists()


def test_a_git_file_naming_another_repository_is_refused(tmp_path, elsewhere, capsys):
    root = starter(tmp_path / "p")
    (root / ".git").write_text(f"gitdir: {elsewhere / '.git'}\n")
    assert_refused(root, capsys, ".git is a file naming a repository elsewhere")


def test_a_git_link_to_another_repository_is_refused(tmp_path, elsewhere, capsys):
    root = starter(tmp_path / "p")
    (root / ".git").symlink_to(elsewhere / ".git", target_is_directory=True)
    assert_refused(root, capsys, ".git is a link")


@pytest.mark.parametrize("relative", [False, True], ids=["absolute", "relative"])
def test_objects_borrowed_from_outside_are_refused(tmp_path, elsewhere, capsys, relative):
    root = starter(tmp_path / "p")
    git(root, "init", "-q")
    objects = elsewhere / ".git" / "objects"
    line = os.path.relpath(objects, root / ".git" / "objects") if relative else str(objects)
    (root / ".git" / "objects" / "info" / "alternates").write_text(f"# borrowed\n{line}\n")
    git(root, "update-ref", "HEAD", head(elsewhere))  # the other repository's last version
    assert_refused(root, capsys, ".git/objects/info/alternates:2: borrows objects from a folder")


def test_a_linked_object_folder_is_refused(tmp_path, elsewhere, capsys):
    root = starter(tmp_path / "p")
    git(root, "init", "-q")
    shutil.rmtree(root / ".git" / "objects")
    (root / ".git" / "objects").symlink_to(elsewhere / ".git" / "objects")
    git(root, "update-ref", "HEAD", head(elsewhere))
    assert_refused(root, capsys, ".git/objects is a link that leads out of the project")


def test_a_commondir_naming_another_repository_is_refused(tmp_path, elsewhere, capsys):
    root = starter(tmp_path / "p")
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text(head(elsewhere) + "\n")
    (root / ".git" / "commondir").write_text(f"{elsewhere / '.git'}\n")
    assert_refused(root, capsys, ".git/commondir:1: names a repository outside the project")


def test_configuration_included_from_elsewhere_is_refused(tmp_path, elsewhere, capsys):
    root = project(tmp_path / "p")
    config = root / ".git" / "config"
    line = len(config.read_text().splitlines()) + 1
    with config.open("a") as text:
        text.write(f'[IncludeIf "gitdir:{root}/"]\n\tpath = {elsewhere / ".git" / "config"}\n')
    assert_refused(root, capsys, f".git/config:{line}: includes configuration from another file")


def test_a_repository_above_the_project_is_not_read(tmp_path, capsys):
    outer = tmp_path / "outer"
    outer.mkdir()
    git(outer, "init", "-q")
    root = starter(outer / "p")
    edit_row(root, "Dawn", "text", SECRET)
    git(outer, "add", "-A")
    git(outer, "commit", "-qm", "the outer repository's version")
    edit_row(root, "Dawn", "text", "Play on any Sun card.")
    assert_refused(root, capsys, ".git: the project has no git repository of its own")


def test_a_partial_clone_fetches_nothing_through_its_settings(tmp_path, capsys):
    origin = project(tmp_path / "origin")
    edit_row(origin, "Dawn", "power", "4")
    git(origin, "commit", "-qam", "second playtest")
    git(origin, "config", "uploadpack.allowFilter", "true")
    root = tmp_path / "p"
    git(
        tmp_path,
        *("-c", "protocol.file.allow=always", "clone", "-q", "--filter=blob:none"),
        *(f"file://{origin}", str(root)),
    )
    trap = tmp_path / "ran"
    script = tmp_path / "ssh.sh"
    script.write_text(f"#!/bin/sh\ntouch {trap}\nexit 1\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    git(root, "config", "remote.origin.url", "ssh://example.invalid/game")
    git(root, "config", "core.sshCommand", str(script))
    git(root, "config", "protocol.ssh.allow", "always")
    capsys.readouterr()
    # the first version's cards.csv was never fetched: reading it would need the transport
    main(["--root", str(root), "changelog", "HEAD~1"])
    err = capsys.readouterr().err
    assert not trap.exists()
    assert "HEAD~1" in err and "Traceback" not in err
    assert not (root / "output" / GAME / "changelog").exists()
