"""A `--watch` rebuild loads the edited game again: the model each set's rows are validated
with is built once per process for the same declared fields (pydantic builds a validator
for every new model), and afresh when a declaration changes."""

from __future__ import annotations

from cardstock.catalog import load
from conftest import ROOT


def test_a_sets_row_model_is_built_once_for_the_same_fields_and_again_for_others() -> None:
    (first,), _ = load.load_games(ROOT, ["alpha-omega-tiles"])
    s = first.game.sets[0]
    fields = first.game.fields_of(s)
    model = load._row_model(f"Row_{s.id}", fields)
    (again,), _ = load.load_games(ROOT, ["alpha-omega-tiles"])
    assert load._row_model(f"Row_{s.id}", again.game.fields_of(again.game.sets[0])) is model
    name, spec = next(iter(fields.items()))
    other = {**fields, name: spec.model_copy(update={"required": not spec.required})}
    assert load._row_model(f"Row_{s.id}", other) is not model
    assert again.components == first.components
