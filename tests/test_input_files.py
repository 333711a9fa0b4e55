"""Every file a project holds is read through one door (`cardstock.core.files`).

Whatever kind of input it is (a game file, a table, the rules, a template, a layout, a sheet,
art, an icon, a font, the downloads page's template), a file that is a link in a loop, a
link out of the project, a pipe, a folder or larger than cardstock reads is one located
message at that file, exit status 2, nothing written, and no byte of a file outside the
project read. A pipe never makes the build wait.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import FIXTURES

from cardstock.core import files
from cardstock.core.files import Unreadable, read_bytes, read_text

MINI = FIXTURES / "catalog" / "mini"
SECRET = "secret-from-outside-the-project"

RULES = '[[counts]]\nname = "every card"\nmatch = { set = "cards" }\ncount = 6\n'
RULEBOOK = '# Mini\n\nThe deck holds {{ count(set="cards") }} cards.\n'

# each kind of input, as the file a project holds
INPUTS = {
    "game file": "catalog/mini/game.toml",
    "table": "catalog/mini/cards.csv",
    "rules": "catalog/mini/rules.toml",
    "rulebook template": "layouts/mini/rulebook.md.j2",
    "quick reference": "layouts/mini/quickref/turn.md.j2",
    "game layouts": "layouts/mini/faces.toml",
    "shared layouts": "layouts/default.toml",
    "sheet": "layouts/sheets/mine.toml",
    "svg art": "catalog/mini/art/blaze.svg",
    "icon": "catalog/mini/icons/star.svg",
    "font": "fonts/Own.ttf",
    "page template": "layouts/site/index.html.j2",
}

# what is put in the file's place, and words the message says about it
CONDITIONS = {
    "a link in a loop": ("loop",),
    "a link out of the project": ("out of the project", "leaves the game folder"),
    "a pipe": ("not a regular file",),
    "a folder": ("a folder",),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(MINI, root / "catalog" / "mini")
    (root / "catalog" / "mini" / "rules.toml").write_text(RULES, encoding="utf-8")
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "rulebook.md.j2").write_text(RULEBOOK, encoding="utf-8")
    (tmp_path / "outside.txt").write_text(SECRET, encoding="utf-8")
    return root


@pytest.fixture
def no_hang() -> Iterator[None]:
    """A build that waits on a pipe fails the test instead of hanging the suite."""

    def stop(*_: object) -> None:
        raise TimeoutError("the build waited on a file")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _put(path: Path, condition: str, outside: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() or path.is_symlink():
        path.unlink()
    if condition == "a link in a loop":
        path.symlink_to(path.name)
    elif condition == "a link out of the project":
        path.symlink_to(outside)
    elif condition == "a pipe":
        os.mkfifo(path)
    elif condition == "a folder":
        path.mkdir()


@pytest.mark.parametrize("condition", CONDITIONS)
@pytest.mark.parametrize("kind", INPUTS)
def test_an_input_file_that_cannot_be_read_is_one_located_message(
    project, cli, no_hang, kind, condition
):
    rel = INPUTS[kind]
    _put(project / rel, condition, project.parent / "outside.txt")
    result = cli("--root", str(project), "build", "--jobs", "1")
    assert result.code == 2, result.err
    assert "Traceback" not in result.err and "internal error" not in result.err
    errors = [
        line for line in result.err.splitlines() if line and not line.startswith(("1 error", "  "))
    ]
    assert len(errors) == 1, result.err  # the one problem, once
    name = Path(rel).name
    assert name in errors[0], errors[0]
    assert any(words in errors[0] for words in CONDITIONS[condition]), errors[0]
    assert errors[0].startswith(("catalog/", "layouts/", "fonts/")), errors[
        0
    ]  # named inside the project
    assert not (project / "output").exists()
    assert SECRET not in result.out + result.err


@pytest.mark.parametrize("kind", ["table", "rules", "rulebook template", "svg art"])
def test_an_input_file_larger_than_cardstock_reads_is_refused_before_it_is_read(project, cli, kind):
    path = project / INPUTS[kind]
    path.unlink()
    with path.open("wb") as f:  # a sparse file: large on paper, nothing on disk
        f.truncate(files.MAX_BYTES + 1)
    result = cli("--root", str(project), "build", "--jobs", "1")
    assert result.code == 2
    assert re.search(
        r"more than the (64|4)\.0 MB cardstock reads from one file", result.err.splitlines()[0]
    ), result.err
    assert result.err.splitlines()[0].startswith(("catalog/mini/", "layouts/mini/"))
    assert not (project / "output").exists()


# ---------------------------------------------------------------- the door itself


def test_the_door_reads_a_regular_file_inside_the_project(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"abc")
    assert read_bytes(tmp_path / "a.txt", tmp_path) == b"abc"


def test_the_door_follows_a_link_that_stays_inside_the_project(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"abc")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.txt").symlink_to(tmp_path / "a.txt")
    assert read_bytes(tmp_path / "sub" / "b.txt", tmp_path) == b"abc"


def test_the_door_refuses_a_file_outside_the_project_even_by_its_own_path(tmp_path):
    (tmp_path / "outside.txt").write_bytes(b"x")
    (tmp_path / "project").mkdir()
    with pytest.raises(Unreadable, match="out of the project"):
        read_bytes(tmp_path / "project" / ".." / "outside.txt", tmp_path / "project")


def test_the_door_stops_at_the_limit_it_is_given(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"x" * 2048)
    assert len(read_bytes(tmp_path / "a.txt", tmp_path, limit=2048)) == 2048
    with pytest.raises(Unreadable, match="2 KB, more than the 1 KB"):
        read_bytes(tmp_path / "a.txt", tmp_path, limit=1024)


def test_text_is_utf8_with_or_without_a_byte_order_mark_and_composed(tmp_path):
    decomposed = unicodedata.normalize("NFD", "Café Æther")
    (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbf" + decomposed.encode("utf-8"))
    (tmp_path / "plain.txt").write_bytes(decomposed.encode("utf-8"))
    assert (
        read_text(tmp_path / "bom.txt", tmp_path)
        == read_text(tmp_path / "plain.txt", tmp_path)
        == "Café Æther"
    )
    (tmp_path / "latin.txt").write_bytes("Café".encode("latin-1"))
    with pytest.raises(Unreadable, match="not UTF-8 text .byte 4"):
        read_text(tmp_path / "latin.txt", tmp_path)


def test_a_missing_file_is_named_as_missing(tmp_path):
    with pytest.raises(Unreadable, match="no such file"):
        read_bytes(tmp_path / "nothing.txt", tmp_path)


# ---------------------------------------------------------------- names and folders that lead out


def test_a_reference_card_naming_a_template_by_a_path_is_refused_without_asking_about_it(
    tmp_path, cli
):
    from conftest import copy_project

    root = copy_project(tmp_path / "project", ("alpha-omega-cards",))
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "notes.md.j2").write_text(SECRET, encoding="utf-8")
    game = root / "catalog" / "alpha-omega-cards" / "game.toml"
    for name in ("../../../../outside/notes", "/etc/hostname", "sub/turn", ".."):
        game.write_text(
            game.read_text(encoding="utf-8").replace('front = "turn"', f'front = "{name}"', 1),
            encoding="utf-8",
        )
        result = cli("--root", str(root), "build", "--jobs", "1", "--only", "svg")
        assert result.code == 2, result.err
        assert "is not a quick-reference template name" in result.err
        assert result.err.startswith("catalog/alpha-omega-cards/game.toml:"), result.err
        assert SECRET not in result.out + result.err and str(outside) not in result.err
        game.write_text(
            game.read_text(encoding="utf-8").replace(f'front = "{name}"', 'front = "turn"', 1),
            encoding="utf-8",
        )


def test_the_page_template_cannot_include_a_file_linked_from_outside(project, cli):
    site = project / "layouts" / "site"
    site.mkdir(parents=True)
    (site / "part.html.j2").symlink_to(project.parent / "outside.txt")
    (site / "index.html.j2").write_text(
        "<html><body>{% include 'part.html.j2' %}</body></html>\n", encoding="utf-8"
    )
    result = cli("--root", str(project), "build", "--jobs", "1")
    assert result.code == 2, result.err
    assert result.err.startswith("layouts/site/index.html.j2"), result.err
    assert "out of the project" in result.err
    assert SECRET not in result.out + result.err
    assert not (project / "output" / "index.html").exists()


@pytest.mark.parametrize("folder", ["catalog/mini", "layouts/mini"])
def test_a_game_folder_linked_from_outside_is_refused_file_by_file(project, cli, folder):
    elsewhere = project.parent / "elsewhere"
    shutil.move(str(project / folder), elsewhere)
    (elsewhere / "notes.md.j2").write_text(SECRET, encoding="utf-8")
    (project / folder).symlink_to(elsewhere, target_is_directory=True)
    result = cli("--root", str(project), "build", "--jobs", "1")
    assert result.code == 2, result.err
    assert "out of the project" in result.err
    assert all(
        line.startswith((folder, "1 error", "2 errors", "3 errors", "4 errors"))
        or not line
        or line.startswith("  ")
        for line in result.err.splitlines()
    ), result.err
    assert SECRET not in result.out + result.err
    assert not (project / "output").exists()


@pytest.mark.parametrize(
    "special", ["/proc/self/pagemap", "/proc/self/mem", "/dev/zero", "/dev/urandom"]
)
def test_a_link_to_a_special_file_where_a_table_belongs_is_refused_at_once(
    project, cli, no_hang, special
):
    table = project / "catalog" / "mini" / "cards.csv"
    table.unlink()
    table.symlink_to(special)
    result = cli("--root", str(project), "build", "--jobs", "1")
    assert result.code == 2, result.err
    assert result.err.startswith("catalog/mini/"), result.err
    assert any(words in result.err for words in CONDITIONS["a link out of the project"]), result.err
    assert "internal error" not in result.err


def test_a_link_to_a_special_file_lying_in_the_game_folder_does_not_stop_the_build(
    project, cli, no_hang
):
    (project / "catalog" / "mini" / "pagemap").symlink_to("/proc/self/pagemap")
    (project / "catalog" / "mini" / "zero").symlink_to("/dev/zero")
    result = cli("--root", str(project), "build", "--jobs", "1", "--only", "svg")
    assert result.code == 0, result.err
    assert "internal error" not in result.err
