"""The manifest's text is the text `json.dumps(..., indent=2, ensure_ascii=False)` makes of
its entries, whatever they hold: names in any script, quotes and control characters,
numbers, nulls, and entries of other shapes a manifest written elsewhere may hold."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardstock.site import manifest

SCALARS = st.one_of(st.text(), st.integers(), st.none(), st.booleans())
ANY = st.recursive(
    st.one_of(SCALARS, st.floats(allow_nan=False)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(), inner, max_size=3)
    ),
    max_leaves=6,
)
ENTRIES = st.lists(st.dictionaries(st.text(max_size=8), SCALARS, max_size=8), max_size=6)


def saved(tmp: Path, rows: list[dict[str, Any]]) -> str:
    out = tmp / "out"
    out.mkdir(exist_ok=True)
    manifest._save(out, {f"{n:04}": row for n, row in enumerate(rows)})
    return (out / manifest.MANIFEST).read_text(encoding="utf-8")


def expected(rows: list[dict[str, Any]]) -> str:
    return json.dumps({"artifacts": rows}, indent=2, ensure_ascii=False) + "\n"


@settings(max_examples=200, deadline=None)
@given(ENTRIES)
def test_entries_of_strings_numbers_and_nulls_are_written_as_json_writes_them(
    tmp_path_factory: Any, rows: list[dict[str, Any]]
) -> None:
    assert saved(tmp_path_factory.mktemp("m"), rows) == expected(rows)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.dictionaries(st.text(max_size=4), ANY, max_size=4), max_size=4))
def test_entries_of_any_other_shape_are_written_as_json_writes_them(
    tmp_path_factory: Any, rows: list[dict[str, Any]]
) -> None:
    assert saved(tmp_path_factory.mktemp("m"), rows) == expected(rows)


def test_an_artifacts_entry_is_written_a_line_a_key(tmp_path: Path) -> None:
    row = {"path": 'a/"é"\n.svg', "game": None, "kind": "svg", "pages": 3, "bytes": 0}
    assert saved(tmp_path, [row, row]) == expected([row, row])
    assert saved(tmp_path, [row]).splitlines()[3] == '      "path": "a/\\"é\\"\\n.svg",'
