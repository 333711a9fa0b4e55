"""Playtesters' notes are data keyed by card and version: `cardstock feedback --import` keeps
the rows of a form's export that hold up (each other row reported once, located) in
`playtest/feedback/`, `cardstock feedback` lists the cards by open notes, and the downloads
page, the changelog and proof sheets show each card's notes beside it, a note made on an
older version of its card marked as such (docs/playtest.md)."""

from __future__ import annotations

import csv
import html
import json

import pypdf
import pytest
from playtest_project import GAME, build, edit_row, git, project

from cardstock.cli import main

FORM_COLUMNS = (
    'columns = { card = "Which card?", when = "Timestamp", who = "Your name", '
    'note = "What happened?", version = "Code on the card" }\n'
)


def versions(root) -> dict[str, str]:
    data = json.loads((root / "output" / GAME / f"{GAME}-printed.json").read_text())
    return {cid: card["front"]["version"] for cid, card in data["cards"].items()}


def map_form_columns(root) -> None:
    game = root / "catalog" / GAME / "game.toml"
    game.write_text(game.read_text() + "\n[playtest]\n" + FORM_COLUMNS)


def write_form(path, rows) -> None:
    with path.open("w", newline="") as f:
        out = csv.writer(f)
        out.writerow(
            ["Timestamp", "Which card?", "Code on the card", "Your name", "What happened?"]
        )
        out.writerows(rows)


@pytest.fixture
def played(tmp_path):
    """The starter, its example notes removed, built once so each card's version is known."""
    root = project(tmp_path / "p")
    for kept in (root / "playtest" / "feedback").iterdir():
        kept.unlink()
    map_form_columns(root)
    assert build(root, "--only", "printed") == 0
    return root


def kept_rows(root, name="form"):
    with (root / "playtest" / "feedback" / f"{name}.csv").open() as f:
        return list(csv.DictReader(f))


def test_an_import_reports_each_bad_row_once_where_it_is_and_keeps_the_rest(played, capsys):
    now = versions(played)
    form = played / "form.csv"
    write_form(
        form,
        [
            ["2026-11-20", "dawn", now["dawn"], "Ana", "Too strong on turn one"],
            ["2026-11-20", "sunrise", now["dawn"], "Cy", "Which card is this?"],  # unknown card
            ["2026-11-21", "dusk", "0a0b0c", "Ben", "Hard to read"],  # an older version
            ["2026-11-32", "noon", now["noon"], "Dee", "Typo in the text"],  # no such date
            ["2026-11-22T18:30:00", "tide", "", "Eve", "Everyone forgot to pass"],
        ],
    )
    capsys.readouterr()
    assert main(["--root", str(played), "feedback", "--import", str(form)]) == 0
    err = capsys.readouterr().err.splitlines()
    located = [line for line in err if line.startswith(f"{form}:")]
    assert len(located) == 3, err
    assert located[0].startswith(f"{form}:3: Which card?: ") and "'sunrise'" in located[0]
    assert located[1].startswith(f"{form}:4: version: ") and "older version of dusk" in located[1]
    assert located[2].startswith(f"{form}:5: Timestamp: ") and "2026-11-32" in located[2]
    rows = kept_rows(played)
    assert [(r["card"], r["who"], r["when"]) for r in rows] == [
        ("dawn", "Ana", "2026-11-20"),
        ("dusk", "Ben", "2026-11-21"),
        ("tide", "Eve", "2026-11-22"),
    ]
    assert {r["game"] for r in rows} == {GAME} and {r["status"] for r in rows} == {"open"}


def test_importing_the_same_export_again_adds_only_what_is_new(played, capsys):
    now = versions(played)
    form = played / "form.csv"
    first = ["2026-11-20", "dawn", now["dawn"], "Ana", "Too strong"]
    write_form(form, [first])
    assert main(["--root", str(played), "feedback", "--import", str(form)]) == 0
    write_form(form, [first, ["2026-11-23", "noon", now["noon"], "Bo", "Fine now"]])
    assert main(["--root", str(played), "feedback", "--import", str(form)]) == 0
    assert "imported 1 note " in capsys.readouterr().out
    assert [r["card"] for r in kept_rows(played)] == ["dawn", "noon"]


def test_an_export_without_the_mapped_columns_says_which_it_lacks_and_keeps_nothing(played, capsys):
    form = played / "form.csv"
    form.write_text("When,Card,Text\n2026-11-20,dawn,Too strong\n")
    assert main(["--root", str(played), "feedback", "--import", str(form)]) == 2
    err = capsys.readouterr().err
    assert f"{form}:1: card: " in err and "'Which card?'" in err
    assert not (played / "playtest" / "feedback" / "form.csv").exists()


