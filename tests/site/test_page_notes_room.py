"""The downloads page shows the playtesters' notes it has room for: each card's newest
(`site.notes.NOTES_A_CARD`), while the page's note text stays within
`site.notes.NOTES_TEXT`, each card still saying how many notes it has; so a playtest
folder within its bounds never makes a page longer than a template may write, and the
build writes every file. A project's page template that includes a file it does not have
stops the build before anything is written."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from playtest_project import build, project

from cardstock.cli import main
from cardstock.site import notes

HEADER = "card,version,who,when,note,tags,status\n"


def write_notes(root: Path, rows: list[str]) -> None:
    folder = root / "playtest" / "feedback"
    for kept in folder.iterdir():
        kept.unlink()
    (folder / "notes.csv").write_text(HEADER + "".join(rows), encoding="utf-8")


def page(root: Path) -> str:
    return html.unescape((root / "output" / "index.html").read_text(encoding="utf-8"))


def test_a_card_shows_its_newest_notes_and_says_how_many_it_has(tmp_path: Path) -> None:
    root = project(tmp_path / "p")
    many = notes.NOTES_A_CARD + 5
    write_notes(
        root, [f"dawn,,Sam,2026-01-10,note number {i} of dawn,,open\n" for i in range(many)]
    )
    assert build(root) == 0
    shown = page(root)
    assert f"note number {many - 1} of dawn" in shown  # the newest
    assert f"note number {many - notes.NOTES_A_CARD} of dawn" in shown
    assert f"note number {many - notes.NOTES_A_CARD - 1} of dawn" not in shown
    assert f"{many} open of {many} · the newest {notes.NOTES_A_CARD} shown here" in shown


def test_notes_past_the_pages_room_are_left_off_and_every_file_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The room is measured on the notes as the page writes them (escaped): a note of
    `&`s takes five times its length."""
    monkeypatch.setattr(notes, "NOTES_TEXT", 3_000)
    root = project(tmp_path / "p")
    rows = [f"dawn,,Ana,2026-01-10,{'&' * 400} dusk note {i},,open\n" for i in range(3)]
    rows += [f"dawn,,Ana,2026-01-10,short note {i},,open\n" for i in range(2)]
    write_notes(root, rows)
    assert build(root) == 0
    shown = page(root)
    assert "short note 0" in shown and "short note 1" in shown  # the newest, a few bytes
    assert "dusk note 2" in shown  # 2,000 escaped characters: within the 3,000
    assert "dusk note 1" not in shown  # 2,000 more: past what is left
    assert "5 open of 5 · the newest 3 shown here" in shown


def test_a_page_template_including_a_file_it_does_not_have_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = project(tmp_path / "p")
    site = root / "layouts" / "site"
    site.mkdir(parents=True, exist_ok=True)
    (site / "index.html.j2").write_text(
        '<!doctype html>\n<title>t</title>\n{% include "missing.html" %}\n', encoding="utf-8"
    )
    code = main(["--root", str(root), "build", "--jobs", "1", "--paper", "letter"])
    said = capsys.readouterr()
    assert code == 2, said
    assert "layouts/site/index.html.j2:3: template: " in said.err + said.out
    assert not (root / "output").exists()
