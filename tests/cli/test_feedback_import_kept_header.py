"""`cardstock feedback --import FORM` adds to a kept `playtest/feedback/FORM.csv` only when
that file has the header an import writes: a file of that name with other columns (one the
designer keeps by hand), or the same columns another way, is left byte for byte as it was
and the import refused (exit 2), naming the file and both headers, so a kept file never
holds rows its header does not name and later builds still read it."""

from __future__ import annotations

import pytest

from cardstock.cli import main

WRITTEN = "game,card,version,who,when,note,tags,status"


@pytest.fixture
def starter(tmp_path):
    root = tmp_path / "p"
    assert main(["init", str(root)]) == 0
    (tmp_path / "form.csv").write_text("card,note\ndawn,too strong\n")
    return root


@pytest.mark.parametrize(
    "header, row",
    [
        ("note,card,status", "old note,dusk,open"),
        (WRITTEN.replace(",", ";"), "p;dusk;;;;old note;;open"),
        ("card,game,version,who,when,note,tags,status", "dusk,p,,,,old note,,open"),
    ],
    ids=["other-columns", "another-separator", "another-order"],
)
def test_an_import_never_adds_to_a_kept_file_of_another_header(starter, capsys, header, row):
    kept = starter / "playtest" / "feedback" / "form.csv"
    kept.write_text(f"{header}\n{row}\n")
    before = kept.read_bytes()
    capsys.readouterr()
    form = starter.parent / "form.csv"
    assert main(["--root", str(starter), "feedback", "--import", str(form)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("playtest/feedback/form.csv:1: ")
    assert repr(header) in err and repr(WRITTEN) in err
    assert kept.read_bytes() == before
    assert main(["--root", str(starter), "feedback"]) == 0  # the kept file still reads


def test_an_import_never_adds_to_a_kept_file_it_cannot_read(starter, capsys):
    kept = starter / "playtest" / "feedback" / "form.csv"
    kept.write_bytes(f"{WRITTEN}\np,dusk,,,,old note \xff,,open\n".encode("latin-1"))
    before = kept.read_bytes()
    capsys.readouterr()
    form = starter.parent / "form.csv"
    assert main(["--root", str(starter), "feedback", "--import", str(form)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("playtest/feedback/form.csv: ") and "not UTF-8" in err
    assert kept.read_bytes() == before


def test_an_import_under_the_name_of_a_folder_writes_nothing(starter, capsys):
    kept = starter / "playtest" / "feedback" / "form.csv"
    kept.mkdir()
    capsys.readouterr()
    form = starter.parent / "form.csv"
    assert main(["--root", str(starter), "feedback", "--import", str(form)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("playtest/feedback/form.csv: is not a file")
    assert kept.is_dir() and list(kept.iterdir()) == []
