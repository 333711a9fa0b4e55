"""`cardstock feedback --import FORM` never takes `playtest/feedback/` past what a read of
it holds: its files (`MAX_FILES`), their bytes and rows in all (`MAX_ALL_BYTES`,
`MAX_ALL_ROWS`), the kept file's rows (`MAX_ROWS`). An import that would is refused, exit
2, at the export's row that passes the bound (at the export when it is the file count),
the kept file left byte for byte as it was (or not made), so the next build and
`cardstock feedback` still read the folder; an import that stays within them is kept
(docs/playtest.md; docs/catalog-format.md, *Limits*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardstock.catalog import feedback
from cardstock.cli import main

FOLDER = feedback.FOLDER
KEPT_HEADER = "game,card,version,who,when,note,tags,status\n"
STARTER_ROWS = 2  # the starter's playtest/feedback/first-playtest.csv


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """The starter with a form of three notes beside it (`form.csv`, rows on lines 2-4) and
    a kept `playtest/feedback/form.csv` of two notes from an earlier import."""
    root = tmp_path / "p"
    assert main(["init", str(root)]) == 0
    (tmp_path / "form.csv").write_text(
        "card,who,note\n" + "".join(f"dawn,Ana,new note {i}\n" for i in range(3)),
        encoding="utf-8",
    )
    (root / FOLDER / "form.csv").write_text(
        KEPT_HEADER + "".join(f"p,dusk,,Sam,,old note {i},,open\n" for i in range(2)),
        encoding="utf-8",
    )
    return root


def _import(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["--root", str(root), "feedback", "--import", str(root.parent / "form.csv")])
    return code, capsys.readouterr().err


def _folder(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((root / FOLDER).iterdir())}


def _refused_at(root: Path, capsys: pytest.CaptureFixture[str], where: str, said: str) -> None:
    """The import is refused at `where` (the export's row) saying `said`, and nothing is
    written: the folder holds what it held, and still reads."""
    before = _folder(root)
    code, err = _import(root, capsys)
    assert code == 2, err
    form = str(root.parent / "form.csv")
    refusal = [line for line in err.splitlines() if said in line]
    assert len(refusal) == 1 and refusal[0].startswith(f"{form}{where}: "), err
    assert f"nothing was imported, and {FOLDER}/form.csv is left as it is" in refusal[0]
    assert _folder(root) == before
    assert main(["--root", str(root), "feedback"]) == 0


def _bytes_in_all(root: Path) -> int:
    return sum(p.stat().st_size for p in (root / FOLDER).iterdir())


def _row_bytes(note: str) -> int:
    return len(f"p,dawn,,Ana,,{note},,open\n".encode())


def test_an_import_past_the_folders_rows_in_all_is_refused_at_the_row_past_them(
    root, monkeypatch, capsys
):
    # the folder holds 4 rows; the export's second (line 3) would be the 7th of 6
    monkeypatch.setattr(feedback, "MAX_ALL_ROWS", STARTER_ROWS + 2 + 1)
    _refused_at(root, capsys, ":3", "would hold more than 5 rows, the most cardstock reads")


def test_an_import_past_the_folders_bytes_in_all_is_refused_at_the_row_past_them(
    root, monkeypatch, capsys
):
    # room for the export's first two rows and not its third (line 4)
    room = _row_bytes("new note 0") + _row_bytes("new note 1")
    monkeypatch.setattr(feedback, "MAX_ALL_BYTES", _bytes_in_all(root) + room + 5)
    _refused_at(root, capsys, ":4", "MB, more than the 0 MB cardstock reads from it in all")


def test_an_import_past_the_kept_files_rows_is_refused_at_the_row_past_them(
    root, monkeypatch, capsys
):
    monkeypatch.setattr(feedback, "MAX_ROWS", 3)  # the kept file's 2 and one more
    _refused_at(root, capsys, ":3", f"{FOLDER}/form.csv would hold more than 3 notes")


def test_an_import_into_a_file_one_too_many_is_refused_at_the_export(root, monkeypatch, capsys):
    (root / FOLDER / "form.csv").unlink()  # the import would make a third file
    monkeypatch.setattr(feedback, "MAX_FILES", 2)
    (root / FOLDER / "earlier.csv").write_text(KEPT_HEADER, encoding="utf-8")
    _refused_at(root, capsys, "", "holds 2 note files besides")
    assert not (root / FOLDER / "form.csv").exists()


def test_an_import_that_fills_the_folder_to_its_bounds_is_kept(root, monkeypatch, capsys):
    room = sum(_row_bytes(f"new note {i}") for i in range(3))
    monkeypatch.setattr(feedback, "MAX_ALL_BYTES", _bytes_in_all(root) + room)
    monkeypatch.setattr(feedback, "MAX_ALL_ROWS", STARTER_ROWS + 2 + 3)
    monkeypatch.setattr(feedback, "MAX_ROWS", 2 + 3)
    code, err = _import(root, capsys)
    assert code == 0, err
    assert _bytes_in_all(root) == feedback.MAX_ALL_BYTES
    assert main(["--root", str(root), "feedback"]) == 0, capsys.readouterr().err
