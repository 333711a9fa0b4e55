"""Backs chosen by the data a designer already keeps: a set names the column whose values
choose each row's back (`back_column`), matched ignoring case, spaces and hyphens, or maps
values to backs (`back_values`); one header mapped to two fields is refused with both
names; and many rows with the same problem are one message."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

GAME = """id = "engines"
title = "Engines"
version = "1.0"
players = { min = 2, max = 4 }

[backs.starting-player]
title = "First"
color = "#1e8449"

[backs.midgame]
title = "Middle"
color = "#2e4053"

[backs.endgame]
title = "Last"
color = "#922b21"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Cards"
table = "cards.csv"
fields = { type = { type = "str" }, text = { type = "text" } }
"""

ROWS = [
    "Type,Name,Text",
    "Starting Player,Opening,Go first.",
    "midgame,Boiler,Make steam.",
    " MIDGAME ,Piston,Push.",
    "EndGame,Finale,Score.",
    "starting-player,Whistle,Blow.",
]


def project(root: Path, game: str = GAME, rows: list[str] = ROWS, extra: str = "") -> Path:
    folder = root / "catalog" / "engines"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(game + extra, encoding="utf-8")
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return root


def components(cli, root: Path) -> dict[str, dict]:
    result = cli("--root", str(root), "catalog", "engines", "--json")
    assert result.code == 0, result.err
    return {c["id"]: c for c in json.loads(result.out)["components"]}


def test_one_line_in_the_game_file_lets_a_type_column_of_mixed_case_words_choose_the_backs(
    cli, tmp_path
):
    root = project(tmp_path, extra='back_column = "Type"\n')
    found = components(cli, root)
    assert {k: c["back"] for k, c in found.items()} == {
        "opening": "starting-player",
        "boiler": "midgame",
        "piston": "midgame",
        "finale": "endgame",
        "whistle": "starting-player",
    }
    assert found["piston"]["fields"]["type"] == "MIDGAME"  # the column still fills its field
    built = cli(
        "--root", str(root), "build", "engines", "--jobs", "1", "--paper", "letter", "--only", "pnp"
    )
    assert built.code == 0, built.err
    pdf = PdfReader(root / "output" / "engines" / "engines-pnp-letter.pdf")
    backs = " ".join(page.extract_text() for page in pdf.pages[1::2])
    assert "First" in backs and "Middle" in backs and "Last" in backs


def test_a_column_no_field_reads_can_choose_the_backs_and_is_not_an_unknown_column(cli, tmp_path):
    rows = [r.replace("Type,", "Deck,", 1) if i == 0 else r for i, r in enumerate(ROWS)]
    root = project(
        tmp_path, GAME.replace('type = { type = "str" }, ', ""), rows, 'back_column = "deck"\n'
    )
    assert components(cli, root)["finale"]["back"] == "endgame"


def test_values_that_are_not_a_backs_id_are_mapped_with_back_values(cli, tmp_path):
    rows = ROWS + ["Engine,Turbine,Spin."]
    root = project(
        tmp_path,
        rows=rows,
        extra='back_column = "Type"\nback_values = { "engine" = "midgame", "Starting Player" = '
        '"endgame" }\n',
    )
    found = components(cli, root)
    assert found["turbine"]["back"] == "midgame"  # the map's keys match loosely too
    assert found["opening"]["back"] == "endgame"  # the map comes before the backs' own ids


def test_inline_rows_choose_their_backs_the_same_way(cli, tmp_path):
    game = GAME.replace(
        'table = "cards.csv"',
        'back_column = "kind of card"\nrows = [\n'
        '  { name = "One", "Kind of Card" = "Mid Game" },\n  { name = "Two", "kind of card" = "END '
        'game" },\n]',
    )
    root = project(tmp_path, game)
    found = components(cli, root)
    assert (found["one"]["back"], found["two"]["back"]) == ("midgame", "endgame")


def test_a_back_column_of_exact_ids_still_works_and_now_matches_loosely(cli, tmp_path):
    rows = ["Name,Back", "One,Starting Player", "Two,midgame"]
    root = project(
        tmp_path,
        GAME.replace('type = { type = "str" }, ', "").replace(
            'kind = "card"', 'kind = "card"\nback = "endgame"'
        ),
        rows,
    )
    found = components(cli, root)
    assert (found["one"]["back"], found["two"]["back"]) == ("starting-player", "midgame")


def test_one_header_mapped_to_back_and_to_a_field_is_refused_naming_both(cli, tmp_path):
    root = project(tmp_path, extra='columns = { back = "Type", type = "Type" }\n')
    result = cli("--root", str(root), "catalog", "engines")
    assert result.code == 2
    line = next(s for s in result.err.splitlines() if "mapped to both" in s)
    assert line.startswith("catalog/engines/game.toml:")
    assert "the header 'Type' is mapped to both 'back' and 'type'" in line
    assert "back_column = 'Type'" in line  # and says how to have both


def test_two_fields_mapped_to_one_header_are_refused_too(cli, tmp_path):
    root = project(
        tmp_path,
        GAME.replace("fields = { type", 'fields = { kind2 = { type = "str" }, type'),
        extra='columns = { kind2 = "text", text = "Text" }\n',
    )
    result = cli("--root", str(root), "catalog", "engines")
    assert result.code == 2
    assert "the header 'Text' is mapped to both 'kind2' and 'text'" in result.err


def test_rows_whose_problems_differ_only_in_their_value_are_one_message(cli, tmp_path):
    rows = ["Type,Name,Text"] + [
        f"{word},Card {n},x" for n, word in enumerate(["Engine", "Boiler", "Engine"] * 22)
    ]
    root = project(tmp_path, rows=rows, extra='back_column = "Type"\n')
    result = cli("--root", str(root), "catalog", "engines")
    assert result.code == 2
    lines = [s for s in result.err.splitlines() if "unknown back" in s]
    assert len(lines) == 1, result.err
    assert lines[0].startswith(
        "catalog/engines/cards.csv:2: back: 66 rows (lines 2–67; e.g. 'Engine', 'Boiler'): unknown "
        "back …; the game declares: endgame, midgame, starting-player"
    )
    assert "the column 'Type'" in lines[0]  # what every row shares stays as it is


def test_two_rows_with_a_problem_are_still_two_messages(cli, tmp_path):
    rows = ["Type,Name,Text", "Engine,A,x", "Boiler,B,x", "midgame,C,x"]
    root = project(tmp_path, rows=rows, extra='back_column = "Type"\n')
    result = cli("--root", str(root), "catalog", "engines")
    assert [s.split(":")[1] for s in result.err.splitlines() if "unknown back" in s] == ["2", "3"]


def test_a_back_column_missing_from_the_header_is_one_message_at_the_header(cli, tmp_path):
    root = project(tmp_path, extra='back_column = "Deck"\n')
    result = cli("--root", str(root), "catalog", "engines")
    assert result.code == 2
    assert (
        "catalog/engines/cards.csv:1: back: the set chooses backs by the column 'Deck' "
        "(back_column), which the header does not have" in result.err
    )


def test_a_back_values_entry_naming_no_back_is_refused_at_its_line(cli, tmp_path):
    root = project(
        tmp_path, extra='back_column = "Type"\nback_values = { engine = "boiler-room" }\n'
    )
    result = cli("--root", str(root), "catalog", "engines")
    assert result.code == 2
    assert "sets[0].back_values: unknown back 'boiler-room'" in result.err


def test_the_catalog_command_shows_how_backs_are_chosen(cli, tmp_path):
    root = project(tmp_path, extra='back_column = "Type"\nback_values = { engine = "midgame" }\n')
    out = cli("--root", str(root), "catalog", "engines").out
    assert "set 'cards': back chosen by the column 'Type'; 'engine' → back 'midgame'" in out
