"""`pinned.toml` is read as every TOML file is (bounded before it is parsed) and its shape
is checked: whatever it holds, reading it gives the pins it can and each problem as an
`Issue` at the file's line and key (`catalog/<game>/pinned.toml:LINE: field: message`),
never an exception."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardstock.catalog.remote import read_pins
from cardstock.core.issues import Issue

GOOD = """\
[tables.deck]
url = "https://example.org/deck.csv"
file = "pinned/deck.csv"
pulled = "2026-03-01T09:30:00+00:00"
sha256 = "00"
"""


def pins_of(tmp_path: Path, text: str) -> tuple[list[str], list[Issue]]:
    folder = tmp_path / "catalog" / "g"
    folder.mkdir(parents=True)
    (folder / "pinned.toml").write_text(text, encoding="utf-8")
    pins, problems = read_pins(folder, tmp_path)
    return sorted(pins), problems


def test_a_pinned_file_whose_tables_is_not_a_table_is_a_located_error(tmp_path):
    pins, problems = pins_of(tmp_path, "# written by hand\ntables = 1\n")
    assert pins == []
    assert [(p.file, p.line, p.field) for p in problems] == [("catalog/g/pinned.toml", 2, "tables")]
    assert problems[0].message.startswith("is a number, not a table of pins")


def test_a_pinned_file_nested_past_the_toml_bound_is_refused_before_it_is_parsed(tmp_path):
    pins, problems = pins_of(tmp_path, "x = " + "[" * 5000 + "]" * 5000 + "\n")
    assert pins == []
    assert [(p.file, p.line) for p in problems] == [("catalog/g/pinned.toml", 1)]
    assert "nest more than 64 deep" in problems[0].message


@pytest.mark.parametrize(
    "entry, line, field, message",
    [
        ("[tables]\nbad = 3\n", 8, "tables.bad", "is a number, not a table of url"),
        ("[tables.bad]\nurl = 5\n", 8, "tables.bad.url", "is a number, not text"),
        ('[tables.bad]\nurl = "https://e.org/x.csv"\n', 7, "tables.bad.file", "is missing"),
        (
            '[tables.bad]\nurl = "u"\nfile = "../x.csv"\npulled = "p"\nsha256 = "s"\n',
            9,
            "tables.bad.file",
            "'../x.csv': a pinned copy is a file of the game's pinned/ folder",
        ),
    ],
    ids=["not a table", "not text", "missing", "not a pinned file"],
)
def test_a_broken_pin_is_an_error_at_its_key_and_the_other_pins_are_read(
    tmp_path, entry, line, field, message
):
    pins, problems = pins_of(tmp_path, GOOD + "\n" + entry)
    assert pins == ["deck"]
    assert [(p.file, p.line, p.field) for p in problems] == [("catalog/g/pinned.toml", line, field)]
    assert problems[0].message.startswith(message)


def test_a_pull_time_written_as_a_toml_date_is_read_as_its_text(tmp_path):
    folder = tmp_path / "catalog" / "g"
    folder.mkdir(parents=True)
    (folder / "pinned.toml").write_text(
        GOOD.replace('"2026-03-01T09:30:00+00:00"', "2026-03-01T09:30:00Z")
    )
    pins, problems = read_pins(folder, tmp_path)
    assert problems == []
    assert pins["deck"].pulled == "2026-03-01T09:30:00+00:00"
