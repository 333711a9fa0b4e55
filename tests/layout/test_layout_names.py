"""A layout's name is a plain name: `cardstock drawing` writes the layout as `<name>.svg`
beside the game's faces.toml, so a name that is a path, or a hidden file's name, is bad
input where the layout file names it."""

from __future__ import annotations

import pytest

from cardstock.layout.language.load import load_layouts


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("../../outside/evil", "may not hold '/' or '\\'"),
        ("sub/card", "may not hold '/' or '\\'"),
        ("sub\\card", "may not hold '/' or '\\'"),
        ("..", "names a folder"),
        (".hidden", "may not start with '.'"),
        ("..card", "may not start with '.'"),
    ],
)
def test_a_layout_named_with_a_path_is_refused_where_it_is_named(tmp_path, name, words):
    faces = tmp_path / "layouts" / "demo" / "faces.toml"
    faces.parent.mkdir(parents=True)
    quoted = name.replace("\\", "\\\\")
    faces.write_text(
        f'[layouts.my_Cards-2]\nextends = "card"\n[layouts."{quoted}"]\nextends = "card"\n',
        encoding="utf-8",
    )
    issues = load_layouts(tmp_path, "demo").issues  # my_Cards-2 is a name: no issue
    assert [(i.file, i.line, i.field) for i in issues] == [
        ("layouts/demo/faces.toml", 3, f"layouts.{name}")
    ], [i.render() for i in issues]
    assert issues[0].message.startswith("not a layout's name: ") and words in issues[0].message
