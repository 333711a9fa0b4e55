"""Loading a catalog: TOML + CSV (or XLSX) become validated components with counts, groups
and typed fields, printed back in the documented JSON shape."""

from __future__ import annotations

import json

import openpyxl
import pytest
from conftest import load_games
from pydantic import ValidationError

from cardstock.catalog.fields import FieldSpec, row_model
from cardstock.catalog.schema import Game, Players, PrintSettings


def test_the_fixture_game_loads_with_typed_fields(mini):
    catalogs, issues = load_games(mini.root)
    assert not issues
    (cat,) = catalogs
    blaze = next(c for c in cat.components if c.id == "blaze")
    assert blaze.fields["strength"] == 7
    assert blaze.fields["bonus"] is True
    assert blaze.fields["art"] == "art/blaze.svg"
    assert blaze.group == "Deck: Fire"
    assert blaze.back == "deck"
    assert blaze.size == "poker"
    assert blaze.designer_choice == ["text"]
    assert (blaze.file, blaze.line) == ("catalog/mini/cards.csv", 3)
    spring = next(c for c in cat.components if c.id == "spring")
    assert spring.fields["bonus"] is False  # the field's default for a blank cell
    assert spring.fields["art"] is None


def test_catalog_json_has_the_documented_shape(mini, cli):
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert list(data)[:5] == ["id", "title", "version", "players", "description"]
    assert data["players"] == {"min": 1, "max": 3}
    assert {"components", "totals", "designer_choices", "tables", "print"} <= set(data)
    first = data["components"][0]
    assert list(first) == [
        "id",
        "name",
        "kind",
        "group",
        "count",
        "fields",
        "set",
        "back",
        "size",
        "designer_choice",
    ]
    assert data["totals"] == {
        "all": 17,
        "by_kind": {"card": 6, "token": 10, "die": 1},
        "by_group": {"Deck: Fire": 3, "Deck: Water": 3, "Tokens": 10, "Dice": 1},
    }
    die = next(c for c in data["components"] if c["id"] == "d6")
    assert die["fields"]["faces"] == ["1", "2", "3", "4", "5", "6"]
    assert die["size"] == "16mm x 16mm"  # a die's default size comes from the kind registry


def test_a_row_without_an_id_is_named_from_its_name(mini):
    mini.replace("cards.csv", "flood,Flood,1", ",Great Flood!,1")
    (cat,), issues = load_games(mini.root)
    assert not issues
    assert "great-flood" in [c.id for c in cat.components]


def test_an_xlsx_workbook_is_read_like_a_csv_sheet_by_sheet(mini):
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.active.append(["this sheet is not used"])
    sheet = book.create_sheet("Cards")
    rows = [
        line.split(",")
        for line in [
            "id,name,count,suit,strength",
            "ember,Ember,2,Fire,3",
            "spring,Spring,x,Water,2",
        ]
    ]
    for row in rows:
        sheet.append([int(c) if c.isdigit() else c for c in row])
    book.save(mini.path("cards.xlsx"))
    mini.replace("game.toml", 'table = "cards.csv"', 'table = "cards.xlsx"\nsheet = "Cards"')
    catalogs, issues = load_games(mini.root)
    assert [i.render() for i in issues] == [
        "catalog/mini/cards.xlsx[Cards]:3: count: expected a whole number, got 'x'"
    ]
    mini.replace("game.toml", 'sheet = "Cards"', 'sheet = "Kards"')
    catalogs, issues = load_games(mini.root)
    assert [i.render() for i in issues] == [
        "catalog/mini/cards.xlsx: sheet: no sheet named 'Kards'; the workbook has 'Notes', 'Cards'"
    ]


def test_models_forbid_unknown_keys():
    with pytest.raises(ValidationError):
        Players(min=1, max=2, maximum=3)
    with pytest.raises(ValidationError):
        PrintSettings(card_size="poker", colour="red")
    with pytest.raises(ValidationError):
        FieldSpec(type="int", minimum=3)


def test_print_settings_validate_sizes_lengths_and_papers():
    assert PrintSettings(card_size="63mm x 88mm", bleed="0.125in").bleed == "0.125in"
    for bad in ({"card_size": "enormous"}, {"bleed": "3"}, {"papers": ["legal"]}):
        with pytest.raises(ValidationError):
            PrintSettings(**bad)


def test_a_set_takes_its_rows_from_exactly_one_place():
    base = {"id": "g", "title": "G", "version": "1.0", "players": {"min": 1, "max": 2}}
    both = {"id": "s", "name": "S", "kind": "token", "group": "T", "table": "t.csv", "rows": []}
    with pytest.raises(ValidationError, match="exactly one of 'table'"):
        Game.model_validate({**base, "sets": [both]})
    with pytest.raises(ValidationError, match="at least 1"):
        Game.model_validate({**base, "sets": []})


@pytest.mark.parametrize(
    "spec, cell, value",
    [
        ({"type": "int"}, "7", 7),
        ({"type": "number"}, "2.5", 2.5),
        ({"type": "bool"}, "yes", True),
        ({"type": "icons"}, "fire, cloud water", ["fire", "cloud", "water"]),
        ({"type": "list"}, "1 | 2|3", ["1", "2", "3"]),
        ({"type": "color"}, "#A83232", "#A83232"),
        ({"type": "length"}, "3mm", "3mm"),
        ({"type": "choice", "choices": ["a", "b"]}, "b", "b"),
        ({"type": "int"}, "", None),
        ({"type": "int", "default": 4}, "", 4),
    ],
)
def test_each_field_type_reads_a_spreadsheet_cell(spec, cell, value):
    model = row_model("Row", {"f": FieldSpec(**spec)})
    assert model.model_validate({"name": "n", "count": "1", "f": cell}).model_dump()["f"] == value


@pytest.mark.parametrize(
    "spec, cell",
    [
        ({"type": "color"}, "reddish"),  # "red" is a CSS colour name
        ({"type": "length"}, "3 parsecs"),
        ({"type": "str"}, "two\nlines"),
        ({"type": "icon"}, "Fire!"),
    ],
)
def test_each_field_type_refuses_a_bad_cell(spec, cell):
    model = row_model("Row", {"f": FieldSpec(**spec)})
    with pytest.raises(ValidationError):
        model.model_validate({"name": "n", "count": "1", "f": cell})


def test_a_catalog_finds_each_set_by_its_id_after_its_sets_change(mini):
    (cat,) = load_games(mini.root)[0]
    first = cat.game.sets[0]
    assert cat.set(first.id) is first
    other = first.model_copy(update={"id": "extra"})
    cat.game.sets.append(other)  # the same list grown: looked up anew
    assert cat.set("extra") is other
    cat.game = cat.game.model_copy(update={"sets": [other]})  # another list
    assert cat.set("extra") is other
    with pytest.raises(StopIteration):
        cat.set(first.id)