def test_the_listing_puts_the_cards_with_most_open_notes_first(played, capsys):
    now = versions(played)
    feedback = played / "playtest" / "feedback"
    (feedback / "notes.csv").write_text(
        "card,version,note,status\n"
        f"noon,{now['noon']},one,open\n"
        f"tide,{now['tide']},two,open\n"
        f"tide,{now['tide']},three,open\n"
        f"dawn,{now['dawn']},settled,done\n"
    )
    capsys.readouterr()
    assert main(["--root", str(played), "feedback", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert [(c["card"], c["open"]) for c in listing] == [("tide", 2), ("noon", 1), ("dawn", 0)]


def empty(out) -> None:
    for f in sorted(out.rglob("*"), reverse=True):
        f.unlink() if f.is_file() else f.rmdir()


def test_a_kept_note_with_no_real_date_stops_the_build_before_anything_is_written(played, capsys):
    empty(played / "output")
    (played / "playtest" / "feedback" / "notes.csv").write_text(
        "card,when,note\ndawn,2026-11-20,fine\nnoon,yesterday,odd\n"
    )
    assert build(played) == 2
    assert "playtest/feedback/notes.csv:3: when: " in capsys.readouterr().err
    assert not any((played / "output").iterdir())


def test_a_note_on_a_card_since_removed_or_a_game_since_renamed_only_warns(played, capsys):
    (played / "playtest" / "feedback" / "notes.csv").write_text(
        "game,card,note\n,sunset,a card since removed\nmoon-raec,dawn,a game since renamed\n"
        f"{GAME},dawn,kept\n"
    )
    assert build(played) == 0
    err = capsys.readouterr().err
    assert "playtest/feedback/notes.csv:2: card: warning: " in err and "'sunset'" in err
    assert "playtest/feedback/notes.csv:3: card: warning: " in err and "'moon-raec'" in err
    page = (played / "output" / "index.html").read_text()
    assert "kept" in page and "a card since removed" not in page


def test_the_downloads_page_shows_notes_beside_their_card_and_marks_an_older_one(played):
    now = versions(played)
    (played / "playtest" / "feedback" / "notes.csv").write_text(
        "card,version,who,note\n"
        f"dawn,{now['dawn']},Ana,Too strong on turn one\n"
        "dusk,0a0b0c,Ben,Hard to read the moon\n"
    )
    assert build(played) == 0
    page = (played / "output" / "index.html").read_text()
    dawn = page[page.index(f'id="notes-{GAME}-dawn"') :]
    dawn = dawn[: dawn.index("</li></ul>")]
    assert f'src="{GAME}/svg/dawn.svg"' in dawn and "Too strong on turn one" in dawn
    assert 'class="older"' not in dawn
    dusk = page[page.index(f'id="notes-{GAME}-dusk"') :]
    dusk = dusk[: dusk.index("</li></ul>")]
    assert 'class="older"' in dusk
    assert html.escape(f"on an older version (0a0b0c; it prints {now['dusk']} now)") in dusk


def test_the_changelog_shows_a_note_made_before_the_edit_it_lists(played):
    now = versions(played)
    (played / "playtest" / "feedback" / "notes.csv").write_text(
        f"card,version,who,note\ndawn,{now['dawn']},Ana,Too weak\nnoon,{now['noon']},Bo,Fine\n"
    )
    git(played, "add", "-A")
    git(played, "commit", "-qm", "notes")
    edit_row(played, "Dawn", "power", "4")
    assert main(["--root", str(played), "changelog", "HEAD"]) == 0
    log = (played / "output" / GAME / "changelog" / f"{GAME}-changelog.md").read_text()
    dawn = log[log.index("**Dawn**") :]
    dawn = dawn[: dawn.index("\n- ") if "\n- " in dawn else len(dawn)]
    assert "power: 2 → 4" in dawn
    assert f"Ana: Too weak — made on {now['dawn']}, the version before these changes" in dawn
    others = log[log.index("## Notes on cards not changed here") :]
    assert "**Noon**" in others and "Bo: Fine" in others and "made on" not in others
    assert (played / "output" / GAME / "changelog" / "img" / "noon-after.png").is_file()


def test_a_proof_prints_each_open_note_beside_its_face(played):
    now = versions(played)
    (played / "playtest" / "feedback" / "notes.csv").write_text(
        "card,version,note,status\n"
        f"eclipse,{now['eclipse']},Swap needs a limit,open\n"
        "tide,0a0b0c,Pass direction unclear,open\n"
        f"dawn,{now['dawn']},Settled already,done\n"
    )
    assert main(["--root", str(played), "proof", "--out", str(played / "output")]) == 0
    reader = pypdf.PdfReader(played / "output" / GAME / "proof" / f"{GAME}-proof.pdf")
    last = reader.pages[-1].extract_text()
    assert "open playtest notes" in last
    assert "Swap needs a limit" in last and "Pass direction unclear" in last
    assert "made on an older version (0a0b0c)" in last
    assert "Settled already" not in last


def test_an_import_never_writes_through_a_linked_notes_folder(played, tmp_path, capsys):
    now = versions(played)
    form = played / "form.csv"
    write_form(form, [["2026-11-20", "dawn", now["dawn"], "Ana", "Too strong"]])
    feedback = played / "playtest" / "feedback"
    for kept in feedback.iterdir():
        kept.unlink()
    feedback.rmdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    feedback.symlink_to(elsewhere, target_is_directory=True)
    assert main(["--root", str(played), "feedback", "--import", str(form)]) == 2
    assert "is a link" in capsys.readouterr().err
    assert list(elsewhere.iterdir()) == []
