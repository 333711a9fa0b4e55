"""The layout language reference is generated from the code's registry, and the JSON
Schemas from the models that validate the files: neither can drift from the code."""

from __future__ import annotations

import json
import tomllib
from typing import get_args

from conftest import ROOT

from cardstock.cli.docpage import PAGE, commands_markdown
from cardstock.docs import DOC_PATH, REFERENCE_PATH, catalog_reference_markdown, layouts_markdown
from cardstock.layout.language.reference import BOX_KEYS, BOX_TYPES, LAYOUT_KEYS
from cardstock.layout.language.schema import BoxSpec, BoxType, LayoutSpec


def test_every_key_and_box_type_of_the_layout_models_is_documented():
    assert set(BOX_KEYS) == set(BoxSpec.model_fields)
    assert set(LAYOUT_KEYS) == set(LayoutSpec.model_fields)
    assert set(BOX_TYPES) == set(get_args(BoxType))
    for name, key in BOX_KEYS.items():
        assert set(key.types) <= set(BOX_TYPES), name


def test_docs_layouts_md_is_what_the_registry_generates():
    assert DOC_PATH == ROOT / "docs" / "layouts.md"
    assert DOC_PATH.read_text(encoding="utf-8") == layouts_markdown(), (
        "run: python -m cardstock.docs"
    )
    text = DOC_PATH.read_text(encoding="utf-8")
    assert "| `fit` | cover, contain, stretch |" in text


def test_docs_catalog_reference_md_is_what_the_models_generate():
    assert REFERENCE_PATH == ROOT / "docs" / "catalog-reference.md"
    assert REFERENCE_PATH.read_text(encoding="utf-8") == catalog_reference_markdown(), (
        "run: python -m cardstock.docs"
    )


def test_docs_commands_md_is_what_the_parser_generates():
    assert PAGE == ROOT / "docs" / "commands.md"
    assert PAGE.read_text(encoding="utf-8") == commands_markdown(), (
        "run: python -m cardstock.cli.docpage"
    )


def test_the_schema_command_prints_json_schemas_the_shipped_files_satisfy(cli):
    game = cli("schema", "game")
    assert game.code == 0
    schema = json.loads(game.out)
    assert schema["$schema"].endswith("2020-12/schema")
    assert schema["additionalProperties"] is False
    data = tomllib.loads((ROOT / "catalog" / "atmosfear" / "game.toml").read_text())
    assert set(data) <= set(schema["properties"])
    assert {"columns", "extra_columns", "double_sided"} <= set(
        schema["$defs"]["ComponentSet"]["properties"]
    )

    faces = json.loads(cli("schema", "faces").out)
    box = faces["$defs"]["BoxSpec"]["properties"]
    assert set(box) == set(BOX_KEYS)
    shipped = tomllib.loads((ROOT / "layouts" / "default.toml").read_text())
    used = {
        k for lay in shipped["layouts"].values() for b in lay.get("boxes", {}).values() for k in b
    }
    assert used <= set(box)


def test_the_from_scratch_walk_through_builds_as_written(cli, tmp_path):
    """docs/layouts-from-scratch.md's three files, copied as they are, build; the card shows
    what the page says it shows (the newline rule included)."""
    import re

    from pypdf import PdfReader

    page = (ROOT / "docs" / "layouts-from-scratch.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(toml|csv)\n(.*?)```", page, re.S)
    assert [kind for kind, _ in blocks] == ["toml", "csv", "toml"]
    for (_, text), name in zip(
        blocks,
        ("catalog/heroes/game.toml", "catalog/heroes/heroes.csv", "layouts/heroes/faces.toml"),
    ):
        assert f"`{name}`" in page
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    built = cli(
        "--root", str(tmp_path), "build", "--jobs", "1", "--paper", "letter", "--only", "pnp"
    )
    assert built.code == 0, built.err
    assert "warning" not in built.err
    text = (
        PdfReader(tmp_path / "output" / "heroes" / "heroes-pnp-letter.pdf").pages[0].extract_text()
    )
    assert "Ada" in text and "Brick" in text
    assert "Heroes answer when called." in text  # a newline in a template is a space
    assert "called.\nAlways." in text  # a trailing backslash keeps the break
    assert "Draw two cards.\nThen discard one." in text  # a cell's line break is a line break
