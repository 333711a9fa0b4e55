"""`--changed-since REF` where REF names both a saved build and a git revision (a
`<game>-printed.json` saved as `HEAD` at the project's top) is refused as ambiguous (exit 2),
saying how to name either; `./HEAD` then reads the file, and `HEAD^{commit}` or the
commit's full id the revision. A REF that names a file and no revision is read as the file,
as before."""

from __future__ import annotations

import csv
import shutil

import pytest
from playtest_project import GAME, build, edit_row, git, project


@pytest.fixture
def shadowed(tmp_path):
    """A committed project with one card edited since the commit, and a build saved after
    the edit, named `HEAD`, at its top: the file and the revision tell different stories."""
    root = project(tmp_path / "p")
    edit_row(root, "Dawn", "text", "Play on ANY Sun card.")
    assert build(root, "--only", "printed") == 0
    shutil.copy(root / "output" / GAME / f"{GAME}-printed.json", root / "HEAD")
    return root


def changed(root):
    path = root / "output" / GAME / "changed.csv"
    return [r["id"] for r in csv.DictReader(path.open())] if path.exists() else None


def test_a_value_naming_both_a_file_and_a_revision_is_refused(shadowed, capsys):
    head = git(shadowed, "rev-parse", "HEAD").strip()
    capsys.readouterr()
    assert build(shadowed, "--changed-since", "HEAD", "--only", "pnp,changed") == 2
    out, err = capsys.readouterr()
    assert err.startswith("command line: --changed-since: HEAD: names both a file and the git ")
    assert "write ./HEAD for the saved build" in err
    assert f"HEAD^{{commit}} or the commit's full id {head} for the revision" in err
    assert "Traceback" not in err and "changed since" not in out
    assert changed(shadowed) is None  # nothing written


def test_a_path_reads_the_file_and_a_spelled_out_revision_reads_git(shadowed, capsys):
    capsys.readouterr()
    assert build(shadowed, "--changed-since", "./HEAD", "--only", "pnp,changed") == 0
    assert "nothing it prints changed since ./HEAD" in capsys.readouterr().out
    assert changed(shadowed) == []  # the file was saved after the edit
    head = git(shadowed, "rev-parse", "HEAD").strip()
    for ref in ("HEAD^{commit}", head):
        assert build(shadowed, "--changed-since", ref, "--only", "pnp,changed") == 0
        assert f"1 card changed since {ref}" in capsys.readouterr().out
        assert changed(shadowed) == ["dawn"]


def test_a_file_that_names_no_revision_is_read_as_before(shadowed, capsys):
    (shadowed / "HEAD").rename(shadowed / "saved.json")
    capsys.readouterr()
    assert build(shadowed, "--changed-since", "saved.json", "--only", "pnp,changed") == 0
    assert "nothing it prints changed since saved.json" in capsys.readouterr().out
