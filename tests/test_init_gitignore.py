"""`cardstock init` writes a `.gitignore`: the case that failed was a first commit of a new
project that swept in 55 files of output/ (and the virtual environment beside it)."""

from __future__ import annotations

IGNORED = ["output/", ".venv/", "__pycache__/"]


def _lines(folder) -> list[str]:
    return (folder / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_init_writes_a_gitignore_for_output_and_the_environment(tmp_path, cli):
    result = cli("init", str(tmp_path / "moon"), "--name", "Moon")
    assert result.code == 0, result.err
    lines = _lines(tmp_path / "moon")
    assert all(line in lines for line in IGNORED)


def test_an_existing_gitignore_keeps_its_lines_and_gains_only_the_missing_ones(tmp_path, cli):
    folder = tmp_path / "moon"
    folder.mkdir()
    (folder / ".gitignore").write_bytes(b"*.swp\noutput\n")
    assert cli("init", str(folder), "--name", "Moon").code == 0
    lines = _lines(folder)
    assert lines[:2] == ["*.swp", "output"]
    assert "output/" not in lines  # "output" already said it
    assert ".venv/" in lines and "__pycache__/" in lines
    assert len(lines) == 5  # the two kept, a comment, the two added


def test_a_gitignore_that_says_it_all_is_left_as_it_is(tmp_path, cli):
    folder = tmp_path / "moon"
    folder.mkdir()
    text = b"output/\n.venv/\n__pycache__/\n"
    (folder / ".gitignore").write_bytes(text)
    assert cli("init", str(folder), "--name", "Moon").code == 0
    assert (folder / ".gitignore").read_bytes() == text
