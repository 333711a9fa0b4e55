"""A model default made without validation (`core.validation.constructed`) is the very
value validating an empty mapping gives: a validator added later to one of these models,
one that changes a default, makes this fail instead of leaving the two apart."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from cardstock.catalog.schema import Clean, PrintSettings
from cardstock.core.validation import constructed
from cardstock.impose.sheets import FooterSpec, GridSpec, GutterfoldSpec, MarksSpec, PackSpec
from cardstock.rules.filters import Filter
from cardstock.rules.mutation.settings import MutateRules

MODELS: list[type[BaseModel]] = [
    PrintSettings,
    Clean,
    MutateRules,
    Filter,
    GridSpec,
    PackSpec,
    MarksSpec,
    FooterSpec,
    GutterfoldSpec,
]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_a_constructed_default_equals_the_validated_one(model: type[BaseModel]) -> None:
    made = constructed(model)()
    assert made == model.model_validate({})
    assert made.model_dump() == model.model_validate({}).model_dump()
