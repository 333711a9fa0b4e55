"""A project's repository whose configuration would make git read a file outside the
project is refused before git runs, whatever form the include takes: `[include]` or
`[includeIf "…"]`, in any case, at the start of a line, after spaces or tabs, after another
section's header on the same line, after a lone carriage return (a space to git), in
`config.worktree`, or in the configuration of the folder `commondir` names. Each is
refused at its line (exit 2), and git never opens the outside file: here a pipe, which a
watcher sees opened (and which would hold git until its time-out if nothing wrote to it)."""

from __future__ import annotations

import errno
import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playtest_project import GAME, edit_row, git, project

from cardstock.cli import main
from cardstock.core import revision


class Watched:
    """A pipe outside the project, and whether anything opened it to read."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.opened = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.is_set():
            try:  # opens only while a reader holds the pipe open
                fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as exc:
                assert exc.errno == errno.ENXIO, exc
                time.sleep(0.005)
                continue
            self.opened = True
            os.close(fd)  # the reader sees an empty file and goes on

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Watched]:
    monkeypatch.setattr(revision, "TIMEOUT", 20.0)  # a hang guard, should git wait on it
    pipe = tmp_path / "outside.fifo"
    os.mkfifo(pipe)
    watched = Watched(pipe)
    yield watched
    watched.stop()


def commands(root: Path) -> list[list[str]]:
    return [
        ["--root", str(root), "changelog", "HEAD"],
        ["--root", str(root), "build", "--jobs", "1", "--paper", "letter"]
        + ["--changed-since", "HEAD", "--only", "pnp"],
    ]


def assert_refused_at(
    root: Path, where: str, outside: Watched, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in commands(root):
        capsys.readouterr()
        assert main(command) == 2, command
        err = capsys.readouterr().err
        assert f"{where}: includes configuration from another file" in err, err
        assert "Traceback" not in err
    assert not outside.opened
    assert not (root / "output" / GAME / "changed.csv").exists()
    assert not (root / "output" / GAME / "changelog").exists()


def appended(config: Path, text: str) -> int:
    """`text` added at the end of `config`; the number of the line it starts on."""
    before = config.read_bytes() if config.exists() else b""
    if before and not before.endswith(b"\n"):
        before += b"\n"
    config.write_bytes(before + text.encode())
    return before.count(b"\n") + 1


FORMS = {
    "after another header": "[core][include]path={pipe}\n",
    "after a header and a space, any case": "[core] [InClUdE] path = {pipe}\n",
    "after a tab": '\t[includeIf "gitdir:/"]path={pipe}\n',
    "after a header and a tab": '[core]\t[INCLUDEIF "gitdir/i:/"] path = {pipe}\n',
    "after a lone carriage return": "[core]\r[include]path={pipe}\r\n",
    "at the start of a line": "[include]\n\tpath = {pipe}\n",
}


@pytest.mark.parametrize("form", FORMS.values(), ids=FORMS.keys())
def test_each_form_of_include_is_refused_at_its_line(tmp_path, outside, capsys, form):
    root = project(tmp_path / "p")
    edit_row(root, "Dawn", "power", "4")  # something to reprint, were git read
    line = appended(root / ".git" / "config", form.format(pipe=outside.path))
    assert_refused_at(root, f".git/config:{line}", outside, capsys)


def test_an_include_in_the_worktree_configuration_is_refused(tmp_path, outside, capsys):
    root = project(tmp_path / "p")
    git(root, "config", "extensions.worktreeConfig", "true")
    git(root, "config", "core.repositoryformatversion", "1")
    line = appended(root / ".git" / "config.worktree", f"[core][include]path={outside.path}\n")
    assert_refused_at(root, f".git/config.worktree:{line}", outside, capsys)


def test_an_include_in_the_shared_folder_commondir_names_is_refused(tmp_path, outside, capsys):
    """A `.git` folder whose `commondir` names a folder inside the project: git reads that
    folder's configuration too, so its includes are refused as the `.git` folder's are."""
    root = project(tmp_path / "p")
    shutil.move(root / ".git", root / "shared")
    (root / ".git").mkdir()
    shutil.copy(root / "shared" / "HEAD", root / ".git" / "HEAD")
    (root / ".git" / "commondir").write_text("../shared\n")
    line = appended(root / "shared" / "config", f"[core] [include] path = {outside.path}\n")
    assert_refused_at(root, f"shared/config:{line}", outside, capsys)


def test_the_word_in_a_comment_or_value_only_is_refused_too_and_said(tmp_path, capsys):
    """`[include` is searched for anywhere: even where git would not take it for a section
    the repository is refused, at that line, rather than read by a guess at git's rules."""
    root = project(tmp_path / "p")
    line = appended(root / ".git" / "config", "# see [include] in git's manual\n")
    capsys.readouterr()
    assert main(commands(root)[0]) == 2
    assert f".git/config:{line}: includes configuration" in capsys.readouterr().err
