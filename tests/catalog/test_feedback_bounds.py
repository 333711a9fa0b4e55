"""What `playtest/feedback/` holds is bounded in all, not only file by file: its files'
sizes together (`MAX_ALL_BYTES`, told from the folder before any file is read, so hard
links of one file each count in full, and counted again as each file is read, so a file
that grows after its size was told is read no further than the bound) and their rows
together (`MAX_ALL_ROWS`, counted as each file is read). Past a bound, `cardstock
feedback` and a build refuse the notes at the file (and row) that passes it, exit 2, and
nothing is written (docs/playtest.md; docs/catalog-format.md, *Limits*)."""

from __future__ import annotations

import os
from pathlib import Path

from helpers_edits import starter

from cardstock.catalog import feedback
from cardstock.cli import main

HEADER = "card,version,who,when,note,tags,status\n"
KEPT = "first-playtest.csv"  # the starter's own notes: 2 rows


def _notes(path: Path, rows: int) -> None:
    path.write_text(
        HEADER + "".join(f"dawn,,Sam{i},2026-01-10,note {i},,open\n" for i in range(rows)),
        encoding="utf-8",
    )


def _build(root: Path) -> int:
    return main(["--root", str(root), "build", "--only", "svg", "--jobs", "1"])


def test_files_larger_together_than_the_bound_are_refused_before_any_is_read(
    tmp_path, monkeypatch, capsys
):
    root = starter(tmp_path)
    folder = root / feedback.FOLDER
    _notes(folder / "a.csv", 20)
    for name in ("b.csv", "c.csv"):
        os.link(folder / "a.csv", folder / name)  # one file's bytes, counted at each name
    size = (folder / "a.csv").stat().st_size
    monkeypatch.setattr(feedback, "MAX_ALL_BYTES", 2 * size + 1)
    read: list[str] = []
    real = feedback.read_bytes
    monkeypatch.setattr(
        feedback, "read_bytes", lambda path, *a, **k: read.append(path) or real(path, *a, **k)
    )
    assert main(["--root", str(root), "feedback"]) == 2
    err = capsys.readouterr().err
    assert f"{feedback.FOLDER}/c.csv: the note files hold" in err, err
    assert read == []
    assert _build(root) == 2
    assert "c.csv: the note files hold" in capsys.readouterr().err
    assert not (root / "output").exists()


def test_files_as_large_together_as_the_bound_are_read(tmp_path, monkeypatch, capsys):
    root = starter(tmp_path)
    folder = root / feedback.FOLDER
    _notes(folder / "a.csv", 20)
    total = sum(p.stat().st_size for p in folder.iterdir())
    monkeypatch.setattr(feedback, "MAX_ALL_BYTES", total)
    assert main(["--root", str(root), "feedback", "--json"]) == 0, capsys.readouterr().err
    assert '"Sam19"' in capsys.readouterr().out


def test_more_rows_together_than_the_bound_are_refused_at_the_row_past_it(
    tmp_path, monkeypatch, capsys
):
    root = starter(tmp_path)
    folder = root / feedback.FOLDER
    _notes(folder / "a.csv", 6)  # rows 1-6, read before the kept file's
    _notes(folder / "b.csv", 6)  # rows 7-12: the 11th is its 5th, at line 6
    monkeypatch.setattr(feedback, "MAX_ALL_ROWS", 10)
    assert main(["--root", str(root), "feedback"]) == 2
    err = capsys.readouterr().err
    assert f"{feedback.FOLDER}/b.csv:6: the note files hold more than 10 rows in all" in err, err
    assert _build(root) == 2
    assert "b.csv:6: the note files hold more than 10 rows" in capsys.readouterr().err
    assert not (root / "output").exists()


def test_as_many_rows_together_as_the_bound_are_read(tmp_path, monkeypatch, capsys):
    root = starter(tmp_path)
    folder = root / feedback.FOLDER
    _notes(folder / "a.csv", 6)
    _notes(folder / "b.csv", 6)
    monkeypatch.setattr(feedback, "MAX_ALL_ROWS", 6 + 6 + 2)  # with the kept file's 2
    assert main(["--root", str(root), "feedback", "--json"]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.count('"who"') == 14


def test_a_file_that_grows_after_its_size_was_told_is_read_no_further_than_the_bound(
    tmp_path, monkeypatch, capsys
):
    """The sizes told before any file is read hold the files as they were: a file that
    grows between then and its read is read up to what the files before it left of
    `MAX_ALL_BYTES` and one byte more, and refused at the file."""
    root = starter(tmp_path)
    folder = root / feedback.FOLDER
    _notes(folder / "a.csv", 20)
    _notes(folder / "b.csv", 20)
    first = (folder / "a.csv").stat().st_size
    told = sum(p.stat().st_size for p in folder.iterdir())
    monkeypatch.setattr(feedback, "MAX_ALL_BYTES", told + 100)
    told_sizes = feedback._too_large

    def grown_after(*args):
        within = told_sizes(*args)  # the sizes as they were: within the bound
        with (folder / "b.csv").open("a", encoding="utf-8") as grown:
            grown.write(
                "".join(f"dawn,,Kai{i},2026-01-10,late note {i},,open\n" for i in range(20))
            )
        return within

    monkeypatch.setattr(feedback, "_too_large", grown_after)
    limits: list[tuple[str, int]] = []
    real = feedback.read_bytes

    def read(path, root, *, limit):
        limits.append((path.name, limit))
        return real(path, root, limit=limit)

    monkeypatch.setattr(feedback, "read_bytes", read)
    assert main(["--root", str(root), "feedback"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{feedback.FOLDER}/b.csv: the note files hold more than the "), err
    assert "in all, counted as this one was read" in err, err
    assert limits == [("a.csv", told + 100), ("b.csv", told + 100 - first)]
