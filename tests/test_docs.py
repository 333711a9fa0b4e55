"""The layout language reference is generated from the code's registry, and the JSON
Schemas from the models that validate the files: neither can drift from the code."""

from __future__ import annotations

import json
import tomllib
from typing import get_args

from conftest import ROOT
from cardstock.docs import DOC_PATH, layouts_markdown
from cardstock.layout.reference import BOX_KEYS, BOX_TYPES, LAYOUT_KEYS
from cardstock.layout.layoutfile import BoxSpec, BoxType, LayoutSpec


def test_every_key_and_box_type_of_the_layout_models_is_documented():
    assert set(BOX_KEYS) == set(BoxSpec.model_fields)
    assert set(LAYOUT_KEYS) == set(LayoutSpec.model_fields)
    assert set(BOX_TYPES) == set(get_args(BoxType))
    for name, key in BOX_KEYS.items():
        assert set(key.types) <= set(BOX_TYPES), name


def test_docs_layouts_md_is_what_the_registry_generates():
    assert DOC_PATH == ROOT / "docs" / "layouts.md"
    assert DOC_PATH.read_text(encoding="utf-8") == layouts_markdown(), "run: python -m cardstock.docs"
    text = DOC_PATH.read_text(encoding="utf-8")
    assert "| `fit` | cover, contain, stretch |" in text


def test_the_schema_command_prints_json_schemas_the_shipped_files_satisfy(cli):
    game = cli("schema", "game")
    assert game.code == 0
    schema = json.loads(game.out)
    assert schema["$schema"].endswith("2020-12/schema")
    assert schema["additionalProperties"] is False
    data = tomllib.loads((ROOT / "catalog" / "atmosfear" / "game.toml").read_text())
    assert set(data) <= set(schema["properties"])
    assert {"columns", "extra_columns", "double_sided"} <= set(schema["$defs"]["ComponentSet"]["properties"])

    faces = json.loads(cli("schema", "faces").out)
    box = faces["$defs"]["BoxSpec"]["properties"]
    assert set(box) == set(BOX_KEYS)
    shipped = tomllib.loads((ROOT / "layouts" / "default.toml").read_text())
    used = {k for lay in shipped["layouts"].values() for b in lay.get("boxes", {}).values() for k in b}
    assert used <= set(box)
