"""No text of a project may hold a character XML cannot (`core.files.CONTROL`): a control
character other than tab and line feed, U+FFFE, U+FFFF. A table's cell holding one is
refused at its line and column; a TOML file whose key or string holds one (TOML writes it
`\\u0000`) is refused at the key's line, before any SVG, HTML or EPUB is made from it."""

from __future__ import annotations

from pathlib import Path

from cardstock.core.tomlpos import read_toml

GAME = """id = "port"
title = "{title}"
version = "1.0"
players = {{ min = 1, max = 2 }}

[backs.deck]
title = "Port"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Cards"
back = "deck"
table = "cards.csv"
fields = {{ text = {{ type = "text" }} }}
"""


def project(root: Path, title: str, table: str) -> Path:
    folder = root / "catalog" / "port"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(GAME.format(title=title), encoding="utf-8")
    (folder / "cards.csv").write_text(table, encoding="utf-8")
    return root


def read(tmp_path: Path, text: str, newline: str = "\n"):
    path = tmp_path / "file.toml"
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    return read_toml(path, "file.toml", tmp_path)


def test_a_game_title_written_with_a_nul_escape_is_refused_at_its_line(cli, tmp_path):
    root = project(tmp_path, "De\\u0000ck", "name,text\nBlaze,Burn\n")
    result = cli("--root", str(root), "check", "port")
    assert result.code == 2
    assert (
        "catalog/port/game.toml:2: title: the value 'De\\x00ck' holds a NUL byte, which cannot be "
        "printed" in result.err
    )


def test_strings_and_keys_holding_what_xml_cannot_are_refused_with_their_place(tmp_path):
    found, problem = read(tmp_path, 'a = 1\n[t]\nlist = ["ok", "x\\u0008"]\n')
    assert found is None
    assert (problem.line, problem.field) == (3, "t.list[1]")
    assert "the control character U+0008" in problem.message
    found, problem = read(tmp_path, 'a = 1\n"k\\uFFFE" = 2\n')
    assert (problem.line, problem.field) == (2, "k\ufffe")
    assert problem.message.startswith("the key 'k\\ufffe' holds the character U+FFFE")
    found, problem = read(tmp_path, 'sub = "\\u001b[2J"\n')
    assert "U+001B" in problem.message


def test_line_breaks_and_tabs_are_read_and_an_escaped_carriage_return_is_refused(tmp_path):
    text = 'a = """one\ntwo"""\nb = "tab\\there"\nc = \'\'\'x\ny\'\'\'\n'
    found, problem = read(tmp_path, text, newline="\r\n")  # CRLF read as line feeds
    assert problem is None
    assert found[0] == {"a": "one\ntwo", "b": "tab\there", "c": "x\ny"}
    found, problem = read(tmp_path, 'a = "one"\nb = "two\\r\\n"\n')
    assert (found, problem.line, problem.field) == (None, 2, "b")


def test_a_table_cell_holding_a_noncharacter_is_refused_as_a_control_character_is(cli, tmp_path):
    root = project(tmp_path, "Port", "name,text\nBlaze,Burn\ufffe\n")
    result = cli("--root", str(root), "check", "port")
    assert result.code == 2
    assert "catalog/port/cards.csv:2: text: the cell holds the character U+FFFE" in result.err
